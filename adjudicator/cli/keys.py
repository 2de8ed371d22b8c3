"""Commands of sealed games: keys (new, add, personal, open), seal, open."""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .. import yamledit, yamlio
from ..engine import check
from ..engine.sealed_orders import open_orders
from ..errors import OK, PROBLEMS, LeagueError, SealError
from ..kit import orders as ordersmod
from ..kit import words
from ..kit.catalog import COMMANDS
from ..kit.orders import Finding
from ..league import history, secrets
from ..league.store import (
    Game,
    changed_config,
    config_relpath,
    dice_sealed_relpath,
    load_game,
    private_relpath,
    sealed_relpath,
    turn_relpath,
    write_files,
)
from ..sealed import crypto, storage
from . import committing
from .values import league_root


def keys(args: argparse.Namespace) -> int:  # pragma: no cover - argparse requires an action
    return OK


def _write_secret_file(path: Path, text: str, lang: str) -> None:
    if path.exists():
        raise SealError(COMMANDS.say(lang, "error.key_exists", path=path))
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(text)


def personal(args: argparse.Namespace) -> int:
    """A player's key pair. It belongs to no one game (a player uses it in every game of theirs): it speaks the
    league's language, where it is run in a league, else English."""
    try:
        lang = words.league_language(league_root(args))
    except LeagueError:
        lang = "en"
    path = Path(args.file).expanduser()
    public, secret = crypto.new_identity()
    _write_secret_file(path, f"# turnpress personal key\n# public key: {public}\n{secret}\n", lang)
    print(COMMANDS.say(lang, "keys.personal_wrote", path=path))
    print(COMMANDS.say(lang, "keys.personal_public", public=public))
    return OK


def new_key(args: argparse.Namespace) -> int:
    """The game's key pair; turn 0's plaintext hidden parts (not yet committed) are sealed with it."""
    root = league_root(args)
    game_id = args.game
    out = Path(args.out).expanduser() if args.out else None
    game = load_game(root, game_id)
    lang = check.language(game)
    if game.settings.key:
        raise SealError(COMMANDS.say(lang, "error.game_key_exists", game=game_id, key=game.settings.key))
    public, secret = crypto.new_identity()
    config = dict(game.config)
    config["key"] = public
    keyed = Game(root, game_id, config)
    files: dict[str, str] = {
        config_relpath(game_id): changed_config(root, game_id, lambda t: yamledit.put(t, "key", public), config)}
    removed, public_already = [], []
    committed = history.is_repo(root) and history.has_head(root)
    for turn in game.turns():
        hidden = game.turn_folder(turn) / "hidden.yaml"
        if not hidden.is_file():
            continue
        rel = hidden.relative_to(root).as_posix()
        if committed and history.last_commit_of(root, rel):
            public_already.append(turn)
            continue
        plain = storage.hidden_plaintexts(turn_relpath(game_id, turn), game_id, turn, yamlio.read_data(hidden), {})
        files.update(storage.seal_plaintexts(plain, keyed.recipients))
        removed.append(hidden)
    try:
        dice = game.dice_secret()
    except LeagueError:
        dice = None
    if dice is not None:
        files[dice_sealed_relpath(game_id)] = crypto.encrypt(dice.hex().encode() + b"\n", [public])
    if out is not None:
        _write_secret_file(out, f"# turnpress game key of {game_id}\n# public key: {public}\n{secret}\n", lang)
    write_files(root, files, remove=removed)
    print(COMMANDS.say(lang, "keys.game_wrote", game=game_id, public=public))
    if dice is not None:
        print(COMMANDS.say(lang, "keys.game_dice", game=game_id))
    for path in removed:
        print(COMMANDS.say(lang, "keys.game_sealed", path=path.relative_to(root).as_posix()))
    if public_already:
        print(COMMANDS.counted(lang, "keys.game_public_already", len(public_already),
                               turns=", ".join(map(str, public_already))))
    print(COMMANDS.say(lang, "keys.game_secret", variable=secrets.KEYS_VARIABLE))
    print(COMMANDS.say(lang, "keys.game_secret_where"))
    print(f"  {game_id}={secret}")
    if out is not None:
        print(COMMANDS.say(lang, "keys.game_also", path=out))
    return OK


def add_key(args: argparse.Namespace) -> int:
    """Register a player's key; their private file of the last turn is sealed again so they can read it."""
    root = league_root(args)
    game_id, login, recipient = args.game, args.login, args.recipient
    game = load_game(root, game_id)
    lang = check.language(game)
    key = login.lower()
    if game.player(key) is None:
        raise SealError(COMMANDS.say(lang, "error.not_a_player", login=login, game=game_id))
    recipient = " ".join(recipient.split()[:2]) if recipient.startswith("ssh-") else recipient.strip()
    crypto.parse_recipient(recipient)
    config = dict(game.config)
    config["players"] = [{**p, "recipient": recipient} if p["key"] == key else p for p in config["players"]]

    def register(tree: Any) -> None:
        for seat in tree["players"]:
            if seat.get("key") == key:
                yamledit.put(seat, "recipient", recipient)

    files = {config_relpath(game_id): changed_config(root, game_id, register, config)}
    resealed = ""
    turns = game.turns()
    last = private_relpath(game_id, turns[-1], key) if turns else None
    if last and (root / last).is_file():
        identities = game.game_identities()
        if identities and config.get("key"):
            plain = crypto.decrypt((root / last).read_bytes(), identities)
            files[last] = crypto.encrypt(plain, Game(root, game_id, config).recipients(key))
            resealed = COMMANDS.say(lang, "keys.resealed", path=last)
        else:
            resealed = COMMANDS.say(lang, "keys.reseal_later", path=last, variable=secrets.key_env(game_id))
    with committing.writing(root, args.commit, lang) as written:
        write_files(root, files)
        print(COMMANDS.say(lang, "keys.registered", login=login, game=game_id, resealed=resealed))
        written.finish(COMMANDS.say(lang, "commit.key", game=game_id, player=key))
    return OK


def seal(args: argparse.Namespace) -> int:
    source = Path(args.file)
    root = check.league_of(source, Path(args.league) if args.league else None)
    if not source.is_file():  # no file, or a folder: said as validate says it (it was a traceback), in the league's
        key = "file.missing" if not source.exists() else "file.not_regular"
        lang = words.league_language(root)
        raise SealError(f"{source}: {ordersmod.say(lang, key)} — {ordersmod.say(lang, key + '.hint')}")
    raw = ordersmod.read_limited(source)
    where = check.orders_target(root, source, raw)
    if where is None:  # said in the language of the game its lines name, else the league's
        lang = check.sheet_language(check.GameCache(root), raw)
        try:
            yamlio.load(raw)
        except yamlio.YamlInputError as e:
            found = ordersmod.unreadable(str(source), e, lang)
            raise SealError(f"{source}:{found.line}:{found.column}: {found.message}"
                            + (f" — {found.hint}" if found.hint else "")) from None
        raise SealError(f"{source}: {ordersmod.say(lang, 'which_orders')}: {ordersmod.say(lang, 'which_orders.hint')}")
    game = load_game(root, where.game)
    rel = ordersmod.orders_relpath(where.game, where.turn, where.player)
    if not game.sealed_orders:
        raise SealError(ordersmod.say(check.language(game), "seal.open_orders", game=game.id, path=rel))
    readers = game.recipients(where.player)
    game.identities = (crypto.load_identity_file(Path(args.identity).expanduser()) if args.identity
                       else secrets.player_identities())
    games = check.GameCache(root)
    games.add(game)
    checked, _ = check.check_path(games, rel, source)
    shown = str(source)
    findings = [Finding(shown, f.line, f.column, f.message, f.hint, f.severity) for f in checked.findings]
    lang = check.language(game)
    for f in findings:
        print(f.github() if args.format == "github" else f.text(lang))
    if not checked.ok:
        print(ordersmod.say(lang, "not_sealed", file=shown))
        return PROBLEMS
    print(ordersmod.say(lang, "understood_as", file=shown))
    for line in check.describe(game, games.state(game), where.player, checked.orders):
        print(f"  {line}")
    target = sealed_relpath(where.game, where.turn, where.player)
    write_files(root, {target: crypto.encrypt(raw, readers)})
    print(ordersmod.say(lang, "seal.both" if len(readers) > 1 else "seal.game", path=target))
    plain = root / rel
    if plain.exists() and plain.resolve() == source.resolve():
        print(ordersmod.say(lang, "seal.plain", path=rel))
    return OK


def open_private(args: argparse.Namespace) -> int:
    """``turnpress open GAME --identity FILE``: a player's private report and figures, and their sealed orders."""
    root = league_root(args)
    game = load_game(root, args.game)
    identities = crypto.load_identity_file(Path(args.identity).expanduser())
    turn = game.last_turn if args.turn is None else args.turn
    if turn not in game.turns():
        raise SealError(f"{game.id} has no turn {turn} yet (last: {game.last_turn})", word="seal.no_turn",
                        game=game.id, turn=turn, last=game.last_turn)
    found = storage.read_private(game.turn_folder(turn), identities)
    sealed_orders = _own_sealed_orders(game, identities)
    lang = check.language(game)
    if not found and not sealed_orders:
        private_dir = game.turn_folder(turn) / storage.PRIVATE_DIR
        if not (private_dir.is_dir() and any(private_dir.glob("*.yaml.age"))):
            # issue 29: not a missing key: the turn gave nobody a private report (its issue says everything)
            print(ordersmod.say(lang, "open.none", game=game.id, turn=turn))
            return OK
        print(ordersmod.say(lang, "open.not_yours", game=game.id, turn=turn))
        return PROBLEMS
    names = {pl["key"]: pl["name"] for pl in game.seats(turn)}  # who held the seat then (a ruling may hand it over)
    label = game.report(turn).get("label", "")
    for player, body in found.items():
        print(ordersmod.say(lang, "open.private_to", name=names.get(player, player), game=game.id, turn=turn,
                            label=label))
        if "orders" in body:  # what the deadline found wrong in these orders: the public report does not say
            what = "open.carried_out" if body["orders"].get("taken") else "open.not_taken"
            print(f"\n{ordersmod.say(lang, what)}\n")
            print(yamlio.dump(body["orders"].get("problems", [])), end="")
        if "report" in body:
            print(f"\n{ordersmod.say(lang, 'open.report')}\n")
            print(yamlio.dump(body["report"]), end="")
        if "state" in body:
            print(f"\n{ordersmod.say(lang, 'open.figures')}\n")
            print(yamlio.dump(body["state"]), end="")
        print()
    for rel, text in sealed_orders.items():
        print(ordersmod.say(lang, "open.sealed_orders", path=rel) + "\n")
        print(text, end="")
    return OK


def _own_sealed_orders(game: Game, identities: Sequence[Any]) -> dict[str, str]:
    """The sealed orders of the open turn that these keys open (a player checking what they sent)."""
    out = {}
    for opened in open_orders(game, game.open_turn, identities):
        if opened.plaintext is not None:
            out[opened.file] = opened.plaintext.decode("utf-8")
    return out
