"""The demo game in demo/bretton-woods/ plays through the ruleset: every orders file is valid, every turn runs."""

from pathlib import Path

import jsonschema

from adjudicator import yamlio
from adjudicator.cli.values import parse_player
from adjudicator.dice import Dice
from adjudicator.rulesets.bretton_woods import RULESET as BW

DEMO = Path(__file__).resolve().parents[2] / "demo" / "bretton-woods"


def test_demo_plays_through():
    spec = yamlio.read_data(DEMO / "game.yaml")
    players = [parse_player(p) for p in spec["players"]]
    state = BW.setup(spec.get("options", {}), players, Dice(b"demo"))
    types = {state["countries"][p.key]["type"] for p in players}
    assert len(players) >= 6 and types == {"agrar", "energie", "rohstoff"}
    turns = sorted(int(p.name) for p in DEMO.iterdir() if p.is_dir())
    assert len(turns) >= 6
    previous: dict = {}
    seen = {"nmr": 0, "attacks": 0, "transfers": 0, "trades": 0, "joined": 0}
    for turn in turns:
        for p in spec.get("joins", {}).get(str(turn), []):
            state = BW.join(state, parse_player(p), Dice(b""))
            seen["joined"] += 1
        orders = {}
        for path in sorted((DEMO / f"{turn:04d}").glob("*.yaml")):
            env = yamlio.load(path.read_bytes()).data
            assert (env["game"], env["turn"], env["player"]) == ("demo-bretton-woods", turn, path.stem)
            jsonschema.validate(env["orders"], BW.order_schema(state, path.stem))
            assert [p for p in BW.check(state, path.stem, env["orders"]) if p.severity == "error"] == []
            orders[path.stem] = previous[path.stem] = env["orders"]
        for key in BW.phase(state).awaited:
            if key not in orders:
                orders[key] = BW.default_orders(state, key, previous.get(key))
        result = BW.adjudicate(state, orders, Dice(f"demo-{turn}".encode()))
        yamlio.dump(result.state)
        yamlio.dump(result.report)
        assert BW.newsletter(result.state, result.report, players)
        seen["nmr"] += len(result.report["nmr"])
        seen["attacks"] += len(result.report["attacks"])
        seen["transfers"] += len(result.report["transfers"])
        seen["trades"] += sum(m["umsatz"] for m in result.report["market"].values())
        state = result.state
    assert all(seen.values()), seen
