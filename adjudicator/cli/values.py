"""Values the command line takes: players, options, times."""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import errno
from pathlib import Path
from typing import Any

from .. import yamlio
from ..errors import LeagueError, UsageError
from ..kit.catalog import COMMANDS, name_problem
from ..kit.words import game_language, league_language
from ..league.store import find_root, load_game
from ..model import Player, account_fault


def league_root(args: argparse.Namespace) -> Path:
    """The league a command works in: ``--league DIR``, else the nearest folder above with ``games/``."""
    return find_root(Path(args.league) if args.league else None)


def command_language(args: argparse.Namespace | None) -> str:
    """The language a command speaks: the game it names (``game``), else the league's (a game that cannot be read,
    or is not there: ``new`` that failed and took its files back); English outside a league or where the league
    cannot be read (the command names that fault itself)."""
    try:
        if args is not None and getattr(args, "command", None) == "init":  # a new league: the language it names
            return str(args.language)
        root = league_root(args) if args is not None and hasattr(args, "league") else None
        if root is None:
            return "en"
        game = getattr(args, "game", None)
        if isinstance(game, str) and game:
            with contextlib.suppress(Exception):
                return game_language(load_game(root, game).settings, root)
        return league_language(root)
    except Exception:  # noqa: BLE001 - a league that cannot be read: its own fault is what is said
        return "en"


def parse_player(spec: str, lang: str = "en") -> Player:
    """``NAME:LOGIN:ID[:ROLE]`` as a Player; the key is the login in lower case. A mistake is said in ``lang``, the
    language of the game the player is for.

    >>> parse_player("Atlantis:Alice:1001:agrar")
    Player(key='alice', name='Atlantis', login='Alice', github_id=1001, role='agrar')
    """
    parts = spec.split(":")
    if len(parts) not in (3, 4) or not all(parts[:3]):
        raise UsageError(COMMANDS.say(lang, "error.player_spec", spec=repr(spec)))
    name, login, gid = parts[:3]
    if not gid.isascii() or not gid.isdigit():
        raise UsageError(COMMANDS.say(lang, "error.player_id", spec=repr(spec), id=repr(gid)))
    if len(gid) > 12:
        raise UsageError(COMMANDS.say(lang, "error.player_id_long", spec=repr(spec), digits=len(gid), login=login))
    fault = account_fault(login, int(gid))
    if fault:
        raise UsageError(f"--player {spec!r}: {COMMANDS.say(lang, fault[0], **fault[1])}")
    problem = name_problem(name, COMMANDS.say(lang, "name.of_player", spec=repr(spec)), lang)
    if problem:
        raise UsageError(problem)
    role = parts[3] if len(parts) == 4 else None
    return Player(key=login.lower(), name=name, login=login, github_id=int(gid), role=role)


def parse_option(spec: str) -> tuple[str, Any]:
    """``KEY=VALUE`` with the value read as a YAML scalar (numbers, true/false, text).

    >>> parse_option("rounds=8"), parse_option("variant=classic")
    (('rounds', 8), ('variant', 'classic'))
    """
    key, sep, value = spec.partition("=")
    if not sep or not key.strip():
        raise UsageError(f"--option {spec!r}: write KEY=VALUE", word="option.syntax", spec=repr(spec))
    try:
        parsed = yamlio.load(value or "''").data
    except yamlio.YamlInputError:  # no YAML scalar ('[', '&x'): the text as it is, which the ruleset judges
        parsed = value
    if isinstance(parsed, float | dict | list):
        parsed = value
    return key.strip(), parsed


def clock() -> dt.datetime:
    """The machine's clock, in UTC (one place, so that a test can stand it at a date)."""
    return dt.datetime.now(dt.UTC)


def parse_now(text: str | None) -> dt.datetime:
    """``--now``: an ISO time (``Z`` for UTC; UTC if it names no zone); the clock if not given."""
    if not text:
        return clock()
    try:
        when = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        shown = repr(text) if len(text) <= 40 else f"{text[:40]!r}... ({len(text)} characters)"
        raise UsageError(f"--now {shown}: write an ISO time like 2026-01-05T20:00+01:00", word="error.now",
                         shown=shown) from None
    return when if when.tzinfo else when.replace(tzinfo=dt.UTC)


def out_unwritable(out: Path, e: OSError) -> OSError | LeagueError:
    """``--out DIR`` (of remind, of site build) that cannot be written, said in our words (a full disk is ``main``'s
    to say)."""
    if e.errno == errno.ENOSPC:
        return e
    if isinstance(e, NotADirectoryError | FileExistsError):
        return LeagueError(f"--out {out}: a file stands where a folder belongs; name a folder", word="out.file",
                           path=out)
    if isinstance(e, PermissionError) or e.errno == errno.EROFS:
        return LeagueError(f"--out {out}: no permission to write there; name a folder you may write to",
                           word="out.denied", path=out)
    return LeagueError(f"--out {out}: cannot write there ({e.strerror or e}); name another folder",
                       word="out.unwritable", path=out, why=e.strerror or e)
