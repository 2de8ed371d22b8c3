"""30JK religion: points (section 8), confessions (9, 13), religious warfare (10) and neutral units (11)."""

from __future__ import annotations

import re
from unittest import mock

from adjudicator.dice import Dice
from adjudicator.kit import sheet
from adjudicator.rulesets.diplomacy import RULESET
from adjudicator.rulesets.diplomacy.resolver import Unit
from adjudicator.rulesets.diplomacy.tables import load_map, shipped
from adjudicator.rulesets.diplomacy.variants import dreissigjaehriger_krieg as dk
from adjudicator.rulesets.diplomacy.variants.dreissigjaehriger_krieg import random_confessions, religion
from adjudicator.rulesets.diplomacy.variants.dreissigjaehriger_krieg.religion import (
    allotment,
    bonus,
    conversion_cost,
)

from .dk_game import KEY, POWERS, funded_game, new_game, play, points, position, result, set_points

M = load_map("dreissigjaehriger-krieg", shipped())


def test_section_8_allotment_table():
    assert [allotment(n) for n in (1, 2, 4, 5, 9, 10, 16, 17, 27)] == [3, 5, 5, 7, 7, 9, 9, 11, 11]


def test_section_8_points_are_allotted_at_the_end_of_fall_and_hidden():
    """Sections 3 and 8: "Immer am Ende des Herbstes ... werden dann die Religionspunkte zugeteilt": nobody has
    points in Spring 1618, so Saxony cannot incite Austria's A MOla before the first Fall."""
    s = new_game()
    assert s["rules"]["start_points"] == "0"
    assert points(s, "oesterreich") == 0 and points(s, "sachsen") == 0
    problems = RULESET.check(s, KEY["sachsen"], ["Aufwiegeln A MOla 5 RP"])
    assert [p.message for p in problems] == ["Einheit aufwiegeln: A MOla (5 RP): Sie haben 0 Religionspunkte, diese "
                                             "Aktionen brauchen 5"]
    s = play(play(s).state).state
    assert points(s, "oesterreich") == 5  # 4 centres: 5 RP at the end of Fall 1618
    public = RULESET.public_view(s)
    assert "private" not in public
    mine = RULESET.private_view(s, KEY["oesterreich"])
    assert mine["private"] == {KEY["oesterreich"]: {"religion_points": 5}}


def test_section_8_house_option_start_points_allotment_gives_points_before_the_first_fall():
    s = funded_game()
    assert points(s, "oesterreich") == 5
    s = play(play(s).state).state
    assert points(s, "oesterreich") == 10


def test_section_8_religious_amounts_stay_out_of_the_public_report():
    s = funded_game()
    r = play(s, {"sachsen": ["Kirchenbau A Mei 2 RP", "A Lei - Zwi"]})
    assert r.report["orders"][KEY["sachsen"]] == ["A Lei - Zwi"]
    assert "2 RP" in r.report["private"][KEY["sachsen"]]["lines"][0]
    assert points(r.state, "sachsen") == 3


def test_section_9_conversion_costs_and_transition_half_a_year_below_7_centres():
    assert [conversion_cost(n) for n in (1, 2, 4, 5, 9, 10, 15, 16)] == [0, 2, 2, 4, 4, 6, 6, 8]
    s = funded_game()
    r = play(s, {"sachsen": ["Konfessionswechsel"]})
    assert points(r.state, "sachsen") == 3
    assert r.state["confessions"]["sachsen"] == {"confession": "catholic"}  # ex-protestant during Spring only
    assert r.report["confessions_changed"][0] == {"power": "sachsen", "confession": "ex-protestant", "to": "catholic"}


def test_section_9_transition_lasts_a_year_from_7_centres():
    s = funded_game()
    s["supply_centres"]["sachsen"] = ["EbMa", "Erf", "FAnh", "Lei", "Mei", "Tor", "Zwi"][:4] + ["Brg", "Per", "Tan"]
    set_points(s, "sachsen", 9)
    spring = play(s, {"sachsen": ["Konfessionswechsel"]}).state
    assert spring["confessions"]["sachsen"] == {"confession": "ex-protestant", "to": "catholic", "turns": 1}
    assert points(spring, "sachsen") == 5  # 7 centres: 4 RP
    fall = play(spring).state
    assert fall["confessions"]["sachsen"] == {"confession": "catholic"}


def test_section_9_no_second_change_during_a_transition():
    s = funded_game()
    s["supply_centres"]["sachsen"] += ["Brg", "Per", "Tan", "Zwi"]
    s = play(s, {"sachsen": ["Konfessionswechsel"]}).state
    problems = RULESET.check(s, KEY["sachsen"], ["Konfessionswechsel"])
    assert problems and problems[0].message == "Ihr Land wechselt noch die Konfession"


def test_section_10_disobedience_unit_does_not_execute_its_order_but_can_be_supported_to_hold():
    s = funded_game()
    r = play(s, {"bayern": ["Ungehorsam A Pra 2 RP"], "oesterreich": ["A Pra - Kar"]})
    assert r.report["religious_warfare"][0]["outcome"] == "disobedience"
    assert result(r.report, "A Pra H")["result"] == "succeeds"
    assert all(row["order"] != "A Pra - Kar" for row in r.report["results"])
    s = position(s, {"oesterreich": ["A Pra", "A Ltz"], "sachsen": ["A Kar", "A Mei"]})
    r = play(s, {"bayern": ["Ungehorsam A Pra 2 RP"], "oesterreich": ["A Ltz S A Pra"],
                 "sachsen": ["A Kar - Pra", "A Mei S A Kar - Pra"]})
    assert "A Pra" in r.state["units"]["oesterreich"]  # 2 against 2: the hold support counts


def test_section_10_minimum_points_and_budget_are_checked():
    s = funded_game()
    msgs = [p.message for p in RULESET.check(s, KEY["bayern"], ["Ungehorsam A Pra 1 RP", "Aufwiegeln A Pra 4 RP"])]
    assert msgs == ["Ungehorsam stiften kostet mindestens 2 Religionspunkte",
                    "Einheit aufwiegeln kostet mindestens 5 Religionspunkte"]
    msgs = [p.message for p in RULESET.check(s, KEY["bayern"], ["Ungehorsam A Pra 3 RP", "Kirchenbau A Aug 3 RP"])]
    assert any("Sie haben 5 Religionspunkte" in m for m in msgs)
    msgs = [p.message for p in RULESET.check(s, KEY["bayern"], ["Söldner A Pra - Kar 3 RP"])]
    assert any("keine neutrale Einheit" in m for m in msgs)


def test_section_10_a_tie_does_nothing():
    s = funded_game()
    # Sachsen: 3 + 1 (other confession) = 4; Österreich's church: 2 + 2 (own unit) = 4
    r = play(s, {"sachsen": ["Ungehorsam A Pra 3 RP"], "oesterreich": ["Kirchenbau A Pra 2 RP", "A Pra - Pil"]})
    assert r.report["religious_warfare"][0]["outcome"] is None
    assert "A Pil" in r.state["units"]["oesterreich"]


def test_section_10_payments_for_the_same_action_add_up_and_beat_a_church():
    s = funded_game()
    r = play(s, {"sachsen": ["Ungehorsam A Pra 2 RP"], "schweden": ["Ungehorsam A Pra 2 RP"],
                 "oesterreich": ["Kirchenbau A Pra 2 RP", "A Pra - Pil"]})
    assert r.report["religious_warfare"][0]["outcome"] == "disobedience"  # 3 + 3 against 4
    assert "A Pra" in r.state["units"]["oesterreich"]


def test_section_10_bonus_points():
    units = [Unit("sachsen", "army", "Mei"), Unit("bayern", "army", "Aug")]
    # adjacent unit +1, other confession +1
    assert bonus(M, "disobedience", "sachsen", "protestant", "rebellen", "catholic", "Kar", units) == 2
    # ex-state of one's own confession: +2 instead of +1
    assert bonus(M, "incite", "bayern", "catholic", "sachsen", "ex-catholic", "Kar", units) == 2
    # the same confession gives nothing; a unit converting to one's own confession neither
    assert bonus(M, "incite", "bayern", "catholic", "oesterreich", "catholic", "Pra", units) == 0
    assert bonus(M, "incite", "bayern", "catholic", "pfalz", "ex-protestant", "Pra", units) == 0
    # church: +2 for a unit of one's own confession or one's own unit
    assert bonus(M, "church", "bayern", "catholic", "oesterreich", "catholic", "Pra", units) == 2
    assert bonus(M, "church", "bayern", "catholic", "bayern", "ex-catholic", "Aug", units) == 2
    # mercenaries of one's own confession +1 (and +1 for Mei next to Kar)
    assert bonus(M, "mercenaries", "sachsen", "protestant", "rebellen", "protestant", "Kar", units) == 2


def test_section_10_incited_unit_turns_neutral_holds_and_changes_confession():
    s = funded_game()
    r = play(s, {"sachsen": ["Aufwiegeln A Pra 5 RP"], "oesterreich": ["A Pra - Pil"]})
    key = r.report["religious_warfare"][0]["neutral"]
    assert r.state["units"][key] == ["A Pra"] and "A Pra" not in r.state["units"]["oesterreich"]
    assert r.state["neutrals"][key]["confession"] == "protestant"
    assert result(r.report, "A Pra H")["power"] == key


def test_section_10_hire_mercenaries_the_highest_bid_gives_the_order():
    s = funded_game()
    # Österreich: 3 + 1 (Pra next to Kar) = 4; Pfalz: 3 + 1 (NOpf next to Kar) + 1 (Protestant rebels) = 5
    r = play(s, {"oesterreich": ["Söldner A Kar - Pil 3 RP"], "pfalz": ["Söldner anheuern: A Kar - Zwi (3 RP)"]})
    assert r.report["religious_warfare"][0]["outcome"] == "mercenaries"
    assert r.state["units"]["rebellen"] == ["A Zwi"]


def test_section_10_a_mercenary_order_the_hired_unit_cannot_carry_out_fails_the_check():
    """Section 10, Söldner anheuern: "Mit der Aktion ist immer der gewünschte Befehl anzugeben". An order the
    hired unit cannot carry out is an error with the unit's reach (issue 23); at the deadline it would cost the
    points and the unit would hold."""
    s = funded_game()
    reach = "sie erreicht FBay, Ltz, Mei, NOpf, Pil, Pra, Zwi"
    cases = {
        "Söldner A Kar - Ber 3 RP": "Söldner anheuern (Abschnitt 10): die angeheuerte Einheit A Kar kann "
        "'A Kar - Ber' nicht ausführen: Berlin grenzt nicht an Karlsbad, und keine Flotten könnten dorthin "
        "konvoieren",
        "Söldner A Kar S A Lei - Ber 3 RP": "Söldner anheuern (Abschnitt 10): die angeheuerte Einheit A Kar kann "
        "'A Kar S A Lei - Ber' nicht ausführen: A Kar kann selbst nicht nach Berlin ziehen, also dort nicht "
        "unterstützen",
        "Söldner A Kar C A Mei - Pra 3 RP": "Söldner anheuern (Abschnitt 10): die angeheuerte Einheit A Kar kann "
        "'A Kar C A Mei - Pra' nicht ausführen: nur eine Flotte auf einem See- oder Küstenfeld konvoiert",
    }
    for line, message in cases.items():
        [p] = RULESET.check(s, KEY["pfalz"], ["A Hei H", line])
        assert (p.message, p.path, p.severity) == (message, (1,), "error")
        assert p.hint == f"geben Sie ihr einen Befehl, den sie ausführen kann ({reach}); ein Befehl, den sie nicht " \
                         "ausführen kann, kostet die Punkte, und die Einheit hält"
    assert RULESET.check(s, KEY["pfalz"], ["Söldner A Kar - Pra 3 RP"]) == []
    assert RULESET.check(s, KEY["pfalz"], ["Söldner A BLut H 3 RP"]) == []
    r = play(s, {"pfalz": ["Söldner A Kar - Ber 3 RP"]})
    assert r.state["units"]["rebellen"] == ["A Kar"] and points(r.state, "pfalz") == points(s, "pfalz") - 3


def test_section_10_a_hired_unit_s_order_is_judged_once_per_position_and_judged_alike():
    """The orders page's verdicts check the same mercenary line in hundreds of sheets of one position (issue 33:
    a movement run each, 7 s of the orders league's build): the map keeps the verdict per position and order
    (``Map.mercenary_verdicts``); checked again, the line gets the same problems without a run, and in another
    position it is judged anew."""
    s = funded_game()
    kept = load_map("dreissigjaehriger-krieg", shipped()).mercenary_verdicts
    kept.clear()  # what other tests left: this one counts its own runs
    lines = ["A Hei H", "Söldner A Kar - Ber 3 RP", "Söldner A Kar - Pra 3 RP"]
    with mock.patch.object(dk, "run_movement", wraps=dk.run_movement) as runs:
        first = RULESET.check(s, KEY["pfalz"], lines)
        assert runs.call_count == 2, "one movement run for each hired unit's order"
        assert RULESET.check(s, KEY["pfalz"], list(lines)) == first and runs.call_count == 2, "kept"
        moved = position(s, {"rebellen": ["A Kar"], "pfalz": ["A Hei", "A Zwi"]})
        RULESET.check(moved, KEY["pfalz"], lines)
        assert runs.call_count == 4, "another position, judged anew"
    assert [(p.path, p.severity) for p in first] == [((1,), "error")] and "'A Kar - Ber'" in first[0].message


def test_section_10_a_line_s_opening_is_read_once_for_every_spelling_of_it_in_case_and_outer_spaces():
    """``split`` asks of every line of every check whether it opens a religious action (``religion.kind_of``), and
    the orders page's verdicts check each line also in capitals (issue 33): the opening is read once for the line
    in lower case without its outer spaces, the same for every spelling of it so."""
    lines = ["Söldner A Kar - Ber 3 RP", "A Hei - Zwi", "Konfession katholisch"]
    religion._kept_kind.cache_clear()  # what other tests left: this one counts its own readings
    with mock.patch.object(religion, "_kind", wraps=religion._kind) as read:
        kinds = [religion.kind_of(t) for t in lines]
        assert [religion.kind_of(s) for t in lines for s in (t.upper(), f"  {t.lower()} ")] == [
            k for k in kinds for _ in range(2)]
        assert read.call_count == len(lines), "each line's opening read once"
    assert kinds == ["mercenaries", None, "confession"]


def test_section_11_neutral_units_take_centres_in_fall():
    s = position(funded_game(), {"rebellen": ["A Kar"], "oesterreich": ["A EbSa"]}, season="Fall", step=2)
    r = play(s, {"pfalz": ["Söldner A Kar - Pra 3 RP"]})
    assert r.state["supply_centres"]["rebellen"] == ["Kar", "Pra"]
    assert RULESET.phase(r.state).label == "Herbst 1618: Auf- und Abbau"  # Österreich must remove a unit? no: builds
    assert "rebellen" not in [p for p in r.state["seats"].values()]


def test_section_11_neutral_unit_dissolves_when_all_its_centres_are_lost():
    s = position(funded_game(), {"rebellen": ["A Pil"], "oesterreich": ["A Pra"]}, season="Fall", step=2)
    r = play(s, {"oesterreich": ["A Pra - Kar"]})
    assert "rebellen" not in r.state["units"] and "rebellen" not in r.state["neutrals"]
    assert "Kar" in r.state["supply_centres"]["oesterreich"]


def test_section_11_new_neutral_unit_must_stand_on_a_centre_after_its_first_fall():
    s = funded_game()
    s = play(s, {"sachsen": ["Aufwiegeln A Pra 5 RP"], "bayern": ["Aufwiegeln A EbSa 5 RP"]}).state
    on_pra = [k for k, us in s["units"].items() if us == ["A Pra"]][0]
    on_ebsa = [k for k, us in s["units"].items() if us == ["A EbSa"]][0]
    s = play(s, {"pfalz": ["Söldner A EbSa - GTir 3 RP"]}).state  # Fall: one leaves its centre
    assert s["supply_centres"][on_pra] == ["Pra"]
    assert on_ebsa not in s["neutrals"] and on_ebsa not in s["units"]


def test_section_11_dislodged_neutral_retreats_own_then_foreign_then_free_alphabetically():
    s = position(funded_game(), {"rebellen": ["A Kar"], "oesterreich": ["A Ltz", "A Zwi"]})
    s["supply_centres"]["rebellen"] = ["Kar", "Pra"]
    s["supply_centres"]["oesterreich"] = ["EbSa", "Lin", "MOla"]
    orders = {"oesterreich": ["A Ltz - Kar", "A Zwi S A Ltz - Kar"]}
    r = play(s, orders)
    assert r.state["units"]["rebellen"] == ["A Pra"]  # its own centre, at once: nobody else must retreat
    s["supply_centres"]["rebellen"] = ["Kar"]
    s["supply_centres"]["oesterreich"] = ["EbSa", "Lin", "MOla", "Pra"]
    r = play(s, orders)
    assert r.state["units"]["rebellen"] == ["A Mei"]  # foreign centres Mei, NOpf, Pra: Mei comes first


def test_section_11_neutral_units_are_never_built():
    s = position(funded_game(), {"rebellen": ["A Kar"], "oesterreich": ["A EbSa"]}, season="Fall", step=2)
    s["supply_centres"]["rebellen"] = ["Kar", "Pil"]
    r = play(s)
    assert r.report.get("skipped") is None or all("rebellen" not in x for x in r.report["skipped"])
    adj = play(r.state, {"oesterreich": ["Build A Pra"]}).state
    assert adj["units"]["rebellen"] == ["A Kar"]


def test_section_13_random_confessions_at_least_three_each():
    for seed in range(20):
        drawn = random_confessions(POWERS, Dice(bytes([seed])))
        assert min(list(drawn.values()).count(c) for c in ("catholic", "protestant")) >= 3
    s = funded_game(confessions="random")
    assert s["rules"]["confessions"] == "random"


def test_section_13_omitting_the_required_confession_choice_is_warned():
    """Section 13, Wahl der Spieler: "Mit der Zugabgabe für 1618 müssen die Spieler ihre Startkonfession wählen":
    orders of Spring 1618 without the choice get a warning (the power keeps its historical confession)."""
    s = funded_game(confessions="chosen")
    [warn] = RULESET.check(s, KEY["sachsen"], ["A Lei - Zwi"])
    assert warn.severity == "warning" and "also bleibt die historische (protestantisch)" in warn.message
    assert warn.hint == "ergänzen Sie '- Konfession katholisch' oder '- Konfession protestantisch'"
    assert RULESET.check(s, KEY["sachsen"], ["Konfession katholisch", "A Lei - Zwi"]) == []
    assert RULESET.check(funded_game(), KEY["sachsen"], ["A Lei - Zwi"]) == []  # historical: nothing to choose
    fall = play(s, {"sachsen": ["A Lei - Zwi"]})
    assert fall.state["confessions"]["sachsen"] == {"confession": "protestant"}
    assert RULESET.check(fall.state, KEY["sachsen"], ["A Zwi H"]) == []  # only the 1618 orders choose


def test_section_10_the_hint_for_mercenaries_names_a_neutral_unit():
    """Section 10, Söldner anheuern: only neutral units are hired, so the hint names one of them."""
    s = funded_game()
    [p] = RULESET.check(s, KEY["sachsen"], ["Söldner A Pra - Kar 3 RP"])
    assert p.message == "A Pra ist keine neutrale Einheit: nur neutrale Einheiten werden angeheuert"
    assert p.hint == "heuern Sie eine neutrale Einheit (A BLut, A Kar) mit ihrem Befehl an, z. B. 'Söldner anheuern " \
                     "A BLut H 3 RP'"
    assert "A Pra" not in p.hint
    none = position(s, {"sachsen": ["A Mei"], "oesterreich": ["A Pra"]})
    none["neutrals"] = {}
    [p] = RULESET.check(none, KEY["sachsen"], ["Söldner A Pra - Kar 3 RP"])
    assert p.hint == "auf dem Brett steht keine neutrale Einheit zum Anheuern: lassen Sie die Zeile weg"
    sheet = RULESET.template(s, KEY["sachsen"])
    assert "'- Söldner A BLut H 3 RP'" in sheet and "Söldner A Pra" not in sheet


def test_section_12_a_centre_freed_by_a_dead_neutral_unit_is_a_change_for_the_draw():
    """Sections 11 and 12: when a neutral unit dies its centres fall free; that is a change of owner, so the
    three adjustment phases without change start again (the count used to go on, and here end in a draw)."""
    s = funded_game()
    s = position(s, {"oesterreich": ["A Pra"], "luettich": ["A BLut"]}, season="Fall", step=2,
                 unchanged_adjustments=2)  # the rebels' unit is gone: it dies with this phase
    assert s["supply_centres"]["rebellen"] == ["Kar"]
    r = play(s)
    assert "rebellen" in r.report["neutrals_dissolved"] and "rebellen" not in r.state["supply_centres"]
    assert r.state["unchanged_adjustments"] == 0 and r.state["result"] is None
    assert r.report["centre_changes"] == [{"province": "Kar", "from": None, "to": None,
                                           "freed_from": "Böhmische Rebellen"}]
    page = RULESET.newsletter(r.state, r.report, [])
    assert "Karlsbad: Böhmische Rebellen → frei (die neutrale Einheit ist aufgelöst)" in page
    kept = position(s, {"oesterreich": ["A Pra"], "luettich": ["A BLut"], "rebellen": ["A Kar"]})
    assert play(kept).state["result"]["kind"] == "draw"  # nothing changed: the third phase ends the game


def test_section_13_confessions_chosen_with_the_1618_orders():
    s = funded_game(confessions="chosen")
    r = play(s, {"sachsen": ["Konfession katholisch"]})
    assert r.state["confessions"]["sachsen"] == {"confession": "catholic"}  # at once, no transition
    problems = RULESET.check(r.state, KEY["sachsen"], ["Konfession protestantisch"])
    assert problems and problems[0].message == ("die Startkonfession wird nur mit den ersten Befehlen gewählt, und "
                                                "nur wenn die Partie es vorsieht")
    assert RULESET.check(funded_game(), KEY["sachsen"], ["Konfession katholisch"])



def test_section_8_the_sealed_sheet_shows_the_players_own_religion_points_and_no_other():
    """Section 8: "Das Religionspunktekonto für jedes Land ist verborgen". The sheet of a game of sealed orders,
    printed with the player's own key (``sheet_state(..., sealed=True)``, what ``turnpress template`` does there),
    shows their own account in one line and no other power's; a sheet without the account (an open game, no key,
    the orders page) shows none but says where it is (issue 32: it said nothing at all)."""
    s = funded_game()
    set_points(s, "sachsen", 7)
    set_points(s, "schweden", 4)
    for power, mine in (("sachsen", 7), ("schweden", 4)):
        text = RULESET.template(sheet.sheet_state(s, KEY[power], sealed=True), KEY[power])
        lines = [line.strip() for line in text.splitlines() if "Religionspunkte" in line]
        assert lines == [f"# Religionspunkte: {mine} RP (geheim; nur Sie sehen diese Zeile)."], lines
    for sealed in (True, False):
        public = RULESET.public_view(s)
        text = RULESET.template(sheet.sheet_state(public if sealed else s, KEY["sachsen"], sealed=sealed),
                                KEY["sachsen"])
        [line] = [line for line in text.splitlines() if "Religionspunkte" in line]
        assert "Ihr Konto ist verborgen (Abschnitt 8)" in line and "turnpress open" in line
        assert not re.search(r"\d+ RP", line)
