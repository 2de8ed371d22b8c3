"""The orders page's fields for 30JK's own lines (sections 8-13): religious warfare, a change of confession and
the start confession, in the words ``religion.action_text`` writes (``Kirchenbau: A Mei (2 RP)``).

Each religious action is a line the player adds: the action, the unit it acts on (any unit on the board;
mercenaries are hired from the neutral units only, with their order) and the points paid, at least the
action's minimum (section 10). The public form knows no religion points (they are hidden): ``check`` and the
deadline judge the total against the player's own, and the orders page adds up as ``check`` does once the player
has opened their private report (``newsletter.verdicts.spending``).
"""

from __future__ import annotations

from typing import Any

from ...choices import movement_options, unit_name
from ...core import units_from
from ...state import State
from ...tables import Map
from .religion import GERMAN, KINDS, MINIMUM, conversion_cost, hired

CONFESSIONS = ("katholisch", "protestantisch")


def fields(m: Map, state: State, player: str, choosing: bool) -> list[dict[str, Any]]:
    """The fields of ``player``'s religious lines in a movement phase (none in other phases)."""
    power = state["seats"].get(player, "")
    if state["kind"] != "movement" or not power:
        return []
    units = sorted(units_from(m, state["units"]), key=lambda u: (u.province.lower(), u.type))
    targets = [{"value": unit_name(u), "label": unit_name(u)} for u in units]
    hired = [{"value": o["value"], "label": o["label"]} for o in _mercenary_orders(m, state)]
    out: list[dict[str, Any]] = []
    for kind in KINDS:
        if kind == "mercenaries" and not hired:
            continue
        out.append({"kind": "rows", "key": kind, "label": GERMAN[kind], "max": 10, "optional": True, "item": {
            "kind": "line", "label": GERMAN[kind], "format": f"{GERMAN[kind]}: {{unit}} ({{points}} RP)",
            "fields": [
                {"kind": "choice", "key": "unit", "label": "Söldner und ihr Befehl" if kind == "mercenaries"
                 else "Einheit", "options": hired if kind == "mercenaries" else targets},
                {"kind": "integer", "key": "points", "label": "RP", "min": MINIMUM[kind],
                 "default": MINIMUM[kind], "help": f"mindestens {MINIMUM[kind]} RP"}]}})
    cost = conversion_cost(len(state["supply_centres"].get(power, [])))
    # what it and the actions spend of the religion points the page adds up once the player has opened their
    # report (the rules' spending: verdicts.spending)
    out.append({"kind": "choice", "label": "Konfessionswechsel", "default": None, "options": [
        {"value": None, "label": "kein Wechsel"}, {"value": "Konfessionswechsel", "label": f"Konfession wechseln "
                                                                                           f"({cost} RP)"}]})
    if choosing:
        out.append({"kind": "choice", "label": "Startkonfession", "default": None, "options": [
            {"value": None, "label": "die historische"}, *({"value": f"Konfession {c}", "label": c}
                                                          for c in CONFESSIONS)]})
    return out


def _mercenary_orders(m: Map, state: State) -> list[dict[str, Any]]:
    """Each neutral unit's orders as the page offers a unit's (hold, moves, supports)."""
    board = units_from(m, state["units"])
    neutral = set(hired(state))
    return [o for u in board if unit_name(u) in neutral for o in movement_options(m, u, board)]
