"""A game made exactly as the README shows commits no hidden value in plain text, for all five games (issue 15,
"Show it"): `turnpress new`, then `git add -A` and a commit, as the game master's tour says."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from adjudicator import cli, yamlio
from adjudicator.league.store import load_game

from ..conftest import git

SCHEDULE = "first=2027-01-10 20:00,every=14 days,timezone=Europe/Berlin,grace=60"
GAMES = {
    "bretton-woods": ["Atlantis:alice:1001:agrar", "Borduria:bob:1002:energie", "Carpania:carol:1003:rohstoff"],
    "diplomacy": [f"{p.title()}:{p[:3]}x:{2000 + i}:{p}" for i, p in enumerate(
        ["england", "france", "germany", "italy", "austria", "russia", "turkey"])],
    "auf-achse": [f"Spedition {c}:sp{i}:{3000 + i}:{c}" for i, c in enumerate(["HH", "HB", "K", "M", "B"])],
    "policy-maker": ["Anna:anna:1", "Bert:bert:2", "Carl:carl:3", "Dora:dora:4:government"],
    "calamity": ["Ann:ann:1", "Bob:bob:2", "Cy:cy:3", "Dee:dee:4"],
}


@pytest.mark.parametrize("rules", sorted(GAMES))
def test_new_commits_no_hidden_value_in_plain_text(league: Path, rules: str, capsys):
    args = ["--league", str(league), "new", rules, "g"] + [f"--player={p}" for p in GAMES[rules]]
    assert cli.main([*args, "--now", "2026-01-01T00:00Z", "--schedule", SCHEDULE]) == 0
    printed = capsys.readouterr().out
    git(league, "add", "-A")
    git(league, "commit", "-qm", "g: new game", date=dt.datetime(2027, 1, 1, tzinfo=dt.UTC))
    committed = git(league, "ls-files").split()
    assert not [f for f in committed if f.startswith(".secrets/")], "the game's key stays out of git"
    assert not [f for f in committed if f.endswith(("hidden.yaml", "dice-secret.demo"))]
    game = load_game(league, "g")
    assert game.sealed_orders and game.keyed  # every game that ships has something simultaneous or hidden
    line = next(w for w in printed.split() if w.startswith("g=AGE-SECRET-KEY-"))
    assert line.split("=", 1)[1] in (league / ".secrets/g.key").read_text()
    for rel in (f for f in committed if f.startswith("games/g/")):
        text = (league / rel).read_text(encoding="utf-8")
        if rel.endswith(".age"):
            assert text.startswith("-----BEGIN AGE ENCRYPTED FILE-----")
        elif rel.endswith("state.yaml"):
            assert not {"private", "secret"} & set(yamlio.load_trusted(text)), rel
    # With the key the hidden parts are there; what anyone reads of the set-up is the public view only.
    with_key = game.state(0)
    public = yamlio.read_data(league / "games/g/turns/0000/state.yaml")
    assert public == game.ruleset.public_view(with_key)
    hidden = {k: with_key[k] for k in ("private", "secret") if with_key.get(k)}
    words = yamlio.dump(public)  # names every goal and card a game may hold: those are no secret by themselves
    for value in _leaves(hidden):
        if isinstance(value, str) and len(value) >= 12 and value not in words:
            assert all(value not in (league / f).read_text(encoding="utf-8", errors="replace")
                       for f in committed if not f.endswith(".age")), value


def _leaves(value):
    if isinstance(value, dict):
        for v in value.values():
            yield from _leaves(v)
    elif isinstance(value, list):
        for v in value:
            yield from _leaves(v)
    else:
        yield value
