"""``turnpress deadline`` against a real origin: the race of two runs, refusals, manual turns, secrets."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from adjudicator import cli
from adjudicator.cli.values import parse_now
from adjudicator.errors import LeagueError
from adjudicator.pipeline import deadline

from ..conftest import git, reads_of
from .conftest import World, all_in, clone

AFTER_DEADLINE = parse_now("2026-01-05T20:05+01:00")
BEFORE_DEADLINE = parse_now("2026-01-03T12:00+01:00")


def turn_commits(world: World) -> list[str]:
    return [s for s in git(world.origin, "log", "--format=%s", "main").splitlines() if s.startswith("g1: turn")]


@pytest.mark.parametrize("game", [None, "g1"], ids=["due", "manual"])
def test_two_deadline_runs_at_once_commit_exactly_one_turn(voted: World, game: str | None):
    runners = [clone(voted.origin, voted.tmp / f"runner{i}", f"Runner {i}") for i in (1, 2)]
    both_computed = threading.Barrier(2, timeout=60)
    said: list[list[str]] = [[], []]
    codes: list[int | BaseException] = [0, 0]

    def run(i: int) -> None:
        try:
            codes[i] = deadline.run(runners[i], AFTER_DEADLINE, game=game, push=True,
                                    before_push=both_computed.wait, say=said[i].append)
        except BaseException as e:  # noqa: B036 - reported to the test's thread below
            codes[i] = e

    threads = [threading.Thread(target=run, args=(i,)) for i in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert codes == [0, 0], said
    assert turn_commits(voted) == ["g1: turn 1 (Round 1)"], "exactly one turn on origin"
    assert git(voted.origin, "tag", "--list").split() == ["g1/turn-1"]
    winner, loser = sorted(said, key=lambda lines: not any("pushed" in s for s in lines))
    assert any("pushed to origin/main" in s for s in winner)
    assert any("moved while this run worked" in s for s in loser)
    assert loser[-1].startswith("nothing is due any more: another run adjudicated it first"), loser
    for r in runners:  # both clones end where origin is, with its tag
        git(r, "fetch", "-q", "origin")
        assert git(r, "rev-parse", "HEAD") == git(r, "rev-parse", "origin/main")
        assert git(r, "rev-parse", "g1/turn-1") == git(voted.origin, "rev-parse", "g1/turn-1")


def test_a_manual_turn_runs_whether_due_or_not(world: World, capsys):
    """workflow_dispatch with a game: the game master runs the open turn by hand (missing players: NMR)."""
    runner = clone(world.origin, world.tmp / "runner", "Runner")
    assert deadline.run(runner, BEFORE_DEADLINE, push=True, say=print) == 0
    assert "nothing is due" in capsys.readouterr().out
    assert cli.main(["--league", str(runner), "deadline", "--game", "g1", "--now", "2026-01-03T12:00+01:00",
                     "--push"]) == 0
    assert "g1: turn 1 (Round 1) adjudicated; missed: alice, bob, carol" in capsys.readouterr().out
    assert turn_commits(world) == ["g1: turn 1 (Round 1)"]


def test_a_refused_push_with_origin_unmoved_is_an_error_not_a_retry(voted: World):
    hook = voted.origin / "hooks/pre-receive"
    hook.write_text("#!/bin/sh\necho 'protected branch' >&2\nexit 1\n")
    hook.chmod(0o755)
    runner = clone(voted.origin, voted.tmp / "runner", "Runner")
    with pytest.raises(LeagueError, match="has not moved: check the token's permission"):
        deadline.run(runner, AFTER_DEADLINE, push=True, say=lambda s: None)
    assert turn_commits(voted) == []


def test_it_will_not_reset_over_local_work(world: World):
    runner = clone(world.origin, world.tmp / "runner", "Runner")
    (runner / "README.md").write_text("edited\n")
    with pytest.raises(LeagueError, match="uncommitted changes"):
        deadline.run(runner, AFTER_DEADLINE, push=True)
    git(runner, "commit", "-qam", "a local commit")
    with pytest.raises(LeagueError, match="commits that are not on origin/main"):
        deadline.run(runner, AFTER_DEADLINE, push=True)


def test_it_starts_from_the_remote_branch(world: World):
    """A checkout made before orders were merged still adjudicates with them."""
    runner = clone(world.origin, world.tmp / "runner", "Runner")
    all_in(world)
    assert deadline.run(runner, AFTER_DEADLINE, push=True, say=lambda s: None) == 0
    report = git(world.origin, "show", "main:games/g1/turns/0001/report.yaml")
    assert "missed: []" in report


def test_one_secret_holds_every_game():
    env = {"TURNPRESS_DICE_SECRETS": "g1=00ff\n\nbw-2026 = abcd \nnot a line\n",
           "TURNPRESS_DICE_SECRET_G1": "explicit"}
    assert deadline.load_secrets(env) == ["g1", "bw-2026"]
    assert env["TURNPRESS_DICE_SECRET_BW_2026"] == "abcd"
    assert env["TURNPRESS_DICE_SECRET_G1"] == "explicit", "a game's own variable wins"


def test_without_push_it_is_adjudicate_due_commit(voted: World, tmp_path: Path):
    git(voted.gm, "pull", "-q", "--ff-only", "origin", "main")
    assert deadline.run(voted.gm, AFTER_DEADLINE, say=lambda s: None) == 0
    assert git(voted.gm, "log", "-1", "--format=%s").strip() == "g1: turn 1 (Round 1)"
    assert turn_commits(voted) == [], "nothing pushed"


def test_a_deadline_run_reads_the_league_s_mkdocs_yml_once(voted: World, monkeypatch):
    """Issue 31, "I/O at the edges": what the league's ``mkdocs.yml`` says (the run's own lines in the league's
    language, each game's words, the issue page's link) is read once by the run and handed down; the run read it
    again for its lines, for each game's language and for the turns it ran."""
    runner = clone(voted.origin, voted.tmp / "runner", "Runner")
    opened = reads_of(monkeypatch, "mkdocs.yml")
    said: list[str] = []
    assert deadline.run(runner, AFTER_DEADLINE, push=True, say=said.append) == 0
    assert any("g1: turn 1 (Round 1) adjudicated" in s for s in said), said
    assert opened == [str(runner / "mkdocs.yml")]
