"""Issue 21, "The check sees what the merge does ... re-run on base changes": with GitHub's merge queue the orders
check runs again on the queue's merge commit (a ``merge_group`` event), which is exactly what lands on main,
against main as it is then. Offline: the queue's branch and commit are made as GitHub makes them
(``gh-readonly-queue/main/pr-<n>-<base sha>``, a merge of main and the pull request) and the payload is shaped
like GitHub's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator import cli
from adjudicator.cli.values import parse_now
from adjudicator.errors import LeagueError
from adjudicator.pipeline import deadline
from adjudicator.pipeline.prcheck import PullRequest

from ..conftest import git
from .conftest import FIXTURES, World, orders


def queued(world: World, branch: str, number: int) -> Path:
    """The merge queue takes pull request ``number`` (its ``branch``): a merge commit of main as it is now and
    the branch, on the queue's own branch; the merge_group event's payload."""
    git(world.gm, "fetch", "-q", "origin")
    base = git(world.gm, "rev-parse", "origin/main").strip()
    queue = f"gh-readonly-queue/main/pr-{number}-{base}"
    git(world.gm, "switch", "-q", "-c", queue, "origin/main")
    git(world.gm, "merge", "-q", "--no-ff", f"origin/{branch}", "-m", f"Merge pull request #{number}")
    head = git(world.gm, "rev-parse", "HEAD").strip()
    git(world.gm, "switch", "-q", "main")
    git(world.gm, "merge", "-q", "--ff-only", "origin/main")
    payload = json.loads((FIXTURES / "merge_group_checks_requested.json").read_text())
    payload["merge_group"].update(head_sha=head, base_sha=base, head_ref=f"refs/heads/{queue}")
    payload["merge_group"]["head_commit"]["id"] = head
    path = world.tmp / f"merge-group-{number}.json"
    path.write_text(json.dumps(payload, indent=2))
    return path


def check(world: World, event: Path, capsys, summary: Path, monkeypatch) -> tuple[int, str]:
    summary.write_text("")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    capsys.readouterr()
    code = cli.main(["--league", str(world.gm), "pr-check", "--event", str(event), "--format", "github"])
    return code, capsys.readouterr().out + summary.read_text()


def test_the_queue_checks_the_merge_as_it_lands(world: World, capsys, tmp_path: Path, monkeypatch):
    pr = world.open_pr("alice", "orders-alice", {"orders/g1/0001/alice.yaml": orders("alice", 1, 4)})
    code, said = check(world, queued(world, pr.branch, pr.number), capsys, tmp_path / "summary.md", monkeypatch)
    assert code == 0, said
    assert "## Orders receipt — merge queue (pull request #1)" in said
    assert "Checked on the merge queue's commit" in said and "✅ valid" in said


def test_orders_whose_turn_closed_after_their_own_check_are_refused_by_the_queue(
        world: World, capsys, tmp_path: Path, monkeypatch):
    """The pull request passed its own check; then the deadline ran (main moved on, without the pull request
    being touched). The queue's run judges the merge against main as it is now: turn 1 is closed."""
    pr = world.open_pr("alice", "orders-alice", {"orders/g1/0001/alice.yaml": orders("alice", 1, 4)})
    summary = tmp_path / "summary.md"
    assert cli.main(["--league", str(world.gm), "pr-check", "--event", str(pr.event)]) == 0
    runner = world.tmp / "deadline"
    git(world.tmp, "clone", "-q", str(world.origin), str(runner))
    git(runner, "config", "user.name", "Deadline")
    git(runner, "config", "user.email", "deadline@example.org")
    said: list[str] = []
    assert deadline.run(runner, parse_now("2026-01-05T21:05+01:00"), push=True, say=said.append) == 0, said
    assert any("turn 1" in s for s in said), said
    code, said = check(world, queued(world, pr.branch, pr.number), capsys, summary, monkeypatch)
    assert code == 1, said
    assert "turn 1 of g1 is" in said and "the open turn is 2" in said, said


def test_a_merge_group_payload_is_read_and_a_broken_one_named():
    base, head = "a" * 40, "b" * 40
    group = {"merge_group": {"base_sha": base, "head_sha": head,
                             "head_ref": f"refs/heads/gh-readonly-queue/main/pr-17-{base}"}}
    pr = PullRequest.from_event(group)
    assert (pr.number, pr.base, pr.head, pr.queued, pr.login) == (17, base, head, True, "")
    with pytest.raises(LeagueError, match="not a merge_group event payload"):
        PullRequest.from_event({"merge_group": {"base_sha": base}})
    with pytest.raises(LeagueError, match="must be commit ids"):
        PullRequest.from_event({"merge_group": {"base_sha": "main; rm -rf /", "head_sha": head, "head_ref": ""}})
    with pytest.raises(LeagueError, match="neither a pull_request nor a merge_group"):
        PullRequest.from_event({"push": {}})
