"""Run the DATC test cases in the JSON form of ``tests/data/datc/datc.json``: ``python -m tools.datc FILE [-v]``.

A test harness of the Diplomacy adjudicator, kept out of the package (issue 31): the tests
(``tests/diplomacy/test_diplomacy_datc.py``) run each entry through it, and a checkout runs a whole file with it.

Each case is a movement (``Main``), retreat or build phase; ``orders`` maps an order string (``"ENG: F nth ->
pic"``) to ``"Succeeds"``, ``"Fails"`` or ``null`` (no assertion). Entries marked ``ignore`` are skipped with
their reason. Where a case has entries for several rulebook editions, each runs under its edition's rules.
Entries with ``errata`` assume a caller that corrects no coasts; they run with ``strict_coasts``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from adjudicator.rulesets.diplomacy.kinds.build import resolve_adjustments
from adjudicator.rulesets.diplomacy.kinds.retreat import resolve_retreats
from adjudicator.rulesets.diplomacy.notation import Order, OrderError, parse_order
from adjudicator.rulesets.diplomacy.resolver import Movement, Rules, Unit
from adjudicator.rulesets.diplomacy.tables import Map, load_map, shipped

POWERS = {"AUS": "austria", "ENG": "england", "FRA": "france", "GER": "germany", "ITA": "italy",
          "RUS": "russia", "TUR": "turkey"}


@dataclass
class Outcome:
    name: str
    status: str  # passed, failed, skipped
    message: str = ""


def case_id(case: dict[str, Any]) -> str:
    return case["name"] + (f"[{case['edition']}]" if case.get("edition") else "")


# Entries whose expectation follows another rule than the DATC v3.0 preference; they run under that rule
# (the engine has it as an option) and the DATC's preferred result is tested in tests/diplomacy.
RULE_OF_ENTRY = {
    "t6b02_moving_with_unspecified_coast_when_coast_is_not_necessary":
        ("require_coast", "expects the coast to be named; DATC v3.0 prefers a move to the only coast"),
    "t6g11_a_convoy_to_an_adjacent_place_with_a_paradox":
        ("explicit_convoy", "expects convoys to adjacent provinces only 'via convoy' (DPTG); DATC v3.0 "
                            "prefers the 2023 rule (an own convoying fleet shows intent)"),
}


# Entries whose expectation contradicts the DATC's own text because the map they were made with lacks a
# border (see tools/maps/build_standard.py): checked against the DATC's answer instead.
DATC_ANSWER = {
    "t6j09_civil_disorder_must_be_counted_from_both_coasts_second_scenario": (
        {"civil_disorder": ["RUS: A alb"]},
        "DATC 6.J.9 removes the army: the fleet in Skagerrak is two steps from St Petersburg (nc) via Norway, "
        "a border the JSON's map lacks"),
}


def entry_note(case: dict[str, Any]) -> str:
    """Why an entry runs under a rule other than the default or is checked against the DATC text, or empty."""
    if case["name"] in DATC_ANSWER:
        return DATC_ANSWER[case["name"]][1]
    if case["name"] in RULE_OF_ENTRY:
        return RULE_OF_ENTRY[case["name"]][1]
    if "errata" in case:
        return f"errata: {case['errata']} (run with strict coasts)"
    if case.get("edition") == "1971":
        return "1971 rulebook entry (run with the 1971 rules)"
    return ""


def _rules(case: dict[str, Any]) -> tuple[Rules, str]:
    rules = Rules(strict_coasts="errata" in case)
    special = RULE_OF_ENTRY.get(case["name"], ("", ""))[0]
    rules.require_coast = special == "require_coast"
    if special == "explicit_convoy":
        rules.convoy_intent = "explicit"
    civil = "owned"
    if case.get("edition") == "1971":
        rules.convoy_intent = "1971"
        civil = "home-sea"
    return rules, civil


def _read(m: Map, orders: Iterable[str]) -> list[tuple[str, Order | None, str]]:
    out = []
    for text in orders:
        power = POWERS[text.split(":", 1)[0]]
        try:
            order: Order | None = parse_order(m, text)
        except OrderError:
            order = None
        out.append((power, order, text))
    return out


def _unit(text: str) -> Unit:
    power, rest = text.split(":", 1)
    letter, region = rest.split()
    return Unit(POWERS[power], "army" if letter == "A" else "fleet", region.replace("(", "/").replace(")", ""))


def _units(m: Map, phase: dict[str, Any]) -> list[Unit]:
    if "starting_state" in phase:
        return [_unit(t) for t in phase["starting_state"]]
    units: dict[str, Unit] = {}
    for power, order, _ in _read(m, phase["orders"]):
        if order is not None and order.region and order.unit_type:
            units.setdefault(order.province or "", Unit(power, order.unit_type, order.region))
    return list(units.values())


def _compare(expected: dict[str, Any], actual: dict[str, str]) -> list[str]:
    problems = []
    for text, want in expected.items():
        if want is None:
            continue
        got = "Succeeds" if actual.get(text) == "succeeds" else "Fails"
        if got != want:
            problems.append(f"{text}: expected {want}, got {got} ({actual.get(text, 'no result')})")
    return problems


def _movement(m: Map, phase: dict[str, Any], rules: Rules):
    read = _read(m, phase["orders"])
    mv = Movement(m, _units(m, phase), read, rules)
    res = mv.run()
    actual = {j.text: j.result for j in res.judged}
    reasons = {j.text: f"{j.result}: {j.reason}" for j in res.judged}
    return res, actual, reasons


def run_case(case: dict[str, Any], m: Map | None = None) -> Outcome:
    """Adjudicate one DATC entry and compare with its expectations."""
    m = m or load_map("standard", shipped())
    name = case_id(case)
    if case.get("ignore"):
        return Outcome(name, "skipped", case["ignore"])
    if case["name"] in DATC_ANSWER:
        case = {**case, **DATC_ANSWER[case["name"]][0]}
    rules, civil = _rules(case)
    problems: list[str] = []
    if case["phase"] == "Main":
        _, actual, reasons = _movement(m, case, rules)
        problems = _compare(case["orders"], actual)
    elif case["phase"] == "Retreat":
        pre, actual, reasons = _movement(m, case["preceding_main_phase"], rules)
        problems = _compare(case["preceding_main_phase"]["orders"], actual)
        read = _read(m, case["orders"])
        rr = resolve_retreats(m, pre.dislodged, read)
        actual = {j.text: j.result for j in rr.judged}
        reasons = {j.text: f"{j.result}: {j.reason}" for j in rr.judged}
        problems += _compare(case["orders"], actual)
    else:
        units = _units(m, case) if "starting_state" in case else []
        owners = {p: POWERS[a] for a, ps in _home().items() for p in ps}
        for u in units:
            if m.provinces[u.province].get("supply_centre"):
                owners[u.province] = u.power
        for prov, abbr in case.get("occupiers", {}).items():
            owners[prov] = POWERS[abbr]
        read = _read(m, case["orders"])
        ar = resolve_adjustments(m, units, owners, read, civil)
        actual = {j.text: j.result for j in ar.judged}
        reasons = {j.text: f"{j.result}: {j.reason}" for j in ar.judged}
        problems = _compare(case["orders"], actual)
        if "civil_disorder" in case:
            want = sorted(str(_unit(t)) + f" ({_unit(t).power})" for t in case["civil_disorder"])
            got = sorted(f"{u} ({u.power})" for u in ar.civil_disorder)
            if want != got:
                problems.append(f"civil disorder: expected {want}, got {got}")
    if problems:
        detail = "; ".join(problems) + " | " + "; ".join(f"{k} => {v}" for k, v in reasons.items())
        return Outcome(name, "failed", detail)
    return Outcome(name, "passed")


def _home() -> dict[str, list[str]]:
    m = load_map("standard", shipped())
    return {abbr: m.home_centres(key) for abbr, key in POWERS.items()}


def load_cases(text: str) -> list[dict[str, Any]]:
    data = json.loads(text)
    return list(data["cases"] if isinstance(data, dict) else data)


def run_all(cases: list[dict[str, Any]]) -> list[Outcome]:
    m = load_map("standard", shipped())
    return [run_case(c, m) for c in cases]


def main(argv: list[str] | None = None) -> int:
    """Run every case of a DATC file: each failure and skip with its reason, then the count line; exit 1 if a
    case failed, 2 if the file cannot be read."""
    parser = argparse.ArgumentParser(prog="python -m tools.datc",
                                     description="run every case of a DATC file (JSON as in tests/data/datc/datc.json)")
    parser.add_argument("file")
    parser.add_argument("-v", "--verbose", action="store_true", help="list passed cases too")
    args = parser.parse_args(argv)
    try:
        cases = load_cases(Path(args.file).read_text(encoding="utf-8"))
    except (OSError, ValueError, KeyError) as e:
        print(f"error: cannot read {args.file}: {e}", file=sys.stderr)
        return 2
    counts = {"passed": 0, "failed": 0, "skipped": 0}
    for case in cases:
        outcome = run_case(case)
        counts[outcome.status] += 1
        if outcome.status == "failed":
            print(f"FAILED {outcome.name}: {outcome.message}")
        elif outcome.status == "skipped":
            print(f"SKIPPED {outcome.name}: {outcome.message}")
        elif args.verbose:
            note = entry_note(case)
            print(f"passed {outcome.name}" + (f" ({note})" if note else ""))
    line = f"{counts['passed']} passed, {counts['failed']} failed"
    if counts["skipped"]:
        line += f", {counts['skipped']} skipped"
    print(line)
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
