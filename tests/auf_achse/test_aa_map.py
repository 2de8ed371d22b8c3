"""Issue #18: the Spielplan drawn from the board data, on the land of Natural Earth, with the round's drives."""

from __future__ import annotations

import re

from adjudicator.rulesets.auf_achse import amtsblatt
from adjudicator.rulesets.auf_achse.board import load_board

from .helpers import R, at_round, give, new_game, play, set_order


def test_every_road_is_a_line_between_its_cities_and_every_field_a_point_named_by_its_id() -> None:
    board = load_board("deutschland")
    svg = amtsblatt.svg_map(new_game())
    lines = set(re.findall(r'<line x1="(\d+)" y1="(\d+)" x2="(\d+)" y2="(\d+)"', svg))
    for road in board.roads:
        (x1, y1), (x2, y2) = board.position(road.start), board.position(road.end)
        assert (str(x1), str(y1), str(x2), str(y2)) in lines, road  # the road links exactly its two cities
        assert f">{road.start}-{road.end}</text>" in svg  # the road's id, so every field id can be read off
        for f in road.fields:
            assert f"<title>{f} ({board.points[f]} P.)</title>" in svg
    assert svg.count("<line ") == len(board.roads)  # no road drawn that the board lacks


def test_the_board_lies_on_the_land_and_borders_of_natural_earth() -> None:
    svg = amtsblatt.svg_map(new_game())
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
    route = re.search(r'<polyline class="tp-route" points="[^"]+" fill="none" stroke="([^"]+)"', page)
    assert route and route.group(1) == colours["p0"]
    assert "<summary>Der Spielplan als Text: Brummis je Feld</summary>" in page
    name = r.state["hauliers"]["p0"]["name"]
    assert f"<li>{name}: Bremen (HB), Ladung" in page
