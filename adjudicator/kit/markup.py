"""Player text made inert wherever it is published: Markdown issue pages (and so HTML, feeds, search) and SVG.

A player writes free text (Bretton Woods contacts and transfer notes, Policy Maker notes) and text that a
ruleset quotes back when it refuses it (an order it cannot read). Every such string goes through ``md_text``
before it lands in Markdown, and through ``svg_text`` before it lands in an SVG. The site's Markdown passes
HTML through (``<script>`` would run), ``attr_list`` turns ``{: onclick=...}`` into attributes, and links and
images need only brackets, so escaping ``<`` alone is not enough: every character that can start markup is
written as a numeric character reference, which Markdown shows as the character and never reads as syntax.

>>> md_text('<script>alert(1)</script> [x](javascript:y) {: onclick=z}')
'&#60;script&#62;alert(1)&#60;/script&#62; &#91;x&#93;(javascript:y) &#123;: onclick=z&#125;'
>>> md_text("Getreide gegen Energie? 20 a, ihr 6 e.")
'Getreide gegen Energie? 20 a, ihr 6 e.'
>>> svg_text('a"<b>&')
'a&#34;&#60;b&#62;&#38;'

A name or title a game master types (``new --player``, ``join``, ``new --title``, ``init --title``; a ruling's
``replace: name:`` is checked alike in ``rulings``) is checked by ``name_fault`` first: one line, no control
characters, no bidi controls (U+202E turns what follows it around on the page: "Bob", U+202E, "evil" shows as
"Boblive"). Characters of markup are allowed ("Ann <3", "[Team] Red"): a name is escaped wherever it is published
(``md_text``, ``svg_text``, ``html_attr_text`` where the site's theme prints it raw), since a game.yaml may hold
anything a hand edit put there.

>>> name_fault("Jean-Luc Morel")
>>> name_fault("Bob" + chr(0x202E))
('name.hidden', {'code': 'U+202E'})

Tables are written by ``md_table``: the rulesets' words and figures as they are, a player's text through
``md_text`` first (a name is a player's text). Whatever a cell holds, it stays one cell of one row.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

# Characters that start inline markup in Markdown, HTML, the site's extensions (attr_list, tables) and template
# engines ({{ }}); a link or an image needs its brackets, so '(', ')' and '!' may stay. Line breaks and controls
# are folded to a space, so player text never starts a block.
_INLINE = re.compile(r"[&<>\[\]*_`\\|{}~]")
# Bidi controls (marks, embeddings, overrides, isolates) reorder the characters around them: folded with the rest.
_CONTROL = re.compile(r"[\x00-\x1f\x7f\x85\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]+")
NAME_MAX = 100
# At the start of a line these begin a block (heading, list, quote, rule): written as references there too.
_LINE_START = re.compile(r"^(\s*)([-+.:>#0-9])")
_XML = re.compile(r"[&<>\"']")


def md_text(value: Any) -> str:
    """``value`` as Markdown that shows exactly its characters and makes no markup, on one line."""
    text = _CONTROL.sub(" ", str(value))
    text = _INLINE.sub(lambda m: f"&#{ord(m[0])};", text)
    return _LINE_START.sub(lambda m: f"{m[1]}&#{ord(m[2])};", text)


def name_fault(value: str) -> tuple[str, dict[str, Any]] | None:
    """Why ``value`` cannot be a name or title that a game master gives, as the commands' catalog's word for it
    (``name.*``, said by ``catalog.name_problem`` in the game's language) and its values; or None: empty, longer
    than ``NAME_MAX``, or holding an invisible or control character.

    >>> name_fault("Bob\u202eevil"), name_fault("Bob")
    (('name.hidden', {'code': 'U+202E'}), None)
    """
    if not value.strip():
        return "name.empty", {}
    if len(value) > NAME_MAX:
        return "name.long", {"n": len(value), "most": NAME_MAX}
    hidden = next((c for c in value if not c.isprintable()), None)
    if hidden is not None:
        return "name.hidden", {"code": f"U+{ord(hidden):04X}"}
    return None


def plain(value: Any) -> str:
    """``value`` with control and bidi control characters folded to a space: for a name published as data (an
    orders page's JSON) or escaped by an XML or HTML writer of its own (a chart, a table).

    >>> plain("Bob" + chr(0x202E) + "evil")
    'Bob evil'
    """
    return _CONTROL.sub(" ", str(value))


_BIDI = re.compile(r"[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def without_bidi(value: Any) -> Any:
    """``value`` (text, or lists and mappings of it, as data for a page's script) without bidi controls; line
    breaks stay (a template's text keeps its lines).

    >>> without_bidi({"name": "Bob" + chr(0x202E), "lines": ["a\\nb"]})
    {'name': 'Bob', 'lines': ['a\\nb']}
    """
    if isinstance(value, str):
        return _BIDI.sub("", value)
    if isinstance(value, list):
        return [without_bidi(v) for v in value]
    if isinstance(value, dict):
        return {k: without_bidi(v) for k, v in value.items()}
    return value


def html_attr_text(value: Any) -> str:
    """``value`` for a place where MkDocs' theme prints it unescaped (a page's title, the site's name, a menu
    entry: into ``<title>``, into links and attributes): as HTML text, quotes included, controls folded.

    >>> print(html_attr_text('Game <script>"x"</script> & Lloyd' + "'s"))
    Game &lt;script&gt;&quot;x&quot;&lt;/script&gt; &amp; Lloyd's
    """
    text = _CONTROL.sub(" ", str(value))
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def svg_text(value: Any) -> str:
    """``value`` as the text or an attribute value of an SVG (XML) element."""
    return _XML.sub(lambda m: f"&#{ord(m[0])};", _CONTROL.sub(" ", str(value)))


def md_table(head: Sequence[Any], rows: Iterable[Sequence[Any]], align: str = "") -> list[str]:
    """A Markdown table as lines: the head, the rule and a line a row. ``align`` has a letter a column, ``l`` or
    ``r`` (numbers), left where it is short; ``None`` is a blank cell. A ``|`` or a line break in a cell is
    escaped or folded, so a cell cannot end early or start a row; player text must still go through ``md_text``
    (markup is not escaped here).

    >>> md_table(["Player", "GE"], [[md_text("Ann|<b>"), 12], ["Bo", None], ["Cy", ""]], "lr")
    ['| Player | GE |', '|---|---:|', '| Ann&#124;&#60;b&#62; | 12 |', '| Bo | |', '| Cy |  |']
    >>> md_table(["Card", "1"], [["a|b\\nc", 1]])
    ['| Card | 1 |', '|---|---|', '| a\\\\|b c | 1 |']
    """
    rule = "|" + "".join("---:|" if align[i:i + 1] == "r" else "---|" for i in range(len(head)))
    return [_row(head), rule, *(_row(row) for row in rows)]


def _row(cells: Sequence[Any]) -> str:
    # None is a blank cell, "| |"; an empty string is "|  |". Both are as the hand-written tables had them, so
    # the demo's published pages keep their bytes.
    return "|" + "".join(" |" if c is None else f" {_CONTROL.sub(' ', str(c)).replace('|', chr(92) + '|')} |"
                         for c in cells)
