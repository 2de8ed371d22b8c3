"""The demo game in ``demo/policy-maker/`` plays to its end under the dice the league will roll."""

from pathlib import Path

import jsonschema

from adjudicator import yamlio
from adjudicator.rulesets.policy_maker import RULESET as R

from . import pm_demo_writer as demo

HERE = Path(__file__).resolve().parents[2] / "demo" / "policy-maker"


def test_demo_game_yaml_names_four_players():
    spec = yamlio.read_data(HERE / "game.yaml")
    assert len(spec["players"]) == 4 and spec["players"] == demo.PLAYERS
    assert spec["options"] == demo.OPTIONS and spec["title"] == demo.TITLE


def test_demo_orders_are_valid_every_turn_and_the_game_ends(tmp_path):
    turns = sorted(int(p.name) for p in HERE.iterdir() if p.is_dir() and p.name.isdigit())
    assert turns == list(range(1, len(turns) + 1))
    state, _ = demo.setup_state(len(turns), tmp_path)
    notes = 0
    joint = 0
    for turn in turns:
        files = {f.stem: f.read_bytes() for f in (HERE / f"{turn:04d}").glob("*.yaml")}
        assert set(files) == set(R.phase(state).awaited), "every player the phase awaits, and nobody else"
        joint += len(files) == 2  # the Audit with the first Investy's turn (H15)
        given = {}
        for who, raw in files.items():
            env = yamlio.load(raw).data
            assert (env["game"], env["turn"], env["player"]) == ("demo-policy-maker", turn, who)
            orders = given[who] = env["orders"]
            jsonschema.validate(orders, R.order_schema(state, who), cls=jsonschema.Draft202012Validator)
            assert not [p for p in R.check(state, who, orders) if p.severity == "error"], (turn, orders)
            notes += bool(orders.get("note"))
        result = R.adjudicate(state, given, demo.turn_dice(turn, files))
        state = demo.round_trip(result.state)
        assert R.newsletter(state, {k: v for k, v in result.report.items() if k != "private"}, [])
    assert R.phase(state).finished
    assert state["result"]["reason"] in ("monopoly", "timeline")
    assert joint == state["timeline"][:state["round"]].count("audit")
    assert notes >= len(turns) // 2, "players talk to the table"
