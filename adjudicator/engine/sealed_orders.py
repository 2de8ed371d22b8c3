"""Sealed orders files of a game: what the pull-request check sees without the key, and the deadline's opening."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import yamlio
from ..errors import SealError
from ..kit import orders as ordersmod
from ..kit.catalog import COMMANDS
from ..kit.orders import Finding, OrdersPath
from ..league.store import Game, orders_dir, orders_relpath
from ..sealed import crypto
from ..sealed.envelope import SEALED_MAX_BYTES, Stanza, dearmor, parse_sealed_path, read_header, recipient_problem


@dataclass(frozen=True)
class Envelopes:
    """What checking a sealed orders file without its key reads of its game (``read_envelopes``), once: whether it
    takes sealed orders, its open turn, its seats, whom each seat's files are sealed to (``readers``; the game's
    key and the seat's own; None where the game has no key, with the refusal ``no_key``), each seat's own key, the
    language its checks speak, and the league's sealed files' ``headers`` (``league_headers``; None: not read, and
    no file is checked for being a copy). ``envelope_findings`` checks a file against it and reads nothing."""

    game: str
    sealed: bool
    open_turn: int
    seats: tuple[str, ...]
    readers: Mapping[str, tuple[str, ...]] | None
    own: Mapping[str, str]
    lang: str
    no_key: SealError | None = None
    headers: Mapping[str, Sequence[Stanza]] | None = None


def read_envelopes(game: Game, root: Path | None = None) -> Envelopes:
    """What ``envelope_findings`` checks a sealed file of ``game`` against, read once (``Envelopes``); with the
    headers of the sealed files of the league at ``root``, where given."""
    seats = tuple(p.key for p in game.players)
    readers: dict[str, tuple[str, ...]] | None = {}
    no_key = None
    try:
        readers = {seat: tuple(game.recipients(seat)) for seat in seats}
    except SealError as e:
        readers, no_key = None, e
    own = {seat: found for seat in seats if (found := game.recipient_of(seat))}
    return Envelopes(game.id, game.sealed_orders, game.open_turn, seats, readers, own,
                     game.language, no_key,
                     None if root is None else league_headers(root))


def check_envelope(root: Path, rel: str, raw: bytes, game: Game) -> list[Finding]:
    """Everything about a sealed orders file that can be checked without its key (the pull-request check):
    ``envelope_findings`` against what ``game`` says (``read_envelopes``), then whether it is a copy of another
    sealed file of the league at ``root`` (read only for a file that passes the rest)."""
    envelopes = read_envelopes(game)
    found = envelope_findings(rel, raw, envelopes)
    return found or envelope_findings(rel, raw, dataclasses.replace(envelopes, headers=league_headers(root)))


def envelope_findings(rel: str, raw: bytes, game: Envelopes) -> list[Finding]:
    """Everything about a sealed orders file that can be checked without its key, from what ``game`` holds
    (``Envelopes``: its seats and keys and, where read, the league's other sealed files). Reads nothing.

    For a plaintext orders file of a game that takes sealed orders, the refusal. Path, game, player, open
    turn, size, armor, an age header, and its recipients: one per key the file must be sealed to, of the
    right kinds, and the player's own if it is an SSH key (its tag names it).
    """
    lang = game.lang  # the game's language, as every check of its orders

    def refuse(word: str, hint: str = "", /, **values: Any) -> list[Finding]:
        return [ordersmod.file_finding(rel, ordersmod.say(lang, word, **values),
                                       ordersmod.say(lang, hint, **values) if hint else "")]

    plain = ordersmod.parse_path(rel)
    if plain is not None:
        if game.sealed:
            return refuse("envelope.plain", "envelope.plain.hint", game=game.game, rel=rel)
        return []
    where = parse_sealed_path(rel)
    if where is None or where.game != game.game:
        return refuse("envelope.path", "envelope.path.hint", game=game.game, turn=f"{game.open_turn:04d}")
    if not game.sealed:
        return refuse("envelope.open", "envelope.open.hint", game=game.game,
                      plain=f"orders/{game.game}/{where.turn:04d}/{where.player}.yaml")
    if where.player not in game.seats:
        return refuse("not_playing", "pr.login_hint", player=repr(where.player), game=game.game)
    if where.turn != game.open_turn:
        return refuse("turn_done" if where.turn < game.open_turn else "turn_not_open", "envelope.turn.hint",
                      turn=where.turn, game=game.game, open=game.open_turn)
    if len(raw) > SEALED_MAX_BYTES:
        return refuse("pr.size_sealed", "envelope.size.hint", size=len(raw), most=SEALED_MAX_BYTES)
    binary, why = dearmor(raw, lang)
    if binary is None:
        return refuse("envelope.not_sealed", "envelope.not_sealed.hint", why=why)
    stanzas, why = read_header(binary, lang)
    if stanzas is None:
        return refuse("envelope.not_sealed", "envelope.not_sealed.hint", why=why)
    if game.readers is None:
        assert game.no_key is not None
        return [ordersmod.file_finding(rel, COMMANDS.told(lang, game.no_key))]
    problem = recipient_problem(stanzas, list(game.readers[where.player]), game.own.get(where.player), lang)
    if problem:
        return [ordersmod.file_finding(rel, problem, ordersmod.say(lang, "envelope.recipients.hint"))]
    original = copy_of(rel, stanzas, game.headers or {})
    if original is not None:
        return refuse("envelope.copy", "envelope.copy.hint", original=original)
    return []


def league_headers(root: Path) -> dict[str, list[Stanza]]:
    """The stanzas of every sealed file of the league at ``root`` that has a header, by its path, in the order of
    the paths: what tells a sealed orders file that is a copy of another (``copy_of``)."""
    out = {}
    for path in sorted([*root.glob("games/*/*.age"), *root.glob("games/*/turns/*/*.age"),
                        *root.glob("games/*/turns/*/private/*.age"), *root.glob("orders/*/*/*.age")]):
        if path.is_symlink() or not path.is_file():
            continue
        binary, _ = dearmor(ordersmod.read_limited(path, SEALED_MAX_BYTES * 4))
        found = read_header(binary)[0] if binary is not None else None
        if found is not None:
            out[path.relative_to(root).as_posix()] = found
    return out


def copy_of(rel: str, stanzas: Sequence[Stanza], headers: Mapping[str, Sequence[Stanza]]) -> str | None:
    """The sealed file of the league (``headers``: ``league_headers``) that ``rel`` is a copy of, if any: every
    sealing draws a new key share for each recipient, so two files with the same stanzas are one file twice. A
    copy of ``games/<g>/dice-secret.age`` in a keyless player's slot has the right recipients, and only this
    tells. The first in ``headers``' order is named."""
    if not stanzas:
        return None
    return next((other for other, found in headers.items() if other != rel and list(found) == list(stanzas)), None)


@dataclass
class Opened:
    """One sealed orders file as the deadline run opened it."""

    player: str
    file: str  # the sealed file
    plain_file: str  # where its plaintext is published with the turn
    plaintext: bytes | None  # None: it could not be opened
    why: SealError | None = None  # why not: the key's refusal, said in the game's words where judged (``unopened``)
    envelope: bytes = b""  # the sealed file's bytes as read: what the turn's dice digest binds (``dice.submitted``)


def open_orders(game: Game, turn: int, identities: Sequence[Any]) -> list[Opened]:
    """Decrypt every sealed orders file of ``turn``; a file that does not open says why (``Opened.why``)."""
    folder = game.root / orders_dir(game.id, turn)
    if not folder.is_dir():
        return []
    out = []
    for path in sorted(folder.glob("*.yaml.age")):
        rel = f"{orders_dir(game.id, turn)}/{path.name}"
        where = parse_sealed_path(rel)
        if where is None or path.is_symlink():
            continue
        plain_rel = orders_relpath(game.id, turn, where.player)
        raw = ordersmod.read_limited(path, SEALED_MAX_BYTES)
        try:
            if len(raw) > SEALED_MAX_BYTES:
                raise SealError("it is larger than a sealed orders file may be", word="seal.too_large")
            plaintext = crypto.decrypt(raw, identities)
        except SealError as e:
            out.append(Opened(where.player, rel, plain_rel, None, e))
            continue
        out.append(Opened(where.player, rel, plain_rel, plaintext, envelope=raw))
    return out


def unopened(error: SealError | None, plaintext: bytes, lang: str = "en") -> str | None:
    """Why a sealed orders file the deadline opened with the game's key (``open_orders``) gives no text to check,
    in ``lang``: the key's refusal ``error``, or a ``plaintext`` that is no UTF-8 text; None where it is text.

    >>> unopened(SealError("it is not sealed to this key", word="seal.other_key"), b"", "de")
    'die versiegelte Datei lässt sich nicht öffnen: sie ist nicht für diesen Schlüssel versiegelt'
    >>> unopened(None, b"\\xff", "en"), unopened(None, "game: g1".encode(), "en")
    ('sealed file does not hold UTF-8 text', None)
    """
    if error is not None:
        return ordersmod.say(lang, "refused.unopened", why=COMMANDS.told(lang, error))
    try:
        plaintext.decode("utf-8")
    except UnicodeDecodeError:
        return ordersmod.say(lang, "refused.not_utf8")
    return None


# Why a sealed file opened at the deadline is not taken: the report's words (data, replayed byte for byte).
NOT_ORDERS = "sealed file is not an orders file"
ANOTHER_SEAT = "sealed for another game, turn or player"


# The bounded reader's refusals whose words hold no byte of the file (yamlio.load).
BOUNDS_NAMING_NO_TEXT = ("nesting deeper than", "the document has more than", "anchors and aliases",
                         "the file is ", "a tab character", "not UTF-8 text")


def not_orders_file(plaintext: bytes, where: OrdersPath, lang: str = "en") -> tuple[str, str] | None:
    r"""Why ``plaintext`` is not a well-formed orders file of exactly the game, turn and player of its path
    (issue 28): the refusal (the report's code, English) and its one problem in ``lang``, or None if it is one.

    Anything sealed to the game's key opens at the deadline (a copy of ``games/<g>/dice-secret.age``, another
    game's hidden state), so what does not prove to be orders is refused whole and nothing of it is published:
    the words name what was expected, never what was found.

    >>> where = OrdersPath("g1", 1, "alice")
    >>> not_orders_file(b"game: g1\nturn: 1\nplayer: alice\norders: {bid: 2}\n", where) is None
    True
    >>> not_orders_file(b"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08\n", where)[0]
    'sealed file is not an orders file'
    >>> not_orders_file(b"game: g1\nturn: 7\nplayer: alice\norders: {bid: 2}\n", where)
    ('sealed for another game, turn or player', 'it names another turn than 1: a sealed file copied from elsewhere')
    >>> not_orders_file(b"game: g1\n\tturn: 1\n", where, "de")[1].split(": nichts")[0]
    'ein Tabulatorzeichen: YAML rückt nur mit Leerzeichen ein, also ist sie keine Befehlsdatei von g1, Zug 1, alice'
    """
    expected = {"game": where.game, "turn": where.turn, "player": where.player}
    try:
        data = yamlio.load(plaintext).data
    except yamlio.YamlInputError as e:
        # A broken bound names a number, never the file's text, so the player learns what to mend; any other
        # reader's fault may quote what was found, and is not repeated.
        bound = (ordersmod.unreadable(where.player, e, lang).message if e.message.startswith(BOUNDS_NAMING_NO_TEXT)
                 else ordersmod.say(lang, "refused.no_yaml"))
        return NOT_ORDERS, ordersmod.say(lang, "refused.bound", bound=bound, **expected)
    if not isinstance(data, dict):
        return NOT_ORDERS, ordersmod.say(lang, "refused.not_mapping", **expected)
    for key, value in expected.items():
        if key in data and (data[key] != value or type(data[key]) is not type(value)):
            return ANOTHER_SEAT, ordersmod.say(lang, "refused.another", key=key, value=repr(value))
    if (any(key not in data for key in ("game", "turn", "player", "orders"))
            or any(key not in ordersmod.ENVELOPE_KEYS for key in data)
            or ("wait" in data and not isinstance(data["wait"], bool))):
        return NOT_ORDERS, ordersmod.say(lang, "refused.not_envelope", **expected)
    return None
