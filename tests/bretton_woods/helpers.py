"""Shared helpers of the Bretton Woods tests: fixed draws and small countries."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from adjudicator.model import Player
from adjudicator.rulesets.bretton_woods import evaluation as ev
from adjudicator.rulesets.bretton_woods import orders as od
from adjudicator.rulesets.bretton_woods.tables import SHIPPED


class Fixed:
    """Draws fixed by the test; records what was asked (stock and number of units)."""

    def __init__(self, decay: dict[str, int] | None = None, successes: dict[str, int] | None = None,
                 factor: int = 25) -> None:
        self._decay = decay or {}
        self._successes = successes or {}
        self._factor = factor
        self.asked: list[tuple[str, str, int]] = []
        self.chances: dict[str, Fraction] = {}

    def decay(self, key: str, stock: str, n: int) -> int:
        self.asked.append(("decay", stock, n))
        return self._decay.get(stock, 0)

    def successes(self, key: str, stock: str, n: int, p: Fraction) -> int:
        self.asked.append(("successes", stock, n))
        self.chances[stock] = p
        return self._successes.get(stock, n if p == 1 else 0)

    def agrarfaktor(self, key: str) -> int:
        return self._factor


def land(kind: str = "agrar", orders: dict[str, Any] | None = None, **stocks: int) -> ev.Land:
    """A country with the given stocks (others 0) and orders in normal form."""
    country = {s: 0 for s in ev.STOCKS} | {"type": kind, "e_imported": 0} | stocks
    return ev.Land.start(SHIPPED, "x", country, od.normalize(SHIPPED, orders or {}))


PLAYERS = [
    Player("anna", "Atlantis", "anna", 1, "agrar"),
    Player("bert", "Borduria", "bert", 2, "Energie"),
    Player("cleo", "Carpania", "cleo", 3, "rohstoff"),
]
