"""The Amtsblatt: the newsletter of a round in German, with the Spielplan as inline SVG (no JavaScript)."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from functools import cache, lru_cache
from typing import Any

from ...kit import drawcache, gamedata
from ...kit.gamedata import GameData
from ...kit.lettering import text_width
from ...kit.markup import md_table, md_text, svg_text
from ...kit.palette import colours, text_on
from ...model import Player
from .adjudicate import AuctionResult, capacity, cargo, credit, open_orders
from .board import Board
from .drawing import Box, Inset, Layout, Placer, Point, around, crossings, layout, text_box
from .setup import board_of
from .state import State
from .tables import WORDS, background_file, tables


def haulier_colours(state: State) -> dict[str, str]:
    """One colour per haulier in seat order, the same as on the charts (``adjudicator.kit.palette``)."""
    return colours(state["seats"])


def _background(game: gamedata.GameData, name: str) -> dict[str, Any] | None:
    """Land, borders and lakes under a board (``data/maps/<name>.background.json``), if the board has one: the
    copy the game pinned at its set-up, else the packaged one (``gamedata``)."""
    data = game.read_if_any(__package__, background_file(name))
    return None if data is None else _parsed_background(data)


@cache
def _parsed_background(data: bytes) -> dict[str, Any]:  # one per content: an old game keeps its own
    return json.loads(data.decode("utf-8"))  # type: ignore[no-any-return]

RESULT: dict[AuctionResult, str] = {"awarded": "zugeschlagen", "reoffered": "Patt – wird erneut angeboten",
                                    "lapsed": "verfallen", "railway": "an die Bundesbahn"}


def map_round(state: State) -> str:
    """Which round the map shows, in the issues' numbering (round 0 is the auction): the state after a round
    is the start of the next one, so the map of the issue of Runde 5 is the board "nach Runde 5", not Runde 6."""
    return "vor Runde 0" if state["round"] == 0 else f"nach Runde {state['round'] - 1}"


@drawcache.kept("auf-achse map")  # the slowest drawing of the demo (placing every name): one per turn, kept
def svg_map(game: GameData, state: State, report: Mapping[str, Any] | None = None, *, graph: bool = False) -> str:
    """The map on the land and borders of Natural Earth: roads along their courses, every field with its
    number in its dot and every road with its id (so each field id, ``HH-HB.2``, can be read off), heavy
    traffic darker, the construction site, the cities with open orders, each haulier's route of the round
    (``report``) and every truck with its load; the crowded Ruhr drawn again, larger, in the North Sea. With
    ``graph`` each field names its neighbours and Streckenpunkte (the orders page picks a route on it)."""
    board = board_of(game, state)
    lay = layout(game, board)
    w, h = board.width, board.height
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="tp-map" viewBox="0 0 {w} {h}" width="100%" '
             f'role="img" aria-label="Spielplan Auf Achse {map_round(state)}" font-family="sans-serif">',
             f"<title>Spielplan Auf Achse {map_round(state)}</title>"
             f"<desc>{svg_text('; '.join(text_lines(game, state)))}"
             "</desc>",
             *_ground(game, board)]
    legend, legend_box = _legend(state, board, h)
    placer, inset = _main_placer(lay, legend_box)
    if inset:
        parts.append(_inset_area(inset))
    parts.append('<g class="tp-board">')
    parts += _view(game, state, report, lay, lambda x, y: (x, y), lambda x, y: not (inset and inset.shows(x, y)),
                   placer, graph)
    parts.append("</g>")
    if inset:
        opening, inner, closing = _inset_frame(inset)
        parts += [*opening, *_view(game, state, report, lay, inset.to, inset.shows, inner, graph), closing]
    parts.append(legend)
    parts.append("</svg>")
    return "\n".join(parts)


def _ground(game: GameData, board: Board) -> list[str]:
    """The sea, and Natural Earth's land and lakes where the board has them: the first layer of either drawing."""
    parts = [f'<rect width="{board.width}" height="{board.height}" fill="#dbe8f1"/>']
    ground = _background(game, board.name.lower())
    if ground:
        parts.append(f'<path d="{ground["land"]}" fill="#f4f1e8" stroke="#a89f8a" stroke-width="0.8" '
                     'stroke-dasharray="4 2"/>')
        parts.append(f'<path d="{ground["lakes"]}" fill="#dbe8f1" stroke="#7ea6c9" stroke-width="0.4"/>')
    return parts


def _main_placer(lay: Layout, legend_box: Box) -> tuple[Placer, Inset | None]:
    """The placer of the main map's labels, the legend's box and the inset's frame taken already, and the inset."""
    placer = Placer()
    placer.block(legend_box)
    if lay.inset:
        placer.block(lay.inset.frame)
    return placer, lay.inset


def _inset_area(inset: Inset) -> str:
    """The dashed frame, on the map, of the crowded area the inset draws again larger."""
    x0, y0, x1, y1 = inset.area
    return (f'<rect class="tp-inset-area" x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" '
            f'fill="none" stroke="#555" stroke-width="1" stroke-dasharray="3 2"/>')


def _inset_frame(inset: Inset) -> tuple[list[str], Placer, str]:
    """The inset's frame: what opens it (its clip and background), the placer that keeps its labels inside it
    (its name's place taken already), and what closes it (its name)."""
    fx0, fy0, fx1, fy1 = inset.frame
    opening = [f'<defs><clipPath id="tp-inset-clip"><rect x="{fx0}" y="{fy0}" width="{fx1 - fx0:.0f}" '
               f'height="{fy1 - fy0:.0f}"/></clipPath></defs>',
               f'<g class="tp-inset"><rect x="{fx0}" y="{fy0}" width="{fx1 - fx0:.0f}" height="{fy1 - fy0:.0f}" '
               'fill="#f4f1e8" stroke="#555" stroke-width="1.5"/><g clip-path="url(#tp-inset-clip)">']
    inner = Placer()
    for outside in ((-1e4, -1e4, fx0, 1e4), (fx1, -1e4, 1e4, 1e4), (-1e4, -1e4, 1e4, fy0), (-1e4, fy1, 1e4, 1e4)):
        inner.block(outside)  # the inset's labels stay inside its frame
    title = (fx0 + 4, fy1 - 5)
    inner.block(text_box(*title, inset.name, NAME, bold=True))
    closing = (f'</g><text class="tp-inset-name" x="{title[0]:.0f}" y="{title[1]:.0f}" font-size="{NAME}" '
               f'font-weight="bold" fill="#222">{svg_text(inset.name)}</text></g>')
    return opening, inner, closing


def svg_map_parts(game: GameData, state: State) -> tuple[str, str]:
    """The orders page's board (``svg_map`` with ``graph``) in two (``kit.ruleset.DrawsMapInParts``): the base,
    what no round changes (the land, the roads, every field, the names of the cities and the roads' ids, in the
    map and in the inset), the same bytes every round of the game, so a site file the browser keeps; and the
    round's part (its title and text alternative, the construction site, the cities' dots, larger and blue with
    orders waiting, the trucks and the legend) with an empty ``<g data-tp-base=""/>`` where the base's children go,
    drawn over it. The names are placed as if every city had orders waiting (its dot at its largest), so that no
    round moves them; the legend's box is the game's (its hauliers). The issues' map (``svg_map``) is unchanged."""
    board = board_of(game, state)
    lay = layout(game, board)
    w, h = board.width, board.height
    base = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}">', *_ground(game, board)]
    legend, legend_box = _legend(state, board, h)
    largest = {code: WAITING_R for code in board.cities}

    def still(to: Callable[[float, float], Point], here: Callable[[float, float], bool], placer: Placer) -> list[str]:
        parts = _roads_drawn(lay, to, here) + _fields_drawn(lay, to, here, placer, True)
        _cities_drawn(lay, to, here, placer, True, {}, largest)  # only where they block the names: drawn below
        return parts + _names_drawn(lay, to, here, placer)

    def now(to: Callable[[float, float], Point]) -> list[str]:
        return (_site_drawn(state, lay, to) + _cities_drawn(lay, to, lambda x, y: False, None, True,
                                                              _open_cities(state), {})
                + _trucks(game, state, lay, to))

    placer, inset = _main_placer(lay, legend_box)
    if inset:
        base.append(_inset_area(inset))
    base += ['<g class="tp-board">', *still(lambda x, y: (x, y), lambda x, y: not (inset and inset.shows(x, y)),
                                             placer), "</g>"]
    turn = [f'<svg xmlns="http://www.w3.org/2000/svg" class="tp-map" viewBox="0 0 {w} {h}" width="100%" '
            f'role="img" aria-label="Spielplan Auf Achse {map_round(state)}" font-family="sans-serif">',
            f"<title>Spielplan Auf Achse {map_round(state)}</title>"
            f"<desc>{svg_text('; '.join(text_lines(game, state)))}</desc>",
            '<g data-tp-base=""/>', '<g class="tp-board">', *now(lambda x, y: (x, y)), "</g>"]
    if inset:
        opening, inner, closing = _inset_frame(inset)
        base += [*opening, *still(inset.to, inset.shows, inner), closing]
        turn += ['<g class="tp-inset" clip-path="url(#tp-inset-clip)">', *now(inset.to), "</g>"]
    base.append("</svg>")
    turn += [legend, "</svg>"]
    return "\n".join(base), "\n".join(turn)


FIELD_R = 6.5  # a road field's dot, its number inside (as on a printed board)
NUMBER = 9  # font sizes in board units (the board is 737 wide: about 0.98 px each in an issue's column)
NAME = 12
ROAD_ID = 10


def _view(game: GameData, state: State, report: Mapping[str, Any] | None, lay: Layout,
          to: Callable[[float, float], Point], here: Callable[[float, float], bool], placer: Placer,
          graph: bool = False) -> list[str]:
    """The board through ``to`` (the map itself, or the inset): everything drawn, and the labels of what is
    ``here`` (the map leaves the inset's area to the inset) placed where no other label is."""
    waiting = _open_cities(state)
    parts = _roads_drawn(lay, to, here)
    parts += _routes_drawn(state, report, lay, to)
    parts += _fields_drawn(lay, to, here, placer, graph)
    parts += _site_drawn(state, lay, to)
    parts += _cities_drawn(lay, to, here, placer, graph, waiting, {})
    parts += _names_drawn(lay, to, here, placer)
    parts += _trucks(game, state, lay, to)
    return parts


def _field_attrs(board: Board, f: str, graph: bool) -> str:
    if not graph:
        return f'data-field="{svg_text(f)}"'
    return (f'data-field="{svg_text(f)}" data-next="{svg_text(" ".join(board.neighbours(f)))}" '
            f'data-points="{board.points[f]}"')


def _roads_drawn(lay: Layout, to: Callable[[float, float], Point], here: Callable[[float, float], bool]) -> list[str]:
    """Every road along its course, and where one passes over another (no junction)."""
    parts = []
    for r in lay.board.roads:
        pts = " ".join(f"{x:.0f},{y:.0f}" for x, y in (to(*p) for p in lay.course(r)))
        parts.append(f'<polyline class="tp-road" points="{pts}" fill="none" stroke="#b9b09a" stroke-width="3" '
                     f'stroke-linejoin="round"><title>{svg_text(r.start)}-{svg_text(r.end)} '
                     f'({svg_text(r.ref)})</title></polyline>')
    for over, under, (x, y), (ux, uy) in crossings(lay):
        if not here(x, y):
            continue
        (x1, y1), (x2, y2) = to(x - ux * 9, y - uy * 9), to(x + ux * 9, y + uy * 9)
        line = f'x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}"'
        parts.append(f'<g class="tp-overpass"><title>{svg_text(over.start)}-{svg_text(over.end)} führt über '
                     f'{svg_text(under.start)}-{svg_text(under.end)}: keine Kreuzung</title>'
                     f'<line {line} stroke="#f4f1e8" stroke-width="9"/><line {line} stroke="#6b5e45" '
                     f'stroke-width="7"/><line {line} stroke="#b9b09a" stroke-width="3"/></g>')
    return parts


def _fields_drawn(lay: Layout, to: Callable[[float, float], Point], here: Callable[[float, float], bool],
                  placer: Placer, graph: bool) -> list[str]:
    """Every road field's dot with its number (a small dot where the inset draws it), each blocking labels."""
    board = lay.board
    parts = []
    for r in board.roads:
        for i, f in enumerate(r.fields, 1):
            x, y = lay.place(f)
            cx, cy = to(x, y)
            heavy = board.points[f] > 1
            fill, ink = ("#6b5e45", "#ffffff") if heavy else ("#fffdf7", "#4a4030")
            title = f"<title>{svg_text(f)} ({board.points[f]} P.)</title>"
            if here(x, y):
                parts.append(f'<g {_field_attrs(board, f, graph)}><circle cx="{cx:.0f}" cy="{cy:.0f}" r="{FIELD_R}" '
                             f'fill="{fill}" stroke="#6b5e45" stroke-width="1">{title}</circle>'
                             f'<text class="tp-field-id" x="{cx:.0f}" y="{cy + 0.35 * NUMBER:.0f}" '
                             f'font-size="{NUMBER}" text-anchor="middle" fill="{ink}">{i}</text></g>')
                placer.block((cx - FIELD_R, cy - FIELD_R, cx + FIELD_R, cy + FIELD_R))
            else:
                parts.append(f'<circle {_field_attrs(board, f, graph)} cx="{cx:.0f}" cy="{cy:.0f}" r="3" '
                             f'fill="{fill}" stroke="#6b5e45" stroke-width="1">{title}</circle>')
    return parts


def _site_drawn(state: State, lay: Layout, to: Callable[[float, float], Point]) -> list[str]:
    if not state["site"]:
        return []
    sx, sy = to(*lay.place(state["site"]))
    return [f'<g><rect x="{sx - 7:.0f}" y="{sy - 7:.0f}" width="14" height="14" fill="#ffcc00" '
            f'stroke="#000" transform="rotate(45 {sx:.0f} {sy:.0f})"/><text x="{sx:.0f}" y="{sy + 4:.0f}" '
            f'font-size="11" '
            f'text-anchor="middle" font-weight="bold">!</text>'
            f'<title>Baustelle {svg_text(state["site"])}</title></g>']


WAITING_R = 6  # a city's dot with orders waiting in it; 4 without


def _cities_drawn(lay: Layout, to: Callable[[float, float], Point], here: Callable[[float, float], bool],
                  placer: Placer | None, graph: bool, waiting: Mapping[str, list[str]],
                  blocked: Mapping[str, int]) -> list[str]:
    """Every city's dot, larger and blue with orders waiting in it, each blocking labels as large as it is drawn
    (``blocked``: as large as that instead; no ``placer``: nothing blocked)."""
    board = lay.board
    parts = []
    for code, c in board.cities.items():
        dx, dy = to(c.x, c.y)
        radius = WAITING_R if code in waiting else 4
        parts.append(f'<circle {_field_attrs(board, code, graph)} cx="{dx:.0f}" cy="{dy:.0f}" r="{radius}" '
                     f'fill="{"#2b6cb0" if code in waiting else "#333"}" stroke="#fff" stroke-width="1">'
                     f'<title>{svg_text(c.name)} ({svg_text(code)})'
                     f'{" – " + ", ".join(waiting[code]) if code in waiting else ""}</title></circle>')
        if placer is not None and here(c.x, c.y):
            r = blocked.get(code, radius)
            placer.block((dx - r, dy - r, dx + r, dy + r))
    return parts


def _names_drawn(lay: Layout, to: Callable[[float, float], Point], here: Callable[[float, float], bool],
                 placer: Placer) -> list[str]:
    """The cities' names (with a line leading to one written farther off) and the roads' ids, each where no other
    label is."""
    board = lay.board
    parts = []
    dots = tuple(to(c.x, c.y) for c in board.cities.values())
    names = {c.code: _name_places(*to(c.x, c.y), c.name, (c.label_dx, c.label_dy), dots)
             for c in board.cities.values() if here(c.x, c.y)}
    near_free = {code: sum(map(placer.free, boxes)) for code, (_, _, boxes) in names.items()}
    for code in sorted(names, key=lambda k: (near_free[k], k)):  # the most crowded city chooses first
        c = board.cities[code]
        nx, ny = to(c.x, c.y)
        places, clear, _ = names[code]
        lx, ly, anchor = placer.put(list(clear or places), c.name, NAME)
        near = _nearest(nx, ny, text_box(lx, ly, c.name, NAME, anchor))
        if math.dist((nx, ny), near) > 14:
            parts.append(f'<line class="tp-leader" x1="{nx:.0f}" y1="{ny:.0f}" x2="{near[0]:.0f}" '
                         f'y2="{near[1]:.0f}" stroke="#222" stroke-width="0.8"/>')
        parts.append(f'<text class="tp-city" x="{lx:.0f}" y="{ly:.0f}" font-size="{NAME}" fill="#222" '
                     f'text-anchor="{anchor}" paint-order="stroke" stroke="#f4f1e8" stroke-width="3">'
                     f'{svg_text(c.name)}</text>')
    for r in board.roads:
        chain = [to(*lay.place(n)) for n in (r.start, *r.fields, r.end)]
        mid = lay.place(r.fields[len(r.fields) // 2])
        if not here(*mid):
            continue
        text = f"{r.start}-{r.end}"
        lx, ly, anchor = placer.put(list(_beside(tuple(chain), ROAD_ID)), text, ROAD_ID)
        parts.append(f'<text class="tp-road-id" x="{lx:.0f}" y="{ly:.0f}" font-size="{ROAD_ID}" fill="#6b5e45" '
                     f'text-anchor="{anchor}" paint-order="stroke" stroke="#f4f1e8" stroke-width="2.5">'
                     f'{svg_text(text)}</text>')
    return parts


Place = tuple[float, float, str]


@lru_cache(maxsize=2048)
def _name_places(x: float, y: float, name: str, first: tuple[int, int], dots: tuple[Point, ...]
                 ) -> tuple[tuple[Place, ...], tuple[Place, ...], tuple[Box, ...]]:
    """A city name's places (``around`` the city's dot at (x, y), as drawn), those of them whose leading line would
    pass no other city's dot (a name written farther off where the roads crowd gets a line leading to it), and the
    boxes of the first 40, by which the most crowded city is found. None of it depends on the round: worked out
    once for each city of a drawing of the board, not for each map (issue 33: 48 maps in a cold build of the demo,
    each placing every name twice, the map's and the inset's)."""
    places = tuple(around(x, y, NAME, 8, first))
    clear = tuple(s for s in places
                  if not _leader_passes(x, y, _nearest(x, y, text_box(*s[:2], name, NAME, s[2])), dots))
    return places, clear, tuple(text_box(px, py, name, NAME, a) for px, py, a in places[:40])


def _nearest(x: float, y: float, box: Box) -> Point:
    return min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3])


def _leader_passes(x: float, y: float, end: Point, dots: Sequence[Point]) -> bool:
    """Whether a line from the city at (x, y) to its name would pass another city's dot."""
    if math.dist((x, y), end) <= 14:
        return False
    ex, ey = end
    length = math.dist((x, y), end)
    # A dot within 8 of the line lies within 8 of the box around it: the others need no arithmetic (the same
    # answer, five times faster; issue 33).
    left, right, top, bottom = min(x, ex) - 8, max(x, ex) + 8, min(y, ey) - 8, max(y, ey) + 8
    for px, py in dots:
        if px < left or px > right or py < top or py > bottom or (px, py) == (x, y):
            continue
        t = max(0.0, min(1.0, ((px - x) * (ex - x) + (py - y) * (ey - y)) / length ** 2))
        if math.dist((px, py), (x + t * (ex - x), y + t * (ey - y))) < 8:
            return True
    return False


@lru_cache(maxsize=2048)
def _beside(chain: tuple[Point, ...], size: float) -> tuple[tuple[float, float, str], ...]:
    """Places for a road's id: beside the middle of each stretch between two of its fields (middle ones first),
    on either side, then a little along the road, then farther out. The same for every map of a board's drawing:
    worked out once (issue 33)."""
    n = len(chain) - 1
    order = sorted(range(n), key=lambda i: (abs(i - (n - 1) / 2), i))
    out = []
    for k in (1.0, 1.5, 2.0, 2.7, 3.5, 4.5, 6.0, 8.0):
        for i in order:
            (x1, y1), (x2, y2) = chain[i], chain[i + 1]
            d = math.dist((x1, y1), (x2, y2)) or 1.0
            ux, uy = (x2 - x1) / d, (y2 - y1) / d
            off = (FIELD_R + 0.6 * size) * k
            for shift in (0.0, -0.25, 0.25):
                mx, my = (x1 + x2) / 2 + ux * d * shift, (y1 + y2) / 2 + uy * d * shift
                for s in (1, -1):
                    out.append((mx - s * uy * off, my + s * ux * off + 0.35 * size, "middle"))
    return tuple(out)


def _routes_drawn(state: State, report: Mapping[str, Any] | None, lay: Layout,
                  to: Callable[[float, float], Point]) -> list[str]:
    """Each truck's drive of the round as a line in its haulier's colour, field by field along the roads."""
    if not report or not report.get("hauliers"):
        return []
    board = lay.board
    colour = haulier_colours(state)
    out = []
    for n, (key, r) in enumerate(report["hauliers"].items()):
        for t in r.get("trucks", []):
            route = t.get("route") or {}
            fields = [f for f in route.get("fields", []) if board.is_field(f)]
            if len(fields) < 2:
                continue
            offset = 2 * (n % 3) - 2  # trucks on one road side by side, not on top of each other
            pts = " ".join(f"{x + offset:.0f},{y + offset:.0f}" for x, y in (to(*lay.place(f)) for f in fields))
            # on a dark casing, as Diplomacy's arrows: a yellow or pale blue route would fade into the land
            out.append(f'<polyline points="{pts}" fill="none" stroke="#222" stroke-width="6" '
                       'stroke-linejoin="round" stroke-linecap="round" opacity="0.85"/>')
            out.append(f'<polyline class="tp-route" points="{pts}" fill="none" stroke="{colour.get(key, "#555")}" '
                       f'stroke-width="3.5" stroke-linejoin="round" stroke-linecap="round">'
                       f'<title>{svg_text(state["hauliers"][key]["name"])}: {" – ".join(fields)}</title></polyline>')
    return out


def text_lines(game: GameData, state: State) -> list[str]:
    """The map as text: where every truck stands, field by field, and the construction site (unescaped)."""
    board = board_of(game, state)
    rows = []
    for key in state["seats"]:
        h = state["hauliers"][key]
        where = ", ".join(f"{board.label(t['position'])} ({t['position']}), "
                          f"Ladung {cargo(state, t)}/{capacity(game, t)}"
                          for t in h["trucks"])
        rows.append(f"{h['name']}: {where}")
    if state["site"]:
        rows.append(f"Baustelle: {state['site']}")
    return rows


def text_alternative(game: GameData, state: State) -> list[str]:
    """The map as text under it in an issue (the SVG's own ``desc`` says the same, for the map page)."""
    rows = "".join(f"<li>{svg_text(line)}</li>" for line in text_lines(game, state))
    return [f'<details class="tp-map-text"><summary>Der Spielplan als Text: Brummis je Feld</summary>'
            f'<ul>{rows}</ul></details>', ""]


def _open_cities(state: State) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for o in state["orders"]:
        if o["status"] == "announced" and o["offered"] == state["round"] or o["status"] == "won":
            out.setdefault(o["from"], []).append(f"Auftrag {o['id']}")
    return out


def _trucks(game: GameData, state: State, lay: Layout, to: Callable[[float, float], Point]) -> list[str]:
    parts = []
    stacked: dict[str, int] = {}
    palette = haulier_colours(state)
    for key in state["seats"]:
        h = state["hauliers"][key]
        colour = palette[key]
        for ti, t in enumerate(h["trucks"]):
            x, y = to(*lay.place(t["position"]))
            n = stacked.get(t["position"], 0)
            stacked[t["position"]] = n + 1
            x, y = round(x - 9 + 4 * n), round(y + 6 + 9 * n)
            label = svg_text(h["name"][:2]) + (str(ti + 1) if len(h["trucks"]) > 1 else "")
            title = (f"{svg_text(h['name'])}: {svg_text(t['position'])}, Ladung {cargo(state, t)}/{capacity(game, t)}"
                     f"{' (Pleite)' if h['bankrupt'] else ''}")
            opacity = ' opacity="0.45"' if h["bankrupt"] else ""
            parts.append(f'<g class="tp-truck"{opacity}><rect x="{x}" y="{y}" width="22" height="11" rx="2" '
                         f'fill="{colour}" stroke="#000" stroke-width="0.5"/><text x="{x + 11}" y="{y + 9}" '
                         f'font-size="8" text-anchor="middle" fill="{text_on(colour)}">{label}</text>'
                         f'<title>{title}</title></g>')
            if t["load"]:
                parts.append(f'<text class="tp-load" x="{x + 24}" y="{y + 9}" font-size="8" '
                             f'font-family="sans-serif" fill="{colour}">{cargo(state, t)}/{capacity(game, t)}</text>')
    return parts


def _legend(state: State, board: Board, height: int) -> tuple[str, Box]:
    """The legend in the bottom left corner, and the box it takes (no label of the map goes there)."""
    y0 = height - 20 - 14 * len(state["seats"])
    rows = [f'<g class="tp-legend" font-family="sans-serif" font-size="11"><text x="12" y="{y0 - 54}" '
            f'font-weight="bold">{svg_text(board.name)} {map_round(state)}</text>',
            f'<circle cx="18" cy="{y0 - 40}" r="6" fill="#2b6cb0"/><text x="30" y="{y0 - 36}">offene Aufträge</text>',
            f'<circle cx="18" cy="{y0 - 24}" r="{FIELD_R}" fill="#6b5e45"/><text x="30" y="{y0 - 20}">hohe '
            'Verkehrsdichte (2 P.)</text>',
            f'<text x="12" y="{y0 - 4}">Feld HH-HB.2: Nr. 2 der Straße HH-HB</text>']
    for i, key in enumerate(state["seats"]):
        h = state["hauliers"][key]
        y = y0 + 14 * i
        rows.append(f'<rect x="12" y="{y}" width="12" height="9" fill="{haulier_colours(state)[key]}"/>'
                    f'<text x="30" y="{y + 9}">{svg_text(h["name"])}</text>')
    rows.append("</g>")
    width = 11 * max(text_width(t) for t in ["Feld HH-HB.2: Nr. 2 der Straße HH-HB", "hohe Verkehrsdichte (2 P.)",
                                               *(state["hauliers"][k]["name"] for k in state["seats"])])
    return "".join(rows), (6.0, float(y0 - 68), 30 + width, float(height))


def newsletter(game: GameData, state: State, report: Mapping[str, Any], players: Sequence[Player]) -> str:
    """The Amtsblatt of the round just played (``state`` is the new state)."""
    board = board_of(game, state)
    names = {k: md_text(h["name"]) for k, h in state["hauliers"].items()}  # Markdown only: player text
    rnd = report["round"]
    out = [f"**Amtsblatt** – Auswertung der Runde {rnd} von *Auf Achse*"
           + (" (Versteigerung)" if rnd == 0 else ""), ""]
    if report.get("resting"):
        out += ["Betriebsferien: " + ", ".join(names[k] for k in report["resting"]) + ".", ""]
    out += _auction(state, report, names, board)
    if rnd > 0:
        out += _routes(state, report, names, board)
        out += _site(state, report, names)
        if report["trailers"]:
            out += ["## Anhänger", ""]
            for t in report["trailers"]:
                verb = {"bought": "kauft", "rented": "mietet", "returned": "gibt zurück"}[t["action"]]
                out.append(f"- {names[t['haulier']]} {verb}: {tables(game)['trailers'][t['type']]['name']} "
                           f"(Brummi {t['truck']})" + (f" für {t['kj']} kj" if "kj" in t else ""))
            out.append("")
    out += _accounts(game, state, report, names, board)
    if report.get("finished"):
        out += ["## Spielende", ""]
        for row in report["ranking"]:
            out.append(f"{row['place']}. {names[row['haulier']]}: {row['cash']} kj"
                       + (" (Pleite)" if row["bankrupt"] else ""))
        out.append("")
        winners = [names[r["haulier"]] for r in report["ranking"] if r["place"] == 1]
        out += [f"Sieger: **{' und '.join(winners)}**. Unerfüllte Aufträge und Anhänger zählen nichts.", ""]
    else:
        out += _announced(state, report, board)
    out += order_book(game, state, board, names)
    out += all_offers(state, board, names)
    out += ["## Spielplan", "", svg_map(game, state, report), "",
            "*Linien in der Farbe eines Spediteurs: seine Fahrten dieser Runde.*", "", *text_alternative(game, state)]
    return "\n".join(out)


def setup_newsletter(game: GameData, state: State, players: Sequence[Player]) -> str:
    """The Amtsblatt of the set-up: who drives from where, round 0's offers (the auction of the first round can
    only be bid on if it is published) and every offer of the game (Auswertung: "bereits vor der ersten
    Spielrunde zur allgemeinen Kenntnisnahme veröffentlicht")."""
    board = board_of(game, state)
    names = {k: md_text(h["name"]) for k, h in state["hauliers"].items()}  # Markdown only: player text
    out = ["**Amtsblatt** – Spielbeginn von *Auf Achse*", "",
           f"{len(state['seats'])} Spediteure, je {state['hauliers'][state['seats'][0]]['cash']} kj Startkapital. "
           "In Runde 0 wird nur versteigert.", "", "## Spediteure", "",
           *md_table(["Spediteur", "Startort"],
                     [[names[key], " / ".join(board.label(t["position"]) for t in state["hauliers"][key]["trucks"])]
                      for key in state["seats"]]), ""]
    out += _announced(state, {"announced": [o["id"] for o in state["orders"] if o["offered"] == 0]}, board)
    out += all_offers(state, board, names)
    out += ["## Spielplan", "", svg_map(game, state), "", *text_alternative(game, state)]
    return "\n".join(out)


STATUS = {"announced": "angekündigt", "won": "ersteigert", "loaded": "geladen", "delivered": "geliefert",
          "lapsed": "verfallen", "railway": "an die Bundesbahn", "expired": "Termin verpasst"}


def all_offers(state: State, board: Board, names: Mapping[str, str]) -> list[str]:
    """Every transport order of the game, by the round it is (or was) auctioned in, with what became of it."""
    rows = []
    for o in sorted(state["orders"], key=lambda o: (o["offered"], o["id"])):
        extra = [f"Termin: Runde {o['deliver_by']}"] if o["deliver_by"] is not None else []
        if o.get("reoffered"):
            extra.append("erneut angeboten")
        stand = STATUS[o["status"]]
        if o["holder"] is not None:
            stand += f": {names[o['holder']]} für {o['price']} kj"
        rows.append([o["offered"], o["id"], o["goods"], board.label(o["from"]), board.label(o["to"]), o["count"],
                     o["value"], ", ".join(extra) or "–", stand])
    head = ["Runde", "Auftrag", "Ware", "Abholung", "Ziel", "Menge", "Wert", "Besonderes", "Stand"]
    return ["## Alle Angebote", "", *md_table(head, rows), ""]


def order_book(game: GameData, state: State, board: Board, names: Mapping[str, str]) -> list[str]:
    """Each haulier's orders held (bought, not yet delivered) with their data, and the credit left: what the bank
    still lends, and what can be spent without Pleite once the interest is charged."""
    out = ["## Auftragsbuch", ""]
    for key in state["seats"]:
        h = state["hauliers"][key]
        c = credit(game, state, key)
        head = f"**{names[key]}**: Kasse {h['cash']} kj"
        if h["bankrupt"]:
            out += [head + ", Pleite.", ""]
            continue
        out += [head + f", Kredit frei {c['limit']} kj (davon {c['safe']} kj ohne Pleite nach den Zinsen).", ""]
        held = [state["orders"][i - 1] for i in open_orders(state, key)]
        if not held:
            out += ["Keine offenen Aufträge.", ""]
            continue
        rows = []
        for o in held:
            where = (f"geladen auf Brummi {o['truck']}" if o["status"] == "loaded"
                     else f"wartet in {board.label(o['from'])}")
            if o["deliver_by"] is not None:
                where += f", Termin Runde {o['deliver_by']}"
            rows.append([o["id"], o["goods"], f"{board.label(o['from'])} → {board.label(o['to'])}", o["count"],
                         o["value"], o["price"], where])
        out += [*md_table(["Auftrag", "Ware", "Von → Nach", "Menge", "Wert", "Preis", "Stand"], rows), ""]
    return out


def _auction(state: State, report: Mapping[str, Any], names: Mapping[str, str], board: Board) -> list[str]:
    if not report["auction"]:
        return []
    rows = []
    for a in report["auction"]:
        o = state["orders"][a["order"] - 1]
        bids = ", ".join(f"{names[k]} {v}" for k, v in sorted(a["bids"].items(), key=lambda kv: -kv[1]))
        if "bundesbahn" in a:
            bids += f", Bundesbahn {a['bundesbahn']['kj']} ({a['bundesbahn']['percent']} %)"
        bids += "".join(f", {names[k]}: ungültig ({why})" for k, why in a["void"].items())
        result = RESULT[a["result"]]
        if a["result"] == "awarded":
            result = f"**{names[a['winner']]}** für {a['price']} kj"
        rows.append([o["id"], f"{o['count']} {o['goods']}", f"{board.label(o['from'])} → {board.label(o['to'])}",
                     o["value"], bids or "–", result])
    return ["## Versteigerung", "",
            *md_table(["Auftrag", "Ware", "Von → Nach", "Wert", "Gebote", "Ergebnis"], rows), ""]


def _routes(state: State, report: Mapping[str, Any], names: Mapping[str, str], board: Board) -> list[str]:
    out = ["## Fahrten", ""]
    for key, r in report["hauliers"].items():
        if key in report["resting"]:
            continue
        for ti, t in enumerate(r["trucks"]):
            who = names[key] + (f", Brummi {ti + 1}" if len(r["trucks"]) > 1 else "")
            bits = []
            if t["loaded"]:
                bits.append("lädt " + ", ".join(f"Auftrag {i}" for i in t["loaded"]) + f" in {board.label(t['start'])}")
            if t["route"] and len(t["route"]["fields"]) > 1:
                rt = t["route"]
                bits.append(f"fährt von {board.label(rt['fields'][0])} nach {board.label(rt['fields'][-1])}: "
                            f"{' – '.join(rt['fields'])} ({rt['points']} Streckenpunkte, {rt['fare']} kj"
                            + (f", Bußgeld {rt['fine']} kj" if rt["fine"] else "") + ")")
            if t["unloaded"]:
                bits.append("liefert " + ", ".join(f"Auftrag {u['order']} (+{u['value']} kj)" for u in t["unloaded"])
                            + f" in {board.label(state['hauliers'][key]['trucks'][ti]['position'])}")
            if bits:
                out.append(f"- **{who}** " + "; ".join(bits) + ".")
        for note in r["notes"]:
            out.append(f"- {names[key]}: {note}")
    return out + [""]


def _site(state: State, report: Mapping[str, Any], names: Mapping[str, str]) -> list[str]:
    site = report["site"] or {"bids": [], "totals": {}, "result": None, "tie": False}
    out = ["## Baustelle", ""]
    for b in site["bids"]:
        out.append(f"- {names[b['haulier']]}: {b['kj']} kj auf {b['field']}"
                   + (f" (ungültig: {b['void']})" if "void" in b else ""))
    if site["result"]:
        out.append(f"\nBaustelle in Runde {state['round']}: **{site['result']}** "
                   f"({site['totals'][site['result']]} kj).")
    elif site["tie"]:
        out.append(f"\nPatt zwischen mehreren Streckenabschnitten: keine Baustelle in Runde {state['round']}.")
    else:
        out.append(f"\nKein gültiges Gebot: keine Baustelle in Runde {state['round']}.")
    return out + [""]


TRAILER_WORDS = {"small": "trailer.small", "large": "trailer.large"}  # a trailer type -> its word in the words file


def _accounts(game: GameData, state: State, report: Mapping[str, Any], names: Mapping[str, str], board: Board
              ) -> list[str]:
    rows = []
    named = WORDS.of(game).texts()
    for key in state["seats"]:
        h = state["hauliers"][key]
        pos = " / ".join(board.label(t["position"]) for t in h["trucks"])
        load = " / ".join((", ".join(str(i) for i in t["load"]) or "leer") + f" ({cargo(state, t)}/{capacity(game, t)})"
                          for t in h["trucks"])
        # the trailers by the game's words ("klein", "groß"); a game made before they were there shows the key
        trailers = " / ".join(", ".join(named.get(TRAILER_WORDS.get(x, ""), x) for x in t["trailers"]) or "–"
                              for t in h["trucks"])
        cash = f"{h['cash']} kj" + (" **Pleite**" if h["bankrupt"] else "")
        rows.append([names[key], pos, load, trailers, ", ".join(map(str, open_orders(state, key))) or "–",
                     cash, report["interest"].get(key, "–")])
    head = ["Spediteur", "Standort", "Ladung", "Anhänger", "Aufträge offen", "Kasse", "Zinsen"]
    out = ["## Spediteure", "", *md_table(head, rows)]
    if report["bankrupt"]:
        out += ["", "Pleite: " + ", ".join(names[k] for k in report["bankrupt"])
                + ". Der Brummi bleibt auf dem Spielplan stehen."]
    if report["expired"]:
        out += ["", "Termin verpasst, Ware wertlos: " + ", ".join(f"Auftrag {i}" for i in report["expired"]) + "."]
    return out + [""]


def _announced(state: State, report: Mapping[str, Any], board: Board) -> list[str]:
    ids = report["announced"]
    out = [f"## Angebote für Runde {state['round']}", ""]
    if not ids:
        return out + ["Keine Transport-Aufträge mehr.", ""]
    rows = []
    for i in ids:
        o = state["orders"][i - 1]
        extra = []
        if o["deliver_by"] is not None:
            extra.append(f"Termin: Runde {o['deliver_by']}")
        if o.get("reoffered"):
            extra.append("erneut angeboten")
        rows.append([i, o["goods"], board.label(o["from"]), board.label(o["to"]), o["count"], o["value"],
                     ", ".join(extra) or "–"])
    return [*out, *md_table(["Auftrag", "Ware", "Abholung", "Ziel", "Menge", "Wert", "Besonderes"], rows), ""]


HEADLINE_LENGTH = 200  # a headline is one line (the site cuts longer ones): the round's biggest news that fit


def headline(game: GameData, state: State, report: Mapping[str, Any]) -> str:
    """The round's news in one line, in the Amtsblatt's words, most important first: the end of the game and its
    winner, who went Pleite, the richest delivery, where the construction site went and whose bids put it there,
    the dearest order won at the auction, trailers bought, as many as fit in a line; "" when the round had none
    of these. Names are the hauliers' names as the Amtsblatt prints them; the site escapes the line."""
    board = board_of(game, state)
    names = {k: h["name"] for k, h in state["hauliers"].items()}
    parts: list[str] = []
    if report.get("finished") and report.get("ranking"):
        first = report["ranking"][0]
        parts.append(f"Spielende: {names[first['haulier']]} gewinnt mit {first['cash']} kj")
    if report.get("bankrupt"):
        parts.append("Pleite: " + _and(names[k] for k in report["bankrupt"]))
    deliveries = sorted(((u["value"], u["order"], key) for key, r in report.get("hauliers", {}).items()
                         for t in r["trucks"] for u in t["unloaded"]), key=lambda d: (-d[0], d[1]))
    if deliveries:
        value, order, key = deliveries[0]
        parts.append(f"{names[key]} liefert Auftrag {order} ab (+{value} kj)"
                     + _more(len(deliveries) - 1, "eine weitere Lieferung", "weitere Lieferungen"))
    site = report.get("site") or {}
    if site.get("result"):
        field = site["result"]
        backers = [names[b["haulier"]] for b in site["bids"] if b["field"] == field and "void" not in b]
        parts.append(f"Baustelle auf {field}{_between(board, field)}, gesetzt von {_and(backers)} "
                     f"({site['totals'][field]} kj)")
    won = sorted((a for a in report.get("auction", []) if a["result"] == "awarded"),
                 key=lambda a: (-a["price"], a["order"]))
    if won:
        parts.append(f"{names[won[0]['winner']]} ersteigert Auftrag {won[0]['order']} für {won[0]['price']} kj"
                     + _more(len(won) - 1, "ein weiterer Zuschlag", "weitere Zuschläge"))
    bought = [t for t in report.get("trailers", []) if t["action"] == "bought"]
    if bought:
        parts.append(_and(names[t["haulier"]] for t in bought) + " kauf" + ("en" if len(bought) > 1 else "t")
                     + (" Anhänger" if len(bought) > 1 else " einen Anhänger"))
    line = parts[0] if parts else ""
    for part in parts[1:]:
        if len(line) + 3 + len(part) <= HEADLINE_LENGTH:
            line += " · " + part
    return line


def _and(words: Any) -> str:
    listed = list(dict.fromkeys(words))
    return ", ".join(listed[:-1]) + " und " + listed[-1] if len(listed) > 1 else "".join(listed)


def _more(count: int, one: str, many: str) -> str:
    return "" if not count else f" und {one}" if count == 1 else f" und {count} {many}"


def _between(board: Board, field: str) -> str:
    """Where a road field lies, by its two cities ("S-WUE.3" lies between Stuttgart and Würzburg)."""
    ends = field.rpartition(".")[0].split("-")
    if len(ends) == 2 and all(board.is_city(e) for e in ends):
        return f" ({board.label(ends[0])}–{board.label(ends[1])})"
    return ""
