"""A ruleset's messages in its game's language, from a words file of its package (not from code).

A words file maps a key to a text with ``{placeholders}``; ``{n|Angebot|Angebote}`` writes the number ``n`` and
the singular or the plural after it (1 Angebot, 2 Angebote, 0 Angebote). Values are put in as they are (a
player's text in a value is never read as a placeholder). The file is read from the game's ``gamedata.GameData``,
so a game keeps the words it was played with, as it keeps its tables: a report that quotes them replays byte for
byte.

>>> fill("{name}: {n|Verkaufsangebot|Verkaufsangebote}", {"name": "{x}", "n": 1})
'{x}: 1 Verkaufsangebot'
>>> fill("{built} von {tried|Versuch|Versuchen}", {"built": 2, "tried": 3})
'2 von 3 Versuchen'
"""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Mapping
from typing import Any

from .. import yamlio
from ..errors import TurnpressError
from . import gamedata

_PLURAL = re.compile(r"\{(\w+)\|([^{}|]*)\|([^{}|]*)\}")


class WordsError(TurnpressError, KeyError):
    """A text the code asks for is not in the words file, or a placeholder has no value (exit 2)."""


def _one_other(n: int) -> str:
    """CLDR's rule for English and German whole numbers: "one" for 1 (and -1: the rule reads the absolute value),
    "other" for everything else, 0 too."""
    return "one" if abs(n) == 1 else "other"


# The plural rule of each language the catalogs speak (CLDR's categories). English and German have the same two,
# one and other, which ``{n|one|other}`` names; a language with more categories (Polish: one, few, many) would
# need a field with as many forms and its rule here. A language without an entry takes English's.
PLURAL_RULES = {"en": _one_other, "de": _one_other}


# The decimal sign of each language (CLDR's "decimal" symbol): "1.50" in English is "1,50" in German. A language
# without an entry takes English's.
DECIMAL_SIGNS = {"en": ".", "de": ","}
_DECIMAL = re.compile(r"-?\d+\.\d+")


def decimal(lang: str, number: str) -> str:
    """``number``, a decimal number as Python and mkdocs write it ("1.50"), with ``lang``'s decimal sign; any other
    text as it is.

    >>> decimal("de", "1.50"), decimal("en", "1.50"), decimal("de", "12"), decimal("de", "v1.2.3")
    ('1,50', '1.50', '12', 'v1.2.3')
    """
    if not _DECIMAL.fullmatch(number):
        return number
    return number.replace(".", DECIMAL_SIGNS.get(lang, "."))


def plural_form(lang: str, n: int) -> str:
    """The plural category ``lang`` puts the whole number ``n`` in.

    >>> plural_form("de", 1), plural_form("de", 0), plural_form("en", 21), plural_form("xx", 1)
    ('one', 'other', 'other', 'one')
    """
    return PLURAL_RULES.get(lang, _one_other)(n)


def plural(n: int, one: str, many: str, lang: str = "en") -> str:
    """``n`` and the word in the form that number takes in ``lang``: 1 is singular, everything else (0 too)
    plural, as in German and English.

    >>> plural(1, "Versuch", "Versuchen"), plural(0, "Gebot", "Gebote"), plural(-1, "kj", "kj")
    ('1 Versuch', '0 Gebote', '-1 kj')
    """
    return f"{n} {one if plural_form(lang, n) == 'one' else many}"


def fill(template: str, values: Mapping[str, Any], lang: str = "en") -> str:
    """``template`` with its plural fields chosen by ``lang``'s rule and every placeholder filled from
    ``values``."""
    if "{" not in template and "}" not in template:
        return template  # no field, no escaped brace: the text itself (the rules' hints, thousands of times a run)

    def choose(m: re.Match[str]) -> str:
        n = values.get(m.group(1))
        if not isinstance(n, int) or isinstance(n, bool):
            raise WordsError(f"{m.group(0)} needs a whole number, got {n!r}")
        return plural(n, m.group(2), m.group(3), lang).replace("{", "{{").replace("}", "}}")

    text = _PLURAL.sub(choose, template) if "|" in template else template
    out = []
    for literal, field, spec, conversion in _fields(text):
        out.append(literal)
        if field is None:
            continue
        if field not in values or spec or conversion:
            raise WordsError(f"{{{field}}} in {template!r} has no value")
        out.append(str(values[field]))
    return "".join(out)


@functools.lru_cache(maxsize=4096)
def _fields(text: str) -> tuple[tuple[str, str | None, str | None, str | None], ...]:
    """``string.Formatter().parse`` of a text, kept: the rules fill the same few templates thousands of times in a
    run (the orders page's verdicts run Diplomacy's check a few hundred times a player)."""
    return tuple(string.Formatter().parse(text))


def placeholders(template: str) -> set[str]:
    """The names a template needs a value for."""
    names = {m.group(1) for m in _PLURAL.finditer(template)}
    return names | {f for _, f, _, _ in string.Formatter().parse(_PLURAL.sub("", template)) if f}


@functools.lru_cache(maxsize=1024)
def pattern(template: str) -> re.Pattern[str]:
    """A regular expression matching every text ``template`` can give (what a test checks a message against, and
    the rules tell their own reasons apart by: kept, since a check asks it for every result row)."""
    parts = []
    pos = 0
    for m in re.finditer(r"\{(\w+)\|([^{}|]*)\|([^{}|]*)\}|\{(\w+)\}|\{\{|\}\}", template):
        parts.append(re.escape(template[pos:m.start()]))
        if m.group(0) in ("{{", "}}"):
            parts.append(re.escape(m.group(0)[0]))
        elif m.group(1):
            parts.append(rf"(?:-?1 {re.escape(m.group(2))}|-?(?!1\b)\d+ {re.escape(m.group(3))})")
        else:
            parts.append(r"(?s:.*?)")
        pos = m.end()
    parts.append(re.escape(template[pos:]))
    return re.compile("".join(parts) + r"\Z", re.DOTALL)


class Words:
    """The words file ``path`` of ``package`` (a mapping of key to text), as the game's data ``data`` has it (its
    pinned copy); ``say(key, **values)`` fills one. Without ``data``, the packaged file."""

    def __init__(self, package: str, path: str, data: gamedata.GameData | None = None) -> None:
        self.package, self.path, self.data = package, path, data

    def of(self, data: gamedata.GameData) -> Words:
        """The same words file, as the game's data ``data`` has it."""
        return Words(self.package, self.path, data)

    def texts(self) -> dict[str, str]:
        """The texts, as the game pinned them; for presentation (``GameData.words_fallback``) with the keys its
        copy lacks taken from the package's current file (an old German game's orders page stays German)."""
        pinned = self.pinned_texts()
        if self.data is None or not self.data.words_fallback or self.data.files is None:
            return pinned
        return {**gamedata.GameData(self.package).parsed(self.package, self.path, _parse), **pinned}

    def pinned_texts(self) -> dict[str, str]:
        """The texts as the game pinned them, also when presented: what decides a rule (a key the game has)."""
        data = self.data if self.data is not None else gamedata.GameData(self.package)
        return data.parsed(self.package, self.path, _parse)

    def say(self, key: str, /, **values: Any) -> str:
        texts = self.texts()
        if key not in texts:
            raise WordsError(f"no text {key!r} in {self.package}:{self.path}")
        return fill(texts[key], values)


def _parse(data: bytes) -> dict[str, str]:
    raw = yamlio.load_trusted(data)
    return {str(k): str(v) for k, v in raw.items()}
