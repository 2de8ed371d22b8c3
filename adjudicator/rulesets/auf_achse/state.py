"""Auf Achse's state as its rules read it (issue 31: typed state per ruleset).

The engine hands every ruleset a ``dict[str, Any]`` (it stores and replays any game's state as plain YAML); the
ruleset object (``__init__.py``) casts it once to :class:`State` at that boundary, and ``setup`` builds one. The
types describe what ``setup`` writes and ``adjudicate`` keeps up: the hauliers with their trucks and the orders
of the schedule. The options stay a record read by name (``setup.read_options`` checks them); the construction
site (``site``) is ``None`` or the current one. ``secret`` (the order deck) is absent from the public view.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from ...kit.ruleset import OrdersOf, StateOf


class Truck(TypedDict):
    """A truck: where it stands, its trailers (``small``/``large``) and the ids of the orders it carries."""

    position: str
    trailers: list[str]
    load: list[int]


class Haulier(TypedDict):
    name: str
    cash: int
    bankrupt: bool
    trucks: list[Truck]
    delivered: list[int]
    earned: int
    spent: dict[str, int]
    bankrupt_round: NotRequired[int]


class Secret(TypedDict):
    """The order deck: indexes of the board's order cards still to be drawn."""

    deck: list[int]


class State(TypedDict):
    ruleset: str
    round: int
    finished: bool
    options: dict[str, Any]
    site: Any
    seats: list[str]
    hauliers: dict[str, Haulier]
    orders: list[dict[str, Any]]  # an order of the schedule: goods, from, to, count, value, status, holder, ...
    secret: NotRequired[Secret]


typed = StateOf[State]()  # the engine's plain state as these types, and back (``StateOf`` says why a cast)
Orders = dict[str, Any]  # a haulier's orders: the mapping ``orders.order_schema`` describes
orders_of = OrdersOf[Orders]()  # the engine's orders as that type (``OrdersOf``)

__all__ = ["Haulier", "Secret", "State", "typed", "Truck"]
