"""One phase of a game, from plain data to plain data: the shared core of the league hooks and `resolve`.

A *position* is plain data: ``units`` per power (``["A vie", "F stp/sc"]``), ``supply_centres`` per power,
and for a retreat phase the ``dislodged`` units with the province their attacker came from and the
provinces ``contested`` by a standoff. ``run_phase`` reads orders (text or structured) and returns the
judged orders and the position after the phase.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypedDict

from .kinds.build import resolve_adjustments
from .kinds.retreat import resolve_retreats
from .notation import Order, OrderError, judge_notation, read_order, structured_to_text
from .resolver import Dislodged, Judged, Movement, Outcome, Rules, Unit
from .tables import Map, province_of

KINDS = ("movement", "retreat", "adjustment")
# The most positions a map keeps the units of (``Map.unit_lists``); beyond it they are dropped and kept anew
KEPT_POSITIONS = 256


def unit_text(u: Unit) -> str:
    """``Unit`` -> ``"F stp/sc"`` (the form positions store)."""
    return ("A " if u.type == "army" else "F ") + u.region


def parse_unit(m: Map, power: str, text: str) -> Unit:
    """``"F stp/sc"`` (or ``"Fleet St Petersburg (sc)"``) -> ``Unit``; raises ``OrderError``. A text read once is
    not read again (``Map.unit_reads``: the reading is pure in the map and the text)."""
    known = m.unit_reads.get(str(text))
    if known is not None:
        return Unit(power, *known)
    unit = _read_unit(m, power, str(text))
    m.unit_reads[str(text)] = (unit.type, unit.region)
    return unit


def _read_unit(m: Map, power: str, text: str) -> Unit:
    order = read_order(m, text)
    if order.kind != "hold" or order.unit_type is None or order.region is None:
        raise OrderError(m.say("cannot read the unit {unit}", unit=repr(text)),
                         m.say("write a unit as 'A par' or 'F stp/sc'"))
    region = order.region
    if order.unit_type == "army":
        region = province_of(region)
    elif region not in m.regions_of(province_of(region), "fleet"):
        raise OrderError(m.say("a fleet cannot stand on {region}", region=region),
                         m.say("name the coast, e.g. 'F stp/sc'"))
    return Unit(power, order.unit_type, region)


def units_from(m: Map, units: dict[str, list[str]]) -> list[Unit]:
    """The units of a position's ``units`` (power -> unit texts), in its order. A position read once on a map is
    not read again (``Map.unit_lists``): ``check`` reads the same one in every run, a few hundred a player for the
    orders page's verdicts (issue 33)."""
    try:
        key = tuple((power, tuple(texts)) for power, texts in units.items())
        known = m.unit_lists.get(key)
    except TypeError:  # an unhashable text (a hand-written position): read as it is
        return [parse_unit(m, power, t) for power in units for t in units[power]]
    if known is None:
        known = tuple(parse_unit(m, power, t) for power in units for t in units[power])
        if len(m.unit_lists) >= KEPT_POSITIONS:
            m.unit_lists.clear()
        m.unit_lists[key] = known
    return list(known)


def units_by_power(units: list[Unit], powers: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {p: [] for p in powers}
    for u in sorted(units, key=lambda u: u.region):
        out.setdefault(u.power, []).append(unit_text(u))
    return out


def owners_from(centres: dict[str, list[str]]) -> dict[str, str]:
    return {p: power for power, provs in centres.items() for p in provs}


def centres_by_power(owners: dict[str, str], powers: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {p: [] for p in powers}
    for prov in sorted(owners):
        out.setdefault(owners[prov], []).append(prov)
    return out


@dataclass
class Read:
    """One order entry of one power: the order (``None`` if unreadable), its text and any read error."""

    power: str
    order: Order | None
    text: str
    error: str = ""
    hint: str = ""
    default: bool = False


def _entry_text(entry: object) -> str:
    """A structured entry as the text it stands for (what receipts show when it cannot be read further)."""
    if isinstance(entry, dict):
        try:
            return structured_to_text(entry)
        except OrderError:
            pass
    return str(entry)


def read_orders(m: Map, power: str, entries: Sequence[object]) -> list[Read]:
    """Each entry of an orders file (as written: ``rulebook.Numbered``) read as ``power``'s order, or why not."""
    out = []
    for entry in entries:
        text = entry if isinstance(entry, str) else _entry_text(entry)
        try:
            order = read_order(m, entry)
        except OrderError as e:
            out.append(Read(power, None, text, e.message, e.hint))
            continue
        if order.power and order.power != power:
            out.append(Read(power, None, text, m.say("this order is for {other}, not {power}", other=order.power,
                                                     power=power), m.say("write only orders for {power}", power=power)))
            continue
        out.append(Read(power, order, text))
    return out


class ResultRow(TypedDict):
    """One order in a phase's report (``results``): whose, as the judge writes it, as the player wrote it, what
    became of it and why."""

    power: str
    order: str
    text: str
    result: Outcome
    reason: str


@dataclass
class PhaseResult:
    """What a phase did, as plain data for reports and the `resolve` command."""

    results: list[ResultRow]
    units: list[Unit]
    dislodged: list[Dislodged] = field(default_factory=list)
    contested: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)


def _result_rows(m: Map, reads: list[Read], judged: list[Judged]) -> list[ResultRow]:
    rows: list[ResultRow] = []
    for r, j in zip(reads, judged, strict=True):
        reason = r.error or j.reason
        if r.default:
            reason = m.say("no order: {reason}", reason=reason)
        rows.append({"power": r.power, "order": judge_notation(r.order) if r.order else r.text,
                     "text": r.text, "result": "invalid" if r.error else j.result, "reason": reason})
    return rows


def run_movement(m: Map, units: list[Unit], reads: list[Read], rules: Rules) -> PhaseResult:
    ordered = {(r.power, r.order.province) for r in reads if r.order and r.order.kind in KIND_MOVE}
    reads = list(reads) + [Read(u.power, Order("hold", u.type, u.region, text=f"{unit_text(u)} H"),
                                f"{unit_text(u)} H", default=True)
                           for u in sorted(units, key=lambda u: (u.power, u.region))
                           if (u.power, u.province) not in ordered]
    res = Movement(m, units, [(r.power, r.order, r.text) for r in reads], rules).run()
    return PhaseResult(_result_rows(m, reads, res.judged), res.units, res.dislodged, res.contested)


def movement_legality(m: Map, units: list[Unit], reads: list[Read], rules: Rules) -> list[ResultRow]:
    """The rows of ``reads`` as ``run_movement`` judges them where they are invalid (result and reason); a legal
    order's row says "succeeds" and no more (``Movement.legality``: nothing is resolved). For ``check``, which
    reads no other row: the orders page's verdicts run it a few hundred times a player (issue 33). The holds
    ``run_movement`` adds for the units without an order are left out: they come after ``reads``, and whether an
    order is legal depends on the board and the orders before it, not on the orders after it."""
    judged = Movement(m, units, [(r.power, r.order, r.text) for r in reads], rules).legality()
    return _result_rows(m, reads, judged)


KIND_MOVE = ("hold", "move", "support", "convoy", "transform")


def run_retreats(m: Map, units: list[Unit], dislodged: list[Dislodged], reads: list[Read]) -> PhaseResult:
    ordered = {(r.power, r.order.province) for r in reads if r.order}
    reads = list(reads) + [Read(d.unit.power, Order("disband", d.unit.type, d.unit.region),
                                f"{unit_text(d.unit)} disband", default=True)
                           for d in dislodged if (d.unit.power, d.unit.province) not in ordered]
    rr = resolve_retreats(m, dislodged, [(r.power, r.order, r.text) for r in reads])
    return PhaseResult(_result_rows(m, reads, rr.judged), sorted(units + rr.units, key=lambda u: u.province),
                       extra={"disbanded": [unit_text(u) for u in rr.disbanded],
                              "disbanded_by_power": _by_power(rr.disbanded)})


def run_adjustments(m: Map, units: list[Unit], owners: dict[str, str], reads: list[Read],
                    civil_disorder: str) -> PhaseResult:
    ar = resolve_adjustments(m, units, owners, [(r.power, r.order, r.text) for r in reads], civil_disorder)
    return PhaseResult(_result_rows(m, reads, ar.judged), ar.units, extra={
        "built": _by_power(ar.built), "removed": _by_power(ar.removed),
        "civil_disorder": _by_power(ar.civil_disorder), "waived": dict(sorted(ar.waived.items()))})


def _by_power(units: list[Unit]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for u in units:
        out.setdefault(u.power, []).append(unit_text(u))
    return dict(sorted(out.items()))


def dislodged_to_data(d: Dislodged) -> dict[str, Any]:
    return {"power": d.unit.power, "unit": unit_text(d.unit), "attacker_from": d.attacker_from,
            "retreats": list(d.retreats)}


def dislodged_from_data(m: Map, entries: list[dict[str, Any]], units: list[Unit],
                        contested: list[str]) -> list[Dislodged]:
    """Dislodged units from plain data; retreats are computed unless given."""
    occupied = {u.province for u in units}
    out = []
    for e in entries:
        unit = parse_unit(m, str(e["power"]), str(e["unit"]))
        came = e.get("attacker_from")
        if "retreats" in e:
            retreats = [str(r) for r in e["retreats"]]
        else:
            retreats = [r for r in sorted(m.reach(unit.type, unit.region)) if province_of(r) not in occupied
                        and province_of(r) != came and province_of(r) not in contested]
        out.append(Dislodged(unit, str(came) if came else None, retreats))
    return out
