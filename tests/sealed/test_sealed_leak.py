"""The leak test (issue "sealed orders", Show it): after a full game with sealed orders and private state, no
plaintext of a sealed order from before its deadline, and no private value, appears anywhere in the public
tree, the history, the built site, commit and tag messages, or the output of the commands the workflows run."""

from __future__ import annotations

import os
import secrets
import subprocess
from pathlib import Path

from adjudicator import cli
from adjudicator.dice import Dice, link_back
from adjudicator.league import secrets as tpsecrets
from adjudicator.league.store import load_game

from ..conftest import git
from .conftest import Table, at, deadline
from .spyring import RULESET as SPYRING

ROUNDS = 3


def test_nothing_sealed_or_private_leaks(table: Table, tmp_path: Path):
    root = table.root
    notes: dict[int, list[str]] = {}
    workflow: list[str] = []
    table.out()
    for turn in range(1, ROUNDS + 1):
        shift = deadline(turn) - at(2, 20)
        notes[turn] = []
        for i, player in enumerate(("alice", "bob", "carol")):
            note = f"note{player}{turn}x{secrets.token_hex(6)}"
            notes[turn].append(note)
            assert table.seal(player, turn, (turn + i) % 3, note, at(1, 10 + i) + shift) == 0
        table.out()  # what a player sees on their own machine is theirs
        # The orders workflow checks the sealed files; status is what anyone may ask.
        files = [str(root / f"orders/g1/{turn:04d}/{p}.yaml.age") for p in ("alice", "bob", "carol")]
        assert table.cli("validate", "--format", "github", *files) == 0
        assert table.cli("status", "g1", "--now", (deadline(turn) - deadline(1) + at(2, 19)).isoformat()) == 0
        workflow.append(table.out())
        assert table.deadline_run(turn) == 0
        workflow.append(table.out())
    # The pages workflow builds the site without any key; verify runs with and without it.
    assert cli.main(["site", "build", "--league", str(root), "--out", str(tmp_path / "public")]) == 0
    assert table.cli("verify", "g1") == 0
    with table.game_master():
        assert table.cli("verify", "g1") == 0
    workflow.append(table.out())
    assert "3 turns replayed, all match" in workflow[-1]

    assert _grep(root, "HEAD", notes[1][:1]) == notes[1][:1], "the search finds what is there"
    private = _private_values(table)
    assert len(private) > 3 * ROUNDS

    # The history: each commit holds only the notes of turns adjudicated by then, and never a private value.
    for commit in git(root, "rev-list", "--all").split():
        done = {int(name.split("/")[3]) for name in git(root, "ls-tree", "-r", "--name-only", commit,
                                                         "games/g1/turns").split() if name.endswith("report.yaml")}
        early = [n for t, ns in notes.items() if t not in done for n in ns]
        hits = _grep(root, commit, early + private)
        assert not hits, f"commit {commit[:10]} shows {hits}"
    messages = git(root, "log", "--all", "--format=%B") + git(root, "for-each-ref", "--format=%(contents)",
                                                             "refs/tags")
    tree = _texts(root, skip={".git", ".secrets"})
    site = _texts(tmp_path / "public", skip=set())
    assert len(site) > 5
    for where, text in [("commit and tag messages", messages), *tree.items(), *site.items(),
                        *(("workflow output", out) for out in workflow)]:
        leaked = [v for v in private if v in text]
        assert not leaked, f"{where} shows {leaked}"
    # Replaying the public dice does not give the hidden draws (issue 15, found 1): an outsider who draws the
    # set-up again from the commitment, the set-up's digest and any public link gets other codewords and cards.
    game = load_game(root, "g1")
    digest = bytes.fromhex(game.report(0)["dice"]["orders_digest"])
    public_links = [None, game.commitment(), *(bytes.fromhex(game.report(t)["dice"]["seed"]) for t in game.turns())]
    guessed = set()
    for link in public_links:
        drawn = SPYRING.setup({"rounds": ROUNDS}, game.players, Dice.for_turn(game.commitment(), digest, link))
        guessed |= {mine["codeword"] for mine in drawn["private"].values()} | set(drawn["secret"]["deck"])
    assert not guessed & set(private), "the hidden draws follow from public bytes"
    # Once the game is over its last report publishes the hidden link, and then anyone draws the same set-up.
    end = bytes.fromhex(game.report(ROUNDS)["dice"]["hidden_end"])
    drawn = SPYRING.setup({"rounds": ROUNDS}, game.players,
                          Dice.for_turn(game.commitment(), digest, link_back(end, ROUNDS)))
    assert {mine["codeword"] for mine in drawn["private"].values()} <= set(private)
    # After its deadline a sealed order is public: the archive shows what was ordered.
    assert all(n in tree[f"orders/g1/{t:04d}/{p}.yaml"] for t in notes for n, p in
               zip(notes[t], ("alice", "bob", "carol"), strict=True))


def _private_values(table: Table) -> list[str]:
    """Every codeword, card and key of the game, read as the game master (the game's key)."""
    with table.game_master():
        game = load_game(table.root, "g1")
        values = {table.game_key, tpsecrets.sealed_dice_secret(game.root, game.id).hex()}
        for turn in game.turns():
            state = game.state(turn)
            values.update(state["secret"]["deck"])
            for mine in state["private"].values():
                values.add(mine["codeword"])
                values.update(mine["hand"])
    values.update(line for line in table.alice_key.read_text().splitlines() if line.startswith("AGE-SECRET"))
    return sorted(values)


def _grep(root: Path, commit: str, needles: list[str]) -> list[str]:
    args = [arg for n in needles for arg in ("-e", n)]
    try:
        out = git(root, "grep", "-F", "-o", "-h", *args, commit)
    except subprocess.CalledProcessError as e:
        if e.returncode == 1:  # git grep's "nothing matches"
            return []
        raise
    return sorted(set(out.split()))


def _texts(folder: Path, skip: set[str]) -> dict[str, str]:
    out = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = [d for d in dirnames if d not in skip]
        for name in filenames:
            path = Path(dirpath) / name
            out[path.relative_to(folder).as_posix()] = path.read_bytes().decode("utf-8", "replace")
    return out
