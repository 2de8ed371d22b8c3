"""The few types shared by the shell and every ruleset.

State, orders and reports are plain data: dicts with string keys, lists, strings, integers, booleans and
``None``. That is what YAML can say exactly, so anything a ruleset returns can be written, read back and
compared byte for byte. No floats: fractions are kept as ``"3/10"`` strings or as integer pairs.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

State = dict[str, Any]
Orders = dict[str, Any]
Report = dict[str, Any]
Path = tuple[str | int, ...]

# The state keys whose values the rules hide: ``private`` (player -> what that player alone sees) and
# ``secret`` (what nobody sees: the deck's order). ``public_view`` leaves them out; the shell keeps them
# in ``hidden.yaml`` or sealed files.
HIDDEN_KEYS = ("private", "secret")


@dataclass(frozen=True)
class Player:
    """A seat in a game, as listed in ``game.yaml``.

    ``key`` names the player's orders file (``orders/<game>/<turn>/<key>.yaml``) and the player's entries in
    state and reports; it is the GitHub login in lower case. ``role`` is what the ruleset asks for at the
    table: a country type in Bretton Woods, a power in Diplomacy; ``None`` where the ruleset deals roles.
    """

    key: str
    name: str
    login: str
    github_id: int
    role: str | None = None


@dataclass(frozen=True)
class Phase:
    """What is open now: a label for people and who is awaited.

    ``awaited`` lists the keys of the players whose orders the phase needs and takes; ``open_to`` those whose
    orders it also takes without waiting for them (standing orders, offers a player may make in any phase).
    Orders of anyone else for this phase are kept in the archive but not taken (the report says so).
    ``finished`` marks a game that is over. ``kind`` names the phase's kind in the rules' words (Diplomacy's
    ``movement``, ``retreat``, ``adjustment``; Calamity's ``reaction``): a game may give a kind a deadline
    period of its own (``schedule: phases:``); empty where the rules have one kind of phase.
    """

    label: str
    awaited: tuple[str, ...]
    finished: bool = False
    open_to: tuple[str, ...] = ()
    kind: str = ""

    def takes(self, key: str) -> bool:
        """Whether orders of ``key`` count in this phase (awaited, or welcome without being waited for)."""
        return key in self.awaited or key in self.open_to


@dataclass(frozen=True)
class GameConfig:
    """Typed access to a game's ``game.yaml``; ``data`` is the mapping as read, written back unchanged.

    >>> cfg = GameConfig({"game": "g1", "ruleset": "diplomacy", "options": {"orders": "sealed"},
    ...                   "dice": {"commitment": "ab", "length": 1000}})
    >>> cfg.ruleset, cfg.title, cfg.sealed_orders, cfg.key, cfg.chain_length
    ('diplomacy', 'g1', True, None, 1000)
    >>> cfg.language, cfg.variant, GameConfig({"language": "Deutsch", "options": {"map": "classic"}}).variant
    (None, None, 'classic')
    """

    data: Mapping[str, Any]

    @property
    def ruleset(self) -> str:
        return str(self.data["ruleset"])

    @property
    def title(self) -> str:
        return str(self.data.get("title") or self.data.get("game", ""))

    @property
    def description(self) -> str:
        """What the game is, in the organiser's words (empty if game.yaml says nothing)."""
        own = self.data.get("description")
        return own if isinstance(own, str) else ""

    @property
    def language(self) -> str | None:
        """The language game.yaml sets for the game's pages (a two-letter code), if it sets one."""
        own = self.data.get("language")
        return own if isinstance(own, str) and re.fullmatch(r"[a-z]{2}", own) else None

    @property
    def options(self) -> Mapping[str, Any]:
        return self.data.get("options") or {}

    @property
    def variant(self) -> str | None:
        """The map the game is played on, where the ruleset has several (``options: map``)."""
        name = self.options.get("map")
        return str(name) if name else None

    @property
    def sealed_orders(self) -> bool:
        return self.options.get("orders", "open") == "sealed"

    @property
    def players(self) -> list[Mapping[str, Any]]:
        """The seats as written (``key``, ``name``, ``login``, ``id``, maybe ``role``, ``joined``, ``recipient``)."""
        return list(self.data.get("players") or [])

    @property
    def schedule(self) -> Mapping[str, Any] | None:
        return self.data.get("schedule") or None

    @property
    def key(self) -> str | None:
        """The game's age public key, if it has one (``turnpress keys new``)."""
        return self.data.get("key") or None

    @property
    def commitment(self) -> bytes:
        """The end of the public dice chain, fixed at set-up."""
        return bytes.fromhex(self.data["dice"]["commitment"])

    @property
    def chain_length(self) -> int:
        return int(self.data["dice"]["length"])

    @property
    def public_secret(self) -> bool:
        """True for a demo game, whose dice secret is in the repository on purpose."""
        return bool(self.data["dice"].get("public_secret"))


Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Problem:
    """Something wrong (or worth a warning) in a player's orders.

    ``path`` points into the ``orders`` document (``("market", "a", "price")``, ``(3,)`` for the fourth
    order of a list); the shell turns it into a file, line and column. ``hint`` says what to write instead.
    """

    message: str
    path: Path = ()
    hint: str = ""
    severity: Severity = "error"


@dataclass(frozen=True)
class TurnResult:
    """What ``Ruleset.adjudicate`` returns: the new state and a structured report of the turn."""

    state: State
    report: Report
    notes: tuple[str, ...] = field(default_factory=tuple)


def is_plain(value: Any) -> bool:
    """True if ``value`` is plain data the canonical writer accepts (no floats, no custom objects)."""
    if value is None or isinstance(value, bool | int | str):
        return True
    if isinstance(value, Mapping):
        return all(isinstance(k, str) and is_plain(v) for k, v in value.items())
    if isinstance(value, list | tuple):
        return all(is_plain(v) for v in value)
    return False
