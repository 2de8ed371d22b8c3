"""Sealed orders and private reports: age encryption (``pyrage``), so secrecy lasts exactly until the deadline.

Keys of a game::

    game.yaml  key: age1...                    the game's public key (``turnpress keys new GAME``)
    game.yaml  players: - ... recipient: ...   a player's age public key or ``ssh-ed25519`` GitHub key
    TURNPRESS_GAME_KEYS                        the games' secret keys, one ``<game>=AGE-SECRET-KEY-...`` line
                                               each (the repository secret the deadline workflow passes); or
                                               ``TURNPRESS_GAME_KEY_<GAME>`` or ``.secrets/<game>.key`` locally

Files (all ASCII-armored age, so that they are text in git and in the pull request's diff)::

    orders/<g>/<NNNN>/<player>.yaml.age           sealed orders, to the game and the player
    orders/<g>/<NNNN>/<player>.yaml               their plaintext, committed with the turn's results
    games/<g>/turns/<NNNN>/private/<player>.yaml.age  a player's hidden state and private report
    games/<g>/turns/<NNNN>/secret.yaml.age        the game master's part (deck order ...), to the game only
    games/<g>/dice-secret.age                     the dice-chain secret, to the game only

A game without a key keeps its hidden state in plaintext ``hidden.yaml`` (the demo games do).
"""

from __future__ import annotations

import argparse
import base64
import binascii
import hashlib
import os
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import orders as ordersmod
from . import yamlio
from .league import Game, LeagueError, find_root, load_game, staged_write, turn_dir
from .model import State
from .orders import Finding, OrdersPath

ARMOR_BEGIN = "-----BEGIN AGE ENCRYPTED FILE-----"
ARMOR_END = "-----END AGE ENCRYPTED FILE-----"
AGE_MAGIC = b"age-encryption.org/v1\n"
SEALED_PATH = re.compile(
    r"^orders/(?P<game>[a-z0-9][a-z0-9-]*)/(?P<turn>\d{4})/(?P<player>[a-z0-9][a-z0-9-]*)\.yaml\.age$")
# Armor adds a third and a line break per 64 characters; each recipient adds a stanza of about 150 bytes.
SEALED_MAX_BYTES = yamlio.ORDERS_MAX_BYTES * 3 // 2 + 4096
KEYS_VARIABLE = "TURNPRESS_GAME_KEYS"
IDENTITY_VARIABLE = "TURNPRESS_IDENTITY"
RECIPIENT_TYPES = {"age": "X25519", "ssh-ed25519": "ssh-ed25519"}


class SealError(LeagueError):
    """A key that does not parse, a file that does not decrypt; the message says what to do."""


# --- keys ----------------------------------------------------------------------------------------------------

def key_env(game_id: str) -> str:
    """The environment variable holding a game's secret key, e.g. ``TURNPRESS_GAME_KEY_BW_2026``."""
    return "TURNPRESS_GAME_KEY_" + re.sub(r"[^A-Z0-9]", "_", game_id.upper())


def parse_recipient(text: str) -> Any:
    """An age public key (``age1...``) or an OpenSSH ed25519 public key as a pyrage recipient."""
    from pyrage import ssh, x25519

    text = text.strip()
    try:
        if text.startswith("age1"):
            return x25519.Recipient.from_str(text)
        if text.startswith("ssh-ed25519 "):
            return ssh.Recipient.from_str(text)
    except Exception as e:  # pyrage raises its own RecipientError or ValueError depending on the key type
        raise SealError(f"{text[:40]!r} is not a valid public key ({e})") from None
    raise SealError(f"{text[:40]!r} is not a key turnpress can seal to: give an age public key (age1...) "
                    "or an ssh-ed25519 key (one line of https://github.com/LOGIN.keys)")


def recipient_kind(text: str) -> str:
    """The age stanza type a recipient's key produces: ``X25519`` or ``ssh-ed25519``."""
    return RECIPIENT_TYPES["ssh-ed25519" if text.strip().startswith("ssh-ed25519 ") else "age"]


def ssh_tag(text: str) -> str:
    """The tag an ssh-ed25519 stanza carries: the first 4 bytes of SHA-256 of the key's wire form, base64."""
    wire = base64.b64decode(text.split()[1])
    return base64.b64encode(hashlib.sha256(wire).digest()[:4]).decode().rstrip("=")


def parse_identities(data: bytes, source: str) -> list[Any]:
    """The identities in a key file: age secret keys (``age-keygen`` format) or an OpenSSH private key."""
    from pyrage import ssh, x25519

    text = data.decode("utf-8", "replace")
    if "-----BEGIN OPENSSH PRIVATE KEY-----" in text:
        try:
            return [ssh.Identity.from_buffer(data)]
        except Exception as e:
            raise SealError(f"{source}: cannot use this SSH key ({e}); a key with a passphrase must be "
                            "unlocked first, or use an age key (turnpress keys personal FILE)") from None
    found = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("AGE-SECRET-KEY-"):
            try:
                found.append(x25519.Identity.from_str(line))
            except Exception:
                raise SealError(f"{source}: a line that starts like an age secret key does not parse") from None
    if not found:
        raise SealError(f"{source}: no key in it: expected an AGE-SECRET-KEY-... line or an OpenSSH private key")
    return found


def load_identity_file(path: Path) -> list[Any]:
    try:
        return parse_identities(path.read_bytes(), str(path))
    except OSError as e:
        raise SealError(f"cannot read the key file {path}: {e.strerror}") from None


def game_identities(game: Game) -> list[Any]:
    """The game's secret key if this process has it (the deadline run, the game master); else nothing."""
    value = os.environ.get(key_env(game.id), "")
    for line in os.environ.get(KEYS_VARIABLE, "").splitlines():
        gid, sep, key = line.strip().partition("=")
        if sep and gid.strip() == game.id and not value:
            value = key.strip()
    if value:
        return parse_identities(value.encode(), key_env(game.id))
    path = game.root / ".secrets" / f"{game.id}.key"
    return load_identity_file(path) if path.is_file() else []


def player_identities() -> list[Any]:
    """A player's own key, named by ``TURNPRESS_IDENTITY`` (a key file), for validate, template and seal."""
    path = os.environ.get(IDENTITY_VARIABLE)
    return load_identity_file(Path(path).expanduser()) if path else []


def is_sealed(game: Game) -> bool:
    return game.config.get("options", {}).get("orders", "open") == "sealed"


def player_recipient(game: Game, player: str) -> str | None:
    entry = next((p for p in game.config.get("players", []) if p["key"] == player), None)
    return entry.get("recipient") if entry else None


def recipients_for(game: Game, player: str | None) -> list[str]:
    """Whom a file of ``player`` is sealed to: the game, and the player if they registered a key."""
    if not game.config.get("key"):
        raise SealError(f"{game.id} has no key: the game master makes one with 'turnpress keys new {game.id}'")
    own = player_recipient(game, player) if player else None
    return [game.config["key"], *([own] if own else [])]


# --- encrypting and decrypting -------------------------------------------------------------------------------

def encrypt(plaintext: bytes, recipients: Sequence[str]) -> str:
    """``plaintext`` sealed to every recipient, as armored text."""
    import pyrage

    return pyrage.encrypt(plaintext, [parse_recipient(r) for r in recipients], armored=True).decode("ascii")


def decrypt(sealed: bytes | str, identities: Sequence[Any]) -> bytes:
    """The plaintext, or ``SealError`` saying whether the key was wrong or the file damaged."""
    import pyrage

    raw = sealed.encode("ascii", "replace") if isinstance(sealed, str) else sealed
    if not identities:
        raise SealError("no key to open it with")
    try:
        return pyrage.decrypt(raw, list(identities))
    except pyrage.DecryptError as e:
        if "No matching keys" in str(e):
            raise SealError("it is not sealed to this key") from None
        raise SealError("it does not decrypt: the file is damaged or was changed after sealing") from None


# --- the envelope: what anyone can check without a key -------------------------------------------------------

@dataclass(frozen=True)
class Stanza:
    kind: str
    args: tuple[str, ...]


def dearmor(raw: bytes) -> tuple[bytes | None, str]:
    """The binary age file inside the armor, or ``None`` and why not."""
    try:
        text = raw.decode("ascii")
    except UnicodeDecodeError:
        return None, "it is not ASCII-armored text (seal it with 'turnpress seal', which writes armor)"
    lines = text.strip("\n").split("\n")
    if len(lines) < 3 or lines[0] != ARMOR_BEGIN or lines[-1] != ARMOR_END:
        return None, f"it does not start with {ARMOR_BEGIN!r} and end with {ARMOR_END!r}"
    body = lines[1:-1]
    if any(len(line) > 64 for line in body) or any(len(line) != 64 for line in body[:-1]):
        return None, "its armor lines are not 64 characters wide"
    try:
        return base64.b64decode("".join(body), validate=True), ""
    except (binascii.Error, ValueError):
        return None, "its armor is not valid base64"


def read_header(binary: bytes) -> tuple[list[Stanza] | None, str]:
    """The recipient stanzas of an age file's header (grease stanzas left out), or ``None`` and why not."""
    if not binary.startswith(AGE_MAGIC):
        return None, "it is not an age file (no age-encryption.org/v1 header)"
    stanzas: list[Stanza] = []
    lines = binary[len(AGE_MAGIC):].split(b"\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith(b"--- "):
            return [s for s in stanzas if not s.kind.endswith("-grease")], ""
        if not line.startswith(b"-> "):
            return None, "its age header is malformed"
        parts = line[3:].decode("ascii", "replace").split(" ")
        stanzas.append(Stanza(parts[0], tuple(parts[1:])))
        i += 1
        while i < len(lines) and len(lines[i]) == 64:  # a stanza's body ends with its first short line
            i += 1
        i += 1
    return None, "its age header has no end"


def parse_sealed_path(rel: str) -> OrdersPath | None:
    m = SEALED_PATH.match(rel)
    return OrdersPath(m["game"], int(m["turn"]), m["player"]) if m else None


def sealed_relpath(game: str, turn: int, player: str) -> str:
    return f"orders/{game}/{turn:04d}/{player}.yaml.age"


def check_envelope(root: Path, rel: str, raw: bytes, game: Game) -> list[Finding]:
    """Everything about a sealed orders file that can be checked without its key (the pull-request check).

    For a plaintext orders file of a game that takes sealed orders, the refusal. Path, game, player, open
    turn, size, armor, an age header, and its recipients: one per key the file must be sealed to, of the
    right kinds, and the player's own if it is an SSH key (its tag names it).
    """
    def refuse(message: str, hint: str = "") -> list[Finding]:
        return [ordersmod.file_finding(rel, message, hint)]

    plain = ordersmod.parse_path(rel)
    if plain is not None:
        if is_sealed(game):
            return refuse(f"{game.id} takes sealed orders: this plain file shows your orders to everyone",
                          f"seal it with 'turnpress seal {rel}' and commit {rel}.age instead, never the plain file")
        return []
    where = parse_sealed_path(rel)
    if where is None or where.game != game.id:
        return refuse("not a sealed orders file: they go to orders/<game>/<NNNN>/<login>.yaml.age",
                      f"write it with 'turnpress seal', e.g. to orders/{game.id}/{game.open_turn:04d}/<login>.yaml.age")
    if not is_sealed(game):
        return refuse(f"{game.id} takes open orders, not sealed ones",
                      f"commit the plain orders file orders/{game.id}/{where.turn:04d}/{where.player}.yaml")
    if game.player(where.player) is None:
        return refuse(f"{where.player!r} does not play in {game.id}", "name the file after your GitHub login")
    if where.turn != game.open_turn:
        when = "already adjudicated" if where.turn < game.open_turn else "not open yet"
        return refuse(f"turn {where.turn} of {game.id} is {when}; the open turn is {game.open_turn}",
                      f"seal your orders for turn {game.open_turn}: 'turnpress seal' writes the right path")
    if len(raw) > SEALED_MAX_BYTES:
        return refuse(f"the file is {len(raw)} bytes; a sealed orders file may have at most {SEALED_MAX_BYTES}",
                      "orders fit in a few kilobytes: remove what is not an order before sealing")
    binary, why = dearmor(raw)
    if binary is None:
        return refuse(f"not a sealed orders file: {why}", "write it with 'turnpress seal'")
    stanzas, why = read_header(binary)
    if stanzas is None:
        return refuse(f"not a sealed orders file: {why}", "write it with 'turnpress seal'")
    try:
        expected = recipients_for(game, where.player)
    except SealError as e:
        return refuse(str(e))
    return _recipient_findings(rel, game, where.player, stanzas, expected)


def _recipient_findings(rel: str, game: Game, player: str, stanzas: list[Stanza], expected: list[str]) -> list[Finding]:
    kinds = sorted(s.kind for s in stanzas)
    want = sorted(recipient_kind(r) for r in expected)
    who = "the game's key" + (" and yours" if len(expected) > 1 else "")
    if kinds != want:
        return [ordersmod.file_finding(
            rel, f"it is sealed to {len(stanzas)} key(s) ({', '.join(kinds) or 'none'}), but must be sealed to "
                 f"exactly {who} ({', '.join(want)})",
            "seal it with 'turnpress seal', which uses the keys in game.yaml")]
    own = player_recipient(game, player)
    if own and recipient_kind(own) == "ssh-ed25519":
        tags = [s.args[0] for s in stanzas if s.kind == "ssh-ed25519" and s.args]
        if ssh_tag(own) not in tags:
            return [ordersmod.file_finding(rel, "it is sealed to an SSH key that is not the one registered for you",
                                           "seal it with 'turnpress seal', which uses the keys in game.yaml")]
    return []


# --- sealed orders at the deadline ---------------------------------------------------------------------------

@dataclass
class Opened:
    """One sealed orders file as the deadline run opened it."""

    player: str
    file: str  # the sealed file
    plain_file: str  # where its plaintext is published with the turn
    plaintext: bytes | None  # None: it could not be opened
    why: str = ""


def open_orders(game: Game, turn: int, identities: Sequence[Any]) -> list[Opened]:
    """Decrypt every sealed orders file of ``turn``; a file that does not open says why."""
    folder = game.root / f"orders/{game.id}/{turn_dir(turn)}"
    if not folder.is_dir():
        return []
    out = []
    for path in sorted(folder.glob("*.yaml.age")):
        rel = f"orders/{game.id}/{turn_dir(turn)}/{path.name}"
        where = parse_sealed_path(rel)
        if where is None or path.is_symlink():
            continue
        plain_rel = ordersmod.orders_relpath(game.id, turn, where.player)
        raw = ordersmod.read_limited(path, SEALED_MAX_BYTES)
        try:
            if len(raw) > SEALED_MAX_BYTES:
                raise SealError("it is larger than a sealed orders file may be")
            plaintext = decrypt(raw, identities)
            plaintext.decode("utf-8")
        except SealError as e:
            out.append(Opened(where.player, rel, plain_rel, None, f"sealed file does not open: {e}"))
            continue
        except UnicodeDecodeError:
            out.append(Opened(where.player, rel, plain_rel, None, "sealed file does not hold UTF-8 text"))
            continue
        out.append(Opened(where.player, rel, plain_rel, plaintext))
    return out


def names_other(plaintext: bytes, where: OrdersPath) -> str | None:
    """If the plaintext names another game, turn or player than its path (a replayed old file), which."""
    try:
        data = yamlio.load(plaintext).data
    except yamlio.YamlInputError:
        return None
    if not isinstance(data, dict):
        return None
    for key, value in (("game", where.game), ("turn", where.turn), ("player", where.player)):
        if key in data and data[key] != value:
            return f"it names {key} {data[key]!r}, not {value!r}: a sealed file copied from elsewhere"
    return None


# --- hidden state and private reports ------------------------------------------------------------------------

def private_relpath(game_id: str, turn: int, key: str) -> str:
    return f"games/{game_id}/turns/{turn_dir(turn)}/private/{key}.yaml.age"


def secret_relpath(game_id: str, turn: int) -> str:
    return f"games/{game_id}/turns/{turn_dir(turn)}/secret.yaml.age"


def hidden_plaintexts(game: Game, turn: int, state: State, private_reports: Mapping[str, Any]) -> dict[str, str]:
    """The plaintext of every sealed file of a turn's hidden parts (path -> canonical YAML).

    One file per player with a private part or a private report (to the player and the game), and the game
    master's file (to the game only) with the ``secret`` part and the order of the private entries, so that
    the state is rebuilt exactly as the ruleset left it.
    """
    private = state.get("private")
    keys = list(private) if isinstance(private, dict) else []
    keys += [k for k in private_reports if k not in keys]
    out: dict[str, str] = {}
    for key in keys:
        body: dict[str, Any] = {"game": game.id, "turn": turn, "player": key}
        if key in (private or {}):
            body["state"] = private[key]
        if key in private_reports:
            body["report"] = private_reports[key]
        out[private_relpath(game.id, turn, key)] = yamlio.dump(body)
    if "private" in state or "secret" in state:
        hidden: dict[str, Any] = {}
        if "private" in state:
            hidden["private"] = list(private) if isinstance(private, dict) else private
        if "secret" in state:
            hidden["secret"] = state["secret"]
        out[secret_relpath(game.id, turn)] = yamlio.dump({"game": game.id, "turn": turn, "hidden": hidden})
    return out


def seal_plaintexts(game: Game, turn: int, plaintexts: Mapping[str, str]) -> dict[str, str]:
    """Each plaintext of ``hidden_plaintexts`` sealed to its readers."""
    secret = secret_relpath(game.id, turn)
    out = {}
    for rel, text in plaintexts.items():
        player = None if rel == secret else Path(rel).name.removesuffix(".yaml.age")
        readers = recipients_for(game, player if player and game.player(player) else None)
        out[rel] = encrypt(text.encode("utf-8"), readers)
    return out


def read_hidden(game: Game, turn: int, identities: Sequence[Any]) -> tuple[dict[str, Any], bool]:
    """The hidden parts of turn ``turn`` that ``identities`` can open, and whether that is all of them."""
    folder = game.dir / "turns" / turn_dir(turn)
    private: dict[str, Any] = {}
    complete = True
    private_dir = folder / "private"
    for path in sorted(private_dir.glob("*.yaml.age")) if private_dir.is_dir() else []:
        try:
            body = yamlio.load_trusted(decrypt(path.read_bytes(), identities))
        except SealError:
            complete = False
            continue
        if body.get("game") != game.id or body.get("turn") != turn or f"{body.get('player')}.yaml.age" != path.name:
            raise SealError(f"{path.relative_to(game.root)} holds another file's contents (it names "
                            f"{body.get('game')}, turn {body.get('turn')}, {body.get('player')})")
        if "state" in body:
            private[body["player"]] = body["state"]
    hidden: dict[str, Any] = {}
    secret = folder / "secret.yaml.age"
    if not secret.is_file():
        return ({"private": private} if private else {}), complete
    try:
        meta = yamlio.load_trusted(decrypt(secret.read_bytes(), identities))["hidden"]
    except SealError:
        return ({"private": private} if private else {}), False
    if "private" in meta:
        order = meta["private"]
        complete = complete and all(k in private for k in order)
        hidden["private"] = {k: private[k] for k in order if k in private} if isinstance(order, list) else order
    if "secret" in meta:
        hidden["secret"] = meta["secret"]
    return hidden, complete


def read_private(game: Game, turn: int, identities: Sequence[Any]) -> dict[str, dict[str, Any]]:
    """Every player's private file of ``turn`` that ``identities`` open: player -> {state, report}."""
    folder = game.dir / "turns" / turn_dir(turn) / "private"
    out = {}
    for path in sorted(folder.glob("*.yaml.age")) if folder.is_dir() else []:
        try:
            body = yamlio.load_trusted(decrypt(path.read_bytes(), identities))
        except SealError:
            continue
        out[body["player"]] = body
    return out


# --- the dice secret, kept the same way ----------------------------------------------------------------------

def dice_secret_path(game: Game) -> Path:
    return game.dir / "dice-secret.age"


def sealed_dice_secret(game: Game) -> bytes | None:
    """The dice-chain secret from ``games/<g>/dice-secret.age``, if this process has the game's key."""
    path = dice_secret_path(game)
    identities = game_identities(game) if path.is_file() else []
    if not identities:
        return None
    return bytes.fromhex(decrypt(path.read_bytes(), identities).decode("ascii").strip())


# --- commands ------------------------------------------------------------------------------------------------

def command(name: str, argv: Sequence[str]) -> int:
    """``turnpress keys ...``, ``turnpress seal FILE`` and ``turnpress open GAME``."""
    if name == "seal":
        return cmd_seal(list(argv))
    if name == "open":
        return cmd_open(list(argv))
    return cmd_keys(list(argv))


def _league_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--league", help="the league folder (default: the nearest folder above with games/)")


def cmd_keys(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="turnpress keys", description="Keys of sealed orders and private reports.")
    _league_arg(p)
    sub = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    s = sub.add_parser("new", help="make the game's key pair: public key into game.yaml, secret printed once")
    s.add_argument("game")
    s.add_argument("--out", help="also write the secret key to this file (keep it outside the repository)")
    _league_arg(s)
    s = sub.add_parser("add", help="register a player's public key (age1... or 'ssh-ed25519 AAAA...')")
    s.add_argument("game")
    s.add_argument("login")
    s.add_argument("recipient", help="age public key, or one ssh-ed25519 line of https://github.com/LOGIN.keys")
    _league_arg(s)
    s = sub.add_parser("personal", help="make your own age key: written to FILE, public key printed")
    s.add_argument("file")
    s = sub.add_parser("open", help="show your private report and figures (same as 'turnpress open')")
    _open_args(s)
    args = p.parse_args(argv)
    if args.action == "personal":
        return _personal(Path(args.file).expanduser())
    if args.action == "open":
        return _open(args)
    root = find_root(Path(args.league) if args.league else None)
    if args.action == "new":
        return _new_key(root, args.game, Path(args.out).expanduser() if args.out else None)
    return _add_key(root, args.game, args.login, args.recipient)


def _write_secret_file(path: Path, text: str) -> None:
    if path.exists():
        raise SealError(f"{path} exists already; pick another file (a key is never overwritten)")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(text)


def _personal(path: Path) -> int:
    from pyrage import x25519

    identity = x25519.Identity.generate()
    public = str(identity.to_public())
    _write_secret_file(path, f"# turnpress personal key\n# public key: {public}\n{identity}\n")
    print(f"Wrote your secret key to {path} (keep it; nobody else needs it).")
    print(f"Your public key, for the game master ('turnpress keys add GAME LOGIN KEY'): {public}")
    return 0


def _new_key(root: Path, game_id: str, out: Path | None) -> int:
    """The game's key pair; turn 0's plaintext hidden parts (not yet committed) are sealed with it."""
    from pyrage import x25519

    from . import history
    from . import league as leaguemod

    game = load_game(root, game_id)
    if game.config.get("key"):
        raise SealError(f"{game_id} has a key already ({game.config['key']}); a new one would lock out every "
                        "file sealed to the old one")
    identity = x25519.Identity.generate()
    config = dict(game.config)
    config["key"] = str(identity.to_public())
    keyed = Game(root, game_id, config)
    files: dict[str, str] = {f"games/{game_id}/game.yaml": yamlio.dump(config)}
    removed, public_already = [], []
    for turn in game.turns():
        hidden = game.dir / "turns" / turn_dir(turn) / "hidden.yaml"
        if not hidden.is_file():
            continue
        rel = hidden.relative_to(root).as_posix()
        if history.is_repo(root) and history.has_head(root) and history.last_commit_of(root, rel):
            public_already.append(turn)
            continue
        plain = hidden_plaintexts(keyed, turn, yamlio.read_data(hidden), {})
        files.update(seal_plaintexts(keyed, turn, plain))
        removed.append(hidden)
    try:
        dice = leaguemod.dice_secret(game)
    except LeagueError:
        dice = None
    if dice is not None:
        files[f"games/{game_id}/dice-secret.age"] = encrypt(dice.hex().encode() + b"\n", [config["key"]])
    if out is not None:
        _write_secret_file(out, f"# turnpress game key of {game_id}\n# public key: {config['key']}\n{identity}\n")
    with staged_write(root, files):
        for path in removed:
            path.unlink()
    print(f"Wrote the public key of {game_id} into games/{game_id}/game.yaml: {config['key']}")
    if dice is not None:
        print(f"Sealed the dice secret to it: games/{game_id}/dice-secret.age (the game key alone runs the game).")
    for path in removed:
        print(f"Sealed {path.relative_to(root).as_posix()} as private/*.yaml.age and secret.yaml.age.")
    if public_already:
        print(f"Warning: the hidden state of turn(s) {', '.join(map(str, public_already))} was committed in "
              "plain text and stays public; only later turns are sealed.")
    print("The game's SECRET key, shown this once. Add this line to the repository secret TURNPRESS_GAME_KEYS")
    print("(one line per game; the deadline workflow passes only that secret), and keep a copy outside the repository:")
    print(f"  {game_id}={identity}")
    if out is not None:
        print(f"It is also in {out}.")
    return 0


def _add_key(root: Path, game_id: str, login: str, recipient: str) -> int:
    """Register a player's key; their private file of the last turn is sealed again so they can read it."""
    game = load_game(root, game_id)
    key = login.lower()
    if game.player(key) is None:
        raise SealError(f"{login} does not play in {game_id}")
    recipient = " ".join(recipient.split()[:2]) if recipient.startswith("ssh-") else recipient.strip()
    parse_recipient(recipient)
    config = dict(game.config)
    config["players"] = [{**p, "recipient": recipient} if p["key"] == key else p for p in config["players"]]
    files = {f"games/{game_id}/game.yaml": yamlio.dump(config)}
    resealed = ""
    turns = game.turns()
    last = private_relpath(game_id, turns[-1], key) if turns else None
    if last and (root / last).is_file():
        identities = game_identities(game)
        if identities and config.get("key"):
            plain = decrypt((root / last).read_bytes(), identities)
            files[last] = encrypt(plain, recipients_for(Game(root, game_id, config), key))
            resealed = f" and sealed {last} again to it"
        else:
            resealed = f" ({last} opens for them from the next turn on: set {key_env(game_id)} to reseal it now)"
    with staged_write(root, files):
        pass
    print(f"Registered {login}'s key in games/{game_id}/game.yaml{resealed}.")
    return 0


def cmd_seal(argv: list[str]) -> int:
    from . import check

    p = argparse.ArgumentParser(prog="turnpress seal",
                                description="Validate an orders file, then seal it to the game and to you.")
    p.add_argument("file", help="your plain orders file (keep it outside orders/, or do not commit it)")
    p.add_argument("--identity", help="your key file, to check orders against your hidden figures too "
                                      f"(default: ${IDENTITY_VARIABLE})")
    p.add_argument("--format", choices=("text", "github"), default="text")
    _league_arg(p)
    args = p.parse_args(argv)
    source = Path(args.file)
    root = find_root(Path(args.league) if args.league else source.resolve().parent)
    raw = ordersmod.read_limited(source)
    where = _target(root, source, raw)
    game = load_game(root, where.game)
    if not is_sealed(game):
        raise SealError(f"{game.id} takes open orders: commit {ordersmod.orders_relpath(*_parts(where))} as it is")
    readers = recipients_for(game, where.player)
    game.identities = load_identity_file(Path(args.identity).expanduser()) if args.identity else player_identities()
    rel = ordersmod.orders_relpath(*_parts(where))
    games = check.GameCache(root)
    games._games[game.id] = game
    checked, _ = check.check_path(games, rel, source)
    shown = str(source)
    findings = [Finding(shown, f.line, f.column, f.message, f.hint, f.severity) for f in checked.findings]
    for f in findings:
        print(f.github() if args.format == "github" else f.text())
    if not checked.ok:
        print(f"Not sealed: fix the error(s) in {shown} first.")
        return 1
    print(f"{shown}: understood as:")
    for line in check.describe(game, games.state(game), where.player, checked.orders):
        print(f"  {line}")
    target = sealed_relpath(*_parts(where))
    text = encrypt(raw, readers)
    with staged_write(root, {target: text}):
        pass
    whom = "the game and to you" if len(readers) > 1 else "the game (register a key to read it back yourself)"
    print(f"Sealed to {whom}: {target}. Commit that file only and open a pull request.")
    plain = root / rel
    if plain.exists() and plain.resolve() == source.resolve():
        print(f"Do not commit {rel}: anyone could read it. Delete it, or keep your plain orders outside orders/.")
    return 0


def _parts(where: OrdersPath) -> tuple[str, int, str]:
    return where.game, where.turn, where.player


def _target(root: Path, source: Path, raw: bytes) -> OrdersPath:
    """Which orders file ``source`` is: by its path inside the league, else by its own game, turn, player."""
    try:
        where = ordersmod.parse_path(source.resolve().relative_to(root.resolve()).as_posix())
    except ValueError:
        where = None
    if where is not None:
        return where
    try:
        data = yamlio.load(raw).data
    except yamlio.YamlInputError as e:
        raise SealError(f"{source}:{e.line}:{e.column}: {e.message}") from None
    if (not isinstance(data, dict) or not isinstance(data.get("game"), str) or type(data.get("turn")) is not int
            or not isinstance(data.get("player"), str)):
        raise SealError(f"{source}: cannot tell which orders these are: write game, turn and player at the top")
    return OrdersPath(data["game"], data["turn"], data["player"].lower())


def _open_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("game")
    p.add_argument("--identity", required=True, help="your key file (age key or your GitHub SSH key)")
    p.add_argument("--turn", type=int, help="which turn (default: the last adjudicated)")
    _league_arg(p)


def cmd_open(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="turnpress open", description="Show your private report and figures.")
    _open_args(p)
    return _open(p.parse_args(argv))


def _open(args: argparse.Namespace) -> int:
    root = find_root(Path(args.league) if args.league else None)
    game = load_game(root, args.game)
    identities = load_identity_file(Path(args.identity).expanduser())
    turn = game.last_turn if args.turn is None else args.turn
    if turn not in game.turns():
        raise SealError(f"{game.id} has no turn {turn} yet (last: {game.last_turn})")
    found = read_private(game, turn, identities)
    sealed_orders = _own_sealed_orders(game, identities)
    if not found and not sealed_orders:
        print(f"Nothing of {game.id}, turn {turn}, is sealed to this key. Has the game master registered your "
              "public key ('turnpress keys add')? Keys registered later open the files of later turns.")
        return 1
    names = {pl.key: pl.name for pl in game.players}
    label = game.report(turn).get("label", "")
    for player, body in found.items():
        print(f"# Private to {names.get(player, player)} — {game.id}, turn {turn} ({label})")
        if "report" in body:
            print("\nReport:\n")
            print(yamlio.dump(body["report"]), end="")
        if "state" in body:
            print("\nYour figures:\n")
            print(yamlio.dump(body["state"]), end="")
        print()
    for rel, text in sealed_orders.items():
        print(f"# Your sealed orders {rel}\n")
        print(text, end="")
    return 0


def _own_sealed_orders(game: Game, identities: Sequence[Any]) -> dict[str, str]:
    """The sealed orders of the open turn that these keys open (a player checking what they sent)."""
    out = {}
    for opened in open_orders(game, game.open_turn, identities):
        if opened.plaintext is not None:
            out[opened.file] = opened.plaintext.decode("utf-8")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m adjudicator.sealed keys|seal|open ...``."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] not in ("keys", "seal", "open"):
        print("usage: python -m adjudicator.sealed keys|seal|open ...", file=sys.stderr)
        return 2
    try:
        return command(argv[0], argv[1:])
    except LeagueError as e:
        print(f"turnpress: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
