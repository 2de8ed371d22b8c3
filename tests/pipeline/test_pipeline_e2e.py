"""The whole loop offline (issue "the loop on GitHub", Show it): pull requests checked, merged, adjudicated.

Players push branches, ``turnpress pr-check`` judges synthetic pull_request events, valid ones are merged, the
deadline run commits, tags and pushes, a second run does nothing, and the site builds from the result. Then
the hostile pull requests: each is refused with its message and nothing changes.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator import cli, yamlio

from ..conftest import git
from .conftest import World, assert_each_refused, at, clone, orders, pr_check, unchanged

ALICE, BOB, CAROL = (f"orders/g1/0001/{k}.yaml" for k in ("alice", "bob", "carol"))


def deadline(world: World, clone: Path, now: str, capsys, output: Path) -> tuple[int, str, str]:
    """``turnpress deadline --push`` in a fresh clone, as the workflow runs it; code, output, GITHUB_OUTPUT."""
    output.write_text("")
    capsys.readouterr()
    import os

    os.environ["GITHUB_OUTPUT"] = str(output)
    try:
        code = cli.main(["--league", str(clone), "deadline", "--now", now, "--push"])
    finally:
        os.environ.pop("GITHUB_OUTPUT", None)
    return code, capsys.readouterr().out, output.read_text()


def test_players_send_orders_by_pull_request_and_the_deadline_publishes_the_turn(world: World, capsys, tmp_path):
    summary = tmp_path / "summary.md"

    # Alice writes her orders from the template, as the players' README says; 7 will be cut to 5 (a warning).
    alice = world.players["alice"]
    assert cli.main(["--league", str(alice), "template", "g1", "alice", "--write"]) == 0
    text = (alice / ALICE).read_text().replace("add: 0", "add: 7")
    pr1 = world.open_pr("alice", "orders-alice", {ALICE: text})
    code, out, receipt = pr_check(world, pr1, capsys, summary)
    assert code == 0, out
    assert "## Orders receipt — pull request #1 by @alice" in receipt and "✅ valid" in receipt
    assert "Understood as:\n\n- add 7" in receipt
    assert "Warnings:" in receipt and "a first move above 5 is cut to 5" in receipt
    assert "Deadline: 2026-01-05T20:00+01:00" in receipt
    assert f"::warning file={ALICE},line=" in out, "warnings become annotations on the line"
    assert receipt in out, "the receipt is printed too"
    world.merge(pr1, at(2, 10))

    # Carol's first try is invalid: refused with the line, then fixed by a push to the same pull request.
    pr3 = world.open_pr("carol", "orders-carol", {CAROL: orders("carol", 1, 12)})
    code, out, receipt = pr_check(world, pr3, capsys, summary)
    assert code == 1
    assert "❌ refused: 1 problem**" in receipt
    assert f"::error file={CAROL},line=5,col=8::" in out and "0 to 9" in out
    world.push_branch("carol", "orders-carol", {CAROL: orders("carol", 1, 4)}, from_main=False)
    pr3 = world.event("carol", "orders-carol", number=pr3.number, action="synchronize")
    code, out, receipt = pr_check(world, pr3, capsys, summary)
    assert code == 0, out
    world.merge(pr3, at(3, 9))

    # Bob opens two pull requests from the same main; the later merge wins and its receipt says so.
    first = world.open_pr("bob", "bob-first", {BOB: orders("bob", 1, 3)})
    second = world.open_pr("bob", "bob-second", {BOB: orders("bob", 1, 5)})
    assert pr_check(world, first, capsys, summary)[0] == 0
    code, _, receipt = pr_check(world, second, capsys, summary)
    assert code == 0 and "replaces" not in receipt
    world.merge(first, at(3, 10))
    # GitHub asks Bob to bring the branch up to date (both add the file); he keeps his newer orders.
    bob = world.players["bob"]
    git(bob, "fetch", "-q", "origin")
    git(bob, "merge", "-q", "-X", "ours", "origin/main", "-m", "Merge main into bob-second")
    git(bob, "push", "-q", "origin", "bob-second")
    second = world.event("bob", "bob-second", number=second.number, action="synchronize")
    code, _, receipt = pr_check(world, second, capsys, summary)
    assert code == 0
    assert f"`{BOB}` is on the main branch already (merged earlier): when this pull request is merged, it " \
           "replaces that file. The orders merged last count." in receipt
    world.merge(second, at(4, 11))
    assert (world.gm / BOB).read_text() == orders("bob", 1, 5)

    # The deadline run, in a fresh clone like the workflow's checkout; the dice secret from the environment.
    runner = clone(world.origin, world.tmp / "runner", "turnpress deadline")
    code, out, output = deadline(world, runner, "2026-01-05T20:05+01:00", capsys, tmp_path / "out1")
    assert code == 0, out
    assert "g1: turn 1 (Round 1) adjudicated" in out and "pushed to origin/main with tags g1/turn-1" in out
    head = world.main_sha()
    assert output == f"turns=1\nsha={head}\n"
    assert git(world.origin, "log", "-1", "--format=%s", "main").strip() == "g1: turn 1 (Round 1)"
    assert git(world.origin, "tag", "--list").split() == ["g1/turn-1"]
    assert git(world.origin, "rev-parse", "g1/turn-1^{commit}").strip() == head
    report = yamlio.load(git(world.origin, "show", "main:games/g1/turns/0001/report.yaml"),
                         max_bytes=1 << 20).data
    assert report["orders"]["taken"] == ["alice", "bob", "carol"] and report["orders"]["missed"] == []
    result = report["result"]
    assert result["scores"]["bob"] - result["rolls"]["bob"] == 5, "Bob's later pull request counted"
    assert result["scores"]["alice"] - result["rolls"]["alice"] == 5, "Alice's 7 was cut to 5"

    # A second run does nothing.
    code, out, output = deadline(world, runner, "2026-01-05T20:20+01:00", capsys, tmp_path / "out2")
    assert code == 0 and "nothing is due" in out
    assert world.main_sha() == head and output == f"turns=0\nsha={head}\n"

    # Orders for the past turn are refused now.
    git(world.gm, "pull", "-q", "--ff-only", "origin", "main")
    late = world.open_pr("alice", "alice-late", {ALICE: orders("alice", 1, 2)})
    code, out, _ = pr_check(world, late, capsys, summary)
    assert code == 1 and "turn 1 of g1 is already adjudicated; the open turn is 2" in out
    unchanged(world, head)

    # The site builds from the result.
    public = build_site(world.gm)
    pages = [p for p in public.rglob("*.html") if "g1-0001" in str(p) or {"g1", "0001"} <= set(p.parts)]
    assert pages, "the issue of turn 1 is on the site"
    assert "Carol" in pages[0].read_text()


def build_site(root: Path) -> Path:
    """``turnpress site build`` once it exists; until then the league's mkdocs.yml, built strictly."""
    if importlib.util.find_spec("adjudicator.newsletter.site") is not None:
        assert cli.main(["--league", str(root), "site", "build"]) == 0
    else:
        subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q"], cwd=root, check=True,
                       capture_output=True, env={**__import__("os").environ, "NO_MKDOCS_2_WARNING": "1"})
    return root / "public"


# --- hostile pull requests -----------------------------------------------------------------------------------

ALIAS_BOMB = "game: g1\nturn: 1\nplayer: alice\norders:\n  add: 1\n  note: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"  n{i}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n" for i in range(8))


def dotdot_commit(world: World, player: str, branch: str) -> None:
    """A commit whose tree holds ``orders/../games/g1/game.yaml``: git's porcelain cannot make one, plumbing can."""
    repo = world.players[player]
    git(repo, "fetch", "-q", "origin")
    git(repo, "switch", "-q", "-C", branch, "origin/main")
    blob = subprocess.run(["git", "hash-object", "-w", "--stdin"], cwd=repo, input=b"game: g1\nruleset: evil\n",
                          capture_output=True, check=True).stdout.decode().strip()

    def mktree(entries: str) -> str:
        return subprocess.run(["git", "mktree"], cwd=repo, input=entries.encode(), capture_output=True,
                              check=True).stdout.decode().strip()

    g1 = mktree(f"100644 blob {blob}\tgame.yaml\n")
    games = mktree(f"040000 tree {g1}\tg1\n")
    dotdot = mktree(f"040000 tree {games}\tgames\n")
    orders_tree = mktree(git(repo, "ls-tree", "HEAD:orders") + f"040000 tree {dotdot}\t..\n")
    root = mktree("".join(line + "\n" for line in git(repo, "ls-tree", "HEAD").splitlines()
                          if not line.endswith("\torders")) + f"040000 tree {orders_tree}\torders\n")
    commit = git(repo, "commit-tree", root, "-p", "HEAD", "-m", "innocent orders").strip()
    git(repo, "push", "-q", "--force", "origin", f"{commit}:refs/heads/{branch}")


HOSTILE = {
    "orders for another player": (
        "alice", {BOB: orders("bob", 1, 9)},
        "these are the orders of Bob (bob); this pull request is by alice"),
    "a changed state file": (
        "bob", {"games/g1/turns/0000/state.yaml": "round: 0\ntarget: 1\nscores: {bob: 99}\n"},
        "changes a game's state, set-up or reports, which only the deadline run writes"),
    "a workflow edit": (
        "carol", {".github/workflows/orders.yml": "on: pull_request\njobs: {}\n"},
        "changes the repository's workflows or settings"),
    "a 10 MB file": (
        "alice", {ALICE: b"game: g1\n" + b"#" * (10 * 1024 * 1024)},
        "the file is 10485769 bytes; an orders file may have at most 262144"),
    "a YAML alias bomb": (
        "alice", {ALICE: ALIAS_BOMB}, "anchors and aliases (& and *) are not accepted here"),
    "a deleted file": (
        "alice", {ALICE: None}, "deletes a file"),
    "a file outside orders/": (
        "alice", {"notes.txt": "hello\n"}, "is outside orders/"),
    "orders for a turn not open yet": (
        "alice", {"orders/g1/0002/alice.yaml": orders("alice", 2, 1)},
        "turn 2 of g1 is not open yet; the open turn is 1"),
}


@pytest.fixture
def with_alice_in(world: World, capsys, tmp_path) -> World:
    """Alice's valid orders are on main already, so the hostile pull requests have a file to attack."""
    pr = world.open_pr("alice", "alice-ok", {ALICE: orders("alice", 1, 3)})
    assert pr_check(world, pr, capsys, tmp_path / "s.md")[0] == 0
    world.merge(pr, at(2, 9))
    git(world.gm, "pull", "-q", "--ff-only", "origin", "main")
    return world


def test_hostile_pull_requests_are_each_refused_and_change_nothing(with_alice_in: World, capsys, tmp_path):
    world = with_alice_in
    before = world.main_sha()
    summary = tmp_path / "summary.md"
    assert_each_refused(world, HOSTILE, capsys, summary, "hostile")

    # A symbolic link in place of the orders file, pointing at the game's set-up.
    pr = world.open_pr("alice", "hostile-link", {}, symlinks={ALICE: "../../../games/g1/game.yaml"})
    code, out, _ = pr_check(world, pr, capsys, summary)
    assert code == 1 and f"{ALICE} is a symbolic link; commit the orders file itself" in out
    unchanged(world, before)

    # A path with '..' in it, made with git's plumbing.
    dotdot_commit(world, "bob", "hostile-dotdot")
    pr = world.event("bob", "hostile-dotdot")
    code, out, _ = pr_check(world, pr, capsys, summary)
    assert code == 1 and "orders/../games/g1/game.yaml is a path with '..'" in out
    unchanged(world, before)

    # Alice's login, someone else's account (a renamed or reused login): the numeric id decides.
    pr = world.open_pr("alice", "hostile-id", {ALICE: orders("alice", 1, 2)}, user_id=666)
    code, out, _ = pr_check(world, pr, capsys, summary)
    assert code == 1 and "belongs to GitHub account id 1001, but this pull request's author has id 666" in out
    unchanged(world, before)

    # A valid orders file does not carry a hostile one through: one bad file fails the whole pull request.
    forged = {ALICE: orders("alice", 1, 2), "site/news/g1/0009.md": "# pwned\n"}
    pr = world.open_pr("alice", "hostile-mixed", forged)
    code, out, receipt = pr_check(world, pr, capsys, summary)
    assert code == 1 and "- add 2" in receipt and "changes the newsletter site" in receipt
    unchanged(world, before)


def test_a_pull_request_with_no_changes_is_refused(world: World, capsys, tmp_path):
    git(world.gm, "fetch", "-q", "origin")
    pr = world.event("alice", "main")
    code, out, _ = pr_check(world, pr, capsys, tmp_path / "s.md")
    assert code == 1 and "the pull request changes no files" in out


def test_a_replaced_player_sends_orders_for_the_seat(world: World, capsys, tmp_path):
    """The game master's guide: a seat keeps its key; the login and id in game.yaml name who holds it."""
    config = world.gm / "games/g1/game.yaml"
    config.write_text(config.read_text().replace("login: alice\n  id: 1001", "login: dave\n  id: 2001"))
    assert "dave" in config.read_text()
    git(world.gm, "commit", "-qam", "Dave takes over Alice's seat")
    git(world.gm, "push", "-q", "origin", "main")
    dave = world.open_pr("alice", "dave-orders", {ALICE: orders("alice", 1, 2)}, login="dave", user_id=2001)
    assert pr_check(world, dave, capsys, tmp_path / "s.md")[0] == 0
    alice = world.open_pr("alice", "alice-orders", {ALICE: orders("alice", 1, 2)})
    code, out, _ = pr_check(world, alice, capsys, tmp_path / "s.md")
    assert code == 1 and "these are the orders of Alice (dave); this pull request is by alice" in out
    assert "you (alice) have no seat in g1" in out
