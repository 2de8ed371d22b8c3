"""The adjudication of one year: the imperative order of section 6 over pure steps (set-up and joining: setup.py)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, cast

from ...dice import Dice
from ...model import TurnResult
from . import evaluation as ev
from . import market
from . import orders as od
from .arith import fraction_text
from .orders import default_for, prepare, unusual_farewell
from .setup import world_figures
from .state import State
from .tables import Tables

# ----- reading the orders of a year ------------------------------------------------------------------------

# ----- the year ----------------------------------------------------------------------------------------------

def world_market(tables: Tables, lands: Mapping[str, ev.Land], dice: Dice) -> dict[str, Any]:
    """4.1 Handel: every good's offers cleared on the world market, the lands' goods and gold moved; the
    published lines of each good (Verkauf, Kauf, Umsatz, Überschuß) returned."""
    out: dict[str, Any] = {}
    for g in tables.market_goods():
        sells: list[Any] = []
        buys: list[Any] = []
        # Ties are broken by lot (4.1): the queue starts in a random order, then a stable sort by price.
        offering = [k for k, x in lands.items() if g in x.orders["market"]]
        for k in dice.fork(f"market/{g}").shuffle(offering):
            o = lands[k].orders["market"][g]
            (sells if o["offer"] == "sell" else buys).append(market.Offer(k, o["price"], o["count"]))
        result = market.clear(sells, buys)
        for t in result.trades:
            lands[t.seller].flows[g].han_out += t.count
            lands[t.seller].gold_han += t.count * t.sell_price
            lands[t.buyer].flows[g].han_in += t.count
            lands[t.buyer].gold_han -= t.count * t.buy_price
        out[g] = {"verkauf": list(result.verkauf) if result.verkauf else None,
                  "kauf": list(result.kauf) if result.kauf else None,
                  "umsatz": result.umsatz, "ueberschuss": result.ueberschuss,
                  "angebote": sum(1 for o in sells if o.count), "gesuche": sum(1 for o in buys if o.count)}
    return out


def _transfers(lands: Mapping[str, ev.Land]) -> list[dict[str, Any]]:
    out = []
    for k, x in lands.items():
        for t in x.orders["transfers"]:
            if t["count"] and t["to"] in lands:
                x.flows[t["good"]].tra_out += t["count"]
                lands[t["to"]].flows[t["good"]].tra_in += t["count"]
                out.append({"from": k, "to": t["to"], "good": t["good"], "count": t["count"], "note": t["note"]})
    return out


def _attacks(lands: Mapping[str, ev.Land], dice: Dice) -> list[dict[str, Any]]:
    """5.1: each defence weapon stops one attacking weapon and is spent; attackers meet it in an order by lot."""
    by_target: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for k, x in lands.items():
        x.attack_weapons = sum(a["weapons"] for a in x.orders["attacks"])
        for a in x.orders["attacks"]:
            if a["weapons"] and a["target"] in lands:
                by_target.setdefault(a["target"], []).append((k, a))
    out = []
    for target in sorted(by_target):
        defence = lands[target].orders["defence"]
        queue = by_target[target]
        order = dice.fork(f"defence/{target}").shuffle(range(len(queue)))
        for i in order:
            k, a = queue[i]
            blocked = min(defence, a["weapons"])
            defence -= blocked
            lands[target].defence_used += blocked
            out.append({"attacker": k, "target": target, "weapons": a["weapons"], "blocked": blocked,
                        "hits": a["weapons"] - blocked, "aim": a["aim"], "losses": {}})
    return out


def _allot(lands: Mapping[str, ev.Land], attacks: list[dict[str, Any]], dice: Dice) -> dict[str, dict[str, int]]:
    """House rule for the lost 5.2: each weapon that gets through destroys one unit of B, A, E, R or I.

    It hits the attacker's ``aim`` while any is left, otherwise one unit drawn by lot among all the target's
    remaining B, A, E, R and I units.
    """
    losses: dict[str, dict[str, int]] = {}
    left = {k: {s: x.s[s] for s in ev.WAR_STOCKS} for k, x in lands.items()}
    for a in attacks:
        if not a["hits"]:
            continue
        have = left[a["target"]]
        lot = dice.fork(f"war/{a['target']}/{a['attacker']}")
        got: dict[str, int] = {}
        for _ in range(a["hits"]):
            if a["aim"] and have[a["aim"]] > 0:
                stock = a["aim"]
            elif any(have.values()):
                stock = lot.weighted(list(ev.WAR_STOCKS), [have[s] for s in ev.WAR_STOCKS])
            else:
                break
            have[stock] -= 1
            got[stock] = got.get(stock, 0) + 1
        a["losses"] = {s: got[s] for s in ev.WAR_STOCKS if s in got}
        total = losses.setdefault(a["target"], {})
        for s, n in got.items():
            total[s] = total.get(s, 0) + n
    return losses


def nmr_played(state: State, key: str, raw: Mapping[str, Any]) -> str:
    """What a missed year played (7.2 and the house rules of standing orders), for the issue's notice:
    ``standing`` (the standing orders), ``nothing`` (standing orders ``{}``), ``basic`` (a country that never
    sent orders: its population at work) or ``repeat`` (the last orders without their red-marked parts)."""
    standing = state.get("private", {}).get(key, {}).get("standing_orders")
    if isinstance(standing, Mapping):
        return "standing" if standing else "nothing"
    played = {k: v for k, v in raw.items() if k != "nmr"}
    return "basic" if played == od.basic_orders(state["countries"][key]) else "repeat"


def _copy_state(state: State) -> State:
    """A copy of the state to work on: countries are flat records, so a copy of each dict is enough."""
    st = {k: copy.deepcopy(v) for k, v in state.items() if k != "countries"}
    st["countries"] = {k: dict(c) for k, c in state["countries"].items()}
    return cast(State, st)  # the same keys as ``state``, rebuilt in their order


def adjudicate(tables: Tables, state: State, orders: Mapping[str, Any], dice: Dice) -> TurnResult:
    st = _copy_state(state)
    turn = st["turn"] + 1
    opts = st["options"]
    keys = [k for k, c in st["countries"].items() if c["active"]]
    index = od.names_index({k: st["countries"][k] for k in keys})
    report: dict[str, Any] = {"turn": turn, "nmr": [], "cuts": [], "type_changes": [], "left": []}
    lands: dict[str, ev.Land] = {}
    contacts = []
    leaving: list[str] = []
    for key in keys:
        raw = orders.get(key)
        if raw is None:
            raw = default_for(st, key, None)
        if not isinstance(raw, Mapping):
            raw = {}
        if raw.get("nmr"):
            report["nmr"].append(key)
            if od.cuts_long_texts(opts):  # games set up since issue 32 say what was played (older ones replay)
                report.setdefault("nmr_played", {})[key] = nmr_played(st, key, raw)
        if isinstance(raw.get("standing_orders"), Mapping):
            st.setdefault("private", {}).setdefault(key, {})["standing_orders"] = copy.deepcopy(
                dict(raw["standing_orders"]))
        elif raw.get("standing_orders") == od.REPEAT:
            st.get("private", {}).get(key, {}).pop("standing_orders", None)
        norm, dropped, cuts, new_type = prepare(tables, st, key, raw, turn, index)
        report["cuts"].extend({"country": key, **c} for c in dropped + cuts)
        country = st["countries"][key]
        if new_type:
            report["type_changes"].append({"country": key, "from": country["type"], "to": new_type})
            country["type"], country["type_changed"] = new_type, True
        if norm["contacts"]:
            contacts.append({"from": key, "lines": norm["contacts"][: tables.limit("contact_lines")]})
        lands[key] = ev.Land.start(tables, key, country, norm)
        if norm["leave"]:
            leaving.append(key)

    draws = ev.DiceDraws(dice, tables)
    report["market"] = world_market(tables, lands, dice)
    report["transfers"] = _transfers(lands)
    _farewell(st, report, leaving)
    attacks = _attacks(lands, dice)
    wlq = ev.immigration(list(lands.values()))
    for x in lands.values():
        ev.agrarprodukte(x, draws)
        ev.energie(x)
        ev.rohstoffe(x, draws)
        ev.konsumgueter(x, draws)
        ev.waffen(x, draws)
    early = opts["krieg"] == "vor_alterung"
    losses = _allot(lands, attacks, dice) if early else {}
    for k, x in lands.items():
        if early:
            ev.war_losses(x, losses.get(k, {}), ("A", "E", "R", "I"))
        ev.veraltung(x, draws)
        ev.neuschaffung(tables, x, draws)
        ev.gold(x, opts["industriepreis"], opts["goldmine"])
        if early:
            ev.war_losses(x, losses.get(k, {}), ("B",))
        ev.bevoelkerung(x, draws)
    if not early:
        losses = _allot(lands, attacks, dice)
        for k, x in lands.items():
            ev.war_losses(x, losses.get(k, {}))

    report["countries"] = {}
    for k, x in lands.items():
        c = st["countries"][k]
        c.update(x.s)
        c["e_imported"] = x.e_imported
        if x.orders["leave"]:
            c["active"] = False
            report["left"].append(k)
        report["countries"][k] = {
            "name": c["name"], "type": c["type"],
            "listings": {s: x.tally[s].as_data() for s in ev.STOCKS},
            "agrarfaktor": x.factor, "unfed": x.unfed,
            "attempts": {s: {"tried": v[0], "built": v[1]} for s, v in x.attempts.items()},
        }
    report["attacks"] = attacks
    report["contacts"] = contacts
    report["wlq"] = fraction_text(wlq)
    st["turn"] = turn
    st["world"] = world_figures(st["countries"])
    report["world"] = st["world"]
    return TurnResult(state=cast(dict[str, Any], st), report=report)  # the engine stores any state as plain data


def _farewell(st: State, report: dict[str, Any], leaving: list[str]) -> None:
    """Flag a leaving country's unusual transfers for the game master (7.2: ``farewell_transfers`` in the report,
    a notice in the issue), then remember every transfer as an established delivery of its sender: the largest
    count of each good to each country."""
    flagged = [t for sender in sorted(leaving)
               for t in unusual_farewell(st, sender, [t for t in report["transfers"] if t["from"] == sender])]
    if flagged:
        report["farewell_transfers"] = flagged
    seen = st.setdefault("transfers_seen", {})
    for t in report["transfers"]:
        mine = seen.setdefault(t["from"], {})
        key = f"{t['to']}/{t['good']}"
        mine[key] = max(int(mine.get(key, 0)), t["count"])
    for sender in seen:
        seen[sender] = dict(sorted(seen[sender].items()))
    st["transfers_seen"] = dict(sorted(seen.items()))
