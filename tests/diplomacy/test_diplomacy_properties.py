"""Property tests with random legal orders on the standard map (issue: no two units in one province, every
dislodged unit retreats or disbands, supply centres change owner only after Fall)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.dice import Dice
from adjudicator.model import Player
from adjudicator.rulesets.diplomacy import RULESET
from adjudicator.rulesets.diplomacy.mapdata import load_map, province_of

from .random_orders import random_orders, random_position

M = load_map("standard")
PLAYERS = [Player(p, p.capitalize(), p, i, p) for i, p in enumerate(M.powers)]


def _state(seed: int, season: str) -> tuple[dict, dict]:
    rng = random.Random(seed)
    state = RULESET.setup({}, PLAYERS, Dice(b"p"))
    state["units"] = random_position(M, rng, rng.randrange(10, 40))
    if season == "Fall":
        state["season"], state["step"] = "Fall", 2
    return state, random_orders(M, state["units"], rng)


def _provinces(state: dict) -> list[str]:
    return [province_of(u.split()[1]) for us in state["units"].values() for u in us]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), season=st.sampled_from(["Spring", "Fall"]))
def test_random_phases_keep_one_unit_per_province_and_settle_every_dislodged_unit(seed: int, season: str) -> None:
    state, orders = _state(seed, season)
    before = {p: sorted(c) for p, c in state["supply_centres"].items()}
    moved = RULESET.adjudicate(state, orders, Dice(b"m"))
    after = moved.state
    assert len(_provinces(after)) == len(set(_provinces(after)))
    dislodged = moved.report["dislodged"]
    waiting = {(d["power"], d["unit"]) for d in after["dislodged"]}
    gone = {(p, u) for p, us in moved.report.get("disbanded", {}).items() for u in us}
    assert {(d["power"], d["unit"]) for d in dislodged} == waiting | gone and not waiting & gone
    assert all(province_of(d["unit"].split()[1]) in _provinces(after) for d in dislodged)  # its attacker is there
    if season == "Spring":  # centres change owner only after Fall (and its retreats)
        assert after["supply_centres"] == before
    if after["dislodged"]:
        assert after["kind"] == "retreat"
        rng = random.Random(seed + 1)
        retreat_orders = {d["power"]: [f"{d['unit'].split()[0]} {d['unit'].split()[1]} - {rng.choice(d['retreats'])}"]
                          for d in after["dislodged"]}
        done = RULESET.adjudicate(after, retreat_orders, Dice(b"r"))
        provinces = _provinces(done.state)
        assert len(provinces) == len(set(provinces))
        kept = len(provinces) - len(_provinces(after))
        assert kept + sum(len(v) for v in done.report["disbanded"].values()) == len(after["dislodged"])
        if season == "Spring":
            assert done.state["supply_centres"] == before
    elif season == "Spring":
        assert after["kind"] == "movement" and after["season"] == "Fall"
