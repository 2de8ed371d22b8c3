"""Race figures of the deadline (issue 21): outcomes counted over seeded trials against a local bare origin.

    .venv/bin/python benchmarks/bench_deadline_races.py [TRIALS] [--small]

``--small`` (one trial of each race) is what the test suite runs (``tests/test_benchmarks.py``).

Two races, each started from fresh clones as the deadline workflow is:

- two ``deadline --push`` runs at once (the second starts at a random moment of the first's run);
- a pull request merged while a ``deadline --push`` runs (an orders commit pushed to origin at a random moment).

For each trial it counts whether origin ends with exactly one turn, tagged, on top of everything merged, and
whether every run exited 0. Uses the tests' counter ruleset (a game of three players adding numbers).
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.conftest import git, new_repository  # noqa: E402
from tests.test_atomic import ready  # noqa: E402
from tests.test_crash_loop import CLI  # noqa: E402

NOW = "2026-01-06T00:00+01:00"  # after the deadline and its grace


def deadline(root: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", CLI, "--league", str(root), "deadline", "--now", NOW, "--push"],
                            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def ancestor(repo: Path, older: str, newer: str) -> bool:
    return subprocess.run(["git", "merge-base", "--is-ancestor", older, newer], cwd=repo).returncode == 0


def one_turn(origin: Path, kept: str) -> bool:
    """Exactly one turn on origin's main, tagged, and the commit ``kept`` (the base or a merge) not lost."""
    subjects = git(origin, "log", "--format=%s", "main").splitlines()
    tags = git(origin, "tag", "--list").split()
    return (sum(s.startswith("g1: turn") for s in subjects) == 1 and tags == ["g1/turn-1"]
            and ancestor(origin, "g1/turn-1", "main") and ancestor(origin, kept, "main"))


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--small"]
    trials = 1 if "--small" in sys.argv else int(args[0]) if args else 15
    tmp = Path(tempfile.mkdtemp(prefix="turnpress-races-"))
    league = tmp / "league"
    (league / "games").mkdir(parents=True)
    (league / "games/.keep").write_text("")
    new_repository(league)
    ready(league)
    os.environ["TURNPRESS_DICE_SECRETS"] = f"g1={(league / '.secrets/g1.dice').read_text().strip()}\n"
    origin = tmp / "origin.git"
    git(tmp, "clone", "-q", "--bare", str(league), str(origin))
    base = git(origin, "rev-parse", "main").strip()
    rng = random.Random(21)

    def fresh(name: str) -> Path:
        where = tmp / name
        shutil.rmtree(where, ignore_errors=True)
        git(tmp, "clone", "-q", str(origin), str(where))
        for key, value in (("user.name", "Deadline"), ("user.email", "deadline@example.org")):
            git(where, "config", key, value)
        return where

    def reset() -> None:
        git(origin, "update-ref", "refs/heads/main", base)
        subprocess.run(["git", "tag", "-d", "g1/turn-1"], cwd=origin, capture_output=True)

    started = time.monotonic()
    first = deadline(fresh("timing"))
    first.communicate()
    span = time.monotonic() - started
    reset()

    both = {"trials": 0, "exactly one turn": 0, "both exit 0": 0, "one pushed, one found it done": 0}
    for i in range(trials):
        a, b = fresh(f"a{i}"), fresh(f"b{i}")
        pa = deadline(a)
        time.sleep(rng.uniform(0, span))
        pb = deadline(b)
        outs = [pa.communicate()[0], pb.communicate()[0]]
        both["trials"] += 1
        both["exactly one turn"] += one_turn(origin, base)
        both["both exit 0"] += pa.returncode == 0 and pb.returncode == 0
        both["one pushed, one found it done"] += sorted("pushed to origin/main" in o for o in outs) == [False, True]
        reset()

    merge = {"trials": 0, "exactly one turn, the merge kept": 0, "exit 0": 0, "retried": 0}
    for i in range(trials):
        runner, player = fresh(f"r{i}"), fresh(f"p{i}")
        (player / "orders/g1/0002").mkdir(parents=True)
        (player / "orders/g1/0002/alice.yaml").write_text("game: g1\nturn: 2\nplayer: alice\norders:\n  add: 1\n")
        git(player, "add", "-A")
        git(player, "commit", "-qm", "orders of alice for turn 2")
        proc = deadline(runner)
        time.sleep(rng.uniform(0, span))
        if subprocess.run(["git", "push", "-q", "origin", "HEAD:main"], cwd=player, capture_output=True).returncode:
            # The turn reached origin first: the pull request is merged on top of it, as GitHub would.
            git(player, "pull", "-q", "--rebase", "origin", "main")
            git(player, "push", "-q", "origin", "HEAD:main")
        merged = git(player, "rev-parse", "HEAD").strip()
        out = proc.communicate()[0]
        merge["trials"] += 1
        merge["exactly one turn, the merge kept"] += one_turn(origin, merged)
        merge["exit 0"] += proc.returncode == 0
        merge["retried"] += "moved while this run worked" in out
        reset()
    print(f"span of one run: {span:.1f} s")
    print("two deadline runs at once:", both)
    print("an orders merge during the deadline:", merge)
    shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
