"""The Spielplan and Phase 3 (Brummi fahren): fields, Streckenpunkte, the fare table, routes."""

import re
from pathlib import Path

import yaml

from adjudicator.rulesets.auf_achse import RULESET
from adjudicator.rulesets.auf_achse.board import fare, field_points, load_board, map_names, plan_route

BOARD = load_board(RULESET.data, "deutschland")
TEXT = Path(__file__).parents[2] / "adjudicator/rulesets/auf_achse/text"  # the rules pages the ruleset ships

# Phase 3, the text's table: Streckenpunkte 1..20 and their Fahrpreis.
TEXT_TABLE = [10, 30, 60, 100, 150, 210, 280, 360, 450, 550, 660, 780, 910, 1050, 1200, 1360, 1530, 1710, 1900, 2100]


def test_phase3_fare_reproduces_the_text_table():
    """Phase 3: Preis := Sn * 10 kj, the table for 1 to 20 Streckenpunkte."""
    assert [fare(n) for n in range(1, 21)] == TEXT_TABLE
    assert fare(0) == 0


def test_map_spans_flensburg_to_verona_and_rotterdam_to_berlin():
    """Spielplan (games notes): real cities of Germany and its neighbours, from Flensburg to Verona."""
    names = {c.name for c in BOARD.cities.values()}
    assert {"Flensburg", "Verona", "Rotterdam", "Berlin", "Triest", "Brüssel", "Rostock"} <= names
    assert len(BOARD.cities) >= 50
    # every city reaches every other (the board is one network)
    assert all(BOARD.distance("FL", c) is not None for c in BOARD.cities)


def test_map_fields_follow_their_roads_and_carry_streckenpunkte():
    """Spielplan: a road is a chain of fields named from its first city; each field has its points."""
    assert BOARD.neighbours("HH-HB.1") == ("HH", "HH-HB.2")
    assert BOARD.points["HH-HB.1"] == 2  # heavy traffic next to Hamburg (house rule: Verkehrsdichte)
    assert BOARD.points["HH-HB.2"] == 1
    assert all(p >= 1 for p in BOARD.points.values())
    for code in BOARD.cities:
        assert BOARD.position(code) == (BOARD.cities[code].x, BOARD.cities[code].y)
    assert "benelux" in map_names() and "deutschland" in map_names()


def test_phase3_route_is_priced_field_by_field():
    """Phase 3: the sum of the Streckenpunkte of the fields entered, start field not counted."""
    r = plan_route(RULESET.data, BOARD, "HH", ["HH", "HH-HB.1", "HH-HB.2", "HH-HB.3", "HB"], None, {})
    assert not r.problems
    assert r.points == 2 + 1 + 1 + 1
    assert r.fare == 150
    assert r.entered == 4


def test_zugformat_route_must_start_where_the_truck_stands_benevolently():
    """Zugformat: start position first; a missing start is read benevolently ("wohlwollend")."""
    r = plan_route(RULESET.data, BOARD, "HH", ["HH-HB.1", "HH-HB.2"], None, {})
    assert r.fields == ["HH", "HH-HB.1", "HH-HB.2"]
    assert r.problems[0][0] == "warning"


def test_zugformat_route_must_be_connected():
    """Zugformat: a field not next to the previous one stops the route there (an error in the check)."""
    r = plan_route(RULESET.data, BOARD, "HH", ["HH", "HH-HB.1", "HH-HB.3", "HB"], None, {})
    assert r.fields == ["HH", "HH-HB.1"]
    assert r.cut_at == 2
    assert r.problems[0][0] == "error" and r.problems[0][1] == "HH-HB.3 liegt nicht neben HH-HB.1"
    bad = plan_route(RULESET.data, BOARD, "HH", ["HH", "Atlantis"], None, {})
    assert bad.fields == ["HH"] and bad.problems[0][1] == "'Atlantis' ist kein Feld des Spielplans"


def test_zugformat_the_rules_pages_example_routes_are_roads_of_the_board():
    """Zugformat ("die Fahrstrecke eindeutig ... mit der Summe der gefahrenen Streckenpunkte und dem zu zahlenden
    Fahrpreis"): the rules pages' order sheets, in every language, drive along the board's roads with the points
    and fare they write; the English page's K-F.1, K-F.2, K-F.3, F (a road of five fields) and K-D.1 (no field)
    were refused by validate."""
    pages = sorted(TEXT.glob("auf-achse*.md"))
    blocks = [b for page in pages for b in re.findall(r"```yaml\n(.*?)```", page.read_text(encoding="utf-8"), re.S)]
    plans = [plan for block in blocks for truck in yaml.safe_load(block)["trucks"]
             for plan in (truck, truck.get("otherwise")) if plan]
    assert len(pages) >= 1 and len(plans) == 3 * len(pages)
    for plan in plans:
        r = plan_route(RULESET.data, BOARD, plan["route"][0], plan["route"], None, {})
        assert r.problems == [] and r.fields == plan["route"], (plan, r.problems)
        assert (plan.get("points", r.points), plan.get("fare", r.fare)) == (r.points, r.fare), plan


def test_zugformat_city_to_city_fills_in_the_fields():
    """Zugformat (house rule): two cities joined by one road may be written without the fields between."""
    r = plan_route(RULESET.data, BOARD, "HH", ["HH", "HB", "OS"], None, {})
    assert r.fields[:5] == ["HH", "HH-HB.1", "HH-HB.2", "HH-HB.3", "HB"]
    assert r.end == "OS"
    assert all(sev == "warning" for sev, _, _ in r.problems)


def test_phase5_construction_site_may_be_left_but_never_entered_or_crossed():
    """Phase 5: "Ein Brummi darf von einem Baustellen-Feld aus starten, es aber nie betreten oder durchfahren"."""
    blocked = plan_route(RULESET.data, BOARD, "HH", ["HH", "HH-HB.1", "HH-HB.2", "HH-HB.3", "HB"], "HH-HB.2", {})
    assert blocked.fields == ["HH", "HH-HB.1"]
    assert blocked.problems[0][1] == ("HH-HB.2 ist in dieser Runde die Baustelle: kein Brummi darf sie befahren "
                                    "oder überqueren")
    crossing = plan_route(RULESET.data, BOARD, "HH", ["HH", "HB"], "HH-HB.2", {})  # filled-in fields cross it too
    assert crossing.fields == ["HH"]
    leaving = plan_route(RULESET.data, BOARD, "HH-HB.2", ["HH-HB.2", "HH-HB.3", "HB"], "HH-HB.2", {})
    assert leaving.fields == ["HH-HB.2", "HH-HB.3", "HB"] and not leaving.problems
    assert BOARD.distance("HH", "HB", blocked="HH-HB.2") > BOARD.distance("HH", "HB")


def test_house_rule_stau_doubles_or_quadruples_a_road_field():
    """House rule (Verkehrsdichte and Stau, after Solcher): 1 truck standing doubles a field, several x4."""
    assert field_points(BOARD, "HH-HB.2", {}) == 1
    assert field_points(BOARD, "HH-HB.2", {"HH-HB.2": 1}) == 2
    assert field_points(BOARD, "HH-HB.2", {"HH-HB.2": 3}) == 4
    assert field_points(BOARD, "HH-HB.1", {"HH-HB.1": 1}) == 4  # heavy traffic field, jammed
    assert field_points(BOARD, "HB", {"HB": 5}) == 1  # cities never jam
