"""The demo builder plays a demo folder through the engine, every scripted turn, then pauses the game."""

import importlib.util
from pathlib import Path

from adjudicator import yamlio

from .conftest import git
from .test_league_e2e import run

spec = importlib.util.spec_from_file_location("demo_build", Path(__file__).resolve().parents[1] / "demo/build.py")
demo_build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(demo_build)


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def test_a_demo_is_played_through_the_engine_and_replays(league: Path, tmp_path: Path, capsys):
    src = tmp_path / "counter"
    write(src / "game.yaml", "players: ['Ann:ann:1', 'Ben:ben:2']\noptions: {target: 99}\n"
          "joins: {2: ['Cy:cy:3']}\n")
    for turn, players in ((1, ("ann", "ben")), (2, ("ann", "cy")), (3, ("ann", "ben", "cy"))):
        for p in players:
            write(src / f"{turn:04d}/{p}.yaml",
                  f"game: demo-counter\nturn: {turn}\nplayer: {p}\norders:\n  add: {turn}\n")
    assert demo_build.build("counter", league, None, source=src) == 0
    out = capsys.readouterr().out
    assert "demo-counter: turn 2 (Round 2), missed: ben" in out
    assert "demo-counter: paused after turn 3" in out
    assert git(league, "status", "--porcelain") == ""
    assert run(league, "verify", "demo-counter") == 0
    report = yamlio.read_data(league / "games/demo-counter/turns/0003/report.yaml")
    assert report["orders"]["taken"] == ["ann", "ben", "cy"]
    # Paused after its scripted turns: a deadline run years later plays no empty turn.
    assert run(league, "adjudicate", "demo-counter", "--due", "--commit", "--now", "2036-01-01T00:00+00:00") == 0
    assert not (league / "games/demo-counter/turns/0004").exists()
    assert git(league, "log", "-1", "--format=%s") == "demo-counter: paused after the scripted turns of the demo\n"
    # Re-running continues where the game stands: nothing to do.
    assert demo_build.build("counter", league, None, source=src) == 0
    assert git(league, "status", "--porcelain") == ""


def test_the_builder_stops_at_invalid_orders(league: Path, tmp_path: Path, capsys):
    src = tmp_path / "counter"
    write(src / "game.yaml", "players: ['Ann:ann:1']\n")
    write(src / "0001/ann.yaml", "game: demo-counter\nturn: 1\nplayer: ann\norders:\n  add: 99\n")
    assert demo_build.build("counter", league, None, source=src) == 1
    assert "stopped at turn 1" in capsys.readouterr().err
