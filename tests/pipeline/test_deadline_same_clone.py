"""Issue 21, "Local crash safety gaps": a ``deadline --push`` killed in a clone, run again in the SAME clone (a
self-hosted runner, or the game master's machine). The killed run may have left its turn commit and tag that
never reached origin, files half-way between two commits, or a lock of its own; the rerun drops the unpushed turn,
computes the turn again from origin and leaves exactly one turn there. A change or commit of anyone else still
stops it. Its own ``git status`` and reset take no lock the next run could not attribute."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from adjudicator.errors import GitError, LeagueError
from adjudicator.league import history
from adjudicator.pipeline import deadline

from ..conftest import git
from ..launcher import Launcher
from ..test_crash_loop import REPO, committed_at, gone, kill_moments
from .conftest import World, clone
from .test_deadline_crash_loop import NOW, deadline_cli, origin_state, runner, served
from .test_pipeline_deadline import AFTER_DEADLINE, turn_commits


class Killed(BaseException):
    """Stands for a kill between the local commit and the push."""


def killed_before_push(where: Path) -> None:
    def kill() -> None:
        raise Killed

    with pytest.raises(Killed):
        deadline.run(where, AFTER_DEADLINE, push=True, before_push=kill, say=lambda s: None)


def clean(where: Path, world: World) -> None:
    """The clone is where origin is, with nothing changed, untracked or left behind."""
    git(where, "fetch", "-q", "origin")
    assert git(where, "rev-parse", "HEAD") == git(where, "rev-parse", "origin/main")
    assert git(where, "status", "--porcelain", "--untracked-files=all") == ""
    gdir = where / ".git"
    assert [p.name for p in [*gdir.glob("turnpress-*"), *gdir.glob("index.lock"), *gdir.glob("refs/**/*.lock")]] \
        == []
    assert git(where, "rev-parse", "g1/turn-1^{commit}") == git(world.origin, "rev-parse", "g1/turn-1^{commit}")


def test_a_turn_committed_but_not_pushed_is_dropped_and_pushed_again(voted: World):
    """Origin has not moved: the rerun finds its own unpushed turn commit, drops it and pushes the same turn."""
    where = clone(voted.origin, voted.tmp / "runner", "Runner")
    killed_before_push(where)
    assert git(where, "log", "-1", "--format=%s").strip() == "g1: turn 1 (Round 1)" and turn_commits(voted) == []
    said: list[str] = []
    assert deadline.run(where, AFTER_DEADLINE, push=True, say=said.append) == 0
    assert said[0] == ("g1: turn 1 (Round 1): committed here by a run that was stopped before its push, never "
                       "published; dropped, and computed again from the remote branch"), said
    assert any("pushed to origin/main" in s for s in said)
    assert turn_commits(voted) == ["g1: turn 1 (Round 1)"]
    clean(where, voted)


def test_a_turn_not_pushed_while_another_run_pushed_it_is_dropped(voted: World):
    """Origin moved: another runner did the turn meanwhile. The local turn and its tag (the same name as
    origin's) go; the rerun finds nothing due."""
    where = clone(voted.origin, voted.tmp / "runner", "Runner")
    killed_before_push(where)
    other = clone(voted.origin, voted.tmp / "other", "Other")
    assert deadline.run(other, AFTER_DEADLINE, push=True, say=lambda s: None) == 0
    said: list[str] = []
    assert deadline.run(where, AFTER_DEADLINE, push=True, say=said.append) == 0
    assert said[-1] == "nothing is due", said
    assert turn_commits(voted) == ["g1: turn 1 (Round 1)"]
    clean(where, voted)


def test_files_half_way_between_the_turn_and_origin_are_reset(voted: World):
    """Killed inside the reset: the tree holds origin's files for some paths and the dropped turn's for others,
    the branch the dropped turn. Every file is a committed one's content, so nothing is lost by resetting."""
    where = clone(voted.origin, voted.tmp / "runner", "Runner")
    killed_before_push(where)
    changed = git(where, "diff", "--name-only", "origin/main", "HEAD").split()
    half = changed[: len(changed) // 2]
    for rel in half:  # as the reset left them: origin's version, or gone where origin has none
        shown = subprocess.run(["git", "show", f"origin/main:{rel}"], cwd=where, capture_output=True)
        if shown.returncode == 0:
            (where / rel).write_bytes(shown.stdout)
        else:
            (where / rel).unlink()
    assert deadline.run(where, AFTER_DEADLINE, push=True, say=lambda s: None) == 0
    assert turn_commits(voted) == ["g1: turn 1 (Round 1)"]
    clean(where, voted)


def test_a_change_or_commit_of_anyone_else_still_stops_the_run(voted: World):
    where = clone(voted.origin, voted.tmp / "runner", "Runner")
    killed_before_push(where)
    report = where / "games/g1/turns/0001/report.yaml"
    report.write_text(report.read_text() + "# edited by hand\n")
    with pytest.raises(LeagueError, match=r"uncommitted changes \(games/g1/turns/0001/report.yaml\)"):
        deadline.run(where, AFTER_DEADLINE, push=True)
    git(where, "checkout", "--", str(report))
    (where / "notes.txt").write_text("mine\n")
    git(where, "add", "notes.txt")
    git(where, "commit", "-qm", "g1: turn 2 (Round 2)")  # named like a turn, but not one: it changes notes.txt
    with pytest.raises(LeagueError, match="commits that are not on origin/main"):
        deadline.run(where, AFTER_DEADLINE, push=True)
    assert turn_commits(voted) == []


def test_its_reset_takes_the_index_lock_through_a_claim_and_a_foreign_lock_stops_it(voted: World):
    """The reset of ``deadline --push`` takes ``index.lock`` as the turn's writes do; a lock of another process
    stays, and the run says which file it is."""
    where = clone(voted.origin, voted.tmp / "runner", "Runner")
    killed_before_push(where)
    lock = where / ".git/index.lock"
    lock.write_text("")
    with pytest.raises(GitError) as refused:
        deadline.run(where, AFTER_DEADLINE, push=True)
    assert f"{lock} exists: another git command is working in this repository" in str(refused.value)
    assert lock.exists()
    lock.unlink()
    assert deadline.run(where, AFTER_DEADLINE, push=True, say=lambda s: None) == 0
    clean(where, voted)


def test_reset_hard_removes_the_dropped_commits_files_even_those_not_yet_in_the_index(voted: World):
    """A kill after the turn's files were written but before the index knew them: ``git reset --hard`` would
    leave them as untracked files (a turn folder origin has not); turnpress's reset removes them."""
    where = clone(voted.origin, voted.tmp / "runner", "Runner")
    base = git(where, "rev-parse", "HEAD").strip()
    killed_before_push(where)
    git(where, "read-tree", base)  # the index as before the turn; the tree and the branch have the turn
    history.reset_hard(where, base)
    assert git(where, "status", "--porcelain", "--untracked-files=all") == ""
    assert not (where / "games/g1/turns/0001").exists()


def test_reset_hard_rewrites_only_the_files_it_changes(voted: World):
    """A file both commits hold alike is left as it is (git writes a file in place, so a kill while it writes one
    leaves it half-written: the league's wheel, a few hundred kB, was rewritten by every reset and a kill there
    stopped every later run with "uncommitted changes")."""
    where = clone(voted.origin, voted.tmp / "runner", "Runner")
    base = git(where, "rev-parse", "HEAD").strip()
    killed_before_push(where)
    wheel = next((where / ".github/turnpress").glob("*.whl"))
    before = wheel.stat()
    history.reset_hard(where, base)
    after = wheel.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    assert git(where, "status", "--porcelain", "--untracked-files=all") == ""


def test_a_reset_killed_while_git_writes_a_file_is_done_again_by_the_next_run(voted: World):
    """kill -9 while the reset's git writes a file (held there by a smudge filter that waits): the file is gone or
    half-written, neither commit's. The next run knows the reset was its own (a mark in the git directory naming
    the paths it was writing) and does it again, instead of refusing the tree as someone's uncommitted change.
    Origin moved meanwhile (the game master changed a page), so the reset writes a file as well as removing the
    dropped turn's."""
    where = clone(voted.origin, voted.tmp / "runner", "Runner")
    killed_before_push(where)
    other = clone(voted.origin, voted.tmp / "other", "Other")
    page = other / "games/README.md"
    was = page.read_bytes()
    page.write_bytes(was + b"A line the game master added.\n")
    git(other, "commit", "-qam", "A line in the games' page")
    git(other, "push", "-q", "origin", "HEAD:main")
    git(where, "fetch", "-q", "origin")
    upstream = git(where, "rev-parse", "origin/main").strip()
    writing = voted.tmp / "writing"
    (where / ".git/info/attributes").write_text("* filter=slow\n")
    git(where, "config", "filter.slow.smudge", f"sh -c 'touch {writing}; sleep 120; cat'")
    code = ("import sys; from pathlib import Path; from adjudicator.league import history; "
            "history.reset_hard(Path(sys.argv[1]), sys.argv[2])")
    reset = subprocess.Popen([sys.executable, "-c", code, str(where), upstream], start_new_session=True)
    deadline_at = time.monotonic() + 60
    while not writing.exists() and reset.poll() is None and time.monotonic() < deadline_at:
        time.sleep(0.05)
    assert writing.exists(), "the reset never wrote a file"
    os.killpg(reset.pid, signal.SIGKILL)
    reset.wait()
    git(where, "config", "--unset", "filter.slow.smudge")
    (where / ".git/info/attributes").unlink()
    left = where / "games/README.md"
    assert (left.read_bytes() if left.exists() else None) not in (was, page.read_bytes())  # neither commit's
    assert deadline.run(where, AFTER_DEADLINE, push=True, say=lambda s: None) == 0
    assert turn_commits(voted) == ["g1: turn 1 (Round 1)"]
    clean(where, voted)


@pytest.mark.slow
def test_crash_loop_deadline_push_rerun_in_the_same_clone(voted: World):
    """kill -9 of ``deadline --push`` at random points, each rerun in the same clone, which is then used for the
    next kill too (origin is reset between rounds, so the clone always holds a turn origin has not, as after a
    kill before the push). Seeded; 12 kills spread over the run (``kill_moments``)."""
    base = voted.main_sha()

    def reset_origin() -> None:
        git(voted.origin, "update-ref", "refs/heads/main", base)
        git(voted.origin, "tag", "-d", "g1/turn-1")

    with Launcher(voted.tmp / "runs", REPO) as launch:
        where = runner(voted, "same")
        started = time.monotonic()
        proc = deadline_cli(launch, where)
        moved = committed_at(where, proc)
        out = proc.output()
        assert proc.returncode == 0 and moved is not None and "pushed to origin/main" in out, out + proc.errors()
        span, after = time.monotonic() - started, time.monotonic() - moved
        reset_origin()
        kills = pushed = dropped = 0
        for after_commit, wait in kill_moments(2121, span, after):
            proc = deadline_cli(launch, where)
            if after_commit:  # after the local commit: writing the files, the tag, the push
                committed_at(where, proc)
            # else anywhere: the fetch, the drop of the last round's turn and the reset, the turn
            time.sleep(wait)
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            gone(proc.pid)
            served(voted)
            kills += 1
            pushed += origin_state(voted, base)
            code, said, errors = launch.run(["--league", str(where), "deadline", "--now", NOW, "--push"])
            assert code == 0, (kills, said, errors)
            assert "pushed to origin/main" in said or "nothing is due" in said, said
            dropped += "dropped, and computed again" in said
            assert origin_state(voted, base), "exactly one turn on origin after the rerun"
            clean(where, voted)
            reset_origin()
    print(f"deadline --push crash loop in one clone: {kills} kills, {pushed} with the turn already on origin, "
          f"{dropped} reruns dropped an unpushed turn, {kills} consistent, exactly one turn after each rerun")
    assert kills >= 10
