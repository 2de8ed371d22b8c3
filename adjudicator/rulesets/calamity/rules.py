"""Calamity's rules as the engine runs them (``kit.ruleset.Rules``): pure, typed, wired to the modules below."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...dice import Dice
from ...kit.ruleset import HandedData, HiddenStateViews
from ...kit.secrecy import Secrecy
from ...model import Orders, Phase, Player, Problem, TurnResult
from ...model import State as EngineState
from . import adjudicate, orders, setup, tables
from .adjudicate import phase_label
from .state import orders_of, typed

SECRECY = Secrecy(simultaneous=("the reaction phases of a risk: returns and pass-on offers",),
                  hidden_state={"private": "each player's movement cards and standing orders",
                                "secret": "the deal of the year (the shuffled movement cards)"},
                  hidden_draws=("the deal of the movement cards each year",),
                  sealed_fields={"standing": "standing orders: keep or return, and the least fee accepted, "
                                             "a reservation price",
                                 "rule": "a reaction given as a rule for the category: kept as its standing order"})


class CalamityRules(HandedData, HiddenStateViews):
    """The rules of ``calamity``, of the game's tables (``data``: each function of the rules that reads a table is
    handed them, ``tables.Tables``)."""

    name = "calamity"
    title = "Calamity"

    @property
    def _tables(self) -> tables.Tables:
        return tables.tables_of(self.data)

    def secrecy(self, options: Mapping[str, Any]) -> Secrecy:
        """Hands and standing orders are a player's own; the reaction phases of a risk are answered at once."""
        return SECRECY

    def data_files(self, options: Mapping[str, Any]) -> list[str]:
        return tables.data_files()

    def setup(self, options: Mapping[str, Any], players: Sequence[Player], dice: Dice) -> EngineState:
        return typed.plain(setup.setup(self._tables, options, players, dice))

    def phase(self, state: EngineState) -> Phase:
        """One player (the mover) or the holders at risk are awaited; every other player may send orders in
        any phase without being waited for: standing orders, and in a risk step returns, offers and answers."""
        ph = state["phase"]
        awaited = tuple(ph["awaited"])
        over = ph["kind"] == "over"
        open_to = () if over else tuple(p for p in state["seats"] if p not in awaited)
        return Phase(phase_label(typed(state)), awaited, finished=over, open_to=open_to, kind=str(ph["kind"]))

    def phase_kinds(self) -> tuple[str, ...]:
        """A card moved; the reactions of a risk (returns and pass-ons, then answers); the year's end."""
        return ("move", "reaction", "answer", "year_end")

    def order_schema(self, state: EngineState, player: str) -> dict[str, Any]:
        return orders.schema(typed(state), player)

    def check(self, state: EngineState, player: str, orders_value: Orders) -> list[Problem]:
        if player not in state["players"]:
            return [Problem(f"{player} does not play in this game", (), "send orders only for your own seat")]
        return orders.check(self._tables, typed(state), player, orders_of(orders_value) or {})

    def default_orders(self, state: EngineState, player: str, previous: Orders | None) -> Orders:
        """NMR: keep policies, accept nothing, play the lowest card (``previous`` is not repeated: a card
        played once is gone, and a repeated offer would be stale). Standing orders still apply."""
        return orders_of.plain(orders.default(typed(state), player))

    def drop(self, state: EngineState, orders_value: Orders, problem: Problem) -> Orders | None:
        """At the deadline a faulty order is left out and the rest is carried out (house rule "a faulty order
        at the deadline")."""
        return orders.drop(typed(state), orders_value, problem.path)

    def adjudicate(self, state: EngineState, orders_by_player: Mapping[str, Orders], dice: Dice) -> TurnResult:
        return adjudicate.adjudicate(self._tables, typed(state), orders_of.each(orders_by_player), dice)

    def result(self, state: EngineState) -> dict[str, Any] | None:
        """Who owns the most GE after the last year wins; equal sums share the win (``outcome.HasResult``)."""
        ph = state["phase"]
        return {"kind": "win", "seats": list(ph["winners"])} if ph["kind"] == "over" else None
