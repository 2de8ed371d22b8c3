"""Commands on games: new, join, template, status, adjudicate, verify, pin."""

from __future__ import annotations

import argparse
import datetime as dt
import re
import sys
from pathlib import Path
from typing import Any

from .. import schedule
from ..engine import check, turn
from ..engine import pin as pinmod
from ..engine.verify import since, verification
from ..errors import OK, PROBLEMS, USAGE, LeagueError, TurnpressError, UsageError
from ..kit import secrecy, sheet
from ..kit.catalog import COMMANDS, name_problem
from ..league import history, secrets
from ..league.store import list_games, load_game, orders_relpath, write_files
from ..model import Player
from ..newsletter import site, words
from ..pipeline import deadline, scaffold
from . import committing, values
from .values import league_root, parse_now, parse_option, parse_player


def new(args: argparse.Namespace) -> int:
    root = league_root(args)
    try:
        options = dict(parse_option(o) for o in args.option)
    except UsageError as e:  # the options not read yet: the ruleset's language, else the league's
        lang = str(words.about(args.ruleset).get("language") or words.league_language(root))
        raise UsageError(COMMANDS.told(lang, e)) from None
    # the language the new game will speak: its ruleset's (or variant's), else the league's
    lang = str(words.about(args.ruleset, options).get("language") or words.league_language(root))
    players = [parse_player(p, lang) for p in args.player]
    problem = name_problem(args.title, "--title", lang) if args.title is not None else None
    if problem:
        raise UsageError(problem)
    sched = _schedule_block(args.schedule, lang) if args.schedule else None
    if sched and not args.past_deadline:
        first_deadline_to_come(sched, parse_now(args.now), lang)
    with committing.writing(root, args.commit, lang) as written:
        try:
            _new(args, root, players, options, sched, written)
        except TurnpressError as e:  # a refusal of the layers below, which name its words: in the game's language
            if not e.word:
                raise
            raise type(e)(COMMANDS.told(lang, e)) from None
        written.finish(COMMANDS.say(written.lang, "commit.new", game=args.game, ruleset=args.ruleset))
    return OK


def _new(args: argparse.Namespace, root: Path, players: list[Player], options: dict[str, Any],
         sched: dict[str, Any] | None, written: committing.Written) -> None:
    game, secret = turn.new_game(root, args.ruleset, args.game, players, options, sched, title=args.title,
                                 demo=args.demo)
    lang = written.lang = game.language
    print(COMMANDS.say(lang, "new.created", game=game.id, ruleset=args.ruleset, n=len(players)))
    declared = secrecy.of(game.ruleset, game.settings.options)
    if args.demo:
        print(COMMANDS.say(lang, "new.demo"))
    elif game.settings.options.get("orders") == "open" and declared.sealed_by_default:
        print(COMMANDS.say(lang, "new.open"))
    for line in declared.lines(lang) if not args.demo else []:
        print(COMMANDS.say(lang, "new.secret", line=line))
    pages = scaffold.add_rules_pages(root, game.ruleset, game.league.language)
    if pages:
        print(COMMANDS.say(lang, "new.pages", ruleset=args.ruleset, pages=", ".join(pages)))
    if (root / "mkdocs.yml").is_file():  # the site's navigation gains this game
        site.generate(root)
    if game.keyed:
        key_file = secrets.secret_file(root, game.id, secrets.KEY)
        written.aside.append(key_file)  # new_game made it (it refuses a key that exists)
        identity = next(line for line in key_file.read_text().splitlines() if line.startswith("AGE-SECRET-KEY-"))
        print(COMMANDS.say(lang, "new.key", game=game.id, file=key_file.relative_to(root).as_posix()))
        print(COMMANDS.say(lang, "new.key_line", variable=secrets.KEYS_VARIABLE))
        print(f"  {game.id}={identity}")
    elif not args.demo:
        path = secrets.secret_file(root, game.id, secrets.DICE)
        path.parent.mkdir(exist_ok=True)
        if not path.exists():
            written.aside.append(path)
        path.write_text(secret.hex() + "\n")
        print(COMMANDS.say(lang, "new.dice", game=game.id))
        print(f"  {secrets.dice_secret_env(game.id)}={secret.hex()}")


def _language(root: Path, game: str | None) -> str:
    """The language a command's line speaks: the named game's, else (no game, or one that cannot be read: the
    command names that fault itself) the league's."""
    if game:
        try:
            return words.game_language(load_game(root, game).settings, root)
        except Exception:  # noqa: BLE001 - the command names the game's fault itself
            pass
    return words.league_language(root)


def _schedule_block(text: str, lang: str) -> dict[str, Any]:
    """``--schedule`` as the schedule block of a new game; what cannot be read said in the game's language."""
    try:
        block = schedule.spec_from_cli(text)
    except schedule.ScheduleError as e:
        raise UsageError(COMMANDS.told(lang, e)) from None
    try:
        schedule.parse(block)
    except schedule.ScheduleError as e:
        raise UsageError(f"--schedule: {COMMANDS.told(lang, e)}") from None
    return block


def first_deadline_to_come(block: dict[str, object], now: dt.datetime, lang: str = "en") -> None:
    """A game whose first deadline has passed would run turn 1 at once with every player missing: refused
    unless the game master says so (``--past-deadline``)."""
    try:
        parsed = schedule.parse(block)
    except schedule.ScheduleError as e:
        raise LeagueError(f"--schedule: {COMMANDS.told(lang, e)}") from None
    if parsed.first <= now:
        raise LeagueError(COMMANDS.say(lang, "error.first_passed", when=deadline_text(parsed.first, now, parsed.zone,
                                                                                     lang)))


def join(args: argparse.Namespace) -> int:
    root = league_root(args)
    lang = words.game_language(load_game(root, args.game).settings, root)
    player = parse_player(args.player, lang)
    with committing.writing(root, args.commit, lang) as written:
        try:
            at = turn.join_game(root, args.game, player)
        except TurnpressError as e:  # the rules' refusal, which names its words: in the game's language
            if not e.word:
                raise
            raise type(e)(COMMANDS.told(lang, e)) from None
        print(COMMANDS.say(lang, "join.joins", name=args.player.split(':')[0], game=args.game, turn=at))
        written.finish(COMMANDS.say(lang, "commit.join", game=args.game, login=player.login, turn=at))
    return OK


def template(args: argparse.Namespace) -> int:
    game = load_game(league_root(args), args.game)
    lang = check.language(game)
    key = args.player.lower()
    player = game.player(key)
    if player is None or any(p["key"] == key and p["login"].lower() != key for p in game.seats()):
        # A seat is keyed by its first player's login; a ruling may have handed it to another (issue 29)
        held = [p["key"] for p in game.seats() if p["login"].lower() == key and not p.get("left")]
        if not held:
            raise LeagueError(COMMANDS.say(lang, "error.not_a_player", login=args.player, game=game.id))
        key = held[0]
    open_turn = game.open_turn
    if game.ruleset.phase(game.effective_state(open_turn)).finished:
        raise LeagueError(COMMANDS.say(lang, "error.over_no_orders", game=game.id))
    where = orders_relpath(game.id, open_turn, key)
    text = sheet.sheet_text(game, key, game.effective_state(open_turn), sealed=game.sealed_orders,
                            lang=lang)
    if args.write:
        if game.sealed_orders:
            raise LeagueError(COMMANDS.say(lang, "error.sealed_no_write", game=game.id))
        with committing.writing(game.root, args.commit, lang) as written:
            if args.commit and (game.root / where).exists():
                raise LeagueError(COMMANDS.say(lang, "error.sheet_exists", path=where))
            write_files(game.root, {where: text})
            print(COMMANDS.say(lang, "template.wrote", path=where))
            written.finish(COMMANDS.say(written.lang, "commit.sheet", player=key, game=game.id, turn=open_turn))
    else:
        if args.commit:
            raise UsageError(COMMANDS.say(lang, "error.commit_without_write"))
        sys.stdout.write(text)
    return OK


def status(args: argparse.Namespace) -> int:
    root = league_root(args)
    now = parse_now(args.now)
    code = OK
    for gid in [args.game] if args.game else list_games(root):
        try:
            st = turn.status(load_game(root, gid), now)
        except Exception as e:  # noqa: BLE001 - one broken game must not hide the others' status
            if args.game:
                raise
            lang = _language(root, gid)
            print(COMMANDS.say(lang, "status.cannot", game=gid, why=deadline.failure_text(e, root, gid, lang)))
            code = USAGE
            continue
        names = {p.key: p.name for p in st.game.players}
        lang = check.language(st.game)

        def say(key: str, /, **values: Any) -> None:
            print(COMMANDS.say(lang, key, **values))  # noqa: B023 - called in this round of the loop only

        print(COMMANDS.say(lang, "status.head", game=gid, turn=st.turn, label=st.phase.label)
              + (COMMANDS.say(lang, "status.finished") if st.phase.finished else ""))
        zone = st.game.schedule.zone if st.game.schedule is not None else None
        say("status.deadline",
            when=deadline_text(st.deadline, now, zone, lang) if st.deadline else COMMANDS.say(lang, "status.none"))
        moves = st.moves
        if moves is not None and moves.absent and moves.planned is not None:
            say("status.absence", names=", ".join(names.get(k, k) for k in moves.absent),
                when=f"{moves.planned.astimezone(zone):%Y-%m-%d %H:%M %Z}")
        if moves is not None and moves.extended and moves.scheduled is not None:
            say("status.nmr", names=", ".join(names.get(k, k) for k in moves.extended),
                when=f"{moves.scheduled.astimezone(zone):%Y-%m-%d %H:%M %Z}")
        say("status.orders_in",
            names=", ".join(names.get(k, k) for k in st.submitted) or COMMANDS.say(lang, "status.none"))
        missing = [names.get(k, k) for k in st.phase.awaited if k not in st.submitted]
        say("status.awaited", names=", ".join(missing) or COMMANDS.say(lang, "status.nobody"))
        if st.waiting_asked:
            say("status.waiting", names=", ".join(names.get(k, k) for k in st.waiting_asked))
        say("status.due" if st.due else "status.not_due", reason=COMMANDS.said_in(lang, st.reason, "reason."))
        held = turn.stale_deadline(st, lang) if st.due else None
        if held:  # what 'adjudicate --due' and the deadline run say instead of running it
            say("status.held", why=held.split(": ", 1)[1])
    return code


def deadline_text(deadline: dt.datetime, now: dt.datetime, zone: dt.tzinfo | None, lang: str = "en") -> str:
    """'2026-01-05 20:00 CET, in 1 d 8 h': local time in the game's zone, and how far off it is."""
    minutes = round((deadline - now).total_seconds() / 60)
    span = span_text(deadline - now)
    when = COMMANDS.say(lang, "when.now" if not span else "when.in" if minutes > 0 else "when.ago", span=span)
    return f"{deadline.astimezone(zone):%Y-%m-%d %H:%M %Z}, {when}"


def span_text(span: dt.timedelta) -> str:
    """'1 d 8 h', '3 h 5 min': how long ``span`` is, to the minute ('' for none)."""
    days, rest = divmod(abs(round(span.total_seconds() / 60)), 24 * 60)
    hours, mins = divmod(rest, 60)
    parts = [f"{days} d"] * bool(days) + [f"{hours} h"] * bool(hours) + [f"{mins} min"] * bool(mins and not days)
    return " ".join(parts)


AHEAD = dt.timedelta(minutes=5)  # how far --now may run ahead of the clock (clocks differ a little)


def adjudicate(args: argparse.Namespace) -> int:
    root = league_root(args)
    said = _language(root, args.game)  # the named game's, else the league's
    if not args.game and not args.due:
        raise UsageError(COMMANDS.say(said, "error.game_or_due"))
    if args.early and args.due:
        raise UsageError(COMMANDS.say(said, "error.early_and_due"))
    if args.catch_up and not args.due:
        raise UsageError(COMMANDS.say(said, "error.catch_up"))
    now = parse_now(args.now)
    if args.due and not args.game and args.commit and now > values.clock() + AHEAD:
        # Every game whose deadline falls before that time would run now, its players' orders as they stand:
        # NMR for all who were to send theirs by a deadline still to come (issue 29).
        raise UsageError(COMMANDS.say(said, "error.now_ahead", now=args.now, span=span_text(now - values.clock())))
    if args.due:  # every game (or the one named): one that fails is named and skipped, the others advance
        games = [load_game(root, args.game).id] if args.game else None
        outcomes, skipped = deadline.adjudicate_due(root, now, commit=args.commit, catch_up=args.catch_up,
                                                    games=games, budget=args.budget or None)
    else:
        st = turn.status(load_game(root, args.game), now)
        zone = st.game.schedule.zone if st.game.schedule is not None else None
        lang = check.language(st.game)
        refusal = turn.early_refusal(st, now, deadline_text(st.deadline, now, zone, lang) if st.deadline else "")
        if refusal and not args.early:
            raise LeagueError(_not_due(st, lang, deadline_text(st.deadline, now, zone, lang) if st.deadline else "")
                              if lang != "en" else refusal)
        outcomes, skipped = turn.adjudicate(root, args.game, now, commit=args.commit, only_if_due=False,
                                           early=args.early), []
    for s in skipped:
        if not s.held:
            print(s)
    lang = "en"
    for outcome in outcomes:
        lang = check.language(load_game(root, outcome.game))
        missed = COMMANDS.say(lang, "adjudicate.missed", names=", ".join(outcome.missed)) if outcome.missed else ""
        done = COMMANDS.say(lang, "adjudicate.commit", commit=outcome.commit[:10],
                            tag=f"{outcome.game}/turn-{outcome.turn}") if outcome.commit else ""
        early = COMMANDS.say(lang, "adjudicate.early") if args.early else ""
        if outcome.commit:
            print(COMMANDS.say(lang, "adjudicate.done", game=outcome.game, turn=outcome.turn, label=outcome.label,
                               early=early, missed=missed, done=done))
        else:
            show_look(outcome, early, missed, lang)
    for s in skipped:
        if s.held:
            print(s)
    if args.game and not outcomes:
        lang = check.language(load_game(root, args.game))
    elif not args.game and not outcomes:
        lang = _one_language(root)
    if not outcomes and not skipped:
        print(COMMANDS.say(lang, "adjudicate.nothing_due" if args.due else "adjudicate.nothing"))
    elif not args.commit:
        print(COMMANDS.say(lang, "adjudicate.a_look_due" if args.due else "adjudicate.a_look"))
    return USAGE if deadline.failed(skipped) else OK


def _not_due(st: turn.Status, lang: str, when: str) -> str:
    """``turn.early_refusal`` in ``lang``."""
    names = {p.key: p.name for p in st.game.players}
    missing = [names.get(k, k) for k in st.phase.awaited if k not in st.submitted]
    asked = [names.get(k, k) for k in st.waiting_asked]
    who = (COMMANDS.say(lang, "adjudicate.would_miss", names=_and(missing, lang)) if missing
           else COMMANDS.say(lang, "adjudicate.all_in"))
    wait = COMMANDS.say(lang, "adjudicate.asked", names=_and(asked, lang)) if asked else ""
    return COMMANDS.say(lang, "adjudicate.not_due", game=st.game.id, turn=st.turn, when=when, who=who, wait=wait,
                        reason=COMMANDS.said_in(lang, st.reason, "reason."))


def _one_language(root: Path) -> str:
    """The language every game of the league speaks; the league's if they speak several."""
    found = {check.language(load_game(root, gid)) for gid in list_games(root)}
    return found.pop() if len(found) == 1 else words.league_language(root)


def _and(names: list[str], lang: str) -> str:
    """'a', 'a and b', 'a, b and c' in ``lang``."""
    return names[0] if len(names) == 1 else COMMANDS.say(lang, "and", first=", ".join(names[:-1]), last=names[-1])


def show_look(outcome: turn.TurnOutcome, early: str, missed: str, lang: str = "en") -> None:
    """A turn computed and not written (``adjudicate`` without ``--commit``): what it would do, and its issue."""
    print(COMMANDS.say(lang, "adjudicate.look", game=outcome.game, turn=outcome.turn, label=outcome.label,
                       early=early, missed=missed))
    page = next((text for path, text in sorted(outcome.files.items()) if path.startswith("site/news/")), None)
    if page is not None:
        print(COMMANDS.say(lang, "adjudicate.issue", game=outcome.game, turn=outcome.turn))
        print(page.rstrip("\n"))
        print("---")


def verify(args: argparse.Namespace) -> int:
    with history.reading(league_root(args)):  # the games' verifies ask git for the league's tags and commits once
        return _verify(args)


def _verify(args: argparse.Namespace) -> int:
    root = league_root(args)
    bad = 0
    games = [args.game] if args.game else list_games(root)
    said = False
    league = words.read_league(root)  # mkdocs.yml, once for every game (a committed tree replayed reads its own)
    for gid in games:
        try:
            result = verification(root, gid, worktree=args.worktree, league=league)
        except Exception as e:  # noqa: BLE001 - whatever the tree holds, verify names it and goes on (issue 28/29)
            if args.game and args.game not in list_games(root):
                raise  # no such game: a usage error, as every command gives it
            # A file of the committed tree is named as the league names it, not by the private copy's folder.
            try:  # the game's language where its files read, else the league's
                lang = words.game_language(load_game(root, gid).settings, root)
            except Exception:  # noqa: BLE001 - the fault is what is said below
                lang = words.league_language(root)
            text = re.sub(r"\S*turnpress-verify-[^/\s]*/", "", deadline.failure_text(e, root, gid, lang))
            print(COMMANDS.say(lang, "verify.cannot", game=gid, why=text))
            bad += 1
            continue
        lang = check.language(load_game(root, gid, league))
        if not said:
            said = True
            print(COMMANDS.say(lang, "verify.replaying", source=COMMANDS.said_in(lang, result.source, "verify.source."))
                  + (COMMANDS.say(lang, "verify.uncommitted") if result.source.startswith("the committed") else ""))
        for f in result.found:
            print(f.text(lang))
        for what in result.not_checked:
            print(COMMANDS.say(lang, "verify.not_checked", game=gid, what=COMMANDS.said_in(lang, what, "verify.note.")))
        for note in result.notes:
            print(f"{gid}: {COMMANDS.said_in(lang, note, 'verify.note.')}")
        bad += len(result.found)
        summary = (COMMANDS.say(lang, "verify.all_match") if not result.found
                   else COMMANDS.say(lang, "verify.found", n=len(result.found)))
        print(COMMANDS.say(lang, "verify.summary", game=gid, turns=result.turns, summary=summary,
                           mode=COMMANDS.said_in(lang, result.mode, "verify.mode.")))
    if args.since:
        try:
            extension = since(root, args.since, games, worktree=args.worktree)
        except Exception as e:  # noqa: BLE001 - as above: a damaged tree is named, never a traceback
            lang = words.league_language(root)
            print(COMMANDS.say(lang, "verify.since_cannot", since=args.since,
                               why=deadline.failure_text(e, root, lang=lang)))
            return PROBLEMS
        lang = _one_language(root) if not args.game else _language(root, args.game)
        for problem in extension.found:
            print(COMMANDS.said_in(lang, problem, "verify.since.") if isinstance(problem, str) else problem.text(lang))
        for line in extension.holds:
            print(COMMANDS.said_in(lang, line, "verify.since."))
        bad += len(extension.found)
    return PROBLEMS if bad else OK


def pin(args: argparse.Namespace) -> int:
    root = league_root(args)
    done = pinmod.pin(root, args.game)
    lang = check.language(load_game(root, args.game))
    print(COMMANDS.say(lang, "pin.replayed", game=args.game, turns=done.turns))
    print(COMMANDS.say(lang, "pin.pinned", n=len(done.files), game=args.game, files=", ".join(done.files),
                       commit=done.commit[:12]))
    return OK
