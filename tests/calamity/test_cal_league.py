"""Calamity through the shell: orders of players the phase does not wait for are taken (Phase.open_to)."""

import datetime as dt
from pathlib import Path

from adjudicator import cli, yamlio

from ..conftest import git

PLAYERS = ["Ann:ann:1", "Bob:bob:2", "Cy:cy:3", "Dee:dee:4"]


def test_standing_orders_of_a_player_not_waited_for_are_taken(league: Path, capsys):
    """A standing order may be sent in any phase (house rule "play by mail"): in the first mover's phase another
    player's orders are taken, the turn still waits for the mover only, and nobody's orders are refused."""
    args = ["--league", str(league), "new", "calamity", "c1", "--option", "orders=open"]  # plain files, on purpose
    for p in PLAYERS:
        args += ["--player", p]
    assert cli.main([*args, "--now", "2026-01-01T00:00Z",
                     "--schedule", "first=2026-01-05 20:00,every=2 days,timezone=UTC,grace=0"]) == 0
    git(league, "add", "-A")
    git(league, "commit", "-qm", "new game", date=dt.datetime(2026, 1, 1, 12, tzinfo=dt.UTC))
    state = yamlio.read_data(league / "games/c1/turns/0000/state.yaml")
    mover = state["phase"]["awaited"][0]
    other = next(p.split(":")[1] for p in PLAYERS if p.split(":")[1] != mover)
    path = league / f"orders/c1/0001/{other}.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(f"game: c1\nturn: 1\nplayer: {other}\norders:\n  standing:\n    C: {{accept_fee: 12}}\n")
    git(league, "add", "-A")
    git(league, "commit", "-qm", "standing order", date=dt.datetime(2026, 1, 2, 12, tzinfo=dt.UTC))
    assert cli.main(["--league", str(league), "adjudicate", "--due", "--now", "2026-01-05T20:01+00:00",
                     "--commit"]) == 0
    report = yamlio.read_data(league / "games/c1/turns/0001/report.yaml")
    assert report["orders"]["taken"] == [other], report["orders"]
    assert report["orders"]["refused"] == []
    assert report["orders"]["missed"] == [mover]
