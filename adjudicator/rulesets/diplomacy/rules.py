"""Diplomacy's rules as the engine runs them (``kit.ruleset.Rules``): pure, wired to the modules below; a map's
variant brings its own rule hooks (``rulebook.py``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...dice import Dice
from ...kit import benevolent
from ...kit.ruleset import HandedData, HiddenStateViews
from ...kit.secrecy import Secrecy
from ...model import Orders, Phase, Player, Problem, State, TurnResult
from . import adjudicate, setup
from . import orders as orders_file  # its methods take a parameter called orders
from .rulebook import Rulebook, rulebook_for
from .state import typed
from .tables import Map, available_maps, load_map

SECRECY = Rulebook.secrecy


class DiplomacyRules(HandedData, HiddenStateViews):
    """The rules of ``diplomacy``; every method is pure (no files but the game's map data, ``data``: each
    function of the rules is handed the map read from it)."""

    name = "diplomacy"
    title = "Diplomacy"

    def secrecy(self, options: Mapping[str, Any]) -> Secrecy:
        """Orders are simultaneous; a variant may hide more (its rulebook's ``secrecy``: on the map of the Thirty
        Years' War the religion accounts and the religious actions)."""
        name = str(options.get("map", "standard"))
        return rulebook_for(load_map(name, self.data)).secrecy if name in available_maps() else SECRECY

    def _map(self, state: State) -> Map:
        return adjudicate.map_of(self.data, typed(state))

    def data_files(self, options: Mapping[str, Any]) -> list[str]:
        return setup.data_files(options, self.data)

    def setup(self, options: Mapping[str, Any], players: Sequence[Player], dice: Dice) -> State:
        return typed.plain(setup.setup(options, players, dice, self.data))

    def phase(self, state: State) -> Phase:
        return adjudicate.phase(self._map(state), typed(state))

    def phase_kinds(self) -> tuple[str, ...]:
        """Movement, retreats and adjustments (the rulebook's seasons): retreats and adjustments are short."""
        return ("movement", "retreat", "adjustment")

    def order_schema(self, state: State, player: str) -> dict[str, Any]:
        return orders_file.order_schema(self._map(state), typed(state))

    def check(self, state: State, player: str, orders: Orders) -> list[Problem]:
        return orders_file.check(self._map(state), typed(state), player, orders)

    def default_orders(self, state: State, player: str, previous: Orders | None) -> Orders:
        # Diplomacy's orders are a list of lines, which the engine keeps as plain data like any orders
        return orders_file.default_orders(typed(state), player, previous)

    def drop(self, state: State, orders: Orders, problem: Problem) -> Orders | None:
        """A faulty order is dropped: its unit holds (a retreating one disbands, a build is not made)."""
        return benevolent.drop_entry(orders, problem.path)

    def adjudicate(self, state: State, orders: Mapping[str, Orders], dice: Dice) -> TurnResult:
        return adjudicate.adjudicate(self._map(state), typed(state), orders)

    def unseat(self, state: State, player: str) -> State:
        """A player taken out of the game leaves their power in civil disorder: no one orders it, its units
        hold, a dislodged one disbands, builds are waived, removals follow the civil-disorder rule, and it has no
        vote in a draw (as an unseated power at the start)."""
        return typed.plain(adjudicate.unseat(typed(state), player))

    def result(self, state: State) -> dict[str, Any] | None:
        return adjudicate.result(self._map(state), typed(state))
