"""A Diplomacy orders file: its JSON Schema (rules: ``Rules.order_schema``), a list of entries, each a line in
judge notation or a mapping whose keys are the kinds' own (``kinds/*.KEYS``), the map's extra order types' and
the variant's (``Rulebook.entry_properties``), described in the map's language; the check before the deadline
(``check``) and the NMR defaults (``default_orders``). Reading an entry is ``notation.py``'s."""

from __future__ import annotations

from typing import Any

from ...model import Problem
from .adjudicate import _book, _power_for, _rules, civil_measure, label
from .core import (
    Read,
    ResultRow,
    dislodged_from_data,
    movement_legality,
    owners_from,
    read_orders,
    run_adjustments,
    run_movement,
    run_retreats,
    units_from,
)
from .kinds import build, convoy, disband, hold, move, retreat, support, transform, votes
from .kinds.build import ALL_USED, buildable
from .kinds.votes import VOTES
from .resolver import ALREADY_ORDERED, VOID
from .rulebook import rulebook_for
from .state import State
from .tables import Map, display

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


# ----- the check before the deadline and the NMR defaults ----------------------------------------------

def check(m: Map, state: State, player: str, orders: object) -> list[Problem]:
    power = _power_for(state, player)
    say = m.say
    if power is None:
        return [Problem(say("you have no seat in this game"), (), say("ask the game master"))]
    if not isinstance(orders, list):
        return [Problem(say("orders are a list, one order per entry"), (), say("write e.g. - A Par - Bur"))]
    book = _book(m)
    mine, extras = book.split(m, orders)
    index = [i for i, _ in mine]
    reads = read_orders(m, power, [e for _, e in mine])
    problems: list[Problem] = book.check_extra(m, state, power, player, extras)
    for n, r in enumerate(reads):
        i = index[n]
        if r.error:
            problems.append(Problem(r.error, (i,), r.hint or say("write the order in judge notation")))
        elif r.order and r.order.kind in VOTES:
            problems += votes.check(m, state, power, r.order, i)
    rows = _run(m, state, [r for r in reads if r.order and r.order.kind not in VOTES], check_only=power)
    readable = [index[n] for n, r in enumerate(reads) if r.order and r.order.kind not in VOTES]
    kinds = [r.order.kind for r in reads if r.order and r.order.kind not in VOTES]
    for i, kind, row in zip(readable, kinds, rows, strict=False):
        if row["result"] == "fails" and kind == "build" and not any(m.said(t, row["reason"]) for t in ALL_USED):
            # A build where none can stand is an error, with the power's real options: it can never be made.
            problems.append(Problem(f"{row['order']}: {row['reason']}", (i,), _build_options(m, state, power)))
            continue
        if row["result"] == "invalid":
            twice = m.said(ALREADY_ORDERED, row["reason"])
            hint = (say("remove one of the unit's two orders: at the deadline the first is carried out") if twice
                    else _hint(m, state["kind"]))
            problems.append(Problem(f"{row['order']}: {row['reason']}", (i,), hint))
        elif row["result"] == "fails" and state["kind"] == "adjustment":
            problems.append(Problem(f"{row['order']}: {row['reason']}", (i,), _hint(m, state["kind"]), "warning"))
    return problems


def _build_options(m: Map, state: State, power: str) -> str:
    free = buildable(m, power, units_from(m, state["units"]), owners_from(state["supply_centres"]))
    if not free:
        return m.say("none of your home supply centres is yours and free to build in: write 'Waive'")
    places = ", ".join(f"{m.full_name(p)} ({display(p)})" for p in free)
    return m.say("build in a home supply centre of yours that is free: {places}; or write 'Waive'", places=places)


def _hint(m: Map, kind: str) -> str:
    return m.say({"movement": "the unit holds instead; see the template for each unit's moves",
                  "retreat": "write 'A Par - Bur' to a listed retreat, or 'A Par disband'",
                  "adjustment": "write 'Build A Par', 'Remove F Nth' or 'Waive'"}[kind])


def _run(m: Map, state: State, reads: list[Read], check_only: str | None = None) -> list[ResultRow]:
    """Results of ``reads`` on the current position (for ``check``: the player's orders alone)."""
    units = units_from(m, state["units"])
    if state["kind"] == "movement" and check_only:
        rows = movement_legality(m, units, reads, _rules(state))  # ``check`` reads an invalid row only
    elif state["kind"] == "movement":
        res = run_movement(m, units, reads, _rules(state))
        rows = res.results[:len(reads)]
    elif state["kind"] == "retreat":
        dislodged = dislodged_from_data(m, state["dislodged"], units, state["contested"])
        rows = run_retreats(m, units, dislodged, reads).results[:len(reads)]
    else:
        rows = run_adjustments(m, units, owners_from(state["supply_centres"]), reads,
                               civil_measure(state)).results
    # a support that matches no order of one's own may still match another power's: not a problem here
    if check_only:
        for row in rows:
            if row["result"] == "invalid" and any(m.said(t, row["reason"]) for t in VOID):
                row["result"] = "succeeds"
    return rows


def default_orders(state: State, player: str, previous: object) -> list[str]:  # Diplomacy orders are lines
    """NMR: units hold, dislodged units disband, builds are waived, removals by civil disorder (rules 2023)."""
    return []
