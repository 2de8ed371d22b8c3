"""Drawings kept by content, so that a past turn's drawing is computed once (issue 33).

A drawing (an SVG map) is a pure function of its inputs (a state, a report), the data files the game pinned and
the code that draws it. ``kept`` stores what a drawing function returns in a folder, under the SHA-256 of all of
those, and returns the stored text the next time the same drawing is asked for: a site build or ``verify`` then
draws only what the newest turn changed (the demo's Auf Achse maps took 21 s of every build). The key holds the
code as well (every file of the ``adjudicator`` package and of the drawing's own package), so a changed drawing
function never meets an old drawing; a game's pinned data files are in it, and the files the drawing read from
the package because the game had not pinned them are stored beside the drawing and noted again on a hit
(``gamedata.unpinned_reads`` stays what a fresh drawing says).

The folder: ``$TURNPRESS_CACHE`` if set (``off``: nothing is kept), else the league's ``.cache/turnpress/`` that
``site build`` and ``verify`` name with ``at`` (Material for MkDocs keeps its own caches in ``.cache/`` too); the
folder holds a ``.gitignore`` of ``*``, so nothing of it reaches git. Deleting it only costs time. Without a
folder, ``kept`` draws every time, as before.

Entries are written whole (a temporary file renamed into place): two processes drawing the same thing at once
write the same bytes, and a killed run leaves no half entry.
"""

from __future__ import annotations

import functools
import hashlib
import marshal
import os
import sys
import tempfile
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

from . import gamedata

CACHE_ENV = "TURNPRESS_CACHE"
LEAGUE_FOLDER = ".cache/turnpress"
F = TypeVar("F", bound=Callable[..., str])

_league: Path | None = None  # a module global, not a context variable: forked site-build workers inherit it


@contextmanager
def at(root: Path) -> Iterator[None]:
    """Keep drawings in ``root``'s ``.cache/turnpress/`` while the block runs (unless ``$TURNPRESS_CACHE`` says
    otherwise)."""
    global _league
    before, _league = _league, root / LEAGUE_FOLDER
    try:
        yield
    finally:
        _league = before


def folder() -> Path | None:
    """Where drawings are kept now, or None."""
    named = os.environ.get(CACHE_ENV)
    if named is not None:
        return None if named in ("", "off") else Path(named)
    return _league


def kept(kind: str) -> Callable[[F], F]:
    """Decorate a drawing function of plain data (dicts, lists, text, whole numbers, fractions, booleans) and of
    the game's data it reads (an argument that is a ``gamedata.GameData``: kept by its digest)."""

    def decorate(draw: F) -> F:
        @functools.wraps(draw)
        def cached(*args: Any, **kwargs: Any) -> str:
            data = next((a for a in (*args, *kwargs.values()) if isinstance(a, gamedata.GameData)), None)
            inputs = (tuple(a for a in args if a is not data), {k: v for k, v in kwargs.items() if v is not data})
            return keep(kind, draw, inputs if data is not None else (args, dict(kwargs)),
                        lambda: draw(*args, **kwargs), data=data)

        return cached  # type: ignore[return-value]

    return decorate


def keep(kind: str, code: Callable[..., Any], inputs: Any, compute: Callable[[], str], suffix: str = ".svg",
         data: gamedata.GameData | None = None) -> str:
    """What ``compute`` returns, kept under the SHA-256 of ``kind``, ``code``'s name and version, the game's pinned
    data (``data``, where the drawing reads the game's data) and ``inputs`` (plain data: everything the
    result follows from besides them); computed when not kept yet, or when ``inputs`` holds a value this cache
    cannot name exactly. The orders page's verdict tables are kept so too
    (issue 30: a turn's tables are computed by one site build, not by each)."""
    where = folder()
    if where is None:
        return compute()
    try:
        key = _key(kind, code, inputs, data.digest() if data is not None else "")
    except TypeError:
        return compute()
    path = where / key[:2] / f"{key}{suffix}"
    hit = _read(path)
    if hit is not None:
        unpinned, text = hit
        if data is not None:
            data.note(unpinned)
        return text
    if data is None:
        text, read = compute(), list[str]()
    else:
        with data.recording() as reads:
            text = compute()
        read = reads()
    _write(where, path, read, text)
    return text


def _key(kind: str, code: Callable[..., Any], inputs: Any, pins: str) -> str:
    h = hashlib.sha256()
    h.update(f"{kind}\0{code.__module__}.{code.__qualname__}\0".encode())
    h.update(code_version(code.__module__).encode())
    h.update(pins.encode())
    h.update(_encoded(inputs))
    return h.hexdigest()


def fingerprint(value: Any) -> str:
    """The SHA-256 of plain data, as a key names it (``TypeError`` for anything else): a large input several
    entries share (a game's past states) is encoded once and named by this."""
    return hashlib.sha256(_encoded(value)).hexdigest()


def _encoded(value: Any) -> bytes:
    """``value`` as bytes that tell every value apart, types included. ``marshal``'s version 0 where it can
    (written in C: a game's states are encoded a tenth as fast by ``_canonical``; exact types only, no
    references or interning, so the same value gives the same bytes), else ``_canonical``; the first byte says
    which, so the two never meet."""
    try:
        return b"m" + marshal.dumps(value, 0)
    except ValueError:  # a Fraction, a subclass of a plain type, anything else: ours tells them apart or refuses
        parts: list[str] = []
        _canonical(value, parts)
        return b"c" + "".join(parts).encode("utf-8", "surrogatepass")


def _canonical(value: Any, out: list[str]) -> None:
    """An encoding that tells every value apart, types included (1 and "1", a list and a tuple, True and 1)."""
    if value is None or isinstance(value, bool):
        out.append(f"{value!r};")
    elif isinstance(value, int):
        out.append(f"i{value};")
    elif isinstance(value, str):
        out.append(f"s{len(value)}:{value}")
    elif isinstance(value, Fraction):
        out.append(f"f{value.numerator}/{value.denominator};")
    elif isinstance(value, list | tuple):
        out.append(f"{'l' if isinstance(value, list) else 't'}{len(value)}(")
        for item in value:
            _canonical(item, out)
        out.append(")")
    elif isinstance(value, Mapping):
        # in the mapping's own order: a drawing may follow it (a chart's series order is its colours and markers;
        # sorted keys let a chart of the same figures in another order come back in the wrong colours)
        out.append(f"d{len(value)}(")
        for k, v in value.items():
            _canonical(k, out)
            _canonical(v, out)
        out.append(")")
    else:
        raise TypeError(f"cannot key a drawing by a {type(value).__name__}")


@functools.cache
def code_version(module: str) -> str:
    """The SHA-256 of every file of the ``adjudicator`` package and of ``module``'s top package (a ruleset from
    another distribution), by path and content: any change of the code or its packaged data is a new version."""
    roots = {Path(__file__).resolve().parent}
    top = sys.modules.get(module.partition(".")[0])
    if top is not None and getattr(top, "__file__", None):
        roots.add(Path(str(top.__file__)).resolve().parent)
    h = hashlib.sha256()
    for root in sorted(roots):
        for path in sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
            h.update(f"{path.relative_to(root.parent)}\0".encode())
            h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


def _read(path: Path) -> tuple[list[str], str] | None:
    try:
        head, _, text = path.read_text(encoding="utf-8").partition("\n")
    except (OSError, UnicodeDecodeError):
        return None
    if not head.startswith("unpinned:"):
        return None  # not an entry of ours: drawn again, and written over
    return [name for name in head.removeprefix("unpinned:").split(" ") if name], text


def _write(where: Path, path: Path, unpinned: list[str], text: str) -> None:
    """The entry, written whole; a folder that cannot be written only means the drawing is not kept."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        ignore = where / ".gitignore"
        if not ignore.exists():
            ignore.write_text("# Drawings kept by turnpress (a cache: delete it at will); not kept in git.\n*\n")
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=path.suffix)
    except OSError:
        return
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(f"unpinned:{' '.join(sorted(unpinned))}\n{text}")
        os.replace(tmp, path)
    except OSError:
        Path(tmp).unlink(missing_ok=True)
