"""The adjustments: a build (``Build A Par``), a removal (``Remove F Nth``) and a build waived (``Waive``), and
their phase: how many each power builds or removes, where it may build, civil disorder (rules 2023)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TypedDict

from ..reading import Order, OrderError, Reader, Say
from ..resolver import Judged, Unit
from ..tables import Map

# a build or removal beyond those due (league.check tells it from a build that can never be made): removals, builds
ALL_USED = ("all {n} removals are used", "all {n} builds are used")

# their keys of a structured entry (the orders' schema; ``structured`` reads them)
KEYS = {"build": {"type": "string", "description": "the unit to build: 'A Par' or 'F Stp/nc'"},
        "remove": {"type": "string", "description": "the unit to remove: 'F Nth'"},
        "waive": {"type": "boolean", "description": "true: give up one build"}}


class BuildKeys(TypedDict, total=False):
    """Its keys of a structured entry as the rules read them, typed as the schema admits them: a build, a removal or a
    build waived."""

    build: str
    remove: str
    waive: bool


def parse_opening(r: Reader, opening: str, power: str | None, text: str) -> Order:
    """An order opened by its word: ``Waive``, ``Build A Par``, ``Remove F Nth`` (``Disband F Nth`` the same)."""
    if opening == "waive":
        return Order("waive", power=power, text=text)
    ut = r.unit_type()
    if opening == "build" and ut is None:
        raise OrderError(r.m.say("say what to build in {order}", order=repr(text)),
                         r.m.say("write 'Build A Par' or 'Build F Stp/nc'"))
    return Order("build" if opening == "build" else "remove", ut, r.location(), power=power, text=text)


def parse(r: Reader, ut: str | None, region: str, power: str | None, text: str) -> Order:
    """``A Par build``: the build word after the unit."""
    return Order("build", ut, region, power=power, text=text)


def structured(e: BuildKeys, say: Say) -> str | None:
    if "build" in e:
        return f"Build {e['build']}"
    if "remove" in e:
        return f"Remove {e['remove']}"
    return "Waive" if e.get("waive") else None


@dataclass
class AdjustmentResult:
    judged: list[Judged]
    units: list[Unit]
    built: list[Unit] = field(default_factory=list)
    removed: list[Unit] = field(default_factory=list)
    civil_disorder: list[Unit] = field(default_factory=list)
    waived: dict[str, int] = field(default_factory=dict)


def adjustment_counts(units: list[Unit], owners: dict[str, str], powers: Iterable[str] | None = None
                      ) -> dict[str, int]:
    """Per power: supply centres owned minus units (positive: builds, negative: removals). With ``powers``,
    only those count: owners that are no power of the map (neutral units) are never built or removed here."""
    keep = None if powers is None else set(powers)
    out: dict[str, int] = {}
    for owner in owners.values():
        out[owner] = out.get(owner, 0) + 1
    for u in units:
        out[u.power] = out.get(u.power, 0) - 1
    return dict(sorted((p, n) for p, n in out.items() if keep is None or p in keep))


def buildable(m: Map, power: str, units: list[Unit], owners: dict[str, str]) -> list[str]:
    """Home centres of ``power`` it owns that no unit stands in."""
    occupied = {u.province for u in units}
    return [p for p in m.home_centres(power) if owners.get(p) == power and p not in occupied]


def resolve_adjustments(m: Map, units: list[Unit], owners: dict[str, str],
                        orders: list[tuple[str, Order | None, str]], civil_disorder: str = "owned"
                        ) -> AdjustmentResult:
    """Builds and removals handled one by one in the order written (DATC 6.I.1, 6.J.1); builds not
    ordered are waived; removals not ordered follow the civil-disorder rule."""
    say = m.say
    counts = adjustment_counts(units, owners, m.powers)
    now = list(units)
    judged: list[Judged] = []
    used: dict[str, int] = {}
    res = AdjustmentResult(judged, now)
    for power, order, text in orders:
        j = Judged(power, order, text)
        judged.append(j)
        owed = counts.get(power, 0)
        if order is None:
            j.result, j.reason = "invalid", say("cannot be read")
            continue
        kind = "remove" if order.kind == "disband" else order.kind
        if kind not in ("build", "remove", "waive"):
            j.result, j.reason = "invalid", say("not an order of an adjustment phase ({kind})", kind=m.text(order.kind))
        elif kind in ("build", "waive") and owed <= 0:
            j.result, j.reason = "invalid", say("no builds are due")
        elif kind == "remove" and owed >= 0:
            j.result, j.reason = "invalid", say("no removals are due")
        elif used.get(power, 0) >= abs(owed):
            j.result, j.reason = "fails", say(ALL_USED[owed > 0], n=abs(owed))
        elif kind == "waive":
            used[power] = used.get(power, 0) + 1
            res.waived[power] = res.waived.get(power, 0) + 1
            j.reason = say("build waived")
        elif kind == "build":
            why = _build_problem(m, power, order, now, owners)
            if why:
                j.result, j.reason = "fails", why
            else:
                used[power] = used.get(power, 0) + 1
                unit = Unit(power, order.unit_type or "army", order.region or "")
                now.append(unit)
                res.built.append(unit)
                j.reason = say("builds {unit}", unit=str(unit))
        else:
            target = next((u for u in now if u.province == order.province and u.power == power
                           and (order.unit_type in (None, u.type))), None)
            if target is None:
                j.result, j.reason = "fails", say("no such unit of yours")
            else:
                used[power] = used.get(power, 0) + 1
                now.remove(target)
                res.removed.append(target)
                j.reason = say("removes {unit}", unit=str(target))
    for power, owed in counts.items():
        if owed > 0 and used.get(power, 0) < owed:
            res.waived[power] = res.waived.get(power, 0) + owed - used.get(power, 0)
        if owed < 0:
            for victim in civil_disorder_removals(m, power, now, owners, -owed - used.get(power, 0), civil_disorder):
                now.remove(victim)
                res.civil_disorder.append(victim)
    res.units = sorted(now, key=lambda u: u.province)
    return res


def _build_problem(m: Map, power: str, order: Order, units: list[Unit], owners: dict[str, str]) -> str:
    prov, say = order.province or "", m.say
    if order.unit_type is None:
        return say("say A (army) or F (fleet)")
    if m.provinces[prov].get("home") != power:
        return say("{place} is not a home supply centre of yours", place=m.full_name(prov))
    if owners.get(prov) != power:
        return say("you do not own {place}", place=m.full_name(prov))
    if any(u.province == prov for u in units):
        return say("{place} is occupied", place=m.full_name(prov))
    regions = m.regions_of(prov, order.unit_type)
    if not regions:
        return say("an army cannot stand in {place}" if order.unit_type == "army"
                   else "a fleet cannot stand in {place}", place=m.full_name(prov))
    if order.region not in regions:
        return say("say which coast: {choices}", choices=say(" or ").join(regions))
    return ""


def civil_disorder_victim(m: Map, power: str, units: list[Unit], owners: dict[str, str],
                          measure: str = "owned") -> Unit | None:
    """The unit removed next in civil disorder: farthest from the power's owned (2023) or home supply
    centres, counting every border; fleets before armies at equal distance; then by province name.

    ``home-sea`` (the home rule as the DATC reads it, 6.J.5-6.J.6; issue 32): a fleet's distance counts only the
    moves a fleet can make, so it never crosses land; ``home`` as games set up before it counted (every border)."""
    mine = [u for u in units if u.power == power]
    if not mine:
        return None
    if measure in ("home", "home-sea"):
        targets = set(m.home_centres(power))
    else:
        targets = {p for p, o in owners.items() if o == power}
    dist = m.distances_to(targets)
    by_sea = m.fleet_distances_to(targets) if measure == "home-sea" else dist
    far = 10**6
    return min(mine, key=lambda u: (-(by_sea if u.type == "fleet" else dist).get(u.province, far),
                                    u.type != "fleet", m.full_name(u.province).lower()))


def civil_disorder_removals(m: Map, power: str, units: list[Unit], owners: dict[str, str], count: int,
                            measure: str = "owned") -> list[Unit]:
    """The ``count`` units civil disorder would remove, in order (fewer if the power has fewer)."""
    left, taken = list(units), []
    for _ in range(count):
        v = civil_disorder_victim(m, power, left, owners, measure)
        if v is None:
            break
        left.remove(v)
        taken.append(v)
    return taken
