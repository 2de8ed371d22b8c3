"""The pages of the site that are derived from ``games/``: the home page, the news index, and per game its
overview, standings, charts and map, plus every issue page again.

Everything here is a function of the league's files (no clock): the same league gives the same pages. The
open turn's deadline comes from the schedule; whether it is *due* depends on the time and is left to
``turnpress status``.
"""

from __future__ import annotations

import datetime as dt
import functools
import html
import json
import multiprocessing
import os
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from ..kit import drawcache, outcome
from ..kit.catalog import SITE
from ..kit.gamedata import GameData
from ..kit.markup import html_attr_text, md_text, plain
from ..kit.ruleset import DrawsMap, HandedData, HasColours, HasHistory, HasStandings, MarksOut, Ruleset
from ..kit.words import every_said
from ..league import store
from ..model import GameConfig, Player, TurnReport
from ..schedule import Schedule
from . import (
    BLOG_DIR,
    IssueInput,
    charts,
    figure,
    has_issue,
    headline,
    issue_input,
    issue_path,
    issued,
    kept,
    labels_of,
    listings,
    orders_page,
    post_date,
    presence,
    takes_open_orders,
    words,
)
from . import results as resultwords

GAMES_DIR = "site/games"
BLOG_URL = "news"  # where an issue is published: news/<game>/<NNNN>/ (its page: site/news/<game>/<NNNN>.md)
MAPS_DIR = "maps"  # each turn's map as a file, under the game's folder (for the game page's map history)
HOOKS = "site/.turnpress/mkdocs_hooks.py"  # as named under ``hooks`` in mkdocs.yml
OVERRIDES = "site/.turnpress/overrides"  # as named as the theme's ``custom_dir`` in mkdocs.yml
# Material's labels in the page's own language (``language`` in its front matter), the league's elsewhere: the
# partial as Material ships it but for where the language comes from.
LANGUAGE_PARTIAL = """{% set code = page.meta.language if page is defined and page and page.meta and page.meta.language
   else config.theme.language %}
{% import "partials/languages/" ~ code ~ ".html" as lang %}
{% import "partials/languages/en.html" as fallback %}
{% macro t(key) %}{{ lang.t(key) or fallback.t(key) or key }}{% endmacro %}
"""
# The feeds in every page's head: the league's, and the game's on its pages (``tp_game`` in the front matter); the
# orders page's style and its own scripts on it (``tp_orders``; before the theme's, so that the page asks for its
# data while the theme's script runs; the libraries they use follow when the page is usable: issue 30), and there
# the theme's own script (Material's bundle, the block's first) written inert, run by orders.js when the reader
# reaches for the theme or leaves the page alone a while (issue 30: a player's first taps are the page's), by the
# address the theme's ``url`` filter gives: raw HTML in a page's Markdown is taken relative to the page's address
# by MkDocs and to its file by Zensical (issue 33). Zensical's templates take no count in ``replace``, so every
# script of the block is written inert and the league's own (``extra_javascript``: turnpress.js, whose zoom dialog
# the orders map opens) are written again after, live; orders.js runs the first inert one only.
MAIN_TEMPLATE = """{% extends "base.html" %}
{% block extrahead %}
  <link rel="alternate" type="application/rss+xml" title="{{ config.site_name }}"
        href="{{ 'feed_rss_created.xml' | url }}">
  {% set game = page.meta.tp_game if page and page.meta and page.meta.tp_game else none %}
  {% if game %}
  <link rel="alternate" type="application/rss+xml" title="{{ page.meta.tp_game_title or game }}"
        href="{{ ('feeds/' ~ game ~ '.xml') | url }}">
  {% endif %}
  {% if page and page.meta and page.meta.tp_orders %}
  <link rel="stylesheet" href="{{ 'javascripts/orders.css' | url }}">
  {% endif %}
{% endblock %}
{% block scripts %}
  {% if page and page.meta and page.meta.tp_orders %}
""" + "".join(f"""  <script src="{{{{ 'javascripts/{name}' | url }}}}"></script>\n"""
              for name in orders_page.SCRIPT_FILES) + """\
  {{ super() | replace('<script src="', '<script type="text/plain" data-tp-later data-src="') }}
  {% for script in config.extra_javascript %}
  {{ script | script_tag }}
  {% endfor %}
  {% else %}
  {{ super() }}
  {% endif %}
{% endblock %}
"""
LATEST = 10  # issues listed on the home page and on a game's overview
# From how many turns in all the games reading and rendering them is shared out among processes, one game each:
# below it, starting the processes costs more than it saves.
PARALLEL_FROM = 300


@dataclass(frozen=True)
class GameView:
    """One game as the site shows it, read from the league once (``read``; issue 31, I/O at the edges): its
    settings, rules, seats, schedule and turns, each turn's public state, its open turn as the orders page shows
    it and what each issue page renders from. The game's pages are made from these values alone
    (``game_pages``)."""

    turns: list[int]
    open: orders_page.OpenTurn  # the open turn, as its orders page shows it
    settings: GameConfig
    rules: Ruleset
    lang: str  # the game's language
    seats: tuple[dict[str, Any], ...]  # every seat as the rulings left it (``left``, ``joined``, ``role``)
    players: tuple[Player, ...]  # who plays each seat now
    schedule: Schedule | None
    paused: bool
    open_orders: bool  # the rules would seal the orders and the game takes them open (``takes_open_orders``)
    sent: frozenset[str]  # the open turn's orders files in the tree, by the name before the suffix, lower case
    issues: frozenset[int]  # the turns that have an issue (``has_issue``)
    labels: dict[str, str]  # the readers' labels of the game's data keys (``labels_of``)
    presence: dict[str, range]  # the turns each seat's player was in the game (``presence``)
    rules_page: str | None  # the league's rules page for the game, relative to site/ (``rules_page``)
    known_as: dict[str, str]  # how readers know each seat after the last turn (``results.seat_names``)
    states: list[dict[str, Any]]
    reports: dict[int, TurnReport]
    public_states: list[dict[str, Any]] = field(repr=False)  # each turn's public view (the charts, maps, issues)
    committed: dict[int, str]  # issue pages taken as their turns committed them (``committed_issue``)
    issue_facts: dict[int, IssueInput]  # what each other issue page renders from (``issue_input``)

    @classmethod
    def read(cls, root: Path, game_id: str, as_committed: bool = False,
             league: words.League | None = None) -> GameView:
        """The game ``game_id`` of the league at ``root``, read once: everything its pages show. With
        ``as_committed``, an issue page the tree has is taken as its turn committed it (``committed_issue``), and
        only the other issues' facts are read (``issue_input``). ``league``: what ``mkdocs.yml`` says, where the
        build read it already (else it is read with the game)."""
        game = store.load_game(root, game_id, league)
        turns = game.turns()
        states, reports = [], {}
        for t in turns:
            states.append(game.state(t))
            reports[t] = game.report(t)
        folder = game.root / "orders" / game_id / f"{(turns[-1] if turns else 0) + 1:04d}"
        sent = frozenset(p.name.split(".")[0].lower() for p in folder.iterdir()
                         if p.name.endswith((".yaml", ".yaml.age"))) if folder.is_dir() else frozenset[str]()
        # the game's own facts first, then each issue's: the read is one stretch, which the pages never go back to
        open_turn, seats, rules = orders_page.read_open_turn(game, root), tuple(game.seats()), game.ruleset
        lang, players, schedule, paused = game.language, tuple(game.players), game.schedule, game.paused
        open_orders, issues = takes_open_orders(game), frozenset(t for t in turns if has_issue(game, t))
        labels, present, rules_at = (labels_of(rules, game.settings), presence(seats, len(turns)),
                                     rules_page(root, game.settings, rules))
        publics = [rules.public_view(s) for s in states]
        known_as = resultwords.seat_names(players, rules, publics[-1]) if publics else {}
        committed = {t: text for t in sorted(issues) if as_committed
                     and (text := committed_issue(root, issue_path(game_id, t))) is not None}
        facts = {t: issue_input(game, t, publics[:t], _steps(reports, t)) for t in sorted(issues) if t not in committed}
        return cls(turns, open=open_turn, settings=game.settings, rules=rules, lang=lang, seats=seats,
                   players=players, schedule=schedule, paused=paused, open_orders=open_orders, sent=sent,
                   issues=issues, labels=labels, presence=present, rules_page=rules_at, states=states,
                   reports=reports, known_as=known_as, public_states=publics, committed=committed, issue_facts=facts)

    @property
    def id(self) -> str:
        return self.open.id

    @functools.cached_property
    def about(self) -> dict[str, Any]:
        return words.about(self.rules.name, self.settings.options)

    @functools.cached_property
    def names(self) -> dict[str, str]:
        return {p.key: p.name for p in self.players}

    def colours(self) -> dict[str, str]:
        """Each player's colour as the game's drawings use it, where the ruleset has a ``colours`` hook."""
        hook = self.rules.colours if isinstance(self.rules, HasColours) else None
        return dict(hook(self.rules.public_view(self.states[-1]))) if hook is not None else {}

    def say(self, key: str, **values: Any) -> str:
        return SITE.say(self.lang, key, **values)

    def steps(self, last: int) -> list[str]:
        """The labels of turns 0..last (a chart's x axis)."""
        return _steps(self.reports, last)

    @functools.cached_property
    def headlines(self) -> dict[int, str]:
        return {t: headline(self.rules, self.players, self.labels, self.states[t], self.reports[t],
                            self.publics(t + 1), self.lang)
                for t in self.turns if t > 0}

    def standings(self) -> list[dict[str, Any]]:
        """The ruleset's standings for readers: names for logins, a status for players out of the game."""
        hook = self.rules.standings if isinstance(self.rules, HasStandings) else None
        rows = hook(self.public(len(self.turns) - 1)) if hook and self.turns else []
        result = self.result()
        if result is not None and result.kind == "win":  # the winner heads the final standings, whatever rank
            rows = sorted(rows, key=lambda r: r.get("player") not in result.seats)  # the rules' table gives it
        out = []
        gone = self.out_of_game()
        for row in rows:
            row = dict(row)
            key = row.get("player")
            if isinstance(key, str) and key in self.names:
                if "name" in row:  # the ruleset gave both: the name is what readers know
                    del row["player"]
                else:
                    row["player"] = self.names[key]
                if key in gone:  # the ruleset's own status column if it has one, else one of the site's
                    row["status" if "status" in row else self.say("status")] = self.say("out")
            out.append(row)
        return out

    def out_of_game(self) -> set[str]:
        """Players the rules put out of the game: by the ruleset's own word (its ``out_of_game`` hook), or whose
        count that puts them out (``out_at_zero``) fell to zero; and those who left (``left`` in game.yaml)."""
        gone = {str(p["key"]) for p in self.seats if p.get("left")}
        if isinstance(self.rules, MarksOut) and self.turns:
            gone.update(self.rules.out_of_game(self.public(len(self.turns) - 1)))
        metric = self.about.get("out_at_zero")
        hook = self.rules.history if isinstance(self.rules, HasHistory) else None
        if metric and hook and self.turns:
            for key, values in hook(self.publics(len(self.turns))).get(metric, {}).items():
                if values and values[-1] == 0 and any(values):
                    gone.add(key)
        return gone

    def role_label(self, player: Mapping[str, Any]) -> str:
        """A player's role as readers know it: the power's name from the standings, else the label the site knows
        (``roles`` in assets/games.yaml), else the role as written."""
        role = str(player.get("role") or "")
        hook = self.rules.standings if isinstance(self.rules, HasStandings) else None
        rows = hook(self.public(len(self.turns) - 1)) if hook and self.turns else []
        for row in rows:
            if row.get("player") == player.get("key") and isinstance(row.get("power"), str):
                return str(row["power"])
        return str((self.about.get("roles") or {}).get(role.lower(), role))

    def orders_in(self) -> list[str]:
        """The awaited players whose orders file for the open turn is in the tree (sealed or not: a file's being
        there is public, what it says is not)."""
        if self.phase().finished:
            return []
        return [k for k in self.phase().awaited if k.lower() in self.sent]

    def result(self) -> outcome.Result | None:
        """How the game ended (None while it runs): a win, a draw, a concession, an end by the game master."""
        return outcome.of(self.rules, self.states[-1]) if self.turns else None

    def result_text(self, lang: str | None = None) -> str:
        """The result in the one wording every page uses (``results.phrase``); '' while the game runs."""
        result = self.result()
        if result is None:
            return ""
        return resultwords.phrase(result, lang or self.lang, self.known_as)

    @property
    def title(self) -> str:
        return self.settings.title or self.id

    @property
    def last(self) -> int:
        return self.turns[-1] if self.turns else 0

    def public(self, turn: int) -> dict[str, Any]:
        return self.public_states[turn]

    def publics(self, count: int) -> list[dict[str, Any]]:
        """Public states of turns 0..count-1 (what ``history`` is given)."""
        return self.public_states[:count]

    def phase(self) -> Any:
        return outcome.phase(self.rules, self.states[-1])

    def deadline(self) -> dt.datetime | None:
        """When the open turn is due (None: game over, paused, or no fixed deadline)."""
        if self.phase().finished or not self.turns:
            return None
        if self.paused:
            return None
        return self.open.due

    def next_deadline(self, lang: str | None = None) -> str:
        lang = lang or self.lang
        if self.phase().finished:
            return SITE.say(lang, "game_over")
        if self.paused:
            return SITE.say(lang, "paused")
        when = self.deadline()
        if when is None or self.schedule is None:
            return SITE.say(lang, "when_in")
        return when.astimezone(self.schedule.zone).strftime("%Y-%m-%d %H:%M %Z")

    def state_text(self, lang: str | None = None) -> str:
        phase = self.phase()
        if phase.finished:
            return SITE.say(lang or self.lang, "finished", turn=self.last)
        return SITE.say(lang or self.lang, "open", turn=self.last + 1, label=phase.label)


def _steps(reports: Mapping[int, TurnReport], last: int) -> list[str]:
    """The labels of turns 0..last (a chart's x axis): the set-up, then each turn's own (season, year, round)."""
    return ["0", *(str(reports[t]["label"]) for t in range(1, last + 1))]


def md_escape(text: Any) -> str:
    """A value as inert Markdown text, one line, fit for a table cell too: titles, names and labels are typed by
    a game master or chosen by a player (issue 28), so none of them makes markup."""
    if text is None:
        return ""
    if isinstance(text, bool):
        return "yes" if text else "no"
    return md_text(text)


def issue_link(from_page: str, game_id: str, turn: int) -> str:
    """A relative link from the page ``from_page`` (relative to site/) to the issue of ``turn``."""
    return _relative(from_page, issue_path(game_id, turn).removeprefix("site/"))


def _relative(from_page: str, target: str) -> str:
    depth = from_page.count("/")
    return "../" * depth + target


def summary(view: GameView) -> str:
    """What the game is, for its overview: ``description`` in game.yaml, else the site's summary of its rules."""
    own = view.settings.description
    text = own if own.strip() else view.about.get("summary", "")
    return md_escape(" ".join(str(text).split()))


def rules_page(root: Path, settings: GameConfig, rules: Ruleset) -> str | None:
    """The league's rules page for the game: the variant's own (by its map) if there is one, else the ruleset's."""
    for name in (settings.variant, rules.name):
        if name and (root / "site" / "rules" / f"{name}.md").is_file():
            return f"rules/{name}.md"
    return None


def front(title: str, lang: str, description: str = "", game: GameView | None = None) -> list[str]:
    """A page's front matter: its own title (unique in the site), its language, what a link preview shows, and
    the game it belongs to (its feed is announced in the page's head)."""
    lines = ["---", f"title: {json.dumps(html_attr_text(title), ensure_ascii=False)}", f"language: {lang}"]
    if game is not None:  # the theme prints both unescaped: HTML text already (a title is the game master's)
        lines += [f"tp_game: {game.id}",
                  f"tp_game_title: {json.dumps(html_attr_text(game.title), ensure_ascii=False)}"]
    if description:
        lines.append(f"description: {json.dumps(html.escape(description), ensure_ascii=False)}")
    return [*lines, "---", ""]


def html_table(rows: Sequence[Mapping[str, Any]], labels: Mapping[str, str], caption: str) -> str:
    """Rows as an HTML table whose cells carry their column's label, so that on a phone each row reflows into a
    block of "label: value" lines (see turnpress.css) instead of a table wider than the screen."""
    columns: list[str] = []
    for row in rows:
        columns += [k for k in row if k not in columns]
    numeric = {c for c in columns if all(isinstance(r.get(c), int) and not isinstance(r.get(c), bool)
                                          for r in rows if r.get(c) is not None)}
    num = ' class="tp-num"'
    head = "".join(f'<th scope="col"{num * (c in numeric)}>{html.escape(words.label(c, labels))}</th>'
                   for c in columns)
    body = []
    for row in rows:
        cells = []
        for c in columns:
            value = row.get(c)
            text = "" if value is None else ("yes" if value is True else "no" if value is False else str(value))
            name = html.escape(words.label(c, labels))
            cells.append(f'<td data-label="{name}"{num * (c in numeric)}>{html.escape(plain(text)) or "–"}</td>')
        body.append("<tr>" + "".join(cells) + "</tr>")
    return (f'<table class="tp-reflow">\n<caption>{html.escape(caption)}</caption>\n<thead><tr>{head}</tr></thead>\n'
            "<tbody>\n" + "\n".join(body) + "\n</tbody>\n</table>")


# --- pages -----------------------------------------------------------------------------------------------

def at_a_glance(view: GameView, page: str, lang: str) -> list[str]:
    """The state of a game in a few lines, in ``lang``: open turn and deadline, whose orders are in, the winner and
    the final standings of a finished game, what changed in the last turn, who is out."""
    names = view.names

    def say(key: str, **values: Any) -> str:
        return SITE.say(lang, key, **values)

    lines = [f"- **{say('state')}:** {md_escape(view.state_text(lang))}"]
    result = view.result_text(lang)
    if result:
        lines.append(f"- **{resultwords.label(lang)}:** {md_escape(result)}")
    if view.phase().finished:
        rows = view.standings()[:3]
        if rows:
            lines.append(f"- **{say('final')}:** " + "; ".join(
                f"{n}. {md_escape(_first_text(r))}" for n, r in enumerate(rows, 1)))
    else:
        lines.append(f"- **{say('next_deadline')}:** {countdown(view, lang)}")
        awaited = view.phase().awaited
        if awaited:
            sent = view.orders_in()
            lines.append(f"- **{say('sent')}:** {len(sent)}/{len(awaited)}"
                         + (f" ({md_escape(', '.join(names.get(k, k) for k in sent))})" if sent else "")
                         + f" · **{say('awaited')}:** "
                         + md_escape(", ".join(names.get(k, k) for k in awaited if k not in sent) or say("nobody")))
    gone = sorted(names.get(k, k) for k in view.out_of_game())
    if gone:
        lines.append(f"- **{say('out').capitalize()}:** {md_escape(', '.join(gone))}")
    if view.last:
        news = view.headlines.get(view.last) or view.reports[view.last]["label"]
        lines.append(f"- **{say('changes')}:** [{md_text(news)}]({issue_link(page, view.id, view.last)})")
    return lines


def countdown(view: GameView, lang: str) -> str:
    """The open turn's deadline for the at-a-glance lines: without JavaScript its date and time in the game's time
    zone, named and as an offset from UTC ("2026-01-26 20:00 CET (UTC+01:00)"), in a ``<time>`` element whose
    ``datetime`` is the instant in UTC; ``turnpress.js`` adds how long is left and the time in the reader's own
    zone. A game without a fixed deadline (over, paused, adjudicated when all orders are in) says so instead."""
    when = view.deadline()
    if when is None or view.schedule is None:
        return md_escape(view.next_deadline(lang))
    local = when.astimezone(view.schedule.zone)
    offset = local.strftime("%z")
    shown = f"{local.strftime('%Y-%m-%d %H:%M %Z').strip()} (UTC{offset[:3]}:{offset[3:]})"
    instant = when.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%MZ")
    return (f'<time class="tp-countdown" datetime="{instant}" data-local="{html.escape(SITE.say(lang, "your_time"))}"'
            f' data-passed="{html.escape(SITE.say(lang, "passed"))}">{html.escape(shown)}</time>')


def _first_text(row: Mapping[str, Any]) -> str:
    texts = [v for v in row.values() if isinstance(v, str)]
    return f"{texts[0]} ({texts[1]})" if len(texts) > 1 and "power" in row else (texts[0] if texts else "")


def home(views: Sequence[GameView], lang: str = "en") -> str:
    """The league's home page, in the league's language (``lang``); each game's lines in its own."""
    def say(key: str, **values: Any) -> str:
        return SITE.say(lang, key, **values)

    lines = [*front(say("league.home"), lang), f"# {say('league.heading')}", "", say("league.lead"), ""]
    if not views:
        lines += [say("league.no_game"), ""]
        return "\n".join(lines)
    lines += [f"## {say('league.games')}", ""]
    for v in views:
        lines += [f"### [{md_escape(v.title)}](games/{v.id}/index.md)", "",
                  say("league.seats", ruleset=md_escape(v.rules.title), n=len(v.players)),
                  "", *at_a_glance(v, "index.md", lang), ""]
    lines += [f"## {say('league.latest')}", ""]
    issues = sorted(((post_date(issued(v.reports[t])), v.id, t, v) for v in views for t in v.turns if t > 0),
                    reverse=True)
    if not issues:
        lines.append(say("league.none_adjudicated"))
    for date, _, turn, v in issues[:LATEST]:
        label = md_escape(f"{v.title} — {v.reports[turn]['label']}")
        news = v.headlines.get(turn)
        lines.append(f"- {date[:10]} · [{label}]({issue_link('index.md', v.id, turn)})"
                     + (f": {md_text(news)}" if news else ""))
    lines += ["", say("league.all_issues"), ""]
    return "\n".join(lines)


def news_index(views: Sequence[GameView], issues: Sequence[listings.Issue], lang: str = "en") -> dict[str, str]:
    """The news index: every issue of every game, newest first, by its excerpt (``listings``)."""
    head = [f"# {SITE.say(lang, 'league.news')}", "", SITE.say(lang, "league.news_lead"), ""]
    games = [v for v in views if any(i.game == v.id for i in issues)]
    if games:
        head += [SITE.say(lang, "league.each_archive",
                          games=" · ".join(f"[{md_escape(v.title)}]({v.id}.md)" for v in games)), ""]
    return listing_pages("site/news/index.md", "site/news/page/{n}.md", issues, SITE.say(lang, "league.news"), head,
                         lang)


def archive_pages(view: GameView, issues: Sequence[listings.Issue]) -> dict[str, str]:
    """The game's archive (``news/<game>.md``, published at ``news/<game>/``): every issue of the game, newest
    first, by its excerpt."""
    head = [f"# {md_escape(view.title)}", "",
            f"{view.say('every_turn')} [{view.say('back')}](../games/{view.id}/index.md) · "
            f"[{view.say('feed')}](../feeds/{view.id}.xml)", ""]  # a Markdown link: relative to this file
    return listing_pages(f"site/news/{view.id}.md", f"site/news/{view.id}/page/{{n}}.md", issues,
                         f"{view.title}: {view.say('archive')}", head, view.lang, game=view)


def listing_pages(first: str, rest: str, issues: Sequence[listings.Issue], title: str, head: Sequence[str], lang: str,
                  game: GameView | None = None) -> dict[str, str]:
    return listings.listing(first, rest, listings.newest_first(issues), html_attr_text(title), head, lang,
                            game.id if game else None, html_attr_text(game.title) if game else None,
                            name_games=game is None)


def map_files(view: GameView, draw: Any) -> dict[int, str]:
    """The ruleset's map of every turn's public state, the set-up's first (turn -> SVG); each kept by content
    (the rules' name and class, their pinned data, the public state: ``drawcache.keep``), so a build draws only
    the maps of turns it has not drawn before (issue 33)."""
    rules = view.rules
    data = rules.data if isinstance(rules, HandedData) and isinstance(rules.data, GameData) else None
    kind = (str(rules.name), type(rules).__module__, type(rules).__qualname__)

    def drawn(n: int) -> str:
        public = view.public(n)
        return drawcache.keep("turn map", draw, (kind, public), lambda: str(draw(public)), data=data)

    return {t: drawn(n) for n, t in enumerate(view.turns)}


def standalone_svg(svg: str) -> str:
    """An inline SVG as a file of its own, which a browser draws only with the SVG namespace declared."""
    if "xmlns=" not in svg.split(">", 1)[0]:
        svg = svg.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"', 1)
    return svg.rstrip("\n") + "\n"


def map_history(view: GameView, maps: Mapping[int, str]) -> list[str]:
    """The game page's history over the maps: each turn's map (a file of its own, loaded only when shown) with
    its label and a link to its issue. Without JavaScript a list in a disclosure, newest first; with it
    (``turnpress.js``) a slider over the turns, one map at a time, the newest shown."""
    if len(maps) < 2:
        return []
    say = view.say
    items = []
    for t in reversed(list(maps)):
        label = say("turn", turn=t) + (f": {view.reports[t]['label']}" if t else f" ({say('setup_label')})")
        alt = html.escape(f"{say('map')}: {label}")
        caption = html.escape(label)
        if t in view.issues:  # raw HTML keeps its links as written: the issue's address, not its file
            caption = f'<a href="../../{BLOG_URL}/{view.id}/{t:04d}/">{caption}</a>'
        items.append(f'<li data-label="{html.escape(label)}"><figure><img src="{MAPS_DIR}/{t:04d}.svg" alt="{alt}" '
                     f'loading="lazy" width="600"><figcaption>{caption}</figcaption></figure></li>')
    words_attrs = " ".join(f'data-{k}="{html.escape(say(k))}"' for k in ("previous", "next", "turns"))
    return [f"## {say('map_history')}", "",
            f'<details class="tp-history" {words_attrs} data-search-exclude>',
            f"<summary>{html.escape(say('map_history_summary', count=len(maps)))}</summary>",
            '<ol reversed class="tp-history-list">', *items, "</ol>", "</details>", ""]


def overview(view: GameView, has_map: bool, history: Sequence[str] = ()) -> str:
    page = f"games/{view.id}/index.md"
    rs, say = view.rules, view.say
    text = summary(view)
    lines = [*front(view.title, view.lang, text, view), f"# {md_escape(view.title)}", ""]
    if text:
        lines += [text, ""]
    rules = view.rules_page
    if rules:
        lines += [f"[{say('full_rules', rules=md_escape(rs.title))}](../../{rules}).", ""]
    lines += [*at_a_glance(view, page, view.lang), f"- **{say('rules')}:** {md_escape(rs.title)}",
              f"- **{say('schedule')}:** {md_escape(_schedule_text(view.settings, view.lang))}", ""]
    links = [f"[{say('standings')}](standings.md)", f"[{say('charts')}](charts.md)"]
    if not view.phase().finished:
        links.insert(0, f"[{say('orders_page')}](orders.md)")
    if has_map:
        links.append(f"[{say('map')}](map.md)")
    issues = [t for t in view.turns if t in view.issues]
    if issues:
        links += [f"[{say('archive')}](../../news/{view.id}.md)", f'<a href="../../feeds/{view.id}.xml">RSS</a>']
    lines += [" · ".join(links), "", *history, f"## {say('players')}", "",
              html_table([_player_row(p, view) for p in view.seats], {}, say("players")), "",
              f"## {say('how_to')}", "", *_how_to(view), ""]
    if issues:
        lines += [f"## {say('turns')}", ""]
        for t in reversed(issues):
            news = view.headlines.get(t)
            date = f" · {post_date(issued(view.reports[t]))[:10]}" if t > 0 else ""
            lines.append(f"- [{say('turn', turn=t)}: {md_escape(view.reports[t]['label'])}]"
                         f"({issue_link(page, view.id, t)}){date}" + (f" · {md_text(news)}" if news else ""))
        lines.append("")
    return "\n".join(lines)


def _player_row(p: Mapping[str, Any], view: GameView) -> dict[str, Any]:
    say = view.say
    row: dict[str, Any] = {say("player"): p["name"], "GitHub": p["login"]}
    if any("role" in q for q in view.settings.players):
        row[say("role")] = view.role_label(p)
    status = [say("joined", turn=p["joined"])] if p.get("joined") else []
    if p["key"] in view.out_of_game():
        status.append(say("out"))
    row[say("status")] = ", ".join(status)
    return row


def _schedule_text(settings: GameConfig, lang: str = "en") -> str:
    block = settings.schedule
    if not block:
        return SITE.say(lang, "schedule_none")
    text = SITE.say(lang, "schedule_every", every=every_said(str(block.get("every", "7 days")), lang),
                     zone=block.get("timezone", "UTC"))
    if block.get("grace"):
        text += SITE.say(lang, "schedule_grace", minutes=block["grace"])
    if block.get("paused"):
        text += SITE.say(lang, "schedule_paused")
    return text


def _how_to(view: GameView) -> list[str]:
    """How a player sends orders, in the game's language (the site's words, ``words.py``)."""
    gid, turn, say = view.id, view.last + 1, view.say
    if view.phase().finished:
        return [say("how_over")]
    page = [say("how_page", sealed=say("how_page_sealed") if view.settings.sealed_orders else ""), ""]
    values = {"gid": gid, "turn": f"{turn:04d}", "when": view.next_deadline()}
    if view.settings.sealed_orders:
        return [*page, *(say(f"how_sealed_{n}", **values) for n in range(1, 5))]
    open_orders = [SITE.say(view.lang, "open_orders"), ""] if view.open_orders else []
    return [*open_orders, *page, *(say(f"how_open_{n}", **values) for n in range(1, 5))]


def standings_page(view: GameView) -> str:
    say = view.say
    lines = [*front(f"{view.title}: {say('standings')}", view.lang, game=view),
             f"# {md_escape(view.title)}: {say('standings')}",
             ""]
    result = view.result_text()
    if result:
        lines += [f"**{resultwords.label(view.lang)}:** {md_escape(result)}", ""]
    rows = view.standings()
    if rows:
        after = say("after_turn", turn=view.last) + (f" ({view.reports[view.last]['label']})" if view.last else "")
        lines += [f"{md_escape(after)}.", "", html_table(rows, view.labels, after), ""]
    else:
        lines += [say("no_standings"), ""]
    lines += [f"[{say('back')}](index.md)", ""]
    return "\n".join(lines)


def charts_page(view: GameView) -> str:
    say = view.say
    hook = view.rules.history if isinstance(view.rules, HasHistory) else None
    lines = [*front(f"{view.title}: {say('charts')}", view.lang, game=view),
             f"# {md_escape(view.title)}: {say('charts')}", ""]
    count = len(view.turns)
    figures = charts.charts(hook(view.publics(count)), view.known_as, lang=view.lang, labels=view.labels,
                            present=view.presence, steps=view.steps(view.last),
                            colours=view.colours()) if hook and count else []
    if figures:
        lines += [say("from_setup", turn=view.last), ""] + [figure(svg) for svg in figures]
    else:
        lines += [say("no_charts"), ""]
    lines += [f"[{say('back')}](index.md)", ""]
    return "\n".join(lines)


def map_page(view: GameView, svg: str) -> str:
    return "\n".join([*front(f"{view.title}: {view.say('map')}", view.lang, game=view),
                      f"# {md_escape(view.title)}: {view.say('map')}", "",
                      f"{view.say('after_turn', turn=view.last)}.", "", figure(svg),
                      f"[{view.say('back')}](index.md)", ""])


def calendar(views: Sequence[GameView], lang: str) -> str:
    """Every game's open deadline as an iCalendar (RFC 5545): one event per game and turn, stamped with the turn's
    deadline itself (no clock: the same league gives the same bytes); the calendar named in the league's ``lang``."""
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//turnpress//newsletter site//EN", "CALSCALE:GREGORIAN",
             _ical_text("X-WR-CALNAME", SITE.say(lang, "league.calendar"))]
    for v in views:
        when = v.deadline()
        if when is None:
            continue
        stamp = when.astimezone(dt.UTC).strftime("%Y%m%dT%H%M%SZ")
        lines += ["BEGIN:VEVENT", f"UID:{v.id}-turn-{v.last + 1}@turnpress", f"DTSTAMP:{stamp}",
                  f"DTSTART:{stamp}", f"DTEND:{stamp}",
                  _ical_text("SUMMARY", f"{v.title}: {v.say('turn', turn=v.last + 1)} – {v.phase().label}"),
                  _ical_text("DESCRIPTION", v.say("due_by", turn=v.last + 1, when=v.next_deadline()).replace("**", "")),
                  "END:VEVENT"]
    lines.append("END:VCALENDAR")
    return "".join(_fold(line) + "\r\n" for line in lines)


def _ical_text(name: str, value: str) -> str:
    escaped = plain(value).replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")
    return f"{name}:{escaped}"


def _fold(line: str, octets: int = 75) -> str:
    """Lines of at most 75 octets, continued with a space (RFC 5545 3.1), never inside a UTF-8 character."""
    out: list[str] = []
    current = ""
    for ch in line:
        limit = octets if not out else octets - 1
        if len((current + ch).encode("utf-8")) > limit:
            out.append(current)
            current = ""
        current += ch
    out.append(current)
    return "\r\n ".join(out)


def game_pages(view: GameView) -> dict[str, str]:
    """The game's pages: its overview, standings, charts, maps, orders page and every issue (one the view took as
    committed as it is), from what ``GameView.read`` read."""
    base = f"{GAMES_DIR}/{view.id}"
    draw = view.rules.map if isinstance(view.rules, DrawsMap) else None
    maps = map_files(view, draw) if draw and view.turns else {}
    svg = maps[view.last] if maps else ""
    pages = {f"{base}/index.md": overview(view, bool(svg), map_history(view, maps)),
             f"{base}/standings.md": standings_page(view), f"{base}/charts.md": charts_page(view)}
    pages.update({f"{base}/{MAPS_DIR}/{t:04d}.svg": standalone_svg(text) for t, text in maps.items()})
    if svg:
        pages[f"{base}/map.md"] = map_page(view, svg)
    pages.update(orders_page.game_files(view.open))
    digests = kept.Digests()  # each past state encoded once for the keys of every issue that charts it
    for t in view.turns:
        if t in view.issues:
            text = view.committed.get(t)
            if text is None:  # kept by content: a past issue is rendered once (issue 33)
                path, text = kept.render(view.issue_facts[t], view.states[t], view.reports[t], digests)
            pages[issue_path(view.id, t)] = text
    return pages


def committed_issue(root: Path, path: str) -> str | None:
    """The issue page at ``path`` as its turn wrote it into the tree, if it is there (issue 33, "a past turn's
    pages are computed once (kept by content, or committed)"): the deadline commits each issue with its turn, the
    page names no later issue, and ``verify`` checks that every committed page is what its turn renders. So the
    workflows' build of a fresh clone (``site build --issues-as-committed``) takes it as it is rather than
    rendering it again with every chart of the game so far; only an issue with no page is rendered. A build on
    the game master's machine renders every issue (the default): it is how a note added to a past turn, a new
    title or a change of how issues render reaches the pages, which the game master then commits."""
    try:
        return (root / path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def stylesheet() -> str:
    return resources.files(__package__).joinpath("assets/turnpress.css").read_text(encoding="utf-8")


ZOOM_WORDS = ("open", "close", "zoomIn", "zoomOut", "view")  # the map dialog's words (turnpress.js), site.yaml's zoom.*


def script() -> str:
    """The site's script, with the map dialog's words in every language of the site's catalog written in (the page
    picks its own language's)."""
    text = resources.files(__package__).joinpath("assets/turnpress.js").read_text(encoding="utf-8")
    said = {lang: {key: SITE.say(lang, f"zoom.{key}") for key in ZOOM_WORDS} for lang in SITE.table()}
    return text.replace("{} /* tp:zoom-words */", json.dumps(said, ensure_ascii=False, sort_keys=True), 1)


def mkdocs_hooks() -> str:
    """The source of the MkDocs hook that ``mkdocs.yml`` names (MkDocs loads hooks by path, not by module)."""
    return resources.files(__package__).joinpath("mkdocs_hooks.py").read_text(encoding="utf-8")


def read_game(root: Path, game_id: str, as_committed: bool = False,
              league: words.League | None = None) -> tuple[GameView, dict[str, str]]:
    """One game read, and its pages (overview, standings, charts, map and every issue)."""
    view = GameView.read(root, game_id, as_committed, league)
    return view, game_pages(view)


def read_games(root: Path, game_ids: Sequence[str], cores: int | None = None,
               as_committed: bool = False, league: words.League | None = None
               ) -> list[tuple[GameView, dict[str, str]]]:
    """``read_game`` for each game, in order; in forked processes, one game each, when the league is large and the
    machine has more than one core (the pages are the same bytes either way). ``cores``: use that many, whatever
    the league's size (the default: the machine's, for a league of ``PARALLEL_FROM`` turns or more). ``league``:
    what ``mkdocs.yml`` says, where the build read it already."""
    if cores is None:
        turns = sum(len(list((root / "games" / gid / "turns").glob("[0-9]*"))) for gid in game_ids)
        cores = ((len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)
                 if turns >= PARALLEL_FROM else 1)
    workers = min(len(game_ids), cores)
    league = league or words.read_league(root)  # mkdocs.yml read once for every game, not once by each
    with drawcache.at(root):  # past turns' drawings are drawn once (issue 33); forked workers inherit the folder
        if workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
            return [read_game(root, gid, as_committed, league) for gid in game_ids]
        # fork, not spawn: the children inherit the registered rulesets and the imported modules
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
            return list(pool.map(read_game, [root] * len(game_ids), game_ids, [as_committed] * len(game_ids),
                                 [league] * len(game_ids)))


def not_found_template(lang: str) -> str:
    """The theme's 404 page with its heading in the league's language: Material writes "404 - Not found" in every
    language (its template, not its translations)."""
    return ('{% extends "main.html" %}\n{% block content %}\n'
            f"  <h1>404 - {html.escape(SITE.say(lang, 'not_found'))}</h1>\n{{% endblock %}}\n")


def all_pages(root: Path, views: Sequence[GameView], per_game: Sequence[Mapping[str, str]],
              settings: Mapping[str, str] | None = None, lang: str | None = None) -> dict[str, str]:
    """Every generated file: path relative to the league root -> text (``per_game``: each game's pages;
    ``settings``: the site's address, name, description and language, for the feeds; ``lang``: the league's, where
    the build read ``mkdocs.yml`` already)."""
    lang = lang or words.league_language(root)
    issues = [listings.read_issue(path, text) for game in per_game for path, text in game.items()
              if path.startswith(f"{BLOG_DIR}/") and path.endswith(".md")]
    pages = {"site/index.md": home(views, lang), **news_index(views, issues, lang),
             f"{GAMES_DIR}/deadlines.ics": calendar(views, lang),
             f"{OVERRIDES}/partials/language.html": LANGUAGE_PARTIAL,
             f"{OVERRIDES}/main.html": MAIN_TEMPLATE, f"{OVERRIDES}/404.html": not_found_template(lang),
             "site/javascripts/turnpress.js": script(),
             "site/stylesheets/turnpress.css": stylesheet(), HOOKS: mkdocs_hooks(),
             f"{HOOKS.rpartition('/')[0]}/.gitignore": f"# {SITE.say(lang, 'league.generated')}\n*\n"}
    pages.update(orders_page.assets())
    for view in views:
        own = [i for i in issues if i.game == view.id]
        if own:
            pages.update(archive_pages(view, own))
    pages.update(listings.feeds(issues, {"language": lang, **(settings or {})}))
    for game in per_game:
        pages.update(game)
    return pages
