"""How the Spielplan is drawn: each road's course, where its fields stand along it, where names go, and the
Ruhr inset. Drawing only: the rules read the board (``board.py``), never this.

A map may have a drawing file ``data/maps/<name>.drawing.json`` (made at build time by ``build_roads.py``):
``courses`` gives a road's course between its two cities as points in board coordinates (the motorway's way
through the towns it passes), ``inset`` a part of the board drawn again, larger, in an empty corner. Without a
course a road is a straight line. The fields of a road stand evenly along its course.

>>> from adjudicator.kit.gamedata import GameData
>>> from adjudicator.rulesets.auf_achse.board import load_board
>>> game = GameData("adjudicator.rulesets.auf_achse")  # the packaged files
>>> lay = layout(game, load_board(game, "deutschland"))
>>> lay.place("HH")
(390, 169)
>>> lay.inset is not None and lay.inset.shows(*lay.place("DO"))
True
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

from ...kit import gamedata
from ...kit.lettering import text_width
from .board import Board, Road
from .tables import drawing_file

Point = tuple[float, float]
Box = tuple[float, float, float, float]
SPACING = 14.5  # the least distance between two road fields' dots (of radius 6.5: a little air between)


@dataclass(frozen=True)
class Inset:
    """``area`` (x0, y0, x1, y1) of the board drawn again ``scale`` times larger with its top-left at ``at``."""

    name: str
    area: Box
    at: Point
    scale: float

    def shows(self, x: float, y: float) -> bool:
        x0, y0, x1, y1 = self.area
        return x0 <= x <= x1 and y0 <= y <= y1

    def to(self, x: float, y: float) -> Point:
        return self.at[0] + (x - self.area[0]) * self.scale, self.at[1] + (y - self.area[1]) * self.scale

    @property
    def frame(self) -> Box:
        x0, y0, x1, y1 = self.area
        return (*self.at, self.at[0] + (x1 - x0) * self.scale, self.at[1] + (y1 - y0) * self.scale)


@dataclass(frozen=True)
class Layout:
    board: Board
    courses: dict[str, tuple[Point, ...]]
    inset: Inset | None

    def course(self, road: Road) -> list[Point]:
        """The road's course from its start city to its end city."""
        a, b = self.board.cities[road.start], self.board.cities[road.end]
        return [(a.x, a.y), *self.courses.get(f"{road.start}-{road.end}", ()), (b.x, b.y)]

    def place(self, node: str) -> tuple[int, int]:
        """Where a field is drawn: a city at its own place, a road field evenly along its road's course (moved
        off it a little where two roads leave a city close together, so that no two fields' dots overlap)."""
        if node in self.board.cities:
            c = self.board.cities[node]
            return c.x, c.y
        return self.spots[node]

    @cached_property
    def spots(self) -> dict[str, tuple[int, int]]:
        at: dict[str, list[float]] = {}
        for road in self.board.roads:
            course = self.course(road)
            n = len(road.fields) + 1
            for i, f in enumerate(road.fields, 1):
                at[f] = list(along(course, i / n))
        keys = sorted(at)
        for _ in range(8):  # push overlapping dots apart, half the overlap each (a few units at most)
            moved = False
            cells: dict[tuple[int, int], list[str]] = {}
            for f in keys:
                cells.setdefault((int(at[f][0] // SPACING), int(at[f][1] // SPACING)), []).append(f)
            for a in keys:
                cx, cy = int(at[a][0] // SPACING), int(at[a][1] // SPACING)
                near = sorted({b for dx in (-1, 0, 1) for dy in (-1, 0, 1) for b in cells.get((cx + dx, cy + dy), ())
                               if b > a})
                for b in near:
                    (ax, ay), (bx, by) = at[a], at[b]
                    d = math.dist((ax, ay), (bx, by))
                    if d < SPACING:
                        ux, uy = ((bx - ax) / d, (by - ay) / d) if d else (1.0, 0.0)
                        push = (SPACING - d) / 2 + 0.2
                        at[a] = [ax - ux * push, ay - uy * push]
                        at[b] = [bx + ux * push, by + uy * push]
                        moved = True
            if not moved:
                break
        return {f: (round(x), round(y)) for f, (x, y) in at.items()}

    @cached_property
    def crossings(self) -> tuple[tuple[Road, Road, Point, Point], ...]:
        """``crossings`` of this layout, worked out on first use (a layout is made once per board and drawing)."""
        return _crossings(self)


EPS = 1e-6  # of a segment's length: a crossing nearer a segment's end than this is at that end


def crossings(lay: Layout) -> tuple[tuple[Road, Road, Point, Point], ...]:
    """Where two roads' courses cross away from any city (Emden-Münster over Amsterdam-Osnabrück, as the A31
    over the A30 at Schüttorf): (the road drawn over, the one under, the crossing, the upper road's direction
    there as a unit vector). The later road of the board is drawn over; the map marks the crossing as a bridge
    so that nobody takes it for a junction. Worked out once per layout (``Layout.crossings``): every drawing of
    every turn asked again, each pair of roads' segments (issue 33: 0.04 s a drawing, 24 drawings in the demo)."""
    return lay.crossings


def _crossings(lay: Layout) -> tuple[tuple[Road, Road, Point, Point], ...]:
    out = []
    roads = lay.board.roads
    for i, under in enumerate(roads):
        a = lay.course(under)
        for over in roads[i + 1:]:
            b = lay.course(over)
            for p1, p2 in zip(a, a[1:], strict=False):
                for p3, p4 in zip(b, b[1:], strict=False):
                    d = (p2[0] - p1[0]) * (p4[1] - p3[1]) - (p2[1] - p1[1]) * (p4[0] - p3[0])
                    if d == 0:
                        continue
                    t = ((p3[0] - p1[0]) * (p4[1] - p3[1]) - (p3[1] - p1[1]) * (p4[0] - p3[0])) / d
                    u = ((p3[0] - p1[0]) * (p2[1] - p1[1]) - (p3[1] - p1[1]) * (p2[0] - p1[0])) / d
                    if EPS < t < 1 - EPS and EPS < u < 1 - EPS:  # not at an end: a city both meet in is a junction
                        n = math.dist(p3, p4)
                        at = (p1[0] + (p2[0] - p1[0]) * t, p1[1] + (p2[1] - p1[1]) * t)
                        out.append((over, under, at, ((p4[0] - p3[0]) / n, (p4[1] - p3[1]) / n)))
    return tuple(out)


def along(points: list[Point], t: float) -> Point:
    """The point a fraction ``t`` of the way along a polyline (by length)."""
    lengths = [math.dist(p, q) for p, q in zip(points, points[1:], strict=False)]
    goal = t * sum(lengths)
    for (p, q), seg in zip(zip(points, points[1:], strict=False), lengths, strict=True):
        if goal <= seg and seg > 0:
            f = goal / seg
            return p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f
        goal -= seg
    return points[-1]


def layout(game: gamedata.GameData, board: Board) -> Layout:
    """The drawing of ``board`` (one per board and drawing: a game's pinned board is loaded once,
    ``board.load_board``, and its drawing is the copy the game pinned, else the packaged one, ``gamedata``)."""
    drawn = game.read_if_any(__package__, drawing_file(board.name))
    key = (board.name, id(board), drawn)
    if key not in _LAYOUTS:
        _LAYOUTS[key] = _layout(board, {} if drawn is None else _parsed_drawing(drawn))
    return _LAYOUTS[key]


_LAYOUTS: dict[tuple[str, int, bytes | None], Layout] = {}


def _layout(board: Board, data: dict[str, Any]) -> Layout:
    inset = None
    if data.get("inset"):
        i = data["inset"]
        inset = Inset(str(i["name"]), tuple(i["area"]), tuple(i["at"]), float(i["scale"]))  # type: ignore[arg-type]
    courses = {k: tuple((float(x), float(y)) for x, y in v) for k, v in data.get("courses", {}).items()}
    return Layout(board, courses, inset)


@cache
def _parsed_drawing(data: bytes) -> dict[str, Any]:  # one per content: an old game keeps its own
    return json.loads(data.decode("utf-8"))  # type: ignore[no-any-return]


def text_box(x: float, y: float, text: str, size: float, anchor: str = "start", bold: bool = False) -> Box:
    """The box a line of text takes (``y`` is its baseline), as the map writes it."""
    w = text_width(text, bold) * size
    x0 = x - w if anchor == "end" else x - w / 2 if anchor == "middle" else x
    return x0, y - 0.8 * size, x0 + w, y + 0.25 * size


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class Placer:
    """Greedy label placement: each label takes the first of its candidate places that is still free."""

    CELL = 40

    def __init__(self) -> None:
        self.taken: list[Box] = []
        self.cells: dict[tuple[int, int], list[Box]] = {}

    def _cells(self, box: Box) -> list[tuple[int, int]]:
        c = self.CELL
        x0, y0, x1, y1 = int(box[0] // c), int(box[1] // c), int(box[2] // c), int(box[3] // c)
        ys = range(max(y0, -3), min(y1, 50) + 1)  # a big blocker: only the cells of the drawing
        return [(i, j) for i in range(max(x0, -3), min(x1, 50) + 1) for j in ys]

    def block(self, box: Box) -> None:
        self.taken.append(box)
        for cell in self._cells(box):
            self.cells.setdefault(cell, []).append(box)

    def free(self, box: Box) -> bool:
        x0, y0, x1, y1 = box  # overlaps(box, t) for each box taken in its cells, written out: a map asks this
        cells = self.cells  # some 100,000 times (issue 33)
        for cell in self._cells(box):
            for t in cells.get(cell, ()):
                if x0 < t[2] and t[0] < x1 and y0 < t[3] and t[1] < y1:
                    return False
        return True

    def put(self, candidates: list[tuple[float, float, str]], text: str, size: float) -> tuple[float, float, str]:
        """The first free (x, y, anchor) of ``candidates`` (else the first), which it then takes."""
        candidates = [(round(x), round(y), anchor) for x, y, anchor in candidates]  # as the map writes them
        for x, y, anchor in candidates:
            box = text_box(x, y, text, size, anchor)
            if self.free(box):
                self.block(box)
                return x, y, anchor
        x, y, anchor = candidates[0]
        self.block(text_box(x, y, text, size, anchor))
        return candidates[0]


def around(x: float, y: float, size: float, gap: float, first: tuple[int, int] | None = None
           ) -> list[tuple[float, float, str]]:
    """Places for a label beside a point: where the map file asks first, then right, left, above, below and
    the directions between, nearest first, then farther out."""
    out: list[tuple[float, float, str]] = []
    if first:
        dx, dy = first
        out.append((x + dx, y + dy, "end" if dx < 0 else "start"))
    for k in (1.0, 1.6, 2.3, 3.2, 4.4, 5.8, 7.5):
        for step in (0, 8, 4, 12, 2, 6, 10, 14, 1, 3, 5, 7, 9, 11, 13, 15):
            angle = step * math.pi / 8
            cx, cy = math.cos(angle), -math.sin(angle)
            anchor = "start" if cx > 0.3 else "end" if cx < -0.3 else "middle"
            out.append((x + cx * gap * k, y + cy * gap * k + (0.35 + 0.45 * cy) * size, anchor))
    return out
