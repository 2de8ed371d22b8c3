"""The newsletter issue of a phase: the track with the token (inline SVG), the players' GE and policies, what
happened, the risk steps with their dice, the year-end statement and at the end the winner.

Only public data is used: the new state's public parts and the report without its ``private`` key. The movement
cards in hand never appear.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ...kit.markup import md_table, md_text, svg_text
from .ledger import in_bank, premium
from .state import State
from .tables import CATEGORIES, TYPES, YEAR_END, Tables, course_values, quarter

CELL = 44
RING = 14  # the 52 fields form the ring of a 14 x 14 grid, one side of 13 fields per quarter

COLOURS = {"purchase": "#d9f0d3", "market": "#cfe3f5", "year_end": "#cccccc", "risk": "#f4c7c3",
           "earthquake": "#e8a39c", "war": "#e8a39c"}
EVENT_COLOUR = "#fbe9b7"
SHORT = {"purchase": "buy", "market": "mkt", "tax": "tax", "cover": "cov", "takeover": "take", "ascot": "Asc",
         "henley": "Hen", "earthquake": "quake", "monopoly": "mono", "winter_bonus": "wint",
         "mismanagement": "mism", "war": "war", "year_end": "end"}


def position(field: int) -> tuple[int, int]:
    """Grid column and row of a field: 52 top left, 1-13 along the top, 14-26 down the right, 27-39 back along
    the bottom, 40-51 up the left side."""
    f = field % 52
    if f == 0:
        return 0, 0
    if f <= 13:
        return f, 0
    if f <= 26:
        return 13, f - 13
    if f <= 39:
        return 39 - f, 13
    return 0, 52 - f


def track_svg(tables: Tables, st: State) -> str:
    size = CELL * RING
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" width="{size}" '
           f'height="{size}" role="img" aria-label="The track, token on field {st["token"]}" '
           'font-family="sans-serif" font-size="10">']
    for number, field in tables.track.items():
        x, y = (c * CELL for c in position(number))
        colour = COLOURS.get(field.kind, EVENT_COLOUR)
        label = field.category or SHORT[field.kind]
        out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{colour}" stroke="#555"/>')
        out.append(f'<text x="{x + 3}" y="{y + 12}">{number}</text>')
        out.append(f'<text x="{x + 3}" y="{y + 30}" font-size="12" font-weight="bold">{svg_text(label)}</text>')
    tx, ty = (c * CELL + CELL - 10 for c in position(st["token"]))
    out.append(f'<circle cx="{tx}" cy="{ty}" r="7" fill="#b2182b" stroke="#000"><title>token</title></circle>')
    centre = CELL * 2
    lines = [f"Year {st['year']}", f"Token on field {st['token']}",
             f"Quarter {1 if st['token'] == 0 else tables.track[st['token']].quarter}"]
    for i, text in enumerate(lines):
        out.append(f'<text x="{centre}" y="{centre + 20 * i}" font-size="16">{svg_text(text)}</text>')
    out.append("</svg>")
    return "".join(out)


def _players_table(tables: Tables, st: State) -> list[str]:
    rows = []
    for p in st["seats"]:
        pl = st["players"][p]
        amount, doubled = premium(tables, st, p)
        held = ", ".join(pl["policies"]) or "–"
        if doubled:
            held += f" (complete: {', '.join(doubled)})"
        marked = " (insolvent, plays on: section 3)" if pl.get("insolvencies") else ""
        rows.append([md_text(st["names"][p]) + marked, pl["cash"], held, amount, st["hands"].get(p, 0)])
    return md_table(["Player", "GE", "Policies", "Premium a year", "Cards left"], rows, "lrlrr")


def course_section(tables: Tables, st: State) -> list[str]:
    """Table 4: the Kurswert at which policies are sold and bought now (the token's quarter, in bold), the other
    quarters', and the annual premium, which every player needs to price a sale, a purchase or an offer."""
    q = quarter(tables, st["token"])
    rows = []
    for n in sorted(tables.price):
        cells = [f"**{tables.price[n][c]}**" if n == q else tables.price[n][c] for c in CATEGORIES]
        rows.append([f"**quarter {n} (now)**" if n == q else f"quarter {n}", *cells])
    rows.append(["annual premium", *(tables.premium[c] for c in CATEGORIES)])
    return [f"### Kurswert (Table 4): {course_values(tables, st['token'])}", "",
            *md_table(["GE per policy", *CATEGORIES], rows, "l" + "r" * len(CATEGORIES)), ""]


def cards_tally(tables: Tables, st: State) -> list[str]:
    """The movement cards of the year already played, per value and per player (public: every card played was
    seen), and what is still in the hands together: what players need to plan the year's end."""
    deck, played = Counter(tables.deck), Counter(x["card"] for x in st["played"])
    values = sorted(deck)
    out = [f"### Movement cards played in year {st['year']}", "",
           *md_table(["Card", *values, "Fields"],
                     [["In the deck", *(deck[v] for v in values), sum(tables.deck)],
                      ["Played", *(played[v] for v in values), st["token"]],
                      ["Still in hands", *(deck[v] - played[v] for v in values), YEAR_END - st["token"]]],
                     "l" + "r" * (len(values) + 1)), ""]
    for p in st["seats"]:
        mine = [str(x["card"]) for x in st["played"] if x["player"] == p]
        out.append(f"- {md_text(st['names'][p])}: played {', '.join(mine) or 'nothing yet'}; "
                   f"{st['hands'].get(p, 0)} card(s) left.")
    return out + [""]


def _risk_section(tables: Tables, st: State, risk: Mapping[str, Any]) -> list[str]:
    cat = risk["category"]
    m = tables.matrices[cat]
    out = [f"### Calamity {cat} on field {risk['field']}", "",
           f"Row {risk['row']}, column {risk['column']}: the cell marks "
           f"{', '.join(risk['marked']) or 'no policy type'}.", ""]
    rows = []
    for r in range(1, 7):
        cells = []
        for c in range(1, 7):
            text = "/".join(str(t) for t in sorted(m.cell(r, c))) or "·"
            if r == risk["row"] and c == risk["column"]:
                text = f"**[{text}]**"
            elif r == risk["row"]:
                text = f"**{text}**"
            cells.append(text)
        rows.append([f"row {r}", *cells])
    out += md_table([f"Matrix {cat}", *(f"c{c}" for c in range(1, 7))], rows)
    if risk["offers"]:
        out += ["", *md_table(["Offer", "From", "To", "Policy", "Fee", "Result"],
                              [[o["id"], md_text(st["names"][o["from"]]), md_text(st["names"][o["to"]]), o["policy"],
                                o["fee"], o.get("result", "open")] for o in risk["offers"]], "rlllrl")]
    return out + [""]


def _year_end_section(st: State, entry: Mapping[str, Any]) -> list[str]:
    rows = [[md_text(st["names"][row["player"]]), row["premium"], ", ".join(row["doubled"]) or "–", row["salary"],
             row["cash"]] for row in entry["statement"]]
    return [f"### Year end {entry['year']}: premiums", "",
            *md_table(["Player", "Premiums", "Doubled types", "Salary", "GE after"], rows, "lrlrr"), ""]


def render(tables: Tables, st: State, report: Mapping[str, Any]) -> str:
    """The Markdown body of the issue; ``st`` is the state after the phase, ``report`` its public report."""
    out = [f"## {md_text(report['phase'])}", "", track_svg(tables, st), ""]
    out += ["### What happened", ""]
    out += [f"- {md_text(line)}" for line in report["events"]] or ["- Nothing happened."]
    out.append("")
    if report.get("risk"):
        out += _risk_section(tables, st, report["risk"])
    elif st.get("risk"):
        risk = st["risk"]
        out += [f"### Calamity {risk['category']} on field {risk['field']}: step {risk['step']}", ""]
        if risk["row"]:
            counts = ", ".join(f"{risk['category']}{t}: {tables.matrices[risk['category']].row_count(risk['row'], t)}/6"
                               for t in (1, 2, 3))
            out += [f"Row {risk['row']} is rolled; chance of a hit now: {counts}.", ""]
        for o in risk["offers"]:
            state = {None: "open", True: "accepted", False: "refused"}[o["answer"]]
            out.append(f"- Offer {o['id']}: {md_text(st['names'][o['from']])} → {md_text(st['names'][o['to']])}, "
                       f"{o['policy']}, fee {o['fee']} GE: {o.get('result', state)}")
        out.append("")
    for entry in report.get("year_end", []):
        out += _year_end_section(st, entry)
    out += ["### Players", ""] + _players_table(tables, st) + [""]
    if st["phase"]["kind"] != "over":
        out += course_section(tables, st)
        out += cards_tally(tables, st)
    bank = ", ".join(f"{c}: {sum(in_bank(tables, st, f'{c}{t}') for t in TYPES)}" for c in CATEGORIES)
    out += [f"Policies left at the bank: {bank}.", ""]
    if st["phase"]["kind"] == "over":
        names = " and ".join(st["names"][p] for p in st["phase"]["winners"])
        best = st["players"][st["phase"]["winners"][0]]["cash"]
        out += ["### The winner", "", f"**{md_text(names)}** with {best} GE after the second year.", ""]
    else:
        waiting = ", ".join(st["names"][p] for p in st["phase"]["awaited"])
        out += [f"**Next:** {md_text(report['next'])} — orders due from {md_text(waiting)}.", ""]
    return "\n".join(out)


HEADLINE_EVENTS = 2  # sentences of the phase's own log a headline quotes at most


def headline(st: State, report: Mapping[str, Any]) -> str:
    """The phase's news in one line, in the issue's words: the winner at the game's end; a calamity that struck
    (the policy types the cell marks and who paid what) or spared everybody; the premiums of a year's end; else
    what the move or the answers did, in the phase's first sentences ("Harriet Lowe plays a 5 and moves the token
    to field 14 (Risiko D). Calamity in category D: ..."). A player who could not pay (section 3) is named."""
    events = [str(e) for e in report.get("events", [])]
    names = st["names"]
    broke = [e for e in events if " cannot pay" in e]
    if report.get("winners"):
        cash = {p: st["players"][p]["cash"] for p in report["winners"]}
        return "The game is over: " + " and ".join(f"{names[p]} wins with {n} GE" for p, n in cash.items())
    risk = report.get("risk")
    if risk and risk.get("row") is not None:
        where = f"Calamity {risk['category']} on field {risk['field']}"
        paid = [f"{names[p]} pays {m[1]} GE" for p in st["seats"] for e in events
                if (m := re.match(rf"{re.escape(names[p])} pays (\d+) GE to the bank for the calamity", e))]
        if paid:
            return f"{where} strikes {', '.join(risk['marked'])}: {', '.join(paid)}" + "".join(f" · {e}" for e in broke)
        marked = ", ".join(risk["marked"])
        return f"{where}: " + (f"the cell marks {marked}, which nobody holds" if marked else
                               "the cell marks no policy") + "; nobody pays"
    if report.get("year_end"):
        entry = report["year_end"][-1]
        return f"Year {entry['year']} ends: premiums " + ", ".join(
            f"{names[r['player']]} {r['premium']} GE" for r in entry["statement"])
    said = events[:HEADLINE_EVENTS]
    return " ".join([*said, *(e for e in broke if e not in said)])
