"""One family of errors: ``TurnpressError`` and its kinds, each with the exit code the command line gives it.

Exit codes of ``turnpress`` (documented in the README)::

    0  fine
    1  problems found: invalid orders, a verify mismatch, orders that do not seal
    2  usage or environment: bad arguments, outside a league, outside a git repository, a missing game,
       a key or secret that is not there

Anything else that escapes a command is a bug and shows its traceback. A kind says who must act: the game
master (``LeagueError``), git (``GitError``), the keys (``SealError``), the ruleset (``RulesetError``).

Kinds that belong to one module are defined beside it and still join the family (``OrderError`` and
``ActionError`` of Diplomacy's orders exit 1, ``MapDataError``, ``PositionError`` and ``WordsError`` exit 2,
``MergeRefused`` of the pull-request check exits 1); they keep their older base (``ValueError``, ``KeyError``) too,
so the code that catches them as that goes on doing so. One exception stands outside on purpose: the pipeline's
``OverBudget`` is control flow, not a user error, a ``BaseException`` as a kill is, so that no handler on the way
up takes it for a game's own failure. So is ``yamlio._Deviates``: raised and caught inside ``yamlio.canonical``
(a file is not what turnpress writes, so libyaml reads it), it never leaves that function.

>>> issubclass(SealError, TurnpressError), SealError("no key").exit_code
(True, 2)
"""

from __future__ import annotations

from typing import Any

OK, PROBLEMS, USAGE = 0, 1, 2


class TurnpressError(Exception):
    """Something a person must fix; the message says what. ``exit_code`` is what ``turnpress`` exits with.

    A layer below the catalogs says its message in English and may name it: ``word``, the commands' catalog's key
    for it, and ``values`` that fill it, so that a command says it in its game's language (``Catalog.told``)."""

    exit_code = USAGE
    word = ""
    values: dict[str, Any] = {}  # noqa: RUF012 - read only; an error that names its word has its own

    def __init__(self, *args: Any, word: str = "", **values: Any) -> None:
        super().__init__(*args)
        if word:
            self.word, self.values = word, values


class UsageError(TurnpressError):
    """Arguments that do not go together (``adjudicate`` without a game or ``--due``)."""


class LeagueError(TurnpressError):
    """The league's files: no league here, no such game, a ``game.yaml`` to fix, a turn that cannot run."""


class TurnHeld(LeagueError):
    """A turn that is due and held for the game master (its deadline passed before the turn before it was run):
    said on every run, and not a failure of the run, so a scheduled run that meets it exits 0."""

    exit_code = OK


class GitError(TurnpressError):
    """Git refused something the league needed (not a repository, a tag that exists, a branch that moved)."""


class SealError(LeagueError):
    """A key that does not parse, a file that does not decrypt, a game without a key; the message says what to do."""


class RulesetError(TurnpressError):
    """A request the ruleset refuses as a whole (a join it does not allow, an unknown option)."""


class ScheduleError(TurnpressError, ValueError):
    """A schedule block that cannot be understood; the message says what to write (and names its word)."""

    def __init__(self, message: str, word: str = "", **values: Any) -> None:
        super().__init__(message, word=word, **values)


class InputError(TurnpressError):
    """A file a player wrote that cannot be read; carries the place and what to write instead."""

    exit_code = PROBLEMS

    def __init__(self, message: str, line: int = 1, column: int = 1, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.hint = hint
