"""``store.reading``: a command that only reads the league asks the file system each question once (issue 33, "Back
under every goal": a site build of 1,000 issues listed each game's turns 200 times and its rulings 9,370 times,
once more for every issue, a quarter of what the page generation had left).

What is kept must never hide a write: a ``Game`` lives through a deadline that writes its turns, so every write
through ``store.write_files`` forgets what was kept, and a turn adjudicated inside the block is seen by the next.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from adjudicator import dice, yamlio
from adjudicator.engine.verify import verification
from adjudicator.league import rulings, store
from adjudicator.model import Player
from adjudicator.newsletter import pages, site

from .site.conftest import CHART_COUNTER
from .test_verify_history import play, play_turn


def counter_game(root: Path, gid: str, turns: int) -> None:
    """A game of the site tests' counter written straight to ``games/`` (as benchmarks/bench_site.py does)."""
    seats = [Player(f"p{i}", f"Player {i}", f"p{i}", 1000 + i) for i in range(3)]
    config = {"game": gid, "ruleset": CHART_COUNTER.name, "options": {"target": 10**9},
              "players": [store.player_to_yaml(p) for p in seats],
              "schedule": {"timezone": "Europe/Berlin", "first": "2026-01-05 20:00", "every": "7 days"},
              "dice": {"commitment": "00" * 32, "length": 100}}
    folder = root / "games" / gid
    (folder / "turns").mkdir(parents=True)
    (folder / "game.yaml").write_text(yamlio.dump(config))
    state = CHART_COUNTER.setup({"target": 10**9}, seats, dice.Dice(f"{gid}/0".encode()))
    report: dict = {"game": gid, "turn": 0, "label": "Set-up", "dice": {"seed": "00" * 32}, "result": {}}
    for t in range(turns + 1):
        if t:
            label = CHART_COUNTER.phase(state).label
            orders = {p.key: {"add": (t + i) % 6} for i, p in enumerate(seats)}
            result = CHART_COUNTER.adjudicate(state, orders, dice.Dice(f"{gid}/{t}".encode()))
            state = result.state
            when = dt.datetime(2026, 1, 5, 20, tzinfo=dt.UTC) + dt.timedelta(days=7 * (t - 1))
            report = {"game": gid, "turn": t, "label": label, "deadline": when.isoformat(),
                      "dice": {"seed": f"{t:064x}", "orders_digest": "00" * 32},
                      "orders": {"taken": sorted(orders), "late": [], "refused": [], "missed": [], "defaults": {}},
                      "result": {k: v for k, v in result.report.items() if k != "private"}}
        out = folder / "turns" / f"{t:04d}"
        out.mkdir()
        (out / "state.yaml").write_text(yamlio.dump(CHART_COUNTER.public_view(state)))
        (out / "hidden.yaml").write_text(yamlio.dump({"private": state["private"]}))
        (out / "report.yaml").write_text(yamlio.dump(report))


def listings_of_a_build(tmp_path: Path, turns: int, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int, int]:
    """How often a site build of two games of ``turns`` turns listed a game's turns and its rulings, and how many
    issue pages it wrote."""
    root = tmp_path / f"league-{turns}"
    for gid in ("g1", "g2"):
        counter_game(root, gid, turns)
    counted = {"turns": 0, "rulings": 0}
    listed, ruled = store.Game._turns, rulings.ruled_turns

    def turns_listed(game: store.Game) -> list[int]:
        counted["turns"] += 1
        return listed(game)

    def rulings_listed(root: Path, game: str) -> list[int]:
        counted["rulings"] += 1
        return ruled(root, game)

    monkeypatch.setattr(store.Game, "_turns", turns_listed)
    monkeypatch.setattr(rulings, "ruled_turns", rulings_listed)
    site.generate(root)
    issues = len(list((root / "site/news").glob("g?/[0-9][0-9][0-9][0-9].md")))
    return counted["turns"], counted["rulings"], issues


def test_a_site_build_lists_each_games_folders_as_often_for_many_issues_as_for_few(tmp_path, monkeypatch):
    monkeypatch.setattr(pages, "PARALLEL_FROM", 10**6)  # one process: the counts are this process's
    few, many = listings_of_a_build(tmp_path, 2, monkeypatch), listings_of_a_build(tmp_path, 8, monkeypatch)
    assert (few[2], many[2]) == (4, 16), "every issue written"
    assert many[:2] == few[:2], "no listing repeated per issue"
    assert many[0] <= 2 and many[1] <= 2, "each game's turns and rulings listed once"


def test_outside_reading_nothing_is_kept(league: Path):
    """A command that writes (the deadline, adjudicate, rulings) reads the tree as it is at every call."""
    play(league, 1)
    game = store.load_game(league, "g1")
    assert game.turns() == [0, 1]
    play_turn(league, 2)
    assert game.turns() == [0, 1, 2]


def test_a_turn_written_inside_reading_is_seen_by_the_next_turn_and_the_same_game(league: Path):
    """Two deadlines run inside one ``reading`` block (as if one command adjudicated two due turns): the second
    adjudicates from the first's turn, the game object read before both sees both, and the history replays."""
    play(league, 1)
    with store.reading():
        game = store.load_game(league, "g1")
        assert (game.turns(), game.ruled_turns()) == ([0, 1], [])
        play_turn(league, 2)
        assert game.turns() == [0, 1, 2] and game.last_turn == 2
        play_turn(league, 3)
        assert store.load_game(league, "g1").open_turn == 4
        assert game.turns() == [0, 1, 2, 3]
    done = verification(league, "g1")
    assert (done.turns, done.found) == (3, [])
    with store.reading():  # a ruling written is listed at once too
        game = store.load_game(league, "g1")
        assert game.ruled_turns() == []
        store.write_files(league, {"rulings/g1/0004.yaml": "reason: a pause\npause: true\n"})
        assert game.ruled_turns() == [4]


def test_a_deadline_lists_the_turns_of_its_game_once_a_write(league: Path, monkeypatch: pytest.MonkeyPatch):
    """Issue 33: ``adjudicate`` loads its game again for each step (heal, status, the turn, its commit), and each
    load listed the turns' folder anew, some 25 times a turn. It reads in ``reading``: listed once, and again after
    each write of the turn (its commit, its files); the turn after it sees the turn written."""
    play(league, turns=1)
    listed: list[str] = []
    real = store.Game._turns
    monkeypatch.setattr(store.Game, "_turns", lambda game: listed.append(game.id) or real(game))
    play_turn(league, 2)
    assert store.load_game(league, "g1").last_turn == 2
    assert 0 < len(listed) <= 6, len(listed)  # 10 before
    play_turn(league, 3)
    assert store.load_game(league, "g1").last_turn == 3
