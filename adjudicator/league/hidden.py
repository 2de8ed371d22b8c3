"""The hidden dice chain of a game, and what becomes public when the game ends (``site/guide/secrecy.md``).

``game.yaml``'s ``dice: hidden:`` is the chain's commitment ``k = H^N(x)``; the secret ``x`` is sealed to the
game's key in ``games/<game>/hidden-dice.age``. Turn ``t`` draws its hidden information from
``h_t = H^(N-1-t)(x)``. The turn that ends the game publishes ``h_T`` in its report (``dice: hidden_end:``),
from which anyone computes every earlier link.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from .. import dice as dicemod
from ..errors import LeagueError, SealError
from ..model import GameConfig, TurnReport
from ..sealed import crypto
from .secrets import key_env

HIDDEN_SECRET_FILE = "hidden-dice.age"


def hidden_relpath(game_id: str) -> str:
    return f"games/{game_id}/{HIDDEN_SECRET_FILE}"


class ChainedGame(Protocol):
    """What the hidden chain reads of a game (``store.Game`` is one): its settings, its sealed secret's place,
    the reports of its turns and the key this process holds."""

    @property
    def root(self) -> Path: ...

    @property
    def id(self) -> str: ...

    @property
    def settings(self) -> GameConfig: ...

    def turns(self) -> list[int]: ...

    def report(self, turn: int) -> TurnReport: ...

    def game_identities(self) -> list[Any]: ...


def has_chain(settings: GameConfig) -> bool:
    """True for a game made with a hidden dice chain (games made before it draw hidden things publicly)."""
    return settings.hidden_commitment is not None


def chain_commitment(secret: bytes, length: int) -> str:
    """The commitment of the hidden chain of ``secret``, as a new game's ``game.yaml`` holds it (``dice: hidden:``)."""
    return dicemod.commitment(secret, length).hex()


def sealed_secret(secret: bytes, game_key: str) -> str:
    """The hidden chain's secret sealed to the game's key only: the text of ``hidden-dice.age``."""
    return crypto.encrypt(secret.hex().encode() + b"\n", [game_key])


def secret_of(game: ChainedGame, identities: list[Any]) -> bytes | None:
    """The hidden chain's secret if ``identities`` open it; ``None`` without a key. Raises if it is wrong."""
    path = game.root / hidden_relpath(game.id)
    expected = game.settings.hidden_commitment
    if not identities or expected is None or not path.is_file():
        return None
    secret = bytes.fromhex(crypto.decrypt(path.read_bytes(), identities).decode("ascii").strip())
    if dicemod.commitment(secret, game.settings.chain_length) != expected:
        raise SealError(f"games/{game.id}/{HIDDEN_SECRET_FILE} does not match the hidden commitment in game.yaml",
                        word="hidden.mismatch", game=game.id, file=HIDDEN_SECRET_FILE)
    return secret


def end_link(game: ChainedGame) -> tuple[int, bytes] | None:
    """The turn that ended the game and the hidden link its report published, if the game has ended."""
    turns = [t for t in game.turns() if t > 0]
    if not turns:
        return None
    last = turns[-1]
    published = game.report(last)["dice"].get("hidden_end")
    return (last, bytes.fromhex(published)) if published else None


def links(game: ChainedGame, identities: list[Any]) -> dict[int, bytes] | None:
    """Every turn's hidden link this process can know: all of them with the key or after the end, else None.

    After the end the published link is checked against the commitment first (``H^(T+1)(h_T) == k``).
    """
    expected = game.settings.hidden_commitment
    if expected is None:
        return None
    n = game.settings.chain_length
    secret = secret_of(game, identities)
    if secret is not None:
        return {t: dicemod.hidden_link(secret, n, t) for t in range(0, (game.turns() or [0])[-1] + 2)}
    ended = end_link(game)
    if ended is None:
        return None
    last, link = ended
    if dicemod.link_back(link, last + 1) != expected:
        raise LeagueError(f"{game.id}: the hidden link published with turn {last} does not lead to the hidden "
                          "commitment in game.yaml", word="hidden.end_link", game=game.id, turn=last)
    return {t: dicemod.link_back(link, last - t) for t in range(last + 1)}


def link_for_turn(game: ChainedGame, turn: int) -> bytes | None:
    """The hidden link the deadline run draws turn ``turn``'s hidden information from (it has the game's key)."""
    if not has_chain(game.settings):
        return None
    secret = secret_of(game, game.game_identities())
    if secret is None:
        raise LeagueError(f"the hidden dice of {game.id} are sealed to its key (games/{game.id}/{HIDDEN_SECRET_FILE}): "
                          f"set {key_env(game.id)}", word="hidden.sealed", game=game.id, file=HIDDEN_SECRET_FILE,
                          variable=key_env(game.id))
    return dicemod.hidden_link(secret, game.settings.chain_length, turn)
