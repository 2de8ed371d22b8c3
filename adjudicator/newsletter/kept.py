"""Issue pages kept by content, so that a site build renders only the issues whose inputs changed (issue 33: "a past
turn's pages and drawings are computed once").

``newsletter.render`` is pure: an issue page follows from its ``IssueInput`` (the game as of the turn: its title,
language, seats, schedules, the game master's note, the chain head, the public states before it), the turn's
state and report, the rules' code and the data the game pinned. ``render`` keeps the page in the drawing cache
(``drawcache.keep``, the same folder, the same code identity) under the digest of all of them, so the build after
a deadline renders the new turn's issue and takes every past one as it was (the demo: 150 issues rendered at each
build, a quarter of a warm build). A value the key cannot name exactly (anything but plain data, dates, ranges
and frozen records of them) means the page is rendered, as before: a page is never taken for another.

The states (the public ones before the turn, and the turn's own state and report) are named by their digests, each
encoded once per build (``Digests``): the issue of turn *n* charts *n* states, and encoding them all again for each
issue would cost what it saves.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from .. import newsletter
from ..kit import drawcache
from ..kit.gamedata import GameData
from ..kit.ruleset import HandedData, Ruleset
from ..model import State, TurnReport
from . import IssueInput, issue_path


class Digests:
    """The digest of each state (or report), computed once per object (the site build hands every issue of a
    game the same state objects); the states are held, so an object's id is never reused while this lives."""

    def __init__(self) -> None:
        self._seen: dict[int, tuple[Any, str]] = {}

    def of(self, state: State | TurnReport) -> str:
        held = self._seen.get(id(state))
        if held is None:
            held = (state, drawcache.fingerprint(state))
            self._seen[id(state)] = held
        return held[1]


def render(facts: IssueInput, state: State, report: TurnReport, digests: Digests | None = None) -> tuple[str, str]:
    """``newsletter.render(facts, state, report)``, kept by content where a drawing cache is in use."""
    digests = digests or Digests()
    data = facts.rules.data if isinstance(facts.rules, HandedData) and isinstance(facts.rules.data, GameData) else None
    try:
        inputs = (_facts(facts, digests), digests.of(state), digests.of(report))
    except TypeError:  # a value the key cannot name: rendered, not kept
        return newsletter.render(facts, state, report)
    # keyed by this function's name and the package's code (``drawcache.code_version``: every file of it)
    text = drawcache.keep("issue page", render, inputs, lambda: newsletter.render(facts, state, report)[1],
                          suffix=".md", data=data)
    return issue_path(facts.game, facts.turn), text  # the page's address follows from the game and turn alone


def _facts(facts: IssueInput, digests: Digests) -> dict[str, Any]:
    """``facts`` as plain data: the rules by their name, class and code (their pinned data is ``keep``'s
    ``data``), the states before the turn by their digests, every other field by its value."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(facts):
        value = getattr(facts, f.name)
        if f.name == "rules":
            out[f.name] = _rules(value)
        elif f.name == "publics":
            out[f.name] = tuple(digests.of(p) for p in value)
        else:
            out[f.name] = plain(value)
    return out


def _rules(rules: Ruleset) -> tuple[str, str, str, str]:
    kind = type(rules)
    return (str(rules.name), kind.__module__, kind.__qualname__, drawcache.code_version(kind.__module__))


def plain(value: Any) -> Any:
    """``value`` as the plain data ``drawcache`` keys by, its type told apart; ``TypeError`` if it holds anything
    else (a function, an object whose state is not its fields)."""
    if value is None or isinstance(value, bool | int | str | Fraction):
        return value
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return f"{type(value).__name__}:{value.isoformat()}:{value.tzinfo if hasattr(value, 'tzinfo') else ''}"
    if isinstance(value, dt.timedelta):
        return f"timedelta:{value.days}:{value.seconds}:{value.microseconds}"
    if isinstance(value, range):
        return ("range", value.start, value.stop, value.step)
    if isinstance(value, list | tuple):
        return type(value)(plain(v) for v in value)
    if isinstance(value, Mapping):
        return {plain(k): plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type) and value.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        kind = type(value)
        if set(getattr(value, "__dict__", ())) - {f.name for f in dataclasses.fields(value)}:
            raise TypeError(f"a {kind.__name__} holds more than its fields")
        return (f"{kind.__module__}.{kind.__qualname__}",
                {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)})
    raise TypeError(f"cannot key an issue page by a {type(value).__name__}")
