"""The pre-printed order sheet (``template``) and the receipt of orders as understood (``describe``).

The sheet holds public figures only (costs, fields, open cards and initiatives): where the sheet is shown
is the shell's business, so the hand and the goal stay in the player's private report.
"""

from __future__ import annotations

from ...kit.sheet import Sheet
from .common import (
    action,
    action_name,
    field,
    government,
    in_danger_zone,
    initiative,
    investys,
    kind_name,
    kinds,
    kinds_text,
    name,
    sector,
    sectors,
)
from .orders import grant_count, step_of
from .state import Orders, State


def _costs(state: State) -> str:
    return ", ".join(f"{sector(state, s)['name']} {state['costs'][s]}" for s in sectors(state))


def _open(sheet: Sheet, state: State) -> None:
    sheet.comment(f"Open cards: {kinds_text(state, state['open_cards'])}. Deck: {state['deck_size']} cards.")
    for i in state["initiatives"]["open"]:
        card = initiative(state, i)
        sheet.comment(f"Open initiative {i}: {card['name']} — {card['text']}")


def template(state: State, player: str) -> str:
    """The commented YAML of the ``orders`` value for the open phase, pre-filled with the defaults."""
    sheet = Sheet()
    step = step_of(state, player)
    if step is None:
        if not state["finished"] and player == government(state):
            # H14: the Government's preference list may be sent in any phase (issue 32: the sheet said nothing)
            sheet.comment("Not your phase. You may send your order of preference of public initiatives (H14): "
                          "when you replace a fulfilled one, you show the first you draw of this list.")
            sheet.example("initiatives: [" + ", ".join(c["id"] for c in state["board"]["initiatives"][:4])
                          + ", ...]")
        else:
            sheet.comment("It is not your phase: nothing to order now.")
        sheet.line('note: ""')
        return sheet.text()
    sheet.comment(f"Round {state['round']} of {len(state['timeline'])} — {action_name(state)}. "
                  f"Costs: {_costs(state)} (sum at most {state['board']['table']['cost']['max_sum']}).")
    _open(sheet, state)
    if step == "government":
        _government_sheet(sheet, state)
    elif step == "wealth_tax":
        sheet.comment(f"You hold {state['investys'][player]['cards']} cards: the wealth tax takes 10 of your choice "
                      "(see your hand in your private report).")
        sheet.line("wealth_tax:")
        for k in kinds(state):
            sheet.line(f"  {k}: 0")
    else:
        _investy_sheet(sheet, state, player)
    sheet.line('note: ""')
    return sheet.text()


def _government_sheet(sheet: Sheet, state: State) -> None:
    act = action(state)
    if act == "audit":
        richest = max(investys(state), key=lambda k: state["investys"][k]["cards"])
        sheet.comment("Audit: whose hand do you look at? Cards in hand: " + ", ".join(
            f"{k} {state['investys'][k]['cards']}" for k in investys(state)))
        sheet.line(f"audit: {richest}")
    elif act == "tax":
        sheet.comment("Tax policy: up to two sectors by +1 or -1 (sectors: " + ", ".join(sectors(state)) + ").")
        sheet.line("tax: []")
        sheet.example("tax:")
        sheet.example("  - sector: energy")
        sheet.example("    change: 1")
    elif act == "grant":
        n = grant_count(state)
        sheet.comment(f"Grant funding: give the {n} cards (numbered in your private report) to the Investys.")
        sheet.line("grant:")
        for j, k in enumerate(investys(state)):
            sheet.line(f"  {k}: [{', '.join(str(i) for i in range(j + 1, n + 1, len(investys(state))))}]")
    else:
        sheet.comment("Holiday break: nothing to do.")
    sheet.comment("Your order of preference when you replace a fulfilled public initiative (first = shown):")
    sheet.example("initiatives: [" + ", ".join(c["id"] for c in state["board"]["initiatives"][:4]) + ", ...]")


def _investy_sheet(sheet: Sheet, state: State, me: str) -> None:
    mine = ", ".join(f"{sector(state, s)['name']} {field(state, me, s)}" for s in sectors(state))
    targets = [f"{k} in {s} (field {field(state, k, s)})" for k in investys(state) if k != me
               for s in sectors(state) if in_danger_zone(state, k, s)]
    sheet.comment(f"Your fields: {mine}. Your hand ({state['investys'][me]['cards']} cards) is in your "
                  "private report.",
                  "One action or none (pass): invest OR manipulate.")
    sheet.example("invest:")
    sheet.example(f"  sector: {sectors(state)[0]}", f"one of {', '.join(sectors(state))}", at=26)
    sheet.example("  steps: 1", "fields to move: costs steps × cost cards of the sector", at=26)
    sheet.example("  jokers: 0", "how many of those cards are jokers", at=26)
    if targets:
        sheet.example("manipulate:", "in a danger zone now: " + "; ".join(targets), at=23)
        sheet.example("  target: " + targets[0].split(" ")[0])
        sheet.example("  sector: " + targets[0].split(" ")[2])
        sheet.example("  steps: 1", "costs steps × (cost + 1) cards", at=24)
        sheet.example("  jokers: 0")
    sheet.example("initiative: " + (state["initiatives"]["open"] or ["(none open)"])[0],
                  "fulfil an open initiative at the end of your turn: +5 cards")
    sheet.line("draw:", "per draw the first entry that can be had: a kind on display, or deck", at=25)
    sheet.line("  - deck")
    sheet.line("  - deck")
    sheet.example("wealth_tax:", "if you end the turn with 21+ cards: which 10 to discard", at=25)
    sheet.example(f"  {sectors(state)[-1]}: 10")


def describe(state: State, player: str, orders: Orders | None) -> list[str]:
    """Each order as the adjudicator reads it."""
    o = orders or {}
    step = step_of(state, player)
    if step is None:
        if o.get("initiatives") and not state["finished"] and player == government(state):
            return ["Initiative preference (H14, kept until changed): " + ", ".join(o["initiatives"]) + "."]
        return ["Not your phase: no orders are used."]
    out: list[str] = []
    if step == "government":
        out += _describe_government(state, o)
    elif step == "investy":
        out += _describe_investy(state, o)
    if "wealth_tax" in o:
        chosen = ", ".join(f"{n} {kind_name(state, k)}" for k, n in o["wealth_tax"].items() if n) or "nothing"
        out.append(f"Wealth tax, if due: discard {chosen}; the rest of the 10 from the lowest cards.")
    elif step == "wealth_tax":
        out.append("Wealth tax: discard the 10 lowest cards (sectors where you stand lowest, jokers last).")
    if o.get("note"):
        out.append(f"Note to the table: {o['note']}")
    return out


def _describe_government(state: State, o: Orders) -> list[str]:
    act = action(state)
    out = []
    if act == "audit":
        out.append(f"Audit: look at the hand of {name(state, o['audit'])}." if o.get("audit")
                   else "Audit: the Investy with the most cards.")
    elif act == "tax":
        changes = [f"{sector(state, c['sector'])['name']} {c['change']:+d}" for c in o.get("tax") or []]
        out.append("Tax policy: " + (", ".join(changes) if changes else "no change") + ".")
    elif act == "grant":
        given = "; ".join(f"{name(state, k)} cards {', '.join(map(str, v))}"
                          for k, v in (o.get("grant") or {}).items() if v)
        out.append("Grant funding: " + (given or "dealt in turn order") + "; cards not named dealt in turn order.")
    else:
        out.append("Holiday break: nothing to do.")
    if o.get("initiatives"):
        out.append("Initiative preference: " + ", ".join(o["initiatives"]) + ".")
    return out


def _describe_investy(state: State, o: Orders) -> list[str]:
    out = []
    if "invest" in o:
        i = o["invest"]
        cost = state["costs"][i["sector"]]
        out.append(f"Invest {i['steps']} field(s) in {sector(state, i['sector'])['name']}: "
                   f"{i['steps'] * cost} cards at cost {cost}, {i.get('jokers', 0)} of them jokers.")
    if "manipulate" in o:
        m = o["manipulate"]
        cost = state["costs"][m["sector"]] + 1
        out.append(f"Manipulate the {sector(state, m['sector'])['name']} market: {name(state, m['target'])} "
                   f"falls back {m['steps']} field(s) for {m['steps'] * cost} cards, "
                   f"{m.get('jokers', 0)} of them jokers.")
    if "invest" not in o and "manipulate" not in o:
        out.append("Pass.")
    if o.get("initiative"):
        out.append(f"At the end of the turn fulfil {initiative(state, o['initiative'])['name']} (+5 cards).")
    draws = list(o.get("draw") or [])
    out.append("Draw two cards, in this order of preference: "
               + (", ".join("deck" if d == "deck" else f"open {kind_name(state, d)}" for d in draws) or "deck")
               + "; then from the deck.")
    return out
