"""Issue 21: a sealed file's length says nothing about its orders. The plaintext is padded to a bucket size
before sealing (``crypto.pad``); the deadline's opening strips exactly that padding, and files sealed before
padding existed still open as they are."""

from __future__ import annotations

import pyrage
from pyrage import ssh, x25519

from adjudicator.sealed import crypto
from adjudicator.sealed.envelope import dearmor

from .conftest import Table


def sealed_size(table: Table, player: str, turn: int) -> int:
    """The length of the sealed payload: the age file after its header. (The header's length varies at random:
    rage adds a "grease" stanza of random size to every file, which says nothing about the orders.)"""
    binary, why = dearmor((table.root / f"orders/g1/{turn:04d}/{player}.yaml.age").read_bytes())
    assert binary is not None, why
    header_end = binary.index(b"\n", binary.index(b"\n--- ") + 1) + 1
    return len(binary) - header_end


def test_sheets_of_different_lengths_seal_to_the_same_length_and_open_to_the_same_orders(table: Table):
    assert table.seal("alice", 1, 3, "x", table_when := table_time()) == 0
    short = sealed_size(table, "alice", 1)
    assert table.seal("alice", 1, 3, "a longer note, " * 4, table_when) == 0
    long_sheet = (table.desk / "alice-1.yaml").read_bytes()
    assert len(long_sheet) > 100  # the two sheets differ by dozens of bytes ...
    assert sealed_size(table, "alice", 1) == short  # ... their sealed files not by one
    assert table.deadline_run(1) == 0
    table.out()
    # The published orders are the sheet that was sealed: no padding reaches a reader, and verify (which
    # compares each opened file with its published plaintext) finds them equal.
    published = (table.root / "orders/g1/0001/alice.yaml").read_bytes()
    assert b"a longer note, a longer note" in published and b"padding" not in published
    with table.game_master():
        assert table.cli("verify") == 0, table.out()


def test_a_file_sealed_without_padding_still_opens(table: Table):
    """Orders sealed by an older turnpress (or by hand with ``age``) carry no padding line."""
    sheet = table.write("bob", 1, 4, "sealed before padding")
    bob_public = table.bob_key.with_suffix(".pub").read_text().strip()
    game_public = str(x25519.Identity.from_str(table.game_key).to_public())
    old = pyrage.encrypt(sheet.read_bytes(), [x25519.Recipient.from_str(game_public),
                                              ssh.Recipient.from_str(bob_public)], armored=True)
    target = table.root / "orders/g1/0001/bob.yaml.age"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(old)
    from ..conftest import git
    git(table.root, "add", "-A")
    git(table.root, "commit", "-qm", "Bob's orders, sealed the old way", date=table_time())
    assert table.deadline_run(1) == 0
    table.out()
    assert b"sealed before padding" in (table.root / "orders/g1/0001/bob.yaml").read_bytes()
    with table.game_master():
        assert table.cli("verify") == 0, table.out()


def test_padding_is_stripped_exactly_whatever_the_plaintext_ends_with():
    for plain in (b"", b"a: 1", b"a: 1\n", b"a: 1\n\n", b"note: |+\n  x\n\n", b"# turnpress padding ..\n",
                  b"x" * 5000, b"y" * 300_000):
        padded = crypto.pad(plain)
        assert crypto.unpad(padded) == plain
        assert len(padded) == crypto.padded_size(len(padded))  # a bucket size
    assert len(crypto.pad(b"a: 1")) == len(crypto.pad(b"b" * 900)) == 1024


def table_time():
    from .conftest import at
    return at(2, 10)


