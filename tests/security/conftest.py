"""Fixtures of the hostile-input tests: the sealed table of tests/sealed, and running the real command."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from ..sealed.conftest import _no_keys_from_outside, ssh_key, table  # noqa: F401  (fixtures shared)

REPO = Path(__file__).resolve().parents[2]

# The real command in a process of its own (a SIGSEGV ends only that process), with the test rulesets registered
# as the suite's conftests register them, without importing pytest with them (issue 33: 0.27 s of CPU a run).
COMMAND = ("import sys\n"
           "from adjudicator.kit import ruleset\n"
           "from tests.counter import RULESET as COUNTER\n"
           "from tests.sealed.spyring import RULESET as SPYRING\n"
           "ruleset.register(COUNTER)\n"
           "ruleset.register(SPYRING)\n"
           "from adjudicator.cli import main\n"
           "sys.exit(main(sys.argv[1:]))\n")


def turnpress(*args: str, env: dict[str, str] | None = None, timeout: int = 120) -> subprocess.CompletedProcess:
    """Run ``turnpress ARGS`` as a player or the deadline workflow would; output and exit code."""
    full = {k: v for k, v in os.environ.items() if not k.startswith("TURNPRESS_")} | (env or {})
    return subprocess.run([sys.executable, "-c", COMMAND, *args], cwd=REPO, env=full, capture_output=True,
                          text=True, timeout=timeout)

from ..pipeline.conftest import world  # noqa: E402,F401  (the pull-request world of tests/pipeline)
