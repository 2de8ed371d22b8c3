"""A dislodged unit's retreat (``A Par - Bur``, ``{unit: F Nth, retreat: Nwg}``) and the retreat phase: its
retreats, and its disbands (``disband.py`` reads those)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from ..reading import Order, Reader, Say
from ..resolver import ALREADY_ORDERED, Dislodged, Judged, Unit
from ..tables import Map, province_of
from . import move

# its key of a structured entry (the orders' schema; ``structured`` reads it)
KEYS = {"retreat": {"type": "string", "description": "where a dislodged unit retreats"}}


class RetreatKeys(TypedDict, total=False):
    """Its keys of a structured entry as the rules read them, typed as the schema admits them: the retreat."""

    retreat: str


def parse(r: Reader, ut: str | None, region: str, power: str | None, text: str) -> Order:
    """A retreat is written as a move: ``- Bur`` (or the map's retreat word)."""
    return move.parse(r, ut, region, power, text, "retreat")


def structured(e: RetreatKeys, unit: str, say: Say) -> str | None:
    return f"{unit} - {e['retreat']}" if "retreat" in e else None


@dataclass
class RetreatResult:
    judged: list[Judged]
    units: list[Unit]  # the units that retreated, at their new places
    disbanded: list[Unit]


def resolve_retreats(m: Map, dislodged: list[Dislodged], orders: list[tuple[str, Order | None, str]]
                     ) -> RetreatResult:
    """Retreat orders: a retreat to a free, uncontested province not the attacker's; two retreats to one
    province both disband; a dislodged unit without a (legal) retreat disbands."""
    say = m.say
    by_prov = {d.unit.province: d for d in dislodged}
    chosen: dict[str, tuple[Judged, str]] = {}  # province of the dislodged unit -> (judged, target region)
    judged: list[Judged] = []
    done: set[str] = set()
    for power, order, text in orders:
        j = Judged(power, order, text)
        judged.append(j)
        if order is None:
            j.result, j.reason = "invalid", say("cannot be read")
            continue
        d = by_prov.get(order.province or "")
        if order.kind not in ("move", "retreat", "disband", "remove"):
            j.result, j.reason = "invalid", say("not an order of a retreat phase ({kind})", kind=m.text(order.kind))
        elif d is None or d.unit.power != power:
            j.result, j.reason = "invalid", say("no dislodged unit of yours there")
        elif order.unit_type and order.unit_type != d.unit.type:
            j.result, j.reason = "invalid", say("the dislodged unit is {unit}", unit=str(d.unit))
        elif d.unit.province in done:
            j.result, j.reason = "invalid", say(ALREADY_ORDERED)
        elif order.kind in ("disband", "remove"):
            done.add(d.unit.province)
            j.reason = say("disbands")
        else:
            done.add(d.unit.province)
            target = _retreat_region(m, d, order.target or "")
            if target is None:
                j.result = "invalid"
                place = m.full_name(order.target or "")
                j.reason = (say("cannot retreat to {place}; the unit disbands (it may go to {choices})", place=place,
                                choices=", ".join(d.retreats)) if d.retreats
                            else say("cannot retreat to {place}; the unit disbands", place=place))
            else:
                chosen[d.unit.province] = (j, target)
    count: dict[str, int] = {}
    for _, target in chosen.values():
        count[province_of(target)] = count.get(province_of(target), 0) + 1
    units: list[Unit] = []
    for prov, (j, target) in chosen.items():
        if count[province_of(target)] > 1:
            j.result, j.reason = "fails", say("another unit retreats there too; both disband")
        else:
            j.reason = say("retreats to {place}", place=m.full_name(target))
            units.append(Unit(by_prov[prov].unit.power, by_prov[prov].unit.type, target))
    moved_from = {p for p, (j, _) in chosen.items() if j.result == "succeeds"}
    disbanded = [d.unit for d in dislodged if d.unit.province not in moved_from]
    return RetreatResult(judged, units, disbanded)


def _retreat_region(m: Map, d: Dislodged, target: str) -> str | None:
    if d.unit.type == "army":
        target = province_of(target)
    if target in d.retreats:
        return target
    options = [r for r in d.retreats if province_of(r) == target]
    return options[0] if len(options) == 1 and "/" not in target else None
