"""The demo game (demo/diplomacy/) played through the ruleset: every orders file is valid and adjudicates,
through Winter 1903."""

from __future__ import annotations

from pathlib import Path

from adjudicator import yamlio
from adjudicator.cli.values import parse_player
from adjudicator.dice import Dice
from adjudicator.rulesets.diplomacy import RULESET

DEMO = Path(__file__).resolve().parents[2] / "demo" / "diplomacy"


def test_demo_game_plays_through_1903() -> None:
    spec = yamlio.read_data(DEMO / "game.yaml")
    players = [parse_player(p) for p in spec["players"]]
    state = RULESET.setup(spec["options"], players, Dice(b"demo-setup"))
    labels = []
    turns = sorted(int(p.name) for p in DEMO.iterdir() if p.is_dir())
    assert turns == list(range(1, len(turns) + 1))
    for turn in turns:
        phase = RULESET.phase(state)
        labels.append(phase.label)
        orders = {}
        for f in sorted((DEMO / f"{turn:04d}").glob("*.yaml")):
            doc = yamlio.load_file(f).data
            assert (doc["game"], doc["turn"], doc["player"]) == ("demo-diplomacy", turn, f.stem)
            assert f.stem in phase.awaited, f"{f} is for a player not awaited in {phase.label}"
            problems = RULESET.check(state, f.stem, doc["orders"])
            assert [p for p in problems if p.severity == "error"] == [], f
            orders[f.stem] = doc["orders"]
        for key in phase.awaited:
            orders.setdefault(key, RULESET.default_orders(state, key, None))
        result = RULESET.adjudicate(state, orders, Dice(f"demo-{turn}".encode()))
        assert set(result.report["orders"]) == set(phase.awaited)
        RULESET.newsletter(result.state, result.report, players)
        state = result.state
    assert labels[:3] == ["Spring 1901 Movement", "Fall 1901 Movement", "Winter 1901 Adjustments"]
    assert "Spring 1902 Retreats" in labels and labels[-1] == "Winter 1903 Adjustments"
    assert sum(len(c) for c in state["supply_centres"].values()) == 34
