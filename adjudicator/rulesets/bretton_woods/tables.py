"""The game's tables and words, read from ``data/tables.yaml`` and ``data/words.yaml`` in this package as the game
has them (a game pins them as ``data.yaml`` and ``words.yaml``, their names before they moved into ``data/``:
``data/pinned-names.yaml``).

A ``Tables`` is handed the game's data (``kit.gamedata.GameData``: the copies the game pinned at its set-up,
else the packaged ones); every function of the rules that reads a table or a word is handed it. ``SHIPPED`` is
this turnpress's own (a test, a name shown before any game).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

from ... import yamlio
from ...kit import gamedata
from ...kit.wording import Words

FILE = "data/tables.yaml"
WORDS_FILE = "data/words.yaml"


@cache
def _data(content: bytes) -> dict[str, Any]:  # one parse per content: an old game keeps its tables
    return yamlio.load_trusted(content)  # type: ignore[no-any-return]


class Tables:
    """The tables of one game: ``data/tables.yaml`` parsed, and ``words``, what the game says (its words file)."""

    def __init__(self, game: gamedata.GameData) -> None:
        self.game = game
        self.words = Words(__package__, WORDS_FILE, game)

    def data(self) -> dict[str, Any]:
        """The parsed ``data/tables.yaml``: the copy the game pinned at its set-up, else the packaged one."""
        return _data(self.game.read(__package__, FILE))

    def stock_names(self) -> dict[str, str]:
        """Stock letter -> its German name in the listing."""
        return {s: v["name"] for s, v in self.data()["stocks"].items()}

    def terms(self, stock: str) -> tuple[str, ...]:
        """The listing terms of ``stock`` in print order."""
        return tuple(self.data()["stocks"][stock]["terms"])

    def decay(self, stock: str) -> Fraction:
        """The yearly loss probability of one unit of ``stock``."""
        return Fraction(self.data()["decay"][stock])

    def endowment(self) -> dict[str, int]:
        return dict(self.data()["endowment"])

    def types(self) -> dict[str, dict[str, str]]:
        kinds: dict[str, dict[str, str]] = self.data()["types"]  # the tables' country types, checked as it is read
        return kinds

    def other_success(self) -> Fraction:
        return Fraction(self.data()["other_success"])

    def success(self, country_type: str, stock: str) -> Fraction:
        """Chance that one construction attempt of ``stock`` succeeds for a country of ``country_type``."""
        if stock == "I" or self.types()[country_type]["sure"] == stock:
            return Fraction(1)
        return self.other_success()

    def agrarfaktor(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        t = self.data()["agrarfaktor"]
        return tuple(t["factors"]), tuple(t["weights"])

    def market_goods(self) -> tuple[str, ...]:
        return tuple(self.data()["market_goods"])

    def transfer_goods(self) -> tuple[str, ...]:
        return tuple(self.data()["transfer_goods"])

    def good_names(self) -> dict[str, str]:
        return dict(self.data()["good_names"])

    def limit(self, name: str) -> int:
        return int(self.data()["limits"][name])

    def default_options(self) -> dict[str, Any]:
        return dict(self.data()["options"])


SHIPPED = Tables(gamedata.GameData(__package__))  # this turnpress's own tables and words
