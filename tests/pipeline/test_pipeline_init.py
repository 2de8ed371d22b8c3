"""``turnpress init DIR``: a new league repository a game master can push as it is."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from adjudicator import __version__, cli
from adjudicator.league.store import find_root

from ..conftest import git


def test_init_writes_a_league_repository(tmp_path: Path, capsys):
    target = tmp_path / "my-league"
    assert cli.main(["init", str(target), "--title", "The Friday League"]) == 0
    files = sorted(rel for p in target.rglob("*") if p.is_file()
                   and not (rel := p.relative_to(target).as_posix()).startswith(".git/"))
    assert {".github/workflows/orders.yml", ".github/workflows/deadline.yml", ".github/workflows/pages.yml",
            ".github/turnpress-requirements.txt", "mkdocs.yml", "README.md", ".gitignore", "games/README.md",
            "orders/README.md", "site/.gitignore"} <= set(files)
    assert find_root(target) == target.resolve(), "turnpress commands find the new league"
    assert git(target, "symbolic-ref", "HEAD").strip() == "refs/heads/main"
    wheel = f".github/turnpress/turnpress-{__version__}-py3-none-any.whl"
    assert wheel in files, "the league carries the turnpress it runs"
    assert f"./{wheel}[site]" in (target / ".github/turnpress-requirements.txt").read_text()
    assert 'site_name: "The Friday League"' in (target / "mkdocs.yml").read_text()
    readme = (target / "README.md").read_text()
    assert readme.startswith("# The Friday League")
    for step in ("Fork", "turnpress template GAME yourlogin --write", "pull request", "receipt"):
        assert step in readme
    assert "/.secrets/" in (target / ".gitignore").read_text(), "dice secrets never reach git"
    assert "@@" not in "".join((target / f).read_text() for f in files if not f.endswith(".whl")), \
        "every placeholder is filled"


def test_init_refuses_a_folder_that_is_not_empty(tmp_path: Path, capsys):
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "notes.txt").write_text("mine\n")
    assert cli.main(["init", str(tmp_path / "busy")]) == 2
    assert "exists and is not empty" in capsys.readouterr().err
    assert sorted(p.name for p in (tmp_path / "busy").iterdir()) == ["notes.txt"]


@pytest.mark.skipif(importlib.util.find_spec("adjudicator.newsletter.site") is None,
                    reason="turnpress site build is not in this installation yet")
def test_a_new_league_builds_its_site(tmp_path: Path):
    """The strict site build works on a league fresh from init (no games yet)."""
    target = tmp_path / "league"
    assert cli.main(["init", str(target)]) == 0
    assert cli.main(["--league", str(target), "site", "build"]) == 0
    assert (target / "public/index.html").is_file()


def test_a_new_game_and_a_site_build_leave_nothing_to_commit_but_the_game(tmp_path: Path, capsys):
    """Generated pages are ignored, and `new` updates the site's list of games: the game master commits the game
    (with mkdocs.yml) and can run the deadline, which refuses a dirty tree."""
    target = tmp_path / "league"
    assert cli.main(["init", str(target)]) == 0
    git(target, "config", "user.name", "GM")
    git(target, "config", "user.email", "gm@example.org")
    git(target, "add", "-A")
    git(target, "commit", "-qm", "new league")
    assert cli.main(["--league", str(target), "new", "counter", "c1", "--player", "Ann:ann:1"]) == 0
    said = capsys.readouterr().out
    assert "Not committed: games/c1/, mkdocs.yml" in said
    assert "Commit them with: git add -- games/c1/ mkdocs.yml" in said
    assert "&& git commit -m 'c1: a new game of counter' (or give the command --commit next time)" in said
    assert "games/c1/index.md" in (target / "mkdocs.yml").read_text(), "the menu gains the game"
    assert git(target, "status", "--porcelain") == " M mkdocs.yml\n?? games/c1/\n", "every generated file is ignored"
    git(target, "add", "-A")
    git(target, "commit", "-qm", "new game")
    assert cli.main(["site", "build", "--league", str(target)]) == 0
    assert git(target, "status", "--porcelain") == ""


def test_the_game_master_guide_s_own_new_game_example_is_accepted(tmp_path: Path, capsys):
    """Issue 22: the guide's example once gave Borduria the role 'industrie', which Bretton Woods refuses."""
    import re
    import shlex

    guide = (Path(__file__).resolve().parents[2] / "site/guide/game-master.md").read_text(encoding="utf-8")
    command = re.search(r"turnpress new (bretton-woods .*?)\n(?!\s{4})", guide.replace("\\\n", "\n    "), re.S)[1]
    target = tmp_path / "league"
    assert cli.main(["init", str(target), "--requirement", "turnpress"]) == 0
    assert cli.main(["--league", str(target), "new", *shlex.split(command)]) == 0, capsys.readouterr().err


def test_the_guide_s_local_pull_request_event_is_one_pr_check_reads():
    """Issue 22: the guide shows the few fields of the event payload that pr-check needs to run locally."""
    import json
    import re

    from adjudicator.pipeline.prcheck import PullRequest

    guide = (Path(__file__).resolve().parents[2] / "site/guide/game-master.md").read_text(encoding="utf-8")
    event = json.loads(re.search(r"```json\n(\{\"pull_request\".*?)```", guide, re.S)[1])
    pr = PullRequest.from_event(event)
    assert (pr.number, pr.login, pr.user_id, pr.base, pr.head) == (1, "bob", 1002, "BASE", "HEAD")
