"""Issue #18: the Spielplan drawn from the board data, on the land of Natural Earth, with the round's drives."""

from __future__ import annotations

import html
import re

from adjudicator.rulesets.auf_achse import RULESET, drawing
from adjudicator.rulesets.auf_achse import newsletter as amtsblatt
from adjudicator.rulesets.auf_achse.board import load_board
from adjudicator.rulesets.auf_achse.drawing import Box, layout, overlaps, text_box

from .helpers import R, at_round, give, new_game, play, set_order


def test_every_road_is_drawn_between_its_cities_and_every_field_is_numbered_in_its_dot() -> None:
    """Issue #18: "field ids shown on the Auf Achse board". A field's id, HH-HB.2, is its road's id and its
    number: every road's id is written by it, every field's number in its dot, on the map or in the inset."""
    board = load_board(RULESET.data, "deutschland")
    lay = layout(RULESET.data, board)
    svg = amtsblatt.svg_map(RULESET.data, new_game())
    main = svg.split('<g class="tp-board">', 1)[1].split("</g>\n<defs>", 1)[0]
    courses = re.findall(r'<polyline class="tp-road" points="([^"]+)"', main)
    assert len(courses) == len(board.roads)  # no road drawn that the board lacks
    for road, pts in zip(board.roads, courses, strict=True):
        (x1, y1), (x2, y2) = board.position(road.start), board.position(road.end)
        assert pts.startswith(f"{x1},{y1} ") and pts.endswith(f" {x2},{y2}"), road  # it links its two cities
        assert f">{road.start}-{road.end}</text>" in svg  # the road's id
        for n, f in enumerate(road.fields, 1):
            assert f"<title>{f} ({board.points[f]} P.)</title>" in svg
            numbered = re.findall(rf'<g data-field="{re.escape(f)}"><circle cx="(\d+)" cy="(\d+)"[^>]*>.*?</circle>'
                                  rf'<text class="tp-field-id" [^>]*>{n}</text></g>', svg)
            assert len(numbered) == 1, f"{f}: its number {n} once, in its dot"
            x, y = lay.place(f)
            assert lay.inset and lay.inset.shows(x, y) or numbered[0] == (str(x), str(y)), f


ISSUE_PX = 720  # the width of an issue's column (diplomacy.drawing.ISSUE_WIDTH)
TEXT = re.compile(r"<text ([^>]*)>([^<]*)</text>")
ATTR = re.compile(r'([a-z-]+)="([^"]*)"')


def labels(svg: str) -> list[tuple[str, str, Box, float]]:
    """Every name, road id and field number of the map and the legend's lines: (kind, text, box, font size in
    px in an issue's column)."""
    scale = ISSUE_PX / int(re.search(r'viewBox="0 0 (\d+) ', svg).group(1))
    board, legend = svg.rsplit('<g class="tp-legend"', 1)
    out = []
    for part, default in ((board, None), (legend, "legend")):
        for attrs, text in TEXT.findall(part):
            a = dict(ATTR.findall(attrs))
            kind = a.get("class", default)
            if kind in ("tp-city", "tp-road-id", "tp-field-id", "tp-inset-name", "legend"):
                size = float(a.get("font-size", 11))
                box = text_box(float(a["x"]), float(a["y"]), html.unescape(text), size, a.get("text-anchor", "start"),
                               a.get("font-weight") == "bold")
                out.append((kind, text, box, size * scale))
    return out


def test_no_two_labels_of_the_board_overlap_and_none_is_too_small_at_an_issues_width() -> None:
    """Issue #18: "labels that never overlap (tested)", "no label smaller than a minimum size at the issue's
    width": city names at least 11 px (as on the Diplomacy maps), road ids 9 px, field numbers 8 px in their
    dots; the crowded Ruhr is drawn again, larger, in the inset (Oldenburg/Bremen and Aachen/Lüttich apart)."""
    state = at_round(new_game(), 3)
    found = labels(amtsblatt.svg_map(RULESET.data, state))
    kinds = {k for k, *_ in found}
    assert {"tp-city", "tp-road-id", "tp-field-id", "tp-inset-name", "legend"} <= kinds
    floor = {"tp-city": 11, "tp-inset-name": 11, "legend": 10.5, "tp-road-id": 9, "tp-field-id": 8}
    small = [(text, round(px, 1)) for kind, text, _, px in found if px < floor[kind]]
    assert small == []
    clash = [(a[1], b[1]) for i, a in enumerate(found) for b in found[i + 1:] if overlaps(a[2], b[2])]
    assert clash == []
    names = {text for kind, text, *_ in found if kind == "tp-city"}
    board = load_board(RULESET.data, "deutschland")
    assert names == {c.name for c in board.cities.values()}  # every city named once (the Ruhr's in the inset)


def test_the_board_lies_on_the_land_and_borders_of_natural_earth() -> None:
    svg = amtsblatt.svg_map(RULESET.data, new_game())
    land = re.search(r'<path d="(M[^"]+)" fill="#f4f1e8"', svg)
    assert land and land.group(1).count("M") > 20  # countries and islands, not a blank rectangle


def test_each_hauliers_route_of_the_round_is_drawn_in_its_colour_and_trucks_are_listed_as_text() -> None:
    s = at_round(new_game(), 1)
    set_order(s, 1, **{"from": "HH", "to": "HB"})
    give(s, "p0", 1)
    r = play(s, {"p0": {"trucks": [{"load": [1], "route": ["HH", "HB"]}]}})
    page = R.newsletter(r.state, r.report, [])
    colours = amtsblatt.haulier_colours(r.state)
    assert len(set(colours.values())) == len(colours)  # one colour per haulier
    route = re.search(r'<polyline points="([^"]+)" fill="none" stroke="#222" [^>]*/>\s*<polyline class="tp-route" '
                      r'points="([^"]+)" fill="none" stroke="([^"]+)"', page)
    assert route and route.group(3) == colours["p0"]
    assert route.group(1) == route.group(2)  # on a dark casing: a yellow or pale blue route stands off the land
    assert "<summary>Der Spielplan als Text: Brummis je Feld</summary>" in page
    name = r.state["hauliers"]["p0"]["name"]
    assert f"<li>{name}: Bremen (HB), Ladung" in page
    # the map alone, as the site's map page shows it, carries the same text as its description
    desc = re.search(r"<desc>([^<]+)</desc>", R.map(r.state))
    assert desc and f"{name}: Bremen (HB), Ladung" in desc.group(1)
    assert all(f"{h['name']}: " in desc.group(1) for h in r.state["hauliers"].values())


def proper_crossings(lines: list[list[tuple[float, float]]]) -> list[tuple[float, float]]:
    """Where two of the polylines cross away from their ends (a shared city is no crossing)."""
    out = []
    for i, a in enumerate(lines):
        for b in lines[i + 1:]:
            for p1, p2 in zip(a, a[1:], strict=False):
                for p3, p4 in zip(b, b[1:], strict=False):
                    d = (p2[0] - p1[0]) * (p4[1] - p3[1]) - (p2[1] - p1[1]) * (p4[0] - p3[0])
                    if d:
                        t = ((p3[0] - p1[0]) * (p4[1] - p3[1]) - (p3[1] - p1[1]) * (p4[0] - p3[0])) / d
                        u = ((p3[0] - p1[0]) * (p2[1] - p1[1]) - (p3[1] - p1[1]) * (p2[0] - p1[0])) / d
                        if 0.001 < t < 0.999 and 0.001 < u < 0.999:
                            out.append((p1[0] + (p2[0] - p1[0]) * t, p1[1] + (p2[1] - p1[1]) * t))
    return out


def test_roads_that_cross_without_a_city_are_drawn_as_a_bridge() -> None:
    """Issue #18: "Emden-Münster crosses Amsterdam-Osnabrück with no junction". Along the motorways they still
    cross (the A31 and the A30 at Schüttorf; no drawing of this board avoids it, Amsterdam-Osnabrück parts
    Emden from Münster), so where any two roads cross away from a city one passes over the other as a bridge,
    and there only."""
    svg = amtsblatt.svg_map(RULESET.data, new_game())
    main = svg.split('<g class="tp-board">', 1)[1].split("</g>\n<defs>", 1)[0]
    lines = [[tuple(map(float, p.split(","))) for p in pts.split()]
             for pts in re.findall(r'<polyline class="tp-road" points="([^"]+)"', main)]
    found = proper_crossings(lines)
    bridges = re.findall(r'<g class="tp-overpass"><title>([^<]+)</title><line x1="(\d+)" y1="(\d+)" x2="(\d+)" '
                         r'y2="(\d+)"', svg)
    assert len(found) == len(bridges) == 1
    (x, y), (title, x1, y1, x2, y2) = found[0], bridges[0]
    assert abs((int(x1) + int(x2)) / 2 - x) <= 1 and abs((int(y1) + int(y2)) / 2 - y) <= 1
    assert title == "AMS-OS führt über EMD-MS: keine Kreuzung"


def test_the_bridges_are_worked_out_once_for_every_drawing_of_the_board(monkeypatch) -> None:
    """Issue 33: where the roads cross depends on the board's drawing only, not on the round: two maps of two
    rounds work it out at most once (the layout keeps it), and each has its bridge."""
    worked: list[object] = []
    real = drawing._crossings
    monkeypatch.setattr(drawing, "_crossings", lambda lay: worked.append(lay) or real(lay))
    board = load_board(RULESET.data, "deutschland")
    layout(RULESET.data, board).__dict__.pop("crossings", None)  # as a fresh process has it
    first = new_game()
    later = play(first)
    maps = [amtsblatt.svg_map(RULESET.data, state) for state in (first, later.state)]
    assert len(worked) == 1 and all(m.count('<g class="tp-overpass">') == 1 for m in maps)


def test_the_places_of_the_names_are_worked_out_once_for_every_drawing_of_the_board() -> None:
    """Issue 33: where a city's name may go (and which of those places a leading line reaches past no other city)
    and where a road's id may go depend on the board's drawing only: the second round's map works none of it out
    again, yet places the names for its own round (the legend and the cities with orders waiting differ)."""
    amtsblatt._name_places.cache_clear()
    amtsblatt._beside.cache_clear()
    first = new_game()
    later = play(first).state
    maps = [amtsblatt.svg_map.__wrapped__(RULESET.data, first)]
    worked = amtsblatt._name_places.cache_info().misses, amtsblatt._beside.cache_info().misses
    maps.append(amtsblatt.svg_map.__wrapped__(RULESET.data, later))
    board = load_board(RULESET.data, "deutschland")  # each city named once: on the map or in the inset
    assert worked == (len(board.cities), len(board.roads))
    assert (amtsblatt._name_places.cache_info().misses, amtsblatt._beside.cache_info().misses) == worked
    assert all(m.count('class="tp-city"') == len(board.cities) for m in maps) and maps[0] != maps[1]


def test_the_orders_page_s_board_comes_in_a_base_no_round_changes_and_the_round_s_part() -> None:
    """Issue 30, "data sent once per place, only what the open turn needs": Auf Achse's board was sent whole to
    the orders page every round (256 kB, 38 kB compressed), though its land, roads, fields and names never change.
    It comes in two (``map_parts``): a base that is the same bytes in every round (a site file named by its
    content, kept by the browser) and the round's part (the site, the cities' dots, the trucks, the legend).
    Joined as ``orders_map.js`` joins them, they draw every field, city, name, road id and truck the whole board
    does, every field and city with its neighbours for picking a route; no two labels overlap and no name lies on
    a city's dot, whichever cities have orders waiting."""
    early = at_round(new_game(), 1)
    later = at_round(new_game("K", "HB", "K", "M", "B"), 4)
    later["site"] = "K-F.2"
    parts = [RULESET.map_parts(s) for s in (early, later)]
    assert parts[0] and parts[1]
    (base, turn), (later_base, later_turn) = parts
    assert base == later_base and turn != later_turn, "trucks, the site and the orders waiting: not in the base"
    assert len(turn) * 8 < len(base), "most of the drawing is the base"
    for state, (b, t) in zip((early, later), parts, strict=True):
        inner = re.fullmatch(r"<svg[^>]*>(.*)</svg>", b, re.S)
        assert inner and t.count('<g data-tp-base=""/>') == 1
        drawn = t.replace('<g data-tp-base=""/>', inner.group(1))
        whole = RULESET.map(state)

        def elements(svg: str, pattern: str) -> list[str]:
            return sorted(re.findall(pattern, svg))

        for pattern in (r"<[a-z]+ data-field=[^>]*>", r'<circle data-field="[A-Z]+"[^>]*>',
                        r'<g class="tp-truck".*?</g>', r'class="tp-(?:city|road-id)"[^>]*>([^<]*)<'):
            assert elements(drawn, pattern) == elements(whole, pattern), pattern
        assert re.search(r"<title>Spielplan Auf Achse [^<]+</title>", t) and '<g class="tp-legend"' in t
        found = labels(drawn)
        assert [(a[1], b[1]) for i, a in enumerate(found) for b in found[i + 1:] if overlaps(a[2], b[2])] == []
        frame = [float(v) for v in re.search(r'<g class="tp-inset"><rect x="([0-9.]+)" y="([0-9.]+)" '
                                             r'width="([0-9.]+)" height="([0-9.]+)"', b).groups()]
        main, inset = t.split('<g class="tp-board">', 1)[1].split("</g>\n<g class=\"tp-inset\"", 1)
        dots = [(float(x), float(y)) for part, clip in ((main, False), (inset, True))
                for x, y in re.findall(r'<circle data-field="[A-Z]+"[^>]* cx="([0-9.]+)" cy="([0-9.]+)"', part)
                if not clip or (frame[0] <= float(x) <= frame[0] + frame[2]
                                and frame[1] <= float(y) <= frame[1] + frame[3])]  # the inset shows no other
        names = [box for kind, _, box, _ in found if kind == "tp-city"]
        assert dots and not [(x, y) for x, y in dots for box in names
                             if overlaps(box, (x - 6, y - 6, x + 6, y + 6))], "a name on a city's dot"
