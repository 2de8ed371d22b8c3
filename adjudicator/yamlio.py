"""Reading YAML safely and writing it canonically.

Reading: every input is bounded before it is parsed (bytes, nesting depth, number of nodes; anchors and
aliases are refused, which rules out alias bombs), duplicate keys are errors, and the result is plain data
with a map from each path to its line and column (1-based) for error messages.

Writing: one writer for everything the league stores, so the same data always gives the same bytes. Keys
keep the order the data was built in (deterministic code builds them deterministically); block style;
UTF-8; no floats, no sets, no objects (``is_plain``).
"""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path as FsPath
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.events import (
    AliasEvent,
    CollectionStartEvent,
    MappingEndEvent,
    NodeEvent,
    SequenceEndEvent,
)

from .model import Path, is_plain

ORDERS_MAX_BYTES = 256 * 1024
STATE_MAX_BYTES = 64 * 1024 * 1024
MAX_DEPTH = 32


class YamlInputError(Exception):
    """A YAML input that cannot be read: carries the place and what to write instead."""

    def __init__(self, message: str, line: int = 1, column: int = 1, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.hint = hint


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


def _yaml_rt() -> YAML:
    y = YAML(typ="rt", pure=True)
    y.allow_duplicate_keys = False
    return y


def _prescan(text: str, max_depth: int, max_nodes: int) -> None:
    """Walk the event stream once: refuse anchors, aliases, deep nesting and huge documents."""
    depth = nodes = 0
    try:
        for event in _yaml_rt().parse(io.StringIO(text)):
            mark = getattr(event, "start_mark", None)
            line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
            if isinstance(event, AliasEvent) or (isinstance(event, NodeEvent) and event.anchor):
                raise YamlInputError(
                    "anchors and aliases (& and *) are not accepted here",
                    line, col, "write each value out in full",
                )
            if isinstance(event, NodeEvent):
                nodes += 1
                if nodes > max_nodes:
                    raise YamlInputError(f"the document has more than {max_nodes} values", line, col,
                                         "split it up or shorten it")
            if isinstance(event, CollectionStartEvent):
                depth += 1
                if depth > max_depth:
                    raise YamlInputError(f"nesting deeper than {max_depth} levels", line, col,
                                         "flatten the structure")
            elif isinstance(event, MappingEndEvent | SequenceEndEvent):
                depth -= 1
    except MarkedYAMLError as e:
        raise _marked(e) from None
    except YAMLError as e:  # pragma: no cover - ruamel raises marked errors for syntax
        raise YamlInputError(f"not valid YAML: {e}") from None


def _marked(e: MarkedYAMLError) -> YamlInputError:
    mark = e.problem_mark or e.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    what = " ".join(x for x in (e.context, e.problem) if x)
    hint = "check the indentation and the colons on this line and the one before"
    if "duplicate key" in what:
        what = "the same key appears twice in one mapping"
        hint = "keep one of them (later lines do not override earlier ones)"
    return YamlInputError(f"not valid YAML: {what}", line, col, hint)


def _plain(node: Any, path: Path, out: Located) -> Any:
    if isinstance(node, CommentedMap):
        result = {}
        for k, v in node.items():
            if isinstance(k, int) and not isinstance(k, bool):
                k = str(k)  # turn numbers as keys ("extend: {3: ...}") are read as text, like every key
            if not isinstance(k, str):
                line, col = node.lc.key(k)
                raise YamlInputError(f"keys must be text, not {type(k).__name__} {k!r}", line + 1, col + 1,
                                     f"write '{k}' in quotes")
            kl, kc = node.lc.key(k if k in node else int(k))
            vl, vc = node.lc.value(k if k in node else int(k))
            out.keys[path + (k,)] = (kl + 1, kc + 1)
            out.values[path + (k,)] = (vl + 1, vc + 1)
            result[k] = _plain(v, path + (k,), out)
        return result
    if isinstance(node, CommentedSeq):
        items = []
        for i, v in enumerate(node):
            il, ic = node.lc.item(i)
            out.values[path + (i,)] = (il + 1, ic + 1)
            items.append(_plain(v, path + (i,), out))
        return items
    if isinstance(node, bool) or node is None:
        return node
    if isinstance(node, int):
        return int(node)
    if isinstance(node, float):
        return float(node)  # kept so that the schema can say "write a whole number"
    if isinstance(node, str):
        return str(node)
    if isinstance(node, dt.datetime | dt.date):
        return node.isoformat()
    return str(node)


def load(text: str | bytes, *, max_bytes: int = ORDERS_MAX_BYTES, max_depth: int = MAX_DEPTH,
         max_nodes: int | None = None) -> Located:
    """Parse one YAML document within bounds. Raises ``YamlInputError`` with line and column."""
    size = len(text.encode() if isinstance(text, str) else text)
    if size > max_bytes:
        raise YamlInputError(f"the file is {size} bytes; at most {max_bytes} are accepted", 1, 1,
                             "orders fit in a few kilobytes: remove what is not an order")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise YamlInputError(f"not UTF-8 text (byte {e.start})", 1, 1, "save the file as UTF-8") from None
    _prescan(text, max_depth, max_nodes if max_nodes is not None else max(1000, max_bytes // 4))
    try:
        docs = list(_yaml_rt().load_all(io.StringIO(text)))
    except MarkedYAMLError as e:
        raise _marked(e) from None
    if len(docs) > 1:
        raise YamlInputError("more than one YAML document (a line with ---)", 1, 1, "keep one document a file")
    out = Located(None)
    out.data = _plain(docs[0] if docs else None, (), out)
    return out


def load_file(path: FsPath | str, **bounds: Any) -> Located:
    """``load`` the file at ``path``."""
    return load(FsPath(path).read_bytes(), **bounds)


def read_data(path: FsPath | str) -> Any:
    """Plain data of a trusted league file (state, report, game.yaml), with generous bounds."""
    return load_file(path, max_bytes=STATE_MAX_BYTES, max_depth=64, max_nodes=50_000_000).data


def _writer() -> YAML:
    y = YAML(typ="rt", pure=True)
    y.default_flow_style = False
    y.allow_unicode = True
    y.width = 4096
    y.indent(mapping=2, sequence=4, offset=2)
    return y


def _commented(value: Any) -> Any:
    if isinstance(value, Mapping):
        m = CommentedMap()
        for k, v in value.items():
            m[k] = _commented(v)
        return m
    if isinstance(value, list | tuple):
        s = CommentedSeq(_commented(v) for v in value)
        if not value:
            s.fa.set_flow_style()
        return s
    return value


def dump(data: Any) -> str:
    """The canonical YAML text of plain ``data``."""
    if not is_plain(data):
        raise TypeError("only plain data (dicts, lists, str, int, bool, None) is written; no floats or objects")
    buf = io.StringIO()
    _writer().dump(_commented(data), buf)
    return buf.getvalue()


def dump_commented(data: CommentedMap) -> str:
    """YAML text of a ruamel ``CommentedMap`` built with comments (templates), in the canonical style."""
    buf = io.StringIO()
    _writer().dump(data, buf)
    return buf.getvalue()
