"""Changes to the files a person edits too (``game.yaml``, ``mkdocs.yml``, rulings), keeping what they wrote.

turnpress writes these files' values, and the game master writes comments, blank lines, quoting and an order of
their own around them. Each change goes through ruamel.yaml's round trip: the file is read as a tree that keeps
every comment and the layout, the change is made on that tree, and it is written back, every line that the
change does not touch as it was. The bounded reader (``yamlio``) has read and judged the file before (size,
depth, aliases, duplicate keys); the canonical writer (``yamlio.dump``) stays for the files only turnpress writes,
and lays out each value turnpress adds here, so that a new block reads as ``turnpress new`` would write it.

A file's indentation of lists is its own (``game.yaml`` writes ``- `` under its key, MkDocs' examples indent it):
the layout that gives the file's text back unchanged is found first and used for the whole file. A comment at
the end of a value that turnpress replaces (ruamel ties the comment lines between two keys to the last line of
the first) moves to the end of the new value, so no comment is lost. After the change, the text is read again
with the bounded reader and must be the data the caller expects, or nothing is written.

>>> text = "# the game master's note\\ngame: g1\\nplayers:\\n- key: ann  # she plays red\\n# the end\\n"
>>> print(edit(text, lambda t: append(t["players"], {"key": "bob"})), end="")
# the game master's note
game: g1
players:
- key: ann  # she plays red
- key: bob
# the end
"""

from __future__ import annotations

import copy
import io
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from . import yamlio
from .errors import LeagueError

if TYPE_CHECKING:
    from ruamel.yaml import YAML

# ruamel.yaml is imported where a file is edited, not with this module: the commands that only read (validate,
# verify, status) do not pay for loading it (issue 33, validate's cold start).

# (mapping, sequence, offset) as ruamel names them: "- " at its key's column, or indented by two.
LAYOUTS = ((2, 2, 0), (2, 4, 2))


def _yaml(layout: tuple[int, int, int] = LAYOUTS[0]) -> YAML:
    from ruamel.yaml import YAML

    y = YAML(typ="rt")
    y.preserve_quotes = True
    y.width = 4096  # never fold a long line the person wrote on one
    y.indent(mapping=layout[0], sequence=layout[1], offset=layout[2])
    return y


def _text(y: YAML, tree: Any) -> str:
    out = io.StringIO()
    y.dump(tree, out)
    return out.getvalue()


def _layout(text: str) -> tuple[YAML, Any]:
    """The round-trip reader whose layout gives ``text`` back unchanged (the first one, if none does), and the
    tree it read."""
    chosen: tuple[YAML, Any] | None = None
    for layout in LAYOUTS:
        y = _yaml(layout)
        tree = y.load(text)
        if chosen is None:
            chosen = (y, tree)
        if _text(y, tree) == text:
            return y, y.load(text)
    assert chosen is not None
    return chosen


def edit(text: str, change: Callable[[Any], None]) -> str:
    """``text`` with ``change`` made to its round-trip tree (a ``CommentedMap`` for a mapping file)."""
    from ruamel.yaml.error import YAMLError

    try:
        y, tree = _layout(text)
    except YAMLError as e:
        raise LeagueError(f"cannot read the file to change it: {e}", word="yamledit.unreadable", detail=str(e)
                          ) from None
    change(tree)
    return _text(y, tree)


def edit_checked(where: str, text: str, change: Callable[[Any], None], expected: Any) -> str:
    """``edit``, then the new text read with the bounded reader must be ``expected`` (plain data); a file laid
    out so that the change would do anything else is refused, naming it."""
    out = edit(text, change)
    if yamlio.load(out.encode("utf-8")).data != expected:
        raise LeagueError(f"{where}: cannot make turnpress's change to it without changing it otherwise; "
                          "restore the file from git and try again", word="yamledit.otherwise", where=where)
    return out


def node(value: Any) -> Any:
    """``value`` as round-trip nodes, laid out and quoted as the canonical writer writes it."""
    return _yaml().load(yamlio.dump({"v": value}))["v"]


def plain(value: Any) -> Any:
    """A round-trip value as plain data (dicts, lists, scalars), to compare with what turnpress computed."""
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, str):
        return str(value)
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, int):
        return int(value)
    return value


# --- comments at the end of a value ----------------------------------------------------------------------------
# ruamel keeps the comment lines that follow a block in the comment slot of the block's last scalar: of its last
# key (slot 2 of a mapping's entry) or its last item (slot 0 of a sequence's entry), however deep.

def _last_slot(value: Any) -> tuple[Any, Any, int] | None:
    """(container, key, slot) where the comment after ``value`` is kept, or None (a flow or empty value)."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    if isinstance(value, CommentedMap) and value:
        key = list(value)[-1]
        inner = _last_slot(value[key])
        return inner if inner is not None else (value, key, 2)
    if isinstance(value, CommentedSeq) and value:
        inner = _last_slot(value[-1])
        return inner if inner is not None else (value, len(value) - 1, 0)
    return None


def _split(entry: list[Any], index: int) -> Any:
    """The comment lines after an entry's line, taken out of ``entry[index]``; an end-of-line comment on the
    entry's own line stays (ruamel keeps both in one token: its text up to the first line end is the line's)."""
    token = entry[index]
    if token is None:
        return None
    own, lines_after = token.value.split("\n", 1) if "\n" in token.value else (token.value, "")
    if not lines_after:
        return None
    moved = copy.copy(token)
    moved.value = "\n" + lines_after
    if own.strip():
        token.value = own + "\n"
    else:
        entry[index] = None
    return moved


def take_trailing(value: Any) -> Any:
    """Remove and return the comment lines kept after ``value``'s last line (a token, or None)."""
    slot = _last_slot(value)
    if slot is None:
        return None
    container, key, index = slot
    entry = container.ca.items.get(key)
    return _split(entry, index) if entry else None


def _append_comment(entry: list[Any], index: int, token: Any) -> None:
    if entry[index] is None:
        entry[index] = token
    else:  # the new place has an end-of-line comment of its own: the lines follow it
        entry[index].value = entry[index].value.rstrip("\n") + token.value


def give_trailing(value: Any, token: Any) -> bool:
    """Put the comment ``token`` after ``value``'s last line; False if ``value`` has no place for it."""
    if token is None:
        return True
    slot = _last_slot(value)
    if slot is None:
        return False
    container, key, index = slot
    _append_comment(container.ca.items.setdefault(key, [None, None, None, None]), index, token)
    return True


def put(mapping: Any, key: str, value: Any, *, before: str | None = None) -> None:
    """Set ``mapping[key]`` to ``value`` (plain data, laid out canonically) unless it is that already; a new
    key goes before ``before`` if that key is there, else at the end. The comment after the old value, or after
    the mapping's last value if the key is new and last, follows the new value."""
    if key in mapping and plain(mapping[key]) == value:
        return
    new = node(value)
    keys = list(mapping)
    if key not in mapping and before is not None and before in mapping:
        # the comment lines above ``before`` are kept with the value before it: they move below the new key
        at = keys.index(before)
        token = _trailing_of(mapping, keys[at - 1]) if at else None
        mapping.insert(at, key, new)
        if token is not None and not give_trailing(new, token):
            _append_comment(mapping.ca.items.setdefault(key, [None, None, None, None]), 2, token)
        return
    last = key if key in mapping else (keys[-1] if keys else None)
    token = _trailing_of(mapping, last) if last is not None else None
    mapping[key] = new
    if token is not None and not give_trailing(new, token):
        _append_comment(mapping.ca.items.setdefault(key, [None, None, None, None]), 2, token)


def _trailing_of(mapping: Any, key: Any) -> Any:
    """Take the comment lines after ``mapping[key]``'s value (kept in the value, or for a scalar or flow value,
    with the key)."""
    token = take_trailing(mapping[key])
    if token is None and mapping.ca.items.get(key):
        token = _split(mapping.ca.items[key], 2)
    return token


def remove(mapping: Any, key: str, index: int) -> None:
    """Take item ``index`` out of the list ``mapping[key]``, and the key too if nothing is left. The comment lines
    after the item (ruamel keeps there the comment above what follows) stay: after the item before it, else after
    the list, else after the value before the key."""
    seq = mapping[key]
    token = take_trailing(seq[index])
    if token is None and seq.ca.items.get(index):
        token = _split(seq.ca.items[index], 0)
    del seq[index]
    if seq:
        if token is not None and index > 0 and not give_trailing(seq[index - 1], token):
            _append_comment(seq.ca.items.setdefault(index - 1, [None, None, None, None]), 0, token)
        elif token is not None and index == 0:
            give_trailing(seq, token)
        return
    keys = list(mapping)
    at = keys.index(key)
    del mapping[key]
    if token is not None and at > 0:
        before = keys[at - 1]
        if not give_trailing(mapping[before], token):
            _append_comment(mapping.ca.items.setdefault(before, [None, None, None, None]), 2, token)


def append(seq: Any, value: Any) -> None:
    """Add ``value`` (plain data) at the end of ``seq``; the comment after the old last item follows the new."""
    token = take_trailing(seq)
    seq.append(node(value))
    give_trailing(seq, token)
