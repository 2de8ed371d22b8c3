"""``turnpress verify``: replay every turn of a game from its files and history, and name what differs.

For each turn: the revealed seed must follow the previous one (``H(s_t) == s_(t-1)``), the orders taken must
be the ones the report names with the digest it names, each must have reached main by the deadline and
grace, and adjudicating them again must give the committed state and report byte for byte. The replay carries
its own state forward, so a hand-edited turn is named once and the turns after it are still checked.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from . import dice as dicemod
from . import history
from .league import Game, LeagueError, compute_turn, load_game, turn_dir


@dataclass(frozen=True)
class Finding:
    game: str
    turn: int
    what: str

    def text(self) -> str:
        return f"{self.game}: turn {self.turn}: {self.what}"


def verify(root: Path, game_id: str) -> tuple[int, list[Finding]]:
    """Replay ``game_id``; returns the number of turns replayed and every discrepancy found."""
    game = load_game(root, game_id)
    found: list[Finding] = []
    seed = game.commitment()
    setup = game.report(0)
    if setup["dice"]["seed"] != seed.hex():
        found.append(Finding(game.id, 0, "the set-up report's seed is not the commitment in game.yaml"))
    state = game.state(0)
    turns = [t for t in game.turns() if t > 0]
    use_git = history.is_repo(root) and history.has_head(root)
    for turn in turns:
        report = game.report(turn)
        revealed = bytes.fromhex(report["dice"]["seed"])
        if not dicemod.follows(revealed, seed):
            found.append(Finding(game.id, turn, "dice chain broken: H(seed) is not the previous turn's seed"))
        seed = revealed
        if use_git:
            found += _arrivals(game, turn, report)
        try:
            outcome = compute_turn(game, None, None, previous_state=state, replay=report)
        except (LeagueError, KeyError, ValueError) as e:
            found.append(Finding(game.id, turn, f"cannot be replayed: {e}"))
            state = game.state(turn)
            continue
        if outcome.report["dice"]["orders_digest"] != report["dice"].get("orders_digest"):
            found.append(Finding(game.id, turn, "the orders files differ from those the turn was adjudicated with"))
        folder = f"games/{game.id}/turns/{turn_dir(turn)}"
        for name in ("state.yaml", "hidden.yaml", "report.yaml"):
            rel = f"{folder}/{name}"
            path = root / rel
            committed = path.read_text(encoding="utf-8") if path.is_file() else None
            if committed != outcome.files.get(rel):
                found.append(Finding(game.id, turn, f"{name} differs from the replay"))
        state = outcome.state
    return len(turns), found


def _arrivals(game: Game, turn: int, report: dict) -> list[Finding]:
    """Each orders file taken must have reached main by the deadline plus grace."""
    if not report.get("deadline") or game.schedule is None:
        return []
    limit = dt.datetime.fromisoformat(report["deadline"]) + game.schedule.grace
    arrived = history.arrivals(game.root, f"orders/{game.id}/{turn_dir(turn)}")
    out = []
    for player in report.get("orders", {}).get("taken", []):
        when = arrived.get(f"orders/{game.id}/{turn_dir(turn)}/{player}.yaml")
        if when is not None and when > limit and not _adjudicated_before(game, turn, when):
            out.append(Finding(game.id, turn, f"{player}'s orders reached main after the deadline and grace"))
    return out


def _adjudicated_before(game: Game, turn: int, when: dt.datetime) -> bool:
    """Orders changed after the turn's own commit are a later edit, which the digest check reports instead."""
    sha = history.tag_target(game.root, f"{game.id}/turn-{turn}")
    if not sha:
        return False
    stamp = int(history.git(game.root, "show", "-s", "--format=%ct", sha).strip())
    return when.timestamp() > stamp
