"""Every text a person reads, in the game's language: one catalog format and one API (issue 31).

A catalog is a YAML file of this folder that maps a language to its texts, key -> template, English first (the
source: every key is in ``en``; a language without a key says it in English). A template fills ``{name}`` with
the value as it is (a player's text in a value is never read as a placeholder) and ``{n|one|other}`` with the
number and the form of the word its language's plural rule picks for it (``wording.fill``): ``plural_form``.

>>> COMMANDS.say("de", "status.orders_in", names="Ada")
'  Befehle da: Ada'
>>> COMMANDS.say("fr", "status.orders_in", names="Ada")
'  orders in: Ada'

A ruleset's own words are a catalog of one language pinned with the game's data (``wording.Words``, read through
``gamedata``), so that a game keeps the words it was played with and replays byte for byte; they are filled the
same way.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from ... import yamlio
from .. import gamedata, markup, wording


class Catalog:
    """The catalog ``name`` (``NAME.yaml`` of this folder)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def table(self) -> dict[str, dict[str, str]]:
        """Every language's texts (the orders page's data takes them whole)."""
        return _load(self.name)

    def say(self, lang: str, key: str, /, **values: Any) -> str:
        """The text ``key`` in ``lang`` (English where that language has none), filled with ``values``."""
        texts = self.table()
        template = texts.get(lang, {}).get(key)
        if not template:  # a language without the text (or with an empty one) says it in English
            if key not in texts["en"]:
                raise wording.WordsError(f"no text {key!r} in the catalog {self.name}")
            template, lang = texts["en"][key], "en"
        return wording.fill(template, values, lang)

    def counted(self, lang: str, key: str, n: int, /, **values: Any) -> str:
        """The text ``key.<category>`` for the number ``n``, the category its language's plural rule gives it (CLDR's
        one, other): for a sentence whose words change with the number beyond one word's form (German "jeden Tag",
        "alle 7 Tage"), which ``{n|one|other}`` cannot say. A language's ``one`` form may leave the number out.

        >>> [SITE.counted(lang, "every.days", n) for lang, n in (("de", 1), ("de", 14), ("en", 1))]
        ['jeden Tag', 'alle 14 Tage', 'every 1 day']
        """
        return self.say(lang, f"{key}.{wording.plural_form(lang, n)}", n=n, **values)

    def told(self, lang: str, error: Exception) -> str:
        """``error`` of a layer below the catalog, which speaks English and names its message (``word``, filled with
        ``values``: ``ScheduleError``), said in ``lang``; its English message where the catalog has no such word.

        >>> from adjudicator import schedule
        >>> try:
        ...     schedule.parse_period("ewig", "--phase retreat")
        ... except schedule.ScheduleError as e:
        ...     COMMANDS.told("de", e)
        "--phase retreat: 'ewig' ist keine Frist; Schreiben Sie eine wie '2 days', '36 hours' oder '90 minutes'"
        """
        word = getattr(error, "word", "")
        if lang == "en" or not word or word not in self.table()["en"]:
            return str(error)
        values = getattr(error, "values", {})  # an error a value (a refusal of the rules wrapped): said in lang too
        return self.say(lang, word, **{k: self.told(lang, v) if isinstance(v, Exception) else v
                                       for k, v in values.items()})

    def spoken(self, lang: str, error: Exception) -> str:
        """``error``'s whole message in ``lang``: ``told``, keeping what its raiser put before the word's text (a
        file, a flag); its English message where it is no word of this catalog, or more than the word says.

        >>> from adjudicator.errors import LeagueError
        >>> COMMANDS.spoken("de", LeagueError("rulings/g/0002.yaml: the disk is full", word="deadline.disk_full"))
        'rulings/g/0002.yaml: der Datenträger ist voll'
        """
        text = str(error)
        word = getattr(error, "word", "")
        if lang == "en" or not word or word not in self.table()["en"]:
            return text
        english = self.say("en", word, **getattr(error, "values", {}))
        if not text.endswith(english):
            return text
        return text[:len(text) - len(english)] + self.told(lang, error)

    def said_in(self, lang: str, english: str, prefix: str, *, decimals: bool = False) -> str:
        """``english``, a text made from one of the English templates under ``prefix`` (an engine's reason, kept in
        English as data), said in ``lang``; as it is where no template makes it. With ``decimals``, a value that is
        a decimal number takes ``lang``'s decimal sign (mkdocs' "built in 1.50 seconds"; not a value a person
        typed, which is quoted as typed).

        >>> COMMANDS.said_in("de", "waiting for bayern, pfalz until the deadline", "reason.")
        'es fehlen noch Befehle von bayern, pfalz, bis zum Abgabeschluss'
        >>> COMMANDS.said_in("de", "Documentation built in 1.50 seconds", "serve.", decimals=True)
        'Die Website ist in 1,50 Sekunden gebaut'
        """
        if lang == "en":
            return english
        for key, template in self.table()["en"].items():
            if key.startswith(prefix):
                found = _reader(template).fullmatch(english)
                if found:
                    values = found.groupdict()
                    return self.say(lang, key, **({k: wording.decimal(lang, v) for k, v in values.items()}
                                                  if decimals else values))
        return english

    def read_back(self, key: str, text: str) -> dict[str, str] | None:
        """The values that make ``text`` from the template ``key`` in any language of the catalog, or None: a text
        turnpress wrote in a game's language and reads again later, whichever language it was written in (a turn
        commit's subject: English in a German game's history before issue 31 gave it German ones).

        >>> COMMANDS.read_back("subject.turn", "aa: Zug 2 (Runde 1)"), COMMANDS.read_back("subject.turn", "aa")
        ({'game': 'aa', 'turn': '2', 'label': 'Runde 1'}, None)
        """
        for texts in self.table().values():
            template = texts.get(key)
            found = _reader(template).fullmatch(text) if template else None
            if found:
                return found.groupdict()
        return None


@functools.cache
def _reader(template: str) -> re.Pattern[str]:
    """What ``template`` (placeholders only) matches, each placeholder a named group (``{{`` and ``}}`` a brace).

    >>> bool(_reader("did not find expected ',' or '}}'").fullmatch("did not find expected ',' or '}'"))
    True
    >>> _reader("the {name} rules (turnpress {name} --help)").fullmatch("the aa rules (turnpress aa --help)")["name"]
    'aa'
    """
    parts, pos, named = [], 0, set()
    for m in re.finditer(r"\{\{|\}\}|\{(\w+)\}", template):
        name = m.group(1)  # a placeholder said twice is the same value twice
        said = re.escape(m.group(0)[0]) if not name else f"(?P={name})" if name in named else f"(?P<{name}>.+?)"
        named.add(name)
        parts.append(re.escape(template[pos:m.start()]) + said)
        pos = m.end()
    return re.compile("".join(parts) + re.escape(template[pos:]), re.DOTALL)


@functools.cache
def _load(name: str) -> dict[str, dict[str, str]]:
    # the package's folder as it is (gamedata.package_files): importlib's resource readers cost validate's start
    raw = yamlio.load_trusted((gamedata.package_files(__package__) / f"{name}.yaml").read_bytes())
    return {str(lang): {str(k): str(v) for k, v in texts.items()} for lang, texts in raw.items()}


def name_problem(value: str, what: str, lang: str) -> str | None:
    """Why ``value`` cannot be a name or title a game master gives (``markup.name_fault``), said in ``lang``
    (``what`` says where: '--title'); None if it can.

    >>> name_problem("", "--title", "de"), name_problem("Liga", "--title", "de")
    ('--title: leer; Schreiben Sie den Namen, wie die Ausgaben ihn zeigen sollen', None)
    """
    fault = markup.name_fault(value)
    return None if fault is None else COMMANDS.say(lang, fault[0], what=what, **fault[1])


CHECK = Catalog("check")  # what the check of an orders file says: validate, seal, open, preview, the sheets' heads
COMMANDS = Catalog("commands")  # what the game master's commands say (new, status, adjudicate, verify, events)
SITE = Catalog("site")  # what the site says: issues, game pages, archives, standings, reminders, results
ORDERS_PAGE = Catalog("orders_page")  # the orders page's own words (its Markdown and its script, orders.js)
