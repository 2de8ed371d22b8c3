"""Git for the pipeline: plain subprocess calls, so that every command is what you would type by hand."""

from __future__ import annotations

import subprocess
from pathlib import Path


class GitError(RuntimeError):
    """A git command failed; the message carries git's own words."""


def run(repo: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[bytes]:
    """``git -C repo args...`` with output captured as bytes; raises ``GitError`` if ``check`` and it fails."""
    proc = subprocess.run(["git", "-C", str(repo), *args], capture_output=True)
    if check and proc.returncode != 0:
        words = proc.stderr.decode("utf-8", "replace").strip()
        raise GitError(f"git {' '.join(args)} failed: {words}")
    return proc


def text(repo: Path, *args: str) -> str:
    """The output of a git command as text, stripped."""
    return run(repo, *args).stdout.decode("utf-8", "replace").strip()


def rev(repo: Path, name: str) -> str | None:
    """The commit ``name`` points to, or ``None`` if there is no such commit."""
    proc = run(repo, "rev-parse", "-q", "--verify", f"{name}^{{commit}}", check=False)
    return proc.stdout.decode().strip() if proc.returncode == 0 else None
