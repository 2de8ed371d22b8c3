"""What a player sees of the order sheet: validation (check), the receipt (describe) and the blank (template)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...model import Problem, State
from ...sheet import Sheet
from . import game, tables
from . import orders as od

TYPE_NAMES = {t: v["name"] for t, v in tables.types().items()}


def _path(text: str) -> tuple[str | int, ...]:
    return tuple(int(p) if p.isdigit() else p for p in text.split("."))


def check(state: State, player: str, orders: Any) -> list[Problem]:
    """Errors for what cannot be read; warnings for what the adjudicator will cut or ignore."""
    countries = state["countries"]
    if player not in countries or not countries[player]["active"]:
        return [Problem(f"{player!r} has no country in this game", (), "join the game first")]
    if not isinstance(orders, Mapping):
        return [Problem("the orders must be a mapping of sections", (), "start from the template")]
    out: list[Problem] = []
    index = od.names_index({k: c for k, c in countries.items() if c["active"]})
    all_index = od.names_index(countries)
    name_hint = "write a country's name as the issue lists it"
    for i, t in enumerate(orders.get("transfers") or []):
        if not isinstance(t, Mapping):
            out.append(Problem("a transfer must be a mapping", ("transfers", i), "{to: Name, good: a, count: 1}"))
            continue
        to = str(t.get("to", ""))
        if to.lower() not in all_index:
            out.append(Problem(f"no country named {to!r}", ("transfers", i, "to"), name_hint))
        elif all_index[to.lower()] == player:
            out.append(Problem("a transfer to your own country", ("transfers", i, "to"), "name another country"))
        elif to.lower() not in index:
            out.append(Problem(f"{to} has left the game: the transfer is ignored", ("transfers", i, "to"),
                               "remove it", "warning"))
        if t.get("good") not in tables.transfer_goods():
            out.append(Problem(f"unknown good {t.get('good')!r}", ("transfers", i, "good"),
                               "one of " + ", ".join(tables.transfer_goods())))
        note = t.get("note")
        if isinstance(note, str) and len(note) > tables.limit("note_letters"):
            out.append(Problem(f"the note has {len(note)} letters", ("transfers", i, "note"),
                               f"at most {tables.limit('note_letters')} letters (7.1)"))
    leaving = orders.get("leave") is True
    for i, a in enumerate(orders.get("attacks") or []):
        if not isinstance(a, Mapping):
            out.append(Problem("an attack must be a mapping", ("attacks", i), "{target: Name, weapons: 1}"))
            continue
        target = str(a.get("target", ""))
        if target.lower() not in index:
            out.append(Problem(f"no country named {target!r} in the game", ("attacks", i, "target"), name_hint))
        elif index[target.lower()] == player:
            out.append(Problem("an attack on your own country", ("attacks", i, "target"), "name another country"))
        elif leaving:
            out.append(Problem("no attacks in the last year before leaving (7.2): it will be dropped",
                               ("attacks", i), "remove the attack or the leave announcement", "warning"))
    contacts = orders.get("contacts") or []
    if isinstance(contacts, list):
        if len(contacts) > tables.limit("contact_lines"):
            out.append(Problem(f"{len(contacts)} contact lines", ("contacts",), "at most 5 lines (7.1)"))
        most = tables.limit("contact_line_chars")
        for i, line in enumerate(contacts):
            if not isinstance(line, str):
                out.append(Problem(f"contact line {i + 1} is not text", ("contacts", i), "write it in quotes"))
            elif len(line) > most:
                out.append(Problem(f"contact line {i + 1} has {len(line)} characters; a line has at most {most} (7.1)",
                                   ("contacts", i), "split it into shorter lines"))
    change = orders.get("type_change")
    if change is not None:
        kind = od.country_type(change)
        if kind is None:
            out.append(Problem(f"unknown country type {change!r}", ("type_change",), "agrar, energie or rohstoff"))
        elif kind != countries[player]["type"] and not game.may_change_type(countries[player], state["turn"] + 1):
            out.append(Problem("the type can only change once, with the orders of the second year (7.1): ignored",
                               ("type_change",), "remove type_change", "warning"))
    standing = orders.get("standing_orders")
    if isinstance(standing, Mapping) and not standing:
        out.append(Problem("empty standing orders: a year you miss does nothing at all (7.2)", ("standing_orders",),
                           f"write standing_orders: {od.REPEAT} to have your last orders repeated instead",
                           "warning"))
    if any(p.severity == "error" for p in out):
        return out
    norm, _, cuts, _ = game.prepare(state, player, orders, state["turn"] + 1, index)
    if norm["leave"]:
        for i, given in enumerate(norm["transfers"]):
            for t in game.unusual_farewell(state, player, [given]):
                out.append(Problem(f"7.2: a leaving country should make no unusual transfers; {t['count']} {t['good']} "
                                   f"to {countries[t['to']]['name']} is more than you ever gave it before "
                                   f"({t['earlier']}): the game master is told and may rule on it",
                                   ("transfers", i), "keep to deliveries you owe under a treaty", "warning"))
    for c in cuts:
        path = _path(c["order"])
        out.append(Problem(f"more than the last listing allows: {c['ordered']} will be cut to {c['kept']} "
                           f"({c['reason']})", path, f"order at most {c['kept']} here, or less elsewhere",
                           "warning"))
    return out


def describe(state: State, player: str, orders: Any) -> list[str]:
    """Each order as the adjudicator understands it, in the game's words (German)."""
    norm = od.normalize(orders)
    names = {k: c["name"] for k, c in state["countries"].items()}
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
        _, dropped, cuts, _ = game.prepare(state, player, orders, state["turn"] + 1,
                                           od.names_index(state["countries"]))
        for cut in dropped + cuts:
            lines.append(f"Kürzung {cut['order']}: {cut['ordered']} -> {cut['kept']} ({cut['reason']})")
    return lines


def template(state: State, player: str) -> str:
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
    if game.may_change_type(c, year):
        sheet.example("type_change: energie", "einmalig: agrar, energie oder rohstoff")
    sheet.example("leave: true", "Ausstieg: dies ist der letzte Zug, keine Angriffe")
    sheet.example(f"standing_orders: {od.REPEAT}",
                  "hinterlegte NMR-Anweisungen löschen: bei NMR den letzten Zug wiederholen")
    sheet.example("standing_orders:", "gelten, wenn ein Zug fehlt (NMR), bis sie ersetzt werden")
    sheet.example(f"  production: {{harvest: {p['harvest']}, energy: {p['energy']}, mining: {p['mining']}}}")
    return sheet.text()
