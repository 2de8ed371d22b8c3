"""A seat handed to a new player by a ruling (issue 23, njudge's takeover) in a game of sealed orders: from the
ruling's turn on the seat's orders are sealed to the new player's key and its private report opens with that key
only, never with the old player's."""

from __future__ import annotations

from adjudicator import cli
from adjudicator.league.store import load_game

from ..conftest import git
from .conftest import Table, at


def test_the_seat_private_report_and_sealed_orders_follow_the_seat_to_the_new_player(table: Table):
    root = table.root
    config = root / "games/g1/game.yaml"
    config.write_text(config.read_text() + "game_masters:\n  - login: gm\n    id: 9000\n")
    git(root, "commit", "-qam", "game master named", date=at(1, 10))
    assert table.seal("bob", 1, 2, "bob before", at(1, 11)) == 0
    assert table.deadline_run(1) == 0
    dave_key = table.desk / "dave.key"
    assert cli.main(["keys", "personal", str(dave_key)]) == 0
    dave_public = next(w for w in table.out().split() if w.startswith("age1"))
    (root / "rulings/g1").mkdir(parents=True)
    (root / "rulings/g1/0002.yaml").write_text(
        "game: g1\nturn: 2\nby: gm\nreason: Bob left; Dave plays his seat.\nreplace:\n  - seat: bob\n"
        f"    login: dave\n    id: 9100\n    name: Dave\n    recipient: {dave_public}\n")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "ruling: Dave takes Bob's seat", date=at(3, 9))
    assert table.cli("seal", str(table.write("bob", 2, 1, "dave now")), "--identity", str(dave_key)) == 0
    assert "Sealed to the game and to you" in table.out()
    git(root, "add", "-A")
    git(root, "commit", "-qm", "orders of the seat bob, by dave", date=at(3, 10))
    assert table.deadline_run(2) == 0
    table.out()
    with table.game_master():
        state = load_game(root, "g1").state(2)
    codeword = state["private"]["bob"]["codeword"]
    assert table.cli("keys", "open", "g1", "--identity", str(dave_key)) == 0
    out = table.out()
    assert "Private to Dave" in out and codeword in out, "the new player reads the seat's report"
    assert table.cli("keys", "open", "g1", "--identity", str(table.bob_key)) != 0
    out = table.out()
    assert codeword not in out and "Nothing of g1, turn 2, is sealed to this key" in out, "the old player does not"
    assert table.cli("keys", "open", "g1", "--turn", "1", "--identity", str(table.bob_key)) == 0
    assert "Private to Bob" in table.out(), "what was his stays his"
    with table.game_master():
        assert table.cli("verify", "g1") == 0
    assert "all match" in table.out()
