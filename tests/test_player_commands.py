"""What a player's commands say in a season (issue 29, finding 7): a finished game hands out no sheet and takes no
orders ("the game is over"); ``validate`` and ``preview`` find the league from the working directory for a sheet
kept outside the repository, as the README's player tour keeps it and as ``seal`` does."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import git, run
from .test_league_e2e import at


def counter_game(league: Path, target: int, orders: str = "open") -> None:
    assert run(league, "new", "counter", "g1", "--player", "Alice:alice:1", "--player", "Bob:bob:2",
               "--option", f"target={target}", "--option", f"orders={orders}", "--now", "2026-01-01T00:00Z",
               "--schedule", "first=2026-01-05 20:00,every=7 days,timezone=Europe/Berlin,grace=60") == 0
    git(league, "add", "-A")
    git(league, "commit", "-qm", "new game", date=at(1, 12))


def sheet(turn: int, add: int) -> str:
    return f"game: g1\nturn: {turn}\nplayer: alice\norders:\n  add: {add}\n"


def test_a_finished_game_refuses_template_seal_and_validate(league: Path, tmp_path: Path, capsys,
                                                            monkeypatch: pytest.MonkeyPatch):
    counter_game(league, target=1, orders="sealed")
    monkeypatch.chdir(league)
    kept = tmp_path / "alice.yaml"
    kept.write_text(sheet(1, 1))
    assert run(league, "seal", str(kept)) == 0
    git(league, "add", "-A")
    git(league, "commit", "-qm", "alice's orders", date=at(4, 10))
    assert run(league, "adjudicate", "--due", "--now", "2026-01-05T21:05+01:00", "--commit") == 0
    capsys.readouterr()
    assert run(league, "template", "g1", "alice") == 2
    assert "the game is over: g1 takes no more orders" in capsys.readouterr().err
    kept.write_text(sheet(2, 1))
    assert run(league, "validate", str(kept)) == 1
    assert "the game is over: g1 takes no more orders" in capsys.readouterr().out
    assert run(league, "seal", str(kept)) != 0
    said = capsys.readouterr()
    assert "the game is over: g1 takes no more orders" in said.out + said.err
    assert not (league / "orders/g1/0002").exists(), "nothing sealed"


def test_validate_and_preview_find_the_league_from_the_working_directory(league: Path, tmp_path: Path, capsys,
                                                                         monkeypatch: pytest.MonkeyPatch):
    counter_game(league, target=100)
    home = tmp_path / "home"
    home.mkdir()
    kept = home / "g1.yaml"  # the player's tour: the sheet kept outside the repository
    kept.write_text(sheet(1, 3))
    monkeypatch.chdir(league)
    from adjudicator import cli  # without --league: the league is the working directory's
    assert cli.main(["validate", str(kept)]) == 0
    assert "orders/g1/0001/alice.yaml: understood as:" in capsys.readouterr().out
    assert cli.main(["preview", "g1", str(kept)]) == 0
    assert "Your orders as understood:" in capsys.readouterr().out
    kept.write_text(sheet(1, 3).replace("game: g1", "game: g2"))
    assert cli.main(["preview", "g1", str(kept)]) == 2
    assert "is not an orders file of g1" in capsys.readouterr().err


def test_template_gives_a_seat_handed_over_to_its_new_player(league: Path, capsys):
    """After a takeover (a ruling's replace:) the new login asks for the seat's sheet; the old one has none."""
    counter_game(league, target=100)
    assert run(league, "adjudicate", "g1", "--now", "2026-01-05T21:05+01:00", "--commit") == 0
    config = league / "games/g1/game.yaml"
    config.write_text(config.read_text() + "game_masters:\n  - login: gm\n    id: 9000\n")
    ruling = league / "rulings/g1/0002.yaml"
    ruling.parent.mkdir(parents=True)
    ruling.write_text("game: g1\nturn: 2\nby: gm\nreason: Bob hands over to Dave.\nreplace:\n  - seat: bob\n"
                      "    login: dave\n    id: 9100\n")
    git(league, "add", "-A")
    git(league, "commit", "-qm", "takeover", date=at(6, 9))
    capsys.readouterr()
    assert run(league, "template", "g1", "dave") == 0
    assert "\nplayer: bob\n" in capsys.readouterr().out, "the seat keeps its key"
    assert run(league, "template", "g1", "bob") == 2
    assert "bob does not play in g1" in capsys.readouterr().err


def test_open_says_a_turn_without_private_files_has_none_for_anyone(league: Path, tmp_path: Path, capsys):
    """Bretton Woods writes no private report: 'open' said the key might not be registered."""
    assert run(league, "new", "bretton-woods", "bw", "--now", "2026-01-01T00:00Z",
               "--schedule", "first=2026-01-05 20:00,every=7 days,timezone=Europe/Berlin",
               "--player", "Atlantis:anna:1:agrar", "--player", "Borduria:bert:2:energie") == 0
    key = tmp_path / "anna.key"
    assert run(league, "keys", "personal", str(key)) == 0
    public = next(w for w in capsys.readouterr().out.split() if w.startswith("age1"))
    assert run(league, "keys", "add", "bw", "anna", public) == 0
    git(league, "add", "-A")
    git(league, "commit", "-qm", "bw", date=at(1, 12))
    assert run(league, "adjudicate", "--due", "--commit", "--now", "2026-01-05T21:00+01:00") == 0
    capsys.readouterr()
    assert run(league, "open", "bw", "--identity", str(key)) == 0
    out = capsys.readouterr().out
    assert "bw, Zug 1, hat für keinen Spieler einen privaten Bericht oder private Werte" in out  # a German game
    assert "registered" not in out
