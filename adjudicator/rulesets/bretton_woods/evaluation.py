"""The evaluation of one year, step by step in the order of section 6 ("Genaue Reihenfolge der Auswertung").

Each step is a small function on a ``Land`` (one country's stocks and running listings) that takes every
random number from a ``Draws`` object. The game draws from the dice; the tests draw fixed numbers and get
the text's worked examples exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from ...dice import Dice
from .arith import round_half_away
from .listing import Tally
from .tables import Tables

STOCKS = ("B", "k", "A", "a", "E", "e", "R", "r", "I", "w", "g")
WAR_STOCKS = ("B", "A", "E", "R", "I")


class Draws(Protocol):
    """Where the evaluation gets its random numbers."""

    def decay(self, key: str, stock: str, n: int) -> int:
        """How many of ``n`` units of ``stock`` are lost this year (Alt)."""

    def successes(self, key: str, stock: str, n: int, p: Fraction) -> int:
        """How many of ``n`` construction attempts of ``stock`` succeed, each with chance ``p``."""

    def agrarfaktor(self, key: str) -> int:
        """This year's Agrarfaktor of the country, in tenths."""


class DiceDraws:
    """The game's draws: one dice fork per country and purpose, so adding a country shifts nothing else."""

    def __init__(self, dice: Dice, tables: Tables) -> None:
        self.dice, self.tables = dice, tables

    def decay(self, key: str, stock: str, n: int) -> int:
        return self.dice.fork(f"decay/{key}/{stock}").binomial(n, self.tables.decay(stock)) if n else 0

    def successes(self, key: str, stock: str, n: int, p: Fraction) -> int:
        if n == 0 or p == 1:
            return n
        return self.dice.fork(f"build/{key}/{stock}").binomial(n, p)

    def agrarfaktor(self, key: str) -> int:
        factors, weights = self.tables.agrarfaktor()
        return self.dice.fork(f"agrarfaktor/{key}").weighted(factors, weights)


@dataclass
class Flow:
    """Units of one good moved by trade (Han) and transfer (Tra), in and out of one country."""

    han_in: int = 0
    han_out: int = 0
    tra_in: int = 0
    tra_out: int = 0


@dataclass
class Land:
    """One country during the evaluation: current stocks, the listings being written, and its orders."""

    key: str
    type: str
    s: dict[str, int]
    e_imported: int = 0
    orders: dict[str, Any] = field(default_factory=dict)
    tally: dict[str, Tally] = field(default_factory=dict)
    flows: dict[str, Flow] = field(default_factory=dict)
    imm: int = 0
    unfed: int = 0
    k_last: int = 0
    factor: int | None = None
    attempts: dict[str, list[int]] = field(default_factory=dict)
    attack_weapons: int = 0
    defence_used: int = 0
    losses: dict[str, int] = field(default_factory=dict)
    gold_han: int = 0

    @classmethod
    def start(cls, tables: Tables, key: str, country: Mapping[str, Any], orders: Mapping[str, Any]) -> Land:
        s = {x: int(country[x]) for x in STOCKS}
        land = cls(key=key, type=country["type"], s=s, e_imported=int(country["e_imported"]), orders=dict(orders))
        land.tally = {x: Tally(tables, x, s[x]) for x in STOCKS}
        land.flows = {g: Flow() for g in tables.transfer_goods()}
        land.k_last = s["k"]
        return land

    def add(self, stock: str, term: str, delta: int) -> None:
        self.s[stock] += delta
        self.tally[stock].add(term, delta)

    # The orders are normalized (``od.normalize``): every production and construction figure is a whole number.
    def prod(self, what: str) -> int:
        n: int = self.orders["production"][what]
        return n

    def built(self, what: str) -> int:
        n: int = self.orders["construction"][what]
        return n

    def uses(self) -> int:
        """Units of e, r and I that production and construction use this year (one each per unit)."""
        p, c = self.orders["production"], self.orders["construction"]
        n: int = p["consumer_goods"] + p["weapons"] + c["E"] + c["R"] + c["I"]
        return n


def _trade(land: Land, stock: str) -> None:
    f = land.flows[stock]
    land.add(stock, "Han", f.han_in - f.han_out)
    land.add(stock, "Tra", f.tra_in - f.tra_out)


def immigration(lands: list[Land]) -> Fraction:
    """Section 2.1: each country's Imm from the world quality of life; returns that Weltlebensqualität.

    House rule for the lost formula: ``Imm = round(LB/10 * (LK/LB - WLQ)) = round((LK - WLQ*LB) / 10)``.
    """
    world_b = sum(x.s["B"] for x in lands)
    world_k = sum(x.s["k"] for x in lands)
    if world_b == 0:
        return Fraction(0)
    for x in lands:
        x.imm = round_half_away(Fraction(x.s["k"] * world_b - world_k * x.s["B"], 10 * world_b))
    return Fraction(world_k, world_b)


def agrarprodukte(land: Land, draws: Draws) -> None:
    """2.4: consumption (hunger lowers Imm), trade/transfer, decay, harvest."""
    eaten = min(land.s["B"], land.s["a"])
    land.unfed = land.s["B"] - eaten
    land.imm -= land.unfed
    land.add("a", "Vbr", -eaten)
    _trade(land, "a")
    land.add("a", "Alt", -draws.decay(land.key, "a", land.s["a"]))
    harvest = land.prod("harvest")
    if harvest:
        land.factor = draws.agrarfaktor(land.key)
        land.add("a", "Neu", round_half_away(Fraction(harvest * land.factor, 10)))


def energie(land: Land) -> None:
    """2.6: consumption, export, the rest is lost, import (kept a year, never re-traded), generation.

    Imported energy counts as used first, since it is the only energy that cannot be sold or given away;
    the cuts made sure exports never exceed the country's own energy.
    """
    land.add("e", "Vbr", -land.uses())
    f = land.flows["e"]
    land.add("e", "Han", -f.han_out)
    land.add("e", "Tra", -f.tra_out)
    land.add("e", "Alt", -land.s["e"])
    land.e_imported = f.han_in + f.tra_in
    land.add("e", "Han", f.han_in)
    land.add("e", "Tra", f.tra_in)
    land.add("e", "Neu", land.prod("energy"))


def rohstoffe(land: Land, draws: Draws) -> None:
    """2.8: consumption, trade/transfer, decay (imports too), mining."""
    land.add("r", "Vbr", -land.uses())
    _trade(land, "r")
    land.add("r", "Alt", -draws.decay(land.key, "r", land.s["r"]))
    land.add("r", "Neu", land.prod("mining"))


def konsumgueter(land: Land, draws: Draws) -> None:
    """2.2: trade/transfer, consumption of 3 in 10 (imports too), production."""
    _trade(land, "k")
    land.add("k", "Alt", -draws.decay(land.key, "k", land.s["k"]))
    land.add("k", "Neu", land.prod("consumer_goods"))


def waffen(land: Land, draws: Draws) -> None:
    """2.10: spent in attack and defence, trade/transfer, manoeuvres, production."""
    land.add("w", "Ang", -land.attack_weapons)
    land.add("w", "Vtd", -land.defence_used)
    _trade(land, "w")
    land.add("w", "Alt", -draws.decay(land.key, "w", land.s["w"]))
    land.add("w", "Neu", land.prod("weapons"))


def veraltung(land: Land, draws: Draws) -> None:
    """Section 6: desertification, ageing, exhaustion and closure of A, E, R, I."""
    for stock in ("A", "E", "R", "I"):
        land.add(stock, "Alt", -draws.decay(land.key, stock, land.s[stock]))


def neuschaffung(tables: Tables, land: Land, draws: Draws) -> None:
    """Section 6: new A, E, R, I; sure for the country's own type, 2 in 10 otherwise (2.3, 2.5, 2.7, 2.9)."""
    for stock in ("A", "E", "R", "I"):
        tried = land.built(stock)
        ok = draws.successes(land.key, stock, tried, tables.success(land.type, stock)) if tried else 0
        if tried:
            land.attempts[stock] = [tried, ok]
        land.add(stock, "Neu", ok)


def gold(land: Land, industry_price: int, mine: int) -> None:
    """2.11 (lost; house rule): trade and transfer, purchase of industries, the gold mine."""
    land.add("g", "Han", land.gold_han)
    f = land.flows["g"]
    land.add("g", "Tra", f.tra_in - f.tra_out)
    bought = land.orders["gold"]["industries"]
    land.add("g", "Ind", -bought * industry_price)
    land.add("I", "Neu", bought)
    land.add("g", "Neu", mine)


def bevoelkerung(land: Land, draws: Draws) -> None:
    """2.1: death, birth (last year's consumer goods), immigration; Imm never takes B below zero."""
    land.add("B", "Alt", -draws.decay(land.key, "B", land.s["B"]))
    land.add("B", "Neu", land.k_last)
    land.add("B", "Imm", max(land.imm, -land.s["B"]))


def war_losses(land: Land, losses: Mapping[str, int], stocks: tuple[str, ...] = WAR_STOCKS) -> None:
    """Section 6, "Krieg": the units destroyed by attacking weapons that got through (Ang)."""
    for stock in stocks:
        n = min(losses.get(stock, 0), land.s[stock])
        if n:
            land.add(stock, "Ang", -n)
            land.losses[stock] = land.losses.get(stock, 0) + n
