"""(3): a player's turn: (i) selling at the price, (ii) a movement card, (iii) the field; and the NMR rule."""

from adjudicator.rulesets.calamity import RULESET

from .cal_helpers import arrange, new_game, play

HANDS = {"ann": [1, 2, 3], "bob": [1, 1], "cy": [1, 1], "dee": [1, 1]}


def test_sell_at_the_price_of_the_quarter_before_moving():
    """(3)(i): any number of policies sold to the bank at the Kurswert of the quarter the token stands in."""
    st = arrange(new_game(), token=26, hands=HANDS, cash={"ann": 100}, policies={"ann": ["C1", "D2", "D2"]})
    res = play(st, {"ann": {"sell": ["D2", "C1"], "card": 1}})
    assert res.state["players"]["ann"]["policies"] == ["D2"]
    assert res.state["players"]["ann"]["cash"] == 100 + 8 + 4  # Q2 prices, though the token moves to Q3


def test_card_moves_the_token_and_leaves_the_hand():
    """(3)(ii): the card played moves the token so many fields; the hand shrinks by that card."""
    st = arrange(new_game(), token=5, hands=HANDS)
    res = play(st, {"ann": {"card": 3}})
    assert res.state["token"] == 8
    assert res.state["private"]["ann"]["hand"] == [1, 2]
    assert res.state["hands"]["ann"] == 2
    assert res.state["played"][-1] == {"player": "ann", "card": 3, "field": 8}
    assert res.state["phase"] == {"kind": "move", "awaited": ["bob"]}


def test_a_card_not_in_hand_is_an_error():
    st = arrange(new_game(), token=5, hands=HANDS)
    problems = RULESET.check(st, "ann", {"card": 5})
    assert [p.path for p in problems if p.severity == "error"] == [("card",)]
    assert "1" not in problems[0].hint, "the hint must not print the hand"


def test_nmr_plays_the_lowest_card():
    """Play by mail: at the deadline the mover without orders plays his lowest card and does nothing else."""
    st = arrange(new_game(), token=5, hands={"ann": [2, 4, 5], "bob": [1], "cy": [1], "dee": [1]})
    assert RULESET.default_orders(st, "ann", {"card": 5}) == {"card": 2}
    res = RULESET.adjudicate(st, {"ann": RULESET.default_orders(st, "ann", None)}, __import__(
        "adjudicator.dice", fromlist=["Dice"]).Dice(b"d"))
    assert res.state["token"] == 7 and res.state["players"]["ann"]["policies"] == []


def test_purchase_up_to_three_policies_at_the_price():
    """(3)(iii)a: on a purchase field up to three policies from the bank at the Kurswert."""
    st = arrange(new_game(), token=29, hands=HANDS, cash={"ann": 50})
    res = play(st, {"ann": {"card": 1, "buy": ["D1", "C3", "A1"]}})
    assert res.state["token"] == 30
    assert res.state["players"]["ann"]["policies"] == ["A1", "C3", "D1"]
    assert res.state["players"]["ann"]["cash"] == 50 - 16 - 8 - 2


def test_purchase_limited_by_the_bank_and_cash():
    """Table 4: four copies of each type; a purchase the bank or the cash cannot meet is cut."""
    st = arrange(new_game(), token=29, hands=HANDS, cash={"ann": 20},
                 policies={"bob": ["D1", "D1", "D1"], "cy": ["D1"]})
    problems = RULESET.check(st, "ann", {"card": 1, "buy": ["D1", "D2", "D3"]})
    assert [(p.path, p.severity) for p in problems] == [(("buy", 0), "warning"), (("buy", 2), "warning")]
    res = play(st, {"ann": {"card": 1, "buy": ["D1", "D2", "D3"]}})
    assert res.state["players"]["ann"]["policies"] == ["D2"]
    assert res.state["players"]["ann"]["cash"] == 4


def test_orders_for_another_field_are_ignored_with_a_warning():
    st = arrange(new_game(), token=5, hands=HANDS)
    problems = RULESET.check(st, "ann", {"card": 1, "tax": "bob"})
    assert [(p.path, p.severity) for p in problems] == [(("tax",), "warning")]


def test_market_house_rule_purchase_or_quiet():
    """House rule for the Markt fields 19, 29, 36: a purchase field (option market=purchase, the default), or
    a field where nothing happens (market=quiet)."""
    st = arrange(new_game(), token=18, hands=HANDS, cash={"ann": 50})
    assert play(st, {"ann": {"card": 1, "buy": ["A1"]}}).state["players"]["ann"]["policies"] == ["A1"]
    quiet = arrange(new_game(options={"market": "quiet"}), token=18, hands=HANDS, cash={"ann": 50})
    assert play(quiet, {"ann": {"card": 1}}).state["players"]["ann"]["policies"] == []
    assert any(p.path == ("buy",) for p in RULESET.check(quiet, "ann", {"card": 1, "buy": ["A1"]}))


def test_the_schema_accepts_the_template_and_refuses_stray_keys():
    import jsonschema

    from adjudicator import yamlio

    st = arrange(new_game(), token=5, hands=HANDS)
    schema = RULESET.order_schema(st, "ann")
    jsonschema.Draft202012Validator.check_schema(schema)
    sheet = yamlio.load(RULESET.template(st, "ann")).data
    jsonschema.validate(sheet, schema)
    assert not [p for p in RULESET.check(st, "ann", sheet) if p.severity == "error"]
    try:
        jsonschema.validate({"card": 1, "bribe": 5}, schema)
    except jsonschema.ValidationError:
        pass
    else:
        raise AssertionError("additionalProperties must be false")
