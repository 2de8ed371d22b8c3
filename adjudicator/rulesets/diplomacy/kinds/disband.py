"""A dislodged unit disbanded (``A Par disband``, ``{unit: F Nth, disband: true}``)."""

from __future__ import annotations

from typing import TypedDict

from ..reading import Order, Reader, Say

# its key of a structured entry (the orders' schema; ``structured`` reads it)
KEYS = {"disband": {"type": "boolean", "description": "true: the dislodged unit disbands"}}


class DisbandKeys(TypedDict, total=False):
    """Its keys of a structured entry as the rules read them, typed as the schema admits them: the dislodged unit
    disbands."""

    disband: bool


def parse(r: Reader, ut: str | None, region: str, power: str | None, text: str) -> Order:
    return Order("disband", ut, region, power=power, text=text)


def structured(e: DisbandKeys, unit: str, say: Say) -> str | None:
    return f"{unit} disband" if e.get("disband") else None
