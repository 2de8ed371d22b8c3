"""MkDocs hook of the newsletter site: two small things MkDocs' documented events allow, nothing a plugin owns.

Every page the site needs (issues, the news index, each game's archive, the feeds) is written by ``turnpress site
build`` as plain Markdown and files (``listings.py``, issue 33): this hook leans on no plugin's internals, and a
generator that runs no MkDocs hooks (Zensical) builds the same pages without it. What it adds under MkDocs:

- ``on_config``: the site's name and description (the league's title, as the game master typed it) become HTML
  text: Material prints them unescaped into every page's head, header and menu (issue 28).
- ``on_nav``: readers follow one game turn by turn, so each game's issues are chained to each other (the footer's
  previous and next, ``Page.previous_page``/``next_page`` as MkDocs' theme API documents them), the first issue's
  previous page being the game's overview. The issues are not in the menu (``not_in_nav``); without the hook an
  issue still links the one before it, its game and the game's archive in its own text.

``turnpress site build`` copies this module into the league as ``site/.turnpress/mkdocs_hooks.py`` (MkDocs
publishes no dot-folder; the folder ignores itself in git), and ``mkdocs.yml`` names it under ``hooks``. It
imports nothing from turnpress, nor from MkDocs: MkDocs loads it by its path.
"""

from __future__ import annotations

import re
from typing import Any

ISSUE = re.compile(r"news/([^/]+)/([0-9]{4})\.md")  # an issue's page, relative to the docs folder

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
    """The site's name and description as HTML text (see the module's docstring)."""
    config.site_name = html_text(config.site_name or "")
    if config.site_description:
        config.site_description = html_text(config.site_description)
    return config


def on_nav(nav: Any, config: Any, files: Any) -> Any:
    """Chain each game's issues in turn order, the first one back to the game's overview."""
    games: dict[str, list[Any]] = {}
    for file in files.documentation_pages():
        found = ISSUE.fullmatch(file.src_uri)
        if found and getattr(file, "page", None) is not None:
            games.setdefault(found[1], []).append(file)
    for game, chain in games.items():
        chain.sort(key=lambda f: f.src_uri)
        overview = getattr(files.get_file_from_path(f"games/{game}/index.md"), "page", None)
        pages = [f.page for f in chain]
        for n, page in enumerate(pages):
            page.previous_page = pages[n - 1] if n else overview
            page.next_page = pages[n + 1] if n + 1 < len(pages) else None
    return nav
