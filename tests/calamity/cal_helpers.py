"""Shared helpers of the Calamity tests: a table of players, arranging a position, dice with chosen rolls."""

from __future__ import annotations

import copy
from typing import Any

from adjudicator.dice import Dice
from adjudicator.model import Player
from adjudicator.rulesets.calamity import RULESET

PLAYERS = [Player(k, k.title(), k, i + 1) for i, k in enumerate(["ann", "bob", "cy", "dee", "eve", "fay"])]


def new_game(n: int = 4, seed: bytes = b"setup", options: dict[str, Any] | None = None) -> dict[str, Any]:
    return RULESET.setup(options or {}, PLAYERS[:n], Dice(seed))


def arrange(st: dict[str, Any], *, mover: str = "ann", token: int | None = None,
            hands: dict[str, list[int]] | None = None, cash: dict[str, int] | None = None,
            policies: dict[str, list[str]] | None = None) -> dict[str, Any]:
    """A copy of ``st`` with ``mover`` to move, in seat order, and the given figures."""
    st = copy.deepcopy(st)
    st["order"] = list(st["seats"])
    st["next"] = st["order"].index(mover)
    if token is not None:
        st["token"] = token
    for p, hand in (hands or {}).items():
        st["private"][p]["hand"] = sorted(hand)
        st["hands"][p] = len(hand)
    for p, amount in (cash or {}).items():
        st["players"][p]["cash"] = amount
    for p, held in (policies or {}).items():
        st["players"][p]["policies"] = sorted(held)
    st["phase"] = {"kind": "move", "awaited": [mover]}
    return st


def play(st: dict[str, Any], orders: dict[str, Any], seed: bytes = b"dice"):
    """Adjudicate the open phase; the awaited players without orders get the defaults, as the engine does."""
    full = {p: RULESET.default_orders(st, p, None) for p in st["phase"]["awaited"]}
    full.update(orders)
    for p, o in full.items():
        errors = [x for x in RULESET.check(st, p, o) if x.severity == "error"]
        assert not errors, errors
    return RULESET.adjudicate(st, full, Dice(seed))


def seed_for(**rolls: int) -> bytes:
    """A dice key whose forks roll what is asked, e.g. ``seed_for(row=2, column=5)`` (forks named as in game.py,
    with dashes written as underscores)."""
    for i in range(100_000):
        key = b"s%d" % i
        d = Dice(key)
        if all(d.fork(label.replace("_", "-")).randint(1, 6) == value for label, value in rolls.items()):
            return key
    raise AssertionError(f"no seed for {rolls}")
