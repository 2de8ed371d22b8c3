"""Issue 28, item 5 and "One run at a time per working copy": two ``adjudicate --due --commit`` in one working
copy read the tree while the other wrote it, and the second committed the next turn a week early with every
player NMR; ``verify`` said "all match". Commands that change the league now hold a lock (``flock`` on
``.git/turnpress.lock``, dropped by the kernel however the run ends), and ``verify`` names a turn run before its
deadline while someone had no orders in, unless the game master's ``--early`` or a ruling says so."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

from adjudicator.engine import turn as turnmod

from .conftest import git, run
from .test_atomic import ready
from .test_crash_loop import CLI, REPO
from .test_league_e2e import at, submit

HOLD = ("import sys, time; from pathlib import Path; from adjudicator.league import history\n"
        "with history.league_lock(Path(sys.argv[1]), 'adjudicate'):\n"
        "    print('held', flush=True); time.sleep(120)\n")


def holder(league: Path) -> subprocess.Popen[str]:
    """Another turnpress run at work in the working copy: it holds the lock until killed."""
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(league)], cwd=REPO, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline() == "held\n"
    return proc


def test_a_second_run_is_refused_while_one_works_and_a_killed_run_leaves_no_lock(league, capsys):
    ready(league)
    head = git(league, "rev-parse", "HEAD")
    other = holder(league)
    try:
        capsys.readouterr()
        assert run(league, "adjudicate", "--due", "--now", "2026-01-06T00:00+01:00", "--commit") == 2
        err = capsys.readouterr().err
        assert f"another turnpress run is changing this league (pid {other.pid}, turnpress adjudicate" in err
        assert "wait until it has ended and run the command again" in err
        assert git(league, "rev-parse", "HEAD") == head and git(league, "status", "--porcelain") == ""
        assert run(league, "join", "g1", "Dave:dave:4") == 2, "every command that changes the league waits its turn"
        assert run(league, "status") == 0, "looking needs no lock"
    finally:
        other.send_signal(signal.SIGKILL)
        other.wait()
    # Killed without a chance to clean up: the kernel dropped the lock with the process.
    assert run(league, "adjudicate", "--due", "--now", "2026-01-06T00:00+01:00", "--commit") == 0
    assert git(league, "tag", "--list").split() == ["g1/turn-1"]


def test_two_due_runs_started_at_once_never_commit_a_turn_early(league):
    """The game master's double start, three turns over: each turn is committed once, at its deadline, never the
    next one a week early; the run that lost the race says so, and ``verify`` finds everything in order."""
    ready(league)
    for turn in (1, 2, 3):
        if turn > 1:
            for player in ("alice", "bob"):
                submit(league, turn, player, "  add: 1\n", at(5 + 7 * (turn - 1), 10))
        now = f"2026-01-{6 + 7 * (turn - 1):02d}T00:00+01:00"
        runs = [subprocess.Popen([sys.executable, "-c", CLI, "--league", str(league), "adjudicate", "--due", "--now",
                                  now, "--commit"], cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True) for _ in range(2)]
        results = [(p.wait(timeout=120), p.stdout.read(), p.stderr.read()) for p in runs]  # type: ignore[union-attr]
        for code, out, err in results:
            assert code == 0 or (code == 2 and "another turnpress run is changing this league" in err), (out, err)
        assert git(league, "tag", "--list").split() == [f"g1/turn-{t}" for t in range(1, turn + 1)], results
    assert git(league, "log", "--format=%s").count("g1: turn") == 3
    assert run(league, "verify") == 0


def test_verify_names_a_turn_run_before_its_deadline_with_players_missing(league, capsys):
    """Turn 1 run by name with ``--early`` is recorded so and verifies; turn 2 run before its deadline without
    it (as the second of two runs did) is named, with who missed it."""
    ready(league)
    assert run(league, "adjudicate", "g1", "--early", "--now", "2026-01-05T12:00+01:00", "--commit") == 0
    report = (league / "games/g1/turns/0001/report.yaml").read_text()
    assert "early: true" in report
    capsys.readouterr()
    assert run(league, "verify") == 0, capsys.readouterr().out
    turnmod.adjudicate(league, "g1", at(6, 0), commit=True, only_if_due=False)
    capsys.readouterr()
    assert run(league, "verify") == 1
    out = capsys.readouterr().out
    assert ("g1: turn 2: adjudicated at 2026-01-06T00:00+01:00, before its deadline (2026-01-12T20:00+01:00), "
            "while alice, bob, carol had no orders in, and neither a ruling nor the game master's --early says so"
            in out), out


def test_a_turn_everyone_sent_orders_for_may_run_early_without_a_word(league, capsys):
    """Early adjudication because every awaited player has orders in is the rules' own: nothing to name."""
    ready(league)
    submit(league, 1, "carol", "  add: 2\n", at(4, 12))
    assert run(league, "adjudicate", "--due", "--now", "2026-01-04T13:00+01:00", "--commit") == 0
    capsys.readouterr()
    assert run(league, "verify") == 0, capsys.readouterr().out
