"""Runs of ``turnpress`` for the crash loops, each a process of its own, forked from a launcher that has turnpress
imported (issue 33: a fresh interpreter spent about 0.4 s of CPU importing before each of a loop's 25 runs, and
many kills landed in the import, where there is nothing to repair).

A child is what ``python -c CLI ...`` was: the command line's ``main`` with the suite's counter ruleset
registered, in a process group of its own (killed whole with ``os.killpg``, with the git it runs), its output
into two files; the launcher reaps it when asked. ``Run`` offers what the loops used of
``subprocess.Popen``: ``pid``, ``poll``, ``wait``, ``output``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import NoReturn

# The launcher's own program: read a request a line, answer a line. A run (arguments, folder, output file): fork,
# answer the child's process id. A reap (a process id): wait for that child, answer its exit code. A child that
# has ended stays a zombie until reaped, as a child of the test's own would: its process id and group are not
# given to another process meanwhile, so a kill that comes after its end hits nothing.
SERVER = r"""
import json, os, sys
from adjudicator.kit import ruleset
from tests.counter import RULESET
ruleset.register(RULESET)
from tests.launcher import exit_with_main
import adjudicator.cli.games, adjudicator.cli.pipeline  # the commands the loops run: adjudicate, deadline

for line in sys.stdin:
    req = json.loads(line)
    if "reap" in req:
        print(os.waitstatus_to_exitcode(os.waitpid(req["reap"], 0)[1]), flush=True)
        continue
    pid = os.fork()
    if pid == 0:
        def into_its_group() -> None:
            os.setpgid(0, 0)
            os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
            os.dup2(os.open(req["out"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC), 1)
            os.dup2(os.open(req["out"] + ".err", os.O_WRONLY | os.O_CREAT | os.O_TRUNC), 2)
            os.chdir(req["cwd"])
        exit_with_main(req["args"], into_its_group)
    try:
        os.setpgid(pid, pid)  # as the child does: the group exists before the test can kill it
    except OSError:
        pass
    print(pid, flush=True)
"""


def exit_with_main(args: list[str], before: Callable[[], None] = lambda: None) -> NoReturn:
    """In a forked child: ``before`` (where its output goes), then turnpress's ``main`` on ``args``, and out without
    the parent's clean-up (``os._exit``) with the command's exit code: a ``SystemExit``'s, else 1 for any exception,
    whose traceback goes where the output goes. The crash loops' launcher and the full-disk test fork with it."""
    code = 1
    try:
        before()
        from adjudicator import cli

        code = cli.main(args) or 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    except BaseException:
        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


class Run:
    """One run of turnpress started by a ``Launcher``."""

    def __init__(self, launcher: Launcher, pid: int, out: Path) -> None:
        self.launcher, self.pid, self.out = launcher, pid, out
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            try:
                state = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            except (OSError, IndexError):
                state = "Z"
            if state == "Z":
                self.returncode = int(self.launcher.ask({"reap": self.pid}))
        return self.returncode

    def wait(self, timeout: float = 600) -> int:
        limit = time.monotonic() + timeout
        while self.poll() is None:
            assert time.monotonic() < limit, f"turnpress run {self.pid} still runs after {timeout} s"
            time.sleep(0.002)
        assert self.returncode is not None
        return self.returncode

    def output(self) -> str:
        """What the run printed on its standard output, once it has ended."""
        self.wait()
        return self.out.read_text(encoding="utf-8", errors="replace")

    def errors(self) -> str:
        """What the run printed on its standard error, once it has ended."""
        self.wait()
        return Path(f"{self.out}.err").read_text(encoding="utf-8", errors="replace")


class Launcher:
    """``with Launcher(folder) as launch: launch.start([...])``; ``folder`` keeps the runs' output files."""

    def __init__(self, folder: Path, cwd: Path) -> None:
        self.folder, self.cwd, self.count = folder, cwd, 0
        folder.mkdir(parents=True, exist_ok=True)
        self.server = subprocess.Popen([sys.executable, "-c", SERVER], cwd=cwd, stdin=subprocess.PIPE,
                                       stdout=subprocess.PIPE, text=True)

    def ask(self, request: dict[str, object]) -> str:
        assert self.server.stdin is not None and self.server.stdout is not None
        self.server.stdin.write(json.dumps(request) + "\n")
        self.server.stdin.flush()
        return self.server.stdout.readline().strip()

    def start(self, args: list[str]) -> Run:
        """``turnpress ARGS`` started in a process group of its own."""
        self.count += 1
        out = self.folder / f"run-{self.count}.out"
        answer = self.ask({"args": args, "cwd": str(self.cwd), "out": str(out)})
        assert answer.isdigit(), f"the launcher did not start the run: {answer!r}"
        return Run(self, int(answer), out)

    def run(self, args: list[str]) -> tuple[int, str, str]:
        """``turnpress ARGS`` to its end: its exit code, its standard output and its standard error."""
        done = self.start(args)
        return done.wait(), done.output(), done.errors()

    def __enter__(self) -> Launcher:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        assert self.server.stdin is not None
        self.server.stdin.close()
        self.server.wait(timeout=60)
