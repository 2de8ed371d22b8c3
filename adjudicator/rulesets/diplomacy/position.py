"""One phase adjudicated from a position given as plain data (``turnpress diplomacy resolve``, ``cli/diplomacy.py``).

The position and orders come in as the mapping ``resolve`` read (YAML or JSON), the adjudication goes out as a
mapping; the shape of both is documented in ``site/rules/diplomacy.md``. No files, no printing: the command line
is the shell's.
"""

from __future__ import annotations

from typing import Any

from ...errors import TurnpressError
from ...kit.ruleset import RulesetError
from ...model import Player
from . import adjudicate
from .core import (
    Read,
    dislodged_from_data,
    dislodged_to_data,
    owners_from,
    read_orders,
    run_adjustments,
    run_movement,
    run_retreats,
    units_by_power,
    units_from,
)
from .notation import OrderError
from .resolver import Rules
from .rulebook import rulebook_for
from .setup import setup
from .tables import Map, available_maps, load_map, name_key, shipped


class PositionError(TurnpressError, ValueError):
    """A position file that cannot be adjudicated; ``resolve`` exits 2 with it."""


def power_key(m: Map, name: Any) -> str:
    text = str(name).strip().lower()
    for key, p in m.powers.items():
        if text in (key, str(p["name"]).lower(), str(p["abbreviation"]).lower()):
            return key
    if text in ("neutral",) or text.startswith("neutral") or text in m.data["start"].get("neutral_units", {}):
        return text
    raise PositionError(f"unknown power {name!r}; the map has {', '.join(m.powers)}")


def _centres(m: Map, power: Any, names: Any) -> list[str]:
    """The supply centres a position gives ``power``, as province keys: any case, abbreviation or full name
    (``BUD``, ``Budapest``); a name that is no province, or a province with no supply centre, is refused."""
    out = []
    for name in names or []:
        prov = m.names.get(name_key(str(name)))
        if prov is None:
            raise PositionError(f"supply_centres of {power}: no province named {str(name)!r}; write its "
                                "abbreviation (Bud) or full name (Budapest)")
        if not m.provinces[prov].get("supply_centre"):
            raise PositionError(f"supply_centres of {power}: {m.full_name(prov)} has no supply centre")
        out.append(prov)
    return out


def _phase_kind(value: Any) -> str:
    text = str(value or "movement").lower()
    for kind, words in (("retreat", ("retreat",)), ("adjustment", ("adjust", "build", "winter")),
                        ("movement", ("move", "main", "spring", "fall", "autumn"))):
        if any(w in text for w in words):
            return kind
    raise PositionError(f"unknown phase {value!r}; write movement, retreat or adjustment")


def resolve_position(data: dict[str, Any]) -> dict[str, Any]:
    """Adjudicate one phase given as plain data; the result as plain data (see the rules page)."""
    if not isinstance(data, dict):
        raise PositionError("the position must be a mapping with units and orders")
    name = str(data.get("map", "standard"))
    if name not in available_maps():
        raise PositionError(f"unknown map {name!r}; known: {', '.join(available_maps())}")
    m = load_map(name, shipped())
    kind = _phase_kind(data.get("phase"))
    if m.data.get("rulebook"):
        return _resolve_with_rulebook(m, kind, data)
    rules_in = data.get("rules") or {}
    rules = Rules(convoy_intent=str(rules_in.get("convoy_intent", "2023")))
    try:
        units = units_from(m, {power_key(m, p): list(v or []) for p, v in (data.get("units") or {}).items()})
    except OrderError as e:
        raise PositionError(f"{e.message} ({e.hint})") from None
    reads: list[Read] = []
    for power, entries in (data.get("orders") or {}).items():
        reads += read_orders(m, power_key(m, power), list(entries or []))
    powers = list(m.powers)
    out: dict[str, Any] = {"map": name, "phase": kind}
    if kind == "movement":
        res = run_movement(m, units, reads, rules)
        out["orders"] = res.results
        out["units"] = units_by_power(res.units, powers)
        out["dislodged"] = [dislodged_to_data(d) for d in res.dislodged]
        out["contested"] = res.contested
    elif kind == "retreat":
        contested = [str(c) for c in data.get("contested") or []]
        dislodged = dislodged_from_data(m, [{**e, "power": power_key(m, e["power"])}
                                            for e in data.get("dislodged") or []], units, contested)
        res = run_retreats(m, units, dislodged, reads)
        out["orders"] = res.results
        out["units"] = units_by_power(res.units, powers)
        out["disbanded"] = res.extra["disbanded"]
    else:
        owners = owners_from({power_key(m, p): _centres(m, p, v)
                              for p, v in (data.get("supply_centres") or {}).items()})
        measure = str(rules_in.get("civil_disorder", "owned"))
        res = run_adjustments(m, units, owners, reads, "home-sea" if measure == "home" else measure)
        out["orders"] = res.results
        out["units"] = units_by_power(res.units, powers)
        for key in ("built", "removed", "civil_disorder", "waived"):
            out[key] = res.extra[key]
    return out


def _resolve_with_rulebook(m: Map, kind: str, data: dict[str, Any]) -> dict[str, Any]:
    """A variant with rules beyond the map (30JK: religion, confessions, neutral units) is resolved as a game
    would be: a game is set up with one seat per power, the position written over it, and one phase adjudicated
    through the variant's rulebook. Religious actions are orders like any other; ``religion_points``,
    ``confessions`` and ``neutrals`` (neutral units' confessions) set what the position says of them."""
    players = [Player(p, p, p, i + 1, p) for i, p in enumerate(m.powers)]
    options = {"map": m.name, **{str(k): v for k, v in (data.get("options") or {}).items()}}
    try:
        state = setup(options, players, None, shipped())
    except RulesetError as e:
        raise PositionError(f"options: {e}") from None
    state["kind"] = kind
    state["season"] = str(data.get("season", state["season"])).capitalize()
    state["year"] = int(data.get("year") or state["year"])
    steps = [i for i, p in enumerate(m.phases()) if p["season"] == state["season"] and p["kind"] == kind]
    if not steps:
        raise PositionError(f"{m.title} has no {kind} phase in {state['season']}")
    state["step"] = steps[0]
    units = {power_key(m, p): [str(u) for u in v or []] for p, v in (data.get("units") or {}).items()}
    try:
        units_from(m, units)
    except OrderError as e:
        raise PositionError(f"{e.message} ({e.hint})") from None
    rulebook_for(m).position(m, state, data, units)
    state["units"] = {p: units.get(p, []) for p in [*m.powers, *state.get("neutrals", {})]}
    if data.get("supply_centres") is not None:
        state["supply_centres"] = {p: [] for p in state["supply_centres"]} | {
            power_key(m, p): _centres(m, p, v) for p, v in data["supply_centres"].items()}
    if kind == "retreat":
        state["dislodged"] = [{**e, "power": power_key(m, e["power"])} for e in data.get("dislodged") or []]
        state["contested"] = [str(c) for c in data.get("contested") or []]
    orders = {power_key(m, p): list(v or []) for p, v in (data.get("orders") or {}).items()}
    try:
        result = adjudicate.adjudicate(m, state, orders)
    except RulesetError as e:
        raise PositionError(str(e)) from None
    new, report = result.state, result.report
    out: dict[str, Any] = {"map": m.name, "phase": kind, "orders": report["results"], "units": new["units"]}
    for key in ("dislodged", "disbanded", "built", "removed", "civil_disorder", "waived", "religious_warfare",
                "confessions_changed", "neutral_retreats", "neutrals_dissolved", "centre_changes"):
        if key in report:
            out[key] = report[key]
    out["neutrals"] = new.get("neutrals", {})
    out["confessions"] = {p: c["confession"] for p, c in new.get("confessions", {}).items()}
    out["religion_points"] = {p: v.get("religion_points", 0) for p, v in sorted(new.get("private", {}).items())}
    out["religion"] = {p: v["lines"] for p, v in sorted(report.get("private", {}).items()) if v.get("lines")}
    return out
