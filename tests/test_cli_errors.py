"""Every command, run where it cannot work, says why and exits 2 (issue #20, "Show it": outside a league,
outside a git repository, on a missing game: a message and exit 2, no traceback).

Exit codes (``adjudicator.errors``): 0 fine, 1 problems found, 2 usage or environment. ``cli.main`` turns every
``TurnpressError`` into ``turnpress: <message>`` on stderr and its exit code; anything else would escape as an
exception here and fail the test.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator import cli
from adjudicator.cli.parser import COMMANDS

from .test_league_e2e import new_game

KEY = "AGE-SECRET-KEY-1GFPYYSJZGFPYYSJZGFPYYSJZGFPYYSJZGFPYYSJZGFPYYSJZGFPQ4EGAEX"

# Each command with arguments that would work in a league with game g1; "{f}" is an orders file's path.
COMMAND_LINES: dict[str, list[str]] = {
    "new": ["new", "counter", "g2", "--player", "Ann:ann:1"],
    "join": ["join", "g1", "Dave:dave:4"],
    "template": ["template", "g1", "alice"],
    "validate": ["validate", "{f}"],
    "status": ["status", "g1"],
    "adjudicate": ["adjudicate", "g1", "--commit"],
    "preview": ["preview", "g1", "{f}"],
    "verify": ["verify", "g1"],
    "pin": ["pin", "g1"],
    "seal": ["seal", "{f}"],
    "open": ["open", "g1", "--identity", "{k}"],
    "keys new": ["keys", "new", "g1"],
    "keys add": ["keys", "add", "g1", "alice", "age1zvkyg2lqzraa2lnjvqej32nkuu0ues2s82hzrye869xeexvn73equnujwj"],
    "keys open": ["keys", "open", "g1", "--identity", "{k}"],
    "site build": ["site", "build", "--pages-only"],
    "site serve": ["site", "serve"],
    "pr-check": ["pr-check", "--event", "{e}"],
    "deadline": ["deadline"],
    "remind": ["remind", "g1"],
    "pause": ["pause", "g1", "--reason", "x", "--commit"],
    "resume": ["resume", "g1", "--reason", "x", "--commit"],
    "extend": ["extend", "g1", "--reason", "x", "--to", "2099-01-01 20:00", "--commit"],
    "end": ["end", "g1", "--reason", "x", "--draw", "--commit"],
    "concede": ["concede", "g1", "alice", "--reason", "x", "--commit"],
    "reschedule": ["reschedule", "g1", "--reason", "x", "--every", "14 days", "--commit"],
    "rerun": ["rerun", "g1", "--reason", "x", "--found", "alice={f}", "--commit"],
}
# Commands that make a league or a key of their own need none: they have nothing to say outside one; nor does
# adjudicating a position given in a file.
NEED_NO_LEAGUE = {"init", "keys personal", "diplomacy resolve"}


def test_every_command_is_in_the_table():
    assert {c.split()[0] for c in COMMAND_LINES} | {c.split()[0] for c in NEED_NO_LEAGUE} == set(COMMANDS)


def run(cwd: Path, line: list[str], tmp: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        orders: Path | None = None) -> tuple[int, str]:
    key = tmp / "key.txt"
    key.write_text(KEY + "\n")
    event = tmp / "event.json"
    event.write_text('{"pull_request": {"number": 1, "user": {"login": "alice", "id": 1}, "title": "x", '
                     '"base": {"sha": "0000000"}, "head": {"sha": "1111111"}}}')
    if orders is None:
        orders = tmp / "orders.yaml"
        orders.write_text("game: g1\nturn: 1\nplayer: alice\norders:\n  add: 1\n")
    monkeypatch.chdir(cwd)
    capsys.readouterr()
    code = cli.main([a.format(f=orders, k=key, e=event) for a in line])
    return code, capsys.readouterr().err


@pytest.mark.parametrize("name", sorted(COMMAND_LINES))
def test_outside_a_league(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                          capsys: pytest.CaptureFixture[str]):
    code, err = run(tmp_path, COMMAND_LINES[name], tmp_path, monkeypatch, capsys)
    assert code == 2, err
    assert err.startswith("turnpress: ") and "league" in err, err


@pytest.mark.parametrize("name", sorted(set(COMMAND_LINES) - {"new", "validate", "seal", "site build",
                                                               "site serve", "pr-check", "deadline"}))
def test_on_a_missing_game(name: str, league: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                           capsys: pytest.CaptureFixture[str]):
    new_game(league)
    line = [a.replace("g1", "g9") for a in COMMAND_LINES[name]]
    code, err = run(league, line, tmp_path, monkeypatch, capsys, orders=league / "orders/g1/0001/alice.yaml")
    assert code == 2, err
    assert err.startswith("turnpress: no game 'g9'") and "games here: g1" in err, err


def test_deadline_of_a_missing_game(league: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]):
    new_game(league)
    code, err = run(league, ["deadline", "--game", "g9"], tmp_path, monkeypatch, capsys)
    assert code == 2 and err.startswith("turnpress: no game 'g9'"), err


@pytest.mark.parametrize("line", [["adjudicate", "g1", "--commit", "--now", "2026-01-06T00:00+01:00"],
                                  ["deadline", "--now", "2026-01-06T00:00+01:00"],
                                  ["pr-check", "--event", "{e}"], ["pin", "g1"]])
def test_outside_a_git_repository(line: list[str], league: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]):
    """The commands that commit or read history, in a league folder that is not a repository."""
    new_game(league)
    plain = tmp_path / "plain"
    shutil.copytree(league, plain, ignore=shutil.ignore_patterns(".git"))
    code, err = run(plain, line, tmp_path, monkeypatch, capsys)
    assert code == 2, err
    assert err.startswith("turnpress: ") and ("not a git repository" in err or "is not in" in err), err


def test_bad_arguments_exit_2_with_usage(capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit) as done:
        cli.main(["adjudicate", "--frobnicate"])
    assert done.value.code == 2 and "unrecognized arguments: --frobnicate" in capsys.readouterr().err
    assert cli.main(["adjudicate", "--now", "soon", "g1"]) == 2
    assert "--now 'soon': write an ISO time" in capsys.readouterr().err


def test_a_reader_that_goes_away_ends_the_output_quietly(league: Path):
    """``turnpress status | head -1``: the rest of the output has nowhere to go; that is no error."""
    new_game(league)
    code = "import sys; from tests import conftest; from adjudicator.cli import main; sys.exit(main(sys.argv[1:]))"
    proc = subprocess.Popen([sys.executable, "-c", code, "--league", str(league), "status"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=Path(__file__).resolve().parents[1])
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # before the command writes a line
    err = proc.stderr.read().decode()
    assert proc.wait() == 0 and err == ""


@pytest.mark.parametrize("name", ["status", "template", "validate", "verify", "adjudicate"])
def test_a_mkdocs_yml_that_is_not_utf_8_is_named_with_its_line(name: str, league: Path, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]):
    """Every command that loads a game reads the league's language and address from ``mkdocs.yml`` (once, with
    the game): a file saved in another encoding is named, with its line and what to do, not a codec's
    traceback words."""
    new_game(league)
    (league / "mkdocs.yml").write_bytes(b"site_name: Liga\n# f\xfcr alle, in Latin-1 gespeichert\n")
    line = [a for a in COMMAND_LINES[name] if a != "--commit"]
    code, err = run(league, line, tmp_path, monkeypatch, capsys, orders=league / "orders/g1/0001/alice.yaml")
    assert code == 2, err
    assert err == "turnpress: mkdocs.yml:2: not UTF-8 text; save the file as UTF-8\n", err
