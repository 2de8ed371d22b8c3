"""The rules of Bretton Woods beyond the worked examples, each test naming its section."""

from fractions import Fraction

import jsonschema
import pytest

from adjudicator import yamlio
from adjudicator.dice import Dice
from adjudicator.kit import benevolent
from adjudicator.kit.ruleset import RulesetError
from adjudicator.model import Player
from adjudicator.rulesets.bretton_woods import RULESET as BW
from adjudicator.rulesets.bretton_woods import evaluation as ev
from adjudicator.rulesets.bretton_woods import orders as od
from adjudicator.rulesets.bretton_woods import setup
from adjudicator.rulesets.bretton_woods.arith import round_half_away
from adjudicator.rulesets.bretton_woods.tables import SHIPPED

from .helpers import PLAYERS, Fixed, land

WORK = {"production": {"harvest": 50, "energy": 12, "mining": 12}}


def start(**options):
    return BW.setup(options, PLAYERS, Dice(b"setup"))


def play(state, orders, seed=b"t"):
    return BW.adjudicate(state, orders, Dice(seed))


# ----- 7.1 Spielbeginn ------------------------------------------------------------------------------------

def test_7_1_start_endowment_and_types():
    """7.1 Grundausstattung; section 1: three country types, German spellings accepted."""
    s = start()
    c = s["countries"]["anna"]
    assert {x: c[x] for x in ev.STOCKS} == {"B": 100, "k": 0, "A": 50, "a": 200, "E": 12, "e": 10, "R": 12,
                                            "r": 10, "I": 10, "w": 0, "g": 300}
    assert [s["countries"][k]["type"] for k in ("anna", "bert", "cleo")] == ["agrar", "energie", "rohstoff"]
    assert BW.phase(s).awaited == ("anna", "bert", "cleo")


@pytest.mark.parametrize("name", ["Zehnbuchst", "Neu-Guinea", "Süd Land"])
def test_7_1_country_names_of_ten_letters_are_accepted(name):
    """7.1: "mit einem höchstens zehnbuchstabigen Landesnamen"."""
    assert BW.setup({}, [Player("p", name, "p", 1, "agrar")], Dice(b""))["countries"]["p"]["name"] == name


@pytest.mark.parametrize("name", ["Elfbuchstab", "R2D2", "", "Land!"])
def test_7_1_longer_or_odd_names_are_refused(name):
    with pytest.raises(RulesetError):
        BW.setup({}, [Player("p", name, "p", 1, "agrar")], Dice(b""))


def test_7_1_unknown_type_name_or_option_is_refused():
    with pytest.raises(RulesetError):
        BW.setup({}, [Player("p", "Land", "p", 1, "industrie")], Dice(b""))
    with pytest.raises(RulesetError):
        BW.setup({}, [Player("p", "Land", "p", 1, "agrar"), Player("q", "land", "q", 2, "agrar")], Dice(b""))
    with pytest.raises(RulesetError):
        start(zinsen=3)
    with pytest.raises(RulesetError):
        start(krieg="sofort")


def test_7_1_join_a_running_game_with_an_adapted_endowment():
    """7.1: a new country may join any time; the endowment is adapted (house rule: scaled by mean B)."""
    s = start()
    for c in s["countries"].values():
        c["B"] = 150
    s["turn"] = 3
    s2 = BW.join(s, Player("dora", "Dorado", "dora", 4, "Rohstoff"), Dice(b""))
    d = s2["countries"]["dora"]
    assert (d["B"], d["A"], d["g"], d["k"], d["joined"]) == (150, 75, 450, 0, 3)
    assert "dora" in BW.phase(s2).awaited, "the first orders may come with the application"
    assert "dora" not in s["countries"], "the input state is not changed"
    plain = BW.join(start(eintritt="grundausstattung") | {"turn": 3}, Player("dora", "Dorado", "dora", 4,
                                                                                "agrar"), Dice(b""))
    assert plain["countries"]["dora"]["B"] == 100


def test_7_1_type_change_only_from_first_to_second_year():
    """7.1: the type may change once, from the first year to the second; late joiners may not change."""
    s = play(start(), {k: WORK for k in ("anna", "bert", "cleo")})
    assert BW.check(s.state, "anna", {"type_change": "Energie"}) == []
    s2 = play(s.state, {"anna": WORK | {"type_change": "Energie"}, "bert": WORK, "cleo": WORK})
    assert s2.state["countries"]["anna"]["type"] == "energie"
    assert s2.report["type_changes"] == [{"country": "anna", "from": "agrar", "to": "energie"}]
    problems = BW.check(s2.state, "anna", {"type_change": "agrar"})
    assert [p.severity for p in problems] == ["warning"]
    s3 = play(s2.state, {"anna": WORK | {"type_change": "agrar"}, "bert": WORK, "cleo": WORK})
    assert s3.state["countries"]["anna"]["type"] == "energie"
    assert any(c["order"] == "type_change" for c in s3.report["cuts"])
    late = BW.join(s.state, Player("dora", "Dorado", "dora", 4, "agrar"), Dice(b""))
    assert not od.may_change_type(late["countries"]["dora"], 2)


# ----- 2 Struktur: the stocks ------------------------------------------------------------------------------

def test_2_1_immigration_from_world_quality_of_life():
    """2.1: WLQ = world k / world B; Imm = round((LK - WLQ*LB) / 10), rounded half away from zero."""
    lands = [land(B=100, k=50, a=1000), land(B=100, k=0, a=1000), land(B=200, k=10, a=1000)]
    wlq = ev.immigration(lands)
    assert wlq == Fraction(60, 400)
    assert [x.imm for x in lands] == [round_half_away(Fraction(50 - 15, 10)), round_half_away(Fraction(-15, 10)),
                                      round_half_away(Fraction(10 - 30, 10))] == [4, -2, -2]


def test_2_1_hunger_lowers_immigration():
    """2.1: population the agrar products cannot feed reduces Imm (and can make it negative)."""
    x = land(B=100, a=70)
    x.imm = 2
    ev.agrarprodukte(x, Fixed())
    assert (x.unfed, x.imm, x.tally["a"].terms["Vbr"]) == (30, -28, -70)


def test_2_1_births_are_last_years_consumer_goods_and_b_never_negative():
    """2.1 Geburt: as many births as consumer goods at the end of last year, even if k changed since."""
    x = land(B=10, k=7, orders={"production": {"consumer_goods": 0}})
    x.imm = -50
    ev.konsumgueter(x, Fixed(decay={"k": 7}))
    ev.bevoelkerung(x, Fixed(decay={"B": 1}))
    assert x.tally["B"].terms["Neu"] == 7 and x.s["B"] == 0


@pytest.mark.parametrize(("kind", "sure"), [("agrar", "A"), ("energie", "E"), ("rohstoff", "R")])
def test_2_3_2_5_2_7_own_type_builds_surely_others_two_in_ten(kind, sure):
    """2.3, 2.5, 2.7: the own type's construction always succeeds, the others with 2/10; 2.9 I always."""
    x = land(kind, orders={"construction": {"A": 1, "E": 1, "R": 1, "I": 1}})
    draws = Fixed()
    ev.neuschaffung(SHIPPED, x, draws)
    assert {s: draws.chances[s] for s in "AERI"} == {s: 1 if s in (sure, "I") else Fraction(2, 10) for s in "AERI"}


def test_2_5_2_7_failed_attempts_still_use_energy_and_resources():
    """2.5, 2.7: "Die eingesetzten Rohstoff- und Energieeinheiten werden hierbei in jedem Fall verbraucht"."""
    x = land("agrar", e=5, r=5, orders={"construction": {"E": 3, "R": 2}})
    ev.energie(x)
    ev.rohstoffe(x, Fixed())
    ev.neuschaffung(SHIPPED, x, Fixed(successes={"E": 0, "R": 0}))
    assert (x.tally["e"].terms["Vbr"], x.tally["r"].terms["Vbr"], x.s["E"], x.s["R"]) == (-5, -5, 0, 0)


def test_2_6_imported_energy_cannot_be_traded_again():
    """2.6: energy imported last year is used, but only own energy can be sold or transferred."""
    s = start()
    s["countries"]["anna"]["e_imported"] = 8
    orders = WORK | {"market": {"e": {"offer": "sell", "count": 5, "price": 10}}}
    problems = BW.check(s, "anna", orders)
    assert [(p.path, p.severity) for p in problems] == [(("market", "e", "count"), "warning")]
    r = play(s, {"anna": orders, "bert": WORK | {"market": {"e": {"offer": "buy", "count": 5, "price": 10}}},
                 "cleo": WORK})
    assert r.report["market"]["e"]["umsatz"] == 2
    assert r.state["countries"]["bert"]["e_imported"] == 2


def test_2_4_agrarfaktor_distribution_from_the_table():
    """2.4: factors 1,6 ... 3,4 with weights 1..10..1 percent; drawn with the dice."""
    factors, weights = SHIPPED.agrarfaktor()
    assert list(factors) == list(range(16, 35)) and sum(weights) == 100 and weights[9] == 10 and factors[9] == 25
    seen = {ev.DiceDraws(Dice(bytes([i])), SHIPPED).agrarfaktor("x") for i in range(200)}
    assert seen <= set(factors) and len(seen) > 10


# ----- 6 Auswertungsschema -----------------------------------------------------------------------------------

def test_6_evaluation_runs_in_the_exact_order(monkeypatch):
    """6: immigration, agrar, energy, resources, consumer goods, weapons, ageing, new, gold, population, war; with
    the default krieg=vor_alterung (the examples of 2.3, 2.5, 2.9) the losses of A, E, R, I come before the
    ageing and those of B before the population step."""
    calls = []
    for name in ("immigration", "agrarprodukte", "energie", "rohstoffe", "konsumgueter", "waffen", "veraltung",
                 "neuschaffung", "gold", "bevoelkerung", "war_losses"):
        original = getattr(ev, name)
        monkeypatch.setattr(ev, name, lambda *a, _n=name, _f=original, **k: (calls.append(_n), _f(*a, **k))[1])
    play(BW.setup({"krieg": "ende"}, PLAYERS[:1], Dice(b"")), {"anna": WORK})
    assert calls == ["immigration", "agrarprodukte", "energie", "rohstoffe", "konsumgueter", "waffen", "veraltung",
                     "neuschaffung", "gold", "bevoelkerung", "war_losses"]
    calls.clear()
    play(BW.setup({}, PLAYERS[:1], Dice(b"")), {"anna": WORK})
    assert calls == ["immigration", "agrarprodukte", "energie", "rohstoffe", "konsumgueter", "waffen", "war_losses",
                     "veraltung", "neuschaffung", "gold", "war_losses", "bevoelkerung"]


def test_6_immigration_uses_the_figures_before_the_year():
    """6: WLQ and immigration come first, from the last listing (k before this year's production)."""
    s = start()
    s["countries"]["anna"]["k"] = 40
    r = play(s, {k: WORK for k in ("anna", "bert", "cleo")})
    assert r.report["wlq"] == "2/15"  # 40 / 300
    assert r.report["countries"]["anna"]["listings"]["B"]["terms"]["Imm"] == 3   # (40 - 40/3) / 10 = 2.67


def test_6_over_commitment_is_cut_and_reported():
    """6: more than the last listing allows is cut by the adjudicator, gold covering all buy offers included."""
    s = start()
    orders = {"production": {"harvest": 60, "consumer_goods": 8, "weapons": 8},
              "market": {"r": {"offer": "buy", "count": 20, "price": 20}}, "gold": {"industries": 1}}
    problems = BW.check(s, "anna", orders)
    assert all(p.severity == "warning" for p in problems)
    assert {p.path for p in problems} == {("production", "harvest"), ("production", "weapons"),
                                          ("market", "r", "count")}
    r = play(s, {"anna": orders, "bert": WORK, "cleo": WORK})
    cuts = {c["order"]: (c["ordered"], c["kept"]) for c in r.report["cuts"] if c["country"] == "anna"}
    # harvest <= A = 50; I = e = r = 10 for 16 products: weapons are cut first; gold: 400 + 50 > 300, the buy
    # offer is cut before the industry purchase, to 12 x 20 = 240.
    assert cuts == {"production.harvest": (60, 50), "production.weapons": (8, 2), "market.r.count": (20, 12)}
    assert r.state["countries"]["anna"]["I"] >= 0


def test_war_timing_option_follows_the_examples():
    """House rule option krieg=vor_alterung: losses of war before the ageing, as the examples of 2.3 tell."""
    s = start(krieg="vor_alterung")
    s["countries"]["bert"]["w"] = 10
    r = play(s, {"anna": WORK, "bert": WORK | {"attacks": [{"target": "Atlantis", "weapons": 5, "aim": "A"}]},
                 "cleo": WORK})
    a = r.report["countries"]["anna"]["listings"]["A"]
    assert a["terms"]["Ang"] == -5 and a["end"] == a["start"] + sum(a["terms"].values())


@pytest.mark.parametrize("seed", [b"1", b"2", b"3", b"4"])
def test_2_3_2_5_2_9_examples_age_the_units_that_remain_after_the_attack(seed):
    """2.3 "6 (von den verbleibenden 45) veralten", 2.5 "veralten 2 der restlichen 5", 2.9 "eine der 6
    verbleibenden wird stillgelegt": the examples age what the attack left. With krieg=vor_alterung an attack
    that destroys every agrar area leaves nothing to age (Alt=0); with the default krieg=ende (section 6: war last)
    the areas age first and the attack destroys what ageing left. Both keep the listing's sum."""
    assert setup.options(SHIPPED, {})["krieg"] == "vor_alterung"  # new games' default (issue 32); old ones keep theirs
    for krieg in ("vor_alterung", "ende"):
        s = start(krieg=krieg)
        s["countries"]["anna"]["A"] = 10
        s["countries"]["bert"]["w"] = 10
        r = play(s, {"anna": WORK, "bert": WORK | {"attacks": [{"target": "Atlantis", "weapons": 10, "aim": "A"}]},
                     "cleo": WORK}, seed)
        a = r.report["countries"]["anna"]["listings"]["A"]["terms"]
        if krieg == "vor_alterung":
            assert (a["Ang"], a["Alt"]) == (-10, 0)
        else:
            assert a["Ang"] == -10 - a["Alt"]  # ageing first, war takes the rest


# ----- 5 Angriff und Verteidigung ----------------------------------------------------------------------------

def test_5_1_defence_stops_one_weapon_each_and_is_spent():
    """5.1: each defence weapon (one B each) stops one attacking weapon and is lost; unused ones stay."""
    s = start()
    s["countries"]["bert"]["w"] = 6
    s["countries"]["anna"]["w"] = 5
    r = play(s, {"anna": WORK | {"defence": 4},
                 "bert": WORK | {"attacks": [{"target": "Atlantis", "weapons": 6, "aim": "I"}]}, "cleo": WORK})
    atk = r.report["attacks"][0]
    assert (atk["weapons"], atk["blocked"], atk["hits"], atk["losses"]) == (6, 4, 2, {"I": 2})
    wa, wb = r.report["countries"]["anna"]["listings"]["w"], r.report["countries"]["bert"]["listings"]["w"]
    assert wa["terms"]["Vtd"] == -4 and wb["terms"]["Ang"] == -6
    assert r.report["countries"]["anna"]["listings"]["I"]["terms"]["Ang"] == -2


def test_5_1_idle_defence_weapons_stay():
    s = start()
    s["countries"]["anna"]["w"] = 5
    r = play(s, {"anna": WORK | {"defence": 5}, "bert": WORK, "cleo": WORK})
    assert r.report["countries"]["anna"]["listings"]["w"]["terms"]["Vtd"] == 0


def test_5_2_unaimed_hits_fall_by_lot_on_b_a_e_r_i():
    """5.2 (lost; house rule): each weapon through destroys one unit of B, A, E, R or I, drawn by lot."""
    s = start()
    s["countries"]["bert"]["w"] = 30
    r = play(s, {"anna": WORK, "bert": WORK | {"attacks": [{"target": "anna", "weapons": 30}]}, "cleo": WORK})
    losses = r.report["attacks"][0]["losses"]
    assert sum(losses.values()) == 30 and set(losses) <= set("BAERI")


# ----- 7.2 NMR und Ausstieg ------------------------------------------------------------------------------------

def test_7_2_nmr_repeats_the_last_orders_except_the_red_ones():
    """7.2: the last orders count again; orders marked (no_repeat) are not repeated; contacts neither."""
    previous = {"production": {"harvest": 40}, "contacts": ["Hallo"],
                "market": {"a": {"offer": "sell", "count": 5, "price": 9},
                           "w": {"offer": "buy", "count": 50, "price": 30, "no_repeat": True}},
                "transfers": [{"to": "Borduria", "good": "a", "count": 3},
                              {"to": "Carpania", "good": "g", "count": 99, "no_repeat": True}]}
    got = BW.default_orders(start(), "anna", previous)
    assert got == {"production": {"harvest": 40}, "market": {"a": {"offer": "sell", "count": 5, "price": 9}},
                   "transfers": [{"to": "Borduria", "good": "a", "count": 3}], "nmr": True}


def test_7_2_standing_orders_for_a_missed_turn_persist():
    """7.2: instructions for the case of an NMR are kept (privately) and used when orders are missing."""
    s = start()
    standing = {"production": {"harvest": 30}, "transfers": [{"to": "Borduria", "good": "a", "count": 20}]}
    r = play(s, {"anna": WORK | {"standing_orders": standing}, "bert": WORK, "cleo": WORK})
    assert r.state["private"]["anna"]["standing_orders"] == standing
    assert "private" not in BW.public_view(r.state)
    nmr = BW.default_orders(r.state, "anna", None)
    r2 = play(r.state, {"anna": nmr, "bert": WORK, "cleo": WORK})
    assert r2.report["nmr"] == ["anna"]
    assert r2.report["transfers"] == [{"from": "anna", "to": "bert", "good": "a", "count": 20, "note": ""}]


def test_7_2_standing_orders_repeat_brings_back_the_last_orders():
    """7.2: without a turn "wird der Auswertung die letzte Zugabgabe zugrunde gelegt". Standing orders replace
    that, and `standing_orders: {}` stands for doing nothing; `standing_orders: repeat` drops them again, so
    that a missed year repeats the last orders as the text says."""
    s = start()
    r = play(s, {"anna": WORK | {"standing_orders": {}}, "bert": WORK, "cleo": WORK})
    assert r.state["private"]["anna"]["standing_orders"] == {}
    assert BW.default_orders(r.state, "anna", None) == {"nmr": True}  # a missed year does nothing
    warn = [p for p in BW.check(s, "anna", WORK | {"standing_orders": {}}) if p.path == ("standing_orders",)]
    assert warn and warn[0].hint == "schreiben Sie `standing_orders: repeat`, damit bei einem fehlenden Zug der " \
        "letzte wiederholt wird"
    back = WORK | {"standing_orders": "repeat"}
    jsonschema.validate(back, BW.order_schema(s, "anna"))
    assert not [p for p in BW.check(r.state, "anna", back) if "standing" in p.message or p.severity == "error"]
    assert "Hinterlegte NMR-Anweisungen gelöscht: ein fehlender Zug wiederholt den letzten Zug" in BW.describe(
        r.state, "anna", back)
    r2 = play(r.state, {"anna": back, "bert": WORK, "cleo": WORK})
    assert "standing_orders" not in r2.state["private"].get("anna", {})
    again = BW.default_orders(r2.state, "anna", back)
    assert again["production"] == WORK["production"] and again["nmr"] is True
    r3 = play(r2.state, {"anna": again, "bert": WORK, "cleo": WORK})
    assert r3.report["nmr"] == ["anna"]
    assert r3.report["countries"]["anna"]["listings"]["a"]["terms"]["Neu"] > 0  # the harvest was repeated
    assert "standing_orders: repeat" in BW.template(s, "anna")


def test_7_2_unusual_farewell_transfers_are_flagged_to_the_game_master():
    """7.2: "Darüber hinaus sollten ungewöhnliche (nicht aus bestehenden Verträgen oder Verpflichtungen
    herrührend) Transfers nicht erfolgen." House rule: a leaving country's transfer is usual when it gave that
    good to that country as often in an earlier year; anything else is flagged (report, issue, check)."""
    s = start()
    deliver = {"transfers": [{"to": "Borduria", "good": "a", "count": 10}]}
    r = play(s, {"anna": WORK | deliver, "bert": WORK, "cleo": WORK})
    assert r.state["transfers_seen"] == {"anna": {"bert/a": 10}}
    farewell = WORK | {"leave": True, "transfers": [{"to": "Borduria", "good": "a", "count": 10},
                                                    {"to": "Carpania", "good": "g", "count": 200}]}
    warn = [p for p in BW.check(r.state, "anna", farewell) if p.message.startswith("7.2")]
    assert [p.path for p in warn] == [("transfers", 1)]
    assert "200 g an Carpania ist mehr, als Sie ihm je gegeben haben (0)" in warn[0].message
    end = play(r.state, {"anna": farewell, "bert": WORK, "cleo": WORK})
    assert end.report["farewell_transfers"] == [{"from": "anna", "to": "cleo", "good": "g", "count": 200,
                                                 "note": "", "earlier": 0}]
    page = BW.newsletter(end.state, end.report, PLAYERS)
    assert "Zur Prüfung (7.2, ungewöhnlicher Transfer beim Ausstieg): Atlantis an Carpania 200 g, bisher nie" in page
    assert "Atlantis an Borduria" not in page.split("Zur Prüfung")[1]  # the usual delivery passes
    stay = play(r.state, {"anna": WORK | {"transfers": farewell["transfers"]}, "bert": WORK, "cleo": WORK})
    assert "farewell_transfers" not in stay.report  # only a leaving country's transfers are judged


def test_population_zero_the_country_stays_and_is_repopulated():
    """2.1 is silent on a population of 0. House rule: the country stays in the game; it produces nothing and
    cannot defend (both need population), but keeps its stocks, trades, and is repopulated by births (last
    year's consumer goods) and immigration (the formula gives round(LK/10) for LB = 0)."""
    s = start()
    s["countries"]["anna"]["B"] = 0
    s["countries"]["anna"]["k"] = 20
    r = play(s, {"anna": WORK, "bert": WORK, "cleo": WORK})
    b = r.report["countries"]["anna"]["listings"]["B"]
    assert b["terms"]["Neu"] == 20 and b["terms"]["Imm"] == 2 and b["end"] == 22
    assert r.state["countries"]["anna"]["active"] and BW.phase(r.state).awaited == ("anna", "bert", "cleo")
    empty = start()
    for c in empty["countries"].values():
        c["B"] = 0
    r = play(empty, {})  # a world without people: no division by zero, every country stays
    assert all(c["active"] and c["B"] == 0 for c in r.state["countries"].values())
    assert "Atlantis ist entvölkert (B = 0)" in BW.newsletter(r.state, r.report, PLAYERS)


def test_7_2_missing_orders_without_history_keep_the_country_working():
    r = play(start(), {"bert": WORK, "cleo": WORK})
    assert r.report["nmr"] == ["anna"]
    assert r.report["countries"]["anna"]["agrarfaktor"] is not None


def test_7_2_leaving_announced_no_attacks_in_the_last_turn():
    """7.2: leaving is announced; attacks in the last turn are not allowed (dropped and reported)."""
    s = start()
    s["countries"]["anna"]["w"] = 5
    orders = WORK | {"leave": True, "attacks": [{"target": "Borduria", "weapons": 5}]}
    assert [p.severity for p in BW.check(s, "anna", orders)] == ["warning"]
    r = play(s, {"anna": orders, "bert": WORK, "cleo": WORK})
    assert r.report["attacks"] == [] and r.report["left"] == ["anna"]
    assert any("Ausstieg" in c["reason"] for c in r.report["cuts"])
    assert BW.phase(r.state).awaited == ("bert", "cleo")
    assert r.state["world"]["countries"] == 2


# ----- 3 Kontakte, 4.2 Transfer -------------------------------------------------------------------------------

def test_3_contacts_are_published_and_at_most_five_lines():
    """3, 7.1: contacts go into the issue; at most 5 lines ("5 Schreibmaschinenzeilen"): a sixth line is cut, with
    a warning, and the first five are published (option zuschnitt=kuerzen, new games; issue 32)."""
    r = play(start(), {"anna": WORK | {"contacts": ["An Borduria:", "Getreide gegen Energie?"]},
                       "bert": WORK, "cleo": WORK})
    assert r.report["contacts"] == [{"from": "anna", "lines": ["An Borduria:", "Getreide gegen Energie?"]}]
    assert "> Getreide gegen Energie?" in BW.newsletter(r.state, r.report, PLAYERS)
    six = {"contacts": [f"Zeile {i}" for i in range(1, 7)]}
    warned = BW.check(start(), "anna", six)
    assert [(p.path, p.severity) for p in warned] == [(("contacts",), "warning")]
    assert "nur die ersten 5" in warned[0].message
    read, dropped = benevolent.read(BW, start(), "anna", WORK | six)
    assert dropped == []
    r = play(start(), {"anna": read, "bert": WORK, "cleo": WORK})
    assert r.report["contacts"] == [{"from": "anna", "lines": [f"Zeile {i}" for i in range(1, 6)]}]


def test_3_a_game_set_up_before_the_option_refuses_a_sixth_contact_line():
    """zuschnitt=verwerfen (what games set up before issue 32 keep): the sixth line is an error, as it was."""
    errors = BW.check(start(zuschnitt="verwerfen"), "anna", {"contacts": ["x"] * 6})
    assert [(p.path, p.severity) for p in errors] == [(("contacts",), "error")]
    assert setup.options(SHIPPED, {})["zuschnitt"] == "kuerzen"


def test_4_2_transfer_notes_at_most_20_letters_and_known_receivers():
    """4.2, 7.1: a transfer names the receiver; its note has at most 20 letters ("Buchstaben": spaces do not
    count). A longer note is cut to its first 20 letters with a warning; the transfer stands (issue 32: a missing
    delivery can cause a famine)."""
    s = start()
    problems = BW.check(s, "anna", {"transfers": [{"to": "Nirgendwo", "good": "a", "count": 1},
                                                  {"to": "Borduria", "good": "a", "count": 1, "note": "x" * 21},
                                                  {"to": "Atlantis", "good": "a", "count": 1}]})
    assert [(p.path, p.severity) for p in problems] == [(("transfers", 0, "to"), "error"),
                                                        (("transfers", 1, "note"), "warning"),
                                                        (("transfers", 2, "to"), "error")]
    twenty = "Lieferung laut Vertrag"  # 20 letters and 2 spaces: within the limit
    assert BW.check(s, "anna", {"transfers": [{"to": "Borduria", "good": "a", "count": 1, "note": twenty}]}) == []
    long_note = {"transfers": [{"to": "Borduria", "good": "a", "count": 30, "note": "Lieferung laut Vertrag Nr. 3"}]}
    read, dropped = benevolent.read(BW, s, "anna", WORK | long_note)
    assert dropped == []
    r = play(s, {"anna": read, "bert": WORK, "cleo": WORK})
    assert r.report["transfers"] == [{"from": "anna", "to": "bert", "good": "a", "count": 30,
                                      "note": "Lieferung laut Vertrag"}]
    r = play(s, {"anna": WORK | {"transfers": [{"to": "borduria", "good": "g", "count": 100, "note": "Kredit"}]},
                 "bert": WORK, "cleo": WORK})
    gold = {k: r.report["countries"][k]["listings"]["g"]["terms"]["Tra"] for k in ("anna", "bert")}
    assert gold == {"anna": -100, "bert": 100}


def test_4_2_a_game_set_up_before_the_option_refuses_a_note_of_21_characters():
    """zuschnitt=verwerfen: the note's 21 characters are an error (spaces counted), as games set up before issue 32
    read it; their replay does not change."""
    s = start(zuschnitt="verwerfen")
    errors = BW.check(s, "anna", {"transfers": [{"to": "Borduria", "good": "a", "count": 1, "note": "x" * 21}]})
    assert [(p.path, p.severity) for p in errors] == [(("transfers", 0, "note"), "error")]


def test_7_2_a_transfer_to_a_country_that_left_says_so():
    """7.2: a country that left the game receives nothing; the issue says it left, not that it is unknown."""
    s = start()
    s["countries"]["bert"]["active"] = False
    r = play(s, {"anna": WORK | {"transfers": [{"to": "Borduria", "good": "a", "count": 5}]}, "cleo": WORK})
    assert [c["reason"] for c in r.report["cuts"] if c["country"] == "anna"] == [
        "Transfer an Borduria nicht möglich: Borduria ist aus dem Spiel ausgestiegen (7.2)"]


# ----- the ruleset's pages ------------------------------------------------------------------------------------

def test_schema_template_and_describe_agree():
    """The template is valid YAML, valid under the schema, and passes check without any problem."""
    s = start()
    schema = BW.order_schema(s, "anna")
    jsonschema.Draft202012Validator.check_schema(schema)
    value = yamlio.load(BW.template(s, "anna")).data
    jsonschema.validate(value, schema)
    assert BW.check(s, "anna", value) == []
    assert BW.describe(s, "anna", value)[0] == "Ernte: 50 B auf 50 A"


def test_newsletter_standings_history():
    s0 = start()
    r = play(s0, {"anna": WORK | {"production": {"harvest": 50, "consumer_goods": 5}}, "bert": WORK, "cleo": WORK})
    text = BW.newsletter(r.state, r.report, PLAYERS)
    assert "### Atlantis (Agrarland)" in text and "Bevölkerung B = " in text and "Weltlebensqualität" in text
    # the issue page has one H1, the site's title of the turn; the body's headings start at H2
    assert not [line for line in text.splitlines() if line.startswith("# ")]
    assert "Auswertung des Jahres 1" in text
    assert BW.standings(r.state)[0]["Land"] == "Atlantis"
    h = BW.history([BW.public_view(s0), BW.public_view(r.state)])
    assert h["B"]["anna"][0] == 100 and h["k"]["anna"] == [0, 5]
    assert yamlio.dump(r.report) and yamlio.dump(r.state)


def test_7_2_the_nmr_notice_says_what_was_played():
    """7.2 and the standing orders (issue 32): the game master's notice names what a missed year played — the last
    orders repeated, the standing orders, standing orders that do nothing ({}), or a new country's population at
    work — instead of "letzter Zug wiederholt" for all of them."""
    def notice(state, orders):
        r = play(state, orders)
        return r, next(line for line in BW.newsletter(r.state, r.report, PLAYERS).splitlines() if "NMR" in line)

    s = start()
    r, line = notice(s, {"bert": WORK, "cleo": WORK})
    assert line == "- NMR: Atlantis (noch keine Befehle: die Bevölkerung arbeitet auf Agrargebieten, in " \
                   "Energiewerken und Minen)"
    r, line = notice(r.state, {"anna": BW.default_orders(r.state, "anna", WORK), "bert": WORK, "cleo": WORK})
    assert line == "- NMR: Atlantis (letzter Zug wiederholt)"
    r = play(r.state, {"anna": WORK | {"standing_orders": {"production": {"harvest": 30}}}, "bert": WORK,
                       "cleo": WORK})
    r, line = notice(r.state, {"anna": BW.default_orders(r.state, "anna", None), "bert": WORK, "cleo": WORK})
    assert line == "- NMR: Atlantis (hinterlegte Anweisungen ausgeführt)"
    r = play(r.state, {"anna": WORK | {"standing_orders": {}}, "bert": WORK, "cleo": WORK})
    r, line = notice(r.state, {"anna": BW.default_orders(r.state, "anna", None), "bert": WORK, "cleo": WORK})
    assert line == "- NMR: Atlantis (hinterlegte Anweisungen: nichts zu tun)"
    old = start(zuschnitt="verwerfen")
    del old["options"]["zuschnitt"]  # a game set up before issue 32 keeps its notice
    r, line = notice(old, {"bert": WORK, "cleo": WORK})
    assert line == "- NMR: Atlantis (letzter Zug wiederholt)"


def test_7_2_a_game_whose_every_country_left_ends():
    """7.2 (issue 32): when the last country has left, nobody is awaited and the game is over, rather than empty
    years being adjudicated."""
    s = start()
    r = play(s, {k: WORK | {"leave": True} for k in ("anna", "bert", "cleo")})
    assert BW.out_of_game(r.state) == ["anna", "bert", "cleo"]
    phase = BW.phase(r.state)
    assert phase.finished and phase.awaited == ()


def test_7_1_joining_a_world_of_no_population_gets_the_start_endowment():
    """7.1 "wird bei späterem Spieleintritt angepaßt" (house rule, issue 32): scaled by an average population of
    0 a newcomer would get nothing at all; it gets the start endowment instead."""
    s = start()
    for c in s["countries"].values():
        c["B"] = 0
    joined = BW.join(s, Player("dora", "Dorado", "dora", 9, "agrar"), Dice(b"j"))
    assert {x: joined["countries"]["dora"][x] for x in ("B", "A", "g")} == {"B": 100, "A": 50, "g": 300}
