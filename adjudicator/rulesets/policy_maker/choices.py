"""The orders page's form (``OffersChoices``): the schema of the open phase's orders as fields.

The schema (``orders.schema``) is the phase's own: the Government's timeline action (audit, tax, grant) and its
standing order of preference of initiatives, an Investy's action (invest, manipulate, or none: pass), the
initiative to fulfil, the draw preferences worked through as cards turn up (orders conditional on later
events), and the wealth tax should one fall due. The form labels its values with the table's names.
"""

from __future__ import annotations

from typing import Any

from ...kit import schemaform
from .common import action_name, government, kind_name, kinds, name
from .orders import schema, step_of
from .state import State

STEPS = {"government": "the Government's {action}", "investy": "your turn as an Investy",
         "wealth_tax": "your wealth tax"}


def choices(state: State, player: str) -> dict[str, Any]:
    """The form of ``player``'s orders in the open phase (see ``ruleset.OffersChoices``)."""
    names: dict[Any, str] = {k: name(state, k) for k in state["seats"]["names"]}
    names |= {k: kind_name(state, k) for k in kinds(state)} | {"deck": "the deck"}
    names |= {c["id"]: f"{c['name']}: {c['text']}" for c in state["board"]["initiatives"]}
    names |= {1: "+1 (raise the cost)", -1: "−1 (lower the cost)"}
    step = step_of(state, player)
    who = "the Government" if player == government(state) else "an Investy"
    notes = [f"Round {state['round']}: {name(state, player)}, {who}. " + (
        f"This phase is {STEPS[step].format(action=action_name(state))}." if step else
        "It is not your phase" + (": you may change your order of preference of initiatives, which stands "
                                   "until changed." if player == government(state) else "."))]
    hints = {"initiatives": {"label": "Initiatives, in your order of preference", "item_label": "Initiative"},
             "draw": {"label": "Draw preferences, first first", "item_label": "Draw"},
             "tax": {"label": "Tax policy", "item_label": "Change"},
             "invest": {"label": "Invest"}, "manipulate": {"label": "Market manipulation"},
             "wealth_tax": {"label": "Wealth tax, should it fall due"},
             "note": {"label": "A public line for the newsletter"}}
    return {"notes": notes, "field": schemaform.form(schema(state, player), "Orders", hints, names)}
