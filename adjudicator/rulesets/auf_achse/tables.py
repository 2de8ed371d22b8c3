"""The game's tables, read once from ``data/tables.yaml``."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

from ... import yamlio


@cache
def tables() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data").joinpath("tables.yaml").read_text(encoding="utf-8")
    return yamlio.load_trusted(text)


def offers_per_round(players: int, trucks: int = 1) -> list[int]:
    """Orders offered in rounds 0..10 (Phase 1 table, 5 to 10 players); Sonderregel C doubles every number."""
    row = tables()["offers"][str(players)]
    return [n * trucks for n in row]
