"""Diplomacy, driven by map data: the standard map and its DATC-tested adjudicator.

``RULESET`` is what the league loads (entry point ``turnpress.rulesets``: ``diplomacy``). Players are seated
with their power as role (``--player NAME:LOGIN:ID:england``); ``--option map=standard`` picks the map.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...dice import Dice
from ...kit import benevolent
from ...kit.ruleset import HiddenStateViews
from ...kit.secrecy import Secrecy
from ...model import Orders, Phase, Player, Problem, State, TurnResult
from . import adjudicate, choices, newsletter
from .mapdata import available_maps, load_map
from .orders import OrderError, structured_to_text
from .rulebook import Rulebook, rulebook_for

SECRECY = Rulebook.secrecy


class Diplomacy(HiddenStateViews):
    """The ruleset object; every method is pure (no files but the package's own map data)."""

    name = "diplomacy"
    title = "Diplomacy"

    def secrecy(self, options: Mapping[str, Any]) -> Secrecy:
        """Orders are simultaneous; a variant may hide more (its rulebook's ``secrecy``: on the map of the Thirty
        Years' War the religion accounts and the religious actions)."""
        name = str(options.get("map", "standard"))
        return rulebook_for(load_map(name)).secrecy if name in available_maps() else SECRECY

    def data_files(self, options: Mapping[str, Any]) -> list[str]:
        return adjudicate.data_files(options)

    def title_for(self, options: Mapping[str, Any]) -> str:
        """The heading of a new game without ``--title``: a variant is named by its map (issue 32: a 30JK game
        was headed "Diplomacy")."""
        name = str(options.get("map", "standard"))
        return self.title if name == "standard" or name not in available_maps() else load_map(name).title

    def setup(self, options: Mapping[str, Any], players: Sequence[Player], dice: Dice) -> State:
        return adjudicate.setup(options, players, dice)

    def phase(self, state: State) -> Phase:
        return adjudicate.phase(state)

    def phase_kinds(self) -> tuple[str, ...]:
        """Movement, retreats and adjustments (the rulebook's seasons): retreats and adjustments are short."""
        return ("movement", "retreat", "adjustment")

    def order_schema(self, state: State, player: str) -> dict[str, Any]:
        return newsletter.order_schema(state)

    def check(self, state: State, player: str, orders: Orders) -> list[Problem]:
        return adjudicate.check(state, player, orders)

    def default_orders(self, state: State, player: str, previous: Orders | None) -> Orders:
        return adjudicate.default_orders(state, player, previous)

    def drop(self, state: State, orders: Orders, problem: Problem) -> Orders | None:
        """A faulty order is dropped: its unit holds (a retreating one disbands, a build is not made)."""
        return benevolent.drop_entry(orders, problem.path)

    def adjudicate(self, state: State, orders: Mapping[str, Orders], dice: Dice) -> TurnResult:
        return adjudicate.adjudicate(state, orders)

    def unseat(self, state: State, player: str) -> State:
        """A player taken out of the game leaves their power in civil disorder: no one orders it, its units
        hold, a dislodged one disbands, builds are waived, removals follow the civil-disorder rule, and it has no
        vote in a draw (as an unseated power at the start)."""
        return adjudicate.unseat(state, player)

    def template(self, state: State, player: str) -> str:
        return newsletter.template(state, player)

    def choices(self, state: State, player: str) -> dict[str, Any]:
        return choices.choices(state, player)

    def entry_text(self, state: State, entry: Mapping[str, Any]) -> str | None:
        """The line a structured entry stands for, as ``check`` reads it (``orders.structured_to_text``), or
        ``None`` where it stands for none: the orders page's table of mappings is made of its answers."""
        m = adjudicate._m(state)
        if adjudicate._book(state).split(m, [dict(entry)])[1]:
            return None  # the rulebook's own entry (30JK's religious actions): no line
        try:
            return structured_to_text(dict(entry), m)
        except OrderError:
            return None

    def describe(self, state: State, player: str, orders: Orders) -> list[str]:
        return adjudicate.describe(state, player, orders)

    def newsletter(self, state: State, report: dict[str, Any], players: list[Player]) -> str:
        return newsletter.newsletter(state, report, players)

    def standings(self, state: State) -> list[dict[str, Any]]:
        return adjudicate.standings(state)

    def result(self, state: State) -> dict[str, Any] | None:
        return adjudicate.result(state)

    def headline(self, state: State, report: Mapping[str, Any], players: Sequence[Player]) -> str:
        return adjudicate.headline(state, report)

    def colours(self, state: State) -> dict[str, str]:
        return adjudicate.colours(state)

    def map(self, state: State) -> str:
        return newsletter.board(state)

    def history(self, states: list[State]) -> dict[str, dict[str, list[int]]]:
        return adjudicate.history(states)


RULESET = Diplomacy()
