"""The data a ruleset reads (maps, tables, decks), pinned per game so that a newer turnpress replays an older game.

A ruleset's code ships with data files in its package. ``turnpress new`` copies the files the ruleset names
(its ``data_files(options)`` hook, ``ruleset.PinsData``) into ``games/<game>/data/`` and records each one's
SHA-256 under ``data:`` in ``game.yaml``. Every call into a game's ruleset (``store.Game.ruleset``) then runs
with those copies in place of the packaged files: a release that changes a map or a table changes new games,
never the turns of an old one. A copy that is missing or not what ``game.yaml`` records is refused, naming the
file (``PinError``). A file the game did not pin (the release added it after the game was set up) is read from
the package, and ``unpinned`` names it, so ``verify`` can say so.

Rulesets read their data with ``read(__package__, "data/tables.yaml")`` and parse it with ``parsed``, which keeps
one parse per content: a process that adjudicates an old and a new game of the same rules keeps both.

>>> calamity = "adjudicator.rulesets.calamity"
>>> with pinned(calamity, {"data/cards.yaml": b"cards: []\\n"}):
...     read(calamity, "data/cards.yaml")
b'cards: []\\n'
>>> read(calamity, "data/cards.yaml") == packaged(calamity, "data/cards.yaml")
True
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ..errors import LeagueError

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

DATA_DIR = "data"  # games/<game>/data/<path in the ruleset's package>
T = TypeVar("T")


class PinError(LeagueError):
    """A game's pinned data is missing or not what its ``game.yaml`` records."""


@dataclass
class Pins:
    """The pinned files of one game: path in the ruleset's package -> bytes; ``unpinned`` what was read besides."""

    package: str
    files: Mapping[str, bytes]
    unpinned: set[str] = field(default_factory=set)


_CURRENT: ContextVar[Pins | None] = ContextVar("turnpress_pinned_data", default=None)
# The unpinned files read while a drawing is made (``drawcache``), to be noted again when it is taken from there.
_READS: ContextVar[set[str] | None] = ContextVar("turnpress_unpinned_reads", default=None)


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@cache
def package_files(package: str) -> Traversable:
    """The files of ``package``, as ``importlib.resources.files`` gives them: a package that is a folder on disk, as
    every install of turnpress has it, is that folder, without importlib's resource readers, which import
    ``zipfile`` and with it a tenth of what a ``turnpress validate`` spends starting (issue 33). A package not
    imported yet is found, not run: its files are read without its code (the site's catalogue of rulesets is in
    ``adjudicator.newsletter``, whose issue renderer a ``validate`` does not need)."""
    module = sys.modules.get(package)
    spec = module.__spec__ if module is not None else importlib.util.find_spec(package)
    locations = list(getattr(spec, "submodule_search_locations", None) or ())
    if len(locations) == 1 and os.path.isdir(locations[0]):
        return Path(locations[0])
    from importlib import resources  # a zipped or namespace package: importlib's readers know it

    return resources.files(package)


@cache
def packaged(package: str, path: str) -> bytes:
    """The file ``path`` of ``package`` as this version of turnpress ships it."""
    return package_files(package).joinpath(*path.split("/")).read_bytes()


def read(package: str, path: str) -> bytes:
    """The data file ``path`` of ``package`` for the game being played: its pinned copy, else the packaged one."""
    pins = _CURRENT.get()
    if pins is not None and (package == pins.package or package.startswith(pins.package + ".")):
        key = _relative(pins.package, package, path)
        if key in pins.files:
            return pins.files[key]
        pins.unpinned.add(key)
        reads = _READS.get()
        if reads is not None:
            reads.add(key)
    return packaged(package, path)


def pins_digest() -> str:
    """What the game being played pinned, as one digest (package, and each file's path and SHA-256); '' when no
    game's data is pinned: a drawing kept by content (``drawcache``) is kept per pinned data."""
    pins = _CURRENT.get()
    if pins is None:
        return ""
    return digest("\0".join([pins.package, *(f"{p}={_digest_of(pins.files[p])}" for p in sorted(pins.files))])
                  .encode())


@cache
def _digest_of(data: bytes) -> str:
    return digest(data)


@contextmanager
def reads() -> Iterator[Callable[[], list[str]]]:
    """The unpinned files read inside the block (``list`` of the yielded function, sorted)."""
    outer, seen = _READS.get(), set[str]()
    token = _READS.set(seen)
    try:
        yield lambda: sorted(seen)
    finally:
        _READS.reset(token)
        if outer is not None:  # a drawing inside a drawing: the outer one read what the inner one read
            outer.update(seen)


def note_unpinned(names: list[str]) -> None:
    """Note ``names`` as read from the package, as a drawing taken from the cache read them when it was made."""
    pins = _CURRENT.get()
    if pins is not None:
        pins.unpinned.update(names)
    reads = _READS.get()
    if reads is not None:
        reads.update(names)


def read_if_any(package: str, path: str) -> bytes | None:
    """Like ``read`` for a file a ruleset may ship or not (a map's drawing): None where the game did not pin it
    and this turnpress does not ship it."""
    pins = _CURRENT.get()
    if pins is not None and (package == pins.package or package.startswith(pins.package + ".")):
        if _relative(pins.package, package, path) in pins.files:
            return read(package, path)
    return read(package, path) if ships(package, path) else None


def ships(package: str, path: str) -> bool:
    """True if this turnpress ships the data file ``path`` of ``package``."""
    return package_files(package).joinpath(*path.split("/")).is_file()


def parsed(package: str, path: str, parse: Callable[[bytes], T]) -> T:
    """``parse`` of ``read(package, path)``, computed once per content (``parse`` must be a module-level function)."""
    return _parse(parse, read(package, path))  # type: ignore[no-any-return]


@cache
def _parse(parse: Callable[[bytes], Any], data: bytes) -> Any:
    return parse(data)


def _relative(root: str, package: str, path: str) -> str:
    """``path`` of a sub-package of ``root`` as seen from ``root``: the key the game's copies are filed under."""
    sub = package[len(root):].lstrip(".")
    return "/".join([*sub.split("."), path]) if sub else path


@contextmanager
def pinned(package: str, files: Mapping[str, bytes]) -> Iterator[Pins]:
    """Run the body with ``files`` (paths in ``package``) in place of the packaged data."""
    pins = Pins(package, files)
    token = _CURRENT.set(pins)
    try:
        yield pins
    finally:
        _CURRENT.reset(token)


def snapshot(package: str, paths: list[str]) -> dict[str, bytes]:
    """The packaged files ``paths`` of ``package``: what a new game pins."""
    return {p: packaged(package, p) for p in sorted(set(paths))}


def load(folder_rel: str, folder: Path, manifest: Any) -> dict[str, bytes]:
    """The copies in ``folder`` (``games/<game>/data``, shown as ``folder_rel``), each checked against
    ``manifest`` (``game.yaml``'s ``data:``: path -> SHA-256)."""
    if not isinstance(manifest, Mapping):
        raise PinError(f"{folder_rel}/../game.yaml: data: must map each pinned file to its SHA-256, not "
                       f"{type(manifest).__name__}: restore game.yaml from git")
    out = {}
    for path, recorded in manifest.items():
        if not isinstance(path, str) or not _safe(path):
            raise PinError(f"game.yaml: data: {ascii(path)} is not a path inside {folder_rel}: restore game.yaml "
                           "from git")
        file = folder.joinpath(*path.split("/"))
        if not file.is_file() or file.is_symlink():
            raise PinError(f"{folder_rel}/{path} is missing: the game was set up with it and replays only with it; "
                           "restore it from git (git checkout against the set-up commit)")
        data = file.read_bytes()
        if digest(data) != recorded:
            raise PinError(f"{folder_rel}/{path} is not the data the game was set up with (game.yaml records "
                           f"SHA-256 {str(recorded)[:16]}…, the file has {digest(data)[:16]}…): restore it from git; "
                           "a game's rules data never changes after its set-up")
        out[path] = data
    return out


def _safe(path: str) -> bool:
    parts = path.split("/")
    return all(p not in ("", ".", "..") and "\\" not in p for p in parts) and len(path) <= 200


def in_context(package: str, files: Mapping[str, bytes], target: T) -> T:
    """``target`` (a ruleset object) with every method call run under ``pinned(package, files)``.

    The copy is a plain object whose class has each public attribute of ``target``, so the capability checks
    (``isinstance(r, Joins)``, which look at the class) see the same ruleset.
    """
    attrs: dict[str, Any] = {}
    unpinned: set[str] = set()
    for name in dir(target):
        if name.startswith("__"):
            continue
        value = getattr(target, name)
        attrs[name] = staticmethod(_wrapped(package, files, value, unpinned)) if callable(value) else value
    attrs[UNPINNED] = unpinned
    attrs["__module__"] = type(target).__module__  # its package is still the ruleset's (``ruleset.package_of``)
    # Pickled as what it is made from (the site build reads a large league's games in forked workers and gets
    # their views back by pickle): the class made here is no module's attribute, so pickle cannot name it.
    attrs["__reduce__"] = lambda self: (_in_context_again, (package, dict(files), target, sorted(unpinned)))
    return type(type(target).__name__, (), attrs)()  # type: ignore[no-any-return]


def _in_context_again(package: str, files: Mapping[str, bytes], target: T, unpinned: list[str]) -> T:
    """``in_context`` made again after a pickle, with the unpinned reads the original had noted."""
    again = in_context(package, files, target)
    getattr(again, UNPINNED).update(unpinned)
    return again


def _wrapped(package: str, files: Mapping[str, bytes], method: Callable[..., Any],
             unpinned: set[str]) -> Callable[..., Any]:
    def call(*args: Any, **kwargs: Any) -> Any:
        with pinned(package, files) as pins:
            try:
                return method(*args, **kwargs)
            finally:
                unpinned.update(pins.unpinned)
    call.__name__ = getattr(method, "__name__", "call")
    call.__doc__ = getattr(method, "__doc__", None)
    return call


UNPINNED = "unpinned_reads"  # the attribute of a pinned ruleset naming the files it read from the package instead


def unpinned_reads(ruleset: object) -> list[str]:
    """Files the game's ruleset read from the installed package, not pinned when the game was set up."""
    return sorted(getattr(ruleset, UNPINNED, ()))
