"""A fleet's convoy of an army (``F Nth C A Lon - Bel``)."""

from __future__ import annotations

from ..board import VOID, Board, Outcome
from ..mapdata import province_of
from ..orders import Order


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
