"""30JK orders as YAML mappings (double moves, section 4; transformations, section 7; religious actions,
sections 9, 10 and 13) and the phase labels in the words of the rules (section 3, option ``labels=de``).

Each structured entry must mean exactly what its text line means, and the receipt gives the text line back."""

from __future__ import annotations

import jsonschema
import pytest

from adjudicator.kit.ruleset import RulesetError
from adjudicator.model import Player
from adjudicator.rulesets.diplomacy import RULESET
from adjudicator.rulesets.diplomacy.notation import read_order
from adjudicator.rulesets.diplomacy.tables import load_map, shipped
from adjudicator.rulesets.diplomacy.variants.dreissigjaehriger_krieg.religion import action_text, parse_action

from .dk_game import KEY, funded_game, play, points, position, result

M = load_map("dreissigjaehriger-krieg", shipped())


def _errors(state, power, orders):
    return [p for p in RULESET.check(state, KEY[power], orders) if p.severity == "error"]


def _valid(state, power, orders) -> None:
    jsonschema.validate(orders, RULESET.order_schema(state, KEY[power]))


# ----- section 4: the double move downstream --------------------------------------------------------------------

def test_section_4_double_move_as_a_mapping_is_the_text_line():
    entry = {"unit": "F Lun", "via": "Ham", "move": "ElbM"}
    assert read_order(M, entry) == read_order(M, "F Lun - Ham - ElbM")
    s = position(funded_game(), {"braunschweig": ["F Lun"], "daenemark": ["F ElbM", "F NWat"], "schweden": ["F Ham"]})
    orders = {"braunschweig": [entry], "schweden": [{"unit": "F Ham", "support": "F Lun - ElbM"}]}
    _valid(s, "braunschweig", orders["braunschweig"])
    assert _errors(s, "braunschweig", orders["braunschweig"]) == []
    assert RULESET.describe(s, KEY["braunschweig"], [entry]) == ["F Lun - Ham - ElbM"]
    r = play(s, orders)
    assert result(r.report, "F Lun - Ham - ElbM")["result"] == "succeeds"
    assert "F ElbM" in r.state["units"]["braunschweig"]


def test_section_4_double_move_mapping_needs_its_target_and_is_no_convoy():
    s = position(funded_game(), {"braunschweig": ["F Lun"]})
    missing = _errors(s, "braunschweig", [{"unit": "F Lun", "via": "Ham"}])
    assert missing and missing[0].message == "ein Doppelzug braucht sein Ziel" and missing[0].path == (0,)
    assert missing[0].hint == "schreiben Sie z. B. `{unit: F Lun, via: Ham, move: ElbM}`"
    convoy = _errors(s, "braunschweig", [{"unit": "F Lun", "via": "Ham", "move": "ElbM", "via_convoy": True}])
    assert convoy and convoy[0].message == "ein Doppelzug ist der eigene Zug der Flotte, kein Konvoi"


def test_section_4_upstream_double_move_as_a_mapping_is_refused_like_the_text():
    s = position(funded_game(), {"braunschweig": ["F ElbM"]})
    text = RULESET.check(s, KEY["braunschweig"], ["F ElbM - Ham - Lun"])
    mapping = RULESET.check(s, KEY["braunschweig"], [{"unit": "F ElbM", "via": "Ham", "move": "Lun"}])
    assert text and [(p.message, p.severity) for p in mapping] == [(p.message, p.severity) for p in text]


# ----- section 7: transformations ---------------------------------------------------------------------------------

def test_section_7_transformations_as_mappings_with_and_without_a_coast():
    s = position(funded_game(), {"bayern": ["A FAns", "A Aug"], "oesterreich": ["F Lin"], "daenemark": ["F HSle/wc"]})
    orders = {"bayern": [{"unit": "A FAns", "transform": "F/nc"}, {"unit": "A Aug", "transform": "F"}],
              "oesterreich": [{"unit": "F Lin", "transform": "A"}],
              "daenemark": [{"unit": "F HSle/wc", "transform": "F(ec)"}]}
    for power, entries in orders.items():
        _valid(s, power, entries)
        assert _errors(s, power, entries) == []
    assert RULESET.describe(s, KEY["bayern"], orders["bayern"]) == ["A FAns T F/nc", "A Aug T F"]
    assert RULESET.describe(s, KEY["daenemark"], orders["daenemark"]) == ["F HSle/wc T F/ec"]
    r = play(s, orders)
    assert r.state["units"]["bayern"] == ["F Aug", "F FAns/nc"]
    assert r.state["units"]["oesterreich"] == ["A Lin"]
    assert r.state["units"]["daenemark"] == ["F HSle/ec"]


def test_section_7_transformation_mapping_without_the_needed_coast_is_refused():
    s = position(funded_game(), {"bayern": ["A FAns"]})
    problems = _errors(s, "bayern", [{"unit": "A FAns", "transform": "F"}])
    assert problems and problems[0].message == ("A FAns T F: sagen Sie, welche Küste die Flotte nimmt: FAns/ec oder "
                                                "FAns/nc")


# ----- sections 9, 10, 13: religious actions ----------------------------------------------------------------------

@pytest.mark.parametrize(("entry", "line"), [
    ({"disobedience": "A Pra", "points": 3}, "Ungehorsam stiften: A Pra (3 RP)"),
    ({"incite": "F Lin", "points": 5}, "Einheit aufwiegeln: F Lin (5 RP)"),
    ({"church": "A Mei", "points": 2}, "Kirchenbau: A Mei (2 RP)"),
    ({"mercenaries": "A Kar", "move": "Pil", "points": 4}, "Söldner anheuern: A Kar - Pil (4 RP)"),
    ({"mercenaries": "A Kar - Pil", "points": 4}, "Söldner anheuern: A Kar - Pil (4 RP)"),
    ({"mercenaries": "A Kar", "support": "A Pra - Pil", "points": 3}, "Söldner anheuern: A Kar S A Pra - Pil (3 RP)"),
    ({"mercenaries": "A Kar", "points": 3}, "Söldner anheuern: A Kar H (3 RP)"),
    ({"convert": True}, "Konfessionswechsel"),
    ({"confession": "katholisch"}, "Startkonfession katholisch"),
])
def test_section_10_each_action_as_a_mapping_reads_as_its_line_and_the_receipt_reads_back(entry, line):
    from adjudicator.rulesets.diplomacy.variants.dreissigjaehriger_krieg.religion import describe

    action = parse_action(M, action_text(entry))
    assert describe(M, action) == line
    again = parse_action(M, line) if action.kind != "confession" else action
    assert (again.kind, again.unit, again.unit_type, again.points, again.order_text) == \
        (action.kind, action.unit, action.unit_type, action.points, action.order_text)
    assert RULESET.describe(funded_game(confessions="chosen"), KEY["sachsen"], [entry]) == [line]


def test_section_10_structured_disobedience_is_resolved_like_the_line():
    s = funded_game()
    r = play(s, {"bayern": [{"disobedience": "A Pra", "points": 2}], "oesterreich": [{"unit": "A Pra", "move": "Kar"}]})
    assert r.report["religious_warfare"][0]["outcome"] == "disobedience"
    assert result(r.report, "A Pra H")["result"] == "succeeds"
    assert points(r.state, "bayern") == 3


def test_section_10_structured_mercenaries_give_the_neutral_unit_its_order():
    s = funded_game()
    entry = {"mercenaries": "A Kar", "move": "Zwi", "points": 3}
    _valid(s, "pfalz", [entry])
    assert _errors(s, "pfalz", [entry]) == []
    r = play(s, {"pfalz": [entry]})
    assert r.report["religious_warfare"][0]["outcome"] == "mercenaries"
    assert r.state["units"]["rebellen"] == ["A Zwi"]


def test_section_8_structured_actions_stay_out_of_the_public_report():
    s = funded_game()
    r = play(s, {"sachsen": [{"church": "A Mei", "points": 2}, {"unit": "A Lei", "move": "Zwi"}]})
    assert r.report["orders"][KEY["sachsen"]] == [{"unit": "A Lei", "move": "Zwi"}]
    assert "2 RP" in r.report["private"][KEY["sachsen"]]["lines"][0]
    assert points(r.state, "sachsen") == 3


def test_section_9_structured_change_of_confession():
    r = play(funded_game(), {"sachsen": [{"convert": True}]})
    assert r.report["confessions_changed"][0] == {"power": "sachsen", "confession": "ex-protestant", "to": "catholic"}


def test_section_13_structured_choice_of_the_start_confession():
    r = play(funded_game(confessions="chosen"), {"sachsen": [{"confession": "katholisch"}]})
    assert r.state["confessions"]["sachsen"] == {"confession": "catholic"}


@pytest.mark.parametrize(("entry", "message", "hint"), [
    ({"disobedience": "A Pra"}, "wie viele Religionspunkte", "points: 2"),
    ({"incite": "A Pra", "disobedience": "A Pra", "points": 5}, "eine religiöse Aktion je Eintrag", "disobedience:"),
    ({"unit": "A Pra", "points": 3}, "keine religiöse Aktion", "{disobedience: A Pra, points: 3}"),
    ({"unit": "A Pra", "church": "A Pra", "points": 3}, "`unit` gehört nicht zu `church`", "{church: A Mei"),
    ({"church": "A Mei", "move": "Lei", "points": 2}, "`move` gehört nicht zu `church`", "{church: A Mei"),
    ({"convert": False}, "true", "{convert: true}"),
    ({"mercenaries": "A Kar", "via": "Pil", "points": 3}, "Ziel", "move: ElbM"),
    ({"disobedience": "A Pra", "points": 1}, "mindestens 2 Religionspunkte", "Ungehorsam"),
])
def test_section_10_unreadable_structured_actions_are_named_with_a_hint(entry, message, hint):
    problems = _errors(funded_game(), "bayern", [{"unit": "A Aug", "hold": True}, entry])
    assert len(problems) == 1 and problems[0].path == (1,)
    assert message in problems[0].message and hint in problems[0].hint


# ----- the schema ----------------------------------------------------------------------------------------------

def test_the_variant_schema_describes_every_key_and_the_standard_schema_is_unchanged():
    schema = RULESET.order_schema(funded_game(), KEY["bayern"])
    jsonschema.Draft202012Validator.check_schema(schema)
    props = schema["items"]["oneOf"][1]["properties"]
    assert {"transform", "via", "disobedience", "incite", "church", "mercenaries", "points", "convert",
            "confession"} <= set(props)
    assert all(p.get("description") for p in props.values())
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate([{"church": "A Mei", "points": "2 RP"}], schema)
    standard = RULESET.setup({}, [Player("eng", "E", "eng", 1, "england")], None)
    std_props = RULESET.order_schema(standard, "eng")["items"]["oneOf"][1]["properties"]
    assert list(std_props) == ["unit", "hold", "move", "via_convoy", "support", "convoy", "retreat", "disband",
                               "build", "remove", "waive", "draw", "withdraw", "concede"], \
        "a game set up since votes stand (issue 29) has their keys; one pinned before keeps its schema"


# ----- section 3: phase labels in the words of the rules ---------------------------------------------------------

def test_section_3_labels_are_german_by_default_and_english_on_request():
    """Issue 23, the game's language: a new game is German (the map's ``language: de``); labels=en keeps the
    engine's English labels, with the state a game set up before the option has."""
    assert RULESET.phase(funded_game()).label == "Frühling 1618: Züge"
    assert funded_game()["rules"]["labels"] == "de"
    s = funded_game(labels="en")
    assert RULESET.phase(s).label == "Spring 1618 Movement"
    assert "labels" not in s["rules"]


def test_section_3_labels_de_names_the_phases_as_the_rules_do():
    s = funded_game(labels="de")
    assert s["season"] == "Spring"  # the calendar itself is unchanged; only its labels are German
    assert RULESET.phase(s).label == "Frühling 1618: Züge"
    r = play(s)
    assert (r.report["phase"], r.report["next"]) == ("Frühling 1618: Züge", "Herbst 1618: Züge")
    moved = position(r.state, {"oesterreich": ["A Pil", "A EbSa", "F Lin", "A MOla", "A Pra"], "rebellen": []})
    assert RULESET.phase(play(moved, {"oesterreich": ["A Pil - Kar"]}).state).label == "Herbst 1618: Auf- und Abbau"
    s = position(s, {"pfalz": ["A Mai"], "bayern": ["A Hei", "A BSpe"]})
    s = play(s, {"bayern": ["A Hei - Mai", "A BSpe S A Hei - Mai"]}).state
    assert RULESET.phase(s).label == "Frühling 1618: Rückzüge"
    assert "Frühling 1618: Rückzüge" in RULESET.template(s, KEY["pfalz"])


def test_section_12_the_end_of_the_game_in_german_labels():
    ends = {}
    for language in ("en", "de"):
        s = funded_game(labels=language)
        for _ in range(6):  # three Falls without a change of owner: a draw (section 12)
            s = play(s).state
        assert RULESET.phase(s).finished
        ends[language] = RULESET.phase(s).label
    assert ends["en"].startswith("Fall 1620 Movement — game over, drawn (bayern, braunschweig, ")
    assert ends["de"].startswith("Herbst 1620: Züge — Spiel beendet: Draw (Bayern, Braunschweig-Lüneburg, ")


def test_section_3_unknown_labels_are_refused_and_the_standard_map_has_no_labels_option():
    with pytest.raises(RulesetError, match="labels must be en or de"):
        funded_game(labels="fr")
    with pytest.raises(RulesetError, match="unknown option"):
        RULESET.setup({"labels": "de"}, [Player("eng", "E", "eng", 1, "england")], None)


def test_section_12_a_victory_in_german_labels_names_the_power():
    s = funded_game(labels="de")
    s["result"] = {"kind": "victory", "winner": "oesterreich"}
    assert RULESET.phase(s).label == "Frühling 1618: Züge — Spiel beendet: Einzelsieg von Österreich"
