"""Deadlines that fit the phase (issue 23): a game gives its short kinds of phase (Diplomacy's retreats and
adjustments, Calamity's reactions) a period of their own, e.g. two days instead of two weeks; ``status``, the
issue pages and the orders page show the deadline that follows from it, and ``verify`` replays it."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from adjudicator import schedule, yamlio
from adjudicator.league.store import load_game, phase_kinds_problem
from adjudicator.newsletter import orders_page
from adjudicator.rulesets.calamity import RULESET as CALAMITY
from adjudicator.rulesets.diplomacy import RULESET as DIPLOMACY

from .calamity.cal_helpers import new_game
from .calamity.test_cal_risk import at_risk_c
from .conftest import git, new_repository, run
from .dreissigjaehriger_krieg import dk_game

BERLIN = ZoneInfo("Europe/Berlin")
POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")
SCHEDULE = "first=2026-03-02 20:00,every=14 days,timezone=Europe/Berlin,retreat=2 days,adjustment=2 days"


def diplomacy(root: Path, spec: str = SCHEDULE) -> Path:
    (root / "games").mkdir(parents=True)
    new_repository(root)
    players = [arg for i, p in enumerate(POWERS) for arg in ("--player", f"{p.capitalize()}:{p[:3]}:{i + 1}:{p}")]
    assert run(root, "new", "diplomacy", "d1", *players, "--option", "orders=open", "--schedule", spec,
               "--now", "2026-03-01T00:00Z") == 0
    git(root, "add", "-A")
    git(root, "commit", "-qm", "new game d1", date=dt.datetime(2026, 3, 1, 12, tzinfo=BERLIN))
    return root


def send(root: Path, turn: int, player: str, lines: list[str], when: dt.datetime) -> None:
    path = root / f"orders/d1/{turn:04d}/{player}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"game: d1\nturn: {turn}\nplayer: {player}\norders:\n" + "".join(f"  - {x}\n" for x in lines))
    git(root, "add", "-A")
    git(root, "commit", "-qm", f"orders of {player}", date=when)


def test_an_adjustment_phase_is_due_two_days_after_the_fall_not_two_weeks(tmp_path: Path, capsys):
    root = diplomacy(tmp_path / "league")
    send(root, 1, "ger", ["F Kie - Den", "A Mun - Ruh", "A Ber - Kie"], dt.datetime(2026, 3, 2, 10, tzinfo=BERLIN))
    assert run(root, "adjudicate", "--due", "--commit", "--now", "2026-03-02T20:05+01:00") == 0
    assert run(root, "adjudicate", "--due", "--commit", "--now", "2026-03-16T20:05+01:00") == 0
    capsys.readouterr()
    # Germany took Denmark in the fall: the winter's builds are due two days later, at the fall's hour.
    assert run(root, "status", "d1", "--now", "2026-03-17T20:00+01:00") == 0
    out = capsys.readouterr().out
    assert "d1: turn 3, Winter 1901 Adjustments\n  deadline: 2026-03-18 20:00 CET, in 1 d\n" in out
    page = (root / "site/news/d1/0002.md").read_text()
    assert "Orders for turn 3 are due by **2026-03-18 20:00 CET**" in page, "the fall's issue names the short one"
    game = load_game(root, "d1")
    orders = orders_page.turn_data(orders_page.read_open_turn(game, root))
    assert orders["deadline"] == "2026-03-18T20:00+01:00", "and so does the orders page"
    assert run(root, "adjudicate", "--due", "--commit", "--now", "2026-03-18T20:05+01:00") == 0
    # The spring after it has the full period again, counted from the winter's deadline (summer time by then).
    assert yamlio.read_data(root / "games/d1/turns/0003/report.yaml")["deadline"] == "2026-03-18T20:00+01:00"
    assert run(root, "status", "d1", "--now", "2026-03-19T12:00+01:00") == 0
    assert "d1: turn 4, Spring 1902 Movement\n  deadline: 2026-04-01 20:00 CEST" in capsys.readouterr().out
    assert run(root, "verify", "d1") == 0, "the short deadlines replay from the committed reports"


def test_without_a_period_of_its_own_a_phase_gets_the_full_period(tmp_path: Path, capsys):
    root = diplomacy(tmp_path / "league", "first=2026-03-02 20:00,every=14 days,timezone=Europe/Berlin")
    send(root, 1, "ger", ["F Kie - Den", "A Mun - Ruh", "A Ber - Kie"], dt.datetime(2026, 3, 2, 10, tzinfo=BERLIN))
    assert run(root, "adjudicate", "--due", "--commit", "--now", "2026-03-02T20:05+01:00") == 0
    assert run(root, "adjudicate", "--due", "--commit", "--now", "2026-03-16T20:05+01:00") == 0
    capsys.readouterr()
    assert run(root, "status", "d1", "--now", "2026-03-17T20:00+01:00") == 0
    assert "Winter 1901 Adjustments\n  deadline: 2026-03-30 20:00 CEST" in capsys.readouterr().out


def test_a_kind_of_phase_the_rules_do_not_have_is_refused_by_name(tmp_path: Path, capsys):
    root = tmp_path / "league"
    players = [arg for i, p in enumerate(POWERS) for arg in ("--player", f"{p.capitalize()}:{p[:3]}:{i + 1}:{p}")]
    (root / "games").mkdir(parents=True)
    assert run(root, "new", "diplomacy", "d1", *players, "--now", "2026-03-01T00:00Z", "--schedule",
               "first=2026-03-02 20:00,every=14 days,retreats=2 days") == 2
    assert capsys.readouterr().err == (
        "turnpress: --schedule: phases: diplomacy has no phase of the kind 'retreats'; its kinds are movement, "
        "retreat, adjustment\n")
    assert run(root, "new", "counter", "c1", "--player", "A:a:1", "--now", "2026-03-01T00:00Z", "--schedule",
               "first=2026-03-02 20:00,retreat=2 days") == 2
    assert capsys.readouterr().err == (
        "turnpress: --schedule: phases: counter has no phase of the kind 'retreat'; it has one kind of phase, whose "
        "period is 'every'\n")
    assert not (root / "games/d1").exists() and not (root / "games/c1").exists()


@pytest.mark.parametrize(("text", "words"), [
    ("2 weeks", "phases: retreat: '2 weeks' is not a period; write one like '2 days', '36 hours' or '90 minutes'"),
    ("0 days", "phases: retreat: '0 days'; write a period of at least a minute and at most 366 days"),
    ("9999 days", "phases: retreat: '9999 days'; write a period of at least a minute and at most 366 days"),
])
def test_a_period_says_what_to_write(text: str, words: str):
    with pytest.raises(schedule.ScheduleError) as e:
        schedule.parse({"first": "2026-03-02 20:00", "phases": {"retreat": text}})
    assert str(e.value) == words


def test_calamity_reactions_can_be_short():
    """Calamity (Die Regeln, the risk's steps): the reactions to a risk are answered within hours, not days."""
    assert CALAMITY.phase(new_game()).kind == "move"
    assert CALAMITY.phase(at_risk_c()).kind == "reaction", "Ann's card led to a risk field: the holders react"
    s = schedule.parse({"first": "2026-03-02 20:00", "every": "7 days", "timezone": "Europe/Berlin",
                        "phases": {"reaction": "36 hours"}})
    before = dt.datetime(2026, 3, 9, 20, tzinfo=BERLIN)
    assert s.deadline(5, before, "reaction") == dt.datetime(2026, 3, 11, 8, tzinfo=BERLIN)
    assert s.deadline(5, before, "move") == dt.datetime(2026, 3, 16, 20, tzinfo=BERLIN)


def test_the_thirty_years_war_has_the_same_short_phases():
    """The Thirty Years' War is played on the Diplomacy rules (its sections 5 and 6: Rückzüge, Aufbau): its
    retreats and adjustments take the game's short periods too, whatever the language of its labels."""
    state = dk_game.new_game(labels="de")
    assert DIPLOMACY.phase(state).kind == "movement" and "Züge" in DIPLOMACY.phase(state).label
    retreat = {**state, "kind": "retreat", "dislodged": []}
    assert DIPLOMACY.phase(retreat).kind == "retreat"
    parsed = schedule.parse({"first": "2026-03-02 20:00", "every": "14 days",
                             "phases": {"retreat": "2 days", "adjustment": "2 days"}})
    assert phase_kinds_problem(DIPLOMACY, "diplomacy", parsed) is None
