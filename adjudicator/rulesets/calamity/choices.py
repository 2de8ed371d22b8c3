"""The orders page's form (``OffersChoices``): the schema of the player's orders in the open phase as fields.

The schema (``orders.schema``) is the phase's own: the mover's sales, card and the field's event (purchase,
Steuer, Übernahme, Ascot, Henley, Monopol); in a risk step the returns, pass-on offers and acceptances; the
answers to offers; the year end's returns; and in every phase the standing orders (per risk category, Deckung,
the year end) that answer for the player later: orders conditional on later events. The form offers every
policy code with the player's holdings beside it, and the co-players by name; ``check`` judges the rest.
"""

from __future__ import annotations

from typing import Any

from ... import schemaform
from .ledger import State, count, name, policies
from .orders import POLICY, schema
from .tables import POLICY_CODES, TRACK


def choices(state: State, player: str) -> dict[str, Any]:
    """The form of ``player``'s orders in the open phase (see ``ruleset.OffersChoices``)."""
    held = policies(state, player)
    codes = schemaform.options([(c, f"{c} (you hold {count(state, player, c)})" if c in held else c)
                                for c in POLICY_CODES])
    names: dict[Any, str] = {p: name(state, p) for p in state["seats"]}
    kind = state["phase"]["kind"]
    notes = [f"{name(state, player)}: {state['players'][player]['cash']} GE; policies: {', '.join(held) or 'none'}. "
             f"Token on field {state['token']}."]
    hints: dict[str, dict[str, Any]] = {f"pattern {POLICY['pattern']}": {"options": codes},
                                        "standing": {"label": "Standing orders (kept until replaced)"}}
    if kind == "move" and player in state["phase"]["awaited"]:
        token = state["token"]
        cards = [(c, f"{c}: to field {token + c} ({TRACK[token + c].name})") for c in range(1, 6)
                 if token + c in TRACK]
        hints["card"] = {"label": "The card you play", "options": schemaform.options(cards)}
        notes.append("Your cards are in your private report (below): play one of them.")
    elif kind == "answer":
        offers = [x for x in state["risk"]["offers"] if x["to"] == player and x["answer"] is None]
        notes += [f"Open offer: {x['policy']} from {name(state, x['from'])}, fee {x['fee']} GE." for x in offers]
    elif kind == "reaction":
        notes.append(f"Calamity in {state['risk']['category']}, step {state['risk']['step']}.")
    else:
        notes.append("Nothing is due from you in this phase: you may send standing orders.")
    return {"notes": notes, "field": schemaform.form(schema(state, player), "Orders", hints, names)}
