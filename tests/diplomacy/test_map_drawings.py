"""Issue #18: the drawing of each map shows exactly the neighbours the adjudicator plays by, and stays readable.

The shared borders are read from the drawing's paths alone (a border is a segment two provinces' outlines
have in common) and compared with the ``borders`` of the map data; the only pairs allowed to differ are the
drawing's documented links, which are drawn as lines."""

from __future__ import annotations

import math
import re

import pytest

from adjudicator.dice import Dice
from adjudicator.model import Player
from adjudicator.rulesets.diplomacy import RULESET, newsletter
from adjudicator.rulesets.diplomacy.drawing import (
    ISSUE_WIDTH,
    MIN_LABEL_PX,
    label_boxes,
    links,
    load_drawing,
    overlapping,
    rings,
    segments,
    shared_borders,
)
from adjudicator.rulesets.diplomacy.tables import load_map, province_of, shipped

from ..dreissigjaehriger_krieg import dk_game

DRAWN = ["standard", "dreissigjaehriger-krieg"]


def adjacency(name: str) -> set[frozenset[str]]:
    m = load_map(name, shipped())
    return {frozenset((province_of(a), province_of(b))) for a, b, _ in m.data["borders"]}


@pytest.mark.parametrize("name", DRAWN)
def test_every_neighbour_pair_shares_a_border_and_no_other_pair_does(name: str) -> None:
    d = load_drawing(name, shipped())
    assert d is not None
    drawn, rules = shared_borders(d), adjacency(name)
    assert not drawn - rules, f"borders on the drawing that are no adjacency: {sorted(map(sorted, drawn - rules))}"
    assert rules - drawn == links(d), f"adjacencies not drawn: {sorted(map(sorted, rules - drawn - links(d)))}"


@pytest.mark.parametrize("name", DRAWN)
def test_links_are_explained_and_are_adjacencies(name: str) -> None:
    d = load_drawing(name, shipped())
    assert d is not None
    for link in d.data.get("links", []):
        assert frozenset(link["between"]) in adjacency(name)
        assert len(link["why"]) > 20


@pytest.mark.parametrize("name", DRAWN)
def test_every_province_is_drawn_once_with_a_place_inside_the_map(name: str) -> None:
    m, d = load_map(name, shipped()), load_drawing(name, shipped())
    assert d is not None
    assert set(d.data["provinces"]) == set(m.provinces)
    w, h = d.size
    for region in [*m.provinces, *d.data.get("coasts", {})]:
        x, y = d.place(region)
        assert 0 <= x <= w and 0 <= y <= h, region
    two_coasts = {f"{p}/{c}" for p in m.provinces for c in m.coasts(p)}
    assert set(d.data.get("coasts", {})) == two_coasts  # every split coast is marked


@pytest.mark.parametrize("name", DRAWN)
def test_names_never_overlap_and_are_large_enough_at_an_issues_width(name: str) -> None:
    d = load_drawing(name, shipped())
    assert d is not None
    assert d.font / d.scale() >= MIN_LABEL_PX, f"names {d.font / d.scale():.1f} px high at {ISSUE_WIDTH} px"
    assert overlapping(label_boxes(d, bold=load_map(name, shipped()).supply_centres())) == []  # supply centres in bold


def test_the_30jk_drawing_keeps_the_special_links_and_rivers() -> None:
    d = load_drawing("dreissigjaehriger-krieg", shipped())
    assert d is not None
    assert frozenset(("HSle", "Sel")) in links(d)  # the v2.0 link over the Belts (section 4)
    assert frozenset(("Aero", "RugS")) in shared_borders(d)  # Ærø is an island in the Rügensee only
    assert not {p for pair in shared_borders(d) if "Aero" in pair for p in pair} - {"Aero", "RugS"}
    m = load_map("dreissigjaehriger-krieg", shipped())
    assert set(d.data["rivers"]) == set(m.data["rivers"])  # every river drawn, with its name


def inside(shape: str, point: tuple[float, float]) -> bool:
    """Whether ``point`` lies inside the path ``shape`` (even-odd, as the map fills it)."""
    x, y = point
    crossings = 0
    for ring in rings(shape):
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                crossings += 1
    return crossings % 2 == 1


def test_30jk_rivers_run_along_their_banks_left_and_right_in_the_direction_of_flow_section_4() -> None:
    """Section 4 (rivers, map data ``rivers``): each section of a river is [left bank, right bank] in the
    direction of flow, or one province it flows through. The drawn river runs between exactly those banks, in
    their order from source to mouth, with the left bank on its left; the SVG names it and marks its flow."""
    d = load_drawing("dreissigjaehriger-krieg", shipped())
    assert d is not None
    m = load_map("dreissigjaehriger-krieg", shipped())
    for river, spec in m.data["rivers"].items():
        pts = [tuple(p) for p in d.data["rivers"][river]["points"]]
        steps = [frozenset((a, b)) for a, b in zip(pts, pts[1:], strict=False)]
        at = -1
        if spec.get("source"):
            assert pts[0] == d.place(spec["source"]), f"{river} rises in {spec['source']}"
        for n, (left, right) in enumerate(spec["sections"]):
            a, b = province_of(left), province_of(right)
            if a == b:  # flows through the province: drawn through its place
                found = [i for i, p in enumerate(pts) if p == d.place(a) and i >= at]
                assert found, f"{river} section {n + 1} flows through {a}"
                at = found[0]
                continue
            shared = segments(d.shape(a)) & segments(d.shape(b))
            found = [i for i, s in enumerate(steps) if s in shared and i >= at]
            assert found, f"{river} section {n + 1}: not drawn on the border of {a} and {b} after section {n}"
            at = found[0]
            # along this border, a step at a time: just left of the river is the left bank, just right the right
            i = at
            while i < len(steps) and steps[i] in shared:
                (x0, y0), (x1, y1) = pts[i], pts[i + 1]
                n_x, n_y = (y1 - y0) / math.dist(pts[i], pts[i + 1]), (x0 - x1) / math.dist(pts[i], pts[i + 1])
                mx, my = (x0 + x1) / 2, (y0 + y1) / 2
                assert inside(d.shape(a), (mx + n_x, my + n_y)), f"{river} section {n + 1}: {a} is its left bank"
                assert inside(d.shape(b), (mx - n_x, my - n_y)), f"{river} section {n + 1}: {b} is its right bank"
                i += 1
    svg = newsletter.svg(RULESET.data, dk_game.new_game())
    for river in m.data["rivers"]:
        assert '<polyline class="tp-river" points="' in svg and f"<title>{river}</title></polyline>" in svg
        assert f'font-style="italic" font-size="{round(d.font * 0.85)}" text-anchor="middle">{river}</text>' in svg
    assert svg.count('stroke="#fff" stroke-width="1.6" transform="translate(') > 20  # the flow's arrowheads


STANDARD_PLAYERS = [Player(p, p.capitalize(), p, i, p) for i, p in enumerate(load_map("standard", shipped()).powers)]


def a_turn_with_everything() -> tuple[dict, dict, str]:
    """Fall 1901 on the standard map: a supported attack dislodges the German army in Burgundy, a fleet convoys
    an English army to Belgium, Vienna and Venice bounce in Tyrolia: the state, the report and the issue."""
    state = RULESET.setup({}, STANDARD_PLAYERS, Dice(b"map"))
    spring = {"germany": ["A Mun - Bur"], "england": ["F Lon - Nth", "A Lvp - Yor"]}
    state = RULESET.adjudicate(state, spring, Dice(b"1")).state
    fall = {"france": ["A Par - Bur", "A Mar S A Par - Bur"], "germany": ["A Bur H"],
            "england": ["F Nth C A Yor - Bel", "A Yor - Bel", "F Edi - Nwg"],
            "austria": ["A Vie - Tyr"], "italy": ["A Ven - Tyr", "F Nap - Ion"]}
    r = RULESET.adjudicate(state, fall, Dice(b"2"))
    return r.state, r.report, RULESET.newsletter(r.state, r.report, STANDARD_PLAYERS)


def clear_of_other_names(svg: str, name: str, province: str) -> bool:
    """Whether the dislodged unit's square leaves every other province's name, unit and mark free."""
    x, y, w, h = map(float, re.search(r'<g class="tp-dislodged">.*?<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" '
                                       r'height="([\d.]+)"', svg).groups())
    boxes = label_boxes(load_drawing(name, shipped()), bold=load_map(name, shipped()).supply_centres())
    return not [k for k, b in boxes.items()
                if k != province and x < b[2] and b[0] < x + w and y < b[3] and b[1] < y + h]


def test_the_issues_map_shows_the_turn_with_a_legend_and_says_it_as_text() -> None:
    """Issue #18, "What happened": moves as arrows, failed ones crossed, supports and convoys drawn, the dislodged
    unit shown; a legend names every power's colour and every sign; the text alternative lists the units by
    province, the dislodged one too."""
    state, report, page = a_turn_with_everything()
    svg = page[page.index("<svg"):page.index("</svg>")]
    assert svg.count('class="tp-move"') >= 3  # Par - Bur, Yor - Bel (by its convoy), Edi - Nwg, Nap - Ion
    assert svg.count('class="tp-move tp-failed"') == 2  # Vienna and Venice bounce in Tyrolia
    # each one's cross, and the legend's, in a white casing: seen on a red power's arrow or land too
    assert svg.count('stroke="#fff" stroke-width="6.5" stroke-linecap="round"/><path d="M') == 3
    assert svg.count('class="tp-support"') == 1 and svg.count('class="tp-convoy"') == 1
    dislodged = re.findall(r'<g class="tp-dislodged"><title>dislodged: (A bur)</title>', svg)
    assert dislodged == ["A bur"] and clear_of_other_names(svg, "standard", "bur")
    legend = svg[svg.index("Austria</text>") - 400:]
    for power in load_map("standard", shipped()).powers.values():
        colour, name = power["colour"], power["name"]
        assert re.search(rf'fill="{colour}" stroke="#222222"/><text [^>]*>{name}</text>', legend), name
    for sign in ("supply centre", "move", "failed", "support", "convoy", "dislodged"):
        assert f">{sign}</text>" in legend
    # a move's arrow runs from beyond the name it leaves to before the name it reaches, where it is long enough
    d = load_drawing("standard", shipped())
    assert d is not None
    boxes = label_boxes(d, bold=load_map("standard", shipped()).supply_centres())
    for start, target in (("edi", "nwg"), ("nap", "ion")):
        (ax, ay), (bx, by) = d.place(start), d.place(target)
        lines = [tuple(map(float, g)) for g in re.findall(
            r'<line class="tp-move" x1="(-?\d+)" y1="(-?\d+)" x2="(-?\d+)" y2="(-?\d+)"', svg)]
        x1, y1, x2, y2 = min(lines, key=lambda ln: math.dist(ln[:2], (ax, ay)) + math.dist(ln[2:], (bx, by)))
        for (x, y), region in (((x1, y1), start), ((x2, y2), target)):
            b = boxes[region]
            assert not (b[0] <= x <= b[2] and b[1] <= y <= b[3]), f"{start}-{target} ends on {region}'s name"
    germany = re.search(r"<li>Germany: ([^<]*)</li>", page)
    assert germany and germany.group(1) == "Units A Ber, F Kie; dislodged A Bur; Centres Ber, Kie, Mun.", germany


TEXT = re.compile(r"<text ([^>]*)>([^<]*)</text>")


@pytest.mark.parametrize("name", DRAWN)
def test_no_text_of_an_issues_map_is_smaller_than_10_px_at_an_issues_width(name: str) -> None:
    """Issue #18: "no label smaller than a minimum size at the issue's width": province names are at least
    MIN_LABEL_PX (above), every other text (unit letters, coasts, rivers, dislodged units, the legend) 10 px."""
    if name == "standard":
        page = a_turn_with_everything()[2]
    else:
        r = dk_game.play(dk_game.funded_game(), {"oesterreich": ["A Pra - Kar"], "sachsen": ["A Lei - Erf"]})
        page = RULESET.newsletter(r.state, r.report, dk_game.PLAYERS)
    svg = page[page.index("<svg"):page.index("</svg>")]
    width = int(re.search(r'viewBox="0 0 (\d+) ', svg).group(1))
    base = float(re.search(r'font-size="([\d.]+)"', svg).group(1))
    sizes = []
    for attrs, text in TEXT.findall(svg):
        size = re.search(r'font-size="([\d.]+)"', attrs)
        sizes.append(((float(size.group(1)) if size else base) * ISSUE_WIDTH / width, text))
    assert len(sizes) > 100
    assert [(text, round(px, 1)) for px, text in sizes if px < 10] == []


def polyline_segments(path: str) -> set[frozenset[tuple[float, float]]]:
    """The segments of open polylines ``M x,y L x,y ...`` (no closing segment)."""
    out = set()
    for line in rings(path):
        out |= {frozenset(pair) for pair in zip(line, line[1:], strict=False) if pair[0] != pair[1]}
    return out


def test_the_30jk_map_draws_the_border_of_the_empire_in_1618_where_its_provinces_meet() -> None:
    """Issue #18: "the Thirty Years' War map like the Empire in 1618". The provinces outside the Empire as the
    law stood in 1618 (Schleswig and Ærø north of the Eider, Denmark's Seeland, France's Champagne; the Swiss
    and the Dutch were exempted only in 1648) are hatched, and the Empire's border runs exactly along every
    outline they share with a land province inside it, and nowhere else; the legend names both."""
    d = load_drawing("dreissigjaehriger-krieg", shipped())
    assert d is not None
    m = load_map("dreissigjaehriger-krieg", shipped())
    realm = d.data["realm"]
    assert set(realm["outside"]) == {"HSle", "Aero", "Sel", "GCha"}
    assert all(len(why) > 10 for why in realm["outside"].values())
    inside = [p for p in m.provinces if m.terrain(p) != "sea" and p not in realm["outside"]]
    shared = set().union(*(segments(d.shape(a)) & segments(d.shape(b)) for a in realm["outside"] for b in inside))
    drawn = polyline_segments(" ".join(realm["border"]))
    assert shared and drawn == shared
    assert frozenset(("HHst", "HSle")) in shared_borders(d)  # the Eider
    svg = newsletter.svg(RULESET.data, dk_game.new_game())
    assert svg.count('fill="url(#tp-outside)"') == 5  # four provinces and the legend's sign
    assert '<path class="tp-realm" d="M' in svg and ">Grenze des Reiches 1618</text>" in svg
    assert ">außerhalb des Reiches</text>" in svg


def test_the_30jk_issue_map_shows_a_dislodged_fleet_and_says_it_in_german() -> None:
    """The same for the Thirty Years' War (section 4: a double move downstream with support dislodges the Danish
    fleet in the Elbe's mouth): a crossed-out square beside the unit that took its place, and the text."""
    s = dk_game.position(dk_game.new_game(), {"braunschweig": ["F Lun"], "daenemark": ["F ElbM", "F NWat"],
                                              "schweden": ["F Ham"]})
    r = dk_game.play(s, {"braunschweig": ["F Lun - Ham - ElbM"], "schweden": ["F Ham S F Lun - ElbM"]})
    page = RULESET.newsletter(r.state, r.report, dk_game.PLAYERS)
    svg = page[page.index("<svg"):page.index("</svg>")]
    assert re.findall(r'<g class="tp-dislodged"><title>vertrieben: (F ElbM)</title>', svg) == ["F ElbM"]
    assert clear_of_other_names(svg, "dreissigjaehriger-krieg", "ElbM")
    assert ">vertrieben</text>" in svg  # in the legend
    assert "<li>Dänemark: Einheiten F NWat; vertrieben F ElbM; Versorgungszentren " in page
