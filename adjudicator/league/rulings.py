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

A ruling may also hand a seat to a new player (njudge's takeover), take a player out of the game, or void the
turn before it and have it adjudicated again; ``site/guide/game-master.md`` shows each kind with an example::

    replace:                  # from this turn on the seat is played by a new login; the seat keeps its key
      - seat: bob             # (its orders file, its entries in the state), the old login loses it
        login: dave
        id: 9100
        name: Dave
        recipient: age1...    # the new player's public key (a game with sealed parts): never the old one's
    remove: [carol]           # from this turn on the seat is played by the rules' text for a player who left
    rerun: 5                  # turn 5 (the turn before this one) is void: this turn is turn 5 again, from the
    found: [erin]             # state before it, with turn 5's orders and the files of these players in this
                              # turn's folder (the orders that were lost); history is never rewritten

The season's events (issue 29) are rulings of the open turn too, written by ``turnpress pause``, ``resume``,
``extend``, ``end`` and ``concede`` (``cli/events.py``), each adding its reason::

    pause: true               # the turn is not due until 'turnpress resume' (pause: false, with its deadline)
    end:                      # the game ends with this turn, before any orders of it are played
      result: draw            # draw (seats share it), win (seats won), none (no winner named)
      seats: [ann, bo]
      conceded_by: [cy]       # the seats that conceded the game to the winner ('turnpress concede')
    schedule:                 # from the next turn on, deadlines follow a new period ('turnpress reschedule'):
      every: 7 days           # the turn's own deadline stays the one its issue before named
      phases: {retreat: 1 day}
"""

from __future__ import annotations

import copy
import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from .. import schedule as schedmod
from .. import yamlio
from ..errors import LeagueError, SealError
from ..kit.catalog import COMMANDS, name_problem
from ..kit.orders import Fail, league_file
from ..model import GITHUB_ID_MAX, State
from ..sealed import crypto

KEYS = ("game", "turn", "by", "reason", "correct", "deadline", "replace", "remove", "rerun", "found", "pause", "end",
        "schedule")
END_KEYS = ("result", "seats", "conceded_by")
END_RESULTS = {"draw": "draw", "win": "win", "none": "over"}  # as written -> outcome.Result's kind
REASON_MAX = 2000
NAME_MAX = 100
RULING_PATH = re.compile(r"^rulings/(?P<game>[a-z0-9][a-z0-9-]*)/(?P<turn>[0-9]{4})\.yaml\Z", re.ASCII)
RULING_FILE = re.compile(r"^(?P<turn>[0-9]{4})\.yaml\Z", re.ASCII)
# GitHub's own rule for a login: letters, digits and single inner hyphens, at most 39 characters.
LOGIN = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}\Z", re.ASCII)
TAKEOVER_KEYS = ("seat", "login", "id", "name", "recipient")


class Seated(NamedTuple):
    """The seats in play when a ruling applies: each seat's login (lower case), and its player's numeric GitHub id
    where ``game.yaml`` records one (an account holds one seat, whatever its login is now)."""

    logins: dict[str, str]
    ids: dict[str, int]


@dataclass(frozen=True)
class Takeover:
    """A seat handed to a new player: from the ruling's turn on, ``login`` (GitHub id ``id``) plays it."""

    seat: str
    login: str
    id: int
    name: str
    recipient: str | None = None


@dataclass(frozen=True)
class Ruling:
    """One ruling file, read and checked."""

    file: str
    turn: int
    by: str
    reason: str
    corrections: tuple[tuple[tuple[str | int, ...], Any], ...] = ()
    deadline: dt.datetime | None = None
    replace: tuple[Takeover, ...] = ()
    remove: tuple[str, ...] = ()
    rerun: int | None = None
    found: tuple[str, ...] = ()
    pause: bool | None = None  # True: the turn waits for a resume; False: a pause of it was lifted
    end: Mapping[str, Any] | None = None  # the game's result (outcome.Result.record) if the ruling ends it
    schedule: Mapping[str, Any] | None = None  # a new period and periods of phases, for the turns after this one

    def published(self) -> dict[str, Any]:
        """What the turn's report says of it: who, why and what, in the words of the file."""
        out: dict[str, Any] = {"file": self.file, "by": self.by, "reason": self.reason}
        if self.corrections:
            out["correct"] = [{"path": list(p), "value": v} for p, v in self.corrections]
        if self.deadline is not None:
            out["deadline"] = schedmod.iso(self.deadline)
        if self.replace:  # the new player's public key is theirs to publish in game.yaml, not the news
            out["replace"] = [{"seat": t.seat, "login": t.login, "id": t.id, "name": t.name} for t in self.replace]
        if self.remove:
            out["remove"] = list(self.remove)
        if self.rerun is not None:
            out["rerun"] = self.rerun
            out["found"] = list(self.found)
        if self.pause is not None:
            out["pause"] = self.pause
        if self.end is not None:
            out["end"] = dict(self.end)
        if self.schedule is not None:
            out["schedule"] = dict(self.schedule)
        return out


def relpath(game: str, turn: int) -> str:
    return f"rulings/{game}/{turn:04d}.yaml"


def parse(file: str, raw: bytes, game: str, turn: int, masters: Mapping[str, int], zone: dt.tzinfo,
          seats: Mapping[str, str], ids: Mapping[str, int] | None = None, lang: str = "en") -> Ruling:
    """A ruling file as a ``Ruling``; ``LeagueError`` naming the file, line and what to write otherwise, in
    ``lang`` (the game's language: the commands' catalog's ``ruling.*``).
    ``seats``: each seat of the game (its key) and the login that holds it when the ruling applies; ``ids``: the
    numeric GitHub id of each seat's player then (an account holds one seat, whatever its login is now)."""
    read, fail = league_file(file, raw, KEYS, "ruling", lang)
    data = read.data
    if data.get("game") != game or data.get("turn") != turn or type(data.get("turn")) is not int:
        raise fail("ruling.for", (), game=game, turn=turn)
    by = data.get("by")
    if not isinstance(by, str) or by.lower() not in masters:
        where = ("by",) if "by" in data else ()
        if not masters:
            raise fail("ruling.by_nobody", where, by=repr(by), game=game)
        raise fail("ruling.by", where, by=repr(by), game=game, named=", ".join(sorted(masters)))
    reason = data.get("reason")
    if not isinstance(reason, str) or not reason.strip() or len(reason) > REASON_MAX:
        raise fail("ruling.reason", ("reason",) if "reason" in data else (), most=REASON_MAX)
    corrections = []
    for i, entry in enumerate(data.get("correct") or []):
        if not (isinstance(entry, dict) and set(entry) == {"path", "value"} and isinstance(entry["path"], list)
                and entry["path"] and all(isinstance(p, str | int) and not isinstance(p, bool)
                                          for p in entry["path"])):
            raise fail("ruling.correct", ("correct", i))
        corrections.append((tuple(entry["path"]), entry["value"]))
    deadline = None
    if "deadline" in data:
        try:
            deadline = schedmod.parse_time(data["deadline"], zone, "deadline")  # type: ignore[arg-type]
        except schedmod.ScheduleError as e:
            raise fail("ruling.schedule", ("deadline",), problem=COMMANDS.told(lang, e)) from None
    replace = tuple(_takeover(entry, i, seats, fail, lang) for i, entry in enumerate(_listed(data, "replace", fail)))
    taken = [t.seat for t in replace]
    logins = [t.login.lower() for t in replace]
    for i, t in enumerate(replace):
        if taken.count(t.seat) > 1 or logins.count(t.login.lower()) > 1:
            raise fail("ruling.seat_twice", ("replace", i), seat=repr(t.seat), login=repr(t.login))
        holder = next((s for s, login in seats.items() if login == t.login.lower() and s not in taken), None)
        if holder is not None:
            raise fail("ruling.plays_already", ("replace", i, "login"), login=t.login, seat=repr(holder))
        ids_taken = [u.id for u in replace]
        holder = next((s for s, uid in (ids or {}).items() if uid == t.id and s not in taken), None)
        if holder is not None:
            raise fail("ruling.id_plays", ("replace", i, "id"), id=t.id, seat=repr(holder))
        if ids_taken.count(t.id) > 1:
            raise fail("ruling.id_twice", ("replace", i, "id"), id=t.id)
    remove = tuple(_seat(entry, ("remove", i), seats, fail) for i, entry in enumerate(_listed(data, "remove", fail)))
    if set(remove) & set(taken):
        raise fail("ruling.handed_and_removed", ("remove",))
    rerun, found = _rerun(data, turn, seats, fail)
    pause = data.get("pause")
    if "pause" in data and not isinstance(pause, bool):
        raise fail("ruling.pause", ("pause",))
    end = _end(data, by.lower(), seats, fail) if "end" in data else None
    if end is not None and (pause or rerun):
        raise fail("ruling.end_alone", ("end",))
    change = _schedule(data, fail, lang) if "schedule" in data else None
    if not (corrections or deadline or replace or remove or rerun or pause is not None or end is not None or change):
        raise fail("ruling.nothing", ())
    return Ruling(file, turn, by.lower(), reason.strip(), tuple(corrections), deadline, replace, remove, rerun, found,
                  pause, end, change)


def _schedule(data: Mapping[str, Any], fail: Fail, lang: str) -> dict[str, Any]:
    """``schedule:`` checked ('turnpress reschedule'): a new ``every`` and ``phases`` for the turns after this
    one, as game.yaml writes them; each period as the schedule reads it."""
    change = data["schedule"]
    if not isinstance(change, dict) or not change or set(change) - set(schedmod.RULED_KEYS):
        raise fail("ruling.schedule_shape", ("schedule",))
    out: dict[str, Any] = {}
    if "every" in change:
        out["every"] = " ".join(str(change["every"]).split())
    if "phases" in change:
        phases = change["phases"]
        if not isinstance(phases, dict) or not phases:
            raise fail("ruling.phases", ("schedule", "phases"))
        out["phases"] = {str(k): " ".join(str(v).split()) for k, v in sorted(phases.items(), key=lambda kv: str(kv[0]))}
    try:
        schedmod.ruled(schedmod.parse({"first": "2000-01-03 00:00"}), out)
    except schedmod.ScheduleError as e:
        raise fail("ruling.schedule", ("schedule",), problem=COMMANDS.told(lang, e)) from None
    return out


def _end(data: Mapping[str, Any], by: str, seats: Mapping[str, str], fail: Fail) -> dict[str, Any]:
    """``end:`` checked: the result (draw, win, none), the seats that share it or won, and who conceded; every
    seat one still in play. As ``outcome.Result.record`` keeps it in the state of the closing turn."""
    end = data["end"]
    if not isinstance(end, dict) or set(end) - set(END_KEYS) or end.get("result") not in END_RESULTS:
        raise fail("ruling.end", ("end",))
    kind = END_RESULTS[end["result"]]
    winners = [_seat(s, ("end", "seats", i), seats, fail) for i, s in enumerate(_listed(end, "seats", fail))]
    conceded = [_seat(s, ("end", "conceded_by", i), seats, fail)
                for i, s in enumerate(_listed(end, "conceded_by", fail))]
    if len(set(winners)) != len(winners) or len(set(conceded)) != len(conceded) or set(winners) & set(conceded):
        raise fail("ruling.end_twice", ("end",))
    wanted = {"draw": 2, "win": 1, "over": 0}[kind]
    if len(winners) < wanted or kind == "over" and winners:
        raise fail(f"ruling.end_{kind}", ("end", "seats"))
    if conceded and kind != "win":
        raise fail("ruling.concede", ("end", "conceded_by"))
    record: dict[str, Any] = {"kind": kind, "seats": winners}
    if conceded:
        record["conceded_by"] = conceded
    record["by"] = by
    return record


def _listed(data: Mapping[str, Any], key: str, fail: Fail) -> list[Any]:
    value = data.get(key) or []
    if not isinstance(value, list):
        raise fail("ruling.list", (key,), key=key)
    return value


def _seat(value: Any, where: tuple[str | int, ...], seats: Mapping[str, str], fail: Fail) -> str:
    if not isinstance(value, str) or value not in seats:
        raise fail("ruling.seat", where, seat=repr(value), named=", ".join(sorted(seats)))
    return value


def _takeover(entry: Any, i: int, seats: Mapping[str, str], fail: Fail, lang: str) -> Takeover:
    """One entry of ``replace:``, checked: a seat of the game, a GitHub login and id, a name, a public key."""
    where: tuple[str | int, ...] = ("replace", i)
    if not isinstance(entry, dict) or not {"seat", "login", "id"} <= set(entry) or set(entry) - set(TAKEOVER_KEYS):
        raise fail("ruling.takeover", where)
    seat = _seat(entry["seat"], (*where, "seat"), seats, fail)
    login, uid, name = entry["login"], entry["id"], entry.get("name", entry["login"])
    if not isinstance(login, str) or not LOGIN.match(login):
        raise fail("ruling.login", (*where, "login"), login=repr(login))
    if type(uid) is not int or not 1 <= uid <= GITHUB_ID_MAX:
        raise fail("ruling.id", (*where, "id"), login=login)
    if not isinstance(name, str) or not name.strip() or len(name) > NAME_MAX or not name.isprintable():
        raise fail("ruling.name", (*where, "name"), most=NAME_MAX)
    problem = name_problem(name.strip(), "name", lang)
    if problem:  # a character of markup (issue 28): the name is published on every page of the game
        raise fail("ruling.said", (*where, "name"), text=problem)
    recipient = entry.get("recipient")
    if recipient is not None:
        recipient = str(recipient).strip()
        if recipient.startswith("ssh-"):  # as 'turnpress keys add' takes it: the key without its comment
            recipient = " ".join(recipient.split()[:2])
        try:
            crypto.parse_recipient(recipient)
        except SealError as e:
            raise fail("ruling.recipient", (*where, "recipient"), problem=COMMANDS.told(lang, e)) from None
    return Takeover(seat, login, uid, name.strip(), recipient)


def _rerun(data: Mapping[str, Any], turn: int, seats: Mapping[str, str],
           fail: Fail) -> tuple[int | None, tuple[str, ...]]:
    """``rerun:`` the turn before this one (void, adjudicated again) and ``found:`` the seats whose file in this
    turn's folder counts in it."""
    if "rerun" not in data:
        if "found" in data:
            raise fail("ruling.found", ("found",), before=turn - 1)
        return None, ()
    if data["rerun"] != turn - 1 or type(data["rerun"]) is not int or turn < 2:
        raise fail("ruling.rerun" if turn >= 2 else "ruling.rerun_first", ("rerun",), before=turn - 1,
                   file=f"{turn:04d}.yaml")
    found = tuple(_seat(s, ("found", i), seats, fail) for i, s in enumerate(_listed(data, "found", fail)))
    return data["rerun"], tuple(sorted(set(found)))


def read(root: Path, game: str, turn: int, masters: Mapping[str, int], zone: dt.tzinfo,
         seats: Mapping[str, str], ids: Mapping[str, int] | None = None, lang: str = "en") -> Ruling | None:
    """The ruling of ``turn`` if the league has one; its faults said in ``lang``."""
    rel = relpath(game, turn)
    path = root / rel
    if not path.exists():
        return None
    if path.is_symlink() or not path.is_file():
        raise LeagueError(COMMANDS.say(lang, "ruling.not_a_file", path=rel))
    with path.open("rb") as f:
        raw = f.read(yamlio.ORDERS_MAX_BYTES + 1)
    return parse(rel, raw, game, turn, masters, zone, seats, ids, lang)


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
            raise LeagueError(f"{ruling.file}: correct: the state has no place {list(path)}", word="ruling.no_place",
                              file=ruling.file, path=list(path)) from None
    return out



def ruled_turns(root: Path, game: str) -> list[int]:
    """The turns of ``game`` that have a ruling file, in order."""
    folder = root / "rulings" / game
    if not folder.is_dir():
        return []
    return sorted(int(m["turn"]) for p in folder.iterdir() if (m := RULING_FILE.match(p.name)))


def seated(players: list[dict[str, Any]], ruling: Ruling) -> list[dict[str, Any]]:
    """The players' entries of ``game.yaml`` as they are after ``ruling``: a seat handed over names its new
    player and only the new player's public key (the old one opens nothing of it again); a removed seat is out
    from the ruling's turn on (``left``, as the site's tables and charts read it)."""
    handed = {t.seat: t for t in ruling.replace}
    out = []
    for entry in players:
        entry = dict(entry)
        t = handed.get(entry["key"])
        if t is not None:
            entry.update(login=t.login, id=t.id, name=t.name)
            entry.pop("recipient", None)
            if t.recipient:
                entry["recipient"] = t.recipient
        if entry["key"] in ruling.remove:
            entry["left"] = ruling.turn
        out.append(entry)
    return out
