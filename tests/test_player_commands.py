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
