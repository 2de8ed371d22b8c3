"""(3)(iii)b: a risk field and its three steps, played by mail as reaction and answer phases."""

from adjudicator.rulesets.calamity import RULESET

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
