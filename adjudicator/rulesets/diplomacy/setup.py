"""Diplomacy's options, the data a game pins, and the state at turn 0 (the map's start, each player seated as a
power; a variant's rulebook adds its own)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...dice import Dice
from ...kit import gamedata
from ...kit.ruleset import RulesetError
from ...model import Player
from .adjudicate import label_words
from .rulebook import rulebook_for
from .state import Rules as RulesOptions
from .state import State
from .tables import Map, available_maps, drawing_file, load_map, map_data_files

OPTIONS = {
    "map": ("standard", "the map (a file in the ruleset's data/maps/ folder)"),
    "convoy_intent": ("2023", "2023, explicit or 1971: when an army goes by convoy to an adjacent province"),
    "civil_disorder": ("owned", "owned (2023) or home: the centres civil-disorder distances count to"),
}


def _label_options(m: Map) -> dict[str, tuple[str, str]]:
    """The ``labels`` option, on maps whose calendar names phases in another language; its default is the map's
    own language (``language:``, 30JK: de), else English."""
    languages = sorted(m.data["calendar"].get("labels", {}))
    if not languages:
        return {}
    return {"labels": (str(m.data.get("language", "en")),
                       f"en or {' or '.join(languages)}: the language of the phase labels")}


def _power_of(m: Map, role: str | None) -> str:
    text = (role or "").strip().lower()
    for key, p in m.powers.items():
        if text in (key, str(p["name"]).lower(), str(p["abbreviation"]).lower()):
            return key
    raise RulesetError(f"role {role!r} is not a power of this map; choose one of {', '.join(m.powers)}",
                       word="setup.role", role=repr(role), powers=", ".join(m.powers))


def _map_option(options: Mapping[str, Any]) -> str:
    name = str(options.get("map", OPTIONS["map"][0]))
    if name not in available_maps():
        raise RulesetError(f"unknown map {name!r}; known: {', '.join(available_maps())}", word="setup.map",
                           map=repr(name), known=", ".join(available_maps()))
    return name


def data_files(options: Mapping[str, Any], data: gamedata.GameData) -> list[str]:
    """The data a game with ``options`` reads: its map (provinces, adjacency, supply centres, home centres), the
    words its orders may be written in (as ``data``'s map names them) and, where the map has one, its drawing,
    from which the issue pages are rendered (``verify`` renders them again)."""
    name = _map_option(options)
    drawn = [drawing_file(name)] if gamedata.ships(__package__, drawing_file(name)) else []
    return [*map_data_files(name, data), *drawn]


def setup(options: Mapping[str, Any], players: Sequence[Player], dice: Dice | None,
          data: gamedata.GameData) -> State:
    """The state at turn 0 of a game with ``options`` on its map read from ``data`` (``tables.shipped()`` for the
    shipped one)."""
    name = _map_option(options)
    book = rulebook_for(load_map(name, data))
    known = {**OPTIONS, **_label_options(load_map(name, data)), **book.options}
    unknown = sorted(set(options) - set(known))
    if unknown:
        many = "s" if len(unknown) > 1 else ""
        raise RulesetError(f"unknown option{many} {', '.join(unknown)}; known: {', '.join(known)}",
                           word=f"setup.options.{'other' if many else 'one'}", unknown=", ".join(unknown),
                           known=", ".join(known))
    opts = {k: str(options.get(k, default)) for k, (default, _) in OPTIONS.items()}
    if opts["convoy_intent"] not in ("2023", "explicit", "1971"):
        raise RulesetError("convoy_intent must be 2023, explicit or 1971", word="setup.convoy_intent")
    if opts["civil_disorder"] not in ("owned", "home"):
        raise RulesetError("civil_disorder must be owned or home", word="setup.civil_disorder")
    m = load_map(opts["map"], data)
    seats: dict[str, str] = {}
    for p in players:
        power = _power_of(m, p.role)
        if power in seats.values():
            raise RulesetError(f"two players are seated as {power}; each power has one player",
                               word="setup.power_twice", power=power)
        seats[p.key] = power
    if not seats:
        raise RulesetError("seat at least one player, with a power as role (e.g. NAME:LOGIN:ID:england)",
                           word="setup.no_seat")
    start = m.data["start"]
    powers = list(m.powers)
    first = m.phases()[0]
    rules: RulesOptions = {"convoy_intent": opts["convoy_intent"], "civil_disorder": opts["civil_disorder"]}
    if opts["civil_disorder"] == "home":  # new games: a fleet's distance never crosses land (DATC 6.J.5-6.J.6)
        rules["fleets_by_sea"] = True
    state: State = {
        "map": opts["map"],
        "rules": rules,
        "year": int(start["year"]),
        "step": 0,
        "season": str(first["season"]),
        "kind": str(first["kind"]),
        "seats": dict(sorted(seats.items())),
        "units": {p: sorted(start["units"].get(p, []), key=lambda t: t.split()[1]) for p in powers},
        "supply_centres": {p: sorted(start["supply_centres"].get(p, [])) for p in powers},
        "dislodged": [],
        "contested": [],
        "draw_proposals": [],
        "result": None,
    }
    language = str(options.get("labels", m.data.get("language", "en")))
    if language != "en":
        if label_words(m, language) is None:  # the option is known only on maps that name other labels
            labels = " or ".join(sorted(m.data["calendar"]["labels"]))
            raise RulesetError(f"labels must be en or {labels}", word="setup.labels", labels=labels)
        # stored only when not English, so that a game set up in English has the same state as before the option
        state["rules"]["labels"] = language
    if m.data.get("draw", {}).get("unchanged_adjustments"):
        state["unchanged_adjustments"] = 0
    book.setup(m, state, {k: str(options.get(k, d)) for k, (d, _) in book.options.items()}, players,
               dice or Dice(b"setup"))
    return state
