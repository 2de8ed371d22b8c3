"""NMR extensions (issue 23, "Deadlines that fit the phase"): where a game allows them, an awaited player with
nothing in at the deadline moves it once by a set period before the NMR rule applies, at most N times per
player per game; the issue says who used one, and ``verify`` replays it from the committed data alone (when
each orders file reached main), never from a clock."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator import yamlio
from adjudicator.engine.verify import verification

from .conftest import git, run
from .test_league_e2e import at, report, submit

SCHEDULE = "first=2026-01-05 20:00,every=7 days,timezone=Europe/Berlin,grace=60,nmr_extension=1 x 2 days"


@pytest.fixture
def g1(league: Path) -> Path:
    assert run(league, "new", "counter", "g1", "--player", "Alice:alice:1", "--player", "Bob:Bob:2",
               "--player", "Carol:carol:3", "--option", "target=100", "--now", "2026-01-01T00:00Z",
               "--schedule", SCHEDULE) == 0
    git(league, "add", "-A")
    git(league, "commit", "-qm", "new game g1", date=at(1, 12))
    assert yamlio.read_data(league / "games/g1/game.yaml")["schedule"]["nmr_extension"] == {
        "period": "2 days", "times": 1}
    return league


def test_a_player_with_nothing_in_moves_the_deadline_once_and_the_issue_says_so(g1: Path, capsys):
    submit(g1, 1, "alice", "  add: 1\n", at(4, 10))
    submit(g1, 1, "bob", "  add: 2\n", at(4, 11))
    capsys.readouterr()
    assert run(g1, "status", "g1", "--now", "2026-01-05T20:30+01:00") == 0
    assert "in grace until 2026-01-05T21:00+01:00" in capsys.readouterr().out, "within the grace: no move yet"
    assert run(g1, "status", "g1", "--now", "2026-01-05T21:05+01:00") == 0
    out = capsys.readouterr().out
    assert ("  deadline: 2026-01-07 20:00 CET, in 1 d 22 h\n"
            "  NMR extension: Carol had nothing in at 2026-01-05 20:00 CET: the deadline moved once\n") in out
    assert "  due now: no (waiting for carol until the deadline)\n" in out
    assert run(g1, "adjudicate", "--due", "--commit", "--now", "2026-01-05T21:05+01:00") == 0
    assert not (g1 / "games/g1/turns/0001").exists(), "not due: the NMR rule waits for the moved deadline"
    submit(g1, 1, "carol", "  add: 3\n", at(6, 9))
    assert run(g1, "adjudicate", "--due", "--commit", "--now", "2026-01-06T09:15+01:00") == 0
    done = report(g1, 1)
    assert done["deadline"] == "2026-01-07T20:00+01:00"
    assert done["orders"]["extension"] == {"from": "2026-01-05T20:00+01:00", "players": ["carol"]}
    assert done["orders"]["taken"] == ["alice", "bob", "carol"] and done["orders"]["missed"] == []
    page = (g1 / "site/news/g1/0001.md").read_text()
    assert "Deadline 2026-01-07 20:00 CET." in page
    assert ("- NMR extension used by Carol: they had nothing in at the deadline of 2026-01-05 20:00 CET, so the "
            "deadline moved once before the NMR rule applied\n") in page
    assert run(g1, "verify", "g1") == 0, "who used it follows from when the orders reached main"
    # Turn 2 follows the moved deadline; Carol has used her one extension, so the NMR rule applies to her now.
    submit(g1, 2, "alice", "  add: 1\n", at(12, 10))
    submit(g1, 2, "bob", "  add: 1\n", at(12, 11))
    capsys.readouterr()
    assert run(g1, "status", "g1", "--now", "2026-01-14T21:05+01:00") == 0
    out = capsys.readouterr().out
    assert "  deadline: 2026-01-14 20:00 CET, 1 h 5 min ago\n" in out and "NMR extension" not in out
    assert run(g1, "adjudicate", "--due", "--commit", "--now", "2026-01-14T21:05+01:00") == 0
    assert report(g1, 2)["orders"]["missed"] == ["carol"] and "extension" not in report(g1, 2)["orders"]
    assert run(g1, "verify", "g1") == 0


def test_everyone_without_orders_with_extensions_left_uses_one_and_no_more(g1: Path, capsys):
    submit(g1, 1, "alice", "  add: 1\n", at(4, 10))
    # Bob's file reaches main after the deadline and its grace: he had nothing in when it passed.
    submit(g1, 1, "bob", "  add: 2\n", at(5, 21, 30))
    assert run(g1, "adjudicate", "--due", "--commit", "--now", "2026-01-07T21:05+01:00") == 0
    done = report(g1, 1)
    assert done["orders"]["extension"]["players"] == ["bob", "carol"]
    assert done["orders"]["taken"] == ["alice", "bob"] and done["orders"]["missed"] == ["carol"]
    assert run(g1, "verify", "g1") == 0


def test_a_change_of_a_file_that_was_in_does_not_count_as_nothing_in(g1: Path):
    submit(g1, 1, "alice", "  add: 1\n", at(4, 10))
    submit(g1, 1, "bob", "  add: 2\n", at(4, 11))
    submit(g1, 1, "bob", "  add: 4\n", at(6, 11))  # Bob changes his mind during Carol's extension
    assert run(g1, "adjudicate", "--due", "--commit", "--now", "2026-01-07T21:05+01:00") == 0
    assert report(g1, 1)["orders"]["extension"]["players"] == ["carol"]
    assert run(g1, "verify", "g1") == 0


def test_a_report_whose_extension_the_arrivals_do_not_give_is_named_by_verify(g1: Path):
    submit(g1, 1, "alice", "  add: 1\n", at(4, 10))
    submit(g1, 1, "bob", "  add: 2\n", at(4, 11))
    assert run(g1, "adjudicate", "--due", "--commit", "--now", "2026-01-07T21:05+01:00") == 0
    path = g1 / "games/g1/turns/0001/report.yaml"
    forged = yamlio.read_data(path)
    forged["orders"]["extension"]["players"] = ["bob", "carol"]
    path.write_text(yamlio.dump(forged))
    found = [f.what for f in verification(g1, "g1", worktree=True).found]
    assert ("the NMR extension recorded (bob, carol) is not what the arrival of the orders gives (carol)"
            in found), found


def test_a_game_without_nmr_extensions_applies_the_nmr_rule_at_the_deadline(league: Path):
    assert run(league, "new", "counter", "g1", "--player", "Alice:alice:1", "--player", "Bob:Bob:2",
               "--option", "target=100", "--now", "2026-01-01T00:00Z",
               "--schedule", "first=2026-01-05 20:00,every=7 days,timezone=Europe/Berlin,grace=60") == 0
    git(league, "add", "-A")
    git(league, "commit", "-qm", "new game g1", date=at(1, 12))
    submit(league, 1, "alice", "  add: 1\n", at(4, 10))
    assert run(league, "adjudicate", "--due", "--commit", "--now", "2026-01-05T21:05+01:00") == 0
    assert report(league, 1)["orders"]["missed"] == ["bob"] and "extension" not in report(league, 1)["orders"]


@pytest.mark.parametrize(("block", "words"), [
    ({"period": "2 days"}, "nmr_extension: write 'nmr_extension: {period: 2 days, times: 1}'"),
    ({"period": "2 days", "times": 0}, "how often (1 to 99) per player and game"),
    ({"period": "soon", "times": 1}, "nmr_extension: period: 'soon' is not a period"),
])
def test_a_bad_nmr_extension_says_what_to_write(block: dict, words: str):
    from adjudicator import schedule

    with pytest.raises(schedule.ScheduleError, match=words.replace("(", r"\(").replace(")", r"\)")):
        schedule.parse({"first": "2026-01-05 20:00", "nmr_extension": block})
