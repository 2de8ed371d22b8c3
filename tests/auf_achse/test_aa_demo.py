"""The demo game in demo/auf-achse/ plays through the ruleset: every orders file is valid and adjudicates."""

from pathlib import Path

import jsonschema

from adjudicator import yamlio
from adjudicator.dice import Dice
from adjudicator.model import Player, is_plain
from adjudicator.rulesets.auf_achse import RULESET as R

DEMO = Path(__file__).resolve().parents[2] / "demo" / "auf-achse"


def seats() -> list[Player]:
    spec = yamlio.read_data(DEMO / "game.yaml")
    out = []
    for text in spec["players"]:
        name, login, gid, role = text.split(":")
        out.append(Player(login.lower(), name, login, int(gid), role or None))
    return out


def test_demo_game_plays_to_the_end_of_round_10():
    spec = yamlio.read_data(DEMO / "game.yaml")
    players = seats()
    assert len(players) == 6
    state = R.setup(spec.get("options", {}), players, Dice(b"demo-setup"))
    turns = sorted(int(p.name) for p in DEMO.iterdir() if p.is_dir())
    assert turns == list(range(1, len(turns) + 1)) and len(turns) >= 6
    results = []
    for turn in turns:
        orders = {}
        for path in sorted((DEMO / f"{turn:04d}").glob("*.yaml")):
            env = yamlio.load(path.read_text(encoding="utf-8")).data
            assert (env["game"], env["turn"], env["player"]) == ("demo-auf-achse", turn, path.stem)
            jsonschema.validate(env["orders"], R.order_schema(state, path.stem))
            problems = [p for p in R.check(state, path.stem, env["orders"]) if p.severity == "error"]
            assert not problems, (path, problems)
            assert R.describe(state, path.stem, env["orders"])
            orders[path.stem] = env["orders"]
        for key in R.phase(state).awaited:
            orders.setdefault(key, R.default_orders(state, key, None))
        res = R.adjudicate(state, orders, Dice(b"demo-%d" % turn))
        assert is_plain(res.state) and is_plain(res.report)
        assert "<svg" in R.newsletter(res.state, res.report, players)
        results.append(res.report)
        state = res.state
    assert state["round"] >= 11 and state["finished"]
    results_seen = {a["result"] for r in results for a in r["auction"]}
    assert {"awarded", "lapsed", "reoffered"} <= results_seen
    assert any(r["resting"] for r in results)  # an NMR: Betriebsferien
    assert any(r["site"] and r["site"]["result"] for r in results)
    assert sum(len(h["delivered"]) for h in state["hauliers"].values()) >= 6
