"""Safe to run twice, safe to crash (issue: the league engine, item 9).

A failure at any step before the commit — in the ruleset, while writing, while moving files into the tree,
in git itself, or a kill (a BaseException) — leaves the working tree, the index and the history exactly as
they were. Afterwards the same turn adjudicates normally.
"""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.engine import turn as turnmod

from .conftest import git
from .counter import RULESET
from .test_league_e2e import at, new_game, run, submit


class Boom(BaseException):
    """Stands for a kill: not an Exception, so nothing may swallow it."""


def snapshot(root: Path) -> tuple[str, str, str, dict[str, bytes]]:
    files = {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
             if p.is_file() and ".git" not in p.parts}
    return (git(root, "rev-parse", "HEAD"), git(root, "status", "--porcelain", "--untracked-files=all"),
            git(root, "tag", "--list"), files)


def ready(root: Path) -> None:
    new_game(root)
    submit(root, 1, "alice", "  add: 4\n", at(4, 10))
    submit(root, 1, "bob", "  add: 3\n", at(4, 11))


# With --commit nothing touches the tree before the compare-and-swap commit; without it nothing is written at all
# (a look, issue 29: tests/test_adjudicate_look.py).
STEPS = [(True, "commit")]


@pytest.mark.parametrize(("commit", "step"), STEPS)
@pytest.mark.parametrize("error", [OSError(28, "No space left on device"), Boom()])
def test_a_failure_at_any_step_changes_nothing(league, commit, step, error):
    ready(league)
    before = snapshot(league)

    def hook(at_step: str) -> None:
        if at_step == step:
            raise error

    with pytest.raises(type(error)):
        turnmod.adjudicate(league, "g1", at(6, 0), commit=commit, only_if_due=True, fault=hook)
    assert snapshot(league) == before
    assert not list((league / ".git").glob("turnpress-*")), "the staging folder is cleaned up"
    assert run(league, "adjudicate", "--due", "--now", "2026-01-06T00:00+01:00", "--commit") == 0
    assert git(league, "tag", "--list").split() == ["g1/turn-1"]


def test_an_exception_in_the_ruleset_changes_nothing(league, monkeypatch):
    ready(league)
    before = snapshot(league)

    def broken(state, orders, dice):
        raise ZeroDivisionError("a bug in the rules")

    monkeypatch.setattr(RULESET, "adjudicate", broken)
    with pytest.raises(ZeroDivisionError):
        turnmod.adjudicate(league, "g1", at(6, 0), commit=True, only_if_due=True)
    assert snapshot(league) == before


def test_a_branch_moved_by_another_run_refuses_the_commit(league):
    """If the branch moves between reading the turn and committing it, the compare-and-swap fails."""
    ready(league)

    def sneak_in(step: str) -> None:
        if step == "commit":
            (league / "note.txt").write_text("someone else was faster\n")
            git(league, "add", "note.txt")
            git(league, "commit", "-qm", "another run")

    before_tags = git(league, "tag", "--list")
    with pytest.raises(Exception, match="refs/heads/main is at .*: it moved meanwhile"):
        turnmod.adjudicate(league, "g1", at(6, 0), commit=True, only_if_due=True, fault=sneak_in)
    assert git(league, "log", "-1", "--format=%s").strip() == "another run"
    assert git(league, "tag", "--list") == before_tags
    assert git(league, "status", "--porcelain") == ""
    assert not (league / "games/g1/turns/0001").exists()


def test_a_locked_index_after_the_commit_is_healed_by_the_next_run(league):
    ready(league)
    (league / ".git/index.lock").write_text("")
    with pytest.raises(Exception, match="index.lock"):
        turnmod.adjudicate(league, "g1", at(6, 0), commit=True, only_if_due=True)
    (league / ".git/index.lock").unlink()
    assert run(league, "adjudicate", "--due", "--now", "2026-01-06T00:00+01:00", "--commit") == 0
    assert git(league, "status", "--porcelain") == ""
    assert git(league, "tag", "--list").split() == ["g1/turn-1"]
    assert (league / "games/g1/turns/0001/report.yaml").is_file()


def test_running_twice_changes_nothing(league):
    ready(league)
    assert run(league, "adjudicate", "--due", "--now", "2026-01-06T00:00+01:00", "--commit") == 0
    before = snapshot(league)
    assert run(league, "adjudicate", "--due", "--now", "2026-01-06T00:00+01:00", "--commit") == 0
    assert snapshot(league) == before



def test_a_turn_commits_from_a_linked_worktree(league, tmp_path):
    """A game master who keeps the league in a ``git worktree`` (where .git is a file) can commit turns."""
    ready(league)
    other = tmp_path / "other"
    git(league, "worktree", "add", "-q", "-b", "gm", str(other))
    shutil.copytree(league / ".secrets", other / ".secrets")  # git-ignored, so not in the new worktree
    assert run(other, "adjudicate", "--due", "--now", "2026-01-06T00:00+01:00", "--commit") == 0
    assert git(other, "log", "-1", "--format=%s").startswith("g1: turn 1")
    assert git(other, "status", "--porcelain") == ""

KILL = ("import datetime as dt, os, signal, sys\n"
        "from pathlib import Path\n"
        "from adjudicator.engine import turn\n"
        "from tests import conftest\n"
        "kill = lambda s: os.kill(os.getpid(), signal.SIGKILL) if s == sys.argv[2] else None\n"
        "now = dt.datetime.fromisoformat('2026-01-06T00:00+01:00')\n"
        "turn.adjudicate(Path(sys.argv[1]), 'g1', now, commit=True, only_if_due=False, fault=kill)\n")


@pytest.mark.parametrize("step", ["commit", "materialize", "tag"])
def test_a_killed_process_leaves_the_turn_undone_or_done(league, step):
    """A real kill -9 at each step. Before the commit nothing has changed; after it, the next run finishes the
    turn (files and tag) and adjudicates nothing twice."""
    ready(league)
    before = snapshot(league)
    proc = subprocess.run([sys.executable, "-c", KILL, str(league), step], cwd=Path(__file__).resolve().parents[1])
    assert proc.returncode == -9
    committed = step in ("materialize", "tag")
    if not committed:
        assert snapshot(league)[:3] == before[:3] and snapshot(league)[3] == before[3]
    else:
        assert git(league, "log", "-1", "--format=%s").strip() == "g1: turn 1 (Round 1)"
    assert run(league, "adjudicate", "--due", "--now", "2026-01-06T00:00+01:00", "--commit") == 0
    assert git(league, "tag", "--list").split() == ["g1/turn-1"]
    assert git(league, "status", "--porcelain") == ""
    assert git(league, "log", "--format=%s").count("g1: turn 1") == 1
