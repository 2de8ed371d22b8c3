"""What Auf Achse shows its readers (``kit.ruleset.Presentation``): the issue page, the order sheet and its receipt,
the orders page's form, the board, the standings and the charts. The rules never read it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...kit.ruleset import HandedData
from ...model import Orders, Player
from ...model import State as EngineState
from . import adjudicate, choices, newsletter, sheet
from .state import orders_of, typed


class AufAchsePresentation(HandedData):
    """The presentation of ``auf-achse``, of the game's tables, words, board and drawings (``data``)."""

    def template(self, state: EngineState, player: str) -> str:
        return sheet.template(self.data, typed(state), player)

    def choices(self, state: EngineState, player: str) -> dict[str, Any]:
        return choices.choices(self.data, typed(state), player)

    def describe(self, state: EngineState, player: str, orders: Orders) -> list[str]:
        return sheet.describe(self.data, typed(state), player, orders_of(orders))

    def newsletter(self, state: EngineState, report: Mapping[str, Any], players: Sequence[Player]) -> str:
        return newsletter.newsletter(self.data, typed(state), report, players)

    def setup_newsletter(self, state: EngineState, players: Sequence[Player]) -> str:
        return newsletter.setup_newsletter(self.data, typed(state), players)

    def headline(self, state: EngineState, result: Mapping[str, Any], players: Sequence[Player]) -> str:
        return newsletter.headline(self.data, typed(state), result)

    def standings(self, engine_state: EngineState) -> list[dict[str, Any]]:
        state = typed(engine_state)
        rows = []
        for r in adjudicate.ranking(state):
            h = state["hauliers"][r["haulier"]]
            rows.append({"place": r["place"], "haulier": h["name"], "cash": h["cash"],
                         "credit": 0 if h["bankrupt"] else adjudicate.credit(self.data, state, r["haulier"])["limit"],
                         "delivered": len(h["delivered"]), "open": len(adjudicate.open_orders(state, r["haulier"])),
                         "trailers": sum(len(t["trailers"]) for t in h["trucks"]),
                         "status": "Pleite" if h["bankrupt"] else "im Geschäft"})
        return rows

    def map(self, state: EngineState) -> str:
        """The board (the site's map page and the orders page's, where a route is picked field by field)."""
        return newsletter.svg_map(self.data, typed(state), graph=True)

    def map_parts(self, state: EngineState) -> tuple[str, str] | None:
        """The orders page's board in two (``newsletter.svg_map_parts``): the base no round changes, a site file
        a browser keeps, and the round's part (issue 30, data sent once per place)."""
        return newsletter.svg_map_parts(self.data, typed(state))

    def colours(self, state: EngineState) -> dict[str, str]:
        """Each haulier's colour on the board, so that the charts' lines are the same."""
        return newsletter.haulier_colours(typed(state))

    def history(self, states: Sequence[EngineState]) -> dict[str, dict[str, list[int]]]:
        keys = list(states[-1]["seats"]) if states else []
        out: dict[str, dict[str, list[int]]] = {"cash": {k: [] for k in keys}, "delivered": {k: [] for k in keys}}
        for s in map(typed, states):
            for k in keys:
                h = s["hauliers"].get(k)
                out["cash"][k].append(h["cash"] if h else 0)
                out["delivered"][k].append(len(h["delivered"]) if h else 0)
        return out
