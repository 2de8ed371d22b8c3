"""Table 3 (Ereignisfelder): every event field, and the insolvency rule of section (3)."""

from .cal_helpers import arrange, new_game, play, seed_for

HANDS = {"ann": [1, 2, 3], "bob": [1, 1], "cy": [1, 1], "dee": [1, 1]}


def cash(res):
    return {p: res.state["players"][p]["cash"] for p in res.state["seats"]}


def held(res, p):
    return res.state["players"][p]["policies"]


def test_tax_field_4_ten_ge_from_a_player_of_choice():
    """Steuer (4): the mover receives 10 GE from a player of his choice."""
    st = arrange(new_game(), token=3, hands=HANDS)
    res = play(st, {"ann": {"card": 1, "tax": "cy"}})
    assert cash(res) == {"ann": 310, "bob": 300, "cy": 290, "dee": 300}


def test_tax_default_is_the_richest_co_player():
    st = arrange(new_game(), token=3, hands=HANDS, cash={"dee": 400})
    res = play(st, {"ann": {"card": 1}})
    assert cash(res)["dee"] == 390 and cash(res)["ann"] == 310


def test_cover_field_13_pay_20_and_return_until_covered():
    """Deckung (13): without 40 GE per policy a player pays 20 GE and returns policies until covered."""
    st = arrange(new_game(), token=12, hands=HANDS, cash={"bob": 130, "cy": 120},
                 policies={"bob": ["A1", "C2", "D1", "D3"], "cy": ["B1", "B2", "B3"]})
    res = play(st, {"ann": {"card": 1}})
    # Bob: 130 < 160 -> pays 20 (110 left), returns until 40 * n <= 110: keeps 2 (the highest premiums)
    assert cash(res)["bob"] == 110 and held(res, "bob") == ["D1", "D3"]
    # Cy: 120 >= 3 * 40 is covered and pays nothing
    assert cash(res)["cy"] == 120 and held(res, "cy") == ["B1", "B2", "B3"]


def test_takeover_field_24_three_policies_at_the_price():
    """Übernahme (24): the mover must take three policies of his choice from co-players at the price."""
    st = arrange(new_game(), token=23, hands=HANDS, policies={"bob": ["D1", "D2"], "cy": ["C1", "A1"]})
    orders = {"card": 1, "takeover": [{"policy": "D1", "from": "bob"}, {"policy": "C1", "from": "cy"},
                                      {"policy": "D2", "from": "bob"}]}
    res = play(st, {"ann": orders})
    assert held(res, "ann") == ["C1", "D1", "D2"] and held(res, "bob") == [] and held(res, "cy") == ["A1"]
    assert cash(res) == {"ann": 300 - 8 - 4 - 8, "bob": 316, "cy": 304, "dee": 300}


def test_takeover_is_made_up_with_the_cheapest_and_limited_by_cash():
    """Übernahme: three must be taken "sofern sein Vermögen dies zuläßt"."""
    st = arrange(new_game(), token=23, hands=HANDS, cash={"ann": 9},
                 policies={"bob": ["D1", "D2"], "cy": ["C1", "A1"]})
    res = play(st, {"ann": {"card": 1}})
    assert held(res, "ann") == ["A1", "C1"]  # 1 + 4 GE; a D at 8 GE no longer fits
    assert cash(res)["ann"] == 4


def test_ascot_field_25_both_win_or_lose_the_rolled_sum():
    """Ascot (25): mover and chosen co-player get or lose 1-2: -10, 3-4: +10, 5-6: +20 GE."""
    for roll, delta in ((1, -10), (4, 10), (6, 20)):
        st = arrange(new_game(), token=24, hands=HANDS)
        res = play(st, {"ann": {"card": 1, "ascot": "dee"}}, seed=seed_for(ascot=roll))
        assert cash(res) == {"ann": 300 + delta, "bob": 300, "cy": 300, "dee": 300 + delta}
        assert res.report["dice"][0]["roll"] == roll


def test_henley_field_27_one_policy_free():
    """Henley (27): the mover may take one policy of his choice from a co-player without payment."""
    st = arrange(new_game(), token=26, hands=HANDS, policies={"cy": ["D3", "D3"]})
    res = play(st, {"ann": {"card": 1, "henley": {"policy": "D3", "from": "cy"}}})
    assert held(res, "ann") == ["D3"] and held(res, "cy") == ["D3"] and cash(res)["ann"] == 300


def test_earthquake_field_39_all_categories_no_returns():
    """Erdbeben (39): one cell hits all four categories; no phase for returns or pass-ons."""
    st = arrange(new_game(), token=38, hands=HANDS,
                 policies={"bob": ["A1", "B1", "C1", "D1"], "cy": ["C2", "D2"]})
    res = play(st, {"ann": {"card": 1}}, seed=seed_for(earthquake_row=4, earthquake_column=2))
    # row 4, column 2: A marks 2, B nothing, C marks 2, D marks 1 and 3
    assert cash(res)["bob"] == 300 - 40  # D1
    assert cash(res)["cy"] == 300 - 40  # C2; D2 is not marked there
    assert res.state["phase"] == {"kind": "move", "awaited": ["bob"]}


def test_monopoly_field_44_up_to_two_swaps():
    """Monopol (44): up to two of the mover's policies swapped for the same number of co-players' policies."""
    st = arrange(new_game(), token=43, hands=HANDS,
                 policies={"ann": ["A1", "A2"], "bob": ["D1"], "cy": ["D1", "C3"]})
    swaps = [{"give": "A1", "take": "D1", "with": "bob"}, {"give": "A2", "take": "C3", "with": "cy"}]
    res = play(st, {"ann": {"card": 1, "monopoly": swaps}})
    assert held(res, "ann") == ["C3", "D1"] and held(res, "bob") == ["A1"] and held(res, "cy") == ["A2", "D1"]


def test_winter_bonus_field_45_half_the_annual_premiums():
    """Winterbonus (45): everyone receives half the annual premiums (all four of a type count double)."""
    st = arrange(new_game(), token=44, hands=HANDS,
                 policies={"bob": ["A1", "D2"], "cy": ["B3"] * 4})
    res = play(st, {"ann": {"card": 1}})
    assert cash(res) == {"ann": 300, "bob": 300 + 18, "cy": 300 + 32, "dee": 300}


def test_mismanagement_field_46_fewest_policies_pay_40():
    """Mißmanagement (46): the player(s) with the fewest policies pay 40 GE."""
    st = arrange(new_game(), token=45, hands=HANDS,
                 policies={"ann": ["A1"], "bob": ["A2"], "cy": ["A3", "B1"], "dee": ["B2", "B3"]})
    res = play(st, {"ann": {"card": 1}})
    assert cash(res) == {"ann": 260, "bob": 260, "cy": 300, "dee": 300}


def test_war_field_49_the_die_picks_the_category():
    """Krieg (49): 1-2 A, 3-4 B, 5 C, 6 D; then a risk field of that category with its steps."""
    for roll, cat in ((2, "A"), (3, "B"), (5, "C"), (6, "D")):
        st = arrange(new_game(), token=48, hands=HANDS, policies={"bob": [f"{cat}1"], "cy": ["A3", "B3", "D3"]})
        res = play(st, {"ann": {"card": 1}}, seed=seed_for(war=roll))
        assert res.state["risk"]["category"] == cat and res.state["risk"]["field"] == 49
        awaited = ["bob", "cy"] if cat != "C" else ["bob"]
        assert res.state["phase"] == {"kind": "reaction", "awaited": awaited}


def test_insolvency_sells_all_policies_pays_what_it_can_and_plays_on():
    """(3) last paragraph: who cannot pay sells all policies at the price, pays what is possible, no debt."""
    st = arrange(new_game(), token=45, hands=HANDS, cash={"bob": 10},
                 policies={"ann": ["A1", "A1"], "bob": ["D1"], "cy": ["A3", "B1"], "dee": ["B2", "B3"]})
    res = play(st, {"ann": {"card": 1}})  # Mißmanagement: Bob has the fewest policies (1)
    assert held(res, "bob") == []
    assert cash(res)["bob"] == 0  # 10 + 24 (D at Q4 price) = 34 < 40: all of it paid
    assert any("sells all policies" in line for line in res.report["events"])
    assert res.state["phase"]["kind"] == "move"


def test_insolvent_debtor_pays_the_creditor_only_what_he_has():
    st = arrange(new_game(), token=3, hands=HANDS, cash={"bob": 4})
    res = play(st, {"ann": {"card": 1, "tax": "bob"}})
    assert cash(res)["ann"] == 304 and cash(res)["bob"] == 0
