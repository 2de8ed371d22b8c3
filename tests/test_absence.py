"""Dated absences (issue 23, njudge's absence): where the game allows it, a player's absence file moves a deadline
that falls on their days away to the day after, within the limit the game master set; the issue says so,
``verify`` replays it from the files as they were when the turn ran, and the pull-request check refuses an
absence beyond the limit, for another player, or in the past."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from adjudicator import cli, yamlio
from adjudicator.engine.verify import verification
from adjudicator.errors import LeagueError
from adjudicator.league import absence, history

from .conftest import git, run
from .pipeline.conftest import at as world_at
from .pipeline.conftest import world  # noqa: F401 - the fixture
from .test_league_e2e import at, report, submit

SCHEDULE = "first=2026-01-05 20:00,every=7 days,timezone=Europe/Berlin,grace=60,absence=7 days"


def away(root: Path, player: str, periods: list[tuple[str, str]], when: dt.datetime) -> None:
    path = root / absence.relpath("g1", player)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"game: g1\nplayer: {player}\nabsent:\n"
                    + "".join(f"  - from: {a}\n    until: {b}\n" for a, b in periods))
    git(root, "add", "-A")
    git(root, "commit", "-qm", f"{player} is away", date=when)


@pytest.fixture
def g1(league: Path) -> Path:
    assert run(league, "new", "counter", "g1", "--player", "Alice:alice:1", "--player", "Bob:Bob:2",
               "--player", "Carol:carol:3", "--option", "target=100", "--now", "2026-01-01T00:00Z",
               "--schedule", SCHEDULE) == 0
    git(league, "add", "-A")
    git(league, "commit", "-qm", "new game g1", date=at(1, 12))
    return league


def test_a_deadline_on_a_day_away_moves_to_the_day_after_and_the_issue_says_so(g1: Path, capsys):
    away(g1, "carol", [("2026-01-04", "2026-01-06")], at(2, 9))
    submit(g1, 1, "alice", "  add: 1\n", at(4, 10))
    submit(g1, 1, "bob", "  add: 2\n", at(4, 11))
    capsys.readouterr()
    assert run(g1, "status", "g1", "--now", "2026-01-05T21:05+01:00") == 0
    out = capsys.readouterr().out
    assert ("  deadline: 2026-01-07 20:00 CET, in 1 d 22 h\n"
            "  absence: Carol away: the deadline moved from 2026-01-05 20:00 CET\n") in out
    assert run(g1, "adjudicate", "--due", "--commit", "--now", "2026-01-05T21:05+01:00") == 0
    assert not (g1 / "games/g1/turns/0001").exists(), "not due before the moved deadline"
    assert run(g1, "adjudicate", "--due", "--commit", "--now", "2026-01-07T21:05+01:00") == 0
    done = report(g1, 1)
    assert done["deadline"] == "2026-01-07T20:00+01:00"
    assert done["orders"]["absence"] == {"from": "2026-01-05T20:00+01:00", "to": "2026-01-07T20:00+01:00",
                                         "players": ["carol"]}
    assert done["orders"]["missed"] == ["carol"]
    page = (g1 / "site/news/g1/0001.md").read_text()
    assert ("- The deadline moved from 2026-01-05 20:00 CET to 2026-01-07 20:00 CET for the absence of Carol\n"
            in page)
    # Carol plans another absence later on: the turn already run replays with the files as they were then.
    away(g1, "carol", [("2026-01-04", "2026-01-06"), ("2026-01-20", "2026-01-21")], at(8, 9))
    assert run(g1, "verify", "g1") == 0
    assert load_deadline(g1) == "2026-01-14 20:00 CET", "the next turn follows the moved deadline"


def load_deadline(root: Path) -> str:
    from adjudicator.league.store import load_game

    game = load_game(root, "g1")
    when = game.deadline(game.open_turn)
    assert when is not None
    return when.strftime("%Y-%m-%d %H:%M %Z")


def test_a_deadline_moves_no_further_than_the_limit(g1: Path):
    """Two players away one after the other: the deadline moves past both, but at most the 7 days allowed."""
    away(g1, "carol", [("2026-01-05", "2026-01-09")], at(2,9))
    away(g1, "bob", [("2026-01-10", "2026-01-15")], at(2, 10))
    assert load_deadline(g1) == "2026-01-12 20:00 CET"


def test_only_the_absences_of_awaited_players_count_and_only_in_a_game_that_takes_them(g1: Path, league: Path):
    away(g1, "carol", [("2026-01-05", "2026-01-05")], at(2, 9))
    assert load_deadline(g1) == "2026-01-06 20:00 CET"
    config = yamlio.read_data(g1 / "games/g1/game.yaml")
    del config["schedule"]["absence"]
    (g1 / "games/g1/game.yaml").write_text(yamlio.dump(config))
    assert load_deadline(g1) == "2026-01-05 20:00 CET", "a game without absence: ignores absence files"


def test_a_forged_move_is_named_by_verify(g1: Path):
    away(g1, "carol", [("2026-01-05", "2026-01-05")], at(2, 9))
    assert run(g1, "adjudicate", "--due", "--commit", "--now", "2026-01-06T21:05+01:00") == 0
    path = g1 / "games/g1/turns/0001/report.yaml"
    forged = yamlio.read_data(path)
    forged["orders"]["absence"]["players"] = ["bob", "carol"]
    path.write_text(yamlio.dump(forged))
    git(g1, "commit", "-qam", "forged")
    git(g1, "tag", "-f", "g1/turn-1")
    from adjudicator.engine.verify import verification

    found = [f.what for f in verification(g1, "g1").found]
    assert ("the deadline's move for absences recorded (to 2026-01-06T20:00+01:00 for bob, carol) is not what the "
            "absence files gave when the turn ran (to 2026-01-06T20:00+01:00 for carol)") in found, found


def test_verify_reads_the_absence_files_a_turn_ran_with_in_one_git_process(g1: Path, monkeypatch):
    """verify replays a turn's moved deadline from the absence files of every awaited player as the turn's tag has
    them: read together (it started a git show for each player and turn), and the same replay: the move holds, and
    an absence added after the turn changes nothing."""
    away(g1, "carol", [("2026-01-05", "2026-01-05")], at(2, 9))
    assert run(g1, "adjudicate", "--due", "--commit", "--now", "2026-01-06T21:05+01:00") == 0
    away(g1, "bob", [("2026-01-06", "2026-01-06")], at(7, 9))
    asked: list[str] = []  # each git process that names an absence file: its command
    real = history._run

    def counted(repo: Path, *args: str, **kw):
        if "absences/g1/" in " ".join(args) + (kw.get("input") or b"").decode():
            asked.append(args[0])
        return real(repo, *args, **kw)

    monkeypatch.setattr(history, "_run", counted)
    done = verification(g1, "g1")
    assert (done.turns, done.found) == (1, [])
    assert asked == ["cat-file"], asked


@pytest.mark.parametrize(("text", "message"), [
    ("game: g1\nplayer: carol\nabsent:\n  - from: 2026-01-05\n    until: 2026-01-14\n",
     "absences/g1/carol.yaml:4:5: an absence of 10 days is beyond the limit of this game, 7 days — split your time "
     "away with the game master, or ask them for a ruling"),
    ("game: g1\nplayer: carol\nabsent:\n  - from: 2026-01-05\n    until: 2026-01-04\n",
     "absences/g1/carol.yaml:5:12: until (2026-01-04) is before from (2026-01-05)"),
    ("game: g1\nplayer: carol\nabsent:\n  - {from: soon, until: 2026-01-04}\n",
     "absences/g1/carol.yaml:4:5: from and until are dates, written YYYY-MM-DD"),
    ("game: g1\nplayer: bob\nabsent: []\n",
     "absences/g1/carol.yaml:1:1: this file is for game g1, player carol — write 'game: g1' and 'player: carol'"),
])
def test_a_bad_absence_file_says_what_to_write(text: str, message: str):
    with pytest.raises(LeagueError) as e:
        absence.parse("absences/g1/carol.yaml", text.encode(), "g1", "carol", dt.timedelta(days=7))
    assert str(e.value) == message


def with_absences(world) -> None:  # noqa: F811
    path = world.gm / "games/g1/game.yaml"
    config = yamlio.read_data(path)
    config["schedule"]["absence"] = "7 days"
    path.write_text(yamlio.dump(config))
    git(world.gm, "commit", "-qam", "g1 takes absences", date=world_at(2, 9))
    git(world.gm, "push", "-q", "origin", "main")


def pr_check(world, pr, capsys, now: str) -> tuple[int, str]:  # noqa: F811
    capsys.readouterr()
    code = cli.main(["--league", str(world.gm), "pr-check", "--event", str(pr.event), "--now", now])
    return code, capsys.readouterr().out


FILE = "game: g1\nplayer: {p}\nabsent:\n  - from: {a}\n    until: {b}\n"


def test_the_pull_request_check_takes_a_player_s_own_absence_and_refuses_the_rest(world, capsys):  # noqa: F811
    now = "2026-01-03T12:00+01:00"
    pr = world.open_pr("carol", "away", {"absences/g1/carol.yaml": FILE.format(p="carol", a="2026-01-04",
                                                                                b="2026-01-06")})
    code, out = pr_check(world, pr, capsys, now)
    assert code == 1 and ("g1 takes no absences: its deadlines do not move for them — ask the game master (they "
                          "may allow them with 'absence: 14 days' in the schedule)") in out
    with_absences(world)
    pr = world.open_pr("carol", "away-2", {"absences/g1/carol.yaml": FILE.format(p="carol", a="2026-01-04",
                                                                                  b="2026-01-06")})
    code, out = pr_check(world, pr, capsys, now)
    assert code == 0, out
    assert "Carol is away from 2026-01-04 to 2026-01-06" in out
    # for another player
    pr = world.open_pr("alice", "carol-away", {"absences/g1/carol.yaml": FILE.format(p="carol", a="2026-01-04",
                                                                                      b="2026-01-06")})
    code, out = pr_check(world, pr, capsys, now)
    assert code == 1 and ("this is the absence file of Carol (Carol); this pull request is by alice — a player says "
                          "only when they themselves are away: absences/g1/alice.yaml") in out
    # beyond the limit
    pr = world.open_pr("carol", "away-3", {"absences/g1/carol.yaml": FILE.format(p="carol", a="2026-01-04",
                                                                                  b="2026-01-20")})
    code, out = pr_check(world, pr, capsys, now)
    assert code == 1 and "an absence of 17 days is beyond the limit of this game, 7 days" in out
    # in the past
    pr = world.open_pr("carol", "away-4", {"absences/g1/carol.yaml": FILE.format(p="carol", a="2026-01-02",
                                                                                  b="2026-01-04")})
    code, out = pr_check(world, pr, capsys, now)
    assert code == 1 and "the absence from 2026-01-02 starts in the past" in out


def test_an_absence_that_has_begun_stays_as_it_is(world, capsys):  # noqa: F811
    with_absences(world)
    pr = world.open_pr("carol", "away", {"absences/g1/carol.yaml": FILE.format(p="carol", a="2026-01-04",
                                                                                b="2026-01-06")})
    assert pr_check(world, pr, capsys, "2026-01-03T12:00+01:00")[0] == 0
    world.merge(pr, world_at(3, 13))
    pr = world.open_pr("carol", "back", {"absences/g1/carol.yaml": None})
    code, out = pr_check(world, pr, capsys, "2026-01-05T12:00+01:00")
    assert code == 1 and "the absence from 2026-01-04 to 2026-01-06 has begun: it stays as it is" in out
    pr = world.open_pr("carol", "back-2", {"absences/g1/carol.yaml": None})
    assert pr_check(world, pr, capsys, "2026-01-03T18:00+01:00")[0] == 0, "withdrawn before it begins: fine"
