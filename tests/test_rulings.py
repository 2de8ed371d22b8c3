"""Rulings (issue 23): a game master's ruling is a file, applied by adjudicate at its turn, published with its
reason in the report and the issue, replayed by verify, and refused from anyone but a game master."""

from __future__ import annotations

from pathlib import Path

from adjudicator import yamlio

from .conftest import git, run
from .pipeline.conftest import pr_check, world  # noqa: F401 - the fixture
from .test_league_e2e import at, new_game, submit

RULING = """game: g1
turn: 2
by: GM
reason: "Bob's orders of turn 1 were lost in GitHub's outage; he gets the 3 points he sent <b>by mail</b>."
correct:
  - path: [scores, bob]
    value: 3
deadline: 2026-01-14 20:00
"""


def with_game_master(root: Path) -> None:
    config = root / "games/g1/game.yaml"
    config.write_text(config.read_text() + "game_masters:\n  - login: gm\n    id: 9000\n")
    git(root, "commit", "-qam", "game master named", date=at(1, 13))


def test_a_ruling_is_applied_at_its_turn_published_and_replayed(league: Path, capsys):
    new_game(league)
    with_game_master(league)
    assert run(league, "adjudicate", "--due", "--now", "2026-01-05T21:05+01:00", "--commit") == 0
    (league / "rulings/g1").mkdir(parents=True)
    (league / "rulings/g1/0002.yaml").write_text(RULING)
    git(league, "add", "-A")
    git(league, "commit", "-qm", "ruling for turn 2", date=at(6, 9))
    assert run(league, "status", "g1", "--now", "2026-01-12T21:05+01:00") == 0
    assert "deadline: 2026-01-14 20:00 CET" in capsys.readouterr().out, "the ruling moved the deadline"
    submit(league, 2, "alice", "  add: 1\n", at(13, 10))
    assert run(league, "adjudicate", "--due", "--now", "2026-01-12T21:05+01:00", "--commit") == 0
    assert "nothing is due" in capsys.readouterr().out
    assert run(league, "adjudicate", "--due", "--now", "2026-01-14T21:05+01:00", "--commit") == 0
    report = yamlio.read_data(league / "games/g1/turns/0002/report.yaml")
    assert report["ruling"] == {"file": "rulings/g1/0002.yaml", "by": "gm", "reason": yamlio.load(RULING).data[
        "reason"], "correct": [{"path": ["scores", "bob"], "value": 3}], "deadline": "2026-01-14T20:00+01:00"}
    assert report["deadline"] == "2026-01-14T20:00+01:00"
    state = yamlio.read_data(league / "games/g1/turns/0002/state.yaml")
    assert state["scores"]["bob"] == 3 + report["result"]["rolls"]["bob"], "3 set before the turn, plus the roll"
    page = (league / "site/news/posts/g1/0002.md").read_text()
    assert "## Ruling of the game master\n\nBy gm, in `rulings/g1/0002.yaml`:\n\n> Bob's orders" in page
    assert "&#60;b&#62;by mail&#60;/b&#62;" in page and "<b>" not in page, "the reason is made inert"
    assert "- Set before the turn: scores.bob = 3\n- This turn's deadline: 2026-01-14 20:00 CET" in page
    assert run(league, "verify", "g1") == 0
    assert "all match" in capsys.readouterr().out


def test_a_ruling_not_by_a_game_master_stops_its_turn(league: Path, capsys):
    new_game(league)
    (league / "rulings/g1").mkdir(parents=True)
    (league / "rulings/g1/0001.yaml").write_text(RULING.replace("turn: 2", "turn: 1"))
    git(league, "add", "-A")
    git(league, "commit", "-qm", "a ruling", date=at(2, 9))
    assert run(league, "adjudicate", "--due", "--now", "2026-01-05T21:05+01:00", "--commit") == 2
    assert ("g1: skipped, nothing committed: rulings/g1/0001.yaml:3:5: by: 'GM' is not a game master of g1 — a ruling "
            "is made by a game master named in games/g1/game.yaml: nobody yet: add game_masters to game.yaml"
            in capsys.readouterr().out)


def test_the_pull_request_check_refuses_a_ruling_from_a_player_and_takes_one_from_the_game_master(
        world, capsys, tmp_path: Path):  # noqa: F811
    with_game_master(world.gm)
    git(world.gm, "push", "-q", "origin", "main")
    ruling = RULING.replace("turn: 2", "turn: 1").replace("deadline: 2026-01-14", "deadline: 2026-01-07")
    pr = world.open_pr("alice", "alice-rules", {"rulings/g1/0001.yaml": ruling})
    code, out, _ = pr_check(world, pr, capsys, tmp_path / "summary.md")
    assert code == 1
    assert ("rulings/g1/0001.yaml is a ruling, and only a game master of g1 may make one; this pull request is by "
            "alice — the game masters are in games/g1/game.yaml (game_masters): gm") in out
    pr = world.open_pr("bob", "gm-rules", {"rulings/g1/0001.yaml": ruling}, login="gm", user_id=9000)
    code, out, _ = pr_check(world, pr, capsys, tmp_path / "summary.md")
    assert code == 0, out
    pr = world.open_pr("bob", "gm-rules-2", {"rulings/g1/0001.yaml": ruling}, login="gm", user_id=9001)
    assert pr_check(world, pr, capsys, tmp_path / "summary.md")[0] == 1, "the id counts, not only the login"
