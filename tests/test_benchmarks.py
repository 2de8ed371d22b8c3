"""Every benchmark in benchmarks/ runs in its small mode here, so that none can rot unnoticed (issue 33: the
league benchmark had stopped running when sealed orders became the default, and nothing said so). The figures
of the full runs are in the notes; here only that each runs to its end and prints what it measures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def bench(name: str, *args: str, timeout: int = 600) -> str:
    done = subprocess.run([sys.executable, str(BENCHMARKS / name), *args], cwd=BENCHMARKS.parent,
                          capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{name} {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.mark.slow
def test_the_league_benchmark_builds_validates_and_verifies():
    out = bench("bench_league.py", "--small")
    assert "validate, cold start, median of 2:" in out and "times (goal <= 15)" in out
    assert "bw: 3 turn(s) replayed, all match" in out
    assert "verify over 3 turns:" in out
