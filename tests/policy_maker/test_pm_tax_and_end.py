"""Vermögenssteuer (wealth tax), Rundenende, and Wie man gewinnt (monopoly, timeline, scoring)."""

from fractions import Fraction

import pytest

from adjudicator.rulesets.policy_maker import RULESET as R
from adjudicator.rulesets.policy_maker.common import round_half_up

from .pm_helpers import FIRST, GOV, SECOND, THIRD, advance_to, give, new_game, play, stack_deck


def _turn(who=FIRST, timeline="holiday,holiday,holiday", **options):
    return advance_to(new_game(timeline=timeline, **options), "investy", who)


@pytest.mark.parametrize(("limit", "hand", "due"), [(21, 18, False), (21, 19, True), (20, 18, True)])
def test_vermoegenssteuer_threshold_is_an_option(limit, hand, due):
    """'mehr als 20' (default, 21 cards) or '20 oder mehr' (option wealth_tax_from=20); 2 cards are drawn."""
    s = _turn(wealth_tax_from=limit)
    give(s, FIRST, {"education": 5, "health": 5, "energy": 5, "housing": hand - 15})
    r = play(s, FIRST, {"draw": ["deck", "deck"], "wealth_tax": {"health": 5, "energy": 5}})
    assert r.state["investys"][FIRST]["cards"] == (hand + 2 - 10 if due else hand + 2)


def test_vermoegenssteuer_ten_cards_of_the_investys_choice():
    s = _turn()
    give(s, FIRST, {"education": 5, "health": 5, "energy": 5, "housing": 4})
    stack_deck(s, ["energy", "energy"])
    r = play(s, FIRST, {"wealth_tax": {"housing": 4, "health": 5, "energy": 1}})
    assert r.state["private"][FIRST]["hand"] == {"education": 5, "health": 0, "energy": 6, "housing": 0,
                                                  "joker": 0}
    text = str(r.report["events"])
    assert "10 of 21 cards discarded" in text and "Health" not in text, "what was discarded stays private"
    assert "5 Health, 1 Energy, 4 Housing" in str(r.report["private"][FIRST])


def test_vermoegenssteuer_without_a_choice_opens_a_phase_whose_default_is_the_lowest_cards():
    s = _turn()
    s["tracks"]["education"][FIRST] = 3
    s["tracks"]["health"][FIRST] = 1
    give(s, FIRST, {"education": 10, "health": 5, "housing": 3, "joker": 1})
    stack_deck(s, ["energy", "energy"])
    r = play(s, FIRST, {})
    assert r.state["queue"][0] == {"step": "wealth_tax", "player": FIRST}
    assert R.phase(r.state).awaited == (FIRST,) and "wealth tax" in R.phase(r.state).label
    assert R.default_orders(r.state, FIRST, None) == {}
    t = play(r.state, FIRST, {})
    # lowest first: energy and housing stand on 0 (energy: 2 cards, housing: 3), then health (field 1)
    assert t.state["private"][FIRST]["hand"] == {"education": 10, "health": 0, "energy": 0, "housing": 0,
                                                  "joker": 1}
    assert R.phase(t.state).awaited == (SECOND,)


def test_vermoegenssteuer_phase_choice_is_checked_against_the_hand():
    s = _turn()
    give(s, FIRST, {"education": 7, "health": 6, "housing": 6})
    r = play(s, FIRST, {})
    assert R.check(r.state, FIRST, {"wealth_tax": {"education": 7, "health": 3}}) == []
    assert R.check(r.state, FIRST, {"wealth_tax": {"joker": 10}})
    assert R.check(r.state, FIRST, {"wealth_tax": {"education": 6, "health": 5}})
    assert [p.severity for p in R.check(r.state, FIRST, {"wealth_tax": {"housing": 6}})] == ["warning"]


def _monopoly_game(rounds=3):
    return new_game(timeline=",".join(["holiday"] * rounds))


def _end_round(s):
    """Everybody passes until the next round (or the end)."""
    start = s["round"]
    while not s["finished"] and s["round"] == start:
        who = R.phase(s).awaited[0]
        s = play(s, who, {} if s["queue"][0]["step"] != "investy" else {"draw": ["deck", "deck"]}).state
    return s


def test_monopoly_two_rounds_in_the_danger_zone_with_a_lead_of_two_ends_the_game():
    s = _monopoly_game()
    s["tracks"]["energy"].update({FIRST: 6, SECOND: 4, THIRD: 0})  # danger zone of Energy from 6
    s = _end_round(s)
    assert not s["finished"] and s["monopoly_watch"] == {"energy": {"investy": FIRST, "rounds": 1}}
    s = _end_round(s)
    assert s["finished"] and s["round"] == 2
    assert s["result"]["reason"] == "monopoly" and s["result"]["winners"] == [FIRST]
    assert R.phase(s).finished and R.phase(s).awaited == ()


def test_monopoly_needs_a_lead_of_two_fields():
    s = _monopoly_game()
    s["tracks"]["energy"].update({FIRST: 7, SECOND: 6})
    s = _end_round(_end_round(s))
    assert not s["finished"] and s["monopoly_watch"] == {}


def test_monopoly_broken_by_manipulation_starts_again():
    s = _monopoly_game()
    s["tracks"]["energy"].update({FIRST: 6, SECOND: 3})
    s = _end_round(s)
    s = advance_to(s, "investy", SECOND)
    give(s, SECOND, {"energy": 3})
    s = play(s, SECOND, {"manipulate": {"target": FIRST, "sector": "energy", "steps": 1}}).state
    s = _end_round(s)
    assert s["tracks"]["energy"][FIRST] == 5 and s["monopoly_watch"] == {} and not s["finished"]


def test_monopoly_rounds_is_an_option():
    s = new_game(timeline="holiday,holiday", monopoly_rounds=1)
    s["tracks"]["housing"].update({THIRD: 8})
    s = _end_round(s)
    assert s["finished"] and s["result"]["winners"] == [THIRD]


def test_rundenende_timeline_reaches_ende_and_the_government_wins_and_scores():
    s = new_game(timeline="holiday")
    s["private"][GOV]["goal"] = "civil-society"
    s["tracks"]["education"].update({FIRST: 5, SECOND: 2, THIRD: 0})
    s["tracks"]["health"].update({FIRST: 0, SECOND: 7, THIRD: 1})
    s["tracks"]["energy"].update({FIRST: 3, SECOND: 0, THIRD: 4})
    s["tracks"]["housing"].update({FIRST: 0, SECOND: 2, THIRD: 6})  # 30 fields over 12 stones: 2.5 -> 3
    s["investys"][FIRST]["initiatives"] = ["school-meals", "wind-parks", "care-homes"]
    s["investys"][THIRD]["initiatives"] = ["green-schools", "public-works"]
    s = _end_round(s)
    assert s["finished"] and s["result"]["reason"] == "timeline" and s["result"]["winners"] == [GOV]
    g = s["result"]["government"]
    assert (g["furthest_field"], g["average_field"], g["initiatives"]) == (7, 3, "5/2")
    assert g["goal_reached"] is False and g["goal_points"] == 0
    assert g["total"] == "25/2" and g["rank"] == "OK Government"
    assert s["result"]["scores"] == {FIRST: 8 + 3, SECOND: 11, THIRD: 11 + 2}
    news = R.newsletter(s, {"round": 1, "action": "holiday", "step": "investy", "player": THIRD,
                            "events": [], "round_log": [], "note": None, "result": s["result"]}, [])
    assert "12½" in news and "OK Government" in news and "Civil Society" in news


def test_government_goal_scores_ten_and_ranks():
    s = new_game(timeline="holiday")
    s["private"][GOV]["goal"] = "fair-markets"
    for sec in s["tracks"]:
        s["tracks"][sec].update({FIRST: 5, SECOND: 5, THIRD: 5})
    s = _end_round(s)
    g = s["result"]["government"]
    assert g["goal_reached"] and g["total"] == "20" and g["rank"] == "Good Government"


def test_government_average_of_sector_leaders_option():
    s = new_game(timeline="holiday", government_average="leaders")
    s["tracks"]["education"][FIRST] = 5
    s["tracks"]["health"][SECOND] = 4
    s = _end_round(s)
    assert s["result"]["government"]["average_field"] == round_half_up(Fraction(9, 4)) == 2


def test_rounding_halves_go_up():
    assert [round_half_up(Fraction(n, 2)) for n in (1, 3, 5, 4)] == [1, 2, 3, 2]
