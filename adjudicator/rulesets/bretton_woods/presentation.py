"""What Bretton Woods shows its readers (``kit.ruleset.Presentation``): the issue page, the order sheet and its
receipt, the orders page's form, the standings and the charts. The rules never read it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...kit.ruleset import HandedData
from ...model import Orders, Player
from ...model import State as EngineState
from . import choices, newsletter, sheet
from .state import typed
from .tables import Tables


class BrettonWoodsPresentation(HandedData):
    """The presentation of ``bretton-woods``, of the game's tables and words (``data``)."""

    def template(self, state: EngineState, player: str) -> str:
        return sheet.template(Tables(self.data), typed(state), player)

    def choices(self, state: EngineState, player: str) -> dict[str, Any]:
        return choices.choices(Tables(self.data), typed(state), player)

    def describe(self, state: EngineState, player: str, orders: Orders) -> list[str]:
        return sheet.describe(Tables(self.data), typed(state), player, orders)

    def newsletter(self, state: EngineState, report: Mapping[str, Any], players: Sequence[Player]) -> str:
        return newsletter.newsletter(Tables(self.data), typed(state), report, players)

    def headline(self, state: EngineState, result: Mapping[str, Any], players: Sequence[Player]) -> str:
        return newsletter.headline(typed(state), result)

    def standings(self, state: EngineState) -> list[dict[str, Any]]:
        return newsletter.standings(typed(state))

    def history(self, states: Sequence[EngineState]) -> dict[str, dict[str, list[int]]]:
        return newsletter.history([typed(s) for s in states])
