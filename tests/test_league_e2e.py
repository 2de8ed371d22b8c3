"""The spine end to end on a temporary git repository (issue: the league engine, "Show it").

A game is made, orders come in for several turns (one late, one missing, one invalid), turns are adjudicated
with --now, and the commits, tags and reports are checked; then a committed state is edited by hand and
verify names that turn.
"""

import datetime as dt
from pathlib import Path

from adjudicator import yamlio

from .conftest import git, run

BERLIN = dt.timezone(dt.timedelta(hours=1))  # January: CET


def at(day: int, hour: int, minute: int = 0) -> dt.datetime:
    return dt.datetime(2026, 1, day, hour, minute, tzinfo=BERLIN)


def submit(root: Path, turn: int, player: str, body: str, when: dt.datetime, *, game: str = "g1") -> None:
    path = root / f"orders/{game}/{turn:04d}/{player}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"game: {game}\nturn: {turn}\nplayer: {player}\norders:\n{body}")
    git(root, "add", "-A")
    git(root, "commit", "-qm", f"orders of {player}", date=when)


def new_game(root: Path) -> None:
    assert run(root, "new", "counter", "g1", "--player", "Alice:alice:1", "--player", "Bob:Bob:2",
               "--player", "Carol:carol:3", "--option", "target=100",
               "--now", "2026-01-01T00:00Z",
               "--schedule", "first=2026-01-05 20:00,every=7 days,timezone=Europe/Berlin,grace=60") == 0
    git(root, "add", "-A")
    git(root, "commit", "-qm", "new game g1", date=at(1, 12))


def report(root: Path, turn: int) -> dict:
    return yamlio.read_data(root / f"games/g1/turns/{turn:04d}/report.yaml")


def test_a_game_played_for_three_turns_then_verified(league: Path, capsys):
    new_game(league)
    assert (league / ".secrets/g1.dice").is_file(), "the dice secret stays outside git"
    assert "dice-secret" not in git(league, "ls-files")

    # Turn 1: Alice and Bob on time, Carol's orders are invalid (12 is more than 9).
    submit(league, 1, "alice", "  add: 4\n", at(4, 10))
    submit(league, 1, "bob", "  add: 3\n", at(5, 19))
    submit(league, 1, "carol", "  add: 12\n", at(5, 19, 30))
    assert run(league, "adjudicate", "--due", "--now", "2026-01-05T19:59+01:00", "--commit") == 0
    assert "nothing is due" in capsys.readouterr().out
    assert run(league, "adjudicate", "--due", "--now", "2026-01-05T21:05+01:00", "--commit") == 0
    out = capsys.readouterr().out
    assert "g1: turn 1 (Round 1) adjudicated; missed: carol" in out
    r1 = report(league, 1)
    assert r1["orders"]["taken"] == ["alice", "bob"]
    assert r1["orders"]["refused"][0]["player"] == "carol"
    assert "9" in r1["orders"]["refused"][0]["problems"][0]
    assert r1["orders"]["defaults"] == {"carol": {"add": 0}}
    assert git(league, "log", "-1", "--format=%s").strip() == "g1: turn 1 (Round 1)"
    assert git(league, "tag", "--list", "g1/*").split() == ["g1/turn-1"]
    assert r1["deadline"] == "2026-01-05T20:00+01:00"

    # Turn 2: Alice on time, Bob late but within the hour of grace, Carol silent (NMR).
    submit(league, 2, "alice", "  add: 2\n", at(11, 9))
    submit(league, 2, "bob", "  add: 1\n", at(12, 20, 30))
    assert run(league, "adjudicate", "--due", "--now", "2026-01-12T21:01+01:00", "--commit") == 0
    r2 = report(league, 2)
    assert r2["orders"]["taken"] == ["alice", "bob"]
    assert r2["orders"]["late"] == [{"player": "bob", "arrived": "2026-01-12T19:30+00:00", "taken": True}]
    assert r2["orders"]["missed"] == ["carol"]
    assert r2["orders"]["defaults"] == {"carol": {"add": 0}}, "NMR repeats the orders played last"

    # Turn 3: Bob's orders reach main after deadline and grace: kept in the archive, not taken.
    submit(league, 3, "alice", "  add: 5\n", at(18, 12))
    submit(league, 3, "bob", "  add: 9\n", at(19, 21, 10))
    assert run(league, "adjudicate", "--due", "--now", "2026-01-19T21:15+01:00", "--commit") == 0
    r3 = report(league, 3)
    assert r3["orders"]["refused"] == [{"player": "bob", "why": "too late", "arrived": "2026-01-19T20:10+00:00"}]
    assert r3["orders"]["defaults"] == {"bob": {"add": 1}, "carol": {"add": 0}}
    capsys.readouterr()

    # Safe to run twice: nothing is due, nothing changes.
    head = git(league, "rev-parse", "HEAD")
    assert run(league, "adjudicate", "--due", "--now", "2026-01-19T21:15+01:00", "--commit") == 0
    assert git(league, "rev-parse", "HEAD") == head
    assert git(league, "status", "--porcelain") == ""

    # The newsletter issue of each turn is committed with it.
    page = (league / "site/news/g1/0002.md").read_text()
    assert "Missed orders (NMR): Carol" in page and "Late but taken: Bob" in page
    assert r2["dice"]["seed"] in page

    # The history replays exactly...
    assert run(league, "verify", "g1") == 0
    assert "g1: 3 turns replayed, all match" in capsys.readouterr().out

    # ...until someone edits a committed state by hand.
    state2 = league / "games/g1/turns/0002/state.yaml"
    state2.write_text(state2.read_text().replace("alice: ", "alice: 1"))
    git(league, "commit", "-qam", "fix alice's score")
    assert run(league, "verify", "g1") == 1
    out = capsys.readouterr().out
    assert "g1: turn 2: state.yaml differs from the replay" in out
    assert "turn 1:" not in out and "turn 3:" not in out, "only the edited turn is named"


def test_status_names_who_is_in_and_who_is_awaited_never_what(league: Path, capsys):
    new_game(league)
    submit(league, 1, "alice", "  add: 7\n", at(4, 10))
    capsys.readouterr()
    assert run(league, "status", "g1", "--now", "2026-01-04T12:00+01:00") == 0
    out = capsys.readouterr().out
    assert "orders in: Alice" in out and "awaited: Bob, Carol" in out
    assert "due now: no" in out and "add" not in out and "7" not in out
    assert "deadline: 2026-01-05 20:00 CET, in 1 d 8 h" in out, "the game's local time, and how far off"
    capsys.readouterr()
    assert run(league, "status", "g1", "--now", "2026-01-05T21:30+01:00") == 0
    assert "deadline: 2026-01-05 20:00 CET, 1 h 30 min ago" in capsys.readouterr().out


def test_early_adjudication_when_all_are_in_unless_one_asks_to_wait(league: Path, capsys):
    new_game(league)
    submit(league, 1, "alice", "  add: 1\n", at(2, 10))
    submit(league, 1, "bob", "  add: 1\n", at(2, 11))
    path = league / "orders/g1/0001/carol.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("game: g1\nturn: 1\nplayer: carol\nwait: true\norders:\n  add: 2\n")
    git(league, "add", "-A")
    git(league, "commit", "-qm", "carol", date=at(2, 12))
    assert run(league, "adjudicate", "--due", "--now", "2026-01-03T12:00+01:00", "--commit") == 0
    assert "nothing is due" in capsys.readouterr().out
    path.write_text("game: g1\nturn: 1\nplayer: carol\norders:\n  add: 2\n")
    git(league, "commit", "-qam", "carol no longer waits", date=at(3, 13))
    assert run(league, "adjudicate", "--due", "--now", "2026-01-03T13:05+01:00", "--commit") == 0
    assert "turn 1 (Round 1) adjudicated" in capsys.readouterr().out
    assert report(league, 1)["deadline"] == "2026-01-05T20:00+01:00"
    assert report(league, 1)["orders"]["late"] == []
