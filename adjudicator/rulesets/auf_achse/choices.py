"""The orders page's form (``OffersChoices``): the Zugformat's schema as fields, with what the state knows.

The offers of this round with their data (goods, from, to, value, Termin) to bid on; each Brummi's loading from
the orders won that wait where it stands; its route picked field by field on the map, the fields next to the
last one offered with the Streckenpunkte entering each costs (Stau counted, the construction site left out), the
sum and the Fahrpreis shown as the route grows (``board.fare``'s table); the construction-site bid on a road
field; the trailer. Every value offered is one the Zugformat takes; ``haul`` says what the page can judge as
``check`` does (a load that does not fit, a route that breaks); ``check`` judges the rest (money, conditions).
"""

from __future__ import annotations

import heapq
from typing import Any

from ...kit import schemaform
from ...kit.gamedata import GameData
from .adjudicate import capacity, cargo, stau_counts
from .board import Board, fare, field_points
from .orders import bids_limit, load_step, order_schema, trailers_before_loading
from .setup import board_of
from .state import State
from .tables import say, tables

FARES = 60  # the fare table runs to this many Streckenpunkte (a round's route is far shorter)
ROUTE_WORDS = {"next": "Nächstes Feld", "back": "Ein Feld zurück", "pick": "— nächstes Feld —",
               "total": "{points} Streckenpunkte, Fahrpreis {fare} kj", "goal": "Ziel (günstigste Route)",
               "pick_goal": "— Ziel wählen —"}


def offer_label(board: Board, o: dict[str, Any]) -> str:
    term = f", Termin Runde {o['deliver_by']}" if o["deliver_by"] is not None else ""
    return (f"Auftrag {o['id']}: {o['count']} {o['goods']} {board.label(o['from'])} → {board.label(o['to'])}, "
            f"Wert {o['value']} kj{term}")


def route_board(state: State, board: Board) -> dict[str, Any]:
    """What every truck's route field of the round shares, sent once in the form (``routes``; the page reads each
    route field over it): the map without the site (``next``, each field's neighbours), the cities' names, the
    fare of each number of Streckenpunkte and the field's words. (Each truck carried it: 12 kB a truck.)"""
    site = state["site"]
    nxt = {n: [m for m in board.neighbours(n) if m != site] for n in board.points if n != site}
    return {"next": nxt, "names": {c: board.label(c) for c in board.cities},
            "fares": [fare(n) for n in range(FARES + 1)], "words": ROUTE_WORDS}


def route_field(state: State, board: Board, position: str, truck: int) -> dict[str, Any]:
    """Truck ``truck``'s route from ``position`` (over the round's ``route_board``): the points of each field that
    costs other than 1 (Stau: the other trucks standing on it; this truck leaves its own field), the cheapest route
    to each city as one tree, each with its points and fare."""
    stau = stau_counts(state) if state["options"]["stau"] else {}
    own = dict(stau)
    own[position] = own.get(position, 1) - 1
    site = state["site"]
    nodes = [n for n in board.points if n != site]
    points = {n: p for n in nodes if (p := field_points(board, n, own)) != 1}
    to = cheapest_routes(board, position, site, own)
    cost = {c: sum(field_points(board, n, own) for n in to[c]) for c in to}
    goals = [{"value": c, "label": f"{board.label(c)} ({c}): {cost[c]} Streckenpunkte, Fahrpreis {fare(cost[c])} kj"}
             for c in sorted(to, key=lambda c: (board.label(c), c))]
    return {"kind": "route", "key": "route", "label": f"Route von Brummi {truck}", "start": position,
            "default": [position], "points": points, "goals": goals,
            "via": routes_tree(position, to),
            "help": "Nach Ziel (die günstigste Route) oder Feld für Feld ab dem Standort; die Baustelle ist gesperrt."}


def cheapest_routes(board: Board, start: str, site: str | None, stau: dict[str, int]) -> dict[str, list[str]]:
    """The cheapest route to every other city (the fields after ``start``), by the Streckenpunkte entering each
    field costs (``field_points``: Stau counted), the construction site closed; ties go to the route whose
    fields come first by name, so the same state always offers the same routes."""
    best: dict[str, tuple[int, list[str]]] = {start: (0, [])}
    heap: list[tuple[int, list[str], str]] = [(0, [], start)]
    while heap:
        cost, path, node = heapq.heappop(heap)
        if best.get(node, (cost, path)) < (cost, path):
            continue
        for nxt in sorted(board.neighbours(node)):
            if nxt == site or nxt == start:
                continue
            step = (cost + field_points(board, nxt, stau), [*path, nxt])
            if nxt not in best or step < best[nxt]:
                best[nxt] = step
                heapq.heappush(heap, (step[0], step[1], nxt))
    return {c: best[c][1] for c in board.cities if c in best and c != start}


def routes_tree(start: str, routes: dict[str, list[str]]) -> dict[str, str]:
    """The cheapest routes from ``start`` (``cheapest_routes``) as one tree: each field on a route -> the field
    before it. The routes share their beginnings (a route's first part is the cheapest route to where it leads,
    ties going the same way), so every field has one field before it, and the page gets a truck's 55 routes in
    less than half their length (issue 30, "Light on a phone"); ``route_to`` reads one back.

    >>> routes_tree("HH", {"B": ["HH-B.1", "B"], "L": ["HH-L.1", "L"], "S": ["HH-B.1", "B", "B-S.1", "S"]})
    {'B': 'HH-B.1', 'B-S.1': 'B', 'HH-B.1': 'HH', 'HH-L.1': 'HH', 'L': 'HH-L.1', 'S': 'B-S.1'}
    """
    via: dict[str, str] = {}
    for path in routes.values():
        for before, here in zip([start, *path], path, strict=False):
            if via.setdefault(here, before) != before:
                raise ValueError(f"two cheapest routes pass {here} from different fields")  # not a tree: a bug
    return dict(sorted(via.items()))


def route_to(field: dict[str, Any], city: str) -> list[str]:
    """The fields of the route field's cheapest route to ``city``, after the start (as ``orders.js`` reads
    ``via``)."""
    path: list[str] = []
    here = city
    while here != field["start"]:
        path.append(here)
        here = field["via"][here]
    return path[::-1]


def haul(game: GameData, state: State, board: Board, player: str) -> dict[str, Any]:
    """What the page can judge of the trucks' plans as ``check`` does, looked up, never counted in the page: for
    each Brummi its start and its loading as the rules' ``load_step`` takes it (``loads``: for each free room the
    truck may have, from its room now down, each order waiting where it stands: the rules' problems with loading it
    and the room left after; ``free``: the room to start from); every step a route may take and its verdict
    (``route_steps``). Where this round's trailer comes before loading (Sonderregel E) a sheet that buys or returns
    one changes the room: the page leaves loading to ``check`` then."""
    h = state["hauliers"][player]
    trucks = []
    for ti, t in enumerate(h["trucks"]):
        free = capacity(game, t) - cargo(state, t)
        waiting = [o["id"] for o in state["orders"] if o["holder"] == player and o["status"] == "won"
                   and o["from"] == t["position"]]
        loads: dict[str, dict[str, Any]] = {}
        rooms = [free]
        while rooms:  # every room a plan of these orders can leave, each looked at once
            room = rooms.pop()
            if str(room) in loads:
                continue
            loads[str(room)] = {}
            for oid in waiting:
                problems, after = load_step(game, state, player, ti, oid, room, ())
                loads[str(room)][str(oid)] = {"problems": [{"severity": p.severity, "message": p.message}
                                                           for p in problems], "free": str(after)}
                rooms.append(after)
        trucks.append({"start": t["position"], "free": str(free), "loads": loads})
    return {"trucks": trucks, "steps": route_steps(game, board, state["site"]),
            "trailers_first": trailers_before_loading(game, state),
            "words": {"unknown": say(game, "route_unknown", field="{field}"),
                      "not_next": say(game, "route_not_next", field="{field}", here="{here}")}}


def route_steps(game: GameData, board: Board, site: str | None) -> dict[str, dict[str, str]]:
    """Every step a route may take, as ``board.plan_route`` judges it, for the page to look up: from each field,
    each field next to it and each city at the other end of the one road joining it to a city (the fields between
    may be left out), with ``""`` where the step is taken and the rules' words where it enters the construction
    site. Any other step is no step (``route_not_next``)."""
    steps: dict[str, dict[str, str]] = {}
    for here in sorted(board.points):
        out = {n: "" for n in board.neighbours(here)}
        for r in board.roads:
            for a, b in ((r.start, r.end), (r.end, r.start)):
                between = board.direct_road(a, b) if a == here else None
                if between is not None and b not in out:
                    out[b] = say(game, "route_site", field=site) if site in between else ""
        for n in board.neighbours(here):
            if n == site:
                out[n] = say(game, "route_site", field=site)
        steps[here] = dict(sorted(out.items()))
    return steps


def choices(game: GameData, state: State, player: str) -> dict[str, Any]:
    """The form of ``player``'s orders this round (see ``ruleset.OffersChoices``)."""
    board = board_of(game, state)
    h = state["hauliers"][player]
    rnd = state["round"]
    offered = [o for o in state["orders"] if o["status"] == "announced" and o["offered"] == rnd]
    ids = schemaform.options([(o["id"], offer_label(board, o)) for o in offered])
    hints: dict[str, dict[str, Any]] = {
        "betriebsferien": {"label": "Betriebsferien (diese Runde nichts tun)"},
        "bids": {"label": "Gebote", "item_label": "Gebot"},
        "bids/*/order": {"label": "auf", "options": ids},
        "bids/*/kj": {"label": "kj"},
        # a condition's row is named as one, not "Auftrag 1" (it read as order 1 whatever order was picked)
        "bids/*/unless_won": {"label": "nur wenn nicht ersteigert", "item_label": "Bedingung"},
        "bids/*/unless_won/*": {"options": ids},
        "bids/*/only_if_won": {"label": "nur wenn ersteigert", "item_label": "Bedingung"},
        "bids/*/only_if_won/*": {"options": ids},
        "return_trailers": {"skip": True},
    }
    notes = [f"Runde {rnd}: {h['name']}, Kasse {h['cash']} kj."]
    notes += [offer_label(board, o) for o in offered] or ["In dieser Runde wird nichts angeboten."]
    if rnd == 0:
        hints |= {k: {"skip": True} for k in ("trucks", "site", "trailer")}
    else:
        trucks = []
        for ti, t in enumerate(h["trucks"]):
            waiting = [o for o in state["orders"] if o["holder"] == player and o["status"] == "won"
                       and o["from"] == t["position"]]
            loaded = ", ".join(map(str, t["load"])) or "leer"
            trucks.append({"kind": "group", "key": str(ti), "label": (
                f"Brummi {ti + 1} in {board.label(t['position'])} (Ladung: {loaded}, Kapazität {capacity(game, t)})"),
                "fields": [
                    {"kind": "rows", "key": "load", "label": "Laden", "optional": True, "max": max(len(waiting), 1),
                     "item": {"kind": "choice", "label": "Ladung", "default": waiting[0]["id"] if waiting else None,
                              "options": schemaform.options([(o["id"], offer_label(board, o)) for o in waiting])}},
                    route_field(state, board, t["position"], ti + 1)]})
            notes.append(f"Brummi {ti + 1} steht in {t['position']} ({board.label(t['position'])}).")
        roads = sorted(n for n in board.points if not board.is_city(n) and n != state["site"])
        hints |= {
            "trucks": {"kind": "list", "label": "Brummis", "items": trucks},
            "site": {"label": "Baustellen-Gebot für die nächste Runde"},
            "site/field": {"label": "Feld", "options": schemaform.options([(n, n) for n in roads])},
            "site/kj": {"label": "Gebot in kj"},
            "trailer": {"label": "Anhänger kaufen"},
            "trailer/type": {"label": "Typ", "options": schemaform.options(
                [(k, f"{v['name']} (+{v['capacity']} Güter)") for k, v in sorted(tables(game)["trailers"].items())])},
            "trailer/truck": {"label": "für Brummi"},
        }
        for part in ("site", "trailer"):
            for cond in ("unless_won", "only_if_won"):
                hints[f"{part}/{cond}"] = {"skip": True}
        if state["site"]:
            notes.append(f"Baustelle in dieser Runde: {state['site']} (weder befahren noch überqueren).")
    schema = order_schema(game, state, player)
    judged = {"haul": haul(game, state, board, player)} if rnd > 0 and not h["bankrupt"] else {}
    shared = {"routes": route_board(state, board)} if rnd > 0 else {}
    # each bid is judged by the rules by its order and whether an earlier bid named it (verdicts.each_table)
    each = {"path": ["bids"], "key": "order", "fill": {"kj": 0}, "lists": ["unless_won", "only_if_won"]}
    # the bids together against the cash and credit (orders._check_bids): the page adds up the bids' kj and
    # compares them with the rules' limit; over it, it gives the rules' warning, its figures filled in
    cuts = {"sums": [{"terms": [{"path": ["bids", "*", "kj"], "per": 1}], "have": bids_limit(game, state, player),
                      "severity": "warning", "path": ["bids"],
                      "message": say(game, "bids_beyond", total="{total}", limit="{have}")}]}
    return {"notes": notes, "field": schemaform.form(schema, "Befehle", hints),
            "known": schemaform.known(schema, hints), "each": each, "cuts": cuts, **judged, **shared}
