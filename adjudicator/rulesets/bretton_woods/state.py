"""Bretton Woods' state as its rules read it (issue 31: typed state per ruleset).

The engine hands every ruleset a ``dict[str, Any]`` (it stores and replays any game's state as plain YAML); the
ruleset object (``__init__.py``) casts it once to :class:`State` at that boundary, and ``setup`` builds one. A
country stays a flat record keyed by its stocks' letters (``ev.STOCKS``: the rules index it by a stock held in
a variable, which a TypedDict does not allow), so it is ``Country``, a ``dict[str, Any]``. ``private`` is absent
from the public view and from games that never had standing orders; ``transfers_seen`` only once a country left.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from ...kit.ruleset import StateOf

Country = dict[str, Any]  # name, type, joined, type_changed, active, then one whole number per stock


class World(TypedDict):
    """The world's figures of the active countries (7.1): population, capital, their quotient, how many."""

    B: int
    k: int
    wlq: str
    countries: int


class Private(TypedDict, total=False):
    """A country's hidden part: its standing orders (played in a year it sends none)."""

    standing_orders: dict[str, Any]


class State(TypedDict):
    turn: int
    options: dict[str, Any]
    countries: dict[str, Country]
    world: World
    private: NotRequired[dict[str, Private]]
    transfers_seen: NotRequired[dict[str, dict[str, int]]]


typed = StateOf[State]()  # the engine's plain state as these types, and back (``StateOf`` says why a cast)

__all__ = ["Country", "Private", "State", "typed", "World"]
