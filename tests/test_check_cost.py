"""Checking a file costs work in proportion to its size, for every ruleset and wherever it is checked (issue 28,
item 1): one sealed Auf Achse file of bids like ``{x: 0}`` had the deadline read it again for every bad entry
(2,000 entries: six minutes), each reading wording every fault only to drop one. Each fault is now found once,
every fault one reading finds is cut at once, a file is read at most ``MAX_ROUNDS`` times, and of thousands of
faults the first ``WORDED`` are shown and the rest counted. These tests count readings, not seconds; the
seconds are ``benchmarks/bench_check_cost.py``'s, whose small mode runs here."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from typing import Any

import jsonschema._utils
import pytest

from adjudicator import yamlio
from adjudicator.dice import Dice
from adjudicator.kit import benevolent, drops
from adjudicator.kit import orders as ordersmod
from adjudicator.kit.schemasites import Sites
from adjudicator.model import Player, Problem
from adjudicator.rulesets.auf_achse import RULESET as AUF_ACHSE
from adjudicator.rulesets.diplomacy import RULESET as DIPLOMACY

from .auf_achse.helpers import at_round, new_game
from .test_benevolent import POWERS

WHERE = ordersmod.OrdersPath("aa", 1, "p0")


def bids_file(n: int) -> bytes:
    """The file of the finding: valid YAML within every limit, every bid of the wrong shape."""
    return ("game: aa\nturn: 1\nplayer: p0\norders:\n  bids:\n"
            + "".join(f"  - {{x: {i}}}\n" for i in range(n))).encode()


@pytest.fixture
def readings(monkeypatch) -> dict[str, int]:
    """How many times the schema's check read a file, by the check (validate, the pull-request check, the
    deadline's check of a file) and by the deadline's benevolent reading."""
    count = {"check": 0, "deadline": 0}

    def counting(name: str, real: Any) -> Any:
        def read(*args: Any, **kwargs: Any) -> Any:
            count[name] += 1
            return real(*args, **kwargs)
        return read

    monkeypatch.setattr(ordersmod, "schema_problems", counting("check", ordersmod.schema_problems))
    monkeypatch.setattr(benevolent, "schema_problems", counting("deadline", benevolent.schema_problems))
    return count


@pytest.mark.parametrize("n", [30, 300])
def test_the_sealed_auf_achse_file_of_bad_bids_is_read_a_bounded_number_of_times(n: int, readings):
    """As the deadline opens and reads it: ``check_file``, then the benevolent reading. Before, each bad bid
    was one more reading of the whole file (301 and 301 for 300 bids); now as many for 300 bids as for 30."""
    state = at_round(new_game(), 1)
    checked = ordersmod.check_file("orders/aa/0001/p0.yaml", bids_file(n), WHERE, AUF_ACHSE, state, "de")
    assert checked.orders is not None, "a well-enveloped file: the deadline reads what it can of it"
    kept, dropped = benevolent.read(AUF_ACHSE, state, "p0", checked.orders, "de")
    assert kept == {"bids": []}, "every bid dropped"
    assert readings["check"] <= 2 and readings["deadline"] <= 2, readings
    assert len(dropped) <= ordersmod.WORDED + 1


def test_validate_shows_the_first_problems_and_counts_the_rest_in_the_game_s_language():
    """2,000 bad bids: 6,000 problems. The first ``WORDED`` are shown in the order of the file's lines, and one
    more line says at how many more places the file is at fault (in German for Auf Achse), where before every
    problem was worded."""
    state = at_round(new_game(), 1)
    checked = ordersmod.check_file("orders/aa/0001/p0.yaml", bids_file(2000), WHERE, AUF_ACHSE, state, "de")
    assert len(checked.findings) == ordersmod.WORDED + 1
    shown, more = checked.findings[:-1], checked.findings[-1]
    assert [f.line for f in shown] == sorted(f.line for f in shown) and shown[0].line == 6
    assert re.fullmatch(r"und \d+ weitere fehlerhafte Stellen in dieser Datei, hier nicht gezeigt", more.message)
    assert more.hint == "beheben Sie zuerst diese und prüfen Sie die Datei dann erneut"
    english = ordersmod.check_file("orders/aa/0001/p0.yaml", bids_file(200), WHERE, AUF_ACHSE, state)
    assert re.fullmatch(r"and \d+ more places at fault in this file, not shown", english.findings[-1].message)


def test_the_benevolent_reading_names_the_first_drops_and_counts_the_rest():
    state = at_round(new_game(), 1)
    orders = yamlio.load(bids_file(500)).data["orders"]
    kept, dropped = benevolent.read(AUF_ACHSE, state, "p0", orders)
    assert kept == {"bids": []}
    assert len(dropped) <= ordersmod.WORDED + 1 and "more places at fault" in dropped[-1]
    assert dropped[0] == "unknown key 'x' in bids entry 1"


def test_a_long_list_of_distinct_numbers_and_texts_is_judged_unique_without_comparing_every_pair(monkeypatch):
    """A truck's load is a list of unique order numbers. ``jsonschema`` compares every pair of a list it cannot
    sort (numbers among texts): 4,000 such items cost it eight million comparisons, at every reading."""
    compared = [0]
    real = jsonschema._utils.equal

    def equal(one: Any, two: Any) -> bool:
        compared[0] += 1
        return bool(real(one, two))

    monkeypatch.setattr(jsonschema._utils, "equal", equal)
    state = at_round(new_game(), 1)
    load = [i if i % 2 else f"t{i}" for i in range(4000)]
    problems = ordersmod.schema_problems(AUF_ACHSE.order_schema(state, "p0"), {"trucks": [{"load": load}]})
    assert problems, "the texts are no order numbers"
    assert compared[0] < 10_000, compared


def test_a_reading_cuts_every_bad_order_at_once_and_the_rules_problems_point_into_the_file_as_written():
    """``validate`` of a Diplomacy file with orders of the wrong shape between good ones: the rules' problems
    (a province that does not exist) point at their lines in the file as the player wrote it, though the bad
    entries before them were cut first; the file is read twice, not once per bad entry."""
    state = DIPLOMACY.setup({}, [Player(p[:3], p, p[:3], i + 1, p) for i, p in enumerate(POWERS)], Dice(b"d"))
    lines = ["{x: 0}", "A Ber - Xyz", "{x: 1}", "{x: 2}", "F Kie - Abc", "A Mun - Ruh"]
    raw = ("game: d1\nturn: 1\nplayer: ger\norders:\n" + "".join(f"  - {x}\n" for x in lines)).encode()
    checked = ordersmod.check_file("orders/d1/0001/ger.yaml", raw, ordersmod.OrdersPath("d1", 1, "ger"),
                                   DIPLOMACY, state)
    rules = [f for f in checked.findings if "Xyz" in f.message or "Abc" in f.message]
    assert [f.line for f in rules] == [6, 9], [f.text() for f in checked.findings]
    kept, dropped = benevolent.read(DIPLOMACY, state, "ger", yamlio.load(raw).data["orders"])
    assert kept == ["A Mun - Ruh"] and len(dropped) == 5


def test_cut_all_cuts_each_entry_once_deepest_first_and_maps_paths_back():
    orders = {"bids": [{"x": 0}, {"order": 1, "kj": 2}, {"x": 2}], "trucks": [{"route": ["HH", "?", "!"]}]}
    faults = [Problem("a", ("bids", 0)), Problem("b", ("bids", 0, "x")), Problem("c", ("bids", 2)),
              Problem("d", ("trucks", 0, "route", 2)), Problem("e", ("trucks", 0, "route", 1))]
    done = drops.cut_all(lambda o, p: AUF_ACHSE.drop({}, o, p), orders, faults)
    assert done is not None
    assert done.orders == {"bids": [{"order": 1, "kj": 2}], "trucks": [{"route": ["HH"]}]}
    assert [p.message for p in done.cut] == ["b", "c", "d", "e"], "one cut per entry, each route step's own"
    assert orders["bids"][0] == {"x": 0}, "the orders read are not changed"
    moved = drops.PathMap()
    moved.add(done.removed)
    assert moved.before(("bids", 0, "kj")) == ("bids", 1, "kj")


def test_the_benchmark_s_small_mode_runs_every_ruleset_within_the_budget(monkeypatch):
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_check_cost.py"
    spec = importlib.util.spec_from_file_location("bench_check_cost", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "bench_check_cost", bench)  # its dataclasses look their module up
    spec.loader.exec_module(bench)
    lines: list[str] = []
    results = bench.run(bench.SMALL, lines.append)
    assert {name for name, _, _ in results} == {"diplomacy", "auf-achse", "bretton-woods", "calamity", "policy-maker"}
    for m in results.values():
        assert m.readings <= ordersmod.MAX_ROUNDS and m.shown <= ordersmod.WORDED + 1


def test_files_checked_against_equal_schemas_share_one_set_of_validators_and_true_is_not_one(monkeypatch):
    """Issue 33 (``verify``'s margin): a ruleset hands out a new schema mapping for every file; the validators are
    made once for every equal one (a turn of 20 countries is checked against one), and a schema that differs only
    in ``true`` against ``1`` is another schema, judged by its own validators."""
    made = []
    monkeypatch.setattr(ordersmod, "Sites", lambda schema: made.append(schema) or Sites(schema))
    ordersmod._sites.cache_clear()
    ordersmod._sites_marshalled.cache_clear()
    for _ in range(20):
        assert ordersmod.schema_problems({"type": "object", "properties": {"wait": {"const": True}}}, {"wait": 1})
    assert len(made) == 1
    assert ordersmod.schema_problems({"type": "object", "properties": {"wait": {"const": 1}}}, {"wait": 1}) == []
    assert len(made) == 2
