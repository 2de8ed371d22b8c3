"""What a game's rules keep secret, declared once per ruleset; the engine's defaults follow from it.

A ruleset says, through an optional ``secrecy(options) -> Secrecy`` hook:

- which phases take **simultaneous** orders: a player who read the others' orders first could answer them, so
  such a game takes sealed orders unless its game master chose open orders on purpose;
- which parts of the **state** are hidden (``private``: each player's own; ``secret``: the game master's), and
  that they stay sealed to the game's key until the game ends;
- which **draws** decide hidden information: they come from the hidden dice stream (``Dice.hidden``);
- which **fields of an orders file** stay sealed when the turn's orders are published: the public part is
  published at the deadline, the sealed part when the game ends (a preference list, a wealth-tax choice, a
  standing reservation price, religion payments and who acted).

>>> s = Secrecy(simultaneous=("movement",), sealed_fields={"standing": "reservation prices"})
>>> s.sealed_by_default, s.needs_key
(True, True)
>>> split_orders(s, {"card": 3, "standing": {"C": {"accept_fee": 12}}})
({'card': 3}, {'standing': {'C': {'accept_fee': 12}}})
>>> Secrecy().needs_key
False
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from .. import yamlio
from ..model import HIDDEN_KEYS as HIDDEN_KEYS  # the state keys of hidden parts, declared once in ``model``
from ..model import Orders
from .catalog import COMMANDS


@dataclass(frozen=True)
class Secrecy:
    """A ruleset's declaration of what its rules keep secret (all fields say what, for people, in the docs too)."""

    simultaneous: tuple[str, ...] = ()  # phases whose orders are given at once
    hidden_state: Mapping[str, str] = field(default_factory=dict)  # state key -> what it holds
    hidden_draws: tuple[str, ...] = ()  # what the hidden dice stream decides
    sealed_fields: Mapping[str, str] = field(default_factory=dict)  # orders key -> what stays sealed until the end
    # Entries of a list of orders that stay sealed until the end (30JK's religious actions), if the orders are a list.
    sealed_entry: Callable[[Any], bool] | None = None
    sealed_entry_text: str = ""
    # Each text above said in another language: language -> English text -> its words (a catalog's shape).
    words: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    @property
    def sealed_by_default(self) -> bool:
        """Orders are sealed unless the game master chose open orders: simultaneous phases or sealed fields."""
        return bool(self.simultaneous or self.sealed_fields or self.sealed_entry)

    @property
    def needs_key(self) -> bool:
        """True if the game cannot be played without a key without something hidden landing in plain text."""
        return self.sealed_by_default or bool(self.hidden_state or self.hidden_draws)

    def lines(self, lang: str = "en") -> list[str]:
        """What the game keeps secret and how, one line each (for ``new``, the docs and the issue page), in
        ``lang`` (the frame from the commands' catalog, the ruleset's texts from ``words``)."""
        own = self.words.get(lang, {})

        def said(text: str) -> str:
            return own.get(text, text)

        out = []
        if self.simultaneous:
            out.append(COMMANDS.say(lang, "secrecy.simultaneous", what=", ".join(map(said, self.simultaneous))))
        for key, what in self.hidden_state.items():
            out.append(COMMANDS.say(lang, "secrecy.hidden_state", key=key, what=said(what)))
        if self.hidden_draws:
            out.append(COMMANDS.say(lang, "secrecy.hidden_draws", what=", ".join(map(said, self.hidden_draws))))
        for key, what in self.sealed_fields.items():
            out.append(COMMANDS.say(lang, "secrecy.sealed_field", key=key, what=said(what)))
        if self.sealed_entry_text:
            out.append(COMMANDS.say(lang, "secrecy.sealed_entry", what=said(self.sealed_entry_text)))
        return out


NOTHING = Secrecy()


@runtime_checkable
class DeclaresSecrecy(Protocol):
    """The optional capability of a ruleset whose rules hide something."""

    def secrecy(self, options: Mapping[str, Any]) -> Secrecy:
        """What a game with these options keeps secret."""


def of(ruleset: Any, options: Mapping[str, Any]) -> Secrecy:
    """The ruleset's declaration for a game with these options; a ruleset that declares nothing hides nothing."""
    if not isinstance(ruleset, DeclaresSecrecy):
        return NOTHING
    found = ruleset.secrecy(options)
    if not isinstance(found, Secrecy):
        raise TypeError(f"{getattr(ruleset, 'name', ruleset)}.secrecy() must return a Secrecy")
    return found


def split_orders(secrecy: Secrecy, orders: Orders | list[Any] | None) -> tuple[Any, Any]:
    """The public part of ``orders`` and the part that stays sealed until the end (``None`` if nothing does).

    Keys of a mapping named in ``sealed_fields`` go to the sealed part; for a list of orders, the entries
    ``sealed_entry`` picks.
    """
    if isinstance(orders, Mapping) and secrecy.sealed_fields:
        public = {k: v for k, v in orders.items() if k not in secrecy.sealed_fields}
        sealed = {k: v for k, v in orders.items() if k in secrecy.sealed_fields}
        return public, (sealed or None)
    if isinstance(orders, list) and secrecy.sealed_entry is not None:
        public_list = [e for e in orders if not secrecy.sealed_entry(e)]
        sealed_list = [e for e in orders if secrecy.sealed_entry(e)]
        return public_list, (sealed_list or None)
    return orders, None


# The key of a published orders file that names what stays sealed until the game ends.
SEALED_MARK = "sealed_until_end"
# The comment that heads a published orders file, in the game's language: the commands' catalog's ``orders.head.*``
# (``public``: the deadline rewrote it to its public part; ``sealed``: part of it stays sealed; ``full``: the last
# turn published it in full). What a turn publishes is bound by its report's digest and replayed byte for byte, so
# these texts never change once games used them (tests/sealed/test_sealed_heads.py holds them); a turn says which
# language its heads speak where not English (``heads:`` in its orders account), so a game keeps its heads' words.
HEAD_LANGUAGES = ("en", "de")
# ``published:`` in a turn's orders account: its sealed orders were published as the deadline read them, in a
# game whose turns before issue 28 published the text the player sealed (``rewrites_orders`` False).
PUBLISHED_AS_READ = "as read"


def faults_may_quote_hidden(secrecy: Secrecy) -> bool:
    """True if what the rules find wrong in a player's orders may quote a hidden value: the player's own hidden
    part (a hand, an account) or a field of their orders that stays sealed. The game master's secret part (a
    deck's order) is never quoted: ``validate`` checks without it, so no rule's check reads it.

    >>> faults_may_quote_hidden(Secrecy(hidden_state={"secret": "the order of the deck"}))
    False
    >>> faults_may_quote_hidden(Secrecy(hidden_state={"private": "each player's hand"}))
    True
    """
    return bool("private" in secrecy.hidden_state or secrecy.sealed_fields or secrecy.sealed_entry)


def rewrites_orders(secrecy: Secrecy) -> bool:
    """True if the deadline publishes a rewritten public part instead of the plain text a player sealed.

    A player's file may carry comments with their hidden figures (the order sheet prints their hand), so a game
    with hidden state or sealed fields publishes the orders as data, without comments, until the end. A game
    without either (Diplomacy) publishes them as data too since issue 28 (its turns say ``published: as read``),
    since a comment could carry anything; its turns before published the plain text as it was sealed.
    """
    return bool(secrecy.hidden_state or secrecy.sealed_fields or secrecy.sealed_entry)


@functools.cache
def head(lang: str, kind: str) -> str:
    """The comment that heads a published orders file of ``kind`` (``public``, ``sealed``, ``full``) in ``lang``.

    >>> print(head("de", "public"), end="")
    # Der öffentliche Teil dieser Befehle, wie der Abgabeschluss sie gelesen hat.
    """
    return "".join(f"# {line}\n" for line in COMMANDS.say(lang, f"orders.head.{kind}").split("\n"))


@functools.cache
def _public_start(lang: str) -> bytes:
    """The words every public part's head in ``lang`` begins with (a part wholly public or not)."""
    public, sealed = head(lang, "public"), head(lang, "sealed")
    at = next(i for i, (a, b) in enumerate(zip(public, sealed, strict=False)) if a != b)
    return public[:at].encode("utf-8")


def head_language(raw: bytes) -> str:
    """The language of the head of a published orders file (English where no known head begins it)."""
    return next((lang for lang in HEAD_LANGUAGES if raw.startswith(_public_start(lang))
                 or raw.startswith(head(lang, "full").encode("utf-8"))), "en")


def public_part(secrecy: Secrecy, plaintext: bytes, lang: str = "en") -> tuple[str, bool]:
    """What is published of a sealed orders file at the deadline, and whether part of it stays sealed.

    ``plaintext`` was validated already. The envelope (game, turn, player, wait) and the public fields are
    written by the canonical writer, comments dropped; the names of the sealed fields are listed under
    ``sealed_until_end``.

    >>> s = Secrecy(sealed_fields={"standing": "reservation prices"})
    >>> text, partial = public_part(s, b"game: g\\nturn: 2\\nplayer: ann\\norders: {card: 3, standing: {C: 1}}\\n")
    >>> print(text, end="")
    # The public part of these orders. What sealed_until_end names stays sealed to the game's key
    # until the game ends (the .yaml.age file beside this one holds all of it).
    game: g
    turn: 2
    player: ann
    sealed_until_end:
    - standing
    orders:
      card: 3
    >>> partial
    True
    """
    data = yamlio.load_trusted(plaintext)
    public, sealed = split_orders(secrecy, data.get("orders"))
    out: dict[str, Any] = {k: data[k] for k in ("game", "turn", "player", "wait") if k in data}
    if sealed is not None:
        out[SEALED_MARK] = sorted(sealed) if isinstance(sealed, dict) else [
            secrecy.sealed_entry_text or "entries"]
    out["orders"] = public
    return head(lang, "public" if sealed is None else "sealed") + yamlio.dump(out), sealed is not None


def full_text(plaintext: bytes, lang: str = "en") -> str:
    """All of a sealed orders file as the deadline read it, as the last turn of a game with sealed fields publishes
    it (issue 28): the envelope and the orders by the canonical writer, without the player's comments.

    >>> sheet = b"# my hand: K7\\ngame: g\\nturn: 2\\nplayer: ann\\norders: {card: 3, standing: {C: 1}}\\n"
    >>> print(full_text(sheet), end="")
    # These orders in full, as the deadline read them (published when the game ended).
    game: g
    turn: 2
    player: ann
    orders:
      card: 3
      standing:
        C: 1
    """
    data = yamlio.load_trusted(plaintext)
    out: dict[str, Any] = {k: data[k] for k in ("game", "turn", "player", "wait", "orders") if k in data}
    return head(lang, "full") + yamlio.dump(out)


def is_full_text(raw: bytes) -> bool:
    """True for a published orders file that the last turn wrote in full from what the deadline read."""
    return any(raw.startswith(head(lang, "full").encode("utf-8")) for lang in HEAD_LANGUAGES)


def is_public_text(raw: bytes) -> bool:
    """True for a published orders file that the deadline rewrote to its public part (the full text is sealed)."""
    return any(raw.startswith(_public_start(lang)) for lang in HEAD_LANGUAGES)
