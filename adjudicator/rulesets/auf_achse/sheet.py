"""The Zugformat on paper: the pre-printed order sheet of a round (``template``) and the receipt of the orders as the
Spielleiter reads them (``describe``). Presentation: the rules never read it (``orders.py`` holds the schema and the
check)."""

from __future__ import annotations

from collections.abc import Mapping

from ...kit.gamedata import GameData
from ...kit.sheet import Sheet
from .adjudicate import capacity, stau_counts, trailer_price
from .board import plan_route
from .setup import board_of
from .state import Conditional, Orders, Plan, State
from .tables import tables


def describe(game: GameData, state: State, player: str, orders: Orders) -> list[str]:
    """The orders as the Spielleiter reads them, with the route's points and fare worked out."""
    if orders.get("betriebsferien") or not orders:
        return ["Betriebsferien: der Brummi bleibt ohne Aktion stehen."]
    lines = []
    for b in orders.get("bids") or []:
        lines.append(f"Gebot auf Auftrag {b['order']}: {b['kj']} kj{_conditions_text(b)}")
    if state["round"] > 0:
        stau = stau_counts(state) if state["options"]["stau"] else {}
        h = state["hauliers"].get(player)
        for ti, told in enumerate(orders.get("trucks") or []):
            if not h or ti >= len(h["trucks"]):
                continue
            cond = _conditions_text(told)
            lines += [line + cond for line in _plan_lines(game, state, stau, h["trucks"][ti]["position"], ti, told)]
            if told.get("otherwise"):
                other = _plan_lines(game, state, stau, h["trucks"][ti]["position"], ti, told["otherwise"])
                lines += [f"sonst: {line}" for line in other or [f"Brummi {ti + 1} bleibt stehen"]]
        if orders.get("site"):
            lines.append(f"Baustellen-Gebot: {orders['site']['kj']} kj auf {orders['site']['field']}"
                         + _conditions_text(orders["site"]))
        if orders.get("trailer"):
            t = orders["trailer"]
            price = trailer_price(game, state["options"], t["type"])
            lines.append(f"{tables(game)['trailers'][t['type']]['name']} für Brummi {t.get('truck', 1)}: {price} kj"
                         + _conditions_text(t))
        for r in orders.get("return_trailers") or []:
            lines.append(f"Rückgabe: {tables(game)['trailers'][r['type']]['name']} von Brummi {r.get('truck', 1)}")
    return lines or ["Keine Befehle."]


def _conditions_text(order: Conditional) -> str:
    cond = ""
    if order.get("unless_won"):
        cond += f" (nur wenn nicht {', '.join(map(str, order['unless_won']))} ersteigert)"
    if order.get("only_if_won"):
        cond += f" (nur wenn {', '.join(map(str, order['only_if_won']))} ersteigert)"
    return cond


def _plan_lines(game: GameData, state: State, stau: Mapping[str, int], pos: str, ti: int, plan: Plan
                ) -> list[str]:
    lines = [f"Brummi {ti + 1} lädt Auftrag {oid}" for oid in plan.get("load") or []]
    if plan.get("route"):
        own = dict(stau)
        own[pos] = own.get(pos, 1) - 1
        r = plan_route(game, board_of(game, state), pos, plan["route"], state["site"], own)
        lines.append(f"Brummi {ti + 1} fährt {' – '.join(r.fields)}: {r.points} Streckenpunkte, "
                     f"{r.fare} kj" + (" (Route endet vorzeitig)" if r.cut_at is not None else ""))
    return lines


def template(game: GameData, state: State, player: str) -> str:
    """A pre-printed order sheet: the offered orders to bid on, each truck's position and load."""
    board = board_of(game, state)
    h = state["hauliers"][player]
    rnd = state["round"]
    sheet = Sheet()
    sheet.comment(f"Auf Achse, Runde {rnd}: Befehle von {h['name']}. Kasse {h['cash']} kj.",
                  "Fahrpreis für n Streckenpunkte: 10*n*(n+1)/2 kj (1: 10, 5: 150, 10: 550, 15: 1200, 20: 2100).")
    if state["site"]:
        sheet.comment(f"Baustelle in dieser Runde: {state['site']} (weder befahren noch überqueren).")
    offered = [o for o in state["orders"] if o["status"] == "announced" and o["offered"] == rnd]
    if offered:
        sheet.line("bids:", "eine Zeile je Auftrag, auf den Sie bieten; löschen Sie die übrigen. Auch 0 ist ein Gebot.")
    else:
        sheet.line("bids: []", "in dieser Runde wird nichts angeboten")
    for o in offered:
        term = f", Termin Runde {o['deliver_by']}" if o["deliver_by"] is not None else ""
        sheet.line(f"  # - {{order: {o['id']}, kj: 0}}", f"{o['count']} {o['goods']} {board.label(o['from'])} -> "
                   f"{board.label(o['to'])}, Wert {o['value']} kj{term}", at=26)
    if rnd == 0:
        return sheet.text()
    sheet.line("trucks:")
    for ti, t in enumerate(h["trucks"]):
        held = [o for o in state["orders"] if o["holder"] == player and o["status"] == "won"
                and o["from"] == t["position"]]
        load = ", ".join(f"{i}" for i in t["load"]) or "leer"
        sheet.line("  -", f"Brummi {ti + 1} steht in {t['position']} ({board.label(t['position'])}), "
                   f"Ladung: {load}, Kapazität {capacity(game, t)}", at=4)
        sheet.line(f"    load: [{', '.join(str(o['id']) for o in held)}]")
        sheet.line(f"    route: [{t['position']}]", f"fügen Sie die Felder an, die Sie fahren; nächste: "
                   f"{', '.join(board.neighbours(t['position']))}")
    sheet.example("site: {field: K-F.2, kj: 1}", "Baustellen-Gebot für die nächste Runde", at=34)
    sheet.example("trailer: {type: small, truck: 1}", "Anhänger kaufen: small (klein) +4 Waren, large (groß) +6 Waren")
    return sheet.text()

