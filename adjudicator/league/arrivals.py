"""When orders reached main, by what turnpress itself saw (issue 28): a bound no commit's date can move.

``history.arrivals`` reads when a file reached main from the committer time of main's first-parent commits. A
merge GitHub makes is dated by GitHub, but a commit that is fast-forwarded or pushed onto main keeps the date its
author wrote (``GIT_COMMITTER_DATE`` is anyone's to set): a player's commit made after the deadline and dated
before it would count as on time. So the deadline run keeps a record of what it saw, and a file's arrival is
never earlier than a moment turnpress saw main without it.

The record of a turn (``games/<game>/arrivals/<turn>.yaml``, written and committed only by turnpress) is a list
of *looks*: a time and the orders files of the turn on main then (each by its git blob id). Looks are taken
once the turn's deadline has passed and the turn is not yet adjudicated (a look before the deadline moves no file
past it):

- on a push of orders to main (the deadline workflow runs on it): the push event names the commit main held
  just before the push (``before``) and the time of the push by GitHub's clock (``repository.pushed_at``). At
  that time main held ``before``'s files: whatever the push brought arrived then, or later;
- on every other run that finds the turn in its grace or waiting: main as it is at the run's time, when it holds
  files no look saw.

A file's trusted arrival is its commit's time, but no earlier than the last look that did not see it with this
content (``trusted``). A genuine commit keeps its time (it was on main at every look after it); a back-dated one
pushed after a look is dated at that look at the earliest, so a push after the deadline is late. A turn without a
record (every turn before issue 28, the demo's, a game master's own ``adjudicate``) is judged by its commits'
times, as before: the record is the version, and ``verify`` reads the same record as the turn did.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import yamlio
from ..errors import LeagueError
from . import history

RECORD_HEAD = ("# When turnpress saw this turn's orders files on main after its deadline (issue 28): a file a look\n"
               "# did not see, or saw with other content, reached main after that look, whatever its commit's date.\n"
               "# Written by the deadline run; never edit it.\n")
EVENT_MAX_BYTES = 32 * 1024 * 1024  # a push event names every commit pushed: bounded before it is read


def record_relpath(game_id: str, turn: int) -> str:
    """``games/<game>/arrivals/<turn>.yaml``: the looks at ``turn``'s orders on main."""
    return f"games/{game_id}/arrivals/{turn:04d}.yaml"


@dataclass(frozen=True)
class Look:
    """Main as a deadline run saw it: at ``at``, the turn's orders files ``files`` (name -> git blob id)."""

    at: dt.datetime
    files: Mapping[str, str]
    by: str = "run"  # "push": main just before a push, at the push's time by GitHub's clock


@dataclass(frozen=True)
class Pushed:
    """A push to main as its event names it: ``before`` was main until ``at`` (GitHub's clock)."""

    before: str
    at: dt.datetime


def when(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text).astimezone(dt.UTC)


def stamp(at: dt.datetime) -> str:
    """A look's time as recorded: UTC to the second (a deadline is to the minute; a look a few seconds after it
    must stay after it)."""
    return at.astimezone(dt.UTC).isoformat(timespec="seconds")


def looks(root: Path, game_id: str, turn: int) -> list[Look]:
    """The record of ``turn``, oldest look first; [] where there is none."""
    rel = record_relpath(game_id, turn)
    path = root / rel
    if not path.is_file() or path.is_symlink():
        return []
    data = yamlio.read_data(path)
    out = []
    try:
        for entry in data["looks"]:
            files = entry.get("files") or {}
            if not all(isinstance(k, str) and isinstance(v, str) for k, v in files.items()):
                raise TypeError("a file and its blob id are text")
            out.append(Look(when(entry["at"]), dict(files), str(entry.get("by", "run"))))
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        commit = history.last_commit_of(root, rel) or "HEAD"
        raise LeagueError(f"{rel} is not a record of looks as turnpress writes it ({e}): restore it with "
                          f"'git checkout {commit} -- {rel}'", word="arrivals.record", rel=rel, why=e,
                          commit=commit) from None
    return sorted(out, key=lambda look: look.at)


def tree_files(root: Path, rev: str, game_id: str, turn: int) -> dict[str, str]:
    """The orders files of ``turn`` in commit ``rev``: name -> blob id."""
    folder = f"orders/{game_id}/{turn:04d}/"
    return {path.removeprefix(folder): blob for path, blob in history.tree_blobs(root, rev, folder, deep=False).items()}


def not_before(record: list[Look], name: str, blob: str | None) -> dt.datetime | None:
    """The last look that did not see ``name`` with content ``blob``: it reached main after that.

    >>> t = [Look(when("2027-01-10T20:05:00+00:00"), {"bob.yaml": "b1"}),
    ...      Look(when("2027-01-10T20:30:00+00:00"), {"bob.yaml": "b1", "ann.yaml": "a1"})]
    >>> not_before(t, "ann.yaml", "a1").isoformat()
    '2027-01-10T20:05:00+00:00'
    >>> not_before(t, "bob.yaml", "b1") is None
    True
    >>> not_before(t, "bob.yaml", "b2").isoformat()   # changed after the last look
    '2027-01-10T20:30:00+00:00'
    """
    missed = [look.at for look in record if look.files.get(name) != blob]
    return max(missed) if missed else None


def trusted(root: Path, game_id: str, turn: int, claimed: Mapping[str, dt.datetime]) -> dict[str, dt.datetime]:
    """``claimed`` (file -> its commit's time, ``history.arrivals``) moved to no earlier than the last look of
    the turn's record that did not see the file as main now holds it."""
    record = looks(root, game_id, turn)
    if not record:
        return dict(claimed)
    blobs = tree_files(root, "HEAD", game_id, turn)
    out = {}
    for rel, time in claimed.items():
        name = rel.rsplit("/", 1)[-1]
        bound = not_before(record, name, blobs.get(name))
        out[rel] = max(time, bound) if bound is not None else time
    return out


def new_looks(record: list[Look], deadline: dt.datetime, candidates: list[Look]) -> list[Look]:
    """Of ``candidates`` (oldest first), those worth recording: after the deadline and after every look so far;
    a run's look only where main holds what no look saw (a push's look always: it dates what the push brought).

    >>> d = when("2027-01-10T20:00:00+00:00")
    >>> before = Look(when("2027-01-10T19:59:00+00:00"), {})
    >>> new_looks([], d, [before])
    []
    >>> first = Look(when("2027-01-10T20:07:00+00:00"), {"bob.yaml": "b1"})
    >>> new_looks([], d, [first]) == [first]
    True
    >>> new_looks([first], d, [Look(when("2027-01-10T20:22:00+00:00"), {"bob.yaml": "b1"})])
    []
    """
    out: list[Look] = []
    for look in candidates:
        last = (record + out)[-1] if record or out else None
        if look.at <= deadline or (last is not None and look.at <= last.at):
            continue
        if look.by == "run" and last is not None and dict(last.files) == dict(look.files):
            continue
        out.append(look)
    return out


def text(record: list[Look]) -> str:
    """The record as turnpress writes it."""
    body = {"looks": [{"at": stamp(look.at), "by": look.by, "files": dict(sorted(look.files.items()))}
                      for look in record]}
    return RECORD_HEAD + yamlio.dump(body)


def read_event(path: Path) -> Any:
    """The JSON of a workflow's event file (``--event``, bounded before it is read); a file that is none is said in
    our words, with the line and column where JSON stops, not the system's or the JSON library's English."""
    fix = "pass the workflow's $GITHUB_EVENT_PATH"
    try:
        with path.open("rb") as f:
            raw = f.read(EVENT_MAX_BYTES + 1)
    except FileNotFoundError:
        raise LeagueError(f"--event {path}: no such file; {fix}", word="event.missing", path=path) from None
    except IsADirectoryError:
        raise LeagueError(f"--event {path}: a folder, not a file; {fix}", word="event.folder", path=path) from None
    except OSError as e:  # no permission, a device's fault: the system's words, quoted
        raise LeagueError(f"--event {path}: cannot be read ({e.strerror or e}); {fix}", word="event.unreadable",
                          path=path, why=e.strerror or e) from None
    if len(raw) > EVENT_MAX_BYTES:
        most = EVENT_MAX_BYTES // (1024 * 1024)
        raise LeagueError(f"--event {path}: larger than {most} MiB; {fix}", word="event.too_large", path=path,
                          most=most)
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise LeagueError(f"--event {path}: not UTF-8 text; {fix}", word="event.not_utf8", path=path) from None
    except json.JSONDecodeError as e:
        raise LeagueError(f"--event {path}: not JSON (line {e.lineno}, column {e.colno}); {fix}",
                          word="event.not_json", path=path, line=e.lineno, column=e.colno) from None
    except RecursionError:  # nested deeper than the reader goes: no event GitHub writes
        raise LeagueError(f"--event {path}: not JSON (line 1, column 1); {fix}", word="event.not_json", path=path,
                          line=1, column=1) from None


def push_event(path: Path, branch: str) -> Pushed | None:
    """The push to ``branch`` that a workflow's event file (``$GITHUB_EVENT_PATH``) names; None for any other
    event (a schedule, a dispatch), a push to another branch or one that created the branch.

    GitHub writes the file; ``repository.pushed_at`` is the push's time in seconds since the epoch (a push
    event's alone is a number; other events' are ISO text, read too).
    """
    event = read_event(path)
    if not isinstance(event, dict) or event.get("ref") != f"refs/heads/{branch}":
        return None
    before, pushed = event.get("before"), (event.get("repository") or {}).get("pushed_at")
    if (not isinstance(before, str) or len(before) != 40 or set(before) - set("0123456789abcdef")
            or set(before) == {"0"}):
        return None
    try:
        if isinstance(pushed, int) and not isinstance(pushed, bool):
            at = dt.datetime.fromtimestamp(pushed, dt.UTC)
        elif isinstance(pushed, str):
            at = when(pushed)
        else:
            return None
    except (ValueError, OverflowError, OSError):
        return None
    return Pushed(before, at)
