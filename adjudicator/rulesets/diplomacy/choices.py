"""The orders page's choices (``OffersChoices``): for each unit the orders the map allows, in judge notation.

Every option is an order the adjudicator reads as written: hold, each move the map allows, support of each unit
the supporter can reach (holding, or moving to a province the supporter can reach), a fleet's convoy of an army
between two coasts of its sea; on maps whose ``order_types`` have them, a fleet's double move down a river
(``Map.double_move``) and a unit's transformation into the other type; a dislodged unit's retreats and disband;
builds on the free home centres and removals, as many lines as the adjustment counts. A variant adds fields of
its own (``Look.choice_fields``: 30JK's religious actions and change of confession).

Convoys (issue #30, item 5): an army on a coast is offered every coast the fleets now at sea (the map's
``convoy_terrain``) could carry it to, through a chain of one fleet or several, as the resolver looks for one
(``Resolver._routes``): ``A Yor - Nwy``, or ``A Bre - Pic via convoy`` where the coast is next to it too; each
such fleet is offered the convoy of each army its chain touches to each coast the chain reaches; and a unit is
offered the support of a convoyed move to a province it reaches. The army's choice names, for each move across
the water, the fleets of one shortest chain (``convoyed``), so that the map offers their convoy orders with the
move. The order words are the map's (30JK writes a support ``U`` and a convoy ``K``, as its judges do).
"""

from __future__ import annotations

from typing import Any

from .adjudicate import label
from .board import written
from .core import owners_from, units_from
from .kinds import convoy, hold, move, support, transform
from .kinds.build import adjustment_counts, buildable, civil_disorder_removals
from .kinds.convoy import BySea
from .kinds.votes import standing_votes
from .look import presentation_for
from .notation import UNIT_LETTERS, OrderError, read_order
from .resolver import ALREADY_ORDERED, Unit
from .state import State
from .tables import Map, display

OTHER = "Another order (judge notation)"
DRAW = "Propose draw"


def short(region: str) -> str:
    """``stp/sc`` -> ``Stp/sc``: a region as the sheet writes it."""
    return written(region)


def unit_name(u: Unit) -> str:
    return str(u)


def option(text: str, tag: str | None = None) -> dict[str, Any]:
    return {"value": text, "label": text, **({"tag": tag} if tag else {})}


def destinations(m: Map, u: Unit) -> list[str]:
    """Where ``u`` can move in one step, as the sheet writes it (``kinds.move.destinations``)."""
    return move.destinations(m, u)


def convoy_routes(m: Map, board: list[Unit]) -> dict[Unit, BySea]:
    """For each army on a coast, where the fleets now at sea could carry it (``kinds.convoy.routes_by_sea``)."""
    return convoy.routes_by_sea(m, board)


def movement_options(m: Map, u: Unit, board: list[Unit], by_sea: dict[Unit, BySea] | None = None
                     ) -> list[dict[str, Any]]:
    """Every order the map allows ``u`` in a movement phase, kind by kind, each kind's own list from its module
    (``kinds/*.page_options``): hold, its moves (by land and across the water), supports, transformations, double
    moves down a river, convoys."""
    by_sea = convoy_routes(m, board) if by_sea is None else by_sea
    texts = [*hold.page_options(u), *move.page_options(m, u, by_sea.get(u)),
             *support.page_options(m, u, board, by_sea), *transform.page_options(m, u),
             *move.page_options_downstream(m, u), *convoy.page_options(m, u, by_sea)]
    return [option(text) for text in texts]


def _choice(label_text: str, options: list[dict[str, Any]], default: str) -> dict[str, Any]:
    return {"kind": "choice", "label": label_text, "options": options, "default": default, "other": OTHER,
            "max": 200}


def heads(m: Map, mine: list[Unit]) -> dict[str, Any]:
    """What the page can judge of a movement sheet's line by its first two words, ``A Par``, read as the
    resolver reads them (lower case, a coast after ``/`` left out): the unit it orders. ``places``: each place
    by its abbreviation in lower case, with its name; ``mine``: the player's units there (``lvp`` -> ``["a",
    "lvp"]``, letter and province): a second line for one whose first is an order the form offers is refused
    (``twice``); a unit letter before any other place is refused (``not_yours``), as the resolver refuses them,
    in its words in the map's language (``Map.say``); ``letters``: the unit letters the reader reads (the rules'
    refusals of a line with the other letter, ``verdicts.refusals``). Only a plain abbreviation that no longer
    name begins with is a place here: any other line the page leaves to ``check``. (One entry per place, not per
    unit letter: the tables go to every player of a game of 200 places.)"""
    keys = [n for n in m.names if " " in n]
    own = {u.province: u for u in mine}
    out: dict[str, Any] = {"places": {}, "mine": {}, "twice": m.say(ALREADY_ORDERED),
                           "letters": sorted(UNIT_LETTERS.values()),
                           "not_yours": m.say("no unit of yours in {place}", place="{place}")}
    for p in sorted(m.provinces):
        key = display(p).lower()
        if not key.isascii() or not key.isalnum() or any(n.startswith(key + " ") for n in keys):
            continue
        out["places"][key] = m.full_name(p)
        if p in own:
            out["mine"][key] = [unit_name(own[p])[0].lower(), p]
    return out


def choices(m: Map, state: State, player: str) -> dict[str, Any]:
    """The form of ``player``'s orders in the open phase on the map ``m`` (see ``ruleset.OffersChoices``)."""
    power = state["seats"].get(player, "")
    board = units_from(m, state["units"])
    mine = [u for u in board if u.power == power]
    notes = [m.say("{phase}: orders for {power}.", phase=label(m, state),
                   power=m.powers[power]["name"] if power in m.powers else power)]
    items: list[dict[str, Any]] = []
    unique = None
    lines: dict[str, Any] | None = None  # what the page judges of a line by its words (see ``heads``)
    if state.get("result"):
        notes.append(m.say("The game is over."))
    elif state["kind"] == "movement":
        by_sea = convoy_routes(m, board)
        items = [{**_choice(unit_name(u), movement_options(m, u, board, by_sea), f"{unit_name(u)} H"),
                  "unit": u.province, **_convoyed(m, u, by_sea.get(u))} for u in mine]
        lines = heads(m, mine)
        items += presentation_for(m).choice_fields(m, state, player)
        if mine:
            items.append(vote_field(m, state, power))
        else:
            notes.append(m.say("You have no units."))
    elif state["kind"] == "retreat":
        for d in state["dislodged"]:
            if d["power"] == power:
                me = short_unit(d["unit"])
                opts = [option(f"{me} disband")] + [option(f"{me} - {short(r)}") for r in d["retreats"]]
                items.append(_choice(m.say("{unit} (dislodged)", unit=me), opts, f"{me} disband"))
        if items:  # the places and the rules' "twice" (verdicts.refusals: a retreat to every place, other letters);
            # no "mine" nor "not_yours": a line for another unit gets other words in a retreat (the kind's first)
            lines = {k: v for k, v in heads(m, []).items() if k in ("places", "twice", "letters")}
    else:
        units, owners = units_from(m, state["units"]), owners_from(state["supply_centres"])
        n = adjustment_counts(units, owners, m.powers).get(power, 0)
        if n > 0:
            free = buildable(m, power, units, owners)
            opts = [option("Waive")]
            for p in free:
                if m.terrain(p) in ("land", "coast"):
                    opts.append(option(f"Build A {display(p)}", p))
                opts += [option(f"Build F {short(r)}", p) for r in m.regions_of(p, "fleet")]
            count = min(n, max(len(free), 1))
            items = [_choice(m.say("Build {i} of {count}", i=i + 1, count=count), opts, "Waive") for i in range(count)]
            unique = m.say("two builds in the same province: only the first is carried out")
            # the lines count against each other: verdicts.line_states walks them, and a build in every place
            lines = {"count": n, **{k: v for k, v in heads(m, []).items() if k in ("places", "letters")}}
            notes.append(m.say("You may build {n|unit|units} in: {places}.", n=n,
                               places=", ".join(display(p) for p in free)))
        elif n < 0:
            defaults = [f"Remove {v}" for v in
                        civil_disorder_removals(m, power, units, owners, -n, state["rules"]["civil_disorder"])]
            opts = [option(f"Remove {unit_name(u)}", u.province) for u in mine]
            items = [_choice(m.say("Removal {i} of {count}", i=i + 1, count=len(defaults)), opts, d)
                     for i, d in enumerate(defaults)]
            unique = m.say("the same unit removed twice: remove another one")
            lines = {"count": -n, **{k: v for k, v in heads(m, []).items() if k in ("places", "letters")}}
            notes.append(m.say("You must remove {n|unit|units}; the lines start with the ones civil disorder would "
                               "take.", n=-n))
    if not items and not state.get("result"):
        notes.append(m.say("Nothing to order in this phase."))
    field: dict[str, Any] = {"kind": "list", "label": m.say("Orders"), "items": items}
    if unique:
        field["unique"] = unique
        field["free"] = ["Waive"]
    # the judges' order words as this map writes them, for the page's map to read the options by
    notation = {w: m.text(w) for w in ("S", "C", "via convoy")}
    return {"notes": notes, "field": field, "notation": notation, **({"lines": lines} if lines else {})}


def _convoyed(m: Map, u: Unit, sea: BySea | None) -> dict[str, Any]:
    """An army's moves across the water (the option's text), each with the fleets of one chain that could convoy
    it there: the map offers their convoy orders with the move."""
    if sea is None:
        return {}
    via = m.text("via convoy")
    return {"convoyed": {f"{unit_name(u)} - {display(p)}" + (f" {via}" if m.can_move("army", u.region, p) else ""):
                         [unit_name(f) for f in fleets] for p, fleets in sorted(sea.routes.items())}}


# The vote's words on the page, in the map's language (``language:``); the values are the judges' notation
# (30JK's judges write a draw 'Remis'; 'Withdraw votes' and 'Concede to' are the words its own sheet names).
VOTE_WORDS = {
    "en": {"label": "Vote", "none": "no change", "none_once": "no proposal", "draw": "Propose a draw",
           "withdraw": "Withdraw my votes", "concede": "Concede the game to {power}",
           "standing": "Your vote that stands: {vote}."},
    "de": {"label": "Stimme", "none": "keine Änderung", "none_once": "kein Vorschlag", "draw": "Remis vorschlagen",
           "withdraw": "Meine Stimmen zurückziehen", "concede": "Die Partie {power} überlassen",
           "standing": "Ihre stehende Stimme: {vote}."},
}


def _concession(m: Map, power: str) -> str:
    """The concession to ``power`` as the sheet writes it: by its name where the judges' reader takes the name
    as it is written ('Concede to France'), else by its abbreviation ('Braunschweig-Lüneburg' reads as a move)."""
    concede = m.text("Concede to")
    text = f"{concede} {m.powers[power]['name']}"
    try:
        if read_order(m, text).target == power:
            return text
    except OrderError:
        pass
    return f"{concede} {m.powers[power]['abbreviation']}"


def vote_field(m: Map, state: State, power: str) -> dict[str, Any]:
    """The power's vote: a draw proposal; where votes stand until withdrawn (``votes: standing``), also the
    withdrawal of its votes and the concession of the game to each other power with supply centres (as
    ``kinds.votes.check`` allows them)."""
    words = VOTE_WORDS.get(str(m.data.get("language", "en")), VOTE_WORDS["en"])
    if not standing_votes(m):
        return {"kind": "choice", "label": words["label"], "default": None, "map": False,
                "options": [{"value": None, "label": words["none_once"]},
                            {"value": m.text(DRAW), "label": words["draw"]}]}
    options = [{"value": None, "label": words["none"]}, {"value": m.text(DRAW), "label": words["draw"]},
               {"value": m.text("Withdraw votes"), "label": words["withdraw"]}]
    for other in sorted(m.powers):
        if other != power and state["supply_centres"].get(other):
            name = str(m.powers[other]["name"])
            options.append({"value": _concession(m, other), "label": words["concede"].replace("{power}", name)})
    out = {"kind": "choice", "label": words["label"], "default": None, "map": False, "options": options}
    cast = (state.get("votes") or {}).get(power)
    if cast:
        vote = words["draw"] if cast[0] == "draw" else words["concede"].replace(
            "{power}", str(m.powers.get(cast[1], {}).get("name", cast[1]))) if cast[0] == "concede" else cast[0]
        out["help"] = words["standing"].replace("{vote}", vote)
    return out


def short_unit(text: str) -> str:
    letter, region = text.split(" ", 1)
    return f"{letter} {short(region)}"
