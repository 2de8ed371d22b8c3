"""The printed tables of Calamity (Tables 1-5 and the sums of Table 3), read once from the package data.

>>> TRACK[25].kind, TRACK[25].quarter
('ascot', 2)
>>> sorted(MATRICES["A"].cell(1, 3))
[1]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from importlib import resources
from typing import Any

from ... import yamlio

CATEGORIES = ("A", "B", "C", "D")
TYPES = (1, 2, 3)
YEAR_END = 52


def _data(name: str) -> Any:
    text = resources.files(__package__).joinpath("data").joinpath(name).read_text(encoding="utf-8")
    return yamlio.load_trusted(text)


@dataclass(frozen=True)
class Field:
    """One field of the track (Table 1)."""

    number: int
    quarter: int
    kind: str
    name: str
    category: str | None = None


@dataclass(frozen=True)
class Matrix:
    """The risk matrix of one category (Table 5), with the errata applied.

    ``cells[r][c]`` is the set of types marked on row ``r+1``, column ``c+1``.
    """

    category: str
    risk: Fraction
    cells: tuple[tuple[frozenset[int], ...], ...]
    printed_cells: tuple[tuple[frozenset[int], ...], ...]
    printed_counts: tuple[tuple[int, int, int], ...]

    def cell(self, row: int, column: int) -> frozenset[int]:
        """Types marked on the cell at ``row`` and ``column`` (both 1..6, as the dice show them)."""
        return self.cells[row - 1][column - 1]

    def row_count(self, row: int, policy_type: int) -> int:
        """How often ``policy_type`` is marked in ``row``: the chance of a hit after the row is ``n/6``."""
        return sum(1 for cell in self.cells[row - 1] if policy_type in cell)


def _cell(text: str) -> frozenset[int]:
    return frozenset() if text == "." else frozenset(int(t) for t in text.split("/"))


def _track() -> dict[int, Field]:
    fields = {}
    for f in _data("track.yaml")["fields"]:
        fields[f["field"]] = Field(f["field"], f["quarter"], f["kind"], f["name"], f.get("category"))
    return fields


def _matrices() -> dict[str, Matrix]:
    raw = _data("risk.yaml")
    out = {}
    for cat, table in raw["categories"].items():
        printed = [[_cell(c) for c in row["cells"]] for row in table["rows"]]
        cells = [list(row) for row in printed]
        for mark in raw["errata"]["restore_marks"]:
            if mark["category"] == cat:
                r, c = mark["row"] - 1, mark["column"] - 1
                cells[r][c] = cells[r][c] | {mark["type"]}
        num, den = table["risk"].split("/")
        out[cat] = Matrix(
            category=cat,
            risk=Fraction(int(num), int(den)),
            cells=tuple(tuple(row) for row in cells),
            printed_cells=tuple(tuple(row) for row in printed),
            printed_counts=tuple(tuple(row["counts"]) for row in table["rows"]),
        )
    return out


def _cards() -> tuple[int, ...]:
    deck: list[int] = []
    for entry in _data("cards.yaml")["cards"]:
        deck.extend([entry["fields"]] * entry["count"])
    return tuple(deck)


TRACK: dict[int, Field] = _track()
MATRICES: dict[str, Matrix] = _matrices()
ERRATA: dict[str, Any] = _data("risk.yaml")["errata"]
DECK: tuple[int, ...] = _cards()
_POLICIES = _data("policies.yaml")
COPIES: int = _POLICIES["copies"]
PRICE: dict[int, dict[str, int]] = {row["quarter"]: {c: row[c] for c in CATEGORIES} for row in _POLICIES["price"]}
PREMIUM: dict[str, int] = dict(_POLICIES["premium"])
EVENTS: dict[str, Any] = _data("events.yaml")
POLICY_CODES: tuple[str, ...] = tuple(f"{c}{t}" for c in CATEGORIES for t in TYPES)
RETURN_FEE: dict[int, int] = {row["step"]: row["fee"] for row in EVENTS["return_fee"]}
ASCOT: dict[int, int] = {die: row["sum"] for row in EVENTS["ascot"] for die in row["die"]}
WAR: dict[int, str] = {die: row["category"] for row in EVENTS["war"] for die in row["die"]}


def quarter(field: int) -> int:
    """The quarter the token stands in. Field 0 (the start of a year) counts as the first quarter."""
    return 1 if field == 0 else TRACK[field].quarter


def price(code: str, field: int) -> int:
    """Kurswert of policy ``code`` (e.g. ``"C2"``) while the token stands on ``field`` (Table 4)."""
    return PRICE[quarter(field)][code[0]]
