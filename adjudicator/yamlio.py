"""Reading YAML safely and writing it canonically.

Reading: every input is bounded before it is parsed (bytes), and while it is walked (nesting depth, number of
values); aliases are refused, which rules out alias bombs; duplicate keys are errors; scalars are read by the
YAML 1.2 core schema, so ``no`` and ``20:00`` stay text. The result is plain data with a map from each path to
its line and column (1-based) for error messages. libyaml (through PyYAML) does the parsing: fast enough that a
command reading a large state starts at once.

Writing: one writer for everything the league stores, so the same data always gives the same bytes. Keys keep
the order the data was built in (deterministic code builds them deterministically); block style; UTF-8;
anything another YAML reader could take for a number, a date or a boolean is quoted; no floats, no sets, no
objects (``is_plain``). Commented templates are written with ruamel.yaml, which keeps comments.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path as FsPath
from typing import Any

import yaml

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


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """libyaml's parser and composer with the YAML 1.2 core schema's scalars."""


_Loader.yaml_implicit_resolvers = {}
for _tag, _pattern, _first in (
    ("bool", r"true|True|TRUE|false|False|FALSE", "tTfF"),
    ("int", r"[-+]?[0-9]+|0x[0-9a-fA-F]+", "-+0123456789"),
    ("float", r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)",
     "-+0123456789."),
    ("null", r"~|null|Null|NULL|", ["~", "n", "N", ""]),
):
    _Loader.add_implicit_resolver(f"tag:yaml.org,2002:{_tag}", re.compile(rf"^(?:{_pattern})$"), list(_first))

_TAG = "tag:yaml.org,2002:"


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
                                 "write each value out in full")
        self.seen.add(id(node))
        if len(self.seen) > self.max_nodes:
            raise YamlInputError(f"the document has more than {self.max_nodes} values", line, col,
                                 "split it up or shorten it")
        if isinstance(node, yaml.MappingNode | yaml.SequenceNode) and depth >= self.max_depth:
            raise YamlInputError(f"nesting deeper than {self.max_depth} levels", line, col, "flatten the structure")
        if isinstance(node, yaml.MappingNode):
            result: dict[str, Any] = {}
            for knode, vnode in node.value:
                key = self.walk(knode, path, depth + 1)
                kline, kcol = _mark(knode)
                if isinstance(key, int) and not isinstance(key, bool):
                    key = str(key)  # turn numbers as keys ("extend: {3: ...}") are read as text, like every key
                if not isinstance(key, str):
                    raise YamlInputError(f"keys must be text, not {key!r}", kline, kcol, f"write '{key}' in quotes")
                if key in result:
                    raise YamlInputError("not valid YAML: the same key appears twice in one mapping", kline, kcol,
                                         "keep one of them (later lines do not override earlier ones)")
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
    raise YamlInputError(f"the tag {tag!r} is not accepted", line, col, "remove the tag (the word starting with !)")


def _marked(e: yaml.MarkedYAMLError) -> YamlInputError:
    mark = e.problem_mark or e.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    what = " ".join(x for x in (e.context, e.problem) if x)
    hint = "check the indentation and the colons on this line and the one before"
    if "but found another document" in what:
        what, hint = "more than one YAML document (a line with ---)", "keep one document a file"
    return YamlInputError(f"not valid YAML: {what}", line, col, hint)


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
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as e:
        raise _marked(e) from None
    except yaml.YAMLError as e:
        raise YamlInputError(f"not valid YAML: {e}") from None
    finally:
        loader.dispose()
    out = Located(None)
    if node is not None:
        out.data = _Walker(out, max_depth, max_nodes if max_nodes is not None else max(1000, max_bytes // 4)).walk(
            node, (), 0)
    return out


def load_file(path: FsPath | str, **bounds: Any) -> Located:
    """``load`` the file at ``path``."""
    return load(FsPath(path).read_bytes(), **bounds)


def read_data(path: FsPath | str) -> Any:
    """Plain data of a trusted league file (state, report, game.yaml), with generous bounds."""
    return load_file(path, max_bytes=STATE_MAX_BYTES, max_depth=64, max_nodes=50_000_000).data


class _Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """libyaml's emitter. Its resolver is YAML 1.1's, so it quotes 'yes', '20:00' and dates, which any reader
    then takes as text."""


def _no_floats(dumper: Any, value: float) -> Any:
    raise TypeError("floats are never written")


_Dumper.add_representer(float, _no_floats)


def dump(data: Any) -> str:
    """The canonical YAML text of plain ``data``."""
    if not is_plain(data):
        raise TypeError("only plain data (dicts, lists, str, int, bool, None) is written; no floats or objects")
    return yaml.dump(_lists(data), Dumper=_Dumper, sort_keys=False, allow_unicode=True, default_flow_style=False,
                     width=4096, indent=2)


def _lists(value: Any) -> Any:
    """Tuples written as lists (the safe representer knows lists only)."""
    if isinstance(value, dict):
        return {k: _lists(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_lists(v) for v in value]
    return value


def dump_commented(data: Any) -> str:
    """YAML text of a ruamel ``CommentedMap`` built with comments (templates), in block style."""
    import io

    from ruamel.yaml import YAML

    y = YAML(typ="rt", pure=True)
    y.default_flow_style = False
    y.allow_unicode = True
    y.width = 4096
    y.indent(mapping=2, sequence=4, offset=2)
    buf = io.StringIO()
    y.dump(data, buf)
    return buf.getvalue()
