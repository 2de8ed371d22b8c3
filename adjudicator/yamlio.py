"""Reading YAML safely and writing it canonically.

Reading: every input is bounded before it is parsed: its size in bytes, then its nesting depth and number of
values, measured on libyaml's token stream before the parser and composer build anything (libyaml's scanner works
with its own stacks; PyYAML's composer recurses on the C stack, so 100,000 ``[`` would end the process with
SIGSEGV instead of an error). Aliases are refused, which rules out alias bombs; duplicate keys are errors;
scalars are read by the YAML 1.2 core schema, so ``no`` and ``20:00`` stay text. The result is plain data with a
map from each path to its line and column (1-based) for error messages. libyaml (through PyYAML) does the
parsing: fast enough that a command reading a large state starts at once.

Writing: one writer for everything the league stores, so the same data always gives the same bytes. Keys keep
the order the data was built in (deterministic code builds them deterministically); block style; UTF-8;
anything another YAML reader could take for a number, a date or a boolean is quoted; no floats, no sets, no
objects (``is_plain``).
"""

from __future__ import annotations

import json
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path as FsPath
from typing import Any

import yaml

from .errors import InputError, LeagueError
from .model import Path

ORDERS_MAX_BYTES = 256 * 1024
STATE_MAX_BYTES = 64 * 1024 * 1024
MAX_DEPTH = 32
TRUSTED_MAX_DEPTH = 64

class YamlInputError(InputError):
    """A YAML input that cannot be read: carries the place and what to write instead."""

    def __init__(self, message: str, line: int = 1, column: int = 1, hint: str = "", file: str = "",
                 word: str = "", **values: Any) -> None:
        super().__init__(message, line, column, hint)
        self.file = file
        # The message's name and values, for a check that speaks another language (orders.read_envelope).
        self.word, self.values = word, values

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}: " if self.file else ""
        return where + self.message + (f" — {self.hint}" if self.hint else "")


@dataclass
class Located:
    """Plain data read from YAML, with the line and column (1-based) of every value and key."""

    data: Any
    values: dict[Path, tuple[int, int]] = field(default_factory=dict)
    keys: dict[Path, tuple[int, int]] = field(default_factory=dict)

    def where(self, path: Path, *, key: bool = False) -> tuple[int, int]:
        """Line and column of ``path`` (of its key if ``key``), else of the nearest enclosing value."""
        table = self.keys if key else self.values
        if path in table:
            return table[path]
        while path:
            path = path[:-1]
            if path in self.values:
                return self.values[path]
        return (1, 1)


@dataclass(frozen=True)
class LeagueFile:
    """A small league file a person writes (a ruling, an absence), read and bounded: its mapping, and errors that
    name the file, the line and column of what is wrong, and what to write instead."""

    file: str
    located: Located

    @property
    def data(self) -> dict[str, Any]:
        return self.located.data  # type: ignore[no-any-return]

    def fail(self, message: str, where: Path = (), hint: str = "") -> LeagueError:
        line, col = self.located.where(where) if where else (1, 1)
        return LeagueError(f"{self.file}:{line}:{col}: {message}" + (f" — {hint}" if hint else ""))


def read_league_file(file: str, raw: bytes, keys: tuple[str, ...], what: str, shape: str) -> LeagueFile:
    """``raw`` as a ``LeagueFile`` holding a mapping with only ``keys``; ``LeagueError`` naming the file otherwise.
    ``what`` names the file in the unknown-key message ("a ruling"), ``shape`` says what it must be."""
    try:
        located = load(raw)
    except YamlInputError as e:
        raise LeagueError(f"{file}:{e.line}:{e.column}: {e.message}") from None
    if not isinstance(located.data, dict):
        raise LeagueError(f"{file}:1:1: {shape}")
    read = LeagueFile(file, located)
    unknown = [k for k in located.data if k not in keys]
    if unknown:
        raise read.fail(f"unknown key {unknown[0]!r} in {what}", (unknown[0],), f"write only {', '.join(keys)}")
    return read


_TAG = "tag:yaml.org,2002:"
# The YAML 1.2 core schema's plain scalars: one pattern, one group a tag.
_CORE = re.compile(
    r"^(?:(?P<bool>true|True|TRUE|false|False|FALSE)"
    r"|(?P<int>[-+]?[0-9]+|0x[0-9a-fA-F]+)"
    r"|(?P<float>[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))"
    r"|(?P<null>~|null|Null|NULL|))$"
)


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """libyaml's parser and composer with the YAML 1.2 core schema's scalars, resolved by one regex."""

    def resolve(self, kind: Any, value: Any, implicit: Any) -> str:
        if kind is yaml.ScalarNode:
            if implicit[0]:
                m = _CORE.match(value)
                if m and m.lastgroup:
                    return _TAG + m.lastgroup
            return _TAG + "str"
        return _TAG + ("seq" if kind is yaml.SequenceNode else "map")

    def descend_resolver(self, current_node: Any, current_index: Any) -> None:
        pass  # no path resolvers: nothing to track

    def ascend_resolver(self) -> None:
        pass


# Tokens that open a collection, and what the parser opens without a token of its own: a block sequence written
# at its mapping's indentation ("key:\n- a"), and a one-pair mapping inside a flow sequence ("[a: b]").
_OPEN = (yaml.BlockMappingStartToken, yaml.BlockSequenceStartToken, yaml.FlowMappingStartToken,
         yaml.FlowSequenceStartToken)
_CLOSE = (yaml.BlockEndToken, yaml.FlowMappingEndToken, yaml.FlowSequenceEndToken)
_INDENTLESS, _PAIR = "indentless", "pair"


def measure(text: str | bytes, max_depth: int, max_nodes: int, *, aliases: bool = True) -> tuple[int, int]:
    """The deepest nesting and the number of values of ``text``; refused beyond ``max_depth`` or ``max_nodes``,
    and at the first anchor or alias unless ``aliases``.

    Runs libyaml's scanner only, token by token, and tracks exactly the nesting the parser will build, so the
    composer (which recurses once a level) never sees a document deeper than the bound. An alias is one token
    but stands for its whole anchored value: ten levels of nine aliases each make 9**10 values for whatever
    walks the composed tree.
    """
    loader = _Loader(text)
    stack: list[Any] = []
    nodes = deepest = 0
    try:
        while (token := loader.get_token()) is not None:
            top = stack[-1] if stack else None
            opened: Any = None
            if isinstance(token, _OPEN):
                opened = type(token)
            elif isinstance(token, yaml.BlockEntryToken) and top is yaml.BlockMappingStartToken:
                opened = _INDENTLESS
            elif isinstance(token, yaml.KeyToken | yaml.ValueToken):
                if top is _INDENTLESS:
                    stack.pop()
                elif top is yaml.FlowSequenceStartToken:
                    opened = _PAIR
            elif isinstance(token, (*_CLOSE, yaml.FlowEntryToken)):
                if top in (_INDENTLESS, _PAIR):
                    stack.pop()
                if stack and not isinstance(token, yaml.FlowEntryToken):
                    stack.pop()
            elif isinstance(token, yaml.ScalarToken | yaml.AliasToken):
                nodes += 1
            if not aliases and isinstance(token, yaml.AnchorToken | yaml.AliasToken):
                line, col = token.start_mark.line + 1, token.start_mark.column + 1
                raise YamlInputError("anchors and aliases (& and *) are not accepted here", line, col,
                                     "turnpress never writes them: restore the file from git",
                                     word="yaml.aliases_league")
            if opened is not None:
                stack.append(opened)
                nodes += 1
                deepest = max(deepest, len(stack))
                if len(stack) > max_depth:
                    line, col = token.start_mark.line + 1, token.start_mark.column + 1
                    raise YamlInputError(f"nesting deeper than {max_depth} levels", line, col,
                                         "flatten the structure", word="yaml.nesting", most=max_depth)
            if nodes > max_nodes:
                line, col = token.start_mark.line + 1, token.start_mark.column + 1
                raise YamlInputError(f"the document has more than {max_nodes} values", line, col,
                                     "split it up or shorten it", word="yaml.nodes", most=max_nodes)
    except yaml.MarkedYAMLError as e:
        if "maximum nesting depth" in (e.problem or "") and e.problem_mark is not None:
            # libyaml 0.2.5 and later stop at their own bound (1,000 levels) while looking ahead for a simple
            # key, before the scanner hands us the first token of a deep flow collection: the same refusal.
            line, col = e.problem_mark.line + 1, e.problem_mark.column + 1
            raise YamlInputError(f"nesting deeper than {max_depth} levels", line, col,
                                 "flatten the structure", word="yaml.nesting", most=max_depth) from None
        raise _marked(e, text) from None
    except yaml.YAMLError as e:
        raise _unreadable(e, text) from None
    finally:
        loader.dispose()
    return deepest, nodes


# What may stand before the first token of a line in block context: indentation and the indicators of entries,
# complex keys and their values ("- - ? : "). A line break in YAML 1.1 (libyaml) is also CR, NEL, LS and PS.
_LINE_PREFIX = re.compile("(?:^|[\r\x85\u2028\u2029])[ \t?:-]*", re.M)


def within_bounds(text: str | bytes, max_depth: int, max_nodes: int) -> bool:
    """True if the characters of ``text`` alone prove that ``measure`` would pass it with no anchor or alias:
    then the reader can skip its token-by-token pass, which cost more than the parse itself (issue 33: the
    reports read by ``verify``). False means only "not proved": ``measure`` decides.

    The proof: an anchor needs ``&`` and an alias ``*``. Every value ``measure`` counts claims characters of its
    own (a scalar at least one; a collection the indicator of its first entry), so there are at most as many as
    characters. Block collections nest at strictly growing columns (the scanner's indentation stack), with at
    most one indentless sequence at a mapping's column, and a block collection starts at a line's first token,
    after at most the characters of ``_LINE_PREFIX``: so block nesting is at most twice (longest prefix + 1).
    Flow nesting is at most one level per ``{`` and two per ``[`` (a sequence and a pair inside it); an empty
    ``[]`` or ``{}`` adds one level at most, wherever it stands.

    >>> within_bounds("a: 1\\nb:\\n- [x, y]\\n- {}\\n", 32, 100)
    True
    >>> within_bounds("a: &x 1\\nb: *x\\n", 32, 100), within_bounds("[" * 20 + "]" * 20, 32, 1000)
    (False, False)
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")  # libyaml reads other encodings only after a BOM, which is not UTF-8
        except UnicodeDecodeError:
            return False
    if len(text) >= max_nodes or "&" in text or "*" in text:
        return False
    prefix = max(map(len, _LINE_PREFIX.findall(text)), default=0)
    empty = text.count("[]") + text.count("{}")
    flows = 2 * (text.count("[") - text.count("[]")) + text.count("{") - text.count("{}") + (1 if empty else 0)
    return 2 * (prefix + 1) + flows <= max_depth


def _mark(node: Any) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


class _Walker:
    """Turns a composed node tree into plain data, within bounds, recording positions."""

    def __init__(self, out: Located, max_depth: int, max_nodes: int) -> None:
        self.out, self.max_depth, self.max_nodes = out, max_depth, max_nodes
        self.seen: set[int] = set()

    def walk(self, node: Any, path: Path, depth: int) -> Any:
        line, col = _mark(node)
        if id(node) in self.seen:
            raise YamlInputError("anchors and aliases (& and *) are not accepted here", line, col,
                                 "write each value out in full", word="yaml.aliases")
        self.seen.add(id(node))
        if len(self.seen) > self.max_nodes:
            raise YamlInputError(f"the document has more than {self.max_nodes} values", line, col,
                                 "split it up or shorten it", word="yaml.nodes", most=self.max_nodes)
        if isinstance(node, yaml.MappingNode | yaml.SequenceNode) and depth >= self.max_depth:
            raise YamlInputError(f"nesting deeper than {self.max_depth} levels", line, col, "flatten the structure",
                                 word="yaml.nesting", most=self.max_depth)
        if isinstance(node, yaml.MappingNode):
            result: dict[str, Any] = {}
            for knode, vnode in node.value:
                key = self.walk(knode, path, depth + 1)
                kline, kcol = _mark(knode)
                if isinstance(key, int) and not isinstance(key, bool):
                    key = str(key)  # turn numbers as keys ("extend: {3: ...}") are read as text, like every key
                if not isinstance(key, str):
                    raise YamlInputError(f"keys must be text, not {key!r}", kline, kcol, f"write '{key}' in quotes",
                                         word="yaml.key_text", key=repr(key), raw=key)
                if key in result:
                    raise YamlInputError("not valid YAML: the same key appears twice in one mapping", kline, kcol,
                                         "keep one of them (later lines do not override earlier ones)",
                                         word="yaml.twice")
                self.out.keys[path + (key,)] = (kline, kcol)
                self.out.values[path + (key,)] = _mark(vnode)
                result[key] = self.walk(vnode, path + (key,), depth + 1)
            return result
        if isinstance(node, yaml.SequenceNode):
            items = []
            for i, item in enumerate(node.value):
                self.out.values[path + (i,)] = _mark(item)
                items.append(self.walk(item, path + (i,), depth + 1))
            return items
        return _scalar(node)


def _scalar(node: Any) -> Any:
    tag, value = node.tag, node.value
    if tag == _TAG + "str":
        return value
    if tag == _TAG + "null":
        return None
    if tag == _TAG + "bool":
        return value.lower() == "true"
    if tag == _TAG + "int":
        return int(value, 16) if value.lower().startswith("0x") else int(value)
    if tag == _TAG + "float":
        return float(value)  # kept so that a schema can say "write a whole number"
    line, col = _mark(node)
    raise YamlInputError(f"the tag {tag!r} is not accepted", line, col, "remove the tag (the word starting with !)",
                         word="yaml.tag", tag=repr(tag))


def _char_at(text: str | bytes | None, line: int, col: int) -> str:
    if text is None:
        return ""
    lines = (text.decode("utf-8", "replace") if isinstance(text, bytes) else text).split("\n")
    return lines[line - 1][col - 1:col] if 0 < line <= len(lines) else ""


def _marked(e: yaml.MarkedYAMLError, text: str | bytes | None = None) -> YamlInputError:
    mark = e.problem_mark or e.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    what = " ".join(x for x in (e.context, e.problem) if x)
    hint = "check the indentation and the colons on this line and the one before"
    if "but found another document" in what:
        return YamlInputError("not valid YAML: more than one YAML document (a line with ---)", line, col,
                              "keep one document a file", word="yaml.documents")
    if _char_at(text, line, col) == "\t":  # libyaml's marks carry no text, and its message drops the tab
        return YamlInputError("a tab character: YAML indents with spaces only", line, col,
                              "replace the tab with spaces (two per level, as in the template)", word="yaml.tab")
    # libyaml's own words (English) go with it as values: a check in another language says each in its words
    return YamlInputError(f"not valid YAML: {what}", line, col, hint, word="yaml.invalid", what=what,
                          context=e.context or "", problem=e.problem or "")


def _unreadable(e: yaml.YAMLError, text: str | bytes) -> YamlInputError:
    """A fault libyaml finds before it parses (a control character in the text), with its place."""
    if isinstance(e, yaml.reader.ReaderError) and isinstance(e.character, int) and isinstance(text, str):
        before = text[:e.position]
        line, col = before.count("\n") + 1, e.position - (before.rfind("\n") + 1) + 1
        code = f"U+{e.character:04X}"
        return YamlInputError(f"not valid YAML: the character {code} is not allowed here (a control character)",
                              line, col, "remove it; a text that needs it writes it in double quotes as an escape",
                              word="yaml.control", code=code)
    return YamlInputError(f"not valid YAML: {e}", word="yaml.unreadable")


def load(text: str | bytes, *, max_bytes: int = ORDERS_MAX_BYTES, max_depth: int = MAX_DEPTH,
         max_nodes: int | None = None) -> Located:
    """Parse one YAML document within bounds. Raises ``YamlInputError`` with line and column."""
    size = len(text.encode() if isinstance(text, str) else text)
    if size > max_bytes:
        raise YamlInputError(f"the file is {size} bytes; at most {max_bytes} are accepted", 1, 1,
                             "orders fit in a few kilobytes: remove what is not an order", word="yaml.size",
                             size=size, most=max_bytes)
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise YamlInputError(f"not UTF-8 text (byte {e.start})", 1, 1, "save the file as UTF-8",
                                 word="yaml.utf8", byte=e.start) from None
    max_nodes = max_nodes if max_nodes is not None else max(1000, max_bytes // 4)
    if not within_bounds(text, max_depth, max_nodes):
        measure(text, max_depth, max_nodes)
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as e:
        raise _marked(e, text) from None
    except yaml.YAMLError as e:
        raise _unreadable(e, text) from None
    finally:
        loader.dispose()
    out = Located(None)
    if node is not None:
        out.data = _Walker(out, max_depth, max_nodes).walk(node, (), 0)
    return out


def load_file(path: FsPath | str, **bounds: Any) -> Located:
    """``load`` the file at ``path``."""
    return load(FsPath(path).read_bytes(), **bounds)


def read_data(path: FsPath | str) -> Any:
    """Plain data of a league file (state, report, game.yaml): bounded, no positions; an error names the file."""
    try:
        return load_trusted(FsPath(path).read_bytes())
    except YamlInputError as e:
        raise YamlInputError(e.message, e.line, e.column, e.hint or "restore it from git (git checkout -- FILE)",
                             str(path)) from None


def read_mapping(path: FsPath | str) -> dict[str, Any]:
    """``read_data`` of a league file that must be a mapping (a state, a report): anything else names the file."""
    data = read_data(path)
    if not isinstance(data, dict):
        what = "nothing" if data is None else f"a {type(data).__name__}"
        raise YamlInputError(f"holds {what}, not a mapping of names to values", 1, 1,
                             "restore it from git (git checkout -- FILE)", str(path))
    return data


def load_trusted(text: str | bytes) -> Any:
    """``load`` for the league's own files and packaged data: the same reading, faster, without positions.

    What a text reads as is kept by the text itself (``_READ``) and handed out as a copy of its own: a process
    that reads the same file again (each issue page draws on every earlier turn's state; a test league's commands
    run in one process) copies the data instead of reading it again."""
    if len(text) > STATE_MAX_BYTES:
        raise YamlInputError(f"{len(text)} bytes is more than a league file may hold ({STATE_MAX_BYTES})")
    if text.__class__ not in (str, bytes):  # a bytearray or memoryview: no key
        return _load_trusted(text)
    with _READ_LOCK:
        kept = _READ.get(text, _NOT_CANONICAL)
        if kept is not _NOT_CANONICAL:
            _READ.move_to_end(text)
    if kept is not _NOT_CANONICAL:
        return _copy(kept)
    data = _load_trusted(text)
    if len(text) > READ_KEPT_BYTES // 16:
        return data
    global _read_bytes
    with _READ_LOCK:
        if text not in _READ:
            _READ[text] = data
            _read_bytes += len(text)
        while _read_bytes > READ_KEPT_BYTES:
            _read_bytes -= len(_READ.popitem(last=False)[0])
    return _copy(data)


# The texts read lately and their data, the least recently read first, up to READ_KEPT_BYTES of text in all (the
# data of a text takes some ten times its bytes).
READ_KEPT_BYTES = 8 << 20
_READ: OrderedDict[str | bytes, Any] = OrderedDict()
_READ_LOCK = threading.Lock()
_read_bytes = 0


def _copy(data: Any) -> Any:
    """A copy of read data: its mappings and lists new, its scalars (text, numbers, dates: never changed in place)
    shared."""
    if data.__class__ is dict:
        return {k: v if v.__class__ not in _CONTAINERS else _copy(v) for k, v in data.items()}
    if data.__class__ is list:
        return [v if v.__class__ not in _CONTAINERS else _copy(v) for v in data]
    return data


_CONTAINERS = frozenset((dict, list))


def _load_trusted(text: str | bytes) -> Any:
    data = canonical(text)
    if data is not _NOT_CANONICAL:
        return data
    # A league file is ours, but may be corrupt or planted; decrypted sealed files come here too. The writer
    # (``dump``) never makes anchors, so an alias is damage, and refusing it rules out alias bombs.
    if not within_bounds(text, TRUSTED_MAX_DEPTH, len(text) + 1):
        measure(text, TRUSTED_MAX_DEPTH, len(text) + 1, aliases=False)
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as e:
        raise _marked(e, text) from None
    finally:
        loader.dispose()
    return None if node is None else _fast(node)


def _fast(node: Any) -> Any:
    if isinstance(node, yaml.MappingNode):
        out = {}
        for k, v in node.value:
            key = _fast(k)
            out[str(key) if isinstance(key, int) else key] = _fast(v)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_fast(v) for v in node.value]
    return node.value if node.tag == _TAG + "str" else _scalar(node)


# --- the canonical writer's own text, read back without libyaml ------------------------------------------

_NOT_CANONICAL: Any = object()


class _Deviates(Exception):
    """The text is not what ``dump`` writes: the reader hands it to libyaml."""


def canonical(text: str | bytes) -> Any:
    """The data of ``text`` if ``text`` is exactly what ``dump`` writes of it, else ``_NOT_CANONICAL``.

    Nearly every file turnpress reads back it wrote itself (states, reports, game.yaml): reading those with
    libyaml meant a Python call for every scalar and a walk of the composed tree (issue 33: ``verify`` over 100
    turns read 100 reports of 35 kB each). Here the lines are read as ``dump`` lays them out, then the data is
    written again: only if that gives ``text`` byte for byte is it taken. Since whatever ``dump`` writes reads
    back as the data it was written from (``tests/test_yamlio.py``), the answer is the one libyaml gives; any
    other text (a hand edit, a comment, flow style, damage) goes to libyaml and its bounds as before. Nesting
    deeper than ``TRUSTED_MAX_DEPTH`` is left to them too, so nothing here recurses further.
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            return _NOT_CANONICAL
    if not text.endswith("\n") or "\r" in text:
        return _NOT_CANONICAL
    lines = text.split("\n")
    lines.pop()
    data: Any
    try:
        first = lines[0]
        if first.startswith("- "):
            data, end = _sequence(lines, 0, 0, first, 1)
        elif first[:1] == '"' or ":" in first:  # a bare scalar has no colon (``_BARE``)
            data, end = _mapping(lines, 0, 0, first, 1)
        else:
            return _NOT_CANONICAL  # one scalar, or nothing: rare, and libyaml's
        if end != len(lines):
            return _NOT_CANONICAL
    except (_Deviates, ValueError, IndexError, RecursionError):
        return _NOT_CANONICAL
    try:
        again = dump(data)
    except (TypeError, RecursionError):
        return _NOT_CANONICAL
    return data if again == text else _NOT_CANONICAL


_scanstring = json.decoder.scanstring  # type: ignore[attr-defined]


def _key(content: str) -> tuple[str, str]:
    """The key of a mapping's line and what follows its colon."""
    if content[:1] == '"':
        key, end = _scanstring(content, 1)
    else:
        end = content.index(":")
        key = content[:end]
    if content[end:end + 1] != ":":
        raise _Deviates
    return key, content[end + 1:]


def _value(rest: str) -> Any:
    """A value written inline after ``key: `` or ``- ``."""
    if rest[:1] == '"':
        value, end = _scanstring(rest, 1)
        if end != len(rest):
            raise _Deviates
        return value
    if rest == "{}":
        return {}
    if rest == "[]":
        return []
    if rest == "null":
        return None
    if rest == "true":
        return True
    if rest == "false":
        return False
    if rest and rest[0] in "-0123456789":
        return int(rest)
    return rest


def _nested(lines: list[str], i: int, column: int, depth: int) -> tuple[Any, int]:
    """The block under ``key:`` on line ``i - 1`` at ``column``: a sequence at the same column, or a mapping two
    further in."""
    if depth > TRUSTED_MAX_DEPTH:
        raise _Deviates
    line = lines[i]
    if line.startswith("- ", column) and not line[:column].strip():
        return _sequence(lines, i, column, line[column:], depth)
    inner = column + 2
    if line[inner:inner + 1] not in ("", " ") and not line[:inner].strip():
        return _mapping(lines, i, inner, line[inner:], depth)
    raise _Deviates


def _mapping(lines: list[str], i: int, column: int, content: str, depth: int) -> tuple[dict[str, Any], int]:
    """The mapping whose first line (``i``) holds ``content`` at ``column``; its other lines start there."""
    out: dict[str, Any] = {}
    n = len(lines)
    pad = " " * column
    while True:
        if content[0] == '"':
            key, end = _scanstring(content, 1)
        else:
            end = content.index(":")
            key = content[:end]
        rest = content[end + 1:]
        if content[end:end + 1] != ":" or key in out:
            raise _Deviates
        if not rest:
            out[key], i = _nested(lines, i + 1, column, depth + 1)
        elif rest[0] != " ":
            raise _Deviates
        else:
            first = rest[1:2]
            # text written bare, the most common value: no quote, digit, sign or collection, no word of YAML's
            out[key] = rest[1:] if first not in _SPECIAL and rest not in _WORDS else _value(rest[1:])
            i += 1
        if i == n:
            return out, i
        line = lines[i]
        if not line.startswith(pad) or line[column:column + 1] in ("", " ", "-"):
            if line.startswith(pad + " "):
                raise _Deviates
            return out, i  # the mapping ends: a line further out
        content = line[column:]


_SPECIAL = frozenset('"{[-0123456789')
_WORDS = frozenset((" null", " true", " false"))


def _sequence(lines: list[str], i: int, column: int, content: str, depth: int) -> tuple[list[Any], int]:
    """The sequence whose first item (``- ...``) is ``content`` at ``column`` on line ``i``."""
    out: list[Any] = []
    n = len(lines)
    dash = " " * column + "- "
    while True:
        rest = content[2:]
        item: Any
        if rest.startswith("- "):
            if depth > TRUSTED_MAX_DEPTH:
                raise _Deviates
            item, i = _sequence(lines, i, column + 2, rest, depth + 1)
        elif rest[:1] == '"':
            _, end = _scanstring(rest, 1)
            if rest[end:end + 1] == ":":
                item, i = _mapping(lines, i, column + 2, rest, depth + 1)
            else:
                item, i = _value(rest), i + 1
        elif ":" in rest:
            item, i = _mapping(lines, i, column + 2, rest, depth + 1)
        else:
            item, i = _value(rest), i + 1
        out.append(item)
        if i == n or not lines[i].startswith(dash):
            return out, i
        content = lines[i][column:]


# A plain scalar is written bare only if no YAML reader (1.1 or 1.2) could take it for anything but text.
_BARE = re.compile(r"^[^\W\d_][\w ./()+'-]*\Z")
_RESERVED = {"y", "n", "yes", "no", "on", "off", "true", "false", "null", "nan", "inf"}


def _text(value: str) -> str:
    """``value`` as the writer writes it; kept, because a state or report repeats the same keys and names
    thousands of times (issue 33: writing and checking each turn's files was much of ``verify``'s time)."""
    written = _TEXTS.get(value)
    if written is None:
        if len(_TEXTS) >= 1 << 16:
            _TEXTS.clear()
        written = _TEXTS[value] = _written(value)
    return written


_TEXTS: dict[str, str] = {}


def _written(value: str) -> str:
    if _BARE.match(value) and value.lower() not in _RESERVED and not value.endswith(" "):
        return value
    # A JSON string is a YAML double-quoted scalar, once what YAML cannot carry raw is escaped too.
    return _UNPRINTABLE.sub(_escaped, json.dumps(value, ensure_ascii=False))


def _escaped(found: re.Match[str]) -> str:
    code = ord(found[0])
    if 0xD800 <= code <= 0xDFFF:
        # No UTF-8 text holds a lone surrogate, but json.loads("\"\\ud800\"") does; YAML has no escape for one
        # (libyaml refuses "\ud800"), so the file written would be one no reader takes back.
        raise TypeError(f"text with a lone surrogate (U+{code:04X}) is never written: it is no Unicode text")
    return f"\\u{code:04x}"


# Not printable in YAML, or a line break YAML would fold inside quotes (NEL, LS, PS): escaped.
# Written as the characters escaped rather than as the complement of those kept (the same set, tested): a class of
# a few short ranges compiles ten times faster, and every command pays for it at import (issue 33).
_UNPRINTABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]")


def _scalar_text(value: Any) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _text(value)
    raise TypeError(f"{type(value).__name__} is never written: only plain data (no floats or objects)")


_COLLECTIONS = (dict, list, tuple)


def _emit(value: Any, indent: str, out: list[str]) -> None:
    """Block style: a mapping's entries at ``indent``, a list's items as '- ' at ``indent``."""
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise TypeError(f"keys must be text, not {key!r}")
            if item.__class__ is str:  # the most common value, first
                out.append(f"{indent}{_text(key)}: {_text(item)}\n")
            elif isinstance(item, _COLLECTIONS) and item:
                out.append(f"{indent}{_text(key)}:\n")
                _emit(item, indent + ("  " if isinstance(item, dict) else ""), out)
            else:
                out.append(f"{indent}{_text(key)}: {_inline(item)}\n")
    else:
        for item in value:
            if isinstance(item, _COLLECTIONS) and item:
                sub: list[str] = []
                _emit(item, indent + "  ", sub)
                out.append(f"{indent}- {sub[0][len(indent) + 2:]}")
                out.extend(sub[1:])
            else:
                out.append(f"{indent}- {_inline(item)}\n")


def _inline(value: Any) -> str:
    if isinstance(value, dict):
        return "{}"
    if isinstance(value, list | tuple):
        return "[]"
    return _scalar_text(value)


def dump(data: Any) -> str:
    """The canonical YAML text of plain ``data``: block style, keys in the order given, text quoted where any
    reader could mistake it.

    >>> print(dump({"land": "Atlantis", "B": 95, "notes": ["yes", "20:00"], "empty": {}}), end="")
    land: Atlantis
    B: 95
    notes:
    - "yes"
    - "20:00"
    empty: {}
    """
    if isinstance(data, dict | list | tuple) and data:
        out: list[str] = []
        _emit(data, "", out)
        return "".join(out)
    return _inline(data) + "\n"
