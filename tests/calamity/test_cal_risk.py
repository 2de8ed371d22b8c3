"""(3)(iii)b: a risk field and its three steps, played by mail as reaction and answer phases."""

import copy
from typing import get_args

from adjudicator import yamlio
from adjudicator.rulesets.calamity import RULESET
from adjudicator.rulesets.calamity.adjudicate import OfferResult

from .cal_helpers import arrange, new_game, play, seed_for

HANDS = {"ann": [1, 2, 3], "bob": [1, 1], "cy": [1, 1], "dee": [1, 1]}


def at_risk_c(**kw):
    """Ann moves from 16 to field 17 (Risiko C); Bob holds C1 and C2, Cy holds C3, Dee none."""
    policies = {"bob": ["C1", "C2"], "cy": ["C3"], **kw.pop("policies", {})}
    st = arrange(new_game(), token=16, hands=HANDS, policies=policies, **kw)
    return play(st, {"ann": {"card": 1}}).state


def cash(st):
    return {p: st["players"][p]["cash"] for p in st["seats"]}


def test_reaction_phase_awaits_every_holder_at_once():
    """Step 1 concerns every player holding policies of the category; the mover holds none here."""
    st = at_risk_c()
    assert st["phase"] == {"kind": "reaction", "awaited": ["bob", "cy"]}
    assert st["risk"] == {"field": 17, "category": "C", "step": 1, "row": None, "offers": []}
    assert RULESET.phase(st).awaited == ("bob", "cy")
    assert "step 1" in RULESET.phase(st).label


def test_three_steps_return_fees_dice_and_damage():
    """Step 1 return for 4 GE; the row is rolled; step 2 return for 20 GE; the column is rolled; every policy
    marked on the cell pays 40 GE and stays with its holder."""
    st = at_risk_c()
    res = play(st, {"bob": {"return": ["C1"]}, "cy": {}}, seed=seed_for(row=1))
    st = res.state
    assert cash(st)["bob"] == 296 and st["players"]["bob"]["policies"] == ["C2"]
    assert st["risk"]["row"] == 1 and st["risk"]["step"] == 2
    assert res.report["dice"] == [{"for": "row", "roll": 1, "means": "row 1 of matrix C: C1 2/6, C2 1/6, C3 3/6"}]
    assert st["phase"] == {"kind": "reaction", "awaited": ["bob", "cy"]}
    res = play(st, {"bob": {}, "cy": {"return": ["C3"]}}, seed=seed_for(column=2))
    st = res.state
    assert cash(st)["cy"] == 280 and st["players"]["cy"]["policies"] == []
    # row 1, column 2 of C marks type 2: Bob's C2 pays 40 GE and stays with him
    assert cash(st)["bob"] == 296 - 40 and st["players"]["bob"]["policies"] == ["C2"]
    assert res.report["risk"]["marked"] == ["C2"] and res.report["risk"]["column"] == 2
    assert st["risk"] is None and st["phase"] == {"kind": "move", "awaited": ["bob"]}


def test_pass_on_accepted_by_both_sides():
    """Step 1 b): a policy passed on to a co-player against a negotiated fee, the recipient accepting in the same
    phase (he may send orders though he is not awaited)."""
    st = at_risk_c()
    offer = {"policy": "C2", "to": "dee", "fee": 15}
    res = play(st, {"bob": {"pass": [offer]}, "cy": {}, "dee": {"accept": [{"policy": "C2", "from": "bob",
                                                                           "fee": 15}]}}, seed=seed_for(row=3))
    st = res.state
    assert st["players"]["bob"]["policies"] == ["C1"] and st["players"]["dee"]["policies"] == ["C2"]
    assert cash(st)["bob"] == 285 and cash(st)["dee"] == 315
    assert st["risk"]["offers"][0]["result"] == "passed"
    # Dee now holds a C policy: step 2 awaits her too
    assert st["phase"] == {"kind": "reaction", "awaited": ["bob", "cy", "dee"]}


def test_unanswered_offer_opens_an_answer_phase_for_the_recipient():
    st = at_risk_c()
    res = play(st, {"bob": {"pass": [{"policy": "C2", "to": "ann", "fee": 30}]}, "cy": {}})
    st = res.state
    assert st["phase"] == {"kind": "answer", "awaited": ["ann"]}
    assert st["risk"]["row"] is None, "the row is rolled only after the answers"
    assert "accept:" in RULESET.template(st, "ann") and "C2" in RULESET.template(st, "ann")
    res = play(st, {"ann": {"accept": [{"policy": "C2", "from": "bob", "fee": 30}]}}, seed=seed_for(row=2))
    st = res.state
    assert st["players"]["ann"]["policies"] == ["C2"] and cash(st)["ann"] == 330 and cash(st)["bob"] == 270
    assert st["risk"]["row"] == 2 and st["phase"]["kind"] == "reaction"


def test_pass_on_refused_keeps_or_returns_the_policy():
    """A refused offer leaves the policy with the giver, or returns it to the bank at the step's fee if the
    giver asked for that."""
    st = at_risk_c()
    offers = [{"policy": "C2", "to": "dee", "fee": 12}, {"policy": "C1", "to": "dee", "fee": 8,
                                                          "if_refused": "return"}]
    st = play(st, {"bob": {"pass": offers}, "cy": {}}).state
    assert st["phase"] == {"kind": "answer", "awaited": ["dee"]}
    res = play(st, {"dee": {}})  # the deadline default: accept nothing
    st = res.state
    assert st["players"]["bob"]["policies"] == ["C2"] and st["players"]["dee"]["policies"] == []
    assert cash(st)["bob"] == 296 and cash(st)["dee"] == 300
    assert [o["result"] for o in st["risk"]["offers"]] == ["refused", "refused, returned"]


def test_step_2_pass_on_and_return_at_20():
    st = at_risk_c()
    st = play(st, {"bob": {}, "cy": {}}, seed=seed_for(row=4)).state
    res = play(st, {"bob": {"return": ["C1"], "pass": [{"policy": "C2", "to": "cy", "fee": 25}]},
                    "cy": {"accept": [{"policy": "C2", "from": "bob", "fee": 25}]}}, seed=seed_for(column=1))
    st = res.state
    # row 4, column 1 marks C1 (returned by Bob for 20 GE); Cy took C2 and holds C3: neither is marked
    assert cash(st) == {"ann": 300, "bob": 300 - 20 - 25, "cy": 325, "dee": 300}
    assert st["players"]["cy"]["policies"] == ["C2", "C3"]


def test_standing_orders_answer_for_a_holder_who_is_then_not_awaited():
    """Play by mail: "return my C policies if the row marks them twice or more" as a standing order."""
    st = arrange(new_game(), token=16, hands=HANDS, policies={"bob": ["C1", "C2"], "cy": ["C3"]})
    st = play(st, {"ann": {"card": 1}, "cy": {"standing": {"C": {"before_row": "keep", "after_row": 2}}}}).state
    assert st["phase"] == {"kind": "reaction", "awaited": ["bob"]}
    assert "standing" not in str(RULESET.public_view(st)), "standing orders are private"
    st = play(st, {"bob": {}}, seed=seed_for(row=1)).state  # row 1: C1 2/6, C2 1/6, C3 3/6
    assert st["phase"] == {"kind": "reaction", "awaited": ["bob"]}
    res = play(st, {"bob": {}}, seed=seed_for(column=2))
    assert res.state["players"]["cy"]["policies"] == [] and cash(res.state)["cy"] == 280


def test_standing_acceptance_of_pass_ons():
    st = arrange(new_game(), token=16, hands=HANDS, policies={"bob": ["C1", "C2"], "cy": ["C3"]})
    st["private"]["dee"]["standing"] = {"C": {"accept_fee": 20}}
    st = play(st, {"ann": {"card": 1}}).state
    res = play(st, {"bob": {"pass": [{"policy": "C1", "to": "dee", "fee": 20},
                                     {"policy": "C2", "to": "dee", "fee": 19}]}, "cy": {}})
    st = res.state
    assert st["players"]["dee"]["policies"] == ["C1"] and st["players"]["bob"]["policies"] == ["C2"]
    assert [o["result"] for o in st["risk"]["offers"]] == ["passed", "refused"]
    assert st["phase"]["kind"] == "reaction" and st["risk"]["step"] == 2


def test_all_holders_with_standing_orders_resolve_at_once():
    st = arrange(new_game(), token=16, hands=HANDS, policies={"bob": ["C1"], "cy": ["C3"]})
    st["private"]["bob"]["standing"] = {"C": {"before_row": "return"}}
    st["private"]["cy"]["standing"] = {"C": {"before_row": "keep"}}
    res = play(st, {"ann": {"card": 1}}, seed=seed_for(row=1, column=3))
    assert res.state["players"]["bob"]["policies"] == [] and cash(res.state)["bob"] == 296
    assert cash(res.state)["cy"] == 260  # C row 1, column 3 marks C3
    assert res.state["phase"] == {"kind": "move", "awaited": ["bob"]}
    assert [d["for"] for d in res.report["dice"]] == ["row", "column"]


def test_risk_field_without_holders_rolls_and_moves_on():
    st = arrange(new_game(), token=22, hands=HANDS, policies={"bob": ["C1"]})
    res = play(st, {"ann": {"card": 1}})  # field 23, Risiko A: nobody holds A
    assert res.state["phase"] == {"kind": "move", "awaited": ["bob"]}
    assert "Nobody holds a policy marked on that cell." in res.report["events"]


def test_damage_beyond_the_cash_is_insolvency():
    st = arrange(new_game(), token=13, hands=HANDS, cash={"bob": 30}, policies={"bob": ["D1", "D1", "D3"]})
    st["private"]["bob"]["standing"] = {"D": {"before_row": "keep"}}
    res = play(st, {"ann": {"card": 1}}, seed=seed_for(row=3, column=3))  # D cell 3/3 marks 1 and 3
    assert res.state["players"]["bob"]["policies"] == [] and cash(res.state)["bob"] == 0
    assert any("sells all policies" in e for e in res.report["events"])


def test_reaction_checks():
    st = at_risk_c()
    problems = RULESET.check(st, "bob", {"return": ["D1", "C1", "C1"]})
    assert [(p.path, p.severity) for p in problems] == [(("return", 0), "error"), (("return", 0), "error"),
                                                        (("return", 2), "error")]
    assert RULESET.check(st, "bob", {"return": ["C1"], "pass": [{"policy": "C2", "to": "cy", "fee": 9}]}) == []


# --- issue 17: offers answered in the same step as open ones, orders of players not waited for ----------------


def test_an_accepted_offer_is_carried_out_when_another_offer_goes_to_an_answer_phase():
    """(3)(iii)b step 1 b): every pass-on agreed in a step happens, also when another offer of the same step is
    still open. Bob offers C1 to Dee for 12 and Dee accepts at once; Bob also offers C2 to Ann, who answers in an
    answer phase. Afterwards Dee holds C1 and Bob has paid her 12 GE."""
    st = at_risk_c()
    st = play(st, {"bob": {"pass": [{"policy": "C1", "to": "dee", "fee": 12},
                                    {"policy": "C2", "to": "ann", "fee": 20}]},
                   "cy": {}, "dee": {"accept": [{"policy": "C1", "from": "bob", "fee": 12}]}}).state
    assert st["phase"] == {"kind": "answer", "awaited": ["ann"]}
    st = play(st, {"ann": {}}, seed=seed_for(row=3)).state  # Ann lets the deadline pass: refused
    assert st["players"]["dee"]["policies"] == ["C1"] and st["players"]["bob"]["policies"] == ["C2"]
    assert cash(st)["bob"] == 288 and cash(st)["dee"] == 312 and cash(st)["ann"] == 300
    assert [o["result"] for o in st["risk"]["offers"]] == ["passed", "refused"]


def test_a_standing_refusal_with_return_is_carried_out_when_another_offer_is_open():
    """A refused offer with ``if_refused: return`` goes back to the bank for the step's fee (4 GE before the
    row), also when the refusal was a standing order and another offer of the step waited for an answer."""
    st = arrange(new_game(), token=16, hands=HANDS, policies={"bob": ["C1", "C2"], "cy": ["C3"]})
    st["private"]["dee"]["standing"] = {"C": {"before_row": "keep"}}  # no accept_fee: refuses every offer
    st = play(st, {"ann": {"card": 1}}).state
    st = play(st, {"bob": {"pass": [{"policy": "C1", "to": "dee", "fee": 5, "if_refused": "return"},
                                    {"policy": "C2", "to": "ann", "fee": 20}]}, "cy": {}}).state
    assert st["phase"] == {"kind": "answer", "awaited": ["ann"]}
    st = play(st, {"ann": {"accept": [{"policy": "C2", "from": "bob", "fee": 20}]}}, seed=seed_for(row=3)).state
    assert st["players"]["bob"]["policies"] == [] and st["players"]["ann"]["policies"] == ["C2"]
    assert cash(st)["bob"] == 300 - 4 - 20 and cash(st)["ann"] == 320
    assert [o["result"] for o in st["risk"]["offers"]] == ["refused, returned", "passed"]


def test_a_holder_with_a_standing_order_is_not_waited_for_but_may_still_pass_on_and_return():
    """Every player may send orders in any phase (Phase.open_to); a holder whose standing order answers for
    him is not waited for, yet his orders of the phase replace the standing ones: Cy (standing: keep) returns
    C3 at step 1 after all."""
    st = arrange(new_game(), token=16, hands=HANDS, policies={"bob": ["C1", "C2"], "cy": ["C3"]})
    st["private"]["cy"]["standing"] = {"C": {"before_row": "keep"}}
    st = play(st, {"ann": {"card": 1}}).state
    phase = RULESET.phase(st)
    assert phase.awaited == ("bob",) and set(phase.open_to) == {"ann", "cy", "dee"}
    assert phase.takes("cy") and phase.takes("dee")
    res = play(st, {"bob": {}, "cy": {"return": ["C3"]}, "dee": {"standing": {"C": {"accept_fee": 9}}}})
    assert res.state["players"]["cy"]["policies"] == [] and cash(res.state)["cy"] == 296
    assert res.state["private"]["dee"]["standing"] == {"C": {"accept_fee": 9}}


def test_the_answer_sheet_accepts_nothing_unless_the_player_writes_it():
    """An unedited answer sheet refuses every offer: it lists the offers as comments only."""
    st = at_risk_c()
    st = play(st, {"bob": {"pass": [{"policy": "C2", "to": "ann", "fee": 30}]}, "cy": {}}).state
    sheet = RULESET.template(st, "ann")
    assert "#   - {policy: C2, from: bob, fee: 30}" in sheet
    assert yamlio.load_trusted(sheet)["accept"] == []


def test_standing_offers_and_a_standing_price_settle_a_step_without_any_phase():
    """Play by mail (pacing): Bob's standing offer of C2 to Dee for 10 GE meets Dee's standing price of 10 GE;
    with every holder answered by standing orders, the calamity runs to the damage in the mover's phase."""
    st = arrange(new_game(), token=16, hands=HANDS, policies={"bob": ["C1", "C2"], "cy": ["C3"]})
    st["private"]["bob"]["standing"] = {"C": {"before_row": "keep",
                                              "pass": [{"policy": "C2", "to": "dee", "fee": 10}]}}
    st["private"]["cy"]["standing"] = {"C": {"after_row": 3}}
    st["private"]["dee"]["standing"] = {"C": {"accept_fee": 10}}
    res = play(st, {"ann": {"card": 1}}, seed=seed_for(row=1, column=5))
    st = res.state
    assert st["phase"] == {"kind": "move", "awaited": ["bob"]}, "no reaction and no answer phase"
    # step 1: C2 passed to Dee for 10; step 2, row 1 marks C3 three times: Cy returns it for 20
    assert st["players"]["bob"]["policies"] == ["C1"] and st["players"]["cy"]["policies"] == []
    assert cash(st)["cy"] == 280
    assert res.report["risk"]["offers"][0]["result"] == "passed"
    # row 1 column 5 of C marks types 3: nobody pays damage (C3 went back to the bank)
    assert cash(st)["bob"] == 290 and cash(st)["dee"] == 310


def test_a_standing_offer_is_made_at_the_step_it_names_and_replaced_by_the_phase_orders():
    """A standing offer is made at step 1 unless it names step 2; orders of the phase with ``pass`` replace
    the standing offers of that step."""
    st = arrange(new_game(), token=16, hands=HANDS, policies={"bob": ["C1", "C2"]})
    st["private"]["bob"]["standing"] = {"C": {"pass": [{"policy": "C2", "to": "dee", "fee": 10, "step": 2}]}}
    st["private"]["dee"]["standing"] = {"C": {"accept_fee": 5}}
    res = play(st, {"ann": {"card": 1}}, seed=seed_for(row=1, column=1))
    assert [(o["id"], o["result"]) for o in res.report["risk"]["offers"]] == [(1, "passed")]
    st = arrange(new_game(), token=16, hands=HANDS, policies={"bob": ["C1", "C2"]})
    st["private"]["bob"]["standing"] = {"C": {"pass": [{"policy": "C2", "to": "dee", "fee": 10}]}}
    st = play(st, {"ann": {"card": 1}}).state
    assert st["phase"] == {"kind": "answer", "awaited": ["dee"]}, "Dee has no standing price: she is asked"
    st = arrange(new_game(), token=16, hands=HANDS, policies={"bob": ["C1", "C2"], "cy": ["C3"]})
    st["private"]["bob"]["standing"] = {"C": {"pass": [{"policy": "C2", "to": "dee", "fee": 10}]}}
    st = play(st, {"ann": {"card": 1}}).state
    st = play(st, {"cy": {}, "bob": {"pass": []}}).state  # Bob's orders of the phase: no offer this time
    assert st["risk"]["offers"] == []


def test_standing_offers_are_checked_against_their_category():
    st = at_risk_c()
    problems = RULESET.check(st, "bob", {"standing": {"C": {"pass": [{"policy": "D1", "to": "cy", "fee": 1},
                                                                   {"policy": "C3", "to": "cy", "fee": 1}]}}})
    assert [(p.path, p.severity) for p in problems] == [(("standing", "C", "pass", 0), "error"),
                                                        (("standing", "C", "pass", 1), "warning")]


def test_a_policy_received_in_a_step_is_passed_on_at_a_later_step_not_down_a_chain_in_the_same_step():
    """(3)(iii)b, step 1: "Jeder Spieler darf Polizzen der betroffenen Kategorie ... weitergeben": the offers of a
    step are made by those holding the policies when it opens. Dee receives C1 from Bob at step 1; her standing
    offer to pass C1 on at step 1 (refused: return for 4 GE) is not made in that step, as at the table, where
    she is not even asked at step 1 (she holds no C policy). By mail and at the table the game ends alike (the
    benchmark's seed 63 ended 16 GE apart before this)."""
    seed = seed_for(row=1, column=5)
    base = arrange(new_game(), token=16, hands=HANDS, policies={"bob": ["C1", "C2"], "cy": ["C3"]})
    mail = copy.deepcopy(base)
    mail["private"]["bob"]["standing"] = {"C": {"pass": [{"policy": "C1", "to": "dee", "fee": 10}]}}
    mail["private"]["cy"]["standing"] = {"C": {}}
    mail["private"]["dee"]["standing"] = {"C": {"accept_fee": 5, "pass": [
        {"policy": "C1", "to": "cy", "fee": 3, "if_refused": "return"}]}}
    res = play(mail, {"ann": {"card": 1}}, seed=seed)
    assert [(o["from"], o["to"], o["result"]) for o in res.report["risk"]["offers"]] == [("bob", "dee", "passed")]
    by_mail = res.state
    table = play(base, {"ann": {"card": 1}}, seed=seed).state
    assert table["phase"]["awaited"] == ["bob", "cy"], "Dee holds no C policy at step 1: nobody asks her"
    table = play(table, {"bob": {"pass": [{"policy": "C1", "to": "dee", "fee": 10}]}, "cy": {}}, seed=seed).state
    table = play(table, {"dee": {"accept": [{"policy": "C1", "from": "bob", "fee": 10}]}}, seed=seed).state
    assert table["phase"]["awaited"] == ["bob", "cy", "dee"], "step 2: now Dee holds C1 and may pass it on"
    table = play(table, {"bob": {}, "cy": {}, "dee": {}}, seed=seed).state
    assert table["phase"] == by_mail["phase"] == {"kind": "move", "awaited": ["bob"]}
    assert cash(table) == cash(by_mail) and by_mail["players"]["dee"]["policies"] == ["C1"]
    assert {p: by_mail["players"][p]["policies"] for p in by_mail["seats"]} == {
        p: table["players"][p]["policies"] for p in table["seats"]}


def test_an_accepted_offer_lapses_when_the_giver_can_no_longer_pay_its_fee():
    """(iii)b 1. Schritt b): a pass-on costs the giver the agreed fee. Bob offers C1 and C2 to Dee for 15 GE
    each with 20 GE in hand, and Dee accepts both: the first passes, the second lapses and is returned to the
    bank as Bob asked, for 4 GE. Every result is one of the rules' ``OfferResult`` words."""
    st = at_risk_c(cash={"bob": 20})
    offers = [{"policy": "C1", "to": "dee", "fee": 15}, {"policy": "C2", "to": "dee", "fee": 15,
                                                          "if_refused": "return"}]
    accept = [{"policy": "C1", "from": "bob", "fee": 15}, {"policy": "C2", "from": "bob", "fee": 15}]
    st = play(st, {"bob": {"pass": offers}, "cy": {}, "dee": {"accept": accept}}).state
    results = [o["result"] for o in st["risk"]["offers"]]
    assert results == ["passed", "lapsed, returned"]
    assert set(results) <= set(get_args(OfferResult))
    assert st["players"]["dee"]["policies"] == ["C1"] and st["players"]["bob"]["policies"] == []
    assert cash(st)["bob"] == 20 - 15 - 4 and cash(st)["dee"] == 315
