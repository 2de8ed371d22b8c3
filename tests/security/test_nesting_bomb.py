"""Issue #21 item 1: a nesting bomb, plain or sealed, is refused with file:line and stalls nothing.

Before: 100,000 ``[`` ended ``validate`` and ``pr-check`` with SIGSEGV (exit 139), and 80 KB of ``[[[...]]]``
sealed to the game key passed the pull-request check (which sees only the envelope) and then killed every
deadline run of the league, ``status`` included, naming no file. Each case runs the real command in a process of
its own and looks at its exit code and its words; the unrelated game of the same league must advance.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from adjudicator.league.store import load_game
from adjudicator.sealed import crypto

from ..conftest import git
from ..sealed.conftest import Table, at, deadline
from .conftest import turnpress

BOMB = "[" * 80_000


def second_game(root: Path) -> None:
    """An open game of the same league with nothing to do with g1: its turn 1 must still happen."""
    assert turnpress("--league", str(root), "new", "counter", "g2", "--player", "Dora:dora:4",
                     "--now", "2026-01-01T00:00Z",
                     "--schedule", "first=2026-03-02 20:00,every=7 days,timezone=UTC,grace=60").returncode == 0
    path = root / "orders/g2/0001/dora.yaml"
    path.parent.mkdir(parents=True)
    path.write_text("game: g2\nturn: 1\nplayer: dora\norders:\n  add: 5\n")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "game g2 and Dora's orders", date=at(1, 11))


def seal_raw(table: Table, player: str, plaintext: str, when: dt.datetime) -> str:
    """What a player can do without 'turnpress seal': encrypt any bytes to the game and to themselves."""
    game = load_game(table.root, "g1")
    rel = f"orders/g1/0001/{player}.yaml.age"
    (table.root / rel).parent.mkdir(parents=True, exist_ok=True)
    (table.root / rel).write_text(crypto.encrypt(plaintext.encode(), game.recipients(player)))
    git(table.root, "add", "--", rel)
    git(table.root, "commit", "-qm", f"orders of {player}", date=when)
    return rel


def test_a_plain_bomb_is_refused_by_validate_and_pr_check_with_its_line(league: Path, tmp_path: Path):
    second_game(league)
    git(league, "checkout", "-qb", "dora-orders")
    bomb = league / "orders/g2/0001/dora.yaml"
    bomb.write_text("game: g2\nturn: 1\nplayer: dora\norders: " + "[" * 100_000 + "\n")
    git(league, "commit", "-qam", "a bomb")
    done = turnpress("validate", str(bomb))
    assert done.returncode == 1, done.stderr
    assert "orders/g2/0001/dora.yaml:4:" in done.stdout and "nesting deeper than 32 levels" in done.stdout

    event = tmp_path / "event.json"
    event.write_text(json.dumps({"pull_request": {
        "number": 7, "user": {"login": "dora", "id": 4}, "title": "orders",
        "base": {"sha": git(league, "rev-parse", "main").strip()},
        "head": {"sha": git(league, "rev-parse", "HEAD").strip()}}}))
    git(league, "checkout", "-q", "main")
    check = turnpress("pr-check", "--league", str(league), "--event", str(event), "--format", "github")
    assert check.returncode == 1, check.stderr
    assert "::error file=orders/g2/0001/dora.yaml,line=4," in check.stdout
    assert "nesting deeper than 32 levels" in check.stdout
    assert "Traceback" not in done.stderr + check.stderr


def test_a_sealed_bomb_is_named_and_skipped_and_the_league_advances(table: Table):
    root = table.root
    second_game(root)
    rel = seal_raw(table, "alice", "game: g1\nturn: 1\nplayer: alice\norders:\n  bid: " + BOMB + "\n", at(1, 12))
    assert table.seal("bob", 1, 2, "bob plays", at(1, 13)) == 0

    # The pull-request check sees the envelope only, and it is a good envelope: nothing to refuse yet.
    assert turnpress("validate", str(root / rel)).returncode == 0

    key = {"TURNPRESS_GAME_KEY_G1": table.game_key}
    now = (deadline(1) + dt.timedelta(minutes=61)).isoformat()
    status = turnpress("--league", str(root), "status", "--now", now, env=key)
    assert status.returncode == 0, status.stderr
    assert "g1: turn 1" in status.stdout and "g2: turn 1" in status.stdout

    run = turnpress("--league", str(root), "adjudicate", "--due", "--now", now, "--commit", env=key)
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stdout + run.stderr
    assert "g2: turn 1 (" in run.stdout, "the other game of the league advances"
    assert "g1: turn 1 (" in run.stdout and "missed: alice" in run.stdout, "the bomb's player is missing, no more"
    assert git(root, "tag", "--list").split() == ["g1/turn-1", "g2/turn-1"]
    report = (root / "games/g1/turns/0001/report.yaml").read_text()
    # Refused whole as no orders file (issue 28, item 4), with the bound it broke and none of its text.
    assert "orders/g1/0001/alice.yaml.age" in report and "sealed file is not an orders file" in report
    assert "nesting deeper than 32 levels, so it is not an orders file of g1, turn 1, alice" in report


def test_a_broken_game_is_named_and_skipped_at_the_deadline_and_the_others_advance(league: Path):
    """Isolation at the deadline: a planted bomb in one game's committed state stops that game only."""
    second_game(league)
    for gid in ("g3",):
        assert turnpress("--league", str(league), "new", "counter", gid, "--player", "Eve:eve:5",
                         "--now", "2026-01-01T00:00Z",
                         "--schedule", "first=2026-03-02 20:00,every=7 days,timezone=UTC,grace=60").returncode == 0
    (league / "games/g3/turns/0000/state.yaml").write_text("round: " + "{a: " * 40_000 + "\n")
    git(league, "add", "-A")
    git(league, "commit", "-qm", "g3, its state broken", date=at(1, 12))

    now = (deadline(1) + dt.timedelta(minutes=61)).isoformat()
    status = turnpress("--league", str(league), "status", "--now", now)
    assert status.returncode == 2, status.stderr
    assert "g3: cannot be read: games/g3/turns/0000/state.yaml:1:" in status.stdout
    assert "g2: turn 1" in status.stdout and "due now: yes" in status.stdout

    run = turnpress("--league", str(league), "adjudicate", "--due", "--now", now, "--commit")
    assert run.returncode == 2, run.stderr
    assert "g3: skipped, nothing committed: games/g3/turns/0000/state.yaml:1:" in run.stdout
    assert "nesting deeper than 64 levels" in run.stdout
    assert "g2: turn 1 (" in run.stdout and git(league, "tag", "--list").split() == ["g2/turn-1"]
    assert git(league, "status", "--porcelain") == ""

    again = turnpress("deadline", "--league", str(league), "--now", now)
    assert again.returncode == 2 and "g3: skipped" in again.stdout and "nothing is due" in again.stdout
    assert "Traceback" not in status.stderr + run.stderr + again.stderr
