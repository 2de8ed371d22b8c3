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
- ``on_page_markdown`` and ``on_post_page``: the maps and charts (``newsletter.figure``: an SVG in a raw
  ``<div class="tp-figure" data-search-exclude>`` block) are held aside while MkDocs works on the page and put back
  into the finished HTML unchanged. Python-Markdown passes a raw HTML block through as it is, and the search skips
  the figure, so the pages and the search index are the same bytes; but both parsed every tag of every map on the
  way (half of a demo build's MkDocs time: 19.7 -> 9.1 s of CPU, issue 33).

- ``on_env``: the theme's templates compiled once, not at every build (Jinja's own bytecode cache,
  ``Environment.bytecode_cache``, in the folder ``$TURNPRESS_TEMPLATE_CACHE`` names; turnpress names the league's
  ``.cache/turnpress-templates/``): Material's 45 templates were parsed and compiled again by every build, about
  a fifth of a small league's MkDocs time (issue 33). Jinja keeps each template under its name and checks the
  template's source before it takes what it kept, so an edited override or another theme's version is compiled
  again; a folder that cannot be read or written only means the templates are compiled as before. The folder is
  not the one the workflows carry from run to run (``.cache/turnpress``): compiled code is not handed between
  runs.

``turnpress site build`` copies this module into the league as ``site/.turnpress/mkdocs_hooks.py`` (MkDocs
publishes no dot-folder; the folder ignores itself in git), and ``mkdocs.yml`` names it under ``hooks``. It
imports nothing from turnpress, nor from MkDocs: MkDocs loads it by its path.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
from typing import Any

ISSUE = re.compile(r"news/([^/]+)/([0-9]{4})\.md")  # an issue's page, relative to the docs folder
# A figure as ``newsletter.figure`` writes it: the opening line, its lines (no other div in them), the closing line
FIGURE = re.compile(r'^(<div class="tp-figure" data-search-exclude>\n)((?:(?!<div|</div>)[^\n]*\n)+?)(</div>)$',
                    re.MULTILINE)
FENCE = re.compile(r"^(`{3,}|~{3,})", re.MULTILINE)
HELD = "<!--turnpress-figure-{}-->\n"  # where a figure's lines wait; Markdown passes an HTML comment as it is
# page (its source path) -> the lines of its figures held aside, from on_page_markdown to on_post_page
_held: dict[str, list[str]] = {}

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


TEMPLATE_CACHE = "TURNPRESS_TEMPLATE_CACHE"  # the folder of the compiled templates; unset, empty or "off": none


def on_env(env: Any, config: Any, files: Any) -> Any:
    """The theme's templates kept compiled (see the module's docstring)."""
    folder = os.environ.get(TEMPLATE_CACHE, "")
    if folder in ("", "off") or getattr(env, "bytecode_cache", None) is not None:
        return env
    try:
        os.makedirs(folder, exist_ok=True)
        ignore = os.path.join(folder, ".gitignore")
        if not os.path.exists(ignore):  # a league whose .gitignore lacks .cache/ commits none of it either
            with open(ignore, "w", encoding="utf-8") as f:
                f.write("# Templates compiled by MkDocs (a cache: delete it at will); not kept in git.\n*\n")
    except OSError:
        return env
    env.bytecode_cache = _compiled_templates(folder, _compiling(env))
    return env


def _compiling(env: Any) -> str:
    """A digest of what Jinja's compiled code follows from besides the template's source (which Jinja checks
    itself): its own version and Python's, and the environment's syntax, extensions and escaping. Entries of
    another Jinja, or of an environment set up otherwise, are never taken."""
    import jinja2

    def named(value: Any) -> str:
        return repr(value) if isinstance(value, str | bool | type(None)) else f"{value.__module__}.{value.__qualname__}"

    syntax = [getattr(env, name) for name in (
        "block_start_string", "block_end_string", "variable_start_string", "variable_end_string",
        "comment_start_string", "comment_end_string", "line_statement_prefix", "line_comment_prefix", "trim_blocks",
        "lstrip_blocks", "newline_sequence", "keep_trailing_newline", "optimized")]
    what = [jinja2.__version__, sys.version, *map(repr, syntax), *sorted(env.extensions), named(env.autoescape)]
    return hashlib.sha256("\0".join(what).encode()).hexdigest()[:16]


def _compiled_templates(folder: str, compiling: str) -> Any:
    """Jinja's ``FileSystemBytecodeCache`` in ``folder`` (an entry written whole, by a rename; one it cannot read,
    or that is cut short, compiled again), where an entry that cannot be written only means the template is
    compiled again next time: never a build stopped by its cache."""
    from jinja2 import FileSystemBytecodeCache  # MkDocs' template engine: there whenever MkDocs runs this hook

    class Kept(FileSystemBytecodeCache):  # type: ignore[misc]
        def dump_bytecode(self, bucket: Any) -> None:
            try:
                super().dump_bytecode(bucket)
            except OSError:
                pass

    return Kept(folder, f"__jinja2_{compiling}_%s.cache")


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


def hold_figures(markdown: str, held: list[str]) -> str:
    """``markdown`` with each figure's lines held in ``held`` and a comment in their place. A figure in a fenced
    block is code, shown as written: it is left alone (and so is everything after a fence left open).

    >>> held, figure = [], '<div class="tp-figure" data-search-exclude>\\n<svg><text>Kiel</text></svg>\\n</div>\\n'
    >>> hold_figures('# Map\\n\\n' + figure, held)
    '# Map\\n\\n<div class="tp-figure" data-search-exclude>\\n<!--turnpress-figure-0-->\\n</div>\\n'
    >>> held
    ['<svg><text>Kiel</text></svg>\\n']
    """
    out, code, fence = [], False, ""
    for n, part in enumerate(FENCE.split(markdown)):
        if n % 2:  # a fence's marker, at the start of a line
            if not code or (part[0] == fence[0] and len(part) >= len(fence)):
                code, fence = not code, part
            out.append(part)
        elif code:
            out.append(part)
        else:
            out.append(FIGURE.sub(lambda m: _hold(m, held), part))
    return "".join(out)


def _hold(found: re.Match[str], held: list[str]) -> str:
    held.append(found[2])
    return found[1] + HELD.format(len(held) - 1) + found[3]


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """The page's figures held aside (see the module's docstring)."""
    held: list[str] = []
    markdown = hold_figures(markdown, held)
    if held:
        _held[page.file.src_uri] = held
    else:
        _held.pop(page.file.src_uri, None)
    return markdown


def on_post_page(output: str, page: Any, config: Any) -> str:
    """The page's figures back in its HTML, each where its comment is. A comment lost on the way (a plugin that
    strips comments) stops the build rather than publish an issue without its map."""
    held = _held.pop(page.file.src_uri, [])
    for n, lines in enumerate(held):
        mark = HELD.format(n)
        if output.count(mark) != 1:
            raise ValueError(f"{page.file.src_uri}: the figure held as {mark.strip()} is not in the built page once "
                             "(a plugin that changes HTML comments?): remove that plugin from mkdocs.yml")
        output = output.replace(mark, lines)
    return output
