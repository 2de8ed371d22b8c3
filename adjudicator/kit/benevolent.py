"""Benevolent reading of orders at the deadline (issue 23): what can be carried out is, what cannot is named.

The pull-request check and ``validate`` show every problem, so that a player fixes them before the deadline.
At the deadline a file whose envelope holds is not thrown away for one bad order (one that breaks the schema
included): each order the
rules refuse is dropped and played as the game's text says (Diplomacy: the unit holds; Auf Achse: the route
stops where it breaks, a bid on an order not on offer is dropped; Bretton Woods 7.1: the instruction is
ignored), and the rest is carried out. A player is missing only when nothing valid remains.

A ruleset reads benevolently if it says how to drop the part of its orders one problem names (``drop``); the
shell cuts every fault one reading finds, then reads again, since one order's fault can be another's (a support
of a dropped move).
"""

from __future__ import annotations

import copy
from typing import Any

from ..model import Orders, Path, State
from . import drops
from .drops import replace as replace  # the rulesets' cuts use it as benevolent.replace
from .orders import MAX_ROUNDS, WORDED, entry_path, say, schema_problems
from .orders import remove as remove  # the rulesets' cuts use it as benevolent.remove
from .ruleset import ReadsBenevolently as ReadsBenevolently  # the protocol lives with the others


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
    schema's check says is in ``lang``, the game's language.

    Each reading of the file cuts every fault it found (``drops.cut_all``), and the next reading looks only for
    what those cuts made faulty (a support of a dropped move): at most ``MAX_ROUNDS`` readings, whatever the
    file's size. Of thousands of faults the first ``WORDED`` are named, and the rest counted."""
    dropped: list[str] = []
    unnamed = 0
    if not isinstance(ruleset, ReadsBenevolently):
        return orders, dropped
    had_orders = bool(orders)
    schema = ruleset.order_schema(state, player)
    for _ in range(MAX_ROUNDS):
        errors = schema_problems(schema, orders, lang, limit=max(0, WORDED - len(dropped)))
        if not errors:
            errors = [p for p in ruleset.check(state, player, orders) if p.severity == "error"]
        if not errors:
            if dropped or unnamed:  # the cuts share what they did not change with the file's orders
                orders = copy.deepcopy(orders)
            return (orders if orders or not had_orders else None), _counted(dropped, unnamed, lang)
        try:
            done = drops.cut_all(lambda o, p: ruleset.drop(state, o, p), orders, errors)
        except (KeyError, IndexError, TypeError):  # a path the rules' cut does not know: nothing to keep
            done = None
        if done is None:
            named = [p.message for p in errors if p.message]
            return None, _counted(dropped + named, unnamed + len(errors) - len(named), lang)
        named = [p.message for p in done.cut if p.message]
        dropped += named
        unnamed += len(done.cut) - len(named)
        orders = done.orders
    return None, _counted(dropped, unnamed, lang)


def _counted(messages: list[str], unnamed: int, lang: str) -> list[str]:
    """The first ``WORDED`` messages, and one that counts the rest."""
    more = unnamed + max(0, len(messages) - WORDED)
    return messages[:WORDED] + ([say(lang, "more", n=more)] if more else [])
