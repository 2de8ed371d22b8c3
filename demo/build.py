"""Build a demo game of the league from ``demo/<name>/`` through the real engine, one commit per step.

    python demo/build.py NAME [--league DIR] [--upto N]

``demo/<name>/game.yaml`` holds the ``turnpress new`` arguments (``players`` as NAME:LOGIN:ID[:ROLE] strings,
``options``, optional ``title`` and ``joins: {turn: [NAME:LOGIN:ID[:ROLE], ...]}``); ``demo/<name>/<NNNN>/``
holds the orders of turn NNNN as players would have sent them. The game is ``demo-<name>``, one turn a day
with its last deadline on a fixed date (``LAST_DEADLINE``), and its dice secret is derived from its name and
kept in the repository (a demo game has nothing to hide). Each turn's orders are committed an hour before its
deadline and the turn is adjudicated and committed right after it. After its last scripted turn the game is
paused (``schedule: paused: true`` in its own commit), so no clock ever finds a turn of the demo due: ``make demo``
and the league's deadline workflow show the games as written, on any date. Building stops at the first orders
file that does not validate, and says why. Re-running continues where the game stands.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from adjudicator import yamlio
from adjudicator.cli.values import parse_player
from adjudicator.engine import turn as turnmod
from adjudicator.engine.check import validate_files
from adjudicator.league import store
from adjudicator.league.history import HistoryError

LAST_DEADLINE = dt.datetime(2026, 11, 20, 20, 0, tzinfo=dt.UTC)


def git(root: Path, *args: str, when: dt.datetime | None = None) -> None:
    env = dict(os.environ)
    if when is not None:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = when.isoformat()
    retrying(lambda: subprocess.run(["git", *args], cwd=root, check=True, env=env, capture_output=True))


def retrying(step, tries: int = 8):
    """Run ``step`` again when git was busy with someone else's commit in the same repository."""
    for attempt in range(tries):
        try:
            return step()
        except (subprocess.CalledProcessError, HistoryError):
            if attempt == tries - 1:
                raise
            time.sleep(0.5 * (attempt + 1))


def turns_of(folder: Path) -> list[int]:
    return sorted(int(p.name) for p in folder.iterdir() if p.is_dir() and p.name.isdigit())


def build(name: str, root: Path, upto: int | None, source: Path | None = None) -> int:
    source = source or Path(__file__).resolve().parent / name
    spec = yamlio.read_data(source / "game.yaml")
    turns = turns_of(source)
    game_id = f"demo-{name}"
    first = LAST_DEADLINE - dt.timedelta(days=len(turns) - 1)
    if not (root / "games" / game_id).exists():
        players = [parse_player(p) for p in spec["players"]]
        schedule = {"timezone": "Europe/Berlin", "first": first.astimezone(dt.UTC).strftime("%Y-%m-%d %H:%M+00:00"),
                    "every": "1 day", "grace": 30}
        turnmod.new_game(root, spec.get("ruleset", name), game_id, players, spec.get("options", {}), schedule,
                        title=spec.get("title"), demo=True,
                        secret=hashlib.sha256(f"turnpress-demo/{name}".encode()).digest())
        git(root, "add", "--", f"games/{game_id}")
        git(root, "commit", "-qm", f"{game_id}: new game", "--", f"games/{game_id}",
            when=first - dt.timedelta(days=1))
    last = turns[-1] if upto is None else min(upto, turns[-1])
    for turn in turns:
        if turn > last:
            break
        game = store.load_game(root, game_id)
        if turn < game.open_turn:
            continue
        deadline = game.deadline(turn)
        for spec_player in spec.get("joins", {}).get(str(turn), []):
            player = parse_player(spec_player)
            if game.player(player.key) is None:
                turnmod.join_game(root, game_id, player)
                git(root, "commit", "-qm", f"{game_id}: {player.name} joins", "--", f"games/{game_id}/game.yaml",
                    when=deadline - dt.timedelta(hours=2))
        target = root / "orders" / game_id / f"{turn:04d}"
        target.mkdir(parents=True, exist_ok=True)
        files = []
        for src in sorted((source / f"{turn:04d}").glob("*.yaml")):
            shutil.copyfile(src, target / src.name)
            files.append(target / src.name)
        findings = validate_files(files, root).findings
        errors = [f for f in findings if f.severity == "error"]
        if errors:
            print("\n".join(f.text() for f in errors), file=sys.stderr)
            print(f"{game_id}: stopped at turn {turn}: fix demo/{name}/{turn:04d}/", file=sys.stderr)
            return 1
        rel = [str(f.relative_to(root)) for f in files]
        if rel and subprocess.run(["git", "status", "--porcelain", "--", *rel], cwd=root, capture_output=True,
                                  text=True).stdout.strip():
            git(root, "add", "--", *rel)
            git(root, "commit", "-qm", f"{game_id}: orders for turn {turn}", "--", *rel,
                when=deadline - dt.timedelta(hours=1))
        now = deadline + dt.timedelta(minutes=31)
        os.environ["GIT_AUTHOR_DATE"] = os.environ["GIT_COMMITTER_DATE"] = now.isoformat()
        try:
            outcomes = retrying(lambda at=now: turnmod.adjudicate(root, game_id, at, commit=True, only_if_due=False))
        finally:
            del os.environ["GIT_AUTHOR_DATE"], os.environ["GIT_COMMITTER_DATE"]
        for o in outcomes:
            print(f"{game_id}: turn {o.turn} ({o.label})" + (f", missed: {', '.join(o.missed)}" if o.missed else ""))
    if upto is None:
        pause(root, game_id, when=LAST_DEADLINE + dt.timedelta(hours=1))
    return 0


def pause(root: Path, game_id: str, when: dt.datetime) -> None:
    """Pause the game after its scripted turns, as a game master would: ``paused: true`` in its schedule."""
    path = root / "games" / game_id / "game.yaml"
    config = yamlio.read_data(path)
    if config["schedule"].get("paused"):
        return
    config["schedule"]["paused"] = True
    path.write_text(yamlio.dump(config), encoding="utf-8")
    git(root, "commit", "-qm", f"{game_id}: paused after the scripted turns of the demo", "--", str(path),
        when=when)
    print(f"{game_id}: paused after turn {store.load_game(root, game_id).last_turn}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("name")
    p.add_argument("--league", default=str(Path(__file__).resolve().parents[1]))
    p.add_argument("--upto", type=int, help="adjudicate up to and including this turn (for a test league)")
    args = p.parse_args()
    return build(args.name, Path(args.league), args.upto)


if __name__ == "__main__":
    sys.exit(main())
