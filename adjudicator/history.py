"""Git: commits and tags of turns, when each orders file reached main, files as committed.

Everything here shells out through GitPython's command wrapper, imported lazily so that commands that need no
git (``validate``) start fast.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any


class HistoryError(RuntimeError):
    """Git refused something the league needed (not a repository, a tag that exists, ...)."""


@cache
def _repo(root: Path) -> Any:
    import git

    try:
        return git.Repo(root)
    except (git.InvalidGitRepositoryError, git.NoSuchPathError):
        raise HistoryError(f"{root} is not a git repository; run 'git init' there first") from None


def is_repo(root: Path) -> bool:
    try:
        _repo(root)
        return True
    except HistoryError:
        return False


def git(root: Path, *args: str) -> str:
    import git as gitmodule

    try:
        return _repo(root).git.execute(["git", *args], strip_newline_in_stdout=False)
    except gitmodule.GitCommandError as e:
        raise HistoryError(f"git {' '.join(args)} failed: {e.stderr.strip() or e}") from None


def has_head(root: Path) -> bool:
    try:
        git(root, "rev-parse", "--verify", "-q", "HEAD")
        return True
    except HistoryError:
        return False


def arrivals(root: Path, directory: str) -> dict[str, dt.datetime]:
    """When each file now under ``directory`` last reached the current branch, following first parents.

    The first-parent line of main is the sequence of merges: a pull request's orders count from the time its
    merge commit was made, not from when the player wrote their own commit.
    """
    if not has_head(root):
        return {}
    out: dict[str, dt.datetime] = {}
    log = git(root, "log", "--first-parent", "--format=@%ct", "--name-only", "--diff-filter=AMR", "HEAD",
              "--", directory)
    when = None
    for line in log.splitlines():
        if line.startswith("@"):
            when = dt.datetime.fromtimestamp(int(line[1:]), dt.UTC)
        elif line and when is not None and line not in out:
            out[line] = when
    return out






def tag(root: Path, name: str, message: str, rev: str = "HEAD") -> None:
    git(root, "tag", "-a", "-m", message, name, rev)


def tag_target(root: Path, name: str) -> str | None:
    try:
        return git(root, "rev-parse", "-q", "--verify", f"refs/tags/{name}^{{commit}}").strip() or None
    except HistoryError:
        return None


def head(root: Path) -> str:
    return git(root, "rev-parse", "HEAD").strip()




def last_commit_of(root: Path, path: str) -> str | None:
    out = git(root, "log", "-1", "--format=%H", "--", path).strip() if has_head(root) else ""
    return out or None


def _plumb(root: Path, args: Sequence[str], *, input: str | None = None, env: dict[str, str] | None = None) -> str:
    import os
    import subprocess

    full_env = {**os.environ, **(env or {})}
    proc = subprocess.run(["git", *args], cwd=root, input=input, capture_output=True, text=True, env=full_env)
    if proc.returncode != 0:
        raise HistoryError(f"git {' '.join(args[:2])} failed: {proc.stderr.strip()}")
    return proc.stdout.strip()


ZERO = "0" * 40


def commit_files(root: Path, files: dict[str, str], message: str, parent: str | None = None) -> str:
    """Commit ``files`` (path -> text) on top of HEAD without touching the working tree or the index.

    The commit is built from blobs in a private index and becomes real with one compare-and-swap of the
    branch ref: until then nothing anyone can see has changed, and if another run moved the branch in the
    meantime (after ``parent``, the commit the files were computed from), the swap fails and nothing is
    committed.
    """
    import os
    import tempfile

    old = parent or (head(root) if has_head(root) else ZERO)
    branch = _plumb(root, ["symbolic-ref", "-q", "HEAD"])
    fd, index = tempfile.mkstemp(prefix="turnpress-index-", dir=root / ".git")
    os.close(fd)
    env = {"GIT_INDEX_FILE": index}
    try:
        if old != ZERO:
            _plumb(root, ["read-tree", old], env=env)
        for rel, text in sorted(files.items()):
            blob = _plumb(root, ["hash-object", "-w", "--stdin"], input=text)
            _plumb(root, ["update-index", "--add", "--cacheinfo", f"100644,{blob},{rel}"], env=env)
        tree = _plumb(root, ["write-tree"], env=env)
        parents = ["-p", old] if old != ZERO else []
        commit = _plumb(root, ["commit-tree", tree, *parents, "-m", message])
        _plumb(root, ["update-ref", "-m", message, branch, commit, old])
        return commit
    finally:
        Path(index).unlink(missing_ok=True)




def restore_missing(root: Path, paths: Sequence[str]) -> list[str]:
    """Check out those of ``paths`` that HEAD has but the working tree lacks (a run killed mid-way)."""
    missing = [p for p in paths if not (root / p).exists()]
    if not missing or not has_head(root):
        return []
    in_head = [p for p in missing if _plumb(root, ["ls-tree", "--name-only", "HEAD", "--", p])]
    if in_head:
        _plumb(root, ["checkout", "HEAD", "--", *in_head])
    return in_head
