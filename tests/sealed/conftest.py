"""Fixtures of the sealed-orders tests: the spy-ring ruleset, keys, and a game of it in a git league."""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from adjudicator import cli
from adjudicator.kit import ruleset

from ..conftest import git, new_repository, once_per_run, run
from .spyring import RULESET as SPYRING

ruleset.register(SPYRING)

UTC = dt.UTC


def at(day: int, hour: int, minute: int = 0) -> dt.datetime:
    return dt.datetime(2026, 3, day, hour, minute, tzinfo=UTC)


@pytest.fixture
def ssh_key(tmp_path: Path) -> Path:
    """An OpenSSH ed25519 key pair without passphrase, as a player's GitHub key."""
    path = tmp_path / "keys" / "id_ed25519"
    path.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "bob@example.org", "-f", str(path)],
                   check=True)
    return path


@pytest.fixture(autouse=True)
def _no_keys_from_outside(monkeypatch):
    """Each test says which keys its process holds."""
    for name in list(os.environ):
        if name.startswith(("TURNPRESS_GAME_KEY", "TURNPRESS_IDENTITY", "TURNPRESS_DICE_SECRET")):
            monkeypatch.delenv(name)


def deadline(turn: int) -> dt.datetime:
    return at(2, 20) + dt.timedelta(days=7 * (turn - 1))


class Table:
    """A game of sealed orders around one table: the game master, Alice (age key), Bob (his GitHub SSH key)
    and Carol (no key). Each acts through the ``turnpress`` commands, with only the keys they hold."""

    def __init__(self, root: Path, desk: Path, ssh_key: Path, monkeypatch, capsys) -> None:
        self.root, self.desk, self.bob_key, self.mp, self.capsys = root, desk, ssh_key, monkeypatch, capsys
        self.alice_key = desk / "alice.key"
        self.outputs: list[str] = []

    def out(self) -> str:
        text = self.capsys.readouterr()
        self.outputs += [text.out, text.err]
        return text.out + text.err

    def cli(self, *args: str) -> int:
        return run(self.root, *args)

    def setup(self, rounds: int = 3) -> None:
        assert self.cli("new", "spyring", "g1", "--player", "Alice:alice:1", "--player", "Bob:Bob:2",
                        "--player", "Carol:carol:3", "--option", f"rounds={rounds}", "--option", "orders=sealed",
                        "--now", "2026-01-01T00:00Z",
                        "--schedule", "first=2026-03-02 20:00,every=7 days,timezone=UTC,grace=60") == 0
        printed = self.out()  # 'new' made the game's key pair: the line for the deadline workflow's secret
        self.game_key = next(line.strip().split("=", 1)[-1] for line in printed.splitlines()
                             if "AGE-SECRET-KEY-" in line)
        assert not (self.root / ".secrets" / "g1.dice").exists()  # the dice secret travels sealed to the game key
        (self.root / ".secrets" / "g1.key").unlink()  # the game master keeps it in the repository secret only
        assert cli.main(["keys", "personal", str(self.alice_key)]) == 0
        alice_public = next(w for w in self.out().split() if w.startswith("age1"))
        with self.game_master():
            assert self.cli("keys", "add", "g1", "alice", alice_public) == 0
            bob_public = self.bob_key.with_suffix(".pub").read_text().strip()
            assert self.cli("keys", "add", "g1", "Bob", bob_public) == 0
        self.out()
        git(self.root, "add", "-A")
        git(self.root, "commit", "-qm", "new game g1 with sealed orders", date=at(1, 9))

    def game_master(self):
        """A block in which this process holds the game's key (the deadline run's repository secret)."""
        mp = self.mp

        class _Held:
            def __enter__(inner):
                mp.setenv("TURNPRESS_GAME_KEY_G1", self.game_key)

            def __exit__(inner, *exc):
                mp.delenv("TURNPRESS_GAME_KEY_G1")

        return _Held()

    def identity(self, player: str) -> Path | None:
        return {"alice": self.alice_key, "bob": self.bob_key}.get(player)

    def write(self, player: str, turn: int, bid: int, note: str) -> Path:
        path = self.desk / f"{player}-{turn}.yaml"
        path.write_text(f"game: g1\nturn: {turn}\nplayer: {player}\norders:\n  bid: {bid}\n  note: {note}\n")
        return path

    def seal(self, player: str, turn: int, bid: int, note: str, when: dt.datetime) -> int:
        """The player writes orders on their own desk, seals them into the league and commits the sealed file."""
        plain = self.write(player, turn, bid, note)
        key = self.identity(player)
        code = self.cli("seal", str(plain), *(["--identity", str(key)] if key else []))
        if code == 0:
            rel = f"orders/g1/{turn:04d}/{player}.yaml.age"
            git(self.root, "add", "--", rel)
            git(self.root, "commit", "-qm", f"orders of {player}", date=when)
        return code

    def deadline_run(self, turn: int) -> int:
        """The deadline workflow: with the game's key, just after turn ``turn``'s deadline and grace."""
        when = deadline(turn) + dt.timedelta(minutes=61)
        with self.game_master():
            return self.cli("adjudicate", "--due", "--now", when.isoformat(), "--commit")


def _set_table(tmp: Path, monkeypatch, capsys) -> Table:
    """A table of three rounds set up in ``tmp``: its league (``league``), desk and Bob's key (``ssh_key``)."""
    root = tmp / "league"
    (root / "games").mkdir(parents=True)
    (root / "games" / ".keep").write_text("")
    new_repository(root)
    desk = tmp / "desk"
    desk.mkdir()
    key = tmp / "keys" / "id_ed25519"
    key.parent.mkdir()
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "bob@example.org", "-f", str(key)],
                   check=True)
    t = Table(root, desk, key, monkeypatch, capsys)
    t.setup()
    return t


@pytest.fixture
def table(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch, capsys) -> Table:
    """The table set up once for the whole run (both xdist workers) and copied for each test with what its set-up
    printed and its game key (issue 33: ``new``, two key registrations, ``ssh-keygen`` and the league's git were
    about 0.4 s of CPU a test, 41 tests)."""
    with once_per_run(tmp_path_factory, "sealed-table") as (folder, made):
        if not made:
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
            first = _set_table(folder, monkeypatch, capsys)
            (folder / "table.json").write_text(json.dumps({"key": first.game_key, "outputs": first.outputs}))
            (folder / ".made").touch()
    subprocess.run(["cp", "-a", *(str(folder / name) for name in ("league", "desk", "keys")), str(tmp_path)],
                   check=True)
    t = Table(tmp_path / "league", tmp_path / "desk", tmp_path / "keys" / "id_ed25519", monkeypatch, capsys)
    made_as = json.loads((folder / "table.json").read_text())
    t.game_key, t.outputs = made_as["key"], made_as["outputs"]
    return t
