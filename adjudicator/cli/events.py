"""The season's events (issue 29): ``turnpress pause | resume | extend | end | concede GAME``.

Each writes the game master's ruling of the open turn (``rulings/<game>/<NNNN>.yaml``, see ``rulings``), adding
what it rules and its reason to a ruling the turn has already, so that the pull-request check takes it from a
game master only, the deadline run applies it, the issue publishes it and ``verify`` replays it; never a hand edit
of state or of ``game.yaml``. Like ``adjudicate``, a command without ``--commit`` is a look: it prints the ruling
and writes nothing; with ``--commit`` it writes the file and commits it, or changes nothing at all.
"""

from __future__ import annotations

import argparse
import datetime as dt
import re
from collections.abc import Callable
from typing import Any
from zoneinfo import ZoneInfo

from .. import schedule as schedmod
from .. import yamledit, yamlio
from ..engine import turn
from ..errors import OK, LeagueError, UsageError
from ..kit import words
from ..kit.catalog import COMMANDS
from ..kit.ruleset import HasHistory, MarksOut
from ..league import history, rulings
from ..league.store import Game, config_relpath, load_game, phase_kinds_problem
from .values import league_root, parse_now

Build = Callable[[dict[str, Any], "Context"], str]


class Context:
    """The open turn of a game as an event command sees it."""

    def __init__(self, game: Game, now: dt.datetime) -> None:
        self.game, self.now = game, now
        self.status = turn.status(game, now)
        self.turn = self.status.turn
        self.zone = game.schedule.zone if game.schedule is not None else ZoneInfo("UTC")
        self.lang = words.game_language(game.settings, game.root)

    def say(self, key: str, /, **values: Any) -> str:
        """The commands' catalog's ``key`` in the game's language, with the game and the open turn."""
        return COMMANDS.say(self.lang, key, **{"game": self.game.id, "turn": self.turn, **values})

    def when(self, moment: dt.datetime) -> str:
        return f"{moment.astimezone(self.zone):%Y-%m-%d %H:%M %Z}"

    def in_play(self) -> dict[str, str]:
        """The seats still in the game (seat -> login): not taken out by a ruling, nor by the rules (a power
        without a supply centre, a country that left)."""
        seats = self.game.seated_before(self.turn + 1).logins
        return {k: v for k, v in seats.items() if k not in self.out()}

    def out(self) -> set[str]:
        rules, state = self.game.ruleset, self.game.effective_state(self.turn)
        public = rules.public_view(state)
        gone = set(self.game.removed(self.turn))
        if isinstance(rules, MarksOut):
            gone.update(rules.out_of_game(public))
        metric = words.about(rules.name, self.game.settings.options).get("out_at_zero")
        if metric and isinstance(rules, HasHistory):
            gone.update(k for k, v in rules.history([public]).get(metric, {}).items() if v and v[-1] == 0)
        return gone

    def seat(self, name: str, what: str) -> str:
        """A seat named by its key, its player's login or its role (a power); one still in the game."""
        wanted = name.strip().lower()
        seats = {p["key"]: p for p in self.game.seats(self.turn)}
        found = next((k for k, p in seats.items() if wanted in (k.lower(), str(p.get("login", "")).lower(),
                                                                  str(p.get("role") or "").lower())), None)
        if found is None:
            raise UsageError(self.say("error.seat_unknown", what=what, name=repr(name), seats=", ".join(sorted(seats))))
        if found not in self.in_play():
            raise LeagueError(self.say("error.seat_out", what=what, name=seats[found].get("name", found), seat=found,
                                       seats=", ".join(sorted(self.in_play()))))
        return found


def pause(args: argparse.Namespace) -> int:
    def build(data: dict[str, Any], ctx: Context) -> str:
        if ctx.game.paused:
            raise LeagueError(ctx.say("events.paused_already"))
        data["pause"] = True
        return ctx.say("events.paused")
    return _event(args, "paused", build)


def resume(args: argparse.Namespace) -> int:
    def build(data: dict[str, Any], ctx: Context) -> str:
        if not ctx.game.paused:
            raise LeagueError(ctx.say("events.not_paused"))
        planned = ctx.game.deadline(ctx.turn, scheduled=True)  # the schedule's, or a ruling's of the turn
        if args.deadline is None and planned is not None and planned <= ctx.now:
            raise LeagueError(ctx.say("error.resume_passed", when=ctx.when(planned)))
        data["pause"] = False
        if args.deadline is not None:
            data["deadline"] = _future(args.deadline, ctx, "--deadline")
            return ctx.say("events.resumed_to", when=data["deadline"], zone=ctx.zone)
        if planned is not None:
            return ctx.say("events.resumed_as_before", when=ctx.when(planned))
        return ctx.say("events.resumed")
    return _event(args, "resumed", build)


def extend(args: argparse.Namespace) -> int:
    def build(data: dict[str, Any], ctx: Context) -> str:
        data["deadline"] = _future(args.to, ctx, "--to")
        before = ctx.status.deadline
        if before is None:
            return ctx.say("events.extended", when=data["deadline"], zone=ctx.zone)
        return ctx.say("events.extended_from", when=data["deadline"], zone=ctx.zone, before=ctx.when(before))
    return _event(args, "deadline moved", build)


def end(args: argparse.Namespace) -> int:
    def build(data: dict[str, Any], ctx: Context) -> str:
        chosen = [args.draw is not None, args.winner is not None, args.no_winner]
        if sum(chosen) != 1:
            raise UsageError(ctx.say("error.end_how"))
        if args.draw is not None:
            seats = sorted({ctx.seat(s, "--draw") for s in args.draw}) if args.draw else sorted(ctx.in_play())
            if len(seats) < 2:
                raise LeagueError(ctx.say("error.draw_of_one", seats=", ".join(seats) or ctx.say("status.nobody")))
            data["end"] = {"result": "draw", "seats": seats}
        elif args.winner is not None:
            data["end"] = {"result": "win", "seats": [ctx.seat(args.winner, "--winner")]}
        else:
            data["end"] = {"result": "none"}
        return ctx.say("events.ends", result=_said(data["end"], ctx))
    return _event(args, "ended", build)


def concede(args: argparse.Namespace) -> int:
    def build(data: dict[str, Any], ctx: Context) -> str:
        winner = ctx.seat(args.winner, ctx.say("events.the_winner"))
        by = (sorted({ctx.seat(s, "--by") for s in args.by}) if args.by
              else sorted(k for k in ctx.in_play() if k != winner))
        if winner in by:
            raise UsageError(ctx.say("error.concede_self", winner=winner))
        if not by:
            raise LeagueError(ctx.say("error.concede_nobody", winner=winner))
        data["end"] = {"result": "win", "seats": [winner], "conceded_by": by}
        return ctx.say("events.ends", result=_said(data["end"], ctx))
    return _event(args, "conceded", build)


def reschedule(args: argparse.Namespace) -> int:
    def build(data: dict[str, Any], ctx: Context) -> str:
        if ctx.game.schedule is None:
            raise LeagueError(ctx.say("error.no_schedule"))
        change: dict[str, Any] = dict(data.get("schedule") or {})  # what the turn's ruling changed already
        if args.every:
            change["every"] = args.every
        for entry in args.phase:
            kind, sep, period = (x.strip() for x in entry.partition("="))
            if not sep or not kind:
                raise UsageError(ctx.say("error.phase_period", entry=repr(entry)))
            change.setdefault("phases", {})[kind] = period
        if not args.every and not args.phase:
            raise UsageError(ctx.say("error.reschedule_what"))
        data["schedule"] = change
        nxt = ctx.turn + 1
        try:
            after = schedmod.ruled(ctx.game.schedule_for(ctx.turn) or ctx.game.schedule, change)
        except schedmod.ScheduleError as e:
            raise UsageError(COMMANDS.told(ctx.lang, e)) from None
        problem = phase_kinds_problem(ctx.game.ruleset, ctx.game.settings.ruleset, after)
        if problem:
            raise UsageError(COMMANDS.told(ctx.lang, problem))
        return ctx.say("events.rescheduled", next=nxt, change=words.schedule_said(change, ctx.lang))
    return _event(args, "rescheduled", build)


def _said(end: dict[str, Any], ctx: Context) -> str:
    seats = ", ".join(end.get("seats", []))
    text = ctx.say({"draw": "events.drawn", "win": "events.won", "none": "events.no_winner"}[end["result"]],
                   seats=seats)
    return text + (ctx.say("events.conceded", seats=", ".join(end["conceded_by"])) if end.get("conceded_by") else "")


def _future(text: str, ctx: Context, flag: str) -> str:
    """A deadline given on the command line, in the game's zone, as the ruling writes it; one to come."""
    try:
        when = schedmod.parse_time(text, ctx.zone, flag)
    except schedmod.ScheduleError as e:
        raise UsageError(COMMANDS.told(ctx.lang, e)) from None
    if when <= ctx.now:
        raise LeagueError(ctx.say("error.in_the_past", flag=flag, text=text, when=ctx.when(when),
                                  now=ctx.when(ctx.now)))
    return f"{when.astimezone(ctx.zone):%Y-%m-%d %H:%M}"


def _master(ctx: Context, by: str | None) -> str:
    masters = ctx.game.settings.game_masters
    if not masters:
        raise LeagueError(ctx.say("error.no_master"))
    if by is None:
        if len(masters) > 1:
            raise UsageError(ctx.say("error.masters", masters=", ".join(sorted(masters))))
        return next(iter(masters))
    if by.lower() not in masters:
        raise LeagueError(ctx.say("error.not_master", by=by, masters=", ".join(sorted(masters))))
    return by.lower()


def _event(args: argparse.Namespace, done: str, build: Build) -> int:
    root = league_root(args)
    game = load_game(root, args.game)
    ctx = Context(game, parse_now(args.now))
    if ctx.status.phase.finished:
        raise LeagueError(ctx.say("error.over_no_ruling"))
    if not args.reason or not args.reason.strip():
        raise UsageError(ctx.say("error.no_reason"))
    rel = rulings.relpath(game.id, ctx.turn)
    data: dict[str, Any] = {"game": game.id, "turn": ctx.turn}
    written: str | None = None  # the game master's own file, if the turn has one
    if (root / rel).exists():
        ruled = game.ruling(ctx.turn)  # read and checked: a broken file is named before anything is added to it
        assert ruled is not None
        written = (root / rel).read_text(encoding="utf-8")
        data = dict(yamlio.load(written.encode("utf-8")).data)
    data["by"] = _master(ctx, args.master)
    said = build(data, ctx)
    reason = " ".join(args.reason.split())
    data["reason"] = f"{data['reason'].rstrip()}\n{reason}" if data.get("reason") else reason
    data = {k: data[k] for k in rulings.KEYS if k in data}
    text = yamlio.dump(data) if written is None else _added_to(rel, written, data)
    # The file as every later reader reads it: what the check, the deadline and verify would say of it is said now.
    rulings.parse(rel, text.encode(), game.id, ctx.turn, game.settings.game_masters, ctx.zone,
                  game.seated_before(ctx.turn).logins, lang=ctx.lang)
    unpause = config_relpath(game.id) if done == "resumed" and game.schedule and game.schedule.paused else None
    config = _without_pause(root / unpause, ctx) if unpause else None
    if not args.commit:
        print(f"{ctx.say('events.look', path=rel)}\n\n{text}")
        if unpause:
            print(ctx.say("events.unpause", path=unpause))
        print(ctx.say("events.nothing", said=said))
        return OK
    paths = [rel, *([unpause] if unpause else [])]
    dirty = history.dirty(root, paths) if history.is_repo(root) else []
    if dirty:
        raise LeagueError(ctx.say("error.ruling_dirty", paths=", ".join(paths)))
    files = {rel: text, **({unpause: config} if unpause and config is not None else {})}
    subject = ctx.say(f"subject.{done.replace(' ', '_')}", by=data["by"], reason=reason)
    commit = history.commit_files(root, files, subject[:200])
    history.materialize(root, "HEAD", list(files))
    print(ctx.say("events.wrote", path=rel, commit=commit[:10], said=said))
    return OK


def _added_to(rel: str, written: str, data: dict[str, Any]) -> str:
    """The hand-written ruling ``written`` with what the command rules set in it by the round trip, so that every
    comment, blank line and quoting the game master wrote stays (``yamledit``)."""
    def change(tree: Any) -> None:
        for key, value in data.items():
            yamledit.put(tree, key, value)
    return yamledit.edit_checked(rel, written, change, data)


PAUSED_LINE = re.compile(r"^[ \t]+paused:[ \t]*(?:true|yes|on)[ \t]*(?:#.*)?\n", re.MULTILINE | re.IGNORECASE)


def _without_pause(path: Any, ctx: Context) -> str:
    """game.yaml without its schedule's ``paused: true`` line, every other byte (and comment) kept."""
    text = path.read_text(encoding="utf-8")
    changed = PAUSED_LINE.sub("", text, count=1)
    if changed == text:
        raise LeagueError(ctx.say("error.paused_by_hand", path=path))
    return changed
