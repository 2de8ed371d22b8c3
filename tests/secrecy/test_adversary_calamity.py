"""Issue 15, "Show it": the adversary against Calamity. Hands, the year's deal (the hidden dice stream) and the
standing reservation prices are hidden; every phase's orders are sealed until its deadline."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.engine import turn as turnmod
from adjudicator.rulesets.calamity import orders as calamity_orders

from ..conftest import git
from .adversary import Outsider, Table, attack, confirmed, public_hashes, public_links, sealed_guesses, setup_again

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


def test_the_digest_of_a_turn_made_before_issue_28_confirms_a_guessed_reservation_price(
        table: Table, tmp_path: Path, monkeypatch):
    """The finding of issue 28 as it was: a game set up and played as turnpress did before (its dice digest over
    the sealed orders' plaintexts). An outsider who knows the sheets but the standing orders' figures tries every
    value against the public bytes and finds the true one; the same game played now publishes nothing that
    confirms any (``attack`` above, ``adversary.no_guess_confirmed``)."""
    config = table.root / "games/g/game.yaml"
    config.write_text(config.read_text().replace("  digest: envelopes\n", ""))
    git(table.root, "commit", "-qa", "--amend", "--no-edit")
    monkeypatch.setattr(turnmod, "digest_scheme", lambda settings: None)
    table.play(bot, turns=1)
    assert "digest" not in table.game().report(1)["dice"]
    guesses = sealed_guesses(table)
    assert {g.where for g in guesses} >= {"standing/B/after_row", "standing/B/accept_fee"}
    hashes = public_hashes(Outsider.of(table, tmp_path))
    for guess in guesses:
        assert confirmed(table, guess, hashes) == [guess.truth], guess.where
