"""Issue 15, "What to build": open orders stay available as an explicit choice, "and the issue page says so". A
Bretton Woods game made with ``--option orders=open`` says on each issue and on its page that everyone can read
the others' orders before the deadline; the same game made sealed (the default) does not, and its page tells a
player the sealed way (seal, commit the ``.yaml.age`` file) instead of committing the sheet."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from adjudicator.engine import turn as turnmod
from adjudicator.kit.catalog import SITE
from adjudicator.newsletter import pages

from ..conftest import git, run

PLAYERS = ["Atlantis:alice:1001:agrar", "Borduria:bob:1002:energie", "Carpania:carol:1003:rohstoff"]
SCHEDULE = "first=2027-01-10 20:00,every=14 days,timezone=Europe/Berlin,grace=60"
OPEN = SITE.say("de", "open_orders")


@pytest.mark.parametrize("mode", ["open", "sealed"])
def test_the_issue_and_the_game_page_say_when_a_game_takes_open_orders(league: Path, mode: str, monkeypatch, capsys):
    args = ["new", "bretton-woods", "bw", *(f"--player={p}" for p in PLAYERS), "--schedule", SCHEDULE]
    assert run(league, *args, *(["--option", "orders=open"] if mode == "open" else [])) == 0
    key = next((w.split("=", 1)[1] for w in capsys.readouterr().out.split() if w.startswith("bw=AGE-SECRET-KEY-")),
               None)
    if key:
        monkeypatch.setenv("TURNPRESS_GAME_KEY_BW", key)
    git(league, "add", "-A")
    git(league, "commit", "-qm", "bw: new game")
    when = dt.datetime(2027, 1, 10, 21, 1, tzinfo=dt.UTC)
    turnmod.adjudicate(league, "bw", when, commit=True, only_if_due=False)  # nobody sent orders: NMR for all
    issue = (league / "site/news/bw/0001.md").read_text()
    view, _ = pages.read_game(league, "bw")
    page = pages.overview(view, has_map=False)
    assert view.lang == "de" and "offene Befehle" in OPEN
    if mode == "open":
        assert OPEN in issue and OPEN in page
        assert "turnpress template bw IHR-LOGIN --write" in page  # the game's German (issue 31)
    else:
        assert "offene Befehle" not in issue and "offene Befehle" not in page
        assert "turnpress seal ~/bw.yaml" in page and "orders/bw/0002/ihr-login.yaml.age" in page
        assert "den Inhalt prüft der Abgabeschluss" in page and "--write" not in page
