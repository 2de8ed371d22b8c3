"""The newsletter issue of a phase: the board as SVG, the costs, the open cards and initiatives, the
timeline, what each player did and, at the end, the scoring.

It reads the public view and the public part of the report only: ``report["private"]`` is never printed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...kit.markup import md_table, md_text, svg_text
from ...model import Player
from .common import (
    action_name,
    colour,
    field,
    fraction_show,
    goal,
    government,
    initiative,
    investys,
    kinds_text,
    name,
    sector,
    sectors,
)
from .orders import open_steps
from .state import State

COL, ROW, TOP, LEFT = 150, 24, 46, 34
LEGEND_ROW = 18  # one Investy a line: a long name with its colour ran into the next entry side by side


def tracks_svg(state: State) -> str:
    """The four sector columns, fields bottom to top, danger zones darker, every Investy's stone."""
    secs = sectors(state)
    most = max(sector(state, s)["fields"] for s in secs)
    legend_top = TOP + ROW * (most + 1) + 20
    width = LEFT + COL * len(secs) + 10
    height = legend_top + LEGEND_ROW * (len(investys(state)) - 1) + 14
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" role="img" aria-labelledby="pm-title" '
           'style="font-family:sans-serif;font-size:12px">',
           '<title id="pm-title">The four sector tracks: each Investy\'s field, danger zones shaded</title>']
    for r in range(most, -1, -1):
        y = TOP + ROW * (most - r)
        out.append(f'<text x="{LEFT - 8}" y="{y + 16}" text-anchor="end" fill="#555">{r or "–"}</text>')
    for c, s in enumerate(secs):
        sec = sector(state, s)
        x = LEFT + COL * c
        out.append(f'<text x="{x + COL // 2}" y="16" text-anchor="middle" font-weight="bold">'
                   f'{svg_text(sec["name"])}</text>')
        out.append(f'<text x="{x + COL // 2}" y="32" text-anchor="middle" fill="#555">cost {state["costs"][s]}'
                   f' · danger from {sec["danger_from"]}</text>')
        for r in range(sec["fields"], -1, -1):
            y = TOP + ROW * (most - r)
            danger = r >= sec["danger_from"]
            fill = sec["colour"] if r else "#ffffff"
            opacity = "0.55" if danger else ("0.12" if r else "1")
            out.append(f'<rect x="{x + 4}" y="{y + 1}" width="{COL - 8}" height="{ROW - 2}" rx="3" '
                       f'fill="{fill}" fill-opacity="{opacity}" stroke="#999" stroke-width="0.5"/>')
        for r in range(0, sec["fields"] + 1):
            here = [k for k in investys(state) if field(state, k, s) == r]
            y = TOP + ROW * (most - r) + ROW // 2
            for j, k in enumerate(here):
                cx = x + 22 + 30 * j
                out.append(f'<circle cx="{cx}" cy="{y}" r="9" fill="{colour(state, k)["hex"]}" stroke="#222"/>')
                out.append(f'<text x="{cx}" y="{y + 4}" text-anchor="middle" fill="#fff" font-weight="bold">'
                           f'{svg_text(name(state, k)[:1].upper())}</text>')
    for j, k in enumerate(investys(state)):
        legend_y = legend_top + LEGEND_ROW * j
        out.append(f'<circle cx="{LEFT + 8}" cy="{legend_y - 4}" r="7" fill="{colour(state, k)["hex"]}"/>')
        out.append(f'<text x="{LEFT + 20}" y="{legend_y}">{svg_text(name(state, k))} '
                   f'({svg_text(colour(state, k)["name"])})</text>')
    out.append("</svg>")
    return "\n".join(out)


def _who(state: State, key: str | None) -> str:
    """A player in the issue's Markdown: the name is the player's text, so it is escaped."""
    if key is None:
        return ""
    if key in state["investys"]:
        return f"{md_text(name(state, key))} ({colour(state, key)['name']})"
    return f"{md_text(name(state, key))} (Government)"


def _timeline(state: State, rnd: int) -> str:
    parts = []
    for i, a in enumerate(state["timeline"]):
        label = f"{i + 1} {action_name(state, a)}"
        if i == state["timeline_index"] and not state["finished"]:
            parts.append(f"**{label} ◀**")
        elif i < state["timeline_index"] or state["finished"] and i < rnd:
            parts.append(f"~~{label}~~")
        else:
            parts.append(label)
    end = "**Ende ◀**" if state["finished"] and state["result"]["reason"] == "timeline" else "Ende"
    return " · ".join([*parts, end])


def _table(state: State) -> list[str]:
    keys = investys(state)
    rows: list[list[Any]] = []
    for s in sectors(state):
        sec = sector(state, s)
        cells = []
        for k in keys:
            f = field(state, k, s)
            cells.append(f"**{f}** ⚠" if f >= sec["danger_from"] else str(f))
        rows.append([f"{sec['name']} ({sec['german']})", state["costs"][s], f"{sec['danger_from']}–{sec['fields']}",
                     *cells])
    rows.append(["Cards in hand", None, None, *(state["investys"][k]["cards"] for k in keys)])
    rows.append(["Public initiatives", None, None,
                 *(", ".join(initiative(state, i)["name"] for i in state["investys"][k]["initiatives"]) or "–"
                   for k in keys)])
    return md_table(["Sector", "Cost", "Danger zone", *(_who(state, k) for k in keys)], rows)


def _scoring(state: State) -> list[str]:
    result = state["result"]
    out = ["## Final scoring", ""]
    if result["reason"] == "monopoly":
        for m in result["monopolies"]:
            out.append(f"**{_who(state, m['investy'])} holds a monopoly in {sector(state, m['sector'])['name']} "
                       "and wins the game.** The Government has lost.")
        out.append("")
    else:
        g = result["government"]
        card = goal(state, g["goal"])
        out += ["**The timeline has reached »Ende« without a monopoly: the Government wins.**", "",
                *md_table(["Government", "Points"], [
                    ["Furthest field on the board", g["furthest_field"]],
                    ["Average field (rounded)", g["average_field"]],
                    ["Public initiatives fulfilled (½ each)", fraction_show(g["initiatives"])],
                    [f"Secret policy goal: {card['name']} — {card['text']} "
                     f"({'reached' if g['goal_reached'] else 'missed'})", g["goal_points"]],
                    ["**Total**", f"**{fraction_show(g['total'])}**"]]), "",
                f"Rank: **{g['rank']}**.", ""]
    ranked = sorted(investys(state), key=lambda k: (-result["scores"][k], investys(state).index(k)))
    return out + md_table(["Investy", "Fields in all sectors + initiatives"],
                          [[_who(state, k), result["scores"][k]] for k in ranked])


def issue(state: State, report: Mapping[str, Any], players: Sequence[Player]) -> str:
    """The Markdown body of the issue for the phase just adjudicated (``state`` is the new public view)."""
    rnd = report["round"]
    out = [f"## Round {rnd} of {len(state['timeline'])} — {action_name(state, report['action'])}", ""]
    step = {"government": "the Government's action", "investy": "an Investy's turn", "wealth_tax": "a wealth tax"}
    parts = [report, *([report["with"]] if report.get("with") else [])]  # H15: the Audit with the first turn
    out += ["*This issue: " + " and ".join(f"{step[x['step']]}, by {_who(state, x['player'])}" for x in parts)
            + ".*", "", "### What happened", ""]
    out += [f"- {md_text(e['text'])}" for e in report["events"]]  # they name players: player text
    for x in parts:
        if x.get("note"):
            out += ["", f"> **{md_text(name(state, x['player']))}:** {md_text(x['note'])}"]
    out += ["", "### The board", "", tracks_svg(state), ""]
    out += _table(state)
    total = sum(state["costs"].values())
    out += ["", f"**Costs** add up to {total} (at most {state['board']['table']['cost']['max_sum']}).",
            f"**Open cards:** {kinds_text(state, state['open_cards'])} · **deck:** {state['deck_size']} cards · "
            f"**discard pile:** {state['discard_size']} cards.", "", "**Open public initiatives:**", ""]
    out += [f"- **{initiative(state, i)['name']}** — {initiative(state, i)['text']}"
            for i in state["initiatives"]["open"]] or ["- none left"]
    out += ["", f"**Timeline:** {_timeline(state, rnd)}", ""]
    watch = state["monopoly_watch"]
    if watch and not state["finished"]:
        out += ["**Monopoly watch:** " + "; ".join(
            f"{_who(state, w['investy'])} in {sector(state, s)['name']}, {w['rounds']} of "
            f"{state['options']['monopoly_rounds']} rounds" for s, w in watch.items()), ""]
    out += [f"### Round {rnd} so far", ""] + [f"{i}. {md_text(line)}" for i, line in enumerate(report["round_log"], 1)]
    out.append("")
    if state["finished"]:
        out += _scoring(state)
    else:
        nxt = {"government": lambda who: f"the Government ({name(state, who)}): {action_name(state)}",
               "investy": lambda who: f"{_who(state, who)}'s turn",
               "wealth_tax": lambda who: f"the wealth tax of {_who(state, who)}"}
        out += [f"**Next:** round {state['round']}, "
                + " with ".join(nxt[x["step"]](x["player"]) for x in open_steps(state)) + "."]
    return "\n".join(out) + "\n"


# What makes a phase's news, most important first: the phase's log sentences that start or contain these. The
# drawing of cards and the start of a round (the issue's title says it) are no news.
NEWS = ("The timeline marker", "Monopoly", "monopoly", "fulfils the public initiative", "manipulates",
        "pays the wealth tax", "Tax policy:", "Grant funding:", "Audit:", "Holiday break:", "invests in")
HEADLINE_EVENTS = 2


def headline(state: State, report: Mapping[str, Any]) -> str:
    """The phase's news in one line, in the issue's words: who won and why at the end; else the phase's most
    important sentences (a monopoly, a public initiative fulfilled, a market manipulated, the Government's
    action, an investment), a tax policy as the law the Government passes. ``state`` is the public view."""
    texts = [str(e["text"]) for e in report.get("events", [])]
    result = report.get("result")
    if result:
        winners = " and ".join(name(state, w) for w in result.get("winners", []))
        why = next((t for t in texts if "win" in t), "")
        return f"{winners} win{'s' * (len(result.get('winners', [])) == 1)}" + (f": {why}" if why else "")
    ranked = sorted((i, n, t) for n, t in enumerate(texts) for i, mark in enumerate(NEWS) if mark in t)
    said: list[str] = []
    for _, _, text in ranked:
        if text.startswith("Tax policy: "):
            text = (f"The Government ({name(state, government(state))}) passes a tax law: "
                    + text.removeprefix("Tax policy: "))
        if text not in said:
            said.append(text)
    return " · ".join(said[:HEADLINE_EVENTS])
