"""The pull-request check of a sealed file, without its key (issue "sealed orders": path, player, armor, size,
that it is an age file with the expected number of recipients)."""

from __future__ import annotations

import base64
import subprocess
from pathlib import Path

import pytest

from adjudicator import yamlio
from adjudicator.engine import sealed_orders as sealedorders
from adjudicator.league.store import load_game
from adjudicator.sealed import crypto, envelope

from .conftest import Table

PLAIN = b"game: g1\nturn: 1\nplayer: bob\norders:\n  bid: 1\n"


def messages(table: Table, rel: str, raw: bytes) -> list[str]:
    return [f.message for f in sealedorders.check_envelope(table.root, rel, raw, load_game(table.root, "g1"))]


def keys(table: Table, player: str) -> list[str]:
    return load_game(table.root, "g1").recipients(player)


def test_a_file_sealed_by_turnpress_passes(table: Table):
    for player in ("alice", "bob", "carol"):
        raw = crypto.encrypt(PLAIN.replace(b"bob", player.encode()), keys(table, player)).encode()
        assert messages(table, f"orders/g1/0001/{player}.yaml.age", raw) == []


@pytest.mark.parametrize(("rel", "expect"), [
    ("orders/g1/0002/bob.yaml.age", "turn 2 of g1 is not open yet; the open turn is 1"),
    ("orders/g1/0001/dave.yaml.age", "'dave' does not play in g1"),
    ("orders/g1/0001/bob.yml.age", "not a sealed orders file: they go to orders/<game>/<NNNN>/<login>.yaml.age"),
])
def test_the_path_names_the_open_turn_and_a_player(table: Table, rel: str, expect: str):
    assert messages(table, rel, crypto.encrypt(PLAIN, keys(table, "bob")).encode()) == [expect]


def test_the_recipients_are_the_game_and_the_player(table: Table):
    game_only = crypto.encrypt(PLAIN, keys(table, "bob")[:1]).encode()
    [message] = messages(table, "orders/g1/0001/bob.yaml.age", game_only)
    assert "sealed to 1 key (X25519), but must be sealed to exactly the game's key and yours" in message
    # Alice's key is an age key: a file sealed to the game and to some SSH key is not hers.
    bob_key = keys(table, "bob")[1]
    [message] = messages(table, "orders/g1/0001/alice.yaml.age",
                         crypto.encrypt(PLAIN, [keys(table, "alice")[0], bob_key]).encode())
    assert "(X25519, ssh-ed25519)" in message
    # Bob's key is his GitHub SSH key: the stanza's tag must name that key, not another one.
    other = table.desk / "other"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(other)], check=True)
    raw = crypto.encrypt(PLAIN, [keys(table, "bob")[0], other.with_suffix(".pub").read_text()]).encode()
    assert messages(table, "orders/g1/0001/bob.yaml.age", raw) == [
        "it is sealed to an SSH key that is not the one registered for you"]


def test_armor_header_and_size(table: Table):
    rel = "orders/g1/0001/bob.yaml.age"
    good = crypto.encrypt(PLAIN, keys(table, "bob"))
    binary, _ = envelope.dearmor(good.encode())
    assert "not ASCII-armored text" in messages(table, rel, binary + b"\xff")[0]
    assert "does not start with" in messages(table, rel, PLAIN)[0]
    lines = good.splitlines()
    assert "64 characters" in messages(table, rel, "\n".join([lines[0], lines[1] + "AAAA", *lines[2:]]).encode())[0]
    fake = base64.b64encode(b"not an age file at all" * 3).decode()
    armored = "\n".join([envelope.ARMOR_BEGIN, fake[:64], fake[64:], envelope.ARMOR_END]).encode()
    assert "not an age file" in messages(table, rel, armored)[0]
    huge = b"A" * (envelope.SEALED_MAX_BYTES + 1)
    assert "a sealed orders file may have at most" in messages(table, rel, huge)[0]


def test_a_game_of_open_orders_takes_no_sealed_file(table: Table):
    root: Path = table.root
    config = yamlio.read_data(root / "games/g1/game.yaml")
    config["options"]["orders"] = "open"
    (root / "games/g1/game.yaml").write_text(yamlio.dump(config))
    raw = crypto.encrypt(PLAIN, keys(table, "bob")).encode()
    assert messages(table, "orders/g1/0001/bob.yaml.age", raw) == ["g1 takes open orders, not sealed ones"]
    assert messages(table, "orders/g1/0001/bob.yaml", PLAIN) == []


def test_keys_are_checked_when_registered(table: Table):
    assert table.cli("keys", "add", "g1", "carol", "age1notakey") == 2
    assert "not a valid public key" in table.out()
    assert table.cli("keys", "add", "g1", "carol", "ssh-rsa AAAAB3NzaC1yc2E carol") == 2
    assert "ssh-ed25519" in table.out()
    assert table.cli("keys", "new", "g1") == 2
    assert "has a key already" in table.out()
