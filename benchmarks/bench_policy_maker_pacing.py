"""The Policy Maker by mail: phases per game, and who wins, before and after house rule H15 (issue 17, pacing).

Run: ``.venv/bin/python benchmarks/bench_policy_maker_pacing.py [games] [--small]`` (default 300 games;
``--small``: 2 games, what the test suite runs, ``tests/test_benchmarks.py``).

Every game is played twice by the same bots (``tests/policy_maker/pm_bot.py``, random legal orders from each
player's own view) with the same decisions:

- ``before``: the Audit in a phase of its own (option ``audit_phase=own``) and the Holiday break counted as the
  phase it was before H15 (a phase awaiting the Government in which nothing happens);
- ``after``: the rules as they are: no phase for the Holiday, the Audit together with the first Investy's turn.

The bots' random stream is consumed in the same order both ways (the Government's orders, then the first
Investy's, whether in one phase or two), and the only dice of the game, the reshuffles of the discard pile, are
keyed by their number in the game, not by the phase that happens to draw them; so if H15 changed nothing but
the number of phases, every game ends with the same result both ways. The script counts the games where it does
not, and prints how the games end (the Government at »Ende« with its rank, or a monopoly by seat).

Figures (1,000 games, 2026-11-24; they do not depend on the machine):

    before phases per game: mean 39.8, median 41.0, min 24, max 43
    after  phases per game: mean 35.9, median 37.0, min 21, max 39
    wealth-tax phases per game: mean 0.8
    the same result (reason, winners, every score) both ways: 1000 of 1000 games
    ends: Government at »Ende« 77.0%, monopoly by i0 4.0%, monopoly by i1 7.2%, monopoly by i2 11.7%
    Government ranks at »Ende«: OK Government 527, Good Government 211, Miserable Government 32

The issue's estimate was 40 -> 36 phases for a game played to »Ende«: two Holiday phases gone, two Audit phases
merged (exactly 4 fewer in every such game; a game ended early by a monopoly saves only the rounds it reached);
the wealth-tax phases (H7) come on top. ``before`` is the engine of today with the Audit apart and the Holiday
counted, not the code before H15, which would have rolled the reshuffles with other dice.
"""

from __future__ import annotations

import random
import statistics
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from adjudicator.dice import Dice  # noqa: E402
from adjudicator.model import Player  # noqa: E402
from adjudicator.rulesets.policy_maker import RULESET as R  # noqa: E402
from tests.policy_maker.pm_bot import orders_for  # noqa: E402

PLAYERS = [Player("i0", "I0", "i0", 1), Player("i1", "I1", "i1", 2), Player("i2", "I2", "i2", 3),
           Player("gov", "Gov", "gov", 4, "government")]
MODES = ("before", "after")


class CountedDice(Dice):
    """Dice whose n-th shuffle of the game is keyed by n, whichever phase draws it (the reshuffles)."""

    def __init__(self, key: bytes, counts: Counter[str]) -> None:
        super().__init__(key)
        self.key, self.counts = key, counts

    def hidden(self, label: str) -> Dice:
        return self

    def fork(self, label: str) -> Dice:
        return self

    def shuffle(self, items: list[Any]) -> list[Any]:
        n = self.counts["shuffle"]
        self.counts["shuffle"] += 1
        return Dice(self.key + b"/shuffle/%d" % n).shuffle(items)


def play(seed: int, mode: str) -> tuple[int, int, dict[str, Any]]:
    """One game: its phases, its wealth-tax phases and its result."""
    rng = random.Random(seed)
    counts: Counter[str] = Counter()
    options = {"audit_phase": "own"} if mode == "before" else {}
    st = R.setup(options, PLAYERS, Dice(b"pm-game-%d" % seed))  # the same deal and goal both ways
    phases = taxes = 0
    holiday_seen = -1
    while not R.phase(st).finished:
        if mode == "before" and st["timeline"][st["timeline_index"]] == "holiday" and holiday_seen != st["round"]:
            holiday_seen = st["round"]
            phases += 1  # before H15 the Holiday waited on the Government for a phase of its own
        phases += 1
        taxes += st["queue"][0]["step"] == "wealth_tax"
        st = R.adjudicate(st, orders_for(st, rng), CountedDice(b"pm-dice-%d" % seed, counts)).state
    return phases, taxes, st["result"]


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--small"]
    games = 2 if "--small" in sys.argv else int(args[0]) if args else 300
    phases: dict[str, list[int]] = {m: [] for m in MODES}
    taxes: list[int] = []
    ends: Counter[str] = Counter()
    ranks: Counter[str] = Counter()
    same = 0
    for seed in range(games):
        results = {m: play(seed, m) for m in MODES}
        for m, (count, _, _) in results.items():
            phases[m].append(count)
        taxes.append(results["after"][1])
        same += results["before"][2] == results["after"][2]
        result = results["after"][2]
        if result["reason"] == "timeline":
            ends["Government at »Ende«"] += 1
            ranks[result["government"]["rank"]] += 1
        else:
            for w in result["winners"]:
                ends[f"monopoly by {w}"] += 1 / len(result["winners"])
    for m in MODES:
        xs = phases[m]
        print(f"{m:6s} phases per game: mean {statistics.mean(xs):.1f}, median {statistics.median(xs)}, "
              f"min {min(xs)}, max {max(xs)}")
    print(f"wealth-tax phases per game: mean {statistics.mean(taxes):.1f}")
    print(f"the same result (reason, winners, every score) both ways: {same} of {games} games")
    print("ends: " + ", ".join(f"{k} {v / games:.1%}" for k, v in sorted(ends.items())))
    print("Government ranks at »Ende«: " + ", ".join(f"{k} {v}" for k, v in ranks.most_common()))


if __name__ == "__main__":
    main()
