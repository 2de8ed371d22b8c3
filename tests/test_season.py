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

from adjudicator import cli
from adjudicator.sealed import crypto

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
        """Each running game's open deadline, as 'status' says it; not of a game paused, over or held for the game
        master (judged long after: every deadline has passed, so a held turn says so)."""
        out = self.cli("status", "--now", "2030-01-01T00:00Z")
        found = {}
        for block in re.split(r"\n(?=\S)", out):
            # a German game (bw) says its status in German
            when = re.search(r"^  (?:deadline|Abgabeschluss): (\d{4}-\d\d-\d\d \d\d:\d\d) ", block, re.M)
            if when and not re.search(r"the game is paused|die Partie ist angehalten|\((?:finished|beendet)\)|"
                                      r"^  (?:held|zurückgehalten): ", block, re.M):
                found[block.split(":")[0]] = dt.datetime.fromisoformat(f"{when[1]}{BERLIN}")
        return found

    def gm(self, *args: str, when: str, code: int = 0) -> str:
        """A command of the game master that commits (a ruling): run at ``when`` on the clock and in git."""
        return self.dated(when, *args, "--now", when, code=code)

    def dated(self, when: str, *args: str, code: int = 0) -> str:
        """A command that commits, its commit made at ``when``."""
        stamp = dt.datetime.fromisoformat(when).strftime("%Y-%m-%dT%H:%M:%S%z")
        before = {k: os.environ.get(k) for k in ("GIT_AUTHOR_DATE", "GIT_COMMITTER_DATE")}
        os.environ.update(GIT_AUTHOR_DATE=stamp, GIT_COMMITTER_DATE=stamp)
        try:
            return self.cli(*args, code=code)
        finally:
            for k, v in before.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v

    def schedule_edit(self, game: str, old: str, new: str, when: str) -> None:
        """The game master edits the game's schedule by hand and commits it."""
        config = self.root / f"games/{game}/game.yaml"
        text = config.read_text(encoding="utf-8")
        assert old in text
        config.write_text(text.replace(old, new, 1), encoding="utf-8")
        self.commit(f"{game}: schedule edited", when)

    def open_turn(self, game: str) -> int:
        return max(int(p.name) for p in (self.root / f"games/{game}/turns").iterdir()) + 1

    def awaited(self, game: str, now: str) -> list[str]:
        out = self.cli("status", game, "--now", now)
        # status speaks the game's language: Bretton Woods' is German ('erwartet', 'niemand')
        line = next(x for x in out.splitlines() if x.startswith(("  awaited:", "  erwartet:")))
        return [] if line.endswith(("nobody", "niemand")) else line.split(": ", 1)[1].split(", ")

    def tags(self) -> list[str]:
        return self.git("tag", "--list").split()

    # --- the events, in the order they happen ----------------------------------------------------------------

    def start_the_league(self) -> None:
        """The game master makes the league and three games, and commits them."""
        self.cli("init", str(self.root), "--title", "Season League",
                 "--requirement", "turnpress[site] @ git+https://example.org/turnpress@0")
        self.git("config", "user.name", "Game Master")
        self.git("config", "user.email", "gm@example.org")
        self.commit("Season League", f"2025-01-02T10:00:00{BERLIN}")
        # Each game is committed by 'new --commit' (issue 29): one commit each, the tree clean after it.
        out = self.gm("new", "diplomacy", "dip", *DIP, "--schedule",
                      "first=2025-01-13 20:00,every=7 days,timezone=Europe/Berlin,grace=60,retreat=2 days,"
                      "adjustment=2 days", "--commit", when=f"2025-01-02T11:00:00{BERLIN}")
        assert "Committed games/dip/, mkdocs.yml, " in out and "): dip: a new game of diplomacy" in out
        assert self.clean()
        self.gm("new", "bretton-woods", "bw", "--player", "Atlantis:anna:1:agrar",
                "--player", "Borduria:bert:2:energie", "--option", "jahre=2",
                "--schedule", "first=2025-01-20 20:00,every=14 days,timezone=Europe/Berlin,grace=60", "--commit",
                when=f"2025-01-02T11:10:00{BERLIN}")
        self.gm("new", "calamity", "cal", "--player", "Ada:ada:21", "--player", "Ben:ben:22",
                "--player", "Cy:cy:23", "--schedule", "first=2025-01-15 20:00,every=3 days,timezone=Europe/Berlin",
                "--commit", when=f"2025-01-02T11:20:00{BERLIN}")
        assert self.clean() and self.git("log", "--format=%s").splitlines()[:3] == [
            "cal: a new game of calamity", "bw: eine neue Partie bretton-woods", "dip: a new game of diplomacy"]
        for game in ("dip", "bw", "cal"):  # the game master names themselves, to rule by commands
            config = self.root / f"games/{game}/game.yaml"
            config.write_text(config.read_text(encoding="utf-8") + "game_masters:\n  - login: gm\n    id: 9000\n")
        self.commit("Season League: the game master", f"2025-01-02T12:00:00{BERLIN}")
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
        assert "bw: Zug 1 (Jahr 1) ausgewertet; ohne Befehle: bert" in out  # a German game says it in German
        self.check()

    def a_player_joins(self) -> None:
        """Carpania joins Bretton Woods for its second year."""
        out = self.dated(f"2025-01-21T10:00:00{BERLIN}", "join", "bw", "Carpania:cara:3:rohstoff", "--commit")
        assert "Carpania steigt mit Zug 2 in bw ein." in out and "Committet: games/bw/game.yaml" in out
        assert self.clean()
        public, _ = crypto.new_identity()  # Carpania's player sends a key: registered and committed by the command
        out = self.dated(f"2025-01-21T10:05:00{BERLIN}", "keys", "add", "bw", "cara", public, "--commit")
        assert "Committet: games/bw/game.yaml" in out and self.clean()
        for login in ("anna", "cara"):
            self.send("bw", login, f"2025-01-25T10:00:00{BERLIN}")
        self.check()

    def a_hand_edit_of_an_extension(self) -> None:
        """The game master extends the Diplomacy's open turn as an old README said, by hand: refused by every
        command with the command to use; they take the edit back and run that command."""
        turn = self.open_turn("dip")
        self.schedule_edit("dip", "  grace: 60\n", f"  grace: 60\n  extend: {{{turn}: 2025-02-05 20:00}}\n",
                           f"2025-01-21T09:00:00{BERLIN}")
        out = self.cli("status", "dip", code=2)
        assert f"games/dip/game.yaml: schedule: extend: {turn}: a deadline of a turn to come is moved by a" in out
        assert "'turnpress extend dip --to \"2025-02-05 20:00\" --reason \"...\" --commit'" in out
        self.git("revert", "--no-edit", "HEAD", when=f"2025-01-21T09:05:00{BERLIN}")
        self.gm("extend", "dip", "--to", "2025-02-05 20:00", "--reason", "the players asked for a week more",
                "--commit", when=f"2025-01-21T09:10:00{BERLIN}")
        assert self.open_deadlines()["dip"] == dt.datetime.fromisoformat(f"2025-02-05T20:00{BERLIN}")
        self.check()

    def a_pause(self) -> None:
        """The Calamity is paused by hand over its next deadlines."""
        self.schedule_edit("cal", "  timezone: Europe/Berlin\n", "  timezone: Europe/Berlin\n  paused: true\n",
                           f"2025-01-21T09:20:00{BERLIN}")
        assert "cal" not in self.open_deadlines()
        self.check()

    def back_from_the_pause(self) -> None:
        """The game master takes the pause out by hand, its deadline long gone: the turn is held (nobody missed
        it), said on each run, until 'turnpress extend' gives it a deadline to come."""
        turn = self.open_turn("cal")
        self.schedule_edit("cal", "  paused: true\n", "", f"2025-02-04T09:00:00{BERLIN}")
        for minute in ("15", "30"):
            out = self.deadline(f"2025-02-04T09:{minute}:00{BERLIN}")
            assert f"cal: turn {turn} is not adjudicated: its deadline" in out
            assert "passed while the game was paused" in out
        assert f"cal/turn-{turn}" not in self.tags()
        self.gm("extend", "cal", "--to", "2025-02-06 20:00", "--reason", "back from the break", "--commit",
                when=f"2025-02-04T09:45:00{BERLIN}")
        self.check()
        for login in self.awaited("cal", f"2025-02-05T10:00:00{BERLIN}"):
            self.send("cal", login.lower(), f"2025-02-05T10:00:00{BERLIN}")
        out = self.deadlines_until(f"2025-02-06T23:00:00{BERLIN}")
        assert f"cal: turn {turn} (" in out and "dip: turn" in out
        self.check()

    def the_last_year_of_bretton_woods(self) -> None:
        out = self.deadlines_until(f"2025-02-04T00:00:00{BERLIN}")
        assert "bw: Zug 2 (Jahr 2) ausgewertet; ohne Befehle: bert" in out
        assert "is not adjudicated" not in out, "the deadline runs came in time for every turn"
        self.check(strict=True)

    def a_pause_by_command_over_a_deadline(self) -> None:
        """The Calamity is paused by 'turnpress pause' (a ruling) over its deadline: no run adjudicates it; the
        resume says the deadline passed and asks for a new one, then takes it (events: issue 29, item 8)."""
        turn = self.open_turn("cal")
        self.cli("pause", "cal", "--reason", "Ben is moving house", "--now", f"2025-02-07T09:00:00{BERLIN}",
                 "--commit")
        assert "cal" not in self.open_deadlines()
        self.check()
        out = self.deadline(f"2025-02-20T09:00:00{BERLIN}")
        assert f"cal: turn {turn}" not in out and f"cal/turn-{turn}" not in self.tags()
        out = self.cli("resume", "cal", "--reason", "Ben is back", "--now", f"2025-02-20T10:00:00{BERLIN}",
                       "--commit", code=2)
        assert "passed during the pause" in out and "--deadline 'YYYY-MM-DD HH:MM'" in out
        assert self.clean()
        self.cli("resume", "cal", "--reason", "Ben is back", "--deadline", "2025-02-23 20:00",
                 "--now", f"2025-02-20T10:00:00{BERLIN}", "--commit")
        assert self.open_deadlines()["cal"] == dt.datetime.fromisoformat(f"2025-02-23T20:00{BERLIN}")
        self.check()

    def an_extension_by_command(self) -> None:
        """The Diplomacy's open turn gets a week more by 'turnpress extend'; one into the past is refused."""
        out = self.cli("extend", "dip", "--reason", "x", "--to", "2025-02-01 20:00", "--now",
                       f"2025-02-20T10:30:00{BERLIN}", "--commit", code=2)
        assert "that is in the past" in out and self.clean()
        self.cli("extend", "dip", "--reason", "Carnival", "--to", "2025-03-05 20:00", "--now",
                 f"2025-02-20T10:30:00{BERLIN}", "--commit")
        assert self.open_deadlines()["dip"] == dt.datetime.fromisoformat(f"2025-03-05T20:00{BERLIN}")
        self.check()

    def a_new_period(self) -> None:
        """The game master slows the Diplomacy down by editing 'every:' by hand: refused by every command (the
        issues name deadlines the old period gave), naming 'turnpress reschedule'; they take the edit back and
        run it. The open turn keeps its deadline; the ruling (added to the turn's ruling of the extension, its
        text kept) is published with the turn."""
        due = self.open_deadlines()["dip"]
        self.schedule_edit("dip", 'every: "7 days"', 'every: "14 days"', f"2025-02-20T11:00:00{BERLIN}")
        out = self.cli("status", "dip", code=2)
        assert "'turnpress reschedule dip --every \"14 days\" --reason \"...\" --commit'" in out
        assert "discrepanc" not in self.cli("verify", code=1)
        self.git("revert", "--no-edit", "HEAD", when=f"2025-02-20T11:05:00{BERLIN}")
        out = self.gm("reschedule", "dip", "--every", "14 days", "--reason", "the players asked for two weeks",
                      "--commit", when=f"2025-02-20T11:10:00{BERLIN}")
        assert "from turn" in out and self.open_deadlines()["dip"] == due
        ruling = (self.root / f"rulings/dip/{self.open_turn('dip'):04d}.yaml").read_text(encoding="utf-8")
        assert "deadline: " in ruling and 'every: "14 days"' in ruling
        self.check()

    def a_draw_vote(self) -> None:
        """Every power proposes a draw in the Diplomacy's movement phase: the game ends in a draw of all seven."""
        while "Movement" not in self.cli("status", "dip", "--now", f"2025-02-20T11:00:00{BERLIN}").split("\n")[0]:
            self.deadlines_until(self.open_deadlines()["dip"].isoformat())
        due = self.open_deadlines()["dip"]
        for power in POWERS:
            self.send("dip", f"{power[:3]}-player", (due - dt.timedelta(hours=3)).isoformat(),
                      lambda s: s.replace("orders:\n", "orders:\n  - Propose draw\n", 1))
        out = self.deadline((due + dt.timedelta(minutes=90)).isoformat())
        assert "dip: turn" in out
        over = self.cli("status", "dip", "--now", f"2025-03-06T10:00:00{BERLIN}")
        assert "(finished)" in over and "deadline: none" in over  # an ended game has no deadline to come
        self.check()

    def a_concession(self) -> None:
        """Ben and Cy concede the Calamity to Ada: a look first (nothing written), then the ruling; the deadline
        run closes the game at once, playing no orders."""
        out = self.cli("end", "cal", "--winner", "ada", "--reason", "a look", "--now", f"2025-02-21T09:00:00{BERLIN}")
        assert "Nothing written (a look)" in out and self.clean()
        self.cli("concede", "cal", "ada", "--reason", "Ben and Cy cannot catch up and concede.",
                 "--now", f"2025-02-21T09:00:00{BERLIN}", "--commit")
        out = self.deadline(f"2025-02-21T09:15:00{BERLIN}")
        assert "cal: turn" in out
        self.check()

    def the_results_on_the_site(self) -> None:
        """Each game's result, said alike on the home page, the game's page and the standings, in the game's
        language: the draw of all seven powers, the concession, Bretton Woods' end without a winner."""
        self.check(strict=True)
        home = (self.root / "site/index.md").read_text(encoding="utf-8")
        said = {"dip": "Drawn between Austria, England, France, Germany, Italy, Russia and Turkey",
                "cal": "Won by Ada: Ben and Cy conceded"}
        for game, result in said.items():
            for page in (home, (self.root / f"site/games/{game}/index.md").read_text(encoding="utf-8")):
                assert f"- **Result:** {result}" in page
            assert f"**Result:** {result}" in (self.root / f"site/games/{game}/standings.md").read_text("utf-8")
        assert "- **Result:** Over: the rules name no winner" in home
        bw = (self.root / "site/games/bw/index.md").read_text(encoding="utf-8")
        assert "- **Ergebnis:** Beendet: die Regeln nennen keinen Sieger" in bw, "a German game says it in German"
        assert "Winner" not in home and "Sieger:" not in bw
        html = (self.root / "public/index.html").read_text(encoding="utf-8")
        assert said["dip"] in html and said["cal"] in html


SEASON = [Season.start_the_league, Season.a_double_start, Season.orders_of_the_first_turns,
          Season.a_look_without_commit, Season.the_first_deadlines, Season.a_player_joins,
          Season.a_hand_edit_of_an_extension, Season.a_pause, Season.the_last_year_of_bretton_woods,
          Season.back_from_the_pause, Season.a_pause_by_command_over_a_deadline, Season.an_extension_by_command,
          Season.a_new_period, Season.a_concession, Season.a_draw_vote, Season.the_results_on_the_site]


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
