"""Sealed orders through the pull-request check (issue "sealed orders"): the envelope checked with no secret.

A game ``s1`` of sealed orders joins the league: the game master makes its key and registers Alice's. Alice
seals her orders on her own machine and sends the ``.yaml.age`` file by pull request: ``turnpress pr-check``
accepts it without any key in the environment and without reading it. The deadline run then opens it with the
repository secret ``TURNPRESS_GAME_KEYS``, as the deadline workflow passes it. A damaged file, another player's
file and a plain file in the sealed game are each refused with their message.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from adjudicator import cli, yamlio
from adjudicator.league import store
from adjudicator.sealed import envelope

from ..conftest import git
from .conftest import PLAYERS, SCHEDULE, World, assert_each_refused, at, clone, orders, pr_check
from .test_pipeline_e2e import deadline

ALICE, BOB = "orders/s1/0001/alice.yaml.age", "orders/s1/0001/bob.yaml.age"
SECRET_VARIABLES = ("TURNPRESS_GAME_KEY", "TURNPRESS_IDENTITY", "TURNPRESS_DICE_SECRET")


@pytest.fixture
def keyless(monkeypatch):
    """No secret of any kind in the environment, as in the orders workflow on a pull request from a fork."""
    for name in list(os.environ):
        if name.startswith(SECRET_VARIABLES):
            monkeypatch.delenv(name)


@pytest.fixture
def sealed_game(world: World, capsys, tmp_path: Path) -> tuple[World, str, Path]:
    """Game s1 of sealed orders on origin, with its key and Alice's; the game's secret key and Alice's key file."""
    gm = world.gm
    players = [f"--player={n}:{login}:{gid}" for n, login, gid in PLAYERS.values()]
    assert cli.main(["--league", str(gm), "new", "counter", "s1", *players, "--option", "target=100",
                     "--option", "orders=sealed", "--now", "2026-01-01T00:00Z", "--schedule", SCHEDULE]) == 0
    # 'new' makes the game's key pair itself and prints the line for the deadline workflow's secret
    game_key = next(w.split("=", 1)[-1] for w in capsys.readouterr().out.split() if "=AGE-SECRET-KEY-" in w)
    (gm / ".secrets/s1.key").unlink()  # the game master moved it into the repository secret
    alice_key = tmp_path / "alice-desk" / "key.txt"
    assert cli.main(["keys", "personal", str(alice_key)]) == 0
    alice_public = next(w for w in capsys.readouterr().out.split() if w.startswith("age1"))
    assert cli.main(["--league", str(gm), "keys", "add", "s1", "alice", alice_public]) == 0
    assert not (gm / ".secrets/s1.key").exists(), "the game's secret key is only in the repository secret"
    git(gm, "add", "-A")
    git(gm, "commit", "-qm", "New game s1 with sealed orders", date=at(1, 13))
    git(gm, "push", "-q", "origin", "main")
    return world, game_key, alice_key


def seal(world: World, player: str, text: str, desk: Path) -> str:
    """The player writes orders outside orders/ and runs ``turnpress seal``; the sealed file's text."""
    repo = world.players[player]
    git(repo, "pull", "-q", "--ff-only", "origin", "main")
    plain = desk / f"{player}-orders.yaml"
    plain.parent.mkdir(parents=True, exist_ok=True)
    plain.write_text(text)
    assert cli.main(["--league", str(repo), "seal", str(plain)]) == 0
    rel = store.sealed_relpath("s1", 1, player)
    out = (repo / rel).read_text()
    (repo / rel).unlink()  # the branch commits it (push_branch), from a clean tree
    return out


def test_a_sealed_file_is_accepted_without_any_secret_and_opens_at_the_deadline(
        sealed_game, keyless, capsys, tmp_path, monkeypatch):
    world, game_key, alice_key = sealed_game
    alice_public = next(line.split(": ", 1)[1] for line in alice_key.read_text().splitlines()
                        if line.startswith("# public key: "))
    summary = tmp_path / "summary.md"
    text = seal(world, "alice", orders("alice", 1, 4, game="s1"), tmp_path / "alice-desk")
    assert text.startswith(envelope.ARMOR_BEGIN) and "add: 4" not in text
    pr = world.open_pr("alice", "alice-sealed", {ALICE: text})
    code, out, receipt = pr_check(world, pr, capsys, summary)
    assert code == 0, out
    assert "✅ valid" in receipt
    assert "turn 1, sealed orders of Alice: they open at the deadline, 2026-01-05T20:00+01:00." in receipt
    # Issue 15, "Receipts without leaks": the envelope, its recipients and the turn confirmed, and plainly that the
    # content waits for the deadline.
    assert "Envelope checked: a sealed orders file of turn 1 of s1 for Alice, sealed to exactly two keys: the " \
           f"game's key and the key registered for Alice (an age key, `{alice_public[:20]}…`)" in receipt
    assert "The content is checked at the deadline: nobody, not even this check, can read it before then." in receipt
    assert "Understood as:" not in receipt and "add 4" not in receipt
    bobs = world.open_pr("bob", "bob-sealed", {BOB: seal(world, "bob", orders("bob", 1, 2, game="s1"),
                                                         tmp_path / "bob-desk")})
    code, out, receipt = pr_check(world, bobs, capsys, summary)
    assert code == 0, out
    assert "sealed to exactly one key, the game's: Bob registered no key, so only the deadline run can open it" \
        in receipt and "The content is checked at the deadline" in receipt
    world.merge(pr, at(2, 10))

    # The deadline run holds s1's key only through TURNPRESS_GAME_KEYS, as deadline.yml passes it (beside g1's
    # dice secret); s1's dice secret is sealed to its key.
    monkeypatch.setenv("TURNPRESS_GAME_KEYS", f"s1={game_key}\n")
    monkeypatch.setenv("TURNPRESS_DICE_SECRETS", f"g1={(world.gm / '.secrets/g1.dice').read_text().strip()}\n")
    runner = clone(world.origin, world.tmp / "runner", "turnpress deadline")
    code, out, _ = deadline(world, runner, "2026-01-05T21:05+01:00", capsys, tmp_path / "out")
    assert code == 0, out
    assert "s1: turn 1 (Round 1) adjudicated" in out
    published = git(world.origin, "show", "main:orders/s1/0001/alice.yaml")
    # As the deadline read it (issue 28): the same orders, written by turnpress under a line that says so.
    assert published == "# The public part of these orders, as the deadline read them.\n" + \
        orders("alice", 1, 4, game="s1"), "the orders are published with the turn"
    report = yamlio.load(git(world.origin, "show", "main:games/s1/turns/0001/report.yaml"), max_bytes=1 << 20).data
    assert "alice" in report["orders"]["taken"]


def test_bad_sealed_and_plain_files_are_refused_each_with_its_message(sealed_game, keyless, capsys, tmp_path):
    world, _, _ = sealed_game
    summary = tmp_path / "summary.md"
    alices = seal(world, "alice", orders("alice", 1, 4, game="s1"), tmp_path / "alice-desk")
    bobs = seal(world, "bob", orders("bob", 1, 2, game="s1"), tmp_path / "bob-desk")
    cases = {
        "garbage in a .yaml.age file": (
            "alice", {ALICE: "add: 9, trust me\n"},
            f"not a sealed orders file: it does not start with {envelope.ARMOR_BEGIN!r}"),
        "a sealed file for another player's path": (
            "bob", {ALICE: bobs}, "these are the orders of Alice (alice); this pull request is by bob"),
        "another player's sealed file copied to one's own path": (
            "bob", {BOB: alices}, "it is sealed to 2 keys (X25519, X25519), but must be sealed to exactly the "
                                  "game's key (X25519)"),
        "a plain orders file in a sealed game": (
            "alice", {"orders/s1/0001/alice.yaml": orders("alice", 1, 4, game="s1")},
            "s1 takes sealed orders: this plain file shows your orders to everyone"),
        "a sealed file in a game of open orders": (
            "alice", {"orders/g1/0001/alice.yaml.age": alices}, "g1 takes open orders, not sealed ones"),
        "a sealed file for a turn not open yet": (
            "alice", {"orders/s1/0002/alice.yaml.age": alices}, "turn 2 of s1 is not open yet; the open turn is 1"),
        "an oversized sealed file": (
            "alice", {ALICE: "A" * (envelope.SEALED_MAX_BYTES + 1)}, "a sealed orders file may have at most"),
    }
    assert_each_refused(world, cases, capsys, summary, "bad")
    # The refusal of a plain file says how to send it sealed.
    pr = world.open_pr("alice", "plain-again", {"orders/s1/0001/alice.yaml": orders("alice", 1, 4, game="s1")})
    _, out, _ = pr_check(world, pr, capsys, summary)
    assert f"run 'turnpress seal' on your orders file (keep it outside orders/) and commit only {ALICE}" in out
