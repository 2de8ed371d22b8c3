"""Deadlines (issue: the league engine, item 7): named time zones, periodic schedules, grace, extend, pause."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from adjudicator import schedule

BERLIN = ZoneInfo("Europe/Berlin")


def local(*args: int) -> dt.datetime:
    return dt.datetime(*args, tzinfo=BERLIN)


def chain(block: dict, n: int) -> list[str]:
    s = schedule.parse(block)
    out, prev = [], None
    for turn in range(1, n + 1):
        prev = s.deadline(turn, prev)
        out.append(prev.strftime("%a %Y-%m-%d %H:%M %Z"))
    return out


def test_every_n_days_keeps_the_local_hour_across_summer_time():
    got = chain({"timezone": "Europe/Berlin", "first": "2026-03-22 20:00", "every": "7 days"}, 3)
    assert got == ["Sun 2026-03-22 20:00 CET", "Sun 2026-03-29 20:00 CEST", "Sun 2026-04-05 20:00 CEST"]


def test_weekly_on_weekdays():
    got = chain({"timezone": "America/New_York", "first": "2026-01-05 18:00", "every": "weekly mon thu"}, 4)
    assert got == ["Mon 2026-01-05 18:00 EST", "Thu 2026-01-08 18:00 EST", "Mon 2026-01-12 18:00 EST",
                   "Thu 2026-01-15 18:00 EST"]


def test_monthly_on_a_day_falls_back_to_the_last_day_of_short_months():
    got = chain({"timezone": "UTC", "first": "2026-01-31 12:00", "every": "monthly 31"}, 4)
    assert got == ["Sat 2026-01-31 12:00 UTC", "Sat 2026-02-28 12:00 UTC", "Tue 2026-03-31 12:00 UTC",
                   "Thu 2026-04-30 12:00 UTC"]


def test_an_extension_moves_one_deadline_and_the_next_ones_follow_it():
    block = {"timezone": "Europe/Berlin", "first": "2026-01-05 20:00", "every": "14 days",
             "extend": {2: "2026-01-22 20:00"}}
    assert chain(block, 3) == ["Mon 2026-01-05 20:00 CET", "Thu 2026-01-22 20:00 CET", "Thu 2026-02-05 20:00 CET"]


def test_grace_and_pause_are_read():
    s = schedule.parse({"first": "2026-01-05 20:00", "grace": 90, "paused": True})
    assert s.grace == dt.timedelta(minutes=90) and s.paused and s.timezone == "UTC"


@pytest.mark.parametrize(
    ("block", "words"),
    [
        ({"first": "2026-01-05 20:00", "timezone": "Mars/Olympus"}, "unknown time zone"),
        ({"first": "next monday"}, "write it as YYYY-MM-DD HH:MM"),
        ({"first": "2026-01-05 20:00", "every": "fortnightly"}, "write '14 days', 'weekly mon thu' or 'monthly 5'"),
        ({"first": "2026-01-05 20:00", "grace": "1h"}, "whole number of minutes"),
        ({"every": "7 days"}, "needs 'first"),
    ],
)
def test_a_bad_schedule_says_what_to_write(block, words):
    with pytest.raises(schedule.ScheduleError, match=words):
        schedule.parse(block)


def test_cli_spec():
    block = schedule.spec_from_cli("first=2026-12-01 20:00, every=14 days, timezone=Europe/Berlin, grace=60")
    assert block == {"first": "2026-12-01 20:00", "every": "14 days", "timezone": "Europe/Berlin", "grace": 60}
    with pytest.raises(schedule.ScheduleError, match="write key=value with keys first, every"):
        schedule.spec_from_cli("start tomorrow")
    # Another key names a kind of phase: its value must be a period ('new' checks the rules have the kind).
    block = schedule.spec_from_cli("first=2026-12-01 20:00,start=tomorrow")
    with pytest.raises(schedule.ScheduleError, match="phases: start: 'tomorrow' is not a period"):
        schedule.parse(block)
