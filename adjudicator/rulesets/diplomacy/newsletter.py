"""What people read: the order schema, the pre-printed order sheet, the newsletter and the SVG map."""

from __future__ import annotations

import re
from html import escape
from typing import Any

from ...markup import md_table, md_text
from ...model import Player, State
from ...sheet import Sheet
from .adjudicate import _m, _player_for, due_powers, label, legal_moves
from .core import owners_from, units_from
from .drawing import load_drawing
from .mapdata import Map, display, province_of
from .mapsvg import Words, text_alternative
from .mapsvg import board as board_svg
from .phases import adjustment_counts, buildable, civil_disorder_removals
from .resolver import Outcome
from .rulebook import rulebook_for

_ENTRY_PROPS = {
    "unit": {"type": "string", "description": "the unit ordered, e.g. 'A Par' or 'F Stp/sc'"},
    "hold": {"type": "boolean", "description": "true: the unit holds"},
    "move": {"type": "string", "description": "where the unit moves, e.g. 'Bur' or 'Spa/nc'"},
    "via_convoy": {"type": "boolean", "description": "true: the army moves by convoy even next door"},
    "support": {"type": "string", "description": "the unit supported and its move: 'A Bur - Par' or 'A Bur'"},
    "convoy": {"type": "string", "description": "the army convoyed and its move: 'A Lon - Bel'"},
    "retreat": {"type": "string", "description": "where a dislodged unit retreats"},
    "disband": {"type": "boolean", "description": "true: the dislodged unit disbands"},
    "build": {"type": "string", "description": "the unit to build: 'A Par' or 'F Stp/nc'"},
    "remove": {"type": "string", "description": "the unit to remove: 'F Nth'"},
    "waive": {"type": "boolean", "description": "true: give up one build"},
    "draw": {"type": "boolean", "description": "true: propose a draw (movement phases)"},
}
# the keys of standing votes, on maps whose votes stand until withdrawn (``votes: standing``; issue 29)
_VOTE_PROPS = {
    "withdraw": {"type": "boolean", "description": "true: withdraw this power's standing draw or concession vote"},
    "concede": {"type": "string", "maxLength": 40, "description": "concede the game to this power (a vote)"},
}

# keys of orders only some maps have (``order_types`` of the map): order type -> (key, schema)
_ORDER_TYPE_PROPS = {
    "transform": ("transform", {"type": "string", "minLength": 1, "maxLength": 20,
                                "description": "what the unit becomes, holding meanwhile: 'F', 'A', or 'F/nc' "
                                               "with the coast where the province has two, e.g. {unit: A FAns, "
                                               "transform: F/nc} is 'A FAns T F/nc'"}),
    "double_move": ("via", {"type": "string", "minLength": 1, "maxLength": 60,
                            "description": "a fleet's double move downstream: the province it passes, with move: "
                                           "the target, e.g. {unit: F Lun, via: Ham, move: ElbM} is "
                                           "'F Lun - Ham - ElbM'"}),
}


def entry_properties(m: Map) -> dict[str, Any]:
    """The keys of a structured order on this map: the standard ones, those of its extra order types, and the
    variant's own (religious actions in 30JK)."""
    props: dict[str, Any] = dict(_ENTRY_PROPS)
    for order_type, (key, schema) in _ORDER_TYPE_PROPS.items():
        if order_type in m.data.get("order_types", ()):
            props[key] = schema
    if m.data.get("votes") == "standing":
        props.update(_VOTE_PROPS)
    props.update(rulebook_for(m).entry_properties(m))
    return {k: {**v, "description": m.text(v["description"])} if "description" in v else v for k, v in props.items()}


def order_schema(state: State) -> dict[str, Any]:
    m = _m(state)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "array",
        "description": m.say("Orders for {phase}: one per entry, in judge notation or as a mapping",
                             phase=label(state)),
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


# How an order's outcome shows after it in the issue (every Outcome has one: tests/diplomacy check).
OUTCOME_MARKS: dict[Outcome, str] = {"succeeds": "", "fails": " *(fails)*", "invalid": " *(invalid)*"}


def _name(m: Map, power: str) -> str:
    return str(m.powers[power]["name"]) if power in m.powers else power.capitalize()


def template(state: State, player: str) -> str:
    m = _m(state)
    power = state["seats"].get(player, "")
    say = m.say
    sheet = Sheet()
    sheet.comment(say("{phase}: orders for {power}. One order a line, in judge notation", phase=label(state),
                      power=_name(m, power)),
                  say("('A Par - Bur', 'A Mun S A Bur - Par', 'F Nth C A Lon - Bel', 'A Lvp - Edi via convoy')."))
    rulebook_for(m).sheet_comments(sheet, m, state, player)
    orders = 0  # the order lines written: a sheet without one is the empty list
    if state["kind"] == "movement":
        sheet.comment(say("Every unit is written holding; change the line to what it should do."),
                      say("Add a line 'Propose draw' to propose a draw to all survivors."))
        if m.data.get("votes") == "standing":
            sheet.comment(say("A vote stands until you withdraw it ('Withdraw votes'); 'Concede to' and a power "
                              "concedes the game to it."))
        for text in state["units"].get(power, []):
            sheet.line("- " + say("{unit} H", unit=_short(text)),
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
                where = ", ".join(_short_region(r) for r in d["retreats"]) or say("nowhere: it must disband")
                sheet.line("- " + say("{unit} disband", unit=_short(d["unit"])),
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
    return ([f"{word} A {display(army)}"] if army else []) + ([f"{word} F {_short_region(fleet)}"] if fleet else [])


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


def _short(text: str) -> str:
    letter, region = text.split(" ", 1)
    return f"{letter} {_short_region(region)}"


def _short_region(region: str) -> str:
    prov, _, coast = region.partition("/")
    return display(prov) + (f"/{coast}" if coast else "")


# ----- newsletter -------------------------------------------------------------------------------------------

def newsletter(state: State, report: dict[str, Any], players: list[Player]) -> str:
    m = _m(state)
    own = rulebook_for(m).newsletter(m, state, report, players)
    if own is not None:
        return own
    who = {p.key: md_text(p.name) for p in players}  # Markdown only: a name is player text
    out = [f"## {report['phase']}", ""]
    results = report.get("results", [])
    out += ["### Orders", ""]
    for power in m.powers:
        rows = [r for r in results if r["power"] == power]
        if not rows:
            continue
        player = _player_for(state, power)
        seat = f" ({who.get(player, player)})" if player else " (civil disorder)"
        out.append(f"**{_name(m, power)}**{seat}")
        out.append("")
        for r in rows:
            mark = OUTCOME_MARKS[r["result"]]
            reason = f" — {escape(r['reason'])}" if r["reason"] else ""
            out.append(f"- `{r['order']}`{mark}{reason}")
        out.append("")
    if report.get("dislodged"):
        out += ["### Dislodged", ""]
        for d in report["dislodged"]:
            where = ", ".join(_short_region(r) for r in d["retreats"]) or "none (it will disband)"
            came = f" from {display(d['attacker_from'])}" if d["attacker_from"] else " by convoy"
            out.append(f"- {_name(m, d['power'])} `{_short(d['unit'])}`, attacked{came}; may retreat to: {where}")
        out.append("")
    for key, title in (("disbanded", "Disbanded"), ("built", "Built"), ("removed", "Removed"),
                       ("civil_disorder", "Removed in civil disorder")):
        if report.get(key):
            out += [f"### {title}", ""]
            for power, units in report[key].items():
                out.append(f"- {_name(m, power)}: {', '.join(_short(u) for u in units)}")
            out.append("")
    if report.get("waived"):
        out.append("Builds waived: " + ", ".join(f"{_name(m, p)} {n}" for p, n in report["waived"].items()) + ".")
        out.append("")
    if report.get("centre_changes"):
        out += ["### Supply centres changing hands", ""]
        for c in report["centre_changes"]:
            old = _name(m, c["from"]) if c["from"] else "neutral"
            out.append(f"- {m.full_name(c['province'])}: {old} → {_name(m, c['to'])}")
        out.append("")
    rows = []
    for power in m.powers:
        player = _player_for(state, power)
        centres = state["supply_centres"].get(power, [])
        rows.append([_name(m, power), who.get(player, player) if player else "—", len(centres),
                     len(state["units"].get(power, [])), ", ".join(display(c) for c in centres)])
    out += ["### Supply centres", "", *md_table(["Power", "Player", "Centres", "Units", "Owned"], rows, "llrr"), ""]
    if report.get("draw_proposals"):
        out.append("Draw proposed by: " + ", ".join(_name(m, p) for p in report["draw_proposals"]) + ".")
        out.append("")
    if report.get("votes"):  # votes that stand until withdrawn (issue 29)
        out += ["Votes standing: " + ", ".join(
            f"{_name(m, p)} ({'draw' if v[0] == 'draw' else 'concedes to ' + _name(m, v[1])})"
            for p, v in report["votes"].items()) + ".", ""]
    if report.get("victory"):
        out += [f"**{_name(m, report['victory'])} wins with {len(state['supply_centres'][report['victory']])} "
                "supply centres.**", ""]
    if report.get("draw"):
        out += ["**The game ends in a draw between " + ", ".join(_name(m, p) for p in report["draw"]) + ".**", ""]
    if report.get("skipped"):
        out += ["No orders were needed for: " + ", ".join(report["skipped"]) + ".", ""]
    out += ["### Map", "", svg(state, report), "",
            f"*The position after {report['phase']}. Arrows are moves (dashed with a cross: failed), thin dashed "
            "lines supports, dotted lines convoys; a red dashed square is a dislodged unit.*", ""]
    d = load_drawing(m.name)
    if d is not None:
        out += text_alternative(m, state, lambda o: _name(m, o), Words(),
                                "The map as text: units and supply centres of each power")
    if not state.get("result"):
        due = ", ".join(_name(m, p) for p in due_powers(state))
        out.append(f"Next: **{label(state)}**" + (f" — orders due from {due}." if due else "."))
    return "\n".join(out) + "\n"


def board(state: State) -> str:
    """The position as SVG, in the map's own drawing where its variant has one (the site's map page and the
    orders page's: each shape names its region)."""
    m = _m(state)
    return rulebook_for(m).board_svg(m, state) or svg(state, regions=True)


def svg(state: State, report: dict[str, Any] | None = None, *, regions: bool = False) -> str:
    """The map with the position and the turn's orders as arrows: the map's drawing where it has one (shapes
    carved from Natural Earth along its borders), else a schematic of labelled dots."""
    m = _m(state)
    d = load_drawing(m.name)
    if d is not None:
        colour = {p: str(v["colour"]) for p, v in m.powers.items()}
        return board_svg(m, d, state, report, colour=colour, name=lambda o: _name(m, o), regions=regions)
    return schematic(state)


def schematic(state: State) -> str:
    """A schematic map: provinces as labelled dots coloured by owner, borders as lines, units as letters."""
    m = _m(state)
    w, h = m.data.get("size", [1000, 820])
    owners = owners_from(state["supply_centres"])
    colour = {p: str(d["colour"]) for p, d in m.powers.items()}
    xy = {p: tuple(d["xy"]) for p, d in m.provinces.items()}
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="100%" role="img" '
             f'aria-label="Map of the position" font-family="sans-serif" font-size="11">',
             f'<rect width="{w}" height="{h}" fill="#f4f1e8"/>']
    seen = set()
    for a, b, kind in m.data["borders"]:
        pa, pb = province_of(a), province_of(b)
        if (pa, pb) in seen or (pb, pa) in seen:
            continue
        seen.add((pa, pb))
        dash = ' stroke-dasharray="4 3"' if kind == "sea" else ""
        (x1, y1), (x2, y2) = xy[pa], xy[pb]
        parts.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#c9c2ad"{dash}/>')
    for prov in sorted(m.provinces):
        d = m.provinces[prov]
        x, y = xy[prov]
        terrain = d["terrain"]
        fill = {"sea": "#cfe3f0", "impassable": "#bbbbbb"}.get(terrain, "#ffffff")
        if prov in owners:
            fill = colour.get(owners[prov], fill)
        r = 9 if d.get("supply_centre") else 6
        parts.append(f'<circle cx="{x}" cy="{y}" r="{r}" fill="{fill}" stroke="#6b6456"><title>'
                     f'{escape(str(d["name"]))}</title></circle>')
        parts.append(f'<text x="{x}" y="{y + 21}" text-anchor="middle" fill="#4a4438">{display(prov)}</text>')
    for power, units in state["units"].items():
        for text in units:
            letter, region = text.split(" ", 1)
            prov, _, coast = region.partition("/")
            x, y = m.provinces[prov]["coasts"][coast]["xy"] if coast else xy[prov]
            parts.append(f'<rect x="{x - 10}" y="{y - 26}" width="20" height="16" rx="3" fill="{colour.get(power)}" '
                         f'stroke="#222"/><text x="{x}" y="{y - 14}" text-anchor="middle" fill="#fff" '
                         f'font-weight="bold">{letter}</text>')
    for d in state.get("dislodged", []):
        letter, region = d["unit"].split(" ", 1)
        x, y = xy[province_of(region)]
        parts.append(f'<rect x="{x + 8}" y="{y - 8}" width="18" height="14" rx="3" fill="none" '
                     f'stroke="{colour.get(d["power"])}" stroke-width="2" stroke-dasharray="3 2"/>'
                     f'<text x="{x + 17}" y="{y + 3}" text-anchor="middle">{letter}</text>')
    parts.append("</svg>")
    return "".join(parts)
