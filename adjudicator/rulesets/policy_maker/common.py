"""Lookups on a Policy Maker state shared by the other modules, and the one rounding rule."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .state import Colour, Sector, State
from .tables import JOKER


def sectors(state: State) -> list[str]:
    """Sector keys in board order."""
    return [s["key"] for s in state["board"]["sectors"]]


def sector(state: State, key: str) -> Sector:
    """The board entry of sector ``key``."""
    return next(s for s in state["board"]["sectors"] if s["key"] == key)


def kinds(state: State) -> list[str]:
    """Card kinds in a fixed order: the sectors, then the joker."""
    return [*sectors(state), JOKER]


def kind_name(state: State, kind: str) -> str:
    """``Education``, ``Joker``."""
    return "Joker" if kind == JOKER else sector(state, kind)["name"]


def government(state: State) -> str:
    return state["seats"]["government"]


def investys(state: State) -> list[str]:
    """Investy keys in turn order (from the Government's left)."""
    return list(state["seats"]["investys"])


def name(state: State, key: str) -> str:
    """A player's name as the table knows it."""
    return state["seats"]["names"][key]


def colour(state: State, key: str) -> Colour:
    """An Investy's colour: ``{"name": "Green", "hex": "#2e7d32"}``."""
    return state["investys"][key]["colour"]


def initiative(state: State, ident: str) -> dict[str, Any]:
    return next(c for c in state["board"]["initiatives"] if c["id"] == ident)


def goal(state: State, ident: str) -> dict[str, Any]:
    return next(c for c in state["board"]["goals"] if c["id"] == ident)


def field(state: State, key: str, sector_key: str) -> int:
    """The field of ``key``'s stone in a sector (0: not on the track yet)."""
    return state["tracks"][sector_key][key]


def in_danger_zone(state: State, key: str, sector_key: str) -> bool:
    """True if the stone stands on the darker fields of the sector (section "Marktmanipulation")."""
    return field(state, key, sector_key) >= sector(state, sector_key)["danger_from"]


def action(state: State) -> str:
    """The action on the timeline space the golden pyramid stands on."""
    return state["timeline"][state["timeline_index"]]


def action_name(state: State, key: str | None = None) -> str:
    return state["board"]["actions"][key or action(state)]["name"]


def round_half_up(x: Fraction) -> int:
    """Rounding a person applies by hand: halves go up (2.5 -> 3)."""
    return int((x + Fraction(1, 2)) // 1)


def fraction_text(x: Fraction) -> str:
    """The stored form of a score: ``"47/2"`` or ``"23"``."""
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def fraction_show(text: str) -> str:
    """A stored score for people: ``"47/2"`` -> ``"23½"``."""
    x = Fraction(text)
    whole = x.numerator // x.denominator
    rest = x - whole
    if rest == 0:
        return str(whole)
    if rest == Fraction(1, 2):
        return f"{whole}½"
    return f"{whole} {rest}"


def cards_text(state: State, hand: dict[str, int]) -> str:
    """``3 Education, 1 Joker (4 cards)``; ``no cards``."""
    parts = [f"{n} {kind_name(state, k)}" for k in kinds(state) if (n := hand.get(k, 0))]
    total = sum(hand.values())
    return f"{', '.join(parts)} ({total} card{'s' if total != 1 else ''})" if parts else "no cards"


def kinds_text(state: State, cards: list[str]) -> str:
    """``Education, Joker`` for a list of card kinds."""
    return ", ".join(kind_name(state, k) for k in cards) or "none"
