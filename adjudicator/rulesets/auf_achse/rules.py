"""Auf Achse's rules as the engine runs them (``kit.ruleset.Rules``): pure, typed, wired to the modules below."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...dice import Dice
from ...kit import gamedata
from ...kit.ruleset import HandedData, HiddenStateViews
from ...kit.secrecy import Secrecy
from ...model import Orders, Phase, Player, Problem, TurnResult
from ...model import State as EngineState
from . import adjudicate, board, setup, tables
from . import orders as _orders
from .state import orders_of, typed
from .tables import background_file, drawing_file

SECRECY = Secrecy(simultaneous=("every round: bids on the orders offered and on the construction site, moves",),
                  hidden_state={"secret": "the order of the deck of order cards"},
                  hidden_draws=("the shuffle of the deck of order cards",),
                  words={"de": {"every round: bids on the orders offered and on the construction site, moves":
                                "jede Runde: Gebote auf die ausgelegten Aufträge und auf die Baustelle, Fahrten",
                                "the order of the deck of order cards":
                                "die Reihenfolge des Stapels der Auftragskarten",
                                "the shuffle of the deck of order cards":
                                "das Mischen des Stapels der Auftragskarten"}})


class AufAchseRules(HandedData, HiddenStateViews):
    """The rules of ``auf-achse``, of the game's tables, words and board (``data``: each function of the rules that
    reads them is handed it)."""

    name = "auf-achse"
    title = "Auf Achse"

    def secrecy(self, options: Mapping[str, Any]) -> Secrecy:
        """Bids on orders and on the construction site are sealed (Sonderregel A); the deck's order is hidden."""
        return SECRECY

    def data_files(self, options: Mapping[str, Any]) -> list[str]:
        """The tables, the words, the board and, where the board has them, its drawing (each road's course, the
        inset) and the land under it: the Amtsblatt's map."""
        name = setup.read_options(self.data, options)["map"]
        drawn = [f for f in (drawing_file(name), background_file(name)) if gamedata.ships(__package__, f)]
        return [tables.FILE, tables.WORDS_FILE, board.board_file(name), *drawn]

    def setup(self, options: Mapping[str, Any], players: Sequence[Player], dice: Dice) -> EngineState:
        return typed.plain(setup.setup(self.data, options, players, dice))

    def join(self, state: EngineState, player: Player, dice: Dice) -> EngineState:
        return typed.plain(setup.join(self.data, typed(state), player, dice))

    def phase(self, engine_state: EngineState) -> Phase:
        state = typed(engine_state)
        rnd = state["round"]
        label = f"Runde {rnd}" + (" (Versteigerung)" if rnd == 0 else "")
        if state["finished"]:
            return Phase(f"Spielende nach Runde {rnd - 1}", (), True)
        return Phase(label, tuple(adjudicate.active(state)))

    def order_schema(self, state: EngineState, player: str) -> dict[str, Any]:
        return _orders.order_schema(self.data, typed(state), player)

    def check(self, state: EngineState, player: str, orders: Orders) -> list[Problem]:
        return _orders.check(self.data, typed(state), player, orders_of(orders))

    def default_orders(self, state: EngineState, player: str, previous: Orders | None) -> Orders:
        return orders_of.plain(_orders.default_orders(typed(state), player,
                                                      None if previous is None else orders_of(previous)))

    def drop(self, state: EngineState, orders: Orders, problem: Problem) -> Orders | None:
        return _orders.drop(orders_of(orders), problem.path)

    def adjudicate(self, state: EngineState, orders: Mapping[str, Orders], dice: Dice) -> TurnResult:
        return adjudicate.adjudicate(self.data, typed(state), orders_of.each(orders), dice)

    def result(self, state: EngineState) -> dict[str, Any] | None:
        """Sieger: the most cash, bankrupt hauliers below (``adjudicate.ranking``); equal first places share the win."""
        if not state["finished"]:
            return None
        return {"kind": "win", "seats": [r["haulier"] for r in adjudicate.ranking(typed(state)) if r["place"] == 1]}
