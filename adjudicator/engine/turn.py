"""One turn: collect the orders, select those that count (pure), compute the turn in memory, commit it.

The set-up is turn 0 (``new_game``); a player who joins a running game enters with the open turn
(``join_game``). ``verify`` replays a committed turn with the same ``compute``, from the orders and the seed
its report names.

A turn is computed entirely in memory. With ``--commit`` it is committed from blobs before any file in the
tree changes (``history.commit_files``), then written; without, it is a look: shown, and nothing is written
(a turn in the tree that no commit holds would be built on by the next run). A failure before the commit leaves
the working tree and the history as they were.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import dice as dicemod
from .. import newsletter, yamledit, yamlio
from .. import schedule as schedmod
from ..errors import LeagueError, RulesetError, SealError, TurnHeld
from ..kit import benevolent, gamedata, words
from ..kit import orders as ordersmod
from ..kit import outcome as outcomemod
from ..kit import secrecy as secrecymod
from ..kit.catalog import COMMANDS, SITE
from ..kit.ruleset import Joins, NamesTitle, PinsData, ReportsSetup, Ruleset, VersionsNewGames, get, package_of
from ..league import absence as absencemod
from ..league import arrivals as arrivalsmod
from ..league import hidden as hiddenmod
from ..league import history, secrets
from ..league.store import (
    ENGINE_OPTIONS,
    FaultHook,
    Game,
    OrdersRead,
    changed_config,
    config_relpath,
    data_relpath,
    dice_demo_relpath,
    dice_sealed_relpath,
    load_game,
    no_fault,
    orders_dir,
    orders_relpath,
    orders_turn,
    phase_kinds_problem,
    player_to_yaml,
    previous_orders,
    published_orders,
    read_league_turn,
    reading,
    sealed_relpath,
    unknown_ruleset,
    write_files,
)
from ..model import GameConfig, Phase, Player, State, TurnReport, account
from ..sealed import crypto, storage
from ..sealed.envelope import SEALED_MAX_BYTES, parse_sealed_path
from . import sealed_orders as sealedorders
from . import turncore
from .turncore import (  # the pure core's names, as callers of a turn have known them
    GAME_ENDED as GAME_ENDED,
)
from .turncore import (
    NOTHING_VALID as NOTHING_VALID,
)
from .turncore import (
    RERUN_PLAYS as RERUN_PLAYS,
)
from .turncore import (
    RULED_OUT as RULED_OUT,
)
from .turncore import (
    SECRET_PROBLEMS as SECRET_PROBLEMS,
)
from .turncore import (
    Submission,
    Taken,
    TurnOutcome,
)
from .turncore import (
    select as select,
)

GAME_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}\Z", re.ASCII)


# --- making and joining games --------------------------------------------------------------------------------

def new_game(root: Path, ruleset_name: str, game_id: str, players: Sequence[Player], options: Mapping[str, Any],
             schedule: Mapping[str, Any] | None, *, title: str | None = None, demo: bool = False,
             secret: bytes | None = None) -> tuple[Game, bytes]:
    """Create ``games/<game>/`` at turn 0. Returns the game and the dice secret, which is kept outside git.

    What the rules keep secret decides the rest (``secrecy``): orders are sealed by default where the rules
    want them sealed (``orders: open`` is a choice the options must make), and a game with sealed orders or
    hidden state gets its key pair, a hidden dice chain where hidden things are drawn, and its dice secrets
    sealed to its key; the secret key goes to ``.secrets/<game>.key`` (git ignores it). A demo game
    (``demo``) is public on purpose: no key, its secrets and hidden state committed in plain text.
    """
    if not GAME_ID.match(game_id):
        raise LeagueError(f"game id {game_id!r}: use lower-case letters, digits and '-', like 'bw-2026'",
                          word="new.game_id", game=repr(game_id))
    if (root / "games" / game_id).exists():
        raise LeagueError(f"games/{game_id} exists already; pick another id", word="new.exists", game=game_id)
    keys = [p.key for p in players]
    if len(set(keys)) != len(keys):
        raise LeagueError("a GitHub login appears twice among the players; each player has one seat",
                          word="new.login_twice")
    ids = [p.github_id for p in players]
    if len(set(ids)) != len(ids):  # a login can be renamed; the id is the account (issue 28)
        twice = next(i for i in ids if ids.count(i) > 1)
        logins = ", ".join(p.login for p in players if p.github_id == twice)
        raise LeagueError(f"the GitHub id {twice} appears twice among the players ({logins}): one account has one seat",
                          word="new.id_twice", id=twice, logins=logins)
    try:
        ruleset = get(ruleset_name)
    except KeyError as e:
        unknown = unknown_ruleset(ruleset_name, e)
        raise LeagueError(str(unknown), word=unknown.word, **unknown.values) from None
    if schedule:
        try:
            problem = phase_kinds_problem(ruleset, ruleset_name, schedmod.parse(schedule), "--schedule: phases")
        except schedmod.ScheduleError as e:
            raise LeagueError(f"--schedule: {e}") from None
        if problem:
            raise LeagueError(str(problem), word=problem.word, **problem.values)
    for key, allowed in ENGINE_OPTIONS.items():
        if key in options and options[key] not in allowed:
            raise LeagueError(f"--option {key}={options[key]}: write one of {', '.join(allowed)}", word="new.option",
                              key=key, value=options[key], allowed=", ".join(allowed))
    if isinstance(ruleset, VersionsNewGames):  # the settings a rule change gives new games, written in game.yaml
        options = {**options, **ruleset.new_game_options(options)}
    rules_options = {k: v for k, v in options.items() if k not in ENGINE_OPTIONS}
    declared = secrecymod.of(ruleset, rules_options)
    options = dict(options)
    if not demo and "orders" not in options and declared.sealed_by_default:
        options["orders"] = "sealed"
    keyed = not demo and (options.get("orders") == "sealed" or bool(declared.hidden_state or declared.hidden_draws))
    secret = secret or os.urandom(32)
    commitment = dicemod.commitment(secret)
    # a ruleset may name a game by its options (a Diplomacy variant by its map), else by its own title
    default_title = ruleset.title_for(rules_options) if isinstance(ruleset, NamesTitle) else ruleset.title
    config: dict[str, Any] = {"game": game_id, "title": title or f"{default_title} ({game_id})",
                              "ruleset": ruleset_name, "options": options,
                              "players": [player_to_yaml(p) for p in players]}
    if schedule:
        config["schedule"] = dict(schedule)
    pins = pinned_data(ruleset, ruleset_name, rules_options)
    if pins is not None:
        config["data"] = {path: gamedata.digest(data) for path, data in pins.items()}
    config["dice"] = {"commitment": commitment.hex(), "length": dicemod.CHAIN_LENGTH}
    if options.get("orders") == "sealed":  # every turn's digest binds the envelopes, from the first (issue 28)
        config["dice"]["digest"] = dicemod.ENVELOPES
    if demo:
        config["dice"]["public_secret"] = True
    hidden_secret = os.urandom(32) if keyed and declared.hidden_draws else None
    if hidden_secret is not None:
        config["dice"]["hidden"] = hiddenmod.chain_commitment(hidden_secret, dicemod.CHAIN_LENGTH)
    identity = None
    if keyed:
        public_key, identity = crypto.new_identity()
        config["key"] = public_key
    setup_digest = set_up_digest(config)
    hidden_link = None if hidden_secret is None else dicemod.hidden_link(hidden_secret, dicemod.CHAIN_LENGTH, 0)
    setup_dice = dicemod.Dice.for_turn(commitment, setup_digest, hidden_link)
    game = Game(root, game_id, config, pinned_data=pins)
    try:
        state = game.ruleset.setup(rules_options, list(players), setup_dice)
    except RulesetError as e:
        raise LeagueError(f"{ruleset_name}: {e}", word="join.refused", ruleset=ruleset_name, refusal=e) from None
    label = SITE.say(game.language, "setup_turn")  # the set-up in the game's language
    report: TurnReport = {"game": game_id, "turn": 0, "label": label, "dice": {"seed": commitment.hex()},
                          "result": {"players": keys}}
    if keyed:  # the set-up's own digest, so that 'verify' can draw the set-up again once the game has ended
        report["dice"]["orders_digest"] = setup_digest.hex()
    files = {config_relpath(game_id): yamlio.dump(config)}
    setup_reports = ruleset.setup_reports(state) if isinstance(ruleset, ReportsSetup) else None
    files.update(game.turn_files(0, state, report, setup_reports)[0])
    if newsletter.has_issue(game, 0):  # a set-up issue is written with the set-up, as a turn's with the turn
        page_path, page = newsletter.issue_page(game, 0, state, report)
        files[page_path] = page
    for path, data in (pins or {}).items():
        files[f"{data_relpath(game_id)}/{path}"] = data.decode("utf-8")  # the rules' data is text (YAML)
    if demo:
        files[dice_demo_relpath(game_id)] = secret.hex() + "\n"
    if keyed:
        files[dice_sealed_relpath(game_id)] = crypto.encrypt(secret.hex().encode() + b"\n", [config["key"]])
    if hidden_secret is not None:
        files[hiddenmod.hidden_relpath(game_id)] = hiddenmod.sealed_secret(hidden_secret, config["key"])
    if identity is not None:
        secrets.write_secret_file(secrets.secret_file(root, game_id, secrets.KEY),
                                  f"# turnpress game key of {game_id}\n# public key: {config['key']}\n{identity}\n")
    try:
        write_files(root, files)
    except BaseException:
        if identity is not None:
            secrets.secret_file(root, game_id, secrets.KEY).unlink(missing_ok=True)
        raise
    return load_game(root, game_id), secret


def set_up_digest(config: Mapping[str, Any]) -> bytes:
    """What keys the set-up's draws: ``game.yaml`` as the game master made it. The hashes of the pinned data
    (``data:``) are left out: ``verify`` anchors them in ``game.yaml`` on their own, and a scripted game's set-up
    stays what it was before games pinned their data."""
    return dicemod.orders_digest({"game.yaml": yamlio.dump({k: v for k, v in config.items() if k != "data"}).encode()})


def pinned_data(ruleset: Ruleset, ruleset_name: str, options: Mapping[str, Any]) -> dict[str, bytes] | None:
    """The data files a new game of ``ruleset`` pins (``gamedata``): as this turnpress ships them."""
    if not isinstance(ruleset, PinsData):
        return None
    try:
        return gamedata.snapshot(package_of(ruleset), ruleset.data_files(options))
    except RulesetError as e:
        raise LeagueError(f"{ruleset_name}: {e}", word="join.refused", ruleset=ruleset_name, refusal=e) from None
    except OSError as e:
        raise LeagueError(f"{ruleset_name}: the options name data this turnpress does not ship: {e}") from None


def join_game(root: Path, game_id: str, player: Player) -> int:
    """Admit ``player`` to a running game from the open turn on; returns that turn."""
    game = load_game(root, game_id)
    if not isinstance(game.ruleset, Joins):
        raise LeagueError(f"{game.settings.ruleset} does not let players join a running game", word="join.no_joins",
                          ruleset=game.settings.ruleset)
    for seat in game.seats():  # as the rulings left them: a seat handed over is its new player's
        account = str(seat.get("login", "")).lower() == player.key or seat.get("id") == player.github_id
        if account and not seat.get("left"):
            raise LeagueError(f"{player.login} (GitHub id {player.github_id}) plays in {game_id} already, as seat "
                              f"{seat.get('key')} (login {seat.get('login')}, id {seat.get('id')}): one GitHub "
                              "account has one seat, whatever its login", word="join.plays", login=player.login,
                              id=player.github_id, game=game_id, seat=seat.get("key"), seat_login=seat.get("login"),
                              seat_id=seat.get("id"))
        if account or seat.get("key") == player.key:  # the seat's key is its first login's: the files are its
            now = "out of the game" if seat.get("left") else f"played by {seat.get('login')}"
            raise LeagueError(f"{player.login} cannot join {game_id}: seat {seat.get('key')} was theirs (now {now}); "
                              "a seat changes hands only by a ruling (replace: in rulings/)",
                              word="join.was_theirs_left" if seat.get("left") else "join.was_theirs",
                              login=player.login, game=game_id, seat=seat.get("key"), now=seat.get("login"))
    turn = game.open_turn
    config = dict(game.config)
    config["players"] = [*config.get("players", []), player_to_yaml(player, joined=turn)]
    try:
        Game(root, game_id, config).effective_state(turn, game.state(turn - 1))
    except RulesetError as e:
        raise LeagueError(f"{game.settings.ruleset}: {e}", word="join.refused", ruleset=game.settings.ruleset,
                          refusal=e) from None
    seat = player_to_yaml(player, joined=turn)
    write_files(root, {config_relpath(game_id): changed_config(
        root, game_id, lambda t: yamledit.append(t["players"], seat), config)})
    return turn


# --- collecting orders ---------------------------------------------------------------------------------------

def submissions(game: Game, turn: int, identities: Sequence[Any], *, with_arrivals: bool = True) -> list[Submission]:
    """Every orders file of ``turn`` as read (``turncore.Submission``): its bytes, a sealed one opened with the game's
    key ``identities`` where this process holds it, and arrival times from git where asked. Unchecked: the plan
    judges them (``turncore.judge``)."""
    folder = game.root / orders_dir(game.id, turn)
    if not folder.is_dir():
        return []
    arrived = {}
    if with_arrivals and history.is_repo(game.root):
        # No earlier than a look of the deadline run that did not see the file: a commit's date is its
        # author's to write (issue 28).
        arrived = arrivalsmod.trusted(game.root, game.id, turn, history.arrivals(game.root, orders_dir(game.id, turn)))
    by_player: dict[str, Submission] = {}
    for path in sorted(folder.glob("*.yaml")):
        rel = f"{orders_dir(game.id, turn)}/{path.name}"
        where = ordersmod.parse_path(rel)
        if where is None or path.is_symlink():
            continue
        by_player[where.player] = Submission(where.player, rel, ordersmod.read_limited(path), arrived.get(rel))
    if game.sealed_orders:  # a player's sealed file stands for them, a plain one beside it aside
        by_player.update(_sealed_submissions(game, turn, identities, arrived))
    return [by_player[k] for k in sorted(by_player)]


def _sealed_submissions(game: Game, turn: int, identities: Sequence[Any],
                        arrived: Mapping[str, dt.datetime]) -> dict[str, Submission]:
    """The sealed orders files of ``turn``, by player: each opened with the game's key (``open_orders``; one that
    does not open says why). Without the key (a ``status`` anyone runs) they are read as envelopes, unread."""
    out = {}
    if not identities:
        for path in sorted((game.root / orders_dir(game.id, turn)).glob("*.yaml.age")):
            rel = f"{orders_dir(game.id, turn)}/{path.name}"
            sealed_where = parse_sealed_path(rel)
            if sealed_where is None or path.is_symlink():
                continue
            out[sealed_where.player] = Submission(sealed_where.player, rel, b"", arrived.get(rel), sealed_file=rel,
                                                  unread=True, envelope=ordersmod.read_limited(path, SEALED_MAX_BYTES))
        return out
    for opened in sealedorders.open_orders(game, turn, identities):
        out[opened.player] = Submission(opened.player, opened.plain_file, opened.plaintext or b"",
                                        arrived.get(opened.file), sealed_file=opened.file,
                                        unopened=opened.why,
                                        envelope=opened.envelope)
    return out


def load_published(game: Game, last: int) -> tuple[turncore.Published, ...]:
    """Every orders file of the turns before ``last`` as published, with all of it (``published_orders``: the
    sealed file opened with the game's key where only the public part was published): what the turn that ends
    the game publishes in full (``turncore.full_orders``)."""
    out = []
    identities = game.game_identities() if game.keyed else []  # read once: every sealed file opens with it
    for t in range(1, last):
        folder = game.root / orders_dir(game.id, t)
        if not folder.is_dir():
            continue
        digest = game.report(t).get("dice", {}).get("digest")
        for path in sorted(folder.glob("*.yaml")):
            player = path.name.removesuffix(".yaml")
            out.append(turncore.Published(orders_relpath(game.id, t, player), ordersmod.read_limited(path),
                                          published_orders(game, t, player, identities), digest))
    return tuple(out)


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
    moves: turncore.Deadline | None = None  # what moved ``deadline`` from the schedule's: absences, an NMR extension


def status(game: Game, now: dt.datetime) -> Status:
    """Open phase, deadline, who has orders in and who is awaited; and whether the turn is due ``now``: what the
    open turn's snapshot (``load_status``) says, by the deadline the turn's own plan would set
    (``turncore.open_deadline``)."""
    snap = load_status(game, now)
    assert snap.arrivals is not None, "load_status reads what the turn knows of time"
    everyone = outcomemod.phase(snap.rules, snap.state)
    removed = snap.removed  # a seat out of the game by a ruling is waited for by nobody
    phase = everyone
    if removed:
        phase = dataclasses.replace(phase, awaited=tuple(k for k in phase.awaited if k not in removed))
    judged = turncore.judge(snap)
    when = turncore.open_deadline(snap.planned, snap.schedule, everyone.awaited, snap.arrivals, phase, judged)
    # A game that is over has no deadline to come: the schedule's next date would be one no turn keeps.
    deadline = None if phase.finished else when.final(snap.schedule)
    subs = [s for s in judged
            if s.sub.arrived is not None and reads_as_orders(snap.rules, snap.state, s, snap.language)]
    # Sealed orders read without the key count as in; whether they ask to wait shows only to the deadline run.
    in_ = sorted(s.player for s in subs)
    waiting = sorted(s.player for s in subs if s.checked.wait)
    ruled = snap.ruling
    if ruled is not None and ruled.end is not None and not phase.finished:
        due, reason = True, f"the game master ends the game ({ruled.file}): its closing turn runs now"
    elif ruled is not None and ruled.pause and not phase.finished:
        due, reason = False, f"the game is paused ({ruled.file}): 'turnpress resume {snap.game}' lifts the pause"
    else:
        due, reason = schedmod.is_due(snap.schedule, deadline, now, finished=phase.finished,
                                      awaited=phase.awaited, submitted=in_, waiting=waiting)
    return Status(game, snap.turn, phase, deadline, in_, waiting, due, reason, when)


def load_status(game: Game, now: dt.datetime) -> turncore.TurnSnapshot:
    """What ``status`` reads of the open turn, once: its state, the orders files in and when they arrived (sealed
    ones as envelopes, without the key, with what they are checked against), the game's seats, the ruling, the
    removed seats, the planned deadline, the absences and extensions. No seed, no previous orders, no keys: a look
    at a game anyone may run, finished or not."""
    turn = game.open_turn
    state = game.effective_state(turn)
    everyone = outcomemod.phase(game.ruleset, state)
    files = tuple(submissions(game, turn, game.game_identities() if game.sealed_orders else ()))
    snap = _turn_read(game, turn, state, everyone)
    envelopes = sealedorders.read_envelopes(game, game.root) if any(f.unread for f in files) else None
    return dataclasses.replace(snap, submissions=files, seats=seats_of(game), envelopes=envelopes,
                               arrivals=load_arrivals(game.root, game.id, snap.schedule, snap.language, turn,
                                                      snap.planned, everyone, now, everyone.awaited, game.report))


def seats_of(game: Game) -> tuple[str, ...]:
    """The game's seats, a seat out of the game by a ruling included: an orders file of no seat is refused."""
    return tuple(p.key for p in game.players)


def reads_as_orders(rules: Ruleset, state: State, sub: turncore.Judged, lang: str) -> bool:
    """Whether the deadline would find orders in ``sub`` (its time aside): a valid file, or one of a ruleset
    read benevolently of which something valid remains, by the very reading the deadline makes (``select``,
    ``benevolent.read``). A file that only partly holds counts as in for ``status`` and early adjudication, as it
    does at the deadline (issue 29)."""
    if sub.refusal is not None or sub.checked.orders is None:
        return False
    if sub.checked.ok:
        return True
    if not isinstance(rules, benevolent.ReadsBenevolently):
        return False
    return benevolent.read(rules, state, sub.player, sub.checked.orders, lang)[0] is not None


def load_arrivals(root: Path, game: str, schedule: schedmod.Schedule | None, language: str, turn: int,
                  planned: dt.datetime | None, phase: Phase, now: dt.datetime | None, awaited: Sequence[str],
                  reports: Callable[[int], TurnReport], *, early: bool = False) -> turncore.Arrivals:
    """What the open ``turn`` of ``game`` (its ``schedule``, in ``language``) knows of time ``now``: the absence files
    of the players it awaits (where the game takes absences; ``awaited``, a seat a ruling took out included), and
    where an NMR extension may be used, when each orders file first reached main and the extensions each player used
    before, from the earlier turns' ``reports`` (turn t's report: read only then)."""
    if planned is None or schedule is None:
        return turncore.Arrivals(now, early)
    absences = None
    if schedule.absence is not None:
        absences = absencemod.all_periods(absencemod.read(root, game, awaited, schedule.absence, language))
    if now is None or schedule.nmr_extension is None or phase.finished:
        return turncore.Arrivals(now, early, absences)
    firsts = history.first_arrivals(root, orders_dir(game, turn)) if history.is_repo(root) else {}
    return turncore.Arrivals(now, early, absences, firsts, extensions_used(reports, turn))


def extensions_used(reports: Callable[[int], TurnReport], turn: int) -> dict[str, int]:
    """How many NMR extensions each player used in the turns before ``turn``, as their ``reports`` record."""
    used: dict[str, int] = {}
    for t in range(1, turn):
        account = reports(t).get("orders")
        for key in account["extension"]["players"] if account and "extension" in account else []:
            used[key] = used.get(key, 0) + 1
    return used


# --- one turn ------------------------------------------------------------------------------------------------

def load_ran(snap: turncore.TurnSnapshot, root: Path, git_root: Path) -> turncore.Ran:
    """What the history of ``git_root`` says of the committed turn ``snap`` replays (``turncore.Ran``): read once,
    and only what its schedule uses. The absence files are those of the players its state awaits, as they were at
    the turn's tag; the first arrivals are those of the orders files the tree at ``root`` holds."""
    schedule = snap.schedule
    if schedule is None:
        return turncore.Ran()
    tagged = history.tag_target(git_root, f"{snap.game}/turn-{snap.turn}") if schedule.absence is not None else None
    absences: dict[str, bytes] = {}
    if tagged:  # every awaited player's file as the tag has it, in one read
        names = {key: f"{tagged}:{absencemod.relpath(snap.game, key)}"
                 for key in outcomemod.phase(snap.rules, snap.state).awaited}
        files = history.blobs_of(git_root, list(names.values()))
        absences = {key: files[name] for key, name in names.items() if name in files}
    first_in: dict[str, dt.datetime] = {}
    if schedule.nmr_extension is not None:
        arrived = history.first_arrivals(git_root, orders_dir(snap.game, snap.turn))
        first_in = {rel: when for rel, when in arrived.items() if (root / rel).is_file()}
    return turncore.Ran(tagged, absences, first_in)


def load_committed(game: Game, report: TurnReport, identities: Sequence[Any] = ()) -> turncore.Committed:
    """What the committed turn ``report`` published, read once: the orders files of the players it took or
    refused for nothing valid (in a re-run, the voided turn's folder's for those whose file the ruling did not
    find), each sealed file as submitted, opened with the game's key ``identities`` where they are at hand."""
    turn = report["turn"]
    judged = [e["player"] for e in account(report).get("refused", []) if e.get("why") == NOTHING_VALID]
    files = {}
    for player in dict.fromkeys([*account(report).get("taken", []), *judged]):
        played = orders_turn(game, turn, player)
        path = game.root / orders_relpath(game.id, played, player)
        sealed_path = game.root / sealed_relpath(game.id, played, player)
        # A symbolic link is no file of the league (no command reads one): missing, as the digest then says.
        published = ordersmod.read_limited(path) if path.is_file() and not path.is_symlink() else None
        sealed = (ordersmod.read_limited(sealed_path, SEALED_MAX_BYTES)
                  if sealed_path.is_file() and not sealed_path.is_symlink() else None)
        opened, why = None, None
        if sealed is not None and identities:
            try:
                opened = crypto.decrypt(sealed, list(identities))
            except SealError as e:
                why = str(e)
        files[player] = turncore.Filed(played, published, sealed, opened, why)
    return turncore.Committed(game.id, turn, game.ruleset, game.settings, game.schedule, report, files,
                              bool(identities), load_written(game, turn, identities))


def load_written(game: Game, turn: int, identities: Sequence[Any] = ()) -> turncore.Written:
    """The files committed turn ``turn``'s folder holds (``turncore.Written``), read once: its state, report and
    plain hidden parts, and where the game's key ``identities`` is at hand and the hidden parts are sealed, each
    sealed part (a name there that is no regular file as None)."""
    folder = game.turn_folder(turn)

    def read(name: str) -> bytes | None:
        path = folder / name
        return path.read_bytes() if path.is_file() else None

    hidden = read("hidden.yaml")
    sealed: dict[str, bytes | None] = {}
    if identities and hidden is None:
        parts = sorted((folder / storage.PRIVATE_DIR).glob("*.yaml.age"))
        if (folder / storage.SECRET_FILE).is_file():
            parts.append(folder / storage.SECRET_FILE)
        for path in parts:
            sealed[path.relative_to(game.root).as_posix()] = path.read_bytes() if path.is_file() else None
    return turncore.Written(read("state.yaml"), read("report.yaml"), hidden, sealed)


def load_page(game: Game, turn: int) -> turncore.Page:
    """Committed turn ``turn``'s issue page as the league holds it and what it shows besides the outcome
    (``turncore.Page``), read once: the seats as of the turn and the turn before, the schedule the next turn
    keeps, the game master's notes and the repository's address, handed to ``newsletter.issue_facts``."""
    rel = newsletter.issue_path(game.id, turn)
    path = game.root / rel
    before = f"{newsletter.OLD_ISSUE_DIR}/{game.id}/{turn:04d}.md"
    moved = before if not path.is_file() and (game.root / before).is_file() else None
    notes = game.dir / "notes" / f"{turn:04d}.md"
    facts = newsletter.issue_facts(game.id, game.settings, game.ruleset, game.language,
                                   turn, game.seats(turn), game.seats(turn - 1) if turn > 0 else (), game.schedule,
                                   game.schedule_for(turn + 1) if game.schedule is not None else None,
                                   notes.read_text(encoding="utf-8") if notes.is_file() else None,
                                   game.league.repo)
    return turncore.Page(facts, rel, path.read_bytes() if path.is_file() else None, moved)


def load_setup(game: Game) -> turncore.SetUp:
    """What ``verify`` starts the replay of ``game`` from (``turncore.SetUp``), read once."""
    identities = game.game_identities() if game.keyed else []
    report = game.report(0)
    links, unlinked = None, None
    try:
        links = hiddenmod.links(game, identities)
    except LeagueError as e:
        end = hiddenmod.end_link(game)
        unlinked = (end[0] if end else 0, e)
    # Whether the last committed turn ended the game counts only where nothing else opens the set-up's hidden parts,
    # and its state is read only then: a game with a key this process lacks and no hidden chain.
    ended = False
    if not identities and game.keyed and not hiddenmod.has_chain(game.settings):
        turns = game.turns()
        ended = bool(turns) and turns[-1] > 0 and outcomemod.phase(game.ruleset, game.state(turns[-1])).finished
    return turncore.SetUp(game.id, game.ruleset, game.settings, report, load_carried(game, 0), load_written(game, 0),
                          tuple(identities), links, unlinked, ended,
                          load_page(game, 0) if newsletter.has_issue(game, 0) else None)


def load_carried(game: Game, turn: int, *, partial: bool = False) -> turncore.Carried:
    """What ``verify`` carries on from committed turn ``turn`` where it does not replay it (``turncore.Carried``):
    its state as this process reads it, None where part of its hidden state stays sealed (unless ``partial``:
    then what opens), and its public state."""
    state = game.state(turn) if partial or game.hidden_complete(turn) else None
    return turncore.Carried(state, game.public_state(turn))


def load_replay(game: Game, report: TurnReport, previous: State, hidden_link: bytes | None = None,
                read: OrdersRead | None = None, committed: turncore.Committed | None = None) -> turncore.TurnSnapshot:
    """Everything the replay of the committed turn ``report`` names reads, once: its state from the ``previous``
    (replayed) one, and the orders the report took, from the files ``committed`` holds (``load_committed``; from
    their sealed files, with the key, where only the public part was published). A file of which nothing valid
    remained is read again too. ``read``: the orders of the turns before that the replay of a game has read already
    (``verify`` keeps each replayed turn's ``taken``), which the NMR defaults (``previous_orders``) would otherwise
    read and parse again."""
    turn = report["turn"]
    state = game.effective_state(turn, previous)
    if committed is None:
        committed = load_committed(game, report, game.game_identities())
    taken = {}
    for player, filed in committed.files.items():
        if filed.published is not None:  # a missing file shows as a different digest
            raw = committed.played(player)
            taken[player] = Taken(raw, yamlio.load(raw).data["orders"], committed.envelope(player))
    read_once = _turn_read(game, turn, state, outcomemod.phase(game.ruleset, state))
    return _snapshot(game, read_once, hidden_link, read, recorded=report, taken=taken,
                     heads=report["orders"].get("heads", "en"))


def digest_scheme(settings: GameConfig) -> str | None:
    """What a new turn's dice digest binds: a game of sealed orders binds their envelopes (``dice.ENVELOPES``),
    so that its published digest is no test of a guessed sealed field (issue 28); a game of open orders binds
    the files, which are public anyway, as it always did (no ``digest`` in its reports)."""
    return settings.digest_of or (dicemod.ENVELOPES if settings.sealed_orders else None)


def compute_turn(game: Game, now: dt.datetime | None, secret: bytes, *, early: bool = False) -> TurnOutcome:
    """Run the open turn in memory: orders in, defaults for the missing, dice, adjudication, files out.

    ``early``: the game master ran it before its deadline by name (``adjudicate GAME --early``); the report
    records it (``orders: early: true``), so that ``verify`` can tell it from a turn run early by mistake.
    Everything the turn reads is loaded first (``load_turn``); the plan and the computation read nothing
    (``turncore``); then the issue page is rendered from the snapshot's values; the turn that ends a game reads
    the orders sealed until then, and publishes them (``turncore.full_orders``)."""
    snap = load_turn(game, now, secret, early=early)
    planned = turncore.plan(snap)
    outcome, _ = turncore.compute(snap, planned)
    outcome.files.update(turncore.published_sealed_orders(snap, planned, outcome))
    declared = secrecymod.of(snap.rules, snap.settings.options)
    if outcomemod.phase(snap.rules, outcome.state).finished and secrecymod.rewrites_orders(declared):
        # What stayed sealed until the end is published with it: read only then, since every turn of a game that
        # seals its orders would otherwise open every sealed file of the turns before it.
        outcome.files.update(turncore.full_orders(load_published(game, snap.turn), snap.heads))
    assert snap.issue is not None, "load_turn reads what the issue page shows"
    page_path, page = newsletter.render(snap.issue, outcome.state, outcome.report)
    outcome.files[page_path] = page
    return outcome


def _turn_read(game: Game, turn: int, state: State, phase: Phase) -> turncore.TurnSnapshot:
    """What every snapshot of ``turn`` reads of ``game`` besides the ``state`` its orders are checked against (and
    its ``phase``): the rules, settings, schedule and language, the game master's ruling, the seats a ruling took out
    and the deadline the schedule or the ruling plans. Read once: no previous orders, no keys, no time (what
    ``status`` looks at; a replayed turn adds them. A turn to run reads all of it with the rest, ``load_turn``)."""
    return turncore.TurnSnapshot(
        game.id, turn, game.ruleset, game.settings, game.schedule, game.language, state,
        game.ruling(turn), game.removed(turn), game.deadline(turn, phase.kind, scheduled=True), {})


def _snapshot(game: Game, read_once: turncore.TurnSnapshot, hidden_link: bytes | None, read: OrdersRead | None = None,
              **more: Any) -> turncore.TurnSnapshot:
    """A replayed turn (``read_once``: ``_turn_read``) with what it adds from ``game``: each awaited player's previous
    orders (their NMR default) and the seats' own keys, and the ``hidden_link``."""
    phase = outcomemod.phase(read_once.rules, read_once.state)
    if phase.finished:
        raise LeagueError(f"{read_once.game} is over; there is nothing to adjudicate", word="turn.over",
                          game=read_once.game)
    ruled = read_once.ruling
    # A re-run plays the voided turn again: a missing player's NMR orders follow from the turns before it.
    before = ruled.rerun if ruled is not None and ruled.rerun is not None else read_once.turn
    own = {p["key"]: str(p["recipient"]) for p in game.seats() if p.get("recipient")} if game.keyed else {}
    return dataclasses.replace(
        read_once, previous_orders={key: previous_orders(game, key, before, read) for key in phase.awaited},
        recipients=own, hidden_link=hidden_link, **more)


def load_turn(game: Game, now: dt.datetime | None, secret: bytes, *, early: bool = False) -> turncore.TurnSnapshot:
    """Everything the open turn of ``game`` reads, once: what it reads of the league (``store.read_league_turn``: its
    state, the rulings, reports, seats, the previous orders, what its issue page shows, the hidden link), the orders
    files and when they arrived, the absences and extensions, and the seed ``secret`` reveals."""
    league = read_league_turn(game)
    turn, phase = league.turn, league.phase
    subs = tuple(submissions(game, turn, league.identities))
    carried = {key: Taken(raw, yamlio.load(raw).data["orders"], envelope)
               for key, (raw, envelope) in league.rerun_played.items()}
    facts = newsletter.issue_facts(game.id, league.settings, league.rules, league.language, turn, league.seats,
                                   league.seats_before, league.schedule, league.next_schedule, league.notes,
                                   league.repo)
    # The issue page's charts read the public states before the turn; its steps end with the turn's own label.
    head, previous_head = league.heads
    issue = dataclasses.replace(facts, publics=league.publics, head=head, previous_head=previous_head,
                                steps=("0", *(str(r["label"]) for r in league.reports[1:]), str(phase.label)))
    own = {p["key"]: str(p["recipient"]) for p in league.seats if p.get("recipient")} if league.settings.key else {}
    return turncore.TurnSnapshot(
        game.id, turn, league.rules, league.settings, league.schedule, league.language, league.state,
        league.ruling, league.removed, league.planned, league.previous, own, league.hidden_link,
        arrivals=load_arrivals(game.root, game.id, league.schedule, league.language, turn, league.planned,
                               turncore.in_play(phase, league.removed), now, phase.awaited, league.reports.__getitem__,
                               early=early),
        submissions=subs, seats=tuple(p["key"] for p in league.seats),
        seed=dicemod.reveal(secret, league.settings.chain_length, turn), digest_of=digest_scheme(league.settings),
        previous_seed=bytes.fromhex(league.reports[turn - 1]["dice"]["seed"]), rerun_taken=carried, issue=issue,
        heads=heads_language(league.language))


def heads_language(lang: str) -> str:
    """The language a new turn of a game in ``lang`` heads the orders files it publishes in (``secrecy.head``):
    the game's, where the heads are said in it, else English."""
    return lang if lang in secrecymod.HEAD_LANGUAGES else "en"


def adjudicate(root: Path, game_id: str, now: dt.datetime, *, commit: bool, only_if_due: bool,
               max_turns: int = 1000, fault: FaultHook = no_fault, catch_up: bool = False,
               early: bool = False, league: words.League | None = None) -> list[TurnOutcome]:
    """Run every turn of ``game_id`` that is due (or the open one, if not ``only_if_due``), one commit each.

    Without ``commit`` it is a look (a dry run): the open turn is computed in memory and returned, and nothing is
    written into the tree; a turn after it would build on files that were never written, so a look stops at one.
    A due turn whose deadline passed before the turn before it was adjudicated gave its players no time to send
    orders: it is not run without ``catch_up`` (``LeagueError`` if it is the first, else the run stops there).
    ``league``: what the league's ``mkdocs.yml`` says, where the command read it already.
    """
    # The turns and rulings of the game are listed once, not for every load of it (issue 33: a turn listed its
    # turns' folder some 25 times); each write of the turn (through ``history``) makes them listed anew.
    with reading():
        return _adjudicate(root, game_id, now, commit=commit, only_if_due=only_if_due, max_turns=max_turns,
                           fault=fault, catch_up=catch_up, early=early, league=league)


def _adjudicate(root: Path, game_id: str, now: dt.datetime, *, commit: bool, only_if_due: bool, max_turns: int,
                fault: FaultHook, catch_up: bool, early: bool, league: words.League | None) -> list[TurnOutcome]:
    done: list[TurnOutcome] = []
    league = league or words.read_league(root)  # mkdocs.yml, once for every turn run (a turn writes none of it)
    if commit:
        heal(root, load_game(root, game_id, league))
    for _ in range(max_turns):
        fault("compute")  # a turn is computed from here until its commit (``pipeline.budget`` stops it only here)
        game = load_game(root, game_id, league)
        st = status(game, now)
        if st.phase.finished or (only_if_due and not st.due) or (not only_if_due and done):
            break
        stale = None if catch_up or not only_if_due else held_words(st)
        if stale is not None:
            if done:
                break
            raise TurnHeld(COMMANDS.say("en", stale[0], **stale[1]), word=stale[0], **stale[1])
        if not commit:  # a look: shown, never written (issue 29: uncommitted turns were built on)
            done.append(compute_turn(game, now, game.dice_secret(), early=early and not st.due))
            break
        uncommitted_game_files(root, game_id)
        base = history.head(root) if history.is_repo(root) and history.has_head(root) else None
        outcome = compute_turn(game, now, game.dice_secret(), early=early and not st.due)
        outcome.base = base
        outcome.commit = write_turn(root, outcome, fault=fault, lang=game.language)
        done.append(outcome)
    return done


def uncommitted_game_files(root: Path, game_id: str) -> None:
    """Refuse to commit a turn computed from files of the game that are not committed: the turn's commit would
    hold a result that its own history does not explain, and ``verify`` would fail on it. ``game.yaml`` edited
    and not committed, a ruling not committed, a turn's files left in the tree by an older turnpress's look."""
    if not history.is_repo(root) or not history.has_head(root):
        return
    listed = history.dirty_paths(root, [f"games/{game_id}/", f"rulings/{game_id}/"])
    # Judged by content against HEAD, not by the index: a run killed between its commit and the index's update
    # (or its reset) leaves files that are HEAD's byte for byte, which git status still lists.
    # A writer's temporary file (``history.write_atomic``: ".turnpress-<pid>-NAME") that a killed run left
    # is never read as a file of the game, nor committed.
    dirty = sorted({rel for rel in listed
                    if not Path(rel).name.startswith(f".{history.LEFTOVER}")
                    and _tree_bytes(root / rel) != history.blob(root, "HEAD", rel)})
    if dirty:
        more = f" and {len(dirty) - 1} more" if len(dirty) > 1 else ""
        raise LeagueError(f"{game_id}: {dirty[0]}{more} differ from what is committed, and a turn is computed from "
                          f"the committed files only: commit them first ('git add games/{game_id} rulings/"
                          f"{game_id}' and 'git commit'), or drop them ('git restore', 'git clean'; 'git status' "
                          "lists them)", word="turn.uncommitted.one" if len(dirty) == 1 else "turn.uncommitted.other",
                          game=game_id, file=dirty[0], n=len(dirty) - 1)


def _tree_bytes(path: Path) -> bytes | None:
    return None if path.is_symlink() or not path.is_file() else path.read_bytes()


def stale_deadline(st: Status, lang: str = "en") -> str | None:
    """Why the open turn must not be run as due, in ``lang``: its deadline passed before the turn before it was
    adjudicated, so its players never had the time to send orders (a game started with a deadline long past, or
    a deadline run that did not run for weeks), and any orders sent for it now would come too late. None if it
    may run."""
    held = held_words(st)
    return COMMANDS.say(lang, held[0], **held[1]) if held else None


def held_words(st: Status) -> tuple[str, dict[str, Any]] | None:
    """``stale_deadline``'s word of the commands' catalog and its values."""
    game, turn, deadline = st.game, st.turn, st.deadline
    ruled = game.ruling(turn)
    if deadline is None or ruled is not None and ruled.end is not None:  # a closing turn takes no orders
        return None
    if paused_then(game, deadline):
        zone = game.schedule.zone if game.schedule else dt.UTC
        local = f"{deadline.astimezone(zone):%Y-%m-%d %H:%M %Z}"
        return "turn.held_paused", {"game": game.id, "turn": turn, "local": local}
    if turn < 2:
        return None
    before = account(game.report(turn - 1)).get("adjudicated")
    if not before or dt.datetime.fromisoformat(before) < deadline:
        return None
    zone = game.schedule.zone if game.schedule else dt.UTC
    due = f"{deadline.astimezone(zone):%Y-%m-%d %H:%M %Z}"
    run = f"{dt.datetime.fromisoformat(before).astimezone(zone):%Y-%m-%d %H:%M %Z}"
    return "turn.held_late", {"game": game.id, "turn": turn, "due": due, "before": turn - 1, "run": run}


def paused_then(game: Game, moment: dt.datetime) -> bool:
    """Whether ``game.yaml`` as committed at ``moment`` paused the game: a deadline that passed then found nobody
    sending orders, and un-pausing by hand must not make the turn due at once with every player missing."""
    if not history.is_repo(game.root) or not history.has_head(game.root):
        return False
    rel = config_relpath(game.id)
    sha = history.last_commit_before(game.root, rel, moment)
    raw = history.blob(game.root, sha, rel) if sha else None
    try:
        data = yamlio.load_trusted(raw) if raw else None  # read as load_game reads game.yaml
    except (UnicodeDecodeError, yamlio.YamlInputError):
        return False  # a game.yaml that did not read then ran no turn then either
    block = data.get("schedule") if isinstance(data, dict) else None
    return isinstance(block, dict) and block.get("paused") is True


def early_refusal(st: Status, now: dt.datetime, deadline_text: str) -> str | None:
    """Why the open turn may not be run by name ``now`` without ``--early``: it is not due and has a deadline
    to come (or the game is paused). Names who would miss it. None if it may run."""
    if st.due or st.phase.finished or st.deadline is None:
        return None
    names = {p.key: p.name for p in st.game.players}
    missing = [names.get(k, k) for k in st.phase.awaited if k not in st.submitted]
    asked = [names.get(k, k) for k in st.waiting_asked]
    who = (f"{_and(missing)} would miss it (no orders in: the default orders, NMR)" if missing
           else "every awaited player has orders in")
    wait = f"; {_and(asked)} asked to wait for the deadline" if asked else ""
    return (f"{st.game.id}: turn {st.turn} is not due ({st.reason}); its deadline is {deadline_text}. "
            f"Adjudicated now, {who}{wait}. Add --early to adjudicate it before its deadline all the same")


def _and(names: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def write_turn(root: Path, outcome: TurnOutcome, *, fault: FaultHook = no_fault, lang: str = "en") -> str:
    """Commit and tag a computed turn, then put its files into the tree.

    The commit is made first, from blobs, without touching the working tree (see ``history.commit_files``);
    only then are the files written. A failure or a kill before the commit changes nothing; one after it leaves a
    committed turn whose files ``heal`` restores on the next run. A turn is never written without its commit.
    """
    history.require_repo(root)
    message = COMMANDS.say(lang, "subject.turn", game=outcome.game, turn=outcome.turn, label=outcome.label)
    tag = f"{outcome.game}/turn-{outcome.turn}"
    if history.tag_target(root, tag):
        raise LeagueError(f"tag {tag} exists already: turn {outcome.turn} was committed before",
                          word="turn.tag_exists", tag=tag, turn=outcome.turn)
    fault("commit")
    sha = history.commit_files(root, dict(outcome.files), message, parent=outcome.base)
    fault("materialize")
    # Every file as the commit has it, each replaced whole (the full orders published at the end over their
    # public parts too); a kill or a full disk half-way is repaired by the next run's ``heal``.
    history.materialize(root, sha, sorted(outcome.files), fault=fault,
                        committed={rel: text.encode("utf-8") for rel, text in outcome.files.items()})
    fault("tag")
    history.tag(root, tag, message, sha)
    return sha


def unfinished(root: Path, game_id: str) -> str | None:
    """The subject of ``game_id``'s last turn commit if the tree or the tags do not yet hold all of it (a run
    failed or was killed after the commit): what ``heal`` finishes. ``None`` if it is whole."""
    if not history.is_repo(root) or not history.has_head(root):
        return None
    sha = history.last_commit_of(root, f"games/{game_id}/turns")
    if not sha:
        return None
    subject = history.subject(root, sha)
    m = turn_named(subject, game_id)
    if m is None:
        return None
    differs = history.tree_differs(root, "HEAD", history.changed_files(root, sha))
    return subject if differs or not history.tag_target(root, f"{game_id}/turn-{m}") else None


def heal(root: Path, game: Game) -> None:
    """Finish what a killed run left undone: its leftovers removed, the last turn commit's files in the tree
    byte for byte as HEAD has them (missing, truncated or half-written ones rewritten), and its tag."""
    if not history.is_repo(root) or not history.has_head(root):
        return
    history.clean_leftovers(root)
    sha = history.last_commit_of(root, f"games/{game.id}/turns")
    if not sha:
        return
    subject = history.subject(root, sha)
    m = turn_named(subject, game.id)
    if m is None:  # the set-up's commit, the game master's: a file of it changed since is a hand edit, kept
        return
    history.materialize(root, "HEAD", history.changed_files(root, sha))
    if not history.tag_target(root, f"{game.id}/turn-{m}"):
        history.tag(root, f"{game.id}/turn-{m}", subject, sha)


def turn_named(subject: str, game_id: str, key: str = "subject.turn") -> int | None:
    """The turn of ``game_id`` that a commit's ``subject`` names, if ``write_turn`` wrote it (``key``: a look's
    commit, ``subject.look``), in any language: a history keeps the subjects it was written with, and a German
    game's turns were 'aa: turn 2 (Runde 1)' before issue 31 made them 'aa: Zug 2 (Runde 1)'."""
    found = COMMANDS.read_back(key, subject)
    if found is None or found["game"] != game_id or not re.fullmatch(r"[0-9]+", found["turn"], re.ASCII):
        return None
    return int(found["turn"])


def game_named(subject: str, key: str = "subject.turn") -> str | None:
    """The game whose turn (or look: ``subject.look``) a commit's ``subject`` names, in any language."""
    found = COMMANDS.read_back(key, subject)
    if found is None or not GAME_ID.fullmatch(found["game"]) or turn_named(subject, found["game"], key) is None:
        return None
    return found["game"]
