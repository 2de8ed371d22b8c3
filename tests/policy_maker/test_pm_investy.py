"""Die Investitionsrunde: invest, market manipulation, Förderung (public initiatives), pass, drawing."""

import pytest

from adjudicator.rulesets.policy_maker import RULESET as R

from .pm_helpers import FIRST, GOV, SECOND, THIRD, advance_to, give, new_game, play, stack_deck, total_cards


def _turn(who=FIRST, **options):
    s = new_game(timeline="holiday,holiday,holiday", **options)
    return advance_to(s, "investy", who)


def test_investieren_example_four_education_cards_at_cost_two_move_two_fields():
    s = _turn()
    give(s, FIRST, {"education": 4, "health": 1})
    r = play(s, FIRST, {"invest": {"sector": "education", "steps": 2}, "draw": ["deck", "deck"]})
    assert r.state["tracks"]["education"][FIRST] == 2
    assert r.state["private"][FIRST]["hand"]["education"] == 0
    assert r.state["discard_size"] == s["discard_size"] + 4
    assert "field 0 → 2" in r.report["events"][0]["text"]
    assert total_cards(r.state) == 65


def test_investieren_jokers_count_for_any_sector_and_cards_must_suffice():
    s = _turn()
    s["costs"]["health"] = 3
    give(s, FIRST, {"health": 4, "joker": 2})
    assert R.check(s, FIRST, {"invest": {"sector": "health", "steps": 2, "jokers": 2}}) == []
    problems = R.check(s, FIRST, {"invest": {"sector": "health", "steps": 2}})
    assert problems[0].path == ("invest",) and "jokers" in problems[0].hint
    r = play(s, FIRST, {"invest": {"sector": "health", "steps": 2, "jokers": 2}})
    assert r.state["tracks"]["health"][FIRST] == 2
    assert r.state["private"][FIRST]["hand"]["joker"] == 0 + sum(
        1 for line in r.report["private"][FIRST] if line == "You draw Joker from the deck.")


def test_investieren_not_beyond_the_end_of_the_track():
    s = _turn()
    s["tracks"]["energy"][FIRST] = 9
    give(s, FIRST, {"energy": 4})
    assert R.check(s, FIRST, {"invest": {"sector": "energy", "steps": 2}})
    r = play(s, FIRST, {"invest": {"sector": "energy", "steps": 2}})
    assert r.state["tracks"]["energy"][FIRST] == 9
    assert "cannot be made" in r.report["events"][0]["text"]


def test_marktmanipulation_example_green_from_field_eight_to_six_for_six_cards():
    s = _turn(SECOND)
    s["tracks"]["education"][FIRST] = 8  # Investy Grün on field 8 of Bildung, cost 2
    give(s, SECOND, {"education": 6})
    o = {"manipulate": {"target": FIRST, "sector": "education", "steps": 2}}
    assert R.check(s, SECOND, o) == []
    r = play(s, SECOND, o)
    assert r.state["tracks"]["education"][FIRST] == 6
    assert r.state["private"][SECOND]["hand"]["education"] == 0 + sum(
        1 for line in r.report["private"][SECOND] if line == "You draw Education from the deck.")
    assert r.state["discard_size"] == s["discard_size"] + 6


def test_marktmanipulation_only_against_an_investy_in_the_danger_zone():
    s = _turn(SECOND)
    s["tracks"]["education"][FIRST] = 6  # danger zone of Education starts at 7
    give(s, SECOND, {"education": 6})
    o = {"manipulate": {"target": FIRST, "sector": "education", "steps": 1}}
    assert "danger zone" in R.check(s, SECOND, o)[0].message
    r = play(s, SECOND, o)
    assert r.state["tracks"]["education"][FIRST] == 6
    assert R.check(s, SECOND, {"manipulate": {"target": SECOND, "sector": "education", "steps": 1}})


def test_one_action_a_turn():
    s = _turn()
    give(s, FIRST, {"education": 4})
    s["tracks"]["education"][SECOND] = 8
    both = {"invest": {"sector": "education", "steps": 1},
            "manipulate": {"target": SECOND, "sector": "education", "steps": 1}}
    assert R.check(s, FIRST, both)[0].path == ("manipulate",)
    r = play(s, FIRST, both)
    assert r.state["tracks"]["education"] == s["tracks"]["education"]


def test_passen_and_draw_two_cards_from_the_deck():
    s = _turn()
    stack_deck(s, ["health", "energy"])
    r = play(s, FIRST, {})
    assert r.state["investys"][FIRST]["cards"] == s["investys"][FIRST]["cards"] + 2
    assert r.state["private"][FIRST]["hand"]["health"] == s["private"][FIRST]["hand"]["health"] + 1
    assert [e["text"] for e in r.report["events"]] == ["Anna passes.",
                                                        "Anna draws one from the deck and one from the deck."]
    assert R.default_orders(s, FIRST, {"invest": {"sector": "health", "steps": 1}}) == {"draw": ["deck", "deck"]}


def test_drawing_an_open_card_turns_up_a_new_one_and_later_preferences_see_it():
    s = _turn()
    s["open_cards"] = ["education", "health"]
    stack_deck(s, ["energy", "housing"])
    r = play(s, FIRST, {"draw": ["education", "energy", "deck"]})
    assert r.state["open_cards"] == ["health", "housing"], "energy was turned up after education, then taken"
    gained = {k: r.state["private"][FIRST]["hand"][k] - s["private"][FIRST]["hand"][k] for k in ("education",
                                                                                                   "energy")}
    assert gained == {"education": 1, "energy": 1}
    assert len(r.state["open_cards"]) == 2


def test_open_joker_only_if_no_card_was_drawn_before():
    """Achtung: an open joker only if no other card was drawn before (e.g. through Förderung)."""
    s = _turn()
    s["open_cards"] = ["joker", "health"]
    r = play(s, FIRST, {"draw": ["joker", "deck"]})
    assert r.state["private"][FIRST]["hand"]["joker"] >= s["private"][FIRST]["hand"]["joker"] + 1
    s2 = _turn()
    s2["open_cards"] = ["health", "joker"]
    stack_deck(s2, ["energy", "energy"])
    r2 = play(s2, FIRST, {"draw": ["health", "joker"]})
    assert "joker" in r2.state["open_cards"], "the joker cannot be the second card"
    assert R.check(s2, FIRST, {"draw": ["health", "joker"]})[0].severity == "warning"


def _initiative_turn(**options):
    s = _turn(**options)
    s["initiatives"]["open"] = ["school-meals", "wind-parks"]
    deck = s["secret"]["initiative_deck"]
    for i in ("solar-roofs", "care-homes"):
        deck.remove(i)
    deck[0:0] = ["solar-roofs", "care-homes"]
    s["private"][GOV]["initiative_preference"] = ["care-homes"]
    give(s, FIRST, {"education": 4})
    return s


def test_foerderung_fulfilling_an_initiative_brings_five_cards_and_the_card():
    s = _initiative_turn()
    o = {"invest": {"sector": "education", "steps": 2}, "initiative": "school-meals", "draw": ["deck", "deck"]}
    assert R.check(s, FIRST, o) == [], "the initiative is checked after the investment of the same turn"
    r = play(s, FIRST, o)
    assert r.state["investys"][FIRST]["initiatives"] == ["school-meals"]
    assert r.state["investys"][FIRST]["cards"] == 0 + 5 + 2
    assert r.state["initiatives"]["open"] == ["care-homes", "wind-parks"], "the Government shows its preference"
    assert r.state["secret"]["initiative_discard"] == ["solar-roofs"]
    assert "Solar Roofs" not in str(r.report["events"]) and "Solar Roofs" in str(r.report["private"][GOV])
    assert total_cards(r.state) == 65


def test_foerderung_unmet_or_closed_initiatives_are_refused():
    s = _initiative_turn()
    assert "will not meet" in R.check(s, FIRST, {"initiative": "school-meals"})[0].message
    assert "not an open" in R.check(s, FIRST, {"initiative": "care-homes"})[0].message
    r = play(s, FIRST, {"initiative": "school-meals"})
    assert r.state["investys"][FIRST]["initiatives"] == []


def test_foerderung_then_no_open_joker():
    s = _initiative_turn()
    s["open_cards"] = ["joker", "health"]
    o = {"invest": {"sector": "education", "steps": 2}, "initiative": "school-meals", "draw": ["joker", "health"]}
    assert any(p.path == ("draw", 0) for p in R.check(s, FIRST, o))
    r = play(s, FIRST, o)
    assert r.state["open_cards"][0] == "joker", "the open joker stays: funding cards were drawn before"
    assert "Anna draws the open Health and one from the deck." in str(r.report["events"])


@pytest.mark.parametrize("is_action", [False, True])
def test_foerderung_with_an_action_depends_on_the_option(is_action):
    s = _initiative_turn(initiative_is_action=is_action)
    s["tracks"]["education"][FIRST] = 2
    o = {"invest": {"sector": "education", "steps": 1}, "initiative": "school-meals"}
    assert bool(R.check(s, FIRST, o)) is is_action
    r = play(s, FIRST, o)
    assert (r.state["investys"][FIRST]["initiatives"] == ["school-meals"]) is not is_action
    alone = play(s, FIRST, {"initiative": "school-meals"})
    assert alone.state["investys"][FIRST]["initiatives"] == ["school-meals"]


def test_turn_order_government_then_investys_from_its_left():
    s = new_game(timeline="tax,holiday")
    seen = []
    for _ in range(4):
        who = R.phase(s).awaited
        seen.append(who)
        s = play(s, who[0], R.default_orders(s, who[0], None)).state
    assert seen == [(GOV,), (FIRST,), (SECOND,), (THIRD,)]
    assert s["round"] == 2 and s["timeline_index"] == 1 and R.phase(s).awaited == (FIRST,), "H15: a Holiday"
