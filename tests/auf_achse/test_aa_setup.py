"""Spielbeginn, joining, options, and the published schedule of offers (Phase 1 table, Auswertung)."""

import pytest

from adjudicator.dice import Dice
from adjudicator.kit.ruleset import RulesetError, get
from adjudicator.model import Player, is_plain
from adjudicator.rulesets.auf_achse import RULESET as R

from .helpers import new_game, play, players

TABLE = {5: [10, 6, 4, 2, 2, 2, 1, 1, 1, 1, 1], 6: [12, 7, 5, 3, 2, 2, 2, 1, 1, 1, 1],
         7: [14, 8, 6, 4, 3, 2, 2, 1, 1, 1, 1], 8: [16, 10, 7, 4, 3, 2, 2, 2, 1, 1, 1],
         9: [18, 11, 7, 5, 4, 3, 2, 2, 1, 1, 1], 10: [20, 12, 8, 5, 4, 3, 3, 2, 2, 1, 1]}


def test_registered_entry_point():
    assert get("auf-achse") is R


def test_spielbeginn_a_truck_and_10000_kj_at_the_chosen_city():
    """Spielbeginn: pseudonym and start city; a Brummi and 10.000 kj each."""
    s = new_game("HH", "Köln", "münchen", "B", "VR")
    h = s["hauliers"]["p1"]
    assert h["name"] == "Spediteur1" and h["cash"] == 10000
    assert [t["position"] for t in h["trucks"]] == ["K"]
    assert s["hauliers"]["p2"]["trucks"][0]["position"] == "M"
    assert is_plain(s)


def test_spielbeginn_start_city_rolled_when_none_given():
    """Spielbeginn: "Wenn kein Startort angegeben wird, würfelt der Spielleiter einen aus" (from the dice)."""
    a = R.setup({}, players(None, None, None, None, None), Dice(b"a"))
    b = R.setup({}, players(None, None, None, None, None), Dice(b"a"))
    c = R.setup({}, players(None, None, None, None, None), Dice(b"c"))
    pos = [h["trucks"][0]["position"] for h in a["hauliers"].values()]
    assert pos == [h["trucks"][0]["position"] for h in b["hauliers"].values()]
    assert pos != [h["trucks"][0]["position"] for h in c["hauliers"].values()]


def test_spielbeginn_unknown_city_and_bad_options_are_refused():
    with pytest.raises(RulesetError, match="not on the map"):
        new_game("Gotham", "HH", "HH", "HH", "HH")
    with pytest.raises(RulesetError, match="unknown option"):
        new_game("HH", colour="red")
    with pytest.raises(RulesetError, match="trucks"):
        new_game("HH", trucks=3)
    with pytest.raises(RulesetError, match="no map"):
        new_game("HH", map="mars")
    with pytest.raises(RulesetError, match="5 to 10"):
        R.setup({}, players(*["HH"] * 11), Dice(b"x"))


@pytest.mark.parametrize("n", [1, 4])
def test_allgemeines_fewer_than_5_hauliers_are_refused(n):
    """Allgemeines: "Jeder der 5 bis 10 Mitspieler"; the offer table has no row below 5, so no game starts with
    fewer (it used to take the row for 5 silently). The error says what to do."""
    with pytest.raises(RulesetError, match=f"5 to 10 hauliers.*{n} given: name at least 5 players"):
        R.setup({}, players(*["HH"] * n), Dice(b"x"))


@pytest.mark.parametrize("n", sorted(TABLE))
def test_phase1_offers_per_round_follow_the_table(n):
    """Phase 1: the number of orders offered in rounds 0..10 for 5 to 10 players (6n+1 in all)."""
    s = R.setup({}, players(*["HH"] * n), Dice(b"x"))
    counts = [sum(1 for o in s["orders"] if o["offered"] == r) for r in range(11)]
    assert counts == TABLE[n]
    assert len(s["orders"]) == 6 * n + 1


def test_phase1_orders_carry_their_data_and_come_from_deck_then_generator():
    """Phase 1 announcement data (house rule): goods, pick-up, destination, number of goods, value, terms.
    Auswertung: all offers are published before round 1. The deck (52 cards) is used before the generator."""
    s = R.setup({}, players(*["HH"] * 10), Dice(b"x"))
    assert [o["source"] for o in s["orders"]] == ["deck"] * 52 + ["generator"] * 9
    for o in s["orders"]:
        assert {"goods", "from", "to", "count", "value", "deliver_by"} <= set(o)
        assert 2 <= o["count"] <= 6 and o["from"] != o["to"] and o["value"] > 0
    assert "secret" not in R.public_view(s) and "orders" in R.public_view(s)


def test_sonderregel_c_doubles_capital_debt_limit_and_offers():
    """Sonderregel C: two Brummis, doubled start capital, debt limit and number of orders."""
    s = R.setup({"trucks": 2}, players("HH+M", "K", None, None, None), Dice(b"x"))
    h = s["hauliers"]["p0"]
    assert h["cash"] == 20000 and [t["position"] for t in h["trucks"]] == ["HH", "M"]
    assert len(s["hauliers"]["p1"]["trucks"]) == 2 and s["hauliers"]["p1"]["trucks"][0]["position"] == "K"
    assert sum(1 for o in s["orders"] if o["offered"] == 0) == 20


def test_joining_before_round_0_grows_the_schedule_and_is_closed_after():
    """Spielbeginn: hauliers register before the game; the offers grow with the table's row."""
    s = new_game("HH", "HB", "K", "M", "B")
    s2 = R.join(s, Player("neu", "Neuling", "neu", 9, None), Dice(b"j"))
    assert "neu" not in s["hauliers"]  # the input is not mutated
    assert s2["hauliers"]["neu"]["cash"] == 10000
    assert [sum(1 for o in s2["orders"] if o["offered"] == r) for r in range(11)] == TABLE[6]
    after = play(s2).state
    with pytest.raises(RulesetError, match="before round 0"):
        R.join(after, Player("spaet", "Spät", "spaet", 10, None), Dice(b"j"))


def test_options_accept_yaml_scalars_as_text():
    s = new_game("HH", "HB", "K", "M", "B", bundesbahn="ja", rounds="12", speed_limit=True)
    assert s["options"]["bundesbahn"] is True and s["options"]["rounds"] == 12 and s["options"]["speed_limit"]


def test_sonderregel_a_c_deal_ordered_offers_the_game_masters_list_in_order():
    """Sonderregel A c: the game master presents the orders; `deal=ordered` keeps the file's order."""
    from adjudicator.rulesets.auf_achse.board import load_board

    deck = load_board(R.data, "deutschland").deck
    a = R.setup({"deal": "ordered"}, players(*["HH"] * 5), Dice(b"a"))
    b = R.setup({"deal": "ordered"}, players(*["HH"] * 5), Dice(b"b"))
    assert [(o["from"], o["to"]) for o in a["orders"]] == [(c["from"], c["to"]) for c in deck[:31]]
    assert a["orders"] == b["orders"]
    shuffled = R.setup({}, players(*["HH"] * 5), Dice(b"a"))
    assert [o["from"] for o in shuffled["orders"]] != [o["from"] for o in a["orders"]]
