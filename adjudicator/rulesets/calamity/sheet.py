"""The receipt of an order form (``describe``) and the pre-printed order sheet of a phase (``template``). Presentation:
the rules never read it (``orders.py`` holds the forms, their checks and the NMR defaults)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...kit.sheet import Sheet
from . import ledger
from .ledger import name, policies
from .orders import own
from .state import Orders, State, pace
from .tables import CATEGORIES, Tables, course_values, next_quarter, price

# --- describe and template -------------------------------------------------------------------------------------


STANDING_ORDER = (*CATEGORIES, "cover", "year_end")


def _standing_lines(st: State, update: Mapping[str, Any] | None) -> list[str]:
    lines = []
    for cat, rule in sorted((update or {}).items(), key=lambda kv: STANDING_ORDER.index(kv[0])):
        if cat == "year_end":
            lines.append("Standing order for the year end: " + (
                "cancelled (you are asked at the year end)." if rule is None else
                f"return {', '.join(rule)} free of charge." if rule else "keep every policy."))
            continue
        if cat == "cover":
            lines.append("Standing order for Deckung: " + (
                "cancelled (the lowest premiums go first)." if rule is None else
                f"give up {', '.join(rule)} first, then the lowest premiums." if rule else
                "the lowest premiums go first."))
            continue
        if rule is None:
            lines.append(f"Standing order for {cat}: cancelled.")
            continue
        parts = ["return all before the row" if rule.get("before_row") == "return" else "keep before the row"]
        if "after_row" in rule:
            parts.append(f"after the row return each type marked {rule['after_row']} or more times in it")
        if "accept_fee" in rule:
            parts.append(f"accept pass-ons for a fee of {rule['accept_fee']} GE or more")
        else:
            parts.append("refuse pass-ons")
        for e in rule.get("pass", []):
            parts.append(f"at step {e.get('step', 1)} offer {e['policy']} to {name(st, e['to'])} for {e['fee']} GE "
                         f"({'return it' if e.get('if_refused') == 'return' else 'keep it'} if refused)")
        lines.append(f"Standing order for {cat}: " + "; ".join(parts) + ".")
    return lines


def describe(tables: Tables, st: State, p: str, o: Orders) -> list[str]:
    kind = st["phase"]["kind"]
    lines = []
    if kind == "move" and p in st["phase"]["awaited"]:
        for code in o.get("sell", []):
            lines.append(f"Sell {code} to the bank for {price(tables, code, st['token'])} GE.")
        card = o.get("card")
        if isinstance(card, int) and 0 < st["token"] + card <= 52:
            field = tables.track[st["token"] + card]
            lines.append(f"Play card {card}: the token moves from field {st['token']} to {field.number} "
                         f"({field.name}).")
        if o.get("buy"):
            lines.append(f"Buy {', '.join(o['buy'])}.")
        if o.get("tax"):
            lines.append(f"Steuer: {name(st, o['tax'])} pays me 10 GE.")
        for e in o.get("takeover", []):
            lines.append(f"Übernahme: take over {e['policy']} from {name(st, e['from'])}.")
        if o.get("ascot"):
            lines.append(f"Ascot: {name(st, o['ascot'])} shares my luck at the races.")
        if o.get("henley"):
            lines.append(f"Henley: take {o['henley']['policy']} from {name(st, o['henley']['from'])}.")
        for s in o.get("monopoly", []):
            lines.append(f"Monopol: give {s['give']} to {name(st, s['with'])} for their {s['take']}.")
    for code in o.get("return", []):
        fee = ledger.return_fee(tables, st["risk"]["step"]) if kind == "reaction" else 0
        lines.append(f"Return {code} to the bank ({fee} GE).")
    for offer in o.get("pass", []):
        otherwise = "return it" if offer.get("if_refused") == "return" else "keep it"
        lines.append(f"Offer {offer['policy']} to {name(st, offer['to'])} for a fee of {offer['fee']} GE; if "
                     f"refused, {otherwise}.")
    for taken in o.get("accept", []):
        lines.append(f"Accept {taken['policy']} from {name(st, taken['from'])} with a fee of {taken['fee']} GE.")
    if isinstance(o.get("rule"), Mapping) and st.get("risk"):
        lines += [line.replace("Standing order for", "Your rule (kept as the standing order) for", 1)
                  for line in _standing_lines(st, {st["risk"]["category"]: o["rule"]})]
    lines += _standing_lines(st, o.get("standing"))
    return lines or ["No orders: keep everything as it is."]


def _standing_comment(sheet: Sheet, st: State, p: str) -> None:
    standing = own(st, p).get("standing") or {}
    sheet.example("standing:", "kept until replaced; answers for you in risk phases of that category", at=23)
    for cat in CATEGORIES:
        rule = standing.get(cat)
        if rule:
            sheet.example(f"  {cat}: {{{', '.join(f'{k}: {v}' for k, v in rule.items())}}}", "in force now")
        else:
            sheet.example(f"  {cat}: {{before_row: keep, after_row: 2, accept_fee: 10}}")
    cover = standing.get("cover")
    if cover is not None:
        sheet.example(f"  cover: [{', '.join(cover)}]", "in force now", at=22)
    else:
        sheet.example("  cover: [A1, B2]", "Deckung: the policies you give up first if you lack cover", at=22)
    year_end = standing.get("year_end")
    if year_end is not None:
        sheet.example(f"  year_end: [{', '.join(year_end)}]", "in force now", at=22)
    else:
        sheet.example("  year_end: []", "(4)c: the policies you return free at the year end; [] keeps all", at=22)
    sheet.example("  # in a category also: pass: [{policy: C1, to: <player>, fee: 10, step: 1}] (standing offers)")


def _rule_lines(sheet: Sheet, st: State, p: str) -> None:
    """Pace 2: the answer as a rule for the category, kept for its later calamities (house rule "pacing by mail").
    Written out only as comments: nothing is decided for the player by sending the sheet unchanged."""
    if pace(st) < 2:
        return
    cat = st["risk"]["category"]
    sheet.comment(f"Or answer with a rule for {cat}: it decides both steps and the offers to you in this calamity,",
                  f"and stands for the next calamities in {cat} until you change it (you are then not waited for):")
    sheet.example("rule: {before_row: keep, after_row: 2, accept_fee: 10}",
                  "keep|return all before the row; after it return a type the row marks this often or more; take "
                  "offers of this fee or more (leave out: refuse)")


def _course_line(tables: Tables, st: State) -> str:
    """Table 4 on the sheet: the Kurswert now, the next quarter's (a card may take the token there) and the
    annual premium."""
    nxt = next_quarter(tables, st["token"])
    later = (f"; from field {nxt[0]}: " + ", ".join(f"{c} {tables.price[nxt[1]][c]}" for c in CATEGORIES) + " GE"
             if nxt else "")
    return (f"Kurswert (Table 4), {course_values(tables, st['token'])}{later}. Annual premium: "
            + ", ".join(f"{c} {tables.premium[c]}" for c in CATEGORIES) + " GE.")


def template(tables: Tables, st: State, p: str) -> str:
    """A pre-printed order sheet for the open phase, with the player's figures filled in."""
    kind = st["phase"]["kind"]
    cash = st["players"][p]["cash"]
    held = ", ".join(policies(st, p)) or "none"
    sheet = Sheet()
    sheet.comment(f"{name(st, p)}: {cash} GE; policies: {held}. Token on field {st['token']}.")
    sheet.comment(_course_line(tables, st))
    if kind == "move" and p in st["phase"]["awaited"]:
        hand = own(st, p).get("hand")
        if hand:
            fields = ", ".join(f"{c} -> {st['token'] + c} {tables.track[st['token'] + c].name}"
                               for c in sorted(set(hand)))
            sheet.comment(f"Your cards: {', '.join(map(str, hand))} ({fields}).")
            card, which = min(hand), "the card you play"
        else:  # not on a sheet that may go into a public pull request, nor without the player's key
            sheet.comment("Your cards are in your private report ('turnpress open GAME --identity KEYFILE').")
            card, which = 0, "the card you play: one of yours"
        sheet.line("sell: []", "(3)(i) policies to sell now, at this quarter's price", at=22)
        sheet.line(f"card: {card}", f"(3)(ii) {which}", at=22)
        sheet.line("buy: []", "purchase field: up to three policies, e.g. [C1, D2]", at=22)
        sheet.example("tax: <player>", "Steuer: who pays you 10 GE", at=22)
        sheet.example("takeover:", "Übernahme: three policies at the price", at=22)
        sheet.example("  - {policy: C1, from: <player>}")
        sheet.example("ascot: <player>", "Ascot: who shares your luck", at=22)
        sheet.example("henley: {policy: D1, from: <player>}")
        sheet.example("monopoly:", "up to two swaps", at=22)
        sheet.example("  - {give: A1, take: D2, with: <player>}")
    elif kind == "reaction":
        risk = st["risk"]
        cat = risk["category"]
        mine = [c for c in policies(st, p) if c[0] == cat]
        when = ("before the row (4 GE a return)" if risk["step"] == 1 else
                f"row {risk['row']} rolled: " + ", ".join(
                    f"{cat}{t} marked {tables.matrices[cat].row_count(risk['row'], t)}/6" for t in (1, 2, 3))
                + " (20 GE a return)")
        sheet.comment(f"Calamity in {cat}, step {risk['step']}, {when}. Your {cat} policies: "
                      f"{', '.join(mine) or 'none'}.")
        sheet.line("return: []", "policies to return to the bank", at=22)
        sheet.line("pass: []", "e.g. - {policy: " + (mine[0] if mine else f"{cat}1")
                   + ", to: <player>, fee: 10, if_refused: keep}", at=22)
        sheet.line("accept: []", "offers you agreed in the press, e.g. - {policy: C1, from: <player>, fee: 10}",
                   at=22)
        _rule_lines(sheet, st, p)
    elif kind == "answer":
        offers = [x for x in st["risk"]["offers"] if x["to"] == p and x["answer"] is None]
        sheet.comment("Open offers to you. Nothing is accepted unless you list it: copy the lines you accept",
                      "below 'accept:' without the '#'; every offer not listed is refused.")
        for x in offers:
            sheet.example(f"  - {{policy: {x['policy']}, from: {x['from']}, fee: {x['fee']}}}")
        sheet.line("accept: []")
        _rule_lines(sheet, st, p)
    elif kind == "year_end":
        sheet.comment("(4)c return policies to the bank free of charge before the new year.")
        sheet.line("return: []")
        sheet.comment("(a standing order 'year_end: [...]' answers this for you in later years)")
    else:
        sheet.comment("Nothing is due from you in this phase; you may send standing orders.")
    _standing_comment(sheet, st, p)
    return sheet.text()
