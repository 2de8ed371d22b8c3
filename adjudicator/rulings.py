"""A game master's rulings (issue 23): files in the league, applied at their turn, published, replayed.

The game master is the final authority in every one of these games' texts, and rules by files, never by editing
state: ``rulings/<game>/<NNNN>.yaml`` is read when turn ``NNNN`` is adjudicated, its reason is published in
that turn's issue and report, and ``verify`` replays it as it replays orders (``Game.effective_state`` and
``Game.deadline`` apply it wherever a turn is computed). Only a game master named in ``game.yaml``
(``game_masters``, login and numeric id) may make one: ``pr-check`` refuses it from anyone else, and
``adjudicate`` refuses a ruling whose ``by`` is not one::

    game: g1
    turn: 3
    by: gm                    # the game master's login, as game_masters lists it
    reason: Carol's orders were lost in GitHub's outage of 2 March; her army stays in Paris.
    correct:                  # values of the state the turn starts from, set as written
      - path: [units, france]
        value: [A par, F bre, A mar]
    deadline: 2026-03-10 20:00   # the turn's deadline, in the game's time zone (moves it; later ones follow)
"""

from __future__ import annotations

import copy
import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import schedule as schedmod
from . import yamlio
from .errors import LeagueError
from .model import State

KEYS = ("game", "turn", "by", "reason", "correct", "deadline")
REASON_MAX = 2000
RULING_PATH = re.compile(r"^rulings/(?P<game>[a-z0-9][a-z0-9-]*)/(?P<turn>[0-9]{4})\.yaml\Z", re.ASCII)


@dataclass(frozen=True)
class Ruling:
    """One ruling file, read and checked."""

    file: str
    turn: int
    by: str
    reason: str
    corrections: tuple[tuple[tuple[str | int, ...], Any], ...] = ()
    deadline: dt.datetime | None = None

    def published(self) -> dict[str, Any]:
        """What the turn's report says of it: who, why and what, in the words of the file."""
        out: dict[str, Any] = {"file": self.file, "by": self.by, "reason": self.reason}
        if self.corrections:
            out["correct"] = [{"path": list(p), "value": v} for p, v in self.corrections]
        if self.deadline is not None:
            out["deadline"] = schedmod.iso(self.deadline)
        return out


def relpath(game: str, turn: int) -> str:
    return f"rulings/{game}/{turn:04d}.yaml"


def parse(file: str, raw: bytes, game: str, turn: int, masters: Mapping[str, int], zone: dt.tzinfo) -> Ruling:
    """A ruling file as a ``Ruling``; ``LeagueError`` naming the file, line and what to write otherwise."""
    def fail(message: str, where: tuple[str | int, ...] = (), hint: str = "") -> LeagueError:
        line, col = loc.where(where) if where else (1, 1)
        return LeagueError(f"{file}:{line}:{col}: {message}" + (f" — {hint}" if hint else ""))

    try:
        loc = yamlio.load(raw)
    except yamlio.YamlInputError as e:
        raise LeagueError(f"{file}:{e.line}:{e.column}: {e.message}") from None
    data = loc.data
    if not isinstance(data, dict):
        raise LeagueError(f"{file}:1:1: a ruling is a mapping with game, turn, by, reason and what it rules")
    unknown = [k for k in data if k not in KEYS]
    if unknown:
        raise fail(f"unknown key {unknown[0]!r} in a ruling", (unknown[0],), f"write only {', '.join(KEYS)}")
    if data.get("game") != game or data.get("turn") != turn or type(data.get("turn")) is not int:
        raise fail(f"this file is for game {game}, turn {turn}", (), f"write 'game: {game}' and 'turn: {turn}'")
    by = data.get("by")
    if not isinstance(by, str) or by.lower() not in masters:
        named = ", ".join(sorted(masters)) or "nobody yet: add game_masters to game.yaml"
        raise fail(f"by: {by!r} is not a game master of {game}", ("by",) if "by" in data else (),
                   f"a ruling is made by a game master named in games/{game}/game.yaml: {named}")
    reason = data.get("reason")
    if not isinstance(reason, str) or not reason.strip() or len(reason) > REASON_MAX:
        raise fail("a ruling needs its reason in words", ("reason",) if "reason" in data else (),
                   f"write 'reason: ...', at most {REASON_MAX} characters: it is published with the turn")
    corrections = []
    for i, entry in enumerate(data.get("correct") or []):
        if not (isinstance(entry, dict) and set(entry) == {"path", "value"} and isinstance(entry["path"], list)
                and entry["path"] and all(isinstance(p, str | int) and not isinstance(p, bool)
                                          for p in entry["path"])):
            raise fail("a correction is '{path: [key, ...], value: ...}'", ("correct", i))
        corrections.append((tuple(entry["path"]), entry["value"]))
    deadline = None
    if "deadline" in data:
        try:
            deadline = schedmod.parse_time(data["deadline"], zone, "deadline")  # type: ignore[arg-type]
        except schedmod.ScheduleError as e:
            raise fail(str(e), ("deadline",)) from None
    if not corrections and deadline is None:
        raise fail("the ruling rules nothing", (), "write 'correct:' or 'deadline:'")
    return Ruling(file, turn, by.lower(), reason.strip(), tuple(corrections), deadline)


def read(root: Path, game: str, turn: int, masters: Mapping[str, int], zone: dt.tzinfo) -> Ruling | None:
    """The ruling of ``turn`` if the league has one."""
    rel = relpath(game, turn)
    path = root / rel
    if not path.exists():
        return None
    if path.is_symlink() or not path.is_file():
        raise LeagueError(f"{rel}: not a regular file (a link or a folder); commit the ruling itself")
    with path.open("rb") as f:
        raw = f.read(yamlio.ORDERS_MAX_BYTES + 1)
    return parse(rel, raw, game, turn, masters, zone)


def apply(state: State, ruling: Ruling) -> State:
    """``state`` with the ruling's corrections set (a copy); each path's parent must be in the state."""
    out = copy.deepcopy(state)
    for path, value in ruling.corrections:
        parent: Any = out
        try:
            for step in path[:-1]:
                parent = parent[step]
            if isinstance(parent, list) and not (isinstance(path[-1], int) and -len(parent) <= path[-1] < len(parent)):
                raise IndexError(path[-1])
            parent[path[-1]] = copy.deepcopy(value)
        except (KeyError, IndexError, TypeError):
            raise LeagueError(f"{ruling.file}: correct: the state has no place {list(path)}") from None
    return out

