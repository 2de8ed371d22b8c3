"""Every command that changes the league commits what it wrote or leaves the tree as it found it (issue 29, "No
command corrupts history"): ``new``, ``join``, ``keys add`` and ``template --write`` commit exactly their files
with ``--commit`` (one commit through history.py, or nothing at all), and without it name the files and the git
line that commits them."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.errors import GitError
from adjudicator.league import history
from adjudicator.sealed import crypto

from .conftest import git, run

PLAYERS = ["--player", "Alice:alice:1", "--player", "Bob:bob:2"]
SCHEDULE = ["--schedule", "first=2099-01-05 20:00,every=7 days,timezone=Europe/Berlin"]


def commits(root: Path) -> list[str]:
    return git(root, "log", "--format=%s").splitlines()


def clean(root: Path) -> bool:
    return git(root, "status", "--porcelain", "--untracked-files=all") == ""


def test_new_join_keys_add_and_template_write_commit_exactly_what_they_wrote(league: Path, capsys):
    assert run(league, "new", "counter", "g1", *PLAYERS, *SCHEDULE, "--commit") == 0
    out = capsys.readouterr().out
    assert "Committed games/g1/ (" in out and out.rstrip().endswith("g1: a new game of counter")
    assert commits(league)[0] == "g1: a new game of counter" and clean(league)
    assert "games/g1/game.yaml" in git(league, "show", "--name-only", "--format=", "HEAD")
    assert ".secrets" not in git(league, "ls-files"), "the secrets stay out of git"

    assert run(league, "join", "g1", "Cy:cy:3", "--commit") == 0
    assert commits(league)[0] == "g1: cy joins with turn 1" and clean(league)
    assert git(league, "show", "--name-only", "--format=", "HEAD").split() == ["games/g1/game.yaml"]

    public, _ = crypto.new_identity()
    assert run(league, "keys", "add", "g1", "alice", public, "--commit") == 0
    assert commits(league)[0] == "g1: alice's public key registered" and clean(league)

    assert run(league, "template", "g1", "bob", "--write", "--commit") == 0
    assert commits(league)[0] == "orders of bob for g1, turn 1" and clean(league)
    assert git(league, "show", "--name-only", "--format=", "HEAD").split() == ["orders/g1/0001/bob.yaml"]
    assert run(league, "verify") == 0


def test_without_commit_each_names_its_files_and_the_git_line(league: Path, capsys):
    assert run(league, "new", "counter", "g1", *PLAYERS, *SCHEDULE) == 0
    out = capsys.readouterr().out
    assert "Not committed: games/g1/. Commit them with: git add -- games/g1/" in out
    assert "Commit them with: git add -- games/g1/ && git commit -m 'g1: a new game of counter'" in out
    git(league, "add", "-A")
    git(league, "commit", "-qm", "g1")
    assert run(league, "join", "g1", "Cy:cy:3") == 0
    assert ("Not committed: games/g1/game.yaml. Commit them with: git add -- games/g1/game.yaml && git commit -m "
            "'g1: cy joins with turn 1'") in capsys.readouterr().out


def test_commit_on_a_tree_with_changes_is_refused_and_writes_nothing(league: Path, capsys):
    assert run(league, "new", "counter", "g1", *PLAYERS, *SCHEDULE, "--commit") == 0
    config = league / "games/g1/game.yaml"
    config.write_text(config.read_text() + "# a note of the game master\n")
    before = commits(league)
    assert run(league, "join", "g1", "Cy:cy:3", "--commit") == 2
    assert ("--commit: the league has changes not committed (games/g1/game.yaml): commit or restore them first"
            in capsys.readouterr().err)
    assert "cy" not in config.read_text() and commits(league) == before


def test_a_commit_that_fails_takes_back_every_file_written(league: Path, capsys, monkeypatch: pytest.MonkeyPatch):
    assert run(league, "new", "counter", "g1", *PLAYERS, *SCHEDULE, "--commit") == 0
    before = commits(league)

    def refused(*args: object, **kwargs: object) -> str:
        raise GitError("refs/heads/main moved meanwhile")
    monkeypatch.setattr(history, "commit_paths", refused)
    assert run(league, "join", "g1", "Cy:cy:3", "--commit") != 0
    assert run(league, "new", "counter", "g2", *PLAYERS, *SCHEDULE, "--commit") != 0
    assert clean(league) and commits(league) == before, "nothing half-written"
    assert not (league / "games/g2").exists()
