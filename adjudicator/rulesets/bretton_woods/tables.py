"""The game's tables, read once from ``data.yaml`` in this package."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

from ... import yamlio
from ...kit import gamedata
from ...kit.wording import Words

FILE = "data.yaml"
WORDS_FILE = "words.yaml"
WORDS = Words(__package__, WORDS_FILE)  # what the game says, in its pinned copy (``wording``)


def data() -> dict[str, Any]:
    """The parsed ``data.yaml``: the copy the game pinned at its set-up, else the packaged one (``gamedata``)."""
    return _data(gamedata.read(__package__, FILE))


@cache
def _data(content: bytes) -> dict[str, Any]:  # one parse per content: an old game keeps its tables
    return yamlio.load_trusted(content)  # type: ignore[no-any-return]


def stock_names() -> dict[str, str]:
    """Stock letter -> its German name in the listing."""
    return {s: v["name"] for s, v in data()["stocks"].items()}


def terms(stock: str) -> tuple[str, ...]:
    """The listing terms of ``stock`` in print order."""
    return tuple(data()["stocks"][stock]["terms"])


def decay(stock: str) -> Fraction:
    """The yearly loss probability of one unit of ``stock``."""
    return Fraction(data()["decay"][stock])


def endowment() -> dict[str, int]:
    return dict(data()["endowment"])


def types() -> dict[str, dict[str, str]]:
    kinds: dict[str, dict[str, str]] = data()["types"]  # data.yaml's country types, checked as it is read
    return kinds


def other_success() -> Fraction:
    return Fraction(data()["other_success"])


def success(country_type: str, stock: str) -> Fraction:
    """Chance that one construction attempt of ``stock`` succeeds for a country of ``country_type``."""
    if stock == "I" or types()[country_type]["sure"] == stock:
        return Fraction(1)
    return other_success()


def agrarfaktor() -> tuple[tuple[int, ...], tuple[int, ...]]:
    t = data()["agrarfaktor"]
    return tuple(t["factors"]), tuple(t["weights"])


def market_goods() -> tuple[str, ...]:
    return tuple(data()["market_goods"])


def transfer_goods() -> tuple[str, ...]:
    return tuple(data()["transfer_goods"])


def good_names() -> dict[str, str]:
    return dict(data()["good_names"])


def limit(name: str) -> int:
    return int(data()["limits"][name])


def default_options() -> dict[str, Any]:
    return dict(data()["options"])
