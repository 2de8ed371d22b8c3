"""The printed tables of Calamity (Tables 1-5 and the sums of Table 3), read from the game's data files.

``tables_of(data)`` reads them from a game's data (``kit.gamedata.GameData``: the files the game pinned at its
set-up, else the packaged ones) and parses each content once: an old game keeps its tables when a release changes
them. Every function of the rules that reads a table is handed a ``Tables``; ``shipped()`` is this turnpress's own
(tests, tools).

>>> shipped().track[25].kind, shipped().track[25].quarter
('ascot', 2)
>>> sorted(shipped().matrices["A"].cell(1, 3))
[1]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from ... import yamlio
from ...kit import gamedata

CATEGORIES = ("A", "B", "C", "D")
TYPES = (1, 2, 3)
YEAR_END = 52


FILES = ("track.yaml", "risk.yaml", "cards.yaml", "policies.yaml", "events.yaml")


def data_files() -> list[str]:
    """The data files the rules read, as paths in this package (what a game pins)."""
    return [f"data/{name}" for name in FILES]


def _parse(content: bytes) -> Any:
    return yamlio.load_trusted(content.decode("utf-8"))


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


def _track(raw: Any) -> dict[int, Field]:
    fields = {}
    for f in raw["fields"]:
        fields[f["field"]] = Field(f["field"], f["quarter"], f["kind"], f["name"], f.get("category"))
    return fields


def _matrices(raw: Any) -> dict[str, Matrix]:
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


def _cards(raw: Any) -> tuple[int, ...]:
    deck: list[int] = []
    for entry in raw["cards"]:
        deck.extend([entry["fields"]] * entry["count"])
    return tuple(deck)


@dataclass(frozen=True)
class Tables:
    """Every table of the box, as one game's data files give them."""

    track: dict[int, Field]
    matrices: dict[str, Matrix]
    errata: dict[str, Any]
    deck: tuple[int, ...]
    copies: int
    price: dict[int, dict[str, int]]
    premium: dict[str, int]
    events: dict[str, Any]
    return_fee: dict[int, int]
    ascot: dict[int, int]
    war: dict[int, str]


def tables_of(data: gamedata.GameData) -> Tables:
    """The tables of the game whose data files ``data`` holds (its pinned copies, else the packaged ones)."""
    return _tables(tuple(data.read(__package__, f"data/{name}") for name in FILES))


@cache
def _tables(contents: tuple[bytes, ...]) -> Tables:  # one parse per content: the argument is the cache key
    raw = dict(zip(FILES, (_parse(c) for c in contents), strict=True))
    policies, events = raw["policies.yaml"], raw["events.yaml"]
    return Tables(
        track=_track(raw["track.yaml"]), matrices=_matrices(raw["risk.yaml"]), errata=raw["risk.yaml"]["errata"],
        deck=_cards(raw["cards.yaml"]),
        copies=policies["copies"],
        price={row["quarter"]: {c: row[c] for c in CATEGORIES} for row in policies["price"]},
        premium=dict(policies["premium"]), events=events,
        return_fee={row["step"]: row["fee"] for row in events["return_fee"]},
        ascot={die: row["sum"] for row in events["ascot"] for die in row["die"]},
        war={die: row["category"] for row in events["war"] for die in row["die"]})


@cache
def shipped() -> Tables:
    """This turnpress's own tables (tests, tools); the rules read the game's (``tables_of``)."""
    return tables_of(gamedata.GameData(__package__))


POLICY_CODES: tuple[str, ...] = tuple(f"{c}{t}" for c in CATEGORIES for t in TYPES)


def quarter(tables: Tables, field: int) -> int:
    """The quarter the token stands in. Field 0 (the start of a year) counts as the first quarter."""
    return 1 if field == 0 else tables.track[field].quarter


def price(tables: Tables, code: str, field: int) -> int:
    """Kurswert of policy ``code`` (e.g. ``"C2"``) while the token stands on ``field`` (Table 4)."""
    return tables.price[quarter(tables, field)][code[0]]


def course_values(tables: Tables, field: int) -> str:
    """The Kurswert of every category while the token stands on ``field`` (Table 4), as the issue and the sheet
    print it.

    >>> course_values(shipped(), 30)
    'quarter 3 (token on field 30): A 2, B 4, C 8, D 16 GE'
    """
    q = quarter(tables, field)
    return (f"quarter {q} (token on field {field}): " + ", ".join(f"{c} {tables.price[q][c]}" for c in CATEGORIES)
            + " GE")


def next_quarter(tables: Tables, field: int) -> tuple[int, int] | None:
    """The first field of the next quarter and its number, or None in the fourth quarter (the year ends on 52)."""
    q = quarter(tables, field)
    first = next((n for n in sorted(tables.track) if tables.track[n].quarter == q + 1), None)
    return None if first is None else (first, q + 1)
