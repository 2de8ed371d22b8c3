"""Issue #18: the drawing of each map shows exactly the neighbours the adjudicator plays by, and stays readable.

The shared borders are read from the drawing's paths alone (a border is a segment two provinces' outlines
have in common) and compared with the ``borders`` of the map data; the only pairs allowed to differ are the
drawing's documented links, which are drawn as lines."""

from __future__ import annotations

import pytest

from adjudicator.rulesets.diplomacy.drawing import (
    ISSUE_WIDTH,
    MIN_LABEL_PX,
    label_boxes,
    links,
    load_drawing,
    overlapping,
    shared_borders,
)
from adjudicator.rulesets.diplomacy.mapdata import load_map, province_of

DRAWN = ["standard", "dreissigjaehriger-krieg"]


def adjacency(name: str) -> set[frozenset[str]]:
    m = load_map(name)
    return {frozenset((province_of(a), province_of(b))) for a, b, _ in m.data["borders"]}


@pytest.mark.parametrize("name", DRAWN)
def test_every_neighbour_pair_shares_a_border_and_no_other_pair_does(name: str) -> None:
    d = load_drawing(name)
    assert d is not None
    drawn, rules = shared_borders(d), adjacency(name)
    assert not drawn - rules, f"borders on the drawing that are no adjacency: {sorted(map(sorted, drawn - rules))}"
    assert rules - drawn == links(d), f"adjacencies not drawn: {sorted(map(sorted, rules - drawn - links(d)))}"


@pytest.mark.parametrize("name", DRAWN)
def test_links_are_explained_and_are_adjacencies(name: str) -> None:
    d = load_drawing(name)
    assert d is not None
    for link in d.data.get("links", []):
        assert frozenset(link["between"]) in adjacency(name)
        assert len(link["why"]) > 20


@pytest.mark.parametrize("name", DRAWN)
def test_every_province_is_drawn_once_with_a_place_inside_the_map(name: str) -> None:
    m, d = load_map(name), load_drawing(name)
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
    d = load_drawing(name)
    assert d is not None
    assert d.font / d.scale() >= MIN_LABEL_PX, f"names {d.font / d.scale():.1f} px high at {ISSUE_WIDTH} px"
    assert overlapping(label_boxes(d)) == []


def test_the_30jk_drawing_keeps_the_special_links_and_rivers() -> None:
    d = load_drawing("dreissigjaehriger-krieg")
    assert d is not None
    assert frozenset(("HSle", "Sel")) in links(d)  # the v2.0 link over the Belts (section 4)
    assert frozenset(("Aero", "RugS")) in shared_borders(d)  # Ærø is an island in the Rügensee only
    assert not {p for pair in shared_borders(d) if "Aero" in pair for p in pair} - {"Aero", "RugS"}
    m = load_map("dreissigjaehriger-krieg")
    assert set(d.data["rivers"]) == set(m.data["rivers"])  # every river drawn, with its name
