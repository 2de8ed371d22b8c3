"""``adjudicate`` without ``--commit`` is a look, and the deadline runs of a season stay consistent (issue 29).

Finding 1: a look wrote the turn into the tree; the next look adjudicated the turn after it, and a ``--commit``
built on both and committed only its own, leaving a hole that made ``verify`` crash. Finding 7: a turn held for
the game master exited 0 on the first run and 2 on every later one; ``--due --now`` far ahead ran every game;
``adjudicate GAME --due`` was refused.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from adjudicator.cli import values

from .conftest import git, run
from .test_league_e2e import at, new_game, submit


def tree_clean(root: Path) -> bool:
    return git(root, "status", "--porcelain", "--untracked-files=all") == ""


def test_two_looks_then_a_commit_commit_exactly_turn_1(league: Path, capsys):
    new_game(league)
    submit(league, 1, "alice", "  add: 4\n", at(4, 10))
    for _ in range(2):
        assert run(league, "adjudicate", "--due", "--now", "2026-01-06T00:00+01:00") == 0
        out = capsys.readouterr().out
        assert "g1: turn 1 (Round 1) would be adjudicated; missed: bob, carol" in out
        assert "--- the issue it would publish (g1, turn 1):" in out, "the look shows the issue"
        assert "A look: nothing was written. Run the command again with --commit" in out
        assert tree_clean(league), "a look writes nothing"
    assert run(league, "adjudicate", "g1", "--now", "2026-01-06T00:00+01:00") == 0
    assert "would be adjudicated" in capsys.readouterr().out and tree_clean(league)
    assert run(league, "adjudicate", "--due", "--now", "2026-01-06T00:00+01:00", "--commit") == 0
    assert "g1: turn 1 (Round 1) adjudicated; missed: bob, carol [" in capsys.readouterr().out
    assert git(league, "tag", "--list").split() == ["g1/turn-1"]
    assert sorted(p.name for p in (league / "games/g1/turns").iterdir()) == ["0000", "0001"]
    assert tree_clean(league)
    assert run(league, "verify") == 0


def test_a_turn_is_not_committed_over_uncommitted_files_of_its_game(league: Path, capsys):
    """A hand edit of game.yaml not committed would make a turn its history does not explain: refused, named."""
    new_game(league)
    config = league / "games/g1/game.yaml"
    config.write_text(config.read_text().replace("grace: 60", "grace: 90"))
    assert run(league, "adjudicate", "--due", "--now", "2026-01-06T00:00+01:00", "--commit") == 2
    out = capsys.readouterr().out
    assert "g1: skipped, nothing committed: g1: games/g1/game.yaml differ from what is committed" in out
    assert "commit them first" in out
    assert git(league, "tag", "--list") == ""


def held_league(league: Path) -> None:
    assert run(league, "new", "counter", "g1", "--player", "Alice:alice:1", "--player", "Bob:bob:2",
               "--option", "target=100", "--now", "2026-03-01T12:00Z", "--past-deadline",
               "--schedule", "first=2026-01-05 20:00,every=7 days,timezone=Europe/Berlin,grace=60") == 0
    git(league, "add", "-A")
    git(league, "commit", "-qm", "new game", date=at(1, 12))


def test_a_held_turn_exits_0_on_every_run_and_says_why_each_time(league: Path, capsys):
    held_league(league)
    runs = ["2026-03-01T12:00Z", "2026-03-01T12:15Z", "2026-03-01T12:30Z"]
    said = []
    for now in runs:
        assert run(league, "adjudicate", "--due", "--now", now, "--commit") == 0, "the cron must not fail all day"
        said.append([line for line in capsys.readouterr().out.splitlines() if "turn 2 is not adjudicated" in line])
    assert said[0] == said[1] == said[2] and len(said[0]) == 1
    assert said[0][0].startswith("g1: turn 2 is not adjudicated: its deadline (2026-01-12 20:00 CET) passed before")
    assert git(league, "tag", "--list").split() == ["g1/turn-1"]


def test_a_named_game_runs_its_due_turns_and_only_its(league: Path, capsys):
    new_game(league)
    assert run(league, "new", "counter", "g2", "--player", "Dan:dan:4", "--option", "target=100",
               "--now", "2026-01-01T00:00Z",
               "--schedule", "first=2026-01-05 20:00,every=7 days,timezone=Europe/Berlin,grace=60") == 0
    git(league, "add", "-A")
    git(league, "commit", "-qm", "new game g2", date=at(1, 13))
    assert run(league, "adjudicate", "g1", "--due", "--now", "2026-01-04T12:00+01:00", "--commit") == 0
    assert "nothing is due" in capsys.readouterr().out
    assert run(league, "adjudicate", "g1", "--due", "--now", "2026-01-06T12:00+01:00", "--commit") == 0
    out = capsys.readouterr().out
    assert "g1: turn 1 (Round 1) adjudicated" in out and "g2" not in out
    assert git(league, "tag", "--list").split() == ["g1/turn-1"]


def test_due_far_ahead_of_the_clock_is_refused_for_the_whole_league(league: Path, capsys,
                                                                     monkeypatch: pytest.MonkeyPatch):
    new_game(league)
    monkeypatch.setattr(values, "clock", lambda: dt.datetime(2026, 1, 4, 12, tzinfo=dt.UTC))
    assert run(league, "adjudicate", "--due", "--now", "2026-01-20T12:00Z", "--commit") == 2
    err = capsys.readouterr().err
    assert "--now 2026-01-20T12:00Z lies 16 d ahead of the clock: every game's turn due by then would be " \
           "adjudicated now" in err
    assert "'turnpress adjudicate GAME --due --now 2026-01-20T12:00Z --commit'" in err
    assert git(league, "tag", "--list") == "" and tree_clean(league)
    assert run(league, "adjudicate", "--due", "--now", "2026-01-20T12:00Z") == 0, "a look may look ahead"
    assert tree_clean(league)
    assert run(league, "adjudicate", "g1", "--due", "--now", "2026-01-06T12:00Z", "--commit") == 0, "named: bounded"
    assert git(league, "tag", "--list").split() == ["g1/turn-1"]


def test_a_killed_writer_s_temporary_file_does_not_hold_the_next_turn(league: Path, capsys):
    """A run killed inside ``history.write_atomic`` leaves ".turnpress-<pid>-NAME" beside the file it wrote; the
    check that a turn is computed from committed files only must not take it for a hand edit (the deadline's
    crash loop in one clone met it: every rerun was refused until someone ran git clean)."""
    new_game(league)
    submit(league, 1, "alice", "  add: 4\n", at(4, 10))
    leftover = league / "games/g1/turns/0000/.turnpress-99999-state.yaml"
    leftover.write_text("half of a state")
    assert run(league, "adjudicate", "--due", "--now", "2026-01-06T00:00+01:00", "--commit") == 0
    assert "g1: turn 1 (Round 1) adjudicated" in capsys.readouterr().out
    (league / "games/g1/game.yaml").write_text((league / "games/g1/game.yaml").read_text() + "# a hand edit\n")
    assert run(league, "adjudicate", "g1", "--now", "2026-01-20T00:00+01:00", "--commit") == 2
    assert "games/g1/game.yaml differ from what is committed" in capsys.readouterr().err, "a real edit still stops it"
