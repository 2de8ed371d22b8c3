"""A support, to hold (``A Mun S A Ber``) or of a move (``A Mun S A Bur - Par``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict

from ..board import VOID, Board, Outcome, Unit
from ..reading import Order, Reader, Say
from ..tables import Map, display, province_of
from .convoy import BySea

# its key of a structured entry (the orders' schema; ``structured`` reads it)
KEYS = {"support": {"type": "string", "description": "the unit supported and its move: 'A Bur - Par' or 'A Bur'"}}


class SupportKeys(TypedDict, total=False):
    """Its keys of a structured entry as the rules read them, typed as the schema admits them: the support given."""

    support: str


def check(b: Board, i: int, o: Order) -> str:
    """Why the unit cannot give this support from where it stands (empty if it can); a legal one is put on
    the board."""
    u, m = b.units[i], b.m
    other = province_of(o.other or "")
    into = province_of(o.target) if o.target else other
    if other == u.province:
        return m.say("a unit cannot support itself")
    if into == u.province:
        return m.say("a unit cannot support a move into its own province")
    if not m.reaches_province(u.type, u.region, into):
        return m.say("{unit} cannot itself move to {place}, so it cannot support there", unit=str(u),
                     place=m.full_name(into))
    b.kind[i] = "support"
    b.sup_target[i] = into
    b.sup_move[i] = province_of(o.target) if o.target else None
    b.sup_coast[i] = o.target if o.target and "/" in o.target else None
    b.sup_unit[i] = b.at.get(other)
    return ""


def match(b: Board, i: int) -> str:
    """The support given to the order it names, or why it is void: no order matches it (its unit still stands
    there, and can be cut)."""
    say, j = b.m.say, b.sup_unit[i]
    if j is None:
        return say(VOID[1])
    if b.sup_move[i] is None:
        if b.kind[j] == "move":
            return say(VOID[2], unit=str(b.units[j]))
    elif b.kind[j] != "move" or b.dst[j] != b.sup_move[i]:
        return say(VOID[3], unit=str(b.units[j]), place=b.m.full_name(b.sup_move[i] or ""))
    elif b.sup_coast[i] and b.units[j].type == "fleet" and b.sup_coast[i] != b.dst_region[j]:
        # a coast written in a support must match the move (DATC 4.B.4, 6.B.9); none matches any
        return say(VOID[4], unit=str(b.units[j]), region=b.dst_region[j], coast=b.sup_coast[i])
    b.supports[j].append(i)
    return ""


def decide(b: Board, s: int) -> bool:
    """Is the support given: no move of another power into the supporter's province cuts it; one from where
    the support goes cannot cut it, only dislodge the supporter."""
    me = b.units[s]
    for k in b.moves_into.get(me.province, ()):
        if b.units[k].power == me.power:
            continue
        if b.units[k].province == b.sup_target[s]:
            if b.resolve(k):
                return False
            continue
        if b.by_convoy(k) and not b.has_path(k):
            continue
        return False
    return True


def report(b: Board, i: int, lost: bool, reason: str) -> tuple[Outcome, str]:
    """The support's result and reason (``reason``: why it is void, if it is)."""
    say = b.m.say
    if not b.result[i]:
        return "fails", say("dislodged" if lost else "support cut")
    return "succeeds", reason or say("support given")


def parse(r: Reader, ut: str | None, region: str, power: str | None, text: str) -> Order:
    """``S A Bur - Par``, ``S A Ber`` (a support to hold; ``to hold`` too)."""
    ot = r.unit_type()
    other = r.location()
    target = None
    # the longest phrase first: "A Mun S A Ber to hold" is a support to hold, "to" alone a move
    if r.word("move", "hold") == "move":
        target = r.location()
    return Order("support", ut, region, target, other_type=ot, other=other, power=power, text=text)


def structured(e: SupportKeys, unit: str, say: Say) -> str | None:
    return f"{unit} S {e['support']}" if "support" in e else None


def page_options(m: Map, u: Unit, board: list[Unit], by_sea: Mapping[Unit, BySea]) -> list[str]:
    """What the orders page offers ``u`` of this kind in a movement phase: the support of each unit it can reach
    holding, and of each move (by land or by sea, ``convoy.routes_by_sea``) to a province it can reach."""
    out = []
    for v in board:
        if v == u:
            continue
        if m.reaches_province(u.type, u.region, v.province):
            out.append(f"{u} {m.text('S')} {v}")
        into = {province_of(r) for r in m.reach(v.type, v.region)} | set(by_sea[v].routes if v in by_sea else ())
        targets = sorted(into - {u.province}, key=str.lower)
        out += [f"{u} {m.text('S')} {v} - {display(p)}" for p in targets if m.reaches_province(u.type, u.region, p)]
    return out
