"""How a 30JK game shows itself: the shared Diplomacy presentation (``diplomacy/newsletter.py``) in German, with
what only this variant has: the names of neutral owners, its sections (confessions, religious warfare, neutral
units), its columns of the centres table (confession, religion points a Fall), the order sheet's extra lines and
the orders page's fields (``choices.py``). The words are in ``words.py``; the rules never read this module.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from .....kit.sheet import Sheet
from .....kit.wording import fill
from ...adjudicate import label_words, phase_label
from ...look import Look
from ...notation import OrderError, read_order
from ...rulebook import Numbered
from ...state import State
from ...tables import Map, display
from . import choices as _choices
from .religion import (
    GERMAN,
    GERMAN_CONFESSION,
    MINIMUM,
    ActionError,
    action_text,
    allotment,
    choosing,
    conversion_cost,
    describe,
    hired,
    parse_action,
)
from .words import MAP, NEWS, OUTCOME, REASONS


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


# The judges' words of an order as the report writes it (notation.judge_notation), each said as the map's messages
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


def _sheet_comments(sheet: Sheet, m: Map, state: State, player: str) -> None:
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
                  + "".join(f", '- Söldner {u} H 3 RP'" for u in hired(state)[:1]),
                  f"  '- Konfessionswechsel' kostet Sie jetzt {conversion_cost(centres)} RP.")
    if (state["rules"].get("confessions") == "chosen" and state["year"] == int(m.data["start"]["year"])
            and state["season"] == "Spring"):
        sheet.comment("Wählen Sie Ihre Startkonfession: '- Konfession katholisch' oder '- Konfession protestantisch'.")
    neutrals = [f"{u} ({state['neutrals'][k]['name']}, {GERMAN_CONFESSION[state['neutrals'][k]['confession']]})"
                for k in sorted(state.get("neutrals", {})) for u in state["units"].get(k, [])]
    if neutrals:
        sheet.comment("Neutrale Einheiten (anheuerbar): " + "; ".join(neutrals) + ".")
    sheet.comment("Flotten flussabwärts: 'F Lun - Ham - ElbM'; Transformieren: 'A FAns T F/nc', 'F Lin T A'.")




def _faith_sections(m: Map, state: State, report: dict[str, Any]) -> list[str]:
    """Confessions chosen or changed (sections 9, 13) and religious warfare (section 10), before the orders."""
    out: list[str] = []
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
    return out


class ThirtyYearsWar(Look):
    """The shared page in German, with the neutral owners, the confessions and the religion points."""

    words = NEWS
    map_words = MAP

    def owner_name(self, m: Map, state: State, owner: str) -> str:
        return owner_name(m, state, owner)

    def notation(self, m: Map, order: str) -> str:
        return notation(m, order)  # the German words of the map's messages

    def reason(self, reason: str) -> str:
        return german_reason(reason)

    def sections(self, m: Map, state: State, report: dict[str, Any], where: str) -> list[str]:
        if where == "before_orders":
            return _faith_sections(m, state, report)
        if where == "after_orders":  # section 11: the neutral units' own retreats, by the rules
            return [f"- Rückzug der Neutralen: `{notation(m, r['order'])}` — {escape(german_reason(r['reason']))}"
                    for r in report.get("neutral_retreats", [])]
        gone = report.get("neutrals_dissolved")
        if not gone:
            return []
        return [fill("{n|neutrale Partei|neutrale Parteien} aufgelöst: {names}.",
                     {"n": len(gone), "names": ", ".join(dissolved_name(m, key) for key in gone)}), ""]

    def table(self, m: Map, state: State, seat: dict[str, str]) -> tuple[list[str], str, list[list[Any]]]:
        rows: list[list[Any]] = []
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
        return ["Macht", "Spieler", "Konfession", "VZ", "Einheiten", "RP je Herbst", "Besitz"], "lllrrr", rows

    def colours(self, m: Map, state: State) -> dict[str, str]:
        """Each power's and each neutral owner's colour (the map data's, the same on every page of the game)."""
        out = {p: str(d["colour"]) for p, d in m.powers.items()}
        for key, n in state.get("neutrals", {}).items():
            out[key] = str(m.data["start"].get("neutral_units", {}).get(key, n).get("colour", "#777777"))
        return out

    def legend_notes(self, m: Map, state: State) -> dict[str, str] | None:
        return {p: confession_text(state["confessions"][p]) for p in m.powers}

    def sheet_comments(self, sheet: Sheet, m: Map, state: State, player: str) -> None:
        _sheet_comments(sheet, m, state, player)

    def describe_extra(self, m: Map, state: State, power: str, extras: Numbered) -> list[str]:
        """The religious actions as read (section 10), or what is wrong with one."""
        out = []
        for _, entry in extras:
            try:
                out.append(describe(m, parse_action(m, action_text(entry, m))))
            except ActionError as e:
                out.append(f"?? {e.message}")
        return out

    def choice_fields(self, m: Map, state: State, player: str) -> list[dict[str, Any]]:
        return _choices.fields(m, state, player, choosing(m, state))


PRESENTATION = ThirtyYearsWar()
