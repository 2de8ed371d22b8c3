"""The game's tables, read once from ``data.yaml`` in this package."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from importlib.resources import files
from typing import Any

from ... import yamlio


@cache
def data() -> dict[str, Any]:
    """The parsed ``data.yaml`` (cached: read once per process)."""
    return yamlio.load(files(__package__).joinpath("data.yaml").read_bytes(), max_bytes=1 << 20).data


def stock_names() -> dict[str, str]:
    """Stock letter -> its German name in the listing."""
    return {s: v["name"] for s, v in data()["stocks"].items()}


def terms(stock: str) -> list[str]:
    """The listing terms of ``stock`` in print order."""
    return list(data()["stocks"][stock]["terms"])


def decay(stock: str) -> Fraction:
    """The yearly loss probability of one unit of ``stock``."""
    return Fraction(data()["decay"][stock])


def endowment() -> dict[str, int]:
    return dict(data()["endowment"])


def types() -> dict[str, dict[str, str]]:
    return data()["types"]


def other_success() -> Fraction:
    return Fraction(data()["other_success"])


def success(country_type: str, stock: str) -> Fraction:
    """Chance that one construction attempt of ``stock`` succeeds for a country of ``country_type``."""
    if stock == "I" or types()[country_type]["sure"] == stock:
        return Fraction(1)
    return other_success()


def agrarfaktor() -> tuple[list[int], list[int]]:
    t = data()["agrarfaktor"]
    return list(t["factors"]), list(t["weights"])


def market_goods() -> list[str]:
    return list(data()["market_goods"])


def transfer_goods() -> list[str]:
    return list(data()["transfer_goods"])


def good_names() -> dict[str, str]:
    return dict(data()["good_names"])


def limit(name: str) -> int:
    return int(data()["limits"][name])


def default_options() -> dict[str, Any]:
    return dict(data()["options"])
