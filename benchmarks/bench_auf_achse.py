"""Timing run (not a test): checking a route and adjudicating a round with 10 hauliers.

    .venv/bin/python -m tests.auf_achse.bench_auf_achse
"""

from __future__ import annotations

import time

from adjudicator.dice import Dice
from adjudicator.model import Player
from adjudicator.rulesets.auf_achse import RULESET as R
from adjudicator.rulesets.auf_achse.setup import board_of

CITIES = ["HH", "B", "K", "M", "S", "F", "DD", "HB", "N", "VR"]


def round_orders(state: dict) -> dict:
    """Busy orders for every haulier: bids on every offer, a long route towards a far city, a site bid."""
    board = board_of(state)
    out = {}
    offered = [o["id"] for o in state["orders"] if o["status"] == "announced" and o["offered"] == state["round"]]
    for i, key in enumerate(state["seats"]):
        pos = state["hauliers"][key]["trucks"][0]["position"]
        path = board.shortest_path(pos, CITIES[(i + 5) % 10], state["site"]) or [pos]
        out[key] = {"bids": [{"order": o, "kj": 100 + 13 * i + o} for o in offered],
                    "trucks": [{"route": path[:25]}], "site": {"field": "K-F.2" if i % 2 else "HH-HB.2", "kj": 5 + i},
                    "trailer": {"type": "small"}}
    return out


def main() -> None:
    players = [Player(f"p{i}", f"P{i}", f"p{i}", i, c) for i, c in enumerate(CITIES)]
    state = R.setup({}, players, Dice(b"bench"))
    state = R.adjudicate(state, round_orders(state), Dice(b"r0")).state
    orders = round_orders(state)
    n = 200
    t0 = time.perf_counter()
    for _ in range(n):
        R.check(state, "p0", orders["p0"])
    check_ms = (time.perf_counter() - t0) / n * 1000
    t0 = time.perf_counter()
    for _ in range(n):
        R.adjudicate(state, orders, Dice(b"r1"))
    adj_ms = (time.perf_counter() - t0) / n * 1000
    res = R.adjudicate(state, orders, Dice(b"r1"))
    t0 = time.perf_counter()
    for _ in range(20):
        R.newsletter(res.state, res.report, players)
    news_ms = (time.perf_counter() - t0) / 20 * 1000
    route = orders["p0"]["trucks"][0]["route"]
    print(f"check (route of {len(route) - 1} fields, 12 bids): {check_ms:.2f} ms")
    print(f"adjudicate a round, 10 hauliers: {adj_ms:.2f} ms")
    print(f"Amtsblatt with SVG map: {news_ms:.2f} ms")


if __name__ == "__main__":
    main()
