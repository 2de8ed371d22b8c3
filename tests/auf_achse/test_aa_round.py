"""Phases 2 to 6, Schulden, NMR and the Spielende."""

from adjudicator.model import is_plain

from .helpers import R, at_round, errors, give, new_game, play, set_order

HH_HB = ["HH", "HH-HB.1", "HH-HB.2", "HH-HB.3", "HB"]  # 5 Streckenpunkte, 150 kj


def round1(**options):
    return at_round(new_game("HH", "HB", "K", "M", "B", **options), 1)


def test_phase2_loading_needs_the_pick_up_city_and_room_for_the_whole_order():
    """Phase 2 (house rule after the box): at the pick-up city, and only if the whole order fits (6 goods)."""
    s = round1()
    set_order(s, 1, **{"from": "HH", "to": "HB", "count": 4})
    set_order(s, 2, **{"from": "HH", "to": "HB", "count": 3})
    set_order(s, 3, **{"from": "K", "to": "HB", "count": 2})
    for i in (1, 2, 3):
        give(s, "p0", i)
    problems = R.check(s, "p0", {"trucks": [{"load": [1, 2, 3]}]})
    assert [p.path for p in errors(problems)] == [("trucks", 0, "load", 1), ("trucks", 0, "load", 2)]
    res = play(s, {"p0": {"trucks": [{"load": [1, 2, 3]}]}})
    assert res.state["hauliers"]["p0"]["trucks"][0]["load"] == [1]
    assert res.state["orders"][1]["status"] == "won"
    assert any("passen nicht" in n for n in res.report["hauliers"]["p0"]["notes"])
    assert any("Abholstadt" in n for n in res.report["hauliers"]["p0"]["notes"])


def test_phase2_an_order_won_this_round_loads_at_once():
    """Phase 2 follows Phase 1: an order bought this round at the truck's city is loaded this round."""
    s = round1()
    oid = [o["id"] for o in s["orders"] if o["offered"] == 1][0]
    set_order(s, oid, **{"from": "HH", "to": "HB", "count": 2})
    orders = {"bids": [{"order": oid, "kj": 100}], "trucks": [{"load": [oid], "route": HH_HB}]}
    assert not errors(R.check(s, "p0", orders))
    res = play(s, {"p0": orders})
    o = res.state["orders"][oid - 1]
    assert o["status"] == "delivered"
    assert res.state["hauliers"]["p0"]["cash"] == 10000 - 100 - 150 + o["value"]


def test_phase3_driving_pays_the_fare_and_moves_the_truck():
    """Phase 3: any distance; the fare 10*n(n+1)/2 kj for n Streckenpunkte is debited."""
    s = round1()
    res = play(s, {"p0": {"trucks": [{"route": HH_HB + ["HB-OS.1"]}]}})
    h = res.state["hauliers"]["p0"]
    assert h["trucks"][0]["position"] == "HB-OS.1"  # a truck may stop on a road field
    assert h["cash"] == 10000 - 210
    rt = res.report["hauliers"]["p0"]["trucks"][0]["route"]
    assert (rt["points"], rt["fare"], rt["entered"]) == (6, 210, 5)


def test_zugformat_check_prints_points_and_fare_and_accepts_correct_figures():
    """Zugformat: the route with its Streckenpunkte and Fahrpreis; the check works them out for the player."""
    s = round1()
    problems = R.check(s, "p0", {"trucks": [{"route": HH_HB}]})
    assert problems[0].severity == "warning" and "5 Streckenpunkte, Fahrpreis 150 kj" in problems[0].message
    assert problems[0].hint == "schreiben Sie `points: 5` und `fare: 150`"
    assert R.check(s, "p0", {"trucks": [{"route": HH_HB, "points": 5, "fare": 150}]}) == []
    assert any("5 Streckenpunkte, 150 kj" in line for line in R.describe(s, "p0", {"trucks": [{"route": HH_HB}]}))
    bad = R.check(s, "p0", {"trucks": [{"route": ["HH", "HB-OS.1"]}]})
    assert errors(bad)[0].path == ("trucks", 0, "route", 1)


def test_zugformat_a_truck_that_stays_where_it_stands_has_nothing_to_confirm():
    """Issue 29: the sheet as handed out (every truck standing, ``route: [HH]``) warned on every truck's line."""
    s = round1()
    assert R.check(s, "p0", {"trucks": [{"load": [], "route": ["HH"]}]}) == []
    assert R.check(s, "p0", {"trucks": [{"route": ["HH"], "points": 1, "fare": 0}]})[0].severity == "warning"


def test_phase3_route_is_cut_where_the_fare_would_pass_the_debt_limit():
    """Schulden (house rule): a haulier may drive into debt up to 5.000 kj, no further."""
    s = round1()
    s["hauliers"]["p0"]["cash"] = -4900
    res = play(s, {"p0": {"trucks": [{"route": HH_HB}]}})
    h = res.state["hauliers"]["p0"]
    assert h["trucks"][0]["position"] == "HH-HB.3"  # 4 points = 100 kj; 5 points (150 kj) would pass -5000
    assert h["cash"] == -5000 - 500
    assert any("über den Kreditrahmen" in n for n in res.report["hauliers"]["p0"]["notes"])


def test_phase4_unloading_delivers_every_order_for_the_destination_at_once():
    """Phase 4: a truck ending its route at a destination unloads all orders for it; only there."""
    s = round1()
    set_order(s, 1, **{"from": "K", "to": "HB", "count": 2, "value": 1000})
    set_order(s, 2, **{"from": "K", "to": "HB", "count": 2, "value": 700})
    set_order(s, 3, **{"from": "K", "to": "OS", "count": 2, "value": 500})
    for i in (1, 2, 3):
        give(s, "p0", i, loaded=1)
    passing = play(s, {"p0": {"trucks": [{"route": HH_HB + ["HB-OS.1"]}]}})
    assert passing.state["hauliers"]["p0"]["trucks"][0]["load"] == [1, 2, 3]  # passing through is not arriving
    res = play(s, {"p0": {"trucks": [{"route": HH_HB}]}})
    h = res.state["hauliers"]["p0"]
    assert h["trucks"][0]["load"] == [3] and h["delivered"] == [1, 2]
    assert h["cash"] == 10000 - 150 + 1700
    assert [u["order"] for u in res.report["hauliers"]["p0"]["trucks"][0]["unloaded"]] == [1, 2]


def test_phase5_site_bids_are_paid_at_once_add_up_and_the_highest_total_closes_the_field():
    """Phase 5: at least 1 kj; all bids paid at once; bids on a field add up; the highest sum is the site."""
    s = round1()
    res = play(s, {"p0": {"site": {"field": "HH-HB.2", "kj": 30}}, "p1": {"site": {"field": "HH-HB.2", "kj": 30}},
                   "p2": {"site": {"field": "K-F.3", "kj": 50}}})
    assert res.state["site"] == "HH-HB.2"
    assert res.report["site"]["totals"] == {"HH-HB.2": 60, "K-F.3": 50}
    assert res.state["hauliers"]["p2"]["cash"] == 9950  # the losing bid is paid as well
    # the site blocks the next round: the route from Hamburg to Bremen stops before it
    nxt = play(res.state, {"p0": {"trucks": [{"route": HH_HB}]}})
    assert nxt.state["hauliers"]["p0"]["trucks"][0]["position"] == "HH-HB.1"
    assert errors(R.check(res.state, "p0", {"trucks": [{"route": HH_HB}]}))
    assert nxt.state["site"] is None  # no bids: no site in the round after
    assert "HH-HB.2" in R.newsletter(res.state, res.report, [])


def test_phase5_tie_or_no_valid_bid_means_no_site():
    """Phase 5: "patten sich mehrere Streckenabschnitte ... so gibt es in der folgenden Runde kein Baustellen-Feld"."""
    s = round1()
    res = play(s, {"p0": {"site": {"field": "HH-HB.2", "kj": 40}}, "p1": {"site": {"field": "K-F.3", "kj": 40}}})
    assert res.state["site"] is None and res.report["site"]["tie"]
    assert res.state["hauliers"]["p0"]["cash"] == 9960
    city = play(s, {"p0": {"site": {"field": "HB", "kj": 40}}})
    assert city.state["site"] is None and "Stadt" in city.report["site"]["bids"][0]["void"]
    assert city.state["hauliers"]["p0"]["cash"] == 10000  # a void bid is not paid
    assert errors(R.check(s, "p0", {"site": {"field": "HB", "kj": 40}}))


def test_phase5_the_site_moves_to_another_field():
    """Phase 5: the site is set "auf einen anderen Streckenabschnitt" each round (house rule: not the same)."""
    s = round1()
    s["site"] = "K-F.3"
    res = play(s, {"p0": {"site": {"field": "K-F.3", "kj": 10}}})
    assert res.state["site"] is None and "anderes Feld" in res.report["site"]["bids"][0]["void"]


def test_phase6_trailers_add_capacity_for_their_price_one_a_round():
    """Phase 6: small +4 goods for 2000 kj, large +6 for 3000 kj; at most one a round (one `trailer` entry)."""
    s = round1()
    res = play(s, {"p0": {"trailer": {"type": "small"}}, "p1": {"trailer": {"type": "large"}}})
    assert res.state["hauliers"]["p0"]["cash"] == 8000 and res.state["hauliers"]["p1"]["cash"] == 7000
    from adjudicator.rulesets.auf_achse.adjudicate import capacity
    assert capacity(R.data, res.state["hauliers"]["p0"]["trucks"][0]) == 10
    assert capacity(R.data, res.state["hauliers"]["p1"]["trucks"][0]) == 12
    schema = R.order_schema(s, "p0")
    assert schema["properties"]["trailer"]["type"] == "object"  # one trailer per round, by the order's shape
    again = play(res.state, {"p1": {"trailer": {"type": "small"}}})
    assert capacity(R.data, again.state["hauliers"]["p1"]["trucks"][0]) == 16  # another in a later round


def test_sonderregel_d_a_halves_the_trailer_price():
    """Sonderregel D a: trailers cost 50% less."""
    res = play(round1(trailer_discount=True), {"p0": {"trailer": {"type": "large"}}})
    assert res.state["hauliers"]["p0"]["cash"] == 8500


def test_sonderregel_d_b_rented_trailers_cost_a_fee_and_running_costs_and_return_empty():
    """Sonderregel D b: 300 kj per rental, running costs each round (house rule), returned anywhere if empty."""
    s = round1(trailer_rent=True)
    res = play(s, {"p0": {"trailer": {"type": "small"}}})
    assert res.state["hauliers"]["p0"]["cash"] == 10000 - 300 - 150
    s2 = play(s, {"p0": {"trailer": {"type": "small"}}}).state
    set_order(s2, 1, **{"from": "K", "to": "OS", "count": 8})
    give(s2, "p0", 1, loaded=1)
    full = play(s2, {"p0": {"return_trailers": [{"type": "small"}]}})
    assert full.state["hauliers"]["p0"]["trucks"][0]["trailers"] == ["small"]
    assert any("beladen" in n for n in full.report["hauliers"]["p0"]["notes"])
    empty = play(res.state, {"p0": {"return_trailers": [{"type": "small"}]}})
    assert empty.state["hauliers"]["p0"]["trucks"][0]["trailers"] == []
    assert empty.state["hauliers"]["p0"]["cash"] == res.state["hauliers"]["p0"]["cash"]


def test_schulden_interest_10_percent_and_bankruptcy_beyond_the_limit():
    """Schulden: 10% interest at the end of each round; beyond 5.000 kj after interest: Pleite; the truck stays."""
    s = round1()
    s["hauliers"]["p0"]["cash"] = -4500
    s["hauliers"]["p1"]["cash"] = -4600
    s["hauliers"]["p2"]["cash"] = -1001
    res = play(s, {})
    h = res.state["hauliers"]
    assert h["p0"]["cash"] == -4950 and not h["p0"]["bankrupt"]
    assert h["p1"]["cash"] == -5060 and h["p1"]["bankrupt"]
    assert h["p2"]["cash"] == -1001 - 101  # interest rounded up (house rule)
    assert res.report["bankrupt"] == ["p1"] and res.report["interest"]["p1"] == 460
    assert "p1" not in R.phase(res.state).awaited
    assert h["p1"]["trucks"][0]["position"] == "HB"  # the truck stays on the board
    from adjudicator.rulesets.auf_achse.adjudicate import stau_counts
    assert stau_counts(res.state)["HB"] == 1
    assert "Pleite" in R.newsletter(res.state, res.report, [])
    later = play(res.state, {"p1": {"trucks": [{"route": ["HB", "HB-OS.1"]}]}})
    assert later.state["hauliers"]["p1"]["trucks"][0]["position"] == "HB"


def test_nmr_betriebsferien_the_truck_rests():
    """NMR: "setzt dieser diese Runde wegen Betriebsferien aus. Sein Brummi bleibt ohne Aktion stehen"."""
    s = round1()
    assert R.default_orders(s, "p0", {"trucks": [{"route": HH_HB}]}) == {"betriebsferien": True}
    res = play(s, {})
    assert res.report["resting"] == ["p0", "p1", "p2", "p3", "p4"]
    assert res.state["hauliers"]["p0"] == {**s["hauliers"]["p0"]}
    assert "Betriebsferien" in R.newsletter(res.state, res.report, [])
    assert R.describe(s, "p0", {"betriebsferien": True})[0].startswith("Betriebsferien")


def test_spielende_from_round_10_when_a_haulier_has_delivered_all_orders():
    """Spielende: not before round 10; from then on when a haulier has done all orders. Sieger: most cash."""
    s = at_round(new_game("HH", "HB", "K", "M", "B"), 9)
    set_order(s, 1, **{"from": "K", "to": "HB", "count": 2, "value": 5000})
    give(s, "p0", 1, loaded=1)
    set_order(s, 2, **{"from": "K", "to": "OS", "count": 2, "value": 5000})
    give(s, "p1", 2)
    early = play(s, {"p0": {"trucks": [{"route": HH_HB}]}})
    assert not early.state["finished"]  # round 9: too early
    s10 = at_round(new_game("HH", "HB", "K", "M", "B"), 10)
    set_order(s10, 1, **{"from": "K", "to": "HB", "count": 2, "value": 5000})
    give(s10, "p0", 1, loaded=1)
    give(s10, "p1", 2)
    res = play(s10, {"p0": {"trucks": [{"route": HH_HB}]}})
    assert res.state["finished"] and R.phase(res.state).finished
    assert res.report["ranking"][0] == {"place": 1, "haulier": "p0", "cash": 10000 - 150 + 5000, "bankrupt": False}
    assert [r["place"] for r in res.report["ranking"]] == [1, 2, 2, 2, 2]
    assert "Sieger: **Spediteur0**" in R.newsletter(res.state, res.report, [])
    standing = R.standings(res.state)
    assert standing[0]["haulier"] == "Spediteur0" and standing[1]["open"] in (0, 1)
    nobody = play(at_round(new_game("HH", "HB", "K", "M", "B"), 10), {})
    assert not nobody.state["finished"]  # house rule: a haulier who delivered nothing does not end the game


def test_sonderregel_a_b_fixed_number_of_rounds():
    """Sonderregel A b: the end condition is replaced by a fixed number of rounds."""
    s = at_round(new_game("HH", "HB", "K", "M", "B", rounds=12), 10)
    set_order(s, 1, **{"from": "K", "to": "HB", "count": 2, "value": 5000})
    give(s, "p0", 1, loaded=1)
    res = play(s, {"p0": {"trucks": [{"route": HH_HB}]}})
    assert not res.state["finished"]
    res = play(play(res.state).state)
    assert res.state["finished"] and res.state["round"] == 13


def test_sonderregel_a_a_termingeschaeft_expires_worthless():
    """Sonderregel A a: orders with a deadline; after it the goods are worthless (house rule: removed)."""
    s = new_game("HH", "HB", "K", "M", "B", termin=True)
    terms = [o for o in s["orders"] if o["deliver_by"] is not None]
    assert terms and all(o["deliver_by"] > o["offered"] + 1 for o in terms)
    assert not any(o["deliver_by"] for o in new_game()["orders"])
    s = at_round(s, 3)
    set_order(s, 1, **{"from": "K", "to": "OS", "count": 2, "deliver_by": 3})
    give(s, "p0", 1, loaded=1)
    res = play(s)
    assert res.state["orders"][0]["status"] == "expired" and res.report["expired"] == [1]
    assert res.state["hauliers"]["p0"]["trucks"][0]["load"] == []
    assert "Termin" in R.newsletter(res.state, res.report, [])


def test_sonderregel_a_c_another_map():
    """Sonderregel A c: another Spielplan with its own transport orders, chosen by option."""
    s = new_game("AMS", "K", "F", "BRU", "DO", map="benelux")
    assert s["hauliers"]["p0"]["trucks"][0]["position"] == "AMS"
    assert {o["source"] for o in s["orders"]} == {"deck", "generator"}  # 12 cards, 31 offers
    res = play(at_round(s, 1), {"p1": {"trucks": [{"route": ["K", "D", "E"]}]}})
    assert res.state["hauliers"]["p1"]["trucks"][0]["position"] == "E"
    assert "Rhein-Ruhr" in R.newsletter(res.state, res.report, [])


def test_sonderregel_c_two_trucks_separate_fares_and_assigned_trailers():
    """Sonderregel C: separate orders and fares per truck; a trailer belongs to the truck it was bought for."""
    s = at_round(new_game("HH+K", "HB", "K", "M", "B", trucks=2), 1)
    set_order(s, 1, **{"from": "K", "to": "D", "count": 2})
    give(s, "p0", 1)
    orders = {"trucks": [{"route": HH_HB}, {"load": [1], "route": ["K", "K-AC.1"]}],
              "trailer": {"type": "small", "truck": 2}}
    assert not errors(R.check(s, "p0", orders))
    res = play(s, {"p0": orders})
    h = res.state["hauliers"]["p0"]
    assert [t["position"] for t in h["trucks"]] == ["HB", "K-AC.1"]
    assert h["trucks"][1]["load"] == [1] and h["trucks"][1]["trailers"] == ["small"]
    assert h["cash"] == 20000 - 150 - 30 - 2000  # fares priced apart: 5 points and 2, not 7 together (280)


def test_sonderregel_e_reordered_phases_let_a_new_trailer_carry_this_round():
    """Sonderregel E (house rule for the lost order): auction, trailers, loading, driving, unloading, site."""
    s = round1(phases="E")
    set_order(s, 1, **{"from": "HH", "to": "HB", "count": 9})
    give(s, "p0", 1)
    orders = {"p0": {"trailer": {"type": "small"}, "trucks": [{"load": [1], "route": HH_HB}]}}
    res = play(s, orders)
    assert res.report["phases"] == ["auction", "trailers", "loading", "driving", "unloading", "site"]
    assert res.state["orders"][0]["status"] == "delivered"
    std = play(round1(), {"p0": {"trailer": {"type": "small"}, "trucks": [{"load": [1], "route": HH_HB}]}})
    assert std.state["orders"][0]["status"] != "delivered"


def test_sonderregel_e_check_counts_the_trailer_bought_this_round_when_loading():
    """Sonderregel E (house order: trailers before loading): the check no longer refuses a load that only this
    round's trailer makes room for, since the adjudicator loads and delivers it; without E it still refuses."""
    orders = {"trailer": {"type": "small"}, "trucks": [{"load": [1], "route": HH_HB}]}
    for phases, refused in (("E", False), ("standard", True)):
        s = round1(phases=phases)
        set_order(s, 1, **{"from": "HH", "to": "HB", "count": 9})
        give(s, "p0", 1)
        problems = R.check(s, "p0", orders)
        assert bool(errors(problems)) is refused
        delivered = play(s, {"p0": orders}).state["orders"][0]["status"] == "delivered"
        assert delivered is not refused  # the check agrees with the adjudicator
    e = round1(phases="E")
    set_order(e, 1, **{"from": "HH", "to": "HB", "count": 9})
    give(e, "p0", 1)
    warned = [p.message for p in R.check(e, "p0", orders) if p.path == ("trucks", 0, "load", 0)]
    assert warned == ["Auftrag 1 passt nur mit dem Anhänger dieser Runde (Kleiner Anhänger; Sonderregel E: vor dem "
                      "Laden gekauft)"]
    on_truck_2 = {**orders, "trailer": {"type": "small", "truck": 2}}
    assert errors(R.check(e, "p0", on_truck_2))  # a trailer for another truck makes no room on this one


def test_schulden_check_warns_of_certain_bankruptcy_with_the_numbers():
    """Schulden: -5.000 kj is allowed during the round, but interest of 10% comes after it: a debt above 4.545 kj
    is Pleite. The check warns with the numbers before the deadline, and the adjudicator agrees."""
    s = round1()
    s["hauliers"]["p0"]["cash"] = -4400
    safe = {"trucks": [{"route": HH_HB}]}  # 150 kj: -4550 is 5 kj beyond the safe 4545
    problems = R.check(s, "p0", safe)
    msg = [p for p in problems if p.message.startswith("sichere Pleite")]
    assert len(msg) == 1
    assert msg[0].message == ("sichere Pleite: nach Ihren Routen, Baustellen-Gebot und Anhänger endet Ihr Konto die "
                              "Runde bei -4550 kj; die Zinsen von 10 % (455 kj) bringen es auf -5005 kj, über die "
                              "Grenze von -5000 kj hinaus")
    assert msg[0].hint == "beenden Sie die Runde bei -4545 kj oder besser: geben Sie höchstens 145 kj aus"
    assert play(s, {"p0": safe}).state["hauliers"]["p0"]["bankrupt"]
    s["hauliers"]["p0"]["cash"] = -4395  # -4545 after the fare: 455 kj interest, exactly -5000: still in business
    assert not [p for p in R.check(s, "p0", safe) if "Pleite" in p.message]
    assert not play(s, {"p0": safe}).state["hauliers"]["p0"]["bankrupt"]


def test_schulden_check_warns_when_winning_the_bids_would_be_bankruptcy():
    """Schulden: bids are paid only if won, so a bid that would be Pleite is a possible bankruptcy."""
    s = round1()
    s["hauliers"]["p0"]["cash"] = 0
    oid = [o["id"] for o in s["orders"] if o["offered"] == 1][0]
    problems = R.check(s, "p0", {"bids": [{"order": oid, "kj": 4600}], "trucks": [{"route": HH_HB}]})
    [warn] = [p for p in problems if "Pleite" in p.message]
    assert warn.message.startswith("mögliche Pleite: nach Ihren Routen, Baustellen-Gebot und Anhänger und jedem "
                                   "gewonnenen Gebot endet Ihr Konto die Runde bei -4750 kj")
    assert warn.hint == "beenden Sie die Runde bei -4545 kj oder besser: bieten Sie höchstens 4395 kj"


def test_schulden_safe_debt_is_the_largest_that_survives_the_interest():
    from adjudicator.rulesets.auf_achse.adjudicate import safe_debt
    assert safe_debt(5000, 10) == 4545  # 4545 + 455 = 5000; 4546 + 455 = 5001
    assert safe_debt(10000, 10) == 9090  # Sonderregel C doubles the limit


def test_optionale_befehle_truck_plans_may_depend_on_this_rounds_auction():
    """Optionale Befehle: "Die Angabe von Bedingungen bei Zugbefehlen und Geboten ist erlaubt, dürfen sich aber
    nur auf frühere Ereignisse im Spiel beziehen": loading and moving may depend on Phase 1, which comes first."""
    s = round1()
    oid = [o["id"] for o in s["orders"] if o["offered"] == 1][0]
    set_order(s, oid, **{"from": "HH", "to": "HB", "count": 2})
    mine = {"bids": [{"order": oid, "kj": 100}],
            "trucks": [{"only_if_won": [oid], "load": [oid], "route": HH_HB,
                        "otherwise": {"route": ["HH", "HH-HB.1"]}}]}
    assert R.check(s, "p0", mine) == [
        p for p in R.check(s, "p0", mine) if p.severity == "warning" and "Streckenpunkte" in p.message]
    won = play(s, {"p0": mine})
    assert won.state["orders"][oid - 1]["status"] == "delivered"
    assert won.state["hauliers"]["p0"]["trucks"][0]["position"] == "HB"
    lost = play(s, {"p0": mine, "p1": {"bids": [{"order": oid, "kj": 200}]}})
    assert lost.state["hauliers"]["p0"]["trucks"][0]["position"] == "HH-HB.1"
    assert lost.state["hauliers"]["p0"]["cash"] == 10000 - 30  # heavy traffic next to Hamburg: 2 points
    assert lost.report["hauliers"]["p0"]["trucks"][0]["plan"] == "otherwise"
    assert any(f"Auftrag {oid} nicht ersteigert" in n for n in lost.report["hauliers"]["p0"]["notes"])
    assert "sonst: Brummi 1 fährt HH – HH-HB.1: 2 Streckenpunkte, 30 kj" in R.describe(s, "p0", mine)
    no_else = {"trucks": [{"unless_won": [oid], "route": HH_HB}], "bids": [{"order": oid, "kj": 100}],
               "trailer": {"type": "small", "only_if_won": [oid]}}
    res = play(s, {"p0": no_else})
    h = res.state["hauliers"]["p0"]
    assert h["trucks"][0]["position"] == "HH" and h["trucks"][0]["trailers"] == ["small"]


def test_optionale_befehle_conditions_name_only_earlier_events():
    """Optionale Befehle: a condition may refer to this round's auction only (an order not offered now is no
    earlier event of this round; what happened in earlier rounds is known when writing)."""
    s = round1()
    problems = errors(R.check(s, "p0", {"trucks": [{"only_if_won": [1], "route": HH_HB}]}))
    assert [p.path for p in problems] == [("trucks", 0, "only_if_won", 0)]
    assert "frühere Ereignisse" in problems[0].message


def test_sonderregel_f_speed_limit_counts_fields_not_points():
    """Sonderregel F: more than 10 fields in a round costs 500 kj; fields driven count, not Streckenpunkte."""
    s = round1(speed_limit=True)
    ten = ["HH", "HB", "OS", "MS"]  # 10 fields entered: 4 + 4 + 2
    eleven = ten + ["MS-DO.1"]
    a = play(s, {"p0": {"trucks": [{"route": ten}]}})
    b = play(s, {"p0": {"trucks": [{"route": eleven}]}})
    ra = a.report["hauliers"]["p0"]["trucks"][0]["route"]
    rb = b.report["hauliers"]["p0"]["trucks"][0]["route"]
    assert ra["entered"] == 10 and ra["fine"] == 0 and ra["points"] == 11  # heavy traffic: more points
    assert rb["entered"] == 11 and rb["fine"] == 500
    assert b.state["hauliers"]["p0"]["cash"] == 10000 - rb["fare"] - 500
    warn = R.check(s, "p0", {"trucks": [{"route": eleven}]})
    assert "500 kj Bußgeld für 11 Felder" in warn[-1].message
    plain = play(round1(), {"p0": {"trucks": [{"route": eleven}]}})
    assert plain.report["hauliers"]["p0"]["trucks"][0]["route"]["fine"] == 0


def test_house_rule_stau_makes_a_jammed_field_dearer():
    """House rule (Stau): a road field with another truck standing on it costs double."""
    s = round1()
    s["hauliers"]["p1"]["trucks"][0]["position"] = "HH-HB.2"
    res = play(s, {"p0": {"trucks": [{"route": HH_HB}]}})
    assert res.report["hauliers"]["p0"]["trucks"][0]["route"]["points"] == 6
    off = round1(stau=False)
    off["hauliers"]["p1"]["trucks"][0]["position"] = "HH-HB.2"
    assert play(off, {"p0": {"trucks": [{"route": HH_HB}]}}).report["hauliers"]["p0"]["trucks"][0]["route"][
        "points"] == 5
    assert is_plain(res.state)


def test_schulden_round_0_bids_that_would_be_pleite_are_warned():
    """Schulden, Runde 0 (issue 32): the auction of round 0 is paid like any other, and interest follows it. Bids of
    5.000 + 5.000 + 4.900 kj from 10.000 kj end at -4.900 kj, -5.390 kj after interest: the check warns."""
    s = new_game()
    first = [o["id"] for o in s["orders"] if o["offered"] == 0][:3]
    bids = {"bids": [{"order": first[0], "kj": 5000}, {"order": first[1], "kj": 5000}, {"order": first[2], "kj": 4900}]}
    [warn] = [p for p in R.check(s, "p0", bids) if "Pleite" in p.message]
    assert warn.message.startswith("mögliche Pleite: nach Ihren Routen, Baustellen-Gebot und Anhänger und jedem "
                                   "gewonnenen Gebot endet Ihr Konto die Runde bei -4900 kj")
    assert warn.hint == "beenden Sie die Runde bei -4545 kj oder besser: bieten Sie höchstens 14545 kj"
    res = play(s, {"p0": bids})
    assert res.state["hauliers"]["p0"]["bankrupt"] and res.state["hauliers"]["p0"]["cash"] == -5390
    fine = {"bids": [{"order": first[0], "kj": 5000}, {"order": first[1], "kj": 5000}, {"order": first[2], "kj": 4545}]}
    assert not [p for p in R.check(s, "p0", fine) if "Pleite" in p.message]


def test_schulden_an_otherwise_plan_that_would_be_pleite_is_warned():
    """Schulden, Optionale Befehle (issue 32): a Brummi whose condition fails runs its otherwise plan; if that plan
    costs what the account cannot carry after interest, the check warns, and the adjudicator agrees."""
    s = round1()
    s["hauliers"]["p0"]["cash"] = -4400
    oid = [o["id"] for o in s["orders"] if o["offered"] == 1][0]
    orders = {"trucks": [{"only_if_won": [oid], "otherwise": {"route": HH_HB}}]}
    [warn] = [p for p in R.check(s, "p0", orders) if "Pleite" in p.message]
    assert warn.message.startswith("mögliche Pleite: gilt die Bedingung eines Brummis nicht, fährt er seinen "
                                   "Ersatzplan (otherwise); dann endet Ihr Konto die Runde bei -4550 kj")
    assert play(s, {"p0": orders}).state["hauliers"]["p0"]["cash"] == -5005
