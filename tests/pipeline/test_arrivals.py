"""Issue 28, item 6: a back-dated commit fast-forwarded onto main after the deadline counted as on time.

``history.arrivals`` dates a file by main's first-parent committer time, which whoever makes a commit writes
(``GIT_COMMITTER_DATE``). The deadline run now records what it saw on main once a deadline has passed
(``adjudicator/arrivals.py``; ``site/guide/secrecy.md``, "When orders arrived"): on a push, main as it was just
before it at the push's time (GitHub's clock, from the push event), and main as it is while the turn waits in
its grace. A file is never earlier than a look that did not see it.

The adversary: alice lets the deadline pass, then commits her orders dated before it and has them fast-forwarded
onto main (or pushes them herself). Her orders are late (within the grace: taken and named late; after it:
refused as too late); everything else of the turn is as it would be; a genuine commit made before the deadline
still counts on time; ``verify`` replays the turn, and names a report that takes her as on time.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from adjudicator import cli, yamlio
from adjudicator.league import arrivals
from adjudicator.pipeline import deadline

from ..conftest import git
from .conftest import World, at, clone, orders


def fast_forward(world: World, player: str, rel: str, text: str, dated: dt.datetime) -> Path:
    """``player`` commits ``text`` at ``rel`` dated ``dated`` (author and committer), and the game master
    fast-forwards main to it and pushes; the push event GitHub would write, with ``pushed_at`` = now."""
    repo = world.players[player]
    git(repo, "fetch", "-q", "origin")
    git(repo, "switch", "-q", "-C", f"ff-{player}", "origin/main")
    (repo / rel).parent.mkdir(parents=True, exist_ok=True)
    (repo / rel).write_text(text)
    git(repo, "add", rel)
    git(repo, "commit", "-qm", f"orders of {player}", date=dated)
    git(repo, "push", "-q", "--force", "origin", f"ff-{player}")
    git(world.gm, "pull", "-q", "--ff-only", "origin", "main")
    before = git(world.gm, "rev-parse", "HEAD").strip()
    git(world.gm, "fetch", "-q", "origin")
    git(world.gm, "merge", "-q", "--ff-only", f"origin/ff-{player}")
    git(world.gm, "push", "-q", "origin", "main")
    return push_event(world, before, git(world.gm, "rev-parse", "HEAD").strip(), player)


def push_event(world: World, before: str, after: str, name: str, pushed: dt.datetime | None = None) -> Path:
    path = world.tmp / f"push-{name}.json"
    path.write_text(json.dumps({"ref": "refs/heads/main", "before": before, "after": after,
                                "repository": {"pushed_at": int((pushed or dt.datetime.now(dt.UTC)).timestamp()),
                                               "full_name": "gm/league"},
                                "head_commit": {"id": after, "timestamp": "2026-01-05T19:30:00+01:00"}}))
    return path


def deadline_run(world: World, now: dt.datetime, event: Path | None = None) -> None:
    """One run of the deadline workflow in a fresh checkout of origin (``turnpress deadline --push``)."""
    runner = world.tmp / f"runner-{now:%d%H%M}"
    clone(world.origin, runner, "Runner")
    args = ["--league", str(runner), "deadline", "--push", "--now", now.isoformat()]
    assert cli.main([*args, *(["--event", str(event)] if event else [])]) == 0


def issue_page(world: World) -> str:
    return next(p for p in git(world.origin, "ls-tree", "-r", "--name-only", "main", "site/").splitlines()
                if "g1" in p and "0001" in p)


def report(world: World) -> dict:
    return yamlio.load_trusted(git(world.origin, "show", "main:games/g1/turns/0001/report.yaml"))


def on_time(world: World) -> None:
    """bob by a merge on GitHub (dated by GitHub) and carol by a fast-forward of a commit made before the
    deadline: both genuine, both before it."""
    for player, (when, add) in {"bob": (at(5, 19, 40), 2), "carol": (at(5, 19, 50), 3)}.items():
        rel = f"orders/g1/0001/{player}.yaml"
        if player == "bob":
            pr = world.open_pr("bob", "orders-bob", {rel: orders("bob", 1, add)})
            world.merge(pr, when)
        else:
            fast_forward(world, player, rel, orders(player, 1, add), when)


def verified(world: World) -> None:
    git(world.gm, "pull", "-q", "--ff-only", "origin", "main")
    git(world.gm, "fetch", "-q", "--tags", "origin")
    assert cli.main(["--league", str(world.gm), "verify"]) == 0


def test_a_back_dated_commit_pushed_after_the_deadline_is_late_and_nothing_else_changes(world: World, capsys):
    on_time(world)
    # 20:07, the first scheduled run after the 20:00 deadline: in its grace (60 minutes), nothing due; it looks.
    deadline_run(world, at(5, 20, 7))
    record = yamlio.load_trusted(git(world.origin, "show", "main:" + arrivals.record_relpath("g1", 1)))
    assert [sorted(look["files"]) for look in record["looks"]] == [["bob.yaml", "carol.yaml"]]
    # 20:20: alice's commit, dated 19:30, fast-forwarded onto main; the push starts the deadline workflow.
    event = fast_forward(world, "alice", "orders/g1/0001/alice.yaml", orders("alice", 1, 1), at(5, 19, 30))
    event = push_event(world, json.loads(event.read_text())["before"], json.loads(event.read_text())["after"],
                       "alice", at(5, 20, 20))
    # 20:21: the push's run records main as it was before the push, at 20:20; every player is in, so the turn
    # runs at once: alice's orders count (within the grace), named late with the time of the push.
    deadline_run(world, at(5, 20, 21), event)
    looks = yamlio.load_trusted(git(world.origin, "show", "main:" + arrivals.record_relpath("g1", 1)))["looks"]
    assert [(look["at"], look["by"], sorted(look["files"])) for look in looks] == [
        ("2026-01-05T19:07:00+00:00", "run", ["bob.yaml", "carol.yaml"]),
        ("2026-01-05T19:20:00+00:00", "push", ["bob.yaml", "carol.yaml"])]
    account = report(world)["orders"]
    assert account["taken"] == ["alice", "bob", "carol"]
    assert account["late"] == [{"player": "alice", "arrived": "2026-01-05T19:20+00:00", "taken": True}]
    assert account["refused"] == [] and account["missed"] == []
    page = git(world.origin, "show", f"main:{issue_page(world)}")
    assert "Late but taken: Alice" in page and "Bob (arrived" not in page and "Carol (arrived" not in page
    capsys.readouterr()
    verified(world)
    assert "all match" in capsys.readouterr().out


def test_after_the_grace_the_push_that_brings_it_is_too_late(world: World, capsys):
    """No scheduled run looked in the grace; the push run itself (21:05, after 20:00 + 60 minutes) finds the
    turn due and adjudicates it: alice's back-dated orders arrived at the push, too late, and are refused."""
    on_time(world)
    event = fast_forward(world, "alice", "orders/g1/0001/alice.yaml", orders("alice", 1, 1), at(5, 19, 30))
    payload = json.loads(event.read_text())
    event = push_event(world, payload["before"], payload["after"], "alice", at(5, 21, 4))
    deadline_run(world, at(5, 21, 5), event)
    account = report(world)["orders"]
    assert account["taken"] == ["bob", "carol"]
    assert account["refused"] == [{"player": "alice", "why": "too late", "arrived": "2026-01-05T20:04+00:00"}]
    assert account["missed"] == ["alice"] and account["late"] == []
    capsys.readouterr()
    verified(world)
    assert "all match" in capsys.readouterr().out


def test_without_a_look_the_commit_time_stands_as_before(world: World):
    """A turn whose deadline run never looked (every turn before issue 28, the demo's) is judged by its
    commits' times: the same back-dated commit counts on time, and its replay is unchanged."""
    on_time(world)
    fast_forward(world, "alice", "orders/g1/0001/alice.yaml", orders("alice", 1, 1), at(5, 19, 30))
    deadline_run(world, at(5, 21, 7))
    account = report(world)["orders"]
    assert account["taken"] == ["alice", "bob", "carol"] and account["late"] == []
    assert not git(world.origin, "ls-tree", "main", "games/g1/arrivals/").strip()


def test_verify_names_a_turn_that_took_a_late_file_as_on_time(world: World, capsys):
    """A report that ignores the record (a game master who removed it for the turn and put it back, an older
    turnpress) is named by ``verify``, which reads the record as the turn should have."""
    on_time(world)
    deadline_run(world, at(5, 20, 7))  # the look at 20:07 sees bob's and carol's orders
    fast_forward(world, "alice", "orders/g1/0001/alice.yaml", orders("alice", 1, 1), at(5, 19, 30))
    gm = world.gm
    git(gm, "pull", "-q", "--ff-only", "origin", "main")
    rel = arrivals.record_relpath("g1", 1)
    git(gm, "rm", "-q", rel)
    git(gm, "commit", "-qm", "the record, removed", date=at(5, 21, 6))
    assert cli.main(["--league", str(gm), "adjudicate", "g1", "--due", "--now", at(5, 21, 7).isoformat(),
                     "--commit"]) == 0
    assert report_of(gm)["orders"]["late"] == [], "judged by the commit's date alone"
    git(gm, "checkout", "HEAD~2", "--", rel)
    git(gm, "commit", "-qm", "the record, put back", date=at(5, 21, 8))
    capsys.readouterr()
    assert cli.main(["--league", str(gm), "verify"]) == 1
    assert "alice's orders reached main after the deadline (2026-01-05T19:07+00:00" in capsys.readouterr().out


def report_of(root: Path) -> dict:
    return yamlio.load_trusted((root / "games/g1/turns/0001/report.yaml").read_text())


@pytest.mark.parametrize("payload", [
    {"ref": "refs/heads/other", "before": "a" * 40, "repository": {"pushed_at": 1}},
    {"ref": "refs/heads/main", "before": "0" * 40, "repository": {"pushed_at": 1}},
    {"ref": "refs/heads/main", "before": "a" * 40, "repository": {}},
    {"schedule": "7,22,37,52 * * * *"},
    [],
], ids=["other branch", "branch created", "no time", "schedule", "not a mapping"])
def test_only_a_push_to_the_branch_with_its_time_is_read_as_a_push(tmp_path: Path, payload):
    path = tmp_path / "event.json"
    path.write_text(json.dumps(payload))
    assert arrivals.push_event(path, "main") is None


def test_a_push_event_is_read_with_github_s_clock(tmp_path: Path):
    path = tmp_path / "event.json"
    event = {"ref": "refs/heads/main", "before": "b" * 40, "repository": {"pushed_at": 1767640800}}
    path.write_text(json.dumps(event))
    pushed = dt.datetime(2026, 1, 5, 19, 20, tzinfo=dt.UTC)
    assert arrivals.push_event(path, "main") == arrivals.Pushed("b" * 40, pushed)
    path.write_text("{not json")
    with pytest.raises(Exception, match="not JSON"):
        arrivals.push_event(path, "main")


def test_a_look_a_killed_run_did_not_push_is_dropped_by_the_next_run(world: World):
    """A run stopped between its look's commit and its push leaves a commit only turnpress makes: the next run in
    that clone drops it (as it drops an unpushed turn) and looks again, instead of refusing to run."""
    on_time(world)
    runner = clone(world.origin, world.tmp / "runner-killed", "Runner")
    assert deadline.look(runner, "g1", at(5, 20, 7)) is not None  # committed, then the run was killed
    said: list[str] = []
    assert deadline.run(runner, at(5, 20, 22), push=True, say=said.append) == 0
    assert any("g1: orders of turn 1 seen on main: committed here by a run that was stopped" in s for s in said)
    looks = yamlio.load_trusted(git(world.origin, "show", "main:" + arrivals.record_relpath("g1", 1)))["looks"]
    assert [look["at"] for look in looks] == ["2026-01-05T19:22:00+00:00"]
