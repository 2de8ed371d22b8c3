"""The position on a map drawing as SVG: provinces coloured by their centre's owner, coasts, rivers with their
names and flow, units, the turn's orders as arrows, and a legend below the map; and the same as text.

Everything is drawn from the map's drawing (``drawing.py``) and the map data: no geometry is computed here
beyond placing arrows between the places the drawing gives.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from html import escape
from typing import Any

from ...kit.palette import text_on
from .drawing import CHAR_WIDTH, Drawing, label_boxes
from .notation import OrderError, read_order
from .tables import Map, display

SEA, LAND, OUTSIDE_LAND, OUTSIDE_SEA = "#dbe8f1", "#f6f3ea", "#dedbd2", "#e9f1f7"  # pale water: no power's colour
RIVER, BORDER, INK, FAILED = "#2f6fb8", "#8c8370", "#222222", "#c0262d"
REALM_DASH = "14 4 3 4"  # a realm's border: dash and dot, as atlases draw a state's frontier


@dataclass(frozen=True)
class Words:
    """What the map writes, in the game's language (30JK's German: ``variants/dreissigjaehriger_krieg/words.py``)."""

    title: str = "Map of the position"
    centre: str = "supply centre"
    move: str = "move"
    failed: str = "failed"
    support: str = "support"
    convoy: str = "convoy"
    dislodged: str = "dislodged"
    river: str = "river (arrows: flow)"
    link: str = "neighbours across water"
    units: str = "Units"
    centres: str = "Centres"
    nothing: str = "none"
    coasts: dict[str, str] = field(default_factory=lambda: {"nc": "NC", "sc": "SC", "ec": "EC", "wc": "WC"})


def _owners(state: Mapping[str, Any]) -> dict[str, str]:
    return {p: o for o, ps in state["supply_centres"].items() for p in ps}


def board(m: Map, d: Drawing, state: Mapping[str, Any], report: dict[str, Any] | None, *,
          colour: dict[str, str], name: Callable[[str], str], words: Words = Words(),
          legend_notes: dict[str, str] | None = None, regions: bool = False) -> str:
    """The SVG of the position ``state`` after the turn ``report`` (None: no arrows); with ``regions`` each
    shape names its region (the orders page's map, ``assets/orders_map.js``)."""
    w, h = d.size
    owners = _owners(state)
    legend, legend_h = _legend(m, d, state, colour, name, words, legend_notes or {}, h)
    out = [_head(m, d, state, name, words, h + legend_h), _defs(d.font, bool(d.data.get("realm"))),
           f'<rect width="{w}" height="{h + legend_h}" fill="#ffffff"/>',
           *_ground(m, d, {p: colour.get(o, "#999999") for p, o in owners.items()}, words, regions)]
    if report:
        out += _orders(m, d, report, d.font, colour)
    out += _units(d, state, d.font, colour, name, regions)
    out += _dislodged(m, d, state, report, d.font, colour, words, regions)
    out += legend
    out.append("</svg>")
    return "".join(out)


# Where the turn's part of the orders page's map takes the base's drawing (``board_parts``, ``orders_map.js``)
BASE_PLACE = '<g data-tp-base=""/>'


def board_parts(m: Map, d: Drawing, state: Mapping[str, Any], *, colour: dict[str, str],
                name: Callable[[str], str], words: Words = Words(),
                legend_notes: dict[str, str] | None = None) -> tuple[str, str]:
    """The orders page's map (``board`` with ``regions``) in two (issue 30, "data sent once per place"): the base,
    what is the same whatever the position (the sea, the provinces' shapes in their plain colours, lakes, rivers,
    names, centres' dots, coasts: nine tenths of the bytes), a site file shared by every turn and game on this
    map, which a browser keeps; and the turn's, the frame with everything else (the title and text, the owners'
    colours as a style of the shapes by their ``data-region``, the units, the legend), whose ``BASE_PLACE`` the
    page fills with the base's children. Drawn together they are ``board``'s drawing."""
    w, h = d.size
    owners = _owners(state)
    legend, legend_h = _legend(m, d, state, colour, name, words, legend_notes or {}, h)
    base = "".join([f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}">',
                    _defs(d.font, bool(d.data.get("realm"))), *_ground(m, d, {}, words, True), "</svg>"])
    owned = "".join(f'path[data-region="{_css(_region(p))}"]{{fill:{colour.get(o, "#999999")};fill-opacity:0.7}}'
                    for p, o in sorted(owners.items()) if p in d.data["provinces"])
    turn = "".join([_head(m, d, state, name, words, h + legend_h),
                    f'<rect width="{w}" height="{h + legend_h}" fill="#ffffff"/>', BASE_PLACE,
                    f"<style>{escape(owned, quote=False)}</style>",
                    *_units(d, state, d.font, colour, name, True),
                    *_dislodged(m, d, state, None, d.font, colour, words, True), *legend, "</svg>"])
    return base, turn


def _css(text: str) -> str:
    """``text`` inside a CSS string in double quotes."""
    return text.replace("\\", "\\5c ").replace('"', "\\22 ").replace("\n", "\\a ")


def _head(m: Map, d: Drawing, state: Mapping[str, Any], name: Callable[[str], str], words: Words,
          height: int) -> str:
    """The drawing's opening tag, title and text alternative (``height``: the map's and the legend's)."""
    w, _ = d.size
    desc = escape(" ".join(text_lines(m, state, name, words)))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="tp-map" viewBox="0 0 {w} {height}" width="100%" '
            f'role="img" aria-label="{escape(words.title)}" font-family="sans-serif" font-size="{d.font}">'
            f"<title>{escape(words.title)}</title><desc>{desc}</desc>")


def _ground(m: Map, d: Drawing, fills: Mapping[str, str], words: Words, regions: bool) -> list[str]:
    """Everything the position does not change: the sea and the land outside, each province's shape (filled
    with its owner's colour where ``fills`` has one), lakes, the realm, rivers, links, names and coasts."""
    w, h = d.size
    out = [f'<rect width="{w}" height="{h}" fill="{OUTSIDE_SEA}"/>',
           f'<path d="{d.data["outside"]["land"]}" fill="{OUTSIDE_LAND}" stroke="{BORDER}" stroke-width="0.5"/>']
    at = _at if regions else _nowhere
    for prov in sorted(d.data["provinces"], key=str.lower):
        fill = SEA if m.terrain(prov) == "sea" else LAND
        extra = ""
        if prov in fills:
            fill, extra = fills[prov], ' fill-opacity="0.7"'
        out.append(f'<path d="{d.shape(prov)}" fill="{fill}"{extra} fill-rule="evenodd" stroke="{BORDER}" '
                   f'stroke-width="0.9"{at(d, prov)}><title>{escape(m.full_name(prov))} ({display(prov)})</title>'
                   '</path>')
    # On the orders page's map a click goes to the province beneath whatever else is drawn over it: lakes,
    # rivers and their flow marks, links (which run across provinces) take none
    inert = ' pointer-events="none"' if regions else ""
    out += [f'<path d="{lake}" fill="{SEA}" stroke="{RIVER}" stroke-width="0.4"{inert}/>'
            for lake in d.data.get("lakes", [])]
    out += _realm(d)
    out += _rivers(d, d.font, inert)
    for link in d.data.get("links", []):
        (x1, y1), (x2, y2) = (d.place(p) for p in link["between"])
        out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{RIVER}" stroke-width="2.5" '
                   f'stroke-dasharray="7 5"{inert}><title>{escape(str(link["why"]))}</title></line>')
    out += _names(m, d, d.font, words, regions)
    return out


def _defs(f: int, realm: bool) -> str:
    head = ('<marker id="tp-head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" '
            'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="context-stroke"/></marker>')
    if realm:  # hatching for the land outside the realm
        head += ('<pattern id="tp-outside" width="7" height="7" patternUnits="userSpaceOnUse" '
                 f'patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="7" stroke="{INK}" '
                 'stroke-width="1.4" stroke-opacity="0.45"/></pattern>')
    return (f"<defs>{head}<style>.tp-halo{{paint-order:stroke;stroke:#fff;stroke-width:{f * 0.25:.1f}px;"
            "stroke-linejoin:round}</style></defs>")


def _realm(d: Drawing) -> list[str]:
    """The realm the map is of (the Empire of 1618 on the Thirty Years' War's): the provinces outside it
    hatched, its border where they meet the provinces inside. Neither takes a click (the orders page's map)."""
    realm = d.data.get("realm")
    if not realm:
        return []
    out = [f'<path d="{d.shape(prov)}" fill="url(#tp-outside)" stroke="none" pointer-events="none">'
           f'<title>{escape(str(why))}</title></path>' for prov, why in sorted(realm["outside"].items())]
    out.append(f'<path class="tp-realm" d="{" ".join(realm["border"])}" fill="none" stroke="{INK}" '
               f'stroke-width="3.5" stroke-dasharray="{REALM_DASH}" stroke-linejoin="round" pointer-events="none">'
               f'<title>{escape(str(realm["border_label"]))}</title></path>')
    return out


def _rivers(d: Drawing, f: int, inert: str = "") -> list[str]:
    out = []
    for river, course in d.data.get("rivers", {}).items():
        pts = [tuple(p) for p in course["points"]]
        line = " ".join(f"{x},{y}" for x, y in pts)
        out.append(f'<polyline class="tp-river" points="{line}" fill="none" stroke="{RIVER}" stroke-width="3.2" '
                   f'stroke-linejoin="round" opacity="0.9"{inert}><title>{escape(river)}</title></polyline>')
        for x, y, angle in _along(pts, 4.5 * f):
            out.append(f'<path d="M-4,-4 L3,0 L-4,4" fill="none" stroke="#fff" stroke-width="1.6" '
                       f'transform="translate({x:.0f},{y:.0f}) rotate({angle:.0f})"{inert}/>')
        lx, ly = course["label"]
        out.append(f'<text x="{lx}" y="{ly}" class="tp-halo" fill="{RIVER}" font-style="italic" '
                   f'font-size="{f * 0.85:.0f}" text-anchor="middle"{inert}>{escape(river)}</text>')
    return out


def _along(pts: list[tuple[float, float]], step: float) -> list[tuple[float, float, float]]:
    """Points every ``step`` along a polyline with the direction there (flow marks)."""
    out, carry = [], step / 2
    for (x1, y1), (x2, y2) in zip(pts, pts[1:], strict=False):
        seg = math.dist((x1, y1), (x2, y2))
        t = carry
        while t < seg:
            out.append((x1 + (x2 - x1) * t / seg, y1 + (y2 - y1) * t / seg,
                        math.degrees(math.atan2(y2 - y1, x2 - x1))))
            t += step
        carry = t - seg
    return out


def _names(m: Map, d: Drawing, f: int, words: Words, regions: bool) -> list[str]:
    at = _at if regions else _nowhere
    out = []
    for prov in sorted(d.data["provinces"], key=str.lower):
        x, y = d.place(prov)
        sc = m.provinces[prov].get("supply_centre")
        text = display(prov)
        bold = ' font-weight="bold"' if sc else ""
        # on the orders page's map a province's name and its centre's dot are the province's to click
        out.append(f'<text x="{x}" y="{y + 1.3 * f:.0f}" class="tp-halo" fill="{INK}" text-anchor="middle"{bold}'
                   f'{at(d, prov)}>{escape(text)}</text>')
        if sc:
            out.append(f'<circle cx="{x}" cy="{y - 0.2 * f:.0f}" r="{0.28 * f:.1f}" fill="#fff" stroke="{INK}" '
                       f'stroke-width="1.5"{at(d, prov)}><title>{escape(words.centre)}</title></circle>')
    for region, (x, y) in sorted(d.data.get("coasts", {}).items()):
        coast = region.split("/")[1]
        group, end = (f"<g{at(d, region)}>", "</g>") if regions else ("", "")
        out.append(f'{group}<circle cx="{x}" cy="{y}" r="{0.7 * f:.1f}" fill="#fff" fill-opacity="0.8" '
                   f'stroke="{RIVER}" stroke-width="1.2"/><text x="{x}" y="{y + 0.33 * f:.0f}" fill="{RIVER}" '
                   f'font-size="{0.85 * f:.0f}" '
                   f'text-anchor="middle">{escape(words.coasts.get(coast, coast))}</text>{end}')
    return out


def _units(d: Drawing, state: Mapping[str, Any], f: int, colour: dict[str, str],
           name: Callable[[str], str], regions: bool) -> list[str]:
    at = _at if regions else _nowhere
    out = []
    for owner in sorted(state["units"]):
        fill = colour.get(owner, "#777777")
        for unit in state["units"][owner]:
            letter, region = unit.split(" ", 1)
            x, y = d.place(region)
            s = 0.65 * f
            out.append(f'<g{at(d, region)}><title>{escape(name(owner))}: {escape(letter)} '
                       f'{escape(_region(region))}</title>'
                       f'<rect x="{x - s:.0f}" y="{y - 0.75 * f:.0f}" width="{2 * s:.0f}" height="{1.1 * f:.0f}" '
                       f'rx="3" fill="{fill}" stroke="{INK}" stroke-width="1.2"/>'
                       f'<text x="{x}" y="{y + 0.12 * f:.0f}" text-anchor="middle" font-weight="bold" '
                       f'font-size="{0.9 * f:.0f}" fill="{text_on(fill)}">{escape(letter)}</text></g>')
    return out


def _dislodged(m: Map, d: Drawing, state: Mapping[str, Any], report: dict[str, Any] | None, f: int,
               colour: dict[str, str], words: Words, regions: bool = False) -> list[str]:
    rows = (report or {}).get("dislodged") or state.get("dislodged") or []
    at = _at if regions else _nowhere  # the retreating unit is clicked where it is drawn, beside its province
    out = []
    s = 0.55 * f
    taken = list(label_boxes(d, m.supply_centres()).items())
    for row in rows:
        letter, region = row["unit"].split(" ", 1)
        px, py = d.place(region)
        # beside the unit that took its place, where no other province's name, unit or mark is written
        own = region.split("/")[0]
        spots = [(px + dx * f, py + dy * f) for dx, dy in ((0.85, -1.0), (1.3, -0.2), (-1.3, -0.2), (-0.85, -1.0))]
        free = [(x, y) for x, y in spots if not any(k != own and x - s < b[2] and b[0] < x + s and y - s < b[3]
                                                    and b[1] < y + s for k, b in taken)]
        x, y = (free or spots)[0]
        taken.append((region, (x - s, y - s, x + s, y + s)))
        fill = colour.get(row["power"], "#777777")
        out.append(f'<g class="tp-dislodged"{at(d, region)}><title>{escape(words.dislodged)}: '
                   f'{escape(row["unit"])}</title>'
                   f'<rect x="{x - s:.0f}" y="{y - s:.0f}" width="{2 * s:.0f}" height="{2 * s:.0f}" rx="3" '
                   f'fill="{fill}" stroke="{FAILED}" stroke-width="2.5" '
                   f'stroke-dasharray="3 2"/><text x="{x:.0f}" y="{y + 0.3 * f:.0f}" text-anchor="middle" '
                   f'font-size="{0.9 * f:.0f}" font-weight="bold" fill="{text_on(fill)}">'
                   f'{escape(letter)}</text></g>')
    return out


def _shorten(a: tuple[float, float], b: tuple[float, float], start: float, end: float
             ) -> tuple[float, float, float, float]:
    (x1, y1), (x2, y2) = a, b
    n = math.dist(a, b) or 1.0
    ux, uy = (x2 - x1) / n, (y2 - y1) / n
    return x1 + ux * start, y1 + uy * start, x2 - ux * end, y2 - uy * end


def _orders(m: Map, d: Drawing, report: dict[str, Any], f: int, colour: dict[str, str]) -> list[str]:
    """Moves and retreats as arrows in the power's colour (dashed with a cross where they failed), supports
    as thin dashed lines to the place supported, convoys as dotted lines."""
    out = []
    boxes = label_boxes(d, m.supply_centres())

    def clear(region: str, at: tuple[float, float], to: tuple[float, float], least: float) -> float:
        """How far from ``at`` towards ``to`` the arrow starts or stops: beyond the name and unit written at
        ``at`` (an arrow over them hid the name it came from or went to), if the arrow stays long enough."""
        box = boxes.get(region) or boxes[region.split("/")[0]]
        n = math.dist(at, to) or 1.0
        ux, uy = (to[0] - at[0]) / n, (to[1] - at[1]) / n
        exits = [(box[2] - at[0]) / ux if ux > 0 else (box[0] - at[0]) / ux if ux < 0 else math.inf,
                 (box[3] - at[1]) / uy if uy > 0 else (box[1] - at[1]) / uy if uy < 0 else math.inf]
        return max(least, min(exits) + 0.15 * f)

    for row in report.get("results", []):
        if row.get("result") == "invalid":
            continue
        try:
            o = read_order(m, row["order"])
        except OrderError:
            continue
        if not o.region:
            continue
        c = colour.get(row.get("power", ""), "#777777")
        ok = row.get("result") == "succeeds"
        here: tuple[float, float] = d.place(o.region)
        if o.kind in ("move", "retreat") and o.target:
            there: tuple[float, float] = d.place(o.target)
            start = clear(o.region, here, d.place(o.via) if o.via else there, 0.6 * f)
            if o.via:
                mid: tuple[float, float] = d.place(o.via)
                out.append(_arrow(here, mid, f, c, ok, head=False, gaps=(start, 0)))
                here, start = mid, 0.6 * f
            end = clear(o.target, there, here, 0.8 * f)
            if start + end > math.dist(here, there) - 0.8 * f:  # too short beside the names: as close as before
                start, end = 0.6 * f, 0.8 * f
            out.append(_arrow(here, there, f, c, ok, gaps=(start, end)))
        elif o.kind == "support" and o.other:
            there = d.place(o.target) if o.target else d.place(o.other)
            if o.target:
                a, b = d.place(o.other), d.place(o.target)
                there = ((a[0] + 2 * b[0]) / 3, (a[1] + 2 * b[1]) / 3)
            x1, y1, x2, y2 = _shorten(here, there, 0.7 * f, 0.2 * f)
            out.append(f'<line class="tp-support" x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" '
                       f'stroke="{c}" stroke-width="2.2" stroke-dasharray="6 4"/>'
                       f'<circle cx="{x2:.0f}" cy="{y2:.0f}" r="{0.22 * f:.1f}" fill="{c}" stroke="{INK}"/>')
        elif o.kind == "convoy" and o.other and o.target:
            a, b = d.place(o.other), d.place(o.target)
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            x1, y1, x2, y2 = _shorten(here, mid, 0.7 * f, 0)
            out.append(f'<line class="tp-convoy" x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" '
                       f'stroke="{c}" stroke-width="2.2" stroke-dasharray="1.5 4" stroke-linecap="round"/>')
    return out


def _arrow(a: tuple[float, float], b: tuple[float, float], f: int, c: str, ok: bool, head: bool = True,
           gaps: tuple[float, float] | None = None) -> str:
    x1, y1, x2, y2 = _shorten(a, b, *(gaps or (0.6 * f, 0.8 * f if head else 0)))
    dash = "" if ok else ' stroke-dasharray="7 4"'
    marker = ' marker-end="url(#tp-head)"' if head else ""
    kind = "tp-move" if ok else "tp-move tp-failed"
    line = (f'<line class="{kind}" x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" stroke="{INK}" '
            f'stroke-width="5.5" '
            f'stroke-linecap="round"{dash}/>'
            f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" stroke="{c}" stroke-width="3" '
            f'stroke-linecap="round"{dash}{marker}/>')
    if not ok:
        line += _cross((x1 + x2) / 2, (y1 + y2) / 2, 0.4 * f)
    return line


def _cross(x: float, y: float, s: float) -> str:
    """A failed move's cross, in a white casing: red on a red power's arrow or land would not be seen."""
    cross = f"M{x - s:.0f},{y - s:.0f} L{x + s:.0f},{y + s:.0f} M{x - s:.0f},{y + s:.0f} L{x + s:.0f},{y - s:.0f}"
    return (f'<path d="{cross}" stroke="#fff" stroke-width="6.5" stroke-linecap="round"/>'
            f'<path d="{cross}" stroke="{FAILED}" stroke-width="3.5" stroke-linecap="round"/>')


def _at(d: Drawing, region: str) -> str:
    """The region a shape stands for, as the order sheet writes it, and its place: what the orders page's map
    (``assets/orders_map.js``) reads to turn a click into a region and to draw the orders chosen as arrows."""
    x, y = d.place(region)
    return f' data-region="{escape(_region(region))}" data-place="{x} {y}"'


def _nowhere(d: Drawing, region: str) -> str:
    return ""


def _region(region: str) -> str:
    prov, _, coast = region.partition("/")
    return display(prov) + (f"/{coast}" if coast else "")


def _legend(m: Map, d: Drawing, state: Mapping[str, Any], colour: dict[str, str], name: Callable[[str], str],
            words: Words, notes: dict[str, str], top: int) -> tuple[list[str], int]:
    """Swatches for every power (and owner of units or centres) and the map's signs, below the map."""
    w, _ = d.size
    f = d.font
    owners = list(m.powers) + sorted((set(state["units"]) | set(state["supply_centres"])) - set(m.powers))
    entries = [(colour.get(o, "#777777"), name(o) + (f": {notes[o]}" if o in notes else "")) for o in owners]
    width = max(len(text) for _, text in entries) * CHAR_WIDTH * f + 2.2 * f
    cols = max(1, min(len(entries), int((w - f) // width)))
    rows = -(-len(entries) // cols)
    row_h = 1.6 * f
    out = []
    for i, (c, text) in enumerate(entries):
        x = f + (i % cols) * (w - f) / cols
        y = top + f + (i // cols) * row_h
        out.append(f'<rect x="{x:.0f}" y="{y:.0f}" width="{1.2 * f:.0f}" height="{f:.0f}" fill="{c}" '
                   f'stroke="{INK}"/><text x="{x + 1.6 * f:.0f}" y="{y + 0.85 * f:.0f}">{escape(text)}</text>')
    y = top + f + rows * row_h + 0.4 * f
    signs = [(f'<circle cx="{f + 0.5 * f:.0f}" cy="{y + 0.45 * f:.0f}" r="{0.28 * f:.1f}" fill="#fff" stroke="{INK}" '
              'stroke-width="1.5"/>', words.centre),
             (f'<line x1="{f:.0f}" y1="{y + 0.5 * f:.0f}" x2="{2.2 * f:.0f}" y2="{y + 0.5 * f:.0f}" stroke="{INK}" '
              'stroke-width="3" marker-end="url(#tp-head)"/>', words.move),
             (f'<line x1="{f:.0f}" y1="{y + 0.5 * f:.0f}" x2="{2.2 * f:.0f}" y2="{y + 0.5 * f:.0f}" stroke="{INK}" '
              f'stroke-width="3" stroke-dasharray="7 4"/>' + _cross(1.6 * f, y + 0.5 * f, 0.3 * f), words.failed),
             (f'<line x1="{f:.0f}" y1="{y + 0.5 * f:.0f}" x2="{2.2 * f:.0f}" y2="{y + 0.5 * f:.0f}" stroke="{INK}" '
              'stroke-width="2.2" stroke-dasharray="6 4"/>', words.support),
             (f'<line x1="{f:.0f}" y1="{y + 0.5 * f:.0f}" x2="{2.2 * f:.0f}" y2="{y + 0.5 * f:.0f}" stroke="{INK}" '
              'stroke-width="2.2" stroke-dasharray="1.5 4" stroke-linecap="round"/>', words.convoy),
             (f'<rect x="{f:.0f}" y="{y:.0f}" width="{f:.0f}" height="{f:.0f}" fill="#fff" stroke="{FAILED}" '
              'stroke-width="2.5" stroke-dasharray="3 2"/>', words.dislodged)]
    if d.data.get("rivers"):
        signs.append((f'<line x1="{f:.0f}" y1="{y + 0.5 * f:.0f}" x2="{2.2 * f:.0f}" y2="{y + 0.5 * f:.0f}" '
                      f'stroke="{RIVER}" stroke-width="3.2"/>', words.river))
    if realm := d.data.get("realm"):
        signs.append((f'<line x1="{f:.0f}" y1="{y + 0.5 * f:.0f}" x2="{2.2 * f:.0f}" y2="{y + 0.5 * f:.0f}" '
                      f'stroke="{INK}" stroke-width="3.5" stroke-dasharray="{REALM_DASH}"/>',
                      str(realm["border_label"])))
        signs.append((f'<rect x="{f:.0f}" y="{y:.0f}" width="{1.2 * f:.0f}" height="{f:.0f}" fill="url(#tp-outside)" '
                      f'stroke="{BORDER}"/>', str(realm["outside_label"])))
    if d.data.get("links"):
        signs.append((f'<line x1="{f:.0f}" y1="{y + 0.5 * f:.0f}" x2="{2.2 * f:.0f}" y2="{y + 0.5 * f:.0f}" '
                      f'stroke="{RIVER}" stroke-width="2.5" stroke-dasharray="7 5"/>', words.link))
    swidth = max(len(t) for _, t in signs) * CHAR_WIDTH * f + 3 * f
    scols = max(1, int((w - f) // swidth))
    for i, (sign, text) in enumerate(signs):
        dx = (i % scols) * (w - f) / scols
        dy = (i // scols) * row_h
        out.append(f'<g transform="translate({dx:.0f},{dy:.0f})">{sign}'
                   f'<text x="{2.8 * f:.0f}" y="{y + 0.85 * f:.0f}">{escape(text)}</text></g>')
    srows = -(-len(signs) // scols)
    return out, round(f + rows * row_h + 0.4 * f + srows * row_h + 0.6 * f)


def text_lines(m: Map, state: Mapping[str, Any], name: Callable[[str], str], words: Words) -> list[str]:
    """The map as text: each owner's units by province, those dislodged (drawn in red dashed squares) and their
    centres (the figure's alternative)."""
    out = []
    owners = list(m.powers) + sorted((set(state["units"]) | set(state["supply_centres"])) - set(m.powers))
    for owner in owners:
        units = state["units"].get(owner, [])
        centres = state["supply_centres"].get(owner, [])
        dislodged = [row["unit"] for row in state.get("dislodged") or [] if row["power"] == owner]
        if not units and not centres and not dislodged:
            continue
        u = ", ".join(_unit(t) for t in units) or words.nothing
        gone = f"; {words.dislodged} {', '.join(_unit(t) for t in dislodged)}" if dislodged else ""
        c = ", ".join(display(p) for p in centres) or words.nothing
        out.append(f"{name(owner)}: {words.units} {u}{gone}; {words.centres} {c}.")
    return out


def _unit(text: str) -> str:
    letter, region = text.split(" ", 1)
    return f"{letter} {_region(region)}"


def text_alternative(m: Map, state: Mapping[str, Any], name: Callable[[str], str], words: Words,
                     summary: str) -> list[str]:
    """A Markdown block under the map that lists what it shows, for readers who cannot see it."""
    items = "".join(f"<li>{escape(line)}</li>" for line in text_lines(m, state, name, words))
    return [f'<details class="tp-map-text"><summary>{escape(summary)}</summary><ul>{items}</ul></details>', ""]
