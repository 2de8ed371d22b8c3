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

Every step does nothing where the plugin is absent or its internals differ from what it expects.

``turnpress site build`` copies this module into the league as ``site/.turnpress/mkdocs_hooks.py`` (MkDocs
publishes no dot-folder; the folder ignores itself in git), and ``mkdocs.yml`` names it under ``hooks``. It
imports nothing from turnpress: MkDocs loads it by its path.
"""

from __future__ import annotations

import gc
import re
import sys
from collections.abc import Callable
from typing import Any

import yaml
from mkdocs.plugins import event_priority

# A link reference definition: up to three spaces, [label]: destination (CommonMark 4.7).
LINK_DEFINITION = re.compile(r"^ {0,3}\[[^\]\n]+\]:[ \t]*\S.*$", re.MULTILINE)
REST = "<!-- the rest of the issue is on its own page -->"


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
    freeze_long_lived()
    return nav


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


def on_config(config: Any) -> Any:
    """Let the blog read front matter with libyaml (see the module's docstring)."""
    structure = sys.modules.get("material.plugins.blog.structure")
    fast = getattr(yaml, "CSafeLoader", None)
    if structure is not None and fast is not None and getattr(structure, "SafeLoader", None) is yaml.SafeLoader:
        structure.SafeLoader = fast
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
    if type(posts) is list:
        blog.posts = IndexedPosts(posts)
    return files


def on_env(env: Any, config: Any, files: Any) -> Any:
    """After every page's content is rendered and before the listing pages are: cut the blog posts."""
    separator = getattr(getattr(blog_plugin(config), "config", None), "post_excerpt_separator", None)
    for file in files.documentation_pages() if separator else ():
        page = file.page
        if page is None or getattr(page, "excerpt", None) is None or page.markdown is None:
            continue
        short = excerpt_source(page.markdown, separator)
        if short is not None:
            page.markdown = short
    freeze_long_lived()
    return env
