"""Timing of one Bretton Woods year with 100, 1,000 and 10,000 countries (goal: 10,000 in under 5 s).

    .venv/bin/python benchmarks/bench_bretton_woods.py [N ...] [--small]

``--small`` (one year of 100 countries) is what the test suite runs (``tests/test_benchmarks.py``), so that the
benchmark cannot rot unnoticed.

Every country works its land, produces consumer goods, builds, offers on the world market and sends a
transfer, so every step of section 6 and the market run at full size.
"""

from __future__ import annotations

import sys
import time

from adjudicator.dice import Dice
from adjudicator.model import Player
from adjudicator.rulesets.bretton_woods import RULESET as BW

TYPES = ("agrar", "energie", "rohstoff")
GOODS = ("a", "e", "r", "k", "w")


def name(i: int) -> str:
    """A distinct name of letters only: base 26, at most ten letters."""
    out = ""
    i += 1
    while i:
        i, d = divmod(i - 1, 26)
        out = chr(65 + d) + out
    return "Land" + out.lower()


def world(n: int) -> tuple[dict, dict]:
    players = [Player(f"p{i}", name(i), f"p{i}", i + 1, TYPES[i % 3]) for i in range(n)]
    state = BW.setup({}, players, Dice(b"bench"))
    orders = {}
    for i, p in enumerate(players):
        good = GOODS[i % 5]
        side = "sell" if i % 2 else "buy"
        orders[p.key] = {
            "production": {"harvest": 50, "energy": 12, "mining": 12, "consumer_goods": 6},
            "construction": {"A": 1, "E": 1, "R": 1, "I": 1},
            "market": {good: {"offer": side, "count": 3 + i % 7, "price": 15 + i % 13}},
            "transfers": [{"to": players[(i + 1) % n].name, "good": "a", "count": 2, "note": "Hilfe"}],
        }
    return state, orders


def one_year(n: int) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one adjudication of ``n`` countries."""
    state, orders = world(n)
    wall, cpu = time.perf_counter(), time.process_time()
    BW.adjudicate(state, orders, Dice(b"bench-year"))
    return time.perf_counter() - wall, time.process_time() - cpu


def main(sizes: list[int]) -> None:
    for n in sizes:
        wall, cpu = one_year(n)
        print(f"{n:>6} countries: {wall:7.3f} s wall, {cpu:7.3f} s CPU  ({cpu / n * 1e6:7.1f} µs CPU per country)")


if __name__ == "__main__":
    args = sys.argv[1:]
    main([100] if "--small" in args else [int(x) for x in args] or [100, 1_000, 10_000])
