"""The German issue page and its SVG map: orders, religious actions without amounts, confessions, arrows."""

from __future__ import annotations

import re

from adjudicator.rulesets.diplomacy import RULESET

from .dk_game import KEY, PLAYERS, funded_game, play


def test_issue_page_in_german_with_religious_warfare_but_no_amounts_and_no_actors():
    s = funded_game()
    r = play(s, {"oesterreich": ["Ungehorsam A Kar 3 RP", "A Pra - Kar"], "pfalz": ["Kirchenbau A Kar 2 RP"],
                 "sachsen": ["F Tor - FAnh - EbMa"]})
    page = RULESET.newsletter(r.state, r.report, PLAYERS)
    assert page.startswith("## Frühling 1618: Züge")
    assert "### Religiöse Kriegsführung" in page
    # section 8: the accounts are hidden, so neither what was paid nor who paid is published (issue 15)
    assert "- `A Kar` (Böhmische Rebellen): Kirchenbau, Ungehorsam stiften — Gleichstand: nichts geschieht." in page
    assert "power" not in str(r.report["religious_warfare"])
    assert "`F Tor - FAnh - EbMa` — zieht nach Erzbistum Magdeburg" in page
    assert "| Österreich | Oesterreich | katholisch | 4 | 4 |" in page
    assert not re.search(r"\d+ RP", page)  # the hidden accounts and payments stay private
    assert "Böhmische Rebellen (neutral)" in page


def test_svg_map_has_shapes_rivers_units_confessions_and_move_arrows():
    s = funded_game()
    r = play(s, {"sachsen": ["F Tor - FAnh - EbMa", "A Lei - Erf"], "oesterreich": ["A Pra - Kar"]})
    page = RULESET.newsletter(r.state, r.report, PLAYERS)
    svg = page[page.index("<svg"):page.index("</svg>")]
    assert svg.count("<path d=\"M") >= 109  # one shape per province
    assert svg.count('class="tp-river"') == 7  # the seven rivers with their names and flow
    assert ">Elbe</text>" in svg
    assert svg.count('class="tp-move') == 4  # a double move in two legs and two moves
    assert svg.count('class="tp-move tp-failed"') == 1  # A Pra - Kar bounces
    assert "Sachsen: protestantisch" in svg and "Österreich: katholisch" in svg
    assert "Die Karte als Text" in page and "<li>Österreich: Einheiten A EbSa, F Lin" in page


def test_order_sheet_shows_confession_points_and_neutral_units():
    sheet = RULESET.template(funded_game(), KEY["pfalz"])
    assert "# Konfession: protestantisch." in sheet
    assert "# Religionspunkte: 5 RP" in sheet
    assert "A Kar (Böhmische Rebellen, protestantisch)" in sheet
    assert "- A Hei hält  # kann ziehen nach:" in sheet


def test_the_issue_page_is_the_shared_one_in_german_not_a_copy():
    """Issue 31: the 30JK page was a German copy of the standard page. The variant now gives the shared page its
    words (and its own sections); every line the shared page writes has a German word, or is one the German pages
    never wrote (None: the pages already published render again as they were)."""
    from dataclasses import fields

    from adjudicator.rulesets.diplomacy import look as presentation
    from adjudicator.rulesets.diplomacy.tables import load_map, shipped
    from adjudicator.rulesets.diplomacy.variants import dreissigjaehriger_krieg as variant

    assert not hasattr(variant, "newsletter")  # no page of its own
    look = presentation.presentation_for(load_map("dreissigjaehriger-krieg", shipped()))
    assert isinstance(look, presentation.Look) and look is variant.PRESENTATION
    english, german = presentation.ENGLISH, look.words
    same = {f.name for f in fields(english) if getattr(english, f.name) == getattr(german, f.name)}
    assert same == {"neutral"}  # the one word both languages write alike
    assert german.waived is german.skipped is german.draw_proposals is german.next_due is None
    s = funded_game()
    r = play(s, {"oesterreich": ["A Pra - Kar"]})
    page = RULESET.newsletter(r.state, r.report, PLAYERS)
    for english_line in ("### Orders", "### Supply centres", "### Map", "Next:", "The map as text", "(fails)"):
        assert english_line not in page


def test_the_german_page_says_waived_builds_skipped_phases_proposals_and_who_is_due():
    """Issue 31 (a German game speaks German): the English page says the builds waived, the phases skipped for want
    of anything to do, the draw proposals and whose orders are due next; the 30JK page said none of them. A new game
    says them in German (its pinned messages file has them); a game pinned before keeps its pages as published."""
    import re

    from adjudicator.kit import gamedata

    s = funded_game()
    r = play(s, {"oesterreich": ["A Pra - Kar"]})
    report = {**r.report, "waived": {"bayern": 1}, "skipped": ["Herbst 1619: Auf- und Abbau"],
              "draw_proposals": ["sachsen"]}
    page = RULESET.newsletter(r.state, report, PLAYERS)
    assert "Verzicht auf Aufbauten: Bayern 1.\n" in page, page
    assert "Ohne Befehle übersprungen, weil niemand etwas zu tun hatte: Herbst 1619: Auf- und Abbau.\n" in page
    assert "Remis vorgeschlagen von: Sachsen.\n" in page
    due = re.search(r"^Als Nächstes: \*\*.+\*\* — Befehle erwartet von (.+)\.$", page, re.M)
    assert due and "Bayern" in due[1], page
    path = "variants/dreissigjaehriger_krieg/data/messages.yaml"
    since = b"\n# ----- die Zeilen der Ausgabe, die Seiten vor"  # the lines added after the file
    old = gamedata.packaged("adjudicator.rulesets.diplomacy", path).split(since)[0]
    pinned = gamedata.GameData("adjudicator.rulesets.diplomacy", {path: old})
    published = RULESET.with_data(pinned).newsletter(r.state, report, PLAYERS)
    assert "Verzicht" not in published and "übersprungen" not in published and "Remis vorgeschlagen" not in published
    assert re.search(r"^Als Nächstes: \*\*.+\*\*\.$", published, re.M), published
