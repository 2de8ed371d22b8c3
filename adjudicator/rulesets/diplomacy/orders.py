"""The JSON Schema of a Diplomacy orders file (rules: ``Rules.order_schema``): a list of entries, each a line in
judge notation or a mapping whose keys are the kinds' own (``kinds/*.KEYS``), the map's extra order types' and
the variant's (``Rulebook.entry_properties``), described in the map's language."""

from __future__ import annotations

from typing import Any

from .adjudicate import label
from .kinds import build, convoy, disband, hold, move, retreat, support, transform, votes
from .rulebook import rulebook_for
from .state import State
from .tables import Map

UNIT_KEY = {"unit": {"type": "string", "description": "the unit ordered, e.g. 'A Par' or 'F Stp/sc'"}}
# the keys of a structured order, each kind's own, in the order the schema lists them
KINDS_KEYS = (hold.KEYS, move.KEYS, support.KEYS, convoy.KEYS, retreat.KEYS, disband.KEYS, build.KEYS, votes.KEYS)
# keys of orders only some maps have (``order_types`` of the map): order type -> (key, schema)
_ORDER_TYPE_PROPS = {"transform": ("transform", transform.KEY), "double_move": ("via", move.DOUBLE_MOVE_KEY)}


def entry_properties(m: Map) -> dict[str, Any]:
    """The keys of a structured order on this map: the standard ones, those of its extra order types, and the
    variant's own (religious actions in 30JK)."""
    props: dict[str, Any] = {**UNIT_KEY, **{k: v for keys in KINDS_KEYS for k, v in keys.items()}}
    for order_type, (key, schema) in _ORDER_TYPE_PROPS.items():
        if order_type in m.data.get("order_types", ()):
            props[key] = schema
    if m.data.get("votes") == "standing":
        props.update(votes.STANDING_KEYS)
    props.update(rulebook_for(m).entry_properties(m))
    return {k: {**v, "description": m.text(v["description"])} if "description" in v else v for k, v in props.items()}


def order_schema(m: Map, state: State) -> dict[str, Any]:
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "array",
        "description": m.say("Orders for {phase}: one per entry, in judge notation or as a mapping",
                             phase=label(m, state)),
        "items": {
            "oneOf": [
                {"type": "string", "minLength": 1, "maxLength": 200,
                 "description": m.text("an order in judge notation, e.g. 'A Par - Bur', 'F Nth C A Lon - Bel'")},
                {"type": "object", "additionalProperties": False, "properties": entry_properties(m), "minProperties": 1,
                 "description": m.text("a structured order, e.g. {unit: A Par, move: Bur}")},
            ]
        },
        "maxItems": 100,
    }
