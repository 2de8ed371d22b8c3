"""A stock's listing: where it started, what changed it, where it ended (the text's "Auflistung").

>>> from adjudicator.rulesets.bretton_woods.tables import SHIPPED
>>> format_listing(SHIPPED, "B", {"start": 100, "terms": {"Ang": 0, "Alt": -12, "Neu": 10, "Imm": -3}, "end": 95})
'Bevölkerung B = 95 (100: Ang=0, Alt=-12, Neu=10, Imm=-3)'
"""

from __future__ import annotations

from typing import Any

from .tables import Tables


class Tally:
    """The running listing of one stock during the evaluation: its start value and each term's sum."""

    __slots__ = ("stock", "start", "terms")

    def __init__(self, tables: Tables, stock: str, start: int) -> None:
        self.stock = stock
        self.start = start
        self.terms = dict.fromkeys(tables.terms(stock), 0)

    def add(self, term: str, delta: int) -> None:
        self.terms[term] += delta

    def total(self) -> int:
        return self.start + sum(self.terms.values())

    def as_data(self) -> dict[str, Any]:
        """Plain data for state and report: ``{"start", "terms": {name: value, ...}, "end"}`` (terms in print order)."""
        return {"start": self.start, "terms": dict(self.terms), "end": self.total()}


def format_listing(tables: Tables, stock: str, listing: dict[str, Any]) -> str:
    """The text's listing line of ``stock``, e.g. ``Rohstoffminen R = 7 (8: Ang=0, Alt=-2, Neu=1)``."""
    terms = ", ".join(f"{name}={value}" for name, value in dict(listing["terms"]).items())
    return f"{tables.stock_names()[stock]} {stock} = {listing['end']} ({listing['start']}: {terms})"
