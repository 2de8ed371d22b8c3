"""A fleet's convoy of an army (``F Nth C A Lon - Bel``)."""

from __future__ import annotations

from typing import TypedDict

from ..board import VOID, Board, Outcome
from ..mapdata import province_of
from ..reading import Order, OrderError, Reader, Say

# its key of a structured entry (the orders' schema; ``structured`` reads it)
KEYS = {"convoy": {"type": "string", "description": "the army convoyed and its move: 'A Lon - Bel'"}}


class ConvoyKeys(TypedDict, total=False):
    """Its keys of a structured entry as the rules read them, typed as the schema admits them: the convoy given."""

    convoy: str


def check(b: Board, i: int, o: Order) -> str:
    """Why the unit cannot convoy (empty if it can); a legal convoy is put on the board."""
    u, m = b.units[i], b.m
    if u.type != "fleet" or m.terrain(u.province) not in m.data.get("convoy_terrain", ["sea"]):
        return m.say("only a fleet at sea can convoy")
    if o.other_type == "fleet":
        return m.say("only armies can be convoyed")
    b.kind[i] = "convoy"
    b.sup_target[i] = province_of(o.target or "")
    b.sup_move[i] = province_of(o.target or "")
    b.sup_unit[i] = b.at.get(province_of(o.other or ""))
    return ""


def offered(b: Board) -> dict[tuple[str, str], list[int]]:
    """The convoying fleets by the army's province and destination they name."""
    out: dict[tuple[str, str], list[int]] = {}
    for i, kind in enumerate(b.kind):
        army = b.sup_unit[i]
        if kind == "convoy" and army is not None:
            out.setdefault((b.units[army].province, b.sup_move[i] or ""), []).append(i)
    return out


def match(b: Board, i: int) -> str:
    """Why the convoy is void (empty if a move's route goes through it)."""
    j = b.sup_unit[i]
    return b.m.say(VOID[0]) if j is None or i not in b.fleets_for[j] else ""


def decide(b: Board, i: int) -> bool:
    """Is the convoying fleet not dislodged."""
    return not any(b.resolve(k) for k in b.moves_into.get(b.units[i].province, ()))


def report(b: Board, i: int, lost: bool, reason: str) -> tuple[Outcome, str]:
    if not b.result[i]:
        return "fails", b.m.say("the fleet is dislodged")
    return "succeeds", reason or b.m.say("convoys")


def parse(r: Reader, ut: str | None, region: str, power: str | None, text: str) -> Order:
    """``C A Lon - Bel``."""
    ot = r.unit_type()
    other = r.location()
    if not r.take("move"):
        raise OrderError(r.m.say("a convoy needs a destination in {order}", order=repr(text)),
                         r.m.say("write 'F Nth C A Lon - Bel'"))
    return Order("convoy", ut, region, r.location(), other_type=ot, other=other, power=power, text=text)


def structured(e: ConvoyKeys, unit: str, say: Say) -> str | None:
    return f"{unit} C {e['convoy']}" if "convoy" in e else None
