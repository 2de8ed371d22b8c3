"""MkDocs hook of the newsletter site: the blog lists each issue by its excerpt, and renders only that.

Material's blog plugin renders a post's excerpt once for every listing page that shows it (the news index and
the game's archive) by converting the *whole* post again and cutting the HTML at ``<!-- more -->``. An issue is
a short lead line followed by the game's tables, maps and charts, so nearly all of that work is thrown away:
for a league of 1,000 issues it doubled the build. Once every page has been rendered (``on_env``), this hook
cuts each post's Markdown at the separator, which is all an excerpt shows. The post pages themselves, the
search index and the RSS feed were made from the full text before that and are unchanged.

Reference-style link definitions below the separator are kept, so that a reference in the lead still resolves;
a short comment stays after the separator, so that the listing still links "Continue reading".

``turnpress site build`` copies this module into the league as ``site/.turnpress/mkdocs_hooks.py`` (MkDocs
publishes no dot-folder; the folder ignores itself in git), and ``mkdocs.yml`` names it under ``hooks``. It
imports nothing from turnpress: MkDocs loads it by its path.
"""

from __future__ import annotations

import re
from typing import Any

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


def on_env(env: Any, config: Any, files: Any) -> Any:
    """After every page's content is rendered and before the listing pages are: cut the blog posts."""
    blog = config.plugins.get("material/blog")
    if blog is None:
        return env
    separator = blog.config.post_excerpt_separator
    for file in files.documentation_pages():
        page = file.page
        if page is None or getattr(page, "excerpt", None) is None or page.markdown is None:
            continue
        short = excerpt_source(page.markdown, separator)
        if short is not None:
            page.markdown = short
    return env
