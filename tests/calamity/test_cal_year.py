"""(4) the year end on field 52, the second year and the winner; the hidden hands in every output."""

import random

from hypothesis import given, settings
from hypothesis import strategies as hs

from adjudicator.dice import Dice
from adjudicator.model import is_plain
from adjudicator.rulesets.calamity import RULESET

from .cal_helpers import PLAYERS, arrange, new_game, play

LAST = {"ann": [1], "bob": [], "cy": [], "dee": []}


def test_year_end_premiums_doubled_salary_and_free_returns():
    """(4)a premiums, double for all four policies of one type; (4)b 20 GE salary; (4)c free returns."""
    st = arrange(new_game(), token=51, hands=LAST,
                 policies={"bob": ["A1", "D2"], "cy": ["C3"] * 4})
    res = play(st, {"ann": {"card": 1}})
    st = res.state
    assert {p: st["players"][p]["cash"] for p in st["seats"]} == {"ann": 320, "bob": 300 + 36 + 20,
                                                                  "cy": 300 + 128 + 20, "dee": 320}
    [entry] = res.report["year_end"]
    assert entry["statement"][2] == {"player": "cy", "premium": 128, "doubled": ["C3"], "salary": 20,
                                     "cash": 448}
    assert st["phase"] == {"kind": "year_end", "awaited": ["bob", "cy"]}
    res = play(st, {"bob": {"return": ["D2"]}, "cy": {}}, seed=b"year2")
    st = res.state
    assert st["players"]["bob"]["policies"] == ["A1"] and st["players"]["bob"]["cash"] == 356
    assert st["year"] == 2 and st["token"] == 0 and st["played"] == []
    assert sorted(c for p in st["seats"] for c in st["private"][p]["hand"]) == sorted(
        [1] * 10 + [2] * 6 + [3] * 4 + [4] * 2 + [5] * 2)
    assert st["phase"]["kind"] == "move"


def test_winner_after_the_second_year():
    """Die Regeln: who owns the most GE after the second year wins."""
    st = arrange(new_game(), token=51, hands=LAST, cash={"dee": 600}, policies={"bob": ["D1"] * 4})
    st["year"] = 2
    res = play(st, {"ann": {"card": 1}})
    assert res.state["phase"] == {"kind": "over", "awaited": [], "winners": ["dee"]}
    assert RULESET.phase(res.state).finished
    assert "**Dee** with 620 GE" in RULESET.newsletter(res.state, res.report, PLAYERS[:4])
    assert [r["player"] for r in RULESET.standings(res.state)][:2] == ["dee", "bob"]  # Bob: 300 + 256 + 20


def random_orders(st, p, rnd):
    """Orders a careless but valid player might send in the open phase."""
    kind = st["phase"]["kind"]
    mine = st["players"][p]["policies"]
    others = [q for q in st["seats"] if q != p]
    if kind == "move":
        o = {"card": rnd.choice(st["private"][p]["hand"]), "sell": rnd.sample(mine, rnd.randint(0, len(mine)))}
        o["buy"] = [f"{rnd.choice('ABCD')}{rnd.randint(1, 3)}" for _ in range(rnd.randint(0, 3))]
        o["tax"] = rnd.choice(others)
        o["ascot"] = rnd.choice(others)
        return {k: v for k, v in o.items() if k == "card" or rnd.random() < 0.6}
    if kind == "reaction":
        cat = st["risk"]["category"]
        at_risk = [c for c in mine if c[0] == cat]
        o = {"return": rnd.sample(at_risk, rnd.randint(0, len(at_risk)))}
        left = [c for c in at_risk if c not in o["return"]]
        if left and rnd.random() < 0.5:
            o["pass"] = [{"policy": left[0], "to": rnd.choice(others), "fee": rnd.randint(0, 20)}]
        if rnd.random() < 0.2:
            o["standing"] = {cat: {"after_row": rnd.randint(1, 6), "accept_fee": rnd.randint(0, 30)}}
        return o
    if kind == "answer":
        offers = [x for x in st["risk"]["offers"] if x["to"] == p and x["answer"] is None]
        return {"accept": [{"policy": x["policy"], "from": x["from"], "fee": x["fee"]} for x in offers
                           if rnd.random() < 0.5]}
    return {"return": [c for c in mine if rnd.random() < 0.3]}


def play_game(n, seed):
    rnd = random.Random(seed)
    st = RULESET.setup({}, PLAYERS[:n], Dice(b"g%d" % seed))
    steps = 0
    while not RULESET.phase(st).finished:
        steps += 1
        orders = {p: random_orders(st, p, rnd) for p in st["phase"]["awaited"]}
        for p, o in orders.items():
            assert not [x for x in RULESET.check(st, p, o) if x.severity == "error"], (p, o)
        before = RULESET.public_view(st)
        res = RULESET.adjudicate(st, orders, Dice(b"%d-%d" % (seed, steps)))
        assert RULESET.public_view(st) == before, "adjudicate must not change its input"
        st = res.state
        yield st, res
        assert steps < 1000


@settings(max_examples=15, deadline=None)
@given(hs.integers(2, 6), hs.integers(0, 10_000))
def test_random_games_run_to_the_end_within_the_rules(n, seed):
    """Any game ends after two years; cash never goes negative (no debt, section (3)); never more than four
    copies of a type; the token ends each year on 52; every output is plain data."""
    years_closed = 0
    for st, res in play_game(n, seed):
        assert all(st["players"][p]["cash"] >= 0 for p in st["seats"])
        for code in {c for p in st["seats"] for c in st["players"][p]["policies"]}:
            assert sum(st["players"][p]["policies"].count(code) for p in st["seats"]) <= 4
        assert is_plain(st) and is_plain(res.report)
        years_closed += len(res.report.get("year_end", []))
        hand_total = sum(len(st["private"][p]["hand"]) for p in st["seats"])
        assert st["token"] == sum(pl["card"] for pl in st["played"])
        assert hand_total == sum(st["hands"].values())
    assert years_closed == 2 and st["phase"]["kind"] == "over"


def hand_texts(st):
    """The hands as the newsletter would print them, for a search."""
    return [", ".join(map(str, st["private"][p]["hand"])) for p in st["seats"] if len(st["private"][p]["hand"]) > 3]


def test_hands_never_leak_into_public_view_report_or_newsletter():
    """(1): cards are hidden. The engine publishes public_view, the report without 'private', and newsletter()."""
    for st, res in play_game(4, 7):
        public_report = {k: v for k, v in res.report.items() if k != "private"}
        text = RULESET.newsletter(st, public_report, PLAYERS[:4]) + str(public_report) + str(RULESET.public_view(st))
        assert "hand" not in str(RULESET.public_view(st)).replace("'hands'", "")
        assert "movement cards are" not in text and "Cards left in your hand" not in text
        for p in st["seats"]:
            for line in res.report["private"].get(p, []):
                assert line not in text
        for hand in hand_texts(st):
            assert hand not in str(public_report)
        full_newsletter = RULESET.newsletter(st, res.report, PLAYERS[:4])
        assert "movement cards are" not in full_newsletter, "newsletter() must never print report['private']"


def test_a_standing_order_for_the_year_end_answers_for_the_holder():
    """(4)c by mail (pacing): the free returns given in advance as the standing order ``year_end``; when every
    holder has one, no year-end phase opens and the next year is dealt at once."""
    st = arrange(new_game(), token=51, hands=LAST, policies={"bob": ["A1", "D2"], "cy": ["C3"]})
    st["private"]["bob"]["standing"] = {"year_end": ["D2"]}
    res = play(st, {"ann": {"card": 1}, "cy": {"standing": {"year_end": []}}})
    st = res.state
    assert st["year"] == 2 and st["phase"]["kind"] == "move"
    assert st["players"]["bob"]["policies"] == ["A1"] and st["players"]["cy"]["policies"] == ["C3"]
    assert "Bob returns D2 to the bank free of charge." in res.report["events"]
    st = arrange(new_game(), token=51, hands=LAST, policies={"bob": ["A1"], "cy": ["C3"]})
    st["private"]["bob"]["standing"] = {"year_end": []}
    assert play(st, {"ann": {"card": 1}}).state["phase"] == {"kind": "year_end", "awaited": ["cy"]}


def test_a_move_without_any_choice_is_played_at_once():
    """House rule "no phase without a choice": Bob holds one card and no policy, and every field a card still
    in play could reach (45-49) asks nothing of him, so his move is played in Ann's phase; Cy holds a policy
    (she may sell it) and is asked."""
    st = arrange(new_game(), token=43, hands={"ann": [1, 1], "bob": [2], "cy": [1], "dee": [1]},
                 policies={"cy": ["A1"], "dee": ["B1"]})
    res = play(st, {"ann": {"card": 1}})
    st = res.state
    assert [(x["player"], x["card"]) for x in st["played"]] == [("ann", 1), ("bob", 2)]
    assert st["token"] == 46 and st["phase"] == {"kind": "move", "awaited": ["cy"]}
    assert any("played at once" in e for e in res.report["events"])
    assert st["players"]["ann"]["cash"] == 260 and st["players"]["bob"]["cash"] == 260  # Mißmanagement


def test_a_move_is_asked_for_when_a_possible_card_reaches_a_choice():
    """Judged on public figures only: Bob's one card is a 1 (field 23, Risiko A: nothing to choose), but it might
    be a 2 (field 24, Übernahme), so he is asked; skipping his phase would tell everyone that it is no 2."""
    st = arrange(new_game(), token=21, hands={"ann": [1, 1], "bob": [1], "cy": [1], "dee": [1]},
                 policies={"cy": ["A1"], "dee": ["B1"]})
    st = play(st, {"ann": {"card": 1}}).state  # field 22, Ankauf: Ann buys nothing
    assert st["phase"] == {"kind": "move", "awaited": ["bob"]}


def test_the_issue_tallies_the_movement_cards_played():
    """Issues show which movement cards (Table 2) have been played this year and how many are still in hands."""
    st = arrange(new_game(), token=10, hands={"ann": [3, 1], "bob": [2], "cy": [1], "dee": [1]})
    st["played"] = [{"player": "dee", "card": 5, "field": 5}, {"player": "cy", "card": 5, "field": 10}]
    res = play(st, {"ann": {"card": 3, "buy": []}})
    text = RULESET.newsletter(res.state, {k: v for k, v in res.report.items() if k != "private"}, PLAYERS[:4])
    assert "| Played | 0 | 0 | 1 | 0 | 2 | 13 |" in text
    assert "| Still in hands | 10 | 6 | 3 | 2 | 0 | 39 |" in text
    assert "- Ann: played 3; 1 card(s) left." in text and "- Cy: played 5; " in text
