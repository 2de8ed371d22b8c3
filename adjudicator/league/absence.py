"""Dated absences (issue 23, njudge's absence): a player says when they are away, and a deadline that falls
on one of those days moves to the same hour of the day after, within a limit the game master sets.

A game allows them with ``schedule: absence: 14 days`` (the longest one absence may last, and the most a
deadline moves for absences). A player writes ``absences/<game>/<key>.yaml`` and sends it like orders::

    game: g1
    player: carol
    absent:
      - from: 2026-01-10       # the first and the last day away, in the game's time zone
        until: 2026-01-18

The pull-request check takes it only from the player whose seat it is, only in a game that allows absences,
no longer than the limit, and never in the past: an absence added or changed must start today or later, and
one that has begun stays as it is (it may have moved a deadline already). The deadline run moves the open
turn's deadline for the absences of the players it awaits and records whom for; the issue says so, and
``verify`` reads the absence files as they were when the turn ran.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from .. import yamlio
from ..errors import LeagueError
from ..kit.catalog import CHECK, COMMANDS
from ..kit.orders import league_file

ABSENCE_PATH = re.compile(r"^absences/(?P<game>[a-z0-9][a-z0-9-]{0,39})/(?P<player>[a-z0-9][a-z0-9-]{0,38})"
                          r"\.yaml\Z", re.ASCII)
KEYS = ("game", "player", "absent")
PERIODS_MAX = 20

Period = tuple[dt.date, dt.date]


@dataclass(frozen=True)
class Absences:
    """One player's absence file, read and checked: their periods away, first day and last day."""

    file: str
    player: str
    periods: tuple[Period, ...]


def relpath(game: str, player: str) -> str:
    return f"absences/{game}/{player}.yaml"


def parse(file: str, raw: bytes, game: str, player: str, limit: dt.timedelta | None, lang: str = "en") -> Absences:
    """An absence file as ``Absences``; ``LeagueError`` naming the file, line and what to write otherwise, in
    ``lang`` (the game's language: the commands' catalog's ``absence.*``)."""
    if limit is None:
        raise LeagueError(f"{file}:1:1: {COMMANDS.say(lang, 'absence.none', game=game)}")
    read, fail = league_file(file, raw, KEYS, "absence", lang)
    data = read.data
    if data.get("game") != game or data.get("player") != player:
        raise fail("absence.for", (), game=game, player=player)
    entries = data.get("absent")
    if not isinstance(entries, list) or len(entries) > PERIODS_MAX:
        raise fail("absence.list", ("absent",) if "absent" in data else (), most=PERIODS_MAX)
    periods = []
    for i, entry in enumerate(entries):
        if not (isinstance(entry, dict) and set(entry) == {"from", "until"}):
            raise fail("absence.period", ("absent", i))
        start, end = _date(entry["from"]), _date(entry["until"])
        if start is None or end is None:
            raise fail("absence.dates", ("absent", i))
        if end < start:
            raise fail("absence.before", ("absent", i, "until"), until=end, start=start)
        days = (end - start).days + 1
        if dt.timedelta(days=days) > limit:
            raise fail("absence.limit", ("absent", i), days=days, most=limit.days)
        periods.append((start, end))
    return Absences(file, player, tuple(periods))


def _date(value: object) -> dt.date | None:
    if isinstance(value, dt.datetime):
        return None
    if isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(str(value).strip())
    except ValueError:
        return None


def read(root: Path, game: str, players: Sequence[str], limit: dt.timedelta | None,
         lang: str = "en") -> dict[str, Absences]:
    """The absence files of ``players`` the league holds (none in a game that takes no absences); their faults
    said in ``lang``."""
    out = {}
    for player in players if limit is not None else ():
        rel = relpath(game, player)
        path = root / rel
        if not path.exists():
            continue
        if path.is_symlink() or not path.is_file():
            raise LeagueError(COMMANDS.say(lang, "absence.not_a_file", path=rel))
        with path.open("rb") as f:
            out[player] = parse(rel, f.read(yamlio.ORDERS_MAX_BYTES + 1), game, player, limit, lang)
    return out


def changes_in_the_past(old: Absences | None, new: Absences | None, today: dt.date, lang: str = "en") -> list[str]:
    """What a change of an absence file does in the past (``today`` in the game's zone), in words: a period
    added or changed must start today or later, and one that has begun may not be changed or removed.

    >>> d = dt.date
    >>> old = Absences("f", "carol", ((d(2026, 1, 3), d(2026, 1, 6)),))
    >>> later = Absences("f", "carol", (*old.periods, (d(2026, 1, 9), d(2026, 1, 9))))
    >>> changes_in_the_past(old, later, d(2026, 1, 5))
    []
    >>> for line in changes_in_the_past(old, Absences("f", "carol", ((d(2026, 1, 4), d(2026, 1, 5)),)), d(2026, 1, 5)):
    ...     print(line)
    the absence from 2026-01-03 to 2026-01-06 has begun: it stays as it is
    the absence from 2026-01-04 starts in the past
    """
    before = set(old.periods) if old else set()
    after = set(new.periods) if new else set()
    out = [CHECK.say(lang, "pr.absence.begun", start=a, end=b) for a, b in sorted(before - after) if a <= today]
    out += [CHECK.say(lang, "pr.absence.in_the_past", start=a) for a, _ in sorted(after - before) if a < today]
    return out


def all_periods(found: Mapping[str, Absences]) -> dict[str, tuple[Period, ...]]:
    return {k: v.periods for k, v in found.items()}
