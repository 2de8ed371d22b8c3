"""Benchmarks of the league engine (issue: the league engine, "Show it").

    .venv/bin/python benchmarks/bench_league.py [--turns 100] [--countries 20] [--runs 15] [--small]

1. ``turnpress validate`` on one orders file, cold start (a new process each run): median wall time, and its
   ratio to the start of Python itself (``python -c pass``, the same runs interleaved). Goal (issue 33): at most
   15 times Python's start. The same in CPU seconds (user + sys of the process and its children, git's
   included): on a machine shared with other work the wall ratio says more of the load than of turnpress.
2. ``turnpress verify`` over a Bretton Woods game of COUNTRIES countries and TURNS turns, each turn with every
   country's pre-filled orders sheet committed before the deadline. Goal: under 10 s for 100 turns of 20. The
   league is built once and kept by the content of its recipe under ``benchmarks/.cache/`` (``--fresh`` builds
   it anew and keeps nothing; ``--league DIR`` verifies one built before, e.g. to compare two versions of
   turnpress on the same league).

The game's orders are open (``orders: open``): the sheets are committed as plain files, as the benchmark was
made for before sealed orders became the default. ``--small`` (3 turns of 3 countries, 2 runs) is what the test
suite runs (``tests/test_benchmarks.py``), so that the benchmark cannot rot unnoticed.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import inspect
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from adjudicator.cli.values import parse_player
from adjudicator.engine import check
from adjudicator.engine import turn as turnmod
from adjudicator.kit import sheet
from adjudicator.league import secrets, store

TYPES = ("agrar", "energie", "rohstoff")
BIN = Path(sys.executable).parent


def sh(root: Path, *args: str, when: dt.datetime | None = None) -> str:
    env = dict(os.environ)
    if when:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = when.isoformat()
    return subprocess.run(args, cwd=root, check=True, capture_output=True, text=True, env=env).stdout


def make_league(root: Path, countries: int) -> None:
    (root / "games").mkdir(parents=True)
    sh(root, "git", "init", "-q", "-b", "main")
    sh(root, "git", "config", "user.name", "bench")
    sh(root, "git", "config", "user.email", "bench@example.org")
    names = [f"Land{chr(65 + i // 26)}{chr(97 + i % 26)}" for i in range(countries)]
    players = [parse_player(f"{n}:p{i:02d}:{1000 + i}:{TYPES[i % 3]}") for i, n in enumerate(names)]
    _, secret = turnmod.new_game(root, "bretton-woods", "bw", players, {"orders": "open"},
                                {"first": "2026-01-01 20:00", "every": "7 days", "timezone": "UTC"})
    os.environ[secrets.dice_secret_env("bw")] = secret.hex()
    sh(root, "git", "add", "-A")
    sh(root, "git", "commit", "-qm", "new game", when=dt.datetime(2025, 12, 1, tzinfo=dt.UTC))


def play(root: Path, turns: int) -> None:
    first = dt.datetime(2026, 1, 1, 20, tzinfo=dt.UTC)
    for turn in range(1, turns + 1):
        game = store.load_game(root, "bw")
        deadline = first + dt.timedelta(days=7 * (turn - 1))
        write_sheets(root, game)
        sh(root, "git", "add", "orders")
        sh(root, "git", "commit", "-qm", f"orders {turn}", when=deadline - dt.timedelta(hours=1))
        run_at = deadline + dt.timedelta(minutes=1)
        os.environ["GIT_AUTHOR_DATE"] = os.environ["GIT_COMMITTER_DATE"] = run_at.isoformat()
        turnmod.adjudicate(root, "bw", run_at, commit=True, only_if_due=True)
    os.environ.pop("GIT_AUTHOR_DATE")
    os.environ.pop("GIT_COMMITTER_DATE")


def write_sheets(root: Path, game: store.Game) -> None:
    """Every player's pre-printed sheet for the open turn, the text ``turnpress template`` writes, from one load
    of the game (one ``template`` a player re-reads the whole history each time: most of the build's time)."""
    turn = game.open_turn
    state = game.effective_state(turn)
    lang = check.language(game)
    for p in game.players:
        path = root / store.orders_relpath(game.id, turn, p.key)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(sheet.sheet_text(game, p.key, state, sealed=game.sealed_orders, lang=lang), encoding="utf-8")


def write_sheet(root: Path, game: store.Game, key: str) -> None:
    """The player's pre-printed sheet for the open turn, exactly as ``turnpress template`` writes it."""
    from adjudicator.cli import main

    path = root / f"orders/bw/{game.open_turn:04d}/{key}.yaml"
    with open(os.devnull, "w") as null:
        stdout, sys.stdout = sys.stdout, null
        try:
            main(["--league", str(root), "template", "bw", key, "--write"])
        finally:
            sys.stdout = stdout
    assert path.is_file()


def timed(args: list[str], cwd: Path) -> tuple[float, float]:
    """Wall and CPU seconds of one run of ``args`` (CPU: the process and everything it waited for)."""
    start, cpu = time.perf_counter(), children_cpu()
    subprocess.run(args, cwd=cwd, check=True, capture_output=True)
    return time.perf_counter() - start, children_cpu() - cpu


def bench_validate(root: Path, runs: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """Median (wall, CPU) seconds of a cold ``validate`` and of Python's own start, run by turns (so that a
    machine whose load changes meanwhile changes both)."""
    game = store.load_game(root, "bw")
    write_sheet(root, game, "p01")
    path = root / f"orders/bw/{game.open_turn:04d}/p01.yaml"
    validate, python = [], []
    for _ in range(runs):
        validate.append(timed([str(BIN / "turnpress"), "validate", str(path)], root))
        python.append(timed([sys.executable, "-c", "pass"], root))
    path.unlink()
    return medians(validate), medians(python)


def medians(runs: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs)


CACHE = Path(__file__).resolve().parent / ".cache"


def kept_league(turns: int, countries: int) -> Path:
    """A league of ``turns`` turns of ``countries`` countries, built once and kept under ``benchmarks/.cache/`` by
    the content of its recipe (the source of the functions that build it, and the sizes): 100 turns of 20 take
    many minutes to build (each turn's issue reads every earlier turn) and seconds to verify. A league made by an
    older recipe stays where it is, unused; one being built is moved into place only when it is whole."""
    recipe = "".join(inspect.getsource(f) for f in (make_league, play, write_sheets)) + f"{turns}x{countries}"
    root = CACHE / f"league-{turns}x{countries}-{hashlib.sha256(recipe.encode()).hexdigest()[:12]}"
    if root.is_dir():
        print(f"kept league: {root}")
        return root
    CACHE.mkdir(exist_ok=True)
    (CACHE / ".gitignore").write_text("*\n")  # nothing of it reaches git
    building = Path(tempfile.mkdtemp(prefix="building-", dir=CACHE))
    build(building / "league", turns, countries)
    (building / "league").rename(root)
    shutil.rmtree(building)
    print(f"kept the league in {root}")
    return root


def build(root: Path, turns: int, countries: int) -> None:
    make_league(root, countries)
    start = time.perf_counter()
    play(root, turns)
    print(f"built {turns} turns of {countries} countries in {time.perf_counter() - start:.1f} s")


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def bench_verify(root: Path, runs: int) -> tuple[float, float, str]:
    """Median wall and CPU seconds of ``turnpress verify bw`` (a new process each run), and its verdict line."""
    walls, cpus, line = [], [], ""
    for _ in range(runs):
        start, cpu = time.perf_counter(), children_cpu()
        out = subprocess.run([str(BIN / "turnpress"), "verify", "bw"], cwd=root, capture_output=True, text=True)
        walls.append(time.perf_counter() - start)
        cpus.append(children_cpu() - cpu)
        if out.returncode != 0:
            sys.exit(f"verify failed:\n{out.stdout}{out.stderr}")
        line = out.stdout.strip().splitlines()[-1]
    return statistics.median(walls), statistics.median(cpus), line


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--turns", type=int, default=100)
    p.add_argument("--countries", type=int, default=20)
    p.add_argument("--runs", type=int, default=15)
    p.add_argument("--verify-runs", type=int, default=3)
    p.add_argument("--small", action="store_true",
                   help="3 turns of 3 countries, 2 runs, built anew: what the tests run")
    p.add_argument("--fresh", action="store_true", help="build the league anew in a temporary folder, keep nothing")
    p.add_argument("--league", type=Path, help="verify this league (a game 'bw' as this file builds it)")
    args = p.parse_args()
    if args.small:
        args.turns, args.countries, args.runs, args.verify_runs, args.fresh = 3, 3, 2, 1, True
    with tempfile.TemporaryDirectory() as tmp:
        if args.league:
            root = args.league.resolve()
        elif args.fresh:
            root = Path(tmp) / "league"
            build(root, args.turns, args.countries)
        else:
            root = kept_league(args.turns, args.countries)
        (validate, validate_cpu), (python, python_cpu) = bench_validate(root, args.runs)
        print(f"validate, cold start, median of {args.runs}: {validate:.3f} s, Python's start {python:.3f} s: "
              f"{validate / python:.1f} times (goal <= 15)")
        print(f"validate, cold start, CPU: {validate_cpu:.3f} s, Python's start {python_cpu:.3f} s: "
              f"{validate_cpu / max(python_cpu, 1e-3):.1f} times")
        wall, cpu, line = bench_verify(root, args.verify_runs)
        print(line)
        print(f"verify over {args.turns} turns: {wall:.2f} s (goal < 10 s), CPU {cpu:.2f} s, "
              f"median of {args.verify_runs}")


if __name__ == "__main__":
    main()
