"""Newsletter issue pages: one Markdown page per adjudicated turn, with front matter for the blog plugin.

The ruleset writes the body in the game's own format (its ``newsletter`` hook); this module adds what every
issue has: a lead line, the history charts (the ``history`` hook), who missed orders and whose orders came late
or were refused, the next deadline, the game master's notes, links to the turn's orders and commit, and the
revealed dice seed for audit.

An issue page is a function of the league's files: the same game, turn, state and report always give the same
bytes, so the page committed with a turn and the page ``turnpress site build`` writes again are identical.
The game master's notes for a turn are read from ``games/<game>/notes/<NNNN>.md`` (write it before the
deadline run); the repository link from ``repo_url`` in the league's ``mkdocs.yml``.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import charts

if TYPE_CHECKING:
    from ..league import Game

BLOG_DIR = "site/news"
SVG_BLOCK = re.compile(r"^[ \t]*<svg\b.*?</svg>", re.DOTALL | re.MULTILINE)
REPO_URL = re.compile(r"^repo_url:\s*['\"]?(https?://[^'\"\s]+?)/?['\"]?\s*$", re.MULTILINE)
FALLBACK_DATE = "2000-01-01 00:00:00"  # a game without a schedule has no deadline to date its issues by

StatesBefore = Callable[[int], Sequence[dict[str, Any]]]


def has_issue(game: Game, turn: int) -> bool:
    """Every adjudicated turn has an issue; the set-up (turn 0) has one if the ruleset writes it
    (``setup_newsletter``), as Auf Achse does to publish round 0's offers before they are auctioned."""
    return turn > 0 or getattr(game.ruleset, "setup_newsletter", None) is not None


def issue_path(game_id: str, turn: int) -> str:
    return f"{BLOG_DIR}/posts/{game_id}/{turn:04d}.md"


def issue_page(game: Game, turn: int, state: dict[str, Any], report: dict[str, Any]) -> tuple[str, str]:
    """The issue page of ``turn`` as (path relative to the league root, Markdown text)."""
    return render_issue(game, turn, state, report, lambda n: [public_state(game, t) for t in range(n)])


def render_issue(game: Game, turn: int, state: dict[str, Any], report: dict[str, Any],
                 states_before: StatesBefore) -> tuple[str, str]:
    """Like ``issue_page``; ``states_before(n)`` gives the public states of turns 0..n-1 (the site build caches)."""
    title = f"{game.config.get('title', game.id)} — {report['label']}"
    lead = _lead(game, turn, state, report)
    date = post_date(report)
    if turn == 0 and game.schedule is not None:  # the set-up has no deadline: dated by the first one, which it serves
        date = post_date({"deadline": game.schedule.deadline(1, None).isoformat()})
    front = [f"title: {json.dumps(title, ensure_ascii=False)}", f"date: {date}",
             "categories:", f"  - {game.id}", f"slug: {game.id}-{turn:04d}",
             f"description: {json.dumps(lead, ensure_ascii=False)}"]
    parts = ["---", *front, "---", "", f"# {title}", "", lead, "", "<!-- more -->", ""]
    if turn == 0:
        parts += [wrap_svg(game.ruleset.setup_newsletter(state, game.players).strip()), ""]
    elif (hook := getattr(game.ruleset, "newsletter", None)) is not None:
        parts += [wrap_svg(hook(state, report["result"], game.players).strip()), ""]
    history = getattr(game.ruleset, "history", None)
    if history is not None:
        series = history([*states_before(turn), game.ruleset.public_view(state)])
        figures = charts.charts(series, player_names(game), "{metric}")
        if figures:
            parts += ["## Charts", "", *(figure(svg) for svg in figures)]
    parts += _engine_section(game, turn, state, report)
    return issue_path(game.id, turn), "\n".join(parts).rstrip("\n") + "\n"


def public_state(game: Game, turn: int) -> dict[str, Any]:
    return game.ruleset.public_view(game.state(turn))


def player_names(game: Game) -> dict[str, str]:
    return {p.key: p.name for p in game.players}


def post_date(report: dict[str, Any]) -> str:
    """The deadline of the turn in UTC, as a YAML timestamp without zone (the blog needs one kind of date)."""
    if not report.get("deadline"):
        return FALLBACK_DATE
    when = dt.datetime.fromisoformat(report["deadline"]).astimezone(dt.UTC)
    return when.strftime("%Y-%m-%d %H:%M:%S")


def figure(svg: str) -> str:
    """An SVG as a raw HTML block: Python-Markdown does not know ``<svg>`` as a block element and would mangle it.
    Out of the search index: a chart's or map's labels run together into noise there ("0100200turnRuritania")."""
    flat = "\n".join(line for line in svg.splitlines() if line.strip())
    return f'<div class="tp-figure" data-search-exclude>\n{flat}\n</div>\n'


def wrap_svg(markdown: str) -> str:
    """Every SVG that starts a line of a ruleset's body, wrapped so that it survives Markdown untouched."""
    return SVG_BLOCK.sub(lambda m: figure(m.group(0).strip()).rstrip("\n"), markdown)


def repo_url(root: Path) -> str | None:
    """The league repository's web address, from ``repo_url`` in its ``mkdocs.yml``, if it names one."""
    path = root / "mkdocs.yml"
    match = REPO_URL.search(path.read_text(encoding="utf-8")) if path.is_file() else None
    return match.group(1) if match else None


def _lead(game: Game, turn: int, state: dict[str, Any], report: dict[str, Any]) -> str:
    if turn == 0:
        first = _next_deadline(game, report)
        return (f"The set-up of {game.config.get('title', game.id)}."
                + (f" Orders for turn 1 are due by {first}." if first else ""))
    names = player_names(game)
    missed = [names.get(k, k) for k in report.get("orders", {}).get("missed", [])]
    bits = [f"Turn {turn} of {game.config.get('title', game.id)}: {report['label']}."]
    if report.get("deadline"):
        bits.append(f"Deadline {_local(game, report['deadline'])}.")
    bits.append(f"Missed orders: {', '.join(missed)}." if missed else "Everybody's orders were in.")
    if game.ruleset.phase(state).finished:
        bits.append("The game is over.")
    return " ".join(bits)


def _engine_section(game: Game, turn: int, state: dict[str, Any], report: dict[str, Any]) -> list[str]:
    if turn == 0:
        return ["## Audit", "", f"- Dice commitment: `{report['dice']['seed']}`",
                f"- Replay it: `turnpress verify {game.id}`", ""]
    names = player_names(game)
    meta = report.get("orders", {})
    lines = ["## Orders", ""]
    missed = [names.get(k, k) for k in meta.get("missed", [])]
    lines.append(f"- Missed orders (NMR): {', '.join(missed) if missed else 'nobody'}")
    for late in meta.get("late", []):
        lines.append(f"- Late but taken: {names.get(late['player'], late['player'])} (arrived {late['arrived']})")
    for refused in meta.get("refused", []):
        lines.append(f"- Not taken: {names.get(refused['player'], refused['player'])} ({refused['why']})")
    folder, tag = f"orders/{game.id}/{turn:04d}", f"{game.id}/turn-{turn}"
    repo = repo_url(game.root)
    if repo:
        lines.append(f"- Orders of this turn: [`{folder}/`]({repo}/tree/{tag}/{folder})")
        lines.append(f"- The turn's commit: [`{tag}`]({repo}/commit/{tag})")
    else:
        lines.append(f"- Orders of this turn: `{folder}/`")
        lines.append(f"- The turn's commit: `git show {tag}`")
    lines += ["", "## Next deadline", ""]
    if game.ruleset.phase(state).finished:
        lines.append("The game is over: there are no more deadlines.")
    else:
        nxt = _next_deadline(game, report)
        lines.append(f"Orders for turn {turn + 1} are due by **{nxt}**." if nxt else
                     f"Turn {turn + 1} has no fixed deadline: the game master adjudicates it when the orders are in.")
    notes = [str(n) for n in report.get("notes", [])]
    gm = game.dir / "notes" / f"{turn:04d}.md"
    if notes or gm.is_file():
        lines += ["", "## From the game master", ""]
        lines += [f"- {n}" for n in notes]
        if gm.is_file():
            lines += [""] * bool(notes) + [gm.read_text(encoding="utf-8").strip()]
    lines += ["", "## Audit", "",
              f"- Dice seed revealed: `{report['dice']['seed']}`",
              f"- Digest of the orders: `{report['dice'].get('orders_digest', '')}`",
              f"- Replay it: `turnpress verify {game.id}`", ""]
    return lines


def _next_deadline(game: Game, report: dict[str, Any]) -> str | None:
    if game.schedule is None or not report.get("deadline") and report["turn"] > 0:
        return None
    previous = dt.datetime.fromisoformat(report["deadline"]) if report.get("deadline") else None
    when = game.schedule.deadline(report["turn"] + 1, previous)
    return _local(game, when.isoformat())


def _local(game: Game, iso: str) -> str:
    when = dt.datetime.fromisoformat(iso)
    if game.schedule is not None:
        when = when.astimezone(game.schedule.zone)
    return when.strftime("%Y-%m-%d %H:%M %Z").strip()
