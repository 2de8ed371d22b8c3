"""A re-run in a game of sealed orders keeps the orders the game master found (issue 29, finding 4;
site/guide/game-master.md, "Re-run a turn"). The guide had the game master commit them as a plain file: the
pull-request check told them "you have no seat", and the deadline refused the file ("not sealed") and marked the
player NMR. ``turnpress rerun`` seals the found orders for their seat with the ruling; the check takes them from
a game master, and the deadline plays them."""

from __future__ import annotations

from adjudicator import yamlio
from adjudicator.pipeline import prcheck

from ..conftest import git
from .conftest import Table, at, deadline


def test_rerun_seals_the_found_orders_and_the_check_and_the_deadline_take_them(table: Table):
    root = table.root
    assert table.seal("alice", 1, 1, "alice's first", at(1, 10)) == 0
    assert table.seal("bob", 1, 2, "bob's first", at(1, 11)) == 0  # Carol's orders reached the GM by mail: lost
    assert table.deadline_run(1) == 0
    assert yamlio.read_data(root / "games/g1/turns/0001/report.yaml")["orders"]["missed"] == ["carol"]
    config = root / "games/g1/game.yaml"
    config.write_text(config.read_text() + "game_masters:\n  - login: gm\n    id: 9000\n")
    git(root, "commit", "-qam", "the game master named", date=at(3, 9))
    base = git(root, "rev-parse", "HEAD").strip()
    found = table.desk / "carol-found.yaml"
    found.write_text("game: g1\nturn: 2\nplayer: carol\norders:\n  bid: 2\n  note: found in the mail\n")
    table.out()
    assert table.cli("rerun", "g1", "--found", f"carol={found}", "--reason", "Carol's orders came by mail in time",
                     "--now", at(3, 10).isoformat()) == 0
    assert "Nothing written (a look)" in table.out() and not (root / "rulings").exists()
    stamp = at(3, 10).strftime("%Y-%m-%dT%H:%M:%S%z")  # the game master commits on 3 March
    table.mp.setenv("GIT_COMMITTER_DATE", stamp)
    table.mp.setenv("GIT_AUTHOR_DATE", stamp)
    assert table.cli("rerun", "g1", "--found", f"carol={found}", "--reason", "Carol's orders came by mail in time",
                     "--now", at(3, 10).isoformat(), "--commit") == 0
    table.mp.delenv("GIT_COMMITTER_DATE")
    table.mp.delenv("GIT_AUTHOR_DATE")
    table.out()
    assert git(root, "status", "--porcelain") == ""
    assert (root / "orders/g1/0002/carol.yaml.age").is_file() and not (root / "orders/g1/0002/carol.yaml").exists()
    # The game master's pull request: the ruling and the sealed orders of Carol's seat, from the game master.
    head = git(root, "rev-parse", "HEAD").strip()
    results = prcheck.run_check(root, root, prcheck.PullRequest(7, "gm", 9000, base, head, "re-run", False))
    assert [f.text() for r in results for f in r.findings if f.severity == "error"] == []
    assert len(results) == 2
    # Someone else sending the same files is refused as before.
    results = prcheck.run_check(root, root, prcheck.PullRequest(8, "Bob", 2, base, head, "re-run", False))
    assert any(f.severity == "error" for r in results for f in r.findings)
    # The deadline of the re-run plays Carol's found orders and the voided turn's of the others.
    assert table.deadline_run(2) == 0
    report = yamlio.read_data(root / "games/g1/turns/0002/report.yaml")
    assert report["orders"]["taken"] == ["alice", "bob", "carol"], report["orders"]
    assert report["orders"]["missed"] == [] and report["ruling"]["found"] == ["carol"]
    with table.game_master():
        assert table.cli("verify", "g1") == 0
    assert deadline(2) > at(3, 10)
