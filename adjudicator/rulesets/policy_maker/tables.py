"""The board, the cards and the counts of the box, read once from the YAML files in ``data/``.

The rule text leaves the sectors, the timeline, the public initiatives and the policy goals open; the
project designs them as data (house rules H1-H6) so that a game master can replace the files. ``setup``
copies everything into the state, so a running game never changes when the files do.
"""

from __future__ import annotations

import copy
import re
from functools import cache
from typing import Any

from ... import yamlio
from ...kit import gamedata
from ...kit.ruleset import RulesetError
from .state import Board

ACTIONS = ("audit", "tax", "holiday", "grant")
JOKER = "joker"
_ID = re.compile(r"^[a-z][a-z0-9-]*$")
_INITIATIVE_TESTS = ("fields", "sectors", "total", "any_field")
_GOAL_TESTS = ("every_investy", "sector_total", "every_sector", "initiatives", "no_danger_zone")


FILES = ("sectors.yaml", "timeline.yaml", "initiatives.yaml", "goals.yaml", "table.yaml")


def data_files() -> list[str]:
    """The data files the rules read, as paths in this package (what a game pins)."""
    return [f"data/{name}" for name in FILES]


def _board(data: gamedata.GameData) -> Board:
    """The board of the game played: its pinned files, else the packaged ones (``data``)."""
    return _board_of(tuple(data.read(__package__, f"data/{name}") for name in FILES))


@cache
def _board_of(contents: tuple[bytes, ...]) -> Board:  # one board per content (the key)
    read = dict(zip(FILES, (yamlio.load_trusted(c) for c in contents), strict=True))
    timeline = read["timeline.yaml"]
    board: Board = {
        "sectors": read["sectors.yaml"]["sectors"],
        "actions": timeline["actions"],
        "timeline": timeline["timeline"],
        "initiatives": read["initiatives.yaml"]["initiatives"],
        "goals": read["goals.yaml"]["goals"],
        "table": read["table.yaml"],
    }
    validate(board)
    return board


def board(data: gamedata.GameData) -> Board:
    """A fresh copy of the board data of the game's files ``data`` (the caller may keep it in a state)."""
    return copy.deepcopy(_board(data))


def validate(board: Board) -> None:
    """Refuse board data a game master got wrong, naming the card or sector."""
    keys = [s["key"] for s in board["sectors"]]
    if len(set(keys)) != len(keys) or JOKER in keys or not all(_ID.match(k) for k in keys):
        raise RulesetError(f"sector keys must be distinct lower-case words other than 'joker': {keys}")
    for s in board["sectors"]:
        if not 1 <= s["danger_from"] <= s["fields"]:
            raise RulesetError(f"sector {s['key']}: danger_from must lie on the track (1..{s['fields']})")
    for a in board["timeline"]:
        if a not in ACTIONS:
            raise RulesetError(f"timeline action {a!r} is none of {', '.join(ACTIONS)}")
    for kind, tests, cards in (("initiative", _INITIATIVE_TESTS, board["initiatives"]),
                               ("goal", _GOAL_TESTS, board["goals"])):
        ids = [c["id"] for c in cards]
        if len(set(ids)) != len(ids):
            raise RulesetError(f"{kind} ids must be distinct")
        for card in cards:
            unknown = sorted(set(card["requires"]) - set(tests))
            if unknown:
                raise RulesetError(f"{kind} {card['id']}: unknown condition {unknown[0]!r}")
            for sector in _sectors_named(card["requires"]):
                if sector not in keys:
                    raise RulesetError(f"{kind} {card['id']}: unknown sector {sector!r}")


def _sectors_named(requires: dict[str, Any]) -> list[str]:
    named = list(requires.get("fields", {}))
    for test in ("every_investy", "sector_total"):
        if test in requires:
            named.append(requires[test]["sector"])
    return named
