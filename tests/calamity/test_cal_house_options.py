"""House rules with a switch: the number of years ("Die Regeln": two rounds) and who chooses at Deckung (Table 3,
field 13). Both default to what the text (and every earlier game's state) implies."""

import jsonschema
import pytest

from adjudicator.kit.ruleset import RulesetError
from adjudicator.rulesets.calamity import RULESET

from .cal_helpers import arrange, new_game, play

LAST = {"ann": [1], "bob": [], "cy": [], "dee": []}
HANDS = {"ann": [1, 2, 3], "bob": [1, 1], "cy": [1, 1], "dee": [1, 1]}


def close_year(st, year):
    """Play the last card of ``year`` onto field 52 and answer a free-return phase with no returns."""
    st = arrange(st, token=51, hands=LAST)
    st["year"] = year
    return play(st, {"ann": {"card": 1}}).state


# --- Die Regeln: "Ein Spiel besteht aus zwei Runden (= Jahren)"; option `years` -----------------------------------


def test_die_regeln_two_years_by_default():
    """Die Regeln: two rounds (years) unless the game master chooses otherwise."""
    assert new_game()["years"] == 2
    assert close_year(new_game(), 1)["phase"]["kind"] == "move"  # straight into year 2: nobody holds policies
    assert close_year(new_game(), 2)["phase"]["kind"] == "over"


@pytest.mark.parametrize("n", [1, 3, 5])
def test_option_years_sets_the_last_year(n):
    """House rule `years`: the winner is decided after the chosen year, not after the second (Die Regeln, (4))."""
    st = new_game(options={"years": n})
    assert st["years"] == n and st["options"] == {"market": "purchase"}
    for year in range(1, n):
        after = close_year(st, year)
        assert after["phase"]["kind"] == "move" and after["year"] == year + 1
    over = close_year(st, n)
    assert over["phase"]["kind"] == "over" and over["year"] == n


def test_option_years_three_holds_the_free_return_phase_after_the_second_year():
    """(4)c: the free returns before a new year are open after year 2 when a third follows."""
    st = arrange(new_game(options={"years": 3}), token=51, hands=LAST, policies={"bob": ["A1"]})
    st["year"] = 2
    res = play(st, {"ann": {"card": 1}})
    assert res.state["phase"] == {"kind": "year_end", "awaited": ["bob"]}
    assert play(res.state, {"bob": {}}, seed=b"y3").state["year"] == 3


@pytest.mark.parametrize("bad", [0, 6, -1, "two", "3", True, None])
def test_option_years_refuses_what_is_not_1_to_5(bad):
    with pytest.raises(RulesetError, match="years"):
        new_game(options={"years": bad})


def test_a_state_without_the_years_key_plays_the_texts_two_years():
    """Die Regeln: a state written before the option existed (no `years`) still ends after the second year."""
    st = new_game()
    del st["years"]
    assert close_year(st, 1)["phase"]["kind"] == "move"
    assert close_year(st, 2)["phase"]["kind"] == "over"


# --- Table 3, Deckung (field 13): the policies given up, standing order `cover` -------------------------------------


def cover_position(**standing):
    """Bob lacks cover: 130 GE for four policies; after the 20 GE fine (110 GE) he keeps two of them."""
    st = arrange(new_game(), token=12, hands=HANDS, cash={"bob": 130},
                 policies={"bob": ["A1", "C2", "D1", "D3"]})
    if standing:
        st["private"]["bob"]["standing"] = standing
    return st


def test_deckung_default_gives_up_the_lowest_premium_first():
    """Deckung (13), house rule default: without an order the bank takes A before D, type 1 before 3."""
    res = play(cover_position(), {"ann": {"card": 1}})
    assert res.state["players"]["bob"]["policies"] == ["D1", "D3"]
    assert res.state["players"]["bob"]["cash"] == 110


def test_deckung_gives_up_the_named_policies_first():
    """Deckung (13): "so viele Polizzen zurückgeben, daß Deckung erreicht ist": the player names which go."""
    res = play(cover_position(cover=["D3", "A1"]), {"ann": {"card": 1}})
    assert res.state["players"]["bob"]["policies"] == ["C2", "D1"]
    assert res.state["players"]["bob"]["cash"] == 110
    assert "Bob returns D3, A1 to the bank to restore cover." in res.report["events"]


def test_deckung_skips_named_policies_not_held_and_makes_up_the_rest_by_lowest_premium():
    """Deckung (13): a named policy no longer held is skipped; a short list is made up lowest premium first."""
    res = play(cover_position(cover=["B2", "D1"]), {"ann": {"card": 1}})
    assert res.state["players"]["bob"]["policies"] == ["C2", "D3"]  # D1 as named, then A1 (lowest premium)


def test_deckung_one_copy_per_entry():
    """Deckung (13): each entry names one copy; two copies of a type are named twice."""
    st = arrange(new_game(), token=12, hands=HANDS, cash={"bob": 100},
                 policies={"bob": ["A1", "C2", "C2", "D1"]})
    st["private"]["bob"]["standing"] = {"cover": ["C2", "C2"]}
    res = play(st, {"ann": {"card": 1}})  # 80 GE after the fine: two policies stay
    assert res.state["players"]["bob"]["policies"] == ["A1", "D1"]


def test_deckung_standing_order_given_with_the_move_applies_to_the_mover():
    """Deckung (13): the mover who lands on field 13 may name his own policies in the same orders."""
    st = arrange(new_game(), token=12, hands=HANDS, cash={"ann": 90}, policies={"ann": ["A1", "B1", "D2"]})
    res = play(st, {"ann": {"card": 1, "standing": {"cover": ["D2"]}}})
    assert res.state["players"]["ann"]["policies"] == ["B1"]  # 70 GE after the fine: D2 as named, then A1
    assert res.state["private"]["ann"]["standing"] == {"cover": ["D2"]}


def test_deckung_standing_order_is_kept_private_and_cancelled_by_null():
    """Standing orders (play by mail) are private, kept until replaced; `cover: null` restores the default."""
    st = arrange(new_game(), token=0, hands=HANDS)
    st = play(st, {"ann": {"card": 1, "standing": {"C": {"before_row": "keep"}, "cover": ["A1"]}}}).state
    assert st["private"]["ann"]["standing"] == {"C": {"before_row": "keep"}, "cover": ["A1"]}
    assert "cover" not in str(RULESET.public_view(st))
    st = arrange(st, token=1, hands=HANDS)
    st = play(st, {"ann": {"card": 1, "standing": {"cover": None}}}).state
    assert st["private"]["ann"]["standing"] == {"C": {"before_row": "keep"}}


def test_deckung_order_in_the_schema_receipt_and_sheet():
    """The order sheet shows the Deckung order, the schema accepts it and the receipt repeats it."""
    st = arrange(new_game(), token=12, hands=HANDS)
    schema = RULESET.order_schema(st, "ann")
    jsonschema.validate({"card": 1, "standing": {"cover": ["D1", "C2"]}}, schema)
    jsonschema.validate({"card": 1, "standing": {"cover": None}}, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"card": 1, "standing": {"cover": ["E1"]}}, schema)
    lines = RULESET.describe(st, "ann", {"card": 1, "standing": {"cover": ["D1", "C2"]}})
    assert "Standing order for Deckung: give up D1, C2 first, then the lowest premiums." in lines
    assert "#   cover: [A1, B2]" in RULESET.template(st, "ann")
