"""The Policy Maker's state as its rules read it (issue 31: typed state per ruleset).

The engine hands every ruleset a ``dict[str, Any]`` (it stores and replays any game's state as plain YAML); the
ruleset object (``__init__.py``) casts it once to :class:`State` at that boundary, and ``setup`` builds one. The
types describe what ``setup`` writes and ``adjudicate`` keeps up; parts the rules only pass on (the board's cards'
conditions, the table's numbers, the result) stay loosely typed. ``private`` and ``secret`` are absent from the
public view the newsletter is drawn from, hence not required.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from ...kit.ruleset import OrdersOf, StateOf


class Sector(TypedDict):
    """One sector of ``data/sectors.yaml``."""

    key: str
    name: str
    german: str
    fields: int
    danger_from: int
    colour: str


class Action(TypedDict):
    """One action of the timeline (``data/timeline.yaml``)."""

    name: str
    text: str


class Board(TypedDict):
    """The board's data (``tables.board``), kept whole in the state so that a game replays with its own data."""

    sectors: list[Sector]
    actions: dict[str, Action]
    timeline: list[str]
    initiatives: list[dict[str, Any]]
    goals: list[dict[str, Any]]
    table: dict[str, Any]


class Seats(TypedDict):
    government: str
    investys: list[str]
    names: dict[str, str]


class Colour(TypedDict):
    name: str
    hex: str


class Investy(TypedDict):
    """An Investy's public part: its colour, the count of its cards and its fulfilled initiatives."""

    colour: Colour
    cards: int
    initiatives: list[str]


class Initiatives(TypedDict):
    open: list[str]
    deck_size: int
    discarded: int


class Step(TypedDict):
    """A step of the round's queue: whose turn, and what it does (government, investy, wealth_tax)."""

    step: str
    player: str


class Private(TypedDict, total=False):
    """A player's hidden part: the Government's goal, audits, grant cards and preference; an Investy's hand."""

    goal: str
    audits: list[dict[str, Any]]
    grant_cards: list[str]
    initiative_preference: list[str]
    hand: dict[str, int]


class Secret(TypedDict):
    """What nobody sees: the order of both decks and the discard piles."""

    deck: list[str]
    discard: list[str]
    initiative_deck: list[str]
    initiative_discard: list[str]


class State(TypedDict):
    game: str
    options: dict[str, Any]
    board: Board
    seats: Seats
    timeline: list[str]
    timeline_index: int
    round: int
    costs: dict[str, int]
    tracks: dict[str, dict[str, int]]
    investys: dict[str, Investy]
    open_cards: list[str]
    deck_size: int
    discard_size: int
    initiatives: Initiatives
    monopoly_watch: dict[str, Any]
    queue: list[Step]
    log: list[str]
    finished: bool
    result: Any  # None until the game ends; then its reason, winners and scores, read by the newsletter only
    private: NotRequired[dict[str, Private]]
    secret: NotRequired[Secret]
    reshuffles: NotRequired[int]


typed = StateOf[State]()  # the engine's plain state as these types, and back (``StateOf`` says why a cast)


class Payment(TypedDict):
    """An Investy's investment in a sector, or its market manipulation against another (``target``)."""

    sector: str
    steps: int
    jokers: NotRequired[int]
    target: NotRequired[str]


class TaxChange(TypedDict):
    """The Government's change of one sector's cost by one (+1 or -1)."""

    sector: str
    change: int


class Orders(TypedDict, total=False):
    """A player's orders of the open phase, field by field as ``orders.schema`` describes them: an Investy's turn
    (invest, manipulate, initiative, draw), the Government's act (audit, tax, grant), a wealth tax (cards to
    discard per kind), and at any time the initiative preference and a note."""

    invest: Payment
    manipulate: Payment
    initiative: str
    draw: list[str]
    wealth_tax: dict[str, int]
    audit: str
    tax: list[TaxChange]
    grant: dict[str, list[int]]
    initiatives: list[str]
    note: str


orders_of = OrdersOf[Orders]()  # the engine's orders as that type (``OrdersOf``)

__all__ = ["Action", "Board", "Colour", "Initiatives", "Investy", "Orders", "Payment", "Private", "Secret", "Sector",
           "Seats", "State", "Step", "TaxChange", "typed"]
