"""Benchmark of one deadline run as the game master waits for it (issue 33, "The deadline as the game master waits
for it").

    .venv/bin/python benchmarks/bench_deadline.py [--games 10] [--turns 100] [--players 5] [--countries 7] [--small]

The league: bench_site.py's 1,000 issues (GAMES games of TURNS turns of the tests' counter game, written straight
to ``games/``, their pages generated and committed as a league holds them) and one Bretton Woods game of COUNTRIES
countries with a turn played, whose next turn is due with every country's sheet on main. It is pushed to a bare
repository, which stands for GitHub.

One deadline run, the steps of ``.github/workflows/deadline.yml`` (the adjudicate job, then the site job), each
in new processes and timed:

1. checkout: a fresh clone of the whole history (``actions/checkout`` with ``fetch-depth: 0``);
2. deadline: ``turnpress deadline --push`` adjudicates the due turn, commits, tags and pushes it;
3. site: a fresh clone of the pushed commit (the site job's own checkout) and ``turnpress site build
   --issues-as-committed`` (the pages, then ``mkdocs build --strict``), with no cache of earlier builds, as on a new
   runner;
4. artifact: the tar archive of ``public/`` that ``actions/upload-pages-artifact`` makes.

Not timed: setting up Python and installing turnpress (pip, whose time is the network's and the runner's cache's),
the upload and the deploy. Goal: the four together under 60 s on 2 cores. ``--small`` (2 games of 5 turns, 3
countries) is what the test suite runs (``tests/test_benchmarks.py``).

The counter game is the tests' ruleset, not an installed one: each ``turnpress`` command runs as this script with
``--turnpress`` (the counter registered, then turnpress's own ``main``), in a process of its own as in the workflow.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import bench_league  # noqa: E402 - the Bretton Woods game and its sheets, as bench_league.py plays them
import bench_site  # noqa: E402 - the 1,000 issues (registers the counter game)

from adjudicator.cli.values import parse_player  # noqa: E402
from adjudicator.engine import turn as turnmod  # noqa: E402
from adjudicator.league import secrets, store  # noqa: E402
from adjudicator.newsletter import site  # noqa: E402

LIVE = "live"
FIRST = dt.datetime(2026, 1, 1, 20, tzinfo=dt.UTC)  # the live game's first deadline; every 7 days after


def sh(root: Path, *args: str, env: dict[str, str] | None = None) -> str:
    return subprocess.run(args, cwd=root, check=True, capture_output=True, text=True, env=env).stdout


def dated(when: dt.datetime) -> dict[str, str]:
    return {**os.environ, "GIT_AUTHOR_DATE": when.isoformat(), "GIT_COMMITTER_DATE": when.isoformat()}


def make_league(root: Path, games: int, turns: int, players: int, countries: int, played: int) -> dict[str, str]:
    """The league in ``root`` (a repository) with its live game's next turn due; the secrets a run needs."""
    root.mkdir(parents=True)
    sh(root, "git", "init", "-q", "-b", "main")
    sh(root, "git", "config", "user.name", "bench")
    sh(root, "git", "config", "user.email", "bench@example.org")
    (root / ".gitignore").write_text(".secrets/\n")
    for g in range(games):
        bench_site.write_game(root, f"game-{g:02d}", turns, players)
    site.generate(root)  # the pages a league commits (the issue pages) and the generated ones it ignores
    names = [f"Land{chr(65 + i // 26)}{chr(97 + i % 26)}" for i in range(countries)]
    seats = [parse_player(f"{n}:p{i:02d}:{1000 + i}:{bench_league.TYPES[i % 3]}") for i, n in enumerate(names)]
    _, secret = turnmod.new_game(root, "bretton-woods", LIVE, seats, {"orders": "open"},
                                 {"first": FIRST.strftime("%Y-%m-%d %H:%M"), "every": "7 days", "timezone": "UTC"})
    env = {secrets.dice_secret_env(LIVE): secret.hex()}
    key = secrets.secret_file(root, LIVE, secrets.KEY)
    if key.is_file():
        env[secrets.key_env(LIVE)] = key.read_text(encoding="utf-8")
    os.environ.update(env)
    sh(root, "git", "add", "-A")
    sh(root, "git", "commit", "-qm", "the league", env=dated(FIRST - dt.timedelta(days=30)))
    for turn in range(1, played + 2):
        deadline = FIRST + dt.timedelta(days=7 * (turn - 1))
        bench_league.write_sheets(root, store.load_game(root, LIVE))
        sh(root, "git", "add", "orders")
        sh(root, "git", "commit", "-qm", f"orders {turn}", env=dated(deadline - dt.timedelta(hours=1)))
        if turn <= played:
            run_at = deadline + dt.timedelta(minutes=1)
            os.environ.update(dated(run_at))
            turnmod.adjudicate(root, LIVE, run_at, commit=True, only_if_due=True)
    for name in ("GIT_AUTHOR_DATE", "GIT_COMMITTER_DATE"):
        os.environ.pop(name, None)
    return env


def turnpress(cwd: Path, *args: str, env: dict[str, str]) -> str:
    """``turnpress ARGS`` in a process of its own, the counter game registered (see the module's text)."""
    done = subprocess.run([sys.executable, __file__, "--turnpress", *args], cwd=cwd, capture_output=True, text=True,
                          env={**os.environ, **env, "NO_MKDOCS_2_WARNING": "1"})
    if done.returncode != 0:
        sys.exit(f"turnpress {' '.join(args)} failed:\n{done.stdout}{done.stderr}")
    return done.stdout


class Step:
    """Times a step: wall seconds, and the CPU seconds of the processes it started (on a shared machine the
    wall time says how long the others made it; the CPU time is what the step costs)."""

    def __init__(self, steps: dict[str, float], name: str) -> None:
        self.steps, self.name = steps, name

    def __enter__(self) -> None:
        self.wall, self.cpu = time.monotonic(), children_cpu()

    def __exit__(self, *exc: object) -> None:
        self.steps[f"{self.name}_s"] = time.monotonic() - self.wall
        self.steps[f"{self.name}_cpu_s"] = children_cpu() - self.cpu


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def deadline_run(work: Path, remote: Path, now: dt.datetime, env: dict[str, str]) -> dict[str, float]:
    """One run of the deadline workflow's jobs against ``remote``; seconds per step."""
    steps: dict[str, float] = {}
    adjudicate = work / "adjudicate"
    with Step(steps, "checkout"):
        sh(work, "git", "clone", "-q", "--no-local", str(remote), str(adjudicate))
    sh(adjudicate, "git", "config", "user.name", "turnpress deadline")
    sh(adjudicate, "git", "config", "user.email", "bench@example.org")
    with Step(steps, "deadline"):
        out = turnpress(adjudicate, "deadline", "--push", "--now", now.isoformat(), env=env)
    sha = sh(adjudicate, "git", "rev-parse", "HEAD").strip()
    if sha != sh(remote, "git", "rev-parse", "main").strip() or "turn" not in out:
        sys.exit(f"the deadline run pushed no turn:\n{out}")
    pages = work / "site"
    with Step(steps, "site"):
        sh(work, "git", "clone", "-q", "--no-local", str(remote), str(pages))
        sh(pages, "git", "checkout", "-q", sha)
        turnpress(pages, "site", "build", "--issues-as-committed", env={})  # as the workflow runs it
    with Step(steps, "artifact"):
        # actions/upload-pages-artifact: tar of the folder, links followed, without .git, .github and hidden files
        sh(pages, "tar", "--dereference", "--hard-dereference", "--directory", "public", "-cf",
           str(work / "artifact.tar"), "--exclude=.git", "--exclude=.github", "--exclude=.[^/]*", ".")
    steps["artifact_mb"] = (work / "artifact.tar").stat().st_size / 1e6
    steps["issue_pages"] = sum(1 for _ in (pages / "public" / "news").glob("*/[0-9][0-9][0-9][0-9]/index.html"))
    return steps


def main() -> int:
    if sys.argv[1:2] == ["--turnpress"]:
        from adjudicator.cli import main as cli
        return cli(sys.argv[2:])
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--turns", type=int, default=100)
    p.add_argument("--players", type=int, default=5)
    p.add_argument("--countries", type=int, default=7)
    p.add_argument("--played", type=int, default=3, help="turns of the live game played before the run")
    p.add_argument("--small", action="store_true", help="2 games of 5 turns, 3 countries: what the tests run")
    p.add_argument("--keep", action="store_true", help="keep the folders and print where they are")
    args = p.parse_args()
    if args.small:
        args.games, args.turns, args.countries, args.played = 2, 5, 3, 1
    work = Path(tempfile.mkdtemp(prefix="bench-deadline-"))
    try:
        start = time.monotonic()
        league = work / "league"
        env = make_league(league, args.games, args.turns, args.players, args.countries, args.played)
        remote = work / "remote.git"
        sh(work, "git", "clone", "-q", "--bare", str(league), str(remote))
        built = time.monotonic() - start
        now = FIRST + dt.timedelta(days=7 * args.played, minutes=2)
        steps = deadline_run(work, remote, now, env)
        # the turn the run adjudicated is on the site it built
        published = (work / "site" / "public" / "news" / LIVE / f"{args.played + 1:04d}" / "index.html").is_file()
    finally:
        if args.keep:
            print(f"kept in {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    total = sum(v for k, v in steps.items() if k.endswith("_s") and not k.endswith("_cpu_s"))
    cpu = sum(v for k, v in steps.items() if k.endswith("_cpu_s"))
    figures = {"issues": args.games * args.turns, "live_game_countries": args.countries, "league_built_s": built,
               **steps, "total_s": total, "total_cpu_s": cpu, "cores": len(os.sched_getaffinity(0)),
               "load_average": [round(x, 1) for x in os.getloadavg()]}
    print(json.dumps({k: round(v, 2) if isinstance(v, float) else v for k, v in figures.items()}, indent=2))
    if not published:
        sys.exit(f"the site built has no issue page of {LIVE}'s turn {args.played + 1}")
    print(f"{LIVE}'s turn {args.played + 1} adjudicated, pushed and on the site built")
    print(f"one deadline run end to end (checkout, deadline, site build, artifact): {total:.1f} s (goal < 60 s), "
          f"CPU {cpu:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
