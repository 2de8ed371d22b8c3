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
