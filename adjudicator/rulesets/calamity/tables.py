"""The printed tables of Calamity (Tables 1-5 and the sums of Table 3), read from the game's data files.

The names below (``TRACK``, ``MATRICES``, ...) read the files a game pinned at its set-up (``gamedata``) each
time they are used, and parse each content once: an old game keeps its tables when a release changes them.

>>> TRACK[25].kind, TRACK[25].quarter
('ascot', 2)
>>> sorted(MATRICES["A"].cell(1, 3))
[1]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any, TypeVar, overload

from ... import yamlio
from ...kit import gamedata

CATEGORIES = ("A", "B", "C", "D")
TYPES = (1, 2, 3)
YEAR_END = 52


FILES = ("track.yaml", "risk.yaml", "cards.yaml", "policies.yaml", "events.yaml")


def data_files() -> list[str]:
    """The data files the rules read, as paths in this package (what a game pins)."""
    return [f"data/{name}" for name in FILES]


def _data(name: str) -> Any:
    return yamlio.load_trusted(gamedata.read(__package__, f"data/{name}").decode("utf-8"))


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


def current() -> Tables:
    """The tables of the game being played (the packaged ones outside a game)."""
    return _tables(tuple(gamedata.read(__package__, f"data/{name}") for name in FILES))


@cache
def _tables(contents: tuple[bytes, ...]) -> Tables:  # one parse per content: the argument is the cache key
    policies, events = _data("policies.yaml"), _data("events.yaml")
    return Tables(
        track=_track(), matrices=_matrices(), errata=_data("risk.yaml")["errata"], deck=_cards(),
        copies=policies["copies"],
        price={row["quarter"]: {c: row[c] for c in CATEGORIES} for row in policies["price"]},
        premium=dict(policies["premium"]), events=events,
        return_fee={row["step"]: row["fee"] for row in events["return_fee"]},
        ascot={die: row["sum"] for row in events["ascot"] for die in row["die"]},
        war={die: row["category"] for row in events["war"] for die in row["die"]})


K = TypeVar("K")
V = TypeVar("V")


class _Table(Mapping[K, V]):
    """One table of ``current()``, looked up when used (so the module-level names follow the game played)."""

    def __init__(self, pick: Callable[[Tables], Mapping[K, V]]) -> None:
        self._pick = pick

    def __getitem__(self, key: K) -> V:
        return self._pick(current())[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._pick(current()))

    def __len__(self) -> int:
        return len(self._pick(current()))


class _Deck(Sequence[int]):
    """The movement cards of ``current()`` (Table 3), looked up when used."""

    @overload
    def __getitem__(self, i: int) -> int: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[int]: ...

    def __getitem__(self, i: int | slice) -> int | Sequence[int]:
        return current().deck[i]

    def __len__(self) -> int:
        return len(current().deck)


TRACK: Mapping[int, Field] = _Table(lambda t: t.track)
MATRICES: Mapping[str, Matrix] = _Table(lambda t: t.matrices)
ERRATA: Mapping[str, Any] = _Table(lambda t: t.errata)
DECK: Sequence[int] = _Deck()
PRICE: Mapping[int, dict[str, int]] = _Table(lambda t: t.price)
PREMIUM: Mapping[str, int] = _Table(lambda t: t.premium)
EVENTS: Mapping[str, Any] = _Table(lambda t: t.events)
POLICY_CODES: tuple[str, ...] = tuple(f"{c}{t}" for c in CATEGORIES for t in TYPES)
RETURN_FEE: Mapping[int, int] = _Table(lambda t: t.return_fee)
ASCOT: Mapping[int, int] = _Table(lambda t: t.ascot)
WAR: Mapping[int, str] = _Table(lambda t: t.war)


def copies() -> int:
    """How many copies of each policy the box has (Table 4)."""
    return current().copies


def quarter(field: int) -> int:
    """The quarter the token stands in. Field 0 (the start of a year) counts as the first quarter."""
    return 1 if field == 0 else TRACK[field].quarter


def price(code: str, field: int) -> int:
    """Kurswert of policy ``code`` (e.g. ``"C2"``) while the token stands on ``field`` (Table 4)."""
    return PRICE[quarter(field)][code[0]]


def course_values(field: int) -> str:
    """The Kurswert of every category while the token stands on ``field`` (Table 4), as the issue and the sheet
    print it.

    >>> course_values(30)
    'quarter 3 (token on field 30): A 2, B 4, C 8, D 16 GE'
    """
    q = quarter(field)
    return f"quarter {q} (token on field {field}): " + ", ".join(f"{c} {PRICE[q][c]}" for c in CATEGORIES) + " GE"


def next_quarter(field: int) -> tuple[int, int] | None:
    """The first field of the next quarter and its number, or None in the fourth quarter (the year ends on 52)."""
    q = quarter(field)
    first = next((n for n in sorted(TRACK) if TRACK[n].quarter == q + 1), None)
    return None if first is None else (first, q + 1)
