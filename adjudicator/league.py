"""The imperative shell: finds games, decides what is due, runs a turn, writes files, commits.

Files of a game::

    games/<game>/game.yaml                 ruleset, options, players, schedule, dice commitment
    games/<game>/turns/<NNNN>/state.yaml   public state after turn NNNN (0000: the set-up)
    games/<game>/turns/<NNNN>/hidden.yaml  hidden parts of the state (hands, deck), in a game without a key
    games/<game>/turns/<NNNN>/private/<player>.yaml.age, secret.yaml.age
                                           the same, sealed, in a game with a key (see ``sealed``)
    games/<game>/turns/<NNNN>/report.yaml  what happened in turn NNNN
    orders/<game>/<NNNN>/<player>.yaml     orders as submitted, kept forever
    orders/<game>/<NNNN>/<player>.yaml.age sealed orders (``orders: sealed``); the plaintext beside it is
                                           committed with the turn

A turn is computed entirely in memory, written to a staging folder inside ``.git``, moved into the tree and
committed. If anything fails before the commit, the moved files are put back as they were: the working tree
and the history are exactly as before.
"""

from __future__ import annotations

import copy
import datetime as dt
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from . import dice as dicemod
from . import orders as ordersmod
from . import schedule as schedmod
from . import yamlio
from .model import Orders, Phase, Player, State
from .ruleset import Ruleset, RulesetError, get

GAME_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
HIDDEN_KEYS = ("private", "secret")
# Options the engine reads itself; the ruleset's set-up never sees them.
ENGINE_OPTIONS = {"orders": ("open", "sealed")}


class LeagueError(Exception):
    """Something the game master must fix; the message says what."""


def find_root(start: Path | None = None) -> Path:
    """The league root: the nearest folder at or above ``start`` that holds ``games/``."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "games").is_dir():
            return folder
    raise LeagueError(f"no league here: no games/ folder in {here} or above (run 'turnpress init DIR' first)")


def turn_dir(turn: int) -> str:
    return f"{turn:04d}"


@dataclass
class Game:
    """One game of a league, read from its files."""

    root: Path
    id: str
    config: dict[str, Any]
    _reports: dict[int, dict[str, Any]] = field(default_factory=dict, repr=False)
    # Keys besides the game's own (a player's, for their own hidden figures) and the sealed parts read so far.
    identities: list[Any] = field(default_factory=list, repr=False)
    _hidden: dict[int, tuple[dict[str, Any], bool]] = field(default_factory=dict, repr=False)

    @property
    def keyed(self) -> bool:
        """True if the game has a key: its hidden state and private reports are sealed."""
        return bool(self.config.get("key"))

    @property
    def sealed_orders(self) -> bool:
        return self.config.get("options", {}).get("orders", "open") == "sealed"

    @property
    def dir(self) -> Path:
        return self.root / "games" / self.id

    @cached_property
    def ruleset(self) -> Ruleset:
        try:
            return get(self.config["ruleset"])
        except KeyError as e:
            raise LeagueError(f"games/{self.id}/game.yaml: {e.args[0]}") from None

    @property
    def players(self) -> list[Player]:
        return [player_from_yaml(p) for p in self.config.get("players", [])]

    def player(self, key: str) -> Player | None:
        return next((p for p in self.players if p.key == key), None)

    @cached_property
    def schedule(self) -> schedmod.Schedule | None:
        block = self.config.get("schedule")
        if not block:
            return None
        try:
            return schedmod.parse(block)
        except schedmod.ScheduleError as e:
            raise LeagueError(f"games/{self.id}/game.yaml: schedule: {e}") from None

    def turns(self) -> list[int]:
        folder = self.dir / "turns"
        if not folder.is_dir():
            return []
        return sorted(int(p.name) for p in folder.iterdir() if p.name.isdigit() and (p / "report.yaml").is_file())

    @property
    def last_turn(self) -> int:
        turns = self.turns()
        if not turns:
            raise LeagueError(f"games/{self.id} has no turn 0: it was not set up with 'turnpress new'")
        return turns[-1]

    @property
    def open_turn(self) -> int:
        return self.last_turn + 1

    def state(self, turn: int) -> State:
        """Turn ``turn``'s state: the public part, and of the hidden parts what this process can read."""
        folder = self.dir / "turns" / turn_dir(turn)
        state = yamlio.read_data(folder / "state.yaml")
        if (folder / "hidden.yaml").is_file():
            state.update(yamlio.read_data(folder / "hidden.yaml"))
        elif (folder / "secret.yaml.age").is_file() or (folder / "private").is_dir():
            state.update(copy.deepcopy(self._sealed_hidden(turn)[0]))
        return state

    def hidden_complete(self, turn: int) -> bool:
        """False if part of turn ``turn``'s hidden state is sealed to a key this process does not have."""
        folder = self.dir / "turns" / turn_dir(turn)
        if (folder / "hidden.yaml").is_file() or not ((folder / "secret.yaml.age").is_file()
                                                       or (folder / "private").is_dir()):
            return True
        return self._sealed_hidden(turn)[1]

    def _sealed_hidden(self, turn: int) -> tuple[dict[str, Any], bool]:
        if turn not in self._hidden:
            from . import sealed

            # A player's own key (TURNPRESS_IDENTITY) opens their part: template, validate and preview use it.
            keys = [*sealed.game_identities(self), *self.identities, *sealed.player_identities()]
            self._hidden[turn] = sealed.read_hidden(self, turn, keys)
        return self._hidden[turn]

    def report(self, turn: int) -> dict[str, Any]:
        """Turn ``turn``'s report, read once per Game (a committed report never changes under a run)."""
        if turn not in self._reports:
            self._reports[turn] = yamlio.read_data(self.dir / "turns" / turn_dir(turn) / "report.yaml")
        return self._reports[turn]

    def deadline(self, turn: int) -> dt.datetime | None:
        """Turn ``turn``'s deadline: from the schedule, chained from the deadline turn ``turn-1`` recorded."""
        if self.schedule is None:
            return None
        previous = None
        if turn > 1:
            recorded = self.report(turn - 1).get("deadline")
            previous = dt.datetime.fromisoformat(recorded) if recorded else None
        return self.schedule.deadline(turn, previous)

    def joins_at(self, turn: int) -> list[Player]:
        """Players admitted to the running game who enter it with ``turn``."""
        return [player_from_yaml(p) for p in self.config.get("players", []) if p.get("joined", 0) == turn
                and turn > 0]

    def commitment(self) -> bytes:
        return bytes.fromhex(self.config["dice"]["commitment"])

    def effective_state(self, turn: int, previous: State | None = None) -> State:
        """The state orders of ``turn`` are checked against: turn ``turn-1``'s state, with joins applied."""
        state = previous if previous is not None else self.state(turn - 1)
        for player in self.joins_at(turn):
            join = getattr(self.ruleset, "join", None)
            if join is None:
                raise LeagueError(f"{self.config['ruleset']} does not let players join a running game")
            seed = b"join\0" + self.commitment() + player.key.encode()
            state = join(state, player, dicemod.Dice(seed))
        return state


def player_from_yaml(p: Mapping[str, Any]) -> Player:
    return Player(key=p["key"], name=p["name"], login=p["login"], github_id=int(p["id"]), role=p.get("role"))


def player_to_yaml(p: Player, joined: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"key": p.key, "name": p.name, "login": p.login, "id": p.github_id}
    if p.role is not None:
        out["role"] = p.role
    if joined:
        out["joined"] = joined
    return out


def parse_player(spec: str) -> Player:
    """``NAME:LOGIN:ID[:ROLE]`` as a Player; the key is the login in lower case."""
    parts = spec.split(":")
    if len(parts) not in (3, 4) or not all(parts[:3]):
        raise LeagueError(f"--player {spec!r}: write NAME:LOGIN:ID or NAME:LOGIN:ID:ROLE, "
                          "e.g. Atlantis:alice:1001:agrar")
    name, login, gid = parts[:3]
    if not gid.isdigit():
        raise LeagueError(f"--player {spec!r}: the GitHub id {gid!r} must be a number (see api.github.com/users/LOGIN)")
    if not re.fullmatch(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})", login):
        raise LeagueError(f"--player {spec!r}: {login!r} is not a GitHub login")
    role = parts[3] if len(parts) == 4 else None
    return Player(key=login.lower(), name=name, login=login, github_id=int(gid), role=role)


def parse_option(spec: str) -> tuple[str, Any]:
    """``KEY=VALUE`` with the value read as a YAML scalar (numbers, true/false, text)."""
    key, sep, value = spec.partition("=")
    if not sep or not key:
        raise LeagueError(f"--option {spec!r}: write KEY=VALUE")
    parsed = yamlio.load(value or "''").data
    if isinstance(parsed, float | dict | list):
        parsed = value
    return key.strip(), parsed


def load_game(root: Path, game_id: str) -> Game:
    path = root / "games" / game_id / "game.yaml"
    if not path.is_file():
        known = ", ".join(list_games(root)) or "none"
        raise LeagueError(f"no game {game_id!r} in {root / 'games'} (games here: {known})")
    return Game(root, game_id, yamlio.read_data(path))


def list_games(root: Path) -> list[str]:
    folder = root / "games"
    return sorted(p.name for p in folder.iterdir() if (p / "game.yaml").is_file()) if folder.is_dir() else []


# --- secrets of the dice chain -------------------------------------------------------------------------------

def secret_env(game_id: str) -> str:
    return "TURNPRESS_DICE_SECRET_" + re.sub(r"[^A-Z0-9]", "_", game_id.upper())


def dice_secret(game: Game) -> bytes:
    """The dice-chain secret: from the environment (CI), a file in ``.secrets/``, or a demo game's own file."""
    value = os.environ.get(secret_env(game.id))
    if value:
        return bytes.fromhex(value.strip())
    for path in (game.root / ".secrets" / f"{game.id}.dice", game.dir / "dice-secret.demo"):
        if path.is_file() and (path.name.endswith(".dice") or game.config["dice"].get("public_secret")):
            return bytes.fromhex(path.read_text().strip())
    if (game.dir / "dice-secret.age").is_file():
        from . import sealed

        found = sealed.sealed_dice_secret(game)
        if found is not None:
            return found
        raise LeagueError(f"no dice secret for {game.id}: it is sealed to the game's key in "
                          f"games/{game.id}/dice-secret.age: set {sealed.key_env(game.id)}")
    raise LeagueError(f"no dice secret for {game.id}: set {secret_env(game.id)} or write it to "
                      f".secrets/{game.id}.dice (it was printed when the game was made)")


# --- making games --------------------------------------------------------------------------------------------

def new_game(root: Path, ruleset_name: str, game_id: str, players: Sequence[Player], options: Mapping[str, Any],
             schedule: Mapping[str, Any] | None, *, title: str | None = None, demo: bool = False,
             secret: bytes | None = None) -> tuple[Game, bytes]:
    """Create ``games/<game>/`` at turn 0. Returns the game and the dice secret, which is kept outside git."""
    if not GAME_ID.match(game_id):
        raise LeagueError(f"game id {game_id!r}: use lower-case letters, digits and '-', like 'bw-2026'")
    if (root / "games" / game_id).exists():
        raise LeagueError(f"games/{game_id} exists already; pick another id")
    keys = [p.key for p in players]
    if len(set(keys)) != len(keys):
        raise LeagueError("a GitHub login appears twice among the players; each player has one seat")
    try:
        ruleset = get(ruleset_name)
    except KeyError as e:
        raise LeagueError(e.args[0]) from None
    if schedule:
        try:
            schedmod.parse(schedule)
        except schedmod.ScheduleError as e:
            raise LeagueError(f"--schedule: {e}") from None
    for key, allowed in ENGINE_OPTIONS.items():
        if key in options and options[key] not in allowed:
            raise LeagueError(f"--option {key}={options[key]}: write one of {', '.join(allowed)}")
    secret = secret or os.urandom(32)
    commitment = dicemod.commitment(secret)
    config: dict[str, Any] = {"game": game_id, "title": title or f"{ruleset.title} ({game_id})",
                              "ruleset": ruleset_name, "options": dict(options),
                              "players": [player_to_yaml(p) for p in players]}
    if schedule:
        config["schedule"] = dict(schedule)
    config["dice"] = {"commitment": commitment.hex(), "length": dicemod.CHAIN_LENGTH}
    if demo:
        config["dice"]["public_secret"] = True
    setup_dice = dicemod.Dice.for_turn(commitment, dicemod.orders_digest({"game.yaml": yamlio.dump(config).encode()}))
    try:
        state = ruleset.setup({k: v for k, v in options.items() if k not in ENGINE_OPTIONS}, list(players),
                              setup_dice)
    except RulesetError as e:
        raise LeagueError(f"{ruleset_name}: {e}") from None
    game = Game(root, game_id, config)
    report = {"game": game_id, "turn": 0, "label": "Set-up", "dice": {"seed": commitment.hex()},
              "result": {"players": keys}}
    files = {f"games/{game_id}/game.yaml": yamlio.dump(config)}
    files.update(_turn_files(game, 0, state, report)[0])
    from . import newsletter

    if newsletter.has_issue(game, 0):  # a set-up issue is written with the set-up, as a turn's with the turn
        page_path, page = newsletter.issue_page(game, 0, state, report)
        files[page_path] = page
    if demo:
        files[f"games/{game_id}/dice-secret.demo"] = secret.hex() + "\n"
    with staged_write(root, files):
        pass
    return load_game(root, game_id), secret


def join_game(root: Path, game_id: str, player: Player) -> int:
    """Admit ``player`` to a running game from the open turn on; returns that turn."""
    game = load_game(root, game_id)
    if getattr(game.ruleset, "join", None) is None:
        raise LeagueError(f"{game.config['ruleset']} does not let players join a running game")
    if game.player(player.key):
        raise LeagueError(f"{player.login} plays in {game_id} already")
    turn = game.open_turn
    config = dict(game.config)
    config["players"] = [*config.get("players", []), player_to_yaml(player, joined=turn)]
    try:
        Game(root, game_id, config).effective_state(turn, game.state(turn - 1))
    except RulesetError as e:
        raise LeagueError(f"{game.config['ruleset']}: {e}") from None
    with staged_write(root, {f"games/{game_id}/game.yaml": yamlio.dump(config)}):
        pass
    return turn


# --- collecting orders ---------------------------------------------------------------------------------------

@dataclass
class Submission:
    """One orders file of the open turn as the deadline run sees it."""

    player: str
    file: str
    raw: bytes
    checked: ordersmod.Checked
    arrived: dt.datetime | None  # None: not committed yet
    sealed_file: str | None = None  # the sealed file these orders came from, in a game of sealed orders
    refusal: str | None = None  # why the file cannot be taken whatever its content (a sealed file that did not open)
    unread: bool = False  # sealed and not opened: this process has no key (``status`` without the secret)


def orders_dir(game: Game, turn: int) -> str:
    return f"orders/{game.id}/{turn_dir(turn)}"


def submissions(game: Game, turn: int, state: State, *, with_arrivals: bool = True,
                only: Sequence[str] | None = None) -> list[Submission]:
    """Every orders file of ``turn``, checked against ``state``; arrival times from git where asked.

    With ``only`` (a replay), just the files of those players, read but not checked again: they were checked
    when they were taken, and the replay must use exactly what was used then.
    """
    folder = game.root / orders_dir(game, turn)
    if not folder.is_dir():
        return []
    arrived = {}
    if with_arrivals:
        from . import history

        if history.is_repo(game.root):
            arrived = history.arrivals(game.root, orders_dir(game, turn))
    if only is None and game.sealed_orders:
        return _sealed_submissions(game, turn, state, arrived)
    out = []
    for path in sorted(folder.glob("*.yaml")):
        rel = f"{orders_dir(game, turn)}/{path.name}"
        where = ordersmod.parse_path(rel)
        if where is None or path.is_symlink():
            continue
        raw = ordersmod.read_limited(path)
        if only is not None:
            if where.player in only:
                data = yamlio.load(raw).data
                out.append(Submission(where.player, rel, raw, ordersmod.Checked(rel, data["orders"], False, []), None))
            continue
        if game.player(where.player) is None:
            checked = ordersmod.Checked(rel, None, False, [ordersmod.file_finding(
                rel, f"{where.player!r} does not play in {game.id}", "name the file after your GitHub login")])
        else:
            checked = ordersmod.check_file(rel, raw, where, game.ruleset, state)
        out.append(Submission(where.player, rel, raw, checked, arrived.get(rel)))
    return out


def _sealed_submissions(game: Game, turn: int, state: State, arrived: Mapping[str, dt.datetime]) -> list[Submission]:
    """The orders of ``turn`` in a game of sealed orders: each sealed file opened with the game's key.

    A plain file is refused (it was public before the deadline); a sealed file that does not open, or whose
    plaintext names another game, turn or player, is refused and the report says why. Without the key (a
    ``status`` anyone runs) the sealed files are checked as envelopes only and marked unread.
    """
    from . import sealed

    folder = game.root / orders_dir(game, turn)
    by_player: dict[str, Submission] = {}
    for path in sorted(folder.glob("*.yaml")):
        rel = f"{orders_dir(game, turn)}/{path.name}"
        where = ordersmod.parse_path(rel)
        if where is None or path.is_symlink():
            continue
        finding = ordersmod.file_finding(rel, f"plain orders in {game.id}, which takes sealed orders",
                                         "seal them with 'turnpress seal'")
        by_player[where.player] = Submission(where.player, rel, ordersmod.read_limited(path),
                                             ordersmod.Checked(rel, None, False, [finding]), arrived.get(rel),
                                             refusal="not sealed")
    identities = sealed.game_identities(game)
    if not identities:
        for path in sorted(folder.glob("*.yaml.age")):
            rel = f"{orders_dir(game, turn)}/{path.name}"
            where = sealed.parse_sealed_path(rel)
            if where is None or path.is_symlink():
                continue
            raw = ordersmod.read_limited(path, sealed.SEALED_MAX_BYTES)
            findings = sealed.check_envelope(game.root, rel, raw, game)
            by_player[where.player] = Submission(where.player, rel, raw, ordersmod.Checked(
                rel, None if findings else {}, False, findings), arrived.get(rel), sealed_file=rel, unread=True)
        return [by_player[k] for k in sorted(by_player)]
    for opened in sealed.open_orders(game, turn, identities):
        where = ordersmod.parse_path(opened.plain_file)
        assert where is not None  # open_orders names plain files of valid sealed paths only
        refusal, raw = None, opened.plaintext
        if game.player(where.player) is None:
            refusal, why = "not a player", f"{where.player!r} does not play in {game.id}"
        elif opened.plaintext is None:
            refusal, why = "sealed file does not open", opened.why
        else:
            why = sealed.names_other(opened.plaintext, where) or ""
            refusal = "sealed for another game, turn or player" if why else None
        if refusal is not None:
            checked = ordersmod.Checked(opened.file, None, False, [ordersmod.file_finding(opened.file, why)])
        else:
            checked = ordersmod.check_file(opened.plain_file, raw, where, game.ruleset, state)  # type: ignore[arg-type]
        by_player[where.player] = Submission(where.player, opened.plain_file, raw or b"", checked,
                                             arrived.get(opened.file), sealed_file=opened.file, refusal=refusal)
    return [by_player[k] for k in sorted(by_player)]


def previous_orders(game: Game, player: str, turn: int) -> Orders | None:
    """The orders ``player`` last played before ``turn``: their taken file, or the defaults used for them."""
    for t in range(turn - 1, 0, -1):
        report = game.report(t)
        meta = report.get("orders", {})
        if player in meta.get("taken", []):
            loc = yamlio.load(ordersmod.read_limited(game.root / ordersmod.orders_relpath(game.id, t, player)))
            return loc.data["orders"]
        if player in meta.get("defaults", {}):
            return meta["defaults"][player]
    return None


# --- due or not ----------------------------------------------------------------------------------------------

@dataclass
class Status:
    game: Game
    turn: int
    phase: Phase
    deadline: dt.datetime | None
    submitted: list[str]
    waiting_asked: list[str]
    due: bool
    reason: str


def status(game: Game, now: dt.datetime) -> Status:
    """Open phase, deadline, who has orders in and who is awaited; and whether the turn is due ``now``."""
    turn = game.open_turn
    state = game.effective_state(turn)
    phase = game.ruleset.phase(state)
    deadline = game.deadline(turn)
    subs = [s for s in submissions(game, turn, state) if s.checked.ok and s.arrived is not None]
    # Sealed orders read without the key count as in; whether they ask to wait shows only to the deadline run.
    in_ = sorted(s.player for s in subs)
    waiting = sorted(s.player for s in subs if s.checked.wait)
    sched = game.schedule
    if phase.finished:
        due, reason = False, "the game is over"
    elif sched is not None and sched.paused:
        due, reason = False, "the game is paused"
    elif deadline is not None and now >= deadline + sched.grace:
        due, reason = True, "the deadline has passed"
    elif phase.awaited and set(phase.awaited) <= set(in_) and not (set(waiting) & set(phase.awaited)):
        due, reason = True, "every awaited player has orders in"
    elif deadline is None:
        due, reason = False, "the game has no schedule: adjudicate it by name"
    else:
        due, reason = False, "waiting for orders or the deadline"
    return Status(game, turn, phase, deadline, in_, waiting, due, reason)


# --- one turn ------------------------------------------------------------------------------------------------

@dataclass
class TurnOutcome:
    game: str
    turn: int
    label: str
    files: dict[str, str]
    report: dict[str, Any]
    state: State = field(default_factory=dict)
    sealed: dict[str, str] = field(default_factory=dict)  # sealed file -> the plaintext sealed in it
    base: str | None = None  # the commit the turn was computed from; the turn commits on top of it only
    commit: str | None = None
    missed: list[str] = field(default_factory=list)


def compute_turn(game: Game, now: dt.datetime | None, secret: bytes | None,
                 previous_state: State | None = None, replay: Mapping[str, Any] | None = None) -> TurnOutcome:
    """Run the open turn in memory: orders in, defaults for the missing, dice, adjudication, files out.

    With ``replay`` (a committed report), take the orders and the seed the report names instead of deciding
    them again from times and the secret: that is how ``verify`` replays history.
    """
    turn = replay["turn"] if replay else game.open_turn
    if previous_state is None and not game.hidden_complete(turn - 1):
        from . import sealed

        raise LeagueError(f"the hidden state of {game.id} is sealed to its key: set {sealed.key_env(game.id)}")
    if replay is None and game.sealed_orders:
        from . import sealed

        if not sealed.game_identities(game):
            raise LeagueError(f"{game.id} takes sealed orders, and opening them needs the game's key: set "
                              f"{sealed.key_env(game.id)} (it was printed by 'turnpress keys new {game.id}')")
    state = game.effective_state(turn, previous_state)
    phase = game.ruleset.phase(state)
    if phase.finished:
        raise LeagueError(f"{game.id} is over; there is nothing to adjudicate")
    deadline = game.deadline(turn)
    grace = game.schedule.grace if game.schedule else dt.timedelta(0)
    only = replay.get("orders", {}).get("taken", []) if replay else None
    subs = {s.player: s for s in submissions(game, turn, state, with_arrivals=replay is None, only=only)}
    taken: dict[str, Submission] = {}
    meta: dict[str, Any] = {"taken": [], "late": [], "refused": [], "missed": [], "defaults": {}}
    for key, sub in sorted(subs.items()):
        if replay is not None:
            if key in replay.get("orders", {}).get("taken", []):
                taken[key] = sub
            continue
        arrived = sub.arrived or now
        if key not in phase.awaited:
            meta["refused"].append({"player": key, "why": "not awaited in this phase"})
        elif not sub.checked.ok:
            meta["refused"].append({"player": key, "why": sub.refusal or "invalid",
                                    "problems": [f.text() for f in sub.checked.findings if f.severity == "error"]})
        elif deadline is not None and arrived is not None and arrived > deadline + grace:
            meta["refused"].append({"player": key, "why": "too late", "arrived": schedmod.iso(arrived)})
        else:
            taken[key] = sub
            if deadline is not None and arrived is not None and arrived > deadline:
                meta["late"].append({"player": key, "arrived": schedmod.iso(arrived), "taken": True})
    if replay is not None:
        meta = {k: v for k, v in replay.get("orders", {}).items()}
        meta["defaults"] = {}
    meta["taken"] = sorted(taken)
    orders: dict[str, Orders] = {k: taken[k].checked.orders for k in sorted(taken)}  # type: ignore[misc]
    for key in phase.awaited:
        if key not in orders:
            orders[key] = game.ruleset.default_orders(state, key, previous_orders(game, key, turn))
            meta["defaults"][key] = orders[key]
    meta["missed"] = sorted(k for k in phase.awaited if k not in taken)
    digest = dicemod.orders_digest({k: taken[k].raw for k in taken})
    if replay is not None:
        seed = bytes.fromhex(replay["dice"]["seed"])
    else:
        seed = dicemod.reveal(secret or b"", int(game.config["dice"]["length"]), turn)
        previous_seed = bytes.fromhex(game.report(turn - 1)["dice"]["seed"])
        if not dicemod.follows(seed, previous_seed):
            raise LeagueError(f"the dice secret does not match {game.id}'s commitment: is it the right secret?")
    result = game.ruleset.adjudicate(state, {k: orders[k] for k in sorted(orders)},
                                     dicemod.Dice.for_turn(seed, digest))
    body = dict(result.report)
    private_reports = body.pop("private", None) or {}
    report = {"game": game.id, "turn": turn, "label": phase.label,
              "deadline": schedmod.iso(deadline) if deadline else None,
              "dice": {"seed": seed.hex(), "orders_digest": digest.hex()},
              "orders": meta, "result": body}
    if result.notes:
        report["notes"] = list(result.notes)
    files, sealed_plain = _turn_files(game, turn, result.state, report, private_reports)
    if replay is None:  # sealed orders are published with the turn that opened them
        for sub in subs.values():
            if sub.sealed_file and sub.refusal is None:
                files[sub.file] = sub.raw.decode("utf-8")
    if replay is None:  # the issue page is written with the turn; a replay compares state and report only
        from . import newsletter

        page_path, page = newsletter.issue_page(game, turn, result.state, report)
        files[page_path] = page
    return TurnOutcome(game.id, turn, phase.label, files, report, result.state, sealed_plain, missed=meta["missed"])


def _turn_files(game: Game, turn: int, state: State, report: dict[str, Any],
                private_reports: Mapping[str, Any] | None = None) -> tuple[dict[str, str], dict[str, str]]:
    """The files of a turn, and for a game with a key the plaintext of each sealed one.

    Without a key the hidden parts go to plaintext ``hidden.yaml`` and private reports are not kept; with a
    key each player's part and report is sealed to them and the game, the game master's part to the game.
    """
    folder = f"games/{game.id}/turns/{turn_dir(turn)}"
    public = game.ruleset.public_view(state)
    files = {f"{folder}/state.yaml": yamlio.dump(public), f"{folder}/report.yaml": yamlio.dump(report)}
    if game.keyed:
        from . import sealed

        plain = sealed.hidden_plaintexts(game, turn, state, private_reports or {})
        files.update(sealed.seal_plaintexts(game, turn, plain))
        return files, plain
    hidden = {k: state[k] for k in HIDDEN_KEYS if k in state}
    if hidden:
        files[f"{folder}/hidden.yaml"] = yamlio.dump(hidden)
    return files, {}


def adjudicate(root: Path, game_id: str, now: dt.datetime, *, commit: bool, only_if_due: bool,
               max_turns: int = 1000) -> list[TurnOutcome]:
    """Run every turn of ``game_id`` that is due (or the open one, if not ``only_if_due``), one commit each."""
    done: list[TurnOutcome] = []
    if commit:
        heal(root, load_game(root, game_id))
    for _ in range(max_turns):
        game = load_game(root, game_id)
        st = status(game, now)
        if st.phase.finished or (only_if_due and not st.due) or (not only_if_due and done):
            break
        base = _head(root) if commit else None
        outcome = compute_turn(game, now, dice_secret(game))
        outcome.base = base
        outcome.commit = write_turn(root, outcome, commit=commit)
        done.append(outcome)
    return done


def write_turn(root: Path, outcome: TurnOutcome, *, commit: bool) -> str | None:
    """Put a computed turn into the tree and, with ``commit``, commit and tag it.

    With ``commit`` the commit is made first, from blobs, without touching the working tree (see
    ``history.commit_files``); only then are the files written. A failure or a kill before the commit
    changes nothing; one after it leaves a committed turn whose files ``heal`` restores on the next run.
    """
    from . import history

    if not commit:
        with staged_write(root, outcome.files):
            pass
        return None
    message = f"{outcome.game}: turn {outcome.turn} ({outcome.label})"
    tag = f"{outcome.game}/turn-{outcome.turn}"
    if history.tag_target(root, tag):
        raise LeagueError(f"tag {tag} exists already: turn {outcome.turn} was committed before")
    _fault("commit")
    sha = history.commit_files(root, dict(outcome.files), message, parent=outcome.base)
    _fault("materialize")
    history.restore_missing(root, sorted(outcome.files))
    history.git(root, "add", "--", *sorted(outcome.files))
    _fault("tag")
    history.tag(root, tag, message, sha)
    return sha


def _head(root: Path) -> str | None:
    from . import history

    return history.head(root) if history.is_repo(root) and history.has_head(root) else None


def heal(root: Path, game: Game) -> None:
    """Finish what a killed run left undone: the last turn commit's files in the tree, and its tag."""
    from . import history

    if not history.is_repo(root) or not history.has_head(root):
        return
    sha = history.last_commit_of(root, f"games/{game.id}/turns")
    if not sha:
        return
    history.restore_missing(root, history.git(root, "show", "--name-only", "--format=", sha).split())
    subject = history.git(root, "show", "-s", "--format=%s", sha).strip()
    m = re.fullmatch(rf"{re.escape(game.id)}: turn (\d+) \(.*\)", subject)
    if m and not history.tag_target(root, f"{game.id}/turn-{m[1]}"):
        history.tag(root, f"{game.id}/turn-{m[1]}", subject, sha)


# --- writing files all or nothing ----------------------------------------------------------------------------

FaultHook = Callable[[str], None]
_fault: FaultHook = lambda step: None  # noqa: E731 - tests replace it to inject failures at each step


def set_fault_hook(hook: FaultHook | None) -> None:
    global _fault
    _fault = hook or (lambda step: None)


@contextmanager
def staged_write(root: Path, files: Mapping[str, str]) -> Iterator[list[str]]:
    """Write ``files`` (relative path -> text) into the tree; undo every change if the block raises."""
    staging_parent = root / ".git" if (root / ".git").is_dir() else root
    staging = Path(tempfile.mkdtemp(prefix="turnpress-", dir=staging_parent))
    backups: dict[str, bytes | None] = {}
    moved: list[str] = []
    made_dirs: list[Path] = []
    try:
        for rel, text in files.items():
            _fault(f"write {rel}")
            target = staging / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        for rel in files:
            _fault(f"move {rel}")
            dest = root / rel
            backups[rel] = dest.read_bytes() if dest.is_file() else None
            for parent in reversed(dest.relative_to(root).parents[:-1]):
                if not (root / parent).exists():
                    made_dirs.append(root / parent)
            dest.parent.mkdir(parents=True, exist_ok=True)
            os.replace(staging / rel, dest)
            moved.append(rel)
        _fault("done")
        yield sorted(files)
    except BaseException:
        for rel in reversed(moved):
            dest = root / rel
            if backups[rel] is None:
                dest.unlink(missing_ok=True)
            else:
                dest.write_bytes(backups[rel])  # type: ignore[arg-type]
        for d in sorted(set(made_dirs), key=lambda p: len(p.parts), reverse=True):
            if d.is_dir() and not any(d.iterdir()):
                d.rmdir()
        raise
    finally:
        shutil.rmtree(staging, ignore_errors=True)
