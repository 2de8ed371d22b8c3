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


# A haulier's orders of a round, field by field as ``orders.order_schema`` describes them (the schema checks them
# before the rules read them; ``default_orders`` writes the same shape). Optional orders (Sonderregel E) make an
# order conditional on this round's auction: ``unless_won``, ``only_if_won`` (numbers of orders).


class Plan(TypedDict, total=False):
    """What a truck does in a round: the orders it loads (Phase 2), the fields it drives (Phase 3), and the
    haulier's own sums of its route points and fare (checked)."""

    load: list[int]
    route: list[str]
    points: int
    fare: int


class TruckOrders(Plan, total=False):
    """A truck's plan, and the plan it keeps (``otherwise``) when its conditions fail."""

    unless_won: list[int]
    only_if_won: list[int]
    otherwise: Plan


class Bid(TypedDict):
    """A sealed bid for an offered order (Phase 1)."""

    order: int
    kj: int
    unless_won: NotRequired[list[int]]
    only_if_won: NotRequired[list[int]]


class SiteBid(TypedDict):
    """A bid for the next round's construction site (Phase 5): a road field and the kj offered."""

    field: str
    kj: int
    unless_won: NotRequired[list[int]]
    only_if_won: NotRequired[list[int]]


class TrailerOrder(TypedDict):
    """A trailer bought or hired this round (Phase 6), hung on a truck (Sonderregel C)."""

    type: str
    truck: NotRequired[int]
    unless_won: NotRequired[list[int]]
    only_if_won: NotRequired[list[int]]


class ReturnedTrailer(TypedDict):
    """A hired trailer given back (Sonderregel D b)."""

    type: str
    truck: NotRequired[int]


class Orders(TypedDict, total=False):
    """A haulier's orders of a round (``orders.order_schema``)."""

    betriebsferien: bool
    bids: list[Bid] | None
    trucks: list[TruckOrders]
    site: SiteBid
    trailer: TrailerOrder
    return_trailers: list[ReturnedTrailer]


Conditional = Bid | SiteBid | TrailerOrder | TruckOrders  # an order that may name conditions (Sonderregel E)
orders_of = OrdersOf[Orders]()  # the engine's orders as that type (``OrdersOf``)

__all__ = ["Bid", "Conditional", "Haulier", "Orders", "Plan", "ReturnedTrailer", "Secret", "SiteBid", "State",
           "TrailerOrder", "TruckOrders", "typed", "Truck"]
