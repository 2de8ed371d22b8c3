"""The demo game demo/calamity/ plays through to its winner with the dice the league engine will use.

demo/build.py makes the game ``demo-calamity`` with a dice secret derived from its name and a schedule whose
first deadline depends on the number of turns; league.py keys the set-up dice by game.yaml's text and each
turn's dice by the revealed seed and the digest of the orders files. Replaying that here checks that every
orders file passes the engine's own file check (envelope, schema, ruleset check) and that the phases the
orders were written for are the phases that open.
"""

import datetime as dt
import hashlib
from pathlib import Path

from adjudicator import dice as dicemod
from adjudicator import yamlio
from adjudicator.cli.values import parse_player
from adjudicator.kit import orders as ordersmod
from adjudicator.league import store
from adjudicator.rulesets.calamity import RULESET

DEMO = Path(__file__).resolve().parents[2] / "demo" / "calamity"
LAST_DEADLINE = dt.datetime(2026, 11, 20, 20, 0, tzinfo=dt.UTC)  # as in demo/build.py


def engine_setup(spec, n_turns):
    players = [parse_player(p) for p in spec["players"]]
    secret = hashlib.sha256(b"turnpress-demo/calamity").digest()
    first = LAST_DEADLINE - dt.timedelta(days=n_turns - 1)
    config = {"game": "demo-calamity", "title": spec["title"], "ruleset": "calamity",
              "options": dict(spec["options"]), "players": [store.player_to_yaml(p) for p in players],
              "schedule": {"timezone": "Europe/Berlin",
                           "first": first.astimezone(dt.UTC).strftime("%Y-%m-%d %H:%M+00:00"),
                           "every": "1 day", "grace": 30},
              "dice": {"commitment": dicemod.commitment(secret).hex(), "length": dicemod.CHAIN_LENGTH,
                       "public_secret": True}}
    dice = dicemod.Dice.for_turn(dicemod.commitment(secret),
                                 dicemod.orders_digest({"game.yaml": yamlio.dump(config).encode()}))
    st = RULESET.setup(dict(spec["options"]), players, dice)
    del st["pace"]  # the demo was set up before issue 32: its state has no pace and plays pace 1 (state.pace)
    return st, secret


def test_demo_plays_both_years_to_the_winner():
    spec = yamlio.read_data(DEMO / "game.yaml")
    assert len(spec["players"]) == 4
    turns = sorted(int(p.name) for p in DEMO.iterdir() if p.name.isdigit())
    assert turns == list(range(1, len(turns) + 1))
    st, secret = engine_setup(spec, len(turns))
    kinds = set()
    for turn in turns:
        assert not RULESET.phase(st).finished
        raw, orders = {}, {}
        for path in sorted((DEMO / f"{turn:04d}").glob("*.yaml")):
            rel = f"orders/demo-calamity/{turn:04d}/{path.name}"
            data = path.read_bytes()
            checked = ordersmod.check_file(rel, data, ordersmod.parse_path(rel), RULESET, st)
            assert not [f for f in checked.findings if f.severity == "error"], (rel, checked.findings)
            assert path.stem in st["phase"]["awaited"], f"{rel}: {path.stem} is not awaited"
            raw[path.stem], orders[path.stem] = data, checked.orders
        for p in st["phase"]["awaited"]:
            orders.setdefault(p, RULESET.default_orders(st, p, None))
        kinds.add(st["phase"]["kind"])
        seed = dicemod.reveal(secret, dicemod.CHAIN_LENGTH, turn)
        res = RULESET.adjudicate(st, {k: orders[k] for k in sorted(orders)},
                                 dicemod.Dice.for_turn(seed, dicemod.orders_digest(raw)))
        st = res.state
    assert RULESET.phase(st).finished and st["year"] == 2
    assert st["phase"]["winners"]
    assert kinds == {"move", "reaction", "answer", "year_end"}
