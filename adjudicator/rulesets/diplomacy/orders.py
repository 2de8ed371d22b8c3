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

>>> from .mapdata import load_map
>>> str(parse_order(load_map("standard"), "f st petersburg (south coast) -> gulf of bothnia"))
'F Stp/sc - Bot'
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from ...errors import PROBLEMS, TurnpressError
from .mapdata import Map, display, english, name_key, province_of, words_of

UNIT_LETTERS = {"army": "A", "fleet": "F"}
# the kinds of words that can follow a unit, longest phrase first when two match ("wird aufgelöst", "wird")
AFTER_UNIT = ("hold", "move", "retreat", "support", "convoy", "transform", "build", "disband", "remove")


class OrderError(TurnpressError, ValueError):
    """An order that cannot be read; ``hint`` says what to write instead. Invalid orders exit 1."""

    exit_code = PROBLEMS

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


@dataclass(frozen=True)
class Order:
    """One order as read. Regions keep the coast when one was written (``spa/nc``).

    ``kind`` is one of hold, move, support, convoy, transform, retreat, disband, build, remove, waive, draw,
    nodraw (a power's votes withdrawn), concede (to the power ``target``).
    For support and convoy, ``other`` is the supported or convoyed unit's region and ``target`` the
    destination of the supported or convoyed move (``None`` for a support to hold). A double move keeps the
    province passed in ``via``; a transformation keeps the new unit type in ``other_type`` and, where a coast
    was written, the new region in ``target``.
    """

    kind: str
    unit_type: str | None = None
    region: str | None = None
    target: str | None = None
    via_convoy: bool = False
    other_type: str | None = None
    other: str | None = None
    power: str | None = None
    text: str = ""
    via: str | None = None

    @property
    def province(self) -> str | None:
        return province_of(self.region) if self.region else None

    def __str__(self) -> str:
        return judge_notation(self)


def _abbr(region: str | None) -> str:
    if region is None:
        return "?"
    prov, _, coast = region.partition("/")
    return display(prov) + (f"/{coast}" if coast else "")


def _unit(unit_type: str | None, region: str | None) -> str:
    letter = UNIT_LETTERS[unit_type] + " " if unit_type in UNIT_LETTERS else ""
    return letter + _abbr(region)


def judge_notation(o: Order) -> str:
    """The order in the notation of the judges: ``A Mun S A Bur - Par``."""
    u = _unit(o.unit_type, o.region)
    if o.kind == "hold":
        return f"{u} H"
    if o.kind in ("move", "retreat"):
        via = f" - {_abbr(o.via)}" if o.via else ""
        return f"{u}{via} - {_abbr(o.target)}" + (" via convoy" if o.via_convoy else "")
    if o.kind == "transform":
        new = UNIT_LETTERS.get(o.other_type or "", "?")
        coast = o.target.partition("/")[2] if o.target else ""
        return f"{u} T {new}" + (f"/{coast}" if coast else "")
    if o.kind == "support":
        other = _unit(o.other_type, o.other)
        return f"{u} S {other}" + (f" - {_abbr(o.target)}" if o.target else "")
    if o.kind == "convoy":
        return f"{u} C {_unit(o.other_type or 'army', o.other)} - {_abbr(o.target)}"
    if o.kind == "disband":
        return f"{u} Disband"
    if o.kind == "build":
        return f"Build {u}"
    if o.kind == "remove":
        return f"Remove {u}"
    if o.kind == "waive":
        return "Waive"
    if o.kind == "nodraw":
        return "Withdraw votes"
    if o.kind == "concede":
        return f"Concede to {o.target}"
    return "Propose draw"


class _Reader:
    def __init__(self, m: Map, text: str) -> None:
        self.m = m
        self.text = text
        self.toks = words_of(text)
        self.i = 0

    def peek(self) -> str | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def word(self, *kinds: str) -> str | None:
        """The kind of the longest order phrase of ``kinds`` at this point, taken; None if there is none."""
        for n in range(min(5, len(self.toks) - self.i), 0, -1):
            phrase = " ".join(self.toks[self.i:self.i + n])
            kind = next((k for k in kinds if phrase in self.m.words[k]), None)
            if kind:
                self.i += n
                return kind
        return None

    def take(self, *kinds: str) -> bool:
        return self.word(*kinds) is not None

    def unit_type(self) -> str | None:
        # "a" is also a word of no province name, so it can only be a unit type here
        start = self.i
        kind = self.word("army", "fleet")
        if kind and self._location_at(self.i) is not None:
            return kind
        self.i = start
        return None

    def _location_at(self, i: int) -> tuple[str, int] | None:
        for n in range(min(5, len(self.toks) - i), 0, -1):
            key = " ".join(self.toks[i:i + n])
            if key in self.m.names:
                return self.m.names[key], i + n
            if key in self.m.ambiguous:
                provs = self.m.ambiguous[key]
                names = [f"{self.m.full_name(p)} ({display(p)})" for p in provs]
                say = self.m.say
                raise OrderError(say("{name} may be {places} or {last}, in {order}", name=repr(self._as_written(key)),
                                     places=", ".join(names[:-1]), last=names[-1], order=repr(self.text)),
                                 say("write the abbreviation: {choices}", choices=say(" or ").join(
                                     display(p) for p in provs)))
        return None

    def _as_written(self, key: str) -> str:
        """``key`` (words as :func:`words_of` writes them) as the player wrote it, else ``key`` itself."""
        text = self.text
        for a in range(len(text)):
            if text[a].isspace() or (a and text[a - 1].isalnum()):
                continue
            for b in range(a + 1, min(len(text), a + 3 * len(key) + 8) + 1):
                if name_key(text[a:b]) == key:
                    return text[a:b]
        return key

    def location(self) -> str:
        found = self._location_at(self.i)
        if found is None:
            got = self.peek()
            if got in self.m.words["army"] | self.m.words["fleet"] and self.i + 1 < len(self.toks):
                got = self.toks[self.i + 1]  # 'A Xyz': the place is the word after the unit
            near = dict.fromkeys(self.m.full_name(self.m.names[n])
                                 for n in difflib.get_close_matches(got or "", list(self.m.names), n=5, cutoff=0.6))
            say = self.m.say
            hint = say("write a province as its abbreviation (Par, Stp/sc) or full name (Paris)")
            if near:
                hint = say("did you mean {places}? ", places=say(" or ").join(list(near)[:3])) + hint
            order = repr(self.text)
            raise OrderError(say("no place named {name} in {order}", name=repr(self._as_written(got)), order=order)
                             if got else say("a place is missing in {order}", order=order), hint)
        prov, self.i = found
        coast = None
        if self.take_token("/", "("):
            coast = self._coast()
            self.take_token("coast")
            self.take_token(")")
        elif self.peek() in ("nc", "sc", "ec", "wc"):
            coast = self._coast()
        else:
            coast = self._coast_phrase(prov)
        if coast is None:
            return prov
        if coast not in self.m.coasts(prov):
            have = ", ".join(f"{prov}/{c}" for c in self.m.coasts(prov)) or self.m.say("just {place}", place=prov)
            raise OrderError(self.m.say("{place} has no coast {coast}", place=self.m.full_name(prov),
                                        coast=repr(coast)), self.m.say("write {what}", what=have))
        return f"{prov}/{coast}"

    def _coast_phrase(self, prov: str) -> str | None:
        """A coast of several words after the province, where the map's words files give such phrases (the
        standard map: ``Spa south coast``, the judges' ``Spa-sc``); taken, else None. A dashed coast the province
        lacks is left alone: ``- sc`` could only be a move then, and the move's reading says what is wrong."""
        for n in range(min(3, len(self.toks) - self.i), 1, -1):
            phrase = " ".join(self.toks[self.i:self.i + n])
            coast = self.m.coast_words.get(phrase)
            if coast is None or (phrase.startswith("-") and coast not in self.m.coasts(prov)):
                continue
            self.i += n
            return coast
        return None

    def take_token(self, *toks: str) -> bool:
        if self.peek() in toks:
            self.i += 1
            return True
        return False

    def _coast(self) -> str:
        tok = self.peek()
        if tok not in self.m.coast_words:
            raise OrderError(self.m.say("cannot read the coast in {order}", order=repr(self.text)),
                             self.m.say("write the coast as nc, sc or ec"))
        self.i += 1
        return self.m.coast_words[tok]

    def done(self) -> bool:
        return self.i >= len(self.toks)


def parse_order(m: Map, text: str) -> Order:
    """Read one order in text notation; raises :class:`OrderError` with a hint if it cannot be read."""
    raw = text.strip()
    power = None
    head, sep, rest = raw.partition(":")
    if sep and head.strip().lower() in _power_names(m):
        power, raw = _power_names(m)[head.strip().lower()], rest.strip()
    r = _Reader(m, raw)
    if not r.toks:
        raise OrderError(m.say("the order is empty"), m.say("write an order such as 'A Par - Bur'"))
    opening = r.word("waive", "draw", "nodraw", "concede", "build", "remove", "disband")
    if opening == "waive":
        return _finish(r, Order("waive", power=power, text=text))
    if opening == "draw":
        r.take("draw")
        return _finish(r, Order("draw", power=power, text=text))
    if opening == "nodraw":
        return _finish(r, Order("nodraw", power=power, text=text))
    if opening == "concede":
        named = " ".join(r.toks[r.i:])
        to = _power_names(m).get(named)
        if to is None:
            raise OrderError(m.say("concede to which power, in {order}?", order=repr(text)),
                             m.say("write 'Concede to' and a power: {powers}",
                                   powers=", ".join(str(p["name"]) for p in m.powers.values())))
        r.i = len(r.toks)
        return _finish(r, Order("concede", target=to, power=power, text=text))
    if opening == "build":
        ut = r.unit_type()
        if ut is None:
            raise OrderError(m.say("say what to build in {order}", order=repr(text)),
                             m.say("write 'Build A Par' or 'Build F Stp/nc'"))
        return _finish(r, Order("build", ut, r.location(), power=power, text=text))
    if opening in ("remove", "disband"):
        ut = r.unit_type()
        return _finish(r, Order("remove", ut, r.location(), power=power, text=text))
    ut = r.unit_type()
    region = r.location()
    order: Order
    kind = "hold" if r.done() else r.word(*AFTER_UNIT)
    if kind == "hold":
        order = Order("hold", ut, region, power=power, text=text)
    elif kind in ("move", "retreat"):
        assert kind is not None
        target = r.location()
        passed = None
        if kind == "move" and r.take("move"):
            passed, target = target, r.location()
        via = False
        if r.take("via_convoy"):
            via = True
        elif r.peek() in ("via", "by"):
            raise OrderError(m.say("cannot read {order}", order=repr(text)),
                             m.say("write 'via convoy' after the destination"))
        order = Order(kind, ut, region, target, via_convoy=via, power=power, text=text, via=passed)
    elif kind == "support":
        ot = r.unit_type()
        other = r.location()
        target = None
        # the longest phrase first: "A Mun S A Ber to hold" is a support to hold, "to" alone a move
        if r.word("move", "hold") == "move":
            target = r.location()
        order = Order("support", ut, region, target, other_type=ot, other=other, power=power, text=text)
    elif kind == "convoy":
        ot = r.unit_type()
        other = r.location()
        if not r.take("move"):
            raise OrderError(m.say("a convoy needs a destination in {order}", order=repr(text)),
                             m.say("write 'F Nth C A Lon - Bel'"))
        order = Order("convoy", ut, region, r.location(), other_type=ot, other=other, power=power, text=text)
    elif kind == "transform":
        new = r.word("army", "fleet")
        if new is None:
            raise OrderError(m.say("say what the unit becomes in {order}", order=repr(text)),
                             m.say("write 'A Xxx T F' or 'F Xxx T A'"))
        coast = None
        if r.take_token("/", "("):
            coast = r._coast()
            r.take_token("coast")
            r.take_token(")")
        elif r.peek() in m.coast_words and r.i == len(r.toks) - 1:
            coast = r._coast()
        new_region = None
        if coast is not None:
            if coast not in m.coasts(province_of(region)):
                raise OrderError(m.say("{place} has no coast {coast}", place=m.full_name(province_of(region)),
                                       coast=repr(coast)), m.say("name the coast only for a province with two"))
            new_region = f"{province_of(region)}/{coast}"
        order = Order("transform", ut, region, new_region, other_type=new, power=power, text=text)
    elif kind == "build":
        order = Order("build", ut, region, power=power, text=text)
    elif kind in ("disband", "remove"):
        order = Order("disband", ut, region, power=power, text=text)
    else:
        raise OrderError(m.say("cannot read {order} after {word}", order=repr(text), word=repr(r.toks[r.i - 1])),
                         m.say("write H (hold), - (move), S (support), C (convoy) or Disband"))
    return _finish(r, order)


def _finish(r: _Reader, order: Order) -> Order:
    if not r.done():
        raise OrderError(r.m.say("unexpected {words} at the end of {order}", words=repr(" ".join(r.toks[r.i:])),
                                 order=repr(r.text)), r.m.say("one order per entry; remove the extra words"))
    return order


def _power_names(m: Map) -> dict[str, str]:
    out = {}
    for key, p in m.powers.items():
        out[key] = key
        out[str(p["name"]).lower()] = key
        out[str(p["abbreviation"]).lower()] = key
    return out


def structured_to_text(entry: dict[str, Any], m: Map | None = None) -> str:
    """A structured YAML entry as the text it stands for; raises :class:`OrderError` if it has no meaning (said
    in the language of ``m``, English without it)."""
    say = m.say if m is not None else english
    e = {str(k): v for k, v in entry.items()}
    unit = str(e.get("unit", "")).strip()
    if "build" in e:
        return f"Build {e['build']}"
    if "remove" in e:
        return f"Remove {e['remove']}"
    if e.get("waive"):
        return "Waive"
    if e.get("draw"):
        return "Propose draw"
    if e.get("draw") is False or e.get("withdraw"):
        return "Withdraw votes"
    if e.get("concede"):
        return f"Concede to {e['concede']}"
    if not unit:
        raise OrderError(say("the entry names no unit"), say("write e.g. {{unit: A Par, move: Bur}}"))
    if "via" in e:
        # a double move downstream (30JK section 4): the fleet passes ``via`` and ends in ``move``
        if "move" not in e:
            raise OrderError(say("a double move needs its target"),
                             say("write e.g. {{unit: F Lun, via: Ham, move: ElbM}}"))
        if e.get("via_convoy"):
            raise OrderError(say("a double move is the fleet's own move, not a convoy"),
                             say("leave out via_convoy"))
        return f"{unit} - {e['via']} - {e['move']}"
    if "move" in e:
        return f"{unit} - {e['move']}" + (" via convoy" if e.get("via_convoy") else "")
    if "transform" in e:
        return f"{unit} T {e['transform']}"
    if "retreat" in e:
        return f"{unit} - {e['retreat']}"
    if "support" in e:
        return f"{unit} S {e['support']}"
    if "convoy" in e:
        return f"{unit} C {e['convoy']}"
    if e.get("disband"):
        return f"{unit} disband"
    if e.get("hold", True):
        return f"{unit} H"
    raise OrderError(say("the entry says nothing to do"), say("add move:, support:, convoy: or hold: true"))


def read_order(m: Map, entry: Any) -> Order:
    """An order from a list entry: a string in text notation or a structured mapping."""
    if isinstance(entry, str):
        return parse_order(m, entry)
    if isinstance(entry, dict):
        return parse_order(m, structured_to_text(entry, m))
    raise OrderError(m.say("an order must be a text or a mapping"), m.say("write e.g. 'A Par - Bur'"))
