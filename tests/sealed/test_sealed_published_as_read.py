"""Issue 28, "Nothing published that is not an orders file": in a game without hidden parts (Diplomacy, here the
counter game g3 of sealed orders) a well-formed sealed file was published as its plaintext, comments and all.
A player's comments could carry anything (another player's secret, a link, a slur): the published file is now
written from what the deadline read (``secrecy.public_part``), its turns say ``published: as read``, and ``verify``
compares the published file with the sealed one read so (``site/guide/secrecy.md``, "What is published")."""

from __future__ import annotations

import datetime as dt

from adjudicator import yamlio
from adjudicator.kit import secrecy
from adjudicator.league.store import load_game
from adjudicator.sealed import crypto

from ..conftest import git
from .conftest import Table, deadline
from .test_sealed_bad_input import open_game_key

SHEET = b"""# MARK-1 the meeting is at the old mill; tell nobody
game: g3
turn: 1
player: dan   # MARK-2
orders:
  add: 3      # MARK-3 https://example.org/MARK-4
...
# MARK-5 after the end of the document
"""
UNKNOWN = b"""game: g3
turn: 1
player: dan
orders:
  add: 2
  extra: MARK-6 an unknown key in the orders
"""


def public_bytes(table: Table) -> str:
    """Every byte of the league's history a reader sees (sealed files aside, which are age ciphertext): every
    blob of every commit, every commit message and tag, and the working tree."""
    root = table.root
    blobs = git(root, "log", "--all", "-p", "--format=%H %s%n%b")
    tags = git(root, "tag", "-n99")
    tree = "".join((root / p).read_text(errors="replace") for p in git(root, "ls-files").split()
                   if (root / p).is_file() and not p.endswith(".age"))
    return blobs + tags + tree


def test_no_comment_or_unknown_text_of_a_sealed_file_reaches_a_public_byte(table: Table):
    root = table.root
    key = open_game_key(table, "g3")
    table.mp.setenv("TURNPRESS_GAME_KEY_G3", key)
    game = load_game(root, "g3")
    rel = "orders/g3/0001/dan.yaml.age"
    (root / rel).parent.mkdir(parents=True, exist_ok=True)
    (root / rel).write_text(crypto.encrypt(SHEET, game.recipients("dan")))
    git(root, "add", "-A")
    git(root, "commit", "-qm", "dan's orders", date=deadline(1) - dt.timedelta(hours=1))
    when = (deadline(1) + dt.timedelta(minutes=61)).isoformat()
    assert table.cli("adjudicate", "g3", "--due", "--now", when, "--commit") == 0, table.out()
    published = (root / "orders/g3/0001/dan.yaml").read_bytes()
    assert published == secrecy.public_part(secrecy.of(game.ruleset, game.settings.options), SHEET)[0].encode()
    assert yamlio.load_trusted(published)["orders"] == {"add": 3}, "the orders the judge read, nothing else"
    report = yamlio.read_data(root / "games/g3/turns/0001/report.yaml")
    assert report["orders"]["taken"] == ["dan"] and report["orders"]["published"] == "as read"
    assert "MARK-" not in public_bytes(table)
    table.out()
    assert table.cli("verify", "g3") == 0, table.out()
    assert "all match" in table.out()


def test_verify_names_a_turn_that_published_the_text_as_sealed(table: Table):
    """A turn that says ``published: as read`` and publishes the player's text (an older turnpress's way, or a
    game master's hand) is named by ``verify`` with the key."""
    root = table.root
    key = open_game_key(table, "g3")
    table.mp.setenv("TURNPRESS_GAME_KEY_G3", key)
    game = load_game(root, "g3")
    rel = "orders/g3/0001/dan.yaml.age"
    (root / rel).parent.mkdir(parents=True, exist_ok=True)
    (root / rel).write_text(crypto.encrypt(SHEET, game.recipients("dan")))
    git(root, "add", "-A")
    git(root, "commit", "-qm", "dan's orders", date=deadline(1) - dt.timedelta(hours=1))
    when = (deadline(1) + dt.timedelta(minutes=61)).isoformat()
    assert table.cli("adjudicate", "g3", "--due", "--now", when, "--commit") == 0, table.out()
    (root / "orders/g3/0001/dan.yaml").write_bytes(SHEET)
    git(root, "commit", "-qam", "dan's orders as he wrote them")
    table.out()
    assert table.cli("verify", "g3") == 1
    assert "the published plaintext of dan's orders is not what was sealed, as the deadline read it" in table.out()


def test_a_sealed_file_with_unknown_text_in_its_orders_is_refused_and_stays_sealed(table: Table):
    """Text the orders cannot hold (a key the game has not) makes the file invalid: refused, and nothing of it is
    published, neither the file nor a word of it in the report."""
    root = table.root
    key = open_game_key(table, "g3")
    table.mp.setenv("TURNPRESS_GAME_KEY_G3", key)
    game = load_game(root, "g3")
    rel = "orders/g3/0001/dan.yaml.age"
    (root / rel).parent.mkdir(parents=True, exist_ok=True)
    (root / rel).write_text(crypto.encrypt(UNKNOWN, game.recipients("dan")))
    git(root, "add", "-A")
    git(root, "commit", "-qm", "dan's orders", date=deadline(1) - dt.timedelta(hours=1))
    when = (deadline(1) + dt.timedelta(minutes=61)).isoformat()
    assert table.cli("adjudicate", "g3", "--due", "--now", when, "--commit") == 0, table.out()
    report = yamlio.read_data(root / "games/g3/turns/0001/report.yaml")
    assert [r["player"] for r in report["orders"]["refused"]] == ["dan"]
    assert not (root / "orders/g3/0001/dan.yaml").exists()
    assert "MARK-" not in public_bytes(table)


def test_a_game_with_hidden_parts_publishes_its_orders_in_full_at_the_end_without_comments(
        league, tmp_path, ssh_key, monkeypatch, capsys):
    """The last turn of a game with hidden state publishes every order in full: written as the deadline read it
    (``secrecy.full_text``), not as sealed, so that a comment (which may hold the player's hand, or anything)
    reaches no public byte then either; ``verify`` replays the game without a key after the end, and with it."""
    desk = tmp_path / "desk"
    desk.mkdir()
    table = Table(league, desk, ssh_key, monkeypatch, capsys)
    table.setup(rounds=2)
    root = table.root
    for turn in (1, 2):
        sheet = (f"# MARK-{turn}a my hand is the one with the crown\ngame: g1\nturn: {turn}\nplayer: alice\n"
                 f"orders:\n  bid: {turn}   # MARK-{turn}b\n").encode()
        rel = f"orders/g1/{turn:04d}/alice.yaml.age"
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(crypto.encrypt(sheet, load_game(root, "g1").recipients("alice")))
        git(root, "add", "-A")
        git(root, "commit", "-qm", f"alice's orders of turn {turn}", date=deadline(turn) - dt.timedelta(hours=1))
        assert table.deadline_run(turn) == 0, table.out()
    game = load_game(root, "g1")
    assert game.ruleset.phase(game.state(2)).finished
    for turn in (1, 2):
        published = (root / f"orders/g1/{turn:04d}/alice.yaml").read_bytes()
        assert published.startswith(secrecy.head("en", "full").encode())
        assert yamlio.load_trusted(published)["orders"] == {"bid": turn}
    assert "MARK-" not in public_bytes(table)
    table.out()
    assert table.cli("verify", "g1") == 0, table.out()
    assert "all match (checked: after the end" in table.out()
    with table.game_master():
        assert table.cli("verify", "g1") == 0, table.out()
