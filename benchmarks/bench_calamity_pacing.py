"""Calamity by mail: phases per game, and who wins, as at the table, by default and with standing orders
(issue 17 and issue 32, pacing).

Run: ``.venv/bin/python benchmarks/bench_calamity_pacing.py [games] [players] [--small]`` (default 300 games of
4); a test runs ``measure`` (``tests/calamity/test_cal_pacing.py``), and ``--small`` (2 games of 4) is the script
as the test suite runs it (``tests/test_benchmarks.py``).

Every game is a new game (pace 2, ``adjudicate.pace``), played three times by the same bots, from random legal orders,
with the same decisions:

- ``table``: every decision is asked in its own phase and answered for that phase only, as at the table (each
  risk step awaits every holder, each open offer an answer phase, the year end every holder);
- ``default``: nobody opts in to anything: a player answers only when he is awaited, but answers a reaction or
  an answer phase the way its sheet offers, as a ``rule`` for the category (keep or return before the row, the
  row count from which to return after it, the least fee accepted, the offers made); the rule stands for the
  category's later calamities, so he is asked once per category (house rule "pacing by mail", issue 32);
- ``mail``: every player gives his decisions in advance as standing orders in his first orders.

A bot's decisions are drawn once per game (a threshold for returns after the row, whether to return everything
before it, a standing price, one pass-on offer per category, the year-end returns) and its moves from a random
stream keyed by the situation (year, cards played), never by the phase; so the three plays decide alike. A bot
never sells before the year's last card, which is strictly worse than keeping the policy for its premium (the
fourth quarter's price is below it): that move waits for no choice in a new game. The dice are keyed by the event
that rolls them (the n-th row, the n-th Ascot race, ...), not by the phase that happens to roll them, which is
what makes the plays comparable game by game: if the postal adaptation changed nothing but the number of phases,
every game ends with the same GE for everyone in all three plays. The script counts the games where it does not,
and prints the share of wins per seat (a tie shares the win).

Figures (1,000 games of 4 players, 2026-11-27, after issue 32; they do not depend on the machine):

    table   phases per game: mean 77.6, median 77.0, min 59, max 100
    default phases per game: mean 54.1, median 54.0, min 49, max 60
    mail    phases per game: mean 45.2, median 45.0, min 42, max 46
    the same final GE for every player in all three plays: 1000 of 1000 games
    wins per seat (p0..p3), identical in all three plays: 25.2%, 25.4%, 25.9%, 23.6%

Before issue 32 (2026-11-24): table 79.3, three of four on standing orders 63.8, all on standing orders 46.9
phases per game, 1,000 of 1,000 games with the same final GE. Before offers were limited to the policies a player
holds when the step opens, seed 63 ended 16 GE apart (142 at the table, 158 by mail): by mail a standing offer
passed on, in the same step, a policy its giver had just received, which at the table nobody can.
"""

from __future__ import annotations

import copy
import hashlib
import random
import statistics
import sys
from collections import Counter
from fractions import Fraction
from typing import Any

from adjudicator.dice import Dice
from adjudicator.model import Player
from adjudicator.rulesets.calamity import RULESET as R
from adjudicator.rulesets.calamity import adjudicate
from adjudicator.rulesets.calamity.tables import CATEGORIES, POLICY_CODES, shipped

MODES = ("table", "default", "mail")


class EventDice(Dice):
    """Dice keyed by the event: the n-th fork of a label in the game, whichever phase rolls it."""

    def __init__(self, key: bytes, counts: Counter[str]) -> None:
        super().__init__(key)
        self.key, self.counts = key, counts

    def fork(self, label: str) -> Dice:
        if label.startswith("forced-"):  # a move played at once rolls as if it had its own phase
            return self
        n = self.counts[label]
        self.counts[label] += 1
        return Dice(hashlib.sha256(self.key + f"/{label}/{n}".encode()).digest())

    def hidden(self, label: str) -> Dice:
        return self.fork(label)


def plan(seed: int, p: str, seats: list[str]) -> dict[str, Any]:
    """A bot's standing decisions for the whole game."""
    rnd = random.Random(f"plan/{seed}/{p}")
    others = [q for q in seats if q != p]
    standing: dict[str, Any] = {}
    for cat in CATEGORIES:
        rule: dict[str, Any] = {"before_row": "return" if rnd.random() < 0.15 else "keep",
                                "after_row": rnd.randint(2, 6)}
        if rnd.random() < 0.6:
            rule["accept_fee"] = rnd.randint(5, 30)
        if rnd.random() < 0.3:
            rule["pass"] = [{"policy": f"{cat}{rnd.randint(1, 3)}", "to": rnd.choice(others),
                             "fee": rnd.randint(0, 20), "if_refused": rnd.choice(["keep", "return"]),
                             "step": rnd.choice([1, 2])}]
        standing[cat] = rule
    standing["year_end"] = [c for c in POLICY_CODES if rnd.random() < 0.15]
    return standing


def move_orders(st: dict[str, Any], p: str, seed: int) -> dict[str, Any]:
    rnd = random.Random(f"move/{seed}/{p}/{st['year']}/{len(st['played'])}")
    hand = st["private"][p]["hand"]
    mine = st["players"][p]["policies"]
    others = [q for q in st["seats"] if q != p]
    card = rnd.choice(hand)
    o: dict[str, Any] = {"card": card}
    if mine and rnd.random() < 0.1 and sum(st["hands"].values()) > 1:  # never before the year's last card
        o["sell"] = [rnd.choice(mine)]
    if shipped().track[st["token"] + card].kind in ("purchase", "market"):
        o["buy"] = [rnd.choice(POLICY_CODES) for _ in range(rnd.randint(0, 3))]
    o["tax" if shipped().track[st["token"] + card].kind == "tax" else "ascot"] = rnd.choice(others)
    if shipped().track[st["token"] + card].kind not in ("tax", "ascot"):
        o.pop("tax", None)
        o.pop("ascot", None)
    return o


def as_a_rule(st: dict[str, Any], p: str, standing: dict[str, Any]) -> dict[str, Any]:
    """What the bot sends in a reaction or answer phase by default: its plan for the category, as the ``rule``
    the sheet offers (kept as its standing order); the year end is answered for the phase, as at the table."""
    if st["phase"]["kind"] in ("reaction", "answer"):
        return {"rule": standing[st["risk"]["category"]]}
    return at_the_table(st, p, standing)


def at_the_table(st: dict[str, Any], p: str, standing: dict[str, Any]) -> dict[str, Any]:
    """What the bot decides in a reaction, answer or year-end phase: its plan, applied to the situation."""
    kind = st["phase"]["kind"]
    probe = copy.deepcopy(st)
    probe["private"][p]["standing"] = standing
    if kind == "reaction":
        offered = adjudicate.pass_orders(probe, {}, p)
        return {"return": adjudicate.chosen_returns(shipped(), probe, {}, p, offered), "pass": offered}
    if kind == "answer":
        accepted = []
        for x in st["risk"]["offers"]:
            if x["to"] == p and x["answer"] is None:
                fee = standing[x["policy"][0]].get("accept_fee")
                if fee is not None and x["fee"] >= fee:
                    accepted.append({"policy": x["policy"], "from": x["from"], "fee": x["fee"]})
        return {"accept": accepted}
    if kind == "year_end":
        return {"return": [c for c in standing["year_end"] if c in st["players"][p]["policies"]]}
    return {}


def play(seed: int, n: int, mode: str) -> tuple[int, dict[str, int], list[str]]:
    players = [Player(f"p{i}", f"P{i}", f"p{i}", i + 1) for i in range(n)]
    counts: Counter[str] = Counter()
    st = R.setup({}, players, EventDice(b"game-%d" % seed, counts))
    assert adjudicate.pace(st) == 2, "a new game"
    seats = st["seats"]
    plans = {p: plan(seed, p, seats) for p in seats}
    answer = as_a_rule if mode == "default" else at_the_table
    phases = 0
    while not R.phase(st).finished:
        phases += 1
        orders: dict[str, Any] = {}
        for p in st["phase"]["awaited"]:
            orders[p] = move_orders(st, p, seed) if st["phase"]["kind"] == "move" else answer(st, p, plans[p])
        if phases == 1 and mode == "mail":
            for p in seats:
                orders.setdefault(p, {})["standing"] = plans[p]
        res = R.adjudicate(st, orders, EventDice(b"game-%d" % seed, counts))
        st = res.state
    return phases, {p: st["players"][p]["cash"] for p in seats}, st["phase"]["winners"]


def measure(games: int, n: int = 4) -> dict[str, Any]:
    """Every mode's phases per game and wins per seat, and how many games ended with the same GE for everyone
    in all three plays."""
    phases: dict[str, list[int]] = {m: [] for m in MODES}
    wins: dict[str, Counter[str]] = {m: Counter() for m in MODES}
    same = 0
    for seed in range(games):
        results = {m: play(seed, n, m) for m in MODES}
        for m, (count, _, winners) in results.items():
            phases[m].append(count)
            for w in winners:
                wins[m][w] += Fraction(1, len(winners))
        same += len({tuple(sorted(r[1].items())) for r in results.values()}) == 1
    return {"games": games, "phases": phases, "wins": wins, "same": same}


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--small"]
    games = 2 if "--small" in sys.argv else int(args[0]) if args else 300
    n = int(args[1]) if len(args) > 1 else 4
    out = measure(games, n)
    for m in MODES:
        xs = out["phases"][m]
        print(f"{m:7s} phases per game: mean {statistics.mean(xs):.1f}, median {statistics.median(xs)}, "
              f"min {min(xs)}, max {max(xs)}")
    print(f"the same final GE for every player in all three plays: {out['same']} of {games} games")
    for m in MODES:
        shares = ", ".join(f"{p} {float(out['wins'][m][p] / games):.1%}" for p in sorted(out["wins"][m]))
        print(f"{m:7s} wins per seat: {shares}")


if __name__ == "__main__":
    main()
