"""The Zugformat: the orders schema, the check before the deadline, the NMR default and what a fault drops (the
receipt and the pre-printed sheet: ``sheet.py``).

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

Optionale Befehle: "Die Angabe von Bedingungen bei Zugbefehlen und Geboten ist erlaubt, dürfen sich aber nur
auf frühere Ereignisse im Spiel beziehen." Bids, truck plans, the site bid and the trailer may carry
``only_if_won: [ids]`` / ``unless_won: [ids]``, naming orders of this round's auction (Phase 1 comes first);
a truck plan may add ``otherwise: {load: ..., route: ...}``, the plan that counts when its conditions fail.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...kit import benevolent
from ...kit.gamedata import GameData
from ...model import Orders as EngineOrders
from ...model import Problem
from .adjudicate import capacity, cargo, choose_plan, safe_debt, stau_counts, trailer_price, why_not_site
from .board import plan_route
from .setup import board_of
from .state import Bid, Conditional, Orders, Plan, SiteBid, State, orders_of
from .tables import has_words, say, tables

_INT_LIST = {"type": "array", "items": {"type": "integer", "minimum": 1}, "uniqueItems": True}
_CONDITIONS = {"unless_won": {**_INT_LIST, "description": "entfällt, wenn Sie einen dieser Aufträge in dieser "
                                                            "Versteigerung ersteigert haben"},
               "only_if_won": {**_INT_LIST, "description": "entfällt, wenn Sie nicht alle diese Aufträge in dieser "
                                                             "Versteigerung ersteigert haben"}}


def order_schema(game: GameData, state: State, player: str) -> dict[str, Any]:
    trucks = state["options"]["trucks"]
    plan = {
        "load": {**_INT_LIST, "description": "Nummern Ihrer Aufträge, die hier geladen werden (Phase 2); jeder muss "
                                             "ganz passen"},
        "route": {"type": "array", "items": {"type": "string"}, "description":
                  "gefahrene Felder, das Startfeld zuerst, z. B. [HH, HH-HB.1, HH-HB.2, HH-HB.3, HB] (Phase 3)"},
        "points": {"type": "integer", "minimum": 0, "description": "Ihre Summe der Streckenpunkte (wird geprüft)"},
        "fare": {"type": "integer", "minimum": 0, "description": "Ihr Fahrpreis in kj (wird geprüft)"},
    }
    truck = {"type": "object", "additionalProperties": False, "properties": {
        **plan, **_CONDITIONS,
        "otherwise": {"type": "object", "additionalProperties": False, "properties": plan,
                      "description": "der Plan, wenn die Bedingungen nicht erfüllt sind (Optionale Befehle)"}}}
    trailer_types = sorted(tables(game)["trailers"])
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Auf Achse: die Befehle einer Runde",
        "type": "object", "additionalProperties": False,
        "properties": {
            "betriebsferien": {"type": "boolean",
                               "description": "true: der Brummi ruht in dieser Runde (keine Aktion)"},
            "bids": {"type": ["array", "null"],
                     "description": "Phase 1: verdeckte Gebote, höchstens eines je angebotenem Auftrag",
                     "items": {"type": "object", "additionalProperties": False, "required": ["order", "kj"],
                               "properties": {
                                   "order": {"type": "integer", "minimum": 1, "description": "die Nummer des Auftrags"},
                                   "kj": {"type": "integer", "minimum": 0, "description": "Ihr Gebot in kj"},
                                   **_CONDITIONS,
                               }}},
            "trucks": {"type": "array", "maxItems": trucks, "items": truck,
                       "description": f"ein Eintrag je Brummi ({trucks}): Laden und Route"},
            "site": {"type": "object", "additionalProperties": False, "required": ["field", "kj"],
                     "description": "Phase 5: Ihr Gebot für die Baustelle der nächsten Runde",
                     "properties": {"field": {"type": "string", "description": "ein Straßenfeld, z. B. K-F.2"},
                                    "kj": {"type": "integer", "minimum": 1, "description": "mindestens 1 kj"},
                                    **_CONDITIONS}},
            "trailer": {"type": "object", "additionalProperties": False, "required": ["type"],
                        "description": "Phase 6: ein Anhänger je Runde",
                        "properties": {"type": {"enum": trailer_types, "description": "klein (+4) oder groß (+6)"},
                                       "truck": {"type": "integer", "minimum": 1, "maximum": trucks,
                                                 "description": "der Brummi, an den er gehängt wird (Sonderregel C)"},
                                       **_CONDITIONS}},
            "return_trailers": {"type": "array",
                                "description": "Sonderregel D b: gemietete Anhänger, die zurückgegeben werden",
                                "items": {"type": "object", "additionalProperties": False, "required": ["type"],
                                          "properties": {"type": {"enum": trailer_types},
                                                         "truck": {"type": "integer", "minimum": 1}}}},
        },
    }


def check(game: GameData, state: State, player: str, orders: Orders) -> list[Problem]:
    """What the schema cannot say: offered orders, pick-up cities, capacity, the route, the fare, the site."""
    out: list[Problem] = []
    h = state["hauliers"].get(player)
    if h is None:
        return [Problem(say(game, "no_haulier", player=player), (), say(game, "no_haulier.hint"))]
    if h["bankrupt"]:
        return [Problem(say(game, "bankrupt"), (), "", "warning")]
    if orders.get("betriebsferien"):
        return [Problem(say(game, "betriebsferien"), ("betriebsferien",), "", "warning")] if len(orders) > 1 else []
    rnd = state["round"]
    if rnd == 0:
        out += [Problem(say(game, "round_0", key=k), (k,), say(game, "remove.hint"), "warning")
                for k in ("trucks", "site", "trailer", "return_trailers") if orders.get(k)]
    out += _check_bids(game, state, player, orders.get("bids") or [])
    if rnd == 0 and has_words(game, "pleite_otherwise"):
        # Phase 1 of round 0 is an auction like any other: winning every bid can be Pleite after the interest
        # (issue 32; a game whose words predate the warning is not warned, as it never was)
        out += _check_debt(game, state, player, {"bids": orders.get("bids") or []})
    if rnd > 0:
        out += _check_trucks(game, state, player, orders)
        out += _check_site(game, state, orders.get("site"))
        out += _check_trailers(game, state, player, orders)
        if orders.get("site"):
            out += _check_conditions(game, state, orders["site"], ("site",))
        if orders.get("trailer"):
            out += _check_conditions(game, state, orders["trailer"], ("trailer",))
        out += _check_debt(game, state, player, orders)
    return out


def drop(orders: Orders, path: tuple[str | int, ...]) -> EngineOrders | None:
    """The benevolent reading of a faulty order (the Spielleiter's): a route stops where it breaks, a load that
    cannot be made is not loaded, a bid on an order not on offer is dropped, a site or trailer bid that cannot
    be made is not made. A Brummi keeps its place in the list: a plan at fault is emptied, not removed."""
    plain = orders_of.plain(orders)  # edited by path, as the engine keeps it
    if len(path) < 3 or path[0] != "trucks" or not isinstance(path[1], int):
        return benevolent.drop_entry(plain, path)
    base, rest = path[:2], path[2:]
    if rest[0] == "otherwise":
        base, rest = (*base, "otherwise"), rest[1:]
    if rest[:1] == ("route",) and len(rest) >= 2 and isinstance(rest[1], int) and rest[1] >= 1:
        plan: Plan = orders["trucks"][path[1]] if len(base) == 2 else orders["trucks"][path[1]]["otherwise"]
        return benevolent.replace(plain, (*base, "route"), plan["route"][:rest[1]])
    if rest[:1] == ("load",) and len(rest) >= 2:
        return benevolent.remove(plain, (*base, "load", rest[1]))
    if rest and rest[0] in ("unless_won", "only_if_won"):  # a condition that cannot hold: the plan is not run
        return benevolent.replace(plain, ("trucks", path[1]), {})
    return benevolent.remove(plain, (*base, rest[0])) if rest else None


def _offered_now(state: State) -> set[int]:
    return {o["id"] for o in state["orders"] if o["status"] == "announced" and o["offered"] == state["round"]}


def _check_conditions(game: GameData, state: State, order: Conditional, path: tuple[Any, ...],
                      before: int | None = None) -> list[Problem]:
    """Optionale Befehle: conditions may refer to earlier events only, here orders of this round's auction (for a
    bid: auctioned before it, in numerical order)."""
    offered = _offered_now(state)
    out = []
    for cond, refs in (("unless_won", order.get("unless_won")), ("only_if_won", order.get("only_if_won"))):
        for j, ref in enumerate(refs or []):
            if ref not in offered or before is not None and ref >= before:
                named = ", ".join(map(str, sorted(offered)))
                out.append(Problem(say(game, "condition_later" if before is None else "condition_later_bid", ref=ref),
                                   (*path, cond, j),
                                   say(game, "condition.hint", offered=named) if named
                                   else say(game, "condition_none.hint")))
    return out


def bids_limit(game: GameData, state: State, player: str) -> int:
    """The most a haulier's bids may add up to before the rules warn: the cash plus the credit (public figures)."""
    return int(state["hauliers"][player]["cash"] + tables(game)["debt_limit"] * state["options"]["trucks"])


def _check_bids(game: GameData, state: State, player: str, bids: list[Bid]) -> list[Problem]:
    out = []
    offered = _offered_now(state)
    seen: set[int] = set()
    for i, b in enumerate(bids):
        oid = b["order"]
        if oid not in offered:
            named = ", ".join(map(str, sorted(offered)))
            out.append(Problem(say(game, "not_offered", order=oid, round=state["round"]), (i, "order"),
                               say(game, "not_offered.hint", offered=named) if named
                               else say(game, "not_offered_none.hint")))
        if oid in seen:
            out.append(Problem(say(game, "second_bid", order=oid), (i,), say(game, "second_bid.hint")))
        seen.add(oid)
        out += _check_conditions(game, state, b, (i,), before=oid)
    total = sum(b["kj"] for b in bids)
    limit = bids_limit(game, state, player)
    if total > limit:
        out.append(Problem(say(game, "bids_beyond", total=total, limit=limit), (), "", "warning"))
    return [Problem(p.message, ("bids", *p.path), p.hint, p.severity) for p in out]


def trailers_before_loading(game: GameData, state: State) -> bool:
    """Sonderregel E (house order): Phase 6 comes before loading, so this round's trailer carries goods at once."""
    phases = tables(game)["phases"][state["options"]["phases"]]
    return bool(phases.index("trailers") < phases.index("loading"))


def _capacity_at_loading(game: GameData, state: State, orders: Orders, ti: int, truck: Mapping[str, Any]
                         ) -> tuple[int, str]:
    """The truck's room when Phase 2 comes: under Sonderregel E with this round's trailer bought (and returned
    ones gone); the note says when that depends on the trailer being paid for or on its condition."""
    room = capacity(game, truck)
    if not trailers_before_loading(game, state):
        return room, ""
    caps = tables(game)["trailers"]
    for r in orders.get("return_trailers") or []:
        if state["options"]["trailer_rent"] and r.get("truck", 1) == ti + 1 and r["type"] in truck["trailers"]:
            room -= caps[r["type"]]["capacity"]
    want = orders.get("trailer")
    if want and want.get("truck", 1) == ti + 1:
        room += caps[want["type"]]["capacity"]
        conditional = want.get("only_if_won") or want.get("unless_won")
        return room, say(game, "trailer_counted_if" if conditional else "trailer_counted",
                         trailer=caps[want["type"]]["name"])
    return room, ""


def _check_trucks(game: GameData, state: State, player: str, orders: Orders) -> list[Problem]:
    out = []
    board = board_of(game, state)
    h = state["hauliers"][player]
    stau = stau_counts(state) if state["options"]["stau"] else {}
    for ti, told in enumerate(orders.get("trucks") or []):
        if ti >= len(h["trucks"]):
            break
        out += _check_conditions(game, state, told, ("trucks", ti))
        plans: list[tuple[Any, tuple[str | int, ...]]] = [(told, ("trucks", ti))]
        if told.get("otherwise"):
            plans.append((told["otherwise"], ("trucks", ti, "otherwise")))
        for plan, path in plans:
            conditions = plan.get("only_if_won") or []
            out += _check_load(game, state, player, orders, ti, plan.get("load") or [], path, set(conditions))
            if plan.get("route"):
                out += _check_route(game, state, board, h["trucks"][ti], path, plan, stau)
    return out


def _check_load(game: GameData, state: State, player: str, orders: Orders, ti: int, load: list[int],
                path: tuple[Any, ...], assumed_won: set[int]) -> list[Problem]:
    out = []
    truck = state["hauliers"][player]["trucks"][ti]
    room, why_room = _capacity_at_loading(game, state, orders, ti, truck)
    free = room - cargo(state, truck)
    extra = room - capacity(game, truck)  # what this round's trailer adds before loading (Sonderregel E)
    for j, oid in enumerate(load):
        problems, free = load_step(game, state, player, ti, oid, free, (*path, "load", j), extra=extra,
                                   why_room=why_room, assumed_won=assumed_won)
        out += problems
    return out


def load_step(game: GameData, state: State, player: str, ti: int, oid: int, free: int, where: tuple[Any, ...],
              *, extra: int = 0, why_room: str = "", assumed_won: set[int] | frozenset[int] = frozenset()
              ) -> tuple[list[Problem], int]:
    """One load of a truck's plan as Phase 2 takes it, with ``free`` goods of room left before it: what is wrong
    with it, and the room left after it. ``check`` walks a plan's loads with it; the orders page looks its answers
    up (``choices.haul``: one per room and order waiting), so the room is counted in one place only."""
    out = []
    truck = state["hauliers"][player]["trucks"][ti]
    o = state["orders"][oid - 1] if 1 <= oid <= len(state["orders"]) else None
    won_now = o is not None and o["status"] == "announced" and o["offered"] == state["round"]
    if o is None or (o["holder"] != player and not won_now) or o["status"] in ("delivered", "expired"):
        out.append(Problem(say(game, "load_not_yours", order=oid), where, say(game, "load_not_yours.hint")))
    elif o["status"] == "loaded":
        out.append(Problem(say(game, "load_loaded", order=oid), where, say(game, "remove.hint")))
    elif o["from"] != truck["position"]:
        out.append(Problem(say(game, "load_elsewhere", order=oid, city=o["from"], truck=ti + 1,
                               position=truck["position"]), where, say(game, "load_elsewhere.hint")))
    elif o["count"] > free:
        hint = say(game, "load_late_trailer.hint" if not trailers_before_loading(game, state)
                   else "load_buy_trailer.hint")
        out.append(Problem(say(game, "load_too_big_trailer" if why_room else "load_too_big", order=oid,
                               count=o["count"], free=free, why=why_room), where, hint))
    else:
        if extra > 0 and o["count"] > free - extra:
            out.append(Problem(say(game, "load_fits_only", order=oid, why=why_room), where, "", "warning"))
        free -= o["count"]
        if won_now and oid not in assumed_won:
            out.append(Problem(say(game, "load_if_won", order=oid), where, say(game, "load_if_won.hint", order=oid),
                               "warning"))
    return out, free


def _check_route(game: GameData, state: State, board: Any, truck: Mapping[str, Any], where: tuple[Any, ...],
                 told: Plan, stau: Mapping[str, int]) -> list[Problem]:
    stau = dict(stau)
    stau[truck["position"]] = stau.get(truck["position"], 1) - 1
    route = plan_route(game, board, truck["position"], told["route"], state["site"], stau)
    out = []
    path = (*where, "route")
    for sev, msg, hint in route.problems:
        out.append(Problem(msg, path + ((route.cut_at,) if sev == "error" and route.cut_at is not None else ()),
                           hint, sev))  # type: ignore[arg-type]
    speed = tables(game)["speed_limit"]
    fined = state["options"]["speed_limit"] and route.entered > speed["fields"]
    summary = say(game, "route_summary_fine" if fined else "route_summary", start=route.fields[0], end=route.end,
                  points=route.points, fare=route.fare, fine=speed["fine"], fields=route.entered)
    standing = route.points == 0 and route.fare == 0 and "points" not in told and "fare" not in told
    if not standing and (told.get("points") != route.points or told.get("fare") != route.fare):
        # A truck that stays where it stands (the sheet as handed out) has no points or fare to confirm (issue 29)
        out.append(Problem(summary, path, say(game, "route_summary.hint", points=route.points, fare=route.fare),
                           "warning"))
    return out


def _check_debt(game: GameData, state: State, player: str, orders: Orders) -> list[Problem]:
    """Schulden: the interest is charged after the round, so a debt the bank allowed during it can still be
    Pleite. Warn with the numbers when the orders as written end the round beyond the safe debt."""
    t, h = tables(game), state["hauliers"][player]
    limit = money_limit(game, state)
    safe = safe_debt(limit, t["interest_percent"])
    costs, income = _round_costs(game, state, player, orders)
    bids = sum(int(b["kj"]) for b in orders.get("bids") or [])
    # a Brummi whose conditions fail runs its otherwise plan: the worse of the two plans is also a possible end
    # (issue 32), in the games whose words have the warning
    fallback = _round_costs(game, state, player, orders, fallback=True) if has_words(game, "pleite_otherwise") else None
    cases = [(costs, income, "pleite_certain")]
    if fallback is not None and fallback[0] - fallback[1] > costs - income:
        cases.append((fallback[0], fallback[1], "pleite_otherwise"))
    cases.append((costs + bids, income, "pleite_possible"))
    out = []
    for spent, earned, kind in cases:
        end = h["cash"] - spent + earned
        if end >= -safe:
            continue
        interest = -(end * t["interest_percent"] // 100)
        most = h["cash"] + earned + safe - (costs if kind == "pleite_possible" else 0)
        out.append(Problem(
            say(game, kind, end=end, percent=t["interest_percent"], interest=interest, after=end - interest,
                limit=limit),
            (), say(game, f"{kind}.hint", safe=safe, most=most), "warning"))
        break
    return out


def money_limit(game: GameData, state: State) -> int:
    limit: int = tables(game)["debt_limit"] * state["options"]["trucks"]  # whole numbers (tables.yaml, read_options)
    return limit


def _round_costs(game: GameData, state: State, player: str, orders: Orders, fallback: bool = False) -> tuple[int, int]:
    """What the orders as written cost this round besides bids (fares, fines, the site bid, the trailer, rent),
    and what their deliveries earn; with ``fallback``, each Brummi with conditions runs the worse (for the
    account) of its plan and its ``otherwise`` plan."""
    t, opts = tables(game), state["options"]
    board, h = board_of(game, state), state["hauliers"][player]
    stau = stau_counts(state) if opts["stau"] else {}
    costs = income = 0
    for ti, told in enumerate((orders.get("trucks") or [])[:len(h["trucks"])]):
        truck = h["trucks"][ti]
        plans = [choose_plan(game, told, list(told.get("only_if_won") or []))]
        if fallback and (told.get("only_if_won") or told.get("unless_won")):
            plans.append((told.get("otherwise") or Plan()).copy())
        worst: tuple[int, int] | None = None
        for plan in plans:
            spent = earned = 0
            if plan.get("route"):
                own = dict(stau)
                own[truck["position"]] = own.get(truck["position"], 1) - 1
                r = plan_route(game, board, truck["position"], plan["route"], state["site"], own)
                spent += r.fare
                if opts["speed_limit"] and r.entered > t["speed_limit"]["fields"]:
                    spent += t["speed_limit"]["fine"]
                carried = [*truck["load"], *(plan.get("load") or [])]
                earned += sum(state["orders"][i - 1]["value"] for i in set(carried)
                              if 1 <= i <= len(state["orders"]) and state["orders"][i - 1]["to"] == r.end)
            if worst is None or spent - earned > worst[0] - worst[1]:
                worst = (spent, earned)
        if worst is not None:
            costs += worst[0]
            income += worst[1]
    if orders.get("site"):
        costs += int(orders["site"]["kj"])
    want = orders.get("trailer")
    if want:
        costs += trailer_price(game, opts, want["type"])
    if opts["trailer_rent"]:
        rented = [x for tr in h["trucks"] for x in tr["trailers"]] + ([want["type"]] if want else [])
        costs += sum(t["trailers"][x]["rent_per_round"] for x in rented)
    return costs, income


def _check_site(game: GameData, state: State, site: SiteBid | None) -> list[Problem]:
    if not site:
        return []
    why = why_not_site(game, board_of(game, state), state["site"], str(site["field"]), int(site["kj"]))
    return [Problem(why, ("site", "field"), say(game, "site.hint"))] if why else []


def _check_trailers(game: GameData, state: State, player: str, orders: Orders) -> list[Problem]:
    out = []
    n = len(state["hauliers"][player]["trucks"])
    if orders.get("trailer") and orders["trailer"].get("truck", 1) > n:
        out.append(Problem(say(game, "trailer_truck", n=n), ("trailer", "truck"), say(game, "trailer_truck.hint")))
    if orders.get("return_trailers") and not state["options"]["trailer_rent"]:
        out.append(Problem(say(game, "trailer_not_rented"), ("return_trailers",), say(game, "remove.hint"), "warning"))
    return out


def default_orders(state: State, player: str, previous: Orders | None) -> Orders:
    """NMR: Betriebsferien; the truck stays where it is and nothing happens."""
    return {"betriebsferien": True}
