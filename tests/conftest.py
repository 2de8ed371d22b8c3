import builtins
import contextlib
import datetime as dt
import fcntl
import io
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from adjudicator import cli
from adjudicator.kit import drawcache, ruleset
from adjudicator.newsletter.mkdocs_hooks import TEMPLATE_CACHE

from .counter import RULESET as COUNTER

ruleset.register(COUNTER)

REPO = Path(__file__).resolve().parents[1]
REFERENCE = REPO.parent / "shared" / "reference"
ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"  # screenshots, for a person to look at

# ``make test`` runs the suite on one worker more than the machine's cores (pytest-xdist, ``--dist loadgroup``). Each
# test is put in a group that one worker runs whole: its module, so a module-scoped fixture is made once, or, for the
# modules that drive the browser, one of two browser groups: the site's ("site-browser") and the orders page's
# ("orders-browser"), whose modules share the orders page's league, made once. A worker starts one Chromium (the
# ``browser`` fixture below) for whatever browser groups it runs. Two groups, not one, since together they were the
# longest group of the run by far (468 s of a 785 s CI run), a floor under its wall time that no other cut lowers; the
# two share no fixture but the browser (issue 33). The other modules of those folders (the site's build, headlines and
# Zensical, the orders page's data and verdicts) need no browser: groups of their own. A module that asks for
# ``browser`` and is not listed here stops the run.
BROWSER_GROUPS = {
    "site/test_site_browser.py": "site-browser",
    **dict.fromkeys(("orders_page/test_corpus.py", "orders_page/test_orders_bench.py",
                     "orders_page/test_orders_browser.py", "orders_page/test_orders_forms.py",
                     "orders_page/test_orders_light.py", "orders_page/test_orders_map.py",
                     "orders_page/test_orders_reach.py", "orders_page/test_orders_sheet.py"), "orders-browser"),
}
BROWSER_MODULES = frozenset(BROWSER_GROUPS)
# The groups that run longest start first (measured with --durations; the order only balances the two workers'
# loads, a stale entry costs time, never a result). Every other group follows in the order of collection.
LONGEST_FIRST = (
    "orders-browser",
    "site-browser",
    # issue 33, measured in CPU seconds on the loaded machine and scaled to the last CI's figures (suite-a's note)
    "test_demo_league.py",
    "secrecy/test_adversary_end_without_key.py",
    "test_season.py",
    "pipeline/test_deadline_same_clone.py",
    "secrecy/test_adversary_calamity_end.py",
    "security/test_corrupted_files.py",
    "test_benchmarks.py",
    "test_crash_loop.py",
    "pipeline/test_deadline_crash_loop.py",
    "test_yamlio.py",
    "test_pinned_data.py",
    "test_guide_season.py",
    "secrecy/test_adversary_auf_achse.py",
    "policy_maker/test_pm_pbm.py",
    "test_full_disk.py",
    "test_architecture.py",
    "sealed/test_sealed_verify.py",
    "test_german_games.py",
    "security/test_injection.py",
)
TESTS = Path(__file__).parent


def group_of(nodeid: str) -> str:
    """The group of a test, from its node id (``tests/site/test_x.py::test_y[z]``, relative to the repository)."""
    path = nodeid.split("::", 1)[0]
    if not path.startswith(f"{TESTS.name}/"):
        return Path(path).name  # a doctest of the package
    rel = path[len(TESTS.name) + 1:]
    return BROWSER_GROUPS.get(rel, rel)


def by_group(config: pytest.Config) -> bool:
    """``--dist loadgroup``: in xdist's workers, which collect, ``dist`` is reset to "no" and ``loadgroup`` set."""
    return getattr(config.option, "dist", "no") == "loadgroup" or bool(getattr(config.option, "loadgroup", False))


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """The groups are given to xdist's scheduler by a scheduler of our own that reads them from the node id.
    xdist's ``xdist_group`` mark works by rewriting each test's node id in the worker, which pytest 9.2's
    structured node ids silently ignore (pytest-xdist issue 1386): every test was a group of its own, so a
    module's fixtures and the browser folders' leagues were made on both workers, two Chromiums at once."""
    if not by_group(config):
        return None
    from xdist.scheduler import LoadScopeScheduling

    class ByGroup(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return group_of(nodeid)

    return ByGroup(config, log)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The longest groups first: the workers' collection order is the order in which groups are handed out."""
    strays = sorted({item.nodeid.split("::", 1)[0] for item in items
                     if "browser" in getattr(item, "fixturenames", ())
                     and item.nodeid.split("::", 1)[0].removeprefix(f"{TESTS.name}/") not in BROWSER_MODULES})
    if strays:
        raise pytest.UsageError(f"{', '.join(strays)}: a module that uses the browser belongs in BROWSER_MODULES in "
                                "tests/conftest.py, so that one Chromium serves the whole run")
    if not by_group(config):
        return
    rank = {name: n for n, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(group_of(item.nodeid), len(rank)))  # stable: collection order in a rank


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


def reads_of(monkeypatch: pytest.MonkeyPatch, name: str) -> list[str]:
    """The paths ending in ``name`` opened for reading from now on (the test's end undoes the count)."""
    opened: list[str] = []
    real = io.open

    def counted(file: Any, *args: Any, **kwargs: Any) -> Any:
        mode = args[0] if args else kwargs.get("mode", "r")
        if isinstance(file, str | os.PathLike) and os.fspath(file).endswith(name) and set(mode) <= set("rbt"):
            opened.append(os.fspath(file))
        return real(file, *args, **kwargs)
    monkeypatch.setattr(io, "open", counted)
    monkeypatch.setattr(builtins, "open", counted)
    return opened


@pytest.fixture
def league(tmp_path: Path) -> Path:
    """An empty league in a fresh git repository with one commit."""
    root = tmp_path / "league"
    (root / "games").mkdir(parents=True)
    (root / "games" / ".keep").write_text("")
    return new_repository(root)


@pytest.fixture(scope="session")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One headless Chromium for every test of a worker that drives a browser (the site's and the orders page's),
    started once for the worker's run: each test sets its window's size and opens its page first (issue 33: the
    browser session reused).
    Skipped, saying what to install, where Chromium is missing."""
    from .site.webdriver import started_browser

    yield from started_browser(tmp_path_factory.mktemp("chromium-profile"), ARTIFACTS)


@pytest.fixture(scope="session", autouse=True)
def kept_drawings(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One folder of kept drawings (``adjudicator.kit.drawcache``) for the whole run, both workers and the commands
    the tests start: the demo's maps are drawn once, however many tests build its site (issue 33). A test of the
    cache itself sets ``TURNPRESS_CACHE`` as it needs."""
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "kept-drawings"
    os.environ.setdefault(drawcache.CACHE_ENV, str(folder))
    return Path(os.environ[drawcache.CACHE_ENV])


@pytest.fixture(scope="session", autouse=True)
def kept_templates(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One folder of the theme's compiled templates (the MkDocs hook's ``on_env``) for the whole run: every league
    the tests build compiles Material's templates once, not once per build (issue 33). A test of the hook itself
    sets ``TURNPRESS_TEMPLATE_CACHE`` as it needs."""
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "kept-templates"
    os.environ.setdefault(TEMPLATE_CACHE, str(folder))
    return Path(os.environ[TEMPLATE_CACHE])


@contextlib.contextmanager
def once_per_run(tmp_path_factory: pytest.TempPathFactory, name: str) -> Iterator[tuple[Path, bool]]:
    """A folder ``name`` shared by the whole run, both xdist workers (the session fixtures that use it are asked for
    by modules in different groups, which may run on either worker: issue 33), held under a lock; and whether it is
    made already. The first to ask makes it (and says so: ``done.touch()``), the other waits and reads it."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    with (shared / f"{name}.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield shared / name, (shared / name / ".made").exists()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def demo_public(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The repository's demo league as CI sees it (a clone of the commit, without tags), its site built once for
    the whole run as ``make demo`` builds it (``turnpress site build`` in the clone): its six games, German and
    English, boards and charts. The site's browser tests and the Zensical build read it, and the demo's test
    compares ``make demo`` a year later with it (issue 33: the demo's site was built three times a run, here, in
    the demo's test and again a year later there)."""
    with once_per_run(tmp_path_factory, "demo") as (folder, made):
        root = folder / "league"
        if not made:
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
            subprocess.run(["git", "clone", "-q", "--no-tags", str(REPO), str(root)], check=True)
            built = subprocess.run([Path(sys.executable).parent / "turnpress", "site", "build"], cwd=root,
                                   capture_output=True, text=True)
            assert built.returncode == 0, built.stdout + built.stderr
            (folder / ".made").touch()
    return root / "public"
