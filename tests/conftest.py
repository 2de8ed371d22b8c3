import datetime as dt
import os
import subprocess
from pathlib import Path

import pytest

from adjudicator import cli, ruleset

from .counter import RULESET as COUNTER

ruleset.register(COUNTER)

REFERENCE = Path(__file__).resolve().parents[1].parent / "shared" / "reference"


def git(root: Path, *args: str, date: dt.datetime | None = None) -> str:
    env = dict(os.environ)
    if date is not None:
        stamp = date.strftime("%Y-%m-%dT%H:%M:%S%z")
        env.update(GIT_AUTHOR_DATE=stamp, GIT_COMMITTER_DATE=stamp)
    return subprocess.run(["git", *args], cwd=root, check=True, capture_output=True, text=True, env=env).stdout


def run(root: Path, *args: str) -> int:
    """``turnpress --league ROOT ARGS...`` in this process; the exit code."""
    return cli.main(["--league", str(root), *args])


def new_repository(root: Path, ignore: str = ".secrets/\n") -> Path:
    """``root`` (with whatever is in it already) as a fresh git repository of one commit, by the game master."""
    (root / ".gitignore").write_text(ignore)
    git(root, "init", "-q", "-b", "main")
    git(root, "config", "user.name", "Game Master")
    git(root, "config", "user.email", "gm@example.org")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "league")
    return root


@pytest.fixture
def league(tmp_path: Path) -> Path:
    """An empty league in a fresh git repository with one commit."""
    root = tmp_path / "league"
    (root / "games").mkdir(parents=True)
    (root / "games" / ".keep").write_text("")
    return new_repository(root)
