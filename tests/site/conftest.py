"""A small league for the site's tests: two games of a counter ruleset with standings, history and a map,
played through the engine (orders committed, turns adjudicated with --now), so the pages come from real files."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

from adjudicator.kit import ruleset

from ..conftest import git, new_repository, once_per_run, run
from ..counter import Counter

BERLIN = dt.timezone(dt.timedelta(hours=1))


class ChartCounter(Counter):
    """The engine's counter game with the site's hooks: a standings table, score history and a map."""

    name = "chart-counter"
    title = "Chart Counter"

    def standings(self, state):
        rows = [{"player": k, "score": v} for k, v in state["scores"].items()]
        return sorted(rows, key=lambda r: (-r["score"], r["player"]))

    def history(self, states):
        keys = sorted(states[-1]["scores"])
        return {"score": {k: [s["scores"].get(k, 0) for s in states] for k in keys}}

    def result(self, state):
        if not self.phase(state).finished:
            return None
        best = max(state["scores"].values())
        return {"kind": "win", "seats": sorted(k for k, v in state["scores"].items() if v == best)}

    def map(self, state):
        cells = "".join(f'<rect x="{10 + 30 * i}" y="10" width="20" height="{5 + v}" fill="#369"><title>{k}</title>'
                        "</rect>" for i, (k, v) in enumerate(sorted(state["scores"].items())))
        return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 120">\n{cells}\n</svg>'

    def newsletter(self, state, report, players):
        body = super().newsletter(state, report, players)
        rolls = enumerate(report["rolls"].values())
        dots = "".join(f'<circle cx="{20 + 20 * i}" cy="20" r="{3 + r}"/>' for i, r in rolls)
        return f"## Results\n\n{body}\n\n## Dice\n\n<svg viewBox=\"0 0 100 40\">\n{dots}\n</svg>\n"


CHART_COUNTER = ChartCounter()
ruleset.register(CHART_COUNTER)


def at(day: int, hour: int) -> dt.datetime:
    return dt.datetime(2026, 1, day, hour, 0, tzinfo=BERLIN)


def play(root: Path, game: str, players: list[tuple[str, str, int]], turns: int, *, rules: str = "chart-counter",
         schedule: bool = True, target: int = 1000) -> None:
    """Make ``game`` and play ``turns`` weekly turns (the last player never sends orders: an NMR each turn)."""
    args = ["new", rules, game, "--option", f"target={target}", "--title", f"League of {game.upper()}"]
    for name, login, gid in players:
        args += ["--player", f"{name}:{login}:{gid}"]
    if schedule:
        args += ["--now", "2026-01-01T00:00Z",
                 "--schedule", "first=2026-01-05 20:00,every=7 days,timezone=Europe/Berlin,grace=60"]
    assert run(root, *args) == 0
    git(root, "add", "-A")
    git(root, "commit", "-qm", f"new game {game}", date=at(1, 12))
    for turn in range(1, turns + 1):
        for n, (_, login, _) in enumerate(players[:-1]):
            path = root / f"orders/{game}/{turn:04d}/{login.lower()}.yaml"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(f"game: {game}\nturn: {turn}\nplayer: {login.lower()}\norders:\n  add: {(turn + n) % 6}\n")
        git(root, "add", "-A")
        git(root, "commit", "-qm", f"orders {game} {turn}", date=at(1, 13) + dt.timedelta(days=7 * (turn - 1)))
        now = (at(5, 21) + dt.timedelta(days=7 * (turn - 1))).isoformat()
        assert run(root, "adjudicate", game, "--now", now, "--commit") == 0


def make_league(root: Path) -> Path:
    """Three games: 'atlas' (three turns, with a schedule), 'borea' (two turns, no schedule) and 'cosmo' (over
    after its first turn: Umbria adds 1 to reach the target of 1, Vulgaria sends nothing)."""
    (root / "games").mkdir(parents=True)
    new_repository(root, ".secrets/\npublic/\n")
    play(root, "atlas", [("Ruritania", "alice", 1), ("Freedonia", "Bob", 2), ("Syldavia", "carol", 3)], 3)
    play(root, "borea", [("Elbonia", "dave", 4), ("Latveria", "erin", 5)], 2, schedule=False)
    play(root, "cosmo", [("Umbria", "fay", 6), ("Vulgaria", "gus", 7)], 1, schedule=False, target=1)
    return root


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small league, built once with ``turnpress site build`` (tests that change files copy it first)."""
    with once_per_run(tmp_path_factory, "site") as (folder, made):
        if not made:
            shutil.rmtree(folder, ignore_errors=True)
            root = make_league(folder / "league")
            assert run(root, "site", "build") == 0
            (folder / ".made").touch()
    return folder / "league"
