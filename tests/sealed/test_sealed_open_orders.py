"""A game with a key but open orders (the engine's counter game): its hidden state and private reports are
sealed, its orders are plain and checked in the pull request without any key."""

from __future__ import annotations

from pathlib import Path

from adjudicator import yamlio
from adjudicator.engine.verify import verification
from adjudicator.league.store import load_game
from adjudicator.sealed import crypto

from ..conftest import git, run


def test_open_orders_with_sealed_hidden_state(league: Path, capsys, monkeypatch):
    assert run(league, "new", "counter", "c1", "--player", "Alice:alice:1", "--player", "Bob:bob:2") == 0
    assert run(league, "keys", "new", "c1") == 0
    key = next(line.strip().split("=", 1)[-1] for line in capsys.readouterr().out.splitlines()
               if "AGE-SECRET-KEY-" in line)
    assert not (league / "games/c1/turns/0000/hidden.yaml").exists()
    git(league, "add", "-A")
    git(league, "commit", "-qm", "new game c1")
    orders = league / "orders/c1/0001/alice.yaml"
    orders.parent.mkdir(parents=True)
    orders.write_text("game: c1\nturn: 1\nplayer: alice\norders:\n  add: 4\n")
    assert run(league, "validate", str(orders)) == 0, "plain orders of a keyed game validate without the key"
    git(league, "add", "-A")
    git(league, "commit", "-qm", "alice")
    capsys.readouterr()
    assert run(league, "adjudicate", "c1", "--commit") == 2
    assert "TURNPRESS_GAME_KEY_C1" in capsys.readouterr().err, "the hidden state is needed to adjudicate"
    monkeypatch.setenv("TURNPRESS_GAME_KEY_C1", key)
    assert run(league, "adjudicate", "c1", "--commit") == 0
    game = load_game(league, "c1")
    body = yamlio.load_trusted(crypto.decrypt((league / "games/c1/turns/0001/private/bob.yaml.age").read_bytes(),
                                              game.game_identities()))
    assert body["player"] == "bob" and set(body) == {"game", "turn", "player", "state", "report"}
    assert body["report"] == {"bonus": body["state"]["bonus"]}, "the private report is kept, sealed"
    assert (verification(league, "c1").turns, verification(league, "c1").found) == (1, [])
    monkeypatch.delenv("TURNPRESS_GAME_KEY_C1")
    done = verification(league, "c1")
    assert done.turns == 0 and done.found == [] and "adjudication of turn 1" in done.not_checked[0]


def test_a_key_made_in_a_running_game_seals_the_turns_after_it(league: Path, capsys, monkeypatch):
    assert run(league, "new", "counter", "c2", "--player", "Alice:alice:1", "--player", "Bob:bob:2") == 0
    git(league, "add", "-A")
    git(league, "commit", "-qm", "new game c2")
    assert run(league, "adjudicate", "c2", "--commit") == 0
    capsys.readouterr()
    assert run(league, "keys", "new", "c2") == 0
    out = capsys.readouterr().out
    assert "turns 0, 1 was committed in plain text and stays public" in out
    key = next(w.split("=", 1)[-1] for w in out.split() if "AGE-SECRET-KEY-" in w)
    monkeypatch.setenv("TURNPRESS_GAME_KEY_C2", key)
    git(league, "add", "-A")
    git(league, "commit", "-qm", "key for c2")
    assert run(league, "adjudicate", "c2", "--commit") == 0
    assert (league / "games/c2/turns/0001/hidden.yaml").is_file()
    assert (league / "games/c2/turns/0002/secret.yaml.age").is_file()
    assert not (league / "games/c2/turns/0002/hidden.yaml").exists()
    assert (verification(league, "c2").turns, verification(league, "c2").found) == (2, [])
