"""The German issue page of a 30JK turn, the order sheet's extra lines, and the SVG map with its arrows."""

from __future__ import annotations

import re
from html import escape
from typing import Any

from .....markup import md_table, md_text
from .....model import Player, State
from .....sheet import Sheet
from .....wording import fill
from ...adjudicate import label_words, phase_label
from ...drawing import load_drawing
from ...mapdata import Map, display
from ...mapsvg import GERMAN as MAP_WORDS
from ...mapsvg import board
from ...mapsvg import text_alternative as mapsvg_text
from ...orders import OrderError, read_order
from .religion import GERMAN, GERMAN_CONFESSION, MINIMUM, allotment, conversion_cost

RESULTS = {"succeeds": "", "fails": " *(scheitert)*", "invalid": " *(ungültig)*"}
REASONS = [  # English reason of the engine -> German, by prefix
    ("moves to ", "zieht nach "), ("bounces", "prallt ab"), ("holds and becomes an army", "hält und wird zur Armee"),
    ("holds and becomes a fleet", "hält und wird zur Flotte"), ("holds", "hält"),
    ("support given", "Unterstützung gegeben"), ("support cut", "Unterstützung abgeschnitten"),
    ("dislodged", "vertrieben"), ("convoys", "konvoiert"), ("the fleet is dislodged", "die Flotte wird vertrieben"),
    ("retreats to ", "zieht sich zurück nach "), ("disbands", "wird aufgelöst"), ("builds ", "baut "),
    ("removes ", "löst auf: "), ("build waived", "verzichtet auf einen Aufbau"),
    ("no order: holds", "kein Befehl: hält"),
    ("no order: disbands", "kein Befehl: wird aufgelöst"),
]
OUTCOME = {"disobedience": "Ungehorsam: die Einheit verweigert ihre Befehle und hält",
           "incite": "aufgewiegelt: die Einheit wird neutral und hält",
           "church": "der Kirchenbau wehrt alles ab", "mercenaries": "die Söldner führen den Befehl aus"}


def label(m: Map, state: State) -> str:
    """The phase in the words of the rules (the map's ``de`` labels): ``Frühling 1619: Züge``, whatever the
    game's ``labels`` option says, as the whole issue page is German."""
    return phase_label(m, str(state["season"]), int(state["year"]), str(state["kind"]), "de")


def owner_name(m: Map, state: State, owner: str | None) -> str:
    if owner is None:
        return "neutral"
    if owner in m.powers:
        return str(m.powers[owner]["name"])
    n = state.get("neutrals", {}).get(owner)
    return str(n["name"]) if n else dissolved_name(m, owner)  # gone by the end of the turn


def dissolved_name(m: Map, key: str) -> str:
    """A neutral owner that is gone, as a reader knows it: the map's name of one the game starts with ("Böhmische
    Rebellen"), else the unit incited to leave its country (section 10), by its province and the half-year
    (``neutral-hgel-1618-fall``: "Abtrünnige (HGel, Herbst 1618)", as the issues named it, "Abtrünnige (Vereinigte
    Niederlande, HGel 1618)"). The report names the key only, and the state no longer holds the owner."""
    start = m.data["start"].get("neutral_units", {})
    if key in start:
        return str(start[key]["name"])
    found = re.fullmatch(r"neutral-(.+)-(\d+)-([a-z]+)", key)
    prov = next((p for p in m.provinces if found and p.lower() == found.group(1)), None)
    if found is None or prov is None:
        return key
    season = found.group(3).capitalize()
    words = label_words(m, "de") or {"seasons": {}}
    return f"Abtrünnige ({display(prov)}, {words['seasons'].get(season, season)} {found.group(2)})"


def confession_text(c: dict[str, Any]) -> str:
    text = GERMAN_CONFESSION[str(c["confession"])]
    if "to" in c:
        text += f" (wird {GERMAN_CONFESSION[str(c['to'])]})"
    return text


# The judges' words of an order as the report writes it (orders.judge_notation), each said as the map's messages
# file says it ('A Tor U A Mei - Lei', 'Aufbau A Ber'); a game whose map has none keeps them. The other words of
# the notation (A, F, H, T, -) are the rules' own.
NOTATION = {"Build": r"^Build(?= )", "Remove": r"^Remove(?= )", "Disband": r"(?<= )Disband$", "S": r"(?<= )S(?= )",
            "C": r"(?<= )C(?= )", "via convoy": r"(?<= )via convoy$", "Waive": r"^Waive$",
            "Propose draw": r"^Propose draw$", "Withdraw votes": r"^Withdraw votes$",
            "Concede to": r"^Concede to(?= )"}


def notation(m: Map, order: str) -> str:
    """``order`` in the judges' notation with the map's words for theirs; a line the engine could not read is
    shown as the player wrote it."""
    try:
        read_order(m, order)
    except OrderError:
        return order
    for english, where in NOTATION.items():
        order = re.sub(where, m.text(english).replace("\\", "\\\\"), order)
    return order


def german_reason(reason: str) -> str:
    for en, de in REASONS:
        if reason.startswith(en):
            return de + reason[len(en):]
    return reason


# ----- the order sheet --------------------------------------------------------------------------------------

def _neutral_units(state: State) -> list[str]:
    """The units that may be hired (section 10, Söldner anheuern: neutral units only)."""
    return [u for k in sorted(state.get("neutrals", {})) for u in state["units"].get(k, [])]


def sheet_comments(sheet: Sheet, m: Map, state: State, player: str) -> None:
    power = state["seats"].get(player, "")
    if state["kind"] != "movement" or not power:
        return
    mine = state.get("private", {}).get(player, {})
    centres = len(state["supply_centres"].get(power, []))
    sheet.comment(f"Konfession: {confession_text(state['confessions'][power])}.")
    if "religion_points" in mine:
        sheet.comment(f"Religionspunkte: {mine['religion_points']} RP (geheim; nur Sie sehen diese Zeile).")
    else:  # section 8: the account is hidden, so a sheet without the player's key (or on the page) cannot show it
        sheet.comment("Religionspunkte: Ihr Konto ist verborgen (Abschnitt 8). Mit Ihrem Schlüssel zeigt dieser Bogen "
                      "es (TURNPRESS_IDENTITY=SCHLÜSSELDATEI turnpress template …, nur in einer Partie mit "
                      "versiegelten Befehlen); 'turnpress open SPIEL --identity SCHLÜSSELDATEI' zeigt es "
                      "immer.")
    sheet.comment("Religiöse Kriegsführung (vor den Zügen ausgewertet), je Zeile eine Aktion mit ihren Punkten:",
                  *(f"  {GERMAN[k]} ... (mindestens {n} RP)" for k, n in MINIMUM.items()),
                  "  z. B. '- Ungehorsam A Pra 3 RP', '- Kirchenbau A Mei 2 RP'"
                  + "".join(f", '- Söldner {u} H 3 RP'" for u in _neutral_units(state)[:1]),
                  f"  '- Konfessionswechsel' kostet Sie jetzt {conversion_cost(centres)} RP.")
    if state["rules"].get("confessions") == "chosen" and state["year"] == int(m.data["start"]["year"]) \
            and state["season"] == "Spring":
        sheet.comment("Wählen Sie Ihre Startkonfession: '- Konfession katholisch' oder '- Konfession protestantisch'.")
    neutrals = [f"{u} ({state['neutrals'][k]['name']}, {GERMAN_CONFESSION[state['neutrals'][k]['confession']]})"
                for k in sorted(state.get("neutrals", {})) for u in state["units"].get(k, [])]
    if neutrals:
        sheet.comment("Neutrale Einheiten (anheuerbar): " + "; ".join(neutrals) + ".")
    sheet.comment("Flotten flussabwärts: 'F Lun - Ham - ElbM'; Transformieren: 'A FAns T F/nc', 'F Lin T A'.")


# ----- the issue page ---------------------------------------------------------------------------------------

def newsletter(m: Map, state: State, report: dict[str, Any], players: list[Player]) -> str:
    who = {p.key: md_text(p.name) for p in players}  # Markdown only: a name is player text
    seat = {power: who.get(k, k) for k, power in state["seats"].items()}
    phase = label(m, report)
    out = [f"## {phase}", ""]
    if report.get("confessions_changed"):
        out += ["### Konfessionen", ""]
        for c in report["confessions_changed"]:
            what = GERMAN_CONFESSION[c["confession"]]
            verb = "wählt" if c.get("chosen") else "ist nun"
            if "to" in c:
                out.append(f"- {owner_name(m, state, c['power'])} wechselt die Konfession: {what}, "
                           f"danach {GERMAN_CONFESSION[c['to']]}.")
            else:
                out.append(f"- {owner_name(m, state, c['power'])} {verb} {what}.")
        out.append("")
    if report.get("religious_warfare"):
        out += ["### Religiöse Kriegsführung", ""]
        for row in report["religious_warfare"]:
            acts = ", ".join(GERMAN[a["action"]] + (f" ({owner_name(m, state, a['power'])})" if "power" in a else "")
                             for a in row["actions"])
            result = OUTCOME[row["outcome"]] if row["outcome"] else "Gleichstand: nichts geschieht"
            if row.get("order"):
                result += f" (`{notation(m, row['order'])}`)"
            out.append(f"- `{row['unit']}` ({owner_name(m, state, row['owner'])}): {acts} — {result}.")
        out.append("")
    out += ["### Befehle und Ergebnisse", ""]
    results = report.get("results", [])
    owners = list(m.powers) + sorted({r["power"] for r in results} - set(m.powers))
    for power in owners:
        rows = [r for r in results if r["power"] == power]
        if not rows:
            continue
        player = f" ({seat[power]})" if power in seat else ("" if power not in m.powers else " (herrenlos)")
        out += [f"**{owner_name(m, state, power)}**{player}", ""]
        for r in rows:
            reason = f" — {escape(german_reason(r['reason']))}" if r["reason"] else ""
            out.append(f"- `{notation(m, r['order'])}`{RESULTS[r['result']]}{reason}")
        out.append("")
    for r in report.get("neutral_retreats", []):
        out.append(f"- Rückzug der Neutralen: `{notation(m, r['order'])}` — {escape(german_reason(r['reason']))}")
    if report.get("dislodged"):
        out += ["### Vertriebene Einheiten", ""]
        for d in report["dislodged"]:
            where = ", ".join(_region(r) for r in d["retreats"]) or "keiner (die Einheit wird aufgelöst)"
            came = f" aus {display(d['attacker_from'])}" if d["attacker_from"] else " per Konvoi"
            out.append(f"- {owner_name(m, state, d['power'])} `{d['unit']}`, angegriffen{came}; Rückzug nach: {where}")
        out.append("")
    for key, title in (("disbanded", "Aufgelöst"), ("built", "Aufgebaut"), ("removed", "Abgebaut"),
                       ("civil_disorder", "Abgebaut (ohne Befehl)")):
        if report.get(key):
            out += [f"### {title}", ""]
            out += [f"- {owner_name(m, state, p)}: {', '.join(us)}" for p, us in report[key].items()]
            out.append("")
    if report.get("neutrals_dissolved"):
        gone = report["neutrals_dissolved"]
        out += [fill("{n|neutrale Partei|neutrale Parteien} aufgelöst: {names}.",
                     {"n": len(gone), "names": ", ".join(dissolved_name(m, key) for key in gone)}), ""]
    if report.get("centre_changes"):
        out += ["### Versorgungszentren wechseln den Besitzer", ""]
        for c in report["centre_changes"]:
            if "freed_from" in c:
                out.append(f"- {m.full_name(c['province'])}: {c['freed_from']} → frei (die neutrale Einheit ist "
                           "aufgelöst)")
                continue
            out.append(f"- {m.full_name(c['province'])}: {owner_name(m, state, c['from'])} → "
                       f"{owner_name(m, state, c['to'])}")
        out.append("")
    out += _table(m, state, seat)
    if report.get("victory"):
        out += [f"**{owner_name(m, state, report['victory'])} gewinnt mit "
                f"{len(state['supply_centres'][report['victory']])} Versorgungszentren.**", ""]
    if report.get("votes"):  # Stimmen, die stehen, bis sie zurückgezogen werden (issue 29)
        cast = {p: "Remis" if v[0] == "draw" else f"überlässt die Partie {owner_name(m, state, v[1])}"
                for p, v in report["votes"].items()}
        out += ["Stehende Stimmen: " + ", ".join(f"{owner_name(m, state, p)} ({c})" for p, c in cast.items()) + ".",
                ""]
    if report.get("draw"):
        out += ["**Das Spiel endet unentschieden zwischen "
                + ", ".join(owner_name(m, state, p) for p in report["draw"]) + ".**", ""]
    out += ["### Karte", "", svg(m, state, report), "",
            f"*Die Lage nach {phase}. Die Karte ist eine Rekonstruktion; Pfeile zeigen die Züge (gestrichelt "
            "mit Kreuz: gescheitert), gestrichelte dünne Linien Unterstützungen, gepunktete Konvois.*", "",
            *text_alternative(m, state)]
    if not state.get("result"):
        out.append(f"Als Nächstes: **{label(m, state)}**.")
    return "\n".join(out) + "\n"


def _region(region: str) -> str:
    prov, _, coast = region.partition("/")
    return display(prov) + (f"/{coast}" if coast else "")


def _table(m: Map, state: State, seat: dict[str, str]) -> list[str]:
    rows = []
    for power in sorted(m.powers, key=lambda p: (-len(state["supply_centres"].get(p, [])), p)):
        centres = state["supply_centres"].get(power, [])
        rows.append([m.powers[power]["name"], seat.get(power, "—"), confession_text(state["confessions"][power]),
                     len(centres), len(state["units"].get(power, [])), allotment(len(centres)),
                     ", ".join(display(c) for c in centres)])
    for key in sorted(state.get("neutrals", {})):
        n = state["neutrals"][key]
        centres = state["supply_centres"].get(key, [])
        rows.append([f"{n['name']} (neutral)", "—", GERMAN_CONFESSION[n["confession"]], len(centres),
                     len(state["units"].get(key, [])), "—", ", ".join(display(c) for c in centres)])
    head = ["Macht", "Spieler", "Konfession", "VZ", "Einheiten", "RP je Herbst", "Besitz"]
    return ["### Versorgungszentren und Konfessionen", "", *md_table(head, rows, "lllrrr"), ""]


# ----- the map ----------------------------------------------------------------------------------------------

def svg(m: Map, state: State, report: dict[str, Any] | None = None, *, regions: bool = False) -> str:
    """The drawing of the map (``dreissigjaehriger-krieg.drawing.json``) with the position, the turn's orders as
    arrows and a legend of the powers with their confessions."""
    d = load_drawing(m.name)
    assert d is not None, f"no drawing for map {m.name}"
    return board(m, d, state, report, colour=colours(m, state), name=lambda o: owner_name(m, state, o),
                 words=MAP_WORDS, legend_notes={p: confession_text(state["confessions"][p]) for p in m.powers},
                 regions=regions)


def colours(m: Map, state: State) -> dict[str, str]:
    """Each power's and each neutral owner's colour (the map data's, the same on every page of the game)."""
    out = {p: str(d["colour"]) for p, d in m.powers.items()}
    for key, n in state.get("neutrals", {}).items():
        out[key] = str(m.data["start"].get("neutral_units", {}).get(key, n).get("colour", "#777777"))
    return out


def text_alternative(m: Map, state: State) -> list[str]:
    return mapsvg_text(m, state, lambda o: owner_name(m, state, o), MAP_WORDS, "Die Karte als Text: Einheiten und "
                       "Versorgungszentren je Macht")
