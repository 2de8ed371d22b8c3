"""The cost of checking one orders file against its size, for every ruleset (issue 28): 10 to 20,000 entries of
one list of the orders, each well-formed ("good") or breaking the schema ("bad": ``{x: 0}``, ``{x: 1}``, ...).

Run: ``.venv/bin/python benchmarks/bench_check_cost.py [--small]``. For each file it prints its size and the
CPU time (this process's, steadier than wall time on a busy machine) of

- "check": ``orders.check_file``, what ``validate``, ``preview``, ``seal`` and the pull-request check run on a
  file (envelope, schema, the rules' check, the rules' check beside what breaks the schema);
- "deadline": ``check_file`` and then ``benevolent.read``, what the deadline (and ``status``) run on a file;
- "readings": how many times the benevolent reading read the file (``MAX_ROUNDS`` at most, whatever its size).

The budget (``orders.WORDED``, ``orders.MAX_ROUNDS``, ``yamlio.ORDERS_MAX_BYTES``) and the goals: a file at the
size limit is checked in under 10 s on one core; 2,000 bad entries within 20 times a normal sheet (the ten-order
sheet, and the start-up of a command, ``START_UP``, which every ``validate`` pays). ``--small`` runs 10 and 200
entries only: the test suite runs it (``tests/test_check_cost.py``, and the script in ``tests/test_benchmarks.py``).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from adjudicator import yamlio
from adjudicator.dice import Dice
from adjudicator.kit import benevolent
from adjudicator.kit import orders as ordersmod
from adjudicator.model import Player, State
from adjudicator.rulesets.auf_achse import RULESET as AUF_ACHSE
from adjudicator.rulesets.bretton_woods import RULESET as BRETTON_WOODS
from adjudicator.rulesets.calamity import RULESET as CALAMITY
from adjudicator.rulesets.diplomacy import RULESET as DIPLOMACY
from adjudicator.rulesets.policy_maker import RULESET as POLICY_MAKER

SIZES = [10, 100, 1000, 2000, 5000, 10000, 20000]
SMALL = [10, 200]
GOAL_LIMIT_S = 10.0  # a file at the size limit
GOAL_RATIO = 20  # 2,000 bad entries against a normal sheet, with a command's start-up
START_UP = 0.5  # seconds: a 'turnpress validate' of a normal sheet, measured in issue 28 at 0.56 s


@dataclass(frozen=True)
class Case:
    """One ruleset's file: a state, a player, and the orders with ``n`` entries of one of its lists."""

    name: str
    ruleset: Any
    state: State
    player: str
    orders: Callable[[list[Any]], dict[str, Any] | list[Any]]
    good: Callable[[int], Any]


def _players(keys: list[tuple[str, str | None]]) -> list[Player]:
    return [Player(k, k.capitalize(), k, 100 + i, role) for i, (k, role) in enumerate(keys)]


def cases() -> list[Case]:
    powers = ["austria", "england", "france", "germany", "italy", "russia", "turkey"]
    dip = DIPLOMACY.setup({}, [Player(p[:3], p, p[:3], i + 1, p) for i, p in enumerate(powers)], Dice(b"bench"))
    aa = AUF_ACHSE.setup({}, _players([(f"p{i}", c) for i, c in enumerate(["HH", "HB", "K", "M", "B"])]),
                         Dice(b"bench"))
    for o in aa["orders"]:  # round 1: its orders are on offer
        if o["status"] == "announced" and o["offered"] < 1:
            o["status"] = "lapsed"
    aa["round"] = 1
    offered = min(o["id"] for o in aa["orders"] if o["status"] == "announced" and o["offered"] == 1)
    bw = BRETTON_WOODS.setup({}, _players([("anna", "agrar"), ("bert", "energie")]), Dice(b"bench"))
    cal = CALAMITY.setup({}, _players([("ann", None), ("bob", None), ("cy", None)]), Dice(b"bench"))
    pm = POLICY_MAKER.setup({}, _players([("ann", None), ("bob", None), ("cy", None)]), Dice(b"bench"))
    cal_mover, pm_mover = CALAMITY.phase(cal).awaited[0], POLICY_MAKER.phase(pm).awaited[0]
    return [
        Case("diplomacy", DIPLOMACY, dip, "ger", lambda xs: xs, lambda i: "A Ber - Kie"),
        Case("auf-achse", AUF_ACHSE, aa, "p0", lambda xs: {"bids": xs}, lambda i: {"order": offered, "kj": i}),
        Case("bretton-woods", BRETTON_WOODS, bw, "anna", lambda xs: {"transfers": xs},
             lambda i: {"to": "bert", "good": "a", "count": 1}),
        Case("calamity", CALAMITY, cal, cal_mover, lambda xs: {"card": 1, "sell": xs}, lambda i: "A1"),
        Case("policy-maker", POLICY_MAKER, pm, pm_mover, lambda xs: {"tax": xs},
             lambda i: {"sector": "education", "change": 1}),
    ]


def sheet(case: Case, n: int, bad: bool) -> bytes:
    entries = [{"x": i} if bad else case.good(i) for i in range(n)]
    envelope = {"game": "bench", "turn": 1, "player": case.player, "orders": case.orders(entries)}
    return yamlio.dump(envelope).encode()


@dataclass
class Measured:
    size: int
    check: float
    deadline: float
    readings: int
    shown: int


def measure(case: Case, raw: bytes) -> Measured:
    where = ordersmod.OrdersPath("bench", 1, case.player)
    start = time.process_time()
    checked = ordersmod.check_file("orders/bench/0001/x.yaml", raw, where, case.ruleset, case.state)
    check = time.process_time() - start
    readings = _count_readings()
    if checked.orders is not None:
        benevolent.read(case.ruleset, case.state, case.player, checked.orders)
    deadline = time.process_time() - start
    return Measured(len(raw), check, deadline, readings(), len(checked.findings))


def _count_readings() -> Callable[[], int]:
    """How many times the schema's check reads a file from now on (the benevolent reading's readings)."""
    count = [0]
    real = benevolent.schema_problems

    def counting(*args: Any, **kwargs: Any) -> Any:
        count[0] += 1
        return real(*args, **kwargs)

    benevolent.schema_problems = counting  # type: ignore[assignment]

    def done() -> int:
        benevolent.schema_problems = real  # type: ignore[assignment]
        return count[0]

    return done


def run(sizes: list[int], out: Callable[[str], None] = print) -> dict[tuple[str, int, bool], Measured]:
    """Every case at every size, good and bad; the table printed as it goes."""
    results = {}
    out(f"{'ruleset':<14} {'entries':>7} {'kind':<4} {'bytes':>7} {'check s':>8} {'deadline s':>10} "
        f"{'readings':>8} {'shown':>5}")
    for case in cases():
        measure(case, sheet(case, 10, False))  # warm: the schema's validators are made once per schema
        for n in sizes:
            for bad in (False, True):
                raw = sheet(case, n, bad)
                if len(raw) > yamlio.ORDERS_MAX_BYTES:
                    out(f"{case.name:<14} {n:>7} {'bad' if bad else 'good':<4} {len(raw):>7} beyond the size limit")
                    continue
                m = results[(case.name, n, bad)] = measure(case, raw)
                out(f"{case.name:<14} {n:>7} {'bad' if bad else 'good':<4} {m.size:>7} {m.check:8.3f} "
                    f"{m.deadline:10.3f} {m.readings:>8} {m.shown:>5}")
    return results


def main() -> None:
    small = "--small" in sys.argv
    results = run(SMALL if small else SIZES)
    many = SMALL[-1] if small else 2000  # the goal is for 2,000; the small mode's summary is of its largest
    print()
    for case in cases():
        normal = results[(case.name, 10, False)].deadline + START_UP
        bad = results[(case.name, many, True)].deadline + START_UP
        largest = max(m.deadline for (name, _, _), m in results.items() if name == case.name)
        print(f"{case.name}: {many:,} bad entries {bad / normal:.1f} times a normal sheet (goal {GOAL_RATIO} at "
              f"2,000); the largest file {largest:.2f} s (goal {GOAL_LIMIT_S:.0f} s at the size limit)")


if __name__ == "__main__":
    main()
