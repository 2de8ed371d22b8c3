"""The demo game (demo/dreissigjaehriger-krieg/) played through the ruleset: every orders file is valid and
adjudicates, from Spring 1618 to the adjustments of Fall 1620, with religious actions and hired neutrals."""

from __future__ import annotations

from pathlib import Path

from adjudicator import yamlio
from adjudicator.cli.values import parse_player
from adjudicator.dice import Dice
from adjudicator.rulesets.diplomacy import RULESET

DEMO = Path(__file__).resolve().parents[2] / "demo" / "dreissigjaehriger-krieg"
GAME = "demo-dreissigjaehriger-krieg"


def test_demo_game_plays_through_fall_1620() -> None:
    spec = yamlio.read_data(DEMO / "game.yaml")
    assert spec["ruleset"] == "diplomacy" and spec["options"]["map"] == "dreissigjaehriger-krieg"
    players = [parse_player(p) for p in spec["players"]]
    assert len(players) == 11
    state = RULESET.setup(spec["options"], players, Dice(b"demo-setup"))
    turns = sorted(int(p.name) for p in DEMO.iterdir() if p.is_dir())
    assert turns == list(range(1, len(turns) + 1))
    labels, outcomes, pages = [], [], []
    for turn in turns:
        phase = RULESET.phase(state)
        labels.append(phase.label)
        orders = {}
        for f in sorted((DEMO / f"{turn:04d}").glob("*.yaml")):
            doc = yamlio.load_file(f).data
            assert (doc["game"], doc["turn"], doc["player"]) == (GAME, turn, f.stem)
            assert f.stem in phase.awaited, f"{f} is for a player not awaited in {phase.label}"
            problems = RULESET.check(state, f.stem, doc["orders"])
            assert [p for p in problems if p.severity == "error"] == [], f
            RULESET.describe(state, f.stem, doc["orders"])
            orders[f.stem] = doc["orders"]
        assert set(orders) == set(phase.awaited)
        result = RULESET.adjudicate(state, orders, Dice(f"demo-{turn}".encode()))
        outcomes += [w["outcome"] for w in result.report.get("religious_warfare", [])]
        pages.append(RULESET.newsletter(result.state, result.report, players))
        state = result.state
    assert labels[0] == "Frühling 1618: Züge" and labels[-1] == "Herbst 1620: Auf- und Abbau"
    assert "Herbst 1619: Rückzüge" in labels
    assert {"mercenaries", "incite", "disobedience"} <= set(outcomes) and None in outcomes
    assert all("<svg" in page and "Religiöse Kriegsführung" in "".join(pages) for page in pages)
    assert sum(len(c) for c in state["supply_centres"].values()) == 52
    assert state["neutrals"] == {}  # the rebels, Liège and both mutinies are gone by 1620
