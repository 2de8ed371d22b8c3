"""`turnpress validate`: every problem as file:line:column with a hint (issue: the league engine, items 3 and 5)."""

from pathlib import Path

import pytest

from adjudicator import cli

from .conftest import reads_of
from .test_league_e2e import new_game, run


@pytest.fixture
def game(league: Path) -> Path:
    new_game(league)
    return league


def write(root: Path, rel: str, text: str | bytes) -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return path


def validate(root: Path, capsys, *paths: Path, fmt: str = "text") -> tuple[int, str]:
    code = cli.main(["--league", str(root), "validate", "--format", fmt, *map(str, paths)])
    return code, capsys.readouterr().out


HEAD = "game: g1\nturn: 1\nplayer: alice\n"


def test_valid_orders_are_echoed_as_understood(game, capsys):
    path = write(game, "orders/g1/0001/alice.yaml", HEAD + "orders:\n  add: 4\n")
    code, out = validate(game, capsys, path)
    assert code == 0
    assert "understood as:\n  add 4" in out
    assert "0 errors" in out


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("orders:\n  add: four\n", ":5:8: error: add: expected a whole number, found text — how much to add, 0 to 9"),
        ("orders:\n  add: 4.5\n", ":5:8: error: add: 4.5 is not a whole number"),
        ("orders:\n  add: 4\n  ad: 2\n",
         ":6:3: error: unknown key 'ad' in orders — did you mean add? allowed here: add, note"),
        ("orders:\n  add: 12\n", ":5:8: error: add: 12 is out of range"),
        ("orders:\n  note: hi\n", ":5:3: error: orders needs 'add' — how much to add, 0 to 9"),
        ("orders:\n  add: 4\n  add: 5\n", ":6:3: error: not valid YAML: the same key appears twice"),
        ("orders:\n  add: [4\n", ":6:1: error: not valid YAML"),
        ("orders:\n  add: 4\nextra: 1\n", ":6:1: error: unknown key 'extra' at the top of an orders file"),
    ],
)
def test_each_problem_names_line_column_and_what_to_write(game, capsys, body, expected):
    path = write(game, "orders/g1/0001/alice.yaml", HEAD + body)
    code, out = validate(game, capsys, path)
    assert code == 1
    assert f"orders/g1/0001/alice.yaml{expected}" in out


def test_warnings_do_not_fail(game, capsys):
    path = write(game, "orders/g1/0001/alice.yaml", HEAD + "orders:\n  add: 7\n")
    code, out = validate(game, capsys, path)
    assert code == 0
    assert ":5:8: warning: a first move above 5 is cut to 5 — write 5 or less" in out


def test_envelope_must_match_the_path(game, capsys):
    path = write(game, "orders/g1/0001/alice.yaml", "game: g2\nturn: 2\nplayer: bob\norders:\n  add: 1\n")
    code, out = validate(game, capsys, path)
    assert code == 1
    assert ":1:7: error: game is 'g2', but this file is orders/g1/0001/alice.yaml" in out
    assert ":2:7: error: turn is 2" in out and "write 'turn: 1'" in out
    assert ":3:9: error: player is 'bob'" in out


def test_orders_for_someone_not_in_the_game_or_another_turn(game, capsys):
    mallory = write(game, "orders/g1/0001/mallory.yaml", "game: g1\nturn: 1\nplayer: mallory\norders: {add: 1}\n")
    future = write(game, "orders/g1/0002/alice.yaml", "game: g1\nturn: 2\nplayer: alice\norders: {add: 1}\n")
    elsewhere = write(game, "orders/g1/alice.yaml", HEAD + "orders: {add: 1}\n")
    code, out = validate(game, capsys, mallory, future, elsewhere)
    assert code == 1
    assert "'mallory' does not play in g1" in out
    assert "turn 2 of g1 is not open yet; the open turn is 1" in out
    assert "not an orders file: orders go to orders/<game>/<NNNN>/<login>.yaml" in out


def test_past_turn_is_refused(game, capsys):
    run(game, "adjudicate", "g1", "--now", "2026-01-06T00:00+01:00", "--commit")
    capsys.readouterr()
    path = write(game, "orders/g1/0001/alice.yaml", HEAD + "orders:\n  add: 4\n")
    code, out = validate(game, capsys, path)
    assert code == 1 and "turn 1 of g1 is already adjudicated; the open turn is 2" in out


def test_huge_file_and_binary_are_refused_without_reading_them_whole(game, capsys):
    huge = write(game, "orders/g1/0001/alice.yaml", HEAD + "orders:\n  note: " + "x" * 10_000_000 + "\n")
    code, out = validate(game, capsys, huge)
    assert code == 1 and "at most 262144 are accepted" in out
    binary = write(game, "orders/g1/0001/bob.yaml", b"\xff\xfe\x00garbage")
    code, out = validate(game, capsys, binary)
    assert code == 1 and "not UTF-8" in out


def test_github_format_prints_annotations(game, capsys):
    path = write(game, "orders/g1/0001/alice.yaml", HEAD + "orders:\n  add: 12\n")
    code, out = validate(game, capsys, path, fmt="github")
    assert code == 1
    assert out.startswith("::error file=orders/g1/0001/alice.yaml,line=5,col=8::add: 12 is out of range")


# Issue 33, "validate cold ≤ 15× Python's start" (measured by benchmarks/bench_league.py): what 'validate' never
# needs is never imported: the engine that writes turns and the deadline (imported by the CLI for its damage
# report, which now imports it only once something broke), ruamel.yaml (only edits of a person's files use it),
# and urllib/http/email that xml.sax.saxutils pulled in for two escape functions of the charts; importlib's resource
# readers, which import zipfile, for files of packages that are folders on disk (gamedata.package_files); the
# newsletter (its issue renderer, charts and drawing cache), for the game's language (kit/words.py).
NOT_FOR_VALIDATE = ("adjudicator.engine.turn", "adjudicator.pipeline.deadline", "ruamel.yaml", "urllib.request",
                    "http.client", "importlib.resources", "zipfile", "adjudicator.newsletter")


def test_validate_in_a_new_process_imports_nothing_it_does_not_use(league: Path):
    import subprocess
    import sys

    assert cli.main(["--league", str(league), "new", "bretton-woods", "bw", "--player", "Ana:ana:1:agrar",
                     "--player", "Ben:ben:2:energie", "--option", "orders=open", "--now", "2026-01-01T00:00Z",
                     "--schedule", "first=2026-01-05 20:00,every=7 days,timezone=UTC"]) == 0
    assert cli.main(["--league", str(league), "template", "bw", "ana", "--write"]) == 0
    sheet = next(league.glob("orders/bw/*/ana.yaml"))
    probe = ("import sys\nfrom adjudicator.cli import main\ncode = main(['validate', sys.argv[1]])\n"
             "print(code, *sorted(m for m in sys.modules if m.startswith(tuple(sys.argv[2:]))))\n")
    out = subprocess.run([sys.executable, "-c", probe, str(sheet), *NOT_FOR_VALIDATE], cwd=league,
                         capture_output=True, text=True, check=True).stdout.splitlines()[-1]
    assert out == "0", f"validate passes and imports none of {NOT_FOR_VALIDATE}: {out}"


def test_validate_builds_the_parser_of_its_own_command_only(game, capsys, monkeypatch):
    """Issue 33, "validate cold ≤ 15× Python's start": every command line built the whole parser tree (some forty
    parsers, 20 ms of a validate under load) to read one command's arguments; it builds the one it names. The
    help and an unknown command still see every command."""
    import argparse

    made: list[str] = []
    init = argparse.ArgumentParser.__init__
    monkeypatch.setattr(argparse.ArgumentParser, "__init__",
                        lambda self, *a, **k: made.append(str(k.get("prog"))) or init(self, *a, **k))
    path = write(game, "orders/g1/0001/alice.yaml", HEAD + "orders:\n  add: 4\n")
    code, out = validate(game, capsys, path)
    assert code == 0 and "0 errors" in out
    assert made == ["turnpress", "turnpress validate"]
    made.clear()
    with pytest.raises(SystemExit):
        cli.main(["--league", str(game), "frob"])
    assert len(made) > 30 and "'validate', 'status'" in capsys.readouterr().err


def test_validate_asks_the_history_nothing_where_the_turn_has_no_ruling(game, capsys, monkeypatch):
    """Issue 33, "validate cold ≤ 15× Python's start": a sheet's state is the turn before with the turn's ruling,
    and looking for a ruling read the game's schedule for its time zone, which checks game.yaml against the last
    turn's commit: four git processes (a tenth of a cold validate's CPU) where the turn has no ruling at all."""
    from adjudicator.league import history

    assert run(game, "adjudicate", "--due", "--now", "2026-01-05T21:05+01:00", "--commit") == 0
    capsys.readouterr()
    asked: list[str] = []

    def counted(name: str) -> object:
        real = getattr(history, name)
        return lambda *a, **k: asked.append(name) or real(*a, **k)

    # ``_run`` is the one runner of every git process but the kept ``cat-file --batch`` reader (``blob``).
    for name in ("is_repo", "tag_target", "last_commit_of", "blob", "_run"):
        monkeypatch.setattr(history, name, counted(name))
    path = write(game, "orders/g1/0002/alice.yaml", HEAD.replace("turn: 1", "turn: 2") + "orders:\n  add: 4\n")
    code, out = validate(game, capsys, path)
    assert code == 0 and "0 errors" in out
    assert asked == []


def test_validate_reads_the_league_s_mkdocs_yml_once_for_all_its_files(game, capsys, monkeypatch):
    """Issue 31, "I/O at the edges": what the league's ``mkdocs.yml`` says (its language, before a file names its
    game) is read once by the command and handed to each game it loads; validate read it again for each file and
    each game."""
    (game / "mkdocs.yml").write_text("site_name: League\ntheme:\n  name: material\n  language: en\n")
    paths = [write(game, f"orders/g1/0001/{who}.yaml", HEAD.replace("alice", who) + "orders:\n  add: 4\n")
             for who in ("alice", "bob")]
    opened = reads_of(monkeypatch, "mkdocs.yml")
    code, out = validate(game, capsys, *paths, write(game, "notes/g1.yaml", "orders: {}\n"))
    assert code == 1 and out.count("understood as:\n  add 4") == 2, out
    assert opened == [str(game / "mkdocs.yml")]
