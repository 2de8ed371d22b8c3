"""A headline per issue, written by the ruleset from what happened, in the game's language (issue: the newsletter
readers want, "A headline per issue"). Each ruleset's hook on turns of its demo game whose news is known."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.league import store
from adjudicator.newsletter import pages

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def demo() -> dict[str, pages.GameView]:
    return {g: pages.GameView.read(REPO, f"demo-{g}") for g in
            ("auf-achse", "bretton-woods", "calamity", "policy-maker")}


def test_auf_achse_headline_names_the_auction_deliveries_the_construction_site_and_the_winner(demo):
    """Amtsblatt words: who won which order at what price (Versteigerung), the richest delivery, where the
    Baustelle went and whose bids put it there, trailers bought, as many as fit in a line; at the end who won."""
    h = demo["auf-achse"].headlines
    assert h[1] == "Rheinfracht ersteigert Auftrag 5 für 4810 kj und 3 weitere Zuschläge"
    assert h[4] == ("Bayerische Fuhre liefert Auftrag 2 ab (+8200 kj) · Baustelle auf S-WUE.3 (Stuttgart–Würzburg), "
                    "gesetzt von Ruhrpott-Rudi, Elbe-Logistik und Rheinfracht (170 kj)")
    assert h[7].endswith("· Rheinfracht ersteigert Auftrag 32 für 2860 kj"), "what fits in the line is added"
    assert h[5].endswith("Spedition Süd kauft einen Anhänger")
    assert h[8].startswith("Ruhrpott-Rudi liefert Auftrag 18 ab (+7100 kj) und eine weitere Lieferung")
    assert h[11] == "Gewonnen von Bayerische Fuhre", \
        "the last issue is headed by the result, worded as on every page (issue 29)"


def test_bretton_woods_headline_names_wars_departures_and_newcomers(demo):
    """The year's news in the issue's German: an attack with its hits and losses, a country leaving, a country
    new in the game; a quiet year says how the world's quality of life moved."""
    h = demo["bretton-woods"].headlines
    assert h[5] == "Freedonia greift Danubia an: 10 Treffer (Verluste B −5, I −5)"
    assert h[7] == "Carpania ist aus dem Spiel ausgestiegen"
    assert h[4] == "Ruritania ist neu im Spiel"
    assert h[2] == "Weltlebensqualität steigt auf 0,13 (Vorjahr 0,07)"


def test_calamity_headline_names_the_calamity_that_struck_and_who_paid(demo):
    """A calamity that struck names the marked policy types and each payment; one that spared everybody says so;
    a year's end gives the premiums; an insolvency (section 3) is named; the last issue names the winner."""
    h = demo["calamity"].headlines
    assert h[11] == "Calamity D on field 14 strikes D1: Rupert Vance pays 80 GE, Tomasz Wierzbicki pays 80 GE"
    assert h[31] == "Calamity A on field 43: the cell marks A2, which nobody holds; nobody pays"
    assert h[64] == "Calamity A on field 37: the cell marks no policy; nobody pays"
    assert h[34].startswith("Year 1 ends: premiums Harriet Lowe 40 GE, Rupert Vance 128 GE")
    assert "Rupert Vance cannot pay and sells all policies to the bank" in h[68]
    assert h[8].startswith("Harriet Lowe plays a 5 and moves the token to field 14 (Risiko D). Calamity in category D")
    assert h[73] == "Won by Priya Natarajan", "the last issue is headed by the result (issue 29)"


def test_policy_maker_headline_names_the_law_passed_and_the_phase_news(demo):
    """The Government's tax policy is a law it passes; a public initiative fulfilled and a market manipulated come
    before an investment; the drawing of cards is no news; the end names who won and why."""
    h = demo["policy-maker"].headlines
    assert h[1] == "The Government (Jonas Hartl) passes a tax law: Education 2 → 1. Costs now add up to 7."
    assert h[18].startswith("Margarethe Vogl fulfils the public initiative Vaccination Drive")
    assert h[19].endswith("Audit: the Government looks at the hand of Margarethe Vogl (12 cards).")
    assert not any(part.endswith("from the deck.") for t in h for part in h[t].split(" · "))
    assert h[37] == "Won by Jonas Hartl", "the last issue is headed by the result, worded as on every page (issue 29)"


def test_a_headline_is_in_every_issue_of_every_demo_game(demo):
    """Every issue after the set-up has a headline of its own ruleset (no chart-change fallback needed)."""
    for view in demo.values():
        assert all(view.headlines[t] for t in view.turns if t > 0), view.id


def test_a_hostile_name_in_a_headline_is_inert_in_the_page_the_listings_and_the_description(tmp_path):
    """Names in a headline are the players' to choose: the issue page shows them as text (HTML-escaped), and the
    game page, home page and turn list (Markdown) as text too, never as a link, an element or emphasis."""
    import shutil

    root = tmp_path / "league"
    shutil.copytree(REPO / "games" / "demo-auf-achse", root / "games" / "demo-auf-achse")
    shutil.copy(REPO / "mkdocs.yml", root / "mkdocs.yml")
    hostile = '<img src=x onerror=alert(1)> [x](javascript:alert(1)) *Kaffee* | `c`'
    for t in store.load_game(root, "demo-auf-achse").turns():
        path = root / "games" / "demo-auf-achse" / "turns" / f"{t:04d}" / "state.yaml"
        path.write_text(path.read_text(encoding="utf-8").replace("Rheinfracht", hostile), encoding="utf-8")
    view = pages.GameView.read(root, "demo-auf-achse")
    assert view.headlines[1].startswith(hostile)
    files = pages.game_pages(view)
    issue = files["site/news/demo-auf-achse/0001.md"]
    assert "<img src=x" not in issue and "&lt;img src=x onerror=alert(1)&gt;" in issue
    overview = files["site/games/demo-auf-achse/index.md"]
    home = pages.home([view])
    for text in (overview, home):
        assert "<img src=x" not in text and "[x](javascript" not in text and "*Kaffee*" not in text
        assert "&#60;img src=x onerror=alert(1)&#62; &#91;x&#93;(javascript:alert(1)) &#42;Kaffee&#42;" in text


def test_calamity_marks_who_is_out_as_the_rules_say(tmp_path):
    """Calamity section (3): a player who cannot meet a claim sells every policy, pays what is possible and plays
    on, so nobody is out for money: such a player is marked insolvent and still in the game, in the standings and
    the issue; a player who left the game (``left`` in game.yaml) is marked out of the game."""
    import shutil

    from adjudicator import yamlio

    root = tmp_path / "league"
    shutil.copytree(REPO / "games" / "demo-calamity", root / "games" / "demo-calamity")
    last = root / "games" / "demo-calamity" / "turns" / "0073" / "state.yaml"
    state = yamlio.load_trusted(last.read_text(encoding="utf-8"))
    state["players"]["rvance"].update(cash=0, policies=[], insolvencies=1)
    last.write_text(yamlio.dump(state), encoding="utf-8")
    config = root / "games" / "demo-calamity" / "game.yaml"
    config.write_text(config.read_text(encoding="utf-8").replace("login: hlowe\n", "login: hlowe\n  left: 70\n"),
                      encoding="utf-8")
    view = pages.GameView.read(root, "demo-calamity")
    rows = {r["name"]: r for r in view.standings()}
    assert rows["Rupert Vance"]["status"] == "insolvent 1× (sold all policies; plays on, section 3)"
    assert rows["Rupert Vance"]["GE"] == 0, "no GE and no policy, and still in the game"
    assert rows["Harriet Lowe"]["status"] == "out of the game"
    assert rows["Priya Natarajan"]["status"] == "in the game"
    assert view.out_of_game() == {"hlowe"}
    page = pages.standings_page(view)
    assert page.count(">Status</th>") == 1, "one status column, the ruleset's"
    assert "<td data-label=\"Status\">insolvent 1× (sold all policies; plays on, section 3)</td>" in page
    assert "- **Out of the game:** Harriet Lowe" in pages.overview(view, False)
    issue = pages.game_pages(view)["site/news/demo-calamity/0073.md"]
    assert "| Rupert Vance (insolvent, plays on: section 3) | 0 |" in issue


def test_bretton_woods_marks_a_country_that_left_and_not_one_that_is_entvoelkert(tmp_path):
    """Eliminated and departed players marked: a country that left the game (7.2) is out, from the state; a
    country whose population fell to 0 stays in the game (house rule: it regrows), so it is not marked out."""
    import shutil

    from adjudicator import yamlio

    view = pages.GameView.read(REPO, "demo-bretton-woods")
    assert view.out_of_game() == {"cleo-m"}
    assert "- **Ausgeschieden:** Carpania" in pages.overview(view, False)
    root = tmp_path / "league"
    shutil.copytree(REPO / "games" / "demo-bretton-woods", root / "games" / "demo-bretton-woods")
    last = root / "games" / "demo-bretton-woods" / "turns" / "0007" / "state.yaml"
    state = yamlio.load_trusted(last.read_text(encoding="utf-8"))
    state["countries"]["dan-r"]["B"] = 0
    last.write_text(yamlio.dump(state), encoding="utf-8")
    emptied = pages.GameView.read(root, "demo-bretton-woods")
    assert emptied.out_of_game() == {"cleo-m"}, "entvölkert is not out"
