"""Issue 28, item 6: one GitHub account could hold two seats (``join`` and takeovers checked the login, not the
numeric id, and a login can be renamed); ``join`` took the id 0, a 23-digit id and the login ``bob-``. An account
is its numeric id: a login and an id are checked as GitHub has them, and an id seated once is seated once."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import git, run
from .test_league_e2e import at, new_game
from .test_rulings import TAKEOVER, with_game_master

SCHEDULE = "first=2026-01-05 20:00,every=7 days,timezone=Europe/Berlin,grace=60"


@pytest.mark.parametrize(("player", "message"), [
    ("Bob:bob-:1002", "'bob-' is not a GitHub login: letters, digits and single hyphens, neither first nor last"),
    ("Bob:-bob:1002", "'-bob' is not a GitHub login"),
    ("Bob:bo--b:1002", "'bo--b' is not a GitHub login"),
    ("Bob:bob:0", "the GitHub id 0 is no account: a user id is a number from 1 to 4294967295"),
    ("Bob:bob:12345678901234567890123", "a GitHub id of 23 digits is no account's"),
    ("Bob:bob:4294967296", "the GitHub id 4294967296 is no account"),
])
def test_a_login_or_id_github_never_gives_is_refused(player: str, message: str, league: Path, capsys):
    new_game(league)
    for line in (["join", "g1", player], ["new", "counter", "g2", "--player", player, "--now", "2026-01-01T00:00Z"]):
        capsys.readouterr()
        assert run(league, *line) == 2
        assert message in capsys.readouterr().err
    assert "Bob:" not in (league / "games/g1/game.yaml").read_text() and not (league / "games/g2").exists()


def test_one_account_under_two_logins_gets_one_seat(league: Path, capsys):
    """Bob renamed his account to 'robert' (the id stays 2): he cannot join as a second player."""
    new_game(league)
    capsys.readouterr()
    assert run(league, "join", "g1", "Robert:robert:2") == 2
    err = capsys.readouterr().err
    assert ("robert (GitHub id 2) plays in g1 already, as seat bob (login Bob, id 2): one GitHub account has one "
            "seat, whatever its login") in err, err
    assert run(league, "new", "counter", "g2", "--player", "Bob:bob:2", "--player", "Robert:robert:2",
               "--now", "2026-01-01T00:00Z", "--schedule", SCHEDULE) == 2
    assert "the GitHub id 2 appears twice among the players (bob, robert): one account has one seat" in \
        capsys.readouterr().err
    assert run(league, "join", "g1", "Dave:dave:4") == 0, "another account joins"


def test_a_takeover_by_an_account_that_holds_a_seat_is_refused(league: Path, capsys):
    new_game(league)
    with_game_master(league)
    assert run(league, "adjudicate", "--due", "--now", "2026-01-05T21:05+01:00", "--commit") == 0
    (league / "rulings/g1").mkdir(parents=True)
    (league / "rulings/g1/0002.yaml").write_text(TAKEOVER.replace("id: 9100", "id: 3"))  # carol's account
    capsys.readouterr()
    assert run(league, "status", "g1", "--now", "2026-01-07T13:00+01:00") == 2
    err = capsys.readouterr().err
    assert ("rulings/g1/0002.yaml:8:9: the GitHub id 3 plays seat 'carol' already; one account has one seat, "
            "whatever its login") in err, err


def test_after_a_takeover_the_old_and_the_new_player_cannot_join(league: Path, capsys):
    new_game(league)
    with_game_master(league)
    assert run(league, "adjudicate", "--due", "--now", "2026-01-05T21:05+01:00", "--commit") == 0
    (league / "rulings/g1").mkdir(parents=True)
    (league / "rulings/g1/0002.yaml").write_text(TAKEOVER)
    git(league, "add", "-A")
    git(league, "commit", "-qm", "Dave takes over Bob's seat", date=at(6, 10))
    capsys.readouterr()
    assert run(league, "join", "g1", "Dave:dave:9100") == 2
    assert "dave (GitHub id 9100) plays in g1 already, as seat bob (login dave, id 9100)" in capsys.readouterr().err
    assert run(league, "join", "g1", "Bob:Bob:2") == 2
    assert ("Bob cannot join g1: seat bob was theirs (now played by dave); a seat changes hands only by a ruling"
            in capsys.readouterr().err)
