"""Rules the DATC JSON leaves out or words differently: the DATC v3.0 preferred answers, the order
notation, the phase flow, victory and draws (rules 2023; sections as in the DATC)."""

from __future__ import annotations

import pytest

from adjudicator.dice import Dice
from adjudicator.model import Player
from adjudicator.rulesets.diplomacy import RULESET
from adjudicator.rulesets.diplomacy.notation import OrderError, parse_order
from adjudicator.rulesets.diplomacy.position import resolve_position
from adjudicator.rulesets.diplomacy.tables import load_map, shipped


def results(units: dict, orders: dict, phase: str = "movement", **extra) -> dict[str, str]:
    out = resolve_position({"phase": phase, "units": units, "orders": orders, **extra})
    return {r["order"]: r["result"] for r in out["orders"]}


def test_6b2_move_to_the_only_reachable_coast() -> None:
    """DATC 6.B.2: F Gas - Spa goes to the north coast, the only one it can reach."""
    out = resolve_position({"units": {"france": ["F gas"]}, "orders": {"france": ["F Gas - Spa"]}})
    assert out["units"]["france"] == ["F spa/nc"]


def test_6b7_support_without_coast_matches_a_move_to_a_coast() -> None:
    """DATC 6.B.7 / 4.B.4: a support that names no coast supports a move to either coast."""
    r = results({"france": ["F por", "F mao"], "italy": ["F lyo", "F wes"]},
                {"france": ["F Por S F Mao - Spa", "F Mao - Spa/nc"],
                 "italy": ["F Lyo S F Wes - Spa/sc", "F Wes - Spa/sc"]})
    assert r["F Mao - Spa/nc"] == "fails" and r["F Wes - Spa/sc"] == "fails"


def test_6b10_unit_ordered_with_wrong_coast_still_moves() -> None:
    """DATC 6.B.10: the coast written for the ordered unit is ignored."""
    assert results({"france": ["F spa/sc"]}, {"france": ["F Spa/nc - Lyo"]}) == {"F Spa/nc - Lyo": "succeeds"}


def test_6b12_army_moves_ignore_a_coast() -> None:
    """DATC 6.B.12: A Gas - Spa/nc moves the army to Spain."""
    out = resolve_position({"units": {"france": ["A gas"]}, "orders": {"france": ["A Gas - Spa/nc"]}})
    assert out["units"]["france"] == ["A spa"] and out["orders"][0]["result"] == "succeeds"


def test_6g11_own_convoy_to_adjacent_province_is_a_paradox_without_fallback() -> None:
    """DATC 6.G.11 (2023, no fallback): Szykman — Sweden does not move, the North Sea fleet takes Skagerrak."""
    r = results({"england": ["F nwy", "F nth"], "russia": ["A swe", "F ska", "F bar"]},
                {"england": ["F Nwy S F Nth - Ska", "F Nth - Ska"],
                 "russia": ["A Swe - Nwy", "F Ska C A Swe - Nwy", "F Bar S A Swe - Nwy"]})
    assert r["F Nth - Ska"] == "succeeds" and r["A Swe - Nwy"] == "fails"


def test_6g19_unnecessary_convoy_gives_no_intent() -> None:
    """DATC 6.G.19 (2023): the fleet in Western Med is in no needed route, so its convoy is illegal."""
    r = results({"france": ["A mar", "F wes"], "italy": ["F lyo", "A spa"]},
                {"france": ["A Mar - Spa", "F Wes C A Mar - Spa"], "italy": ["F Lyo C A Mar - Spa", "A Spa - Mar"]})
    assert r["A Mar - Spa"] == "fails" and r["A Spa - Mar"] == "fails"
    out = resolve_position({"units": {"france": ["A mar", "F wes"], "italy": ["F lyo", "A spa"]},
                            "orders": {"france": ["F Wes C A Mar - Spa"], "italy": []}})
    assert out["orders"][0]["reason"].startswith("void")


def test_6h1_no_supports_during_retreat() -> None:
    """DATC 6.H.1-6.H.3: support and convoy orders are not retreat orders."""
    r = results({"turkey": ["F aeg"]}, {"austria": ["F Tri - Alb"], "turkey": ["F Aeg S F Tri - Alb"]},
                phase="retreat", dislodged=[{"power": "austria", "unit": "F tri", "attacker_from": "ven"}])
    assert r["F Aeg S F Tri - Alb"] == "invalid" and r["F Tri - Alb"] == "succeeds"


def test_6j9_fleet_distance_counts_via_norway() -> None:
    """DATC 6.J.9 (second scenario): Skagerrak is two steps from St Petersburg, the army is removed."""
    out = resolve_position({"phase": "adjustment", "units": {"russia": ["A gre", "A sev", "F ska"]},
                            "supply_centres": {"russia": ["stp", "sev"]}, "orders": {}})
    assert out["civil_disorder"] == {"russia": ["A gre"]}


@pytest.mark.parametrize("text, judged", [
    ("a paris -> burgundy", "A Par - Bur"), ("F NTH C A LON - BEL", "F Nth C A Lon - Bel"),
    ("A Mun S A Bur - Par", "A Mun S A Bur - Par"), ("F Stp/sc - Bot", "F Stp/sc - Bot"),
    ("build a par", "Build A Par"), ("WAIVE", "Waive"), ("F St. Petersburg (north coast) H", "F Stp/nc H"),
    ("A Lvp - Edi via convoy", "A Lvp - Edi via convoy"), ("Remove F North Sea", "Remove F Nth"),
])
def test_judge_notation_any_case_and_full_names(text: str, judged: str) -> None:
    assert str(parse_order(load_map("standard", shipped()), text)) == judged


@pytest.mark.parametrize("text, judged", [
    ("A Par moves to Bur", "A Par - Bur"), ("F Nth retreats to Nwg", "F Nth - Nwg"),
    ("A Mun supports A Ber to hold", "A Mun S A Ber"), ("A Mun supports A Ber to Kie", "A Mun S A Ber - Kie"),
    ("BUILD WAIVE", "Waive"), ("waive build", "Waive"), ("F Spa-sc - Mao", "F Spa/sc - Mao"),
    ("F Mao - Spa-nc", "F Mao - Spa/nc"), ("F Spa south coast H", "F Spa/sc H"),
    ("F St Petersburg south coast - Bot", "F Stp/sc - Bot"), ("F Mid Atlantic - Bre", "F Mao - Bre"),
    ("F NOR H", "F Nwy H"), ("A LVA - War", "A Lvn - War"), ("A LIV H", "A Lvn H"), ("A RMA - Bud", "A Rum - Bud"),
    ("F HGB H", "F Hel H"), ("F EMS H", "F Eas H"), ("F WMS H", "F Wes H"), ("F IRS H", "F Iri H"),
    ("A TRL - Vie", "A Tyr - Vie"),
])
def test_the_spellings_of_njudge_and_webdiplomacy_players(text: str, judged: str) -> None:
    """Issue 32: what the judges accept on the standard map (their aliases: LIV and LVA are Livonia there,
    Liverpool is Lvp) reads as they read it; the words are the map's pinned words file (data/maps/words/)."""
    assert str(parse_order(load_map("standard", shipped()), text)) == judged


@pytest.mark.parametrize("text, says", [
    ("F Por south coast H", "Portugal has no coast 'sc'"), ("F Lon - sc", "no place named 'sc'"),
    ("A Liverp H", "did you mean Liverpool"),
])
def test_a_judge_spelling_that_names_nothing_keeps_the_helpful_refusal(text: str, says: str) -> None:
    with pytest.raises(OrderError) as e:
        parse_order(load_map("standard", shipped()), text)
    assert says in e.value.message + " " + e.value.hint


def test_a_game_pinned_before_the_judge_spellings_reads_its_orders_as_before() -> None:
    """A game set up before the words file (its pinned map names none) refuses them as it did: its replay
    does not change (the house rule of pinned data)."""
    from adjudicator.kit import gamedata
    from adjudicator.rulesets.diplomacy.tables import _load_map

    shipped = gamedata.packaged("adjudicator.rulesets.diplomacy", "data/maps/standard.yaml").decode()
    old = "\n".join(line for line in shipped.splitlines() if not line.startswith("words:")) + "\n"
    with pytest.raises(OrderError):
        parse_order(_load_map("standard", old.encode()), "A Par moves to Bur")


@pytest.mark.parametrize("text", ["A Par -", "A Atlantis - Bur", "F Spa/xc - Lyo", "A Par jumps Bur", ""])
def test_unreadable_orders_say_why(text: str) -> None:
    with pytest.raises(OrderError) as e:
        parse_order(load_map("standard", shipped()), text)
    assert e.value.message and e.value.hint


PLAYERS = [Player(k, k.capitalize(), k, i, role) for i, (k, role) in enumerate(
    [("ann", "England"), ("bob", "fra"), ("cy", "germany"), ("di", "italy"), ("ed", "austria"),
     ("fo", "russia"), ("gu", "turkey")])]


def test_setup_seats_powers_and_refuses_bad_roles() -> None:
    state = RULESET.setup({"map": "standard"}, PLAYERS, Dice(b"x"))
    assert state["seats"]["ann"] == "england" and state["seats"]["bob"] == "france"
    assert RULESET.phase(state).label == "Spring 1901 Movement" and len(RULESET.phase(state).awaited) == 7
    from adjudicator.kit.ruleset import RulesetError
    with pytest.raises(RulesetError):
        RULESET.setup({}, [Player("x", "X", "x", 1, "atlantis")], Dice(b"x"))
    with pytest.raises(RulesetError):
        RULESET.setup({"map": "mars"}, PLAYERS, Dice(b"x"))


def test_template_lists_units_holding_with_their_moves_and_describe_reads_back() -> None:
    state = RULESET.setup({}, PLAYERS, Dice(b"x"))
    text = RULESET.template(state, "fo")
    assert "- F Stp/sc H  # can move to: Bot, Fin, Lvn" in text
    assert RULESET.describe(state, "fo", ["f stp/sc - bot", {"unit": "A War", "move": "Gal"}]) == [
        "F Stp/sc - Bot", "A War - Gal"]


def test_every_order_outcome_is_marked_in_the_issue() -> None:
    """An order succeeds, fails or is invalid (resolver.Outcome); the issue marks the last two after the order."""
    from typing import get_args

    from adjudicator.rulesets.diplomacy.newsletter import OUTCOME_MARKS
    from adjudicator.rulesets.diplomacy.resolver import Outcome

    assert set(OUTCOME_MARKS) == set(get_args(Outcome))
    state = RULESET.setup({}, PLAYERS, Dice(b"x"))
    r = RULESET.adjudicate(state, {"bob": ["A Par - Bur", "F Bre - Kie"], "cy": ["A Mun - Bur"]}, Dice(b"t"))
    outcomes = {row["text"]: row["result"] for row in r.report["results"]}
    assert (outcomes["A Par - Bur"], outcomes["F Bre - Kie"], outcomes["A vie H"]) == ("fails", "invalid", "succeeds")


def test_newsletter_has_orders_results_table_and_inline_svg() -> None:
    state = RULESET.setup({}, PLAYERS, Dice(b"x"))
    r = RULESET.adjudicate(state, {"bob": ["A Par - Bur"], "cy": ["A Mun - Bur"]}, Dice(b"t"))
    md = RULESET.newsletter(r.state, r.report, PLAYERS)
    assert "`A Par - Bur` *(fails)* — bounces" in md
    assert "| France | Bob | 3 | 3 | Bre, Mar, Par |" in md
    assert "<svg" in md and "<script" not in md
    svg = md[md.index("<svg"):md.index("</svg>")]
    assert svg.count('class="tp-move tp-failed"') == 2  # both moves to Burgundy bounce: two crossed arrows
    assert svg.count("<path d=\"M") >= 76  # the map's own drawing, one shape per province
    assert "<summary>The map as text" in md and "<li>France: Units " in md  # the text alternative


def test_centres_change_owner_after_fall_only_and_history_counts_them() -> None:
    """Rules: supply centres are owned by who occupies them after the Fall turn (and its retreats)."""
    s0 = RULESET.setup({}, PLAYERS, Dice(b"x"))
    s1 = RULESET.adjudicate(s0, {"bob": ["A Mar - Spa"]}, Dice(b"1")).state
    assert "spa" not in s1["supply_centres"]["france"]
    s2 = RULESET.adjudicate(s1, {"bob": ["A Spa H"]}, Dice(b"2")).state
    assert "spa" in s2["supply_centres"]["france"] and RULESET.phase(s2).label == "Winter 1901 Adjustments"
    assert RULESET.phase(s2).awaited == ("bob",)
    assert RULESET.history([s0, s1, s2])["supply_centres"]["bob"] == [3, 3, 4]


def test_victory_at_18_centres_and_unanimous_draw() -> None:
    s = RULESET.setup({}, PLAYERS, Dice(b"x"))
    s["season"], s["step"] = "Fall", 2
    owned = sorted(p for p in load_map("standard", shipped()).supply_centres())[:17]
    s["supply_centres"] = {p: [] for p in s["supply_centres"]}
    s["supply_centres"]["england"] = owned
    s["units"] = {p: [] for p in s["units"]}
    s["units"]["england"] = ["A ser" if "ser" not in owned else "A war"]
    r = RULESET.adjudicate(s, {}, Dice(b"v"))
    assert r.state["result"] == {"kind": "victory", "winner": "england"} and RULESET.phase(r.state).finished
    d = RULESET.setup({}, PLAYERS, Dice(b"x"))
    all_draw = {p.key: ["Propose draw"] for p in PLAYERS}
    assert RULESET.adjudicate(d, {**all_draw, "gu": []}, Dice(b"d")).state["result"] is None
    done = RULESET.adjudicate(d, all_draw, Dice(b"d")).state
    assert done["result"]["kind"] == "draw" and len(done["result"]["powers"]) == 7


def test_a_three_field_move_on_a_map_without_rivers_says_what_to_write() -> None:
    """Issue 32: 'A Lon - Nth - Nwy' on the standard map was refused with a message about rivers, which it has
    none of; it says a unit moves one province, and how an army by sea is written."""
    out = resolve_position({"units": {"england": ["A lon", "F nth"]},
                            "orders": {"england": ["A Lon - Nth - Nwy", "F Nth C A Lon - Nwy"]}})
    row = out["orders"][0]
    assert "river" not in row["reason"] and "A Lon - Nwy via convoy" in row["reason"], row


def test_a_game_of_a_variant_without_a_title_is_named_by_its_map() -> None:
    """Issue 32: `turnpress new diplomacy --option map=dreissigjaehriger-krieg` without --title was headed
    "Diplomacy"; the standard map keeps "Diplomacy"."""
    assert RULESET.title_for({"map": "dreissigjaehriger-krieg"}) == "Dreißigjähriger Krieg"
    assert RULESET.title_for({}) == RULESET.title_for({"map": "standard"}) == "Diplomacy"


def test_6j5_6j6_civil_disorder_home_fleet_distances_do_not_cross_land() -> None:
    """DATC 6.J.5 (note) and 6.J.6, civil_disorder=home: a fleet's distance counts only fleet moves. Russia with
    F Bar, F Pru, A Mos, A War and no orders, owing one removal: F Bar is one move from St Petersburg, F Pru two
    (via Livonia), so F Pru goes (MILA agrees); counted over land, Prussia was next to Warsaw and F Bar went."""
    out = resolve_position({"phase": "adjustment", "rules": {"civil_disorder": "home"},
                            "units": {"russia": ["F bar", "F pru", "A mos", "A war"]},
                            "supply_centres": {"russia": ["mos", "war", "stp"]}, "orders": {}})
    assert out["civil_disorder"] == {"russia": ["F pru"]}


def test_a_game_set_up_before_the_fleet_rule_keeps_counting_over_land() -> None:
    """Issue 32: new games with civil_disorder=home pin the rule (rules: fleets_by_sea); an older game's state
    has no such flag and replays as it was played."""
    from adjudicator.rulesets.diplomacy.adjudicate import civil_measure

    state = RULESET.setup({"civil_disorder": "home"}, PLAYERS, Dice(b"s"))
    assert civil_measure(state) == "home-sea"
    del state["rules"]["fleets_by_sea"]
    assert civil_measure(state) == "home"
    assert civil_measure(RULESET.setup({}, PLAYERS, Dice(b"s"))) == "owned"
