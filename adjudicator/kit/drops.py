"""Cutting faulty orders out of a file, many at once (issue 28): each fault found once, each cut made once.

A cut copies only the mappings and lists on its way (``remove``, ``replace``): the rest of the orders is shared,
so that cutting every entry of a long list costs no more than reading it. ``cut_all`` makes the cuts one
reading of a file found (deepest and last first, so that no cut moves what another points at) and leaves for
the next reading what a cut already changed: the faults of an entry that is gone, a route already shortened.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..model import Orders, Path, Problem

_GONE = object()
_TOMB = object()  # where ``cut_all``'s cuts removed a list item: the list is closed up once, after them


class _InPlace:
    """While ``cut_all`` cuts, the orders it cuts (a copy of its own) are changed in place, and each cut is
    written down: a copy along the path of every cut would cost a long list's length each time."""

    root: Any = None
    journal: list[tuple[Path, Any]] | None = None


def remove(orders: Orders, path: Path) -> Orders:
    """A copy of ``orders`` without the list item or mapping key at ``path`` (what is not on the way is shared).

    >>> remove({"bids": [{"order": 1}, {"order": 9}], "site": {}}, ("bids", 1))
    {'bids': [{'order': 1}], 'site': {}}
    """
    return _along(orders, path, _GONE)


def replace(orders: Orders, path: Path, value: Any) -> Orders:
    """A copy of ``orders`` with ``value`` at ``path`` (what is not on the way is shared).

    >>> replace({"trucks": [{"route": ["HH", "X"]}]}, ("trucks", 0, "route"), ["HH"])
    {'trucks': [{'route': ['HH']}]}
    """
    return _along(orders, path, value)


def _along(orders: Any, path: Path, value: Any) -> Any:
    if not path:
        raise KeyError("no path")
    if _InPlace.journal is not None and orders is _InPlace.root:
        parent = orders
        for step in path[:-1]:
            parent = _step(parent, step)
        before = _step(parent, path[-1])  # it is there
        if value is _GONE and isinstance(parent, list) and isinstance(path[-1], int):
            parent[path[-1]] = _TOMB
        elif value is _GONE:
            del parent[path[-1]]
        else:
            parent[path[-1]] = value
        _InPlace.journal.append(_placed(tuple(path), before, value))
        return orders
    top = _shallow(orders)
    parent = top
    for step in path[:-1]:
        child = _shallow(parent[step])
        parent[step] = child
        parent = child
    if value is _GONE:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return top


def _placed(path: Path, before: Any, after: Any) -> tuple[Path, Any]:
    """Where a cut at ``path`` changed the orders (``_changed``): a list replaced by its own beginning (a route
    shortened) changed from the first item it lost on; anything else at ``path`` itself."""
    if (isinstance(before, list) and isinstance(after, list) and len(after) < len(before)
            and (not after or after[-1] is before[len(after) - 1])):
        return path, len(after)
    return path[:-1], path[-1]


def _step(node: Any, step: Any) -> Any:
    found = node[step]
    if found is _TOMB:
        raise KeyError(step)
    return found


def _shallow(value: Any) -> Any:
    if isinstance(value, dict):
        return dict(value)
    if isinstance(value, list):
        return list(value)
    raise TypeError(f"not a mapping or a list: {type(value).__name__}")


def _order(path: Path) -> list[tuple[int, Any]]:
    """Paths in document order: list indices as numbers, and a path before the paths below it."""
    return [(0, p) if isinstance(p, int) and not isinstance(p, bool) else (1, str(p)) for p in path]


def _resolves(orders: Any, path: Path) -> bool:
    node = orders
    for step in path:
        if isinstance(node, dict) and step in node:
            node = node[step]
        elif isinstance(node, list) and isinstance(step, int) and not isinstance(step, bool) and 0 <= step < len(node):
            node = node[step]
        else:
            return False
        if node is _TOMB:
            return False
    return True


def _changed(old: Any, new: Any, path: Path) -> tuple[Path, Any] | None:
    """Where a cut made for a fault at ``path`` changed the orders: the container and the key or index from
    which on it changed (a list item removed or a list shortened there, a key removed or a value replaced);
    None if that cannot be told (the change is not along the path)."""
    a, b = old, new
    for depth, step in enumerate(path):
        if a is b:
            return None
        if isinstance(a, dict) and isinstance(b, dict):
            if step not in b:
                return ((path[:depth], step) if len(b) == len(a) - 1 and all(k in a for k in b)
                        else _whole(path, depth))
            if len(a) != len(b):
                return _whole(path, depth)
        elif isinstance(a, list) and isinstance(b, list):
            if len(b) < len(a) and isinstance(step, int):
                return path[:depth], step
            if len(a) != len(b) or not isinstance(step, int) or step >= len(b):
                return _whole(path, depth)
        else:
            return _whole(path, depth)
        a, b = a[step], b[step]
    return (path[:-1], path[-1]) if path and a is not b else None


def _whole(path: Path, depth: int) -> tuple[Path, Any] | None:
    """The container at ``path[:depth]`` changed as a whole."""
    return (path[:depth - 1], path[depth - 1]) if depth else None


@dataclass
class Round:
    """What one reading's cuts did: the orders after them, the faults cut (in the order given), and each list
    item removed (its list's path and its index, in the orders before the round)."""

    orders: Orders
    cut: list[Problem] = field(default_factory=list)
    removed: list[tuple[Path, int]] = field(default_factory=list)


def cut_all(drop: Callable[[Orders, Problem], Orders | None], orders: Orders,
            problems: Sequence[Problem]) -> Round | None:
    """Every fault of ``problems`` cut that a cut before it in this round did not touch; None if a cut says
    that nothing can be kept (``drop`` returned None). The faults left are found again by the next reading.
    ``orders`` is not changed: the cuts are made on a copy, in place, and its lists closed up at the end."""
    touched: set[Path] = set()  # a changed entry: faults at or below it wait for the next round
    above: set[Path] = set()  # every path above a changed entry: a fault there waits too
    cut: list[int] = []
    removed: list[tuple[Path, int]] = []
    work = _copy_tree(orders)
    try:
        for i in sorted(range(len(problems)), key=lambda i: _order(problems[i].path), reverse=True):
            path = tuple(problems[i].path)
            if path in above or any(path[:n] in touched for n in range(len(path) + 1)) or not _resolves(work, path):
                continue
            _InPlace.root, _InPlace.journal = work, []
            after = drop(work, problems[i])
            journal, _InPlace.journal = _InPlace.journal, None
            if after is None:
                return None
            if after is work and len(journal) == 1:
                container, key = journal[0]
                items = _list_at(work, container)
                if items is not None and isinstance(key, int) and key < len(items) and items[key] is _TOMB:
                    removed.append((container, key))
                where: tuple[Path, Any] | None = (container, key)
            elif after is work:
                where = None  # several cuts at once: where they all are is not told
            else:  # a cut of the rules' own (a card replaced), sharing the rest
                where = _changed(work, after, path)
            work = after
            cut.append(i)
            if where is None:  # what the cut changed cannot be placed: nothing more this round
                break
            entry = (*where[0], where[1])
            touched.add(entry)
            above.update(entry[:n] for n in range(len(entry)))
    finally:
        _InPlace.root, _InPlace.journal = None, None
    return Round(_closed(work), [problems[i] for i in sorted(cut)], removed)


def _copy_tree(value: Any) -> Any:
    """The mappings and lists of ``value`` copied (what is in them is never changed in place)."""
    if isinstance(value, dict):
        return {k: _copy_tree(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_tree(v) for v in value]
    return value


def _closed(value: Any) -> Any:
    """``value`` without the list items cut (``_TOMB``)."""
    if isinstance(value, dict):
        return {k: _closed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_closed(v) for v in value if v is not _TOMB]
    return value


def _list_at(orders: Any, path: Path) -> list[Any] | None:
    node = orders
    for step in path:
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            return None
    return node if isinstance(node, list) else None


class PathMap:
    """Where a path into the orders after some rounds of cuts points in the orders before them."""

    def __init__(self) -> None:
        self._rounds: list[dict[Path, list[int]]] = []

    def add(self, removed: Sequence[tuple[Path, int]]) -> None:
        by_list: dict[Path, list[int]] = {}
        for container, index in removed:
            by_list.setdefault(tuple(container), []).append(index)
        self._rounds.append({k: sorted(v) for k, v in by_list.items()})

    def before(self, path: Path) -> Path:
        """``path`` in the orders before every round.

        >>> m = PathMap(); m.add([((), 1)]); m.add([(("x",), 0)])
        >>> m.before((1, "move")), m.before((0,))
        ((2, 'move'), (0,))
        """
        for gone in reversed(self._rounds):
            out: list[Any] = []
            for step in path:
                cuts = gone.get(tuple(out))
                if cuts and isinstance(step, int) and not isinstance(step, bool):
                    step = _original(step, cuts)
                out.append(step)
            path = tuple(out)
        return path


def _original(index: int, cuts: list[int]) -> int:
    """The index before ``cuts`` (sorted, each the index of an item removed) of what is at ``index`` after."""
    original = index
    while True:
        moved = index + bisect.bisect_right(cuts, original)
        if moved == original:
            return original
        original = moved
