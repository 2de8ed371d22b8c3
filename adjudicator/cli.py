"""The ``turnpress`` command: parses arguments, calls the shell, prints, sets the exit code.

Exit codes: 0 fine, 1 problems found (invalid orders, a verify mismatch), 2 usage or environment error.
Heavy modules are imported inside the commands that need them, so that ``validate`` starts fast.
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from collections.abc import Sequence
from pathlib import Path

OK, PROBLEMS, USAGE = 0, 1, 2


def _now(text: str | None) -> dt.datetime:
    if not text:
        return dt.datetime.now(dt.UTC)
    when = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    return when if when.tzinfo else when.replace(tzinfo=dt.UTC)


def _root(args: argparse.Namespace) -> Path:
    from .league import find_root

    return find_root(Path(args.league) if args.league else None)


def cmd_new(args: argparse.Namespace) -> int:
    from . import league, schedule

    players = [league.parse_player(p) for p in args.player]
    options = dict(league.parse_option(o) for o in args.option)
    sched = schedule.spec_from_cli(args.schedule) if args.schedule else None
    root = _root(args)
    game, secret = league.new_game(root, args.ruleset, args.game, players, options, sched, title=args.title,
                                   demo=args.demo)
    print(f"Created games/{game.id} ({args.ruleset}) with {len(players)} players at turn 0.")
    if (root / "mkdocs.yml").is_file():  # the site's list of games (its blog categories) gains this one
        from .newsletter import site

        site.generate(root)
        print(f"Commit games/{game.id} and mkdocs.yml together.")
    if not args.demo:
        secrets = root / ".secrets"
        secrets.mkdir(exist_ok=True)
        (secrets / f"{game.id}.dice").write_text(secret.hex() + "\n")
        print(f"Dice secret (keep it; it is also in .secrets/{game.id}.dice, which git ignores):")
        print(f"  {league.secret_env(game.id)}={secret.hex()}")
    return OK


def cmd_join(args: argparse.Namespace) -> int:
    from . import league

    turn = league.join_game(_root(args), args.game, league.parse_player(args.player))
    print(f"{args.player.split(':')[0]} joins {args.game} with turn {turn}.")
    return OK


def cmd_template(args: argparse.Namespace) -> int:
    from . import league, yamlio

    game = league.load_game(_root(args), args.game)
    key = args.player.lower()
    if game.player(key) is None:
        raise league.LeagueError(f"{args.player} does not play in {game.id}")
    turn = game.open_turn
    state = game.effective_state(turn)
    phase = game.ruleset.phase(state)
    hook = getattr(game.ruleset, "template", None)
    body = hook(state, key) if hook else yamlio.dump(game.ruleset.default_orders(state, key, None))
    awaited = "you are awaited" if key in phase.awaited else "you are not awaited in this phase"
    deadline = game.deadline(turn)
    where = f"orders/{game.id}/{turn:04d}/{key}.yaml"
    send = (f"# Sealed orders: save this outside orders/, then 'turnpress seal FILE' writes {where}.age;"
            " open a pull request with that file." if game.sealed_orders
            else f"# Save as {where} and open a pull request.")
    head = [f"# Orders of {game.player(key).name} for {game.id}, turn {turn}: {phase.label} ({awaited}).",
            f"# Deadline: {deadline.isoformat(timespec='minutes') if deadline else 'none set'}.",
            send,
            f"game: {game.id}", f"turn: {turn}", f"player: {key}",
            "# wait: true   # uncomment to ask that the turn is not adjudicated before the deadline", "orders:"]
    indented = "\n".join(("  " + line) if line.strip() else line for line in body.rstrip("\n").splitlines())
    text = "\n".join(head) + "\n" + indented + "\n"
    if args.write:
        if game.sealed_orders:
            raise league.LeagueError(f"{game.id} has sealed orders: print the sheet without --write, save it outside "
                                     "orders/ and seal it with 'turnpress seal FILE'")
        path = game.root / where
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"Wrote {path.relative_to(game.root)}")
    else:
        sys.stdout.write(text)
    return OK


def cmd_validate(args: argparse.Namespace) -> int:
    from .check import validate_files

    findings, receipts = validate_files([Path(f) for f in args.files], Path(args.league) if args.league else None)
    for f in findings:
        print(f.github() if args.format == "github" else f.text())
    if args.format == "text":
        for file, lines in receipts.items():
            print(f"{file}: understood as:")
            for line in lines:
                print(f"  {line}")
    errors = sum(f.severity == "error" for f in findings)
    if args.format == "text":
        print(f"{len(args.files)} file(s), {errors} error(s), {len(findings) - errors} warning(s)")
    return PROBLEMS if errors else OK


def cmd_status(args: argparse.Namespace) -> int:
    from . import league

    root = _root(args)
    now = _now(args.now)
    for gid in [args.game] if args.game else league.list_games(root):
        st = league.status(league.load_game(root, gid), now)
        names = {p.key: p.name for p in st.game.players}
        print(f"{gid}: turn {st.turn}, {st.phase.label}" + (" (finished)" if st.phase.finished else ""))
        zone = st.game.schedule.zone if st.game.schedule is not None else None
        print(f"  deadline: {_deadline_text(st.deadline, now, zone) if st.deadline else 'none'}")
        print(f"  orders in: {', '.join(names.get(k, k) for k in st.submitted) or 'none'}")
        missing = [names.get(k, k) for k in st.phase.awaited if k not in st.submitted]
        print(f"  awaited: {', '.join(missing) or 'nobody'}")
        if st.waiting_asked:
            print(f"  asked to wait: {', '.join(names.get(k, k) for k in st.waiting_asked)}")
        print(f"  due now: {'yes' if st.due else 'no'} ({st.reason})")
    return OK


def _deadline_text(deadline: dt.datetime, now: dt.datetime, zone: dt.tzinfo | None) -> str:
    """'2026-01-05 20:00 CET, in 1 d 8 h': local time in the game's zone, and how far off it is."""
    minutes = round((deadline - now).total_seconds() / 60)
    days, rest = divmod(abs(minutes), 24 * 60)
    hours, mins = divmod(rest, 60)
    parts = [f"{days} d"] * bool(days) + [f"{hours} h"] * bool(hours) + [f"{mins} min"] * bool(mins and not days)
    span = " ".join(parts)
    when = "now" if not span else f"in {span}" if minutes > 0 else f"{span} ago"
    return f"{deadline.astimezone(zone):%Y-%m-%d %H:%M %Z}, {when}"


def cmd_adjudicate(args: argparse.Namespace) -> int:
    from . import league

    if bool(args.game) == bool(args.due):
        print("turnpress adjudicate: name a GAME or give --due", file=sys.stderr)
        return USAGE
    root = _root(args)
    now = _now(args.now)
    games = [args.game] if args.game else league.list_games(root)
    total = 0
    for gid in games:
        for outcome in league.adjudicate(root, gid, now, commit=args.commit, only_if_due=bool(args.due)):
            total += 1
            missed = f"; missed: {', '.join(outcome.missed)}" if outcome.missed else ""
            done = f" [{outcome.commit[:10]}, tag {gid}/turn-{outcome.turn}]" if outcome.commit else ""
            print(f"{gid}: turn {outcome.turn} ({outcome.label}) adjudicated{missed}{done}")
    if not total:
        print("nothing is due" if args.due else "nothing to adjudicate")
    return OK


def cmd_preview(args: argparse.Namespace) -> int:
    from .check import preview

    text, errors = preview(_root(args), args.game, Path(args.file))
    print(text)
    return PROBLEMS if errors else OK


def cmd_verify(args: argparse.Namespace) -> int:
    from . import league
    from .verify import verification

    root = _root(args)
    bad = 0
    for gid in [args.game] if args.game else league.list_games(root):
        result = verification(root, gid)
        for f in result.found:
            print(f.text())
        for what in result.not_checked:
            print(f"{gid}: not checked without the game's key: {what}")
        bad += len(result.found)
        summary = "all match" if not result.found else f"{len(result.found)} discrepancy(ies)"
        print(f"{gid}: {result.turns} turn(s) replayed, {summary}")
    return PROBLEMS if bad else OK


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="turnpress", description="A static-site turn publisher for play-by-mail games.")
    p.add_argument("--league", help="the league folder (default: the nearest folder above with games/)")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    s = sub.add_parser("new", help="make a new game at turn 0")
    s.add_argument("ruleset")
    s.add_argument("game", help="the game's id: lower-case letters, digits, '-'")
    s.add_argument("--player", action="append", default=[], metavar="NAME:LOGIN:ID[:ROLE]")
    s.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    s.add_argument("--schedule", metavar="first=YYYY-MM-DD HH:MM,every=14 days,timezone=Europe/Berlin,grace=60")
    s.add_argument("--title")
    s.add_argument("--demo", action="store_true", help="keep the dice secret in the repository (demo games only)")
    s.set_defaults(func=cmd_new)

    s = sub.add_parser("join", help="admit a player to a running game, from the open turn on")
    s.add_argument("game")
    s.add_argument("player", metavar="NAME:LOGIN:ID[:ROLE]")
    s.set_defaults(func=cmd_join)

    s = sub.add_parser("template", help="a commented orders file for the open turn, pre-filled")
    s.add_argument("game")
    s.add_argument("player", help="the player's GitHub login")
    s.add_argument("--write", action="store_true", help="write it to its place under orders/ instead of printing")
    s.set_defaults(func=cmd_template)

    s = sub.add_parser("validate", help="check orders files: schema, then the game's rules")
    s.add_argument("files", nargs="+")
    s.add_argument("--format", choices=("text", "github"), default="text")
    s.set_defaults(func=cmd_validate)

    s = sub.add_parser("status", help="open phase, deadline, who has orders in and who is awaited")
    s.add_argument("game", nargs="?")
    s.add_argument("--now", help="ISO time to judge 'due' at (default: now)")
    s.set_defaults(func=cmd_status)

    s = sub.add_parser("adjudicate", help="run the open turn of a game, or every turn that is due")
    s.add_argument("game", nargs="?")
    s.add_argument("--due", action="store_true", help="every game, every turn that is due")
    s.add_argument("--now", help="ISO time to judge 'due' at (default: now)")
    s.add_argument("--commit", action="store_true", help="commit each turn and tag it <game>/turn-<n>")
    s.set_defaults(func=cmd_adjudicate)

    s = sub.add_parser("preview", help="what your orders would do now, others' orders unknown")
    s.add_argument("game")
    s.add_argument("file")
    s.set_defaults(func=cmd_preview)

    s = sub.add_parser("verify", help="replay every turn from the history and name what differs")
    s.add_argument("game", nargs="?")
    s.set_defaults(func=cmd_verify)
    for name, (_, text) in MODULE_COMMANDS.items():
        sub.add_parser(name, help=text, add_help=False)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if len(argv) > 2 and argv[0] == "--league" and argv[2] in MODULE_COMMANDS:
        argv = [*argv[2:], "--league", argv[1]]  # module commands take --league themselves
    if argv and argv[0] in MODULE_COMMANDS:
        return _module_command(argv)
    if argv and not argv[0].startswith("-") and argv[0] not in _COMMANDS:
        code = _ruleset_command(argv)
        if code is not None:
            return code
    args = build_parser().parse_args(argv)
    from .league import LeagueError

    try:
        return args.func(args)
    except LeagueError as e:
        print(f"turnpress: {e}", file=sys.stderr)
        return USAGE


_COMMANDS = {"new", "join", "template", "validate", "status", "adjudicate", "preview", "verify"}

# Commands that live in their own modules; each module has ``command(name, argv) -> exit code`` and parses
# its own arguments, including ``--league DIR``.
MODULE_COMMANDS = {
    "site": ("adjudicator.newsletter.site", "build or serve the newsletter site"),
    "init": ("adjudicator.pipeline", "make a new league repository"),
    "pr-check": ("adjudicator.pipeline", "check a pull request's changed files (the orders workflow)"),
    "deadline": ("adjudicator.pipeline", "adjudicate what is due, commit, push with retries (the deadline workflow)"),
    "keys": ("adjudicator.sealed", "make a game's key pair for sealed orders"),
    "seal": ("adjudicator.sealed", "validate and encrypt an orders file"),
    "open": ("adjudicator.sealed", "show your private report and figures (needs your key)"),
}


def _module_command(argv: list[str]) -> int:
    import importlib

    module, _ = MODULE_COMMANDS[argv[0]]
    try:
        mod = importlib.import_module(module)
    except ImportError as e:
        print(f"turnpress: {argv[0]} is not available in this installation ({e})", file=sys.stderr)
        return USAGE
    from .league import LeagueError

    try:
        return mod.command(argv[0], argv[1:])
    except LeagueError as e:
        print(f"turnpress: {e}", file=sys.stderr)
        return USAGE


def _ruleset_command(argv: list[str]) -> int | None:
    """``turnpress <ruleset> ...`` runs a ruleset's own commands (``turnpress diplomacy datc FILE``)."""
    from . import ruleset

    if argv[0] not in ruleset.available():
        return None
    try:
        rs = ruleset.get(argv[0])
    except KeyError as e:
        print(f"turnpress: {e.args[0]}", file=sys.stderr)
        return USAGE
    command = getattr(rs, "command", None)
    if command is None:
        print(f"turnpress: the ruleset {argv[0]} has no commands of its own", file=sys.stderr)
        return USAGE
    return command(argv[1:])


if __name__ == "__main__":
    sys.exit(main())
