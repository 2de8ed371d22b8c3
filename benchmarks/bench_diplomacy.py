"""Diplomacy timings: the whole DATC run, and the median time of one movement phase (reading the orders and
adjudicating them) over the same random positions and orders, against the `diplomacy` package from PyPI.

    .venv/bin/pip install diplomacy==1.1.2   # only for this benchmark; never imported by the package or tests
    .venv/bin/python benchmarks/bench_diplomacy.py [N_POSITIONS] [--small]

``--small`` (one DATC run, 5 positions) is what the test suite runs (``tests/test_benchmarks.py``); without the
``diplomacy`` package it says the comparison is skipped.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from adjudicator.rulesets.diplomacy.core import read_orders, run_movement, units_from  # noqa: E402
from adjudicator.rulesets.diplomacy.resolver import Rules  # noqa: E402
from adjudicator.rulesets.diplomacy.tables import load_map, shipped  # noqa: E402, shipped
from tests.diplomacy.random_orders import random_orders, random_position  # noqa: E402
from tools import datc  # noqa: E402

DATC_FILE = ROOT / "tests" / "data" / "datc" / "datc.json"


def bench_datc(repeat: int = 5) -> None:
    cases = datc.load_cases(DATC_FILE.read_text(encoding="utf-8"))
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        outcomes = datc.run_all(cases)
        times.append(time.perf_counter() - t)
    passed = sum(o.status == "passed" for o in outcomes)
    print(f"DATC run ({len(cases)} entries, {passed} passed): median {statistics.median(times) * 1000:.1f} ms, "
          f"best {min(times) * 1000:.1f} ms over {repeat} runs")


def positions(n: int) -> list[tuple[dict, dict]]:
    m = load_map("standard", shipped())
    rng = random.Random(20240223)
    out = []
    for _ in range(n):
        units = random_position(m, rng, rng.randrange(22, 35))
        out.append((units, random_orders(m, units, rng)))
    return out


def ours(cases: list[tuple[dict, dict]]) -> list[float]:
    m = load_map("standard", shipped())
    times = []
    for units, orders in cases:
        board = units_from(m, units)
        t = time.perf_counter()
        reads = [r for p, lines in orders.items() for r in read_orders(m, p, lines)]
        run_movement(m, board, reads, Rules())
        times.append(time.perf_counter() - t)
    return times


def theirs(cases: list[tuple[dict, dict]]) -> list[float] | None:
    try:
        from diplomacy import Game  # benchmark-only dependency
    except ImportError:
        return None
    times = []
    for units, orders in cases:
        game = Game(map_name="standard")
        game.clear_units()
        for power, us in units.items():
            game.set_units(power.upper(), [u.upper() for u in us], reset=True)
        t = time.perf_counter()
        for power, lines in orders.items():
            game.set_orders(power.upper(), [line.upper() for line in lines])
        game.process()
        times.append(time.perf_counter() - t)
    return times


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--small"]
    small = "--small" in sys.argv
    n = 5 if small else int(args[0]) if args else 300
    bench_datc(1 if small else 5)
    cases = positions(n)
    mine = ours(cases)
    print(f"turnpress diplomacy: median {statistics.median(mine) * 1e6:.0f} µs per movement phase "
          f"({n} random positions, 22-34 units)")
    other = theirs(cases)
    if other is None:
        print("diplomacy (PyPI) is not installed: comparison skipped (pip install diplomacy==1.1.2 into .venv)")
        return
    print(f"diplomacy 1.1.2:     median {statistics.median(other) * 1e6:.0f} µs per movement phase (same positions)")
    print(f"ratio: {statistics.median(other) / statistics.median(mine):.1f}x")


if __name__ == "__main__":
    main()
