"""Every ruleset writes its order sheet (``template``) with one writer, ``sheet.Sheet`` (issue #20), which also
writes the head ``turnpress template`` and the orders page put above it: the sheet is YAML its ruleset accepts,
and a name a player chose stays inside its comment, whatever it holds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from adjudicator import yamlio
from adjudicator.dice import Dice
from adjudicator.kit import ruleset as rulesetmod
from adjudicator.kit.ruleset import WritesTemplate
from adjudicator.kit.sheet import Sheet, sheet_text
from adjudicator.league import store
from adjudicator.model import Player

REPO = Path(__file__).resolve().parents[1]
DEMOS = sorted(p.parent.name for p in (REPO / "games").glob("*/game.yaml"))
# A line break in a name would start a YAML line of its own: here, orders the player did not write.
HOSTILE = "Eve\nsell: [A1, B1]\u2028card: 9\rbids: []"


def test_a_line_break_in_any_text_stays_in_its_comment():
    sheet = Sheet()
    sheet.comment(HOSTILE)
    sheet.line("card: 3", HOSTILE, at=12)
    sheet.example(HOSTILE)
    assert yamlio.load(sheet.text()).data == {"card": 3}
    assert sheet.text().count("\n") == 3


def _sheets(demo: str, name: str) -> list[tuple[str, Any]]:
    """The set-up state's sheet of every seat of a demo game and its first turn's, the first seat named ``name``."""
    config: dict[str, Any] = yamlio.read_data(REPO / "games" / demo / "game.yaml")
    rs = rulesetmod.get(config["ruleset"])
    assert isinstance(rs, WritesTemplate)
    seats = [p for p in config["players"] if not p.get("joined")]
    players = [Player(p["key"], name if i == 0 else p["name"], p["login"], p["id"], p.get("role"))
               for i, p in enumerate(seats)]
    state = rs.setup(config.get("options") or {}, players, Dice(b"sheets"))
    out = []
    for turn in range(2):
        for p in rs.phase(state).awaited:
            out.append((rs.template(state, p), rs.check(state, p, yamlio.load(rs.template(state, p)).data)))
        orders = {k: rs.default_orders(state, k, None) for k in rs.phase(state).awaited}
        state = rs.adjudicate(state, orders, Dice(b"sheets%d" % turn)).state
    return out


@pytest.mark.parametrize("demo", DEMOS)
def test_every_sheet_is_orders_its_ruleset_accepts_and_a_name_cannot_add_to_them(demo: str):
    plain = _sheets(demo, "Eve")
    # Bretton Woods takes a country's name of a few letters only (rules 1.1): nothing hostile gets that far.
    hostile = plain if "bretton" in demo else _sheets(demo, HOSTILE)
    for (text, problems), (bare, _) in zip(hostile, plain, strict=True):
        assert [p for p in problems if p.severity == "error"] == [], text
        assert yamlio.load(text).data == yamlio.load(bare).data, "the name added orders to the sheet"
        assert all(line.startswith("#") or "#" in line for line in text.splitlines() if "Eve" in line)


@pytest.mark.parametrize("demo", DEMOS)
def test_a_players_name_in_the_head_of_the_sheet_adds_nothing_to_it(demo: str):
    """The head of the sheet ``turnpress template`` prints and the orders page starts from names the player
    (``# Orders of <name> ...``): written through the same ``Sheet``, a line break in the name stays in the
    comment, and the file holds the same envelope and orders as with a plain name."""
    game = store.load_game(REPO, demo)
    state = game.effective_state(game.open_turn)
    key = game.players[0].key
    plain = yamlio.load(sheet_text(game, key, state, sealed=False)).data
    game.config["players"][0]["name"] = HOSTILE
    text = sheet_text(game, key, state, sealed=False)
    assert text.startswith("# Orders of Eve sell: [A1, B1] card: 9 bids: [] for ")
    assert yamlio.load(text).data == plain
    assert set(plain) == {"game", "turn", "player", "orders"} and plain["player"] == key
