"""The world market (4.1): the cheapest sell offers meet the highest buy offers.

Each good is traded unit by unit at the prices offered: the n-th cheapest unit offered for sale goes to the
n-th highest bid. A pair whose bid is above the asking price leaves a surplus (Überschuß) with the market; a
pair whose bid is below it draws on that surplus. Trading stops before the market as a whole would run a
deficit. Because asks rise and bids fall along the queue, no later pair could ever be afforded again.

The text's example, one good per offer:

>>> sells = [Offer(f"s{i}", p, 1) for i, p in enumerate([20, 21, 23, 25, 25, 27, 28])]
>>> buys = [Offer(f"b{i}", p, 1) for i, p in enumerate([26, 25, 22, 22, 20, 18])]
>>> r = clear(sells, buys)
>>> (r.umsatz, r.verkauf, r.kauf, r.ueberschuss)
(5, (20, 25), (20, 26), 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Offer:
    """One country's offer for one good: ``count`` units at ``price`` gold each."""

    key: str
    price: int
    count: int


@dataclass(frozen=True)
class Trade:
    """``count`` units from ``seller`` (paid ``sell_price`` each) to ``buyer`` (paying ``buy_price`` each)."""

    seller: str
    buyer: str
    count: int
    sell_price: int
    buy_price: int


@dataclass
class Result:
    """What is published per good: the price spans, the turnover and the surplus; plus every trade."""

    trades: list[Trade] = field(default_factory=list)
    umsatz: int = 0
    ueberschuss: int = 0
    verkauf: tuple[int, int] | None = None
    kauf: tuple[int, int] | None = None


def _span(span: tuple[int, int] | None, price: int) -> tuple[int, int]:
    return (price, price) if span is None else (min(span[0], price), max(span[1], price))


def clear(sells: list[Offer], buys: list[Offer]) -> Result:
    """Match ``sells`` against ``buys``. Both lists are already in queue order (ties broken by lot before).

    ``sells`` are sorted here by ascending price and ``buys`` by descending price with a stable sort, so the
    order of the given lists decides between equal prices.
    """
    sells = sorted((o for o in sells if o.count > 0), key=lambda o: o.price)
    buys = sorted((o for o in buys if o.count > 0), key=lambda o: -o.price)
    out = Result()
    i = j = 0
    left_s = sells[0].count if sells else 0
    left_b = buys[0].count if buys else 0
    while i < len(sells) and j < len(buys):
        s, b = sells[i], buys[j]
        n = min(left_s, left_b)
        margin = b.price - s.price
        if margin < 0:
            # Only as many units as the surplus can pay for.
            n = min(n, out.ueberschuss // -margin)
        if n > 0:
            out.trades.append(Trade(s.key, b.key, n, s.price, b.price))
            out.umsatz += n
            out.ueberschuss += n * margin
            out.verkauf = _span(out.verkauf, s.price)
            out.kauf = _span(out.kauf, b.price)
        if n < min(left_s, left_b):
            break
        left_s -= n
        left_b -= n
        if left_s == 0:
            i += 1
            left_s = sells[i].count if i < len(sells) else 0
        if left_b == 0:
            j += 1
            left_b = buys[j].count if j < len(buys) else 0
    return out


def summary_lines(result: Result) -> list[str]:
    """The published lines of one good, as in the text: ``Verkauf: 20 - 25 Kauf: 20 - 26 Umsatz: 5``."""
    if result.umsatz == 0:
        return ["Verkauf: - Kauf: - Umsatz: 0"]
    vs, ks = result.verkauf, result.kauf
    assert vs is not None and ks is not None
    return [f"Verkauf: {vs[0]} - {vs[1]} Kauf: {ks[0]} - {ks[1]} Umsatz: {result.umsatz}",
            f"Überschuß: {result.ueberschuss}"]
