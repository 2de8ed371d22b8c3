"""The adversary of "I/O at the edges of a turn" (issue 31: "everything a turn reads is loaded once into an immutable
snapshot, a pure plan ... and a pure computation produce the outcome, and one writer writes it"; "verify reuses the
same plan and computation and keeps only the comparison"), in a real league rather than a snapshot built by hand
(``test_turn_core``): a game of each of the five rulesets and the Thirty Years' War, each with sealed orders in and
its key at hand (hidden hands, decks, accounts), a ruling, a re-run, a player's own key, and two games that end.

Once ``turn.load_turn`` has returned, the league's folder is closed (any open, stat or listing under it fails, and so
does any git process) while the turn is planned, computed and its issue page rendered; the package's own data and
the libraries stay open. So it is for verify's checks, replay and comparison of each committed turn once
``verify.load_turn_read`` has read it."""

from __future__ import annotations

import builtins
import contextlib
import datetime as dt
import io
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from adjudicator import cli
from adjudicator.engine import turn, verify
from adjudicator.league.store import load_game

from .conftest import git
from .test_turn_core import closed

SCHEDULE = "first=2099-01-10 20:00,every=14 days,timezone=Europe/Berlin,grace=60"
NOW = dt.datetime(2030, 1, 1, tzinfo=dt.UTC)  # before every deadline: each turn is run early, by name
GAMES = {  # game id: ruleset, options, players
    "bw": ("bretton-woods", ["jahre=2"], ["Atlantis:alice:1001:agrar", "Borduria:bob:1002:energie",
                                          "Carpania:carol:1003:rohstoff"]),
    "dip": ("diplomacy", [], [f"{p.title()}:{p[:3]}x:{2000 + i}:{p}" for i, p in enumerate(
        ["england", "france", "germany", "italy", "austria", "russia", "turkey"])]),
    "jk": ("diplomacy", ["map=dreissigjaehriger-krieg"], ["Bayern:bay:2101:bayern", "Pfalz:pfa:2102:pfalz"]),
    "aa": ("auf-achse", [], [f"Spedition {c}:sp{i}:{3000 + i}:{c}" for i, c in enumerate(["HH", "HB", "K", "M", "B"])]),
    "pm": ("policy-maker", [], ["Anna:anna:1", "Bert:bert:2", "Carl:carl:3", "Dora:dora:4:government"]),
    "cal": ("calamity", [], ["Ann:ann:1", "Bob:bob:2", "Cy:cy:3", "Dee:dee:4"]),
}
ENDING = {"bw", "jk"}  # Bretton Woods' last year; the game master ends the Thirty Years' War with a draw


def said(root: Path, *args: str) -> str:
    """``turnpress ARGS`` in the league, which must succeed; what it printed."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["--league", str(root), *args]) == 0, args
    return out.getvalue()


def send_orders(root: Path, desk: Path) -> None:
    """Two awaited players of every game take their pre-filled sheets and seal them (to the game's key)."""
    for gid in GAMES:
        game = load_game(root, gid)
        logins = {seat["key"]: seat["login"] for seat in game.seats()}
        for login in [logins[k] for k in turn.status(game, NOW).phase.awaited][:2]:
            sheet = desk / f"{gid}-{login}-{game.open_turn}.yaml"
            sheet.write_text(said(root, "template", gid, login), encoding="utf-8")
            said(root, "seal", str(sheet))
    git(root, "add", "-A")
    git(root, "commit", "-qm", "orders")


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Turn 1 of every game adjudicated, then a ruling or two, and turn 2's orders in, sealed."""
    base = tmp_path_factory.mktemp("edge")
    root, desk = base / "league", base / "desk"
    desk.mkdir()
    with pytest.MonkeyPatch.context() as patch:
        for name in ("TURNPRESS_GAME_KEYS", "TURNPRESS_IDENTITY", "TURNPRESS_DICE_SECRETS"):
            patch.delenv(name, raising=False)  # the game master's machine: the keys are those 'new' leaves
        said(base, "init", str(root), "--title", "Edge", "--requirement", "turnpress==0.1.0")
        site = root / "mkdocs.yml"  # the issue pages link to the repository
        site.write_text(re.sub(r"^# repo_url: .*$", "repo_url: https://github.com/example/league",
                               site.read_text(encoding="utf-8"), flags=re.MULTILINE), encoding="utf-8")
        git(root, "config", "user.name", "GM")
        git(root, "config", "user.email", "gm@example.org")
        for gid, (rules, options, players) in GAMES.items():
            said(root, "new", rules, gid, *(f"--player={p}" for p in players), *(f"--option={o}" for o in options),
                 "--schedule", SCHEDULE)
            config = root / f"games/{gid}/game.yaml"
            config.write_text(config.read_text(encoding="utf-8") + "game_masters:\n  - login: gm\n    id: 9000\n",
                              encoding="utf-8")
        git(root, "add", "-A")
        git(root, "commit", "-qm", "games")
        send_orders(root, desk)
        for gid in GAMES:
            said(root, "adjudicate", gid, "--early", "--commit", "--now", NOW.isoformat())
        said(root, "extend", "dip", "--to", "2099-03-01 20:00", "--reason", "holidays", "--commit")
        said(root, "rerun", "aa", "--reason", "Stau", "--commit")
        said(root, "end", "jk", "--draw", "--reason", "Frieden", "--commit")
        key = said(root, "keys", "personal", str(desk / "ann.key")).strip().splitlines()[-1].split()[-1]
        said(root, "keys", "add", "cal", "ann", key, "--commit")
        send_orders(root, desk)
        yield root


@pytest.fixture(scope="module")
def played(league: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A copy of the league with turn 2 of every game committed (Bretton Woods and the Thirty Years' War over)."""
    root = shutil.copytree(league, tmp_path_factory.mktemp("played") / "league", symlinks=True)
    with pytest.MonkeyPatch.context() as patch:
        for name in ("TURNPRESS_GAME_KEYS", "TURNPRESS_IDENTITY", "TURNPRESS_DICE_SECRETS"):
            patch.delenv(name, raising=False)
        for gid in GAMES:
            said(root, "adjudicate", gid, "--early", "--commit", "--now", NOW.isoformat())
        yield root


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_a_turn_reads_nothing_of_the_league_once_it_is_loaded(league: Path, gid: str,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """``compute_turn`` after ``load_turn``: the plan (who counts, what is refused, the defaults, the deadline), the
    computation and the issue page read no file of the league and start no git. The one later read is the turn that
    ends a game with orders sealed until the end: it publishes them in full (``turn.load_published``), read then
    only, since a game's every turn would otherwise open every sealed file of the turns before it."""
    for name in ("TURNPRESS_GAME_KEYS", "TURNPRESS_IDENTITY", "TURNPRESS_DICE_SECRETS"):
        monkeypatch.delenv(name, raising=False)
    game = load_game(league, gid)
    edge = contextlib.ExitStack()
    loaded: dict[str, Any] = {}
    load_turn, load_published = turn.load_turn, turn.load_published

    def load_then_close(*args: Any, **kwargs: Any) -> Any:
        snap = load_turn(*args, **kwargs)
        loaded["published"] = load_published(game, snap.turn)  # what the end would read, read here, while open
        edge.enter_context(closed(league))
        return snap

    def published(_game: Any, last: int) -> Any:
        loaded["asked"] = last
        return loaded["published"]
    monkeypatch.setattr(turn, "load_turn", load_then_close)
    monkeypatch.setattr(turn, "load_published", published)
    with edge:
        outcome = turn.compute_turn(game, NOW, game.dice_secret(), early=True)
    assert outcome.report["orders"]["taken"] or gid == "jk", "sealed orders were opened and taken (but in a draw)"
    assert f"site/news/{gid}/0002.md" in outcome.files and "https://github.com/example/league" in "".join(
        outcome.files.values()), "the issue page links to the repository mkdocs.yml names"
    assert ("asked" in loaded) == (gid in ENDING), "the full orders are read for the turn that ends the game only"


@pytest.mark.parametrize("keyed", [True, False], ids=["with the key", "without"])
@pytest.mark.parametrize("gid", sorted(GAMES))
def test_verify_checks_each_turn_without_the_league_once_it_is_read(played: Path, gid: str, keyed: bool,
                                                                   tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """verify's check of each committed turn (its replay by the same plan and computation, the comparison of its
    files and of its issue page re-rendered, the arrivals) and of the set-up read nothing once
    ``verify.load_turn_read`` (``turn.load_setup``) has read them: the league is closed around each. So also
    without the game's key: the public check of a game going on, and the set-up drawn again after the end."""
    for name in ("TURNPRESS_GAME_KEYS", "TURNPRESS_IDENTITY", "TURNPRESS_DICE_SECRETS"):
        monkeypatch.delenv(name, raising=False)
    if not keyed:  # anyone's clone: no .secrets/
        played = shutil.copytree(played, tmp_path / "league", symlinks=True, ignore=shutil.ignore_patterns(".secrets"))
    checked: list[int] = []
    check_turn, start = verify._check_turn, verify._start

    def check_closed(run: Any, seen: verify.TurnRead, **kwargs: Any) -> bool:
        checked.append(seen.seen.turn)
        with closed(played):
            return check_turn(run, seen, **kwargs)

    def start_closed(*args: Any) -> Any:
        with closed(played):
            return start(*args)
    monkeypatch.setattr(verify, "_check_turn", check_closed)
    monkeypatch.setattr(verify, "_start", start_closed)
    done = verify.verification(played, gid)
    # after the end the set-up is drawn again without a key: Bretton Woods after its last year, and the Thirty
    # Years' War that the game master's ruling ended with a draw (outcome.RULED: the game is over all the same)
    mode = verify.WITH_KEY if keyed else verify.AFTER_END if gid in ENDING else verify.PUBLIC
    assert [f.text() for f in done.found] == [] and done.mode == mode
    assert checked == [1, 2] and (done.turns == 2 or mode == verify.PUBLIC)


def test_verify_reads_the_league_s_mkdocs_yml_once_a_game_not_once_a_turn(played: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """What the league's ``mkdocs.yml`` says that a turn reads (the league's language, the repository's address the
    issue pages link to) is read once where the game is loaded (``words.League``) and handed down with it: verify
    read it again for every turn's issue page. Verify of a game reads two: the league's own (the schedule's check,
    said in the game's words) and the committed one it replays from."""
    for name in ("TURNPRESS_GAME_KEYS", "TURNPRESS_IDENTITY", "TURNPRESS_DICE_SECRETS"):
        monkeypatch.delenv(name, raising=False)
    opened: list[str] = []
    real = io.open

    def counted(file: Any, *args: Any, **kwargs: Any) -> Any:
        mode = args[0] if args else kwargs.get("mode", "r")
        if isinstance(file, str | os.PathLike) and os.fspath(file).endswith("mkdocs.yml") and set(mode) <= set("rbt"):
            opened.append(os.fspath(file))  # read (the committed copy is written first)
        return real(file, *args, **kwargs)
    monkeypatch.setattr(io, "open", counted)
    monkeypatch.setattr(builtins, "open", counted)
    done = verify.verification(played, "dip")
    assert done.turns == 2 and done.found == []
    assert len(opened) == 2 and len(set(opened)) == 2, opened


def test_the_turn_that_ends_a_game_reads_its_key_once_for_every_sealed_file_it_publishes_in_full(
        league: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The one read after the turn's edge (``turn.load_published``, the turn that ends a game whose orders keep
    fields sealed until the end) opens every sealed file of the turns before with the game's key, read once: it
    read the key file again for each."""
    for name in ("TURNPRESS_GAME_KEYS", "TURNPRESS_IDENTITY", "TURNPRESS_DICE_SECRETS"):
        monkeypatch.delenv(name, raising=False)
    game = load_game(league, "bw")
    opened: list[str] = []
    real = io.open

    def counted(file: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(file, str | os.PathLike) and os.fspath(file).endswith(".secrets/bw.key"):
            opened.append(os.fspath(file))
        return real(file, *args, **kwargs)
    monkeypatch.setattr(io, "open", counted)
    monkeypatch.setattr(builtins, "open", counted)
    published = turn.load_published(game, 2)
    assert len(published) == 2 and all(b"standing_orders" in p.full for p in published), "opened in full"
    assert len(opened) == 1
