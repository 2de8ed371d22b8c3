"""A transformation (30JK section 7, maps whose ``order_types`` have it): ``A FAns T F/nc``, ``F Lin T A``. The
unit holds (and may be supported to hold); not dislodged, it becomes the other type at the end of the phase."""

from __future__ import annotations

from typing import TypedDict

from ..board import Board, Unit
from ..reading import Order, OrderError, Reader, Say
from ..tables import Map, province_of

# its key of a structured entry, on maps whose ``order_types`` have it (``structured`` reads it)
KEY = {"type": "string", "minLength": 1, "maxLength": 20,
       "description": "what the unit becomes, holding meanwhile: 'F', 'A', or 'F/nc' with the coast where the "
                      "province has two, e.g. {unit: A FAns, transform: F/nc} is 'A FAns T F/nc'"}


class TransformKeys(TypedDict, total=False):
    """Its keys of a structured entry as the rules read them, typed as the schema admits them: what the unit becomes."""

    transform: str


def check(b: Board, i: int, o: Order) -> str:
    """Why the unit cannot become ``o.other_type`` where it stands (empty if it can); its new unit is kept."""
    u, m = b.units[i], b.m
    new_type = o.other_type or ""
    if new_type == u.type and (o.target is None or o.target == u.region):
        return m.say("the unit already is an army there" if u.type == "army"
                     else "the unit already is a fleet there")
    regions = m.regions_of(u.province, new_type)
    if o.target:
        regions = [r for r in regions if r == o.target]
    if new_type == u.type:
        regions = [r for r in regions if r != u.region]
    if not regions:
        return m.say("an army cannot stand in {place}" if new_type == "army"
                     else "a fleet cannot stand in {place}", place=m.full_name(o.target or u.province))
    if len(regions) > 1:
        return m.say("say which coast the fleet takes: {choices}", choices=m.say(" or ").join(regions))
    b.transform_to[i] = Unit(u.power, new_type, regions[0])
    return ""


def parse(r: Reader, ut: str | None, region: str, power: str | None, text: str) -> Order:
    """``T F/nc``, ``T A``."""
    m = r.m
    new = r.word("army", "fleet")
    if new is None:
        raise OrderError(m.say("say what the unit becomes in {order}", order=repr(text)),
                         m.say("write 'A Xxx T F' or 'F Xxx T A'"))
    coast = None
    if r.take_token("/", "("):
        coast = r._coast()
        r.take_token("coast")
        r.take_token(")")
    elif r.peek_in(m.coast_words) and not r.there(r.i + 1):
        coast = r._coast()
    new_region = None
    if coast is not None:
        if coast not in m.coasts(province_of(region)):
            raise OrderError(m.say("{place} has no coast {coast}", place=m.full_name(province_of(region)),
                                   coast=repr(coast)), m.say("name the coast only for a province with two"))
        new_region = f"{province_of(region)}/{coast}"
    return Order("transform", ut, region, new_region, other_type=new, power=power, text=text)


def structured(e: TransformKeys, unit: str, say: Say) -> str | None:
    return f"{unit} T {e['transform']}" if "transform" in e else None


def page_options(m: Map, u: Unit) -> list[str]:
    """What the orders page offers ``u`` of this kind in a movement phase, where the map has it: each other type
    it may become, with the coast where the province has two."""
    if "transform" not in m.data.get("order_types", ()):
        return []
    out = []
    for kind, letter in (("army", "A"), ("fleet", "F")):
        regions = [r for r in m.regions_of(u.province, kind) if r != u.region]
        whole = len(m.regions_of(u.province, kind)) == 1
        out += [f"{u} T {letter}" if whole else f"{u} T {letter}/{r.partition('/')[2]}" for r in regions]
    return out
