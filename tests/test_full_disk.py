"""Issue 21, "ENOSPC at each write where the machine allows a small tmpfs": the league on a real, small tmpfs
(mounted in a user and mount namespace of its own, so no root is needed and nothing outlives the test) is filled
until only N pages are free, for N = 0, 1, 2, ... up to a run that succeeds; ``adjudicate --due --commit`` runs
there, then the space is freed and the next run must leave exactly one clean turn. The fault seam's ENOSPC at
each step (``test_crash_loop``) needs no tmpfs; this one is the real file system's."""

from __future__ import annotations

import errno
import importlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from .conftest import git
from .launcher import exit_with_main
from .test_atomic import ready
from .test_crash_loop import NOW, REPO, assert_one_clean_turn

PAGE = 4096


def namespaces_allowed() -> bool:
    if shutil.which("unshare") is None:
        return False
    return subprocess.run(["unshare", "-rm", "true"], capture_output=True).returncode == 0


def fill(mount: Path, leave_pages: int) -> Path:
    """A file taking all the free space of ``mount`` but ``leave_pages`` pages."""
    filler = mount / "filler"
    stat = os.statvfs(mount)
    size = max(0, stat.f_bavail * stat.f_frsize - leave_pages * PAGE)
    chunk = b"\0" * (1 << 16)
    with open(filler, "wb") as f:
        try:
            while size > 0:
                size -= f.write(chunk[:size])
        except OSError as e:
            if e.errno != errno.ENOSPC:
                raise
    return filler


def command(args: list[str]) -> tuple[int, str]:
    """``turnpress ARGS`` as a process of its own, forked from this one with the package imported already (issue 33:
    a fresh interpreter spent a third of each of the 40-odd runs importing): its exit code and what it printed. The
    child writes to the real, small tmpfs as the command line would; nothing of a run outlives it."""
    sys.stdout.flush()
    sys.stderr.flush()
    with tempfile.TemporaryFile() as said:
        pid = os.fork()
        if pid == 0:  # the child: turnpress's main with its output into ``said``
            def into_said() -> None:
                os.dup2(said.fileno(), 1)
                os.dup2(said.fileno(), 2)
            exit_with_main(args, into_said)
        _, status = os.waitpid(pid, 0)
        said.seek(0)
        return os.waitstatus_to_exitcode(status), said.read().decode("utf-8", "replace")


def inside(league: str, mount: str) -> None:
    """Runs in the namespace (``unshare -rm``): mount the tmpfs, run each fill level, print the outcomes."""
    where = Path(mount)
    importlib.import_module("adjudicator.cli.games")  # adjudicate's module, imported once here for every child
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", mount], check=True)
    outcomes = []
    successes = 0
    for pages in range(0, 200):
        work = where / "league"
        shutil.copytree(league, work, symlinks=True)
        filler = fill(where, pages)
        due = ["--league", str(work), "adjudicate", "--due", "--now", NOW, "--commit"]
        code, said = command(due)
        filler.unlink()
        rerun_code, rerun_said = command(due)
        try:
            assert rerun_code == 0, rerun_said
            assert_one_clean_turn(work)
            consistent = True
        except AssertionError as e:
            consistent = str(e)[-500:] or "inconsistent"
        outcomes.append({"pages": pages, "code": code, "said": said[-400:], "consistent": consistent})
        shutil.rmtree(work)
        successes += code == 0
        if successes == 2:
            break
    print(json.dumps(outcomes))


@pytest.mark.slow
@pytest.mark.skipif(not namespaces_allowed(), reason="no user and mount namespaces here ('unshare -rm' fails), "
                    "so no tmpfs of the test's own; the fault seam's ENOSPC test still runs")
def test_a_real_full_disk_at_every_fill_level_is_repaired(league, tmp_path):
    ready(league)
    git(league, "gc", "-q")  # fewer, larger object files: the fill levels step through the run's writes
    mount = tmp_path / "small"
    mount.mkdir()
    done = subprocess.run(["unshare", "-rm", sys.executable, "-c",
                           f"import tests.test_full_disk as t; t.inside({str(league)!r}, {str(mount)!r})"],
                          cwd=REPO, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    outcomes = json.loads(done.stdout.strip().splitlines()[-1])
    full = [o for o in outcomes if o["code"] != 0]
    print(f"full disk: {len(outcomes)} fill levels, {len(full)} runs stopped by ENOSPC, "
          f"{sum(o['consistent'] is True for o in outcomes)} consistent after the rerun")
    assert [o for o in outcomes if o["consistent"] is not True] == []
    assert len(full) >= 3 and outcomes[-1]["code"] == 0  # the disk was full at several points, then not
    for o in full:
        assert o["code"] == 2 and ("disk full" in o["said"] or "the disk is full" in o["said"]), o
        assert "Traceback" not in o["said"], o
