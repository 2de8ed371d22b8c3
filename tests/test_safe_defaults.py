"""Safe defaults (issue 23): no turn runs before its deadline, no game starts with its first deadline gone and
no pile of empty turns is committed without the game master saying so; an issue tells when it was adjudicated
apart from its deadline; ``status`` names grace, early adjudication and players who asked to wait."""

from __future__ import annotations

from pathlib import Path

from adjudicator import yamlio

from .conftest import git, run
from .test_league_e2e import at, new_game, submit

NEW = ["new", "counter", "g1", "--player", "Alice:alice:1", "--player", "Bob:Bob:2", "--option", "target=100",
       "--schedule", "first=2026-01-05 20:00,every=7 days,timezone=Europe/Berlin,grace=60"]


def report(root: Path, turn: int) -> dict:
    return yamlio.read_data(root / f"games/g1/turns/{turn:04d}/report.yaml")


def test_a_turn_before_its_deadline_needs_early_and_names_who_would_miss(league: Path, capsys):
    new_game(league)
    submit(league, 1, "alice", "  add: 4\n", at(4, 10))
    assert run(league, "adjudicate", "g1", "--now", "2026-01-04T12:00+01:00", "--commit") == 2
    err = capsys.readouterr().err
    assert err == ("turnpress: g1: turn 1 is not due (waiting for bob, carol until the deadline); its deadline is "
                   "2026-01-05 20:00 CET, in 1 d 8 h. Adjudicated now, Bob and Carol would miss it (no orders in: "
                   "the default orders, NMR). Add --early to adjudicate it before its deadline all the same\n")
    assert not (league / "games/g1/turns/0001").exists(), "nothing written"
    assert run(league, "adjudicate", "g1", "--now", "2026-01-04T12:00+01:00", "--commit", "--early") == 0
    assert "g1: turn 1 (Round 1) adjudicated early, before its deadline; missed: bob, carol" in capsys.readouterr().out
    page = (league / "site/news/g1/0001.md").read_text()
    assert "Deadline 2026-01-05 20:00 CET. Adjudicated early, 2026-01-04 12:00 CET, before its deadline." in page
    assert "date: 2026-01-04 11:00:00\n" in page, "dated when it appeared, in UTC, not at the deadline"
    assert report(league, 1)["orders"]["adjudicated"] == "2026-01-04T12:00+01:00"
    assert run(league, "verify", "g1") == 0, "the adjudication time is replayed from the report"


def test_a_turn_everyone_sent_runs_by_name_without_early(league: Path, capsys):
    new_game(league)
    for n, who in enumerate(("alice", "bob", "carol")):
        submit(league, 1, who, f"  add: {n}\n", at(4, 10 + n))
    assert run(league, "adjudicate", "g1", "--now", "2026-01-04T14:00+01:00", "--commit") == 0
    assert "adjudicated" in capsys.readouterr().out


def test_waiting_players_are_named_when_a_turn_is_refused(league: Path, capsys):
    new_game(league)
    submit(league, 1, "alice", "  add: 1\n", at(4, 10))
    submit(league, 1, "bob", "  add: 1\n", at(4, 11))
    path = league / "orders/g1/0001/carol.yaml"
    path.write_text("game: g1\nturn: 1\nplayer: carol\nwait: true\norders:\n  add: 2\n")
    git(league, "add", "-A")
    git(league, "commit", "-qm", "carol waits", date=at(4, 12))
    assert run(league, "status", "g1", "--now", "2026-01-04T13:00+01:00") == 0
    assert ("  due now: no (every awaited player has orders in, but carol asked to wait: adjudicated at the "
            "deadline)\n") in capsys.readouterr().out
    assert run(league, "adjudicate", "g1", "--now", "2026-01-04T13:00+01:00") == 2
    assert ("Adjudicated now, every awaited player has orders in; Carol asked to wait for the deadline. Add --early"
            in capsys.readouterr().err)


def test_status_names_grace_and_early_adjudication(league: Path, capsys):
    new_game(league)
    submit(league, 1, "alice", "  add: 1\n", at(4, 10))
    assert run(league, "status", "g1", "--now", "2026-01-05T20:30+01:00") == 0
    assert ("  due now: no (in grace until 2026-01-05T21:00+01:00: the deadline has passed, and orders that come "
            "now still count (marked late))\n") in capsys.readouterr().out
    submit(league, 1, "bob", "  add: 1\n", at(4, 11))
    submit(league, 1, "carol", "  add: 1\n", at(4, 12))
    assert run(league, "status", "g1", "--now", "2026-01-04T13:00+01:00") == 0
    assert ("  due now: yes (every awaited player has orders in: early adjudication, before the deadline)\n"
            in capsys.readouterr().out)


def test_a_first_deadline_in_the_past_needs_past_deadline(league: Path, capsys):
    assert run(league, *NEW, "--now", "2026-03-01T12:00Z") == 2
    assert capsys.readouterr().err == (
        "turnpress: --schedule: the first deadline, 2026-01-05 20:00 CET, 54 d 17 h ago, has passed: turn 1 would "
        "be due at once with every player missing. Give a later first=, or add --past-deadline to keep it\n")
    assert not (league / "games/g1").exists()
    assert run(league, *NEW, "--now", "2026-03-01T12:00Z", "--past-deadline") == 0


def test_a_long_past_deadline_gives_one_turn_not_a_pile_of_empty_ones(league: Path, capsys):
    assert run(league, *NEW, "--now", "2026-03-01T12:00Z", "--past-deadline") == 0
    git(league, "add", "-A")
    git(league, "commit", "-qm", "new game", date=at(1, 12))
    assert run(league, "adjudicate", "--due", "--now", "2026-03-01T12:00Z", "--commit") == 0
    out = capsys.readouterr().out
    assert "g1: turn 1 (Round 1) adjudicated; missed: alice, bob" in out
    assert "turn 2 (" not in out
    assert ("g1: turn 2 is not adjudicated: its deadline (2026-01-12 20:00 CET) passed before turn 1 was adjudicated "
            "(2026-03-01 13:00 CET), so its players had no time to send orders. Give it a deadline to come ('turnpress "
            "extend g1 --to \"YYYY-MM-DD HH:MM\" --reason \"...\" --commit'), or run 'turnpress adjudicate --due "
            "--commit --catch-up' to adjudicate it as it is\n") in out
    assert sorted(p.name for p in (league / "games/g1/turns").iterdir()) == ["0000", "0001"]
    # The next scheduled run says the same, commits nothing, and does not fail (issue 29: the cron ran red all day).
    assert run(league, "adjudicate", "--due", "--now", "2026-03-01T12:15Z", "--commit") == 0
    assert capsys.readouterr().out.startswith("g1: turn 2 is not adjudicated: its deadline (2026-01-12 20:00 CET)")
    # The game master moves turn 2's deadline (a ruling): the players get their time, and the orders count.
    config = league / "games/g1/game.yaml"
    config.write_text(config.read_text() + "game_masters:\n  - login: gm\n    id: 9000\n")
    ruling = league / "rulings/g1/0002.yaml"
    ruling.parent.mkdir(parents=True)
    ruling.write_text("game: g1\nturn: 2\nby: gm\nreason: a week to send orders\ndeadline: 2026-03-08 20:00\n")
    git(league, "add", "-A")
    git(league, "commit", "-qm", "turn 2 due a week from now", date=at(20, 9))
    submit(league, 2, "alice", "  add: 1\n", at(20, 10))
    assert run(league, "adjudicate", "--due", "--now", "2026-03-01T12:30Z", "--commit") == 0
    assert "nothing is due" in capsys.readouterr().out
    assert run(league, "adjudicate", "--due", "--now", "2026-03-08T21:30+01:00", "--commit") == 0
    assert "g1: turn 2 (Round 2) adjudicated; missed: bob" in capsys.readouterr().out
    # The game master catches up on purpose: every turn due, in one run.
    assert run(league, "adjudicate", "--due", "--now", "2026-04-06T12:00+02:00", "--commit") == 0
    assert "g1: turn 3 (Round 3) adjudicated; missed: alice, bob" in capsys.readouterr().out
    assert run(league, "adjudicate", "--due", "--now", "2026-04-06T12:15+02:00", "--commit", "--catch-up") == 0
    assert capsys.readouterr().out.count("adjudicated; missed: alice, bob") == 3, "turns 4 to 6 (to 2026-04-05)"


def test_early_and_catch_up_go_with_their_own_kind_of_run(league: Path, capsys):
    new_game(league)
    assert run(league, "adjudicate", "--due", "--early") == 2
    assert "--early runs one named game's turn before its deadline" in capsys.readouterr().err
    assert run(league, "adjudicate", "g1", "--catch-up") == 2
    assert "--catch-up goes with --due" in capsys.readouterr().err
