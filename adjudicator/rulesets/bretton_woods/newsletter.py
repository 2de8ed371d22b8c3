"""The issue of a year in the game's own format (German), the standings and the chart series."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from ...kit.markup import md_text
from ...model import Player
from . import market
from .arith import decimal_text
from .evaluation import STOCKS
from .listing import format_listing
from .orders import order_words
from .state import State
from .tables import SHIPPED, Tables

TYPE_NAMES = {t: v["name"] for t, v in SHIPPED.types().items()}


# 7.2 and the standing orders: what a missed year played (report "nmr_played"; a game set up before issue 32 has
# none, and its notices all said the last orders were repeated)
NMR_PLAYED = {"repeat": "letzter Zug wiederholt", "standing": "hinterlegte Anweisungen ausgeführt",
              "nothing": "hinterlegte Anweisungen: nichts zu tun", "basic": "noch keine Befehle: die Bevölkerung "
              "arbeitet auf Agrargebieten, in Energiewerken und Minen"}

def _market_result(m: Mapping[str, Any]) -> market.Result:
    return market.Result(umsatz=m["umsatz"], ueberschuss=m["ueberschuss"],
                         verkauf=tuple(m["verkauf"]) if m["verkauf"] else None,
                         kauf=tuple(m["kauf"]) if m["kauf"] else None)


def newsletter(tables: Tables, state: State, report: Mapping[str, Any], players: Sequence[Player]) -> str:
    """Markdown body of the issue of the year just evaluated."""
    names = {k: c["name"] for k, c in state["countries"].items()}
    for p in players:
        names.setdefault(p.key, p.name)
    world = report["world"]
    # No heading of its own: the issue page's one H1 is the site's title of the turn (like Auf Achse's Amtsblatt).
    out = [f"**Bretton Woods** – Auswertung des Jahres {report['turn']}", "", "## Weltdaten", "",
           f"- Länder: {world['countries']}",
           f"- Weltbevölkerung: {world['B']}",
           f"- Weltkonsumgüter: {world['k']}",
           f"- Weltlebensqualität: {decimal_text(Fraction(world['wlq']))} "
           f"(für die Immigration dieses Jahres: {decimal_text(Fraction(report['wlq']))})", "",
           "## Weltmarkt", ""]
    for g in tables.market_goods():
        m = report["market"][g]
        out.append(tables.words.say("issue.offers", name=tables.good_names()[g], good=g, sells=m["angebote"],
                             buys=m["gesuche"]))
        out.append("")
        out += [f"    {line}" for line in market.summary_lines(_market_result(m))]
        out.append("")
    out += ["## Länder", ""]
    for c in report["countries"].values():
        extra = []
        if c["agrarfaktor"]:
            extra.append(f"Agrarfaktor {decimal_text(Fraction(c['agrarfaktor'], 10), 1)}")
        for s, a in c["attempts"].items():
            extra.append(tables.words.say("issue.attempts", stock=tables.stock_names()[s], built=a["built"],
                                          tried=a["tried"]))
        if c["unfed"]:
            extra.append(f"Hungersnot: {c['unfed']} B nicht versorgt")
        out.append(f"### {c['name']} ({TYPE_NAMES[c['type']]})")
        out.append("")
        out += [f"    {format_listing(tables, s, c['listings'][s])}" for s in STOCKS]
        out.append("")
        if extra:
            out += ["; ".join(extra), ""]
    out += _section("Transfers", [
        f"- {names[t['from']]} an {names[t['to']]}: {t['count']} {t['good']}"
        + (f" „{md_text(t['note'])}“" if t["note"] else "")
        for t in report["transfers"]])
    out += _section("Angriffe", [
        f"- {names[a['attacker']]} greift {names[a['target']]} mit {a['weapons']} w an: {a['blocked']} abgewehrt"
        + (", Verluste " + ", ".join(f"{s}={-n}" for s, n in a["losses"].items()) if a["losses"] else "")
        for a in report["attacks"]])
    contact_lines = []
    for cnt in report["contacts"]:
        contact_lines += [f"**{names[cnt['from']]}:**", ""] + [f"> {md_text(line)}  " for line in cnt["lines"]] + [""]
    out += _section("Kontakte", contact_lines)
    out += _section("Typwechsel", [f"- {names[t['country']]}: {TYPE_NAMES[t['from']]} → {TYPE_NAMES[t['to']]}"
                                   for t in report["type_changes"]])
    out += _section("Mitteilungen des Spielleiters", [
        *(f"- NMR: {names[k]} ({NMR_PLAYED[report.get('nmr_played', {}).get(k, 'repeat')]})" for k in report["nmr"]),
        *(f"- Gekürzt bei {names[c['country']]}: {order_words(tables, c['order'])} {c['ordered']} → {c['kept']} "
          f"({c['reason']})" for c in report["cuts"]),
        *(f"- {names[k]} ist aus dem Spiel ausgestiegen" for k in report["left"]),
        *(f"- Zur Prüfung (7.2, ungewöhnlicher Transfer beim Ausstieg): {names[t['from']]} an {names[t['to']]} "
          f"{t['count']} {t['good']}, " + (f"bisher höchstens {t['earlier']}" if t["earlier"] else "bisher nie")
          + "; der Spielleiter entscheidet, ob er aus einem Vertrag herrührt"
          for t in report.get("farewell_transfers", [])),
        *(f"- {names[k]} ist entvölkert (B = 0): das Land bleibt im Spiel, produziert aber nichts, bis Geburten "
          "oder Einwanderung es wieder bevölkern" for k, c in report["countries"].items()
          if c["listings"]["B"]["end"] == 0),
    ])
    return "\n".join(out).rstrip() + "\n"


def _section(title: str, lines: list[str]) -> list[str]:
    return [f"## {title}", "", *lines, ""] if lines else []


def standings(state: State) -> list[dict[str, Any]]:
    """Active countries by quality of life (k per B), then population."""
    rows = []
    for c in state["countries"].values():
        if not c["active"]:
            continue
        q = Fraction(c["k"], c["B"]) if c["B"] else Fraction(0)
        rows.append((q, c))
    rows.sort(key=lambda r: (-r[0], -r[1]["B"], r[1]["name"]))
    return [{"Land": c["name"], "Typ": TYPE_NAMES[c["type"]], "B": c["B"], "k": c["k"],
             "Lebensqualität": decimal_text(q), "g": c["g"]} for q, c in rows]


def history(states: Sequence[State]) -> dict[str, dict[str, list[int]]]:
    """Population B and consumer goods k of each country per turn (0 before it joined)."""
    keys = sorted({k for s in states for k in s.get("countries", {})})
    return {m: {k: [int(s.get("countries", {}).get(k, {}).get(m, 0)) for s in states] for k in keys}
            for m in ("B", "k")}


def headline(state: State, report: Mapping[str, Any]) -> str:
    """The year's news in one line, in the issue's words, most important first: countries that left the game,
    attacks (who attacked whom, the hits and losses), countries that are entvölkert, type changes, countries new
    in the game; else the world's quality of life against the year before."""
    names = {k: c["name"] for k, c in state["countries"].items()}
    parts = [f"{names[k]} ist aus dem Spiel ausgestiegen" for k in report.get("left", [])]
    for a in report.get("attacks", []):
        losses = ", ".join(f"{s} −{n}" for s, n in a["losses"].items() if n)
        parts.append(f"{names[a['attacker']]} greift {names[a['target']]} an: {a['hits']} Treffer"
                     + (f" (Verluste {losses})" if losses else ", alle abgewehrt" if not a["hits"] else ""))
    parts += [f"{names[k]} ist entvölkert" for k, c in report.get("countries", {}).items()
              if c["listings"]["B"]["end"] == 0]
    parts += [f"{names[t['country']]} wird {TYPE_NAMES[t['to']]}" for t in report.get("type_changes", [])]
    turn = report.get("turn", 0)
    parts += [f"{c['name']} ist neu im Spiel" for c in state["countries"].values()
              if c.get("joined") and c["joined"] == turn - 1]
    if parts:
        return " · ".join(parts[:HEADLINE_PARTS])
    world = report.get("world") or {}
    if not world.get("wlq") or not report.get("wlq"):
        return ""
    now, before = Fraction(world["wlq"]), Fraction(report["wlq"])
    if now == before:
        return f"Weltlebensqualität bleibt bei {decimal_text(now)}"
    return (f"Weltlebensqualität {'steigt' if now > before else 'sinkt'} auf {decimal_text(now)} "
            f"(Vorjahr {decimal_text(before)})")


HEADLINE_PARTS = 3  # a headline is one line: at most this many pieces of news
