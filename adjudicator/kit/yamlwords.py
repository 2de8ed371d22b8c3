"""The words a person reads in a YAML file turnpress writes (its comments, the display names of its entries,
``name:``, and what a form shows of its fields, ``description:``) said in another language, by a table from each
English text to its translation (issue 31: a German league's workflows and ``mkdocs.yml`` spoke English to its
game master and, in a pull request's checks, to its players).

The file is written once, in English, as the source; a language's table (a YAML list of ``{en: ..., de: ...}``)
says its texts. A comment of several lines is one text. Only a comment or a ``name:`` or ``description:`` value
(a workflow's manual run form shows its inputs' descriptions to the game master) whose English is in the table
changes: keys, every other value, and the text of a block scalar (a workflow's ``run: |`` script, its
shell comments included) are kept byte for byte, so the file reads as the same data apart from the names.

>>> table = {"build the site": "Website bauen", "what it does": "was er tut"}
>>> print(translated("jobs:\\n  build:  # what it does\\n    name: build the site\\n", table), end="")
jobs:
  build:  # was er tut
    name: Website bauen
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping

from .. import yamlio

COMMENT = re.compile(r"^(?P<indent>[ \t]*)# ?(?P<text>.*)$")
NAME = re.compile(r"^(?P<key>[ \t]*(?:- )?(?:name|description):[ \t]+)(?P<value>\S.*?)$")
BLOCK = re.compile(r"(?:^|:|-)[ \t]+[|>][-+0-9]*$")  # a block scalar starts: 'run: |', '- >-'
PLAIN = re.compile(r"^[^-?:,\[\]{}#&*!|>'\"%@`\s](?:[^:#]|:(?!\s)|(?<!\s)#)*(?<!\s)$")  # needs no quotes


def table(text: str, language: str) -> dict[str, str]:
    """English -> ``language`` from a table file's text: a list of entries, each its English (``en``) and its
    translation; a text of several lines (a block ``|``) is read without its last line break."""
    entries = yamlio.load(text, max_bytes=1 << 20).data
    return {str(e["en"]).rstrip("\n"): str(e[language]).rstrip("\n") for e in entries}


def translated(text: str, words: Mapping[str, str]) -> str:
    """``text`` (a YAML file) with each comment, ``name:`` and ``description:`` value whose English ``words`` has in
    its language."""
    return _said(text, words.get)


def texts(text: str) -> list[str]:
    """Every text of ``text`` (a YAML file) that a table may say in another language, in order: its comments and
    ``name:`` and ``description:`` values (a table's entries are these, and a German file's should hold no English)."""
    found: list[str] = []
    _said(text, lambda english: found.append(english))
    return found


def _said(text: str, say: Callable[[str], str | None]) -> str:
    """``text`` with each comment and ``name:`` value replaced by what ``say`` says for it (None: kept)."""
    out: list[str] = []
    lines = text.splitlines(keepends=True)
    i, block = 0, -1  # block: the indentation a block scalar's lines lie deeper than, while in one
    while i < len(lines):
        line = lines[i]
        body = line.rstrip("\r\n")
        indent = len(body) - len(body.lstrip(" \t"))
        if block >= 0 and (not body.strip() or indent > block):
            out.append(line)  # a script's line, a shell comment: data, kept as written
            i += 1
            continue
        block = -1
        comment = COMMENT.match(body)
        if comment:  # a comment of its own lines: every following line of the same indentation is part of it
            run = [comment]
            while i + len(run) < len(lines):
                more = COMMENT.match(lines[i + len(run)].rstrip("\r\n"))
                if more is None or more["indent"] != comment["indent"]:
                    break
                run.append(more)
            english = "\n".join(m["text"] for m in run)
            said = say(english)
            if said is None:
                out += lines[i:i + len(run)]
            else:
                out += [f"{comment['indent']}# {part}".rstrip() + "\n" for part in said.split("\n")]
            i += len(run)
            continue
        content, note = _split_comment(body)
        name = NAME.match(content)
        if name:
            value = say(_unquoted(name["value"]))
            content = content if value is None else name["key"] + _scalar(value)
        if note is not None:
            gap, hash_, rest = note
            content += gap + hash_ + (say(rest) or rest)
        if BLOCK.search(content):
            block = indent
        out.append(content + line[len(body):])
        i += 1
    return "".join(out)


def _split_comment(line: str) -> tuple[str, tuple[str, str, str] | None]:
    """The line's content and its comment at the end (the space before it, '# ', the text), if it has one: a '#'
    after a space, outside quotes."""
    for at, quoted in _characters(line):
        if not quoted and line[at] == "#" and at > 0 and line[at - 1] in " \t":
            content = line[:at].rstrip(" \t")
            hash_ = "# " if line.startswith("# ", at) else "#"
            return content, (line[len(content):at], hash_, line[at + len(hash_):])
    return line, None


def _characters(line: str) -> Iterator[tuple[int, bool]]:
    """Each position of ``line`` and whether it lies inside a quoted scalar ('...' or "...")."""
    quote = ""
    for at, char in enumerate(line):
        if quote:
            yield at, True
            if char == quote:
                quote = ""
        elif char in "'\"" and (at == 0 or line[at - 1] in " \t:[{,"):
            quote = char
            yield at, True
        else:
            yield at, False


def _unquoted(value: str) -> str:
    """A one-line YAML scalar's text: a double-quoted one read as JSON reads it (the escapes turnpress's files use),
    a single-quoted one with its doubled quotes single, a plain one as it stands."""
    if len(value) > 1 and value[0] == value[-1] == '"':
        return str(json.loads(value))
    if len(value) > 1 and value[0] == value[-1] == "'":
        return value[1:-1].replace("''", "'")
    return value


def _scalar(value: str) -> str:
    """``value`` as a YAML scalar: plain where it reads back as itself, else in double quotes."""
    return value if PLAIN.match(value) else json.dumps(value, ensure_ascii=False)
