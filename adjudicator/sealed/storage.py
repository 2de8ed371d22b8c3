"""A turn's hidden state and private reports as sealed files, and reading them back.

In a turn's folder ``games/<g>/turns/<NNNN>/``: ``private/<player>.yaml.age`` holds a player's hidden part
and private report (sealed to the player and the game), ``secret.yaml.age`` the game master's part and the
order of the private entries (sealed to the game only), so the state is rebuilt exactly as the ruleset left
it. The functions take the turn's folder; ``store`` says where that is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .. import yamlio
from ..errors import SealError
from ..model import State
from . import crypto

PRIVATE_DIR = "private"
SECRET_FILE = "secret.yaml.age"

Readers = Callable[[str | None], list[str]]  # player (None: the game master's file) -> the keys it is sealed to


def private_name(player: str) -> str:
    return f"{PRIVATE_DIR}/{player}.yaml.age"


def is_sealed_turn(folder: Path) -> bool:
    """True if the turn in ``folder`` keeps hidden parts in sealed files."""
    return (folder / SECRET_FILE).is_file() or (folder / PRIVATE_DIR).is_dir()


def hidden_plaintexts(folder: str, game_id: str, turn: int, state: State, private_reports: Mapping[str, Any],
                      faults: Mapping[str, Any] | None = None) -> dict[str, str]:
    """The plaintext of every sealed file of a turn's hidden parts (``folder``/name -> canonical YAML).

    One file per player with a private part, a private report or ``faults`` in their orders (``orders``: whether
    they were taken and the problems found), and the game master's file with the ``secret`` part and the order of
    the private entries.
    """
    faults = faults or {}
    private = state.get("private")
    keys = list(private) if isinstance(private, dict) else []
    keys = list(dict.fromkeys([*keys, *private_reports, *sorted(faults)]))
    out: dict[str, str] = {}
    for key in keys:
        body: dict[str, Any] = {"game": game_id, "turn": turn, "player": key}
        if isinstance(private, dict) and key in private:
            body["state"] = private[key]
        if key in private_reports:
            body["report"] = private_reports[key]
        if key in faults:
            body["orders"] = faults[key]
        out[f"{folder}/{private_name(key)}"] = yamlio.dump(body)
    if "private" in state or "secret" in state:
        hidden: dict[str, Any] = {}
        if "private" in state:
            hidden["private"] = list(private) if isinstance(private, dict) else private
        if "secret" in state:
            hidden["secret"] = state["secret"]
        out[f"{folder}/{SECRET_FILE}"] = yamlio.dump({"game": game_id, "turn": turn, "hidden": hidden})
    return out


def seal_plaintexts(plaintexts: Mapping[str, str], readers: Readers) -> dict[str, str]:
    """Each plaintext of ``hidden_plaintexts`` sealed to its readers."""
    out = {}
    for rel, text in plaintexts.items():
        player = None if rel.endswith("/" + SECRET_FILE) else Path(rel).name.removesuffix(".yaml.age")
        out[rel] = crypto.encrypt(text.encode("utf-8"), readers(player))
    return out


def read_hidden(folder: Path, game_id: str, turn: int, identities: Sequence[Any]) -> tuple[State, bool]:
    """The hidden parts of the turn in ``folder`` that ``identities`` open, and whether that is all of them."""
    private: dict[str, Any] = {}
    complete = True
    private_dir = folder / PRIVATE_DIR
    for path in sorted(private_dir.glob("*.yaml.age")) if private_dir.is_dir() else []:
        try:
            body = yamlio.load_trusted(crypto.decrypt(path.read_bytes(), identities))
        except SealError:
            complete = False
            continue
        if body.get("game") != game_id or body.get("turn") != turn or f"{body.get('player')}.yaml.age" != path.name:
            raise SealError(f"{path} holds another file's contents (it names "
                            f"{body.get('game')}, turn {body.get('turn')}, {body.get('player')})",
                            word="seal.other_contents", path=path, game=body.get("game"), turn=body.get("turn"),
                            player=body.get("player"))
        if "state" in body:
            private[body["player"]] = body["state"]
    hidden: dict[str, Any] = {}
    secret = folder / SECRET_FILE
    if not secret.is_file():
        return ({"private": private} if private else {}), complete
    try:
        meta = yamlio.load_trusted(crypto.decrypt(secret.read_bytes(), identities))["hidden"]
    except SealError:
        return ({"private": private} if private else {}), False
    if "private" in meta:
        order = meta["private"]
        complete = complete and all(k in private for k in order)
        hidden["private"] = {k: private[k] for k in order if k in private} if isinstance(order, list) else order
    if "secret" in meta:
        hidden["secret"] = meta["secret"]
    return hidden, complete


def read_private(folder: Path, identities: Sequence[Any]) -> dict[str, dict[str, Any]]:
    """Every player's private file in the turn ``folder`` that ``identities`` open: player -> {state, report}."""
    private_dir = folder / PRIVATE_DIR
    out = {}
    for path in sorted(private_dir.glob("*.yaml.age")) if private_dir.is_dir() else []:
        try:
            body = yamlio.load_trusted(crypto.decrypt(path.read_bytes(), identities))
        except SealError:
            continue
        out[body["player"]] = body
    return out
