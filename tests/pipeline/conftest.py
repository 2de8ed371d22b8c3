"""A league on a bare repository as origin, the game master's clone, and the players' clones, all offline.

``World`` plays GitHub's part: a player pushes a branch (their fork, here a branch of origin), the game master's
clone fetches it, and a pull_request event payload is written from the fixture with the right commits and
author, exactly as the orders workflow would see it.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import html
import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from adjudicator import cli

from ..conftest import git, once_per_run

FIXTURES = Path(__file__).parent / "fixtures"
SCHEDULE = "first=2026-01-05 20:00,every=7 days,timezone=Europe/Berlin,grace=60"
PLAYERS = {"alice": ("Alice", "alice", 1001), "bob": ("Bob", "bob", 1002), "carol": ("Carol", "Carol", 1003)}
BERLIN = dt.timezone(dt.timedelta(hours=1))


def at(day: int, hour: int, minute: int = 0) -> dt.datetime:
    return dt.datetime(2026, 1, day, hour, minute, tzinfo=BERLIN)


def clone(origin: Path, where: Path, name: str) -> Path:
    git(where.parent, "clone", "-q", str(origin), str(where))
    git(where, "config", "user.name", name)
    git(where, "config", "user.email", f"{name.split()[0].lower()}@example.org")
    return where


def orders(player: str, turn: int, add: int | str, *, game: str = "g1", wait: bool = False) -> str:
    return (f"game: {game}\nturn: {turn}\nplayer: {player}\n" + ("wait: true\n" if wait else "")
            + f"orders:\n  add: {add}\n")


@dataclass
class PullRequest:
    number: int
    player: str
    branch: str
    event: Path
    login: str
    user_id: int


@dataclass
class World:
    tmp: Path
    origin: Path
    gm: Path
    players: dict[str, Path] = field(default_factory=dict)
    numbers: int = 0

    def main_sha(self) -> str:
        return git(self.origin, "rev-parse", "main").strip()

    def push_branch(self, player: str, branch: str, files: dict[str, str | bytes | None], *,
                    symlinks: dict[str, str] | None = None, from_main: bool = True) -> str:
        """The player commits ``files`` (text, bytes, or None to delete) on ``branch`` and pushes it."""
        repo = self.players[player]
        git(repo, "fetch", "-q", "origin")
        if from_main:
            git(repo, "switch", "-q", "-C", branch, "origin/main")
        else:
            git(repo, "switch", "-q", branch)
        for rel, content in files.items():
            path = repo / rel
            if content is None:
                git(repo, "rm", "-q", rel)
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content if isinstance(content, bytes) else content.encode())
            git(repo, "add", rel)
        for rel, target in (symlinks or {}).items():
            path = repo / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.unlink(missing_ok=True)
            path.symlink_to(target)
            git(repo, "add", rel)
        git(repo, "commit", "-qm", f"orders of {player}")
        git(repo, "push", "-q", "--force", "origin", branch)
        return git(repo, "rev-parse", "HEAD").strip()

    def event(self, player: str, branch: str, *, number: int | None = None, login: str | None = None,
              user_id: int | None = None, action: str = "opened") -> PullRequest:
        """The game master's clone fetches the branch; a pull_request payload for it, shaped like GitHub's."""
        git(self.gm, "fetch", "-q", "origin")
        if number is None:
            self.numbers += 1
            number = self.numbers
        name, gh_login, gh_id = PLAYERS[player]
        login = login or gh_login
        user_id = user_id if user_id is not None else gh_id
        payload = json.loads((FIXTURES / "pull_request_opened.json").read_text())
        pr = payload["pull_request"]
        payload["action"] = action
        payload["number"] = pr["number"] = number
        pr["user"].update(login=login, id=user_id)
        payload["sender"].update(login=login, id=user_id)
        pr["head"].update(ref=branch, label=f"{login}:{branch}",
                          sha=git(self.gm, "rev-parse", f"origin/{branch}").strip())
        pr["head"]["user"].update(login=login, id=user_id)
        pr["base"]["sha"] = git(self.gm, "rev-parse", "origin/main").strip()
        path = self.tmp / f"event-{number}-{action}-{branch}.json"
        path.write_text(json.dumps(payload, indent=2))
        return PullRequest(number, player, branch, path, login, user_id)

    def open_pr(self, player: str, branch: str, files: dict[str, str | bytes | None], **kw) -> PullRequest:
        self.push_branch(player, branch, files, symlinks=kw.pop("symlinks", None))
        return self.event(player, branch, **kw)

    def merge(self, pr: PullRequest, when: dt.datetime) -> None:
        """The game master (or the merge job) merges the pull request into main and pushes."""
        git(self.gm, "pull", "-q", "--ff-only", "origin", "main")
        git(self.gm, "merge", "-q", "--no-ff", f"origin/{pr.branch}", "-m",
            f"Merge pull request #{pr.number} from {pr.login}/{pr.branch}", date=when)
        git(self.gm, "push", "-q", "origin", "main")


def pr_check(world: World, pr: PullRequest, capsys, summary: Path) -> tuple[int, str, str]:
    """``turnpress pr-check`` in the game master's clone; exit code, output, and the job summary written."""
    summary.write_text("")
    capsys.readouterr()
    old = os.environ.get("GITHUB_STEP_SUMMARY")
    os.environ["GITHUB_STEP_SUMMARY"] = str(summary)
    try:
        code = cli.main(["--league", str(world.gm), "pr-check", "--event", str(pr.event), "--format", "github"])
    finally:
        if old is None:
            os.environ.pop("GITHUB_STEP_SUMMARY", None)
        else:
            os.environ["GITHUB_STEP_SUMMARY"] = old
    return code, capsys.readouterr().out, summary.read_text()


def _build_world(tmp: Path) -> None:
    """Game g1 (counter, three players, weekly deadlines) on a bare origin in ``tmp``, the game master's clone and
    the three players' clones."""
    origin = tmp / "origin.git"
    git(tmp, "init", "-q", "--bare", "-b", "main", str(origin))
    gm = tmp / "gm"
    assert cli.main(["init", str(gm), "--title", "Test League"]) == 0
    git(gm, "config", "user.name", "Game Master")
    git(gm, "config", "user.email", "gm@example.org")
    git(gm, "remote", "add", "origin", str(origin))
    players = [f"--player={n}:{login}:{gid}" for n, login, gid in PLAYERS.values()]
    assert cli.main(["--league", str(gm), "new", "counter", "g1", *players, "--option", "target=100",
                     "--now", "2026-01-01T00:00Z", "--schedule", SCHEDULE]) == 0
    git(gm, "add", "-A")
    git(gm, "commit", "-qm", "A new league with game g1", date=at(1, 12))
    git(gm, "push", "-q", "-u", "origin", "main")
    for key, (name, _, _) in PLAYERS.items():
        clone(origin, tmp / key, name)


def all_in(world: World) -> None:
    """Every player's orders for turn 1 merged into main."""
    for n, key in enumerate(("alice", "bob", "carol")):
        pr = world.open_pr(key, f"orders-{key}", {f"orders/g1/0001/{key}.yaml": orders(key, 1, n + 1)})
        world.merge(pr, at(2, 10 + n))


def _voted(tmp: Path) -> None:
    """The world of ``_build_world`` with every player's orders for turn 1 merged into main (``all_in``)."""
    all_in(World(tmp, tmp / "origin.git", tmp / "gm", {key: tmp / key for key in PLAYERS}))


# How each world is made: from nothing, or from another world made before (its name) and a step.
_WORLDS = {"world": (None, _build_world), "voted": ("world", _voted)}
_made: dict[str, Path] = {}


def _template(factory: pytest.TempPathFactory, name: str) -> Path:
    """The world ``name`` made once for the whole run (both xdist workers) and never changed after: each test gets
    a copy (issue 33: building it ran ``init``, ``new`` and 25 git processes, two thirds of the CPU of a test of a
    deadline in a clone; copying the five repositories costs one ``cp``)."""
    if name not in _made:
        base, step = _WORLDS[name]
        start = _template(factory, base) if base else None
        with once_per_run(factory, f"pipeline-{name}") as (folder, made):
            if not made:
                shutil.rmtree(folder, ignore_errors=True)
                if start is None:
                    folder.mkdir(parents=True)
                else:
                    _copy_world(start, folder)
                step(folder)
                (folder / ".made").touch()
        _made[name] = folder
    return _made[name]


def _copy_world(template: Path, tmp: Path) -> None:
    """The repositories of a world made in ``template``, copied into ``tmp`` (which may exist), their remotes
    pointed at the copy of origin: ``cp -a`` keeps every file's bytes, modes and times."""
    tmp.mkdir(parents=True, exist_ok=True)
    parts = [str(template / name) for name in ("origin.git", "gm", *PLAYERS)]
    subprocess.run(["cp", "-a", *parts, str(tmp)], check=True)
    for name in ("gm", *PLAYERS):
        config = tmp / name / ".git/config"
        was = f"url = {template / 'origin.git'}\n"
        text = config.read_text()
        assert was in text, text
        config.write_text(text.replace(was, f"url = {tmp / 'origin.git'}\n"))


def made_world(factory: pytest.TempPathFactory, tmp: Path, name: str = "world") -> World:
    """A copy in ``tmp`` of the world ``name`` (``_WORLDS``), its dice secret in the environment as a deadline's
    run on GitHub has it (the caller restores the environment)."""
    template = _template(factory, name)
    _copy_world(template, tmp)
    gm = tmp / "gm"
    secret = (gm / ".secrets/g1.dice").read_text().strip()
    os.environ["TURNPRESS_DICE_SECRETS"] = f"g1={secret}\n"
    return World(tmp, tmp / "origin.git", gm, {key: tmp / key for key in PLAYERS},
                 numbers=3 if name == "voted" else 0)


@contextlib.contextmanager
def _dice_env() -> Iterator[None]:
    """The deadline runs in clones without .secrets/, as on GitHub: the secret comes from the environment."""
    saved = {k: os.environ.pop(k, None) for k in ("TURNPRESS_DICE_SECRET_G1", "TURNPRESS_DICE_SECRETS")}
    try:
        yield
    finally:
        for k, v in saved.items():
            os.environ.pop(k, None)
            if v is not None:
                os.environ[k] = v


@pytest.fixture
def world(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    """A league with game g1 (counter, three players, weekly deadlines) on origin; three player clones."""
    with _dice_env():
        yield made_world(tmp_path_factory, tmp_path)


@pytest.fixture
def voted(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    """``world`` with every player's orders for turn 1 merged into main (``all_in``), copied from a world made once."""
    with _dice_env():
        yield made_world(tmp_path_factory, tmp_path, "voted")


def unchanged(world: World, main_before: str) -> None:
    """A refused pull request changed nothing: main is where it was and no file was written anywhere."""
    assert world.main_sha() == main_before
    assert git(world.gm, "status", "--porcelain") == ""


def assert_each_refused(world: World, cases: dict, capsys, summary: Path, branch: str) -> None:
    """Each case ``{name: (player, files, message)}``, opened as its own pull request, fails the check with
    ``message`` in both the log and the receipt, and changes nothing."""
    before = world.main_sha()
    for case, (player, files, message) in cases.items():
        pr = world.open_pr(player, f"{branch}-{len(case)}-{player}", files)
        code, out, receipt = pr_check(world, pr, capsys, summary)
        assert code == 1, case
        assert message in out and message in html.unescape(receipt), f"{case}: {out}"  # as the summary shows it
        assert "❌ refused" in receipt, case
        unchanged(world, before)
