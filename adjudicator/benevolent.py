"""Benevolent reading of orders at the deadline (issue 23): what can be carried out is, what cannot is named.

The pull-request check and ``validate`` show every problem, so that a player fixes them before the deadline.
At the deadline a file whose envelope holds is not thrown away for one bad order (one that breaks the schema
included): each order the
rules refuse is dropped and played as the game's text says (Diplomacy: the unit holds; Auf Achse: the route
stops where it breaks, a bid on an order not on offer is dropped; Bretton Woods 7.1: the instruction is
ignored), and the rest is carried out. A player is missing only when nothing valid remains.

A ruleset reads benevolently if it says how to drop the part of its orders one problem names (``drop``); the
shell checks again after each drop, since one order's fault can be another's (a support of a dropped move).
"""

from __future__ import annotations

from typing import Any

from .model import Orders, Path, State
from .orders import entry_path, schema_problems
from .orders import remove as remove  # the rulesets' cuts use it as benevolent.remove
from .ruleset import ReadsBenevolently as ReadsBenevolently  # the protocol lives with the others

MAX_DROPS = 500  # an orders file is bounded (yamlio); this bounds the re-checks whatever a ruleset does


def drop_entry(orders: Orders, path: Path) -> Orders | None:
    """The usual cut: the one order a problem points into, that is the list item (``(3, ...)`` or
    ``("attacks", 2, ...)``) or else the section (``("type_change",)``); None for a problem about the whole file.

    >>> drop_entry({"bids": [{"order": 1}, {"order": 9}], "site": {}}, ("bids", 1, "kj"))
    {'bids': [{'order': 1}], 'site': {}}
    >>> drop_entry(["A Ber - Kie", "A Xyz - Arm"], (1,))
    ['A Ber - Kie']
    """
    entry = entry_path(path)
    return None if entry is None else remove(orders, entry)


def read(ruleset: Any, state: State, player: str, orders: Orders,
         lang: str = "en") -> tuple[Orders | None, list[str]]:
    """The orders of ``player`` that can be carried out, and what was dropped (the messages, in the order they
    were met). None if nothing valid remains: the file's every order was at fault, or the fault is the whole
    file's. An order that breaks the schema (``{unit: A Smy, mvoe: Arm}`` among good ones) is dropped first,
    as the rules' faults are after it: the rules' check only ever sees orders of the schema's shape. What the
    schema's check says is in ``lang``, the game's language."""
    dropped: list[str] = []
    if not isinstance(ruleset, ReadsBenevolently):
        return orders, dropped
    had_orders = bool(orders)
    schema = ruleset.order_schema(state, player)
    for _ in range(MAX_DROPS):
        errors = schema_problems(schema, orders, lang)
        if not errors:
            errors = [p for p in ruleset.check(state, player, orders) if p.severity == "error"]
        if not errors:
            return (orders if orders or not had_orders else None), dropped
        dropped.append(errors[0].message)
        try:
            cut = ruleset.drop(state, orders, errors[0])
        except (KeyError, IndexError, TypeError):  # a path the rules' cut does not know: nothing to keep
            cut = None
        if cut is None:
            return None, dropped + [p.message for p in errors[1:]]
        orders = cut
    return None, dropped
