"""The data a ruleset reads (maps, tables, decks), pinned per game so that a newer turnpress replays an older game.

A ruleset's code ships with data files in its package. ``turnpress new`` copies the files the ruleset names
(its ``data_files(options)`` hook, ``ruleset.PinsData``) into ``games/<game>/data/`` and records each one's
SHA-256 under ``data:`` in ``game.yaml``. ``store.Game.ruleset`` hands the game's rules those copies as a
``GameData`` (``ruleset.ReadsData``: ``with_data``), in place of the packaged files, and every function of the rules
that reads a table is handed it, or what was read from it (no context, no global): a release that changes a map or
a table changes new games, never the turns of an old one. A copy that is missing or not what ``game.yaml`` records
is refused, naming the file (``PinError``). A file the game did not pin (the release added it after the game was
set up) is read from the package, and ``unpinned`` names it, so ``verify`` can say so.

Rulesets read their data with ``data.read(__package__, "data/tables.yaml")`` and parse it with ``data.parsed``,
which keeps one parse per content: a process that adjudicates an old and a new game of the same rules keeps both.

A game knows each file by the name it pinned it under: its path in the package when the game was set up. A file
that moved in the package since (issue 31 put every ruleset's data in ``data/``: Bretton Woods' ``data.yaml``
is ``data/tables.yaml`` now) keeps that name, for the games set up before and for new ones alike: the package's
``data/pinned-names.yaml`` maps it to the file's place (``pinned_names``), so a move changes no game's ``data:``,
no copy, no hash and no replay.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from .. import yamlio
from ..errors import LeagueError

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

DATA_DIR = "data"  # games/<game>/data/<the name the game pins a file under: its path in the ruleset's package>
NAMES_FILE = "data/pinned-names.yaml"  # in a ruleset's package: the pinned names of the files that moved
T = TypeVar("T")


class PinError(LeagueError):
    """A game's pinned data is missing or not what its ``game.yaml`` records."""


@dataclass(eq=False)
class GameData:
    """The data files one game's rules read, handed to its rules and presentation objects (``data``): the copies
    the game pinned at its set-up (``files``: the name it pinned each under, its path in the ruleset's package
    ``package`` unless it moved since (``pinned_names``) -> bytes), else the packaged ones. ``files`` None: the
    game pins nothing (set up before games pinned data, or no game at all: a new game's options, a test, a tool),
    and every file is the packaged one. ``unpinned`` names the files of ``package`` read
    from the installed turnpress although the game pins data (added to the rules after its set-up): ``verify``
    says so, ``turnpress pin`` pins them.

    >>> data = GameData("adjudicator.rulesets.calamity", {"data/cards.yaml": b"cards: []\\n"})
    >>> data.read("adjudicator.rulesets.calamity", "data/cards.yaml")
    b'cards: []\\n'
    >>> shipped = GameData("adjudicator.rulesets.calamity")
    >>> shipped.read("adjudicator.rulesets.calamity", "data/cards.yaml") == packaged(data.package, "data/cards.yaml")
    True
    """

    package: str
    files: Mapping[str, bytes] | None = None
    unpinned: set[str] = field(default_factory=set)
    # for presentation only (the orders page, a sheet: nothing a report binds or ``verify`` renders again): a
    # words file the game pinned before a text existed takes that text from the package's current copy, which
    # is in the same language, rather than showing the English key or falling back to English (``presented``)
    words_fallback: bool = False
    # the sets ``recording`` fills while it runs (a drawing inside a drawing fills both)
    _recording: list[set[str]] = field(default_factory=list, repr=False)

    def _where(self, package: str, path: str) -> tuple[str | None, str, str]:
        """The name ``path`` of ``package`` is pinned under (None where this game pins nothing of it), and the
        package and path it is shipped at: ``path`` is its place in the package or the name games pin it under."""
        if not (package == self.package or package.startswith(self.package + ".")):
            return None, package, path
        relative = _relative(self.package, package, path)
        name, place = _place(pinned_names(self.package), relative)
        key = None if self.files is None else name
        return (key, package, path) if place == relative else (key, self.package, place)

    def read(self, package: str, path: str) -> bytes:
        """The data file ``path`` of ``package`` (the ruleset's package or one of its sub-packages): its pinned
        copy, else the packaged one (noted in ``unpinned`` where the game pins data)."""
        key, package, path = self._where(package, path)
        if key is not None:
            assert self.files is not None
            if key in self.files:
                return self.files[key]
            self.note([key])
        return packaged(package, path)

    def read_if_any(self, package: str, path: str) -> bytes | None:
        """Like ``read`` for a file a ruleset may ship or not (a map's drawing): None where the game did not pin
        it and this turnpress does not ship it."""
        key, package, path = self._where(package, path)
        if key is not None and self.files is not None and key in self.files:
            return self.files[key]
        return self.read(package, path) if ships(package, path) else None

    def parsed(self, package: str, path: str, parse: Callable[[bytes], T]) -> T:
        """``parse`` of ``read(package, path)``, computed once per content (``parse`` must be a module-level
        function)."""
        return _parse(parse, self.read(package, path))  # type: ignore[no-any-return]

    def presented(self) -> GameData:
        """The same pinned files, for presentation only (``words_fallback``): the rules and every page a replay
        renders read ``self``."""
        return GameData(self.package, self.files, self.unpinned, words_fallback=True)

    def digest(self) -> str:
        """What the game pinned, as one digest (package, and each file's path and SHA-256); '' where it pins
        nothing: a drawing kept by content (``drawcache``) is kept per pinned data."""
        if self.files is None:
            return ""
        files = self.files
        return digest("\0".join([self.package, *(f"{p}={_digest_of(files[p])}" for p in sorted(files))]).encode())

    def note(self, names: Iterable[str]) -> None:
        """Note ``names`` as read from the package (a drawing taken from the cache read them when it was made)."""
        names = list(names)
        if self.files is None:
            return
        self.unpinned.update(names)
        for seen in self._recording:
            seen.update(names)

    @contextmanager
    def recording(self) -> Iterator[Callable[[], list[str]]]:
        """The unpinned files read inside the block (``list`` of the yielded function, sorted)."""
        seen = set[str]()
        self._recording.append(seen)
        try:
            yield lambda: sorted(seen)
        finally:
            self._recording.remove(seen)


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


@cache
def _digest_of(data: bytes) -> str:
    return digest(data)


def ships(package: str, path: str) -> bool:
    """True if this turnpress ships the data file ``path`` of ``package``."""
    return package_files(package).joinpath(*path.split("/")).is_file()


@cache
def _parse(parse: Callable[[bytes], Any], data: bytes) -> Any:
    return parse(data)


def _relative(root: str, package: str, path: str) -> str:
    """``path`` of a sub-package of ``root`` as seen from ``root``: the key the game's copies are filed under."""
    sub = package[len(root):].lstrip(".")
    return "/".join([*sub.split("."), path]) if sub else path


@cache
def pinned_names(package: str) -> dict[str, str]:
    """The files of ``package`` that games pin under another name than their path in the package, because they
    moved after games had pinned them: the name a game's ``data:`` and ``games/<game>/data/`` carry -> the path in
    the package (a name ending in ``/`` is a folder: each file under it). Read from the package's
    ``data/pinned-names.yaml``; none where it has none (a third-party ruleset)."""
    if not ships(package, NAMES_FILE):
        return {}
    raw = yamlio.load_trusted(packaged(package, NAMES_FILE))
    return {str(name): str(place) for name, place in raw.items()}


def place(package: str, name: str) -> str:
    """Where the file a game pins as ``name`` is in ``package`` (``name`` itself unless it moved since)."""
    return _place(pinned_names(package), name)[1]


def _place(names: Mapping[str, str], path: str) -> tuple[str, str]:
    """The name a game pins the file ``path`` under and its path in the package, ``path`` being either."""
    for name, place in names.items():
        if name.endswith("/") and path.startswith((name, place)):
            inside = path.removeprefix(name) if path.startswith(name) else path.removeprefix(place)
            return name + inside, place + inside
        if path in (name, place):
            return name, place
    return path, path


def snapshot(package: str, paths: list[str]) -> dict[str, bytes]:
    """The packaged files ``paths`` of ``package`` (their paths in the package or the names games pin them
    under): what a new game pins, each under its pinned name (``pinned_names``)."""
    placed = dict(_place(pinned_names(package), p) for p in paths)
    return {name: packaged(package, placed[name]) for name in sorted(placed)}


def load(folder_rel: str, folder: Path, manifest: Any) -> dict[str, bytes]:
    """The copies in ``folder`` (``games/<game>/data``, shown as ``folder_rel``), each checked against
    ``manifest`` (``game.yaml``'s ``data:``: path -> SHA-256)."""
    if not isinstance(manifest, Mapping):
        kind = type(manifest).__name__
        raise PinError(f"{folder_rel}/../game.yaml: data: must map each pinned file to its SHA-256, not {kind}: "
                       "restore game.yaml from git", word="pin.manifest", folder=folder_rel, kind=kind)
    out = {}
    for path, recorded in manifest.items():
        if not isinstance(path, str) or not _safe(path):
            raise PinError(f"game.yaml: data: {ascii(path)} is not a path inside {folder_rel}: restore game.yaml "
                           "from git", word="pin.outside", path=ascii(path), folder=folder_rel)
        file = folder.joinpath(*path.split("/"))
        if not file.is_file() or file.is_symlink():
            raise PinError(f"{folder_rel}/{path} is missing: the game was set up with it and replays only with it; "
                           "restore it from git (git checkout against the set-up commit)", word="pin.missing",
                           file=f"{folder_rel}/{path}")
        data = file.read_bytes()
        if digest(data) != recorded:
            was, now = f"{str(recorded)[:16]}…", f"{digest(data)[:16]}…"
            raise PinError(f"{folder_rel}/{path} is not the data the game was set up with (game.yaml records "
                           f"SHA-256 {was}, the file has {now}): restore it from git; a game's rules data never "
                           "changes after its set-up", word="pin.changed", file=f"{folder_rel}/{path}", was=was,
                           now=now)
        out[path] = data
    return out


def _safe(path: str) -> bool:
    parts = path.split("/")
    return all(p not in ("", ".", "..") and "\\" not in p for p in parts) and len(path) <= 200


def unpinned_reads(ruleset: object) -> list[str]:
    """Files the game's ruleset read from the installed package, not pinned when the game was set up."""
    data = getattr(ruleset, "data", None)
    return sorted(data.unpinned) if isinstance(data, GameData) else []
