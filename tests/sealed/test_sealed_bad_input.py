"""Bad sealed input, in the words of issue 15: "a sealed file for another game, turn or player, sealed to the
wrong key, replayed from another player, or too large; a plain file in a sealed game; a missing key at the
deadline". Each gets a clear message (from the pull-request check where the envelope shows it, and in the
turn's report where only opening the file does), nothing of it is published or taken, and the league's other
game advances in the same deadline run."""

from __future__ import annotations

import datetime as dt

import pytest
from pyrage import x25519

from adjudicator import yamlio
from adjudicator.engine import sealed_orders as sealedorders
from adjudicator.league.store import load_game
from adjudicator.sealed import crypto, envelope

from ..conftest import git
from .conftest import Table, at, deadline

ALICE = "orders/g1/0001/alice.yaml.age"


def plaintext(game: str = "g1", turn: int = 1, player: str = "alice") -> bytes:
    return f"game: {game}\nturn: {turn}\nplayer: {player}\norders:\n  bid: 2\n".encode()


def sealed_to_g1(table: Table, text: bytes) -> str:
    """Sealed to exactly the keys alice's file must be sealed to: only opening it shows what it holds."""
    return crypto.encrypt(text, load_game(table.root, "g1").recipients("alice"))


def another_game(table: Table) -> str:
    return sealed_to_g1(table, plaintext(game="g2"))


def another_turn(table: Table) -> str:
    return sealed_to_g1(table, plaintext(turn=7))


def another_player(table: Table) -> str:
    """Bob's own sealed file of this turn, replayed at alice's path."""
    assert table.seal("bob", 1, 1, "bob's own", at(1, 9)) == 0
    return (table.root / "orders/g1/0001/bob.yaml.age").read_text()


def wrong_key(table: Table) -> str:
    other = str(x25519.Identity.generate().to_public())
    return crypto.encrypt(plaintext(), [other, load_game(table.root, "g1").recipient_of("alice")])


def too_large(table: Table) -> str:
    text = sealed_to_g1(table, plaintext())
    pad = "A" * 64 + "\n"
    return text.replace(envelope.ARMOR_END, pad * (envelope.SEALED_MAX_BYTES // len(pad)) + envelope.ARMOR_END)


# case -> (the bad file's maker, what the pull-request check says or None if only opening shows it,
#          the report's refusal, words of its problem)
CASES = {
    "for another game": (another_game, None, "sealed for another game, turn or player",
                         "it names another game than 'g1'"),
    "for another turn": (another_turn, None, "sealed for another game, turn or player",
                         "it names another turn than 1"),
    "replayed from another player": (
        another_player, "it is sealed to 2 keys (X25519, ssh-ed25519), but must be sealed to exactly the "
        "game's key and yours (X25519, X25519)", "sealed for another game, turn or player",
        "it names another player than 'alice'"),
    "sealed to the wrong key": (wrong_key, None, "sealed file does not open", "not sealed to this key"),
    "too large": (too_large, "a sealed orders file may have at most", "sealed file does not open",
                  "larger than a sealed orders file may be"),
}


def second_game(table: Table) -> None:
    """Game g2 of the same league, with open orders and the same deadlines: its turn 1 is due with g1's."""
    assert table.cli("new", "counter", "g2", "--player", "Dan:dan:4", "--now", "2026-01-01T00:00Z", "--schedule",
                     "first=2026-03-02 20:00,every=7 days,timezone=UTC,grace=60") == 0
    table.out()
    orders = table.root / "orders/g2/0001/dan.yaml"
    orders.parent.mkdir(parents=True)
    orders.write_text("game: g2\nturn: 1\nplayer: dan\norders:\n  add: 4\n")
    git(table.root, "add", "-A")
    git(table.root, "commit", "-qm", "g2 and dan's orders", date=at(1, 9, 30))


def advanced(table: Table, game: str) -> bool:
    return (table.root / f"games/{game}/turns/0001/report.yaml").is_file()


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_bad_sealed_file_is_refused_named_and_not_published_and_the_other_game_advances(table: Table, case: str):
    make, envelope_says, refusal, problem = CASES[case]
    root = table.root
    second_game(table)
    (root / ALICE).parent.mkdir(parents=True, exist_ok=True)
    (root / ALICE).write_text(make(table))
    found = sealedorders.check_envelope(root, ALICE, (root / ALICE).read_bytes(), load_game(root, "g1"))
    if envelope_says is None:
        assert found == [], "the envelope is right: only the deadline run's key shows what is wrong"
    else:
        assert len(found) == 1 and envelope_says in found[0].message, found
    assert table.seal("carol", 1, 1, "carol's fine", at(1, 11)) == 0
    git(root, "add", "-A")
    git(root, "commit", "-qm", f"orders, alice's {case}", date=at(1, 12))

    assert table.deadline_run(1) == 0
    report = yamlio.read_data(root / "games/g1/turns/0001/report.yaml")
    why = {r["player"]: r for r in report["orders"]["refused"]}
    assert why["alice"]["why"] == refusal and problem in " ".join(why["alice"]["problems"]), why
    assert "alice" in report["orders"]["missed"] and "carol" in report["orders"]["taken"]
    assert not (root / "orders/g1/0001/alice.yaml").exists(), "nothing of the bad file is published"
    page = (root / "site/news/g1/0001.md").read_text()
    assert f"Not taken: Alice ({refusal})" in page
    assert advanced(table, "g2"), "the other game advanced in the same run"


def test_a_plain_file_in_a_sealed_game_is_refused_and_the_other_game_advances(table: Table):
    root = table.root
    second_game(table)
    plain = root / "orders/g1/0001/alice.yaml"
    plain.parent.mkdir(parents=True, exist_ok=True)
    plain.write_text(plaintext().decode())
    found = sealedorders.check_envelope(root, "orders/g1/0001/alice.yaml", plain.read_bytes(), load_game(root, "g1"))
    assert [f.message for f in found] == ["g1 takes sealed orders: this plain file shows your orders to everyone"]
    assert "seal it with 'turnpress seal orders/g1/0001/alice.yaml'" in found[0].hint
    git(root, "add", "-A")
    git(root, "commit", "-qm", "alice's plain orders", date=at(1, 12))
    assert table.deadline_run(1) == 0
    report = yamlio.read_data(root / "games/g1/turns/0001/report.yaml")
    assert {"player": "alice", "why": "not sealed"}.items() <= report["orders"]["refused"][0].items()
    assert "alice" in report["orders"]["missed"]
    assert advanced(table, "g2")


def test_a_missing_key_at_the_deadline_stops_that_game_before_anything_is_written_and_says_which_secret(
        table: Table):
    root = table.root
    second_game(table)
    assert table.seal("alice", 1, 2, "alice's", at(1, 11)) == 0  # sealed and committed
    before = git(root, "rev-parse", "HEAD").strip()
    when = (dt.datetime(2026, 3, 2, 21, 1, tzinfo=dt.UTC)).isoformat()
    assert table.cli("adjudicate", "--due", "--now", when, "--commit") == 2  # the deadline run without g1's key
    out = table.out()
    # The key is what is missing: named first, with where to give it; the sealed parts it opens after it.
    line = next(s for s in out.splitlines() if s.startswith("g1: skipped"))
    assert line.startswith("g1: skipped, nothing committed: the game's key of g1 is missing: set "
                           "TURNPRESS_GAME_KEY_G1 (or add the line g1=AGE-SECRET-KEY-... to TURNPRESS_GAME_KEYS"), line
    assert line.index("TURNPRESS_GAME_KEY_G1") < line.index("dice secret") < line.index("dice-secret.age"), line
    assert not advanced(table, "g1") and not (root / "orders/g1/0001/alice.yaml").exists()
    assert git(root, "diff", "--name-only", before, "HEAD", "--", "games/g1", "orders/g1", "site/news/g1") == ""
    assert advanced(table, "g2"), "the other game advanced in the same run"
    assert git(root, "status", "--porcelain") == "", "nothing half-written"
    # With the key, the same run picks g1 up where it stood.
    assert table.deadline_run(1) == 0 and advanced(table, "g1")


def open_game_key(table: Table, game: str) -> str:
    """A game without hidden parts, of sealed orders (its plaintexts are published as sealed, as Diplomacy's
    are), made beside g1; its key as the deadline workflow holds it."""
    assert table.cli("new", "counter", game, "--player", "Dan:dan:4", "--option", "orders=sealed",
                     "--now", "2026-01-01T00:00Z",
                     "--schedule", "first=2026-03-02 20:00,every=7 days,timezone=UTC,grace=60") == 0
    key = next(line.strip().split("=", 1)[-1] for line in table.out().splitlines() if "AGE-SECRET-KEY-" in line)
    (table.root / ".secrets" / f"{game}.key").unlink()
    return key


@pytest.mark.parametrize("game", ["g1", "g3"])
def test_a_copy_of_the_dice_secret_in_an_orders_slot_is_refused_and_nothing_of_it_is_published(table: Table,
                                                                                                 game: str):
    """Issue 28, item 4: a player without a key of their own seals to the game's key alone, as
    ``games/<g>/dice-secret.age`` is, so a copy of it has the right recipients; the pull-request check refuses it
    as a copy (its key shares are those of the file it copies), and a game master who merges it anyway still gets
    nothing published: at the deadline it opens and is no orders file of that game, turn and player: refused
    whole, and neither its text nor a word of it reaches the tree (the orders folder, the report, the issue). g1
    keeps hidden state
    (its orders are published rewritten), g3 none (its orders are published as they were sealed)."""
    root = table.root
    player = "carol" if game == "g1" else "dan"
    key = table.game_key if game == "g1" else open_game_key(table, game)
    table.mp.setenv(f"TURNPRESS_GAME_KEY_{game.upper()}", key)
    secret = crypto.decrypt((root / f"games/{game}/dice-secret.age").read_bytes(),
                            load_game(root, game).game_identities()).decode().strip()
    table.mp.delenv(f"TURNPRESS_GAME_KEY_{game.upper()}")
    rel = f"orders/{game}/0001/{player}.yaml.age"
    (root / rel).parent.mkdir(parents=True, exist_ok=True)
    (root / rel).write_bytes((root / f"games/{game}/dice-secret.age").read_bytes())
    [refused] = sealedorders.check_envelope(root, rel, (root / rel).read_bytes(), load_game(root, game))
    assert refused.message == f"it is a copy of games/{game}/dice-secret.age, not orders sealed for this turn " \
        "(issue 28)", "the pull-request check knows the file it was copied from"
    assert table.seal("alice", 1, 1, "alice's fine", at(1, 11)) == 0
    git(root, "add", "-A")
    git(root, "commit", "-qm", f"{player}'s 'orders'", date=at(1, 12))

    when = (deadline(1) + dt.timedelta(minutes=61)).isoformat()
    table.mp.setenv(f"TURNPRESS_GAME_KEY_{game.upper()}", key)
    with table.game_master():
        assert table.cli("adjudicate", "--due", "--now", when, "--commit") == 0
    report = yamlio.read_data(root / f"games/{game}/turns/0001/report.yaml")
    why = {r["player"]: r for r in report["orders"]["refused"]}
    assert why[player]["why"] == "sealed file is not an orders file"
    assert player in report["orders"]["missed"]
    assert not (root / f"orders/{game}/0001/{player}.yaml").exists(), "its plaintext is not published"
    published = git(root, "ls-files").split()
    leaks = [p for p in published if (root / p).is_file() and secret in (root / p).read_text(errors="replace")]
    assert leaks == [], "no committed file holds the dice secret"
