"""Options, the countries at the start and a country joining (section 2), and the world's figures."""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from ...kit.ruleset import RulesetError
from ...model import Player
from . import evaluation as ev
from . import orders as od
from .arith import fraction_text, round_half_away
from .state import State, World
from .tables import Tables

NAME_RE = re.compile(r"^[^\W\d_]+(?:[ -][^\W\d_]+)*$")


# ----- options, players, joining ---------------------------------------------------------------------------

def options(tables: Tables, given: Mapping[str, Any]) -> dict[str, Any]:
    """The game's options: the defaults of ``data/tables.yaml`` with the given ones checked and put in."""
    out = tables.default_options()
    choices = {"krieg": ("ende", "vor_alterung"), "eintritt": ("angepasst", "grundausstattung"),
               "zuschnitt": ("kuerzen", "verwerfen")}
    for key, value in given.items():
        if key not in out:
            raise RulesetError(f"unknown option {key!r}; known: {', '.join(out)}", word="setup.option",
                               option=repr(key), known=", ".join(out))
        if key in choices:
            if value not in choices[key]:
                raise RulesetError(f"option {key} must be one of {', '.join(choices[key])}, not {value!r}",
                                   word="setup.choice", option=key, choices=", ".join(choices[key]), value=repr(value))
        elif isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RulesetError(f"option {key} must be a whole number >= 0, not {value!r}", word="setup.number",
                               option=key, value=repr(value))
        out[key] = value
    return out


def country_name(tables: Tables, name: str) -> str:
    """Section 7.1: a country name of at most ten letters (spaces and hyphens between words allowed)."""
    name = name.strip()
    letters = sum(ch.isalpha() for ch in name)
    if not NAME_RE.match(name) or letters > tables.limit("name_letters"):
        raise RulesetError(f"country name {name!r}: at most {tables.limit('name_letters')} letters, "
                           "words joined by a space or hyphen", word="setup.country_name", name=repr(name),
                           most=tables.limit("name_letters"))
    return name


def new_country(tables: Tables, player: Player, joined: int, endowment: Mapping[str, int]) -> dict[str, Any]:
    kind = od.country_type(player.role)
    if kind is None:
        raise RulesetError(f"{player.key}: the country type (role) must be agrar, energie or rohstoff, "
                           f"not {player.role!r}", word="setup.country_type", player=player.key,
                           role=repr(player.role))
    c: dict[str, Any] = {"name": country_name(tables, player.name), "type": kind, "joined": joined,
                         "type_changed": False, "active": True}
    c.update({s: int(endowment[s]) for s in ev.STOCKS})
    c["e_imported"] = 0
    return c


def _check_unique(countries: Mapping[str, Any], key: str, name: str) -> None:
    if key in countries:
        raise RulesetError(f"player {key!r} already has a country", word="setup.has_country", player=repr(key))
    if any(c["name"].lower() == name.lower() for c in countries.values()):
        raise RulesetError(f"the country name {name!r} is taken", word="setup.name_taken", name=repr(name))


def setup(tables: Tables, given: Mapping[str, Any], players: Sequence[Player]) -> State:
    opts = options(tables, given)
    countries: dict[str, Any] = {}
    for p in sorted(players, key=lambda p: p.key):
        c = new_country(tables, p, 0, tables.endowment())
        _check_unique(countries, p.key, c["name"])
        countries[p.key] = c
    state: State = {"turn": 0, "options": opts, "countries": countries, "world": world_figures(countries),
                    "private": {}}
    return state


def joining_endowment(tables: Tables, state: State) -> dict[str, int]:
    """House rule for "wird bei späterem Spieleintritt angepaßt" (7.1).

    With ``eintritt: angepasst`` every stock of the start endowment is scaled by the average population of
    the active countries over the start population (rounded half away from zero), so a newcomer starts as
    big as an average country; consumer goods and weapons start at 0 as for everyone.
    """
    base = tables.endowment()
    active = [c for c in state["countries"].values() if c["active"]]
    if state["options"]["eintritt"] == "grundausstattung" or not active:
        return base
    scale_num = sum(c["B"] for c in active)
    if scale_num == 0 and od.cuts_long_texts(state["options"]):
        # a world of no population: scaled, the newcomer would get nothing at all and could never produce; it
        # gets the start endowment (house rule, issue 32; a game set up before it keeps its reading)
        return base
    scale_den = len(active) * base["B"]
    return {s: round_half_away(Fraction(v * scale_num, scale_den)) for s, v in base.items()}


def join(tables: Tables, state: State, player: Player) -> State:
    st = copy.deepcopy(state)
    c = new_country(tables, player, st["turn"], joining_endowment(tables, st))
    _check_unique(st["countries"], player.key, c["name"])
    st["countries"][player.key] = c
    st["countries"] = dict(sorted(st["countries"].items()))
    st["world"] = world_figures(st["countries"])
    return st


def world_figures(countries: Mapping[str, Mapping[str, Any]]) -> World:
    active = [c for c in countries.values() if c["active"]]
    b, k = sum(c["B"] for c in active), sum(c["k"] for c in active)
    return {"B": b, "k": k, "wlq": fraction_text(Fraction(k, b) if b else Fraction(0)), "countries": len(active)}
