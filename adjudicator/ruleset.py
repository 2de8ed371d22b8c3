"""The ruleset protocol and the registry of installed rulesets.

A ruleset is pure: it reads no files, no clock, no environment and no git, and it never mutates its input.
Given the state, the orders of every player and a dice stream, it returns the new state and a report. The
shell (``store``, ``turn``, ``check``, ``cli``) does everything else. Rulesets register under the entry-point group
``turnpress.rulesets``; the built-in ones are registered the same way in ``pyproject.toml``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from importlib import import_module, util
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .errors import RulesetError as RulesetError  # rulesets raise it from here
from .model import Orders, Phase, Player, Problem, State, TurnResult

if TYPE_CHECKING:
    from .dice import Dice

GROUP = "turnpress.rulesets"


@runtime_checkable
class Ruleset(Protocol):
    """What every rule system provides. Optional hooks are listed in ``OPTIONAL_HOOKS``."""

    name: str
    title: str

    def setup(self, options: Mapping[str, Any], players: Sequence[Player], dice: Dice) -> State:
        """The state at turn 0. Raises ``RulesetError`` for options or players the game cannot start with."""

    def phase(self, state: State) -> Phase:
        """The phase that is open in ``state``."""

    def order_schema(self, state: State, player: str) -> dict[str, Any]:
        """JSON Schema (Draft 2020-12) of the ``orders`` value of ``player``'s orders file."""

    def check(self, state: State, player: str, orders: Orders) -> list[Problem]:
        """What a schema cannot say: budgets, adjacency, names. Warnings for what will be cut."""

    def default_orders(self, state: State, player: str, previous: Orders | None) -> Orders:
        """The game's NMR policy: what a player without orders does. ``previous`` is their last orders."""

    def adjudicate(self, state: State, orders: Mapping[str, Orders], dice: Dice) -> TurnResult:
        """Run the open phase. ``orders`` has an entry for every awaited player (defaults filled in)."""

    def public_view(self, state: State) -> State:
        """What everybody may see of ``state``; this is what ``state.yaml`` holds."""

    def private_view(self, state: State, player: str) -> State:
        """What ``player`` alone may see."""


# Hooks a ruleset may define; the shell falls back to a sensible default where one is missing.
OPTIONAL_HOOKS = {
    "join": "join(state, player: Player, dice) -> State: admit a player to a running game",
    "template": "template(state, player) -> str: a commented orders sheet, pre-filled (YAML text)",
    "describe": "describe(state, player, orders) -> list[str]: the orders as understood, one line each",
    "newsletter": "newsletter(state, report, players) -> str: the issue body in the game's own format",
    "setup_newsletter": "setup_newsletter(state, players) -> str: the body of an issue for the set-up (turn 0)",
    "standings": "standings(state) -> list[dict]: rows of the current standings table",
    "history": "history(states) -> dict[str, dict[str, list[int]]]: chart series per metric and player",
    "map": "map(state) -> str: the board as inline SVG, for the game's map page",
    "command": "command(argv) -> int: the ruleset's own commands, as `turnpress <ruleset> ...`",
}


def _entry_points() -> dict[str, Any]:
    from importlib.metadata import entry_points  # costs a scan of every installed distribution: only when needed

    return {ep.name: ep for ep in entry_points(group=GROUP)}


def available() -> list[str]:
    """Names of every installed ruleset, sorted."""
    return sorted(_entry_points())


BUILTIN = "adjudicator.rulesets"


@cache
def load(name: str) -> Ruleset:
    """The ruleset registered as ``name``. Raises ``KeyError`` with the known names if there is none.

    A built-in ruleset (registered in this distribution's entry points like any other) is found by its module
    name first, so that a command's start does not scan every installed distribution.
    """
    module = f"{BUILTIN}.{name.replace('-', '_')}"
    if name.replace("-", "").isalnum() and util.find_spec(module) is not None:
        found = getattr(import_module(module), "RULESET", None)
        if found is not None and getattr(found, "name", None) == name:
            return found
    eps = _entry_points()
    if name not in eps:
        raise KeyError(f"unknown ruleset {name!r}; installed: {', '.join(sorted(eps)) or 'none'}")
    try:
        return eps[name].load()
    except ImportError as e:
        raise KeyError(f"ruleset {name!r} is registered but cannot be loaded: {e}") from e


def register(ruleset: Ruleset) -> None:
    """Make ``ruleset`` loadable by name without an entry point (tests, notebooks)."""
    load.cache_clear()
    _extra[ruleset.name] = ruleset


_extra: dict[str, Ruleset] = {}


def get(name: str) -> Ruleset:
    """Like ``load``, but also finds rulesets registered with ``register``."""
    if name in _extra:
        return _extra[name]
    return load(name)
