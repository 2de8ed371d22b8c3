"""Random 30JK positions and orders (moves, double moves, transformations, religious actions) always adjudicate:
no field holds two units, every unit is somewhere or dislodged, and no account goes below zero."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.rulesets.diplomacy.tables import load_map, province_of, shipped
from tests.diplomacy.random_orders import random_orders, random_position

from .dk_game import POWERS, new_game, play, points, position

M = load_map("dreissigjaehriger-krieg", shipped())
ACTIONS = ["Ungehorsam {u} {n} RP", "Aufwiegeln {u} {n} RP", "Kirchenbau {u} {n} RP"]


def extra_orders(units: dict[str, list[str]], rng: random.Random) -> dict[str, list[str]]:
    """Double moves, transformations and religious actions on top of the random orders."""
    out: dict[str, list[str]] = {p: [] for p in units}
    everyone = [u for us in units.values() for u in us]
    for power, us in units.items():
        for u in us:
            letter, region = u.split()
            if letter == "F" and rng.random() < 0.5:
                for via in sorted(M.reach("fleet", region)):
                    targets = [t for t in sorted(M.reach("fleet", via)) if M.double_move(region, via, t)]
                    if targets:
                        out[power].append(f"{u} - {province_of(via)} - {rng.choice(targets)}")
                        break
            elif rng.random() < 0.2:
                new = "F" if letter == "A" else "A"
                coasts = M.coasts(province_of(region))
                out[power].append(f"{u} T {new}" + (f"/{rng.choice(coasts)}" if coasts and new == "F" else ""))
        if everyone and rng.random() < 0.7:
            out[power].insert(0, rng.choice(ACTIONS).format(u=rng.choice(everyone), n=rng.randint(2, 6)))
    return out


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=10, max_value=60))
def test_random_turns_adjudicate_consistently(seed: int, n_units: int) -> None:
    rng = random.Random(seed)
    units = random_position(M, rng, n_units)
    state = position(new_game(), units)
    base = random_orders(M, units, rng)
    extra = extra_orders(units, rng)
    orders = {p: extra[p] + base[p] for p in POWERS}  # the first order for a unit stands
    r = play(state, orders, seed=seed.to_bytes(4, "big"))
    after = [province_of(u.split()[1]) for us in r.state["units"].values() for u in us]
    assert len(after) == len(set(after))
    lost = len(r.report.get("dislodged", []))
    assert len(after) + lost == sum(len(us) for us in units.values())
    assert all(points(r.state, p) >= 0 for p in POWERS)
