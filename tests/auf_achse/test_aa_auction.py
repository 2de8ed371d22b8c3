"""Phase 1 (Transport-Aufträge ersteigern) and round 0."""

from adjudicator.model import is_plain

from .helpers import R, at_round, new_game, play


def offered(s, rnd=None):
    rnd = s["round"] if rnd is None else rnd
    return [o["id"] for o in s["orders"] if o["status"] == "announced" and o["offered"] == rnd]


def test_phase1_highest_bid_wins_and_pays_its_bid():
    """Phase 1: "Der Spediteur mit dem höchsten Gebot erwirbt den Transport-Auftrag für den gebotenen Betrag"."""
    s = new_game()
    res = play(s, {"p0": {"bids": [{"order": 1, "kj": 900}]}, "p1": {"bids": [{"order": 1, "kj": 1200}]}})
    o = res.state["orders"][0]
    assert (o["status"], o["holder"], o["price"]) == ("won", "p1", 1200)
    assert res.state["hauliers"]["p1"]["cash"] == 8800 and res.state["hauliers"]["p0"]["cash"] == 10000
    assert res.report["auction"][0]["result"] == "awarded"
    assert s["orders"][0]["status"] == "announced"  # input untouched
    assert is_plain(res.report)


def test_phase1_a_bid_of_zero_is_a_bid():
    """Phase 1: "einen festen nichtnegativen Betrag": 0 kj is a bid and wins if alone."""
    res = play(new_game(), {"p0": {"bids": [{"order": 2, "kj": 0}]}})
    assert res.state["orders"][1]["holder"] == "p0" and res.state["hauliers"]["p0"]["cash"] == 10000


def test_phase1_equal_highest_bids_reoffer_the_order_next_round():
    """Phase 1: equal highest bids: not awarded, offered again next round in addition."""
    s = new_game()
    res = play(s, {"p0": {"bids": [{"order": 3, "kj": 500}]}, "p1": {"bids": [{"order": 3, "kj": 500}]},
                   "p2": {"bids": [{"order": 3, "kj": 100}]}})
    entry = res.report["auction"][2]
    assert entry["result"] == "reoffered" and entry["tied"] == ["p0", "p1"]
    s1 = res.state
    assert 3 in offered(s1) and 3 in res.report["announced"]
    assert len(offered(s1)) == 6 + 1  # the table's 6 for round 1 plus the re-offer
    assert s1["orders"][2]["reoffered"] == 1
    res2 = play(s1, {"p2": {"bids": [{"order": 3, "kj": 50}]}})
    assert res2.state["orders"][2]["holder"] == "p2"
    assert "erneut angeboten" in R.newsletter(s1, res.report, [])


def test_phase1_no_bid_lets_the_order_lapse():
    """Phase 1: "Wird für einen Transport-Auftrag kein Gebot abgegeben, so verfällt er"."""
    res = play(new_game(), {})
    assert all(o["status"] == "lapsed" for o in res.state["orders"] if o["offered"] == 0)
    assert {a["result"] for a in res.report["auction"]} == {"lapsed"}
    assert "verfallen" in R.newsletter(res.state, res.report, [])


def test_phase1_tie_in_round_10_lapses():
    """Phase 1 (house rule): no auction after round 10, so a tie in round 10 lapses."""
    s = at_round(new_game(), 10)
    oid = offered(s)[0]
    res = play(s, {"p0": {"bids": [{"order": oid, "kj": 5}]}, "p1": {"bids": [{"order": oid, "kj": 5}]}})
    assert res.state["orders"][oid - 1]["status"] == "lapsed"


def test_phase1_bids_beyond_the_debt_limit_are_void():
    """Schulden (house rule): a bid the account cannot carry (below -5.000 kj) is void; the next bid wins."""
    s = new_game()
    res = play(s, {"p0": {"bids": [{"order": 1, "kj": 15001}]}, "p1": {"bids": [{"order": 1, "kj": 20}]}})
    assert res.state["orders"][0]["holder"] == "p1"
    assert "ungedeckt" in res.report["auction"][0]["void"]["p0"]
    res = play(s, {"p0": {"bids": [{"order": 1, "kj": 15000}]}})
    assert res.state["hauliers"]["p0"]["cash"] == -5000 - 500  # 10% interest at the end of round 0
    assert res.state["hauliers"]["p0"]["bankrupt"]


def test_optional_conditions_refer_to_earlier_orders_of_the_auction():
    """Optionale Befehle: conditions on bids may refer to earlier events only (unless_won / only_if_won)."""
    s = new_game()
    res = play(s, {"p0": {"bids": [{"order": 1, "kj": 10}, {"order": 2, "kj": 10, "unless_won": [1]},
                                   {"order": 3, "kj": 10, "only_if_won": [1]}]}})
    assert [res.state["orders"][i]["holder"] for i in range(3)] == ["p0", None, "p0"]
    problems = R.check(s, "p0", {"bids": [{"order": 2, "kj": 1, "unless_won": [5]}]})
    assert problems and problems[0].path == ("bids", 0, "unless_won", 0)


def test_round_0_is_the_auction_only():
    """Spielverlauf: "In Runde 0 ist außer der Versteigerung keine andere Aktion möglich"."""
    s = new_game()
    orders = {"p0": {"bids": [{"order": 1, "kj": 10}], "trucks": [{"route": ["HH", "HH-HB.1"]}],
                     "site": {"field": "K-F.2", "kj": 5}, "trailer": {"type": "small"}}}
    warnings = R.check(s, "p0", orders["p0"])
    assert {p.path[0] for p in warnings} == {"trucks", "site", "trailer"}
    assert all(p.severity == "warning" for p in warnings)
    res = play(s, orders)
    h = res.state["hauliers"]["p0"]
    assert h["trucks"][0]["position"] == "HH" and h["trucks"][0]["trailers"] == []
    assert res.report["phases"] == ["auction"] and res.state["site"] is None
    assert h["cash"] == 10000 - 10


def test_sonderregel_b_bundesbahn_bids_2w20_percent_of_the_value():
    """Sonderregel B: the Bundesbahn bids 2W20% of the order value against every order."""
    s = new_game(bundesbahn=True)
    bids = {"p0": {"bids": [{"order": i, "kj": 1} for i in range(1, 11)]}}
    res = play(s, bids)
    for a in res.report["auction"]:
        bb = a["bundesbahn"]
        assert 2 <= bb["percent"] <= 40
        assert bb["kj"] == s["orders"][a["order"] - 1]["value"] * bb["percent"] // 100
        assert a["result"] == "railway"  # 1 kj never beats 2% of the value
    assert all(o["status"] == "railway" for o in res.state["orders"][:10])
    rich = play(s, {"p0": {"bids": [{"order": 1, "kj": s["orders"][0]["value"]}]}})
    assert rich.state["orders"][0]["holder"] == "p0"
    assert "Bundesbahn" in R.newsletter(res.state, res.report, [])
    plain = play(new_game(), bids)
    assert "bundesbahn" not in plain.report["auction"][0]


def test_sonderregel_b_house_rule_an_order_without_a_bid_lapses_also_with_the_railway():
    """Sonderregel B "für jeden Transport-Auftrag" vs Spielverlauf "kein Gebot: verfällt" (house rule, rules page
    'Auction details'): the railway bids only against a haulier's bid; an order nobody bid on lapses."""
    s = new_game(bundesbahn=True)
    res = play(s, {"p0": {"bids": [{"order": 1, "kj": 10}]}})
    by_id = {e["order"]: e for e in res.report["auction"]}
    assert "bundesbahn" in by_id[1]
    assert by_id[2]["result"] == "lapsed" and "bundesbahn" not in by_id[2]
