"""A new league installs what it runs without a package index of ours (issue 22, "A league that installs what it
runs"): ``turnpress init`` writes the running turnpress as a wheel into the league and pins the workflows'
requirement to it. The test installs exactly what the workflows install into a fresh virtual environment with
no index (the dependencies, which come from PyPI on GitHub, are lent from this test's environment), and plays
a game's first turn and builds the site with that installation alone.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

from adjudicator import cli, yamlio
from adjudicator.pipeline import scaffold

from ..conftest import git


def test_init_carries_this_turnpress_as_a_wheel_the_same_bytes_every_time(tmp_path: Path):
    assert cli.main(["init", str(tmp_path / "a")]) == 0
    assert cli.main(["init", str(tmp_path / "b")]) == 0
    (wheel,) = (tmp_path / "a" / scaffold.WHEELS).glob("turnpress-*-py3-none-any.whl")
    assert wheel.read_bytes() == (tmp_path / "b" / scaffold.WHEELS / wheel.name).read_bytes()
    requirement = (tmp_path / "a/.github/turnpress-requirements.txt").read_text().splitlines()[-1]
    assert requirement == f"./{scaffold.WHEELS}/{wheel.name}[site]"
    with zipfile.ZipFile(wheel) as whl:
        names = set(whl.namelist())
    here = Path(cli.__file__).resolve().parents[1]
    assert {p.relative_to(here.parent).as_posix() for p in here.rglob("*.py") if "__pycache__" not in p.parts} \
        <= names, "every module of this turnpress is in the wheel"
    data = {p.relative_to(here.parent).as_posix() for p in (here / "rulesets").glob("*/**/data/**/*.*")
            if p.suffix in (".yaml", ".json")}
    assert "adjudicator/rulesets/bretton_woods/data/pinned-names.yaml" in data
    assert data <= names, "and every ruleset's data and words (data/), where the rules read them"


def test_another_requirement_writes_no_wheel(tmp_path: Path):
    pin = "turnpress[site] @ git+https://github.com/example/turnpress@0123456789abcdef0123456789abcdef01234567"
    assert cli.main(["init", str(tmp_path / "a"), "--requirement", pin]) == 0
    assert not (tmp_path / "a" / scaffold.WHEELS).exists()
    assert (tmp_path / "a/.github/turnpress-requirements.txt").read_text().splitlines()[-1] == pin


def _install_steps(league: Path) -> set[str]:
    """The ``run`` of every step of the league's workflows that installs turnpress."""
    runs = set()
    for workflow in (league / ".github/workflows").glob("*.yml"):
        for job in yamlio.load(workflow.read_bytes()).data["jobs"].values():
            runs |= {s["run"] for s in job.get("steps", []) if "pip install" in s.get("run", "")}
    return runs


def _fresh_venv(tmp_path: Path) -> Path:
    """A new virtual environment that sees this environment's third-party packages, pip among them, but not
    turnpress. pip is lent too rather than installed into it (issue 33: ``ensurepip`` cost 8.7 s of CPU, a third
    of the test); it installs into the environment of the interpreter that runs it, the new one."""
    home = tmp_path / "venv"
    venv.create(home, with_pip=False)
    lent = tmp_path / "lent"
    lent.mkdir()
    own = Path(sysconfig.get_paths()["purelib"])
    for entry in own.iterdir():
        if not entry.name.startswith(("turnpress", "__editable__", "setuptools", "_distutils_hack")) \
                and entry.suffix != ".pth":
            (lent / entry.name).symlink_to(entry)
    site = Path(subprocess.run([home / "bin/python", "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    (site / "lent.pth").write_text(f"{lent}\n")
    return home


@pytest.mark.slow
def test_a_new_league_installs_its_own_wheel_with_no_index_and_plays_a_turn(tmp_path: Path):
    league = tmp_path / "league"
    assert cli.main(["init", str(league), "--title", "The Friday League"]) == 0
    (step,) = _install_steps(league)  # one way to install, the same in every workflow
    assert step == "python -m pip install --quiet -r .github/turnpress-requirements.txt"
    home = _fresh_venv(tmp_path)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1", PATH=f"{home / 'bin'}{os.pathsep}{env['PATH']}")

    def run(*args: str) -> str:
        done = subprocess.run(list(args), cwd=league, env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout

    run("sh", "-c", step)
    where = run("python", "-c", "import adjudicator; print(adjudicator.__file__)")
    assert where.startswith(str(home)), f"turnpress runs from the league's own wheel, not {where}"
    assert Path(sys.executable).parent != home / "bin"
    git(league, "config", "user.name", "GM")
    git(league, "config", "user.email", "gm@example.org")
    run("turnpress", "new", "bretton-woods", "bw1", "--player", "Atlantis:ann:1:agrar",
        "--player", "Borduria:bob:2:energie", "--player", "Carpania:cy:3:rohstoff",
        "--schedule", "first=2027-01-10 20:00,every=14 days,timezone=Europe/Berlin")
    git(league, "add", "-A")
    git(league, "commit", "-qm", "The Friday League: the first game")
    assert "bw1: Zug 1 (Jahr 1) ausgewertet" in run("turnpress", "adjudicate", "bw1", "--due", "--commit",
                                                     "--now", "2027-01-11T00:00+01:00")
    # The game's key is in .secrets/ of the game master's working tree: the replay of committed history uses it.
    assert "bw1: 1 Zug nachgespielt, alles stimmt überein (geprüft: mit dem Schlüssel der Partie)" in \
        run("turnpress", "verify")
    run("turnpress", "site", "build")
    assert "Jahr 1" in (league / "public/news/bw1/0001/index.html").read_text(encoding="utf-8")
