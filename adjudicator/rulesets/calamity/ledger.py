"""Money and policies: holdings, the bank's stock, payments and the insolvency rule of section (3).

Policies are written as category letter and type number (``"C2"``); a player's policies are a sorted list of
such codes, one entry per copy held. These helpers change a state in place: the ruleset copies the state once
at the start of ``adjudicate`` and works on the copy.
"""

from __future__ import annotations

from typing import Any

from .state import State
from .tables import POLICY_CODES, Tables, price

View = State  # a state only read


class Log:
    """What happened in one adjudication: public lines, dice, per-player private lines."""

    def __init__(self) -> None:
        self.events: list[str] = []
        self.dice: list[dict[str, Any]] = []
        self.private: dict[str, list[str]] = {}
        self.extra: dict[str, Any] = {}

    def say(self, line: str) -> None:
        self.events.append(line)

    def roll(self, purpose: str, value: int, meaning: str) -> None:
        self.dice.append({"for": purpose, "roll": value, "means": meaning})
        self.say(f"Dice for the {purpose}: {value} ({meaning}).")

    def tell(self, player: str, line: str) -> None:
        self.private.setdefault(player, []).append(line)


def name(st: State, p: str) -> str:
    return st["names"][p]


def policies(st: View, p: str) -> list[str]:
    return st["players"][p]["policies"]


def count(st: View, p: str, code: str) -> int:
    return policies(st, p).count(code)


def holds_category(st: State, p: str, category: str) -> bool:
    return any(code[0] == category for code in policies(st, p))


def add_policy(st: State, p: str, code: str) -> None:
    held = policies(st, p)
    held.append(code)
    held.sort()


def remove_policy(st: State, p: str, code: str) -> None:
    policies(st, p).remove(code)


def in_bank(tables: Tables, st: View, code: str) -> int:
    """Copies of ``code`` the bank still has (4 of each type exist, Table 4)."""
    return tables.copies - sum(count(st, p, code) for p in st["seats"])


def premium(tables: Tables, st: View, p: str) -> tuple[int, list[str]]:
    """The annual premium of ``p``'s policies (Table 4) and the types held complete (paid double, (4)a)."""
    total, doubled = 0, []
    for code in POLICY_CODES:
        n = count(st, p, code)
        if n == tables.copies:
            doubled.append(code)
        total += tables.premium[code[0]] * n * (2 if n == tables.copies else 1)
    return total, doubled


def credit(st: State, p: str, amount: int) -> None:
    st["players"][p]["cash"] += amount


def sell_all(tables: Tables, st: State, p: str, log: Log) -> None:
    """Section (3), last paragraph: an insolvent player sells every policy to the bank at the price."""
    held = list(policies(st, p))
    proceeds = sum(price(tables, code, st["token"]) for code in held)
    st["players"][p]["policies"] = []
    credit(st, p, proceeds)
    listing = ", ".join(held) if held else "no policies"
    if not held:
        log.say(f"{name(st, p)} cannot pay in full and has no policies to sell.")
        return
    log.say(f"{name(st, p)} cannot pay and sells all policies to the bank ({listing}) for {proceeds} GE.")


def charge(tables: Tables, st: State, p: str, amount: int, why: str, log: Log, to: str | None = None) -> int:
    """``p`` pays ``amount`` to the bank or to player ``to``; returns what was paid.

    Section (3): who cannot meet a claim sells all policies at the price, pays what is possible, and plays on
    without debt. A creditor receives only what was paid.
    """
    if amount <= 0:
        return 0
    if st["players"][p]["cash"] < amount:
        sell_all(tables, st, p, log)
    paid = min(st["players"][p]["cash"], amount)
    credit(st, p, -paid)
    if to is not None:
        credit(st, to, paid)
    payee = name(st, to) if to is not None else "the bank"
    short = f" (owed {amount} GE)" if paid < amount else ""
    log.say(f"{name(st, p)} pays {paid} GE to {payee} for {why}{short}.")
    if paid < amount:
        st["players"][p].setdefault("insolvencies", 0)
        st["players"][p]["insolvencies"] += 1
    return paid


def transfer(st: State, code: str, giver: str, taker: str) -> None:
    remove_policy(st, giver, code)
    add_policy(st, taker, code)


def return_fee(tables: Tables, step: int) -> int:
    return tables.return_fee[step]
