"""``turnpress validate`` on a sealed file (issue 30, item 8): the ``<login>.yaml.age`` the orders page downloads,
kept anywhere, is the open turn's sealed file of that player in the game whose keys it is sealed to. Without a
key its envelope is checked and validate says the orders were not read; with the player's key (or the game's) it
is opened and checked in full, as the deadline will."""

from __future__ import annotations

import shutil
from pathlib import Path

from adjudicator.league.store import load_game
from adjudicator.sealed import crypto

from .conftest import Table


def downloaded(table: Table, player: str, body: str) -> Path:
    """The page's file: the sheet sealed to the game's key and the player's, saved in the player's downloads."""
    plain = f"game: g1\nturn: 1\nplayer: {player}\norders:\n{body}".encode()
    path = table.desk / "Downloads" / f"{player}.yaml.age"
    path.parent.mkdir(exist_ok=True)
    path.write_text(crypto.encrypt(plain, load_game(table.root, "g1").recipients(player)), encoding="ascii")
    return path


def test_a_downloaded_sealed_file_is_checked_as_its_envelope_without_a_key(table: Table):
    path = downloaded(table, "alice", "  bid: 1\n")
    assert table.cli("validate", "--league", str(table.root), str(path)) == 0
    out = table.out()
    assert "cannot tell which orders these are" not in out
    assert "orders/g1/0001/alice.yaml.age:1:1: warning: only the envelope was checked" in out
    assert "TURNPRESS_IDENTITY" in out


def test_with_the_player_s_key_a_sealed_file_is_checked_in_full(table: Table):
    table.mp.setenv("TURNPRESS_IDENTITY", str(table.alice_key))
    path = downloaded(table, "alice", "  bid: 12\n  nite: x\n")
    assert table.cli("validate", "--league", str(table.root), str(path)) == 1
    out = table.out()
    assert "orders/g1/0001/alice.yaml.age:5:" in out and "12" in out  # the bid above 9, at its line
    assert "nite" in out and "only the envelope" not in out
    good = downloaded(table, "alice", "  bid: 0\n")
    assert table.cli("validate", "--league", str(table.root), str(good)) == 0
    assert "understood as" in table.out()


def test_a_sealed_file_in_the_league_opens_with_the_game_s_key(table: Table):
    path = table.root / "orders/g1/0001/carol.yaml.age"  # Carol registered no key: only the game's opens it
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(downloaded(table, "carol", "  bid: -1\n"), path)
    assert table.cli("validate", str(path)) == 0
    assert "only the envelope was checked" in table.out()
    with table.game_master():
        assert table.cli("validate", str(path)) == 1
    assert "orders/g1/0001/carol.yaml.age:5:" in table.out()


def test_a_sealed_file_of_no_game_of_the_league_is_named_as_such(table: Table):
    path = table.desk / "dave.yaml.age"
    path.write_text(crypto.encrypt(b"game: g1\n", [crypto.new_identity()[0]]), encoding="ascii")
    assert table.cli("validate", "--league", str(table.root), str(path)) == 1
    assert "cannot tell which orders these are — name it <login>.yaml.age" in table.out()
