"""The orders page's form (``OffersChoices``): the schema of the player's orders in the open phase as fields.

The schema (``orders.schema``) is the phase's own: the mover's sales, card and the field's event (purchase,
Steuer, Übernahme, Ascot, Henley, Monopol); in a risk step the returns, pass-on offers and acceptances; the
answers to offers; the year end's returns; and in every phase the standing orders (per risk category, Deckung,
the year end) that answer for the player later: orders conditional on later events. The form offers every
policy code with the player's holdings beside it, and the co-players by name; ``check`` judges the rest.
"""

from __future__ import annotations

from typing import Any

from ...kit import schemaform
from .ledger import count, name, policies
from .orders import POLICY, schema
from .state import State
from .tables import CATEGORIES, POLICY_CODES, Tables

# What the mover's card may lead to: the key of the orders for the event of each kind of field (``orders.schema``)
EVENT_KEYS = {"purchase": "buy", "market": "buy", "tax": "tax", "takeover": "takeover", "ascot": "ascot",
              "henley": "henley", "monopoly": "monopoly"}
# Each field of the phase in words (issue #30: the form showed raw keys, before_row, accept_fee, year_end, ...)
LABELS = {
    "card": "The card you play", "sell": "Policies you sell to the bank before moving",
    "sell/*": "Policy", "buy": "Policies you buy (up to three)", "buy/*": "Policy",
    "tax": "Who pays you 10 GE", "takeover": "Policies you take over at the price (up to three)",
    "takeover/*": "Take over", "takeover/*/policy": "Policy", "takeover/*/from": "from",
    "ascot": "The co-player who shares your luck at the races", "henley": "The policy you take without payment",
    "henley/policy": "Policy", "henley/from": "from", "monopoly": "Swaps (up to two)", "monopoly/*": "Swap",
    "monopoly/*/give": "You give", "monopoly/*/take": "You take", "monopoly/*/with": "with",
    "return": "Policies you return to the bank", "return/*": "Policy",
    "pass": "Policies you pass on to a co-player against a fee", "pass/*": "Offer",
    "pass/*/policy": "Policy", "pass/*/to": "to", "pass/*/fee": "Fee you pay (GE)",
    "pass/*/if_refused": "If the offer is refused", "accept": "Offers to you that you accept", "accept/*": "Offer",
    "accept/*/policy": "Policy", "accept/*/from": "from", "accept/*/fee": "Fee you are paid (GE)",
}
STANDING = {"before_row": "Step 1: keep or return all policies of this category (4 GE each)",
            "after_row": "Step 2: return every policy the rolled row marks this many times or more",
            "accept_fee": "Accept pass-on offers whose fee is at least (GE)", "pass": "Pass-on offers",
            "pass/*": "Offer", "pass/*/step": "in step"}


def _event_labels(tables: Tables, token: int) -> dict[str, str]:
    """For each event key the move may need, the cards that lead to it: 'Ankauf (card 1, 2)'."""
    found: dict[str, list[int]] = {}
    names: dict[str, str] = {}
    for c in range(1, 6):
        f = tables.track.get(token + c) if token + c in tables.track else None
        key = EVENT_KEYS.get(f.kind) if f else None
        if f and key:
            found.setdefault(key, []).append(c)
            names.setdefault(key, f.name)
    return {k: f"{LABELS[k]} — {names[k]}, if you play {' or '.join(map(str, cs))}" for k, cs in found.items()}


def choices(tables: Tables, state: State, player: str) -> dict[str, Any]:
    """The form of ``player``'s orders in the open phase (see ``ruleset.OffersChoices``): this phase's decision
    only, each field in words (issue #30). The mover picks a card (each labelled with the field it leads to;
    the page narrows the list to the cards in hand once the player's private report is open: ``held``), the
    policies sold before moving, and the orders for the events of only the fields a card of theirs could reach,
    each labelled with the cards that lead there. Standing orders are offered when nothing else is due (they may
    always be written in the sheet by hand)."""
    held = policies(state, player)
    codes = schemaform.options([(c, f"{c} (you hold {count(state, player, c)})" if c in held else c)
                                for c in POLICY_CODES])
    names: dict[Any, str] = {p: name(state, p) for p in state["seats"]}
    kind = state["phase"]["kind"]
    notes = [f"{name(state, player)}: {state['players'][player]['cash']} GE; policies: {', '.join(held) or 'none'}. "
             f"Token on field {state['token']}."]
    hints: dict[str, dict[str, Any]] = {f"pattern {POLICY['pattern']}": {"options": codes}}
    hints |= {k: {"label": v} for k, v in LABELS.items()}
    due = (kind == "move" and player in state["phase"]["awaited"]) or kind in ("reaction", "answer", "year_end")
    if due:
        hints["standing"] = {"skip": True}
    else:
        hints["standing"] = {"label": "Standing orders (kept until replaced)"}
        for c in CATEGORIES:
            hints[f"standing/{c}"] = {"label": f"Standing order for category {c}"}
            hints |= {f"standing/{c}/{k}": {"label": v} for k, v in STANDING.items()}
        hints["standing/cover"] = {"label": "Deckung (field 13): policies you give up first", "item_label": "Policy"}
        hints["standing/year_end"] = {"label": "Year end: policies you return free of charge",
                                      "item_label": "Policy"}
    order = ["card", "sell"]
    if kind == "move" and player in state["phase"]["awaited"]:
        token = state["token"]
        cards = [(c, f"{c}: to field {token + c} ({tables.track[token + c].name})") for c in range(1, 6)
                 if token + c in tables.track]
        hints["card"] = {"label": LABELS["card"], "options": schemaform.options(cards), "held": ["state", "hand"]}
        events = _event_labels(tables, token)
        for key in set(EVENT_KEYS.values()):
            if key in events:
                hints[key] = {**hints.get(key, {}), "label": events[key]}
            else:
                hints[key] = {"skip": True}  # no card of the five leads there: nothing to decide
        notes.append("Your cards are in your private report: open it with your key (below) and the list of cards "
                     "offers only yours.")
    elif kind == "answer":
        offers = [x for x in state["risk"]["offers"] if x["to"] == player and x["answer"] is None]
        notes += [f"Open offer: {x['policy']} from {name(state, x['from'])}, fee {x['fee']} GE." for x in offers]
    elif kind == "reaction":
        notes.append(f"Calamity in {state['risk']['category']}, step {state['risk']['step']}.")
    elif kind == "year_end":
        notes.append("Year end: the policies you return free of charge.")
    else:
        notes.append("Nothing is due from you in this phase: you may send standing orders.")
    field = schemaform.form(schema(state, player), "Orders", hints, names)
    field["fields"].sort(key=lambda f: order.index(f["key"]) if f["key"] in order else len(order))
    return {"notes": notes, "field": field}
