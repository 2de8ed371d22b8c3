"""Issue 21, "a crash loop (kill -9 at random points of ... ``deadline --push``)": the deadline workflow's run
killed with its whole process group at a random moment, against a bare origin. As on GitHub, every run starts
from a fresh clone and the receiving side is not killed with the client (``setsid`` on the receive-pack).
After every kill origin holds either nothing new or the whole turn with its tag (the push is atomic), and the
next run leaves exactly one turn on origin. Seeded; 12 kills spread over the run (``kill_moments``)."""

from __future__ import annotations

import os
import shutil
import signal
import time
from pathlib import Path

import pytest

from ..conftest import git
from ..launcher import Launcher, Run
from ..test_crash_loop import REPO, committed_at, gone, kill_moments
from .conftest import World, clone
from .test_pipeline_deadline import turn_commits

NOW = "2026-01-05T20:05+01:00"


def runner(world: World, name: str) -> Path:
    where = clone(world.origin, world.tmp / name, "Deadline")
    git(where, "config", "remote.origin.receivepack", "setsid git-receive-pack")
    return where


def deadline_cli(launch: Launcher, root: Path) -> Run:
    """``deadline --push`` in ``root``, a process of its own forked with turnpress imported (``launcher``)."""
    return launch.start(["--league", str(root), "deadline", "--now", NOW, "--push"])


def served(world: World) -> None:
    """Wait until origin's receive-pack (in a session of its own, as a server is) has finished: the killed client
    does not stop it, and until it ends its ref transaction may be half-way, the tag moved and the branch not yet."""
    def serving() -> bool:
        for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
            try:
                args = cmdline.read_bytes().split(b"\0")
            except OSError:  # ended meanwhile
                continue
            if any(b"receive-pack" in a for a in args) and any(str(world.origin).encode() in a for a in args):
                return True
        return False

    limit = time.monotonic() + 60
    while serving():
        assert time.monotonic() < limit, "origin's receive-pack still runs a minute after the kill"
        time.sleep(0.05)


def origin_state(world: World, base: str) -> bool:
    """Consistent: origin's main is the base or the base plus the turn's commit, tagged; True if the latter."""
    main = world.main_sha()
    tags = git(world.origin, "tag", "--list").split()
    if main == base:
        assert tags == [], tags
        return False
    assert git(world.origin, "rev-parse", "main^").strip() == base
    assert turn_commits(world) == ["g1: turn 1 (Round 1)"]
    assert tags == ["g1/turn-1"] and git(world.origin, "rev-parse", "g1/turn-1^{commit}").strip() == main
    return True


@pytest.mark.slow
def test_crash_loop_deadline_push(voted: World):
    base = voted.main_sha()

    def reset_origin() -> None:
        git(voted.origin, "update-ref", "refs/heads/main", base)
        git(voted.origin, "tag", "-d", "g1/turn-1")

    with Launcher(voted.tmp / "runs", REPO) as launch:
        started = time.monotonic()
        timing = runner(voted, "timing")
        proc = deadline_cli(launch, timing)
        moved = committed_at(timing, proc)
        out = proc.output()
        assert proc.returncode == 0 and moved is not None and "pushed to origin/main" in out, out + proc.errors()
        span, after = time.monotonic() - started, time.monotonic() - moved
        reset_origin()
        kills = pushed = 0
        for after_commit, wait in kill_moments(21, span, after):
            killed = runner(voted, f"kill-{kills}")
            proc = deadline_cli(launch, killed)
            if after_commit:  # after the local commit: writing the files, the tag, the push
                committed_at(killed, proc)
            time.sleep(wait)
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            gone(proc.pid)
            served(voted)
            kills += 1
            pushed += origin_state(voted, base)
            code, said, errors = launch.run(["--league", str(runner(voted, f"rerun-{kills}")), "deadline",
                                             "--now", NOW, "--push"])
            assert code == 0, (said, errors)
            assert "pushed to origin/main" in said or "nothing is due" in said, said
            assert origin_state(voted, base), "exactly one turn on origin after the rerun"
            assert not list(voted.origin.glob("**/*.lock")), "no lock left on origin"
            reset_origin()
            shutil.rmtree(killed)
            shutil.rmtree(voted.tmp / f"rerun-{kills}")
    print(f"deadline --push crash loop: {kills} kills, {pushed} with the turn already on origin, "
          f"{kills} consistent, exactly one turn after each rerun")
    assert kills >= 10
