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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import benevolent, gamedata, newsletter, yamledit, yamlio
from .. import dice as dicemod
from .. import orders as ordersmod
from .. import outcome as outcomemod
from .. import schedule as schedmod
from .. import secrecy as secrecymod
from ..errors import LeagueError, RulesetError, TurnHeld
from ..league import arrivals as arrivalsmod
from ..league import hidden as hiddenmod
from ..league import history, secrets
from ..league.secrets import key_env
from ..league.store import (
    ENGINE_OPTIONS,
    FaultHook,
    Game,
    changed_config,
    config_relpath,
    data_relpath,
    dice_demo_relpath,
    dice_sealed_relpath,
    load_game,
    no_fault,
    orders_dir,
    orders_relpath,
    phase_kinds_problem,
    player_to_yaml,
    sealed_relpath,
    write_files,
)
from ..model import DiceRecord, Orders, OrdersAccount, Phase, Player, State, TurnReport, account
from ..newsletter import words
from ..ruleset import Joins, PinsData, Removes, ReportsSetup, Ruleset, VersionsNewGames, get, package_of
from ..sealed import crypto
from ..sealed.envelope import SEALED_MAX_BYTES, parse_sealed_path
from . import sealed_orders as sealedorders

# Reasons the report gives for a file not taken (an issue shows them in its language: newsletter.words.REASONS).
NOTHING_VALID = "nothing valid remains"  # a file benevolent reading could keep nothing of
RULED_OUT = "out of the game by the ruling of turn {turn}"
RERUN_PLAYS = "the re-run of turn {turn} plays that turn's orders"
GAME_ENDED = "the game master's ruling ended the game before this turn was played"
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
        raise LeagueError(f"game id {game_id!r}: use lower-case letters, digits and '-', like 'bw-2026'")
    if (root / "games" / game_id).exists():
        raise LeagueError(f"games/{game_id} exists already; pick another id")
    keys = [p.key for p in players]
    if len(set(keys)) != len(keys):
        raise LeagueError("a GitHub login appears twice among the players; each player has one seat")
    ids = [p.github_id for p in players]
    if len(set(ids)) != len(ids):  # a login can be renamed; the id is the account (issue 28)
        twice = next(i for i in ids if ids.count(i) > 1)
        raise LeagueError(f"the GitHub id {twice} appears twice among the players "
                          f"({', '.join(p.login for p in players if p.github_id == twice)}): one account has one seat")
    try:
        ruleset = get(ruleset_name)
    except KeyError as e:
        raise LeagueError(e.args[0]) from None
    if schedule:
        try:
            problem = phase_kinds_problem(ruleset, ruleset_name, schedmod.parse(schedule))
        except schedmod.ScheduleError as e:
            raise LeagueError(f"--schedule: {e}") from None
        if problem:
            raise LeagueError(f"--schedule: {problem}")
    for key, allowed in ENGINE_OPTIONS.items():
        if key in options and options[key] not in allowed:
            raise LeagueError(f"--option {key}={options[key]}: write one of {', '.join(allowed)}")
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
    default_title = ruleset.title_for(rules_options) if hasattr(ruleset, "title_for") else ruleset.title
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
        raise LeagueError(f"{ruleset_name}: {e}") from None
    label = words.say(words.game_language(game.settings, root), "setup_turn")  # the set-up in the game's language
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
        raise LeagueError(f"{ruleset_name}: {e}") from None
    except OSError as e:
        raise LeagueError(f"{ruleset_name}: the options name data this turnpress does not ship: {e}") from None


def join_game(root: Path, game_id: str, player: Player) -> int:
    """Admit ``player`` to a running game from the open turn on; returns that turn."""
    game = load_game(root, game_id)
    if not isinstance(game.ruleset, Joins):
        raise LeagueError(f"{game.settings.ruleset} does not let players join a running game")
    for seat in game.seats():  # as the rulings left them: a seat handed over is its new player's
        account = str(seat.get("login", "")).lower() == player.key or seat.get("id") == player.github_id
        if account and not seat.get("left"):
            raise LeagueError(f"{player.login} (GitHub id {player.github_id}) plays in {game_id} already, as seat "
                              f"{seat.get('key')} (login {seat.get('login')}, id {seat.get('id')}): one GitHub "
                              "account has one seat, whatever its login")
        if account or seat.get("key") == player.key:  # the seat's key is its first login's: the files are its
            raise LeagueError(f"{player.login} cannot join {game_id}: seat {seat.get('key')} was theirs (now "
                              f"{'out of the game' if seat.get('left') else 'played by ' + str(seat.get('login'))}); "
                              "a seat changes hands only by a ruling (replace: in rulings/)")
    turn = game.open_turn
    config = dict(game.config)
    config["players"] = [*config.get("players", []), player_to_yaml(player, joined=turn)]
    try:
        Game(root, game_id, config).effective_state(turn, game.state(turn - 1))
    except RulesetError as e:
        raise LeagueError(f"{game.settings.ruleset}: {e}") from None
    seat = player_to_yaml(player, joined=turn)
    write_files(root, {config_relpath(game_id): changed_config(
        root, game_id, lambda t: yamledit.append(t["players"], seat), config)})
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
    envelope: bytes | None = None  # the sealed file's bytes, which the turn's dice digest binds


def submissions(game: Game, turn: int, state: State, *, with_arrivals: bool = True) -> list[Submission]:
    """Every orders file of ``turn``, checked against ``state``; arrival times from git where asked."""
    folder = game.root / orders_dir(game.id, turn)
    if not folder.is_dir():
        return []
    arrived = {}
    if with_arrivals and history.is_repo(game.root):
        # No earlier than a look of the deadline run that did not see the file: a commit's date is its
        # author's to write (issue 28).
        arrived = arrivalsmod.trusted(game.root, game.id, turn, history.arrivals(game.root, orders_dir(game.id, turn)))
    if game.sealed_orders:
        return _sealed_submissions(game, turn, state, arrived)
    out = []
    for path in sorted(folder.glob("*.yaml")):
        rel = f"{orders_dir(game.id, turn)}/{path.name}"
        where = ordersmod.parse_path(rel)
        if where is None or path.is_symlink():
            continue
        raw = ordersmod.read_limited(path)
        if game.player(where.player) is None:
            checked = ordersmod.Checked(rel, None, False, [ordersmod.file_finding(
                rel, f"{where.player!r} does not play in {game.id}", "name the file after your GitHub login")])
        else:
            checked = ordersmod.check_file(rel, raw, where, game.ruleset, state, words.game_language(game.settings,
                                                                                                     game.root))
        out.append(Submission(where.player, rel, raw, checked, arrived.get(rel)))
    return out


def _sealed_submissions(game: Game, turn: int, state: State, arrived: Mapping[str, dt.datetime]) -> list[Submission]:
    """The orders of ``turn`` in a game of sealed orders: each sealed file opened with the game's key.

    A plain file is refused (it was public before the deadline); a sealed file that does not open, or whose
    plaintext is not a well-formed orders file of exactly that game, turn and player (``not_orders_file``: a
    copy of anything else sealed to the game's key), is refused, the report says why without quoting it, and
    nothing of it is published. Without the key (a
    ``status`` anyone runs) the sealed files are checked as envelopes only and marked unread.
    """
    folder = game.root / orders_dir(game.id, turn)
    by_player: dict[str, Submission] = {}
    for path in sorted(folder.glob("*.yaml")):
        rel = f"{orders_dir(game.id, turn)}/{path.name}"
        where = ordersmod.parse_path(rel)
        if where is None or path.is_symlink():
            continue
        finding = ordersmod.file_finding(rel, f"plain orders in {game.id}, which takes sealed orders",
                                         "seal them with 'turnpress seal'")
        by_player[where.player] = Submission(where.player, rel, ordersmod.read_limited(path),
                                             ordersmod.Checked(rel, None, False, [finding]), arrived.get(rel),
                                             refusal="not sealed")
    identities = game.game_identities()
    if not identities:
        for path in sorted(folder.glob("*.yaml.age")):
            rel = f"{orders_dir(game.id, turn)}/{path.name}"
            sealed_where = parse_sealed_path(rel)
            if sealed_where is None or path.is_symlink():
                continue
            raw = ordersmod.read_limited(path, SEALED_MAX_BYTES)
            findings = sealedorders.check_envelope(game.root, rel, raw, game)
            by_player[sealed_where.player] = Submission(
                sealed_where.player, rel, raw, ordersmod.Checked(rel, None if findings else {}, False, findings),
                arrived.get(rel), sealed_file=rel, unread=True)
        return [by_player[k] for k in sorted(by_player)]
    for opened in sealedorders.open_orders(game, turn, identities):
        where = ordersmod.parse_path(opened.plain_file)
        assert where is not None  # open_orders names plain files of valid sealed paths only
        refusal: str | None = None
        plaintext = opened.plaintext
        if game.player(where.player) is None:
            refusal, why = "not a player", f"{where.player!r} does not play in {game.id}"
        elif opened.plaintext is None:
            refusal, why = "sealed file does not open", opened.why
        else:
            refusal, why = sealedorders.not_orders_file(opened.plaintext, where) or (None, "")
        if refusal is not None or plaintext is None:
            plaintext = None  # refused whole: nothing of what it holds goes further (issue 28)
            checked = ordersmod.Checked(opened.file, None, False, [ordersmod.file_finding(opened.file, why)])
        else:
            checked = ordersmod.check_file(opened.plain_file, plaintext, where, game.ruleset, state,
                                           words.game_language(game.settings, game.root))
        by_player[where.player] = Submission(where.player, opened.plain_file, plaintext or b"", checked,
                                             arrived.get(opened.file), sealed_file=opened.file, refusal=refusal,
                                             envelope=opened.envelope)
    return [by_player[k] for k in sorted(by_player)]


def published_orders(game: Game, turn: int, player: str) -> bytes:
    """The orders file of ``player`` in ``turn`` as it was adjudicated.

    Where only its public part was published (``secrecy.public_part``), the full text is the sealed file's,
    opened with the game's key if this process has it; without, the public part is all there is. In a re-run
    (a ruling's ``rerun``) the orders a player played are those of the voided turn, unless the ruling found theirs.
    """
    turn = orders_turn(game, turn, player)
    raw = ordersmod.read_limited(game.root / orders_relpath(game.id, turn, player))
    if not secrecymod.is_public_text(raw):
        return raw
    sealed = game.root / sealed_relpath(game.id, turn, player)
    identities = game.game_identities()
    if not identities or not sealed.is_file():
        return raw
    return crypto.decrypt(ordersmod.read_limited(sealed, SEALED_MAX_BYTES), identities)


def envelope_of(game: Game, turn: int, player: str) -> bytes | None:
    """The sealed file of the orders ``player`` played in ``turn`` as it was submitted (what the dice's digest
    binds of them: ``dice.submitted``), or None where they were not sealed."""
    path = game.root / sealed_relpath(game.id, orders_turn(game, turn, player), player)
    if not game.sealed_orders or not path.is_file() or path.is_symlink():
        return None
    return ordersmod.read_limited(path, SEALED_MAX_BYTES)


def orders_turn(game: Game, turn: int, player: str) -> int:
    """The turn whose folder holds the orders ``player`` played in ``turn``: ``turn`` itself, or in a re-run the
    voided turn's, for every player but those whose file the ruling found."""
    ruled = game.ruling(turn)
    if ruled is not None and ruled.rerun is not None and player not in ruled.found:
        return ruled.rerun
    return turn


def full_orders(game: Game, last: int) -> dict[str, str]:
    """All of every orders file of turns before ``last`` of which only the public part was published: as the
    deadline read it (``secrecy.full_text``: the player's comments are no orders, issue 28), except in a turn
    whose dice digest bound the plaintexts (before issue 28), whose replay needs the very text it bound."""
    out = {}
    for t in range(1, last):
        folder = game.root / orders_dir(game.id, t)
        bound = game.report(t).get("dice", {}).get("digest") if folder.is_dir() else None
        for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
            player = path.name.removesuffix(".yaml")
            full = published_orders(game, t, player)
            text = secrecymod.full_text(full) if bound else full.decode("utf-8")
            if text.encode("utf-8") != ordersmod.read_limited(path):
                out[orders_relpath(game.id, t, player)] = text
    return out


def previous_orders(game: Game, player: str, turn: int) -> Orders | None:
    """The orders ``player`` last played before ``turn``: their taken file, or the defaults used for them."""
    for t in range(turn - 1, 0, -1):
        report = game.report(t)
        meta = account(report)
        if player in meta.get("taken", []):
            loc = yamlio.load(published_orders(game, t, player))
            found: Orders = loc.data["orders"]
            return found
        if player in meta.get("defaults", {}):
            default: Orders = meta["defaults"][player]
            return default
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
    moves: Deadline | None = None  # what moved ``deadline`` from the schedule's: absences, an NMR extension


def status(game: Game, now: dt.datetime) -> Status:
    """Open phase, deadline, who has orders in and who is awaited; and whether the turn is due ``now``."""
    turn = game.open_turn
    state = game.effective_state(turn)
    phase = outcomemod.phase(game.ruleset, state)
    removed = game.removed(turn)  # a seat out of the game by a ruling is waited for by nobody
    if removed:
        phase = dataclasses.replace(phase, awaited=tuple(k for k in phase.awaited if k not in removed))
    files = submissions(game, turn, state)
    when = open_deadline(game, turn, phase, files, now)
    deadline = when.final(game)
    lang = words.game_language(game.settings, game.root)
    subs = [s for s in files if s.arrived is not None and reads_as_orders(game, state, s, lang)]
    # Sealed orders read without the key count as in; whether they ask to wait shows only to the deadline run.
    in_ = sorted(s.player for s in subs)
    waiting = sorted(s.player for s in subs if s.checked.wait)
    ruled = game.ruling(turn)
    if ruled is not None and ruled.end is not None and not phase.finished:
        due, reason = True, f"the game master ends the game ({ruled.file}): its closing turn runs now"
    elif ruled is not None and ruled.pause and not phase.finished:
        due, reason = False, f"the game is paused ({ruled.file}): 'turnpress resume {game.id}' lifts the pause"
    else:
        due, reason = schedmod.is_due(game.schedule, deadline, now, finished=phase.finished, awaited=phase.awaited,
                                      submitted=in_, waiting=waiting)
    return Status(game, turn, phase, deadline, in_, waiting, due, reason, when)


def reads_as_orders(game: Game, state: State, sub: Submission, lang: str) -> bool:
    """Whether the deadline would find orders in ``sub`` (its time aside): a valid file, or one of a ruleset
    read benevolently of which something valid remains, by the very reading the deadline makes (``select``,
    ``benevolent.read``). A file that only partly holds counts as in for ``status`` and early adjudication, as it
    does at the deadline (issue 29)."""
    if sub.refusal is not None or sub.checked.orders is None:
        return False
    if sub.checked.ok:
        return True
    if not isinstance(game.ruleset, benevolent.ReadsBenevolently):
        return False
    return benevolent.read(game.ruleset, state, sub.player, sub.checked.orders, lang)[0] is not None


@dataclass(frozen=True)
class Deadline:
    """The open turn's deadline and what moved it: ``planned`` by the schedule (or a ruling), moved for the
    dated absences of the ``absent`` players to ``scheduled``, then by an NMR extension the ``extended`` used."""

    planned: dt.datetime | None
    scheduled: dt.datetime | None
    absent: tuple[str, ...] = ()
    extended: tuple[str, ...] = ()

    def final(self, game: Game) -> dt.datetime | None:
        return extended_deadline(game, self.scheduled) if self.extended and self.scheduled else self.scheduled

    def record(self, meta: OrdersAccount) -> None:
        """Whose absence and whose NMR extension moved it, for the report: ``compute`` moves it by the same."""
        if self.absent and self.planned is not None and self.scheduled is not None:
            meta["absence"] = {"from": schedmod.iso(self.planned), "to": schedmod.iso(self.scheduled),
                               "players": list(self.absent)}
        if self.extended and self.scheduled is not None:
            meta["extension"] = {"from": schedmod.iso(self.scheduled), "players": list(self.extended)}


def open_deadline(game: Game, turn: int, phase: Phase, subs: Sequence[Submission],
                  now: dt.datetime | None) -> Deadline:
    """The deadline of the open ``turn`` as it stands ``now``, with the orders files ``subs`` of its players
    (without a time, no NMR extension: it is decided only once the deadline has passed)."""
    planned = game.deadline(turn, phase.kind, scheduled=True)
    if planned is None:
        return Deadline(None, None)
    scheduled, absent = game.absence_move(turn, planned)
    extended = nmr_extension(game, turn, phase, scheduled, subs, now) if now is not None else ()
    return Deadline(planned, scheduled, absent, extended)


def nmr_extension(game: Game, turn: int, phase: Phase, deadline: dt.datetime | None, subs: Sequence[Submission],
                  now: dt.datetime) -> tuple[str, ...]:
    """Who uses an NMR extension of ``turn``'s ``deadline`` (``schedmod.nmr_extended``): a player is in from
    when their file first reached main (a sealed one unread; one not committed yet: ``now``)."""
    if deadline is None or game.schedule is None or game.schedule.nmr_extension is None or phase.finished:
        return ()
    firsts = history.first_arrivals(game.root, orders_dir(game.id, turn)) if history.is_repo(game.root) else {}
    first_in = {s.player: firsts.get(s.sealed_file or s.file) or s.arrived or now for s in subs
                if s.refusal != "not sealed"}
    return schedmod.nmr_extended(game.schedule, deadline, now, phase.awaited, first_in, extensions_used(game, turn))


def extensions_used(game: Game, turn: int) -> dict[str, int]:
    """How many NMR extensions each player used in the turns before ``turn``, as their reports record."""
    used: dict[str, int] = {}
    for t in range(1, turn):
        account = game.report(t).get("orders")
        for key in account["extension"]["players"] if account and "extension" in account else []:
            used[key] = used.get(key, 0) + 1
    return used


def extended_deadline(game: Game, deadline: dt.datetime) -> dt.datetime:
    """``deadline`` moved by the game's NMR extension."""
    assert game.schedule is not None and game.schedule.nmr_extension is not None
    return game.schedule.after(deadline, game.schedule.nmr_extension.period)


# --- one turn ------------------------------------------------------------------------------------------------

@dataclass
class TurnOutcome:
    game: str
    turn: int
    label: str
    files: dict[str, str]
    report: TurnReport
    state: State = field(default_factory=dict)
    sealed: dict[str, str] = field(default_factory=dict)  # sealed file -> the plaintext sealed in it
    base: str | None = None  # the commit the turn was computed from; the turn commits on top of it only
    commit: str | None = None
    missed: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Taken:
    """Orders that count: the file's bytes, the orders in it, and the sealed file's bytes they came from (what
    the dice's digest binds of sealed orders: ``dice.submitted``)."""

    raw: bytes
    orders: Orders
    envelope: bytes | None = None


def select(subs: Sequence[Submission], awaited: Sequence[str], deadline: dt.datetime | None,
           grace: dt.timedelta, now: dt.datetime | None, *,
           read_benevolently: bool = False) -> tuple[dict[str, Taken], OrdersAccount]:
    """The orders that count, and the report's account of every file: taken, late, refused. Pure.

    A file counts if the phase takes its player's orders (``awaited``: the players it waits for and those it
    is open to), it is valid, and it arrived by the deadline plus grace (after the deadline it is marked late).
    A file not yet committed counts as arriving ``now``. Where the rules are read benevolently, a file whose
    envelope and schema hold counts though the rules find faults in it: ``compute`` drops what cannot be
    carried out.
    """
    taken: dict[str, Taken] = {}
    meta: OrdersAccount = {"taken": [], "late": [], "refused": [], "missed": [], "defaults": {}}
    for sub in sorted(subs, key=lambda s: s.player):
        key, arrived = sub.player, sub.arrived or now
        if key not in awaited:
            meta["refused"].append({"player": key, "why": "not awaited in this phase"})
        elif sub.checked.orders is None or sub.refusal is not None or not (sub.checked.ok or read_benevolently):
            meta["refused"].append({"player": key, "why": sub.refusal or "invalid",
                                    "problems": [f.text() for f in sub.checked.findings if f.severity == "error"]})
        elif deadline is not None and arrived is not None and arrived > deadline + grace:
            meta["refused"].append({"player": key, "why": "too late", "arrived": schedmod.iso(arrived)})
        else:
            taken[key] = Taken(sub.raw, sub.checked.orders, sub.envelope)
            if deadline is not None and arrived is not None and arrived > deadline:
                meta["late"].append({"player": key, "arrived": schedmod.iso(arrived), "taken": True})
    return taken, meta


def compute(game: Game, turn: int, state: State, taken: Mapping[str, Taken], meta: OrdersAccount,
            seed: bytes, hidden_link: bytes | None = None, *,
            digest_of: str | None = None) -> tuple[TurnOutcome, Mapping[str, Any]]:
    """Adjudicate ``turn`` from ``state`` with the ``taken`` orders (defaults for the missing) and ``seed``.

    ``meta`` is the report's account of the orders; the taken, the defaults and the missed are filled in.
    ``hidden_link`` is the turn's link of the hidden dice chain, in a game that has one. ``digest_of`` is what
    the dice's digest binds: ``dice.ENVELOPES`` (sealed orders by their envelopes) or None (every file by its
    plaintext, as turns before issue 28 did; ``digest_scheme``). Returns the outcome
    (files, report, new state) and the private reports of the turn. In a game with secrets the report keeps
    only the public part of default orders and no problem texts (they may quote a hand or an account); the
    turn that ends a game with a hidden chain publishes its link.
    """
    if hiddenmod.has_chain(game.settings) and hidden_link is None:
        raise LeagueError(f"{game.id}: turn {turn} draws hidden information, and its hidden link is not known "
                          f"here (set {key_env(game.id)})")
    declared = secrecymod.of(game.ruleset, game.settings.options)
    keeps_secrets = game.keyed and secrecymod.rewrites_orders(declared)
    phase = outcomemod.phase(game.ruleset, state)
    if phase.finished:
        raise LeagueError(f"{game.id} is over; there is nothing to adjudicate")
    deadline = game.deadline(turn, phase.kind, scheduled=True)
    away = meta.get("absence")
    if away and deadline is not None:  # moved for absences when it ran; verify checks it against the files then
        moved = dt.datetime.fromisoformat(away["to"])
        if game.schedule is None or game.schedule.absence is None or \
                not deadline < moved <= game.schedule.after(deadline, game.schedule.absence):
            raise LeagueError(f"{game.id}: turn {turn}'s report moves its deadline for absences beyond what the "
                              "schedule allows")
        meta["absence"] = {"from": schedmod.iso(deadline), "to": away["to"], "players": list(away["players"])}
        deadline = moved
    extension = meta.get("extension")
    if extension and deadline is not None:  # the deadline moved by it; a replay reads the same from the report
        if game.schedule is None or game.schedule.nmr_extension is None:
            raise LeagueError(f"{game.id}: turn {turn}'s report records an NMR extension, and the schedule has none")
        meta["extension"] = {"from": schedmod.iso(deadline), "players": list(extension["players"])}
        deadline = extended_deadline(game, deadline)
    ended_by = game.ruling(turn)
    if ended_by is not None and ended_by.end is not None:
        return closing(game, turn, state, meta, seed, deadline, phase, ended_by, hidden_link, digest_of), {}
    taken, dropped, faults = _read_benevolently(game, state, taken, meta,
                                                game.keyed and secrecymod.faults_may_quote_hidden(declared))
    meta["taken"] = sorted(taken)
    meta["defaults"] = {}
    if dropped:
        meta["dropped"] = dropped
    else:
        meta.pop("dropped", None)
    orders: dict[str, Orders] = {k: taken[k].orders for k in sorted(taken)}
    ruled = game.ruling(turn)
    removed = game.removed(turn)
    # A re-run plays the voided turn again: a missing player's NMR orders follow from the turns before it.
    before = ruled.rerun if ruled is not None and ruled.rerun is not None else turn
    for key in phase.awaited:
        if key not in orders:
            previous = previous_orders(game, key, before)
            orders[key] = game.ruleset.removed_orders(state, key, previous) \
                if key in removed and isinstance(game.ruleset, Removes) \
                else game.ruleset.default_orders(state, key, previous)
            meta["defaults"][key] = secrecymod.split_orders(declared, orders[key])[0] if keeps_secrets \
                else orders[key]
    gone = sorted(k for k in phase.awaited if k in removed)
    if gone:  # out of the game by a ruling: their seat plays what the rules say, and nobody misses a turn
        meta["removed"] = gone
    meta["missed"] = sorted(k for k in phase.awaited if k not in taken and k not in removed)
    digest = turn_digest(game, turn, taken, digest_of)
    result = game.ruleset.adjudicate(state, {k: orders[k] for k in sorted(orders)},
                                     dicemod.Dice.for_turn(seed, digest, hidden_link))
    body = dict(result.report)
    private_reports = body.pop("private", None) or {}
    dice_meta: DiceRecord = {"seed": seed.hex(), "orders_digest": digest.hex()}
    if digest_of is not None:
        dice_meta["digest"] = digest_of
    report: TurnReport = {"game": game.id, "turn": turn, "label": phase.label,
                          "deadline": schedmod.iso(deadline) if deadline else None,
                          "dice": dice_meta, "orders": meta, "result": body}
    if keeps_secrets and game.sealed_orders:  # what is published of each order, so that anyone checks it
        dice_meta["public_digest"] = dicemod.orders_digest(
            {k: secrecymod.public_part(declared, taken[k].raw)[0].encode("utf-8") for k in sorted(taken)}).hex()
    if hidden_link is not None and outcomemod.phase(game.ruleset, result.state).finished:
        dice_meta["hidden_end"] = hidden_link.hex()  # every earlier link follows: anyone replays the game
    if result.notes:
        report["notes"] = list(result.notes)
    if ruled is not None:  # published with its reason; the replay reads the same file and writes the same
        report["ruling"] = ruled.published()
    files, sealed_plain = game.turn_files(turn, result.state, report, private_reports, faults)
    outcome = TurnOutcome(game.id, turn, phase.label, files, report, result.state, sealed_plain,
                          missed=meta["missed"])
    return outcome, private_reports


def closing(game: Game, turn: int, state: State, meta: OrdersAccount, seed: bytes, deadline: dt.datetime | None,
            phase: Phase, ruled: Any, hidden_link: bytes | None, digest_of: str | None = None) -> TurnOutcome:
    """The turn a ruling ends the game with ('turnpress end', 'turnpress concede'): no orders are played, the
    rules adjudicate nothing, and the state stands as it was with the ruling's result (``outcome.RULED``), which
    every page announces. The chain's seed is revealed as every turn's is; a hidden chain's last link too."""
    new = dict(state)
    new[outcomemod.RULED] = dict(ruled.end)
    meta["taken"], meta["defaults"], meta["missed"] = [], {}, []
    dice_meta: DiceRecord = {"seed": seed.hex(), "orders_digest": dicemod.orders_digest({}).hex()}
    if digest_of is not None:  # of no orders, either way; said as every turn of the game says it
        dice_meta["digest"] = digest_of
    if hidden_link is not None:
        dice_meta["hidden_end"] = hidden_link.hex()
    report: TurnReport = {"game": game.id, "turn": turn, "label": phase.label,
                          "deadline": schedmod.iso(deadline) if deadline else None,
                          "dice": dice_meta, "orders": meta, "result": {"end": dict(ruled.end)},
                          "ruling": ruled.published()}
    files, sealed_plain = game.turn_files(turn, new, report, {}, {})
    return TurnOutcome(game.id, turn, phase.label, files, report, new, sealed_plain, missed=[])


def digest_scheme(game: Game) -> str | None:
    """What a new turn's dice digest binds: a game of sealed orders binds their envelopes (``dice.ENVELOPES``),
    so that its published digest is no test of a guessed sealed field (issue 28); a game of open orders binds
    the files, which are public anyway, as it always did (no ``digest`` in its reports)."""
    return game.settings.digest_of or (dicemod.ENVELOPES if game.sealed_orders else None)


def turn_digest(game: Game, turn: int, taken: Mapping[str, Taken], digest_of: str | None) -> bytes:
    """The digest that keys the turn's dice: of the taken orders' plaintexts (``digest_of`` None, the turns
    before issue 28) or of what was submitted (``dice.submitted``: each sealed file by its envelope)."""
    if digest_of is None:
        return dicemod.orders_digest({k: taken[k].raw for k in sorted(taken)})
    if digest_of != dicemod.ENVELOPES:
        raise LeagueError(f"{game.id}: turn {turn}'s report names the digest {digest_of!r}; this turnpress knows "
                          f"{dicemod.ENVELOPES!r} and the plaintexts' (no 'digest')")
    return dicemod.orders_digest(dicemod.submitted({k: taken[k].raw for k in taken},
                                                   {k: taken[k].envelope for k in taken}))


SECRET_PROBLEMS = ("what the rules found is not published in a game with hidden state: your private report names it "
                   "('turnpress open')")


def _read_benevolently(game: Game, state: State, taken: Mapping[str, Taken], meta: OrdersAccount,
                       hides_faults: bool) -> tuple[dict[str, Taken], dict[str, list[str]], dict[str, Any]]:
    """The taken orders with what cannot be carried out dropped (``benevolent``), what was dropped of whose, and
    what each player's sealed private report says of their own orders.

    A player of whose orders nothing valid remains is not taken: the report names them as refused with every
    fault, and they get the default orders. A replay reads the players the report took or refused so, and drops
    and refuses the same. Where the faults may quote a hidden value (``secrecy.faults_may_quote_hidden``) they
    are not published: the public report says only that there were some, and each player reads their own in
    their private report.
    """
    kept: dict[str, Taken] = {}
    dropped: dict[str, list[str]] = {}
    private: dict[str, Any] = {}
    lang = words.game_language(game.settings, game.root)
    for key in sorted(taken):
        orders, found = benevolent.read(game.ruleset, state, key, taken[key].orders, lang)
        shown = [SECRET_PROBLEMS] if hides_faults and found else found
        if hides_faults and found:
            private[key] = {"taken": orders is not None, "problems": found}
        if orders is None:
            meta["refused"].append({"player": key, "why": NOTHING_VALID, "problems": shown})
            continue
        kept[key] = Taken(taken[key].raw, orders, taken[key].envelope)
        if found:
            dropped[key] = shown
    return kept, dropped, private


def compute_turn(game: Game, now: dt.datetime | None, secret: bytes, *, early: bool = False) -> TurnOutcome:
    """Run the open turn in memory: orders in, defaults for the missing, dice, adjudication, files out.

    ``early``: the game master ran it before its deadline by name (``adjudicate GAME --early``); the report
    records it (``orders: early: true``), so that ``verify`` can tell it from a turn run early by mistake."""
    turn = game.open_turn
    if not game.hidden_complete(turn - 1):
        raise LeagueError(f"the hidden state of {game.id} is sealed to its key: set {key_env(game.id)}")
    if game.sealed_orders and not game.game_identities():
        raise LeagueError(f"{game.id} takes sealed orders, and opening them needs the game's key: set "
                          f"{key_env(game.id)} (it was printed by 'turnpress keys new {game.id}')")
    declared = secrecymod.of(game.ruleset, game.settings.options)
    if not game.keyed and (declared.hidden_state or declared.hidden_draws) and \
            not game.settings.public_secret:
        raise LeagueError(f"{game.id} keeps hidden state and has no key: its hidden parts would be committed in "
                          f"plain text. Make its key first: 'turnpress keys new {game.id}'")
    state = game.effective_state(turn)
    phase = outcomemod.phase(game.ruleset, state)
    if phase.finished:
        raise LeagueError(f"{game.id} is over; there is nothing to adjudicate")
    subs = submissions(game, turn, state)
    grace = game.schedule.grace if game.schedule else dt.timedelta(0)
    removed = game.removed(turn)
    ruled = game.ruling(turn)
    rerun = ruled.rerun if ruled is not None else None
    found = ruled.found if ruled is not None else ()
    # A seat a ruling took out is awaited by nobody: it neither misses the turn nor earns an NMR extension.
    in_play = dataclasses.replace(phase, awaited=tuple(k for k in phase.awaited if k not in removed),
                                  open_to=tuple(k for k in phase.open_to if k not in removed))
    when = open_deadline(game, turn, in_play, subs, now)
    ending = ruled is not None and ruled.end is not None
    counted = [s for s in subs if s.player not in removed and (rerun is None or s.player in found) and not ending]
    taken, meta = select(counted, (*in_play.awaited, *in_play.open_to), when.final(game), grace, now,
                         read_benevolently=isinstance(game.ruleset, benevolent.ReadsBenevolently))
    when.record(meta)  # published, and ``compute`` moves the deadline by what it records
    for sub in subs:
        if sub.player in removed:
            meta["refused"].append({"player": sub.player, "why": RULED_OUT.format(turn=removed[sub.player])})
        elif rerun is not None and sub.player not in found:
            meta["refused"].append({"player": sub.player, "why": RERUN_PLAYS.format(turn=rerun)})
        elif ending:
            meta["refused"].append({"player": sub.player, "why": GAME_ENDED})
    if rerun is not None:  # the voided turn's orders, played again: what those players sent before its result
        for key in account(game.report(rerun)).get("taken", []):
            if key not in taken and key not in found and key not in removed and key in phase.awaited:
                raw = published_orders(game, turn, key)
                taken[key] = Taken(raw, yamlio.load(raw).data["orders"], envelope_of(game, turn, key))
    meta["refused"].sort(key=lambda entry: entry["player"])
    if game.keyed and secrecymod.faults_may_quote_hidden(declared):
        # What the rules found wrong may quote a hidden value (a hand, an account): not in the public report.
        judged = {s.player for s in subs if s.checked.orders is not None and not s.checked.ok}
        for entry in meta["refused"]:
            if entry["player"] in judged and entry.get("why") == "invalid":
                entry["problems"] = [SECRET_PROBLEMS]
    if now is not None:  # when it was run, apart from the deadline it was due at: an early turn says so
        meta["adjudicated"] = schedmod.iso(now)
    if early:
        meta["early"] = True
    rewrites = secrecymod.rewrites_orders(declared)
    if game.sealed_orders and not rewrites:  # recorded, so that verify asks every later turn for the same
        meta["published"] = secrecymod.PUBLISHED_AS_READ
    seed = dicemod.reveal(secret, game.settings.chain_length, turn)
    if not dicemod.follows(seed, bytes.fromhex(game.report(turn - 1)["dice"]["seed"])):
        raise LeagueError(f"the dice secret does not match {game.id}'s commitment: is it the right secret?")
    outcome, _ = compute(game, turn, state, taken, meta, seed, hiddenmod.link_for_turn(game, turn),
                         digest_of=digest_scheme(game))
    ended = outcomemod.phase(game.ruleset, outcome.state).finished
    for sub in subs:  # sealed orders are published with the turn that opened them: what the rules publish of them
        if sub.sealed_file and sub.refusal is None and not ending:  # a closing turn plays none: none is opened
            if ended and rewrites:  # in full, as read: the digest binds the envelopes, not this text
                outcome.files[sub.file] = secrecymod.full_text(sub.raw) if digest_scheme(game) \
                    else sub.raw.decode("utf-8")
            elif sub.player in taken or sub.checked.orders is not None:
                # Written from what the deadline read (issue 28): a player's comments and layout, which could
                # carry anything, never reach a public byte. Without sealed fields this is the whole orders.
                outcome.files[sub.file] = secrecymod.public_part(declared, sub.raw)[0]
            # a file that could not be read at all stays sealed: its text may carry anything
    if ended and rewrites:  # what stayed sealed until the end is published with the last turn
        outcome.files.update(full_orders(game, turn))
    page_path, page = newsletter.issue_page(game, turn, outcome.state, outcome.report)
    outcome.files[page_path] = page
    return outcome


def adjudicate(root: Path, game_id: str, now: dt.datetime, *, commit: bool, only_if_due: bool,
               max_turns: int = 1000, fault: FaultHook = no_fault, catch_up: bool = False,
               early: bool = False) -> list[TurnOutcome]:
    """Run every turn of ``game_id`` that is due (or the open one, if not ``only_if_due``), one commit each.

    Without ``commit`` it is a look (a dry run): the open turn is computed in memory and returned, and nothing is
    written into the tree; a turn after it would build on files that were never written, so a look stops at one.
    A due turn whose deadline passed before the turn before it was adjudicated gave its players no time to send
    orders: it is not run without ``catch_up`` (``LeagueError`` if it is the first, else the run stops there).
    """
    done: list[TurnOutcome] = []
    if commit:
        heal(root, load_game(root, game_id))
    for _ in range(max_turns):
        fault("compute")  # a turn is computed from here until its commit (``pipeline.budget`` stops it only here)
        game = load_game(root, game_id)
        st = status(game, now)
        if st.phase.finished or (only_if_due and not st.due) or (not only_if_due and done):
            break
        stale = None if catch_up or not only_if_due else stale_deadline(st)
        if stale is not None:
            if done:
                break
            raise TurnHeld(stale)
        if not commit:  # a look: shown, never written (issue 29: uncommitted turns were built on)
            done.append(compute_turn(game, now, game.dice_secret(), early=early and not st.due))
            break
        uncommitted_game_files(root, game_id)
        base = history.head(root) if history.is_repo(root) and history.has_head(root) else None
        outcome = compute_turn(game, now, game.dice_secret(), early=early and not st.due)
        outcome.base = base
        outcome.commit = write_turn(root, outcome, fault=fault)
        done.append(outcome)
    return done


def uncommitted_game_files(root: Path, game_id: str) -> None:
    """Refuse to commit a turn computed from files of the game that are not committed: the turn's commit would
    hold a result that its own history does not explain, and ``verify`` would fail on it. ``game.yaml`` edited
    and not committed, a ruling not committed, a turn's files left in the tree by an older turnpress's look."""
    if not history.is_repo(root) or not history.has_head(root):
        return
    quiet = {"GIT_OPTIONAL_LOCKS": "0"}
    paths = [f"games/{game_id}/", f"rulings/{game_id}/"]
    listed = history.run(root, "status", "--porcelain", "-z", "--no-renames", "--untracked-files=all", "--",
                         *paths, env=quiet).stdout.decode("utf-8", "surrogateescape").split("\0")
    # Judged by content against HEAD, not by the index: a run killed between its commit and the index's update
    # (or its reset) leaves files that are HEAD's byte for byte, which git status still lists.
    # A writer's temporary file (``history.write_atomic``: ".turnpress-<pid>-NAME") that a killed run left
    # is never read as a file of the game, nor committed.
    dirty = sorted({rel for rel in (entry[3:] for entry in listed if len(entry) > 3)
                    if not Path(rel).name.startswith(f".{history.LEFTOVER}")
                    and _tree_bytes(root / rel) != history.blob(root, "HEAD", rel)})
    if dirty:
        more = f" and {len(dirty) - 1} more" if len(dirty) > 1 else ""
        raise LeagueError(f"{game_id}: {dirty[0]}{more} differ from what is committed, and a turn is computed from "
                          f"the committed files only: commit them first ('git add games/{game_id} rulings/"
                          f"{game_id}' and 'git commit'), or drop them ('git restore', 'git clean'; 'git status' "
                          "lists them)")


def _tree_bytes(path: Path) -> bytes | None:
    return None if path.is_symlink() or not path.is_file() else path.read_bytes()


def stale_deadline(st: Status) -> str | None:
    """Why the open turn must not be run as due: its deadline passed before the turn before it was adjudicated,
    so its players never had the time to send orders (a game started with a deadline long past, or a deadline
    run that did not run for weeks), and any orders sent for it now would come too late. None if it may run."""
    game, turn, deadline = st.game, st.turn, st.deadline
    ruled = game.ruling(turn)
    if deadline is None or ruled is not None and ruled.end is not None:  # a closing turn takes no orders
        return None
    if paused_then(game, deadline):
        zone = game.schedule.zone if game.schedule else dt.UTC
        local = f"{deadline.astimezone(zone):%Y-%m-%d %H:%M %Z}"
        return (f"{game.id}: turn {turn} is not adjudicated: its deadline ({local}) passed while the game was "
                f"paused (schedule: paused: true in games/{game.id}/game.yaml), so its players had no time to send "
                f"orders. Give it a deadline to come ('turnpress extend {game.id} --to \"YYYY-MM-DD HH:MM\" --reason "
                "\"...\" --commit'), or run 'turnpress adjudicate --due --commit --catch-up' to adjudicate it as it is")
    if turn < 2:
        return None
    before = account(game.report(turn - 1)).get("adjudicated")
    if not before or dt.datetime.fromisoformat(before) < deadline:
        return None
    zone = game.schedule.zone if game.schedule else dt.UTC
    due = f"{deadline.astimezone(zone):%Y-%m-%d %H:%M %Z}"
    run = f"{dt.datetime.fromisoformat(before).astimezone(zone):%Y-%m-%d %H:%M %Z}"
    return (f"{game.id}: turn {turn} is not adjudicated: its deadline ({due}) passed before turn {turn - 1} was "
            f"adjudicated ({run}), so its players had no time to send orders. Give it a deadline to come ('turnpress "
            f"extend {game.id} --to \"YYYY-MM-DD HH:MM\" --reason \"...\" --commit'), or run 'turnpress adjudicate "
            "--due --commit --catch-up' to adjudicate it as it is")


def paused_then(game: Game, moment: dt.datetime) -> bool:
    """Whether ``game.yaml`` as committed at ``moment`` paused the game: a deadline that passed then found nobody
    sending orders, and un-pausing by hand must not make the turn due at once with every player missing."""
    if not history.is_repo(game.root) or not history.has_head(game.root):
        return False
    rel = config_relpath(game.id)
    sha = history.text(game.root, "log", "-1", "--format=%H", f"--before={moment.isoformat()}", "HEAD", "--", rel)
    raw = history.blob(game.root, sha, rel) if sha else None
    try:
        data = yamlio.load(raw.decode("utf-8")).data if raw else None
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


def write_turn(root: Path, outcome: TurnOutcome, *, fault: FaultHook = no_fault) -> str:
    """Commit and tag a computed turn, then put its files into the tree.

    The commit is made first, from blobs, without touching the working tree (see ``history.commit_files``);
    only then are the files written. A failure or a kill before the commit changes nothing; one after it leaves a
    committed turn whose files ``heal`` restores on the next run. A turn is never written without its commit.
    """
    history.require_repo(root)
    message = f"{outcome.game}: turn {outcome.turn} ({outcome.label})"
    tag = f"{outcome.game}/turn-{outcome.turn}"
    if history.tag_target(root, tag):
        raise LeagueError(f"tag {tag} exists already: turn {outcome.turn} was committed before")
    fault("commit")
    sha = history.commit_files(root, dict(outcome.files), message, parent=outcome.base)
    fault("materialize")
    # Every file as the commit has it, each replaced whole (the full orders published at the end over their
    # public parts too); a kill or a full disk half-way is repaired by the next run's ``heal``.
    history.materialize(root, sha, sorted(outcome.files), fault=fault)
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
    m = re.fullmatch(rf"{re.escape(game_id)}: turn (\d+) \(.*\)", subject)
    if m is None:
        return None
    quiet = {"GIT_OPTIONAL_LOCKS": "0"}
    differs = history.run(root, "diff", "--quiet", "HEAD", "--", *history.changed_files(root, sha), check=False,
                          env=quiet).returncode != 0
    return subject if differs or not history.tag_target(root, f"{game_id}/turn-{m[1]}") else None


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
    m = re.fullmatch(rf"{re.escape(game.id)}: turn (\d+) \(.*\)", subject)
    if m is None:  # the set-up's commit, the game master's: a file of it changed since is a hand edit, kept
        return
    history.materialize(root, "HEAD", history.changed_files(root, sha))
    if not history.tag_target(root, f"{game.id}/turn-{m[1]}"):
        history.tag(root, f"{game.id}/turn-{m[1]}", subject, sha)
