"""Issue 15, "Show it": the adversary against Auf Achse. Bids on the orders offered (and on the construction
site) are sealed until the deadline (Sonderregel A); the order of the deck of order cards is hidden, shuffled
from the hidden dice stream."""

from __future__ import annotations

from pathlib import Path

from .adversary import Table, attack, public_links, setup_again

PLAYERS = [f"Spedition {c}:sp{i}:{3000 + i}:{c}" for i, c in enumerate(["HH", "HB", "K", "M", "B"])]


def bot(state, login, turn):
    """In the auction of round 0 each haulier bids on two orders, each its own odd amount; later it rests."""
    if login not in state["hauliers"]:
        return None
    if turn == 1:
        i = int(login[2:])
        offered = [o["id"] for o in state["orders"] if o["status"] == "announced"]
        return {"bids": [{"order": offered[i], "kj": 1013 + 97 * i}, {"order": offered[i + 5], "kj": 2027 + 89 * i}]}
    return {"betriebsferien": True}


def test_an_outsider_sees_no_bid_before_the_deadline_and_cannot_shuffle_the_deck(
        league: Path, tmp_path: Path, monkeypatch, capsys):
    table = Table(league, tmp_path, "auf-achse", PLAYERS, [], monkeypatch, capsys)
    table.new()
    table.play(bot, turns=2)
    outsider, secrets = attack(table, tmp_path / "site")
    assert any(s.what.startswith("hidden 'secret'") for s in secrets)
    with table.game_master():
        game = table.game()
        truth = game.state(0)["secret"]["deck"]
        # Drawn again from the commitment, the set-up's digest or any revealed seed, the deck comes out otherwise;
        # what the outsider holds is only the public part of the set-up.
        assert all(guess["secret"]["deck"] != truth for guess in setup_again(game, public_links(game)))
    # The bids are public once the auction is over: the deadline run's commit shows them, no commit before.
    before = [c for c in outsider.commits if outsider.turn_done[c] < 1]
    after = next(c for c in outsider.commits if outsider.turn_done[c] >= 1)
    bid = "kj: 1013"
    assert not any(bid in outsider.blobs[b] for c in before for _, b in outsider.trees[c])
    assert any(bid in text for text in outsider.files(after, "orders/g/0001/").values())
