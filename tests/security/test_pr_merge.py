"""Issue #21 items 3, 7, 8: the pull-request check judges what the merge does, and only exact names pass.

A criss-cross history (two merge bases) let a check that diffed ``base...head`` show one orders file while the
merge also deleted another player's orders; such a pull request is now refused, whatever it contains.
"""

from __future__ import annotations

from pathlib import Path

from ..conftest import git
from ..pipeline.conftest import World, at, orders, pr_check

ALICE, BOB = "orders/g1/0001/alice.yaml", "orders/g1/0001/bob.yaml"


def test_a_criss_cross_pull_request_is_refused(world: World, capsys, tmp_path: Path):
    summary = tmp_path / "summary.md"
    prs = [world.open_pr(player, branch, {f"orders/g1/0001/{player}.yaml": orders(player, 1, add)})
           for player, branch, add in (("alice", "a1", 3), ("bob", "b1", 2))]
    for pr in prs:  # both branches start from the same main, and both are merged
        assert pr_check(world, pr, capsys, summary)[0] == 0
        world.merge(pr, at(2, 9))

    # Alice's new branch merges her merged commit with Bob's merged commit, then quietly drops Bob's orders.
    repo = world.players["alice"]
    git(repo, "fetch", "-q", "origin")
    git(repo, "switch", "-q", "-C", "x", "origin/a1")
    git(repo, "merge", "-q", "--no-ff", "origin/b1", "-m", "sync")
    (repo / ALICE).write_text(orders("alice", 1, 4))
    git(repo, "rm", "-q", BOB)
    git(repo, "commit", "-qam", "my orders")
    git(repo, "push", "-q", "origin", "x")
    assert len(git(repo, "merge-base", "--all", "origin/main", "x").split()) == 2, "a criss-cross history"

    code, out, receipt = pr_check(world, world.event("alice", "x"), capsys, summary)
    assert code == 1
    assert "have 2 merge bases" in out and "have 2 merge bases" in receipt
    assert "git switch -c my-orders origin/main" in out


def test_what_the_merge_changes_is_judged_not_one_diff(world: World, capsys, tmp_path: Path):
    """A branch whose changes main already has: the merge changes nothing, so nothing is to be judged."""
    summary = tmp_path / "summary.md"
    pr = world.open_pr("alice", "a1", {ALICE: orders("alice", 1, 3)})
    world.merge(pr, at(2, 9))
    code, out, _ = pr_check(world, world.event("alice", "a1"), capsys, summary)
    assert code == 1 and "the pull request changes no files" in out


ODD_NAMES = {
    "Arabic-Indic digits": "orders/g1/\u0660\u0660\u0660\u0661/alice.yaml",
    "full-width digits": "orders/g1/\uff10\uff10\uff10\uff11/alice.yaml",
    "a trailing line break": "orders/g1/0001/alice.yaml\n",
    "a workflow command in the name": "orders/g1/0001/alice.yaml\n::warning file=x::all good\n## fake receipt",
}


def test_odd_names_are_refused_and_escaped_everywhere(world: World, capsys, tmp_path: Path):
    """Item 7: before, these got a green receipt and were then ignored; a line break injected raw ``::warning``
    workflow commands and Markdown into the job summary."""
    summary = tmp_path / "summary.md"
    for n, (case, name) in enumerate(ODD_NAMES.items()):
        pr = world.open_pr("alice", f"odd-{n}", {name: orders("alice", 1, 3)})
        code, out, receipt = pr_check(world, pr, capsys, summary)
        assert code == 1, case
        assert "has a name with characters no orders file has" in out, case
        assert "❌ refused" in receipt, case
        lines = out.splitlines()
        assert not [line for line in lines if line.startswith("::") and not line.startswith("::error file=")], case
        assert all("\n" not in line for line in lines)
        assert "\n## fake receipt" not in receipt and "\n::warning" not in receipt, case
        command = next(line for line in lines if line.startswith("::error file="))
        assert "\n" not in name or "alice.yaml\\n" in command, "the line break shown, not made"


def test_orders_names_take_ascii_digits_only():
    from adjudicator.kit.orders import parse_path
    from adjudicator.sealed.envelope import parse_sealed_path

    assert parse_path("orders/g1/0001/alice.yaml") is not None
    for name in ODD_NAMES.values():
        assert parse_path(name) is None and parse_sealed_path(name + ".age") is None
    assert parse_sealed_path("orders/g1/0001/alice.yaml.age\n") is None


def test_an_odd_turn_folder_is_named_not_taken_for_a_turn(league: Path, capsys):
    from adjudicator import cli

    assert cli.main(["--league", str(league), "new", "counter", "g1", "--player", "Alice:alice:1"]) == 0
    odd = league / "games/g1/turns/\u0660\u0660\u0660\u0662"
    odd.mkdir()
    (odd / "report.yaml").write_text("turn: 2\n")
    capsys.readouterr()
    assert cli.main(["--league", str(league), "status", "g1"]) == 2
    err = capsys.readouterr().err
    assert "games/g1/turns/\\u0660\\u0660\\u0660\\u0662 is not a turn folder (four ASCII digits" in err


def test_a_stale_merge_of_old_orders_is_reported_and_changes_no_turn(league: Path, capsys):
    """Item 8: orders merged after their turn was adjudicated are named by the next deadline run; the turn,
    its tag and its report stay as published."""
    import datetime as dt

    from adjudicator import cli

    assert cli.main(["--league", str(league), "new", "counter", "g1", "--player", "Alice:alice:1",
                     "--now", "2026-01-01T00:00Z",
                     "--schedule", "first=2026-01-05 20:00,every=7 days,timezone=UTC,grace=0"]) == 0
    path = league / "orders/g1/0001/alice.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(orders("alice", 1, 3))
    git(league, "add", "-A")
    git(league, "commit", "-qm", "g1 and Alice's orders", date=dt.datetime(2026, 1, 4, tzinfo=dt.UTC))
    assert cli.main(["deadline", "--league", str(league), "--now", "2026-01-05T20:01Z"]) == 0
    report = (league / "games/g1/turns/0001/report.yaml").read_bytes()
    path.write_text(orders("alice", 1, 9))
    git(league, "commit", "-qam", "Merge pull request #9: a stale green check")
    capsys.readouterr()
    assert cli.main(["deadline", "--league", str(league), "--now", "2026-01-06T12:00Z"]) == 0
    out = capsys.readouterr().out
    assert "g1: orders/g1/0001/alice.yaml was changed after turn 1 was adjudicated; the turn stands" in out
    assert (league / "games/g1/turns/0001/report.yaml").read_bytes() == report
    assert git(league, "tag", "--list").split() == ["g1/turn-1"]
