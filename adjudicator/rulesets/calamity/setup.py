"""Calamity's options, and the state at turn 0."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...dice import Dice
from ...kit.ruleset import RulesetError
from ...model import Player
from . import adjudicate
from .ledger import Log
from .state import State
from .tables import Tables

OPTIONS = {"market": ("purchase", "quiet")}
# House rule "years": the text plays two years (tables.events["years"]); a game master may choose 1 to 5.
YEARS = range(1, 6)


def setup(tables: Tables, options: Mapping[str, Any], players: Sequence[Player], dice: Dice) -> State:
    """Die Regeln and (0)-(1): 300 GE each, the token on field 0 = 52, the first player by lot, cards dealt."""
    if not 2 <= len(players) <= 6:
        raise RulesetError(f"Calamity is for 2 to 6 players, not {len(players)}")
    if len({p.key for p in players}) != len(players):
        raise RulesetError("two players have the same key")
    chosen = {"market": "purchase"}
    years = tables.events["years"]
    for key, value in options.items():
        if key == "years":
            if isinstance(value, bool) or not isinstance(value, int) or value not in YEARS:
                raise RulesetError(f"option years must be a whole number from {YEARS[0]} to {YEARS[-1]}, "
                                   f"not {value!r}")
            years = value
            continue
        if key not in OPTIONS:
            known = ", ".join(sorted([*OPTIONS, "years"]))
            raise RulesetError(f"unknown option {key!r}; Calamity knows: {known}")
        if value not in OPTIONS[key]:
            raise RulesetError(f"option {key} must be one of {', '.join(OPTIONS[key])}, not {value!r}")
        chosen[key] = value
    seats = [p.key for p in players]
    st: State = {
        "game": "calamity",
        "options": chosen,
        "seats": seats,
        "names": {p.key: p.name for p in players},
        "years": years,
        "year": 1,
        "token": 0,
        "order": [],
        "next": 0,
        "hands": {},
        "played": [],
        "players": {p: {"cash": tables.events["start_cash"], "policies": []} for p in seats},
        "risk": None,
        "phase": {"kind": "move", "awaited": []},
        "adjudications": 0,
        "private": {p: {"hand": [], "standing": {}} for p in seats},
        "secret": {},
        "pace": 2,  # issue 32: the last card at once, a reaction given as a rule stands (state.pace)
    }
    adjudicate.deal(tables, st, dice, Log())
    return st
