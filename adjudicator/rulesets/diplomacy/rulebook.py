"""Rulebook hooks: what a variant adds to the standard game, chosen by the map's ``rulebook:`` key.

The standard game uses :class:`Rulebook`, whose hooks change nothing. A variant subclasses it (see
``variants/``) for rules that are more than data: extra entries in the orders file (religious actions),
things that happen before the moves are resolved, units no player owns, accounts kept at the end of a year.
Every hook is pure: it gets the map, the state before the phase and the new state it may change. What a variant
shows its readers is not here but in its ``Look`` (``look.py``): its words and its own sections.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import import_module
from types import ModuleType
from typing import Any

from ...dice import Dice
from ...kit.ruleset import Spending
from ...kit.secrecy import Secrecy
from ...model import Player, Problem
from .core import Read
from .resolver import Dislodged, Unit
from .state import State
from .tables import Map

# map ``rulebook:`` value -> the variant's module (relative to this package) holding ``RULEBOOK`` and
# ``PRESENTATION``: the one place the base names a variant; no module of the base imports one (issue 31)
VARIANTS = {"dreissigjaehriger-krieg": ".variants.dreissigjaehriger_krieg"}

Numbered = list[tuple[int, object]]
"""Entries of an orders file as (their index in the file, the entry as written). An entry is not read yet: a line
or a structured order where the schema holds (``notation.Line``), anything YAML can say where ``check`` runs beside
the schema (the orders page, a file read benevolently); ``notation.read_order`` narrows it or refuses it."""


class Rulebook:
    """The standard game: every hook leaves things as they are."""

    # extra ``--option`` names: name -> (default, description)
    options: dict[str, tuple[str, str]] = {}
    # what the game's rules hide (``secrecy.py``): the standard game hides nothing but the orders of the phase
    secrecy = Secrecy(simultaneous=("movement", "retreats", "adjustments"))

    def setup(self, m: Map, state: State, options: Mapping[str, str], players: Sequence[Player], dice: Dice) -> None:
        """Add the variant's parts to a new game's ``state``."""

    def split(self, m: Map, entries: Sequence[object]) -> tuple[Numbered, Numbered]:
        """Orders-file entries as (index, entry): those the engine reads, and the variant's own."""
        return list(enumerate(entries)), []

    def entry_properties(self, m: Map) -> dict[str, Any]:
        """JSON-schema properties the variant adds to a structured order entry (name -> schema)."""
        return {}

    def check_extra(self, m: Map, state: State, power: str, player: str,
                    extras: Numbered) -> list[Problem]:
        return []

    def spending(self, m: Map) -> Spending | None:
        """The budget the variant's own lines spend in order (``kit.ruleset.Spending``), None where they spend
        none."""
        return None

    def before_movement(self, m: Map, state: State, new: State, units: list[Unit], reads: list[Read],
                        extras: dict[str, Numbered], report: dict[str, Any]
                        ) -> tuple[list[Unit], list[Read]]:
        """Change units and orders before the moves are resolved; returns both."""
        return units, reads

    def after_phase(self, m: Map, state: State, new: State, report: dict[str, Any]) -> None:
        """After a phase is resolved, before the calendar moves on."""

    def retreat_reads(self, m: Map, state: State, dislodged: list[Dislodged], reads: list[Read]) -> list[Read]:
        """Retreat orders the rules give for units no player orders."""
        return []

    def position(self, m: Map, state: State, data: Mapping[str, Any], units: Mapping[str, list[str]]) -> None:
        """Write the variant's parts of a position file (``turnpress diplomacy resolve``) over ``state``, a game
        just set up; ``units`` are the position's units by owner. Raises ``position.PositionError``."""

    def end_of_fall(self, m: Map, new: State, report: dict[str, Any], changes: list[dict[str, Any]]) -> None:
        """After supply centres changed owner at the end of the year's last season."""


STANDARD = Rulebook()


def variant(m: Map) -> ModuleType | None:
    """The module of the map's variant (its ``RULEBOOK`` and ``PRESENTATION``), None for the standard game."""
    name = m.data.get("rulebook")
    return import_module(VARIANTS[str(name)], __package__) if name else None


def rulebook_for(m: Map) -> Rulebook:
    module = variant(m)
    return STANDARD if module is None else module.RULEBOOK
