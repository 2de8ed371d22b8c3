"""Issue 15, "Show it": the adversary against Calamity. Hands, the year's deal (the hidden dice stream) and the
standing reservation prices are hidden; every phase's orders are sealed until its deadline."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.rulesets.calamity import orders as calamity_orders

from .adversary import Table, attack, public_links, setup_again

PLAYERS = ["Ann:ann:1", "Bob:bob:2", "Cy:cy:3", "Dee:dee:4"]


def bot(state, login, turn):
    """The mover plays the lowest card; in the first phase everybody also gives standing orders with a
    reservation price of their own (a hidden value: who takes category B off others' hands, for how much)."""
    orders = dict(calamity_orders.default(state, login)) if login in state["phase"]["awaited"] else {}
    if turn == 1:
        fee = 7 + 3 * ["ann", "bob", "cy", "dee"].index(login)
        orders["standing"] = {"B": {"before_row": "keep", "after_row": 4, "accept_fee": fee}}
    return orders or None


@pytest.fixture
def table(league: Path, tmp_path: Path, monkeypatch, capsys) -> Table:
    desk = tmp_path / "desk"
    desk.mkdir()
    t = Table(league, desk, "calamity", PLAYERS, ["years=1"], monkeypatch, capsys)
    t.new()
    return t


def test_an_outsider_learns_no_hand_no_deal_and_no_reservation_price(table: Table, tmp_path: Path):
    table.play(bot, turns=3)
    _, secrets = attack(table, tmp_path / "site")
    assert any("sealed until the end" in s.what and "accept_fee" in s.forms[0] for s in secrets)
    # The deal cannot be drawn again from public values: not from the commitment, nor any revealed seed.
    with table.game_master():
        game = table.game()
        truth = game.state(0)
        for guess in setup_again(game, public_links(game)):
            assert guess["secret"] != truth["secret"]
            # One hand of six cards of five values may match by chance; the whole deal does not.
            assert {p: v["hand"] for p, v in guess["private"].items()} != \
                {p: v["hand"] for p, v in truth["private"].items()}
