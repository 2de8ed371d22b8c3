"""The reconstructed 30JK map (rules sections 2, 4, 5 and the start table): provinces, coasts, centres, rivers."""

from __future__ import annotations

from adjudicator.rulesets.diplomacy.tables import load_map, province_of, shipped

M = load_map("dreissigjaehriger-krieg", shipped())

NAMED_IN_TEXT = """Aug BFre FAns Bra NLHe Lun Aero Ham HSle GCha Met Vun EbSa Lin MOla Pra Mai Hei NOpf BMun EbKo EbTr
Mei Lei Tor Ros Hpo Ber FGBu GHen GFla HGro GHol Utr Kar BLut Sin HJul SGNa NHBb BWur Pas RheM ElbM OdM RugS NWat
Sel""".split()
SEAS = {"RheM", "ElbM", "OdM", "RugS", "NWat"}  # section 5: pure seas despite drawn land
TWO_COASTS = {"FAns", "HSle", "Utr", "Sin"}  # section 5
THROUGH = {"BLut": "Maas", "BWur": "Main", "Tor": "Elbe", "Pas": "Donau"}  # section 5: rivers flow through them


def test_every_province_the_text_names_is_on_the_map_section_2_and_5():
    assert set(NAMED_IN_TEXT) <= set(M.provinces)
    assert len(M.provinces) == 109


def test_abbreviations_do_not_collide_in_any_case():
    lower = [p.lower() for p in M.provinces]
    assert len(set(lower)) == len(lower)
    assert M.names["blut"] == "BLut" and M.names["elbm"] == "ElbM"  # the text writes "Blut", "ELbM"


def test_pure_seas_and_island_land_fields_section_5():
    assert {p for p, d in M.provinces.items() if d["terrain"] == "sea"} == SEAS
    for island in ("Sel", "Aero"):
        assert M.terrain(island) == "coast"  # fleets and (convoyed) armies may stand there
        assert M.regions_of(island, "army") == [island]


def test_two_coast_provinces_section_5():
    assert {p for p in M.provinces if M.coasts(p)} == TWO_COASTS
    for p in TWO_COASTS:
        assert len(M.coasts(p)) == 2
        assert M.regions_of(p, "fleet") == [f"{p}/{c}" for c in M.coasts(p)]
    assert M.coasts("HSle") == ["ec", "wc"]


def test_seeland_schleswig_link_for_armies_and_fleets_section_5():
    assert M.can_move("army", "Sel", "HSle") and M.can_move("army", "HSle", "Sel")
    assert M.can_move("fleet", "Sel", "HSle/ec") and M.can_move("fleet", "HSle/ec", "Sel")
    assert not M.can_move("fleet", "Sel", "HSle/wc")


def test_adjacency_is_symmetric_and_borders_are_unique():
    for (unit_type, src), dsts in M.moves.items():
        for dst in dsts:
            assert src in M.moves[(unit_type, dst)], (unit_type, src, dst)
    pairs = [tuple(sorted(b[:2])) for b in M.data["borders"]]
    assert len(pairs) == len(set(pairs))
    assert all(M.neighbours.get(p) for p in M.provinces), "every province has a neighbour"


def test_52_centres_34_home_centres_and_27_to_win_section_1_and_12():
    centres = M.supply_centres()
    assert len(centres) == 52
    homes = [p for p in centres if M.provinces[p].get("home")]
    assert len(homes) == 34
    assert M.data["victory"]["centres"] == 27


def test_the_34_start_units_stand_on_their_home_centres_start_table():
    start = M.data["start"]
    units = [(power, u) for power, us in start["units"].items() for u in us]
    assert len(units) == 34 and len(M.powers) == 11
    for power, u in units:
        prov = province_of(u.split()[1])
        assert M.provinces[prov].get("home") == power, u
        assert prov in start["supply_centres"][power]
    assert "F HSle/wc" in start["units"]["daenemark"]
    assert sorted(len(v) for v in start["supply_centres"].values()) == [3] * 10 + [4]


def test_neutral_units_on_their_home_centres_section_11():
    neutral = M.data["start"]["neutral_units"]
    assert {n["unit"] for n in neutral.values()} == {"A Kar", "A BLut"}
    assert all(n["confession"] == "protestant" for n in neutral.values())
    assert all(M.provinces[n["unit"].split()[1]].get("supply_centre") for n in neutral.values())


def test_every_river_is_a_connected_downstream_chain_section_4():
    rivers = M.data["rivers"]
    assert set(rivers) == {"Rhein", "Main", "Regnitz", "Donau", "Elbe", "Maas", "Oder"}
    for name, river in rivers.items():
        sections = river["sections"]
        for left, right in sections:
            for r in (left, right):
                assert M.terrain(province_of(r)) == "coast", (name, r)
            assert left == right or M.can_move("fleet", left, right), (name, left, right)
        for (a, b), (c, d) in zip(sections, sections[1:], strict=False):
            step = {(x, y) for x in (a, b) for y in (c, d)}
            assert any(x == y or M.can_move("fleet", x, y) for x, y in step), (name, a, b, c, d)
            assert any(M.downstream(x, y) for x, y in step if x != y), (name, a, b, c, d)
        if river.get("mouth"):
            assert any(M.can_move("fleet", r, river["mouth"]) for r in sections[-1])
        if river.get("joins"):
            below = rivers[river["joins"]]["sections"][river["below"]]
            assert any(M.can_move("fleet", r, s) or r == s for r in sections[-1] for s in below), name


def test_river_through_provinces_and_confluences_section_5():
    for prov, river in THROUGH.items():
        assert [prov, prov] in M.data["rivers"][river]["sections"]
    for prov, pair in {"Hei": {"Rhein", "Main"}, "HJul": {"Rhein", "Maas"}}.items():
        assert {r for r, _ in M.river_points[prov]} == pair
    # coasts of the two-coast provinces on rivers are the named ones
    assert {r for r, _ in M.river_points["FAns/nc"]} == {"Main"}
    assert {r for r, _ in M.river_points["FAns/ec"]} == {"Regnitz"}
    assert {r for r, _ in M.river_points["Sin/sc"]} == {"Elbe"}
    assert {r for r, _ in M.river_points["Utr/sc"]} == {"Rhein"}


def test_far_bank_counts_as_the_same_coastline_section_4():
    assert M.can_move("fleet", "Mai", "Hei") and M.can_move("fleet", "Lun", "Ham")
    assert M.can_move("army", "Mai", "Hei")  # armies cross rivers freely
    assert not M.can_move("fleet", "Met", "Vun")  # an inland field takes no fleet


def test_double_moves_downstream_section_4_and_5():
    assert M.double_move("HLau", "Lun", "Ham") == "Ham"
    assert M.double_move("Lun", "Ham", "ElbM") == "ElbM"  # into a mouth sea
    assert M.double_move("Fra", "SGNa", "EbTr") == "EbTr"  # through SGNa: Main into Rhein, with the stream
    assert M.double_move("BLut", "NHBb", "GHol") == "GHol"  # through NHBb: Maas into Rhein
    assert M.double_move("BLut", "NHBb", "Utr") == "Utr/sc"
    assert M.double_move("BLut", "NHBb", "RheM") == "RheM"
    assert M.double_move("BLut", "HJul", "EbKo") is None  # HJul: turning up the Rhine is no double move
    assert M.double_move("GWer", "Hei", "MBad") is None  # Hei: the same
    assert M.double_move("Ham", "Lun", "HLau") is None  # upstream
    assert M.double_move("Mei", "Tor", "Brg") == "Brg"  # through Torgau like Kiel
    # the bank does not matter (section 4): crossing on the way down is a double move, crossing back up is not
    assert M.double_move("Tan", "Lun", "Sin/sc") == "Sin/sc"
    assert M.double_move("EbMa", "Brg", "Per") == "Per"
    assert M.double_move("EbMa", "Tan", "Per") == "Per"
    assert M.double_move("Brg", "EbMa", "FAnh") is None  # across, then upstream
    assert M.double_move("Lun", "Sin", "Lun") is None  # there and back: not downstream
    assert M.can_move("fleet", "BLut", "HJul") and M.can_move("fleet", "HJul", "EbKo")  # single moves stay


def test_map_positions_and_reconstruction_flag():
    w, h = M.data["size"]
    for p, d in M.provinces.items():
        x, y = d["xy"]
        assert 0 <= x <= w and 0 <= y <= h, p
    assert M.data["reconstruction"] is True
