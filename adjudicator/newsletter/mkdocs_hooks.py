"""MkDocs hook of the newsletter site: the blog lists each issue by its excerpt, and renders only that.

Material's blog plugin renders a post's excerpt once for every listing page that shows it (the news index and
the game's archive) by converting the *whole* post again and cutting the HTML at ``<!-- more -->``. An issue is
a short lead line followed by the game's tables, maps and charts, so nearly all of that work is thrown away:
for a league of 1,000 issues it made the build take 52 s instead of 21 s. Once every page has been rendered
(``on_env``), this hook cuts each post's Markdown at the separator, which is all an excerpt shows. The post
pages themselves, the search index and the RSS feed were made from the full text before that and are unchanged.

Reference-style link definitions below the separator are kept, so that a reference in the lead still resolves;
a short comment stays after the separator, so that the listing still links "Continue reading".

The plugin also asks, for every page and twice, whether the page is a post by searching the list of all posts
(``page in posts``): work that grows with the square of the number of issues (over a second for 1,000, some
25 times that for 5,000). ``on_files`` gives that list an index by source file that answers the same question at once
(a page equals a post only if it has the post's very file, see ``mkdocs.structure.pages.Page.__eq__``).

Two more of the blog's costs are not the reader's gain. The blog reads each post's front matter itself, with
PyYAML's pure-Python loader; ``on_config`` hands it libyaml's loader, which builds the same values with the same
constructor (a few tenths of a second of a 1,000-issue build). And every listing page (the news index, each game's
archive and their further pages) repeats the leads of twenty issues: ``on_page_markdown`` keeps those pages out of
the search index, so that a search finds the issue itself and not also the listing pages that show its lead.

A build keeps every page, post and excerpt alive to its end (the blog gives each excerpt a Markdown parser of its
own: a thousand parsers for a thousand issues), and Python's cycle collector walks all of them again at every full
collection and once more while the process exits: about a second of a 1,000-issue build. In a one-shot ``mkdocs
build``, the hook moves what exists once the navigation is made, and again once every page is converted, into the
collector's permanent generation (``gc.freeze``): it lives until the process ends anyway. Not under ``mkdocs
serve``, whose rebuilds in one process would pile up what is frozen.

The blog also lists each game's archive in the navigation of every page, under "Categories" and by the game's id.
The site links each archive from the news index and from the game's overview, by the game's title, so
``on_nav`` takes that section out again (and the archives out of the chain of previous and next pages): a shorter
menu on a phone, and one link per game fewer on each page.

Readers follow one game turn by turn: ``on_nav`` chains each game's issues to each other (the footer's previous and
next, and the sidebar's) instead of to the issues of other games, the first issue's previous page being the game's
overview, which the post's "back" link leads to as well.

The feeds are written here, after the build, from the rendered issues: one RSS 2.0 feed per game
(``feeds/<game>.xml``, every issue) and the league's (``feed_rss_created.xml``, the latest ``LEAGUE_FEED`` issues
of all games), each item the issue's headline as its summary and the link to the issue: no copy of the issue's
tables, maps and charts (issue 33: the demo's league feed was 5.1 MB for 50 items, 261 inline SVG drawings; a
reader's feed program opens the link).

Every step does nothing where the plugin is absent or its internals differ from what it expects.

``turnpress site build`` copies this module into the league as ``site/.turnpress/mkdocs_hooks.py`` (MkDocs
publishes no dot-folder; the folder ignores itself in git), and ``mkdocs.yml`` names it under ``hooks``. It
imports nothing from turnpress: MkDocs loads it by its path.
"""

from __future__ import annotations

import datetime as dt
import gc
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import yaml
from mkdocs.plugins import event_priority

# A link reference definition: up to three spaces, [label]: destination (CommonMark 4.7).
LINK_DEFINITION = re.compile(r"^ {0,3}\[[^\]\n]+\]:[ \t]*\S.*$", re.MULTILINE)
REST = "<!-- the rest of the issue is on its own page -->"
PAGINATED = re.compile(r"/page/(\d+)/$")
LEAGUE_FEED = 50  # items in the league's feed; each game's feed has all its issues


def excerpt_source(markdown: str, separator: str) -> str | None:
    """The Markdown an excerpt needs: everything before ``separator``, the separator, the tail's link
    definitions and a comment; ``None`` if the post has no separator (the blog then uses the whole post)."""
    head, found, tail = markdown.partition(separator)
    if not found:
        return None
    definitions = LINK_DEFINITION.findall(tail)
    return "\n\n".join([head.rstrip("\n") + "\n\n" + separator, *definitions, REST]) + "\n"


class IndexedPosts(list):
    """A list whose ``in`` looks up the item's source file in an index instead of comparing it with every item.

    The answer is the list's own: the candidates sharing the item's file are compared with ``==`` as usual, and
    an item without a file is searched for the usual way. Every change of the list drops the index.
    """

    _index: dict[int, list[Any]] | None = None

    def __contains__(self, item: object) -> bool:
        file = getattr(item, "file", None)
        if file is None:
            return super().__contains__(item)
        if self._index is None:
            index: dict[int, list[Any]] = {}
            for post in self:
                index.setdefault(id(getattr(post, "file", None)), []).append(post)
            self._index = index
        return any(item is post or item == post for post in self._index.get(id(file), ()))


def _dropping_index(name: str) -> Callable[..., Any]:
    method = getattr(list, name)

    def changed(self: IndexedPosts, *args: Any, **kwargs: Any) -> Any:
        self._index = None
        return method(self, *args, **kwargs)

    changed.__name__ = name
    return changed


for _name in ("append", "extend", "insert", "remove", "pop", "clear", "sort", "reverse", "__setitem__",
              "__delitem__", "__iadd__", "__imul__"):
    setattr(IndexedPosts, _name, _dropping_index(_name))


_one_shot = False  # a `mkdocs build`, not `mkdocs serve` (see the module's docstring)


def on_startup(command: str, dirty: bool) -> None:
    global _one_shot
    _one_shot = command == "build"


def freeze_long_lived() -> None:
    """In a one-shot build: keep what exists now out of the cycle collector's work (see the module's docstring)."""
    if _one_shot:
        gc.freeze()


@event_priority(-100)  # after the blog attached its posts and views
def on_nav(nav: Any, config: Any, files: Any) -> Any:
    archives = [v for v in getattr(getattr(blog_plugin(config), "blog", None), "views", ())
                if type(v).__name__ == "Category"]
    drop_from_nav(nav, archives)
    chain_games(getattr(getattr(blog_plugin(config), "blog", None), "posts", ()), files)
    freeze_long_lived()
    return nav


def chain_games(posts: Any, files: Any) -> None:
    """Link each game's issues to each other in turn order, the first one back to the game's overview; tell each
    post where its game's overview is (the post template's "back" link)."""
    games: dict[str, list[Any]] = {}
    for post in posts:
        categories = post.meta.get("categories") or []
        if categories:
            games.setdefault(str(categories[0]), []).append(post)
    for game, chain in games.items():
        chain.sort(key=lambda p: p.file.src_uri)
        file = files.get_file_from_path(f"games/{game}/index.md")
        overview = getattr(file, "page", None)
        for n, post in enumerate(chain):
            post.previous_page = chain[n - 1] if n else overview
            post.next_page = chain[n + 1] if n + 1 < len(chain) else None
            if overview is not None:
                post.meta["tp_game_url"] = overview.url
                _overviews[game] = overview


_overviews: dict[str, Any] = {}  # game -> its overview page, whose title is known once every page is read


def on_page_context(context: Any, page: Any, config: Any, nav: Any) -> Any:
    """Name the game on its issues' "back" link: the overview's title (read by now); number a listing's pages."""
    categories = page.meta.get("categories") or []
    overview = _overviews.get(str(categories[0])) if categories else None
    if overview is not None and overview.title:
        page.meta["tp_game_title"] = overview.title
    further = PAGINATED.search(page.url or "")
    if further:  # a listing's further pages: a title of their own, not the first page's again
        page.meta = {**page.meta, "title": f"{page.meta.get('title') or page.title} ({further.group(1)})"}
    return context


_issues: list[dict[str, Any]] = []


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Keep what the feeds need of each issue (its title, headline, address and date)."""
    categories = page.meta.get("categories") or []
    if page.meta.get("slug") and categories and page.meta.get("date") and getattr(page, "content", None):
        _issues.append({"game": str(categories[0]), "title": page.title, "url": page.canonical_url or page.url,
                        "date": page.meta["date"], "description": str(page.meta.get("description", "")),
                        "game_title": page.meta.get("tp_game_title") or str(categories[0]),
                        "language": str(page.meta.get("language") or config.theme.get("language") or "en")})
    return output


def utc(when: Any) -> dt.datetime:
    """A post's date (naive dates and times are UTC, as the site writes them) as an aware time."""
    if isinstance(when, dict):
        when = when.get("created")
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


@event_priority(-100)  # after any plugin that writes a feed of the same name
def on_post_build(config: Any) -> None:
    """Write the league's feed and each game's (see the module's docstring)."""
    if not _issues:
        return
    site = str(config.site_url or "")
    out = Path(config.site_dir)
    issues = sorted(_issues, key=lambda i: (utc(i["date"]), i["url"]), reverse=True)
    league = str(config.theme.get("language") or "en")
    (out / "feed_rss_created.xml").write_text(
        rss(config.site_name, site, config.site_description or config.site_name, league, issues[:LEAGUE_FEED],
            site + "feed_rss_created.xml"), encoding="utf-8")
    games: dict[str, list[dict[str, Any]]] = {}
    for issue in issues:
        games.setdefault(issue["game"], []).append(issue)
    (out / "feeds").mkdir(exist_ok=True)
    for game, items in games.items():
        title = items[0]["game_title"]
        (out / "feeds" / f"{game}.xml").write_text(
            rss(f"{title} – {config.site_name}", f"{site}games/{game}/", f"Every issue of {title}.",
                items[0]["language"], items, f"{site}feeds/{game}.xml"), encoding="utf-8")
    _issues.clear()
def drop_from_nav(nav: Any, pages: list[Any]) -> None:
    """Take the sections that hold only ``pages`` out of the navigation, and the pages out of the chain of previous
    and next pages (the pages themselves are still built)."""
    gone = {id(p) for p in pages}
    if not gone:
        return

    def prune(items: list[Any]) -> None:
        for item in list(items):
            children = getattr(item, "children", None) or []
            if getattr(item, "is_section", False) and children and all(id(c) in gone for c in children):
                items.remove(item)
            else:
                prune(children)

    prune(nav.items)
    for page in pages:  # unlink from the chain, as from a doubly linked list
        before, after = getattr(page, "previous_page", None), getattr(page, "next_page", None)
        if before is not None:
            before.next_page = after
        if after is not None:
            after.previous_page = before
        page.previous_page = page.next_page = None
    nav.pages[:] = [p for p in nav.pages if id(p) not in gone]


def blog_plugin(config: Any) -> Any:
    return config.plugins.get("material/blog")


# Controls and bidi controls (U+202E turns the text after it around): folded to a space in the site's name.
CONTROLS = re.compile(r"[\x00-\x1f\x7f\x85\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]+")


def html_text(value: Any) -> str:
    """``value`` as HTML text that is safe in an element and in a double-quoted attribute alike.

    >>> html_text('League <script>"x"</script> & Co' + chr(0x202E))
    'League &lt;script&gt;&quot;x&quot;&lt;/script&gt; &amp; Co '
    """
    text = CONTROLS.sub(" ", str(value))
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def on_config(config: Any) -> Any:
    """Let the blog read front matter with libyaml (see the module's docstring). The site's name and description
    (the league's title, as the game master typed it) become HTML text: Material prints them unescaped into every
    page's head, header and menu, and the feeds carry them as they are then (issue 28)."""
    config.site_name = html_text(config.site_name or "")
    if config.site_description:
        config.site_description = html_text(config.site_description)
    structure = sys.modules.get("material.plugins.blog.structure")
    fast = getattr(yaml, "CSafeLoader", None)
    if structure is not None and fast is not None and getattr(structure, "SafeLoader", None) is yaml.SafeLoader:
        structure.SafeLoader = fast  # type: ignore[attr-defined]  # a module found at run time
    return config


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Keep the blog's listing pages out of the search index (see the module's docstring)."""
    structure = sys.modules.get("material.plugins.blog.structure")
    view = getattr(structure, "View", None)
    if view is not None and isinstance(page, view):
        page.meta["search"] = {**(page.meta.get("search") or {}), "exclude": True}
    return markdown


@event_priority(-100)  # after the blog plugin's own on_files (-50), which makes the list of posts
def on_files(files: Any, config: Any) -> Any:
    """Give the blog's list of posts an index (see the module's docstring)."""
    blog = getattr(blog_plugin(config), "blog", None)
    posts = getattr(blog, "posts", None)
    if blog is not None and type(posts) is list:
        blog.posts = IndexedPosts(posts)
    return files


def on_env(env: Any, config: Any, files: Any) -> Any:
    """After every page's content is rendered and before the listing pages are: cut the blog posts."""
    separator = getattr(getattr(blog_plugin(config), "config", None), "post_excerpt_separator", None)
    if not separator:
        return env
    for file in files.documentation_pages():
        page = file.page
        if page is None or getattr(page, "excerpt", None) is None or page.markdown is None:
            continue
        short = excerpt_source(page.markdown, separator)
        if short is not None:
            page.markdown = short
    freeze_long_lived()
    return env
