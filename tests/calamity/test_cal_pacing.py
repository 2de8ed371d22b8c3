"""Calamity's pace by default (issue 32; house rule "pacing by mail", ``site/rules/calamity.md``): a new game
(pace 2) plays the year's last card at once ((4), Table 4) and keeps a reaction given as a rule for the category
((3)(iii)b), so a game by mail ends within 60 phases on average without anyone opting in to standing orders, with
the same money for everyone as at the table. A game set up before (its state has no ``pace``) plays as it did."""

from __future__ import annotations

import importlib.util
import statistics
import sys
from pathlib import Path

import jsonschema
import pytest

from adjudicator.rulesets.calamity import RULESET
from adjudicator.rulesets.calamity.state import pace

from .cal_helpers import arrange, new_game, play, seed_for

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_calamity_pacing.py"


def old_game():
    """A game set up before issue 32: its state has no ``pace``."""
    st = new_game()
    del st["pace"]
    return st


def before_the_last_card(st):
    """Ann moves from 45 with a 2 to field 47 (Risiko D, which nobody holds); Bob then has the year's last card,
    a 5 to field 52, and holds A1 and B2, which he could sell at the fourth quarter's price."""
    return arrange(st, token=45, hands={"ann": [2], "bob": [5], "cy": [], "dee": []},
                   policies={"bob": ["A1", "B2"]})


def test_section_4_the_years_last_card_waits_for_no_choice():
    """(4) and Table 4: the last card takes the token to field 52, which asks nothing of the mover, and selling
    before it pays the fourth quarter's price, below the premium kept at 52: a new game plays it at once."""
    assert pace(new_game()) == 2
    res = play(before_the_last_card(new_game()), {"ann": {"card": 2}})
    assert res.state["token"] == 52 and res.state["phase"]["kind"] == "year_end"  # the year closed on 52
    assert any("plays the year's last card at once" in e for e in res.report["events"])
    assert res.state["players"]["bob"]["policies"] == ["A1", "B2"]  # nothing was sold
    # a game set up before issue 32 still asks Bob for his move
    old = play(before_the_last_card(old_game()), {"ann": {"card": 2}}).state
    assert old["phase"] == {"kind": "move", "awaited": ["bob"]}


def at_risk_c(st):
    """Ann moves from 16 to field 17 (Risiko C); Bob holds C1 and C2, Cy two C3."""
    hands = {"ann": [1, 2, 3], "bob": [1, 1], "cy": [1, 1], "dee": [1, 1]}
    st = arrange(st, token=16, hands=hands, policies={"bob": ["C1", "C2"], "cy": ["C3", "C3"]})
    return play(st, {"ann": {"card": 1}}).state


def test_section_3_iii_b_a_reaction_given_as_a_rule_decides_both_steps_and_stands():
    """(3)(iii)b, steps 1-3: Bob answers step 1 with a rule (keep before the row, return a type the row marks
    twice or more, take offers of 5 GE or more); Cy's offer of C3 for 10 GE is taken by it, and step 2 no longer
    waits for Bob: it waits only for Cy, who answered for this step alone. The rule is Bob's standing order for C."""
    st = at_risk_c(new_game())
    assert st["phase"] == {"kind": "reaction", "awaited": ["bob", "cy"]}
    rule = {"before_row": "keep", "after_row": 2, "accept_fee": 5}
    jsonschema.validate({"rule": rule}, RULESET.order_schema(st, "bob"))
    res = play(st, {"bob": {"rule": rule}, "cy": {"pass": [{"policy": "C3", "to": "bob", "fee": 10}]}},
               seed=seed_for(row=1))
    st = res.state
    assert st["players"]["bob"]["policies"] == ["C1", "C2", "C3"]  # the offer was accepted by the rule
    assert st["phase"] == {"kind": "reaction", "awaited": ["cy"]} and st["risk"]["step"] == 2
    assert st["private"]["bob"]["standing"]["C"] == rule
    assert any("Your rule (kept as the standing order) for C" in line
               for line in RULESET.describe(at_risk_c(new_game()), "bob", {"rule": rule}))


def test_section_3_iii_b_a_rule_answers_the_open_offers_of_an_answer_phase():
    """An answer phase answered with a rule: the offer of 10 GE is over Bob's least fee, so it passes."""
    st = at_risk_c(new_game())
    st = play(st, {"bob": {}, "cy": {"pass": [{"policy": "C3", "to": "bob", "fee": 10}]}}).state
    assert st["phase"] == {"kind": "answer", "awaited": ["bob"]}
    st = play(st, {"bob": {"rule": {"before_row": "keep", "accept_fee": 8}}}, seed=seed_for(row=1)).state
    assert "C3" in st["players"]["bob"]["policies"]


def test_a_game_set_up_before_issue_32_takes_no_rule():
    st = at_risk_c(old_game())
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"rule": {"before_row": "keep"}}, RULESET.order_schema(st, "bob"))
    assert "rule:" not in RULESET.template(st, "bob")


def test_the_sheet_offers_the_rule_without_deciding_anything():
    """The reaction sheet shows the rule only as a comment: a sheet sent unchanged keeps the table's answer."""
    text = RULESET.template(at_risk_c(new_game()), "bob")
    assert "# rule: {before_row: keep, after_row: 2, accept_fee: 10}" in text
    assert "\nrule:" not in text


def _bench():
    spec = importlib.util.spec_from_file_location("bench_calamity_pacing", BENCH)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_pacing_benchmark_small_mode_default_within_60_phases_with_the_tables_outcomes():
    """The benchmark's small mode: a new game by default (answers as rules, nobody on standing orders unasked)
    takes at most 60 phases on average, and every game ends with the same GE for everyone as at the table."""
    out = _bench().measure(6)
    assert out["same"] == out["games"]
    assert statistics.mean(out["phases"]["default"]) <= 60 < statistics.mean(out["phases"]["table"])
