"""Commands on games: new, join, template, status, adjudicate, verify, pin."""

from __future__ import annotations

import argparse
import datetime as dt
import re
import sys
from pathlib import Path
from typing import Any

from .. import schedule, secrecy, sheet
from ..engine import check, turn
from ..engine import pin as pinmod
from ..engine.verify import since, verification
from ..errors import OK, PROBLEMS, USAGE, LeagueError, UsageError
from ..league import secrets
from ..league.store import list_games, load_game, orders_relpath, write_files
from ..markup import name_problem
from ..model import Player
from ..newsletter import site
from ..pipeline import deadline, scaffold
from . import committing, values
from .values import league_root, parse_now, parse_option, parse_player


def new(args: argparse.Namespace) -> int:
    players = [parse_player(p) for p in args.player]
    problem = name_problem(args.title, "--title") if args.title is not None else None
    if problem:
        raise UsageError(problem)
    options = dict(parse_option(o) for o in args.option)
    sched = schedule.spec_from_cli(args.schedule) if args.schedule else None
    root = league_root(args)
    if sched and not args.past_deadline:
        first_deadline_to_come(sched, parse_now(args.now))
    with committing.writing(root, args.commit) as written:
        _new(args, root, players, options, sched)
        written.finish(f"{args.game}: a new game of {args.ruleset}")
    return OK


def _new(args: argparse.Namespace, root: Path, players: list[Player], options: dict[str, Any],
         sched: dict[str, Any] | None) -> None:
    game, secret = turn.new_game(root, args.ruleset, args.game, players, options, sched, title=args.title,
                                 demo=args.demo)
    print(f"Created games/{game.id} ({args.ruleset}) with {len(players)} players at turn 0.")
    declared = secrecy.of(game.ruleset, game.settings.options)
    if args.demo:
        print("A demo game: its dice secret and hidden state are committed, everything about it is public.")
    elif game.settings.options.get("orders") == "open" and declared.sealed_by_default:
        print("Open orders, as chosen: every player reads the others' orders in their pull requests before the "
              "deadline (the issue pages say so).")
    for line in declared.lines() if not args.demo else []:
        print(f"  secret by the rules: {line}")
    pages = scaffold.add_rules_pages(root, game.ruleset)
    if pages:
        print(f"The site's rules pages for {args.ruleset}: {', '.join(pages)} (yours to edit; a page you have is "
              "kept).")
    if (root / "mkdocs.yml").is_file():  # the site's navigation gains this game
        site.generate(root)
    if game.keyed:
        key_file = secrets.secret_file(root, game.id, secrets.KEY)
        identity = next(line for line in key_file.read_text().splitlines() if line.startswith("AGE-SECRET-KEY-"))
        print(f"The game's key pair is made: the public key is in games/{game.id}/game.yaml, the secret key in "
              f"{key_file.relative_to(root).as_posix()} (git ignores it; adjudicate reads it there), and the "
              "dice secrets are sealed to it.")
        print(f"Add this line to the deadline workflow's secret {secrets.KEYS_VARIABLE} (one line per game), "
              "and keep a copy outside the repository:")
        print(f"  {game.id}={identity}")
    elif not args.demo:
        path = secrets.secret_file(root, game.id, secrets.DICE)
        path.parent.mkdir(exist_ok=True)
        path.write_text(secret.hex() + "\n")
        print(f"Dice secret (keep it; it is also in .secrets/{game.id}.dice, which git ignores):")
        print(f"  {secrets.dice_secret_env(game.id)}={secret.hex()}")


def first_deadline_to_come(block: dict[str, object], now: dt.datetime) -> None:
    """A game whose first deadline has passed would run turn 1 at once with every player missing: refused
    unless the game master says so (``--past-deadline``)."""
    try:
        parsed = schedule.parse(block)
    except schedule.ScheduleError as e:
        raise LeagueError(f"--schedule: {e}") from None
    if parsed.first <= now:
        raise LeagueError(f"--schedule: the first deadline, {deadline_text(parsed.first, now, parsed.zone)}, has "
                          "passed: turn 1 would be due at once with every player missing. Give a later first=, "
                          "or add --past-deadline to keep it")


def join(args: argparse.Namespace) -> int:
    root = league_root(args)
    player = parse_player(args.player)
    with committing.writing(root, args.commit) as written:
        at = turn.join_game(root, args.game, player)
        print(f"{args.player.split(':')[0]} joins {args.game} with turn {at}.")
        written.finish(f"{args.game}: {player.login} joins with turn {at}")
    return OK


def template(args: argparse.Namespace) -> int:
    game = load_game(league_root(args), args.game)
    key = args.player.lower()
    player = game.player(key)
    if player is None or any(p["key"] == key and p["login"].lower() != key for p in game.seats()):
        # A seat is keyed by its first player's login; a ruling may have handed it to another (issue 29)
        held = [p["key"] for p in game.seats() if p["login"].lower() == key and not p.get("left")]
        if not held:
            raise LeagueError(f"{args.player} does not play in {game.id}")
        key = held[0]
    open_turn = game.open_turn
    if game.ruleset.phase(game.effective_state(open_turn)).finished:
        raise LeagueError(f"the game is over: {game.id} takes no more orders (its result is on the game's page)")
    where = orders_relpath(game.id, open_turn, key)
    text = sheet.sheet_text(game, key, game.effective_state(open_turn), sealed=game.sealed_orders,
                            lang=check.language(game))
    if args.write:
        if game.sealed_orders:
            raise LeagueError(f"{game.id} has sealed orders: print the sheet without --write, save it outside "
                              "orders/ and seal it with 'turnpress seal FILE'")
        with committing.writing(game.root, args.commit) as written:
            if args.commit and (game.root / where).exists():
                raise LeagueError(f"{where} exists: edit it, or remove it to write the sheet again")
            write_files(game.root, {where: text})
            print(f"Wrote {where}")
            written.finish(f"orders of {key} for {game.id}, turn {open_turn}")
    else:
        if args.commit:
            raise UsageError("--commit goes with --write: the sheet is committed where --write puts it")
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
            print(f"{gid}: cannot be read: {deadline.failure_text(e, root, gid)}")
            code = USAGE
            continue
        names = {p.key: p.name for p in st.game.players}
        print(f"{gid}: turn {st.turn}, {st.phase.label}" + (" (finished)" if st.phase.finished else ""))
        zone = st.game.schedule.zone if st.game.schedule is not None else None
        print(f"  deadline: {deadline_text(st.deadline, now, zone) if st.deadline else 'none'}")
        moves = st.moves
        if moves is not None and moves.absent and moves.planned is not None:
            print(f"  absence: {', '.join(names.get(k, k) for k in moves.absent)} away: the deadline moved from "
                  f"{moves.planned.astimezone(zone):%Y-%m-%d %H:%M %Z}")
        if moves is not None and moves.extended and moves.scheduled is not None:
            print(f"  NMR extension: {', '.join(names.get(k, k) for k in moves.extended)} had nothing in at "
                  f"{moves.scheduled.astimezone(zone):%Y-%m-%d %H:%M %Z}: the deadline moved once")
        print(f"  orders in: {', '.join(names.get(k, k) for k in st.submitted) or 'none'}")
        missing = [names.get(k, k) for k in st.phase.awaited if k not in st.submitted]
        print(f"  awaited: {', '.join(missing) or 'nobody'}")
        if st.waiting_asked:
            print(f"  asked to wait: {', '.join(names.get(k, k) for k in st.waiting_asked)}")
        print(f"  due now: {'yes' if st.due else 'no'} ({st.reason})")
        held = turn.stale_deadline(st) if st.due else None
        if held:  # what 'adjudicate --due' and the deadline run say instead of running it
            print(f"  held: {held.split(': ', 1)[1]}")
    return code


def deadline_text(deadline: dt.datetime, now: dt.datetime, zone: dt.tzinfo | None) -> str:
    """'2026-01-05 20:00 CET, in 1 d 8 h': local time in the game's zone, and how far off it is."""
    minutes = round((deadline - now).total_seconds() / 60)
    span = span_text(deadline - now)
    when = "now" if not span else f"in {span}" if minutes > 0 else f"{span} ago"
    return f"{deadline.astimezone(zone):%Y-%m-%d %H:%M %Z}, {when}"


def span_text(span: dt.timedelta) -> str:
    """'1 d 8 h', '3 h 5 min': how long ``span`` is, to the minute ('' for none)."""
    days, rest = divmod(abs(round(span.total_seconds() / 60)), 24 * 60)
    hours, mins = divmod(rest, 60)
    parts = [f"{days} d"] * bool(days) + [f"{hours} h"] * bool(hours) + [f"{mins} min"] * bool(mins and not days)
    return " ".join(parts)


AHEAD = dt.timedelta(minutes=5)  # how far --now may run ahead of the clock (clocks differ a little)


def adjudicate(args: argparse.Namespace) -> int:
    if not args.game and not args.due:
        raise UsageError("adjudicate: name a GAME or give --due (or both: the named game's turns that are due)")
    if args.early and args.due:
        raise UsageError("adjudicate: --early runs one named game's turn before its deadline; --due runs what is due")
    if args.catch_up and not args.due:
        raise UsageError("adjudicate: --catch-up goes with --due")
    root = league_root(args)
    now = parse_now(args.now)
    if args.due and not args.game and args.commit and now > values.clock() + AHEAD:
        # Every game whose deadline falls before that time would run now, its players' orders as they stand:
        # NMR for all who were to send theirs by a deadline still to come (issue 29).
        raise UsageError(f"adjudicate: --now {args.now} lies {span_text(now - values.clock())} "
                         "ahead of the clock: every game's turn due by then would be adjudicated now, with the "
                         "orders in as they stand and NMR for everyone else. Name the game to run its turns only "
                         f"('turnpress adjudicate GAME --due --now {args.now} --commit'), or run one game's open turn "
                         "before its deadline ('turnpress adjudicate GAME --early --commit')")
    if args.due:  # every game (or the one named): one that fails is named and skipped, the others advance
        games = [load_game(root, args.game).id] if args.game else None
        outcomes, skipped = deadline.adjudicate_due(root, now, commit=args.commit, catch_up=args.catch_up,
                                                    games=games, budget=args.budget or None)
    else:
        st = turn.status(load_game(root, args.game), now)
        zone = st.game.schedule.zone if st.game.schedule is not None else None
        refusal = turn.early_refusal(st, now, deadline_text(st.deadline, now, zone) if st.deadline else "")
        if refusal and not args.early:
            raise LeagueError(refusal)
        outcomes, skipped = turn.adjudicate(root, args.game, now, commit=args.commit, only_if_due=False,
                                           early=args.early), []
    for s in skipped:
        if not s.held:
            print(s)
    for outcome in outcomes:
        missed = f"; missed: {', '.join(outcome.missed)}" if outcome.missed else ""
        done = f" [{outcome.commit[:10]}, tag {outcome.game}/turn-{outcome.turn}]" if outcome.commit else ""
        early = " early, before its deadline" if args.early else ""
        if outcome.commit:
            print(f"{outcome.game}: turn {outcome.turn} ({outcome.label}) adjudicated{early}{missed}{done}")
        else:
            show_look(outcome, early, missed)
    for s in skipped:
        if s.held:
            print(s)
    if not outcomes and not skipped:
        print("nothing is due" if args.due else "nothing to adjudicate")
    elif not args.commit:
        print("A look: nothing was written. Run the command again with --commit to adjudicate and commit"
              + (" (then a later turn may be due too)" if args.due else ""))
    return USAGE if deadline.failed(skipped) else OK


def show_look(outcome: turn.TurnOutcome, early: str, missed: str) -> None:
    """A turn computed and not written (``adjudicate`` without ``--commit``): what it would do, and its issue."""
    print(f"{outcome.game}: turn {outcome.turn} ({outcome.label}) would be adjudicated{early}{missed}")
    page = next((text for path, text in sorted(outcome.files.items()) if path.startswith("site/news/")), None)
    if page is not None:
        print(f"--- the issue it would publish ({outcome.game}, turn {outcome.turn}):")
        print(page.rstrip("\n"))
        print("---")


def verify(args: argparse.Namespace) -> int:
    root = league_root(args)
    bad = 0
    games = [args.game] if args.game else list_games(root)
    said = False
    for gid in games:
        try:
            result = verification(root, gid, worktree=args.worktree)
        except Exception as e:  # noqa: BLE001 - whatever the tree holds, verify names it and goes on (issue 28/29)
            if args.game and args.game not in list_games(root):
                raise  # no such game: a usage error, as every command gives it
            # A file of the committed tree is named as the league names it, not by the private copy's folder.
            text = re.sub(r"\S*turnpress-verify-[^/\s]*/", "", deadline.failure_text(e, root, gid))
            print(f"{gid}: cannot be verified: {text}")
            bad += 1
            continue
        if not said:
            said = True
            print(f"Replaying {result.source}" + (" (uncommitted files are not read; --worktree reads them)"
                                                  if result.source.startswith("the committed") else ""))
        for f in result.found:
            print(f.text())
        for what in result.not_checked:
            print(f"{gid}: not checked: {what}")
        for note in result.notes:
            print(f"{gid}: {note}")
        bad += len(result.found)
        summary = "all match" if not result.found else f"{len(result.found)} discrepancy(ies)"
        print(f"{gid}: {result.turns} turn(s) replayed, {summary} (checked: {result.mode})")
    if args.since:
        try:
            extension = since(root, args.since, games, worktree=args.worktree)
        except Exception as e:  # noqa: BLE001 - as above: a damaged tree is named, never a traceback
            print(f"--since {args.since}: cannot be checked: {deadline.failure_text(e, root)}")
            return PROBLEMS
        for problem in extension.found:
            print(problem if isinstance(problem, str) else problem.text())
        for line in extension.holds:
            print(line)
        bad += len(extension.found)
    return PROBLEMS if bad else OK


def pin(args: argparse.Namespace) -> int:
    root = league_root(args)
    done = pinmod.pin(root, args.game)
    print(f"Replayed {args.game}'s committed turns 0-{done.turns} with the data this turnpress ships: all match.")
    print(f"Pinned {len(done.files)} file(s) in games/{args.game}/data/ ({', '.join(done.files)}), their SHA-256 "
          f"under data: in games/{args.game}/game.yaml: commit {done.commit[:12]}. Push it; verify accepts it.")
    return OK
