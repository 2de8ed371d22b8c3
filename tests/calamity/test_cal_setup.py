"""Die Regeln, (0) and (1): capital, token, the first player by lot, the deal; and the hidden hands."""

from collections import Counter

import pytest

from adjudicator.dice import Dice
from adjudicator.kit.ruleset import RulesetError
from adjudicator.rulesets.calamity import RULESET

from .cal_helpers import PLAYERS, new_game


def keys(data):
    """Every mapping key anywhere in ``data``."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield k
            yield from keys(v)
    elif isinstance(data, list):
        for v in data:
            yield from keys(v)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_setup_300_ge_token_on_52_and_cards_dealt_evenly(n):
    """Die Regeln: 300 GE each, the token on field 0 = 52. (1): the 24 cards dealt evenly, the last of five
    players one fewer."""
    st = new_game(n)
    assert all(st["players"][p]["cash"] == 300 and st["players"][p]["policies"] == [] for p in st["seats"])
    assert st["token"] == 0 and st["year"] == 1
    sizes = [len(st["private"][p]["hand"]) for p in st["order"]]
    expected = {2: [12, 12], 3: [8] * 3, 4: [6] * 4, 5: [5, 5, 5, 5, 4], 6: [4] * 6}[n]
    assert sizes == expected
    assert sizes == [st["hands"][p] for p in st["order"]]
    assert Counter(c for p in st["seats"] for c in st["private"][p]["hand"]) == Counter({1: 10, 2: 6, 3: 4, 4: 2,
                                                                                         5: 2})
    assert st["phase"] == {"kind": "move", "awaited": [st["order"][0]]}


def test_first_player_is_drawn_by_lot():
    """(0): the first player is drawn by lot, so different dice give different first players."""
    firsts = {new_game(4, seed=b"lot%d" % i)["order"][0] for i in range(40)}
    assert firsts == {"ann", "bob", "cy", "dee"}


def test_order_of_play_goes_round_the_table_from_the_first():
    """(2): gezogen wird reihum."""
    st = new_game(4, seed=b"x")
    seats, order = st["seats"], st["order"]
    k = seats.index(order[0])
    assert order == seats[k:] + seats[:k]


@pytest.mark.parametrize("n", [1, 7])
def test_two_to_six_players(n):
    with pytest.raises(RulesetError):
        RULESET.setup({}, PLAYERS[:1] * n if n == 7 else PLAYERS[:n], Dice(b"x"))


def test_options_are_checked():
    with pytest.raises(RulesetError):
        new_game(3, options={"market": "bazaar"})
    with pytest.raises(RulesetError):
        new_game(3, options={"speed": "fast"})
    assert new_game(3, options={"market": "quiet"})["options"] == {"market": "quiet"}


def test_hands_are_private_and_the_deal_secret():
    """(1): the movement cards are kept hidden; public_view has neither hands nor the deal."""
    st = new_game(4)
    view = RULESET.public_view(st)
    assert "private" not in view and "secret" not in view
    assert not any(key == "hand" for key in keys(view))
    assert st["secret"]["deal"]["cards"]
    mine = RULESET.private_view(st, "bob")
    assert mine["private"] == {"bob": st["private"]["bob"]}


def test_setup_is_plain_data():
    from adjudicator.model import is_plain
    assert is_plain(new_game(5))
