"""Calamity by mail: phases per game, and who wins, with and without standing orders (issue 17, pacing).

Run: ``.venv/bin/python benchmarks/bench_calamity_pacing.py [games] [players]`` (default 300 games of 4).

Every game is played three times by the same bots, from random legal orders, with the same decisions:

- ``table``: nobody uses standing orders; every decision is asked in its own phase, as at the table (each risk
  step awaits every holder, each open offer an answer phase, the year end every holder);
- ``mixed``: the first player in seat order still decides at the table, the others give standing orders;
- ``mail``: every player gives his decisions in advance as standing orders (returns by step, a standing price
  for offers, standing pass-on offers, the year-end returns) in his first orders.

A bot's decisions are drawn once per game (a threshold for returns after the row, whether to return everything
before it, a standing price, one pass-on offer per category, the year-end returns) and its moves from a random
stream keyed by the situation (year, cards played), never by the phase; so the three plays decide alike. The
dice are keyed by the event that rolls them (the n-th row, the n-th Ascot race, ...), not by the phase that
happens to roll them, which is what makes the plays comparable game by game: if the postal adaptation changed
nothing but the number of phases, every game ends with the same GE for everyone in all three plays. The script
counts the games where it does not, and prints the share of wins per seat (a tie shares the win).

Figures (1,000 games of 4 players, 2026-11-24, after issue 17; they do not depend on the machine):

    table  phases per game: mean 79.3, median 79.0, min 60, max 102
    mixed  phases per game: mean 63.8, median 64.0, min 46, max 85
    mail   phases per game: mean 46.9, median 47.0, min 42, max 48
    the same final GE for every player in all three plays: 1000 of 1000 games
    wins per seat (p0..p3), identical in all three plays: 25.2%, 25.4%, 25.8%, 23.5%

``table`` is what a game cost before issue 17 (the issue measured 78-102 phases), ``mail`` is the goal of at
most 60 met with every player on standing orders. Before offers were limited to the policies a player holds when
the step opens, seed 63 ended 16 GE apart (142 at the table, 158 by mail): by mail a standing offer passed on,
in the same step, a policy its giver had just received, which at the table nobody can (the receiver is not asked
at that step). The bots' table orders also offered policies they did not hold; those offers are no longer made,
which is why ``table`` fell from 83.9 to 79.3 phases (they opened answer phases for offers that then lapsed).
"""

from __future__ import annotations

import copy
import hashlib
import random
import statistics
import sys
from collections import Counter
from typing import Any

from adjudicator.dice import Dice
from adjudicator.model import Player
from adjudicator.rulesets.calamity import RULESET as R
from adjudicator.rulesets.calamity import adjudicate
from adjudicator.rulesets.calamity.tables import CATEGORIES, POLICY_CODES, TRACK

MODES = ("table", "mixed", "mail")


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
    if mine and rnd.random() < 0.1:
        o["sell"] = [rnd.choice(mine)]
    if TRACK[st["token"] + card].kind in ("purchase", "market"):
        o["buy"] = [rnd.choice(POLICY_CODES) for _ in range(rnd.randint(0, 3))]
    o["tax" if TRACK[st["token"] + card].kind == "tax" else "ascot"] = rnd.choice(others)
    if TRACK[st["token"] + card].kind not in ("tax", "ascot"):
        o.pop("tax", None)
        o.pop("ascot", None)
    return o


def at_the_table(st: dict[str, Any], p: str, standing: dict[str, Any]) -> dict[str, Any]:
    """What the bot decides in a reaction, answer or year-end phase: its plan, applied to the situation."""
    kind = st["phase"]["kind"]
    probe = copy.deepcopy(st)
    probe["private"][p]["standing"] = standing
    if kind == "reaction":
        offered = adjudicate.pass_orders(probe, {}, p)
        return {"return": adjudicate.chosen_returns(probe, {}, p, offered), "pass": offered}
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
    seats = st["seats"]
    plans = {p: plan(seed, p, seats) for p in seats}
    by_mail = {"table": set(), "mixed": set(seats[1:]), "mail": set(seats)}[mode]
    phases = 0
    while not R.phase(st).finished:
        phases += 1
        orders: dict[str, Any] = {}
        for p in st["phase"]["awaited"]:
            orders[p] = move_orders(st, p, seed) if st["phase"]["kind"] == "move" else at_the_table(st, p, plans[p])
        if phases == 1:
            for p in by_mail:
                orders.setdefault(p, {})["standing"] = plans[p]
        res = R.adjudicate(st, orders, EventDice(b"game-%d" % seed, counts))
        st = res.state
    return phases, {p: st["players"][p]["cash"] for p in seats}, st["phase"]["winners"]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    phases: dict[str, list[int]] = {m: [] for m in MODES}
    wins: dict[str, Counter[str]] = {m: Counter() for m in MODES}
    same = 0
    for seed in range(games):
        results = {m: play(seed, n, m) for m in MODES}
        for m, (count, _, winners) in results.items():
            phases[m].append(count)
            for w in winners:
                wins[m][w] += 1 / len(winners)
        same += len({tuple(sorted(r[1].items())) for r in results.values()}) == 1
    for m in MODES:
        xs = phases[m]
        print(f"{m:6s} phases per game: mean {statistics.mean(xs):.1f}, median {statistics.median(xs)}, "
              f"min {min(xs)}, max {max(xs)}")
    print(f"the same final GE for every player in all three plays: {same} of {games} games")
    for m in MODES:
        shares = ", ".join(f"{p} {wins[m][p] / games:.1%}" for p in sorted(wins[m]))
        print(f"{m:6s} wins per seat: {shares}")


if __name__ == "__main__":
    main()
