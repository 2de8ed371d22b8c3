"""How a game ended, in one place (issue 29): a win, a draw and who shares it, a concession, an end by the game
master. The issue, the game page, the home page, the standings and the feeds all word it from ``Result``
(``newsletter.results.phrase``), so a draw is never announced as a win on one page and as a draw on another.

A ruleset says how its own games end with its ``result`` hook (``HasResult``); a game the game master ended, or
that its players conceded, carries the ruling's result in its state under ``RULED`` (written by the closing turn
that the ruling makes, see ``turncore.compute``), and that result stands over whatever the rules would say::

    >>> from adjudicator.model import Phase
    >>> class Rules:
    ...     def phase(self, state): return Phase("Spring 1901", ("ann", "bo"))
    >>> phase(Rules(), {"units": {}}).finished
    False
    >>> ended = {"units": {}, RULED: {"kind": "draw", "seats": ["ann", "bo"], "by": "gm"}}
    >>> phase(Rules(), ended).finished, phase(Rules(), ended).awaited
    (True, ())
    >>> of(Rules(), ended)
    Result(kind='draw', seats=('ann', 'bo'), conceded_by=(), by='gm')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..model import Phase, State
from .ruleset import HasResult

RULED = "ruled_end"  # the state's record of a game ended by a ruling (end or concession): the engine's, not the rules'
KINDS = ("win", "draw", "over")


@dataclass(frozen=True)
class Result:
    """How a finished game ended.

    ``kind``: ``win`` (``seats`` won; several share the win where the rules say so), ``draw`` (``seats`` share
    it), ``over`` (the rules name no winner, as Bretton Woods). ``conceded_by``: the seats that conceded the game
    to the winner. ``by``: the game master whose ruling ended the game (empty: the rules ended it)."""

    kind: str
    seats: tuple[str, ...] = ()
    conceded_by: tuple[str, ...] = ()
    by: str = ""

    def record(self) -> dict[str, Any]:
        """The result as a state keeps it (``RULED``): plain data, keys in a stable order."""
        out: dict[str, Any] = {"kind": self.kind, "seats": list(self.seats)}
        if self.conceded_by:
            out["conceded_by"] = list(self.conceded_by)
        if self.by:
            out["by"] = self.by
        return out

    @classmethod
    def from_record(cls, data: Mapping[str, Any]) -> Result:
        kind = str(data.get("kind", "over"))
        return cls(kind if kind in KINDS else "over", tuple(str(s) for s in data.get("seats") or ()),
                   tuple(str(s) for s in data.get("conceded_by") or ()), str(data.get("by") or ""))


def ruled(state: Mapping[str, Any]) -> Result | None:
    """The result a game master's ruling gave the game, if one ended it."""
    found = state.get(RULED)
    return Result.from_record(found) if isinstance(found, Mapping) else None


def phase(rules: Any, state: State) -> Phase:
    """The ruleset's phase of ``state``, over once a ruling ended the game: the engine asks this, never the
    ruleset alone, so that an end or a concession stops every deadline, template and pull request alike."""
    found = rules.phase(state)
    if RULED in state and not found.finished:
        return dataclasses.replace(found, awaited=(), open_to=(), finished=True)
    return found


def of(rules: Any, state: State) -> Result | None:
    """How the game of ``state`` ended (None while it runs): the ruling's result if one ended it, else the rules'
    (their ``result`` hook), else that it is over with no winner named."""
    found = ruled(state)
    if found is not None:
        return found
    if not phase(rules, state).finished:
        return None
    said = rules.result(state) if isinstance(rules, HasResult) else None
    if said:
        return Result.from_record(said)
    return Result("over")
