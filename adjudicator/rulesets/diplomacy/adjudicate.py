"""The Diplomacy ruleset as the league sees it: seats, phases, orders files, turns and the newsletter."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from ...kit.gamedata import GameData
from ...kit.ruleset import RulesetError
from ...model import Phase, TurnResult
from .core import (
    Read,
    centres_by_power,
    dislodged_from_data,
    dislodged_to_data,
    owners_from,
    parse_unit,
    read_orders,
    run_adjustments,
    run_movement,
    run_retreats,
    units_by_power,
    units_from,
)
from .kinds import votes
from .kinds.build import adjustment_counts, buildable
from .kinds.votes import VOTES, standing_votes
from .resolver import Rules
from .rulebook import Numbered, Rulebook, rulebook_for
from .state import State, typed
from .tables import Map, display, load_map, province_of


def civil_measure(state: State) -> str:
    """What civil-disorder distances count: ``owned``, ``home-sea`` (home centres, a fleet by sea; games set up
    since issue 32) or ``home`` (home centres over every border, as older games counted)."""
    measure = str(state["rules"]["civil_disorder"])
    return "home-sea" if measure == "home" and state["rules"].get("fleets_by_sea") else measure


def map_of(data: GameData, state: State) -> Map:
    """The map ``state`` is played on, read from ``data``: the copies the game pinned at its set-up."""
    return load_map(str(state["map"]), data)


def _book(m: Map) -> Rulebook:
    return rulebook_for(m)


ENGLISH_KINDS = {"movement": "Movement", "retreat": "Retreats", "adjustment": "Adjustments"}


def label_words(m: Map, language: str | None) -> dict[str, Any] | None:
    """The map's own words for its phase labels in ``language`` (``calendar: labels:``), or None for English."""
    if not language:
        return None
    words = m.data["calendar"].get("labels", {}).get(language)
    return dict(words) if words else None


def phase_label(m: Map, season: str, year: int, kind: str, language: str | None = None) -> str:
    """``Spring 1901 Movement``, or in the map's words for ``language`` (30JK ``de``: ``Frühling 1619: Züge``)."""
    words = label_words(m, language)
    if words is None:
        return f"{season} {year} {ENGLISH_KINDS[kind]}"
    return str(words["format"]).format(season=words["seasons"].get(season, season), year=year,
                                       kind=words["kinds"][kind])


def label(m: Map, state: State) -> str:
    # a game started without the option keeps English labels: its committed reports name its phases so (a new
    # game on a map with a language of its own stores it: ``setup``)
    return phase_label(m, str(state["season"]), int(state["year"]), str(state["kind"]),
                       state["rules"].get("labels"))


def unseat(state: State, player: str) -> State:
    new = copy.deepcopy(state)
    new["seats"].pop(player, None)
    return new


def _power_for(state: State, player: str) -> str | None:
    return state["seats"].get(player)


def _player_for(state: State, power: str) -> str | None:
    return next((k for k, p in state["seats"].items() if p == power), None)


def due_powers(m: Map, state: State) -> list[str]:
    """Powers that have orders to give in the open phase."""
    if state.get("result"):
        return []
    if state["kind"] == "movement":
        return [p for p in m.powers if state["units"].get(p)]
    if state["kind"] == "retreat":
        return sorted({d["power"] for d in state["dislodged"]})
    units = units_from(m, state["units"])
    owners = owners_from(state["supply_centres"])
    counts = adjustment_counts(units, owners, m.powers)
    return [p for p, n in counts.items() if n < 0 or (n > 0 and buildable(m, p, units, owners))]


def phase(m: Map, state: State) -> Phase:
    if state.get("result"):
        return Phase(f"{label(m, state)} — {_result_text(m, state)}", (), finished=True, kind=str(state["kind"]))
    awaited = tuple(sorted(k for k, p in state["seats"].items() if p in due_powers(m, state)))
    return Phase(label(m, state), awaited, kind=str(state["kind"]))


def result(m: Map, state: State) -> dict[str, Any] | None:
    """How the game ended (``outcome.HasResult``): a solo victory, or a draw and the powers that share it, each
    named by the seat that plays it (a power in civil disorder by its own name)."""
    r = state.get("result")
    if not r:
        return None

    def seat(power: str) -> str:
        return _player_for(state, power) or (str(m.powers[power]["name"]) if power in m.powers else power)

    if r["kind"] == "victory":
        conceded = {"conceded_by": [seat(p) for p in r["conceded_by"]]} if r.get("conceded_by") else {}
        return {"kind": "win", "seats": [seat(r["winner"])], **conceded}
    return {"kind": "draw", "seats": [seat(p) for p in r["powers"]]}


def _result_text(m: Map, state: State) -> str:
    r = state["result"]
    assert r is not None, "called for a finished game only"
    words = label_words(m, state["rules"].get("labels"))
    if words is None or not words.get("victory") or not words.get("draw"):
        return "game over, " + (f"won by {r['winner']}" if r["kind"] == "victory"
                                else f"drawn ({', '.join(r['powers'])})")

    def name(p: str) -> str:
        return str(m.powers[p]["name"]) if p in m.powers else p

    if r["kind"] == "victory":
        return str(words["victory"]).format(winner=name(r["winner"]))
    return str(words["draw"]).format(powers=", ".join(name(p) for p in r["powers"]))


def _entries(orders: object) -> list[object]:
    """The entries of an orders file as written: the list itself, or the list under ``orders:``."""
    if orders is None:
        return []
    if isinstance(orders, list):
        return list(orders)
    if isinstance(orders, dict) and isinstance(orders.get("orders"), list):
        return list(orders["orders"])
    return []


def _rules(state: State) -> Rules:
    return Rules(convoy_intent=str(state["rules"]["convoy_intent"]))


# ----- adjudication and the calendar --------------------------------------------------------------------

def adjudicate(m: Map, state: State, orders: Mapping[str, object]) -> TurnResult:
    if state.get("result"):
        raise RulesetError("the game is over")
    book = _book(m)
    new = copy.deepcopy(state)
    reads: list[Read] = []
    drawers: list[str] = []
    cast: dict[str, tuple[str, str | None]] = {}  # power -> its vote of this turn: (kind, the power conceded to)
    extras: dict[str, Numbered] = {}
    public_orders: dict[str, list[object]] = {}
    for player in sorted(orders):
        power = _power_for(state, player)
        if power is None:
            continue
        mine, extras[power] = book.split(m, _entries(orders[player]))
        public_orders[player] = [copy.deepcopy(e) for _, e in mine]
        for r in read_orders(m, power, [e for _, e in mine]):
            if r.order and r.order.kind == "draw":
                if state["kind"] == "movement":
                    drawers.append(power)
                cast[power] = ("draw", None)
                continue
            if r.order and r.order.kind in VOTES:
                cast[power] = (r.order.kind, r.order.target)
                continue
            reads.append(r)
    units = units_from(m, state["units"])
    powers = list(m.powers)
    # the variant's own entries (religious actions) stay out of the public report: they may reveal secrets
    report: dict[str, Any] = {"phase": label(m, state), "kind": state["kind"], "season": state["season"],
                              "year": state["year"],
                              "orders": {k: public_orders.get(k, []) for k in sorted(orders)}}
    new["dislodged"], new["contested"] = [], []
    if state["kind"] == "movement":
        units, reads = book.before_movement(m, state, new, units, reads, extras, report)
        res = run_movement(m, units, reads, _rules(state))
        report["results"] = res.results
        report["dislodged"] = [dislodged_to_data(d) for d in res.dislodged]
        new["units"] = units_by_power(res.units, powers)
        # a unit with nowhere to go disbands at once; only the others need a retreat phase
        stranded = [d for d in report["dislodged"] if not d["retreats"]]
        if stranded:
            report["disbanded"] = {}
            for d in stranded:
                report["disbanded"].setdefault(d["power"], []).append(d["unit"])
        new["dislodged"] = [d for d in report["dislodged"] if d["retreats"]]
        new["contested"] = res.contested
    elif state["kind"] == "retreat":
        dislodged = dislodged_from_data(m, state["dislodged"], units, state["contested"])
        res = run_retreats(m, units, dislodged, reads + book.retreat_reads(m, state, dislodged, reads))
        report["results"] = res.results
        report["disbanded"] = res.extra["disbanded_by_power"]
        new["units"] = units_by_power(res.units, powers)
    else:
        res = run_adjustments(m, units, owners_from(state["supply_centres"]), reads, civil_measure(state))
        report["results"] = res.results
        for key in ("built", "removed", "civil_disorder", "waived"):
            report[key] = res.extra[key]
        new["units"] = units_by_power(res.units, powers)
    book.after_phase(m, state, new, report)
    _advance(m, new, report)
    if standing_votes(m):
        votes.count_standing(m, new, report, cast)
    else:
        votes.count_proposals(m, new, report, drawers, state["kind"])
    report["supply_centres"] = {p: len(v) for p, v in new["supply_centres"].items()}
    report["next"] = phase(m, new).label
    return TurnResult(typed.plain(new), report)


def _advance(m: Map, s: State, report: dict[str, Any]) -> None:
    """Move to the next phase that has something to do; owners change and victory is checked on the way."""
    if s["kind"] == "movement" and s["dislodged"]:
        _goto(m, s, "retreat")
        if s["kind"] == "retreat":
            return
    if s["kind"] in ("movement", "retreat"):
        _end_of_season(m, s, report)
        if s.get("result"):
            return
    skipped: list[str] = []
    while True:
        _next_step(m, s, m.phases())
        if s["kind"] == "adjustment" and (not m.adjustment_year(s["year"]) or not due_powers(m, s)):
            skipped.append(label(m, s))
            continue
        break
    if skipped:
        report["skipped"] = skipped


def _goto(m: Map, s: State, kind: str) -> None:
    cal = m.phases()
    for i in range(s["step"] + 1, len(cal)):
        if cal[i]["kind"] == kind and cal[i]["season"] == s["season"]:
            s["step"], s["kind"] = i, kind
            return


def _next_step(m: Map, s: State, cal: list[dict[str, Any]]) -> None:
    step = s["step"] + 1
    while step < len(cal) and cal[step]["season"] == s["season"] and cal[step]["kind"] == "retreat":
        step += 1
    if step >= len(cal):
        step = 0
        s["year"] += 1
    s["step"], s["season"], s["kind"] = step, str(cal[step]["season"]), str(cal[step]["kind"])


def _end_of_season(m: Map, s: State, report: dict[str, Any]) -> None:
    cal = m.phases()
    if not any(p.get("ownership") and p["season"] == s["season"] for p in cal):
        return
    owners = owners_from(s["supply_centres"])
    changes = []
    for u in units_from(m, s["units"]):
        prov = u.province
        if m.provinces[prov].get("supply_centre") and owners.get(prov) != u.power:
            changes.append({"province": prov, "from": owners.get(prov), "to": u.power})
            owners[prov] = u.power
    s["supply_centres"] = centres_by_power(owners, list(m.powers))
    report["centre_changes"] = changes
    rulebook_for(m).end_of_fall(m, s, report, changes)
    draw_after = int(m.data.get("draw", {}).get("unchanged_adjustments", 0))
    if draw_after:
        # 30JK section 12: a draw when no centre changes owner in so many adjustment phases in a row
        s["unchanged_adjustments"] = 0 if changes else int(s.get("unchanged_adjustments", 0)) + 1
        if s["unchanged_adjustments"] >= draw_after:
            survivors = [p for p in m.powers if s["supply_centres"].get(p)]
            s["result"] = {"kind": "draw", "powers": survivors}
            report["draw"] = survivors
    victory = m.data.get("victory", {})
    odd_only = victory.get("years") == "odd" and s["year"] % 2 == 0
    if victory.get("after", s["season"]) == s["season"] and not odd_only and not s.get("result"):
        best = max(m.powers, key=lambda p: len(s["supply_centres"].get(p, [])))
        if len(s["supply_centres"].get(best, [])) >= int(victory.get("centres", 18)):
            s["result"] = {"kind": "victory", "winner": best}
            report["victory"] = best


def standings(m: Map, state: State) -> list[dict[str, Any]]:
    rows = []
    for power in m.powers:
        rows.append({"power": str(m.powers[power]["name"]), "player": _player_for(state, power) or "(civil disorder)",
                     "centres": len(state["supply_centres"].get(power, [])),
                     "units": len(state["units"].get(power, []))})
    return sorted(rows, key=lambda r: (-r["centres"], r["power"]))


def headline(m: Map, state: State, report: Mapping[str, Any]) -> str:
    """The issue's headline: the supply centres that changed hands between powers, in the map's own names and with
    no word of any language ("Constantinople: Turkey → Austria · Sweden, Warsaw: Russia → Germany"), then the
    neutral centres taken, counted ("Austria +2, France +3"); empty if no centre changed hands.
    """
    moves: dict[tuple[str, str], list[str]] = {}
    gains: dict[str, int] = {}
    for change in report.get("centre_changes", []):
        if change.get("to") not in m.powers:
            continue
        new = str(m.powers[change["to"]]["name"])
        if change.get("from") in m.powers:
            moves.setdefault((str(m.powers[change["from"]]["name"]), new), []).append(m.full_name(change["province"]))
        else:
            gains[new] = gains.get(new, 0) + 1
    parts = [f"{', '.join(sorted(places))}: {old} → {new}" for (old, new), places in sorted(moves.items())]
    if gains:
        parts.append(", ".join(f"{power} +{n}" for power, n in sorted(gains.items())))
    return " · ".join(parts)


def colours(m: Map, state: State) -> dict[str, str]:
    """Each player's colour: their power's on the map, so that a chart's line and the map's units match."""
    return {player: str(m.powers[power]["colour"]) for player, power in state["seats"].items()
            if "colour" in m.powers.get(power, {})}


def history(states: list[State]) -> dict[str, dict[str, list[int]]]:
    out: dict[str, dict[str, list[int]]] = {"supply_centres": {}, "units": {}}
    if not states:
        return out
    for player, power in states[0]["seats"].items():
        out["supply_centres"][player] = [len(s["supply_centres"].get(power, [])) for s in states]
        out["units"][player] = [len(s["units"].get(power, [])) for s in states]
    return out


def legal_moves(m: Map, unit_text: str) -> list[str]:
    """Where a unit can move in one step (for the template's comments)."""
    u = parse_unit(m, "x", unit_text)
    return sorted({display(province_of(r)) if u.type == "army" or "/" not in r
                   else display(province_of(r)) + "/" + r.split("/")[1] for r in m.reach(u.type, u.region)},
                  key=str.lower)
