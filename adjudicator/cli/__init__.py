"""The ``turnpress`` command: one parser tree; each command parses, calls the layer below, prints, exits.

Exit codes (``errors``): 0 fine, 1 problems found (invalid orders, a verify mismatch), 2 usage or environment
(bad arguments, outside a league, outside a git repository, a missing game or key). Every ``TurnpressError``
becomes its message and its exit code; any other exception is a bug and shows its traceback.

The parser tree names each command's function as ``module:function`` in ``adjudicator.cli``, imported when the
command runs, so that ``validate`` does not load what ``site build`` needs.
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
from collections.abc import Sequence
from importlib import import_module

from ..errors import OK, USAGE, TurnpressError
from ..kit import ruleset
from ..kit.catalog import COMMANDS as CATALOG
from ..league import history, store
from .parser import COMMANDS, BadArguments, build_parser, localize, named_command
from .values import command_language, league_root

__all__ = ["build_parser", "main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``turnpress`` with ``argv`` (default: the process's arguments); returns the exit code."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    args = None
    try:
        code = _ruleset_command(args_list)
        if code is not None:
            return code
        args = _parser(args_list, helped=any(a in ("-h", "--help") for a in args_list)).parse_args(args_list)
        module, _, function = args.func.partition(":")
        command = getattr(import_module(f"{__name__}.{module}"), function)
        if getattr(args, "changes", False):  # a command that changes the league: one at a time per working copy
            with history.league_lock(league_root(args), f"{args.command} {getattr(args, 'action', '')}".strip()):
                result: int = command(args)
        else:
            result = command(args)
        sys.stdout.flush()  # here, not at exit: a reader that went away is noticed below
        return result
    except BadArguments as e:  # as argparse says it, in the league's language
        lang = _argv_language(args_list)
        if lang != "en":
            e = _refused_in(args_list, lang) or e  # noqa: PLW2901
        print(f"{e.usage}{e.prog}: {CATALOG.say(lang, 'argparse.error')}: "
              f"{CATALOG.said_in(lang, e.message, 'argparse.')}", file=sys.stderr)
        raise SystemExit(USAGE) from None  # as argparse exits
    except TurnpressError as e:
        print(f"turnpress: {_told(args, e)}", file=sys.stderr)
        return e.exit_code
    except BrokenPipeError:  # the reader went away (``turnpress status | head``): nothing left to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so the exit's flush has a reader
        return OK
    except OSError as e:
        if e.errno != errno.ENOSPC:
            raise
        # A full disk is the machine's problem, not a bug: say so. Nothing is half-written (files are replaced
        # whole, a turn is committed before its files are written) and the next run repairs what is missing.
        lang = command_language(args)
        print("turnpress: " + CATALOG.say(lang, "error.disk_full_writing" if e.filename else "error.disk_full",
                                          path=e.filename), file=sys.stderr)
        return USAGE
    except Exception as e:
        # A bug, or a league file damaged in a way no reader checks (a state with a value of the wrong type):
        # if turn files differ from what turnpress committed, that is the likelier cause, and it can be named.
        damage = damaged(args)
        if not damage:
            raise
        print(f"turnpress: {type(e).__name__}: {e}\n{damage}", file=sys.stderr)
        return USAGE


def _parser(argv: list[str], helped: bool = False, lang: str | None = None) -> argparse.ArgumentParser:
    """The parser ``argv`` needs: the rulesets' commands only for ``turnpress --help``, only the command it names;
    said in the league's language where it will speak (``--help``; ``lang`` given)."""
    parser = build_parser(rulesets=not argv or argv[0] in ("-h", "--help"), only=named_command(argv))
    if helped or lang is not None:
        localize(parser, lang or _argv_language(argv))
    return parser


def _refused_in(argv: list[str], lang: str) -> BadArguments | None:
    """The refusal of ``argv`` by the parser said in ``lang``, whose usage and argument names are in its words."""
    try:
        _parser(argv, lang=lang).parse_args(argv)
    except BadArguments as e:
        return e
    return None  # pragma: no cover - the same command line, refused by the same tree


def _told(args: argparse.Namespace | None, e: TurnpressError) -> str:
    """``e``'s message in the language of the game the command acts on: a layer below the commands raises in
    English and names its word (``TurnpressError.word``); a message a command said in its language already names
    none. A message that begins with a place (a file, a flag) before the word's text keeps that beginning."""
    return CATALOG.spoken(command_language(args), e) if e.word else str(e)


def _argv_language(argv: Sequence[str]) -> str:
    """The language of the league a command line names (``--league DIR``, else the working directory's), for a
    command line argparse refuses; English outside a league."""
    named = None
    for i, arg in enumerate(argv):
        if arg == "--league" and i + 1 < len(argv):
            named = argv[i + 1]
        elif arg.startswith("--league="):
            named = arg.removeprefix("--league=")
    return command_language(argparse.Namespace(league=named))


def damaged(args: argparse.Namespace | None) -> str:
    """What of the league's turn files differs from what turnpress committed, and how to restore it; or ''."""
    try:
        root = league_root(args) if args is not None and hasattr(args, "league") else None
    except TurnpressError:
        return ""
    # From the store, not the deadline's module, which loads the whole engine (every turn's writer, the
    # newsletter) that 'validate' and the other quick commands need not (issue 33).
    return store.damage_text(root, lang=command_language(args)) if root is not None else ""


def _ruleset_command(argv: list[str]) -> int | None:
    """``turnpress <ruleset> ...`` runs a ruleset's own commands (``turnpress diplomacy resolve FILE``)."""
    if not argv or argv[0].startswith("-") or argv[0] in COMMANDS or argv[0] not in ruleset.available():
        return None
    try:
        rs = ruleset.get(argv[0])
    except KeyError as e:
        print(f"turnpress: {e.args[0]}", file=sys.stderr)
        return USAGE
    if not isinstance(rs, ruleset.HasCommands):
        print(f"turnpress: the ruleset {argv[0]} has no commands of its own", file=sys.stderr)
        return USAGE
    return rs.command(argv[1:])


if __name__ == "__main__":
    sys.exit(main())
