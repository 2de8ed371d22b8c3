"""Where the secrets of a game come from: the dice-chain secret and the game's key. One naming rule for all.

A secret of kind ``K`` (``DICE_SECRET`` or ``GAME_KEY``) of game ``g`` is, first found first:

1. the variable ``TURNPRESS_K_G`` (``g`` in capitals, anything but letters and digits as ``_``);
2. a ``g=value`` line of the variable ``TURNPRESS_KS`` (one repository secret for every game of a league);
3. the file ``.secrets/g.dice`` or ``.secrets/g.key`` in the league (git ignores ``.secrets/``).

The dice secret may also be a demo game's own public file, or sealed to the game's key in the game's folder.
A player's own key file is named by ``TURNPRESS_IDENTITY``.

>>> dice_secret_env("bw-2026"), key_env("bw-2026")
('TURNPRESS_DICE_SECRET_BW_2026', 'TURNPRESS_GAME_KEY_BW_2026')
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import LeagueError
from ..sealed import crypto

DICE, KEY = "DICE_SECRET", "GAME_KEY"
FILE_SUFFIX = {DICE: ".dice", KEY: ".key"}
IDENTITY_VARIABLE = "TURNPRESS_IDENTITY"
SECRETS_DIR = ".secrets"


def variable(kind: str, game_id: str) -> str:
    """The one naming rule: ``TURNPRESS_<KIND>_<GAME>``."""
    return f"TURNPRESS_{kind}_" + re.sub(r"[^A-Z0-9]", "_", game_id.upper())


def list_variable(kind: str) -> str:
    """The variable holding ``game=value`` lines for every game: ``TURNPRESS_<KIND>S``."""
    return f"TURNPRESS_{kind}S"


def dice_secret_env(game_id: str) -> str:
    return variable(DICE, game_id)


def key_env(game_id: str) -> str:
    """The environment variable holding a game's secret key, e.g. ``TURNPRESS_GAME_KEY_BW_2026``."""
    return variable(KEY, game_id)


KEYS_VARIABLE = list_variable(KEY)
DICE_SECRETS_VARIABLE = list_variable(DICE)


def secret_file(root: Path, game_id: str, kind: str) -> Path:
    return root / SECRETS_DIR / f"{game_id}{FILE_SUFFIX[kind]}"


def lookup(root: Path, game_id: str, kind: str, environ: Mapping[str, str] | None = None) -> tuple[str, str] | None:
    """The secret of ``kind`` for ``game_id`` and where it was found, by the rule above; ``None`` if nowhere."""
    env = os.environ if environ is None else environ
    name = variable(kind, game_id)
    if env.get(name, "").strip():
        return env[name].strip(), name
    for line in env.get(list_variable(kind), "").splitlines():
        gid, sep, value = line.strip().partition("=")
        if sep and gid.strip() == game_id and value.strip():
            return value.strip(), list_variable(kind)
    path = secret_file(root, game_id, kind)
    if path.is_file():
        return path.read_text(encoding="utf-8"), str(path)
    return None


def write_secret_file(path: Path, text: str) -> None:
    """Write a secret to a new file only its owner can read; an existing key is never overwritten."""
    if path.exists():
        raise LeagueError(f"{path} exists already; move it away first (a key is never overwritten)",
                          word="secret.exists", path=path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(text)


def game_identities(root: Path, game_id: str) -> list[Any]:
    """The game's secret key if this process has it (the deadline run, the game master); else nothing."""
    found = lookup(root, game_id, KEY)
    return crypto.parse_identities(found[0].encode(), found[1]) if found else []


def player_identities() -> list[Any]:
    """A player's own key, named by ``TURNPRESS_IDENTITY`` (a key file), for validate, template and seal."""
    path = os.environ.get(IDENTITY_VARIABLE)
    return crypto.load_identity_file(Path(path).expanduser()) if path else []


def demo_secret_path(root: Path, game_id: str) -> Path:
    return root / "games" / game_id / "dice-secret.demo"


def sealed_secret_path(root: Path, game_id: str) -> Path:
    return root / "games" / game_id / "dice-secret.age"


def sealed_dice_secret(root: Path, game_id: str) -> bytes | None:
    """The dice-chain secret from ``games/<g>/dice-secret.age``, if this process has the game's key."""
    path = sealed_secret_path(root, game_id)
    identities = game_identities(root, game_id) if path.is_file() else []
    if not identities:
        return None
    return bytes.fromhex(crypto.decrypt(path.read_bytes(), identities).decode("ascii").strip())


def dice_secret(root: Path, game_id: str, *, demo: bool = False) -> bytes:
    """The dice-chain secret: by the rule above, a demo game's own file, or sealed to the game's key."""
    found = lookup(root, game_id, DICE)
    if found:
        return bytes.fromhex(found[0].strip())
    if demo and demo_secret_path(root, game_id).is_file():
        return bytes.fromhex(demo_secret_path(root, game_id).read_text().strip())
    if sealed_secret_path(root, game_id).is_file():
        sealed = sealed_dice_secret(root, game_id)
        if sealed is not None:
            return sealed
        # The key is what is missing (the dice secret, the sealed orders and the hidden state all open with it):
        # the message names it first, and the variable or line that gives it.
        raise LeagueError(f"the game's key of {game_id} is missing: set {key_env(game_id)} (or add the line "
                          f"{game_id}=AGE-SECRET-KEY-... to {KEYS_VARIABLE}, or write .secrets/{game_id}.key); "
                          f"its dice secret, sealed orders and hidden state are sealed to it (the dice secret in "
                          f"games/{game_id}/dice-secret.age)", word="secret.no_key", game=game_id,
                          variable=key_env(game_id), keys=KEYS_VARIABLE)
    raise LeagueError(f"no dice secret for {game_id}: set {dice_secret_env(game_id)} or write it to "
                      f".secrets/{game_id}.dice (it was printed when the game was made)", word="secret.no_dice",
                      game=game_id, variable=dice_secret_env(game_id))
