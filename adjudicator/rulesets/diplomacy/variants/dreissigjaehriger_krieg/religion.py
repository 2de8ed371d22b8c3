"""Religion points, confessions and religious warfare of 30JK (sections 8-11 of the rules).

Religious actions are lines of the same orders file, written as Ludomaniac players write them::

    Ungehorsam A Pra 3 RP          Aufwiegeln F Lin: 5 RP          Kirchenbau A Mei (2 RP)
    Söldner A Kar - Pra 4 RP       Konfessionswechsel              Konfession katholisch

(English words work too: disobedience, incite, church, mercenaries, convert, confession.) Every action names
one unit and the points paid for it; hiring mercenaries also gives the neutral unit's order.

The same as YAML mappings (see :func:`action_text`)::

    {disobedience: A Pra, points: 3}   {incite: F Lin, points: 5}   {church: A Mei, points: 2}
    {mercenaries: A Kar, move: Pra, points: 4}   {convert: true}   {confession: katholisch}

>>> from ...tables import load_map, shipped
>>> a = parse_action(load_map("dreissigjaehriger-krieg", shipped()), "Söldner anheuern: A Kar - Pra (4 RP)")
>>> a.kind, a.unit, a.points, a.order_text
('mercenaries', 'Kar', 4, 'A Kar - Pra')
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .....errors import PROBLEMS, TurnpressError
from ...notation import Order, OrderError, judge_notation, read_order, structured_to_text
from ...state import State
from ...tables import Map, display, english

KINDS = ("disobedience", "incite", "church", "mercenaries")
MINIMUM = {"disobedience": 2, "incite": 5, "church": 2, "mercenaries": 3}  # section 10
GERMAN = {"disobedience": "Ungehorsam stiften", "incite": "Einheit aufwiegeln", "church": "Kirchenbau",
          "mercenaries": "Söldner anheuern"}
WORDS = [  # (pattern of the action's opening words, kind)
    (r"ungehorsam(\s+stiften)?|unruhe(\s+stiften)?|disobedience|disobey", "disobedience"),
    (r"(einheit\s+)?aufwiegeln|aufwiegelung|incite", "incite"),
    (r"kirchenbau|kirche(\s+bauen)?|church", "church"),
    (r"s(ö|oe|o)ldner(\s+anheuern)?|mercenaries|hire", "mercenaries"),
    (r"konfessionswechsel|konvertieren|konversion|convert|conversion", "convert"),
    (r"konfession|confession", "confession"),
]
# each opening as ``kind_of`` matches it, compiled once (it reads every line of every check: issue 33)
_OPENINGS = [(re.compile(rf"({pattern})(\s|:|$)"), kind) for pattern, kind in WORDS]
CONFESSION_WORDS = {"katholisch": "catholic", "kath": "catholic", "catholic": "catholic",
                    "protestantisch": "protestant", "prot": "protestant", "evangelisch": "protestant",
                    "protestant": "protestant"}
GERMAN_CONFESSION = {"catholic": "katholisch", "protestant": "protestantisch", "ex-catholic": "ex-katholisch",
                     "ex-protestant": "ex-protestantisch"}
_POINTS = re.compile(r"[\s:=,(]*(\d+)\s*(rp|punkte?|points?|pts?)?\s*\)?\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Action:
    """One line of religious warfare (or a confession change): what, on which unit, for how many points."""

    kind: str  # disobedience, incite, church, mercenaries, convert, confession
    text: str
    unit: str | None = None  # province of the target unit
    unit_type: str | None = None
    points: int = 0
    order_text: str = ""  # mercenaries: the neutral unit's order in judge notation
    confession: str = ""  # confession: the one chosen


class ActionError(TurnpressError, ValueError):
    """A religious action that cannot be read; ``hint`` says what to write instead. Invalid orders exit 1."""

    exit_code = PROBLEMS

    def __init__(self, message: str, hint: str) -> None:
        super().__init__(message)
        self.message, self.hint = message, hint


def kind_of(text: str) -> str | None:
    """The action a line opens with, or None if it is an ordinary order. Kept by the text in lower case without
    its outer spaces, all ``_kind`` reads (``_kept_kind``), where it is no longer than an order the schema admits:
    ``split`` asks it of every line of every ``check``, and the orders page's verdicts run ``check`` thousands of
    times a player on the same lines, each also in capitals (issue 33)."""
    low = text.strip().lower()
    return _kept_kind(low) if len(text) <= KEPT_KIND_CHARS else _kind(low)


# The longest text whose kind is kept: the schema's longest order line (a longer one is read each time, so that
# what is kept stays bounded whatever a player sends)
KEPT_KIND_CHARS = 200


@functools.lru_cache(maxsize=8192)
def _kept_kind(low: str) -> str | None:
    return _kind(low)


def _kind(low: str) -> str | None:
    """The action a line in lower case without its outer spaces opens with (``kind_of``)."""
    for opening, kind in _OPENINGS:
        if opening.match(low):
            return kind
    return None


# keys of a structured action: the action (its value names the unit), and the points paid for it
ACTION_KEYS = ("disobedience", "incite", "church", "mercenaries", "convert", "confession")
# keys that give the hired neutral unit's order, as in a structured order of one's own unit
MERCENARY_ORDER_KEYS = ("hold", "move", "via", "via_convoy", "support", "convoy", "transform")
EXAMPLES = {"disobedience": "{disobedience: A Pra, points: 3}", "incite": "{incite: F Lin, points: 5}",
            "church": "{church: A Mei, points: 2}", "mercenaries": "{mercenaries: A Kar, move: Pra, points: 4}",
            "convert": "{convert: true}", "confession": "{confession: katholisch}"}


def is_action_entry(entry: object) -> bool:
    """True for an orders-file entry that is a religious action (a text line or a mapping)."""
    if isinstance(entry, str):
        return kind_of(entry) is not None
    return isinstance(entry, dict) and any(str(k) in (*ACTION_KEYS, "points") for k in entry)


def action_text(entry: object, m: Map | None = None) -> str:
    """The line a religious-action entry stands for: a text line as it is, a mapping in the words of the rules
    (``{mercenaries: A Kar, move: Pra, points: 4}`` -> ``Söldner anheuern: A Kar - Pra (4 RP)``); raises
    :class:`ActionError` if the mapping has no meaning (in the language of ``m``, English without it)."""
    say = m.say if m is not None else english
    if isinstance(entry, str):
        return entry
    # a mapping, as ``is_action_entry`` found it; anything else says no action
    e = {str(k): v for k, v in entry.items()} if isinstance(entry, Mapping) else {}
    kinds = [k for k in ACTION_KEYS if k in e]
    if len(kinds) != 1:
        raise ActionError(say("one religious action per entry" if kinds else "the entry says no religious action"),
                          say("write e.g. {example}; points: belongs only to an action",
                              example=EXAMPLES["disobedience"]))
    kind = kinds[0]
    allowed = ({kind} | ({"points"} if kind in KINDS else set())
               | (set(MERCENARY_ORDER_KEYS) if kind == "mercenaries" else set()))
    extra = sorted(set(e) - allowed)
    if extra:
        raise ActionError(say("{keys} does not belong to {kind}", keys=", ".join(extra), kind=kind),
                          say("write e.g. {example}", example=EXAMPLES[kind]))
    if kind == "convert":
        if e["convert"] is not True:
            raise ActionError(say("convert: says nothing but true"),
                              say("write {{convert: true}} or leave the entry out"))
        return "Konfessionswechsel"
    if kind == "confession":
        return f"Konfession {e['confession']}"
    points = e.get("points")
    if isinstance(points, bool) or not isinstance(points, int):
        raise ActionError(say("say how many religion points you pay for {action}", action=GERMAN[kind]),
                          say("add points: {n} (a whole number, at least {n})", n=MINIMUM[kind]))
    unit = str(e[kind]).strip()
    if kind == "mercenaries" and any(k in e for k in MERCENARY_ORDER_KEYS):
        try:
            unit = structured_to_text({"unit": unit, **{k: e[k] for k in MERCENARY_ORDER_KEYS if k in e}}, m)
        except OrderError as err:
            raise ActionError(say("the mercenaries' order: {why}", why=err.message), err.hint) from err
    return f"{GERMAN[kind]}: {unit} ({points} RP)"


# The most action texts a map keeps the reading of (``Map.action_reads``), as ``notation.KEPT_READS``
KEPT_ACTION_READS = 20_000


def read_action(m: Map, text: str) -> Action:
    """``parse_action``, its reading (the action, or the error's message and hint) kept by the map
    (``Map.action_reads``): the reading is pure in the map and the text, and ``check_extra`` reads each religious
    line of a sheet in every run of the rules (the orders page's verdicts: thousands of runs a player, issue 33)."""
    known = m.action_reads.get(text)
    if known is None:
        try:
            known = parse_action(m, text)
        except ActionError as e:
            known = (e.message, e.hint)
        if len(m.action_reads) >= KEPT_ACTION_READS:
            m.action_reads.clear()
        m.action_reads[text] = known
    if isinstance(known, Action):
        return known
    raise ActionError(*known)


def parse_action(m: Map, text: str) -> Action:
    """Read one line of religious warfare; raises :class:`ActionError` with a hint."""
    kind, say = kind_of(text) or "", m.say
    if not kind:
        raise ActionError(say("{line} is no religious action", line=repr(text)),
                          say("begin with Ungehorsam, Aufwiegeln, Kirchenbau or Söldner"))
    low = text.strip()
    for pattern, k in WORDS:
        if k == kind:
            low = re.sub(rf"^({pattern})\s*:?\s*", "", low, count=1, flags=re.IGNORECASE)
            break
    if kind == "convert":
        return Action("convert", text)
    if kind == "confession":
        word = low.strip(" :").lower()
        if word not in CONFESSION_WORDS:
            raise ActionError(say("cannot read the confession in {line}", line=repr(text)),
                              say("write 'Konfession katholisch' or 'Konfession protestantisch'"))
        return Action("confession", text, confession=CONFESSION_WORDS[word])
    found = _POINTS.search(low)
    if not found:
        raise ActionError(say("say how many religion points you pay in {line}", line=repr(text)),
                          say("write e.g. '{action} A Pra 3 RP'", action=GERMAN[kind]))
    points = int(found.group(1))
    rest = low[:found.start()].strip(" :")
    try:
        order = read_order(m, rest)
    except OrderError as e:
        raise ActionError(say("{why} (in {line})", why=e.message, line=repr(text)),
                          say("name the unit, e.g. '{action} A Pra 3 RP'", action=GERMAN[kind])) from e
    if kind == "mercenaries":
        if order.kind not in ("hold", "move", "support", "convoy", "transform"):
            raise ActionError(say("the mercenaries' order cannot be read in {line}", line=repr(text)),
                              say("write e.g. 'Söldner A Kar - Pra 4 RP'"))
        return Action(kind, text, order.province, order.unit_type, points, judge_notation(order))
    if order.kind != "hold":
        raise ActionError(say("only a unit is named in {action} ({line})", action=GERMAN[kind], line=repr(text)),
                          say("write '{action} A Pra 3 RP'", action=GERMAN[kind]))
    return Action(kind, text, order.province, order.unit_type, points)


def hired(state: State) -> list[str]:
    """The units that may be hired (section 10, Söldner anheuern: neutral units only)."""
    return [u for k in sorted(state.get("neutrals", {})) for u in state["units"].get(k, [])]


def choosing(m: Map, state: State) -> bool:
    """Section 13, second modification: the start confession is chosen with the orders of Spring 1618."""
    first = state["year"] == int(m.data["start"]["year"]) and state["season"] == m.phases()[0]["season"]
    return first and state["kind"] == "movement" and state["rules"].get("confessions") == "chosen"


def allotment(centres: int) -> int:
    """Section 8: religion points for a Fall with this many supply centres."""
    if centres <= 0:
        return 0
    if centres == 1:
        return 3
    if centres <= 4:
        return 5
    if centres <= 9:
        return 7
    if centres <= 16:
        return 9
    return 11


def conversion_cost(centres: int) -> int:
    """Section 9: points a change of confession costs."""
    if centres <= 1:
        return 0
    if centres <= 4:
        return 2
    if centres <= 9:
        return 4
    if centres <= 15:
        return 6
    return 8


def opposite(confession: str) -> str:
    return {"catholic": "protestant", "protestant": "catholic"}[confession.removeprefix("ex-")]


def describe(m: Map, a: Action) -> str:
    """How the receipt and the newsletter write an action (German, as the rules name it)."""
    if a.kind == "convert":
        return "Konfessionswechsel"
    if a.kind == "confession":
        return f"Startkonfession {GERMAN_CONFESSION[a.confession]}"
    unit = ("A " if a.unit_type == "army" else "F " if a.unit_type == "fleet" else "") + display(a.unit or "?")
    target = a.order_text if a.kind == "mercenaries" else unit
    return f"{GERMAN[a.kind]}: {target} ({a.points} RP)"


# ----- resolution (section 10) --------------------------------------------------------------------------------

@dataclass
class Bid:
    power: str
    action: Action
    influence: int  # points paid plus bonus points
    bonus: int


def bonus(m: Map, kind: str, actor: str, actor_faith: str, target_owner: str, target_faith: str,
          target_province: str, units: list[Any], neutral_faith: str | None = None) -> int:
    """Bonus points of section 10 for ``actor`` (whose confession is ``actor_faith``) acting on a unit.

    ``target_faith`` is the confession of the unit's nation (``ex-...`` in a transition); for a neutral unit
    its own. An actor in transition counts with the confession it is changing to (the change takes effect at
    once, section 9)."""
    own = opposite(actor_faith) if actor_faith.startswith("ex-") else actor_faith
    points = 0
    near = m.neighbours.get(target_province, frozenset())
    if any(u.power == actor and u.province in near for u in units):
        points += 1
    if kind in ("disobedience", "incite"):
        if target_faith == f"ex-{own}":
            points += 2
        elif target_faith == opposite(own) and not target_faith.startswith("ex-"):
            points += 1
    elif kind == "church":
        if target_owner == actor or target_faith == own:
            points += 2
    elif kind == "mercenaries" and target_faith == own:
        points += 1
    return points


def winner(bids: list[Bid]) -> tuple[str, str] | None:
    """The action that prevails on one unit: payments for the same action add up, the highest total wins,
    a tie does nothing. Returns (kind, order text) or None."""
    totals: dict[tuple[str, str], int] = {}
    for b in bids:
        key = (b.action.kind, b.action.order_text)
        totals[key] = totals.get(key, 0) + b.influence
    if not totals:
        return None
    best = max(totals.values())
    top = sorted(k for k, v in totals.items() if v == best)
    return top[0] if len(top) == 1 else None


def mercenary_order(m: Map, a: Action, owner: str) -> Order:
    order = read_order(m, a.order_text)
    return Order(order.kind, order.unit_type, order.region, order.target, order.via_convoy, order.other_type,
                 order.other, owner, f"{a.order_text}", order.via)
