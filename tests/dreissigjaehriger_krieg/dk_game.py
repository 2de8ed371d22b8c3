"""Helpers for 30JK scenarios: an 11-player game, positions set by hand, orders given by power."""

from __future__ import annotations

import copy
from typing import Any

from adjudicator.dice import Dice
from adjudicator.model import Player
from adjudicator.rulesets.diplomacy import RULESET

POWERS = ["bayern", "braunschweig", "daenemark", "frankreich", "oesterreich", "pfalz", "rheinbistuemer", "sachsen",
          "schweden", "spanien", "niederlande"]
PLAYERS = [Player(p[:4], p.capitalize(), p[:4], 1000 + i, p) for i, p in enumerate(POWERS)]
KEY = {p.role: p.key for p in PLAYERS}


def new_game(**options: Any) -> dict[str, Any]:
    return RULESET.setup({"map": "dreissigjaehriger-krieg", **options}, PLAYERS, Dice(b"dk-setup"))


def funded_game(**options: Any) -> dict[str, Any]:
    """A game with the house option start_points=allotment: every power has its allotment of religion points in
    Spring 1618 already (by the text, the default, the first points come at the end of Fall 1618)."""
    return new_game(start_points="allotment", **options)


def position(state: dict[str, Any], units: dict[str, list[str]], **extra: Any) -> dict[str, Any]:
    """The state with only these units (neutral owners included), everything else as it was."""
    s = copy.deepcopy(state)
    s["units"] = {p: list(units.get(p, [])) for p in POWERS}
    for key, us in units.items():
        if key not in POWERS:
            s["units"][key] = list(us)
    s.update(extra)
    return s


def play(state: dict[str, Any], orders: dict[str, list[str]] | None = None, seed: bytes = b"dk"):
    """Adjudicate with orders by power; every awaited player without orders sends none."""
    orders = orders or {}
    by_key = {k: [] for k in RULESET.phase(state).awaited}
    for power, lines in orders.items():
        by_key[KEY[power]] = list(lines)
    return RULESET.adjudicate(state, by_key, Dice(seed))


def points(state: dict[str, Any], power: str) -> int:
    return int(state["private"][KEY[power]]["religion_points"])


def set_points(state: dict[str, Any], power: str, value: int) -> None:
    state["private"][KEY[power]]["religion_points"] = value


def result(report: dict[str, Any], order: str) -> dict[str, Any]:
    return next(r for r in report["results"] if r["order"] == order)
