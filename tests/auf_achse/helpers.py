"""Shared helpers for the Auf Achse tests: a small game with known start cities and hand-placed orders."""

from __future__ import annotations

from typing import Any

from adjudicator.dice import Dice
from adjudicator.model import Player
from adjudicator.rulesets.auf_achse import RULESET

R = RULESET


def players(*cities: str | None) -> list[Player]:
    return [Player(f"p{i}", f"Spediteur{i}", f"p{i}", 100 + i, c) for i, c in enumerate(cities)]


def new_game(*cities: str | None, **options: Any) -> dict[str, Any]:
    """A game of len(cities) hauliers (p0, p1, ...) standing in the given cities, at round 0."""
    cities = cities or ("HH", "HB", "K", "M", "B")
    return R.setup(options, players(*cities), Dice(b"test-setup"))


def at_round(state: dict[str, Any], rnd: int) -> dict[str, Any]:
    """The same game moved to round ``rnd`` without playing (orders of earlier rounds lapse)."""
    for o in state["orders"]:
        if o["status"] == "announced" and o["offered"] < rnd:
            o["status"] = "lapsed"
    state["round"] = rnd
    return state


def give(state: dict[str, Any], key: str, oid: int, *, loaded: int | None = None) -> dict[str, Any]:
    """Hand order ``oid`` to ``key`` as if won (and loaded on truck ``loaded`` if given)."""
    o = state["orders"][oid - 1]
    o.update(status="won", holder=key, price=0)
    if loaded:
        o.update(status="loaded", truck=loaded)
        state["hauliers"][key]["trucks"][loaded - 1]["load"].append(oid)
    return o


def set_order(state: dict[str, Any], oid: int, **fields: Any) -> dict[str, Any]:
    o = state["orders"][oid - 1]
    o.update(fields)
    return o


def play(state: dict[str, Any], orders: dict[str, Any] | None = None, seed: bytes = b"t") -> Any:
    """Adjudicate one round; players without orders rest (Betriebsferien)."""
    orders = dict(orders or {})
    for k in R.phase(state).awaited:
        orders.setdefault(k, R.default_orders(state, k, None))
    return R.adjudicate(state, orders, Dice(seed))


def errors(problems: list[Any]) -> list[Any]:
    return [p for p in problems if p.severity == "error"]
