"""Every benchmark in benchmarks/ runs in its small mode here, so that none can rot unnoticed (issue 33: the
league benchmark had stopped running when sealed orders became the default, and nothing said so). The figures
of the full runs are in the notes; here only that each runs to its end and prints what it measures."""

from __future__ import annotations

import json
import re
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
    assert "validate, cold start, CPU:" in out  # the figure a shared machine can compare (issue 33)
    assert "bw: 3 Züge nachgespielt, alles stimmt überein" in out  # Bretton Woods' verify speaks German
    assert "verify over 3 turns:" in out


def test_every_benchmark_is_in_benchmarks_and_run_by_a_test():
    """A timing script is a benchmark in benchmarks/ with a small mode that a test runs (tests/auf_achse/ held one
    that nothing ran)."""
    tests = Path(__file__).resolve().parent
    assert sorted(p.relative_to(tests).as_posix() for p in tests.rglob("bench_*.py")) == []
    text = "".join(p.read_text(encoding="utf-8") for p in tests.rglob("test_*.py"))
    scripts = sorted(p.name for p in BENCHMARKS.glob("bench_*.py"))
    assert len(scripts) >= 10 and [s for s in scripts if s.removesuffix(".py") not in text] == []


# Each script's small mode as a user runs it (a new process, from the command line), and the line of figures it
# prints: a benchmark that stopped measuring (bench_dice.py read a renamed private class, bench_diplomacy.py
# imported the DATC runner from where it no longer is; both found so) fails here. bench_check_cost.py's and
# bench_calamity_pacing.py's own functions are also run by tests/test_check_cost.py and
# tests/calamity/test_cal_pacing.py; bench_orders_page.py's and bench_orders_corpus.py's in tests/orders_page/
# (test_orders_bench.py, with the league and browser those tests share).

def test_the_bretton_woods_benchmark_times_a_year():
    assert re.search(r"^ +100 countries: +[0-9.]+ s wall, +[0-9.]+ s CPU", bench("bench_bretton_woods.py", "--small"),
                     re.M)


def test_the_auf_achse_benchmark_times_a_check_a_round_and_an_amtsblatt():
    out = bench("bench_auf_achse.py", "--small")
    assert re.search(r"^check \(route of [0-9]+ fields, 12 bids\): [0-9.]+ ms$", out, re.M)
    assert re.search(r"^adjudicate a round, 10 hauliers: [0-9.]+ ms$", out, re.M)
    assert re.search(r"^Amtsblatt with SVG map: [0-9.]+ ms$", out, re.M)


def test_the_dice_benchmark_times_every_size_warm_and_cold():
    out = bench("bench_dice.py", "--small")
    rows = re.findall(r"^ +([0-9]+) +([0-9]+/[0-9]+) +[0-9.]+ +[0-9.]+ +[0-9]+$", out, re.M)
    assert sorted(set(rows)) == sorted({(str(n), p) for n in (10, 10**3, 10**6, 10**9) for p in ("1/10", "3/10")})


def test_the_diplomacy_benchmark_runs_the_datc_and_times_a_movement_phase():
    out = bench("bench_diplomacy.py", "--small")
    assert re.search(r"^DATC run \([0-9]+ entries, [0-9]+ passed\): median [0-9.]+ ms", out, re.M)
    assert re.search(r"^turnpress diplomacy: median [0-9]+ µs per movement phase \(5 random positions", out, re.M)


def test_the_policy_maker_pacing_benchmark_plays_each_game_both_ways():
    out = bench("bench_policy_maker_pacing.py", "--small")
    assert re.search(r"^before phases per game: mean [0-9.]+", out, re.M)
    assert re.search(r"^after  phases per game: mean [0-9.]+", out, re.M)
    assert "the same result (reason, winners, every score) both ways: 2 of 2 games" in out


def test_the_calamity_pacing_benchmark_plays_each_game_three_ways():
    out = bench("bench_calamity_pacing.py", "--small")
    for mode in ("table", "default", "mail"):
        assert re.search(rf"^{mode} +phases per game: mean [0-9.]+", out, re.M)
    assert "the same final GE for every player in all three plays: 2 of 2 games" in out


def test_the_check_cost_benchmark_prints_its_table_and_each_ruleset_s_summary():
    out = bench("bench_check_cost.py", "--small")
    for ruleset in ("diplomacy", "auf-achse", "bretton-woods", "calamity", "policy-maker"):
        assert re.search(rf"^{ruleset} +200 bad +[0-9]+ +[0-9.]+ +[0-9.]+ +[0-9]+ +[0-9]+$", out, re.M)
        assert re.search(rf"^{ruleset}: 200 bad entries [0-9.]+ times a normal sheet", out, re.M)


@pytest.mark.slow
def test_the_deadline_races_benchmark_counts_both_races():
    out = bench("bench_deadline_races.py", "--small")
    assert re.search(r"^span of one run: [0-9.]+ s$", out, re.M)
    assert re.search(r"^two deadline runs at once: \{'trials': 1, 'exactly one turn': 1, ", out, re.M)
    assert re.search(r"^an orders merge during the deadline: \{'trials': 1, 'exactly one turn, the merge kept': 1, ",
                     out, re.M)


@pytest.mark.slow
def test_the_site_benchmark_builds_the_site_and_the_bare_material_site_of_the_same_pages():
    out = bench("bench_site.py", "--small")
    assert re.search(r"^6 issues: site build [0-9.]+ s \(pages [0-9.]+ s, mkdocs [0-9.]+ s\), under 60 s: (yes|NO); "
                     r"ratio to a bare Material build of the same pages <= 1\.2: (yes|NO) \([0-9.]+; "
                     r"in CPU time [0-9.]+\)", out, re.M)
    # the bare build made the same pages as the site's (the issues, listings and game pages), no fewer
    figures = json.loads(out[out.index("{"):out.rindex("}") + 1])
    assert figures["bare_pages_in_public"] == figures["pages_in_public"] > 6
    # the timed build is the workflows' on a fresh clone (the issues committed); rendering them all is measured too
    assert figures["pages_all_issues_cpu_s"] > 0


@pytest.mark.slow
def test_the_deadline_benchmark_runs_a_deadline_from_checkout_to_artifact():
    out = bench("bench_deadline.py", "--small")
    assert "live's turn 2 adjudicated, pushed and on the site built" in out
    assert "one deadline run end to end (checkout, deadline, site build, artifact):" in out
