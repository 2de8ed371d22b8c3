"""The news index, each game's archive and the feeds, written by turnpress as plain Markdown and XML (issue 33).

These were the blog plugin's pages (and a hook's feeds); as plain files they need no plugin and no theme's
internals, so any generator that reads ``mkdocs.yml`` and a folder of Markdown builds the same site (Material for
MkDocs, the default, and Zensical). Every listing page shows each issue by its excerpt (what the issue page holds
before ``EXCERPT_END``: its date, headline and lead) and links the rest; twenty issues a page, newest first, as the
blog had them, at the blog's addresses: ``news/`` (then ``news/page/2/``, ...) and ``news/<game>/`` (then
``news/<game>/page/2/``). The listing pages are kept out of the search index (Material's documented
``search.exclude`` front matter): a search finds the issue, not the pages that repeat its lead.

Feeds: one RSS 2.0 feed per game (``feeds/<game>.xml``, every issue) and the league's (``feed_rss_created.xml``,
the latest ``LEAGUE_FEED`` issues of all games), each item the issue's headline as its summary and the link to
the issue: no copy of the issue's tables, maps and charts (issue 33: the demo's league feed was 5.1 MB for 50
items). They are written into ``site/`` and published as they are.
"""

from __future__ import annotations

import datetime as dt
import json
import posixpath
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

import yaml

from ..kit.catalog import SITE
from . import EXCERPT_END

# PyYAML's safe reading, parsed by libyaml where it is there: the pure-Python parser of a thousand issues' front
# matter was a fifth of a large league's page generation (issue 33); the values are the same.
_SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

PER_PAGE = 20  # issues per listing page
LEAGUE_FEED = 50  # items in the league's feed; each game's feed has all its issues
NEWS = "site/news"
LEAGUE_FEED_PATH = "site/feed_rss_created.xml"
FEEDS_DIR = "site/feeds"


@dataclass(frozen=True)
class Issue:
    """One issue as the listings and feeds show it; ``title`` and ``description`` are HTML text (as in its front
    matter), ``excerpt`` Markdown, ``path`` relative to the league's root, ``date`` UTC as the front matter has it."""

    game: str
    turn: int
    path: str
    title: str
    date: str
    description: str
    language: str
    game_title: str
    excerpt: str

    @property
    def url(self) -> str:
        """The issue's address below the site's root."""
        return self.path.removeprefix("site/").removesuffix(".md") + "/"


def read_issue(path: str, text: str) -> Issue:
    """The listing's view of an issue page that ``render_issue`` wrote: its front matter and its excerpt."""
    _, front, body = text.split("---\n", 2)
    meta = yaml.load(front, Loader=_SafeLoader)  # noqa: S506 - a SafeLoader
    head = body.split(EXCERPT_END, 1)[0].strip("\n").split("\n")
    if head and head[0].startswith("# "):  # the title: the listing links it instead
        head = head[1:]
    game, _, name = path.removeprefix(f"{NEWS}/").partition("/")
    return Issue(game=game, turn=int(name.removesuffix(".md")), path=path, title=str(meta["title"]),
                 date=str(meta["date"]), description=str(meta.get("description") or ""),
                 language=str(meta.get("language") or "en"), game_title=str(meta.get("tp_game_title") or game),
                 excerpt="\n".join(head).strip("\n"))


def newest_first(issues: Sequence[Issue]) -> list[Issue]:
    return sorted(issues, key=lambda i: (i.date, i.path), reverse=True)


def _link(from_page: str, target: str) -> str:
    return posixpath.relpath(target, posixpath.dirname(from_page))


def _front(title: str, lang: str, game: str | None = None, game_title: str | None = None) -> list[str]:
    lines = ["---", f"title: {_json(title)}", f"language: {lang}"]
    if game is not None:
        lines += [f"tp_game: {game}", f"tp_game_title: {_json(game_title or game)}"]
    return [*lines, "search:", "  exclude: true", "---", ""]


def _json(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def listing(first: str, rest: str, issues: Sequence[Issue], title: str, head: Sequence[str], lang: str,
            game: str | None = None, game_title: str | None = None, name_games: bool = False) -> dict[str, str]:
    """The pages of one listing: ``first`` (a path under ``site/``) with ``head`` above the newest issues, then
    ``rest.format(n=2)``, ... each with the next ``PER_PAGE``; each issue by its title, excerpt and a link on."""
    chunks = [issues[n:n + PER_PAGE] for n in range(0, len(issues), PER_PAGE)] or [[]]
    paths = [first, *(rest.format(n=n) for n in range(2, len(chunks) + 1))]
    out: dict[str, str] = {}
    for n, (path, chunk) in enumerate(zip(paths, chunks, strict=True), 1):
        lines = _front(title if n == 1 else f"{title} ({n})", lang, game, game_title)
        lines += list(head) if n == 1 else [f"# {_md_title(title)} ({n})", ""]
        for issue in chunk:
            link = _link(path, issue.path)
            lines += [f"## [{_md_title(issue.title)}]({link})", ""]
            if name_games:
                lines += [f"[{_md_title(issue.game_title)}]({_link(path, f'{NEWS}/{issue.game}.md')})", ""]
            lines += [issue.excerpt, "", f"[{SITE.say(lang, 'read_on')}]({link})", ""]
        steps = []
        if n > 1:
            steps.append(f"[← {SITE.say(lang, 'newer')}]({_link(path, paths[n - 2])})")
        if len(chunks) > 1:
            steps.append(f"{n} / {len(chunks)}")
        if n < len(chunks):
            steps.append(f"[{SITE.say(lang, 'older')} →]({_link(path, paths[n])})")
        if steps:
            lines += [" · ".join(steps), ""]
        out[path] = "\n".join(lines)
    return out


def _md_title(html_text: str) -> str:
    """A title that is HTML text already (front matter) as Markdown link text: the brackets made inert too."""
    return (html_text.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]").replace("*", "\\*")
            .replace("_", "\\_").replace("`", "\\`"))


# --- feeds -----------------------------------------------------------------------------------------------

def utc(when: Any) -> dt.datetime:
    """An issue's date (naive dates and times are UTC, as the site writes them) as an aware time."""
    if isinstance(when, str):
        when = dt.datetime.fromisoformat(when)
    if isinstance(when, dt.date) and not isinstance(when, dt.datetime):
        when = dt.datetime(when.year, when.month, when.day)
    return when.replace(tzinfo=dt.UTC) if when.tzinfo is None else when.astimezone(dt.UTC)


def rfc822(when: Any) -> str:
    """A date as RSS 2.0 wants it (RFC 822 with a four-digit year), in UTC."""
    return utc(when).strftime("%a, %d %b %Y %H:%M:%S +0000")


def rss(title: str, link: str, description: str, language: str, items: list[dict[str, Any]], self_url: str) -> str:
    """An RSS 2.0 feed of ``items``, newest first: per item its title, summary and link; every text escaped."""
    def text(tag: str, value: str) -> str:
        return f"<{tag}>{escape(value)}</{tag}>"

    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">', "<channel>",
           text("title", title), text("link", link), text("description", description), text("language", language),
           f'<atom:link href="{escape(self_url)}" rel="self" type="application/rss+xml"/>',
           text("generator", "turnpress")]
    if items:
        out.append(text("lastBuildDate", rfc822(items[0]["date"])))
    for item in items:
        out += ["<item>", text("title", item["title"]), text("link", item["url"]),
                f'<guid isPermaLink="true">{escape(item["url"])}</guid>', text("pubDate", rfc822(item["date"])),
                text("category", item["game_title"]), text("description", item["description"] or item["title"]),
                "</item>"]
    out += ["</channel>", "</rss>", ""]
    return "\n".join(out)


def feeds(issues: Sequence[Issue], settings: Mapping[str, str]) -> dict[str, str]:
    """The league's feed and each game's (see the module's docstring); ``settings``: the site's ``site_url``,
    ``site_name`` and ``site_description`` (HTML text) and its ``language``."""
    site = settings.get("site_url") or ""
    if site and not site.endswith("/"):
        site += "/"
    name = settings.get("site_name") or ""
    ordered = newest_first(issues)
    items = [{"title": i.title, "url": site + i.url, "date": i.date, "description": i.description,
              "game_title": i.game_title} for i in ordered]
    if not items:
        return {}
    out = {LEAGUE_FEED_PATH: rss(name, site, settings.get("site_description") or name,
                                 settings.get("language") or "en", items[:LEAGUE_FEED], site + "feed_rss_created.xml")}
    games: dict[str, list[int]] = {}
    for n, issue in enumerate(ordered):
        games.setdefault(issue.game, []).append(n)
    for game, numbers in sorted(games.items()):
        first = ordered[numbers[0]]
        out[f"{FEEDS_DIR}/{game}.xml"] = rss(
            f"{first.game_title} – {name}", f"{site}games/{game}/", SITE.say(first.language, "feed.description",
                                                                               game=first.game_title),
            first.language, [items[n] for n in numbers], f"{site}feeds/{game}.xml")
    return out
