"""A move, by land or by convoy (``A Par - Bur``, ``A Lon - Bel via convoy``); on maps with rivers a fleet's
double move downstream (``F Lun - Ham - ElbM``, 30JK section 4)."""

from __future__ import annotations

from typing import TypedDict

from ..board import Board, Outcome, Unit, written
from ..reading import Order, OrderError, Reader, Say
from ..tables import Map, display, province_of
from .convoy import BySea

# its keys of a structured entry (the orders' schema; ``structured`` reads them)
KEYS = {"move": {"type": "string", "description": "where the unit moves, e.g. 'Bur' or 'Spa/nc'"},
        "via_convoy": {"type": "boolean", "description": "true: the army moves by convoy even next door"}}
# a fleet's double move downstream, on maps whose ``order_types`` have it
DOUBLE_MOVE_KEY = {"type": "string", "minLength": 1, "maxLength": 60,
                   "description": "a fleet's double move downstream: the province it passes, with move: the target, "
                                  "e.g. {unit: F Lun, via: Ham, move: ElbM} is 'F Lun - Ham - ElbM'"}


class MoveKeys(TypedDict, total=False):
    """Its keys of a structured entry as the rules read them, typed as the schema admits them: a move; ``via`` a double
    move's province passed, on maps with rivers."""

    move: str
    via_convoy: bool
    via: str


def check(b: Board, i: int, o: Order) -> str:
    """Why the move cannot be ordered from where the unit stands (empty if it can); a legal move is put on the
    board (DATC 4.E.1: an illegal order is ignored, the unit holds)."""
    u, m = b.units[i], b.m
    say = m.say
    target = o.target or ""
    dprov = province_of(target)
    if dprov == u.province:
        return say("a unit cannot move to the province it is in")
    if o.via and not m.river_points:
        # a map without rivers has no double move: the player meant a convoy route or a typo (issue 32)
        return say("a unit moves to one neighbouring province; an army going by sea names only its "
                   "destination ({example})", example=f"A {display(u.province)} - {display(dprov)} via convoy")
    if u.type == "army" and o.via:
        return say("only a fleet moves two fields along a river")
    if u.type == "army":
        why = _army(b, i, o, dprov)
    elif o.via:
        why = _double_move(b, i, o, dprov)
    else:
        why = _fleet(b, i, o, dprov)
    if why:
        return why
    b.kind[i] = "move"
    b.dst[i] = dprov
    return ""


def _army(b: Board, i: int, o: Order, dprov: str) -> str:
    u, m = b.units[i], b.m
    if "/" in (o.target or "") and b.rules.strict_coasts:
        return m.say("an army does not go to a coast")
    if o.via_convoy or not m.can_move("army", u.region, dprov):
        if (m.terrain(u.province) != "coast" or m.terrain(dprov) != "coast"
                or not b.routes(u.province, dprov, b.sea_fleets())):
            return m.say("{place} is not next to {here} and no fleets could convoy there",
                         place=m.full_name(dprov), here=m.full_name(u.province))
        b.convoyed[i] = True
    b.dst_region[i] = dprov
    return ""


def _double_move(b: Board, i: int, o: Order, dprov: str) -> str:
    u, m = b.units[i], b.m
    if o.via_convoy:
        return m.say("only armies can be convoyed")
    reached = m.double_move(u.region, o.via or "", o.target or "")
    if reached is None:
        return m.say("{order} is no double move: the fleet goes two fields down a river (crossing it on the "
                     "way is allowed, going upstream is not), from a river field to a river field or its mouth",
                     order=f"F {display(u.province)} - {display(province_of(o.via or ''))} - {display(dprov)}")
    b.dst_region[i] = reached
    return ""


def _fleet(b: Board, i: int, o: Order, dprov: str) -> str:
    u, m = b.units[i], b.m
    say = m.say
    target = o.target or ""
    if o.via_convoy:
        return say("only armies can be convoyed")
    options = [r for r in m.regions_of(dprov, "fleet") if m.can_move("fleet", u.region, r)]
    if "/" in target:
        options = [r for r in options if r == target]
    elif b.rules.require_coast and len(m.regions_of(dprov, "fleet")) > 1:
        return say("say which coast of {place}", place=m.full_name(dprov))
    if not options:
        return say("a fleet on {region} cannot reach {target}", region=m.full_name(u.region),
                   target=m.full_name(target))
    if len(options) > 1:
        return say("say which coast of {place}: {choices}", place=m.full_name(dprov),
                   choices=say(" or ").join(options))
    b.dst_region[i] = options[0]
    return ""


def match(b: Board, i: int, convoys_for: dict[tuple[str, str], list[int]]) -> None:
    """An army's move and the convoys ordered for it: whether it goes by convoy (the rules' ``convoy_intent``)
    and through which fleets; a move with no ordered route is legal but fails, and gets no hold support
    (DATC 6.D.8)."""
    if b.units[i].type != "army":
        return
    src, dst = b.units[i].province, b.dst[i] or ""
    needed = {f for r in b.routes(src, dst, b.sea_fleets()) for f in r}
    fleets = [f for f in convoys_for.get((src, dst), []) if f in needed]
    overland = b.m.can_move("army", b.units[i].region, dst)
    if overland and not b.convoyed[i] and fleets:
        if b.rules.convoy_intent == "1971":
            j = b.at.get(dst)
            if j is not None and b.kind[j] == "move" and b.dst[j] == src:
                b.flex.add(i)
        elif b.rules.convoy_intent == "2023" and any(b.units[f].power == b.units[i].power for f in fleets):
            b.convoyed[i] = True
    if b.convoyed[i] or i in b.flex:
        b.fleets_for[i] = sorted({f for r in b.routes(src, dst, fleets) for f in r})


def decide(b: Board, i: int) -> bool:
    """Does the move succeed: a convoy route if it needs one, more strength than the hold of its target (or
    than the head-to-head opponent's attack) and than every other move's prevent strength there."""
    if b.by_convoy(i) and not b.has_path(i):
        return False
    attack = b.attack(i)
    j = b.h2h(i)
    if j is not None:
        if attack <= 1 + b.count(b.supports[j]):
            return False
    elif attack <= b.hold(b.dst[i] or ""):
        return False
    return all(attack > b.prevent(k) for k in b.moves_into[b.dst[i] or ""] if k != i)


def report(b: Board, i: int, moved: bool) -> tuple[Outcome, str]:
    """The move's result and reason."""
    say = b.m.say
    if moved:
        return "succeeds", say("moves to {place}", place=b.m.full_name(b.dst_region[i] or ""))
    reason = say("bounces")
    if b.by_convoy(i) and not b.has_path(i):
        reason = say("no convoy route is ordered" if not b.fleets_for[i] else "the convoy is disrupted")
    if i in b.paradox:
        reason = say("convoy paradox: the convoyed army stays (Szykman rule)")
    return "fails", reason


def parse(r: Reader, ut: str | None, region: str, power: str | None, text: str, kind: str = "move") -> Order:
    """``- Bur``, ``- Edi via convoy``, a double move ``- Ham - ElbM`` (``kind``: move, or retreat)."""
    target = r.location()
    passed = None
    if kind == "move" and r.take("move"):
        passed, target = target, r.location()
    via = False
    if r.take("via_convoy"):
        via = True
    elif r.peek_in(("via", "by")):
        raise OrderError(r.m.say("cannot read {order}", order=repr(text)),
                         r.m.say("write 'via convoy' after the destination"))
    return Order(kind, ut, region, target, via_convoy=via, power=power, text=text, via=passed)


def structured(e: MoveKeys, unit: str, say: Say) -> str | None:
    """``{unit: A Par, move: Bur}`` (``via_convoy: true``), a double move ``{unit: F Lun, via: Ham, move: ElbM}``."""
    if "via" in e:
        # a double move downstream (30JK section 4): the fleet passes ``via`` and ends in ``move``
        if "move" not in e:
            raise OrderError(say("a double move needs its target"),
                             say("write e.g. {{unit: F Lun, via: Ham, move: ElbM}}"))
        if e.get("via_convoy"):
            raise OrderError(say("a double move is the fleet's own move, not a convoy"), say("leave out via_convoy"))
        return f"{unit} - {e['via']} - {e['move']}"
    if "move" in e:
        return f"{unit} - {e['move']}" + (" via convoy" if e.get("via_convoy") else "")
    return None


def destinations(m: Map, u: Unit) -> list[str]:
    """Where ``u`` can move in one step, as the sheet writes it (an army names provinces, a fleet coasts)."""
    found = {display(province_of(r)) if u.type == "army" or "/" not in r else written(r)
             for r in m.reach(u.type, u.region)}
    return sorted(found, key=str.lower)


def page_options(m: Map, u: Unit, sea: BySea | None) -> list[str]:
    """What the orders page offers ``u`` of this kind in a movement phase: each move in one step, and an army's
    each move across the water (``sea``, ``convoy.routes_by_sea``), ``via convoy`` where the coast is next to it
    too."""
    out = [f"{u} - {d}" for d in destinations(m, u)]
    if sea is not None:
        via = m.text("via convoy")
        out += [f"{u} - {display(p)}" + (f" {via}" if m.can_move("army", u.region, p) else "")
                for p in sorted(sea.routes, key=str.lower)]
    return out


def page_options_downstream(m: Map, u: Unit) -> list[str]:
    """A fleet's double moves down a river, where the map has them (30JK section 4): offered after the
    transformations, as the page has always listed them."""
    if "double_move" not in m.data.get("order_types", ()) or u.type != "fleet":
        return []
    found = set()
    for via in m.reach("fleet", u.region):
        for dst in m.reach("fleet", via):
            reached = m.double_move(u.region, province_of(via), dst)
            if reached and province_of(reached) != u.province:
                found.add(f"{u} - {display(province_of(via))} - {written(reached)}")
    return sorted(found, key=str.lower)
