"""A Diplomacy game's state as its rules read it (issue 31: typed state per ruleset).

The engine hands every ruleset a ``dict[str, Any]`` (it stores and replays any game's state as plain YAML); the
ruleset's objects (``rules.py``, ``presentation.py``) cast it once to :class:`State` at that boundary
(``typed``), and ``setup.setup`` builds one. The types describe what ``setup`` writes and a phase keeps up:
the position (units and supply centres per owner, the dislodged units), the calendar, the seats and the result.
A map's variant adds its own keys, declared here as optional so that the base's rules and the variant's read one
type (30JK: the confessions, the neutral owners, each player's religion points under ``private``); the base
imports no variant.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from ...kit.ruleset import StateOf


class Rules(TypedDict):
    """The options a game was set up with, as the rules read them."""

    convoy_intent: str  # 2023, explicit or 1971
    civil_disorder: str  # owned or home
    fleets_by_sea: NotRequired[bool]  # games set up since the home rule's DATC 6.J.5-6.J.6 reading
    labels: NotRequired[str]  # the phase labels' language, where not English
    confessions: NotRequired[str]  # 30JK: historical, random or chosen (section 13)
    start_points: NotRequired[str]  # 30JK: 0 or allotment
    acting_powers: NotRequired[str]  # 30JK: "hidden" in games whose reports name the religious actions only


class Result(TypedDict):
    """How the game ended: a victory (its winner, the powers that conceded) or a draw (its powers)."""

    kind: str
    winner: NotRequired[str]
    powers: NotRequired[list[str]]
    conceded_by: NotRequired[list[str]]


Neutral = TypedDict("Neutral", {"name": str, "confession": str, "from": NotRequired[str]})
"""30JK: an owner that is no power: its name and confession, and the power it turned from (section 10)."""


class State(TypedDict):
    map: str
    rules: Rules
    year: int
    step: int  # the phase's place in the map's calendar
    season: str
    kind: str  # movement, retreat or adjustment
    seats: dict[str, str]  # player -> power
    units: dict[str, list[str]]  # owner -> "A Par", ...
    supply_centres: dict[str, list[str]]  # owner -> provinces
    dislodged: list[dict[str, Any]]
    contested: list[str]
    draw_proposals: list[str]
    result: Result | None
    unchanged_adjustments: NotRequired[int]  # maps whose draw counts years without a change of centres
    votes: NotRequired[dict[str, list[str]]]  # maps whose votes stand: power -> [kind] or [kind, to]
    confessions: NotRequired[dict[str, dict[str, Any]]]  # 30JK: power -> its confession (and its change)
    neutrals: NotRequired[dict[str, Neutral]]  # 30JK
    private: NotRequired[dict[str, dict[str, Any]]]  # 30JK: player -> religion points
    centres_freed: NotRequired[list[dict[str, str]]]  # 30JK: within a phase, centres a dissolved owner left


typed = StateOf[State]()  # the engine's plain state as these types, and back (``StateOf`` says why a cast)

__all__ = ["Neutral", "Result", "Rules", "State", "typed"]
