"""What a player sees of the order sheet: validation (check), the receipt (describe) and the blank (template)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...kit.sheet import Sheet
from . import orders as od
from .orders import order_words
from .state import State
from .tables import SHIPPED, Tables

TYPE_NAMES = {t: v["name"] for t, v in SHIPPED.types().items()}


def describe(tables: Tables, state: State, player: str, orders: Any) -> list[str]:
    """Each order as the adjudicator understands it, in the game's words (German)."""
    norm = od.normalize(tables, orders)
    names: dict[str, str] = {k: c["name"] for k, c in state["countries"].items()}
    index = od.names_index(state["countries"])

    def land(text: str) -> str:
        return names.get(index.get(text.lower(), ""), text)

    p, c = norm["production"], norm["construction"]
    lines = [f"Ernte: {p['harvest']} B auf {p['harvest']} A", f"Energieerzeugung: {p['energy']} B in Energiewerken",
             f"Rohstoffförderung: {p['mining']} B in Minen",
             f"Konsumgüter: {p['consumer_goods']} (je 1 I, 1 B, 1 e, 1 r)",
             f"Waffen: {p['weapons']} (je 1 I, 1 B, 1 e, 1 r)"]
    builds = ", ".join(f"{tables.stock_names()[s]} {s}: {c[s]}" for s in od.CONSTRUCTION if c[s])
    if builds:
        lines.append(f"Bauversuche: {builds}")
    if norm["defence"]:
        lines.append(f"Verteidigung: {norm['defence']} w mit {norm['defence']} B")
    for g, o in norm["market"].items():
        side = "Verkauf" if o["offer"] == "sell" else "Kauf"
        lines.append(f"Weltmarkt {g}: {side} {o['count']} zu je {o['price']} g")
    for t in norm["transfers"]:
        note = f" „{t['note']}“" if t["note"] else ""
        lines.append(f"Transfer an {land(t['to'])}: {t['count']} {t['good']}{note}")
    for a in norm["attacks"]:
        aim = f", Ziel {a['aim']}" if a["aim"] else ""
        lines.append(f"Angriff auf {land(a['target'])} mit {a['weapons']} w{aim}")
    if norm["gold"]["industries"]:
        price = state["options"]["industriepreis"]
        lines.append(f"Kauf von {norm['gold']['industries']} Industrien zu je {price} g")
    if norm["contacts"]:
        lines.append(f"Kontakt: {len(norm['contacts'])} Zeilen")
    if norm["type_change"]:
        lines.append(f"Typwechsel zum {TYPE_NAMES[norm['type_change']]}")
    if norm["leave"]:
        lines.append("Ausstieg angekündigt: dies ist der letzte Zug")
    if isinstance(orders, Mapping) and isinstance(orders.get("standing_orders"), Mapping):
        lines.append("Anweisungen für den Fall eines NMR hinterlegt" if orders["standing_orders"] else
                     "Leere Anweisungen für den Fall eines NMR: ein fehlender Zug tut nichts")
    elif isinstance(orders, Mapping) and orders.get("standing_orders") == od.REPEAT:
        lines.append("Hinterlegte NMR-Anweisungen gelöscht: ein fehlender Zug wiederholt den letzten Zug")
    if player in state["countries"] and state["countries"][player]["active"]:
        _, dropped, cuts, _ = od.prepare(tables, state, player, orders, state["turn"] + 1,
                                           od.names_index(state["countries"]))
        for cut in dropped + cuts:
            lines.append(tables.words.say("receipt.cut", order=order_words(tables, cut["order"]),
                                          ordered=cut["ordered"], kept=cut["kept"], reason=cut["reason"]))
    return lines


def template(tables: Tables, state: State, player: str) -> str:
    """A pre-printed order sheet: YAML of the ``orders`` value, the country's figures in comments."""
    c = state["countries"][player]
    opts = state["options"]
    p = od.basic_orders(c)["production"]
    year = state["turn"] + 1
    own_e = c["e"] - c["e_imported"]

    def chance(stock: str) -> str:
        return "sicher" if tables.success(c["type"], stock) == 1 else "Erfolg 2/10"

    others = sorted(x["name"] for k, x in state["countries"].items() if x["active"] and k != player)
    example = others[0] if others else "Nachbarland"
    sheet = Sheet()
    sheet.comment(
        f"Bretton Woods - Zugabgabeblatt für das Jahr {year}: {c['name']} ({TYPE_NAMES[c['type']]})",
        f"Letzte Auflistung: B={c['B']} k={c['k']} A={c['A']} a={c['a']} E={c['E']} e={c['e']} "
        f"(davon handelbar {own_e}) R={c['R']} r={c['r']} I={c['I']} w={c['w']} g={c['g']}",
        f"Die Bevölkerung isst zuerst {min(c['B'], c['a'])} a; verkaufen/transferieren: höchstens "
        f"{max(0, c['a'] - c['B'])} a.",
        "Was mehr verlangt als die letzte Auflistung hergibt, wird gekürzt (siehe Regelseite).")
    sheet.line("production:")
    sheet.line(f"  harvest: {p['harvest']}", f"B auf Agrargebieten (höchstens A = {c['A']}), je Agrarfaktor 1,6-3,4 a")
    sheet.line(f"  energy: {p['energy']}", f"B in Energiewerken (höchstens E = {c['E']}), je 1 e im nächsten Jahr")
    sheet.line(f"  mining: {p['mining']}", f"B in Rohstoffminen (höchstens R = {c['R']}), je 1 r")
    sheet.line("  consumer_goods: 0", "Konsumgüter k: je 1 I, 1 B, 1 e, 1 r")
    sheet.line("  weapons: 0", "Waffen w: je 1 I, 1 B, 1 e, 1 r")
    sheet.line("construction:")
    sheet.line("  A: 0", f"Agrargebiete: je 1 B ({chance('A')})")
    sheet.line("  E: 0", f"Energiewerke: je 1 I, 1 B, 1 e, 1 r ({chance('E')}; e und r sind in jedem Fall verbraucht)")
    sheet.line("  R: 0", f"Probebohrungen: je 1 I, 1 B, 1 e, 1 r ({chance('R')})")
    sheet.line("  I: 0", "Industrien: je 1 I, 1 B, 1 e, 1 r (sicher)")
    sheet.line("defence: 0", f"Verteidigungswaffen, je 1 w und 1 B (w = {c['w']})")
    sheet.line("gold:")
    sheet.line("  industries: 0", f"Industrien kaufen, je {opts['industriepreis']} g (g = {c['g']})")
    sheet.example("market:", "je Gut ein Angebot: offer sell oder buy; Kaufgebote müssen durch Gold gedeckt sein")
    sheet.example("  a: {offer: sell, count: 10, price: 20}")
    sheet.example("  r: {offer: buy, count: 5, price: 22, no_repeat: true}",
                  "no_repeat = rot: bei NMR nicht wiederholen")
    sheet.example("transfers:")
    sheet.example(f"  - {{to: {example}, good: a, count: 10, note: Vertrag}}", "Notiz höchstens 20 Zeichen")
    sheet.example("attacks:")
    sheet.example(f"  - {{target: {example}, weapons: 2, aim: I}}", "aim: B, A, E, R oder I (sonst Los)")
    sheet.example("contacts:", "höchstens 5 Zeilen, werden veröffentlicht")
    sheet.example("  - An alle: ...")
    if od.may_change_type(c, year):
        sheet.example("type_change: energie", "einmalig: agrar, energie oder rohstoff")
    sheet.example("leave: true", "Ausstieg: dies ist der letzte Zug, keine Angriffe")
    sheet.example(f"standing_orders: {od.REPEAT}",
                  "hinterlegte NMR-Anweisungen löschen: bei NMR den letzten Zug wiederholen")
    sheet.example("standing_orders:", "gelten, wenn ein Zug fehlt (NMR), bis sie ersetzt werden")
    sheet.example(f"  production: {{harvest: {p['harvest']}, energy: {p['energy']}, mining: {p['mining']}}}")
    return sheet.text()
