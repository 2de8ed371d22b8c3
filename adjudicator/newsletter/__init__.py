"""Newsletter issue pages: one Markdown page per adjudicated turn, with front matter for the blog plugin.

The ruleset writes the body in the game's own format (its ``newsletter`` hook); this module adds what every
issue has: the headline, who missed orders and whose orders came late, the next deadline, the revealed dice
seed for audit, and links to the turn's orders.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from .. import yamlio

if TYPE_CHECKING:
    from ..league import Game

BLOG_DIR = "site/news"


def issue_path(game_id: str, turn: int) -> str:
    return f"{BLOG_DIR}/posts/{game_id}/{turn:04d}.md"


def issue_page(game: Game, turn: int, state: dict[str, Any], report: dict[str, Any]) -> tuple[str, str]:
    """The issue page of ``turn`` as (path relative to the league root, Markdown text)."""
    date = (report.get("deadline") or "2000-01-01")[:10]
    front = {"date": date, "categories": [game.id], "slug": f"{game.id}-{turn:04d}",
             "title": f"{game.config.get('title', game.id)} — {report['label']}"}
    parts = ["---", yamlio.dump(front).rstrip(), "---", "", f"# {front['title']}", ""]
    hook = getattr(game.ruleset, "newsletter", None)
    if hook is not None:
        parts += [hook(state, report["result"], game.players).rstrip(), ""]
    parts += _engine_section(game, turn, report)
    return issue_path(game.id, turn), "\n".join(parts) + "\n"


def _engine_section(game: Game, turn: int, report: dict[str, Any]) -> list[str]:
    names = {p.key: p.name for p in game.players}
    meta = report.get("orders", {})
    lines = ["## Orders", ""]
    missed = [names.get(k, k) for k in meta.get("missed", [])]
    lines.append(f"- Missed orders (NMR): {', '.join(missed) if missed else 'nobody'}")
    for late in meta.get("late", []):
        lines.append(f"- Late but taken: {names.get(late['player'], late['player'])} (arrived {late['arrived']})")
    for refused in meta.get("refused", []):
        lines.append(f"- Not taken: {names.get(refused['player'], refused['player'])} ({refused['why']})")
    lines.append(f"- Orders of this turn: `orders/{game.id}/{turn:04d}/`")
    nxt = _next_deadline(game, report)
    if nxt:
        lines.append(f"- Next deadline: {nxt}")
    lines += ["", "## Audit", "",
              f"- Dice seed revealed: `{report['dice']['seed']}`",
              f"- Digest of the orders: `{report['dice'].get('orders_digest', '')}`",
              f"- Replay it: `turnpress verify {game.id}`", ""]
    return lines


def _next_deadline(game: Game, report: dict[str, Any]) -> str | None:
    if game.schedule is None or not report.get("deadline"):
        return None
    when = game.schedule.deadline(report["turn"] + 1, dt.datetime.fromisoformat(report["deadline"]))
    return when.astimezone(game.schedule.zone).strftime("%Y-%m-%d %H:%M %Z")
