"""Orders: what a player writes, read into :class:`Order` and written back in judge notation.

Text notation as on the judges, any case, abbreviations or full names::

    A Par - Bur          A Lvp - Edi via convoy     F Nth C A Lon - Bel      A Mun S A Bur - Par
    A Mun S Bur          F Stp/sc - Bot             F spa(nc) H              Build A Par
    Remove F Nth         A Par disband              Waive                    Propose draw

On maps that have them (``order_types`` of the map): a double move downstream ``F Lun - Ham - ElbM`` and a
transformation ``A FAns T F(nc)``, ``F Lin T A`` (checked by the resolver against the map).

Structured YAML entries say the same with keys: ``{unit: A Par, move: Bur}``, ``{unit: A Lvp, move: Edi,
via_convoy: true}``, ``{unit: F Nth, convoy: A Lon - Bel}``, ``{unit: A Mun, support: A Bur - Par}``,
``{unit: A Par, hold: true}``, ``{unit: F Nth, retreat: Nwg}``, ``{unit: F Nth, disband: true}``,
``{build: A Par}``, ``{remove: F Nth}``, ``{waive: true}``, ``{draw: true}``; on maps with them a double move
``{unit: F Lun, via: Ham, move: ElbM}`` and a transformation ``{unit: A FAns, transform: F/nc}``.

>>> from .tables import load_map, shipped
>>> str(parse_order(load_map("standard", shipped()), "f st petersburg (south coast) -> gulf of bothnia"))
'F Stp/sc - Bot'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, cast

from .kinds import build, convoy, disband, hold, move, retreat, support, transform, votes
from .reading import (
    AFTER_UNIT,
    LINE,
    RAW,
    UNIT_LETTERS,
    WRITTEN,
    Look,
    Order,
    OrderError,
    Reader,
    Say,
    WordsReader,
    as_written,
    finish,
    judge_notation,
    power_names,
)
from .tables import Map, english, words_of

__all__ = ["UNIT_LETTERS", "Entry", "Line", "Order", "OrderError", "entry_of", "judge_notation", "parse_order",
           "read_order", "read_watched", "structured_to_text"]


class Entry(hold.HoldKeys, move.MoveKeys, support.SupportKeys, convoy.ConvoyKeys, retreat.RetreatKeys,
            disband.DisbandKeys, transform.TransformKeys, build.BuildKeys, votes.VoteKeys, total=False):
    """A structured order as the rules read it: the unit ordered and the keys of every kind, each kind's own
    declared in its module (``kinds/*.py``), which its ``structured`` reads; the first kind that knows its keys
    says the order."""

    unit: str


Line = str | Entry
"""An entry of a Diplomacy orders file (the list under ``orders:``): a line in judge notation or a structured
order."""


def entry_of(raw: Mapping[Any, Any]) -> Entry:
    """A structured entry of an orders file as the rules read it: its keys as text. Its values are of the types
    the schema admits wherever the turn plays it; ``check`` also runs beside the schema's findings (the orders
    page, a file read benevolently), where a value of another type still reads as its text."""
    return cast(Entry, {str(k): v for k, v in raw.items()})

Parse = Callable[[Reader, "str | None", str, "str | None", str], Order]
# the word after the unit -> the kind's reading of the rest (``A Par - Bur``: move's)
AFTER: dict[str, Parse] = {"hold": hold.parse, "move": move.parse, "retreat": retreat.parse,
                           "support": support.parse, "convoy": convoy.parse, "transform": transform.parse,
                           "build": build.parse, "disband": disband.parse, "remove": disband.parse}
# a structured entry's keys, read by the kinds in this order (the first that knows its keys says the order)
STRUCTURED: tuple[Callable[[Entry, str, Say], str | None], ...] = (
    move.structured, transform.structured, retreat.structured, support.structured, convoy.structured,
    disband.structured, hold.structured)


def parse_order(m: Map, text: str, watch: list[Look] | None = None) -> Order:
    """Read one order in text notation; raises :class:`OrderError` with a hint if it cannot be read. ``watch``:
    a list the reader notes each look at the line's words in (``reading.Look``: the orders page's verdicts)."""
    power, raw = _addressed(m, text)
    return _read(Reader(m, raw, watch), power, text)


def _addressed(m: Map, text: str) -> tuple[str | None, str]:
    """The power a line names before a colon (``England: A Lon H``), if any, and the line after it, stripped."""
    raw = text.strip()
    head, sep, rest = raw.partition(":")
    if sep and head.strip().lower() in power_names(m):
        return power_names(m)[head.strip().lower()], rest.strip()
    return None, raw


def _read(r: Reader, power: str | None, text: str) -> Order:
    """The order ``r`` reads, of ``power``'s (named in the line), ``text`` being the line as given."""
    m = r.m
    if r.done():
        raise OrderError(m.say("the order is empty"), m.say("write an order such as 'A Par - Bur'"))
    opening = r.word("waive", "draw", "nodraw", "concede", "build", "remove", "disband")
    if opening in ("draw", "nodraw", "concede"):
        return finish(r, votes.parse_opening(r, opening, power, text))
    if opening is not None:
        return finish(r, build.parse_opening(r, opening, power, text))
    ut = r.unit_type()
    region = r.location()
    kind = "hold" if r.done() else r.word(*AFTER_UNIT)
    if kind is None:
        raise OrderError(m.say("cannot read {order} after {word}", order=repr(text), word=repr(r.toks[r.i - 1])),
                         m.say("write H (hold), - (move), S (support), C (convoy) or Disband"))
    return finish(r, AFTER[kind](r, ut, region, power, text))


def structured_to_text(entry: Mapping[Any, Any], m: Map | None = None) -> str:
    """A structured YAML entry as the text it stands for; raises :class:`OrderError` if it has no meaning (said
    in the language of ``m``, English without it)."""
    say = m.say if m is not None else english
    e = entry_of(entry)
    unit = str(e.get("unit", "")).strip()
    text = build.structured(e, say) or votes.structured(e, say)
    if text:
        return text
    if not unit:
        raise OrderError(say("the entry names no unit"), say("write e.g. {{unit: A Par, move: Bur}}"))
    for kind in STRUCTURED:
        text = kind(e, unit, say)
        if text:
            return text
    raise OrderError(say("the entry says nothing to do"), say("add move:, support:, convoy: or hold: true"))


# The most order texts a map keeps the reading of (``Map.order_reads``): more than the lines of every player's
# verdicts of a turn (a few thousand); beyond it the kept readings are dropped and kept anew
KEPT_READS = 20_000


def read_order(m: Map, entry: object) -> Order:
    """An order from a list entry: a string in text notation or a structured mapping. A text read once on a map
    is not read again (``Map.order_reads``): the reading is pure in the map and the text."""
    if isinstance(entry, str):
        known = m.order_reads.get(entry)
        if known is None:
            known = _kept(m, entry, None)
        if isinstance(known, Order):
            return known
        raise OrderError(*known)
    if isinstance(entry, dict):
        return parse_order(m, structured_to_text(entry, m))
    raise OrderError(m.say("an order must be a text or a mapping"), m.say("write e.g. 'A Par - Bur'"))


def _kept(m: Map, text: str, watch: list[Look] | None) -> Order | tuple[str, str]:
    """``text`` read (``watch``: the looks noted), the order or the error's (message, hint) kept by the map. The
    reading of its words is kept too (``Map.word_reads``) and read again only where the looks are asked for: a
    line of the same words (in capitals, with other spaces) is that reading with its own quotes put in."""
    known: Order | tuple[str, str] | None = None
    if "\x00" not in text:  # (the marks' character: such a line is read as it is)
        power, raw = _addressed(m, text)
        toks = words_of(raw)
        key = (power, tuple(toks))
        words = m.word_reads.get(key)
        if words is None or watch is not None:
            r = WordsReader(m, toks, watch)
            try:
                words = _read(r, power, LINE)
            except OrderError as e:
                words = (e.message, e.hint, tuple(r.written))
            if len(m.word_reads) >= KEPT_READS:
                m.word_reads.clear()
            m.word_reads[key] = words
        known = filled(words, text, raw)
    if known is None:
        if watch is not None:
            watch.clear()  # the looks of the reading of the words, the same
        try:
            known = parse_order(m, text, watch)
        except OrderError as e:
            known = (e.message, e.hint)
    if len(m.order_reads) >= KEPT_READS:
        m.order_reads.clear()
    m.order_reads[text] = known
    return known


def filled(words: Order | tuple[str, str, tuple[str, ...]], text: str, raw: str) -> Order | tuple[str, str] | None:
    """A reading of a line's words alone (``WordsReader``: the order, or the error's message, hint and the pieces
    it quoted as written) as the reading of ``text`` (``raw``: after a power's name): the line where the order
    keeps it, and where a message quotes the line or a piece of it, the quote ``repr`` writes of the line's own
    (``reading.as_written``). The marks are replaced one after the other: a quote of a line without a NUL holds
    no mark (``repr`` writes a backslash of the line as two). ``None`` where a mark is left (a message that wrote
    the line in some other way): the line is then read as it is."""
    if isinstance(words, Order):
        return replace(words, text=text)
    message, hint, written = words
    marks = [(LINE, text), (RAW, raw), *((f"{WRITTEN}{key}\x00", as_written(raw, key)) for key in written)]
    for mark, own in marks:
        message, hint = message.replace(repr(mark), repr(own)), hint.replace(repr(mark), repr(own))
    return None if "\x00" in message or "\x00" in hint else (message, hint)


def read_watched(m: Map, text: str) -> list[Look]:
    """The looks the reader takes reading ``text`` (``reading.Look``), its reading kept as ``read_order`` keeps
    it (the watch changes no reading): the orders page's verdicts look at the lines they then ``check``, and
    each is read once (issue 33)."""
    watch: list[Look] = []
    _kept(m, text, watch)
    return watch
