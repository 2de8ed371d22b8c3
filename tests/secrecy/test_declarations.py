"""Each ruleset declares once what its rules keep secret (issue 15, "Defaults from the rules, not from options")."""

from __future__ import annotations

import pytest

from adjudicator.kit import secrecy
from adjudicator.kit.ruleset import get

GAMES = ["bretton-woods", "diplomacy", "auf-achse", "policy-maker", "calamity"]


@pytest.mark.parametrize("name", GAMES)
def test_every_game_needs_a_key_and_takes_sealed_orders_by_default(name):
    s = secrecy.of(get(name), {})
    assert s.needs_key and s.sealed_by_default
    assert s.lines()


def test_simultaneous_phases_are_declared_where_the_rules_have_them():
    for name in ("bretton-woods", "diplomacy", "auf-achse", "calamity"):
        assert secrecy.of(get(name), {}).simultaneous, name
    # The Policy Maker is played one player at a time, but for the Audit, which shares its phase with the first
    # Investy's turn (house rule H15): the Government must not choose whom to audit from that Investy's orders
    pm = secrecy.of(get("policy-maker"), {})
    assert len(pm.simultaneous) == 1 and "Audit" in pm.simultaneous[0]
    assert set(pm.sealed_fields) == {"initiatives", "wealth_tax", "grant"}


def test_the_thirty_years_war_seals_religious_actions_until_the_end():
    s = secrecy.of(get("diplomacy"), {"map": "dreissigjaehriger-krieg"})
    assert "private" in s.hidden_state  # section 8: "Das Religionspunktekonto ... ist verborgen"
    orders = ["A Mun H", {"unit": "A Pra", "move": "Sil"}, {"disobedience": "A Kar", "points": 3},
              "Ungehorsam A Lin 2 RP", {"convert": True}]
    public, sealed = secrecy.split_orders(s, orders)
    assert public == ["A Mun H", {"unit": "A Pra", "move": "Sil"}]
    assert sealed == [{"disobedience": "A Kar", "points": 3}, "Ungehorsam A Lin 2 RP", {"convert": True}]
    # the standard map has nothing to seal once the deadline has passed
    assert secrecy.split_orders(secrecy.of(get("diplomacy"), {}), orders) == (orders, None)


def test_calamity_keeps_reservation_prices_and_policy_maker_its_choices_sealed():
    cal = secrecy.of(get("calamity"), {})
    assert secrecy.split_orders(cal, {"card": 4, "standing": {"C": {"accept_fee": 12}}}) == (
        {"card": 4}, {"standing": {"C": {"accept_fee": 12}}})
    # a reaction given as a rule (issue 32) is a standing order too: its threshold and price stay sealed
    assert secrecy.split_orders(cal, {"return": ["C1"], "rule": {"after_row": 2, "accept_fee": 12}}) == (
        {"return": ["C1"]}, {"rule": {"after_row": 2, "accept_fee": 12}})
    pm = secrecy.of(get("policy-maker"), {})
    given = {"wealth_tax": {"A": 1}, "note": "hi"}
    assert secrecy.split_orders(pm, given) == ({"note": "hi"}, {"wealth_tax": {"A": 1}})


def test_a_ruleset_that_declares_nothing_hides_nothing():
    class Plain:
        name = "plain"

    assert not secrecy.of(Plain(), {}).needs_key
