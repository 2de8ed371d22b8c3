"""A season without accidents (issue 29, "Show it"): one league, three games, months of play through the real
commands, with the slips a game master makes; ``verify`` after every step, the site built after every step
(the pages, and the strict MkDocs build at a few checkpoints: it takes seconds each), and the final site read for
each game's result.

The games: a Diplomacy of sealed orders (seven powers), a Bretton Woods of two years with a country joining in
its second, and a Calamity with hidden hands. Every event of the season is one function below (``Season``'s
methods), run in order by ``test_a_season``; a new event is a new method and a line in ``SEASON``. The clock is
``--now`` (dates of 2025, in the past, so that no command finds them ahead of the clock); commits carry the
times the game master or a player made them.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from adjudicator import cli, yamlio

BERLIN = "+01:00"
POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")
DIP = [f"--player={p.title()}:{p[:3]}-player:{10 + i}:{p}" for i, p in enumerate(POWERS)]


class Season:
    """The league and the people in it; each method is one event of the season."""

    def __init__(self, root: Path, desk: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.root, self.desk, self.capsys = root, desk, capsys
        self.said: list[str] = []

    # --- the means: commands, git, checks ------------------------------------------------------------------

    def cli(self, *args: str, code: int = 0) -> str:
        """``turnpress ARGS`` in the league; asserts its exit code; what it printed."""
        got = cli.main(["--league", str(self.root), *args])
        captured = self.capsys.readouterr()
        out = captured.out + captured.err
        self.said.append(out)
        assert "Traceback" not in out
        assert got == code, f"turnpress {' '.join(args)} exited {got}, not {code}:\n{out}"
        return out

    def git(self, *args: str, when: str | None = None) -> str:
        env = dict(os.environ)
        if when is not None:
            env.update(GIT_AUTHOR_DATE=when, GIT_COMMITTER_DATE=when)
        return subprocess.run(["git", *args], cwd=self.root, check=True, capture_output=True, text=True,
                              env=env).stdout

    def commit(self, message: str, when: str) -> None:
        self.git("add", "-A")
        self.git("commit", "-qm", message, when=when)

    def clean(self) -> bool:
        return self.git("status", "--porcelain", "--untracked-files=all") == ""

    def check(self, *, strict: bool = False) -> None:
        """After every step: the committed history replays, the site's pages are written without touching a
        committed file, and (at checkpoints) the strict site build passes."""
        assert self.clean(), self.git("status", "--porcelain")
        out = self.cli("verify")
        assert "discrepanc" not in out, out
        self.cli("site", "build", *([] if strict else ["--pages-only"]))
        assert self.clean(), f"the site build changed committed files:\n{self.git('status', '--porcelain')}"

    def send(self, game: str, login: str, when: str, edit: Callable[[str], str] = lambda s: s) -> None:
        """A player takes the pre-filled sheet, (maybe) changes it, seals it and their pull request is merged."""
        sheet = self.cli("template", game, login)
        path = self.desk / f"{game}-{login}.yaml"
        path.write_text(edit(sheet), encoding="utf-8")
        self.cli("seal", str(path))
        self.commit(f"orders of {login} for {game}", when)

    def deadline(self, now: str) -> str:
        """The deadline workflow's run: every due turn of every game."""
        return self.cli("adjudicate", "--due", "--commit", "--now", now)

    def deadlines_until(self, until: str) -> str:
        """The deadline workflow as its schedule runs it, up to ``until``: a run after each deadline of a game
        (its grace passed), as the 15-minute cron would make it; what the runs said."""
        said = []
        end = dt.datetime.fromisoformat(until)
        for _ in range(50):
            due = [when for when in self.open_deadlines().values() if when <= end]
            if not due:
                return "".join(said)
            said.append(self.deadline((min(due) + dt.timedelta(minutes=90)).isoformat()))
        raise AssertionError("more than 50 deadline runs")

    def open_deadlines(self) -> dict[str, dt.datetime]:
        """Each running game's open deadline, as 'status' says it."""
        out = self.cli("status", "--now", "2025-01-01T00:00Z")
        found = {}
        for game, when in re.findall(r"^(\S+): turn \d+.*\n  deadline: (\d{4}-\d\d-\d\d \d\d:\d\d) ", out, re.M):
            found[game] = dt.datetime.fromisoformat(f"{when}{BERLIN}")
        return found

    def awaited(self, game: str, now: str) -> list[str]:
        out = self.cli("status", game, "--now", now)
        line = next(x for x in out.splitlines() if x.startswith("  awaited:"))
        return [] if line.endswith("nobody") else line.split(": ", 1)[1].split(", ")

    def tags(self) -> list[str]:
        return self.git("tag", "--list").split()

    # --- the events, in the order they happen ----------------------------------------------------------------

    def start_the_league(self) -> None:
        """The game master makes the league and three games, and commits them."""
        self.cli("init", str(self.root), "--title", "Season League",
                 "--requirement", "turnpress[site] @ git+https://example.org/turnpress@0")
        self.git("config", "user.name", "Game Master")
        self.git("config", "user.email", "gm@example.org")
        self.cli("new", "diplomacy", "dip", *DIP, "--now", "2025-01-02T10:00Z", "--schedule",
                 "first=2025-01-13 20:00,every=7 days,timezone=Europe/Berlin,grace=60,retreat=2 days,"
                 "adjustment=2 days")
        self.cli("new", "bretton-woods", "bw", "--player", "Atlantis:anna:1:agrar",
                 "--player", "Borduria:bert:2:energie", "--option", "jahre=2", "--now", "2025-01-02T10:00Z",
                 "--schedule", "first=2025-01-20 20:00,every=14 days,timezone=Europe/Berlin,grace=60")
        self.cli("new", "calamity", "cal", "--player", "Ada:ada:21", "--player", "Ben:ben:22",
                 "--player", "Cy:cy:23", "--now", "2025-01-02T10:00Z",
                 "--schedule", "first=2025-01-15 20:00,every=3 days,timezone=Europe/Berlin")
        self.commit("Season League: three games", f"2025-01-02T12:00:00{BERLIN}")
        self.check(strict=True)

    def a_double_start(self) -> None:
        """The game master runs 'new' again from the shell history: refused, nothing changes."""
        out = self.cli("new", "diplomacy", "dip", *DIP, "--now", "2025-01-03T10:00Z", code=2)
        assert "games/dip exists already; pick another id" in out
        assert self.clean()
        self.check()

    def orders_of_the_first_turns(self) -> None:
        """Five of seven powers seal their sheets; Atlantis sends its year; the Calamity's mover is in."""
        for power in POWERS[:5]:
            self.send("dip", f"{power[:3]}-player", f"2025-01-10T12:00:00{BERLIN}")
        self.send("bw", "anna", f"2025-01-10T13:00:00{BERLIN}")
        for login in self.awaited("cal", f"2025-01-10T14:00:00{BERLIN}"):
            self.send("cal", login.lower(), f"2025-01-10T14:00:00{BERLIN}")
        self.check()

    def a_look_without_commit(self) -> None:
        """Twice, the game master looks at what the deadline will do; nothing is written."""
        for _ in range(2):
            out = self.cli("adjudicate", "--due", "--now", f"2025-01-13T21:30:00{BERLIN}")
            assert "dip: turn 1 (Spring 1901 Movement) would be adjudicated; missed: rus-player, tur-player" in out
            assert self.clean()
        self.check()

    def the_first_deadlines(self) -> None:
        out = self.deadlines_until(f"2025-01-14T00:00:00{BERLIN}")
        assert "dip: turn 1 (Spring 1901 Movement) adjudicated; missed: rus-player, tur-player" in out
        assert "cal: turn 1 (" in out
        assert "dip/turn-1" in self.tags() and "bw/turn-1" not in self.tags()
        self.check()
        out = self.deadlines_until(f"2025-01-21T00:00:00{BERLIN}")
        assert "bw: turn 1 (Jahr 1) adjudicated; missed: bert" in out
        self.check()

    def a_player_joins(self) -> None:
        """Carpania joins Bretton Woods for its second year."""
        out = self.cli("join", "bw", "Carpania:cara:3:rohstoff")
        assert "joins bw with turn 2" in out
        self.commit("bw: Carpania joins", f"2025-01-21T10:00:00{BERLIN}")
        for login in ("anna", "cara"):
            self.send("bw", login, f"2025-01-25T10:00:00{BERLIN}")
        self.check()

    def the_last_year_of_bretton_woods(self) -> None:
        out = self.deadlines_until(f"2025-02-04T00:00:00{BERLIN}")
        assert "bw: turn 2 (Jahr 2) adjudicated; missed: bert" in out
        assert "is not adjudicated" not in out, "the deadline runs came in time for every turn"
        self.check(strict=True)

    def the_results_on_the_site(self) -> None:
        """The finished game's result, as the site's pages say it."""
        state = yamlio.read_data(self.root / "games/bw/turns/0002/state.yaml")
        assert state, "Bretton Woods' second year is committed"
        home = (self.root / "public/index.html").read_text(encoding="utf-8")
        page = (self.root / "public/games/bw/index.html").read_text(encoding="utf-8")
        for text in (home, page):
            assert re.search(r"(Winner|Sieger)", text), "the finished Bretton Woods names its winner"


SEASON = [Season.start_the_league, Season.a_double_start, Season.orders_of_the_first_turns,
          Season.a_look_without_commit, Season.the_first_deadlines, Season.a_player_joins,
          Season.the_last_year_of_bretton_woods, Season.the_results_on_the_site]


@pytest.fixture
def season(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Season:
    for name in list(os.environ):  # the game master's machine: the keys are those 'new' leaves in .secrets/
        if name.startswith(("TURNPRESS_GAME_KEY", "TURNPRESS_IDENTITY", "TURNPRESS_DICE_SECRET")):
            monkeypatch.delenv(name)
    desk = tmp_path / "desk"
    desk.mkdir()
    return Season(tmp_path / "league", desk, capsys)


def test_a_season(season: Season) -> None:
    for event in SEASON:
        event(season)
