"""template, join, preview, new: the commands a game master and a player use (issue: the league engine, item 3)."""

from pathlib import Path

from adjudicator import cli, yamlio

from .conftest import git
from .test_league_e2e import at, new_game, run, submit


def test_template_is_a_valid_commented_orders_sheet(league: Path, capsys):
    new_game(league)
    capsys.readouterr()
    assert run(league, "template", "g1", "Bob", "--write") == 0
    path = league / "orders/g1/0001/bob.yaml"
    text = path.read_text()
    assert text.startswith("# Orders of Bob for g1, turn 1: Round 1 (you are awaited).")
    assert "# Deadline: 2026-01-05T20:00+01:00." in text
    assert yamlio.load(text).data == {"game": "g1", "turn": 1, "player": "bob", "orders": {"add": 0}}
    capsys.readouterr()
    assert cli.main(["--league", str(league), "validate", str(path)]) == 0


def test_join_admits_a_player_from_the_open_turn(league: Path, capsys):
    new_game(league)
    submit(league, 1, "alice", "  add: 1\n", at(4, 10))
    run(league, "adjudicate", "g1", "--now", "2026-01-06T00:00+01:00", "--commit")
    assert run(league, "join", "g1", "Dave:dave:4") == 0
    assert "Dave joins g1 with turn 2." in capsys.readouterr().out
    git(league, "commit", "-qam", "dave joins", date=at(7, 10))
    submit(league, 2, "dave", "  add: 2\n", at(8, 10))
    assert cli.main(["--league", str(league), "validate", str(league / "orders/g1/0002/dave.yaml")]) == 0
    assert run(league, "adjudicate", "g1", "--now", "2026-01-13T00:00+01:00", "--commit") == 0
    report = yamlio.read_data(league / "games/g1/turns/0002/report.yaml")
    assert "dave" in report["result"]["scores"] and "dave" in report["orders"]["taken"]
    assert run(league, "verify", "g1") == 0, "a join replays like any other turn"
    assert run(league, "join", "g1", "Dave:dave:4") == 2
    assert "plays in g1 already" in capsys.readouterr().err


def test_hidden_parts_of_the_state_are_kept_apart_from_the_public_state(league: Path):
    new_game(league)
    public = yamlio.read_data(league / "games/g1/turns/0000/state.yaml")
    hidden = yamlio.read_data(league / "games/g1/turns/0000/hidden.yaml")
    assert "private" not in public and set(hidden["private"]) == {"alice", "bob", "carol"}


def test_preview_shows_what_ones_own_orders_would_do(league: Path, capsys):
    new_game(league)
    path = league / "orders/g1/0001/alice.yaml"
    path.parent.mkdir(parents=True)
    path.write_text("game: g1\nturn: 1\nplayer: alice\norders:\n  add: 3\n")
    capsys.readouterr()
    assert run(league, "preview", "g1", str(path)) == 0
    out = capsys.readouterr().out
    assert "Your orders as understood:\n  add 3" in out and "| Alice |" in out
    assert "Private to you:" in out and "bonus" in out
    assert not (league / "games/g1/turns/0001").exists(), "preview writes nothing"


def test_usage_errors_exit_2_with_a_message(league: Path, capsys):
    assert run(league, "new", "counter", "Bad Id") == 2
    assert "lower-case letters" in capsys.readouterr().err
    assert run(league, "new", "nosuchgame", "g9") == 2
    assert "unknown ruleset 'nosuchgame'" in capsys.readouterr().err
    assert run(league, "new", "counter", "g9", "--player", "Alice:alice") == 2
    assert "NAME:LOGIN:ID" in capsys.readouterr().err
    assert run(league, "adjudicate") == 2
    assert run(league, "status", "nope") == 2
    assert "no game 'nope'" in capsys.readouterr().err


def test_the_sheet_of_a_sealed_game_says_to_seal_it(league: Path, capsys):
    assert run(league, "new", "counter", "s1", "--player", "Alice:alice:1", "--option", "orders=sealed") == 0
    capsys.readouterr()
    assert run(league, "template", "s1", "alice") == 0
    assert "'turnpress seal FILE' writes orders/s1/0001/alice.yaml.age" in capsys.readouterr().out
    assert run(league, "template", "s1", "alice", "--write") == 2
    assert "has sealed orders" in capsys.readouterr().err
    assert not (league / "orders/s1").exists(), "no plaintext orders are written into a sealed game's folder"
