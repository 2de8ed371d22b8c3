"""Issue 28, "Games isolated at the deadline": one game's slow or failing turn never holds another game's turn or
push. Each game has a time budget; a game over it is stopped, named with why, and left as it was; every other game
is committed and pushed on its own in the same run."""

from __future__ import annotations

import time

import pytest

from adjudicator import cli
from adjudicator.cli.values import parse_now
from adjudicator.pipeline import budget, deadline

from ..conftest import git
from ..counter import RULESET as COUNTER
from .conftest import PLAYERS, SCHEDULE, World, at, clone

AFTER_GRACE = parse_now("2026-01-05T21:05+01:00")
HANGS = 99  # the target of the game whose turn never ends


@pytest.fixture
def league_of_three(world: World, monkeypatch: pytest.MonkeyPatch) -> World:
    """g0 (whose adjudication hangs), g1 and g2, all due after the first deadline's grace, on origin."""
    players = [f"--player={n}:{login}:{gid}" for n, login, gid in PLAYERS.values()]
    for gid, target in (("g0", HANGS), ("g2", 100)):
        assert cli.main(["--league", str(world.gm), "new", "counter", gid, *players, "--option", f"target={target}",
                         "--now", "2026-01-01T00:00Z", "--schedule", SCHEDULE]) == 0
    git(world.gm, "add", "-A")
    git(world.gm, "commit", "-qm", "games g0 and g2", date=at(1, 13))
    git(world.gm, "push", "-q", "origin", "main")
    for g in ("G0", "G2"):  # the deadline spreads the secrets into these: gone again after the test
        monkeypatch.delenv(f"TURNPRESS_DICE_SECRET_{g}", raising=False)
    monkeypatch.setenv("TURNPRESS_DICE_SECRETS", "".join(
        f"{g}={(world.gm / f'.secrets/{g}.dice').read_text().strip()}\n" for g in ("g0", "g1", "g2")))
    real = COUNTER.adjudicate

    def adjudicate(state, orders, dice):
        while state["target"] == HANGS:  # a turn that never ends, as a sealed file checked for hours did
            time.sleep(0.01)
        return real(state, orders, dice)

    monkeypatch.setattr(COUNTER, "adjudicate", adjudicate)
    return world


def test_a_hanging_game_holds_no_other_game_and_is_named(league_of_three: World):
    world = league_of_three
    runner = clone(world.origin, world.tmp / "runner", "Runner")
    said: list[str] = []
    started = time.monotonic()
    assert deadline.run(runner, AFTER_GRACE, push=True, say=said.append, budget=5) == 2, said
    assert time.monotonic() - started < 60
    log = git(world.origin, "log", "--format=%s", "main").splitlines()
    assert [s for s in log if ": turn " in s] == ["g2: turn 1 (Round 1)", "g1: turn 1 (Round 1)"], log
    assert sorted(git(world.origin, "tag", "--list").split()) == ["g1/turn-1", "g2/turn-1"]
    # Each game pushed on its own, after the hanging one was stopped and named.
    assert said.index("pushed to origin/main with tags g1/turn-1") < said.index(
        "pushed to origin/main with tags g2/turn-1"), said
    stopped = next(s for s in said if s.startswith("g0: "))
    assert stopped.startswith("g0: skipped, nothing committed: its turn was still being computed after 5 s, the time "
                              "budget of one game, and was stopped so that the other games get their turns"), stopped
    assert "'turnpress deadline --game g0 --budget 0'" in stopped
    assert git(runner, "status", "--porcelain", "--untracked-files=all") == ""
    assert list((runner / ".git").glob("turnpress-*")) == [] and not (runner / ".git/index.lock").exists()
    assert not (runner / "games/g0/turns/0001").exists()


def test_adjudicate_due_stops_a_hanging_game_too(league_of_three: World, capsys):
    world = league_of_three
    git(world.gm, "pull", "-q", "--ff-only", "origin", "main")
    code = cli.main(["--league", str(world.gm), "adjudicate", "--due", "--commit", "--budget", "5", "--now",
                     "2026-01-05T21:05+01:00"])
    out = capsys.readouterr().out
    assert code == 2, out
    assert "g0: skipped, nothing committed: its turn was still being computed after 5 s" in out
    assert "g1: turn 1 (Round 1) adjudicated" in out and "g2: turn 1 (Round 1) adjudicated" in out


def test_an_expiry_while_a_turn_is_written_waits_for_the_next_turn():
    """A turn is committed, written and tagged whole: the budget stops a game only where a turn is computed."""
    b = budget.Budget(5)
    b.step("compute")
    b.step("commit")
    b._alarm(14, None)  # expires during the write: nothing is raised there
    b.step("materialize")
    with pytest.raises(budget.OverBudget, match="over its time budget of 5 s"):
        b.step("compute")


def test_the_budget_is_a_number_of_seconds(capsys):
    with pytest.raises(SystemExit):
        cli.main(["deadline", "--budget", "ten"])
    assert "'ten': write a whole number of seconds" in capsys.readouterr().err


def test_no_budget_off_the_main_thread():
    import threading

    got: list[object] = []

    def inside() -> None:
        with budget.time_budget(1) as b:
            got.append(b)

    t = threading.Thread(target=inside)
    t.start()
    t.join()
    assert got == [None]
