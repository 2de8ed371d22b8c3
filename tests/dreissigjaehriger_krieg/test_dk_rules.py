"""30JK scenarios on the engine: seasons, victory, draw, rivers, coasts, convoys and transformations.

Section numbers are those of the German rules text (Ludomaniac v2.0)."""

from __future__ import annotations

import re

from adjudicator.rulesets.diplomacy import RULESET

from .dk_game import KEY, new_game, play, position, result


def test_section_3_half_year_turns_from_spring_1618_adjustments_at_the_end_of_fall():
    s = new_game()
    assert RULESET.phase(s).label == "Frühling 1618: Züge"
    s = play(s).state
    assert RULESET.phase(s).label == "Herbst 1618: Züge"
    s2 = play(s, {"oesterreich": ["A Pra - Kar"]}).state  # bounces off the rebels: no change
    assert RULESET.phase(s2).label == "Frühling 1619: Züge"  # nothing to adjust: skipped
    moved = position(s, {"oesterreich": ["A Pil", "A EbSa", "F Lin", "A MOla", "A Pra"], "rebellen": []})
    s3 = play(moved, {"oesterreich": ["A Pil - Kar"]}).state
    assert s3["supply_centres"]["oesterreich"] == ["EbSa", "Kar", "Lin", "MOla", "Pra"]
    assert RULESET.phase(s3).label == "Herbst 1618: Auf- und Abbau"


def test_section_12_victory_with_27_centres_only_at_the_end_of_an_odd_year():
    s = new_game()
    centres = sorted(c for p, cs in s["supply_centres"].items() for c in cs if p not in ("rebellen", "luettich"))
    free = [c for c in RULESET_MAP_CENTRES() if c not in centres and c not in ("Kar", "BLut")]
    bayern = centres[:27 - len(free)] + free if len(free) < 27 else free[:27]
    s = position(s, {"bayern": ["A Aug"]}, season="Fall", step=2, year=1620)
    s["supply_centres"] = {p: [] for p in s["supply_centres"]} | {"bayern": sorted(bayern)}
    s["supply_centres"]["rebellen"], s["supply_centres"]["luettich"] = ["Kar"], ["BLut"]
    even = play(s).state
    assert even["result"] is None  # 1620 is even
    s["year"] = 1619
    odd = play(s).state
    assert odd["result"] == {"kind": "victory", "winner": "bayern"}


def RULESET_MAP_CENTRES() -> list[str]:
    from adjudicator.rulesets.diplomacy.tables import load_map, shipped
    return load_map("dreissigjaehriger-krieg", shipped()).supply_centres()


def test_section_12_draw_after_three_adjustment_phases_without_a_change_of_owner():
    s = new_game()
    for _ in range(5):  # Spring 1618 .. Spring 1620: everybody holds
        s = play(s).state
    assert s["unchanged_adjustments"] == 2 and s["result"] is None
    end = play(s)
    assert end.state["result"]["kind"] == "draw"
    assert len(end.state["result"]["powers"]) == 11


def test_section_12_a_change_of_owner_starts_the_count_again():
    s = new_game()
    s = play(play(s).state).state
    assert s["unchanged_adjustments"] == 1
    s = play(s).state  # Spring 1619
    s = position(s, {"oesterreich": ["A Pil", "A EbSa", "F Lin", "A MOla", "A Pra"], "rebellen": []})
    s = play(s, {"oesterreich": ["A Pil - Kar"]}).state
    assert s["unchanged_adjustments"] == 0


def test_section_4_double_move_downstream_straight_into_the_target_past_an_occupied_field():
    s = position(new_game(), {"daenemark": ["F HLau"], "braunschweig": ["F Lun"]})
    r = play(s, {"daenemark": ["F HLau - Lun - Ham"]})
    assert result(r.report, "F HLau - Lun - Ham")["result"] == "succeeds"
    assert "F Ham" in r.state["units"]["daenemark"] and "F Lun" in r.state["units"]["braunschweig"]


def test_section_4_double_move_into_a_mouth_sea_and_support_for_it():
    s = position(new_game(), {"braunschweig": ["F Lun"], "daenemark": ["F ElbM", "F NWat"], "schweden": ["F Ham"]})
    r = play(s, {"braunschweig": ["F Lun - Ham - ElbM"], "schweden": ["F Ham S F Lun - ElbM"]})
    assert result(r.report, "F Lun - Ham - ElbM")["result"] == "succeeds"
    assert "F ElbM" in r.state["units"]["braunschweig"]
    assert r.state["dislodged"][0]["unit"] == "F ElbM"


def test_section_4_double_moves_crossing_the_river_on_the_way():
    """Section 4: start and target must lie on the river, "Dabei ist es irrelevant, ob diese Felder auf der selben
    oder anderen Uferseite liegt": a fleet may cross to the other bank on the way down (it was refused when every
    step had to go downstream by itself)."""
    s = position(new_game(), {"schweden": ["F Tan", "F EbMa"], "daenemark": ["F Brg"]})
    for order in ("F Tan - Lun - Sin/sc", "F EbMa - Brg - Per"):
        r = play(s, {"schweden": [order]})
        assert result(r.report, order)["result"] == "succeeds", order
    r = play(s, {"schweden": ["F EbMa - Tan - Per"]})
    assert result(r.report, "F EbMa - Tan - Per")["result"] == "succeeds"
    assert "F Per" in r.state["units"]["schweden"]
    r = play(s, {"schweden": ["F Tan - Per - EbMa"]})  # across, then up the river: still no double move
    assert result(r.report, "F Tan - Per - EbMa")["result"] == "invalid"


def test_section_4_no_double_move_upstream_or_for_armies():
    s = position(new_game(), {"daenemark": ["F Ham", "A HLau"]})
    r = play(s, {"daenemark": ["F Ham - Lun - HLau", "A HLau - Lun - Ham"]})
    assert result(r.report, "F Ham - Lun - HLau")["result"] == "invalid"
    assert result(r.report, "A HLau - Lun - Ham")["result"] == "invalid"


def test_section_5_confluences_single_moves_yes_double_move_against_the_current_no():
    s = position(new_game(), {"luettich": ["A BLut"], "niederlande": ["F HJul", "F GNam"]})
    r = play(s, {"niederlande": ["F HJul - EbKo", "F GNam - BLut - HJul"]})
    assert result(r.report, "F HJul - EbKo")["result"] == "succeeds"  # Maas and Rhein: one coastline
    s = position(new_game(), {"niederlande": ["F BLut"]})
    r = play(s, {"niederlande": ["F BLut - HJul - EbKo"]})
    assert result(r.report, "F BLut - HJul - EbKo")["result"] == "invalid"


def test_section_5_double_moves_through_nhbb_and_sgna_follow_the_stream():
    s = position(new_game(), {"niederlande": ["F BLut"], "pfalz": ["F Fra"], "luettich": []})
    r = play(s, {"niederlande": ["F BLut - NHBb - Utr/sc"], "pfalz": ["F Fra - SGNa - EbTr"]})
    assert "F Utr/sc" in r.state["units"]["niederlande"]
    assert "F EbTr" in r.state["units"]["pfalz"]


def test_section_5_two_coasts_must_be_named_for_fleets():
    s = position(new_game(), {"bayern": ["F BBam"], "daenemark": ["F HHst"]})
    r = play(s, {"bayern": ["F BBam - FAns"], "daenemark": ["F HHst - HSle"]})
    assert result(r.report, "F BBam - FAns")["result"] == "invalid"
    assert result(r.report, "F BBam - FAns")["reason"] == ("sagen Sie, welche Küste von Fürstentum Ansbach: FAns/ec "
                                                         "oder FAns/nc")
    assert "F HSle/ec" in r.state["units"]["daenemark"]  # only the east coast is reachable from Holstein
    r = play(s, {"bayern": ["F BBam - FAns/nc"]})
    assert "F FAns/nc" in r.state["units"]["bayern"]


def test_section_5_army_crosses_between_seeland_and_schleswig():
    s = position(new_game(), {"daenemark": ["A Sel"]})
    r = play(s, {"daenemark": ["A Sel - HSle"]})
    assert "A HSle" in r.state["units"]["daenemark"]


def test_section_6_fleets_on_rivers_convoy_but_only_where_they_move_without_a_double_move():
    s = position(new_game(), {"rheinbistuemer": ["F EbTr", "A Mai"], "pfalz": ["F Fra", "A Asc"]})
    r = play(s, {"rheinbistuemer": ["F EbTr C A Mai - EbKo", "A Mai - EbKo"],
                 "pfalz": ["F Fra C A Asc - EbTr", "A Asc - EbTr"]})
    assert "A EbKo" in r.state["units"]["rheinbistuemer"]
    assert result(r.report, "A Asc - EbTr")["result"] == "invalid"  # Fra reaches EbTr only by a double move


def test_section_7_transform_army_to_fleet_with_a_coast_and_fleet_to_army():
    s = position(new_game(), {"bayern": ["A FAns", "A Aug"], "oesterreich": ["F Lin"], "daenemark": ["F HSle/wc"]})
    r = play(s, {"bayern": ["A FAns T F/nc", "A Aug T F"], "oesterreich": ["F Lin T A"],
                 "daenemark": ["F HSle/wc T F/ec"]})
    assert r.state["units"]["bayern"] == ["F Aug", "F FAns/nc"]
    assert r.state["units"]["oesterreich"] == ["A Lin"]
    assert r.state["units"]["daenemark"] == ["F HSle/ec"]  # from one coast to the other


def test_section_7_transform_needs_the_coast_in_a_two_coast_province():
    s = position(new_game(), {"bayern": ["A FAns"]})
    assert any("welche Küste" in p.message for p in RULESET.check(s, KEY["bayern"], ["A FAns T F"]))
    r = play(s, {"bayern": ["A FAns T F"]})
    assert r.state["units"]["bayern"] == ["A FAns"]


def test_section_7_transforming_unit_holds_can_be_supported_and_does_not_transform_when_dislodged():
    s = position(new_game(), {"pfalz": ["A Mai", "A EbTr"], "bayern": ["A Hei", "A BSpe"]})
    attack = {"bayern": ["A Hei - Mai", "A BSpe S A Hei - Mai"]}
    r = play(s, {**attack, "pfalz": ["A Mai T F", "A EbTr S A Mai"]})
    assert "F Mai" in r.state["units"]["pfalz"]  # held with support, then transformed
    r = play(s, {**attack, "pfalz": ["A Mai T F", "A EbTr H"]})
    assert r.state["dislodged"][0]["unit"] == "A Mai"  # dislodged: no transformation
    assert "A Mai" in r.state["units"]["bayern"]


def test_order_receipt_shows_how_each_order_was_read():
    s = new_game()
    lines = RULESET.describe(s, KEY["sachsen"], ["f tor - fanh - ebma", "Kirchenbau A Mei (2 RP)", "a mei t f"])
    assert lines == ["Kirchenbau: A Mei (2 RP)", "F Tor - FAnh - EbMa", "A Mei T F"]


def test_section_5_a_fleet_move_without_the_coast_house_rule():
    """Section 5 "muss angegeben werden" (house rule, rules page): a fleet move to FAns, HSle, Utr or Sin that names
    no coast goes to the one coast the fleet can reach; where it could reach both it is refused, naming them."""
    from adjudicator.rulesets.diplomacy.position import resolve_position
    from adjudicator.rulesets.diplomacy.tables import load_map, province_of, shipped

    m = load_map("dreissigjaehriger-krieg", shipped())
    one = both = None
    for prov in ("FAns", "HSle", "Utr", "Sin"):
        for src in sorted({r for (kind, r), dst in m.moves.items() if kind == "fleet"
                           and any(province_of(d) == prov for d in dst) and province_of(r) != prov}):
            reach = [c for c in m.coasts(prov) if m.can_move("fleet", src, f"{prov}/{c}")]
            if len(reach) == 1 and one is None and "/" not in src:
                one = (src, prov, reach[0])
            if len(reach) == 2 and both is None and "/" not in src:
                both = (src, prov)
    assert one is not None
    src, prov, coast = one
    out = resolve_position({"map": m.name, "units": {"bayern": [f"F {src}"]},
                            "orders": {"bayern": [f"F {src} - {prov}"]}})
    assert out["units"]["bayern"] == [f"F {prov}/{coast}"], out
    if both is not None:
        src, prov = both
        out = resolve_position({"map": m.name, "units": {"bayern": [f"F {src}"]},
                                "orders": {"bayern": [f"F {src} - {prov}"]}})
        assert out["units"]["bayern"] == [f"F {src}"] and out["orders"][0]["result"] == "invalid", out


def test_section_3_the_adjustment_sheet_gives_examples_at_the_players_own_build_sites():
    """Section 3: "Immer am Ende des Herbstes finden Auf- und Abbauten statt" — the sheet of the adjustment phase
    shows how to replace a 'Verzicht' with builds the player may order: in their own free home centres (issue 32:
    it showed 'Aufbau F Sin/sc' to every power, a centre none but its owner may build in)."""
    fall = play(new_game()).state
    moved = position(fall, {"oesterreich": ["A Pil", "A EbSa", "F Lin", "A MOla"], "rebellen": []})
    adjust = play(moved, {"oesterreich": ["A Pil - Kar"]}).state
    sheet = RULESET.template(adjust, KEY["oesterreich"])
    [hint] = [line for line in sheet.splitlines() if "Verzicht' z. B." in line]
    examples = re.findall(r"'(Aufbau [^']*)'", hint)
    assert examples == ["Aufbau A Pra", "Aufbau F Pra"], hint  # Prag, the one free home centre, on the Moldau
    for example in examples:
        assert RULESET.check(adjust, KEY["oesterreich"], [example]) == [], example
