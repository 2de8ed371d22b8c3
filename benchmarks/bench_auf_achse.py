"""Auf Achse's rules at a table of 10 hauliers: checking a route, adjudicating a round, the Amtsblatt with its map.

    .venv/bin/python benchmarks/bench_auf_achse.py [--small]

Times are CPU time of this process per call (steadier than wall time on a busy machine). ``--small`` (5 checks and
rounds, 2 Amtsblätter) is what the test suite runs (``tests/test_benchmarks.py``), so that the benchmark cannot rot
unnoticed; its figures say little.
"""

from __future__ import annotations

import sys
import time

from adjudicator.dice import Dice
from adjudicator.model import Player
from adjudicator.rulesets.auf_achse import RULESET as R
from adjudicator.rulesets.auf_achse.setup import board_of

CITIES = ["HH", "B", "K", "M", "S", "F", "DD", "HB", "N", "VR"]


def round_orders(state: dict) -> dict:
    """Busy orders for every haulier: bids on every offer, a long route towards a far city, a site bid."""
    board = board_of(R.data, state)
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
    small = "--small" in sys.argv[1:]
    players = [Player(f"p{i}", f"P{i}", f"p{i}", i, c) for i, c in enumerate(CITIES)]
    state = R.setup({}, players, Dice(b"bench"))
    state = R.adjudicate(state, round_orders(state), Dice(b"r0")).state
    orders = round_orders(state)
    n, issues = (5, 2) if small else (200, 20)
    t0 = time.process_time()
    for _ in range(n):
        R.check(state, "p0", orders["p0"])
    check_ms = (time.process_time() - t0) / n * 1000
    t0 = time.process_time()
    for _ in range(n):
        R.adjudicate(state, orders, Dice(b"r1"))
    adj_ms = (time.process_time() - t0) / n * 1000
    res = R.adjudicate(state, orders, Dice(b"r1"))
    t0 = time.process_time()
    for _ in range(issues):
        R.newsletter(res.state, res.report, players)
    news_ms = (time.process_time() - t0) / issues * 1000
    route = orders["p0"]["trucks"][0]["route"]
    print(f"check (route of {len(route) - 1} fields, 12 bids): {check_ms:.2f} ms")
    print(f"adjudicate a round, 10 hauliers: {adj_ms:.2f} ms")
    print(f"Amtsblatt with SVG map: {news_ms:.2f} ms")


if __name__ == "__main__":
    main()
