"""Deadlines: periodic schedules in a named time zone, grace, extensions, pauses, early adjudication.

The ``schedule`` block of ``game.yaml``::

    schedule:
      timezone: Europe/Berlin
      first: 2026-12-01 20:00      # the deadline of turn 1, local time
      every: 14 days               # or: "weekly mon thu", "monthly 5", "7 days"
      grace: 60                    # minutes after the deadline in which orders still count (marked late)
      extend: {3: 2026-12-20 20:00}   # a game master's extension of one turn's deadline
      paused: false                # a paused game is never due
      phases: {retreat: 2 days, adjustment: 2 days}   # a kind of phase with a period of its own
      nmr_extension: {period: 2 days, times: 1}   # the deadline moves once for a player with nothing in
      absence: 14 days             # the longest a player's dated absence may move a deadline
      remind: 24 hours             # 'turnpress remind' reminds the awaited this long before each deadline

Turn ``t``'s deadline is its extension if it has one, else, where its phase's kind (``Phase.kind``) has a period
of its own, turn ``t-1``'s deadline plus that period, else the first scheduled time strictly after turn
``t-1``'s deadline. An early adjudication does not move later deadlines: players always get the full period.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .errors import ScheduleError

WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


@dataclass(frozen=True)
class Schedule:
    timezone: str
    first: dt.datetime
    kind: str  # "days", "weekly" or "monthly"
    days: int = 0
    weekdays: tuple[int, ...] = ()
    monthday: int = 0
    grace: dt.timedelta = dt.timedelta(0)
    extend: Mapping[int, dt.datetime] = field(default_factory=dict)
    paused: bool = False
    phases: Mapping[str, dt.timedelta] = field(default_factory=dict)  # phase kind -> its own period
    nmr_extension: NmrExtension | None = None
    absence: dt.timedelta | None = None  # the longest move of one deadline by players' absences; None: not allowed
    remind: dt.timedelta | None = None  # how long before each deadline 'turnpress remind' speaks

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    def next_after(self, previous: dt.datetime) -> dt.datetime:
        """The first scheduled deadline strictly after ``previous``, at the time of day of ``first``."""
        local = previous.astimezone(self.zone)
        at = self.first.timetz().replace(tzinfo=None)
        if self.kind == "days":
            # Wall-clock arithmetic, so a deadline stays at 20:00 across a change of summer time.
            naive = local.replace(tzinfo=None) + dt.timedelta(days=self.days)
            return _localize(naive, self.zone)
        day = local.date()
        for _ in range(400):
            day += dt.timedelta(days=1)
            if self.kind == "weekly" and day.weekday() in self.weekdays or (
                self.kind == "monthly" and day.day == min(self.monthday, _month_len(day))
            ):
                candidate = _localize(dt.datetime.combine(day, at), self.zone)
                if candidate > previous:
                    return candidate
        raise ScheduleError("no deadline within a year")  # pragma: no cover - every kind recurs sooner

    def deadline(self, turn: int, previous: dt.datetime | None, kind: str = "") -> dt.datetime:
        """Turn ``turn``'s deadline, given the deadline turn ``turn - 1`` had (None for turn 1) and the kind of
        turn ``turn``'s phase: a kind with a period of its own (``phases``) is due that long after the last one.
        """
        if turn in self.extend:
            return self.extend[turn]
        if turn <= 1 or previous is None:
            return self.first
        if kind in self.phases:
            return self.after(previous, self.phases[kind])
        return self.next_after(previous)

    def after(self, when: dt.datetime, period: dt.timedelta) -> dt.datetime:
        """``when`` plus ``period`` on the wall clock of the game's zone (a 2-day retreat stays at 20:00)."""
        return _localize(when.astimezone(self.zone).replace(tzinfo=None) + period, self.zone)


@dataclass(frozen=True)
class NmrExtension:
    """``nmr_extension``: an awaited player with nothing in at the deadline moves it once by ``period``, before
    the NMR rule applies; each player ``times`` times per game at most."""

    period: dt.timedelta
    times: int


def _month_len(day: dt.date) -> int:
    nxt = (day.replace(day=28) + dt.timedelta(days=4)).replace(day=1)
    return (nxt - dt.timedelta(days=1)).day


def _localize(naive: dt.datetime, zone: ZoneInfo) -> dt.datetime:
    return naive.replace(tzinfo=zone)


def parse_time(value: Any, zone: ZoneInfo, what: str) -> dt.datetime:
    """A local time ``YYYY-MM-DD HH:MM`` (or ISO with offset) as an aware datetime."""
    if isinstance(value, dt.datetime):
        parsed = value
    else:
        text = str(value).strip().replace("T", " ")
        try:
            parsed = dt.datetime.fromisoformat(text)
        except ValueError:
            raise ScheduleError(f"{what}: {value!r} is not a time; write it as YYYY-MM-DD HH:MM", "schedule.time",
                                what=what, value=repr(value)) from None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=zone)
    return parsed


def parse(block: Mapping[str, Any]) -> Schedule:
    """Read a ``schedule`` block. Raises ``ScheduleError`` naming the key at fault and what to write."""
    tzname = str(block.get("timezone", "UTC"))
    try:
        zone = ZoneInfo(tzname)
    except (ZoneInfoNotFoundError, ValueError):
        raise ScheduleError(f"timezone: unknown time zone {tzname!r}; write one like Europe/Berlin", "schedule.zone",
                            zone=repr(tzname)) from None
    if "first" not in block:
        raise ScheduleError("schedule needs 'first: YYYY-MM-DD HH:MM', the deadline of turn 1", "schedule.first")
    first = parse_time(block["first"], zone, "first")
    kw = _every(block.get("every", "7 days"))
    grace = block.get("grace", 0)
    if not isinstance(grace, int) or isinstance(grace, bool) or grace < 0:
        raise ScheduleError("grace: write a whole number of minutes, like 'grace: 60'", "schedule.grace")
    extend = {}
    for turn, when in (block.get("extend") or {}).items():
        try:
            extend[int(turn)] = parse_time(when, zone, f"extend {turn}")
        except ValueError:
            raise ScheduleError(f"extend: {turn!r} is not a turn number", "schedule.extend", turn=repr(turn)) from None
    periods = _phases(block.get("phases") or {})
    return Schedule(tzname, first, grace=dt.timedelta(minutes=grace), extend=extend,
                    paused=bool(block.get("paused", False)), phases=periods,
                    nmr_extension=_nmr_extension(block.get("nmr_extension")),
                    absence=parse_period(block["absence"], "absence") if block.get("absence") else None,
                    remind=parse_period(block["remind"], "remind") if block.get("remind") else None, **kw)


def _every(value: Any) -> dict[str, Any]:
    """``every:`` as the fields of a ``Schedule`` (kind and its numbers)."""
    every = str(value).strip().lower()
    words = every.split()
    if re.fullmatch(r"\d{1,4} days?", every):
        if int(words[0]) < 1:
            raise ScheduleError("every: write at least '1 day'", "schedule.every_zero")
        return {"kind": "days", "days": int(words[0])}
    if words and words[0] == "weekly" and len(words) > 1 and all(w[:3] in WEEKDAYS for w in words[1:]):
        return {"kind": "weekly", "weekdays": tuple(sorted({WEEKDAYS.index(w[:3]) for w in words[1:]}))}
    if len(words) == 2 and words[0] == "monthly" and words[1].isdigit() and 1 <= int(words[1]) <= 31:
        return {"kind": "monthly", "monthday": int(words[1])}
    raise ScheduleError(f"every: {every!r} is not a schedule; write '14 days', 'weekly mon thu' or 'monthly 5'",
                        "schedule.every", every=repr(every))


def _phases(phases: Any) -> dict[str, dt.timedelta]:
    if not isinstance(phases, Mapping):
        raise ScheduleError("phases: write each kind of phase with its period, like 'phases: {retreat: 2 days}'",
                            "schedule.phases")
    return {str(k): parse_period(v, f"phases: {k}") for k, v in phases.items()}


RULED_KEYS = ("every", "phases")  # what a game master's ruling may change of a running game's schedule


def ruled(schedule: Schedule, change: Mapping[str, Any]) -> Schedule:
    """``schedule`` with a ruling's ``schedule:`` applied (``turnpress reschedule``): a new period (``every``) and
    periods of kinds of phase (``phases``, each replacing the one of its kind; ``none`` drops it).

    >>> s = parse({"first": "2026-01-05 20:00", "every": "14 days", "phases": {"retreat": "2 days"}})
    >>> r = ruled(s, {"every": "7 days", "phases": {"retreat": "none", "adjustment": "1 day"}})
    >>> r.days, dict(r.phases), s.days
    (7, {'adjustment': datetime.timedelta(days=1)}, 14)
    """
    fields: dict[str, Any] = {}
    if "every" in change:
        fields.update({"days": 0, "weekdays": (), "monthday": 0, **_every(change["every"])})
    if "phases" in change:
        own = change["phases"]
        if not isinstance(own, Mapping):
            raise ScheduleError("phases: write each kind of phase with its period, like 'phases: {retreat: 2 days}'",
                            "schedule.phases")
        periods = dict(schedule.phases)
        for kind, period in own.items():
            if str(period).strip().lower() == "none":
                periods.pop(str(kind), None)
            else:
                periods[str(kind)] = parse_period(period, f"phases: {kind}")
        fields["phases"] = periods
    return replace(schedule, **fields)


def published_changes(before: Schedule, now: Schedule, last_turn: int,
                      recorded: Callable[[int], dt.datetime | None] = lambda turn: None) -> list[str]:
    """The keys of a schedule whose change since the last turn was published alters a published page, in the
    order of the block: the time zone every issue shows its deadlines in and ``first`` (the set-up's issue names
    it) from the set-up on; ``every`` and ``phases``, which gave the next deadline each issue names, once a turn
    is adjudicated; ``extend`` of a turn adjudicated already, unless it says the deadline the turn had
    (``recorded``). Pure.

    >>> a = parse({"first": "2026-01-05 20:00", "every": "14 days"})
    >>> published_changes(a, parse({"first": "2026-01-05 20:00", "every": "7 days"}), 0)
    []
    >>> published_changes(a, parse({"first": "2026-01-06 20:00", "every": "7 days"}), 1)
    ['first', 'every']
    >>> b = parse({"first": "2026-01-05 20:00", "every": "14 days", "extend": {1: "2026-01-07 20:00"}})
    >>> published_changes(a, b, 1)
    ['extend']
    """
    out = []
    if before.timezone != now.timezone:
        out.append("timezone")
    if before.first != now.first:
        out.append("first")
    if last_turn >= 1:
        if (before.kind, before.days, before.weekdays, before.monthday) != (now.kind, now.days, now.weekdays,
                                                                             now.monthday):
            out.append("every")
        if dict(before.phases) != dict(now.phases):
            out.append("phases")
    if any(before.extend.get(t) != now.extend.get(t) and now.extend.get(t) != recorded(t)
           for t in {*before.extend, *now.extend} if t <= last_turn):
        out.append("extend")
    return out


PERIOD = re.compile(r"(?P<n>[0-9]{1,4}) ?(?P<unit>days?|hours?|minutes?)", re.ASCII)
PERIOD_MAX = dt.timedelta(days=366)


def parse_period(value: Any, what: str) -> dt.timedelta:
    """A period as people write it: ``2 days``, ``36 hours``, ``90 minutes`` (more than none, at most a year).

    >>> parse_period("2 days", "phases: retreat")
    datetime.timedelta(days=2)
    >>> parse_period("36 hours", "remind")
    datetime.timedelta(days=1, seconds=43200)
    """
    m = PERIOD.fullmatch(str(value).strip().lower())
    if m is None:
        raise ScheduleError(f"{what}: {value!r} is not a period; write one like '2 days', '36 hours' or '90 minutes'",
                            "schedule.period", what=what, value=repr(value))
    unit = m["unit"].rstrip("s") + "s"
    period = dt.timedelta(**{unit: int(m["n"])})
    if not dt.timedelta(0) < period <= PERIOD_MAX:
        raise ScheduleError(f"{what}: {value!r}; write a period of at least a minute and at most 366 days",
                            "schedule.period_range", what=what, value=repr(value))
    return period


def _nmr_extension(block: Any) -> NmrExtension | None:
    if block is None or block is False:
        return None
    if (not isinstance(block, Mapping) or set(block) != {"period", "times"} or type(block["times"]) is not int
            or not 1 <= block["times"] <= 99):
        raise ScheduleError("nmr_extension: write 'nmr_extension: {period: 2 days, times: 1}': how long the deadline "
                            "moves for a player with nothing in, and how often (1 to 99) per player and game",
                            "schedule.nmr_extension")
    return NmrExtension(parse_period(block["period"], "nmr_extension: period"), block["times"])


def absence_move(schedule: Schedule, deadline: dt.datetime, awaited: Sequence[str],
                 absent: Mapping[str, Sequence[tuple[dt.date, dt.date]]]) -> tuple[dt.datetime, tuple[str, ...]]:
    """A turn's ``deadline`` moved past the dated absences of the players it awaits, and whose moved it. Pure.

    A deadline on a day of an awaited player's absence (first and last day, in the game's zone) moves to the same
    hour of the day after it, as often as it lands in another; never further than ``absence`` after the
    scheduled deadline, the limit the game master set.

    >>> import datetime as dt
    >>> s = parse({"first": "2026-01-12 20:00", "timezone": "Europe/Berlin", "absence": "7 days"})
    >>> d = dt.date
    >>> moved, who = absence_move(s, s.first, ("ann", "bo"), {"bo": [(d(2026, 1, 11), d(2026, 1, 13))]})
    >>> iso(moved), who
    ('2026-01-14T20:00+01:00', ('bo',))
    >>> absence_move(s, s.first, ("ann",), {"bo": [(d(2026, 1, 11), d(2026, 1, 13))]})[1]
    ()
    """
    if schedule.absence is None:
        return deadline, ()
    limit = schedule.after(deadline, schedule.absence)
    moved, who = deadline, list[str]()
    for _ in range(sum(len(absent.get(k, ())) for k in awaited)):  # each move leaves one absence behind
        day = moved.astimezone(schedule.zone).date()
        hits = [(k, last) for k in awaited for first, last in absent.get(k, ()) if first <= day <= last]
        if not hits:
            break
        who += [k for k, _ in hits if k not in who]
        moved = min(schedule.after(moved, dt.timedelta(days=(max(last for _, last in hits) - day).days + 1)), limit)
        if moved == limit:
            break
    return moved, tuple(who)


def nmr_extended(schedule: Schedule, deadline: dt.datetime, now: dt.datetime, awaited: Sequence[str],
                 first_in: Mapping[str, dt.datetime], used: Mapping[str, int]) -> tuple[str, ...]:
    """Who uses an NMR extension of a turn's ``deadline`` (empty: nobody; the deadline stands). Pure.

    Once the deadline and its grace have passed (``now``), each awaited player whose orders had not reached
    main by then (``first_in``: when each player's file first arrived) and who has an extension left (``used``:
    how many they used in the game) uses one; the deadline then moves once by the period, for all of them.

    >>> import datetime as dt
    >>> s = parse({"first": "2026-01-05 20:00", "grace": 60, "nmr_extension": {"period": "2 days", "times": 1}})
    >>> due = s.first
    >>> nmr_extended(s, due, due, ("ann", "bo"), {}, {})
    ()
    >>> nmr_extended(s, due, due + dt.timedelta(hours=2), ("ann", "bo", "cy"), {"ann": due}, {"cy": 1})
    ('bo',)
    """
    rule = schedule.nmr_extension
    moment = deadline + schedule.grace
    if rule is None or now < moment:
        return ()
    return tuple(k for k in awaited if not (k in first_in and first_in[k] <= moment) and used.get(k, 0) < rule.times)


def is_due(schedule: Schedule | None, deadline: dt.datetime | None, now: dt.datetime, *, finished: bool,
           awaited: Sequence[str], submitted: Sequence[str], waiting: Sequence[str]) -> tuple[bool, str]:
    """Whether the open phase is due ``now``, and why (or why not). Pure: every input is an argument.

    A phase is due at its deadline plus grace, or as soon as every awaited player has orders in and none of
    them asked to wait (early adjudication); never in a finished or paused game. The reason names what holds
    the turn: the grace after the deadline, the players who asked to wait, the players it waits for.

    >>> import datetime as dt
    >>> noon = dt.datetime(2026, 1, 5, 12, tzinfo=dt.UTC)
    >>> is_due(None, None, noon, finished=False, awaited=("a", "b"), submitted=("a", "b"), waiting=())
    (True, 'every awaited player has orders in')
    >>> is_due(None, noon + dt.timedelta(days=1), noon, finished=False, awaited=("a", "b"), submitted=("a", "b"),
    ...        waiting=())
    (True, 'every awaited player has orders in: early adjudication, before the deadline')
    >>> is_due(None, noon + dt.timedelta(days=1), noon, finished=False, awaited=("a", "b"), submitted=("a", "b"),
    ...        waiting=("b",))
    (False, 'every awaited player has orders in, but b asked to wait: adjudicated at the deadline')
    >>> is_due(None, None, noon, finished=False, awaited=("a", "b"), submitted=("a",), waiting=())
    (False, 'the game has no schedule: adjudicate it by name')
    """
    if finished:
        return False, "the game is over"
    if schedule is not None and schedule.paused:
        return False, "the game is paused"
    grace = schedule.grace if schedule else dt.timedelta(0)
    if deadline is not None and now >= deadline + grace:
        return True, "the deadline has passed"
    everyone = bool(awaited) and set(awaited) <= set(submitted)
    asked = [k for k in awaited if k in set(waiting)]
    if everyone and not asked:
        early = deadline is not None and now < deadline
        return True, "every awaited player has orders in" + (": early adjudication, before the deadline" * early)
    if deadline is None:
        return False, "the game has no schedule: adjudicate it by name"
    if now >= deadline:
        return False, (f"in grace until {iso(deadline + grace)}: the deadline has passed, and orders that come "
                       "now still count (marked late)")
    if everyone:
        return False, (f"every awaited player has orders in, but {', '.join(asked)} asked to wait: adjudicated at "
                       "the deadline")
    return False, f"waiting for {', '.join(k for k in awaited if k not in set(submitted))} until the deadline"


CLI_KEYS = ("first", "every", "timezone", "grace", "remind", "absence", "nmr_extension")


def spec_from_cli(text: str) -> dict[str, Any]:
    """``--schedule "first=2026-12-01 20:00,every=14 days,timezone=Europe/Berlin,grace=60"`` as a block.

    Any other key names a kind of phase with a period of its own (``retreat=2 days``: ``phases``; ``new`` checks
    that the rules have that kind); ``nmr_extension=1 x 2 days`` allows one NMR extension of two days each.

    >>> spec_from_cli("first=2026-12-01 20:00,retreat=2 days,nmr_extension=2 x 1 day,remind=24 hours")
    {'first': '2026-12-01 20:00', 'phases': {'retreat': '2 days'}, 'nmr_extension': {'period': '1 day', 'times': 2}, \
'remind': '24 hours'}
    """
    block: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, sep, value = (x.strip() for x in part.partition("="))
        if not sep or not re.fullmatch(r"[a-z][a-z_]{0,30}", key, re.ASCII):
            raise ScheduleError(f"--schedule: {part!r}; write key=value with keys {', '.join(CLI_KEYS)}, or a kind "
                                "of phase and its period (retreat=2 days)", "schedule.cli_part", part=repr(part),
                                keys=", ".join(CLI_KEYS))
        if key == "grace":
            block[key] = int(value) if value.isdigit() else value
        elif key == "nmr_extension":
            m = re.fullmatch(r"([0-9]{1,2}) ?x ?(.+)", value, re.ASCII)
            if m is None:
                raise ScheduleError(f"--schedule: nmr_extension={value!r}; write nmr_extension=1 x 2 days (how often "
                                    "per player and game, and by how long)", "schedule.cli_nmr", value=repr(value))
            block[key] = {"period": m[2], "times": int(m[1])}
        elif key in CLI_KEYS:
            block[key] = value
        else:
            block.setdefault("phases", {})[key] = value
    return block


def iso(when: dt.datetime) -> str:
    """A deadline as stored and printed: ISO 8601 with its UTC offset, to the minute."""
    return when.isoformat(timespec="minutes")
