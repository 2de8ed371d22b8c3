"""Calamity's state as its rules read it (issue 31: typed state per ruleset).

The engine hands every ruleset a ``dict[str, Any]`` (it stores and replays any game's state as plain YAML); the
ruleset object (``__init__.py``) casts it once to :class:`State` at that boundary, and ``setup`` builds one. The
types describe what ``setup`` writes and ``adjudicate`` keeps up. ``private`` and ``secret`` are absent from the
public view the newsletter is drawn from, hence not required; the risk field in play (``risk``) is ``None``
between risks and read in many steps of one, so it stays loosely typed here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict

from ...kit.ruleset import OrdersOf, StateOf


class Holding(TypedDict):
    """A player's public holdings: cash in GE and the policies held (sorted codes, one per copy: ``"C2"``)."""

    cash: int
    policies: list[str]
    insolvencies: NotRequired[int]


class PhaseState(TypedDict):
    """What the game waits for: a card moved (``move``), a risk's reactions or answers, the year's end, or over."""

    kind: str
    awaited: list[str]
    winners: NotRequired[list[str]]


class Private(TypedDict):
    """A player's hidden part: its hand of cards and its standing orders per category."""

    hand: list[int]
    standing: dict[str, Any]


class State(TypedDict):
    game: str
    options: dict[str, str]
    seats: list[str]
    names: dict[str, str]
    years: int
    year: int
    token: int
    order: list[str]
    next: int
    hands: dict[str, int]
    played: list[dict[str, Any]]
    players: dict[str, Holding]
    risk: Any
    phase: PhaseState
    adjudications: int
    private: NotRequired[dict[str, Private]]
    secret: NotRequired[dict[str, Any]]
    pace: NotRequired[int]


typed = StateOf[State]()  # the engine's plain state as these types, and back (``StateOf`` says why a cast)

# A player's orders, field by field as ``orders.schema`` describes them (the schema checks them before the rules
# read them). Several keys are Python words ("from", "pass", "return", "with"): those types are written in
# TypedDict's call form.


class PassOffer(TypedDict):
    """A pass-on offer of a policy to a co-player against a fee (a reaction's, a rule's at the step named)."""

    policy: str
    to: str
    fee: int
    if_refused: NotRequired[str]
    step: NotRequired[int]


Rule = TypedDict("Rule", {"before_row": str, "after_row": int, "accept_fee": int, "pass": list[PassOffer]},
                 total=False)  # a risk category's rule: a standing order's value, a reaction's ``rule`` (pace 2)
Taken = TypedDict("Taken", {"policy": str, "from": str})  # a co-player's policy taken (Übernahme, Henley)
Accepted = TypedDict("Accepted", {"policy": str, "from": str, "fee": int})  # an offer to the player accepted
Swap = TypedDict("Swap", {"give": str, "take": str, "with": str})  # Monopol: one swap with a co-player
# standing orders: a rule per risk category (A-D), and "cover", "year_end" (lists of policies); null cancels one
Standing = Mapping[str, "Rule | list[str] | None"]
Orders = TypedDict("Orders", {
    "standing": Standing,
    "sell": list[str], "card": int, "buy": list[str], "tax": str, "takeover": list[Taken], "ascot": str,
    "henley": Taken, "monopoly": list[Swap],  # a move (the card's fields)
    "return": list[str], "pass": list[PassOffer], "accept": list[Accepted],  # a reaction, an answer, the year end
    "rule": Rule,  # pace 2: a reaction or an answer as the category's rule
}, total=False)
orders_of = OrdersOf[Orders]()  # the engine's orders as that type (``OrdersOf``)


def pace(st: State) -> int:
    """The version of the postal pacing a game plays (house rule "pacing by mail"): 1 for games set up before
    issue 32 (a state without the key), 2 since: the year's last card is played at once and a reaction given as
    a ``rule`` stands for the category's later calamities. The orders' forms and the adjudication both ask."""
    return int(st.get("pace", 1))


__all__ = ["Holding", "PhaseState", "Private", "State", "pace", "typed"]
