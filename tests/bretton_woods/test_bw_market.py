"""4.1 Handel: the world market, with the text's example table."""

from adjudicator.dice import Dice
from adjudicator.rulesets.bretton_woods import adjudicate, market
from adjudicator.rulesets.bretton_woods import orders as od
from adjudicator.rulesets.bretton_woods.tables import SHIPPED

from .helpers import land

SELLS = [20, 21, 23, 25, 25, 27, 28]
BUYS = [26, 25, 22, 22, 20, 18]


def test_4_1_text_example_gives_the_published_lines():
    """4.1: the offers marked * trade; published: Verkauf 20 - 25, Kauf 20 - 26, Umsatz 5, Überschuß 1."""
    r = market.clear([market.Offer(f"s{i}", p, 1) for i, p in enumerate(SELLS)],
                     [market.Offer(f"b{i}", p, 1) for i, p in enumerate(BUYS)])
    assert market.summary_lines(r) == ["Verkauf: 20 - 25 Kauf: 20 - 26 Umsatz: 5", "Überschuß: 1"]
    assert [(t.sell_price, t.buy_price) for t in r.trades] == [(20, 26), (21, 25), (23, 22), (25, 22), (25, 20)]
    running, surplus = [], 0
    for t in r.trades:
        surplus += t.buy_price - t.sell_price
        running.append(surplus)
    assert running == [6, 10, 9, 6, 1], "the Abwicklung column of the text"


def test_4_1_example_through_the_game_with_countries():
    """4.1: the same table as offers of thirteen countries; gold paid exceeds gold received by the surplus."""
    lands = {}
    for i, p in enumerate(SELLS):
        lands[f"s{i}"] = land(orders={"market": {"w": {"offer": "sell", "count": 1, "price": p}}}, w=1)
    for i, p in enumerate(BUYS):
        lands[f"b{i}"] = land(orders={"market": {"w": {"offer": "buy", "count": 1, "price": p}}}, g=100)
    out = adjudicate.world_market(SHIPPED, lands, Dice(b"market"))["w"]
    assert (out["verkauf"], out["kauf"], out["umsatz"], out["ueberschuss"]) == ([20, 25], [20, 26], 5, 1)
    assert sum(x.gold_han for x in lands.values()) == -1
    assert sum(x.flows["w"].han_in - x.flows["w"].han_out for x in lands.values()) == 0


def test_4_1_offers_of_many_units_trade_in_part():
    """4.1: an offer of several units is several units in the queue; trading stops before a deficit."""
    r = market.clear([market.Offer("s", 10, 5), market.Offer("t", 30, 5)], [market.Offer("b", 20, 8)])
    # 5 x (20-10) = 50 surplus, then each unit of t costs 10 of it: 5 more units fit (surplus 0).
    assert (r.umsatz, r.ueberschuss, r.verkauf, r.kauf) == (8, 20, (10, 30), (20, 20))


def test_4_1_ties_are_broken_by_lot():
    """4.1: "In Pattsituationen wird unter gleichen Aufträgen gelost": the dice decide, both can win."""
    winners = set()
    for seed in range(20):
        lands = {k: land(orders={"market": {"a": {"offer": "sell", "count": 1, "price": 10}}}, a=1) for k in "pq"}
        lands["b"] = land(orders={"market": {"a": {"offer": "buy", "count": 1, "price": 10}}}, g=10)
        adjudicate.world_market(SHIPPED, lands, Dice(bytes([seed])))
        winners |= {k for k in "pq" if lands[k].flows["a"].han_out}
    assert winners == {"p", "q"}


def test_4_1_one_offer_per_good_sell_or_buy():
    """4.1: per good either a sell (V) or a buy (K) offer; the schema allows exactly one entry per good."""
    schema = od.schema(SHIPPED)
    offer = schema["properties"]["market"]["properties"]["a"]
    assert offer["properties"]["offer"]["enum"] == ["sell", "buy"]
    assert set(schema["properties"]["market"]["properties"]) == {"a", "e", "r", "k", "w"}
