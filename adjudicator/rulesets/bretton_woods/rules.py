"""Bretton Woods' rules as the engine runs them (``kit.ruleset.Rules``): pure, typed, wired to the modules below."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...dice import Dice
from ...kit import benevolent
from ...kit.ruleset import HandedData, HiddenStateViews
from ...kit.secrecy import Secrecy
from ...model import Orders, Phase, Player, Problem, TurnResult
from ...model import State as EngineState
from . import adjudicate, setup, tables
from . import orders as od
from .state import typed

SECRECY = Secrecy(simultaneous=("every year's orders: production, market offers and bids, contacts",),
                  hidden_state={"private": "each country's standing orders"},
                  sealed_fields={"standing_orders": "the orders played if you miss a year"},
                  words={"de": {"every year's orders: production, market offers and bids, contacts":
                                "die Befehle jedes Jahres: Produktion, Marktangebote und Gebote, Kontakte",
                                "each country's standing orders": "die Dauerbefehle jedes Landes",
                                "the orders played if you miss a year":
                                "die Befehle, die gelten, wenn Sie ein Jahr verpassen"}})


SECTIONS = ("production", "construction", "market", "gold")  # sections whose every line is an instruction


class BrettonWoodsRules(HandedData, HiddenStateViews):
    """The rules of ``bretton-woods``, of the game's tables and words (``data``: each function of the rules that
    reads them is handed them, ``tables.Tables``)."""

    name = "bretton-woods"
    title = "Bretton Woods"

    @property
    def _tables(self) -> tables.Tables:
        """The game's tables and words, read from its data."""
        return tables.Tables(self.data)

    def secrecy(self, options: Mapping[str, Any]) -> Secrecy:
        """Orders of a year are given at once (market offers and bids); standing orders are a country's own."""
        return SECRECY

    def data_files(self, options: Mapping[str, Any]) -> list[str]:
        return [tables.FILE, tables.WORDS_FILE]

    def setup(self, options: Mapping[str, Any], players: Sequence[Player], dice: Dice) -> EngineState:
        return typed.plain(setup.setup(self._tables, options, players))

    def phase(self, state: EngineState) -> Phase:
        turn = state["turn"]
        years = state["options"]["jahre"]
        active = tuple(k for k, c in state["countries"].items() if c["active"])
        # the game ends after its years, or when every country has left (7.2): an empty world has no orders
        finished = (bool(years) and turn >= years) or (not active and bool(state["countries"]))
        awaited = () if finished else active
        return Phase(label=f"Jahr {turn + 1}", awaited=awaited, finished=finished)

    def order_schema(self, state: EngineState, player: str) -> dict[str, Any]:
        return od.schema(self._tables, od.cuts_long_texts(state["options"]))

    def check(self, state: EngineState, player: str, orders: Orders) -> list[Problem]:
        return od.check(self._tables, typed(state), player, orders)

    def drop(self, state: EngineState, orders: Orders, problem: Problem) -> Orders | None:
        """7.1: an instruction that cannot be carried out is ignored; the rest of the sheet stands. A line of the
        sheet's production, construction, market or gold section is one instruction (a bad harvest count does
        not idle the energy works, a bad offer of one good does not withdraw the others)."""
        path = problem.path
        if (len(path) >= 2 and path[0] in SECTIONS and isinstance(orders, dict)
                and isinstance(orders.get(path[0]), dict) and path[1] in orders[path[0]]):
            return benevolent.remove(orders, path[:2])
        return benevolent.drop_entry(orders, path)

    def default_orders(self, state: EngineState, player: str, previous: Orders | None) -> Orders:
        return od.default_for(typed(state), player, previous)

    def removed_orders(self, state: EngineState, player: str, previous: Orders | None) -> Orders:
        """7.2 Ausstieg: a country the game master takes out leaves the game this year, and fairly: its NMR
        orders (standing orders, or the last sheet without its red-marked parts) without any attack."""
        out = dict(od.default_for(typed(state), player, previous))
        out.pop("attacks", None)
        out["leave"] = True
        return out

    def adjudicate(self, state: EngineState, orders: Mapping[str, Orders], dice: Dice) -> TurnResult:
        return adjudicate.adjudicate(self._tables, typed(state), orders, dice)

    def join(self, state: EngineState, player: Player, dice: Dice) -> EngineState:
        return typed.plain(setup.join(self._tables, typed(state), player))

    def out_of_game(self, state: EngineState) -> list[str]:
        """Countries that left the game (section 7.2); a country whose population fell to 0 stays in it."""
        return [k for k, c in state["countries"].items() if not c["active"]]
