"""A fleet's convoy of an army (``F Nth C A Lon - Bel``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypedDict

from ..board import VOID, Board, Outcome, Unit
from ..reading import Order, OrderError, Reader, Say
from ..tables import Map, display, province_of

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


@dataclass(frozen=True)
class BySea:
    """Where an army could be convoyed: each coast with the fleets of one shortest chain (``routes``), and every
    fleet of some chain (``fleets``: the ones the chains reach)."""

    routes: dict[str, list[Unit]]
    fleets: frozenset[Unit]


def routes_by_sea(m: Map, board: list[Unit]) -> dict[Unit, BySea]:
    """For each army on a coast, each coast the fleets now in convoy terrain could carry it to, with the fleets of
    one shortest chain (found breadth first: no fleet of it touches the army's coast but the first, none is
    next to a fleet two places before it, as ``Resolver._routes`` asks of a chain)."""
    terrains = m.data.get("convoy_terrain", ["sea"])
    fleets = [f for f in board if f.type == "fleet" and m.terrain(f.province) in terrains]
    out: dict[Unit, BySea] = {}
    for army in board:
        if army.type != "army" or m.terrain(army.province) != "coast":
            continue
        todo = [f for f in fleets if m.reaches_province("fleet", f.region, army.province)]
        chain = {f: [f] for f in todo}
        found: dict[str, list[Unit]] = {}
        while todo:
            f = todo.pop(0)
            for r in sorted(m.reach("fleet", f.region)):
                p = province_of(r)
                if p != army.province and m.terrain(p) == "coast" and p not in found:
                    found[p] = chain[f]
            for g in fleets:
                if g not in chain and m.reaches_province("fleet", f.region, g.province):
                    chain[g] = [*chain[f], g]
                    todo.append(g)
        if found:
            out[army] = BySea(found, frozenset(chain))
    return out


def page_options(m: Map, u: Unit, by_sea: Mapping[Unit, BySea]) -> list[str]:
    """What the orders page offers ``u`` of this kind in a movement phase: a fleet of a chain convoys each army
    the chain touches to each coast the chains reach (``routes_by_sea``)."""
    out = []
    for v, sea in by_sea.items():
        if u in sea.fleets:
            out += [f"{u} {m.text('C')} {v} - {display(p)}" for p in sorted(sea.routes, key=str.lower)
                    if p != u.province]
    return out
