"""The adjudication of one year: the imperative order of section 6 over pure steps (set-up and joining: setup.py)."""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any, cast

from ...dice import Dice
from ...kit.wording import Words
from ...model import Problem, Severity, TurnResult
from . import evaluation as ev
from . import market
from . import orders as od
from .arith import fraction_text
from .orders import order_words
from .setup import world_figures
from .state import State
from .tables import Tables


def may_change_type(country: Mapping[str, Any], turn: int) -> bool:
    """7.1: once, from the first year to the second, and only for countries there from the start."""
    return country["joined"] == 0 and not country["type_changed"] and turn == 2


# ----- reading the orders of a year ------------------------------------------------------------------------

def prepare(tables: Tables, state: State, key: str, raw: Any, turn: int, index: Mapping[str, str]
            ) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]], str | None]:
    """Normal form of ``key``'s orders, what was dropped as impossible, the cuts of over-commitment, and
    the type to change to (if allowed)."""
    country = state["countries"][key]
    norm = od.normalize(tables, raw)
    records: list[dict[str, Any]] = []

    def drop(path: tuple[Any, ...], reason: str) -> None:
        amount = od.get(norm, path)
        if amount:
            od._set(norm, path, 0)
            records.append({"order": od.path_text(path), "ordered": amount, "kept": 0, "reason": reason})

    cut_texts = od.cuts_long_texts(state["options"])
    for i, t in enumerate(norm["transfers"]):
        target = index.get(t["to"].lower())
        if cut_texts:
            t["note"] = od.cut_note(tables, t["note"])
            gone = od.names_index(state["countries"]).get(t["to"].lower())
            if target is None and gone is not None and gone != key:
                # a country that left (7.2) is no unknown one: say so (games set up before issue 32 said
                # "unbekannt", and replay so)
                name = state["countries"][gone]["name"]
                drop(("transfers", i, "count"), f"Transfer an {name} nicht möglich: {name} ist aus dem Spiel "
                                                "ausgestiegen (7.2)")
                continue
        if target is None or t["good"] not in tables.transfer_goods():
            drop(("transfers", i, "count"), f"Empfänger oder Gut unbekannt: {t['to']!r}, {t['good']!r}")
        elif target == key or not state["countries"][target]["active"]:
            drop(("transfers", i, "count"), f"Transfer an {t['to']} nicht möglich")
        t["to"] = target or t["to"]
    for i, a in enumerate(norm["attacks"]):
        target = index.get(a["target"].lower())
        if target is None or target == key or not state["countries"][target]["active"]:
            drop(("attacks", i, "weapons"), f"Angriffsziel {a['target']!r} nicht möglich")
        elif norm["leave"]:
            drop(("attacks", i, "weapons"), "Ausstieg: im letzten Zug sind Angriffe nicht erlaubt (7.2)")
        a["target"] = target or a["target"]
    new_type = None
    if norm["type_change"] and norm["type_change"] != country["type"]:
        if may_change_type(country, turn):
            new_type = norm["type_change"]
        else:
            records.append({"order": "type_change", "ordered": 1, "kept": 0,
                            "reason": "Typwechsel nur einmal, vom ersten auf das zweite Jahr (7.1)"})
    norm, cuts = od.cut(tables, norm, country, state["options"]["industriepreis"])
    return norm, records, cuts, new_type


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


def default_for(state: State, key: str, previous: Any) -> dict[str, Any]:
    """7.2 NMR: standing orders if any, else the last orders without the red-marked parts.

    ``standing_orders: repeat`` in the last orders drops earlier standing orders (even ``{}``, which stands
    for doing nothing): the last orders are repeated again."""
    standing = state.get("private", {}).get(key, {}).get("standing_orders")
    if isinstance(previous, Mapping) and isinstance(previous.get("standing_orders"), Mapping):
        standing = previous["standing_orders"]
    elif isinstance(previous, Mapping) and previous.get("standing_orders") == od.REPEAT:
        standing = None
    if isinstance(standing, Mapping):
        out = copy.deepcopy(dict(standing))
    elif isinstance(previous, Mapping):
        out = od.without_red(previous)
    else:
        out = od.basic_orders(state["countries"][key])
    out["nmr"] = True
    return out


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


def unusual_farewell(state: State, sender: str, transfers: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """7.2: a leaving country "should not" make unusual transfers, those "nicht aus bestehenden Verträgen oder
    Verpflichtungen herrührend". House rule: a transfer is usual when the country gave the same good to the
    same country in an earlier year at least as often (an established delivery); anything else is flagged."""
    seen = state.get("transfers_seen", {}).get(sender, {})
    out = []
    for t in transfers:
        if t["count"] and t["count"] > int(seen.get(f"{t['to']}/{t['good']}", 0)):
            out.append({**t, "earlier": int(seen.get(f"{t['to']}/{t['good']}", 0))})
    return out


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


# ----- the check: what the schema cannot say (the messages in words.yaml) -----

def _problems(words: Words) -> Callable[..., Problem]:
    """``_problem(key, path, hint, severity, **values)``: the problem ``key`` of the game's words file ``words``,
    its hint ``key.hint`` (or the words file's ``hint``)."""
    def _problem(key: str, path: tuple[str | int, ...], hint: str = "", severity: Severity = "error", **values: Any
                 ) -> Problem:
        return Problem(words.say(key, **values), path, words.say(hint or f"{key}.hint", **values), severity)
    return _problem


def _path(text: str) -> tuple[str | int, ...]:
    return tuple(int(p) if p.isdigit() else p for p in text.split("."))


def check(tables: Tables, state: State, player: str, orders: Any) -> list[Problem]:
    """Errors for what cannot be read; warnings for what the adjudicator will cut or ignore."""
    _problem = _problems(tables.words)
    countries = state["countries"]
    if player not in countries or not countries[player]["active"]:
        return [_problem("no_country", (), player=repr(player))]
    if not isinstance(orders, Mapping):
        return [_problem("not_a_mapping", ())]
    out: list[Problem] = []
    index = od.names_index({k: c for k, c in countries.items() if c["active"]})
    all_index = od.names_index(countries)
    cut_texts = od.cuts_long_texts(state["options"])
    for i, t in enumerate(orders.get("transfers") or []):
        if not isinstance(t, Mapping):
            out.append(_problem("transfer_not_mapping", ("transfers", i)))
            continue
        to = str(t.get("to", ""))
        if to.lower() not in all_index:
            out.append(_problem("transfer_unknown", ("transfers", i, "to"), "name.hint", name=repr(to)))
        elif all_index[to.lower()] == player:
            out.append(_problem("transfer_own", ("transfers", i, "to"), "other_country.hint"))
        elif to.lower() not in index:
            out.append(_problem("transfer_left", ("transfers", i, "to"), "remove.hint", "warning", name=to))
        if t.get("good") not in tables.transfer_goods():
            out.append(_problem("unknown_good", ("transfers", i, "good"), good=repr(t.get("good")),
                                goods=", ".join(tables.transfer_goods())))
        note = t.get("note")
        if isinstance(note, str) and cut_texts and od.note_letters(note) > tables.limit("note_letters"):
            out.append(_problem("note_cut", ("transfers", i, "note"), severity="warning", n=od.note_letters(note),
                                most=tables.limit("note_letters"), note=od.cut_note(tables, note)))
        elif isinstance(note, str) and not cut_texts and len(note) > tables.limit("note_letters"):
            out.append(_problem("note_long", ("transfers", i, "note"), n=len(note), most=tables.limit("note_letters")))
    leaving = orders.get("leave") is True
    for i, a in enumerate(orders.get("attacks") or []):
        if not isinstance(a, Mapping):
            out.append(_problem("attack_not_mapping", ("attacks", i)))
            continue
        target = str(a.get("target", ""))
        if target.lower() not in index:
            out.append(_problem("attack_unknown", ("attacks", i, "target"), "name.hint", name=repr(target)))
        elif index[target.lower()] == player:
            out.append(_problem("attack_own", ("attacks", i, "target"), "other_country.hint"))
        elif leaving:
            out.append(_problem("attack_leaving", ("attacks", i), severity="warning"))
    contacts = orders.get("contacts") or []
    if isinstance(contacts, list):
        if len(contacts) > tables.limit("contact_lines"):
            out.append(_problem("contacts_cut" if cut_texts else "contacts_many", ("contacts",),
                                severity="warning" if cut_texts else "error", n=len(contacts),
                                most=tables.limit("contact_lines")))
        most = tables.limit("contact_line_chars")
        for i, line in enumerate(contacts):
            if not isinstance(line, str):
                out.append(_problem("contact_not_text", ("contacts", i), line=i + 1))
            elif len(line) > most:
                out.append(_problem("contact_long", ("contacts", i), line=i + 1, n=len(line), most=most))
    change = orders.get("type_change")
    if change is not None:
        kind = od.country_type(change)
        if kind is None:
            out.append(_problem("type_unknown", ("type_change",), type=repr(change)))
        elif kind != countries[player]["type"] and not may_change_type(countries[player], state["turn"] + 1):
            out.append(_problem("type_once", ("type_change",), severity="warning"))
    standing = orders.get("standing_orders")
    if isinstance(standing, Mapping) and not standing:
        out.append(_problem("standing_empty", ("standing_orders",), severity="warning", repeat=od.REPEAT))
    if any(p.severity == "error" for p in out):
        return out
    norm, _, cuts, _ = prepare(tables, state, player, orders, state["turn"] + 1, index)
    if norm["leave"]:
        for i, given in enumerate(norm["transfers"]):
            for t in unusual_farewell(state, player, [given]):
                out.append(_problem("farewell", ("transfers", i), severity="warning", count=t["count"],
                                    good=t["good"], name=countries[t["to"]]["name"], earlier=t["earlier"]))
    for c in cuts:
        path = _path(c["order"])
        out.append(_problem("cut", path, severity="warning", order=order_words(tables, c["order"]),
                            ordered=c["ordered"], kept=c["kept"], reason=c["reason"]))
    return out
