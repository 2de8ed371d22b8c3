"""The game's tables, from ``data/tables.yaml``."""

from __future__ import annotations

from functools import cache
from typing import Any

from ... import yamlio
from ...kit import gamedata
from ...kit.wording import Words

FILE = "data/tables.yaml"
WORDS_FILE = "data/words.yaml"
WORDS = Words(__package__, WORDS_FILE)
say = WORDS.say  # every message to the players (German), from data/words.yaml


def has_words(key: str) -> bool:
    """Whether the game's words file (pinned at its set-up) has ``key``: a message added later is said only in the
    games whose words have it."""
    return key in WORDS.texts()


def tables() -> dict[str, Any]:
    """The tables: the copy the game pinned at its set-up, else the packaged one (``gamedata``)."""
    return _tables(gamedata.read(__package__, FILE))


@cache
def _tables(data: bytes) -> dict[str, Any]:  # one parse per content: an old game keeps its tables
    return yamlio.load_trusted(data)  # type: ignore[no-any-return]


# The drawings a board may have, pinned with it (``rules.data_files``) and read by the presentation.
def drawing_file(name: str) -> str:
    """The drawing of board ``name``, as a path in this package (what a game pins, where the board has one)."""
    return f"data/maps/{name.lower()}.drawing.json"


def background_file(name: str) -> str:
    """The drawing under board ``name``, as a path in this package (what a game pins, where the board has one)."""
    return f"data/maps/{name.lower()}.background.json"


def offers_per_round(players: int, trucks: int = 1) -> list[int]:
    """Orders offered in rounds 0..10 (Phase 1 table, 5 to 10 players); Sonderregel C doubles every number."""
    row = tables()["offers"][str(players)]
    return [n * trucks for n in row]
