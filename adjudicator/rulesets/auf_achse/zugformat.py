"""The Zugformat: the orders schema, the check before the deadline, the receipt and the pre-printed sheet.

An orders value reads::

    bids:                       # Phase 1: one sealed bid per order offered this round
      - {order: 3, kj: 1200}
      - {order: 5, kj: 800, unless_won: [3]}
    trucks:                     # one entry per Brummi (two under Sonderregel C)
      - load: [3]               # Phase 2
        route: [HH, HH-HB.1, HH-HB.2, HH-HB.3, HB]   # Phase 3, start field first
        points: 5               # optional: your own count; the check tells you the right one
        fare: 150
    site: {field: K-F.2, kj: 100}      # Phase 5
    trailer: {type: small, truck: 1}   # Phase 6

Unloading (Phase 4) needs no order: a truck ending its route at a destination unloads every order for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...model import Orders, Problem, State
from .board import plan_route
from .game import board_of
from .tables import tables
from .turn import capacity, cargo, stau_counts, trailer_price, why_not_site

_INT_LIST = {"type": "array", "items": {"type": "integer", "minimum": 1}, "uniqueItems": True}


def order_schema(state: State, player: str) -> dict[str, Any]:
    trucks = state["options"]["trucks"]
    truck = {"type": "object", "additionalProperties": False, "properties": {
        "load": {**_INT_LIST, "description": "numbers of your orders to load here (Phase 2); each must fit whole"},
        "route": {"type": "array", "items": {"type": "string"}, "description":
                  "fields driven, start field first, e.g. [HH, HH-HB.1, HH-HB.2, HH-HB.3, HB] (Phase 3)"},
        "points": {"type": "integer", "minimum": 0, "description": "your sum of Streckenpunkte (checked)"},
        "fare": {"type": "integer", "minimum": 0, "description": "your Fahrpreis in kj (checked)"},
    }}
    trailer_types = sorted(tables()["trailers"])
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Auf Achse: orders of one round",
        "type": "object", "additionalProperties": False,
        "properties": {
            "betriebsferien": {"type": "boolean", "description": "true: the truck rests this round (no action)"},
            "bids": {"type": ["array", "null"], "description": "Phase 1: sealed bids, at most one per order offered",
                     "items": {"type": "object", "additionalProperties": False, "required": ["order", "kj"],
                               "properties": {
                                   "order": {"type": "integer", "minimum": 1, "description": "the order's number"},
                                   "kj": {"type": "integer", "minimum": 0, "description": "your bid in kj"},
                                   "unless_won": {**_INT_LIST, "description":
                                                  "void if you won any of these earlier orders this auction"},
                                   "only_if_won": {**_INT_LIST, "description":
                                                   "void unless you won all of these earlier orders this auction"},
                               }}},
            "trucks": {"type": "array", "maxItems": trucks, "items": truck,
                       "description": f"one entry per Brummi ({trucks}): loading and route"},
            "site": {"type": "object", "additionalProperties": False, "required": ["field", "kj"],
                     "description": "Phase 5: your construction site bid for next round",
                     "properties": {"field": {"type": "string", "description": "a road field, e.g. K-F.2"},
                                    "kj": {"type": "integer", "minimum": 1, "description": "at least 1 kj"}}},
            "trailer": {"type": "object", "additionalProperties": False, "required": ["type"],
                        "description": "Phase 6: one trailer a round",
                        "properties": {"type": {"enum": trailer_types, "description": "small (+4) or large (+6)"},
                                       "truck": {"type": "integer", "minimum": 1, "maximum": trucks,
                                                 "description": "the Brummi it is hitched to (Sonderregel C)"}}},
            "return_trailers": {"type": "array", "description": "Sonderregel D b: rented trailers to give back",
                                "items": {"type": "object", "additionalProperties": False, "required": ["type"],
                                          "properties": {"type": {"enum": trailer_types},
                                                         "truck": {"type": "integer", "minimum": 1}}}},
        },
    }


def check(state: State, player: str, orders: Orders) -> list[Problem]:
    """What the schema cannot say: offered orders, pick-up cities, capacity, the route, the fare, the site."""
    out: list[Problem] = []
    h = state["hauliers"].get(player)
    if h is None:
        return [Problem(f"{player} is no haulier of this game", (), "ask the game master to join")]
    if h["bankrupt"]:
        return [Problem("you are bankrupt (Pleite): orders are ignored", (), "", "warning")]
    if orders.get("betriebsferien"):
        return [Problem("Betriebsferien: everything else in these orders is ignored", ("betriebsferien",), "",
                        "warning")] if len(orders) > 1 else []
    rnd = state["round"]
    if rnd == 0:
        out += [Problem(f"round 0 is the auction only; {k} is ignored", (k,), "remove it", "warning")
                for k in ("trucks", "site", "trailer", "return_trailers") if orders.get(k)]
    out += _check_bids(state, player, orders.get("bids") or [])
    if rnd > 0:
        out += _check_trucks(state, player, orders.get("trucks") or [])
        out += _check_site(state, orders.get("site"))
        out += _check_trailers(state, player, orders)
    return out


def _check_bids(state: State, player: str, bids: list[dict[str, Any]]) -> list[Problem]:
    out = []
    offered = {o["id"] for o in state["orders"] if o["status"] == "announced" and o["offered"] == state["round"]}
    seen: set[int] = set()
    for i, b in enumerate(bids):
        oid = b["order"]
        if oid not in offered:
            out.append(Problem(f"order {oid} is not offered in round {state['round']}", (i, "order"),
                               f"bid on one of {', '.join(map(str, sorted(offered))) or 'none'}"))
        if oid in seen:
            out.append(Problem(f"a second bid on order {oid}", (i,), "one bid per order: keep one"))
        seen.add(oid)
        for cond in ("unless_won", "only_if_won"):
            for j, ref in enumerate(b.get(cond) or []):
                if ref >= oid or ref not in offered:
                    out.append(Problem(f"condition on order {ref}: only earlier orders of this auction may be named",
                                       (i, cond, j), "name an order offered this round with a lower number"))
    total = sum(b["kj"] for b in bids)
    limit = state["hauliers"][player]["cash"] + tables()["debt_limit"] * state["options"]["trucks"]
    if total > limit:
        out.append(Problem(f"your bids add up to {total} kj; you can pay {limit} kj at most (cash plus the debt "
                           "limit): bids beyond are void when their turn comes", (), "", "warning"))
    return [Problem(p.message, ("bids", *p.path), p.hint, p.severity) for p in out]


def _check_trucks(state: State, player: str, trucks: list[dict[str, Any]]) -> list[Problem]:
    out = []
    board = board_of(state)
    h = state["hauliers"][player]
    stau = stau_counts(state) if state["options"]["stau"] else {}
    for ti, told in enumerate(trucks):
        if ti >= len(h["trucks"]):
            break
        truck = h["trucks"][ti]
        free = capacity(truck) - cargo(state, truck)
        for j, oid in enumerate(told.get("load") or []):
            o = state["orders"][oid - 1] if 1 <= oid <= len(state["orders"]) else None
            path = ("trucks", ti, "load", j)
            won_now = o is not None and o["status"] == "announced" and o["offered"] == state["round"]
            if o is None or (o["holder"] != player and not won_now) or o["status"] in ("delivered", "expired"):
                out.append(Problem(f"order {oid} is not yours to load", path, "list orders you hold"))
            elif o["status"] == "loaded":
                out.append(Problem(f"order {oid} is already loaded", path, "remove it"))
            elif o["from"] != truck["position"]:
                out.append(Problem(f"order {oid} is picked up in {o['from']}; Brummi {ti + 1} stands in "
                                   f"{truck['position']}", path, "drive there first; load next round"))
            elif o["count"] > free:
                out.append(Problem(f"order {oid} has {o['count']} goods; {free} places are free", path,
                                   "a trailer bought this round comes too late (Phase 6)"))
            else:
                free -= o["count"]
                if won_now:
                    out.append(Problem(f"order {oid} loads only if you win it in this round's auction", path, "",
                                       "warning"))
        if told.get("route"):
            out += _check_route(state, board, truck, ti, told, stau)
    return out


def _check_route(state: State, board: Any, truck: Mapping[str, Any], ti: int, told: Mapping[str, Any],
                 stau: Mapping[str, int]) -> list[Problem]:
    stau = dict(stau)
    stau[truck["position"]] = stau.get(truck["position"], 1) - 1
    route = plan_route(board, truck["position"], told["route"], state["site"], stau)
    out = []
    path = ("trucks", ti, "route")
    for sev, msg, hint in route.problems:
        out.append(Problem(msg, path + ((route.cut_at,) if sev == "error" and route.cut_at is not None else ()),
                           hint, sev))  # type: ignore[arg-type]
    summary = f"{route.fields[0]} to {route.end}: {route.points} Streckenpunkte, Fahrpreis {route.fare} kj"
    speed = tables()["speed_limit"]
    if state["options"]["speed_limit"] and route.entered > speed["fields"]:
        summary += f", plus {speed['fine']} kj fine for {route.entered} fields (Sonderregel F)"
    if told.get("points") != route.points or told.get("fare") != route.fare:
        out.append(Problem(summary, path, f"write points: {route.points} and fare: {route.fare}", "warning"))
    return out


def _check_site(state: State, site: Mapping[str, Any] | None) -> list[Problem]:
    if not site:
        return []
    why = why_not_site(board_of(state), state["site"], str(site["field"]), int(site["kj"]))
    return [Problem(why, ("site", "field"), "name a road field such as K-F.2")] if why else []


def _check_trailers(state: State, player: str, orders: Orders) -> list[Problem]:
    out = []
    n = len(state["hauliers"][player]["trucks"])
    if orders.get("trailer") and orders["trailer"].get("truck", 1) > n:
        out.append(Problem(f"you have {n} Brummi", ("trailer", "truck"), "write truck: 1"))
    if orders.get("return_trailers") and not state["options"]["trailer_rent"]:
        out.append(Problem("trailers are bought, not rented, in this game: returns are ignored",
                           ("return_trailers",), "remove it", "warning"))
    return out


def default_orders(state: State, player: str, previous: Orders | None) -> Orders:
    """NMR: Betriebsferien; the truck stays where it is and nothing happens."""
    return {"betriebsferien": True}


def describe(state: State, player: str, orders: Orders) -> list[str]:
    """The orders as the Spielleiter reads them, with the route's points and fare worked out."""
    if orders.get("betriebsferien") or not orders:
        return ["Betriebsferien: der Brummi bleibt ohne Aktion stehen."]
    lines = []
    for b in orders.get("bids") or []:
        cond = ""
        if b.get("unless_won"):
            cond += f" (nur wenn nicht {', '.join(map(str, b['unless_won']))} ersteigert)"
        if b.get("only_if_won"):
            cond += f" (nur wenn {', '.join(map(str, b['only_if_won']))} ersteigert)"
        lines.append(f"Gebot auf Auftrag {b['order']}: {b['kj']} kj{cond}")
    if state["round"] > 0:
        board = board_of(state)
        stau = stau_counts(state) if state["options"]["stau"] else {}
        h = state["hauliers"].get(player)
        for ti, told in enumerate(orders.get("trucks") or []):
            if not h or ti >= len(h["trucks"]):
                continue
            for oid in told.get("load") or []:
                lines.append(f"Brummi {ti + 1} lädt Auftrag {oid}")
            if told.get("route"):
                own = dict(stau)
                pos = h["trucks"][ti]["position"]
                own[pos] = own.get(pos, 1) - 1
                r = plan_route(board, pos, told["route"], state["site"], own)
                lines.append(f"Brummi {ti + 1} fährt {' – '.join(r.fields)}: {r.points} Streckenpunkte, "
                             f"{r.fare} kj" + (" (Route endet vorzeitig)" if r.cut_at is not None else ""))
        if orders.get("site"):
            lines.append(f"Baustellen-Gebot: {orders['site']['kj']} kj auf {orders['site']['field']}")
        if orders.get("trailer"):
            t = orders["trailer"]
            price = trailer_price(state["options"], t["type"])
            lines.append(f"{tables()['trailers'][t['type']]['name']} für Brummi {t.get('truck', 1)}: {price} kj")
        for r in orders.get("return_trailers") or []:
            lines.append(f"Rückgabe: {tables()['trailers'][r['type']]['name']} von Brummi {r.get('truck', 1)}")
    return lines or ["Keine Befehle."]


def template(state: State, player: str) -> str:
    """A pre-printed order sheet: the offered orders to bid on, each truck's position and load."""
    board = board_of(state)
    h = state["hauliers"][player]
    rnd = state["round"]
    out = [f"# Auf Achse, Runde {rnd}: Befehle von {h['name']}. Kasse {h['cash']} kj.",
           "# Fahrpreis für n Streckenpunkte: 10*n*(n+1)/2 kj (1: 10, 5: 150, 10: 550, 15: 1200, 20: 2100)."]
    if state["site"]:
        out.append(f"# Baustelle in dieser Runde: {state['site']} (weder befahren noch überqueren).")
    offered = [o for o in state["orders"] if o["status"] == "announced" and o["offered"] == rnd]
    out.append("bids:  # one line per order you want; delete the others. A bid of 0 is a bid.")
    for o in offered:
        term = f", Termin Runde {o['deliver_by']}" if o["deliver_by"] is not None else ""
        out.append(f"  # - {{order: {o['id']}, kj: 0}}   # {o['count']} {o['goods']} {board.label(o['from'])} -> "
                   f"{board.label(o['to'])}, Wert {o['value']} kj{term}")
    if not offered:
        out[-1] = "bids: []  # nothing is offered this round"
    if rnd == 0:
        return "\n".join(out) + "\n"
    out.append("trucks:")
    for ti, t in enumerate(h["trucks"]):
        held = [o for o in state["orders"] if o["holder"] == player and o["status"] == "won"
                and o["from"] == t["position"]]
        load = ", ".join(f"{i}" for i in t["load"]) or "leer"
        out.append(f"  - # Brummi {ti + 1} steht in {t['position']} ({board.label(t['position'])}), "
                   f"Ladung: {load}, Kapazität {capacity(t)}")
        out.append(f"    load: [{', '.join(str(o['id']) for o in held)}]")
        out.append(f"    route: [{t['position']}]  # add the fields you drive; next: "
                   f"{', '.join(board.neighbours(t['position']))}")
    out.append("# site: {field: K-F.2, kj: 1}     # Baustellen-Gebot für die nächste Runde")
    out.append("# trailer: {type: small, truck: 1}  # small: +4 goods, large: +6 goods")
    return "\n".join(out) + "\n"

