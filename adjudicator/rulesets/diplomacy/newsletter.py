"""What people read: the newsletter and the SVG map, for every map (a variant gives its words and its own sections:
``look.py``; the order sheet and the receipt: ``sheet.py``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from html import escape
from typing import Any

from ...kit.gamedata import GameData
from ...kit.markup import md_table, md_text
from ...model import Player
from .adjudicate import due_powers, label, map_of, phase_label
from .core import owners_from
from .drawing import load_drawing
from .look import ENGLISH, NewsWords, presentation_for
from .mapsvg import board as board_svg
from .mapsvg import board_parts as board_svg_parts
from .mapsvg import text_alternative
from .resolver import Outcome
from .sheet import short, short_region
from .state import State
from .tables import Map, display, province_of

# How an order's outcome shows after it in the issue (every Outcome has one: tests/diplomacy check).
OUTCOME_MARKS: dict[Outcome, str] = ENGLISH.outcomes


# ----- newsletter -------------------------------------------------------------------------------------------

def newsletter(data: GameData, state: State, report: dict[str, Any], players: list[Player]) -> str:
    """The issue page of a turn, in the words of the map's presentation (English, or 30JK's German), from the
    game's data ``data`` (its map and the map's drawing)."""
    m = map_of(data, state)
    look = presentation_for(m)
    w = _pinned_lines(look.words, m)
    who = {p.key: md_text(p.name) for p in players}  # Markdown only: a name is player text
    seat = {power: who.get(k, k) for k, power in state["seats"].items()}

    def name(owner: str | None) -> str:
        return w.neutral if owner is None else look.owner_name(m, state, owner)

    phase = _heading(m, report, w.phase_language)
    out = [f"## {phase}", "", *look.sections(m, state, report, "before_orders"), w.orders, ""]
    results = report.get("results", [])
    for power in list(m.powers) + sorted({r["power"] for r in results} - set(m.powers)):
        rows = [r for r in results if r["power"] == power]
        if not rows:
            continue
        held = f" ({seat[power]})" if power in seat else (w.civil_disorder if power in m.powers else "")
        out += [f"**{name(power)}**{held}", ""]
        for r in rows:
            reason = f" — {escape(look.reason(r['reason']))}" if r["reason"] else ""
            out.append(f"- `{look.notation(m, r['order'])}`{w.outcomes[r['result']]}{reason}")
        out.append("")
    out += look.sections(m, state, report, "after_orders")
    if report.get("dislodged"):
        out += [w.dislodged, ""]
        for d in report["dislodged"]:
            where = ", ".join(short_region(r) for r in d["retreats"]) or w.nowhere
            came = w.came_from.format(place=display(d["attacker_from"])) if d["attacker_from"] else w.by_convoy
            out.append(w.dislodged_line.format(power=name(d["power"]), unit=short(d["unit"]), came=came,
                                               where=where))
        out.append("")
    for key, title in w.lists:
        if report.get(key):
            out += [title, "", *(f"- {name(p)}: {', '.join(short(u) for u in us)}" for p, us in report[key].items()),
                    ""]
    if report.get("waived") and w.waived:
        out += [w.waived.format(list=", ".join(f"{name(p)} {n}" for p, n in report["waived"].items())), ""]
    out += look.sections(m, state, report, "after_lists")
    if report.get("centre_changes"):
        out += [w.centre_changes, ""]
        for c in report["centre_changes"]:
            if "freed_from" in c:  # a neutral unit's centre falls free (30JK section 12)
                out.append(w.freed.format(place=m.full_name(c["province"]), name=c["freed_from"]))
            else:
                out.append(f"- {m.full_name(c['province'])}: {name(c['from'])} → {name(c['to'])}")
        out.append("")
    head, align, rows = look.table(m, state, seat)
    out += [w.table, "", *md_table(head, rows, align), ""]
    out += [line for key in w.closing for line in _closing(key, state, report, w, name)]
    out += [w.map, "", svg(data, state, report), "", w.caption.format(phase=phase), ""]
    if load_drawing(m.name, data) is not None:
        out += text_alternative(m, state, name, look.map_words, w.text_map)
    if not state.get("result"):
        due = ", ".join(name(p) for p in due_powers(m, state)) if w.next_due else ""
        nxt = (phase_label(m, str(state["season"]), int(state["year"]), str(state["kind"]), w.phase_language)
               if w.phase_language else label(m, state))
        out.append(w.next.format(phase=nxt) + (w.next_due.format(powers=due) if w.next_due and due else "."))
    return "\n".join(out) + "\n"


# The lines a variant's words leave out (None) because its published pages never wrote them (``look.NewsWords``).
PINNED_LINES = ("waived", "draw_proposals", "skipped", "next_due")


def _pinned_lines(w: NewsWords, m: Map) -> NewsWords:
    """``w`` with the lines it leaves out that the map's messages file says (a game pins that file): a game set up
    with a file that has them says them (the builds waived, the phases skipped, the powers due, in German); a game
    pinned before keeps its published pages as they were (``turnpress verify`` renders them again)."""
    found: dict[str, Any] = {}
    for key in PINNED_LINES:
        english = getattr(ENGLISH, key)
        if getattr(w, key) is None and english in m.texts:
            found[key] = m.texts[english]
    if not found:
        return w
    found["closing"] = w.closing + tuple(k for k in ENGLISH.closing if k in found and k not in w.closing)
    return replace(w, **found)


def _heading(m: Map, report: dict[str, Any], language: str | None) -> str:
    """The phase the page is about: the report's label, or the same phase in ``language``'s words."""
    if language is None:
        return str(report["phase"])
    return phase_label(m, str(report["season"]), int(report["year"]), str(report["kind"]), language)


def _closing(key: str, state: State, report: dict[str, Any], w: NewsWords,
             name: Callable[[str | None], str]) -> list[str]:
    """The lines after the centres table for the report's ``key``, where it has one and the words say it."""
    if not report.get(key):
        return []
    if key == "votes":  # votes that stand until withdrawn (issue 29)
        cast = {p: w.vote_draw if v[0] == "draw" else w.vote_concede.format(power=name(v[1]))
                for p, v in report["votes"].items()}
        return [w.votes.format(votes=", ".join(f"{name(p)} ({c})" for p, c in cast.items())), ""]
    if key == "victory":
        winner = report["victory"]
        return [w.victory.format(power=name(winner), n=len(state["supply_centres"][winner])), ""]
    text = {"draw_proposals": w.draw_proposals, "draw": w.draw, "skipped": w.skipped}[key]
    if text is None:
        return []
    names = report[key] if key == "skipped" else [name(p) for p in report[key]]
    return [text.format(powers=", ".join(names), phases=", ".join(names)), ""]


def board(data: GameData, state: State) -> str:
    """The position as SVG (the site's map page and the orders page's: each shape names its region)."""
    return svg(data, state, regions=True)


def board_parts(data: GameData, state: State) -> tuple[str, str] | None:
    """``board`` as its base and the turn's part (``mapsvg.board_parts``), or None for a map without a drawing
    (the schematic is drawn whole)."""
    m = map_of(data, state)
    d = load_drawing(m.name, data)
    if d is None:
        return None
    look = presentation_for(m)
    return board_svg_parts(m, d, state, colour=look.colours(m, state),
                           name=lambda o: look.owner_name(m, state, o), words=look.map_words,
                           legend_notes=look.legend_notes(m, state))


def svg(data: GameData, state: State, report: dict[str, Any] | None = None, *, regions: bool = False) -> str:
    """The map with the position and the turn's orders as arrows: the map's drawing where it has one (shapes
    carved from Natural Earth along its borders), else a schematic of labelled dots (from the game's ``data``)."""
    m = map_of(data, state)
    d = load_drawing(m.name, data)
    if d is None:
        return schematic(m, state)
    look = presentation_for(m)
    return board_svg(m, d, state, report, colour=look.colours(m, state),
                     name=lambda o: look.owner_name(m, state, o), words=look.map_words,
                     legend_notes=look.legend_notes(m, state), regions=regions)


def schematic(m: Map, state: State) -> str:
    """A schematic map: provinces as labelled dots coloured by owner, borders as lines, units as letters."""
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
