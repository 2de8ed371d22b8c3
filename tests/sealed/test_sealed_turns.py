"""Sealed orders through a turn (issue "sealed orders", Show it): seal, check, decrypt, adjudicate, publish;
a wrong key, a tampered ciphertext and a sealed file copied from an earlier turn; a player who registered their
GitHub SSH key reading their own report."""

from __future__ import annotations

from pathlib import Path

from adjudicator import yamlio
from adjudicator.engine import sealed_orders as sealedorders
from adjudicator.kit.secrecy import public_part
from adjudicator.league.store import load_game
from adjudicator.sealed import crypto, envelope

from ..conftest import git
from .conftest import Table, at, deadline
from .spyring import RULESET as SPYRING


def report(root: Path, turn: int) -> dict:
    return yamlio.read_data(root / f"games/g1/turns/{turn:04d}/report.yaml")


def test_keys_new_seals_turn_zero_and_the_dice_secret(table: Table):
    root = table.root
    config = yamlio.read_data(root / "games/g1/game.yaml")
    assert config["key"].startswith("age1") and config["options"]["orders"] == "sealed"
    assert config["players"][0]["recipient"].startswith("age1")
    assert config["players"][1]["recipient"].startswith("ssh-ed25519 ")
    assert "recipient" not in config["players"][2]
    files = git(root, "ls-files", "games/g1").split()
    assert "games/g1/turns/0000/hidden.yaml" not in files, "no plaintext hidden state in a game with a key"
    assert {"games/g1/turns/0000/private/alice.yaml.age", "games/g1/turns/0000/private/bob.yaml.age",
            "games/g1/turns/0000/private/carol.yaml.age", "games/g1/turns/0000/secret.yaml.age",
            "games/g1/dice-secret.age"} <= set(files)
    assert "TURNPRESS_GAME_KEYS" in "".join(table.outputs) and "g1=AGE-SECRET-KEY-" in "".join(table.outputs)
    game = load_game(root, "g1")
    assert game.state(0)["scores"] == {"alice": 0, "bob": 0, "carol": 0}
    assert "private" not in game.state(0) and not game.hidden_complete(0), "without the key: the public part"


def test_seal_check_decrypt_adjudicate_publish(table: Table):
    root = table.root
    assert table.seal("alice", 1, 3, "alice opening", at(1, 10)) == 0
    out = table.out()
    assert "understood as:\n  bid 3" in out and "Sealed to the game and to you" in out
    sealed_text = (root / "orders/g1/0001/alice.yaml.age").read_text()
    assert sealed_text.startswith(envelope.ARMOR_BEGIN) and "alice opening" not in sealed_text

    # The pull-request check (and validate) see only the envelope, and it is right.
    assert table.cli("validate", str(root / "orders/g1/0001/alice.yaml.age")) == 0
    assert "0 errors" in table.out()
    raw = (root / "orders/g1/0001/alice.yaml.age").read_bytes()
    assert sealedorders.check_envelope(root, "orders/g1/0001/alice.yaml.age", raw, load_game(root, "g1")) == []

    # status without the key: who is in, never what.
    assert table.cli("status", "g1", "--now", "2026-03-01T12:00+00:00") == 0
    out = table.out()
    assert "orders in: Alice" in out and "bid" not in out

    assert table.seal("bob", 1, 2, "bob plays it safe", at(2, 19)) == 0
    assert table.seal("carol", 1, 1, "carol has no key", at(2, 19, 30)) == 0
    assert "register a key to read it back" in table.out()

    # The deadline run without the key refuses, and changes nothing.
    head = git(root, "rev-parse", "HEAD")
    assert table.cli("adjudicate", "g1", "--now", "2026-03-02T21:05+00:00", "--commit") == 2
    assert "TURNPRESS_GAME_KEY_G1" in table.out()
    assert git(root, "rev-parse", "HEAD") == head

    assert table.deadline_run(1) == 0
    r1 = report(root, 1)
    assert r1["orders"]["taken"] == ["alice", "bob", "carol"] and r1["result"]["winner"] == "alice"
    assert "private" not in r1["result"]
    # What the rules publish of the orders is published beside the sealed file, with the turn: in a game with
    # hidden state as data, without the comments a sheet may carry (a hand); the full text when the game ends.
    for player, note in (("alice", "alice opening"), ("bob", "bob plays it safe")):
        plain = (root / f"orders/g1/0001/{player}.yaml").read_bytes()
        sent = (table.desk / f"{player}-1.yaml").read_bytes()
        assert note.encode() in plain and plain.decode() == public_part(SPYRING.secrecy({}), sent)[0]
    assert git(root, "log", "-1", "--format=%s").strip() == "g1: turn 1 (Round 1)"
    assert "orders/g1/0001/alice.yaml" in git(root, "show", "--name-only", "--format=", "HEAD").split()
    assert not (root / "games/g1/turns/0001/hidden.yaml").exists()

    # Each player reads their own report and figures; the ones without a key cannot, nor can a wrong key.
    assert table.cli("keys", "open", "g1", "--identity", str(table.alice_key)) == 0
    out = table.out()
    game = load_game(root, "g1")
    with table.game_master():
        secret_state = load_game(root, "g1").state(1)
    assert secret_state["private"]["alice"]["codeword"] in out and "Private to Alice" in out
    assert secret_state["private"]["bob"]["codeword"] not in out
    assert secret_state["private"]["alice"]["hand"][-1] in out, "she sees the card she drew"
    assert game.report(1)["orders"]["taken"]


def test_a_player_with_a_github_ssh_key_reads_their_own_report(table: Table):
    root = table.root
    assert table.seal("bob", 1, 3, "bob bids big", at(1, 11)) == 0
    assert table.deadline_run(1) == 0
    table.out()
    assert table.cli("keys", "open", "g1", "--identity", str(table.bob_key)) == 0
    out = table.out()
    with table.game_master():
        state = load_game(root, "g1").state(1)
    assert "Private to Bob" in out and state["private"]["bob"]["codeword"] in out
    assert state["private"]["alice"]["codeword"] not in out
    # His sealed orders of the open turn open for him too: he can check what he sent.
    assert table.seal("bob", 2, 1, "bob again", at(8, 9)) == 0
    table.out()
    assert table.cli("keys", "open", "g1", "--identity", str(table.bob_key)) == 0
    assert "bob again" in table.out()


def test_seal_refuses_invalid_orders_with_the_messages_of_validate(table: Table, monkeypatch):
    root = table.root
    # A bid above three times the hand: a rule that needs Alice's hidden hand, read with her own key.
    plain = root / "orders/g1/0001/alice.yaml"
    plain.parent.mkdir(parents=True, exist_ok=True)
    plain.write_text("game: g1\nturn: 1\nplayer: alice\norders:\n  bid: 7\n  colour: red\n")
    table.out()
    assert table.cli("seal", str(plain), "--identity", str(table.alice_key)) == 1
    sealed_out = table.out()
    monkeypatch.setenv("TURNPRESS_IDENTITY", str(table.alice_key))
    assert table.cli("validate", str(plain)) == 1
    validate_out = table.out()
    problems = [line for line in validate_out.splitlines() if ": error: " in line]
    assert problems and all(line.replace(str(root) + "/", "") in sealed_out.replace(str(root) + "/", "")
                            for line in problems)
    assert "Not sealed" in sealed_out and not (root / "orders/g1/0001/alice.yaml.age").exists()
    plain.write_text("game: g1\nturn: 1\nplayer: alice\norders:\n  bid: 7\n")
    assert table.cli("seal", str(plain)) == 1, "the same rule, with the key from TURNPRESS_IDENTITY"
    assert "needs more cards in hand" in table.out()
    plain.write_text("game: g1\nturn: 1\nplayer: alice\norders:\n  bid: 2\n")
    assert table.cli("seal", str(plain)) == 0
    assert "Do not commit orders/g1/0001/alice.yaml" in table.out()


def test_wrong_key_tampered_and_copied_files_count_as_missing_and_the_report_says_why(table: Table):
    root = table.root
    for player in ("alice", "bob", "carol"):
        assert table.seal(player, 1, 1, f"{player} round one", at(1, 10)) == 0
    assert table.deadline_run(1) == 0

    # Alice seals to a key that is not the game's (another game's), Bob's file is changed after sealing,
    # Carol copies her sealed file of turn 1 into turn 2.
    from pyrage import x25519

    other = str(x25519.Identity.generate().to_public())
    alice_public = yamlio.read_data(root / "games/g1/game.yaml")["players"][0]["recipient"]
    target = root / "orders/g1/0002/alice.yaml.age"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(crypto.encrypt(table.write("alice", 2, 2, "alice wrong key").read_bytes(),
                                     [other, alice_public]))
    assert table.seal("bob", 2, 2, "bob tampered", at(8, 10)) == 0
    bob = root / "orders/g1/0002/bob.yaml.age"
    binary, _ = envelope.dearmor(bob.read_bytes())
    flipped = binary[:-5] + bytes([binary[-5] ^ 1]) + binary[-4:]
    bob.write_text(_armor(flipped))
    (root / "orders/g1/0002/carol.yaml.age").write_bytes((root / "orders/g1/0001/carol.yaml.age").read_bytes())
    git(root, "add", "-A")
    git(root, "commit", "-qm", "orders of turn 2", date=at(8, 11))

    # The envelope check passes all three: what is wrong shows only when they are opened.
    game = load_game(root, "g1")
    assert sealedorders.check_envelope(root, "orders/g1/0002/bob.yaml.age", bob.read_bytes(), game) == []
    assert table.deadline_run(2) == 0
    r2 = report(root, 2)
    assert r2["orders"]["taken"] == [] and r2["orders"]["missed"] == ["alice", "bob", "carol"]
    why = {r["player"]: (r["why"], " ".join(r["problems"])) for r in r2["orders"]["refused"]}
    assert why["alice"] == ("sealed file does not open", why["alice"][1])
    assert "not sealed to this key" in why["alice"][1]
    assert why["bob"][0] == "sealed file does not open" and "damaged or was changed" in why["bob"][1]
    assert why["carol"][0] == "sealed for another game, turn or player" and "another turn than 2" in why["carol"][1]
    assert not (root / "orders/g1/0002/alice.yaml").exists(), "nothing unopened is published"
    assert not (root / "orders/g1/0002/carol.yaml").exists(), "a copied file is not published as turn 2's"
    page = (root / "site/news/g1/0002.md").read_text()
    assert "Not taken: Carol (sealed for another game, turn or player)" in page


def _armor(binary: bytes) -> str:
    import base64

    text = base64.b64encode(binary).decode()
    lines = [text[i:i + 64] for i in range(0, len(text), 64)]
    return "\n".join([envelope.ARMOR_BEGIN, *lines, envelope.ARMOR_END]) + "\n"


def test_plain_orders_in_a_sealed_game_are_refused(table: Table):
    root = table.root
    path = root / "orders/g1/0001/alice.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("game: g1\nturn: 1\nplayer: alice\norders:\n  bid: 1\n")
    game = load_game(root, "g1")
    found = sealedorders.check_envelope(root, "orders/g1/0001/alice.yaml", path.read_bytes(), game)
    assert len(found) == 1 and "takes sealed orders" in found[0].message
    git(root, "add", "-A")
    git(root, "commit", "-qm", "plain orders", date=at(1, 10))
    assert table.deadline_run(1) == 0
    r1 = report(root, 1)
    assert r1["orders"]["refused"][0]["player"] == "alice" and r1["orders"]["refused"][0]["why"] == "not sealed"


def test_deadline_dates():
    assert deadline(2).isoformat() == "2026-03-09T20:00:00+00:00"


def test_a_turns_public_state_is_read_without_opening_its_sealed_files(table: Table, monkeypatch):
    """Each issue page's charts read the public state of every turn before it (issue 33: each turn opened every
    earlier turn's sealed files again and copied their hidden parts, only for the public view to drop them). The
    public state is the view of the whole state, as the game master with the key reads it, from the plain files."""
    assert table.seal("alice", 1, 3, "alice opening", at(1, 10)) == 0
    assert table.deadline_run(1) == 0
    with table.game_master():
        game = load_game(table.root, "g1")
        views = [game.ruleset.public_view(game.state(t)) for t in (0, 1)]
        assert "private" in game.state(1), "the key opens the hidden part"

    def sealed(*args):
        raise AssertionError("a sealed file was opened")

    monkeypatch.setattr(crypto, "decrypt", sealed)
    game = load_game(table.root, "g1")
    assert [game.public_state(t) for t in (0, 1)] == views and views[1]["scores"]
    assert views[1] == yamlio.read_data(table.root / "games/g1/turns/0001/state.yaml")
