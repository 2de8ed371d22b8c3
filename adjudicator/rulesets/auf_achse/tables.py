"""The game's tables, from ``data/tables.yaml``."""

from __future__ import annotations

from functools import cache
from typing import Any

from ... import yamlio
from ...kit import gamedata
from ...kit.wording import Words

FILE = "data/tables.yaml"
WORDS_FILE = "data/words.yaml"
WORDS = Words(__package__, WORDS_FILE)  # the packaged words; a game's are ``WORDS.of(game)``


def say(game: gamedata.GameData, key: str, /, **values: Any) -> str:
    """Every message to the players (German), from the game's words file (``game``: its pinned copy)."""
    return WORDS.of(game).say(key, **values)


def has_words(game: gamedata.GameData, key: str) -> bool:
    """Whether the game's words file (pinned at its set-up) has ``key``: a message added later is said only in the
    games whose words have it."""
    return key in WORDS.of(game).pinned_texts()  # a rule's switch: never the presented fallback


def tables(game: gamedata.GameData) -> dict[str, Any]:
    """The tables of the game's data ``game``: the copy the game pinned at its set-up, else the packaged one."""
    return _tables(game.read(__package__, FILE))


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


def offers_per_round(game: gamedata.GameData, players: int, trucks: int = 1) -> list[int]:
    """Orders offered in rounds 0..10 (Phase 1 table, 5 to 10 players); Sonderregel C doubles every number."""
    row = tables(game)["offers"][str(players)]
    return [n * trucks for n in row]
