"""The small things of issue 22 ("A real league from a fresh start"), each met on the way and each a line of
the command line: preview's GAME, the dice secrets list for adjudicate, a closed pipe, a busy port, and the
rulesets' own commands in ``--help``."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from adjudicator import cli

from .conftest import git
from .test_league_e2e import at, new_game, run, submit

ROOT = Path(__file__).resolve().parents[1]


def test_preview_takes_its_game_and_refuses_another_game_s_or_a_foreign_file(league: Path, tmp_path: Path, capsys):
    new_game(league)
    submit(league, 1, "alice", "  add: 4\n", at(4, 10))
    assert run(league, "preview", "g1", str(league / "orders/g1/0001/alice.yaml")) == 0
    assert run(league, "preview", "g2", str(league / "orders/g1/0001/alice.yaml")) == 2
    assert "no game 'g2'" in capsys.readouterr().err
    (league / "games/g2").mkdir()
    (league / "games/g2/game.yaml").write_text((league / "games/g1/game.yaml").read_text().replace("g1", "g2"))
    assert run(league, "preview", "g2", str(league / "orders/g1/0001/alice.yaml")) == 2
    assert "is not an orders file of g2: preview orders/g2/<turn>/<your login>.yaml" in capsys.readouterr().err
    outside = tmp_path / "alice.yaml"
    outside.write_text("game: g1\nturn: 1\nplayer: alice\norders:\n  add: 4\n")
    # A sheet kept outside the repository, as the player's tour keeps it, is previewed too (issue 29, finding 7).
    capsys.readouterr()
    assert run(league, "preview", "g1", str(outside)) == 0
    assert "add" in capsys.readouterr().out


def test_adjudicate_reads_the_dice_secrets_list_the_workflows_set(league: Path, monkeypatch, capsys):
    new_game(league)
    secret = (league / ".secrets/g1.dice").read_text().strip()
    (league / ".secrets/g1.dice").unlink()
    assert run(league, "adjudicate", "g1", "--now", "2026-01-06T00:00+01:00") == 2
    assert "TURNPRESS_DICE_SECRET" in capsys.readouterr().err
    monkeypatch.setenv("TURNPRESS_DICE_SECRETS", f"other=00\ng1={secret}\n")
    assert run(league, "adjudicate", "g1", "--now", "2026-01-06T00:00+01:00") == 0
    assert "g1: turn 1 (Round 1) would be adjudicated" in capsys.readouterr().out


def test_status_into_a_reader_that_stops_ends_quietly(league: Path):
    for n in range(3):
        assert run(league, "new", "counter", f"g{n}", "--player", "Alice:alice:1") == 0
    git(league, "add", "-A")
    git(league, "commit", "-qm", "three games")
    turnpress = Path(sys.executable).parent / "turnpress"
    done = subprocess.run(f"'{turnpress}' status | head -1", shell=True, cwd=league, capture_output=True, text=True,
                          env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert done.stdout.startswith("g0:")
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr, done.stderr


def test_site_serve_on_a_busy_port_says_so(league: Path, capsys):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert run(league, "site", "serve", "--addr", f"127.0.0.1:{port}") == 2
    err = capsys.readouterr().err
    assert f"cannot serve on 127.0.0.1:{port}" in err and f"--addr 127.0.0.1:{port + 1}" in err


def test_help_lists_the_rulesets_own_commands(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["--help"])
    assert done.value.code == 0
    assert "diplomacy      Diplomacy's own tools (turnpress diplomacy --help)" in capsys.readouterr().out
    with pytest.raises(SystemExit) as done:
        cli.main(["diplomacy", "--help"])
    assert done.value.code == 0


@pytest.mark.parametrize("addr", ["127.0.0.1:99999", "127.0.0.1:0", "127.0.0.1:http"])
def test_site_serve_on_a_port_that_is_none_says_so(addr: str, league: Path, capsys):
    """Issue 28, item 6: port 99999 ended in an internal error that then called files the run had not written
    'damage'. It is a usage error that names what to write, and nothing else."""
    (league / "games/g1/turns").mkdir(parents=True)  # a game folder half made by hand: not the serve's business
    assert run(league, "site", "serve", "--addr", addr) == 2
    err = capsys.readouterr().err
    assert err == f"turnpress: --addr '{addr}': write HOST:PORT with a port from 1 to 65535, like 127.0.0.1:8000\n"


def test_the_served_site_answers_404_for_a_name_with_a_nul_byte(tmp_path: Path):
    """Issue 28, item 6: '/a%00b' answered 500 (mkdocs' dev server opened the name and Python refused it)."""
    root = tmp_path / "league"
    assert cli.main(["init", str(root), "--title", "Served"]) == 0
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    turnpress = Path(sys.executable).parent / "turnpress"
    server = subprocess.Popen([str(turnpress), "--league", str(root), "site", "serve", "--addr", f"127.0.0.1:{port}"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5).close()
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, "the site was never served"
                time.sleep(0.5)
        for path in ("/a%00b", "/%00", "/guide/%00/"):
            with pytest.raises(urllib.error.HTTPError) as answer:
                urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10)
            assert answer.value.code == 404, path
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        _, err = server.communicate(timeout=30)
    # The log names the port, which may itself hold the digits 500: look for the status code only.
    assert b"Traceback" not in err and b"code 500" not in err, err.decode(errors="replace")[-2000:]
