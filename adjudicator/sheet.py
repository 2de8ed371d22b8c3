"""A player's order sheet for the open turn: what ``turnpress template`` prints and the orders page starts from.

The sheet is the file a player commits (``orders/<game>/<turn>/<login>.yaml``): a few comment lines, the
envelope (``game``, ``turn``, ``player``) and the ruleset's commented ``orders:`` block. One function writes it
for both, so the page produces the same keys and order text as the command line.
"""

from __future__ import annotations

import datetime as dt

from . import yamlio
from .model import HIDDEN_KEYS, State
from .ruleset import Ruleset, WritesTemplate
from .store import Game, orders_relpath

WAIT_LINE = "# wait: true   # uncomment to ask that the turn is not adjudicated before the deadline"


def sheet_state(state: State, player: str, *, sealed: bool) -> State:
    """What an order sheet may show: the public state, and the player's own hidden part only where the sheet
    is sealed before it leaves the player's machine. The game master's copy of turnpress reads every hidden
    part, and a sheet of a game of open orders goes into a public pull request as it is."""
    view = {k: v for k, v in state.items() if k not in HIDDEN_KEYS}
    own = state.get("private", {}).get(player) if isinstance(state.get("private"), dict) else None
    if sealed and own is not None:
        view["private"] = {player: own}
    return view


def orders_body(ruleset: Ruleset, state: State, player: str) -> str:
    """The text under ``orders:``: the ruleset's commented template, or its default orders as YAML."""
    if isinstance(ruleset, WritesTemplate):
        return ruleset.template(state, player)
    return yamlio.dump(ruleset.default_orders(state, player, None))


def indent(body: str) -> str:
    """``body`` indented under ``orders:`` (blank lines stay empty)."""
    return "\n".join(("  " + line) if line.strip() else line for line in body.rstrip("\n").splitlines())


def head_lines(game: Game, turn: int, player: str, label: str, awaited: str,
               deadline: dt.datetime | None) -> list[str]:
    """The comment lines and the envelope above ``orders:``."""
    name = next((p.name for p in game.players if p.key == player), player)
    where = orders_relpath(game.id, turn, player)
    send = (f"# Sealed orders: save this outside orders/, then 'turnpress seal FILE' writes {where}.age;"
            " open a pull request with that file." if game.sealed_orders
            else f"# Save as {where} and open a pull request.")
    return [f"# Orders of {name} for {game.id}, turn {turn}: {label} ({awaited}).",
            f"# Deadline: {deadline.isoformat(timespec='minutes') if deadline else 'none set'}.",
            send, f"game: {game.id}", f"turn: {turn}", f"player: {player}", WAIT_LINE, "orders:"]


def awaited_text(game: Game, state: State, player: str) -> str:
    phase = game.ruleset.phase(state)
    return ("you are awaited" if player in phase.awaited else "your orders are taken but not waited for"
            if phase.takes(player) else "you are not awaited in this phase")


def sheet_text(game: Game, player: str, state: State, *, sealed: bool) -> str:
    """The whole sheet of ``player`` for the open turn, read from ``state`` (the open turn's effective state);
    ``sealed``: the sheet may show the player's own hidden part (see ``sheet_state``)."""
    turn = game.open_turn
    shown = sheet_state(state, player, sealed=sealed)
    head = head_lines(game, turn, player, game.ruleset.phase(state).label, awaited_text(game, state, player),
                      game.deadline(turn))
    return "\n".join(head) + "\n" + indent(orders_body(game.ruleset, shown, player)) + "\n"
