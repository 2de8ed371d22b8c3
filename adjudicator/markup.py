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
"""

from __future__ import annotations

import re
from typing import Any

# Characters that start inline markup in Markdown, HTML, the site's extensions (attr_list, tables) and template
# engines ({{ }}); a link or an image needs its brackets, so '(', ')' and '!' may stay. Line breaks and controls
# are folded to a space, so player text never starts a block.
_INLINE = re.compile(r"[&<>\[\]*_`\\|{}~]")
_CONTROL = re.compile(r"[\x00-\x1f\x7f\x85\u2028\u2029]+")
# At the start of a line these begin a block (heading, list, quote, rule): written as references there too.
_LINE_START = re.compile(r"^(\s*)([-+.:>#0-9])")
_XML = re.compile(r"[&<>\"']")


def md_text(value: Any) -> str:
    """``value`` as Markdown that shows exactly its characters and makes no markup, on one line."""
    text = _CONTROL.sub(" ", str(value))
    text = _INLINE.sub(lambda m: f"&#{ord(m[0])};", text)
    return _LINE_START.sub(lambda m: f"{m[1]}&#{ord(m[2])};", text)


def svg_text(value: Any) -> str:
    """``value`` as the text or an attribute value of an SVG (XML) element."""
    return _XML.sub(lambda m: f"&#{ord(m[0])};", _CONTROL.sub(" ", str(value)))
