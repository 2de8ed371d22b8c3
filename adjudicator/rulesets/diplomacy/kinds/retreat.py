"""A dislodged unit's retreat (``A Par - Bur``, ``{unit: F Nth, retreat: Nwg}``); its phase is resolved in
``phases.resolve_retreats``."""

from __future__ import annotations

from typing import Any

from ..reading import Order, Reader, Say
from . import move


def parse(r: Reader, ut: str | None, region: str, power: str | None, text: str) -> Order:
    """A retreat is written as a move: ``- Bur`` (or the map's retreat word)."""
    return move.parse(r, ut, region, power, text, "retreat")


def structured(e: dict[str, Any], unit: str, say: Say) -> str | None:
    return f"{unit} - {e['retreat']}" if "retreat" in e else None
