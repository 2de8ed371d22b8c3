"""The error messages issue 23 lists, each with its exact text: every unknown key at once with the nearest known
key, a missing file, a second order for a unit, and the problems of a file in the order of its lines."""

from __future__ import annotations

from pathlib import Path

from .test_benevolent import diplomacy_league
from .test_validate import HEAD, game, validate, write  # noqa: F401 - the fixture


def test_every_unknown_key_at_once_each_with_the_nearest_known_key(game, capsys):  # noqa: F811
    path = write(game, "orders/g1/0001/alice.yaml", HEAD + "orders:\n  ad: 2\n  nots: hi\n  add: 1\nextra: 1\n")
    code, out = validate(game, capsys, path)
    assert code == 1
    assert out.splitlines()[:3] == [
        "orders/g1/0001/alice.yaml:5:3: error: unknown key 'ad' in orders — did you mean add? allowed here: add, note",
        "orders/g1/0001/alice.yaml:6:3: error: unknown key 'nots' in orders — did you mean note? allowed here: add, "
        "note",
        "orders/g1/0001/alice.yaml:8:1: error: unknown key 'extra' at the top of an orders file — the top level holds "
        "only game, turn, player, wait and orders",
    ]


def test_a_missing_file_is_named_as_missing(game, capsys):  # noqa: F811
    code, out = validate(game, capsys, game / "orders/g1/0001/alice.yaml")
    assert code == 1
    assert out.splitlines()[0] == ("orders/g1/0001/alice.yaml:1:1: error: no such file — check the path: write the "
                                   "orders file first, e.g. with 'turnpress template'")


def test_a_second_order_for_a_unit_says_which_stands_and_what_to_do(tmp_path: Path, capsys):
    root = diplomacy_league(tmp_path / "league")
    capsys.readouterr()
    path = root / "orders/d1/0001/ger.yaml"
    path.parent.mkdir(parents=True)
    path.write_text("game: d1\nturn: 1\nplayer: ger\norders:\n  - A Ber - Kie\n  - A Ber - Mun\n  - A Xyz - Ruh\n")
    code, out = validate(root, capsys, path)
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == ("orders/d1/0001/ger.yaml:6:5: error: A Ber - Mun: the unit already has an order; the first "
                        "one stands — remove one of the unit's two orders: at the deadline the first is carried out")
    assert lines[1].startswith("orders/d1/0001/ger.yaml:7:5: error: "), "in the order of the file's lines"


def test_an_unknown_place_after_a_unit_is_named_as_written_with_the_nearest_names():
    from adjudicator.rulesets.diplomacy.notation import OrderError, parse_order
    from adjudicator.rulesets.diplomacy.tables import load_map, shipped

    m = load_map("standard", shipped())
    expected = {
        "A Xyz - Arm": ("no place named 'Xyz' in 'A Xyz - Arm'",
                        "write a province as its abbreviation (Par, Stp/sc) or full name (Paris)"),
        "F Kiel - Denmrak": ("no place named 'Denmrak' in 'F Kiel - Denmrak'",
                             "did you mean Denmark? write a province as its abbreviation (Par, Stp/sc) or full name "
                             "(Paris)"),
    }
    for text, (message, hint) in expected.items():
        try:
            parse_order(m, text)
        except OrderError as e:
            assert (str(e), e.hint) == (message, hint)
        else:
            raise AssertionError(f"{text} was read")


def test_a_build_on_a_centre_that_is_not_home_is_an_error_listing_the_real_options():
    from adjudicator.dice import Dice
    from adjudicator.model import Player
    from adjudicator.rulesets.diplomacy import RULESET

    powers = ("austria", "england", "france", "germany", "italy", "russia", "turkey")
    state = RULESET.setup({}, [Player(p[:3], p, p[:3], i, p) for i, p in enumerate(powers)], Dice(b"x"))
    state.update(kind="adjustment", season="Winter")
    state["supply_centres"]["germany"] = sorted([*state["supply_centres"]["germany"], "den"])
    state["units"]["germany"] = ["A ruh", "F kie", "A mun"]
    [problem] = RULESET.check(state, "ger", ["Build A Den"])
    assert (problem.message, problem.hint, problem.severity) == (
        "Build A Den: Denmark is not a home supply centre of yours",
        "build in a home supply centre of yours that is free: Berlin (Ber); or write 'Waive'", "error")
    assert RULESET.check(state, "ger", ["Build A Ber"]) == []
    state["units"]["germany"] = ["A ber", "F kie", "A mun"]
    assert RULESET.check(state, "ger", ["Build A Den"])[0].hint == (
        "none of your home supply centres is yours and free to build in: write 'Waive'")


def test_a_tab_is_named_as_a_tab(game, capsys):  # noqa: F811
    path = write(game, "orders/g1/0001/alice.yaml", HEAD + "orders:\n\tadd: 4\n")
    code, out = validate(game, capsys, path)
    assert code == 1
    assert out.splitlines()[0] == ("orders/g1/0001/alice.yaml:5:1: error: a tab character: YAML indents with spaces "
                                   "only — replace the tab with spaces (two per level, as in the template)")


def test_a_structured_order_with_a_misspelt_key_is_judged_as_a_mapping(tmp_path: Path, capsys):
    root = diplomacy_league(tmp_path / "league")
    capsys.readouterr()
    path = root / "orders/d1/0001/tur.yaml"
    path.parent.mkdir(parents=True)
    path.write_text("game: d1\nturn: 1\nplayer: tur\norders:\n  - {unit: A Smy, mvoe: Arm}\n")
    code, out = validate(root, capsys, path)
    assert code == 1
    assert out.splitlines()[0] == (
        "orders/d1/0001/tur.yaml:5:19: error: unknown key 'mvoe' in entry 1 — did you mean move? allowed here: build, "
        "concede, convoy, disband, draw, hold, move, remove, retreat, support, unit, via_convoy, waive, withdraw")


def test_a_long_contact_line_names_its_length_and_the_limit():
    from adjudicator.dice import Dice
    from adjudicator.rulesets.bretton_woods import RULESET

    from .bretton_woods.helpers import PLAYERS

    state = RULESET.setup({}, PLAYERS, Dice(b"bw"))
    orders = {**RULESET.default_orders(state, "anna", None), "contacts": ["short", "x" * 85]}
    [problem] = [p for p in RULESET.check(state, "anna", orders) if p.severity == "error"]
    assert (problem.message, problem.path, problem.hint) == (
        "Kontaktzeile 2 hat 85 Zeichen; eine Zeile hat höchstens 70 Zeichen (7.1)", ("contacts", 1),
        "teilen Sie sie in kürzere Zeilen")


def test_an_entry_of_the_wrong_shape_does_not_hide_the_rules_errors_of_the_others(tmp_path: Path, capsys):
    """Every error at once, in the order of the file's lines: the misspelt key of entry 1 and the unknown place
    of entry 3 (checked by the rules on the entries that fit the schema, as the deadline reads them)."""
    root = diplomacy_league(tmp_path / "league")
    capsys.readouterr()
    path = root / "orders/d1/0001/tur.yaml"
    path.parent.mkdir(parents=True)
    path.write_text("game: d1\nturn: 1\nplayer: tur\norders:\n  - {unit: A Smy, mvoe: Arm}\n  - F Ank - Bla\n"
                    "  - A Con - Xyz\n")
    code, out = validate(root, capsys, path)
    assert code == 1
    assert out.splitlines()[:2] == [
        "orders/d1/0001/tur.yaml:5:19: error: unknown key 'mvoe' in entry 1 — did you mean move? allowed here: build, "
        "concede, convoy, disband, draw, hold, move, remove, retreat, support, unit, via_convoy, waive, withdraw",
        "orders/d1/0001/tur.yaml:7:5: error: no place named 'Xyz' in 'A Con - Xyz' — write a province as its "
        "abbreviation (Par, Stp/sc) or full name (Paris)"]
    assert out.splitlines()[2] == "1 file, 2 errors, 0 warnings"
