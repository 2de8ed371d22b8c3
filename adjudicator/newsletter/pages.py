"""The pages of the site that are derived from ``games/``: the home page, the news index, and per game its
overview, standings, charts and map, plus every issue page again.

Everything here is a function of the league's files (no clock): the same league gives the same pages. The
open turn's deadline comes from the schedule; whether it is *due* depends on the time and is left to
``turnpress status``.
"""

from __future__ import annotations

import multiprocessing
import os
import re
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from .. import league as leaguemod
from . import charts, figure, has_issue, issue_path, player_names, post_date, render_issue

GAMES_DIR = "site/games"
HOOKS = "site/.turnpress/mkdocs_hooks.py"  # as named under ``hooks`` in mkdocs.yml
OVERRIDES = "site/.turnpress/overrides"  # as named as the theme's ``custom_dir`` in mkdocs.yml
# Material's post template imports the navigation's macros with the page's context on every post it renders, for
# a post's "links", which issues do not have: the import is moved into the branch that uses them. The same HTML,
# about a third of a millisecond less per issue.
POST_IMPORT = '{% import "partials/nav-item.html" as item with context %}\n'
POST_LINKS = "{% if page.config.links %}\n"
LATEST = 10  # issues listed on the home page and on a game's overview
# From how many turns in all the games reading and rendering them is shared out among processes, one game each:
# below it, starting the processes costs more than it saves.
PARALLEL_FROM = 300


@dataclass
class GameView:
    """One game as the site shows it: its files read once, public states cached for the charts."""

    game: leaguemod.Game
    turns: list[int]
    states: list[dict[str, Any]] = field(default_factory=list)
    reports: dict[int, dict[str, Any]] = field(default_factory=dict)
    _public: list[dict[str, Any]] = field(default_factory=list, repr=False)

    @classmethod
    def read(cls, root: Path, game_id: str) -> GameView:
        game = leaguemod.load_game(root, game_id)
        turns = game.turns()
        states, reports = [], {}
        for t in turns:
            states.append(game.state(t))
            reports[t] = game.report(t)
        return cls(game, turns, states, reports)

    @property
    def id(self) -> str:
        return self.game.id

    @property
    def title(self) -> str:
        return str(self.game.config.get("title", self.game.id))

    @property
    def last(self) -> int:
        return self.turns[-1] if self.turns else 0

    def public(self, turn: int) -> dict[str, Any]:
        if not self._public:
            self._public = [self.game.ruleset.public_view(s) for s in self.states]
        return self._public[turn]

    def publics(self, count: int) -> list[dict[str, Any]]:
        """Public states of turns 0..count-1 (what ``history`` is given)."""
        self.public(0)
        return self._public[:count]

    def phase(self) -> Any:
        return self.game.ruleset.phase(self.states[-1])

    def next_deadline(self) -> str:
        if self.phase().finished:
            return "game over"
        if self.game.schedule is not None and self.game.schedule.paused:
            return "paused"
        when = self.game.deadline(self.last + 1) if self.turns else None
        if when is None:
            return "when all orders are in"
        return when.astimezone(self.game.schedule.zone).strftime("%Y-%m-%d %H:%M %Z")

    def state_text(self) -> str:
        phase = self.phase()
        if phase.finished:
            return f"finished after turn {self.last}"
        return f"turn {self.last + 1} open: {phase.label}"


def md_escape(text: Any) -> str:
    """A value as the text of a Markdown table cell."""
    if text is None:
        return ""
    if isinstance(text, bool):
        return "yes" if text else "no"
    return str(text).replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def table(rows: Sequence[Mapping[str, Any]]) -> str:
    """Rows of dicts as a Markdown table; the columns are the keys in the order they first appear."""
    columns: list[str] = []
    for row in rows:
        columns += [k for k in row if k not in columns]
    if not columns:
        return ""
    align = ["---:" if all(isinstance(r.get(c), int) and not isinstance(r.get(c), bool) for r in rows if c in r)
             else "---" for c in columns]
    lines = ["| " + " | ".join(md_escape(c) for c in columns) + " |", "| " + " | ".join(align) + " |"]
    lines += ["| " + " | ".join(md_escape(r.get(c)) for c in columns) + " |" for r in rows]
    return "\n".join(lines)


def issue_link(from_page: str, game_id: str, turn: int) -> str:
    """A relative link from the page ``from_page`` (relative to site/) to the issue of ``turn``."""
    return _relative(from_page, issue_path(game_id, turn).removeprefix("site/"))


def _relative(from_page: str, target: str) -> str:
    depth = from_page.count("/")
    return "../" * depth + target


def rules_summary(root: Path, ruleset: Any) -> tuple[str, bool]:
    """The rules in short: the first paragraph of ``site/rules/<ruleset>.md``, else the ruleset's docstring."""
    page = root / "site" / "rules" / f"{ruleset.name}.md"
    if page.is_file():
        text = re.sub(r"^---\n.*?\n---\n", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
        for block in re.split(r"\n\s*\n", text):
            block = block.strip()
            if block and not block.startswith(("#", "<", "|", "-", "*", ">", "!!!", "```")):
                return block, True
        return "", True
    doc = (type(ruleset).__doc__ or "").strip().split("\n\n")[0]
    return " ".join(doc.split()), False


# --- pages -----------------------------------------------------------------------------------------------

def home(views: Sequence[GameView]) -> str:
    lines = ["---", "title: Home", "---", "", "# The league", "",
             "Every game of the league is adjudicated in public: players send their orders as pull requests, "
             "and at each deadline the turn is adjudicated, committed and published here as an issue of the "
             "newsletter.", ""]
    if not views:
        lines += ["No game has been set up yet. A game master starts one with `turnpress new`.", ""]
        return "\n".join(lines)
    rows = [{"Game": f"[{md_escape(v.title)}](games/{v.id}/index.md)", "Rules": v.game.ruleset.title,
             "Players": len(v.game.players), "State": v.state_text(), "Next deadline": v.next_deadline()}
            for v in views]
    lines += ["## Games", "", table(rows), "", "## Latest issues", ""]
    issues = sorted(((post_date(v.reports[t]), v.id, t, v) for v in views for t in v.turns if t > 0), reverse=True)
    if not issues:
        lines.append("No turn has been adjudicated yet.")
    for date, _, turn, v in issues[:LATEST]:
        label = md_escape(f"{v.title} — {v.reports[turn]['label']}")
        lines.append(f"- {date[:10]} · [{label}]({issue_link('index.md', v.id, turn)})")
    lines += ["", 'All issues: [the news archive](news/index.md), also as '
              '<a href="feed_rss_created.xml">RSS</a>.', ""]
    return "\n".join(lines)


def news_index(views: Sequence[GameView]) -> str:
    """The news index's lead; the blog lists the issues below it."""
    lines = ["# News", "", "Every adjudicated turn of every game is an issue, newest first; the archive is also an "
             '<a href="../feed_rss_created.xml">RSS feed</a>.', ""]
    games = [v for v in views if v.last]
    if games:
        lines += ["Each game's own archive: " + " · ".join(f"[{md_escape(v.title)}]({v.id}.md)" for v in games), ""]
    return "\n".join(lines)


def archive_page(view: GameView) -> str:
    """The head of the game's archive (``news/<game>.md``), which the blog plugin lists the game's issues under:
    without it the blog makes one titled with the game's id."""
    return "\n".join([f"# {md_escape(view.title)}", "",
                      f"Every issue of [the game](../games/{view.id}/index.md), newest first.", ""])


def overview(view: GameView, root: Path, has_map: bool) -> str:
    page = f"games/{view.id}/index.md"
    g, rs = view.game, view.game.ruleset
    summary, has_rules = rules_summary(root, rs)
    lines = [f"# {view.title}", ""]
    if summary:
        lines += [summary, ""]
    if has_rules:
        lines += [f"[The full rules of {rs.title}](../../rules/{rs.name}.md), with the league's house rules.", ""]
    awaited = [player_names(g).get(k, k) for k in view.phase().awaited] if not view.phase().finished else []
    facts = [{"": "Rules", " ": rs.title}, {"": "State", " ": view.state_text()},
             {"": "Next deadline", " ": view.next_deadline()},
             {"": "Awaited", " ": ", ".join(awaited) or "nobody"},
             {"": "Schedule", " ": _schedule_text(g)}]
    issues = [t for t in view.turns if has_issue(g, t)]
    if issues:
        facts.append({"": "Latest issue", " ": f"[{md_escape(view.reports[issues[-1]]['label'])}]"
                                              f"({issue_link(page, view.id, issues[-1])})"})
    lines += [table(facts), "", "## Pages", ""]
    if issues:
        lines.append(f"- [Issue archive](../../news/{view.id}.md): every turn's newsletter")
    lines += ["- [Standings](standings.md)", "- [Charts](charts.md)"]
    if has_map:
        lines.append("- [Map](map.md)")
    lines += ["", "## Players", "", table([_player_row(p, g) for p in g.config.get("players", [])]), "",
              "## How to send orders", ""] + _how_to(view) + [""]
    if issues:
        lines += ["## Latest issues", ""]
        for t in reversed(issues[-LATEST:]):
            date = f" · {post_date(view.reports[t])[:10]}" if t > 0 else ""
            lines.append(f"- [Turn {t}: {md_escape(view.reports[t]['label'])}]({issue_link(page, view.id, t)}){date}")
        lines.append("")
    return "\n".join(lines)


def _player_row(p: Mapping[str, Any], game: leaguemod.Game) -> dict[str, Any]:
    row: dict[str, Any] = {"Player": p["name"], "GitHub": f"[{p['login']}](https://github.com/{p['login']})"}
    if any("role" in q for q in game.config.get("players", [])):
        row["Role"] = p.get("role", "")
    row["Since turn"] = p.get("joined", 1)
    return row


def _schedule_text(game: leaguemod.Game) -> str:
    block = game.config.get("schedule")
    if not block:
        return "no fixed deadlines: adjudicated when all orders are in"
    text = f"every {block.get('every', '7 days')}, {block.get('timezone', 'UTC')}"
    if block.get("grace"):
        text += f"; {block['grace']} minutes of grace"
    if block.get("paused"):
        text += "; paused"
    return text


def _how_to(view: GameView) -> list[str]:
    gid, turn = view.id, view.last + 1
    if view.phase().finished:
        return ["The game is over; no more orders are taken."]
    return [f"1. Get your pre-filled order sheet: `turnpress template {gid} YOUR-LOGIN --write` writes "
            f"`orders/{gid}/{turn:04d}/your-login.yaml`.",
            "2. Fill it in. `turnpress validate FILE` checks it and says how each order was understood; "
            f"`turnpress preview {gid} FILE` shows what it would do.",
            "3. Commit it on a branch and open a pull request. The check on the pull request tells you if "
            "anything is wrong; change the file as often as you like until the deadline.",
            f"4. At the deadline ({view.next_deadline()}) the turn is adjudicated and the next issue appears "
            "here. Add `wait: true` to your file if the turn must not be adjudicated early."]


def standings_page(view: GameView) -> str:
    hook = getattr(view.game.ruleset, "standings", None)
    lines = [f"# {view.title}: standings", ""]
    rows = hook(view.public(len(view.turns) - 1)) if hook else []
    if rows:
        lines += [f"After turn {view.last}"
                  + (f" ({md_escape(view.reports[view.last]['label'])})" if view.last else "") + ".", "",
                  table(rows), ""]
    else:
        lines += ["This game keeps no standings table; the latest issue has the game's own tables.", ""]
    lines += ["[Back to the game](index.md)", ""]
    return "\n".join(lines)


def charts_page(view: GameView) -> str:
    hook = getattr(view.game.ruleset, "history", None)
    lines = [f"# {view.title}: charts", ""]
    figures = charts.charts(hook(view.publics(len(view.turns))), player_names(view.game)) \
        if hook else []
    if figures:
        lines += [f"From the set-up (turn 0) to turn {view.last}.", ""] + [figure(svg) for svg in figures]
    else:
        lines += ["This game draws no history charts.", ""]
    lines += ["[Back to the game](index.md)", ""]
    return "\n".join(lines)


def map_page(view: GameView, svg: str) -> str:
    return "\n".join([f"# {view.title}: map", "", f"After turn {view.last}.", "", figure(svg),
                      "[Back to the game](index.md)", ""])


def game_pages(view: GameView, root: Path) -> dict[str, str]:
    base = f"{GAMES_DIR}/{view.id}"
    draw = getattr(view.game.ruleset, "map", None)
    svg = draw(view.public(len(view.turns) - 1)) if draw and view.turns else ""
    pages = {f"{base}/index.md": overview(view, root, bool(svg)), f"{base}/standings.md": standings_page(view),
             f"{base}/charts.md": charts_page(view)}
    if svg:
        pages[f"{base}/map.md"] = map_page(view, svg)
    if any(has_issue(view.game, t) for t in view.turns):  # the blog takes this page only if the game has an issue
        pages[f"site/news/{view.id}.md"] = archive_page(view)
    for t in view.turns:
        if has_issue(view.game, t):
            path, text = render_issue(view.game, t, view.states[t], view.reports[t],
                                      view.publics)
            pages[path] = text
    return pages


def stylesheet() -> str:
    return resources.files(__package__).joinpath("assets/turnpress.css").read_text(encoding="utf-8")


def mkdocs_hooks() -> str:
    """The source of the MkDocs hook that ``mkdocs.yml`` names (MkDocs loads hooks by path, not by module)."""
    return resources.files(__package__).joinpath("mkdocs_hooks.py").read_text(encoding="utf-8")


def read_game(root: Path, game_id: str) -> tuple[GameView, dict[str, str]]:
    """One game read, and its pages (overview, standings, charts, map and every issue)."""
    view = GameView.read(root, game_id)
    return view, game_pages(view, root)


def read_games(root: Path, game_ids: Sequence[str]) -> list[tuple[GameView, dict[str, str]]]:
    """``read_game`` for each game, in order; in forked processes, one game each, when the league is large and the
    machine has more than one core (the pages are the same bytes either way)."""
    turns = sum(len(list((root / "games" / gid / "turns").glob("[0-9]*"))) for gid in game_ids)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    workers = min(len(game_ids), cores)
    if workers < 2 or turns < PARALLEL_FROM or "fork" not in multiprocessing.get_all_start_methods():
        return [read_game(root, gid) for gid in game_ids]
    # fork, not spawn: the children inherit the registered rulesets and the imported modules
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
        return list(pool.map(read_game, [root] * len(game_ids), game_ids))


def post_template() -> str:
    """Material's ``blog-post.html`` as installed, with the import moved (see ``POST_IMPORT``); unchanged where
    the installed template differs from what this expects."""
    try:
        text = resources.files("material").joinpath("templates/blog-post.html").read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        return ""
    if text.count(POST_IMPORT) != 1 or text.count(POST_LINKS) != 1:
        return text
    return text.replace(POST_IMPORT, "").replace(POST_LINKS, POST_LINKS + POST_IMPORT)


def all_pages(root: Path, views: Sequence[GameView], per_game: Sequence[Mapping[str, str]]) -> dict[str, str]:
    """Every generated file: path relative to the league root -> text (``per_game``: each game's pages)."""
    pages = {"site/index.md": home(views), "site/news/index.md": news_index(views),
             "site/stylesheets/turnpress.css": stylesheet(), HOOKS: mkdocs_hooks(),
             f"{OVERRIDES}/blog-post.html": post_template(),
             f"{HOOKS.rpartition('/')[0]}/.gitignore": "# Written by `turnpress site build`; not kept in git.\n*\n"}
    for game in per_game:
        pages.update(game)
    return pages
