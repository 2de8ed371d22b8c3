"""Time per binomial draw of the dice, for n from 10 to 10**9: the exact sampler's cost should be flat in n.

Run: ``.venv/bin/python benchmarks/bench_dice.py [draws] [--small]`` (``--small``: 20 draws, what the test suite
runs, ``tests/test_benchmarks.py``). "warm" repeats the same (n, p), as a game drawing
for many countries does (the per-parameter set-up is cached); "cold" clears that cache before every draw.
Times are CPU time of this process (steadier than wall time on a busy machine); "bits" is the number of random
bits consumed per draw, a machine-independent measure of the work.
"""

from __future__ import annotations

import sys
import time
from fractions import Fraction

from adjudicator import dice

SIZES = [10, 10**3, 10**6, 10**9]
PROBABILITIES = [Fraction(1, 10), Fraction(3, 10)]


def per_draw(n: int, p: Fraction, count: int, cold: bool) -> tuple[float, float]:
    """Best of three runs, in microseconds per draw, and random bits per draw."""
    best = float("inf")
    for run in range(3):
        d = dice.Dice(b"bench").fork(f"{n}/{p}/{run}")
        clear = dice.BinomialSampler.for_parameters.cache_clear
        start = time.process_time()
        for _ in range(count):
            if cold:
                clear()
            d.binomial(n, p)
        best = min(best, time.process_time() - start)
        bits = (d._counter * 256 - d._bits) / count
    return best / count * 1e6, bits


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--small"]
    count = 20 if "--small" in sys.argv else int(args[0]) if args else 3000
    print(f"binomial(n, p): microseconds per draw, best of 3 runs of {count} draws")
    print(f"{'n':>12} {'p':>5} {'warm us':>8} {'cold us':>8} {'bits':>6}")
    for p in PROBABILITIES:
        for n in SIZES:
            warm, bits = per_draw(n, p, count, False)
            cold, _ = per_draw(n, p, count, True)
            print(f"{n:>12} {str(p):>5} {warm:8.1f} {cold:8.1f} {bits:6.0f}")


if __name__ == "__main__":
    main()
