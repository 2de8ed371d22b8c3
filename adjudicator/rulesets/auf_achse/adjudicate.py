"""One Spielrunde: the six phases (in the order of the options), then interest, bankruptcy and the end.

Every amount is whole kj. A haulier may overdraw to the debt limit (Schulden); anything that would take the
account beyond it is refused before it happens (house rule: the bank does not pay what it would not lend), so
only interest and rent can push a haulier over the limit, and that is bankruptcy (Pleite).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, cast

from ...dice import Dice
from ...kit.gamedata import GameData
from ...model import TurnResult
from .board import Board, fare, field_points, plan_route
from .setup import board_of, copy_state, final_round, last_offer_round, money
from .state import Conditional, Orders, Plan, State, TruckOrders
from .tables import say, tables


def active(state: State) -> list[str]:
    """Hauliers still in business, in seat order."""
    return [k for k in state["seats"] if not state["hauliers"][k]["bankrupt"]]


def capacity(game: GameData, truck: Mapping[str, Any]) -> int:
    """Goods a truck holds: 6, plus 4 per small and 6 per large trailer."""
    trailers = tables(game)["trailers"]
    holds: int = tables(game)["truck_capacity"] + sum(trailers[t]["capacity"] for t in truck["trailers"])
    return holds  # tables.yaml's figures are whole numbers


def cargo(state: State, truck: Mapping[str, Any]) -> int:
    return sum(state["orders"][i - 1]["count"] for i in truck["load"])


def stau_counts(state: State) -> dict[str, int]:
    """How many trucks stand on each field at the start of the round (bankrupt hauliers' trucks included)."""
    counts: dict[str, int] = {}
    for key in state["seats"]:
        for t in state["hauliers"][key]["trucks"]:
            counts[t["position"]] = counts.get(t["position"], 0) + 1
    return counts


AuctionResult = Literal["awarded", "reoffered", "lapsed", "railway"]
"""What an auction did with an order: sold to the highest bid, offered again after a tie, let go without a bid
(or after a tie in the last round of offers), or taken by the Bundesbahn's bid."""

class Round:
    """The adjudication of one round: ``run`` returns the new state and the report."""

    def __init__(self, game: GameData, state: State, orders: Mapping[str, Orders], dice: Dice) -> None:
        self.game = game
        self.old = state
        self.s = copy_state(state)
        self.board: Board = board_of(self.game, state)
        self.rnd: int = state["round"]
        self.limit = money(self.game, state)["debt_limit"]
        self.dice = dice
        self._plans: dict[str, list[Plan]] = {}
        self.keys = active(state)
        self.won: dict[str, list[int]] = {k: [] for k in self.keys}  # this round's auction, for the conditions
        self.orders = {k: (orders.get(k) or {}) for k in self.keys}
        self.resting = [k for k in self.keys if self.orders[k].get("betriebsferien") or not self.orders[k]]
        self.stau = stau_counts(state) if state["options"]["stau"] else {}
        self.report: dict[str, Any] = {"round": self.rnd, "resting": self.resting, "auction": [], "hauliers": {},
                                       "site": None, "trailers": [], "interest": {}, "rent": {}, "bankrupt": [],
                                       "expired": []}
        for k in self.keys:
            self.report["hauliers"][k] = {"trucks": [{"start": t["position"], "loaded": [], "route": None,
                                                      "unloaded": []}
                                                     for t in self.s["hauliers"][k]["trucks"]],
                                          "notes": []}

    # -- helpers -----------------------------------------------------------------------------------------
    def can_pay(self, key: str, amount: int) -> bool:
        return self.s["hauliers"][key]["cash"] - amount >= -self.limit

    def pay(self, key: str, amount: int, what: str) -> None:
        h = self.s["hauliers"][key]
        h["cash"] -= amount
        h["spent"][what] += amount

    def note(self, key: str, text: str) -> None:
        self.report["hauliers"][key]["notes"].append(text)

    def order(self, oid: int) -> dict[str, Any]:
        return self.s["orders"][oid - 1]

    def acting(self) -> list[str]:
        return [k for k in self.keys if k not in self.resting]

    def plans(self, key: str) -> list[Plan]:
        """Each truck's plan once its conditions are judged against this round's auction (Optionale Befehle)."""
        if key not in self._plans:
            plans = []
            for ti, told in enumerate(_truck_orders(self.orders[key])):
                failed = why_condition_fails(self.game, told, self.won[key])
                plan = choose_plan(self.game, told, self.won[key])
                if failed and ti < len(self.report["hauliers"][key]["trucks"]):
                    self.report["hauliers"][key]["trucks"][ti]["plan"] = "otherwise" if plan else "nothing"
                    self.note(key, say(self.game, "note_plan_otherwise" if plan else "note_plan_nothing", truck=ti + 1,
                                       why=failed))
                plans.append(plan)
            self._plans[key] = plans
        return self._plans[key]

    # -- the round -----------------------------------------------------------------------------------------
    def run(self) -> TurnResult:
        phases = ["auction"] if self.rnd == 0 else tables(self.game)["phases"][self.s["options"]["phases"]]
        self.report["phases"] = list(phases)
        for name in phases:
            getattr(self, "phase_" + name)()
        self.end_of_round()
        return TurnResult(state=cast(dict[str, Any], self.s), report=self.report)  # plain data for the engine

    def phase_auction(self) -> None:
        """Phase 1: sealed bids in numerical order; the highest single bid wins and pays its bid."""
        offered = sorted((o for o in self.s["orders"] if o["status"] == "announced" and o["offered"] == self.rnd),
                         key=lambda o: o["id"])
        bids = {k: {int(b["order"]): b for b in self.orders[k].get("bids") or []} for k in self.acting()}
        won = self.won
        for o in offered:
            entry: dict[str, Any] = {"order": o["id"], "bids": {}, "void": {}}
            for k in self.acting():
                b = bids[k].get(o["id"])
                if b is None:
                    continue
                kj = int(b["kj"])
                failed = why_condition_fails(self.game, b, won[k])
                if failed:
                    entry["void"][k] = say(self.game, "void_condition", why=failed)
                elif not self.can_pay(k, kj):
                    entry["void"][k] = say(self.game, "void_uncovered")
                else:
                    entry["bids"][k] = kj
            if self.s["options"]["bundesbahn"] and entry["bids"]:
                d = self.dice.fork(f"bundesbahn/{o['id']}")
                percent = d.randint(1, 20) + d.randint(1, 20)
                entry["bundesbahn"] = {"percent": percent, "kj": o["value"] * percent // 100}
            self.settle(o, entry, won)
            self.report["auction"].append(entry)

    def settle(self, o: dict[str, Any], entry: dict[str, Any], won: dict[str, list[int]]) -> None:
        entry["result"] = self.award(o, entry, won)
        if entry["result"] == "awarded":
            entry.update(winner=o["holder"], price=o["price"])

    def award(self, o: dict[str, Any], entry: dict[str, Any], won: dict[str, list[int]]) -> AuctionResult:
        """Who gets the order: the highest bid (the Bundesbahn's too); a tie is offered again next round."""
        offers = dict(entry["bids"])
        if "bundesbahn" in entry:
            offers["(bundesbahn)"] = entry["bundesbahn"]["kj"]
        if not entry["bids"]:
            o["status"] = "lapsed"
            return "lapsed"
        top = max(offers.values())
        best = sorted(k for k, v in offers.items() if v == top)
        if len(best) > 1:
            entry["tied"] = best
            if self.rnd < last_offer_round(self.game, self.s):
                o["offered"] = self.rnd + 1
                o["reoffered"] = o.get("reoffered", 0) + 1
                return "reoffered"
            o["status"] = "lapsed"
            return "lapsed"
        if best[0] == "(bundesbahn)":
            o["status"] = "railway"
            return "railway"
        k = best[0]
        o.update(status="won", holder=k, price=top)
        self.pay(k, top, "auction")
        won[k].append(o["id"])
        return "awarded"

    def phase_loading(self) -> None:
        """Phase 2: a truck at an order's pick-up city loads it if the whole order fits."""
        for k in self.acting():
            h = self.s["hauliers"][k]
            for ti, (truck, told) in enumerate(zip(h["trucks"], self.plans(k), strict=False)):
                for oid in told.get("load") or []:
                    why = self.why_not_load(k, truck, int(oid))
                    if why:
                        self.note(k, say(self.game, "note_not_loaded", order=oid, why=why))
                        continue
                    o = self.order(int(oid))
                    o.update(status="loaded", truck=ti + 1)
                    truck["load"].append(o["id"])
                    self.report["hauliers"][k]["trucks"][ti]["loaded"].append(o["id"])

    def why_not_load(self, key: str, truck: Mapping[str, Any], oid: int) -> str:
        if not 1 <= oid <= len(self.s["orders"]):
            return say(self.game, "why_no_order")
        o = self.order(oid)
        if o["holder"] != key or o["status"] not in ("won", "loaded"):
            return say(self.game, "why_not_yours")
        if o["status"] == "loaded":
            return say(self.game, "why_loaded")
        if truck["position"] != o["from"]:
            return say(self.game, "why_elsewhere", city=o["from"])
        free = capacity(self.game, truck) - cargo(self.s, truck)
        if o["count"] > free:
            return say(self.game, "why_too_big", count=o["count"], free=free)
        return ""

    def phase_driving(self) -> None:
        """Phase 3: drive any distance along the written route; pay 10*n(n+1)/2 kj for n Streckenpunkte."""
        speed = tables(self.game)["speed_limit"]
        for k in self.acting():
            h = self.s["hauliers"][k]
            for ti, (truck, told) in enumerate(zip(h["trucks"], self.plans(k), strict=False)):
                if not told.get("route"):
                    continue
                stau = dict(self.stau)
                stau[truck["position"]] = stau.get(truck["position"], 1) - 1
                route = plan_route(self.game, self.board, truck["position"], told["route"], self.s["site"], stau)
                for sev, msg, _hint in route.problems:
                    if sev == "error":
                        self.note(k, say(self.game, "note_route_cut", truck=ti + 1, why=msg, field=route.end))
                path = route.fields
                while True:
                    pts = route_points(self.board, path, stau)
                    fine = speed["fine"] if self.s["options"]["speed_limit"] and len(path) - 1 > speed["fields"] else 0
                    if self.can_pay(k, fare(pts) + fine) or len(path) == 1:
                        break
                    path = path[:-1]
                if path != route.fields:
                    self.note(k, say(self.game, "note_fare_cut", truck=ti + 1, field=path[-1]))
                self.pay(k, fare(pts), "fares")
                if fine:
                    self.pay(k, fine, "fines")
                truck["position"] = path[-1]
                self.report["hauliers"][k]["trucks"][ti]["route"] = {
                    "fields": path, "points": pts, "fare": fare(pts), "entered": len(path) - 1, "fine": fine}

    def phase_unloading(self) -> None:
        """Phase 4: every loaded order whose destination is where the truck stands is delivered and paid."""
        for k in self.acting():
            h = self.s["hauliers"][k]
            for ti, truck in enumerate(h["trucks"]):
                for oid in list(truck["load"]):
                    o = self.order(oid)
                    if o["to"] != truck["position"]:
                        continue
                    truck["load"].remove(oid)
                    o["status"] = "delivered"
                    o["delivered_round"] = self.rnd
                    h["cash"] += o["value"]
                    h["earned"] += o["value"]
                    h["delivered"].append(oid)
                    self.report["hauliers"][k]["trucks"][ti]["unloaded"].append({"order": oid, "value": o["value"]})

    def phase_site(self) -> None:
        """Phase 5: bids on road fields for next round's Baustelle, paid at once, summed per field."""
        bids: list[Any] = []
        totals: dict[str, int] = {}
        for k in self.acting():
            b = self.orders[k].get("site")
            if not b:
                continue
            fld, kj = str(b["field"]), int(b["kj"])
            why = why_not_site(self.game, self.board, self.s["site"], fld, kj)
            failed = why_condition_fails(self.game, b, self.won[k])
            if failed:
                self.note(k, say(self.game, "note_site_condition", why=failed))
                continue
            if not why and not self.can_pay(k, kj):
                why = say(self.game, "void_uncovered")
            if why:
                bids.append({"haulier": k, "field": fld, "kj": kj, "void": why})
                continue
            self.pay(k, kj, "site")
            bids.append({"haulier": k, "field": fld, "kj": kj})
            totals[fld] = totals.get(fld, 0) + kj
        result = None
        if totals:
            top = max(totals.values())
            best = sorted(f for f, v in totals.items() if v == top)
            result = best[0] if len(best) == 1 else None
        self.report["site"] = {"bids": bids, "totals": dict(sorted(totals.items())), "result": result,
                               "tie": bool(totals) and result is None}
        self.next_site = result

    def phase_trailers(self) -> None:
        """Phase 6: at most one trailer a round (bought, or rented under Sonderregel D b; returns first)."""
        t = tables(self.game)
        opts = self.s["options"]
        for k in self.acting():
            h = self.s["hauliers"][k]
            for r in self.orders[k].get("return_trailers") or []:
                if not opts["trailer_rent"]:
                    continue
                ti, kind = int(r.get("truck", 1)) - 1, r["type"]
                truck = h["trucks"][ti] if 0 <= ti < len(h["trucks"]) else None
                if truck is None or kind not in truck["trailers"]:
                    self.note(k, say(self.game, "note_no_trailer", trailer=t["trailers"][kind]["name"], truck=ti + 1))
                elif cargo(self.s, truck) > capacity(self.game, truck) - t["trailers"][kind]["capacity"]:
                    self.note(k, say(self.game, "note_trailer_loaded", trailer=t["trailers"][kind]["name"],
                                     truck=ti + 1))
                else:
                    truck["trailers"].remove(kind)
                    self.report["trailers"].append({"haulier": k, "truck": ti + 1, "type": kind, "action": "returned"})
            want = self.orders[k].get("trailer")
            if not want:
                continue
            failed = why_condition_fails(self.game, want, self.won[k])
            if failed:
                self.note(k, say(self.game, "note_trailer_condition", why=failed))
                continue
            ti, kind = int(want.get("truck", 1)) - 1, want["type"]
            if not 0 <= ti < len(h["trucks"]):
                self.note(k, say(self.game, "note_no_truck", truck=ti + 1))
                continue
            price = trailer_price(self.game, opts, kind)
            if not self.can_pay(k, price):
                self.note(k, say(self.game, "note_trailer_debt", trailer=t["trailers"][kind]["name"], price=price))
                continue
            self.pay(k, price, "trailers")
            h["trucks"][ti]["trailers"].append(kind)
            self.report["trailers"].append({"haulier": k, "truck": ti + 1, "type": kind, "kj": price,
                                            "action": "rented" if opts["trailer_rent"] else "bought"})

    def end_of_round(self) -> None:
        """Rent, interest (10%, rounded up), bankruptcy, Termin expiry, the next site, the end of the self.game."""
        t = tables(self.game)
        s = self.s
        if s["options"]["trailer_rent"] and self.rnd > 0:
            for k in self.keys:
                h = s["hauliers"][k]
                rent = sum(t["trailers"][x]["rent_per_round"] for tr in h["trucks"] for x in tr["trailers"])
                if rent:
                    self.pay(k, rent, "trailers")
                    self.report["rent"][k] = rent
        for k in self.keys:
            h = s["hauliers"][k]
            if h["cash"] < 0:
                interest = -(h["cash"] * t["interest_percent"] // 100)  # rounded up: the bank's favour
                self.pay(k, interest, "interest")
                self.report["interest"][k] = interest
            if h["cash"] < -self.limit:
                h["bankrupt"] = True
                h["bankrupt_round"] = self.rnd
                self.report["bankrupt"].append(k)
        for o in s["orders"]:
            if o["deliver_by"] is not None and o["deliver_by"] <= self.rnd and o["status"] in ("won", "loaded"):
                if o["status"] == "loaded":
                    s["hauliers"][o["holder"]]["trucks"][o["truck"] - 1]["load"].remove(o["id"])
                o["status"] = "expired"
                self.report["expired"].append(o["id"])
        if self.rnd > 0:
            s["site"] = getattr(self, "next_site", None)
        s["round"] = self.rnd + 1
        self.report["finished"] = self.game_over()
        s["finished"] = self.report["finished"]
        if s["finished"]:
            self.report["ranking"] = ranking(s)
        self.report["announced"] = [o["id"] for o in s["orders"]
                                    if o["status"] == "announced" and o["offered"] == s["round"]]

    def game_over(self) -> bool:
        """Spielende: after round 10, as soon as a haulier has done all their orders (house rule: at least one
        delivered); Sonderregel A b: after the fixed round; always after the last round or with nobody left."""
        s = self.s
        if not active(s) or self.rnd >= final_round(s):
            return True
        if s["options"]["rounds"] or self.rnd < 10:
            return False
        return any(h["delivered"] and not open_orders(s, k) for k, h in s["hauliers"].items() if not h["bankrupt"])


def open_orders(state: State, key: str) -> list[int]:
    return [o["id"] for o in state["orders"] if o["holder"] == key and o["status"] in ("won", "loaded")]


def ranking(state: State) -> list[dict[str, Any]]:
    """Sieger: the most cash; bankrupt hauliers rank below everyone still in business (house rule)."""
    rows = sorted(state["seats"], key=lambda k: (state["hauliers"][k]["bankrupt"], -state["hauliers"][k]["cash"], k))
    out, place = [], 0
    for i, k in enumerate(rows):
        h = state["hauliers"][k]
        prev = state["hauliers"][rows[i - 1]] if i else None
        if not prev or (prev["cash"], prev["bankrupt"]) != (h["cash"], h["bankrupt"]):
            place = i + 1
        out.append({"place": place, "haulier": k, "cash": h["cash"], "bankrupt": h["bankrupt"]})
    return out


def route_points(board: Board, path: list[str], stau: Mapping[str, int]) -> int:
    return sum(field_points(board, n, stau) for n in path[1:])


def trailer_price(game: GameData, options: Mapping[str, Any], kind: str) -> int:
    t = tables(game)
    if options["trailer_rent"]:
        fee: int = t["rent_fee"]  # tables.yaml's figures are whole numbers
        return fee
    price: int = t["trailers"][kind]["price"]
    return price * (100 - t["discount_percent"]) // 100 if options["trailer_discount"] else price


def why_not_site(game: GameData, board: Board, current: str | None, fld: str, kj: int) -> str:
    """Phase 5 conditions (house rule, the text's list is lost): a road field, not this round's site, >= 1 kj."""
    if kj < 1:
        return say(game, "site_at_least")
    if not board.is_field(fld):
        return say(game, "site_unknown", field=fld)
    if board.is_city(fld):
        return say(game, "site_city")
    if fld == current:
        return say(game, "site_same")
    return ""


def safe_debt(limit: int, percent: int) -> int:
    """The largest debt that survives the interest: d + ceil(d * percent / 100) <= limit (4,545 kj of 5,000)."""
    debt = limit * 100 // (100 + percent)
    while debt + -(-debt * percent // 100) > limit:
        debt -= 1
    return debt


def credit(game: GameData, state: State, key: str) -> dict[str, int]:
    """What a haulier may still spend: down to the debt limit, and down to the debt that survives the interest."""
    limit = money(game, state)["debt_limit"]
    cash = state["hauliers"][key]["cash"]
    return {"limit": max(0, cash + limit), "safe": max(0, cash + safe_debt(limit, tables(game)["interest_percent"]))}


def why_condition_fails(game: GameData, order: Conditional, won: Sequence[int]) -> str:
    """Optionale Befehle: an order may depend on earlier events, here the haulier's wins in this round's auction
    (Phase 1 comes before every other phase). '' when the conditions hold, else why they do not."""
    if any(i in won for i in order.get("unless_won") or []):
        had = [i for i in order["unless_won"] if i in won]
        return say(game, "already_won" if len(had) == 1 else "already_won_many", orders=", ".join(map(str, had)))
    missing = [i for i in order.get("only_if_won") or [] if i not in won]
    if not missing:
        return ""
    return say(game, "not_won" if len(missing) == 1 else "not_won_many", orders=", ".join(map(str, missing)))


def choose_plan(game: GameData, told: TruckOrders, won: Sequence[int]) -> Plan:
    """A truck's plan: itself if its conditions hold, else its ``otherwise`` plan, else nothing."""
    if not why_condition_fails(game, told, won):
        return told.copy()
    return (told.get("otherwise") or Plan()).copy()


def _truck_orders(orders: Orders) -> list[TruckOrders]:
    trucks = orders.get("trucks") or []
    return [t or TruckOrders() for t in trucks] + [TruckOrders()] * 2


def adjudicate(game: GameData, state: State, orders: Mapping[str, Orders], dice: Dice) -> TurnResult:
    if state["finished"]:
        raise ValueError("the game is over")
    return Round(game, state, orders, dice).run()
