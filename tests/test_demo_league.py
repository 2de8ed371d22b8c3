"""The demo league committed in this repository (issue: the newsletter site, "The league in this repository is
the demo"; issue: the league engine, verify).

Every demo game must replay from its files exactly: a change to a ruleset that would rewrite published history
fails here. And every demo game's open turn must have orders that validate, so that `make demo` can play it.
"""

from pathlib import Path

import pytest

from adjudicator import store
from adjudicator.check import validate_files
from adjudicator.verify import verify

ROOT = Path(__file__).resolve().parents[1]
GAMES = store.list_games(ROOT)


def test_the_league_has_demo_games():
    assert GAMES, "the repository's league has no demo games"


@pytest.mark.parametrize("game", GAMES)
def test_each_demo_game_replays_exactly(game):
    turns, found = verify(ROOT, game)
    assert turns >= 1
    assert [f.text() for f in found] == []


@pytest.mark.parametrize("game", GAMES)
def test_the_open_turn_of_each_demo_game_has_valid_orders(game):
    g = store.load_game(ROOT, game)
    folder = ROOT / "orders" / game / f"{g.open_turn:04d}"
    files = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
    findings, _ = validate_files(files, ROOT)
    assert [f.text() for f in findings if f.severity == "error"] == []
