"""What the Policy Maker shows its readers (``kit.ruleset.Presentation``): the issue page, the order sheet and its
receipt, the orders page's form, the standings and the charts. The rules never read it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...kit.ruleset import HiddenStateViews
from ...model import Orders, Player
from ...model import State as EngineState
from . import choices, sheet
from . import newsletter as _newsletter
from .common import fraction_show, government, investys, sectors
from .state import orders_of, typed

_VIEWS = HiddenStateViews()  # the issue page is written from what everybody sees


class PolicyMakerPresentation:
    """The presentation of ``policy-maker``."""

    def template(self, state: EngineState, player: str) -> str:
        return sheet.template(typed(state), player)

    def choices(self, state: EngineState, player: str) -> dict[str, Any]:
        return choices.choices(typed(state), player)

    def describe(self, state: EngineState, player: str, orders: Orders) -> list[str]:
        return sheet.describe(typed(state), player, orders_of(orders))

    def newsletter(self, state: EngineState, report: Mapping[str, Any], players: Sequence[Player]) -> str:
        return _newsletter.issue(typed(_VIEWS.public_view(state)), report, players)

    def headline(self, state: EngineState, result: Mapping[str, Any], players: Sequence[Player]) -> str:
        return _newsletter.headline(typed(_VIEWS.public_view(state)), result)

    def standings(self, engine_state: EngineState) -> list[dict[str, Any]]:
        """One row per Investy (fields per sector, initiatives, cards in hand, score), then the Government."""
        state = typed(engine_state)
        rows: list[dict[str, Any]] = []
        for k in investys(state):
            row: dict[str, Any] = {"player": k, "role": "Investy", "colour": state["investys"][k]["colour"]["name"]}
            row.update({s: state["tracks"][s][k] for s in sectors(state)})
            row["initiatives"] = len(state["investys"][k]["initiatives"])
            row["cards"] = state["investys"][k]["cards"]
            row["score"] = sum(state["tracks"][s][k] for s in sectors(state)) + row["initiatives"]
            rows.append(row)
        gov: dict[str, Any] = {"player": government(state), "role": "Government"}
        result = state.get("result") or {}
        if "government" in result:
            gov["score"] = fraction_show(result["government"]["total"])
            gov["rank"] = result["government"]["rank"]
        rows.append(gov)
        return rows

    def history(self, engine_states: Sequence[EngineState]) -> dict[str, dict[str, list[int]]]:
        """Per turn: each Investy's fields in all sectors, its public initiatives and its cards in hand."""
        if not engine_states:
            return {}
        states = [typed(s) for s in engine_states]
        keys = investys(states[0])
        out: dict[str, dict[str, list[int]]] = {"fields": {}, "initiatives": {}, "cards": {}}
        for k in keys:
            out["fields"][k] = [sum(s["tracks"][x][k] for x in sectors(s)) for s in states]
            out["initiatives"][k] = [len(s["investys"][k]["initiatives"]) for s in states]
            out["cards"][k] = [s["investys"][k]["cards"] for s in states]
        return out
