"""``turnpress rerun GAME --found SEAT=FILE``: void the turn before the open one and have it adjudicated again,
with the orders the game master found (issue 29, finding 4).

It writes the open turn's ruling (``rerun:`` and ``found:``, see ``rulings``) and, in a game of sealed orders,
seals each found file for its seat (to the game's key and the seat's registered key, as ``turnpress seal`` does
for the player): a plain file there was refused at the deadline ("not sealed") and the player marked NMR. The
pull-request check takes those sealed files from a game master named in ``game.yaml``, and the deadline opens
them as it opens the players' own. Like the season's other events, without ``--commit`` it is a look.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from .. import yamlio
from ..errors import OK, LeagueError, UsageError
from ..kit import orders as ordersmod
from ..league import history, rulings
from ..league.store import load_game, orders_relpath, sealed_relpath
from ..sealed import crypto
from .events import Context, _future, _master
from .values import league_root, parse_now


def rerun(args: argparse.Namespace) -> int:
    root = league_root(args)
    game = load_game(root, args.game)
    ctx = Context(game, parse_now(args.now))
    turn = ctx.turn
    if ctx.status.phase.finished:
        raise LeagueError(ctx.say("rerun.over"))
    if turn < 2:
        raise LeagueError(ctx.say("rerun.first"))
    if not args.reason or not args.reason.strip():
        raise UsageError(ctx.say("error.no_reason"))
    rel = rulings.relpath(game.id, turn)
    if (root / rel).exists():
        raise LeagueError(ctx.say("rerun.exists", path=rel, before=turn - 1))
    found = dict(_found(spec, ctx) for spec in args.found)
    data: dict[str, Any] = {"game": game.id, "turn": turn, "by": _master(ctx, args.master),
                            "reason": " ".join(args.reason.split()), "rerun": turn - 1, "found": sorted(found)}
    if args.deadline:
        data["deadline"] = _future(args.deadline, ctx, "--deadline")
    text = yamlio.dump({k: data[k] for k in rulings.KEYS if k in data})
    rulings.parse(rel, text.encode(), game.id, turn, game.settings.game_masters, ctx.zone,
                  game.seated_before(turn).logins, lang=ctx.lang)
    files = {rel: text}
    for seat, raw in sorted(found.items()):
        if game.sealed_orders:  # sealed for the seat as its player would: the check and the deadline take it
            files[sealed_relpath(game.id, turn, seat)] = crypto.encrypt(raw, game.recipients(seat))
        else:
            files[orders_relpath(game.id, turn, seat)] = raw.decode("utf-8")
    said = ctx.say("rerun.said", before=turn - 1,
                   found=ctx.say("rerun.found", seats=", ".join(sorted(found))) if found else "")
    if not args.commit:
        print(ctx.say("events.look", path=rel) + f"\n\n{text}")
        for path in sorted(files):
            if path != rel:
                print(ctx.say("rerun.holds", path=path, sealed=ctx.say("rerun.sealed") if game.sealed_orders else ""))
        print(ctx.say("rerun.nothing", said=said))
        return OK
    dirty = history.dirty(root, list(files)) if history.is_repo(root) else []
    if dirty:
        raise LeagueError(ctx.say("rerun.dirty", path=dirty[-1].split()[-1]))
    commit = history.commit_files(root, files, ctx.say("subject.rerun", before=turn - 1, by=data["by"]))
    history.materialize(root, "HEAD", list(files))
    print(ctx.say("rerun.wrote", paths=", ".join(sorted(files)), commit=commit[:10], said=said))
    return OK


def _found(spec: str, ctx: Context) -> tuple[str, bytes]:
    """``SEAT=FILE``: the seat and the orders file found for it, which must name the re-run's turn and the seat."""
    name, sep, file = spec.partition("=")
    if not sep or not name or not file:
        raise UsageError(ctx.say("error.found_spec", spec=repr(spec)))
    seat = ctx.seat(name, "--found")
    path = Path(file).expanduser()
    if not path.is_file():
        raise LeagueError(ctx.say("error.found_no_file", spec=spec, path=path))
    raw = ordersmod.read_limited(path)
    try:
        data = yamlio.load(raw).data
    except yamlio.YamlInputError as e:  # the reader's finding in the game's language, as validate says it
        found = ordersmod.unreadable(str(path), e, ctx.lang)
        raise LeagueError(f"{path}:{found.line}:{found.column}: {found.message}") from None
    want = {"game": ctx.game.id, "turn": ctx.turn, "player": seat}
    if not isinstance(data, dict) or any(data.get(k) != v for k, v in want.items()) or "orders" not in data:
        raise LeagueError(ctx.say("error.found_head", path=path, seat=seat))
    return seat, raw
