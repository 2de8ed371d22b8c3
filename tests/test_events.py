"""The season's events are commands that write rulings (issue 29, item 8): 'turnpress pause | resume | extend |
end | concede' write the open turn's ruling with its reason (a look without --commit), the deadline run applies
it, the issue publishes it and verify replays it. Bad input gets a clear error and changes nothing: an extension
into the past, a ruling by someone who is no game master, a draw or a concession naming a player already out."""

from __future__ import annotations

from pathlib import Path

from adjudicator import yamlio

from .conftest import git, run
from .pipeline.conftest import pr_check, world  # noqa: F401 - the fixture
from .test_league_e2e import at, new_game, submit
from .test_rulings import with_game_master


def clean(root: Path) -> bool:
    return git(root, "status", "--porcelain") == ""


def head(root: Path) -> str:
    return git(root, "rev-parse", "HEAD").strip()


def ruling(root: Path, turn: int) -> dict:
    return yamlio.read_data(root / f"rulings/g1/{turn:04d}.yaml")


def test_a_pause_over_a_deadline_a_resume_that_asks_for_a_new_one_and_an_extension(league: Path, capsys):
    new_game(league)
    with_game_master(league)
    assert run(league, "adjudicate", "--due", "--now", "2026-01-05T21:05+01:00", "--commit") == 0
    before = head(league)
    assert run(league, "pause", "g1", "--reason", "Carol is in hospital", "--now", "2026-01-06T10:00+01:00") == 0
    out = capsys.readouterr().out
    assert "pause: true" in out and "Nothing written (a look)" in out
    assert clean(league) and head(league) == before, "a look writes nothing"
    assert run(league, "pause", "g1", "--reason", "Carol is in hospital", "--now", "2026-01-06T10:00+01:00",
               "--commit") == 0
    assert clean(league) and head(league) != before, "the ruling is committed, the tree as clean as before"
    assert ruling(league, 2) == {"game": "g1", "turn": 2, "by": "gm", "reason": "Carol is in hospital", "pause": True}
    capsys.readouterr()
    assert run(league, "adjudicate", "--due", "--now", "2026-01-13T10:00+01:00", "--commit") == 0
    assert "nothing is due" in capsys.readouterr().out, "a paused turn is not due after its deadline"
    assert run(league, "status", "g1", "--now", "2026-01-13T10:00+01:00") == 0
    assert "the game is paused (rulings/g1/0002.yaml): 'turnpress resume g1' lifts the pause" in \
        capsys.readouterr().out

    paused = head(league)
    assert run(league, "resume", "g1", "--reason", "Carol is back", "--now", "2026-01-14T10:00+01:00",
               "--commit") == 2
    err = capsys.readouterr().err
    assert "the deadline of turn 2 of g1 (2026-01-12 20:00 CET) passed during the pause" in err
    assert "turnpress resume g1 --deadline 'YYYY-MM-DD HH:MM'" in err
    assert run(league, "resume", "g1", "--reason", "Carol is back", "--deadline", "2026-01-13 20:00",
               "--now", "2026-01-14T10:00+01:00", "--commit") == 2
    assert "--deadline 2026-01-13 20:00: that is in the past" in capsys.readouterr().err
    assert clean(league) and head(league) == paused, "refused: nothing changed"
    assert run(league, "resume", "g1", "--reason", "Carol is back", "--deadline", "2026-01-16 20:00",
               "--now", "2026-01-14T10:00+01:00", "--commit") == 0
    assert run(league, "extend", "g1", "--reason", "Snow storm: the post is late", "--to", "2026-01-18 20:00",
               "--now", "2026-01-15T10:00+01:00", "--commit") == 0
    assert ruling(league, 2) == {"game": "g1", "turn": 2, "by": "gm", "pause": False, "deadline": "2026-01-18 20:00",
                                 "reason": "Carol is in hospital\nCarol is back\nSnow storm: the post is late"}
    assert run(league, "extend", "g1", "--reason", "oops", "--to", "2026-01-14 20:00",
               "--now", "2026-01-15T10:00+01:00", "--commit") == 2
    assert "that is in the past" in capsys.readouterr().err, "an extension into the past is refused"
    submit(league, 2, "alice", "  add: 1\n", at(17, 10))
    assert run(league, "adjudicate", "--due", "--now", "2026-01-17T10:00+01:00", "--commit") == 0
    assert "nothing is due" in capsys.readouterr().out
    assert run(league, "adjudicate", "--due", "--now", "2026-01-18T21:05+01:00", "--commit") == 0
    report = yamlio.read_data(league / "games/g1/turns/0002/report.yaml")
    assert report["deadline"] == "2026-01-18T20:00+01:00" and report["orders"]["taken"] == ["alice"]
    issue = (league / "site/news/g1/0002.md").read_text()
    assert "- A pause of this turn was lifted" in issue and "- This turn's deadline: 2026-01-18 20:00 CET" in issue
    assert run(league, "verify", "g1") == 0
    assert "all match" in capsys.readouterr().out


def test_a_ruling_by_someone_who_is_no_game_master_is_refused(league: Path, capsys):
    new_game(league)
    assert run(league, "adjudicate", "--due", "--now", "2026-01-05T21:05+01:00", "--commit") == 0
    assert run(league, "pause", "g1", "--reason", "x", "--now", "2026-01-06T10:00+01:00", "--commit") == 2
    assert "games/g1/game.yaml names no game master" in capsys.readouterr().err
    with_game_master(league)
    before = head(league)
    assert run(league, "pause", "g1", "--reason", "x", "--master", "alice", "--now", "2026-01-06T10:00+01:00",
               "--commit") == 2
    assert "--master alice: not a game master of g1; a ruling is made by one named in games/g1/game.yaml: gm" in \
        capsys.readouterr().err
    assert clean(league) and head(league) == before


def test_a_concession_ends_the_game_announced_alike_everywhere_and_replayed(league: Path, capsys):
    new_game(league)
    with_game_master(league)
    assert run(league, "adjudicate", "--due", "--now", "2026-01-05T21:05+01:00", "--commit") == 0
    (league / "rulings/g1").mkdir(parents=True)
    (league / "rulings/g1/0002.yaml").write_text("game: g1\nturn: 2\nby: gm\nreason: Carol left.\nremove: [carol]\n")
    git(league, "add", "-A")
    git(league, "commit", "-qm", "Carol is out", date=at(6, 9))
    before = head(league)
    assert run(league, "concede", "g1", "alice", "--by", "carol", "--reason", "x", "--now",
               "2026-01-06T10:00+01:00", "--commit") == 2
    assert "--by: Carol (carol) is out of the game already" in capsys.readouterr().err
    assert run(league, "end", "g1", "--draw", "alice", "carol", "--reason", "x", "--now",
               "2026-01-06T10:00+01:00", "--commit") == 2, "a draw of a player who is out"
    assert clean(league) and head(league) == before
    assert run(league, "concede", "g1", "alice", "--reason", "Bob concedes: Alice cannot be caught.",
               "--now", "2026-01-06T10:00+01:00", "--commit") == 0
    assert ruling(league, 2)["end"] == {"result": "win", "seats": ["alice"], "conceded_by": ["bob"]}
    submit(league, 2, "bob", "  add: 9\n", at(6, 11))
    capsys.readouterr()
    assert run(league, "adjudicate", "--due", "--now", "2026-01-06T12:00+01:00", "--commit") == 0
    assert "g1: turn 2" in capsys.readouterr().out, "the closing turn runs at once"
    state = yamlio.read_data(league / "games/g1/turns/0002/state.yaml")
    first = yamlio.read_data(league / "games/g1/turns/0001/state.yaml")
    assert state["scores"] == first["scores"], "the closing turn plays no orders"
    report = yamlio.read_data(league / "games/g1/turns/0002/report.yaml")
    assert report["orders"]["refused"] == [{"player": "bob", "why": "the game master's ruling ended the game before "
                                                                    "this turn was played"}]
    assert run(league, "adjudicate", "--due", "--now", "2026-01-20T12:00+01:00", "--commit") == 0
    assert "nothing is due" in capsys.readouterr().out, "the game is over"
    assert run(league, "site", "build", "--pages-only") == 0
    said = "Won by Alice: Bob conceded"
    assert f"- **Result:** {said}" in (league / "site/index.md").read_text()
    assert f"- **Result:** {said}" in (league / "site/games/g1/index.md").read_text()
    issue = (league / "site/news/g1/0002.md").read_text()
    assert f'description: "{said}"' in issue and f"**Result:** {said}" in issue
    assert f"- The game ends here: {said}" in issue and "> Carol left. Bob concedes: Alice cannot be caught." in issue
    assert run(league, "pause", "g1", "--reason", "x", "--now", "2026-01-20T12:00+01:00") == 2
    assert "g1 is over" in capsys.readouterr().err
    assert run(league, "verify", "g1") == 0
    assert "all match" in capsys.readouterr().out


def test_the_game_master_ends_a_game_in_a_draw_of_every_player_still_in_it(league: Path, capsys):
    new_game(league)
    with_game_master(league)
    assert run(league, "adjudicate", "--due", "--now", "2026-01-05T21:05+01:00", "--commit") == 0
    assert run(league, "end", "g1", "--draw", "--reason", "The club closes for the season.",
               "--now", "2026-01-06T10:00+01:00", "--commit") == 0
    assert ruling(league, 2)["end"] == {"result": "draw", "seats": ["alice", "bob", "carol"]}
    assert run(league, "adjudicate", "g1", "--now", "2026-01-06T12:00+01:00", "--commit") == 0
    assert run(league, "site", "build", "--pages-only") == 0
    assert "- **Result:** Ended by the game master: drawn between Alice, Bob and Carol" in \
        (league / "site/games/g1/index.md").read_text()
    assert run(league, "verify", "g1") == 0


def test_the_pull_request_check_takes_an_event_s_ruling_from_a_game_master_only(world, capsys, tmp_path: Path):  # noqa: F811
    with_game_master(world.gm)
    git(world.gm, "push", "-q", "origin", "main")
    assert run(world.gm, "pause", "g1", "--reason", "Easter", "--now", "2026-01-02T10:00+01:00") == 0
    text = capsys.readouterr().out.split("would read:\n\n", 1)[1].split("\nNothing written", 1)[0]
    assert "pause: true" in text
    pr = world.open_pr("alice", "alice-pause", {"rulings/g1/0001.yaml": text})
    code, out, _ = pr_check(world, pr, capsys, tmp_path / "summary.md")
    assert code == 1 and "only a game master of g1 may make one; this pull request is by alice" in out
    pr = world.open_pr("bob", "gm-pause", {"rulings/g1/0001.yaml": text}, login="gm", user_id=9000)
    code, out, _ = pr_check(world, pr, capsys, tmp_path / "summary.md")
    assert code == 0, out


def test_every_comment_of_a_hand_written_ruling_stays_when_a_command_adds_to_it(league: Path, capsys):
    """The game master wrote the turn's ruling by hand, with comments; pause, resume, extend, reschedule and end
    add to it through the round trip (adjudicator/yamledit.py), and every comment line is still there, in order."""
    from .test_kept_comments import comments
    new_game(league)
    with_game_master(league)
    assert run(league, "adjudicate", "--due", "--now", "2026-01-05T21:05+01:00", "--commit") == 0
    path = league / "rulings/g1/0002.yaml"
    path.parent.mkdir(parents=True)
    written = ("# Turn 2: what happened, for the record.\ngame: g1\nturn: 2\nby: gm  # me\n"
               "reason: Carol's orders were lost  # she mailed them\n# the correction, agreed with Bob:\n"
               "correct:\n- path: [scores, carol]  # as she wrote it\n  value: 7\n# the end of the file\n")
    path.write_text(written)
    git(league, "add", "-A")
    git(league, "commit", "-qm", "turn 2: a ruling", date=at(6, 9))
    now = ["--now", "2026-01-06T10:00+01:00", "--commit"]
    for command in (["pause", "g1", "--reason", "Carol is ill"], ["resume", "g1", "--reason", "Carol is back"],
                    ["extend", "g1", "--to", "2026-01-14 20:00", "--reason", "two days more"],
                    ["reschedule", "g1", "--every", "14 days", "--reason", "slower"],
                    ["end", "g1", "--draw", "--reason", "everyone agrees"]):
        assert run(league, *command, *now) == 0, command
        text = path.read_text()
        assert comments(text) == comments(written), (command, text)
        assert text.startswith("# Turn 2: what happened") and text.endswith("# the end of the file\n"), text
    assert clean(league)
    data = ruling(league, 2)
    assert data["reason"] == ("Carol's orders were lost\nCarol is ill\nCarol is back\ntwo days more\nslower\n"
                              "everyone agrees")
    assert data["correct"] == [{"path": ["scores", "carol"], "value": 7}] and data["pause"] is False
    assert data["end"] == {"result": "draw", "seats": ["alice", "bob", "carol"]}
    assert data["deadline"] == "2026-01-14 20:00" and data["schedule"] == {"every": "14 days"}
