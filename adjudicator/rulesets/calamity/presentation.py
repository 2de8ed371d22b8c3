"""What Calamity shows its readers (``kit.ruleset.Presentation``): the issue page, the order sheet and its receipt,
the orders page's form, the standings and the charts. The rules never read it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...kit.ruleset import HandedData
from ...model import Orders, Player
from ...model import State as EngineState
from . import choices, newsletter, sheet
from .ledger import policies, premium
from .state import State, orders_of, typed
from .tables import tables_of


class CalamityPresentation(HandedData):
    """The presentation of ``calamity``, of the game's tables (``data``)."""

    def template(self, state: EngineState, player: str) -> str:
        return sheet.template(tables_of(self.data), typed(state), player)

    def choices(self, state: EngineState, player: str) -> dict[str, Any]:
        return choices.choices(tables_of(self.data), typed(state), player)

    def describe(self, state: EngineState, player: str, orders_value: Orders) -> list[str]:
        return sheet.describe(tables_of(self.data), typed(state), player, orders_of(orders_value) or {})

    def newsletter(self, state: EngineState, report: Mapping[str, Any], players: Sequence[Player]) -> str:
        return newsletter.render(tables_of(self.data), typed(state), report)

    def headline(self, state: EngineState, result: Mapping[str, Any], players: Sequence[Player]) -> str:
        return newsletter.headline(typed(state), result)

    def standings(self, engine_state: EngineState) -> list[dict[str, Any]]:
        state = typed(engine_state)
        rows = []
        for p in state["seats"]:
            rows.append({"player": p, "name": state["names"][p], "GE": state["players"][p]["cash"],
                         "policies": len(policies(state, p)), "premium": premium(tables_of(self.data), state, p)[0],
                         "status": status(state, p)})
        return sorted(rows, key=lambda r: (-r["GE"], state["seats"].index(r["player"])))

    def history(self, states: Sequence[EngineState]) -> dict[str, dict[str, list[int]]]:
        seats = states[0]["seats"] if states else []
        return {
            "GE": {p: [s["players"][p]["cash"] for s in states] for p in seats},
            "policies": {p: [len(s["players"][p]["policies"]) for s in states] for p in seats},
        }


def status(state: State, p: str) -> str:
    """Whether a player is in the game. Section (3): who cannot meet a claim sells every policy, pays what is
    possible and plays on without debt, so nobody is ever out for money; a player who could not pay in full is
    marked, and still in the game. (A player who left is marked out by the site, from game.yaml.)"""
    times = state["players"][p].get("insolvencies", 0)
    return f"insolvent {times}× (sold all policies; plays on, section 3)" if times else "in the game"
