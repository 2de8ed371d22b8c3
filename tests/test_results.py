"""Results announced right everywhere (issue 29, finding 2): a draw, a win, a concession, an end by the game master
are worded by one function (``newsletter.results.phrase``) and said alike on the issue (its headline, and so its feed
item), the game page, the home page and the standings; a German game says it in German."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.kit import outcome
from adjudicator.newsletter import pages, results

from .conftest import git, run
from .test_benevolent import POWERS, diplomacy_league

REPO = Path(__file__).resolve().parents[1]


def front_description(page: str) -> str:
    return next(line for line in page.splitlines() if line.startswith("description: "))


def test_a_draw_of_seven_proposals_is_announced_as_a_draw_never_as_a_win(tmp_path: Path, capsys):
    """Finding 2: seven powers propose a draw; the issue said draw, the home page and the game page 'Winner: ...'."""
    root = diplomacy_league(tmp_path / "league")
    for power in POWERS:
        path = root / f"orders/d1/0001/{power[:3]}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"game: d1\nturn: 1\nplayer: {power[:3]}\norders:\n  - Propose draw\n")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "seven proposals")
    assert run(root, "adjudicate", "d1", "--commit") == 0
    assert run(root, "site", "build", "--pages-only") == 0
    capsys.readouterr()
    drawn = "Drawn between Austria, England, France, Germany, Italy, Russia and Turkey"
    home = (root / "site/index.md").read_text()
    game = (root / "site/games/d1/index.md").read_text()
    standings = (root / "site/games/d1/standings.md").read_text()
    issue = (root / "site/news/d1/0001.md").read_text()
    for page in (home, game):
        assert f"- **Result:** {drawn}" in page
        assert "Winner" not in page
    assert f"**Result:** {drawn}" in standings
    assert front_description(issue) == f'description: "{drawn}"', "the feed item's description is the headline"
    assert f'<p class="tp-headline">{drawn}</p>' in issue


def test_the_policy_maker_demo_s_winner_heads_its_final_standings():
    """Finding 2: the Government won the demo, and the final standings listed the three Investys without it."""
    view = pages.GameView.read(REPO, "demo-policy-maker")
    lines = pages.at_a_glance(view, "index.md", "en")
    assert "- **Result:** Won by Jonas Hartl" in lines
    assert any(line.startswith("- **Final standings:** 1. Jonas Hartl; ") for line in lines), lines


def test_a_german_game_says_its_result_in_german():
    view = pages.GameView.read(REPO, "demo-auf-achse")
    assert "- **Ergebnis:** Gewonnen von Bayerische Fuhre" in pages.at_a_glance(view, "index.md", "de")
    assert "**Ergebnis:** Gewonnen von Bayerische Fuhre" in pages.standings_page(view)


@pytest.mark.parametrize(("result", "lang", "said"), [
    (outcome.Result("win", ("a", "b")), "en", "Won jointly by Ann and Bo"),
    (outcome.Result("win", ("a",), conceded_by=("b", "c")), "en", "Won by Ann: Bo and Cy conceded"),
    (outcome.Result("win", ("a",), conceded_by=("b",)), "de", "Gewonnen von Ann: Bo gab auf"),
    (outcome.Result("draw", ("a", "c"), by="gm"), "en", "Ended by the game master: drawn between Ann and Cy"),
    (outcome.Result("over", by="gm"), "de", "Von der Spielleitung beendet, ohne Sieger"),
    (outcome.Result("over"), "en", "Over: the rules name no winner"),
])
def test_one_wording_for_every_kind_of_end(result, lang, said):
    assert results.phrase(result, lang, {"a": "Ann", "b": "Bo", "c": "Cy"}) == said
