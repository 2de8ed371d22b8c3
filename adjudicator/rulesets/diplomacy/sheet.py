"""The pre-printed order sheet of a phase (``template``) and the receipt of orders as the adjudicator understood
them (``describe``), for every map, in the words of the map's presentation (``look.py``). Presentation: the rules
never read it."""

from __future__ import annotations

import re

from ...kit.sheet import Sheet
from ...model import Orders
from .adjudicate import _book, _entries, _power_for, label, legal_moves
from .core import owners_from, read_orders, units_from
from .kinds.build import adjustment_counts, buildable, civil_disorder_removals
from .look import presentation_for
from .notation import judge_notation
from .state import State
from .tables import Map, display, province_of


def describe(m: Map, state: State, player: str, orders: Orders) -> list[str]:
    """The orders as the adjudicator understood them, one line each (the receipt of ``validate``)."""
    power = _power_for(state, player) or ""
    mine, extras = _book(m).split(m, _entries(orders))
    look = presentation_for(m)
    out = look.describe_extra(m, state, power, extras)
    for r in read_orders(m, power, [e for _, e in mine]):
        out.append(look.notation(m, judge_notation(r.order)) if r.order else f"?? {r.text} ({r.error})")
    return out or [m.say({"movement": "(no orders: all units hold)", "retreat": "(no orders: dislodged units disband)",
                          "adjustment": "(no orders: builds waived, removals by civil disorder)"}[state["kind"]])]


def _name(m: Map, power: str) -> str:
    return str(m.powers[power]["name"]) if power in m.powers else power.capitalize()


def template(m: Map, state: State, player: str) -> str:
    power = state["seats"].get(player, "")
    say = m.say
    sheet = Sheet()
    sheet.comment(say("{phase}: orders for {power}. One order a line, in judge notation", phase=label(m, state),
                      power=_name(m, power)),
                  say("('A Par - Bur', 'A Mun S A Bur - Par', 'F Nth C A Lon - Bel', 'A Lvp - Edi via convoy')."))
    presentation_for(m).sheet_comments(sheet, m, state, player)
    orders = 0  # the order lines written: a sheet without one is the empty list
    if state["kind"] == "movement":
        sheet.comment(say("Every unit is written holding; change the line to what it should do."),
                      say("Add a line 'Propose draw' to propose a draw to all survivors."))
        if m.data.get("votes") == "standing":
            sheet.comment(say("A vote stands until you withdraw it ('Withdraw votes'); 'Concede to' and a power "
                              "concedes the game to it."))
        for text in state["units"].get(power, []):
            sheet.line("- " + say("{unit} H", unit=short(text)),
                       say("can move to: {places}", places=", ".join(legal_moves(m, text))))
            orders += 1
        if not state["units"].get(power):
            sheet.comment(say("You have no units."))
            sheet.line("[]")
            return sheet.text()
    elif state["kind"] == "retreat":
        sheet.comment(say("Each dislodged unit disbands unless you write a retreat ('A Par - Bur')."))
        for d in state["dislodged"]:
            if d["power"] == power:
                where = ", ".join(short_region(r) for r in d["retreats"]) or say("nowhere: it must disband")
                sheet.line("- " + say("{unit} disband", unit=short(d["unit"])),
                           say("may retreat to: {places}", places=where))
                orders += 1
    else:
        units = units_from(m, state["units"])
        owners = owners_from(state["supply_centres"])
        n = adjustment_counts(units, owners, m.powers).get(power, 0)
        if n > 0:
            free = buildable(m, power, units, owners)
            sheet.comment(say("You may build {n} unit(s) in: {places}.", n=n,
                              places=", ".join(display(p) for p in free)), *build_hint(m, free))
            for _ in range(min(n, max(len(free), 1))):
                sheet.line("- " + say("Waive"))
                orders += 1
        elif n < 0:
            sheet.comment(say("You must remove {n} unit(s); these lines name the ones civil disorder would take.",
                              n=-n))
            for v in civil_disorder_removals(m, power, units, owners, -n, state["rules"]["civil_disorder"]):
                sheet.line("- " + say("Remove {unit}", unit=v))
                orders += 1
    if not orders:
        sheet.line("[]", say("nothing to order in this phase"))
    return sheet.text()


QUOTED = re.compile(r"'[^']*'")


def build_examples(m: Map, free: list[str]) -> list[str]:
    """Build orders for the player's own free home centres: an army in the first where one may stand, a fleet
    in the first where one may (with its coast), as the player would write them ('Build A Kie', 'Build F Stp/sc').
    Examples of another power's centres would be refused (issue 32)."""
    word = m.text("Build")
    army = next((p for p in free if m.regions_of(p, "army")), None)
    fleets = [r for p in free for r in m.regions_of(p, "fleet")]
    fleet = next((r for r in fleets if province_of(r) != army), fleets[0] if fleets else None)
    return ([f"{word} A {display(army)}"] if army else []) + ([f"{word} F {short_region(fleet)}"] if fleet else [])


def build_hint(m: Map, free: list[str]) -> list[str]:
    """The sheet's line on how to replace a 'Waive', with examples from ``free``; none if nothing is free.

    A map pinned before the line took its examples as values has only the fixed sentence in its language: its
    quoted examples are replaced there, so an old German game's sheet stays German."""
    examples = [f"'{e}'" for e in build_examples(m, free)]
    if not examples:
        return []
    if "Replace a 'Waive' by e.g. {examples}." in m.texts or not m.texts:
        return [m.say("Replace a 'Waive' by e.g. {examples}.", examples=m.say(" or ").join(examples))]
    text = m.say("Replace a 'Waive' by e.g. 'Build A Par' or 'Build F Stp/nc'.")  # the words of maps pinned earlier
    quoted = QUOTED.findall(text)
    if len(quoted) != 3:  # a translation of another shape: better no example than a wrong one
        return []
    head, rest = text.split(quoted[1], 1)
    between, tail = rest.split(quoted[2], 1)
    return [head + examples[0] + (between + examples[1] if len(examples) > 1 else "") + tail]


def short(text: str) -> str:
    letter, region = text.split(" ", 1)
    return f"{letter} {short_region(region)}"


def short_region(region: str) -> str:
    prov, _, coast = region.partition("/")
    return display(prov) + (f"/{coast}" if coast else "")
