"""A hold (``A Par H``); a unit without a legal move, support or convoy holds too."""

from __future__ import annotations

from typing import TypedDict

from ..board import Board, Unit
from ..reading import Order, Reader, Say

# its keys of a structured entry (the orders' schema; ``structured`` reads them)
KEYS = {"hold": {"type": "boolean", "description": "true: the unit holds"}}


class HoldKeys(TypedDict, total=False):
    """Its keys of a structured entry as the rules read them, typed as the schema admits them: the unit holds."""

    hold: bool


def decide(b: Board, i: int) -> bool:
    """Does the unit stay: no move into its province succeeds."""
    return not any(b.resolve(k) for k in b.moves_into.get(b.units[i].province, ()))


def report(b: Board, i: int) -> str:
    """Why the unit stays (a transforming unit says what it becomes)."""
    say = b.m.say
    new = b.transform_to.get(i)
    if new is None:
        return say("holds")
    coast = f" ({new.region.partition('/')[2]})" if "/" in new.region else ""
    return say("holds and becomes an army" if new.type == "army" else "holds and becomes a fleet") + coast


def parse(r: Reader, ut: str | None, region: str, power: str | None, text: str) -> Order:
    """``A Par H``, or the unit alone."""
    return Order("hold", ut, region, power=power, text=text)


def structured(e: HoldKeys, unit: str, say: Say) -> str | None:
    """``{unit: A Par, hold: true}``, or the unit alone."""
    return f"{unit} H" if e.get("hold", True) else None


def page_options(u: Unit) -> list[str]:
    """What the orders page offers ``u`` of this kind in a movement phase (``choices.movement_options``)."""
    return [f"{u} H"]
