"""Ablauf: the Government's timeline action (Audit, Tax policy, Holiday break, Grant funding)."""

import pytest

from adjudicator.dice import Dice
from adjudicator.rulesets.policy_maker import RULESET as R

from .pm_helpers import FIRST, GOV, SECOND, THIRD, give, new_game, play, total_cards


def _game(timeline: str, **options):
    return new_game(timeline=timeline, **options)


def test_audit_shows_one_hand_to_the_government_alone():
    s = _game("audit,tax")
    give(s, SECOND, {"energy": 3, "joker": 1})
    r = play(s, GOV, {"audit": SECOND})
    mine = R.private_view(r.state, GOV)["private"][GOV]["audits"]
    assert mine == [{"round": 1, "investy": SECOND, "hand": {"education": 0, "health": 0, "energy": 3,
                                                             "housing": 0, "joker": 1}}]
    assert any("3 Energy, 1 Joker" in line for line in r.report["private"][GOV])
    for other in (FIRST, SECOND, THIRD):
        assert "audits" not in str(R.private_view(r.state, other))
    assert "audits" not in str(R.public_view(r.state))
    assert "Audit" in r.report["events"][0]["text"] and "Energy" not in r.report["events"][0]["text"]


def test_audit_nmr_looks_at_the_richest_investy():
    s = _game("audit")
    give(s, THIRD, {"health": 9})
    assert R.default_orders(s, GOV, None) == {"audit": THIRD}
    r = play(s, GOV, R.default_orders(s, GOV, None))
    assert r.state["private"][GOV]["audits"][0]["investy"] == THIRD


def test_tax_policy_moves_up_to_two_costs_by_one():
    s = _game("tax")
    r = play(s, GOV, {"tax": [{"sector": "energy", "change": 1}, {"sector": "health", "change": -1}]})
    assert r.state["costs"] == {"education": 2, "health": 1, "energy": 3, "housing": 2}
    assert R.check(s, GOV, {"tax": []}) == []


def test_tax_policy_the_sum_of_costs_never_exceeds_twelve():
    s = _game("tax")
    s["costs"] = {"education": 3, "health": 3, "energy": 3, "housing": 2}
    over = {"tax": [{"sector": "housing", "change": 1}, {"sector": "energy", "change": 1}]}
    problems = R.check(s, GOV, over)
    assert [p.path for p in problems] == [("tax", 1)] and "12" in problems[0].hint
    r = play(s, GOV, over)
    assert r.state["costs"]["housing"] == 3 and r.state["costs"]["energy"] == 3, "the first change is made"
    assert sum(r.state["costs"].values()) == 12
    assert "not made" in r.report["events"][0]["text"]


@pytest.mark.parametrize("order", [1, -1])
def test_tax_policy_judges_the_sum_on_the_net_result_in_either_order(order):
    """Tax policy ("die Summe der Kosten aller Kategorien zusammen darf den Wert 12 nicht überschreiten"): at a
    sum of 12, raising one sector while lowering another keeps the sum at 12, whichever is written first."""
    s = _game("tax")
    s["costs"] = {"education": 3, "health": 3, "energy": 3, "housing": 3}
    changes = [{"sector": "education", "change": 1}, {"sector": "health", "change": -1}][::order]
    assert R.check(s, GOV, {"tax": changes}) == []
    r = play(s, GOV, {"tax": changes})
    assert r.state["costs"] == {"education": 4, "health": 2, "energy": 3, "housing": 3}


def test_tax_policy_two_different_sectors_within_the_scale():
    s = _game("tax")
    assert R.check(s, GOV, {"tax": [{"sector": "energy", "change": 1}, {"sector": "energy", "change": 1}]})
    s["costs"]["health"] = 1
    assert R.check(s, GOV, {"tax": [{"sector": "health", "change": -1}]}), "a sector never becomes free"


def test_holiday_break_the_government_does_nothing_and_no_phase_waits_for_it():
    """Holiday break: "Die Regierung genießt die Feiertage und tut nichts." Nobody decides anything, so the round
    opens with the first Investy's turn (house rule H15), at set-up as after a round; the Government may still
    send its initiative preference then (H14)."""
    s = _game("holiday,tax")
    assert R.phase(s).awaited == (FIRST,) and R.phase(s).takes(GOV)
    assert s["log"] == ["Holiday break: the Government enjoys the holidays and does nothing (no phase waits for it)."]
    s = _game("tax,holiday,tax")
    s = play(s, GOV, {"tax": []}).state
    before = R.public_view(s)
    for who in (FIRST, SECOND):
        s = play(s, who, {"draw": ["deck", "deck"]}).state
    r = play(s, THIRD, {"draw": ["deck", "deck"]}, others={GOV: {"initiatives": ["care-homes"]}})
    assert R.phase(r.state).awaited == (FIRST,) and r.state["round"] == 2
    assert [e["text"] for e in r.report["events"]][-2:] == [
        "Round 2 begins: Holiday break.",
        "Holiday break: the Government enjoys the holidays and does nothing (no phase waits for it)."]
    assert r.state["costs"] == before["costs"] and r.state["queue"][0] == {"step": "investy", "player": FIRST}
    assert r.state["private"][GOV]["initiative_preference"] == ["care-homes"]


def test_audit_shares_its_phase_with_the_first_investys_turn_and_comes_first():
    """Ablauf: the round begins with the Government's action, then the Investy on its left. The Audit changes
    nothing that Investy sees, so both orders are taken in one phase (house rule H15) and carried out in the
    text's order: the Government sees the hand as it was before the turn. Option ``audit_phase=own`` keeps the
    phases apart, and the game comes out the same."""
    s = _game("audit,tax")
    give(s, FIRST, {"education": 4, "joker": 1})
    phase = R.phase(s)
    assert phase.awaited == (GOV, FIRST) and phase.label == "Round 1: Audit by the Government (Dora) with Anna's turn"
    turn = {"invest": {"sector": "education", "steps": 2}, "draw": ["deck", "deck"], "note": "Schools!"}
    joint = play(s, GOV, {"audit": FIRST, "note": "Routine."}, others={FIRST: turn})
    seen = joint.state["private"][GOV]["audits"][0]["hand"]
    assert seen["education"] == 4 and seen["joker"] == 1, "the audit comes before the turn"
    texts = [e["text"] for e in joint.report["events"]]
    assert texts[0].startswith("Audit:") and "invests in Education" in texts[1]
    assert R.phase(joint.state).awaited == (SECOND,)
    news = R.newsletter(R.public_view(joint.state), joint.report, [])
    assert "the Government's action, by" in news and "an Investy's turn, by" in news
    assert "Routine." in news and "Schools!" in news
    own = _game("audit,tax", audit_phase="own")
    give(own, FIRST, {"education": 4, "joker": 1})
    assert R.phase(own).awaited == (GOV,)
    own = play(own, GOV, {"audit": FIRST}).state
    assert R.phase(own).awaited == (FIRST,)
    own = play(own, FIRST, turn).state
    for key in ("tracks", "costs", "investys", "private", "secret", "open_cards", "queue"):
        assert own[key] == joint.state[key], key


def test_a_game_of_the_default_timeline_takes_36_phases_not_40():
    """H2 and H15: ten rounds of four steps were 40 phases; the two Holiday breaks wait for nobody and the two
    Audits share a phase, so a game played to »Ende« takes 36, plus a phase for each wealth tax owed (H7)."""
    s = new_game()
    phases, taxes, alone = 0, 0, []
    while not R.phase(s).finished:
        awaited = R.phase(s).awaited
        phases += 1
        taxes += s["queue"][0]["step"] == "wealth_tax"
        if awaited == (GOV,):
            alone.append(s["timeline"][s["timeline_index"]])
        s = R.adjudicate(s, {k: R.default_orders(s, k, None) for k in awaited}, Dice(b"y%d" % phases)).state
    assert s["result"]["reason"] == "timeline"
    assert sorted(alone) == ["grant", "grant", "grant", "tax", "tax", "tax"], "no phase for a Holiday"
    assert phases - taxes == 36


def test_grant_funding_nine_cards_handed_out_as_the_government_chooses():
    s = _game("grant")
    drawn = list(s["private"][GOV]["grant_cards"])
    assert len(drawn) == 9 and total_cards(s) == 65
    hands = {k: dict(s["private"][k]["hand"]) for k in (FIRST, SECOND, THIRD)}
    r = play(s, GOV, {"grant": {FIRST: [1, 2, 3, 4, 5], SECOND: [6]}})
    got = {k: sum(r.state["private"][k]["hand"].values()) - sum(hands[k].values()) for k in hands}
    assert got == {FIRST: 5 + 1, SECOND: 1 + 1, THIRD: 1}, "cards 7, 8, 9 are dealt in turn order"
    for kind in set(drawn[:5]):
        assert r.state["private"][FIRST]["hand"][kind] - hands[FIRST][kind] >= drawn[:5].count(kind)
    assert r.state["private"][GOV]["grant_cards"] == []
    assert total_cards(r.state) == 65
    text = " ".join(e["text"] for e in r.report["events"])
    assert "Anna 6" in text and "Education" not in text and "Joker" not in text, "only counts are public"
    assert any("Grant funding: you receive" in line for line in r.report["private"][FIRST])


def test_grant_funding_numbers_are_checked():
    s = _game("grant")
    problems = R.check(s, GOV, {"grant": {FIRST: [1, 2], SECOND: [2]}})
    assert [p.path for p in problems if p.severity == "error"] == [("grant", SECOND, 0)]
    assert [p.severity for p in R.check(s, GOV, {"grant": {FIRST: [1]}})] == ["warning"]


def test_grant_funding_can_make_an_investy_owe_the_wealth_tax():
    """Grant funding: 'Wenn ein Investy nach Erhalt der Finanzierung zu reich ist ...'."""
    s = _game("grant")
    give(s, SECOND, {"education": 5, "health": 5, "energy": 5, "housing": 2})
    r = play(s, GOV, {"grant": {SECOND: [1, 2, 3, 4, 5, 6, 7, 8, 9]}})
    assert r.state["investys"][SECOND]["cards"] == 26
    assert R.phase(r.state).awaited == (SECOND,)
    assert r.state["queue"][0] == {"step": "wealth_tax", "player": SECOND}
    assert r.state["queue"][1] == {"step": "investy", "player": FIRST}


def test_the_governments_private_report_names_its_goal_and_the_goals_condition():
    """Vorbereitung 3 and "Wie man gewinnt": the secret goal scores 10 points if reached, so the Government's
    report says what reaching it takes, and whether it is reached now; nobody else reads it."""
    s = _game("tax,audit")
    r = play(s, GOV, {"tax": []})
    card = next(g for g in s["board"]["goals"] if g["id"] == s["private"][GOV]["goal"])
    line = next(x for x in r.report["private"][GOV] if x.startswith("Your secret policy goal"))
    assert card["name"] in line and card["text"] in line and ("(now met)" in line or "(now not met)" in line)
    for other in (FIRST, SECOND, THIRD):
        assert card["text"] not in str(r.report["private"][other])


def test_h14_the_preference_list_is_offered_and_read_in_any_phase():
    """House rule H14 (issue 32): the Government may send its initiative preference in any phase and it is taken;
    outside its own phase the sheet now offers it and the receipt reads it, instead of "nothing to order now" and
    "no orders are used"."""
    s = _game("tax,audit")
    s = play(s, GOV, {"tax": []}).state
    assert GOV not in R.phase(s).awaited
    sheet = R.template(s, GOV)
    assert "nothing to order" not in sheet and "initiatives: [" in sheet
    assert R.describe(s, GOV, {"initiatives": ["care-homes"]}) == [
        "Initiative preference (H14, kept until changed): care-homes."]
    assert R.check(s, GOV, {"initiatives": ["care-homes"]}) == []
