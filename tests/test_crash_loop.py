"""Repair that checks content (issue 21, item 6): after a kill or a full disk the next run restores every file
of the committed turn byte for byte, removes turnpress's own leftovers and only those, and a full disk is
reported as such. The crash loop kills ``adjudicate --due --commit`` at random points, seeded."""

import errno
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from adjudicator import history
from adjudicator import turn as turnmod

from .conftest import git
from .test_atomic import ready
from .test_league_e2e import at, run

NOW = "2026-01-06T00:00+01:00"
REPO = Path(__file__).resolve().parents[1]
CLI = "import sys; import tests.conftest; from adjudicator.cli import main; sys.exit(main())"  # registers counter


def dead_pid() -> int:
    proc = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(proc.stdout)


def leftovers(root: Path) -> list[str]:
    gdir = root / ".git"
    found = [p.name for p in gdir.glob("turnpress-*")] + [p.name for p in gdir.glob("index.lock")]
    return sorted(found + [str(p.relative_to(root)) for p in root.rglob(".turnpress-*")])


def assert_one_clean_turn(root: Path) -> None:
    assert git(root, "tag", "--list").split() == ["g1/turn-1"]
    assert git(root, "log", "--format=%s").count("g1: turn 1 ") == 1
    assert git(root, "status", "--porcelain", "--untracked-files=all") == ""
    assert leftovers(root) == []
    for rel in git(root, "ls-files", "games/g1/turns/0001").split():
        assert (root / rel).read_bytes() == subprocess.run(
            ["git", "show", f"HEAD:{rel}"], cwd=root, capture_output=True, check=True).stdout, rel


def test_truncated_turn_files_and_leftovers_are_repaired_by_the_next_run(league):
    ready(league)
    assert run(league, "adjudicate", "--due", "--now", NOW, "--commit") == 0
    turn = league / "games/g1/turns/0001"
    for name in ("state.yaml", "report.yaml"):  # what a full disk or a kill inside the checkout leaves
        body = (turn / name).read_bytes()
        (turn / name).write_bytes(body[: len(body) // 2])
    pid = dead_pid()
    (league / ".git" / f"turnpress-index-{pid}-x1y2").write_bytes(b"DIRC")
    (league / ".git" / f"turnpress-checkout-{pid}").write_bytes(b"")
    (league / ".git" / "index.lock").write_bytes(b"")  # made by the git the killed run had started
    (turn / f".turnpress-{pid}-state.yaml").write_bytes(b"half")
    assert git(league, "status", "--porcelain") != ""
    assert run(league, "adjudicate", "--due", "--now", NOW, "--commit") == 0
    assert_one_clean_turn(league)


def test_only_turnpress_leftovers_of_dead_runs_are_removed(league):
    """A lock git made for someone else, and the private index of a run still alive, stay."""
    ready(league)
    assert run(league, "adjudicate", "--due", "--now", NOW, "--commit") == 0
    (league / ".git" / "index.lock").write_bytes(b"")
    alive = league / ".git" / f"turnpress-index-{os.getpid()}-a1b2"
    alive.write_bytes(b"DIRC")
    assert history.clean_leftovers(league) == []
    assert (league / ".git" / "index.lock").exists() and alive.exists()
    # A marker older than the lock proves nothing about it only if the lock came first: then it stays too.
    os.utime(league / ".git" / "index.lock", ns=(1, 1))
    marker = league / ".git" / f"turnpress-checkout-{dead_pid()}"
    marker.write_bytes(b"")
    assert history.clean_leftovers(league) == [marker.name]
    assert (league / ".git" / "index.lock").exists()


def test_a_full_disk_at_each_write_is_repaired_by_the_next_run(league, tmp_path):
    """ENOSPC injected through the fault seam at every step of ``adjudicate --commit`` that writes."""
    ready(league)
    steps: list[str] = []
    probe = tmp_path / "probe"
    shutil.copytree(league, probe)
    turnmod.adjudicate(probe, "g1", at(6, 0), commit=True, only_if_due=True, fault=steps.append)
    assert "commit" in steps and "tag" in steps and any(s.startswith("materialize games/") for s in steps)
    for i, step in enumerate(steps):
        copy = tmp_path / f"full-{i}"
        shutil.copytree(league, copy)

        def full(at_step: str, step: str = step) -> None:
            if at_step == step:
                raise OSError(errno.ENOSPC, "No space left on device")

        with pytest.raises(OSError):
            turnmod.adjudicate(copy, "g1", at(6, 0), commit=True, only_if_due=True, fault=full)
        assert run(copy, "adjudicate", "--due", "--now", NOW, "--commit") == 0, step
        assert_one_clean_turn(copy)


def test_a_full_disk_is_reported_as_such(league, monkeypatch, capsys):
    ready(league)

    def full(path: Path, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(history, "write_atomic", full)
    assert run(league, "adjudicate", "g1", "--now", NOW, "--commit") == 2
    err = capsys.readouterr().err
    assert "disk full while writing" in err and "games/g1/turns/0001/" in err and "Traceback" not in err
    assert run(league, "adjudicate", "--due", "--now", NOW, "--commit") == 2  # the deadline's words
    assert "the disk is full (writing games/g1/" in capsys.readouterr().out
    monkeypatch.undo()
    assert run(league, "adjudicate", "--due", "--now", NOW, "--commit") == 0
    assert_one_clean_turn(league)


def adjudicate_cli(root: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", CLI, "--league", str(root), "adjudicate", "--due", "--now", NOW,
                             "--commit"], cwd=REPO, start_new_session=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


@pytest.mark.slow
def test_crash_loop_kill_at_random_points(league, tmp_path):
    """kill -9 (the whole process group: turnpress and the git it runs) at a random moment of a real run, then
    a rerun: consistent after every kill, exactly one turn after the rerun, no leftovers. Seeded; ~60 s."""
    ready(league)
    base = git(league, "rev-parse", "HEAD").strip()
    started = time.monotonic()
    proc = adjudicate_cli(shutil.copytree(league, tmp_path / "timing"))
    assert proc.wait() == 0, proc.communicate()[0].decode()
    span = time.monotonic() - started
    rng = random.Random(21)
    kills = consistent = committed = 0
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        copy = tmp_path / f"kill-{kills}"
        shutil.copytree(league, copy)
        proc = adjudicate_cli(copy)
        time.sleep(rng.uniform(0.0, span))
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        kills += 1
        head = git(copy, "rev-parse", "HEAD").strip()
        tags = git(copy, "tag", "--list").split()
        # Consistent: either nothing was committed, or the turn's commit is whole and sits on the base.
        assert head == base or git(copy, "rev-parse", "HEAD^").strip() == base
        assert tags in ([], ["g1/turn-1"]) and (not tags or head != base)
        committed += head != base
        rerun = subprocess.run([sys.executable, "-c", CLI, "--league", str(copy), "adjudicate", "--due", "--now",
                                NOW, "--commit"], cwd=REPO, capture_output=True, text=True)
        assert rerun.returncode == 0, rerun.stderr
        assert_one_clean_turn(copy)
        consistent += 1
        shutil.rmtree(copy)
    print(f"crash loop: {kills} kills, {committed} after the commit, {consistent} consistent after the rerun")
    assert kills >= 10 and consistent == kills
