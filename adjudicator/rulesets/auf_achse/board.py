"""The Spielplan: cities, road fields, their Streckenpunkte, and routes over them.

A map file (``data/maps/<name>.yaml``) lists cities with SVG positions and roads between two cities. A road is a
chain of fields; each field has its Streckenpunkte (1, or more where traffic is heavy). A city is a field too:
entering it costs 1 Streckenpunkt. Field ids read ``HH-HB.2``: the second field from Hamburg towards Bremen.

>>> from adjudicator.kit.gamedata import GameData
>>> board = load_board(GameData(__package__), "deutschland")  # the packaged board
>>> board.neighbours("HH-HB.1")
('HH', 'HH-HB.2')
>>> fare(3)
60
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ... import yamlio
from ...kit import gamedata
from ...kit.gamedata import GameData
from .tables import say


def fare(points: int) -> int:
    """The Fahrpreis for ``points`` Streckenpunkte: S(n) * 10 kj with S(n) = 1 + 2 + ... + n (Phase 3)."""
    return 10 * points * (points + 1) // 2


@dataclass(frozen=True)
class City:
    code: str
    name: str
    country: str
    x: int
    y: int
    label_dx: int = 7  # where the name is written, relative to the city (negative: to the left)
    label_dy: int = -5


@dataclass(frozen=True)
class Road:
    start: str
    end: str
    ref: str
    fields: tuple[str, ...]


@dataclass
class Board:
    """The map as a graph of fields (cities and road fields)."""

    name: str
    width: int
    height: int
    cities: dict[str, City]
    roads: list[Road]
    points: dict[str, int] = field(default_factory=dict)  # base Streckenpunkte of every field
    road_of: dict[str, Road] = field(default_factory=dict)  # road field -> its road
    _adjacent: dict[str, list[str]] = field(default_factory=dict)
    generator: dict[str, Any] = field(default_factory=dict)
    deck: list[dict[str, Any]] = field(default_factory=list)

    def is_city(self, node: str) -> bool:
        return node in self.cities

    def is_field(self, node: str) -> bool:
        """True for any field of the board, city or road field."""
        return node in self.points

    def neighbours(self, node: str) -> tuple[str, ...]:
        return tuple(self._adjacent.get(node, ()))

    def adjacent(self, a: str, b: str) -> bool:
        return b in self._adjacent.get(a, ())

    def direct_road(self, a: str, b: str) -> tuple[str, ...] | None:
        """The fields between two cities joined by exactly one road (in driving order), else None."""
        found = [r for r in self.roads if {r.start, r.end} == {a, b}]
        if len(found) != 1:
            return None
        r = found[0]
        return r.fields if r.start == a else tuple(reversed(r.fields))

    def position(self, node: str) -> tuple[int, int]:
        """SVG coordinates of a field: a city's own, a road field's spaced evenly along its road."""
        if node in self.cities:
            c = self.cities[node]
            return c.x, c.y
        road = self.road_of[node]
        a, b = self.cities[road.start], self.cities[road.end]
        i, n = road.fields.index(node) + 1, len(road.fields) + 1
        return a.x + (b.x - a.x) * i // n, a.y + (b.y - a.y) * i // n

    def label(self, node: str) -> str:
        return self.cities[node].name if node in self.cities else node

    def distance(self, start: str, goal: str, blocked: str | None = None) -> int | None:
        """The fewest base Streckenpunkte from ``start`` to ``goal`` (Dijkstra), None if unreachable."""
        path = self.shortest_path(start, goal, blocked)
        return None if path is None else sum(self.points[n] for n in path[1:])

    def shortest_path(self, start: str, goal: str, blocked: str | None = None) -> list[str] | None:
        """A cheapest route (by base points) as a list of fields, ``start`` first; ties broken by field id."""
        best = {start: 0}
        came: dict[str, str] = {}
        heap = [(0, start)]
        while heap:
            d, node = heapq.heappop(heap)
            if node == goal:
                path = [goal]
                while path[-1] != start:
                    path.append(came[path[-1]])
                return path[::-1]
            if d > best[node]:
                continue
            for nxt in self._adjacent[node]:
                if nxt == blocked:
                    continue
                nd = d + self.points[nxt]
                if nd < best.get(nxt, nd + 1):
                    best[nxt] = nd
                    came[nxt] = node
                    heapq.heappush(heap, (nd, nxt))
        return None


def _build(data: Mapping[str, Any]) -> Board:
    cities = {code: City(code, c["name"], c.get("country", ""), int(c["x"]), int(c["y"]),
                         *(int(v) for v in c.get("label", (7, -5))))
              for code, c in data["cities"].items()}
    board = Board(data["name"], int(data["width"]), int(data["height"]), cities, [],
                  generator=dict(data.get("generator", {})), deck=list(data.get("deck") or []))
    for code in cities:
        board.points[code] = 1
        board._adjacent[code] = []
    for r in data["roads"]:
        a, b = r["from"], r["to"]
        if a not in cities or b not in cities:
            raise ValueError(f"road {a}-{b} names a city that is not on the map")
        ids = tuple(f"{a}-{b}.{i}" for i in range(1, len(r["points"]) + 1))
        road = Road(a, b, str(r.get("route", "")), ids)
        board.roads.append(road)
        chain = [a, *ids, b]
        for f, p in zip(ids, r["points"], strict=True):
            board.points[f] = int(p)
            board.road_of[f] = road
            board._adjacent[f] = []
        for x, y in zip(chain, chain[1:], strict=False):
            board._adjacent[x].append(y)
            board._adjacent[y].append(x)
    return board


def load_board(game: gamedata.GameData, name: str) -> Board:
    """The map ``name`` of the game's data ``game``: the copy the game pinned at its set-up, else the packaged one."""
    return _load_board(game.read(__package__, board_file(name)))


def board_file(name: str) -> str:
    """The data file of map ``name``, as a path in this package (what a game pins)."""
    return f"data/maps/{name}.yaml"


@cache
def _load_board(data: bytes) -> Board:  # one board per content: an old game keeps its map
    return _build(yamlio.load_trusted(data))


def map_names() -> list[str]:
    """Names of the packaged maps, for option checking."""
    folder = gamedata.package_files(__package__).joinpath("data").joinpath("maps")
    return sorted(p.name.removesuffix(".yaml") for p in folder.iterdir() if p.name.endswith(".yaml"))


@dataclass
class Route:
    """A route as the adjudicator understands it: the fields driven, the points and the fare."""

    fields: list[str]  # start position first
    points: int
    fare: int
    entered: int  # number of fields entered (Sonderregel F counts these, not points)
    problems: list[tuple[str, str, str]]  # (severity, message, hint)
    cut_at: int | None = None  # index in the written route where driving stops, if it does

    @property
    def end(self) -> str:
        return self.fields[-1]


def field_points(board: Board, node: str, stau: Mapping[str, int]) -> int:
    """Streckenpunkte of entering ``node``: its base points, doubled for one other truck standing on it, times
    four for several (Stau, house rule after Solcher's pbm); cities never jam."""
    base = board.points[node]
    if board.is_city(node):
        return base
    others = stau.get(node, 0)
    return base * (1 if others == 0 else 2 if others == 1 else 4)


def plan_route(game: GameData, board: Board, start: str, written: Sequence[Any], site: str | None,
               stau: Mapping[str, int]) -> Route:
    """Read a written route benevolently (as the Spielleiter would) and price it.

    The start field may be left out; two cities joined by exactly one road may be written without the fields
    between them. The route stops before the first field that is unknown, not adjacent, or the construction site.
    """
    problems: list[tuple[str, str, str]] = []
    nodes = [str(n) for n in written]
    if nodes and nodes[0] != start:
        problems.append(("warning", say(game, "route_start", start=start), say(game, "route_start.hint", start=start)))
        nodes = [start, *nodes]
    if not nodes:
        nodes = [start]
    path = [start]
    cut: int | None = None
    for i, node in enumerate(nodes[1:], start=1):
        here = path[-1]
        if not board.is_field(node):
            problems.append(("error", say(game, "route_unknown", field=repr(node)), _near_hint(game, board, here)))
            cut = i
            break
        steps = [node]
        if not board.adjacent(here, node):
            between = board.direct_road(here, node) if board.is_city(here) and board.is_city(node) else None
            if between is None:
                problems.append(("error", say(game, "route_not_next", field=node, here=here),
                                 _near_hint(game, board, here)))
                cut = i
                break
            steps = [*between, node]
            problems.append(("warning", say(game, "route_filled", here=here, field=node, between=", ".join(between)),
                             ""))
        blocked = next((s for s in steps if s == site), None)
        if blocked:
            problems.append(("error", say(game, "route_site", field=blocked), say(game, "route_site.hint")))
            cut = i
            break
        path.extend(steps)
    pts = sum(field_points(board, n, stau) for n in path[1:])
    return Route(path, pts, fare(pts), len(path) - 1, problems, cut)


def _near_hint(game: GameData, board: Board, here: str) -> str:
    return say(game, "route_next.hint", here=here, fields=", ".join(board.neighbours(here)))
