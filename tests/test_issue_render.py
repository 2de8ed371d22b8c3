"""An issue page rendered from the values the engine hands it (issue 31, "The issue page renders from what the engine
hands it, testable without a league"): ``newsletter.render`` reads no file (no ``mkdocs.yml``, no rulings, no
schedule, no notes, no earlier turn); ``issue_input`` is where a league is read, once, and ``turn.load_turn`` puts
that input in the turn's snapshot. Here there is no league: the turn of ``test_turn_core`` is played from a
snapshot in memory, and its page is rendered with the file system closed."""

from __future__ import annotations

import dataclasses

from hypothesis import example, given, settings
from hypothesis import strategies as st

from adjudicator import anchor, yamlio
from adjudicator import schedule as schedmod
from adjudicator.kit import words
from adjudicator.kit.catalog import SITE
from adjudicator.model import GameConfig
from adjudicator.newsletter import SVG_BLOCK, IssueInput, figure, issue_facts, render, wrap_svg

from .counter import RULESET as COUNTER
from .test_turn_core import PLAYERS, SCHEDULE, closed, play, snapshot

REPO = "https://example.org/league"
HEAD_BEFORE = "ab" * 32  # the chain head after the set-up, as the league's files would give it


def facts(outcome_state: dict, **more: object) -> IssueInput:
    """What the engine hands the page of turn 1: the game as of the turn, its schedules, notes, repository."""
    schedule = schedmod.parse(SCHEDULE)
    fields: dict[str, object] = {
        "game": "g1", "title": "Game <One>", "language": "en", "rules": COUNTER, "turn": 1,
        "players": tuple(PLAYERS), "presence": {p.key: range(0, 2) for p in PLAYERS}, "labels": {},
        "open_orders": False, "schedule": schedule, "next_schedule": schedule,
        "seats_before": {}, "gm_notes": "The *ferry* runs late this week.", "repo": REPO,
        "publics": (COUNTER.public_view(snapshot().state),), "steps": ("0", "Round 1"),
        "previous_head": HEAD_BEFORE}
    return IssueInput(**{**fields, **more})  # type: ignore[arg-type]


def turn_one() -> tuple[dict, dict]:
    _, outcome = play(snapshot())
    SITE.say("en", "charts")  # the program's own words (its catalog) are read once; a league's files stay closed
    return outcome.state, outcome.report


def test_an_issue_page_renders_from_values_with_the_file_system_closed():
    state, report = turn_one()
    with closed():
        path, page = render(facts(state), state, report)
    assert path == "site/news/g1/0001.md"
    assert "# Game &#60;One&#62; — Round 1" in page, "the game master's title is made inert"
    assert "Missed orders: Carol." in page
    assert "Late but taken: Bob (arrived 2026-01-05T20:30+01:00)" in page
    assert "Not taken: Carol (" in page
    # the next deadline by the schedule handed over, in its zone (§ schedule: one week on)
    assert "Orders for turn 2 are due by **2026-01-12 20:00 CET**." in page
    assert "## From the game master" in page and "The *ferry* runs late this week." in page
    assert f"[`orders/g1/0001/`]({REPO}/tree/g1/turn-1/orders/g1/0001)" in page
    # the chain head after the turn: the head before it followed by the bytes the turn commits
    head = anchor.follow(HEAD_BEFORE, yamlio.dump(report).encode(), yamlio.dump(COUNTER.public_view(state)).encode())
    assert f"`{head}`" in page


def test_the_same_values_give_the_same_page_and_each_value_shows():
    state, report = turn_one()
    with closed():
        page = render(facts(state), state, report)[1]
        again = render(facts(state), state, report)[1]
        bare = render(facts(state, repo=None, gm_notes=None, head="cd" * 32), state, report)[1]
        german = render(facts(state, language="de"), state, report)[1]
    assert page == again
    assert "git show g1/turn-1" in bare and REPO not in bare, "without a repository the page names the git command"
    assert "From the game master" not in bare
    assert f"`{'cd' * 32}`" in bare, "a head handed over (verify's replay) is the one printed"
    assert "Ohne Befehle: Carol." in german and "Missed orders" not in german


def test_a_ruling_names_the_seats_as_they_were_the_turn_before():
    state, report = turn_one()
    ruled = {**report, "ruling": {"by": "gm", "file": "rulings/g1/0001.yaml", "reason": "Bob moved away",
                                  "replace": [{"seat": "bob", "name": "Dora", "login": "dora"}]}}
    before = {"bob": {"key": "bob", "name": "Bob", "login": "Bob"}}
    with closed():
        page = render(facts(state, seats_before=before), state, ruled)[1]
    assert "Bob (@Bob)" in page and "Dora" in page


def test_the_players_handed_over_are_the_ones_named():
    """The engine hands the page the players as of its turn (``newsletter.issue_facts``): one who joined later is
    not in an earlier issue."""
    state, report = turn_one()
    renamed = tuple(dataclasses.replace(p, name="Caroline") if p.key == "carol" else p for p in PLAYERS)
    with closed():
        page = render(facts(state, players=renamed), state, report)[1]
    assert "Missed orders: Caroline." in page


def test_the_page_s_facts_are_built_from_the_seats_the_engine_hands_it_without_a_league():
    """Issue 31 ("the issue page renders from what the engine hands it"): ``newsletter.issue_facts`` takes the game's
    seats as the rulings through the turn left them and those of the turn before, and reads nothing. A player who
    joins at turn 2 is not in turn 1's issue (nor among its seats before, nor its charts' presence); a seat a ruling
    of turn 1 handed over is named by its new player, and the seat as it was before is what the ruling is told
    against."""
    state, report = turn_one()
    seats = [{"key": p.key, "name": p.name, "login": p.login, "id": p.github_id} for p in PLAYERS]
    dave = {"key": "dave", "name": "Dave", "login": "dave", "id": 4, "joined": 2}
    handed = [{**s, "name": "Dora", "login": "dora", "id": 5} if s["key"] == "bob" else s for s in seats]
    settings = GameConfig({"game": "g1", "title": "Game <One>", "ruleset": "counter", "options": {"target": 100},
                           "players": [*seats, dave]})
    schedule = schedmod.parse(SCHEDULE)
    ruled = {**report, "ruling": {"by": "gm", "file": "rulings/g1/0001.yaml", "reason": "Bob moved away",
                                  "replace": [{"seat": "bob", "name": "Dora", "login": "dora"}]}}
    words.about("counter", {})  # the program's own words of its games are read once; a league's files stay closed
    with closed():
        handed_over = issue_facts("g1", settings, COUNTER, "en", 1, [*handed, dave], [*seats, dave], schedule,
                                  schedule, "The *ferry* runs late this week.", REPO)
        page = render(dataclasses.replace(handed_over, publics=(COUNTER.public_view(snapshot().state),),
                                          steps=("0", "Round 1"), previous_head=HEAD_BEFORE), state, ruled)[1]
    assert [p.key for p in handed_over.players] == ["alice", "bob", "carol"], "Dave joins with turn 2"
    assert [p.name for p in handed_over.players] == ["Alice", "Dora", "Carol"]
    assert sorted(handed_over.seats_before) == ["alice", "bob", "carol"]
    assert handed_over.seats_before["bob"]["name"] == "Bob"
    assert "dave" not in handed_over.presence and handed_over.presence["alice"] == range(0, 2)
    assert handed_over.title == "Game <One>" and handed_over.gm_notes and handed_over.repo == REPO
    assert "Bob (@Bob)" in page and "Dora" in page and "Dave" not in page
    assert render(facts(state, players=handed_over.players, seats_before=handed_over.seats_before), state,
                  ruled)[1] == page, "the same values as the engine's own make the same page"


PIECES = ["<svg", "<svg>", "</svg>", "</sv", "g>", "<svgx", "<svg width='1'>", "\n", " ", "\t", "text ", "<g/>"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=16).map("".join))
@example("Orders:\n<svg viewBox='0 0 9 9'>\n<g/>\n</svg>\n  <svg>\n</svg> after\n<svg> never closed")
@example("<svg>a</svg><svg>b</svg>\n<svg>c</svg>")  # an SVG starting mid-line is inside the one before, or left
@example("<svg>\n <svg>\n</svg>\n</svg>")  # a line's SVG inside another: wrapped with it, up to the first end
def test_a_body_s_svgs_are_wrapped_as_the_pattern_finds_them(body: str):
    """Issue 33: ``wrap_svg`` finds each SVG's end with ``str.find`` instead of the pattern's lazy ``.*?``; it wraps
    exactly what ``SVG_BLOCK`` matches (from a line's start to the first ``</svg>``), nothing more or less."""
    assert wrap_svg(body) == SVG_BLOCK.sub(lambda m: figure(m.group(0).strip()).rstrip("\n"), body)
