"""The parser tree of ``turnpress``: every command and its arguments, in one place.

Each command's ``func`` names its function in ``adjudicator.cli`` as ``module:function``. ``--league DIR``
may stand before the command or after it.

The helps and metavars are written here in English, as argparse's own words are (its ``gettext`` model: the
English text is the message's id). ``localize`` says them in a league's language for ``--help`` and for a refused
command line, through the commands' catalog's ``help.*``, ``metavar.*`` and ``argparse.*`` words, whose English
must be the text here (a test walks the tree). A command line that parses never loads the catalog.
"""

from __future__ import annotations

import argparse
from typing import Any, NoReturn

from .. import __version__
from ..errors import UsageError
from ..kit import catalog, ruleset
from ..pipeline.budget import DEFAULT_SECONDS

LEAGUE_HELP = "the league folder (default: the nearest folder above with games/)"
NOW_HELP = "ISO time to judge 'due' at (default: now)"


def _league(p: argparse.ArgumentParser, help: str = LEAGUE_HELP) -> None:
    # SUPPRESS: a command's own --league only overrides the one before the command if it is given.
    p.add_argument("--league", default=argparse.SUPPRESS, help=help)


def _command(sub: argparse._SubParsersAction[Any], name: str, func: str,
             help: str) -> argparse.ArgumentParser:
    p = sub.add_parser(name, help=help, description=help[:1].upper() + help[1:] + ".")
    p.set_defaults(func=func)
    _league(p)
    return p


class BadArguments(UsageError):
    """A command line argparse refuses: its message (argparse's English) and the usage of the parser at fault,
    which ``main`` prints in the league's language."""

    def __init__(self, message: str, prog: str, usage: str) -> None:
        super().__init__(message)
        self.message, self.prog, self.usage = message, prog, usage


class _Parser(argparse.ArgumentParser):
    """argparse's parser, whose refusal of a command line is raised (``BadArguments``) instead of printed in
    English, so that a German league says it in German; its usage begins with ``usage_prefix`` (``localize``)."""

    usage_prefix: str | None = None  # argparse's "usage: "

    def error(self, message: str) -> NoReturn:
        raise BadArguments(message, self.prog, self.format_usage())

    def format_usage(self) -> str:
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions, self._mutually_exclusive_groups, self.usage_prefix)
        return formatter.format_help()

    def format_help(self) -> str:  # argparse's, with the usage's prefix
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions, self._mutually_exclusive_groups, self.usage_prefix)
        formatter.add_text(self.description)
        for group in self._action_groups:
            formatter.start_section(group.title)
            formatter.add_text(group.description)
            formatter.add_arguments(group._group_actions)
            formatter.end_section()
        formatter.add_text(self.epilog)
        return formatter.format_help()


def localize(parser: argparse.ArgumentParser, lang: str) -> None:
    """Say ``parser``'s tree in ``lang``: usage prefix, section titles, descriptions, helps and metavars (a text
    the catalog has no word for stays as it is). English is what the tree holds already."""
    if lang == "en":
        return
    def said(text: str, prefix: str) -> str:
        return catalog.COMMANDS.said_in(lang, text, prefix)

    def walk(p: argparse.ArgumentParser, helped: str | None) -> None:
        if isinstance(p, _Parser):
            p.usage_prefix = catalog.COMMANDS.say(lang, "argparse.usage")
        p._positionals.title = catalog.COMMANDS.say(lang, "argparse.positionals")
        p._optionals.title = catalog.COMMANDS.say(lang, "argparse.options")
        if helped is not None:  # a command's description is its help, as a sentence
            text = said(helped, "help.")
            p.description = text[:1].upper() + text[1:] + "."
        elif p.description:
            p.description = said(p.description, "help.")
        for action in p._actions:
            if action.help and action.help != argparse.SUPPRESS:
                action.help = said(action.help, "help.")
            if isinstance(action, argparse._SubParsersAction):
                action.metavar = said(str(action.metavar), "metavar.") if action.metavar else None
                helps = {choice.dest: choice.help for choice in action._choices_actions}
                for choice in action._choices_actions:
                    choice.help = said(choice.help, "help.") if choice.help else choice.help
                for name, child in action.choices.items():
                    walk(child, helps.get(name))
            elif action.choices is None or action.metavar is not None:  # {text,github} are the values to write
                shown = action.metavar or (action.dest.upper() if action.option_strings else action.dest)
                if isinstance(shown, str) and (action.nargs != 0):
                    action.metavar = said(shown, "metavar.")

    walk(parser, None)


class _Skipped:
    """The parser of a command that is not built: every call made to build it is dropped."""

    def __getattr__(self, name: str) -> Any:
        return self._drop

    def _drop(self, *args: Any, **kwargs: Any) -> _Skipped:
        return self


class _OnlyOne(argparse._SubParsersAction):  # type: ignore[type-arg]
    """The commands, of which only ``only`` (if given) gets its parser built (issue 33: every ``validate`` built
    the whole tree, some forty parsers, about 4 % of its start)."""

    only: str | None = None

    def add_parser(self, name: str, **kwargs: Any) -> Any:
        if self.only is not None and name != self.only:
            return _Skipped()
        return super().add_parser(name, **kwargs)


def named_command(args: list[str]) -> str | None:
    """The command ``args`` name, where it is plain to see: the first word after an optional ``--league DIR``.

    >>> named_command(["--league", "site", "validate", "x.yaml"]), named_command(["--help"])
    ('validate', None)
    """
    rest = list(args)
    while rest and (rest[0] == "--league" or rest[0].startswith("--league=")):
        rest = rest[2:] if rest[0] == "--league" else rest[1:]
    return rest[0] if rest and rest[0] in COMMANDS else None


def build_parser(rulesets: bool = False, only: str | None = None) -> argparse.ArgumentParser:
    """The parser tree; with ``rulesets`` (for ``--help``, since it imports every ruleset) it also lists the
    rulesets that have commands of their own (``turnpress diplomacy ...``, run before this parser sees them).
    With ``only`` (a command's name) only that command's parser is built: what a command line that names it
    needs."""
    p = _Parser(prog="turnpress", description="A static-site turn publisher for play-by-mail games.")
    p.add_argument("--version", action="version", version=f"turnpress {__version__}")
    p.add_argument("--league", default=None, help=LEAGUE_HELP)
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND",
                           action=type("_OnlyOneOf", (_OnlyOne,), {"only": only}))

    s = _command(sub, "new", "games:new", "make a new game at turn 0")
    s.set_defaults(changes=True)  # one at a time per working copy (history.league_lock)
    s.add_argument("ruleset")
    s.add_argument("game", help="the game's id: lower-case letters, digits, '-'")
    s.add_argument("--player", action="append", default=[], metavar="NAME:LOGIN:ID[:ROLE]")
    s.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    s.add_argument("--schedule", metavar="first=YYYY-MM-DD HH:MM,every=14 days,timezone=Europe/Berlin,grace=60",
                   help="the deadlines; also remind=24 hours, absence=7 days, nmr_extension=1 x 2 days, and a kind "
                        "of phase with a period of its own (retreat=2 days): see the game master's guide")
    s.add_argument("--title")
    s.add_argument("--demo", action="store_true", help="keep the dice secret in the repository (demo games only)")
    s.add_argument("--now", help="ISO time the first deadline must lie after (default: now)")
    s.add_argument("--past-deadline", action="store_true",
                   help="accept a first deadline that has passed already (turn 1 is due at once)")
    s.add_argument("--commit", action="store_true", help="commit the files it writes (default: it names them "
                                                         "and the git line that commits them)")

    s = _command(sub, "join", "games:join", "admit a player to a running game, from the open turn on")
    s.set_defaults(changes=True)  # one at a time per working copy (history.league_lock)
    s.add_argument("game")
    s.add_argument("player", metavar="NAME:LOGIN:ID[:ROLE]")
    s.add_argument("--commit", action="store_true", help="commit the files it writes (default: it names them "
                                                         "and the git line that commits them)")

    s = _command(sub, "template", "games:template", "a commented orders file for the open turn, pre-filled")
    s.add_argument("game")
    s.add_argument("player", help="the player's GitHub login")
    s.add_argument("--write", action="store_true", help="write it to its place under orders/ instead of printing")
    s.add_argument("--commit", action="store_true", help="with --write: commit the sheet written")

    s = _command(sub, "validate", "orders:validate", "check orders files: schema, then the game's rules")
    s.add_argument("files", nargs="+")
    s.add_argument("--format", choices=("text", "github"), default="text")

    s = _command(sub, "status", "games:status", "open phase, deadline, who has orders in and who is awaited")
    s.add_argument("game", nargs="?")
    s.add_argument("--now", help=NOW_HELP)

    s = _command(sub, "adjudicate", "games:adjudicate", "run the open turn of a game, or every turn that is due")
    s.set_defaults(changes=True)  # one at a time per working copy (history.league_lock)
    s.add_argument("game", nargs="?")
    s.add_argument("--due", action="store_true", help="every game, every turn that is due")
    s.add_argument("--now", help=NOW_HELP)
    s.add_argument("--commit", action="store_true", help="commit each turn and tag it <game>/turn-<n>")
    s.add_argument("--early", action="store_true",
                   help="run a named game's turn before its deadline (awaited players without orders miss it)")
    s.add_argument("--catch-up", action="store_true",
                   help="with --due: also run turns whose deadline passed before the turn before them was run")
    _budget(s)

    _events(sub)

    s = _command(sub, "rerun", "rerun:rerun", "void the turn before the open one and adjudicate it again, with the "
                                              "orders found (a ruling; found orders sealed for their seats)")
    s.set_defaults(changes=True)
    s.add_argument("game")
    s.add_argument("--found", action="append", default=[], metavar="SEAT=FILE",
                   help="orders found for SEAT (its key, login or role), naming the open turn and the seat")
    s.add_argument("--reason", required=True, help="why, in words: published with the turn's issue")
    s.add_argument("--deadline", metavar="'YYYY-MM-DD HH:MM'", help="the re-run's deadline (default: the schedule's)")
    s.add_argument("--master", default=None, metavar="LOGIN", help="the game master who rules")
    s.add_argument("--now", help="ISO time the command judges at (default: now)")
    s.add_argument("--commit", action="store_true", help="write the ruling and the orders and commit them")

    s = _command(sub, "preview", "orders:preview", "what your orders would do now, others' orders unknown")
    s.add_argument("game")
    s.add_argument("file")

    s = _command(sub, "verify", "games:verify", "replay every turn of the committed history and name what differs")
    s.add_argument("game", nargs="?")
    s.add_argument("--worktree", action="store_true",
                   help="replay the files as they are in the working tree, not those of the commit checked out")
    s.add_argument("--since", metavar="REF",
                   help="also prove that today's history extends REF: a commit or tag kept from an old clone, or "
                        "the chain head printed in an issue")

    s = _command(sub, "pin", "games:pin", "pin the maps, tables and drawings an existing game's rules read, once "
                                          "its committed history replays with them (one commit)")
    s.set_defaults(changes=True)  # one at a time per working copy (history.league_lock)
    s.add_argument("game")

    s = _command(sub, "seal", "keys:seal", "validate an orders file, then seal it to the game and to you")
    s.add_argument("file", help="your plain orders file (keep it outside orders/, or do not commit it)")
    s.add_argument("--identity", help="your key file, to check orders against your hidden figures too "
                                      "(default: $TURNPRESS_IDENTITY)")
    s.add_argument("--format", choices=("text", "github"), default="text")

    s = _command(sub, "open", "keys:open_private", "show your private report and figures (needs your key)")
    _open_args(s)

    keys = _command(sub, "keys", "keys:keys", "keys of sealed orders and private reports")
    actions = keys.add_subparsers(dest="action", required=True, metavar="ACTION")
    s = _command(actions, "new", "keys:new_key", "make the game's key pair: public key into game.yaml, secret "
                                                 "printed once")
    s.set_defaults(changes=True)  # one at a time per working copy (history.league_lock)
    s.add_argument("game")
    s.add_argument("--out", help="also write the secret key to this file (keep it outside the repository)")
    s = _command(actions, "add", "keys:add_key", "register a player's public key (age1... or 'ssh-ed25519 AAAA...')")
    s.set_defaults(changes=True)  # one at a time per working copy (history.league_lock)
    s.add_argument("game")
    s.add_argument("login")
    s.add_argument("recipient", help="age public key, or one ssh-ed25519 line of https://github.com/LOGIN.keys")
    s.add_argument("--commit", action="store_true", help="commit the files it writes (default: it names them "
                                                         "and the git line that commits them)")
    s = _command(actions, "personal", "keys:personal", "make your own age key: written to FILE, public key printed")
    s.add_argument("file")
    s = _command(actions, "open", "keys:open_private", "show your private report and figures (as 'turnpress open')")
    _open_args(s)

    site = _command(sub, "site", "site:site", "build or serve the newsletter site")
    actions = site.add_subparsers(dest="action", required=True, metavar="ACTION")
    s = _command(actions, "build", "site:build", "write the pages from games/ and build the site (strict)")
    s.set_defaults(changes=True)  # one at a time per working copy (history.league_lock)
    s.add_argument("--out", help="where to build (default: public/ in the league)")
    s.add_argument("--strict", action="store_true", help="accepted for clarity: the build is always strict")
    s.add_argument("--pages-only", action="store_true", help="write the pages and mkdocs.yml, do not run mkdocs")
    s.add_argument("--issues-as-committed", action="store_true",
                   help="take each issue page in the tree as its turn committed it (verify checks it), rendering "
                        "only the missing: the workflows' build of a fresh clone")
    s = _command(actions, "serve", "site:serve", "write the pages and serve the site with live reload")
    s.add_argument("--addr", default="127.0.0.1:8000", help="address to serve on (default: 127.0.0.1:8000)")

    s = _command(sub, "init", "pipeline:init", "make a new league repository")
    s.add_argument("dir", help="the new league's folder (absent or empty)")
    s.add_argument("--title", help="the league's name on the site (default: the folder's name)")
    s.add_argument("--language", default="en",
                   help="the league's language: its site's, and a game's that names none (default: en)")
    s.add_argument("--requirement",
                   help="what the workflows install, a pip requirement such as a git URL at a commit (default: the "
                        "league carries this turnpress as a wheel in .github/turnpress/ and installs that)")

    s = _command(sub, "pr-check", "pipeline:pr_check",
                 "check a pull request's changed files: only the author's orders for the open turn")
    s.add_argument("--event", required=True, help="the pull_request event payload ($GITHUB_EVENT_PATH)")
    s.add_argument("--repo", help="the clone holding the pull request's commits (default: the league)")
    s.add_argument("--base", help="compare from this commit instead of the event's base sha")
    s.add_argument("--head", help="compare to this commit instead of the event's head sha")
    s.add_argument("--now", help="ISO time an absence file is judged at: none may start before it (default: now)")
    s.add_argument("--format", choices=("text", "github"), default="text",
                   help="github: also print ::error/::warning annotations for the files' lines")

    s = _command(sub, "remind", "pipeline:remind",
                 "reminders of deadlines and notices of new issues for each game's pinned thread (the workflow posts)")
    s.add_argument("game", nargs="?", help="this game only (default: every game with a thread)")
    s.add_argument("--now", help=NOW_HELP)
    s.add_argument("--threads", action="store_true", help="print the threads the games name, one number a line")
    s.add_argument("--comments", metavar="DIR",
                   help="the threads' comments, N.json for thread N as 'gh api --paginate' prints them: what was "
                        "posted already is not written again")
    s.add_argument("--out", metavar="DIR", help="write N.md, the comment for thread N, instead of printing")
    s.add_argument("--site-url", help="the newsletter site's address, for the link in a notice of a new issue")
    s.add_argument("--bot", default="github-actions[bot]",
                   help="the account whose comments carry the markers (default: github-actions[bot])")

    s = _command(sub, "deadline", "pipeline:deadline",
                 "adjudicate what is due, commit, tag and push, retrying on a race (the deadline workflow)")
    s.set_defaults(changes=True)  # one at a time per working copy (history.league_lock)
    s.add_argument("--now", help=NOW_HELP)
    s.add_argument("--game", help="run this game's open turn now, due or not (a game master's manual turn)")
    s.add_argument("--push", action="store_true", help="push the commits and tags; fetch and retry on a race")
    s.add_argument("--remote", default="origin")
    s.add_argument("--branch", default="main")
    s.add_argument("--retries", type=int, default=3, help="how often to start over when the push is refused")
    s.add_argument("--event", metavar="FILE",
                   help="the workflow's event ($GITHUB_EVENT_PATH): on a push to --branch, what main held before it, "
                        "at the push's time, is recorded as a look at the open turns' orders (issue 28)")
    _budget(s)
    diplomacy = sub.add_parser("diplomacy", help="Diplomacy's own tools (turnpress diplomacy --help)",
                               description="Diplomacy tools")
    diplomacy.set_defaults(func="diplomacy:diplomacy")
    tools = diplomacy.add_subparsers(dest="action", required=True, metavar="ACTION")
    s = tools.add_parser("resolve", help="adjudicate one phase: position and orders in, JSON out")
    s.add_argument("file", nargs="?", help="YAML or JSON file (standard input if left out)")
    s.set_defaults(func="diplomacy:resolve")
    for name in ruleset.available() if rulesets else []:
        if isinstance(ruleset.get(name), ruleset.HasCommands):
            sub.add_parser(name, help=f"the {name} rules' own commands (turnpress {name} --help)", add_help=False)
    return p


def _budget(p: argparse.ArgumentParser) -> None:
    p.add_argument("--budget", type=_seconds, default=DEFAULT_SECONDS, metavar="SECONDS",
                   help="the time one game's turns may take before the game is stopped, named and left for the next "
                        f"run, so that the other games still get theirs (default: {DEFAULT_SECONDS}; 0: no limit)")


def _seconds(text: str) -> int:
    if not text.isdigit() or int(text) > 24 * 3600:
        raise argparse.ArgumentTypeError(f"{text!r}: write a whole number of seconds, 0 to 86400 (0: no limit)")
    return int(text)


def _events(sub: argparse._SubParsersAction[Any]) -> None:
    """The season's events: each writes the open turn's ruling, a look unless --commit (``cli/events.py``)."""
    helps = {"pause": "pause a game: no deadline applies until it is resumed (a ruling of the open turn)",
             "resume": "resume a paused game; a deadline that passed during the pause needs --deadline",
             "extend": "move the open turn's deadline to a later time (a ruling of the open turn)",
             "end": "end a game now with a draw, a winner or no winner named (a ruling: the closing turn)",
             "concede": "accept a concession: the game ends, won by WINNER, conceded by the others",
             "reschedule": "change the period of the deadlines after the open turn's (a ruling of the open turn)"}
    for name, help in helps.items():
        s = _command(sub, name, f"events:{name}", help)
        s.set_defaults(changes=True)  # one at a time per working copy (history.league_lock)
        s.add_argument("game")
        if name == "concede":
            s.add_argument("winner", help="the seat the game is conceded to (its key, login or role)")
            s.add_argument("--by", action="append", default=[], metavar="SEAT",
                           help="a seat that concedes (default: every other player still in the game)")
        s.add_argument("--reason", required=True, help="why, in words: published with the turn's issue")
        s.add_argument("--master", default=None, metavar="LOGIN",
                       help="the game master who rules (default: the game's one game master)")
        if name == "resume":
            s.add_argument("--deadline", metavar="'YYYY-MM-DD HH:MM'",
                           help="the turn's new deadline, in the game's time zone")
        if name == "extend":
            s.add_argument("--to", required=True, metavar="'YYYY-MM-DD HH:MM'",
                           help="the turn's new deadline, in the game's time zone; one to come")
        if name == "reschedule":
            s.add_argument("--every", metavar="'7 days'",
                           help="the new period: '7 days', 'weekly mon thu', 'monthly 5'")
            s.add_argument("--phase", action="append", default=[], metavar="KIND=PERIOD",
                           help="a kind of phase with a period of its own (retreat='2 days'; retreat=none drops it)")
        if name == "end":
            s.add_argument("--draw", nargs="*", metavar="SEAT",
                           help="a draw: of every player still in the game, or of the seats named")
            s.add_argument("--winner", metavar="SEAT", help="the winner")
            s.add_argument("--no-winner", action="store_true", help="the game ends without a winner named")
        s.add_argument("--now", help="ISO time the command judges at (default: now)")
        s.add_argument("--commit", action="store_true", help="write the ruling and commit it (default: a look)")


def _open_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("game")
    p.add_argument("--identity", required=True, help="your key file (age key or your GitHub SSH key)")
    p.add_argument("--turn", type=int, help="which turn (default: the last adjudicated)")


COMMANDS = frozenset({"new", "join", "template", "validate", "status", "adjudicate", "preview", "verify", "pin",
                      "seal", "open", "keys", "site", "init", "pr-check", "deadline", "remind",
                      "pause", "resume", "extend", "end", "concede", "reschedule", "rerun", "diplomacy"})
