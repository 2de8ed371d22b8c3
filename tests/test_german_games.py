"""A German game speaks German (issue 31, part 4; the brief: "A German game speaks German (Sie, never du) in every
output"): no English sentence in what a player of a Thirty Years' War, an Auf Achse or a Bretton Woods game reads.

One league with the three games, played for a turn through the real commands: every player command's output
(``template``, ``validate`` of a good and of a faulty sheet, ``seal``, ``preview``, ``open``), the sheets, the
issue pages and the game's pages the site build writes are read line by line for English. What the audits found
(validate's "understood as:", "error:", "N file(s), N error(s)"; the sheets' header comments; open's "Private to",
"Your figures:"; Bretton Woods' cut notices with raw keys; Auf Achse's trailer column and sheet comments and its
turn 0 titled "Set-up"; the 30JK vote orders in English only) each has its own assertion below as well.

English is found by its words: a line with one word that only English uses in these texts (``understood``,
``error``, ``your``, ...) or two of English's small words (the, is, of, to, and, ...), once the parts that are
no prose are taken out: `code`, paths and addresses, YAML keys (``orders:``), flow mappings (``{order: 3}``).
"""

from __future__ import annotations

import contextlib
import hashlib
import html
import io
import json
import re
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from adjudicator import cli, yamlio
from adjudicator.league.store import load_game
from adjudicator.newsletter import orders_page
from adjudicator.newsletter.orders_page import page_words

from .conftest import git

SCHEDULE = "first=2099-01-11 20:00,every=7 days,timezone=Europe/Berlin"
POWERS = ("bayern", "braunschweig", "daenemark", "frankreich", "oesterreich", "pfalz", "rheinbistuemer", "sachsen",
          "schweden", "spanien", "niederlande")
STRONG = {"understood", "error", "errors", "warning", "warnings", "your", "you", "private", "figures", "deadline",
          "awaited", "setup", "set-up", "small", "large", "propose", "withdraw", "concede", "votes", "nothing",
          "written", "sealed", "save", "orders", "turn", "none", "report", "add", "uncomment", "goods", "delete",
          "each", "every", "please", "must", "should", "here", "yet", "only", "game", "player", "players",
          "committed", "them", "wrote", "due", "look", "while", "parsing", "scanning", "expected",
          "unexpected", "allowed", "cannot", "tell", "invalid", "unrecognized", "required", "missing", "failed",
          "found", "could", "does", "doesn", "isn", "already", "because", "without", "what", "when", "where",
          "there", "their", "need", "needs", "write", "give", "choose", "expecting", "wrong", "changed", "sent",
          "takes", "such", "directory"}
SMALL = {"the", "is", "are", "and", "of", "to", "with", "for", "this", "that", "not", "be", "or", "were", "has",
         "have", "it", "its", "on", "from", "which", "would", "been", "by", "at", "as", "no", "an", "if", "than"}
NO_PROSE = [
    re.compile(r"^\s*[a-z_]+: [a-z_]+\s*$"),  # a YAML key and a one-word value: a ruling's 'result: none'
    re.compile(r"<[^>]*>"),  # markup, drawings
    re.compile(r"`[^`]*`"),  # code
    re.compile(r"https?://\S+|\S*/\S*|\S+\.(?:yaml|age|md|json|svg)\b"),  # addresses, paths, files
    re.compile(r"\{[^{}]*\}"),  # a flow mapping of YAML: keys a player writes
    re.compile(r"(?:\b[a-z_]+, )+[a-z_]+\b|\b[a-z]+_[a-z_]+\b"),  # a list of those keys, a key
    re.compile(r"'[a-z_]+:(?: [^']*)?'"),  # a line of YAML in quotes: 'rerun: 2', 'found:'
    re.compile(r"(?<![\w-])[a-z_]+:(?=\s|$)"),  # a YAML key
    re.compile(r"'turnpress [^']*'|turnpress \w+(?: \w+)?"),  # a command
    re.compile(r"\bPull Request\b", re.IGNORECASE),  # the German word for it
    re.compile(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b"),  # a variable's name: TURNPRESS_GAME_KEYS
    re.compile(r"\b[0-9a-f]{10,40}\b"),  # a commit
    re.compile(r"'[a-z_]+'"),  # a key named in quotes: hidden state 'private'
    re.compile(r"\b[a-z_]+(?:\.[a-z_]+|\[\d+\])+(?![\w.])"),  # a key's path in a report: orders.late[0].arrived
    re.compile(r"\bgit [a-z]+\b"),  # a git command
    re.compile(r"(?<![\w-])--[a-z][a-z-]*"),  # a command's flag: --deadline, --every
    re.compile(r"\b[a-z_]+=[^\s,;)]*"),  # a value written KEY=VALUE: retreat=none, every=14
]


def english(text: str) -> list[str]:
    """The lines of ``text`` that read as English."""
    found = []
    for line in text.splitlines():
        prose = line
        for pattern in NO_PROSE:
            prose = pattern.sub(" ", prose)
        # a German word whole ('frühere', not 'fr' and 'here')
        words = {w.lower() for w in re.findall(r"[A-Za-zÄÖÜäöüß][A-Za-zÄÖÜäöüß-]*", prose)}
        if words & STRONG or len(words & SMALL) >= 2:
            found.append(line.strip())
    return found


def test_the_finder_finds_english_and_leaves_german_alone():
    assert english("orders/dk/0001/schw.yaml: understood as:") and english("1 file, 0 errors, 0 warnings")
    assert english("# Orders of Ada for dk, turn 1: Frühjahr 1618 (you are awaited).")
    assert english("| Spedition Süd | Mannheim | leer (0/10) | small | 25 | 8630 kj | – |")
    assert not english("# Befehle von Ada für dk, Zug 1: Frühjahr 1618 (Ihre Befehle werden erwartet).")
    assert not english("orders:\n  bids:\n  # - {order: 3, kj: 0}   # 4 Kisten Hamburg -> Köln\ngame: aa")
    assert not english("Öffnen Sie mit dieser Datei einen Pull Request; 'turnpress seal DATEI' schreibt dk.age.")
    assert english("adjudicate --due: nothing is due") and english("Wrote x and committed it (add4318541): paused")
    assert english("kein gültiges YAML: while scanning a quoted scalar found unexpected end of stream")
    assert english("Not committed: games/bw/. Commit them with: git add -- games/bw/ && git commit -m 'bw'")
    assert not english("  result: none") and not english("Committet: games/dk/ (e97cb3d0e8): dk: eine neue Partie")
    assert not english("  nach den Regeln geheim: verborgener Stand 'private'; TURNPRESS_GAME_KEYS")
    assert not english("--phase 'x': Schreiben Sie ART=FRIST, etwa --phase retreat='2 days' oder --every, --deadline")
    assert english("--commit goes with --write: the sheet is committed where --write puts it")
    assert english("cannot read the event payload e.json: Expecting value: line 1 column 1 (char 0)")
    assert english("die Schlüsseldatei x.key ist nicht zu lesen: No such file or directory")
    assert english("turnpress template: error: the following arguments are required: game, player")
    assert not english("ergänzen Sie 'rerun: 2' und 'found:' dort von Hand")
    assert not english("report.yaml: orders.extension.from fehlt") and english("the report is not a mapping")
    assert not english("eine Art von Phase mit eigener Frist (retreat=none streicht sie)")
    assert not english("dürfen sich aber nur auf frühere Ereignisse im Spiel beziehen")  # no 'here' in 'frühere'


class League:
    """The German league and what its players read."""

    def __init__(self, root: Path, desk: Path) -> None:
        self.root, self.desk = root, desk
        self.read: dict[str, str] = {}  # what a player read -> its text
        self.master: dict[str, str] = {}  # what the game master read -> its text

    def run(self, *args: str, code: int | None = 0, read: str | None = None, master: str | None = None) -> str:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            got = cli.main(["--league", str(self.root), *args])
        text = out.getvalue() + err.getvalue()
        assert code is None or got == code, f"turnpress {' '.join(args)} exited {got}:\n{text}"
        assert "Traceback" not in text
        if read is not None:
            self.read[read] = text
        if master is not None:
            self.master[master] = text
        return text

    def git(self, *args: str) -> str:
        return git(self.root, *args)

    @contextlib.contextmanager
    def as_it_was(self) -> Iterator[None]:
        """Whatever a test plays in the shared league, put back after it: its HEAD, its tree and its tags."""
        head, tags = self.git("rev-parse", "HEAD").strip(), set(self.git("tag").split())
        try:
            yield
        finally:
            self.git("reset", "-q", "--hard", head)
            for tag in set(self.git("tag").split()) - tags:
                self.git("tag", "-d", tag)


def yaml_comments(path: Path) -> str:
    """The comments of a YAML file, one a line: what its reader reads besides the data."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return "\n".join(m[1] for line in lines if (m := re.search(r"(?:^|\s)#(?: |$)(.*)", line)))


PAGE_TEXT = {"notes", "label", "help", "unique", "used", "twice", "not_yours", "standing"}


def page_texts(value: object, key: str = "") -> list[str]:
    """Every text of an orders page's form a person reads (notes, labels, helps, the lines' messages)."""
    if isinstance(value, dict):
        return [t for k, v in value.items() for t in page_texts(v, str(k))]
    if isinstance(value, list):
        return [t for v in value for t in page_texts(v, key)]
    return [value] if isinstance(value, str) and key in PAGE_TEXT else []


def german_language(league: League, game: str) -> str:
    from adjudicator.kit.words import game_language
    from adjudicator.league.store import load_game
    return game_language(load_game(league.root, game).settings, league.root)


def players(game: str) -> list[str]:
    if game == "dk":
        people = [f"{p.capitalize()}:{p[:4]}:{1000 + i}:{p}" for i, p in enumerate(POWERS)]
    elif game == "aa":
        people = [f"{n}:{n.lower()}:{200 + i}:{c}" for i, (n, c) in enumerate(
            [("Anke", "HH"), ("Bernd", "M"), ("Carla", "K"), ("Dirk", "DO"), ("Erika", "S")])]
    else:
        people = ["Atlantis:anna:1:agrar", "Borduria:bert:2:energie", "Carpania:cara:3:rohstoff"]
    return [a for p in people for a in ("--player", p)]


@pytest.fixture(scope="module")
def german(tmp_path_factory: pytest.TempPathFactory) -> League:
    base = tmp_path_factory.mktemp("german")
    league = League(base / "league", base / "desk")
    league.desk.mkdir()
    league.run("init", str(league.root), "--title", "Deutsche Liga", "--language", "de",
               "--requirement", "turnpress[site] @ git+https://example.org/turnpress@0", master="init")
    league.git("config", "user.name", "Spielleitung")
    league.git("config", "user.email", "sl@example.org")
    league.git("add", "-A")
    league.git("commit", "-qm", "Deutsche Liga")
    league.run("new", "diplomacy", "dk", *players("dk"), "--option", "map=dreissigjaehriger-krieg",
               "--schedule", SCHEDULE, "--commit", master="dk: new")
    league.run("new", "auf-achse", "aa", *players("aa"), "--schedule", SCHEDULE, "--commit", master="aa: new")
    league.run("new", "bretton-woods", "bw", *players("bw"), "--schedule", SCHEDULE, master="bw: new")
    # the game master's mistakes are said in the game's language too, each naming what to write instead
    league.run("new", "diplomacy", "dk9", "--player", "Bayern:bay", "--option", "map=dreissigjaehriger-krieg",
               code=None, master="dk9: new, a --player without an id")
    league.run("new", "auf-achse", "aa9", *players("aa"), "--schedule", SCHEDULE.replace("2099", "2000"),
               code=None, master="aa9: new, its first deadline passed")
    for mistake, args in (("every that is no schedule", ("--schedule", SCHEDULE.replace("7 days", "fortnightly"))),
                          ("a time zone that is none", ("--schedule", SCHEDULE.replace("Berlin", "Bonn"))),
                          ("a schedule part that is none", ("--schedule", SCHEDULE + ",quatsch")),
                          ("a name with a hidden character", ("--player", "Bay\u202eern:bay:1001")),
                          ("a login that is none", ("--player", "Bayern:bay-:1001")),
                          ("an empty title", ("--title", " "))):
        league.run("new", "diplomacy", "dk8", *players("dk"), "--option", "map=dreissigjaehriger-krieg", *args,
                   code=None, master=f"dk8: new, {mistake}")
    league.run("new", "auf-achse", "aa", *players("aa"), code=None, master="aa: new, the id exists")
    league.run("new", "auf-achse", "aa8", *players("aa"), "--player", "Zora:zora:200:HH", code=None,
               master="aa8: new, a GitHub id twice")
    league.run("new", "schach", "sc", *players("bw"), code=None, master="sc: new, an unknown ruleset")
    league.run("new", "auf-achse", "aa7", *players("aa"), "--option", "quatsch", code=None,
               master="aa7: new, an --option without a value")
    league.run("new", "diplomacy", "dk7", *players("dk"), "--option", "map=dreissigjaehriger-krieg", "--schedule",
               SCHEDULE + ",rueckzug=2 days", code=None, master="dk7: new, a kind of phase the rules lack")
    # the rules' own refusals of a new game and of a join (setup.*): each said in the game's language
    league.run("new", "auf-achse", "aa6", *players("aa")[:4], code=None, master="aa6: new, two hauliers")
    league.run("new", "auf-achse", "aa6", *players("aa"), "--option", "trucks=3", code=None,
               master="aa6: new, three trucks")
    league.run("new", "bretton-woods", "bw6", "--player", "Atlantis:anna:1:fischerei", code=None,
               master="bw6: new, a country type that is none")
    league.run("new", "bretton-woods", "bw6", *players("bw"), "--option", "krieg=nie", code=None,
               master="bw6: new, an option's value that is none")
    league.run("new", "diplomacy", "dk6", "--player", "Bayern:bay:1001:bavaria", "--option",
               "map=dreissigjaehriger-krieg", code=None, master="dk6: new, a power that is none")
    league.run("new", "diplomacy", "dk6", "--player", "Bayern:bay:1001:bayern", "--option",
               "map=dreissigjaehriger-krieg", "--option", "nebel=1", "--option", "regen=2", code=None,
               master="dk6: new, options the rules lack")
    league.run("join", "dk", "Neu:neu:77:pfalz", code=None, master="dk: join, a game no one joins")
    league.run("join", "bw", "Neu:neu:77:fischerei", code=None, master="bw: join, a country type that is none")
    league.git("add", "-A")
    league.git("commit", "-qm", "bw")
    for thread, game in enumerate(("dk", "aa", "bw"), 31):
        config = league.root / f"games/{game}/game.yaml"
        config.write_text(config.read_text(encoding="utf-8") + "game_masters:\n  - login: sl\n    id: 9000\n"
                          f"thread: {thread}\n", encoding="utf-8")
    league.git("commit", "-qam", "Spielleitung")
    for game, login in (("dk", "schw"), ("aa", "anke"), ("bw", "anna")):
        personal = league.desk / f"{login}.key"
        public = league.run("keys", "personal", str(personal), read=f"{game}: keys personal"
                            ).strip().splitlines()[-1].split()[-1]
        league.run("keys", "add", game, login, public, "--commit", master=f"{game}: keys add")
        league.run("keys", "add", game, "niemand", public, code=None, master=f"{game}: keys add, no player")
        league.run("keys", "new", game, code=None, master=f"{game}: keys new, a key already")
        sheet = league.run("template", game, login, read=f"{game}: template")
        league.run("template", game, "niemand", code=None, master=f"{game}: template, no player")
        league.run("template", game, login, "--commit", code=None, master=f"{game}: template --commit")
        league.run("template", game, login, "--write", code=None, master=f"{game}: template --write, sealed")
        good = league.desk / f"{game}-{login}.yaml"
        good.write_text(sheet, encoding="utf-8")
        league.run("validate", str(good), read=f"{game}: validate")
        bad = league.desk / f"{game}-{login}-bad.yaml"
        fault = "  - A Ber zieht nach Xyzzy\n" if game == "dk" else "  quatsch: 1\n"
        bad.write_text(sheet.replace("orders:\n", "orders:\n" + fault, 1), encoding="utf-8")
        league.run("validate", str(bad), code=1, read=f"{game}: validate, a fault")
        broken = league.desk / f"{game}-{login}-no-yaml.yaml"  # a sheet the YAML reader cannot read
        broken.write_text(sheet.replace("orders:\n", "orders:\n  - [kaputt\n", 1), encoding="utf-8")
        league.run("validate", str(broken), code=1, read=f"{game}: validate, no YAML")
        league.run("seal", str(broken), "--identity", str(personal), code=None, read=f"{game}: seal, no YAML")
        league.run("preview", game, str(good), code=None, read=f"{game}: preview")
        league.run("seal", str(good), "--identity", str(personal), read=f"{game}: seal")
        league.git("add", "-A")
        league.git("commit", "-qm", f"orders of {login}")
        league.run("open", game, "--identity", str(personal), code=None, read=f"{game}: open")
    headless = league.desk / "kopflos.yaml"  # a sheet that names no game: said in the league's language
    headless.write_text("- A Ber - Mag\n", encoding="utf-8")
    league.run("validate", str(headless), code=1, read="dk: validate, a sheet without its head")
    league.run("seal", str(headless), code=None, read="dk: seal, a sheet without its head")
    league.run("status", master="status")
    for game in ("dk", "aa", "bw"):
        league.run("status", game, "--now", "2099-01-12T08:00+01:00", master=f"{game}: status, due")
        league.run("adjudicate", game, code=None, master=f"{game}: adjudicate, not due")
        league.run("adjudicate", game, "--early", master=f"{game}: adjudicate, a look")
        league.run("adjudicate", game, "--early", "--commit", master=f"{game}: adjudicate")
    league.run("adjudicate", "--due", master="adjudicate --due")
    league.run("adjudicate", "aa", "--catch-up", code=None, master="aa: adjudicate --catch-up without --due")
    league.run("adjudicate", "--due", "--early", code=None, master="adjudicate --due --early")  # the league's
    for refused, found in (("no reason", ()), ("--found without a file", ("--found", "schw")),
                           ("--found, no such file", ("--found", f"schw={league.desk / 'fehlt.yaml'}")),
                           ("--found, no such seat", ("--found", "niemand=x.yaml"))):
        reason = " " if refused == "no reason" else "Befehle verloren"
        league.run("rerun", "dk", *found, "--reason", reason, code=None, master=f"dk: rerun, {refused}")
    league.run("remind", "--now", "2099-01-12T08:00+01:00", master="remind")
    league.run("remind", "--now", "2099-01-12T08:00+01:00", "--out", str(base / "remind"), master="remind --out")
    comments = base / "comments"  # the threads' comments as 'gh api' gives them: one garbled, then one missing
    comments.mkdir()
    for thread, text in ((31, "kaputt"), (32, "[]"), (33, "[]")):
        (comments / f"{thread}.json").write_text(text, encoding="utf-8")
    league.run("remind", "--now", "2099-01-12T08:00+01:00", "--comments", str(comments),
               master="dk: remind, the thread's comments garbled")
    (comments / "31.json").unlink()
    league.run("remind", "--now", "2099-01-12T08:00+01:00", "--comments", str(comments), code=None,
               master="dk: remind, the thread's comments missing")
    config = league.root / "games/bw/game.yaml"
    config.write_text(config.read_text(encoding="utf-8").replace("thread: 33", "thread: x"), encoding="utf-8")
    league.run("remind", "--now", "2099-01-12T08:00+01:00", code=None, master="bw: remind, a thread that is no number")
    league.git("checkout", "--", "games/bw/game.yaml")
    config.write_text(config.read_text(encoding="utf-8").replace('every: "7 days"', "every: nie"), encoding="utf-8")
    league.run("status", "bw", code=None, master="bw: status, a schedule that is none")
    league.git("checkout", "--", "games/bw/game.yaml")
    for fault, (was, now) in {"a title that is a list": ("thread: 33", "thread: 33\ntitle: [a, b]"),
                              "no dice": ("dice:", "wuerfel:"),
                              "a ruleset not installed": ("ruleset: bretton-woods", "ruleset: schach"),
                              "a time zone changed by hand": ("Europe/Berlin", "Europe/Paris")}.items():
        config.write_text(config.read_text(encoding="utf-8").replace(was, now, 1), encoding="utf-8")
        league.run("status", "bw", code=None, master=f"bw: status, game.yaml with {fault}")
        league.git("checkout", "--", "games/bw/game.yaml")
    league.run("status", "xx", code=None, master="status of a game that is none")
    for fault, folder in (("a folder that is no turn", "00x5"), ("a turn far ahead", "0009")):
        stray = league.root / "games/bw/turns" / folder
        stray.mkdir()
        (stray / "report.yaml").write_text("{}\n", encoding="utf-8")
        league.run("status", "bw", code=None, master=f"bw: status, {fault}")
        (stray / "report.yaml").unlink()
        stray.rmdir()
    ruling = league.root / "rulings/dk/0001.yaml"  # the game master's ruling files, faulty, read by every command
    ruling.parent.mkdir(parents=True)
    for fault, text in (("an unknown key", "reason: Urlaub\nquatsch: 1\n"), ("no YAML", "reason: [Urlaub\n"),
                        ("two seats for one id", "reason: Urlaub\nreplace:\n  - {seat: pfal, login: neu, id: 1000}"),
                        ("a draw of one", "reason: Urlaub\nend: {result: draw, seats: [baye]}\n")):
        ruling.write_text(f"game: dk\nturn: 1\nby: sl\n{text}", encoding="utf-8")
        league.run("status", "dk", code=None, master=f"dk: status, a ruling with {fault}")
    ruling.unlink()
    absent = league.root / "absences/bw/anna.yaml"  # a player's absence file, faulty, in a game that takes them
    absent.parent.mkdir(parents=True)
    config.write_text(config.read_text(encoding="utf-8").replace('every: "7 days"', 'every: "7 days"\n  absence: '
                                                                 "14 days"), encoding="utf-8")
    for fault, text in (("from after until", "- {from: 2099-01-10, until: 2099-01-05}"),
                        ("too long", "- {from: 2099-01-10, until: 2099-03-05}"), ("no list", "ja")):
        absent.write_text(f"game: bw\nplayer: anna\nabsent:\n  {text}\n", encoding="utf-8")
        league.run("status", "bw", code=None, master=f"bw: status, an absence file with {fault}")
    absent.unlink()
    league.git("checkout", "--", "games/bw/game.yaml")
    # dk's 'keys add' sealed its turn 0 private file again (the player's key came after the set-up): verify
    # accepts that re-seal, and says it in German (this test found verify calling it a changed turn)
    for game in ("dk", "aa", "bw"):
        league.run("verify", game, master=f"{game}: verify")
    for game in ("dk", "aa", "bw"):
        why = ("--reason", "Urlaub der Spielleitung")
        league.run("pause", game, *why, master=f"{game}: pause, a look")
        league.run("pause", game, *why, "--commit", master=f"{game}: pause")
        league.run("pause", game, *why, code=None, master=f"{game}: pause, paused already")
        league.run("resume", game, *why, "--commit", master=f"{game}: resume")
        league.run("extend", game, "--to", "2099-03-01 20:00", *why, master=f"{game}: extend, a look")
        league.run("extend", game, "--to", "2099-03-01 20:00", *why, "--commit", master=f"{game}: extend")
        league.run("reschedule", game, "--every", "14 days", *why, master=f"{game}: reschedule, a look")
        league.run("end", game, "--no-winner", *why, master=f"{game}: end, a look")
        league.run("status", game, master=f"{game}: status")
        league.run("end", game, *why, code=None, master=f"{game}: end, how not said")
        league.run("pause", game, "--reason", " ", code=None, master=f"{game}: pause, no reason")
        league.run("extend", game, "--to", "2000-03-01 20:00", *why, code=None, master=f"{game}: extend, in the past")
        league.run("pause", game, "--master", "niemand", *why, code=None, master=f"{game}: pause, not a master")
        league.run("reschedule", game, *why, code=None, master=f"{game}: reschedule, nothing changes")
        league.run("reschedule", game, "--phase", "quatsch", *why, code=None, master=f"{game}: reschedule, --phase")
        league.run("reschedule", game, "--phase", "retreat=ewig", *why, code=None,
                   master=f"{game}: reschedule, a period that is none")
        league.run("reschedule", game, "--every", "nie", *why, code=None, master=f"{game}: reschedule, --every nie")
        league.run("extend", game, "--to", "morgen", *why, code=None, master=f"{game}: extend, a time that is none")
        league.run("concede", game, "niemand", *why, code=None, master=f"{game}: concede, no such seat")
    league.run("end", "dk", "--draw", *why, master="dk: end in a draw, a look")
    league.run("concede", "dk", "schweden", *why, master="dk: concede, a look")
    for game in ("dk", "aa", "bw"):
        league.run("verify", game, master=f"{game}: verify, after the events")
    league.run("verify", "dk", "--since", "HEAD", master="dk: verify --since HEAD")
    league.run("verify", "dk", "--since", "0" * 64, code=1, master="dk: verify --since a chain head that is none")
    for game in ("dk", "bw"):
        state = league.root / f"games/{game}/turns/0001/state.yaml"  # a committed turn changed by hand
        state.write_text(state.read_text(encoding="utf-8") + "# geändert\n", encoding="utf-8")
        league.run("verify", game, "--worktree", code=1, master=f"{game}: verify, a turn changed by hand")
        league.git("checkout", "--", state.relative_to(league.root).as_posix())
    league.run("pin", "dk", code=2, master="dk: pin, pinned already")
    league.run("deadline", "--now", "2099-01-12T08:00+01:00", master="deadline, nothing due")
    league.run("deadline", "--game", "aa", master="aa: deadline")
    league.run("rerun", "aa", "--reason", "Befehle verloren", master="aa: rerun, a look")
    league.run("rerun", "aa", "--reason", "Befehle verloren", "--commit", master="aa: rerun")
    league.run("rerun", "aa", "--reason", "Befehle verloren", code=2, master="aa: rerun, the ruling exists")
    late = league.root / "orders/aa/0001/anke.yaml.age"  # a stale pull request merged after its turn was run
    late.write_bytes(late.read_bytes() + b"\n")
    league.git("commit", "-qam", "late orders of anke")
    league.run("deadline", "--now", "2099-01-12T08:00+01:00", code=None, master="aa: deadline, orders changed late")
    league.run("site", "build", "--pages-only", master="site build --pages-only")
    for game in ("dk", "aa", "bw"):
        for page in sorted((league.root / "site/news" / game).glob("*.md")):
            league.read[f"{game}: issue {page.name}"] = page.read_text(encoding="utf-8")
        for page in sorted((league.root / "site/games" / game).rglob("*.md")):
            league.read[f"{game}: {page.relative_to(league.root).as_posix()}"] = page.read_text(encoding="utf-8")
        for part in sorted((league.root / "site/games" / game / "orders").glob("*/*.json")):  # one player's
            seat = json.loads(part.read_text(encoding="utf-8"))
            said = "\n".join([seat["head"], *page_texts(seat["form"])])
            league.read[f"{game}: the orders page's data {part.parent.name}, {seat['login']}"] = said
        league.read[f"{game}: the orders page's words"] = "\n".join(page_words(german_language(league, game)).values())
        league.read[f"{game}: its feed"] = (league.root / f"site/feeds/{game}.xml").read_text(encoding="utf-8")
        for path in sorted((league.root / "orders" / game).rglob("*.yaml")):  # what the deadline published
            league.read[f"{game}: {path.relative_to(league.root).as_posix()}"] = path.read_text(encoding="utf-8")
    for game in ("dk", "aa", "bw"):  # the data the game pinned at its set-up, in its repository: the comments
        for path in sorted((league.root / "games" / game / "data").rglob("*.*")):
            league.master[f"{game}: {path.relative_to(league.root).as_posix()}"] = yaml_comments(path) if \
                path.suffix == ".yaml" else json.loads(path.read_text(encoding="utf-8")).get("comment", "")
    # what the site build writes for the whole league, in the league's language: the calendar of every deadline
    # (a calendar app shows its name) and the comment of the folder it writes its theme's files to
    league.master["the league's calendar"] = (league.root / "site/games/deadlines.ics").read_text(encoding="utf-8")
    league.master["site/.turnpress/.gitignore"] = (league.root / "site/.turnpress/.gitignore").read_text(
        encoding="utf-8")
    return league


def test_no_english_sentence_in_what_a_player_of_a_german_game_reads(german: League):
    assert {k.split(":")[0] for k in german.read} == {"dk", "aa", "bw"}
    assert len([k for k in german.read if "the orders page's data" in k]) == 11 + 5 + 3, "every seat's part read"
    found = {what: lines for what, text in german.read.items() if (lines := english(text))}
    assert found == {}, "\n".join(f"{what}: {line}" for what, lines in found.items() for line in lines)


def test_no_english_sentence_in_what_the_game_master_of_a_german_game_reads(german: League):
    """new, keys add, status, adjudicate (refused, a look, committed, --due), verify and the season's events
    (pause, resume, extend, reschedule, end, concede; a look and committed) and deadline remind, rerun and
    pin (refused) speak the game's language."""
    assert len(german.master) > 40
    found = {what: lines for what, text in german.master.items() if (lines := english(text))}
    assert found == {}, "\n".join(f"{what}: {line}" for what, lines in found.items() for line in lines)


# What the deadline refuses of a sealed game's orders files whatever they hold, each beside what it holds: the
# seat's file and its plaintext (None: a plain file; bytes: sealed to a key that is not the game's).
REFUSED: dict[str, str | bytes | None] = {
    "baye": None, "niemand": "game: dk\nturn: {turn}\nplayer: niemand\norders: []\n",
    "brau": "game: dk\nturn: 7\nplayer: brau\norders: []\n", "daen": b"game: dk\n", "fran": "\udcff",
    "oest": "game: dk\n\tturn: {turn}\n", "pfal": "orders: [kaputt\n", "rhei": "- 1\n",
    "sach": "game: dk\nturn: {turn}\nplayer: sach\n"}
# The problems turnpress wrote into a German game's report before it said them in the game's words (English): a
# turn committed so keeps them, and verifies.
BEFORE = ["orders/dk/{turn:04d}/baye.yaml:1:1: error: plain orders in dk, which takes sealed orders — seal them with "
          "'turnpress seal'",
          "orders/dk/{turn:04d}/brau.yaml.age:1:1: error: it names another turn than {turn}: a sealed file copied "
          "from elsewhere",
          "orders/dk/{turn:04d}/daen.yaml.age:1:1: error: sealed file does not open: it is not sealed to this key",
          "orders/dk/{turn:04d}/fran.yaml.age:1:1: error: sealed file does not hold UTF-8 text",
          "orders/dk/{turn:04d}/oest.yaml.age:1:1: error: a tab character: YAML indents with spaces only, so it is "
          "not an orders file of dk, turn {turn}, oest: nothing of it is published",
          "orders/dk/{turn:04d}/pfal.yaml.age:1:1: error: it does not read as YAML, so it is not an orders file of "
          "dk, turn {turn}, pfal: nothing of it is published",
          "orders/dk/{turn:04d}/rhei.yaml.age:1:1: error: it is not an orders file of dk, turn {turn}, rhei (a "
          "mapping of game, turn, player and orders): nothing of it is published",
          "orders/dk/{turn:04d}/sach.yaml.age:1:1: error: it is not an orders file of dk, turn {turn}, sach (game, "
          "turn, player, orders and at most wait): nothing of it is published",
          "orders/dk5/0001/schw.yaml:6:1: error: kein gültiges YAML: "]


def test_what_the_deadline_refuses_of_a_german_game_s_orders_files_is_said_in_german_and_an_older_turn_replays(
        german: League, monkeypatch: pytest.MonkeyPatch):
    """The problems a German game's report publishes for an orders file the deadline refused (issue 31: "plain
    orders in dk, which takes sealed orders", "sealed file does not open: ...",
    what a sealed file holds that is no orders file of its seat, the severity "error" of an invalid file in a game
    of open orders) were English; the adjudicate look printed them too. They are said in the game's words now; the
    refusal's code (why:) stays the report's English value, which the issue page says in German. ``verify`` replays
    a committed turn's refusals as its report recorded them, so a turn run before, its problems English, still
    verifies. Plays both in 30JK (sealed orders) and a new 30JK game of open orders, once as turnpress did before
    (the German words missing from the catalogs) and once as it does, then puts the league back as it was."""
    import pyrage

    from adjudicator.kit.catalog import CHECK, COMMANDS
    from adjudicator.sealed import crypto

    new = ("refused.", "not_playing", "pr.login_hint", "error", "yaml.tab", "seal.other_key")
    reports: dict[bool, list[str]] = {}
    for before in (True, False):
        with german.as_it_was(), monkeypatch.context() as old:
            if before:  # the catalogs without the German words this change says: English, as turnpress wrote it
                for book in (CHECK, COMMANDS):
                    table = book.table()
                    lacking = {**table, "de": {k: v for k, v in table["de"].items() if not k.startswith(new)}}
                    old.setattr(book, "table", lambda lacking=lacking: lacking)
            game = load_game(german.root, "dk")
            turn, key = game.open_turn, game.settings.key
            assert key is not None
            folder = german.root / f"orders/dk/{turn:04d}"
            folder.mkdir(parents=True, exist_ok=True)
            for seat, text in REFUSED.items():
                if text is None:
                    (folder / f"{seat}.yaml").write_text(f"game: dk\nturn: {turn}\nplayer: {seat}\norders: []\n",
                                                          encoding="utf-8")
                    continue
                to = str(pyrage.x25519.Identity.generate().to_public()) if isinstance(text, bytes) else key
                plain = text if isinstance(text, bytes) else text.format(turn=turn).encode(errors="surrogateescape")
                (folder / f"{seat}.yaml.age").write_text(crypto.encrypt(plain, [to]), encoding="ascii")
            (german.root / ".secrets/dk5.key").unlink(missing_ok=True)  # the key a first round's game made
            german.run("new", "diplomacy", "dk5", *players("dk"), "--option", "map=dreissigjaehriger-krieg",
                       "--option", "orders=open", "--schedule", SCHEDULE, "--commit")
            broken = german.root / "orders/dk5/0001/schw.yaml"  # no YAML: invalid in a game of open orders
            broken.parent.mkdir(parents=True)
            broken.write_text("game: dk5\nturn: 1\nplayer: schw\norders:\n  - [kaputt\n", encoding="utf-8")
            german.git("add", "-A")
            german.git("commit", "-qm", "Befehle")
            said = {game: german.run("adjudicate", game, "--early") for game in ("dk", "dk5")}
            for game in ("dk", "dk5"):
                german.run("adjudicate", game, "--early", "--commit")
            reports[before] = [problem for game, at in (("dk", turn), ("dk5", 1))
                               for refused in yamlio.read_data(
                                   german.root / f"games/{game}/turns/{at:04d}/report.yaml")["orders"]["refused"]
                               for problem in refused.get("problems", [])]
            old.undo()
            for game in ("dk", "dk5"):
                assert "alles stimmt überein" in german.run("verify", game).splitlines()[-1]
        if before:
            assert sorted(p.format(turn=turn) for p in BEFORE[:-1]) == sorted(reports[True][:-1]), reports[True]
            assert reports[True][-1].startswith(BEFORE[-1]), reports[True]
        else:
            assert english("\n".join(reports[False])) == [], reports[False]
            assert english("\n".join(said.values())) == [], said
    now = "\n".join(reports[False])
    for german_words in ("baye.yaml:1:1: Fehler: offene Befehle in dk, einer Partie mit versiegelten Befehlen — "
                         "versiegeln Sie sie mit 'turnpress seal'",
                         f"brau.yaml.age:1:1: Fehler: unter 'turn' nennt sie einen anderen Wert als {turn}: eine von "
                         "anderswo kopierte versiegelte Datei",
                         "daen.yaml.age:1:1: Fehler: die versiegelte Datei lässt sich nicht öffnen: sie ist nicht für "
                         "diesen Schlüssel versiegelt",
                         "fran.yaml.age:1:1: Fehler: die versiegelte Datei enthält keinen UTF-8-Text",
                         "ein Tabulatorzeichen: YAML rückt nur mit Leerzeichen ein, also ist sie keine Befehlsdatei "
                         f"von dk, Zug {turn}, oest: nichts davon wird veröffentlicht",
                         "pfal.yaml.age:1:1: Fehler: sie lässt sich nicht als YAML lesen, also ist sie keine",
                         "orders/dk5/0001/schw.yaml:6:1: Fehler: kein gültiges YAML"):
        assert german_words in now, now


HIDDEN_DE = ("was die Regeln fanden, wird in einem Spiel mit verborgenem Stand nicht veröffentlicht: Ihr privater "
             "Bericht nennt es ('turnpress open')")


def test_a_german_game_with_hidden_state_says_in_german_that_what_the_rules_found_is_not_published_and_replays(
        german: League, monkeypatch: pytest.MonkeyPatch):
    """In a game with hidden state the public report puts a line in place of what the rules found in an orders file
    (it may quote a hidden value), and said it in English in German games: "what the rules found is not published
    in a game with hidden state: ..." (issue 31). A German game says it in German and records so (``stand_in: de``),
    since verify reads the file again and says the line again; a turn run before, in English and with no
    ``stand_in:``, replays as it was. Plays Bretton Woods' turn 2 with a fault in anna's orders, once as turnpress
    did before and once as now, then puts the league back as it was."""
    from adjudicator.engine import turncore
    from adjudicator.sealed import crypto

    said: dict[bool, tuple[str, list[str]]] = {}
    for before in (True, False):
        with german.as_it_was(), monkeypatch.context() as old:
            if before:  # as turnpress wrote it: English, nothing recorded
                old.setattr(turncore, "stand_in_language", lambda lang: "en")
            game = load_game(german.root, "bw")
            assert game.settings.key is not None and game.open_turn == 2
            sheet = german.run("template", "bw", "anna").replace("orders:\n", "orders:\n  quatsch: 1\n", 1)
            sealed = german.root / "orders/bw/0002/anna.yaml.age"  # as merged: 'seal' refuses a faulty file
            sealed.parent.mkdir(parents=True, exist_ok=True)
            sealed.write_text(crypto.encrypt(sheet.encode("utf-8"), [game.settings.key]), encoding="ascii")
            german.git("add", "-A")
            german.git("commit", "-qm", "Befehle von anna")
            german.run("adjudicate", "bw", "--early", "--commit")
            old.undo()
            report = (german.root / "games/bw/turns/0002/report.yaml").read_text(encoding="utf-8")
            orders = yamlio.read_data(german.root / "games/bw/turns/0002/report.yaml")["orders"]
            verified = german.run("verify", "bw")
            assert "alles stimmt überein" in verified.splitlines()[-1], verified
        said[before] = (report, [p for entries in (orders.get("dropped", {}).values(),
                                                   [r.get("problems", []) for r in orders["refused"]])
                                 for problems in entries for p in problems])
    report, problems = said[True]
    assert problems == [turncore.SECRET_PROBLEMS] and "stand_in:" not in report, report
    report, problems = said[False]
    assert problems == [HIDDEN_DE] and "stand_in: de\n" in report, report
    assert "quatsch" not in report


def test_the_game_master_s_status_verify_and_events_say_it_in_german(german: League):
    status = german.master["dk: status, due"]
    assert status.startswith("dk: Zug 1, ") and "  Befehle da: Schweden\n" in status, status
    assert "  jetzt fällig: ja (" in status, status
    assert german.master["aa: verify"].rstrip().endswith(
        "aa: 1 Zug nachgespielt, alles stimmt überein (geprüft: mit dem Schlüssel der Partie)")
    assert "Zug 1 ist nicht fällig" in german.master["bw: adjudicate, not due"]
    assert german.master["dk: pause"].startswith("rulings/dk/0002.yaml geschrieben und committet (")
    paused = german.master["dk: pause, paused already"]
    assert "dk ist schon angehalten: 'turnpress resume dk' hebt die Pause auf" in paused
    assert "Remis zwischen " in german.master["dk: end in a draw, a look"]
    # the new period is said in German, not as the ruling's values ('every: 14 days')
    assert "; ab Zug 3 folgen die Abgabeschlüsse alle 14 Tage." in german.master["dk: reschedule, a look"]
    phases = german.run("reschedule", "dk", "--every", "1 day", "--phase", "retreat=36 hours", "--phase",
                        "adjustment=none", "--reason", "Ferien")  # a look: nothing written
    assert ("ab Zug 3 folgen die Abgabeschlüsse jeden Tag, 36 Stunden für jede Rückzugsphase, jede "
            "Aufbauphase im Abstand der Züge.") in phases, phases
    assert "--- Thread 31\n" in german.master["remind"], german.master["remind"]
    assert "32: Hinweis auf die neue Ausgabe für aa, Zug 1\n" in german.master["remind --out"]
    assert "Dann: Zug 3 von aa wertet Zug 2 mit dessen Befehlen neu aus." in german.master["aa: rerun, a look"]
    assert "aa: Zug 2 (" in german.master["aa: deadline"] and " ausgewertet" in german.master["aa: deadline"]
    assert "  nach den Regeln geheim: gleichzeitige Befehle (Züge, Rückzüge, Anpassungen)" in \
        german.master["dk: new"]


def test_the_thirty_years_war_s_orders_page_notes_and_votes_are_german(german: League):
    """The Diplomacy form's notes ('Spring 1904 Movement: orders for England.') and the vote lines the page
    writes ('Withdraw votes', 'Concede to ...') are the map's German words in a 30JK game."""
    seat = json.loads((german.root / "site/games/dk/orders/0002/schw.json").read_text(encoding="utf-8"))
    assert seat["form"]["notes"][0] == "Herbst 1618: Züge: Befehle für Schweden.", seat["form"]["notes"]
    vote = seat["form"]["field"]["items"][-1]
    values = [o["value"] for o in vote["options"]]
    assert "Stimmen zurückziehen" in values and "Aufgeben zugunsten von Frankreich" in values, values
    assert not any(str(v).startswith(("Withdraw", "Concede")) for v in values)


def set_up_before(root: Path, game: str, pinned: str, lacks: Callable[[str], bool]) -> None:
    """Make ``game`` one set up before some texts existed: its pinned words file ``pinned`` (under
    ``games/<game>/data/``) without the keys ``lacks`` picks, its ``game.yaml`` recording that copy's digest."""
    path = root / "games" / game / "data" / pinned
    before = path.read_bytes()
    texts = yamlio.load_trusted(before)
    after = yamlio.dump({k: v for k, v in texts.items() if not lacks(str(k))}).encode("utf-8")
    assert after != before
    path.write_bytes(after)
    config = root / "games" / game / "game.yaml"
    old, new = (hashlib.sha256(b).hexdigest() for b in (before, after))
    assert old in config.read_text(encoding="utf-8")
    config.write_text(config.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")


def test_a_german_game_set_up_before_a_text_existed_shows_it_in_german_on_its_orders_page_and_sheet(
        german: League, tmp_path: Path):
    """A game pins its words files at its set-up; a text added to turnpress later is missing from its copy. The
    demo's 30JK showed "Orders" and "Frühling 1621: Züge: orders for Schweden." on its orders page, a Bretton
    Woods game "Produktion: consumer_goods". The orders page and the sheet (no report binds them, ``verify``
    renders neither) take such a text from the package's German words; the rules keep the pinned copy, which is
    what a replay reads."""
    old = League(tmp_path / "league", german.desk)
    shutil.copytree(german.root, old.root, symlinks=True)
    set_up_before(old.root, "dk", "variants/dreissigjaehriger_krieg/data/messages.yaml",
                  lambda k: k == "Orders" or k.startswith("{phase}: orders for {power}."))
    set_up_before(old.root, "bw", "words.yaml", lambda k: k.startswith("order."))
    for game, player in (("dk", "schw"), ("bw", "anna")):
        g = load_game(old.root, game)
        state = g.effective_state(g.open_turn)
        seat = orders_page.player_data(orders_page.read_open_turn(g, old.root), player)
        said = [*page_texts(seat["form"]), *seat["head"].splitlines(), *seat["body"].splitlines()]
        assert not [t for t in said if english(t)], [t for t in said if english(t)]
        sheet = old.run("template", game, player)
        assert not english(sheet), english(sheet)
        if game == "dk":
            assert seat["form"]["notes"][0].endswith(": Befehle für Schweden."), seat["form"]["notes"]
            assert seat["form"]["field"]["label"] == "Befehle", seat["form"]["field"]
            assert "Befehle für Schweden. Ein Befehl je Zeile" in sheet, sheet
            # what a replay reads stays the pinned copy: the rules themselves still lack the text
            assert "orders for Schweden" in g.ruleset.template(g.ruleset.public_view(state), player)
        else:
            cuts = seat["form"]["cuts"]["words"]  # what a cut notice names each order by
            assert cuts["production.consumer_goods"] == "Produktion: Konsumgüterherstellung", cuts
            assert cuts["gold.industries"] == "Gold: Industrien", cuts


DEMO = Path(__file__).resolve().parents[1]  # the repository's demo league: German games set up before issue 31


def test_the_data_a_german_game_pins_explains_itself_in_german_and_an_older_copy_still_replays(german: League):
    """The data files a game pins at its set-up (``games/<game>/data/``: tables, maps, words) are in its game
    master's repository, and their comments explain them (the Auf Achse board a game master may replace, Bretton
    Woods' options; a drawing's "comment" says how it was made): the packaged files of the German games carry
    German comments since issue 31, so a new game's copies do (the game master's test above reads them). A game
    set up before keeps the English comments it pinned, as the demo's German games do: its copies are what its
    ``game.yaml`` records, and ``verify`` replays it with them."""
    for game in ("dk", "aa", "bw"):
        pinned = sorted((german.root / "games" / game / "data").rglob("*.yaml"))
        assert pinned and all(yaml_comments(p) for p in pinned), pinned
        assert {p.suffix for p in (german.root / "games" / game / "data").rglob("*.*")} <= {".yaml", ".json"}
    drawn = json.loads((german.root / "games/dk/data/maps/dreissigjaehriger-krieg.drawing.json").read_text("utf-8"))
    assert drawn["comment"].startswith("Geschrieben von build_dreissigjaehriger_krieg.py: Land aus Natural Earth")
    board = yaml_comments(german.root / "games/aa/data/data/maps/deutschland.yaml")
    assert "Eine Spielleitung darf diese Datei durch eine andere derselben Form ersetzen" in board, board
    demo = League(DEMO, german.desk)
    for game in ("demo-dreissigjaehriger-krieg", "demo-auf-achse", "demo-bretton-woods"):
        said = "\n".join(yaml_comments(p) for p in sorted((DEMO / "games" / game / "data").rglob("*.yaml")))
        assert english(said), f"{game} pinned its data before the comments were German"
        verified = demo.run("verify", game)
        assert verified.splitlines()[-1].endswith("alles stimmt überein (geprüft: öffentlich)"), verified


def test_validate_and_seal_speak_the_game_s_language(german: League):
    for game in ("dk", "aa", "bw"):
        out = german.read[f"{game}: validate"]
        assert ": so verstanden:" in out and out.rstrip().endswith("1 Datei, 0 Fehler, 0 Warnungen"), out
        assert ": Fehler: " in german.read[f"{game}: validate, a fault"]
        assert "so verstanden:" in german.read[f"{game}: seal"]


def test_a_sheet_that_is_no_yaml_is_said_in_german_with_its_line(german: League):
    """A sheet of a sealed game kept outside orders/ that the YAML reader cannot read: validate and seal named no
    line and said "cannot tell which orders these are" in English; now the reader's finding, in German, at its line
    (the game its lines name gives the language; a sheet that names none speaks the league's)."""
    for game in ("dk", "aa", "bw"):
        for command in ("validate", "seal"):
            said = german.read[f"{game}: {command}, no YAML"]
            assert re.search(r"no-yaml\.yaml:\d+:\d+: (Fehler: )?kein gültiges YAML: hier fehlt ", said), said
    assert "es ist nicht zu erkennen, welche Befehle das sind" in german.read["dk: validate, a sheet without its head"]
    assert german.read["dk: validate, a sheet without its head"].rstrip().endswith("1 Datei, 1 Fehler, 0 Warnungen")
    assert "schreiben Sie oben `game`, `turn` und `player`" in german.read["dk: seal, a sheet without its head"]


def test_the_sheet_s_head_and_auf_achse_s_comments_are_german(german: League):
    for game in ("dk", "aa", "bw"):
        sheet = german.read[f"{game}: template"]
        assert re.search(r"^# Befehle von .+ für .+, Zug 1: .+\.$", sheet, re.M), sheet
        assert "# Abgabeschluss: 2099-01-11T20:00+01:00." in sheet
        assert "# wait: true   # Kommentarzeichen entfernen" in sheet
    assert "eine Zeile je Auftrag, auf den Sie bieten" in german.read["aa: template"]


def test_open_says_its_lines_in_german(german: League):
    out = german.read["bw: open"]
    assert "# Ihre versiegelten Befehle orders/bw/0001/anna.yaml.age" in out or "keinen privaten Bericht" in out, out


def test_auf_achse_s_set_up_and_trailers_are_german(german: League):
    assert yamlio.read_data(german.root / "games/aa/turns/0000/report.yaml")["label"] == "Spielaufbau"
    issue = german.read["aa: issue 0000.md"]
    assert "Set-up" not in issue and "Spielaufbau" in issue


def test_thirty_years_war_votes_in_german(german: League):
    """The votes of the 30JK are written in German too ('Remis', 'Stimmen zurückziehen', 'Aufgeben zugunsten von
    Schweden'), and its sheet names the German words."""
    sheet = german.desk / "dk-vote.yaml"
    text = german.run("template", "dk", "schw")
    sheet.write_text(text.replace("orders:\n", "orders:\n  - Stimmen zurückziehen\n  - Aufgeben zugunsten von "
                                  "Frankreich\n", 1), encoding="utf-8")
    out = german.run("validate", str(sheet), code=None)
    assert "Stimmen zurückziehen" in out and "Aufgeben zugunsten von" in out, out
    assert "Withdraw votes" not in out and "Concede to" not in out


def test_bretton_woods_cut_notices_name_every_order_in_german():
    from adjudicator.rulesets.bretton_woods.newsletter import order_words
    from adjudicator.rulesets.bretton_woods.tables import SHIPPED
    assert order_words(SHIPPED, "production.consumer_goods") == "Produktion: Konsumgüterherstellung"
    assert order_words(SHIPPED, "gold.industries") == "Gold: Industrien"


def test_an_english_game_keeps_its_words(league: Path, capsys: pytest.CaptureFixture[str]):
    """The words go by the game's language: a game of an English league keeps its English sheet and check."""
    from .test_league_e2e import new_game
    new_game(league)
    assert cli.main(["--league", str(league), "template", "g1", "alice", "--write"]) == 0
    sheet = (league / "orders/g1/0001/alice.yaml").read_text(encoding="utf-8")
    assert sheet.startswith("# Orders of Alice for g1, turn 1: ") and "(you are awaited)." in sheet
    capsys.readouterr()
    assert cli.main(["--league", str(league), "validate", str(league / "orders/g1/0001/alice.yaml")]) == 0
    out = capsys.readouterr().out
    assert "orders/g1/0001/alice.yaml: understood as:" in out and out.endswith("1 file, 0 errors, 0 warnings\n")


REFUSALS = {  # what the game master got wrong -> what the German game says (the start of its own words)
    "dk9: new, a --player without an id": "--player 'Bayern:bay': Schreiben Sie NAME:LOGIN:ID",
    "aa9: new, its first deadline passed": "--schedule: der erste Abgabeschluss, 2000-01-11 20:00",
    "dk: keys add, no player": "niemand spielt in dk nicht mit",
    "aa: keys new, a key already": "aa hat schon einen Schlüssel (age1",
    "bw: template, no player": "niemand spielt in bw nicht mit",
    "dk: template --commit": "--commit gehört zu --write",
    "dk: template --write, sealed": "dk hat versiegelte Befehle: Geben Sie das Blatt ohne --write aus",
    "dk: rerun, no reason": "--reason: Sagen Sie in Worten, warum",
    "dk: rerun, --found without a file": "--found 'schw': Schreiben Sie SITZ=DATEI",
    "dk: rerun, --found, no such file": "fehlt.yaml ist keine Datei",
    "dk: rerun, --found, no such seat": "--found: 'niemand' ist kein Sitz von dk; nennen Sie einen von baye, brau,",
    "aa: end, how not said": "end: Sagen Sie, wie die Partie endet",
    "bw: pause, no reason": "--reason: Sagen Sie in Worten, warum",
    "dk: extend, in the past": "--to 2000-03-01 20:00: das liegt in der Vergangenheit (",
    "aa: pause, not a master": "--master niemand: leitet aa nicht",
    "bw: reschedule, nothing changes": "reschedule: Sagen Sie, was sich ändert",
    "dk: reschedule, --phase": "--phase 'quatsch': Schreiben Sie ART=FRIST",
    "aa: concede, no such seat": "der Sieger: 'niemand' ist kein Sitz von aa",
    "dk8: new, every that is no schedule": "--schedule: every: 'fortnightly' ist kein Zeitplan; Schreiben Sie",
    "dk8: new, a time zone that is none": "--schedule: timezone: unbekannte Zeitzone 'Europe/Bonn'; Schreiben Sie",
    "dk8: new, a schedule part that is none": "--schedule: 'quatsch'; Schreiben Sie SCHLÜSSEL=WERT mit den Schlüsseln",
    "dk8: new, a name with a hidden character": "der Name: enthält das unsichtbare Steuerzeichen U+202E; Schreiben",
    "dk8: new, a login that is none": "--player 'Bayern:bay-:1001': 'bay-' ist kein GitHub-Login: Buchstaben,",
    "dk8: new, an empty title": "--title: leer; Schreiben Sie den Namen, wie die Ausgaben ihn zeigen sollen",
    "bw: reschedule, a period that is none": "phases: retreat: 'ewig' ist keine Frist; Schreiben Sie eine wie '2 days'",
    "aa: reschedule, --every nie": "every: 'nie' ist kein Zeitplan; Schreiben Sie '14 days', 'weekly mon thu' oder",
    "dk: extend, a time that is none": "--to: 'morgen' ist keine Zeit; Schreiben Sie sie als JJJJ-MM-TT HH:MM",
    "aa: new, the id exists": "games/aa gibt es schon; wählen Sie eine andere ID",
    "sc: new, an unknown ruleset": "unbekanntes Regelwerk 'schach'; installiert sind: auf-achse, ",
    "aa7: new, an --option without a value": "--option 'quatsch': Schreiben Sie SCHLÜSSEL=WERT",
    "dk7: new, a kind of phase the rules lack": "--schedule: phases: diplomacy hat keine Phase der Art 'rueckzug'; "
                                                "seine Arten sind movement, retreat, adjustment",
    "aa8: new, a GitHub id twice": "die GitHub-ID 200 steht zweimal unter den Spielern (anke, zora): ein Konto hat",
    "bw: status, game.yaml with a title that is a list": "games/bw/game.yaml: title: muss ein Text sein, nicht "
                                                         "list: Stellen Sie die Datei aus git wieder her",
    "bw: status, game.yaml with no dice": "games/bw/game.yaml: dice: fehlt: die Festlegung der Würfel",
    "bw: status, game.yaml with a ruleset not installed": "games/bw/game.yaml: unbekanntes Regelwerk 'schach'; "
                                                          "installiert sind: auf-achse",
    "status of a game that is none": "keine Partie 'xx' in ",
    "dk: verify --since HEAD": "dk: die heutige Geschichte setzt ",
    "dk: verify --since a chain head that is none": "die Geschichte keiner Partie enthält den Kettenkopf 0000",
    "bw: status, a folder that is no turn": "games/bw/turns/00x5 ist kein Ordner eines Zuges (vier ASCII-Ziffern",
    "bw: status, a turn far ahead": "games/bw/turns enthält 0009 nach Zug 1, ohne 0002: Züge folgen ohne Lücke",
    "bw: status, game.yaml with a time zone changed by hand": "schedule: timezone: jede Ausgabe von bw zeigt ihre "
                                                              "Abgabeschlüsse in Europe/Berlin",
    "aa6: new, two hauliers": "auf-achse: Auf Achse ist für 5 bis 10 Spediteure (Allgemeines: 'Jeder der 5 bis 10 "
                              "Mitspieler'); 2 genannt: Nennen Sie mindestens 5 Spieler",
    "aa6: new, three trucks": "auf-achse: die Option trucks (Sonderregel C) muss 1 oder 2 sein",
    "bw6: new, a country type that is none": "anna: der Ländertyp (die Rolle) muss agrar, energie oder rohstoff sein, "
                                             "nicht 'fischerei'",
    "bw6: new, an option's value that is none": "die Option krieg muss eines von ende, vor_alterung sein, nicht 'nie'",
    "dk6: new, a power that is none": "die Rolle 'bavaria' ist keine Macht dieser Karte; wählen Sie eine von bayern,",
    "dk6: new, options the rules lack": "unbekannte Optionen nebel, regen; bekannt sind: map, ",
    "dk: join, a game no one joins": "diplomacy lässt keine Spieler in eine laufende Partie einsteigen",
    "bw: join, a country type that is none": "neu: der Ländertyp (die Rolle) muss agrar, energie oder rohstoff sein",
    "dk: remind, the thread's comments garbled": "31.json: die Kommentare des Threads sind kein JSON, wie 'gh api' es "
                                                 "ausgibt",
    "dk: remind, the thread's comments missing": "31.json: fehlt: die Kommentare von Thread 31 werden gebraucht",
    "dk: verify, a turn changed by hand": "dk: Zug 1: state.yaml weicht vom Nachspiel ab\n",
    "bw: verify, a turn changed by hand": "bw: Zug 1: state.yaml weicht vom Nachspiel ab\n",
    "dk: status, a ruling with an unknown key": "rulings/dk/0001.yaml:5:10: unbekannter Schlüssel 'quatsch' in einer "
                                                "Entscheidung — Schreiben Sie nur game, turn, by,",
    "dk: status, a ruling with no YAML": "rulings/dk/0001.yaml:5:1: kein gültiges YAML: ",
    "dk: status, a ruling with two seats for one id": "die GitHub-ID 1000 spielt schon den Sitz 'baye'; ein Konto "
                                                      "hat einen Sitz",
    "dk: status, a ruling with a draw of one": "ein Remis teilen zwei Sitze oder mehr — Nennen Sie die Sitze unter",
    "bw: status, an absence file with from after until": "absences/bw/anna.yaml:4:31: until (2099-01-05) liegt vor "
                                                         "from (2099-01-10)",
    "bw: status, an absence file with too long": "eine Abwesenheit von 55 Tagen geht über die Grenze dieser Partie "
                                                 "hinaus, 14 Tage — Klären Sie",
    "bw: status, an absence file with no list": "absent: Schreiben Sie eine Liste von höchstens 20 Zeiträumen — etwa",
    "bw: status, a schedule that is none": "games/bw/game.yaml: schedule: every: 'nie' ist kein Zeitplan; Schreiben",
    "aa: adjudicate --catch-up without --due": "adjudicate: --catch-up gehört zu --due",
    "adjudicate --due --early": "adjudicate: --early wertet den Zug einer genannten Partie vor ihrem Abgabeschluss",
    "bw: remind, a thread that is no number": "bw: übersprungen, keine Erinnerung: games/bw/game.yaml: thread: 'x' ist "
                                              "keine Issue-Nummer",
    "aa: deadline, orders changed late": "aa: orders/aa/0001/anke.yaml.age wurde geändert, nachdem Zug 1 ausgewertet "
                                         "war; der Zug gilt, wie er veröffentlicht ist (Tag aa/turn-1)",
}


@pytest.mark.parametrize("what", sorted(REFUSALS))
def test_the_game_master_s_mistakes_are_said_in_german_naming_what_to_write(german: League, what: str):
    """A refusal of the game master's commands (new, keys, template, rerun, the season's events) in a German game
    is German, and still names the flag or file and what to write instead."""
    assert REFUSALS[what] in german.master[what], german.master[what]


def test_init_and_keys_personal_speak_the_league_s_language(german: League):
    """init --language de makes a German league (its site's language) and says so in German; a player's personal
    key belongs to no one game and speaks the league's language."""
    assert german.master["init"].startswith("Neue Liga in ") and "Dateien):" in german.master["init"]
    assert "  language: de\n" in (german.root / "mkdocs.yml").read_text(encoding="utf-8")
    assert german.read["dk: keys personal"].startswith("Ihr geheimer Schlüssel steht in ")


def test_a_german_league_s_site_description_colour_toggle_and_navigation_are_german(german: League):
    """A German league's mkdocs.yml gave its site (every page's description, the feeds) the English "Play-by-mail
    games adjudicated in public; ..." and the colour scheme's toggle the names "Dark mode" and "Light mode", and
    the site build wrote its navigation, on every page, as "Home", "Games", "News", "Rules", and its 404 page
    "404 - Not found" (issue 31)."""
    config = (german.root / "mkdocs.yml").read_text(encoding="utf-8")
    nav = config[config.index("\nnav:\n"):config.index("\nvalidation:")]
    assert [line.strip() for line in nav.splitlines() if line.startswith("  - ") and line.endswith(":") or
            line.startswith("  - Startseite")] == ["- Startseite: index.md", "- Partien:", "- Neuigkeiten:",
                                                   "- Regeln:"], nav
    not_found = (german.root / "site/.turnpress/overrides/404.html").read_text(encoding="utf-8")
    assert "<h1>404 - Seite nicht gefunden</h1>" in not_found, not_found  # Material's says "404 - Not found"
    assert "\nsite_description: Spiele per Post, öffentlich ausgewertet; jeder Zug ist eine Ausgabe des " \
           "Newsletters.\n" in config
    assert "        name: Dunkles Farbschema\n" in config and "        name: Helles Farbschema\n" in config
    said = [line for line in config.splitlines() if line.startswith(("site_description:", "        name:"))]
    assert len(said) == 3 and english("\n".join(said)) == [], said


def test_a_german_league_made_before_gets_its_site_s_description_and_toggle_in_german_at_its_next_build(
        tmp_path: Path):
    """A German league made before init spoke German kept the English description and "Dark mode" in its
    mkdocs.yml: the site build mends the default's English lines, and keeps a line the game master wrote."""
    from adjudicator.newsletter import site as sitemod

    league = League(tmp_path / "liga", tmp_path)
    league.run("init", str(league.root), "--title", "Alte Liga", "--language", "de")
    config = league.root / "mkdocs.yml"
    old = config.read_text(encoding="utf-8")
    for german, english_line in (("Spiele per Post, öffentlich ausgewertet; jeder Zug ist eine Ausgabe des "
                                  "Newsletters.", "Play-by-mail games adjudicated in public; every turn is an issue "
                                  "of the newsletter."), ("name: Dunkles Farbschema", "name: Dark mode"),
                                 ("name: Helles Farbschema", "name: Unser heller Modus")):  # the master's own
        assert german in old
        old = old.replace(german, english_line)
    config.write_text(old, encoding="utf-8")
    league.run("site", "build", "--pages-only")
    mended = config.read_text(encoding="utf-8")
    assert "site_description: Spiele per Post, öffentlich ausgewertet;" in mended
    assert "        name: Dunkles Farbschema\n" in mended and "        name: Unser heller Modus\n" in mended
    config = (league.root / "mkdocs.yml").read_text(encoding="utf-8")
    assert sitemod.settings(config)["site_description"].startswith("Spiele per Post")  # the feeds' too


def test_a_german_league_s_mkdocs_yml_explains_itself_to_its_game_master_in_german(tmp_path: Path):
    """init --language de wrote mkdocs.yml's comments for the game master in English (what the build writes, where
    the site is published, what the hooks and the navigation are; issue 31). A German league's are German (the
    table assets/mkdocs.de.yaml, by their English); its keys and values are what they were, and an English
    league's file is byte for byte the default."""
    import yaml

    from adjudicator.kit import yamlwords
    from adjudicator.newsletter import site as sitemod
    from adjudicator.pipeline import scaffold

    class Config(yaml.SafeLoader):
        """MkDocs' reading of the file: ``!ENV [NAME, default]`` a list."""

    Config.add_constructor("!ENV", lambda loader, node: loader.construct_sequence(node))
    configs = {}
    for language in ("de", "en"):
        root = tmp_path / language
        assert cli.main(["init", str(root), "--title", "Unsere Liga", "--language", language,
                         "--requirement", "turnpress==0.1.0"]) == 0
        configs[language] = (root / "mkdocs.yml").read_text(encoding="utf-8")
    assert configs["en"] == scaffold.mkdocs_config("Unsere Liga")  # the default, byte for byte
    german, english_data = (yaml.load(configs[lang], Loader=Config) for lang in ("de", "en"))  # noqa: S506
    toggles = [entry["toggle"] for entry in english_data["theme"]["palette"]]
    english_data["site_description"] = german["site_description"]  # the site catalog's (the test above)
    english_data["theme"]["language"] = "de"
    toggles[0]["name"], toggles[1]["name"] = "Dunkles Farbschema", "Helles Farbschema"
    assert german == english_data  # every key and value as before
    comments = [text for text in yamlwords.texts(configs["de"]) if not text.startswith(("Dunkles", "Helles"))]
    assert english("\n".join(comments)) == [], english("\n".join(comments))
    assert len(comments) == len(yamlwords.texts(configs["en"])) - 2 == 10  # each comment (and the theme's name)
    assert "# Die Navigation: geschrieben von `turnpress site build`" in configs["de"]
    assert len(english("\n".join(yamlwords.texts(sitemod.template())))) >= 8  # the finder reads English there


def markdown_parts(text: str) -> tuple[str, list[str], list[str]]:
    """A Markdown page's prose (its code blocks' comments kept, their commands dropped), its code blocks' commands
    (a commit's message left out: the player's words) and its links' targets."""
    prose, commands, fenced = [], [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced:
            prose.append(line)
        else:
            command, _, comment = line.partition("  # ")
            prose.append(comment)
            commands.append(re.sub(r'-m "[^"]*"', "-m", command).rstrip())
    return "\n".join(prose), commands, re.findall(r"\]\(([^)\s]*)\)", text)


# The placeholders of the commands in a league's README and guides, as a German page writes them (the German help
# says PARTIE and SPIELER): its commands are the English page's with these words put in.
PLACEHOLDERS = {"THIS-LEAGUE": "DIESE-LIGA", "LEAGUE": "LIGA", "YOU": "IHR-KONTO", "OWNER": "INHABER",
                "GAME": "PARTIE", "yourlogin": "ihrlogin", "RULESET": "REGELWERK", "KEYFILE": "SCHLÜSSELDATEI",
                "<game>": "<partie>"}
PLACEHOLDER = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(k) for k in sorted(PLACEHOLDERS, key=len, reverse=True))
                         + r")(?!\w)")


def in_german(command: str) -> str:
    """An English page's command with its placeholders as the German page writes them."""
    return PLACEHOLDER.sub(lambda m: PLACEHOLDERS[m[0]], command)


def test_a_german_league_s_readme_and_guides_for_its_players_are_german(tmp_path: Path):
    """init --language de wrote the English "Guide for players" and "Sealed orders and private reports" into the
    league's site/guide/ (every page's menu names them), the English README for its players, and English comments
    in the files it writes for the game master (issue 31: a German game speaks German in every output, pages
    included). Now they are German (Sie, never du), with every command of their code blocks, every link and every
    line git and pip read as the English files have them, but for the placeholders a reader fills in ('turnpress
    template PARTIE ihrlogin', not 'GAME yourlogin': ``PLACEHOLDERS``); an English league keeps the English."""
    league = League(tmp_path / "liga", tmp_path)
    league.run("init", str(league.root), "--title", "Unsere Liga", "--language", "de",
               "--requirement", "turnpress==0.1.0")
    pages = ("README.md", "site/guide/players.md", "site/guide/sealed-orders.md", "games/README.md",
             "orders/README.md", ".gitignore", "site/.gitignore", ".github/turnpress-requirements.txt")
    german_pages = {page: (league.root / page).read_text(encoding="utf-8") for page in pages}
    assert german_pages["README.md"].startswith("# Unsere Liga\n\nEine Liga für Spiele per Post")
    assert german_pages["site/guide/players.md"].startswith("# Anleitung für Spieler\n")  # the menu's entry
    assert german_pages["site/guide/sealed-orders.md"].startswith("# Versiegelte Befehle und Ihr privater Bericht\n")
    english_league = tmp_path / "league"
    assert cli.main(["init", str(english_league), "--title", "Unsere Liga", "--requirement", "turnpress==0.1.0"]) == 0
    for page, text in german_pages.items():
        prose, commands, links = markdown_parts(text)
        assert english(prose) == [], (page, english(prose))
        assert not re.search(r"\b(?:du|dich|dir|dein\w*)\b", prose, re.IGNORECASE), page
        _, english_commands, english_links = markdown_parts((english_league / page).read_text(encoding="utf-8"))
        assert (commands, links) == ([in_german(c) for c in english_commands], english_links), page
        assert not PLACEHOLDER.search(text.replace("TURNPRESS_GAME_KEY", "")), (page, PLACEHOLDER.findall(text))
        if not page.endswith(".md"):  # the same lines for git and pip, their comments German
            assert [line for line in text.splitlines() if not line.startswith("#")] == [
                line for line in (english_league / page).read_text(encoding="utf-8").splitlines()
                if not line.startswith("#")], page
        assert english(markdown_parts((english_league / page).read_text(encoding="utf-8"))[0]), page  # English


RULES_PAGES = {  # a rules page a German game brings into the league (a 30JK game brings Diplomacy's too) -> (its
    # ruleset's text folder, its start, the lines of its tables)
    "bretton-woods.md": ("bretton_woods", "# Bretton Woods\n\n*Ein Postspiel von Reiner Knizia und Gernot Skalla.*",
                         13),  # the table of the eleven stocks
    "dreissigjaehriger-krieg.md": ("diplomacy", "# Dreißigjähriger Krieg (30JK)\n\n*Eine Diplomacy-Variante für 11 "
                                   "Spieler von Arne Senftleben", 0),
    "diplomacy.md": ("diplomacy", "# Diplomacy\n\nDas Standardspiel für sieben Spieler auf der Standardkarte", 6),
}


@pytest.mark.parametrize("name", RULES_PAGES)
def test_a_german_league_s_rules_pages_are_german(german: League, tmp_path: Path, name: str):
    """`turnpress new` copied the English rules pages of Bretton Woods and of the Thirty Years' War (German games:
    their rule texts are German) into a German league's site/rules/, 114 of Bretton Woods' 196 lines English and
    the 30JK page all but its order lines (issue 31: a German game speaks German in every output, pages included).
    Now a German league gets the ruleset's German page under the same name (the game's overview links to
    rules/NAME.md in either language), with the English page's order sheets, tables, code and links; an English
    league keeps the English pages byte for byte."""
    from adjudicator.kit.ruleset import get
    from adjudicator.pipeline.scaffold import add_rules_pages
    package, start, rows = RULES_PAGES[name]
    shipped = Path(__file__).parents[1] / "adjudicator/rulesets" / package / "text"
    original = (shipped / name).read_text(encoding="utf-8")
    page = (german.root / "site/rules" / name).read_text(encoding="utf-8")
    prose, commands, links = markdown_parts(page)
    assert page.startswith(start)
    assert english(prose) == [], english(prose)
    assert not re.search(r"\b(?:du|dich|dir|dein\w*)\b", prose, re.IGNORECASE)
    assert (commands, links) == markdown_parts(original)[1:]  # the order sheets, line for line
    # a command in its prose names what to fill in as the German help does ('turnpress new diplomacy PARTIE ...')
    assert not re.findall(r"`[^`\n]*(?<![\w-])(?:GAME|SEAT|FILE|KEY=VALUE)(?![\w-])[^`\n]*`", page)
    tables = [[line.count("|") for line in text.splitlines() if line.startswith("|")] for text in (page, original)]
    assert tables[0] == tables[1] and len(tables[0]) == rows  # every table, cell for cell
    assert not (german.root / "site/rules" / f"{name[:-3]}.de.md").exists()  # one page, no second one in the menu
    english_league = tmp_path / "league"
    assert cli.main(["init", str(english_league), "--requirement", "turnpress==0.1.0"]) == 0
    written = add_rules_pages(english_league, get(package.replace("_", "-")), "en")
    assert written == [f"site/rules/{p.name}" for p in sorted(shipped.glob("*.md")) if p.name.count(".") == 1]
    for english_page in written:
        assert (english_league / english_page).read_text(encoding="utf-8") == (
            shipped / Path(english_page).name).read_text(encoding="utf-8")
    assert len(english(original)) > 100  # the finder reads the English page as English


def test_a_german_league_s_rules_page_of_auf_achse_is_german(german: League, tmp_path: Path):
    """`turnpress new` copied the English rules page of Auf Achse (a German game: its pbm rules are German) into
    a German league's site/rules/, 135 of its 215 lines English (issue 31). Now a German league gets the
    ruleset's German page under the same name, in the text's words (Spediteur, Transport-Aufträge ersteigern,
    Streckenpunkte, Pleite, Betriebsferien) and the Amtsblatt's (Alle Angebote, Auftragsbuch, sichere Pleite),
    with the English page's order sheets (the same orders, their comments German) and tables; an English league
    keeps the English page byte for byte."""
    from adjudicator.kit.ruleset import get
    from adjudicator.pipeline.scaffold import add_rules_pages
    shipped = Path(__file__).parents[1] / "adjudicator/rulesets/auf_achse/text"
    original = (shipped / "auf-achse.md").read_text(encoding="utf-8")
    page = (german.root / "site/rules/auf-achse.md").read_text(encoding="utf-8")
    prose = markdown_parts(page)[0]
    assert page.startswith("# Auf Achse\n\nPostspiel-Regeln 2.0 von Jörg Johannisson")
    assert english(prose) == [], english(prose)
    assert not re.search(r"\b(?:du|dich|dir|dein\w*)\b", prose, re.IGNORECASE)
    assert all(word in prose for word in ("Transport-Aufträge ersteigern", "Betriebsferien", "Alle Angebote",
                                          "Auftragsbuch", "sichere Pleite", "Sonderregel"))

    def sheets(text: str) -> list[object]:
        return [yamlio.load(block).data for block in re.findall(r"```yaml\n(.*?)```", text, re.S)]

    def tables(text: str) -> list[int]:
        return [line.count("|") for line in text.splitlines() if line.lstrip().startswith("|")]

    assert sheets(page) == sheets(original) and len(sheets(page)) == 2  # the same orders, key for key
    assert tables(page) == tables(original) and len(tables(page)) == 23  # offers, fares, variants: cell for cell
    assert not (german.root / "site/rules/auf-achse.de.md").exists()  # one page, no second one in the menu
    english_league = tmp_path / "league"
    assert cli.main(["init", str(english_league), "--requirement", "turnpress==0.1.0"]) == 0
    assert add_rules_pages(english_league, get("auf-achse"), "en") == ["site/rules/auf-achse.md"]
    assert (english_league / "site/rules/auf-achse.md").read_text(encoding="utf-8") == original
    assert len(english(markdown_parts(original)[0])) > 100  # the finder reads the English page as English


def test_the_orders_of_the_thirty_years_war_s_german_rules_page_read_in_a_german_game(german: League):
    """The German 30JK page's order lines (the English page's, which the German game takes too: `C` beside `K`,
    the judges' words beside the German ones) are read by `validate` of the German league's 30JK game: what it
    refuses is the position's (no unit of Sweden's there, no religion points before the first Fall, no start
    confession without confessions=chosen), never a line it cannot read."""
    _, commands, _ = markdown_parts((german.root / "site/rules/dreissigjaehriger-krieg.md").read_text(encoding="utf-8"))
    lines = [c for c in commands if c.startswith("  - ")]
    assert len(lines) == 21
    head = german.run("template", "dk", "schw").split("\norders:\n")[0]
    sheet = german.desk / "seite.yaml"
    sheet.write_text(head + "\norders:\n" + "\n".join(lines) + "\n", encoding="utf-8")
    said = german.run("validate", str(sheet), code=1).splitlines()
    faults = [line.split(": Fehler: ", 1)[1] for line in said if ": Fehler: " in line]
    allowed = ("keine eigene Einheit in ", "Religionspunkte, diese Aktionen brauchen", "die Startkonfession wird nur")
    assert len(faults) == len(said) - 1 and faults, said
    assert [f for f in faults if not any(a in f for a in allowed)] == [], said


def test_a_german_league_s_home_page_and_news_index_are_german(german: League):
    """The league's own pages speak the league's language (init --language de): the home page said "The
    league", "Games", "Latest issues" and "3 players" in every league."""
    home = (german.root / "site/index.md").read_text(encoding="utf-8")
    news = (german.root / "site/news/index.md").read_text(encoding="utf-8")
    assert "# Die Liga\n" in home and "## Partien\n" in home and " · 3 Spieler\n" in home, home
    assert english(home) == [] and english(news) == []
    # the calendar of every deadline, as a calendar app names it (it was "turnpress deadlines" in every league; the
    # finder reads 'turnpress WORD' as a command)
    assert "X-WR-CALNAME:turnpress: Abgabeschlüsse" in german.master["the league's calendar"].splitlines()


MALFORMED = {  # a sheet a player broke -> where the reader finds it (line, column)
    "orders:\n  production: [1, 2\n": (3, 1),
    "orders:\n  production:\n    harvest: 5\n   energy: 3\n": (4, 4),
    "orders:\n  production: {harvest: 5\n": (3, 1),
    "orders:\n  production: harvest: 5\n": (2, 22),
    "orders:\n  - x\n y: 1\n": (3, 2),
    "orders:\n  a: 'x\n": (3, 1),
    'orders:\n  a: "\\q"\n': (2, 7),
    "orders:\n  a: @x\n": (2, 6),
    "orders:\n  a: &x 1\n  b: *x\n": (2, 6),
    "orders:\n  a: *nirgends\n": (2, 6),
    "orders:\n  a: !x!y 1\n": (2, 6),
    "orders:\n  - a\n  b: 1\n": (3, 3),
    "orders:\n  a: 1\n  b\n": (4, 1),
    "orders:\n  a: \x07\n": (2, 6),
    "orders:\n\ta: 1\n": (2, 1),
    "orders: 1\n---\norders: 2\n": (2, 1),
}


@pytest.mark.parametrize("sheet", sorted(MALFORMED), ids=lambda s: repr(s)[1:30])
def test_the_yaml_reader_s_findings_in_a_malformed_sheet_are_german(sheet: str):
    """A sheet a player of a German game broke (issue 31: yamlio's errors, the lines a player reads when the file
    is no YAML): the finding names line and column and says in German what is wrong and what to write, libyaml's
    own words (a context and a problem) too; English keeps yamlio's own words."""
    from adjudicator.kit.orders import OrdersPath, read_envelope

    header = "game: bw\nturn: 1\nplayer: anna\n"
    where = OrdersPath("bw", 1, "anna")
    _, [found] = read_envelope("bw.yaml", (header + sheet).encode(), where, "de")
    line, column = MALFORMED[sheet]
    assert (found.line - 3, found.column) == (line, column), found
    said = found.text("de")
    assert english(said) == [] and found.hint, said
    with pytest.raises(yamlio.YamlInputError) as raised:
        yamlio.load((header + sheet).encode())
    libyaml = [str(raised.value.values.get(k)) for k in ("context", "problem") if raised.value.values.get(k)]
    assert not [words for words in libyaml if words in said], said
    assert raised.value.message not in said


SCHEDULE_FAULTS = [("parse", {"first": "2099-01-11 20:00", "every": "nie"}), ("parse", {"every": "7 days"}),
                   ("parse", {"first": "bald"}), ("parse", {"first": "2099-01-11 20:00", "timezone": "Mars/Olymp"}),
                   ("parse", {"first": "2099-01-11 20:00", "grace": -1}),
                   ("parse", {"first": "2099-01-11 20:00", "extend": {"x": "2099-01-12 20:00"}}),
                   ("parse", {"first": "2099-01-11 20:00", "every": "0 days"}),
                   ("parse", {"first": "2099-01-11 20:00", "phases": ["retreat"]}),
                   ("parse", {"first": "2099-01-11 20:00", "remind": "ewig"}),
                   ("parse", {"first": "2099-01-11 20:00", "absence": "999 days"}),
                   ("parse", {"first": "2099-01-11 20:00", "nmr_extension": {"times": 0}}),
                   ("spec_from_cli", "quatsch"), ("spec_from_cli", "nmr_extension=oft")]


@pytest.mark.parametrize(("how", "given"), SCHEDULE_FAULTS, ids=lambda v: str(v)[:24])
def test_every_schedule_fault_is_said_in_german_and_english_keeps_its_words(how: str, given: object):
    """A schedule the game master wrote wrong (issue 31: schedule.py speaks English and names its message): a German
    game's command says it in German through the commands' catalog; the catalog's English is schedule.py's own,
    byte for byte."""
    from adjudicator import schedule
    from adjudicator.kit.catalog import COMMANDS

    with pytest.raises(schedule.ScheduleError) as raised:
        getattr(schedule, how)(given)
    e = raised.value
    assert COMMANDS.say("en", e.word, **e.values) == str(e)
    german_words = COMMANDS.told("de", e)
    assert german_words != str(e) and english(german_words) == [], german_words


@pytest.mark.parametrize(("every", "de", "en"), [("1 day", "jeden Tag", "every 1 day"),
                                                  ("14 days", "alle 14 Tage", "every 14 days"),
                                                  ("weekly mon thu", "wöchentlich Mo, Do", "weekly on mon, thu"),
                                                  ("monthly 5", "monatlich am 5.", "monthly on day 5")])
def test_a_game_page_s_schedule_is_said_in_the_site_catalog_s_words(every: str, de: str, en: str,
                                                                     monkeypatch: pytest.MonkeyPatch):
    """The game page's schedule ("alle 7 Tage, Europe/Berlin") was a grammar of its own beside the catalog (German
    weekdays in a table of pages.py, English "every weekly mon thu"); its words are the site catalog's now, the days
    by the language's plural rule: a word changed in the catalog changes the page."""
    from adjudicator.kit.catalog import SITE
    from adjudicator.kit.words import every_said

    assert (every_said(every, "de"), every_said(every, "en")) == (de, en)
    for key in ("every.days.one", "every.days.other", "every.weekly", "every.monthly", "day.mon", "day.thu"):
        monkeypatch.setitem(SITE.table()["de"], key, "«" + SITE.table()["de"][key] + "»")
    assert "«" in every_said(every, "de")


def test_a_german_game_s_issue_the_map_dialog_and_the_orders_page_counts_are_german(german: League):
    """The 30JK page says whose orders are due next (the English page did, the German one never: issue 31); the
    site's script carries the map dialog's German words from the catalog, and the orders page hands its script the
    plural rule with its German words ({count|Fehler|Fehler}, never "error(s)")."""
    issue = german.read["dk: issue 0001.md"]
    assert re.search(r"^Als Nächstes: \*\*.+\*\* — Befehle erwartet von .+\.$", issue, re.M), issue
    script = (german.root / "site/javascripts/turnpress.js").read_text(encoding="utf-8")
    assert '"open": "Karte groß öffnen"' in script and "tp:zoom-words" not in script
    page = (german.root / "site/games/dk/orders.md").read_text(encoding="utf-8")
    assert 'data-plural-one="[1]"' in page and "{count|Fehler|Fehler}" in html.unescape(page)
    assert "error(s)" not in html.unescape(page)


def test_the_pull_request_check_of_an_absence_file_speaks_the_game_s_language():
    """A player of a German game who changes an absence that has begun, or adds one in the past, reads the pull
    request check's refusal in German (it said "the absence from ... has begun: it stays as it is"); the file's
    own faults come from the same catalog as every command's."""
    import datetime as dt

    from adjudicator.kit.orders import say
    from adjudicator.league.absence import Absences, changes_in_the_past, parse

    d = dt.date
    old = Absences("f", "anna", ((d(2099, 1, 3), d(2099, 1, 6)),))
    new = Absences("f", "anna", ((d(2099, 1, 4), d(2099, 1, 5)),))
    said = changes_in_the_past(old, new, d(2099, 1, 5), "de")
    assert said == ["die Abwesenheit vom 2099-01-03 bis 2099-01-06 hat begonnen: sie bleibt, wie sie ist",
                    "die Abwesenheit ab 2099-01-04 beginnt in der Vergangenheit"]
    assert english("\n".join([*said, say("de", "pr.absence.past.hint"), say("de", "pr.absence.none.hint")])) == []
    with pytest.raises(Exception, match="Abwesenheitsdatei") as raised:
        parse("absences/bw/anna.yaml", b"game: bw\nplayer: anna\nfort: ja\n", "bw", "anna", dt.timedelta(days=14),
              "de")
    assert english(str(raised.value)) == [], raised.value


def test_the_pull_request_check_of_a_ruling_speaks_the_game_s_language():
    """The game master's pull request of a ruling in a German game: the check's refusals and its "understood" line
    were English (pipeline/prcheck.py _check_ruling); they are the check's catalog's now, German complete."""
    from adjudicator.kit.catalog import CHECK

    words = {k: v for k, v in CHECK.table()["de"].items() if k.startswith(("pr.ruling.", "pr.absence."))}
    assert len(words) >= 20 and set(words) == {k for k in CHECK.table()["en"] if k.startswith(("pr.ruling.",
                                                                                                "pr.absence."))}
    assert english("\n".join(words.values())) == [], words
    assert CHECK.say("de", "pr.ruling.understood", by="sl", turn=3, reason="Urlaub") == \
        "Eine Entscheidung von sl für Zug 3: Urlaub"


def test_the_lower_layers_faults_are_said_in_german(german: League, monkeypatch: pytest.MonkeyPatch):
    """Faults raised below the commands, which spoke English in a German game (issue 31): a ruling's correction of
    a place the state lacks, a ruling's new key that is none (the encryption library's words), a key that is none
    or a secret one given to 'keys add', a key file that is missing or holds no key, a game without its key, a
    full disk, a file that is no orders file (validate's own words, 'error:' and its count too), a --now that is no
    time, a preview of a file of another game. Each is German and names what to write instead."""
    ruling = german.root / "rulings/dk/0002.yaml"  # the open turn's ruling, committed: each fault is undone
    said = {}
    for fault, text in (("correct", "correct:\n  - {path: [nirgends, x], value: 1}\n"),
                        ("recipient", "replace:\n  - {seat: pfal, login: neu, id: 4242, recipient: age1kaputt}\n")):
        ruling.write_text(ruling.read_text(encoding="utf-8") + text, encoding="utf-8")
        said[fault] = german.run("adjudicate", "dk", "--early", code=None)
        if fault == "correct":  # the deadline run names the game's fault in its language too, committing nothing
            german.git("commit", "-qam", "eine Korrektur")
            said["deadline, a correction of no place"] = german.run("deadline", "--game", "dk", "--now",
                                                                    "2099-03-02T08:00+01:00", code=None)
            german.git("reset", "-q", "--hard", "HEAD~1")
        german.git("checkout", "--", "rulings/dk/0002.yaml")
    assert "correct: der Stand hat keine Stelle ['nirgends', 'x']; Nennen Sie" in said["correct"], said
    assert "correct: der Stand hat keine Stelle ['nirgends', 'x']" in said["deadline, a correction of no place"]
    assert "recipient: der Schlüssel aus 10 Zeichen, der mit 'age1' beginnt, ist kein gültiger" in said["recipient"]
    said["keys add, no key"] = german.run("keys", "add", "dk", "schw", "age1kaputt", code=None)
    said["keys add, a secret key"] = german.run("keys", "add", "dk", "schw", "AGE-SECRET-KEY-1XYZ", code=None)
    assert "ist kein gültiger öffentlicher Schlüssel" in said["keys add, no key"]
    assert "das ist ein geheimer Schlüssel, kein öffentlicher" in said["keys add, a secret key"]
    said["open, no key file"] = german.run("open", "dk", "--identity", str(german.desk / "fehlt.key"), code=None)
    assert "fehlt.key gibt es nicht: Nennen Sie die Datei" in said["open, no key file"]
    said["open, no key in it"] = german.run("open", "dk", "--identity", str(german.desk / "kopflos.yaml"), code=None)
    assert "kopflos.yaml: darin steht kein Schlüssel" in said["open, no key in it"]
    config = german.root / "games/dk/game.yaml"
    config.write_text(re.sub(r"(?m)^key: .*\n", "", config.read_text(encoding="utf-8")), encoding="utf-8")
    said["seal, a game without its key"] = german.run("seal", str(german.desk / "dk-schw.yaml"), code=None)
    said["adjudicate, a game without its key"] = german.run("adjudicate", "dk", "--early", code=None)
    german.git("checkout", "--", "games/dk/game.yaml")
    assert "dk hat keinen Schlüssel: die Spielleitung erzeugt ihn mit 'turnpress keys new dk'" in \
        said["seal, a game without its key"]
    assert "dk hat einen verborgenen Stand und keinen Schlüssel" in said["adjudicate, a game without its key"]
    import errno

    def full(args: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device", "games/dk/turns/0002/state.yaml")

    monkeypatch.setattr("adjudicator.cli.games.status", full)
    said["status, the disk full"] = german.run("status", "dk", code=2)
    monkeypatch.undo()
    assert "der Datenträger ist voll (beim Schreiben von games/dk/turns/0002/state.yaml)" in \
        said["status, the disk full"]
    said["validate, no orders file"] = german.run("validate", str(german.root / "README.md"), code=1)
    assert said["validate, no orders file"].rstrip().endswith("1 Datei, 1 Fehler, 0 Warnungen")
    assert "README.md:1:1: Fehler: keine Befehlsdatei" in said["validate, no orders file"]
    said["validate, no such file"] = german.run("validate", str(german.root / "orders/dk/0002/schw.yaml"), code=1)
    assert "diese Datei gibt es nicht" in said["validate, no such file"]
    said["status, --now that is no time"] = german.run("status", "dk", "--now", "gestern", code=2)
    assert "--now 'gestern': Schreiben Sie eine Zeit nach ISO" in said["status, --now that is no time"]
    said["preview, another game's file"] = german.run("preview", "dk", str(german.desk / "aa-anke.yaml"), code=None)
    assert "aa-anke.yaml ist keine Befehlsdatei von dk" in said["preview, another game's file"]
    assert german.git("status", "--porcelain").strip() == ""
    found = {what: lines for what, text in said.items() if (lines := english(text))}
    assert found == {}, "\n".join(f"{what}: {line}" for what, lines in found.items() for line in lines)


def test_a_failed_site_build_says_in_german_what_failed_and_quotes_mkdocs(german: League,
                                                                          monkeypatch: pytest.MonkeyPatch):
    """mkdocs' own complaint has no German: a German league's 'site build' says in German what failed and what to
    do, and quotes mkdocs' words below it (it printed "mkdocs build --strict failed:" and mkdocs' English only)."""
    import subprocess

    from adjudicator.newsletter import site as sitemod

    complaint = "ERROR    -  Config value 'plugins': The \"nirgends\" plugin is not installed\nAborted with 1 error!"
    monkeypatch.setattr(sitemod, "generate", lambda root, **kw: (3, 0))  # the pages are written already
    monkeypatch.setattr(sitemod, "mkdocs", lambda root, *args: subprocess.CompletedProcess(args, 1, "", complaint))
    said = german.run("site", "build", code=1)
    assert said.startswith("turnpress site build: mkdocs build --strict ist gescheitert: ") and "Beheben Sie" in said
    own = [line for line in said.splitlines() if not line.startswith("  > ")]
    assert english("\n".join(own)) == [], said
    assert "  > ERROR    -  Config value 'plugins': The \"nirgends\" plugin is not installed\n  > Aborted" in said


def test_verify_says_what_changed_in_the_set_up_in_german(german: League):
    """A set-up changed by a commit (a player's name and role in game.yaml): verify's finding listed the parts in
    English ("player anke's name, role") inside its German sentence."""
    config = german.root / "games/aa/game.yaml"
    config.write_text(config.read_text(encoding="utf-8").replace("  name: Anke\n", "  name: Anka\n", 1)
                      .replace("  role: HH\n", "  role: M\n", 1), encoding="utf-8")
    german.git("commit", "-qam", "Anke heißt Anka")
    try:
        said = german.run("verify", "aa", code=1)
    finally:
        german.git("reset", "-q", "--hard", "HEAD~1")
    found = [line for line in said.splitlines() if "der Aufbau in game.yaml wurde von Commit" in line]
    assert found and found[0].endswith("geändert: bei Spieler anke: name, role (nur eine veröffentlichte "
                                       "Entscheidung darf ihn ändern)"), said
    assert english(found[0]) == []


def test_the_pull_request_check_of_a_german_game_says_every_line_in_german(german: League, tmp_path: Path):
    """A player of the 30JK opens pull requests the check refuses (issue 31: pr-check's refusals outside orders,
    rulings and absences were English, its receipt's head and verdict too): files a player must not touch, orders
    for another player's country, for a past turn, a unit ordered twice, a file too large, YAML that does not read,
    a sealed file that is no envelope, a plain file in a game of sealed orders, a pull request that changes
    nothing. Every line pr-check prints is German, and each names what to do instead."""
    clone = tmp_path / "fork"
    git(tmp_path, "clone", "-q", str(german.root), str(clone))
    git(clone, "config", "user.name", "Schweden")
    git(clone, "config", "user.email", "schw@example.org")
    base = german.git("rev-parse", "HEAD").strip()
    sheet = german.run("template", "dk", "schw")
    orders = sheet  # the sheet holds every unit, as the template writes it: holding
    unit = re.search(r"(?m)^  - (\S+ \S+) hält  #", sheet)[1]  # type: ignore[index]
    armored = "-----BEGIN AGE ENCRYPTED FILE-----\nkaputt\n-----END AGE ENCRYPTED FILE-----\n"

    def check(number: int, files: dict[str, str | None]) -> str:
        git(clone, "switch", "-q", "-C", f"pr-{number}", base)
        for rel, text in files.items():
            if text is None:
                git(clone, "rm", "-q", rel)
                continue
            (clone / rel).parent.mkdir(parents=True, exist_ok=True)
            (clone / rel).write_text(text, encoding="utf-8")
            git(clone, "add", "-f", rel)
        git(clone, "commit", "-qm", "Befehle", "--allow-empty")
        event = tmp_path / f"event-{number}.json"
        event.write_text(json.dumps({"pull_request": {
            "number": number, "user": {"login": "schw", "id": 1008}, "base": {"sha": base},
            "head": {"sha": git(clone, "rev-parse", "HEAD").strip()}}}), encoding="utf-8")
        return german.run("pr-check", "--repo", str(clone), "--event", str(event), "--now", "2099-01-20T10:00+01:00",
                          code=None)

    # one pull request can carry many files, each judged on its own: fewer runs of the check
    said = {
        "files a player must not touch, others' orders, a past turn, no envelope, a plain file, too large": check(1, {
            "games/dk/game.yaml": "players: []\n", ".github/workflows/orders.yml": "on: push\n", "notizen.txt": "x\n",
            "site/index.md": "# Meine Liga\n", "rulings/dk/neu.yaml": "reason: x\n", "orders/README.md": None,
            "orders/dk/0002/baye.yaml.age": armored, "orders/dk/0001/schw.yaml.age": armored,
            "orders/dk/0002/schw.yaml.age": "kaputt\n", "orders/dk/0002/schw.yaml": orders,
            "orders/dk/0003/schw.yaml.age": armored + "#" * 400_000}),  # the size is judged before the turn
        "nothing": check(2, {}),
    }
    garbled = tmp_path / "event.json"
    garbled.write_text("{}", encoding="utf-8")
    said["an event of neither kind"] = german.run("pr-check", "--event", str(garbled), code=2)
    config = german.root / "games/dk/game.yaml"  # the same game taking open orders: the check reads their content
    config.write_text(config.read_text(encoding="utf-8").replace("  orders: sealed\n", "  orders: open\n"),
                      encoding="utf-8")
    try:
        said |= {
            "open: others' orders, a past turn, a unit twice, sealed orders, too large": check(3, {
                "orders/dk/0002/baye.yaml": orders.replace("player: schw", "player: baye"),
                "orders/dk/0001/schw.yaml": orders.replace("turn: 2", "turn: 1"),
                "orders/dk/0002/schw.yaml": orders + f"  - {unit} H\n", "orders/dk/0002/schw.yaml.age": armored,
                "orders/dk/0003/schw.yaml": orders + "#" * 270_000 + "\n"}),
            "open: no YAML": check(4, {"orders/dk/0002/schw.yaml": orders.replace("orders:\n",
                                                                                  "orders:\n  - [kaputt\n")}),
            "open: valid": check(5, {"orders/dk/0002/schw.yaml": orders}),
        }
    finally:
        german.git("checkout", "--", "games/dk/game.yaml")
    assert "das Ereignis ist weder das eines pull_request noch das einer merge_group" in \
        said["an event of neither kind"]
    sealed, opened = (said[k] for k in said if k.endswith("too large"))
    assert "## Befehlsquittung — Pull-Request #1 von @schw" in sealed and "**❌ abgelehnt: 11 Probleme**" in sealed
    assert "notizen.txt liegt außerhalb von orders/" in sealed
    assert "games/dk/game.yaml ändert den Stand, den Aufbau oder die Berichte einer Partie" in sealed
    for both in (sealed, opened):
        assert "dies sind die Befehle von Bayern (baye); dieser Pull-Request ist von schw" in both
        assert "Zug 1 von dk ist schon ausgewertet; offen ist Zug 2" in both
    assert "keine versiegelte Befehlsdatei: sie beginnt nicht mit" in sealed
    assert "dk nimmt versiegelte Befehle: diese offene Datei zeigt Ihre Befehle allen" in sealed
    assert "eine versiegelte Befehlsdatei hat höchstens" in sealed
    assert "der Pull-Request ändert keine Datei — fügen Sie Ihre Befehlsdatei" in said["nothing"]
    assert "die Einheit hat schon einen Befehl" in opened and "dk nimmt offene Befehle, keine versiegelten" in opened
    assert "eine Befehlsdatei hat höchstens 262144" in opened
    assert "kein gültiges YAML" in said["open: no YAML"]
    assert "**✅ gültig: diese Befehle können gemergt werden**" in said["open: valid"], said["open: valid"]
    found = {what: lines for what, text in said.items() if (lines := english(text))}
    assert found == {}, "\n".join(f"{what}: {line}" for what, lines in found.items() for line in lines)


def test_a_verify_finding_s_words_inside_its_values_are_said_in_german():
    """The values of a finding that are words (the parts of a set-up that changed, the deadline's move for absences,
    an error's own message) were English fragments inside the German sentence; English keeps them as they were."""
    from adjudicator.engine.verify import _found, _parts
    from adjudicator.errors import SealError

    changed = _found("g", 0, "setup_changed", commit="abc (x)",
                     what=_parts([("removed", {"player": "anna"}), ("dice", {"part": "commitment"}), ("data", {})]))
    assert changed.what == ("the set-up in game.yaml was changed by commit abc (x): player anna removed; the dice "
                            "commitment; the pinned data (data:, the hashes of the rules' data files) (only a "
                            "published ruling may change it)")
    moved = _found("g", 2, "absence_move", got=_parts([("moved", {"to": "2099-01-20T20:00+01:00", "players": "anna"})]),
                   expected=_parts([("no_move", {})]))
    unopened = _found("g", 2, "sealed_unopened", name="private/anna.yaml.age",
                      error=SealError("it is not sealed to this key", word="seal.other_key"))
    assert "(to 2099-01-20T20:00+01:00 for anna)" in moved.text("en") and "(none)" in moved.text("en")
    said = [f.text("de") for f in (changed, moved, unopened)]
    assert "Spieler anna entfernt; bei den Würfeln: commitment" in said[0] and "(keine)" in said[1], said
    assert english("\n".join(said)) == [], said


@pytest.mark.parametrize(("argv", "said"), [
    (["template", "dk"], "turnpress template: Fehler: diese Argumente fehlen: SPIELER"),
    (["status", "dk", "--bogus"], "turnpress: Fehler: unbekannte Argumente: --bogus"),
    (["verify", "dk", "--since"], "turnpress verify: Fehler: Argument --since: verlangt einen Wert"),
    (["quatsch"], "turnpress: Fehler: Argument BEFEHL: 'quatsch' steht nicht zur Wahl (wählen Sie aus 'new', "),
    (["adjudicate", "--due", "--budget", "90000"], "Argument --budget: '90000': Schreiben Sie eine ganze Zahl von "
                                                   "Sekunden, 0 bis 86400"),
    (["open", "bw", "--identity", "x", "--turn", "zwei"], "Argument --turn: 'zwei' ist keine ganze Zahl")])
def test_a_command_line_the_parser_refuses_is_said_in_german(german: League, argv: list[str], said: str,
                                                             capsys: pytest.CaptureFixture[str]):
    """argparse's refusals ("the following arguments are required: player", "unrecognized arguments") were English
    in a German league; they are said in the league's language, under the command's usage ("Aufruf:"), exit 2.
    The usage names the arguments in German too ("[--league LIGA] ... PARTIE SPIELER"), and so does the refusal."""
    capsys.readouterr()
    with pytest.raises(SystemExit) as done:
        cli.main(["--league", str(german.root), *argv])
    err = capsys.readouterr().err
    assert done.value.code == 2 and err.startswith("Aufruf: turnpress") and said in err, err
    assert "[--league LIGA]" in err and english(err) == [], err


@pytest.mark.parametrize("command", [["--help"], ["new", "--help"], ["adjudicate", "-h"], ["keys", "add", "--help"],
                                     ["site", "build", "--help"], ["end", "dk", "--help"], ["pr-check", "--help"]])
def test_the_help_of_a_command_is_said_in_german(german: League, command: list[str],
                                                 capsys: pytest.CaptureFixture[str]):
    """--help in a German league printed argparse's English ("usage:", "positional arguments", "show this help
    message and exit") and every help text and metavar in English (issue 31); it says them in German, with the
    commands, flags and the values to write ('7 days', {text,github}) as they are."""
    capsys.readouterr()
    with pytest.raises(SystemExit) as done:
        cli.main(["--league", str(german.root), *command])
    out = capsys.readouterr().out
    assert done.value.code == 0 and out.startswith("Aufruf: turnpress") and "\nOptionen:\n" in out, out
    assert "  -h, --help" in out and "diese Hilfe zeigen und beenden" in out
    assert english(re.sub(r"(?m)^    [a-z][a-z-]*(?= )", "", out)) == [], out  # but the commands' names


def test_every_help_and_metavar_of_the_command_line_has_its_german_word():
    """Every text the parser tree shows has a word in the commands' catalog whose English is the tree's text: a
    flag added or a help changed in cli/parser.py without its words would be English in a German league's --help."""
    import argparse

    from adjudicator.cli.parser import build_parser, localize

    def shown(parser: argparse.ArgumentParser) -> list[tuple[str, str]]:
        found = [("description", str(parser.description))]
        for action in parser._actions:
            named = action.metavar or (action.dest.upper() if action.option_strings else action.dest)
            found += [("help", str(action.help))]
            found += [("metavar", str(named))] if action.nargs != 0 and action.choices is None or action.metavar else []
            if isinstance(action, argparse._SubParsersAction):
                found += [("help", str(c.help)) for c in action._choices_actions]
                found += [pair for child in action.choices.values() for pair in shown(child)]
        return found

    english_tree, german_tree = build_parser(rulesets=True), build_parser(rulesets=True)
    localize(german_tree, "de")
    same = {("metavar", "None"), ("help", "None"), ("description", "None"), ("metavar", "REF"),
            ("metavar", "'7 days'"), ("metavar", "REMOTE"), ("metavar", "LOGIN")}  # the same in German
    pairs = [(e, g) for e, g in zip(shown(english_tree), shown(german_tree), strict=True) if e not in same]
    assert pairs and [e for e, g in pairs if e == g] == []


def test_faults_raised_below_the_commands_are_said_in_german(german: League, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch):
    """Faults the layers below the commands raised as English sentences with no catalog word were English in a
    German league (issue 31): a join to a seat that was the player's, a report a replay cannot take (its digest,
    an absence beyond the schedule, an NMR extension the schedule lacks, a key missing), the game's key missing,
    another run holding the league, git failing, init of a folder in use, a workflow's event file that is missing,
    a folder or no JSON (the system's and the JSON library's English: "Expecting value: line 1 column 1"), remind's
    --out that is a file (a traceback) and --budget out of range. verify's "cannot be checked" took English for
    the fault even when the league is German."""
    import fcntl
    import os

    from adjudicator.league import history, store

    said: dict[str, str] = {}
    seats = store.Game.seats
    monkeypatch.setattr(store.Game, "seats", lambda self, turn=None: [
        {**s, "login": "neu", "id": 77} if s.get("key") == "anna" else s for s in seats(self, turn)])
    said["join, a seat that was theirs"] = german.run("join", "bw", "Anna:anna:1:agrar", code=2)
    monkeypatch.undo()
    assert "anna kann nicht in bw einsteigen: der Sitz anna gehörte schon diesem Konto (jetzt spielt ihn neu)" in \
        said["join, a seat that was theirs"]
    for game, faults in (("aa", {"digest": ("  digest: envelopes\n", "  digest: sha3\n")}),
                         ("bw", {"absence": ("\norders:\n", '\norders:\n  absence: {from: "2099-01-11T20:00+01:00"'
                                             ', to: "2099-06-11T20:00+02:00", players: [anna]}\n'),
                                 "extension": ("\norders:\n", '\norders:\n  extension: {from: '
                                               '"2099-01-11T20:00+01:00", players: [anna]}\n'),
                                 "a key missing": ("\norders:\n", "\norders:\n  extension: {players: [anna]}\n")})):
        report = german.root / f"games/{game}/turns/0001/report.yaml"
        for fault, (was, now) in faults.items():
            text = report.read_text(encoding="utf-8")
            assert was in text, text
            report.write_text(text.replace(was, now, 1), encoding="utf-8")
            try:
                said[f"verify, a report with {fault}"] = german.run("verify", game, "--worktree", code=1)
            finally:
                german.git("checkout", "--", report.relative_to(german.root).as_posix())
    assert "aa: der Bericht von Zug 1 nennt den Digest 'sha3'; dieses turnpress kennt 'envelopes'" in \
        said["verify, a report with digest"]
    assert "bw: der Bericht von Zug 1 verschiebt dessen Abgabeschluss für Abwesenheiten weiter, als der Zeitplan " \
           "erlaubt" in said["verify, a report with absence"]
    assert "bw: der Bericht von Zug 1 hält eine NMR-Verlängerung fest, und der Zeitplan hat keine" in \
        said["verify, a report with extension"]
    assert "bw: kann nicht geprüft werden: games/bw/turns/0001/report.yaml: orders.extension.from fehlt" in \
        said["verify, a report with a key missing"]
    key = german.root / ".secrets/aa.key"
    key.rename(tmp_path / "aa.key")
    try:
        said["adjudicate, the game's key missing"] = german.run("adjudicate", "aa", "--early", code=2)
    finally:
        (tmp_path / "aa.key").rename(key)
    assert "der Schlüssel der Partie aa fehlt: Setzen Sie TURNPRESS_GAME_KEY_AA" in \
        said["adjudicate, the game's key missing"]
    fd = os.open(history.git_dir(german.root) / history.RUN_LOCK, os.O_RDWR | os.O_CREAT, 0o644)
    try:  # another run holds the league
        fcntl.flock(fd, fcntl.LOCK_EX)
        said["pause, another run holds the league"] = german.run("pause", "bw", "--reason", "Urlaub", code=2)
    finally:
        os.close(fd)
    assert "ein anderer Lauf von turnpress ändert gerade diese Liga" in said["pause, another run holds the league"]
    head, lock = german.git("rev-parse", "HEAD").strip(), german.root / ".git/index.lock"
    lock.touch()  # what a git command that crashed leaves
    try:
        said["pause, git's index locked"] = german.run("pause", "bw", "--reason", "Urlaub", "--commit", code=2)
    finally:
        lock.unlink()
        german.git("reset", "-q", "--hard", head)
    assert "index.lock liegt schon da: ein anderer git-Befehl arbeitet gerade in diesem Repository" in \
        said["pause, git's index locked"]
    said["deadline, git fails"] = german.run("deadline", "--push", "--remote", "nirgends", code=2)
    assert "git kennt dieses entfernte Repository nicht: Prüfen Sie seinen Namen" in said["deadline, git fails"]
    said["init, a folder in use"] = german.run("init", str(german.root), "--language", "de", code=2)
    assert "gibt es schon und ist nicht leer; 'turnpress init' legt eine neue Liga" in said["init, a folder in use"]
    garbled = tmp_path / "event.json"
    garbled.write_text("kaputt", encoding="utf-8")
    for command in ("pr-check", "deadline"):
        said[f"{command}, an event file that is no JSON"] = german.run(command, "--event", str(garbled), code=2)
        assert "event.json: kein JSON (Zeile 1, Spalte 1); Geben Sie $GITHUB_EVENT_PATH" in \
            said[f"{command}, an event file that is no JSON"]
    said["pr-check, no event file"] = german.run("pr-check", "--event", str(tmp_path / "fehlt.json"), code=2)
    assert "fehlt.json: diese Datei gibt es nicht" in said["pr-check, no event file"]
    said["deadline, an event file that is a folder"] = german.run("deadline", "--event", str(tmp_path), code=2)
    assert ": ein Ordner, keine Datei" in said["deadline, an event file that is a folder"]
    said["remind --out, a file"] = german.run("remind", "--out", str(garbled / "x"), code=2)
    assert "dort steht eine Datei, wo ein Ordner hingehört" in said["remind --out, a file"]
    said["open, a key file that is a folder"] = german.run("open", "bw", "--identity", str(tmp_path), code=2)
    said["seal, no such file"] = german.run("seal", str(tmp_path / "fehlt.yaml"), code=2)  # it was a traceback
    assert "fehlt.yaml: diese Datei gibt es nicht — prüfen Sie den Pfad" in said["seal, no such file"]
    assert "ist ein Ordner, keine Schlüsseldatei: Nennen Sie die Datei" in said["open, a key file that is a folder"]
    from adjudicator.cli import events, rerun
    from adjudicator.errors import LeagueError

    (tmp_path / "gefunden.yaml").write_text("game: bw\norders: [kaputt\n", encoding="utf-8")
    with pytest.raises(LeagueError) as refused:  # rerun --found: its open turn has a ruling already in the league
        rerun._found(f"anna={tmp_path / 'gefunden.yaml'}", events.Context(store.load_game(german.root, "bw"),
                                                                         cli.values.parse_now(None)))
    said["rerun --found, a file that is no YAML"] = str(refused.value)
    assert "gefunden.yaml:3:1: kein gültiges YAML: " in said["rerun --found, a file that is no YAML"], refused.value
    assert german.git("status", "--porcelain").strip() == ""
    quoted = re.compile(r"git meldet selbst: »[^«]*«|von Commit [0-9a-f]+ \(.*\)\)", re.DOTALL)  # git's, a subject
    found = {what: lines for what, text in said.items() if (lines := english(quoted.sub("", text)))}
    assert found == {}, "\n".join(f"{what}: {line}" for what, lines in found.items() for line in lines)


GITS_OWN = re.compile(r"git meldet selbst: »[^«]*«", re.DOTALL)  # git's own words, quoted as its own


def said_of_git(text: str) -> str:
    """``text`` without git's own words, which a German line quotes as git's (English, or German where git is)."""
    assert "git meldet selbst: »" in text, text
    return GITS_OWN.sub("", text)


def no_git_identity(monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    """git as a new machine has it: no name, no e-mail address, none to guess (``user.useConfigOnly``)."""
    for name in ("GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL", "EMAIL"):
        monkeypatch.delenv(name, raising=False)
    home.mkdir(exist_ok=True)
    for name, value in (("HOME", str(home)), ("XDG_CONFIG_HOME", str(home)), ("GIT_CONFIG_NOSYSTEM", "1"),
                        ("GIT_CONFIG_GLOBAL", "/dev/null"), ("GIT_CONFIG_COUNT", "1"),
                        ("GIT_CONFIG_KEY_0", "user.useConfigOnly"), ("GIT_CONFIG_VALUE_0", "true")):
        monkeypatch.setenv(name, value)


def test_a_game_master_s_first_steps_that_git_refuses_are_said_in_german(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch):
    """What git refuses a game master most often was quoted as git's English after a German "git ... ist
    gescheitert" (issue 31), or was English whole: a commit on a machine where git knows no name ('new --commit'
    printed "git commit-tree ... failed: Author identity unknown", the command's language lost with the game it
    took back, and its key stayed in .secrets/, so that the command could not run again), a remote or a branch
    that is not there, a push the remote refuses (its reason was not said at all). Each is said in German with
    what to do; git's words follow, quoted as git's own. A small league of its own: no site build."""
    league = League(tmp_path / "liga", tmp_path)
    league.run("init", str(league.root), "--title", "Kleine Liga", "--language", "de")
    no_git_identity(monkeypatch, tmp_path / "home")
    league.git("add", "-A")
    league.git("-c", "user.name=Spielleitung", "-c", "user.email=sl@example.org", "commit", "-qm", "Liga")
    new = ("new", "bretton-woods", "bw", *players("bw"), "--schedule", SCHEDULE, "--commit")
    said = {"new --commit, git knows no name": league.run(*new, code=2)}
    assert "git weiß nicht, wer Sie sind, und committet nicht ohne Namen und E-Mail-Adresse: Tragen Sie beide ein " \
           "(git config user.name 'Ihr Name' und git config user.email 'sie@example.org'" in \
           said["new --commit, git knows no name"]
    assert not (league.root / "games/bw").exists() and not (league.root / ".secrets/bw.key").exists()
    league.git("config", "user.name", "Spielleitung")
    league.git("config", "user.email", "sl@example.org")
    league.run(*new)  # once git knows the name, the same command runs (its key was taken back with the game)
    said["deadline, a remote that is none"] = league.run("deadline", "--push", "--remote", "nirgends", code=2)
    assert "git kennt dieses entfernte Repository nicht: Prüfen Sie seinen Namen oder seine Adresse (git remote -v " \
           "zeigt die bekannten; 'turnpress deadline' nimmt es mit --remote)" in said["deadline, a remote that is none"]
    remote = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(remote))
    league.git("remote", "add", "origin", str(remote))
    league.git("push", "-q", "origin", "HEAD:refs/heads/main")
    said["deadline, a branch that is none"] = league.run("deadline", "--push", "--branch", "haupt", code=2)
    assert "das entfernte Repository hat diesen Branch nicht: Prüfen Sie seinen Namen ('turnpress " \
           "deadline' nimmt ihn mit --branch)" in said["deadline, a branch that is none"]
    hook = remote / "hooks/pre-receive"  # GitHub's branch protection, as a hook says it
    hook.write_text("#!/bin/sh\necho 'GH006: Protected branch update failed' >&2\nexit 1\n", encoding="utf-8")
    hook.chmod(0o755)
    said["deadline, the push refused"] = league.run("deadline", "--push", "--now", "2099-01-12T08:00+01:00", code=2)
    assert "git push nach origin wurde abgewiesen, aber origin/main hat sich nicht bewegt: Prüfen Sie die " \
           "Push-Berechtigung des Tokens" in said["deadline, the push refused"]
    assert re.search(r"»remote: GH006: Protected branch update failed\n(?s:.*)\[remote rejected\] \(pre-receive hook "
                     r"declined\)«", said["deadline, the push refused"])
    found = {what: lines for what, text in said.items() if (lines := english(said_of_git(text)))}
    assert found == {}, "\n".join(f"{what}: {line}" for what, lines in found.items() for line in lines)


def test_git_s_common_refusals_are_said_in_german_and_english_keeps_git_s_words(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch):
    """git's refusals turnpress knows by git's words (``history.KNOWN_FAULTS``), each made by a real git in a
    repository of its own: a German line says what happened and what to do, git's words quoted after it as its
    own; English says "git ... failed:" and git's words, as before (issue 31)."""
    from adjudicator.errors import GitError
    from adjudicator.kit.catalog import COMMANDS
    from adjudicator.league import history

    repo = tmp_path / "repo"
    repo.mkdir()
    for args in (("init", "-q", "-b", "main"), ("config", "user.name", "SL"), ("config", "user.email", "sl@x.org")):
        git(repo, *args)
    (repo / "a.txt").write_text("eins\n", encoding="utf-8")
    git(repo, "add", "a.txt")
    git(repo, "commit", "-qm", "eins")
    git(repo, "checkout", "-qb", "andere")
    (repo / "a.txt").write_text("zwei\n", encoding="utf-8")
    git(repo, "commit", "-qam", "zwei")
    git(repo, "checkout", "-q", "main")
    (repo / "a.txt").write_text("drei\n", encoding="utf-8")  # a change not committed, in the way of a checkout

    def refused(*args: str) -> GitError:
        with pytest.raises(GitError) as e:
            history._run(repo, *args)
        return e.value

    faults = {"git.dirty": refused("checkout", "-q", "andere"),
              "git.unreachable": refused("fetch", "-q", "http://127.0.0.1:1/liga.git")}
    git(repo, "commit", "-qam", "drei")
    subprocess.run(["git", "merge", "-q", "andere"], cwd=repo, capture_output=True, check=False)  # a conflict
    faults["git.conflict"] = refused("commit", "-qm", "gelöst")
    git(repo, "merge", "--abort")
    no_git_identity(monkeypatch, tmp_path / "home")
    git(repo, "config", "--unset", "user.email")
    faults["git.no_identity"] = refused("commit-tree", "HEAD^{tree}", "-m", "x")
    said = {}
    for word, e in faults.items():
        assert e.word == word, (word, str(e))
        assert str(e) == f"git {e.values['command']} failed: {e.values['words']}"  # English, as before
        said[word] = COMMANDS.told("de", e)
        assert said[word].endswith(f" (git {e.values['command']}); git meldet selbst: »{e.values['words']}«")
    assert said["git.dirty"].startswith("Änderungen im Arbeitsverzeichnis, die nicht committet sind, stehen git im Weg")
    assert said["git.unreachable"].startswith("das entfernte Repository ist nicht zu erreichen: Prüfen Sie")
    assert said["git.conflict"].startswith("das Repository steckt mitten in einem Merge mit Konflikten: Lösen Sie")
    assert said["git.no_identity"].startswith("git weiß nicht, wer Sie sind")
    for words in ("remote: Repository not found.\nfatal: repository 'https://github.com/x/y.git/' not found",
                  "fatal: Authentication failed for 'https://github.com/x/y.git/'",
                  "git@github.com: Permission denied (publickey).\nfatal: Could not read from remote repository."):
        assert history.known_fault(words) == "git.no_access", words  # GitHub's refusals, as it words them
    said["git.no_access"] = COMMANDS.say("de", "git.no_access", command="push", words="...")
    assert said["git.no_access"].startswith("das entfernte Repository verweigert den Zugriff: Prüfen Sie das Token")
    found = {word: lines for word, text in said.items() if (lines := english(said_of_git(text)))}
    assert found == {}, found


def test_the_last_faults_raised_in_plain_english_below_the_commands_name_their_german_words(tmp_path: Path):
    """Faults found by reading that the layers below the commands raised as English sentences with no catalog word,
    so that a German game said them in English (issue 31): an orders file that is a folder (read_limited, which
    every reader of orders files goes through), a game's pinned data missing, changed or its list in game.yaml
    damaged, a record of looks damaged, the branch moved by another command meanwhile, and the run lock held by
    a run that has not written its name yet ("a process"). Each is said as 'turnpress' says it (Catalog.spoken)."""
    import fcntl
    import os

    from adjudicator.errors import TurnpressError
    from adjudicator.kit import gamedata
    from adjudicator.kit import orders as ordersmod
    from adjudicator.kit.catalog import COMMANDS
    from adjudicator.league import arrivals, history

    said: dict[str, str] = {}

    def refused(what: str, call: object, *args: object) -> None:
        with pytest.raises(TurnpressError) as e:
            call(*args)  # type: ignore[operator]
        said[what] = COMMANDS.spoken("de", e.value)
        assert said[what] != str(e.value), e.value

    folder = tmp_path / "anna.yaml"
    folder.mkdir()
    refused("an orders file that is a folder", ordersmod.read_limited, folder)
    data = tmp_path / "data"
    data.mkdir()
    (data / "tabelle.yaml").write_text("a: 1\n", encoding="utf-8")
    refused("pinned data, its list no mapping", gamedata.load, "games/bw/data", data, ["tabelle.yaml"])
    refused("pinned data, a path outside", gamedata.load, "games/bw/data", data, {"../game.yaml": "0" * 64})
    refused("pinned data, a file missing", gamedata.load, "games/bw/data", data, {"fehlt.yaml": "0" * 64})
    refused("pinned data, a file changed", gamedata.load, "games/bw/data", data, {"tabelle.yaml": "0" * 64})
    record = tmp_path / arrivals.record_relpath("bw", 1)
    record.parent.mkdir(parents=True)
    record.write_text("looks: [{files: {}}]\n", encoding="utf-8")
    refused("a record of looks damaged", arrivals.looks, tmp_path, "bw", 1)
    repo = tmp_path / "repo"
    repo.mkdir()
    for args in (("init", "-q", "-b", "main"), ("config", "user.name", "SL"), ("config", "user.email", "sl@x.org"),
                 ("commit", "-q", "--allow-empty", "-m", "eins")):
        git(repo, *args)
    head = git(repo, "rev-parse", "HEAD").strip()
    refused("the branch moved meanwhile", history._set_ref, repo, "refs/heads/main", head, None)
    fd = os.open(history.git_dir(repo) / history.RUN_LOCK, os.O_RDWR | os.O_CREAT, 0o644)
    try:  # a run that holds the lock and has not written its name into it yet
        fcntl.flock(fd, fcntl.LOCK_EX)
        with pytest.raises(TurnpressError) as busy, history.league_lock(repo, "pause"):
            pass
    finally:
        os.close(fd)
    said["the run lock held, its holder not named yet"] = COMMANDS.spoken("de", busy.value)
    assert "games/bw/data/fehlt.yaml fehlt: die Partie wurde damit angelegt" in said["pinned data, a file missing"]
    assert "anna.yaml ist ein Ordner, wo eine Datei hingehört: Entfernen Sie ihn" in \
        said["an orders file that is a folder"]
    assert f"refs/heads/main hat sich inzwischen bewegt (es zeigt auf {head}, erwartet war nichts)" in \
        said["the branch moved meanwhile"]
    assert said["the run lock held, its holder not named yet"].startswith(
        "ein anderer Lauf von turnpress ändert gerade diese Liga (ein Prozess, hält ")
    python = re.compile(r"\(Python meldet: [^)]*\)")  # the reader's own words of a damaged record
    found = {what: lines for what, text in said.items() if (lines := english(python.sub("", text)))}
    assert found == {}, found


def test_a_german_game_s_commits_are_german_and_a_history_of_english_subjects_still_reads(german: League):
    """turnpress's commits in a German game were English ("aa: turn 2 (Runde 1)", "dk: turn 2 paused by sl (...)",
    "aa: turn 2 re-runs turn 1 by sl"): they are said in the game's language ("aa: Zug 2 (Runde 1)"). heal and the
    deadline run find a turn's commit by its subject: they read the German one, and still the English one that every
    history before issue 31 holds (the demo's German games among them); a ruling's commit is no turn in either."""
    from adjudicator.engine import turn
    from adjudicator.pipeline import deadline

    subjects = [s for s in german.git("log", "--format=%s").splitlines() if re.match(r"[a-z0-9-]+: ", s)]
    assert any(s.startswith("aa: Zug 1 (") for s in subjects), subjects
    assert any(s.startswith("dk: Zug 2 angehalten von sl (") for s in subjects), subjects
    assert any(s.startswith("aa: Zug 3 wertet Zug 2 neu aus, entschieden von sl") for s in subjects), subjects
    assert english("\n".join(subjects)) == [], subjects
    head = german.git("rev-parse", "HEAD").strip()
    found = {}
    try:
        for number, subject in ((97, "aa: turn 97 (Runde 97)"), (98, "aa: Zug 98 (Runde 98)"),
                                (99, "aa: Zug 99 angehalten von sl (Urlaub)"), (96, "aa: turn 96 paused by sl (x)")):
            made = german.root / f"games/aa/turns/{number:04d}/report.yaml"
            made.parent.mkdir()
            made.write_text("{}\n", encoding="utf-8")
            german.git("add", "--", made.relative_to(german.root).as_posix())
            german.git("commit", "-qm", subject)
            sha = german.git("rev-parse", "HEAD").strip()
            found[subject] = (turn.unfinished(german.root, "aa"), deadline._unpushed_turn(german.root, sha))
    finally:
        german.git("reset", "-q", "--hard", head)
    assert found == {"aa: turn 97 (Runde 97)": ("aa: turn 97 (Runde 97)", True),  # an old history: as before
                     "aa: Zug 98 (Runde 98)": ("aa: Zug 98 (Runde 98)", True),
                     "aa: Zug 99 angehalten von sl (Urlaub)": (None, False),
                     "aa: turn 96 paused by sl (x)": (None, False)}, found


def test_site_serve_says_its_lines_in_german_and_stops_on_ctrl_c_without_a_traceback(german: League,
                                                                                    monkeypatch: pytest.MonkeyPatch):
    """'site serve' printed mkdocs' own log in English ("INFO - Serving on ...", "Detected file changes") under its
    German line, and Ctrl-C, the way its line says to stop it, ended in a Python traceback (issue 31). mkdocs' lines
    are said through the catalog (the time the dev server puts before some kept); one it has no word for stays."""
    import logging

    from adjudicator.cli import site as sitecli
    from adjudicator.newsletter import devserver
    from adjudicator.newsletter import site as sitemod

    speaks = devserver.Speaks("de")
    lines = []
    for level, message, args in ((logging.INFO, "Building documentation...", ()),
                                 (logging.INFO, "Documentation built in %.2f seconds", (1.5,)),
                                 (logging.INFO, "[20:15:00] Serving on http://127.0.0.1:8000/", ()),
                                 (logging.INFO, "[20:15:09] Detected file changes", ()),
                                 (logging.WARNING, "Reloading browsers", ()),
                                 (logging.WARNING, "A plugin's own words", ())):
        record = logging.LogRecord("mkdocs.livereload", level, __file__, 1, message, args, None)
        assert speaks.filter(record)
        lines.append(logging.Formatter("%(levelname)-8s-  %(message)s").format(record))
    assert lines == ["INFO    -  Die Website wird gebaut ...", "INFO    -  Die Website ist in 1,50 Sekunden gebaut",
                     "INFO    -  [20:15:00] Die Website läuft auf http://127.0.0.1:8000/",
                     "INFO    -  [20:15:09] Geänderte Dateien erkannt", "WARNUNG -  Die Browser laden neu",
                     "WARNUNG -  A plugin's own words"], lines
    assert english("\n".join(lines[:-1])) == []

    import socket

    from adjudicator.errors import LeagueError

    with socket.socket() as taken:  # an address something serves on already: the system's English was quoted
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        with pytest.raises(LeagueError) as refused:
            sitecli._free(f"127.0.0.1:{taken.getsockname()[1]}", "de")
    assert ": die Adresse ist belegt; beenden Sie, was dort läuft" in str(refused.value)
    assert english(str(refused.value)) == [], refused.value

    def stopped(root: Path, addr: str) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(sitecli, "_free", lambda addr, lang="en": None)
    monkeypatch.setattr(sitemod, "generate", lambda root, **kw: (3, 0))
    monkeypatch.setattr(sitemod, "serve", stopped)
    said = german.run("site", "serve", "--addr", "127.0.0.1:8000")
    assert said == "Die Website der Liga läuft auf http://127.0.0.1:8000/ (Strg-C beendet sie).\n", said


def test_site_build_s_out_its_time_and_mkdocs_lines_of_a_changed_page_are_said_in_german(
        german: League, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """'site build --out' where a file stands printed mkdocs' traceback under the German line (issue 31): it is
    refused before anything is built, in the words of remind's --out; a traceback mkdocs still ends in is cut to its
    last line. The time the build took said "2.3 s" and mkdocs' "1.50 Sekunden" with English's decimal point; and
    what mkdocs says of a page the game master changed while it serves (a link to no page, a page not in the nav)
    stayed English. No site is built here."""
    import logging
    import subprocess

    from adjudicator.newsletter import devserver
    from adjudicator.newsletter import site as sitemod

    stands = tmp_path / "datei"
    stands.write_text("", encoding="utf-8")
    said = german.run("site", "build", "--out", str(stands / "site"), code=2)
    assert f"--out {stands / 'site'}: dort steht eine Datei, wo ein Ordner hingehört; Nennen Sie einen Ordner" in said
    assert english(said) == [], said
    crash = ("INFO    -  Cleaning site directory\nTraceback (most recent call last):\n  File \"x.py\", line 1, in y\n"
             "    os.makedirs(path)\nOSError: [Errno 5] Input/output error: 'public/assets'")
    monkeypatch.setattr(sitemod, "generate", lambda root, **kw: (3, 0))  # the pages are written already
    monkeypatch.setattr(sitemod, "mkdocs", lambda root, *args: subprocess.CompletedProcess(args, 1, "", crash))
    said = german.run("site", "build", code=1)
    assert "Traceback" not in said and "os.makedirs" not in said
    assert said.endswith("  > INFO    -  Cleaning site directory\n  > OSError: [Errno 5] Input/output error: "
                         "'public/assets'\n"), said
    monkeypatch.setattr(sitemod, "build", lambda root, out, **kw: german.root / "public")
    said = german.run("site", "build")
    assert re.search(r"Die Website ist in \S+/ gebaut, in \d+,\d s\.", said), said
    speaks, lines = devserver.Speaks("de"), []
    for level, message in ((logging.WARNING, "Doc file 'news/index.md' contains a link 'dk/x.md', but the target "
                                             "'news/dk/x.md' is not found among documentation files."),
                           (logging.INFO, "Doc file 'games/dk/index.md' contains a link 'orders.md#oben', but the doc "
                                          "'games/dk/orders.md' does not contain an anchor '#oben'."),
                           (logging.INFO, 'The following pages exist in the docs directory, but are not included in '
                                          'the "nav" configuration:\n  - notizen.md\n  - alt.md')):
        record = logging.LogRecord("mkdocs.structure.pages", level, __file__, 1, message, (), None)
        assert speaks.filter(record)
        lines.append(logging.Formatter("%(levelname)-8s-  %(message)s").format(record))
    assert lines == ["WARNUNG -  Die Seite 'news/index.md' verweist mit 'dk/x.md' auf 'news/dk/x.md', und das ist "
                     "keine Seite der Website.",
                     "INFO    -  Die Seite 'games/dk/index.md' verweist mit 'orders.md#oben' auf die Stelle '#oben', "
                     "und die Seite 'games/dk/orders.md' hat keine solche Stelle.",
                     'INFO    -  Diese Seiten liegen im Ordner der Website, stehen aber nicht in der Navigation '
                     '("nav"):\n  - notizen.md\n  - alt.md'], lines
    assert english("\n".join(lines)) == []


def test_a_turn_held_for_the_game_master_is_said_in_german(german: League):
    """A turn whose deadline passed before the turn before it ran is held for the game master: the deadline run,
    'adjudicate --due' and status said why in English in a German game (turn.stale_deadline). Run last: it plays
    Bretton Woods' turn 2 two months late, then puts the league back as it was."""
    with german.as_it_was():
        ran = german.run("adjudicate", "bw", "--due", "--now", "2099-05-01T12:00+02:00", "--commit", code=None)
        status = german.run("status", "bw", "--now", "2099-05-01T12:00+02:00")
    assert "bw: Zug 3 wird nicht ausgewertet: sein Abgabeschluss (2099-03-08 20:00 CET) verstrich, bevor Zug 2 " \
           "ausgewertet war" in ran, ran
    assert "Zug 3 wird nicht ausgewertet" in status, status
    assert english(ran) == [] and english(status) == [], ran + status


def test_a_german_game_s_published_orders_are_headed_in_german_and_replay(german: League):
    """The deadline heads each orders file it publishes with a comment saying what it is: "# The public part of
    these orders, as the deadline read them." and, when the game ends, "# These orders in full, ..." in German games
    too (issue 31). A German game's turn says so in German and records it (``heads: de``), so that verify replays
    the public parts' digest with the same words, and an English head of a turn before (the demo's German games)
    replays as it was. Ends the 30JK game, then puts the league back as it was."""
    published = (german.root / "orders/dk/0001/schw.yaml").read_text(encoding="utf-8")
    assert published.startswith("# Der öffentliche Teil dieser Befehle, wie der Abgabeschluss sie gelesen hat.\n")
    assert "heads: de\n" in (german.root / "games/dk/turns/0001/report.yaml").read_text(encoding="utf-8")
    with german.as_it_was():
        german.run("end", "dk", "--no-winner", "--reason", "Schluss", "--commit")
        german.run("adjudicate", "dk", "--early", "--commit")
        full = (german.root / "orders/dk/0001/schw.yaml").read_text(encoding="utf-8")
        verified = german.run("verify", "dk")
    assert full.startswith("# Diese Befehle vollständig, wie der Abgabeschluss sie gelesen hat (veröffentlicht, als "
                           "die Partie endete).\ngame: dk\n"), full
    assert "alles stimmt überein" in verified.splitlines()[-1], verified


def test_a_german_game_s_turn_published_with_english_heads_replays_as_it_was(german: League,
                                                                              monkeypatch: pytest.MonkeyPatch):
    """A German game's turn run before its heads were German (issue 31) published "# The public part of these
    orders, ..." and recorded no ``heads:``: verify replays its public parts' digest with the English words still.
    Plays Bretton Woods' turn 2 as turnpress did before, then puts the league back as it was."""
    from adjudicator.engine import turn

    with german.as_it_was():
        sheet = german.desk / "bw-anna-2.yaml"
        sheet.write_text(german.run("template", "bw", "anna"), encoding="utf-8")
        german.run("seal", str(sheet), "--identity", str(german.desk / "anna.key"))
        german.git("add", "-A")
        german.git("commit", "-qm", "orders of anna")
        with monkeypatch.context() as before:
            before.setattr(turn, "heads_language", lambda lang: "en")
            german.run("adjudicate", "bw", "--early", "--commit")
        published = (german.root / "orders/bw/0002/anna.yaml").read_text(encoding="utf-8")
        report = (german.root / "games/bw/turns/0002/report.yaml").read_text(encoding="utf-8")
        verified = german.run("verify", "bw")
    assert published.startswith("# The public part of these orders, as the deadline read them.\n"), published
    assert "heads:" not in report
    assert "alles stimmt überein" in verified.splitlines()[-1], verified


def test_a_german_game_s_issue_says_the_new_schedule_in_german_and_an_older_turn_replays_as_it_was(
        german: League, monkeypatch: pytest.MonkeyPatch):
    """The issue page of a turn whose ruling changed the schedule quoted it as game.yaml writes it, "Der Zeitplan ab
    Zug 3: `every: 14 days`, `retreat: 36 hours`" (issue 31: a German game speaks German in every page). It says it
    in the game's words now, as 'turnpress reschedule' does, and the turn's report records so (``said: true`` in its
    ruling), since ``verify`` renders every issue page again: a turn run before, whose report does not, is replayed
    with the words it published. Reschedules 30JK's open turn, once as turnpress does and once as it did before,
    then puts the league back as it was."""
    from adjudicator.engine import turncore

    pages = {}
    for before in (False, True):
        with german.as_it_was(), monkeypatch.context() as old:
            if before:
                old.setattr(turncore, "ruling_record", lambda ruled, recorded: ruled.published())
            german.run("reschedule", "dk", "--every", "14 days", "--phase", "retreat=36 hours", "--reason",
                       "Ferien", "--commit")
            german.run("adjudicate", "dk", "--early", "--commit")
            turn = max(int(t.name) for t in (german.root / "games/dk/turns").iterdir())  # the turn just run
            pages[before] = (german.root / f"site/news/dk/{turn:04d}.md").read_text(encoding="utf-8")
            report = (german.root / f"games/dk/turns/{turn:04d}/report.yaml").read_text(encoding="utf-8")
            assert ("said: true" in report) != before, report
            old.undo()
            verified = german.run("verify", "dk")
            assert "alles stimmt überein" in verified.splitlines()[-1], verified
    said = f"- Der Zeitplan ab Zug {turn + 1}: alle 14 Tage, 36 Stunden für jede Rückzugsphase\n"
    assert said in pages[False] and english(pages[False]) == [], pages[False]
    assert f"- Der Zeitplan ab Zug {turn + 1}: `every: 14 days`, `retreat: 36 hours`\n" in pages[True], pages[True]


def test_a_standard_diplomacy_game_in_a_german_league_speaks_english_and_a_german_language_is_refused(
        german: League):
    """A standard Diplomacy game speaks English in a German league too: its rules' check, sheets and reports are
    English (the standard map has no German words; the Thirty Years' War is Diplomacy in German). ``language: de``
    in its game.yaml made its pages German round that English, half in each (issue 31): every command now refuses
    such a game, in the league's language, naming the line to remove. Puts the league back as it was."""
    seven = [a for i, p in enumerate(("england", "france", "germany", "italy", "austria", "russia", "turkey"))
             for a in ("--player", f"{p.capitalize()}:{p[:3]}:{500 + i}:{p}")]
    with german.as_it_was():
        german.run("new", "diplomacy", "dip", *seven, "--schedule", SCHEDULE, "--commit")
        sheet = german.run("template", "dip", "eng")
        config = german.root / "games/dip/game.yaml"
        config.write_text(config.read_text(encoding="utf-8") + "language: de\n", encoding="utf-8")
        refused = {command: german.run(command, "dip", *extra, code=code)
                   for command, extra, code in (("status", (), 2), ("template", ("eng",), 2), ("verify", (), 1))}
    assert "orders for England" in sheet and "# Abgabeschluss" not in sheet, sheet
    for command, said in refused.items():
        assert ("games/dip/game.yaml: language: de: die Regeln von diplomacy sprechen Englisch" in said and
                "Entfernen Sie die Zeile 'language: de' (die Partie spricht dann Englisch)" in said), (command, said)
