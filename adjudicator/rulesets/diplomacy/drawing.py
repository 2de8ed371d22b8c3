"""A map's drawing: province shapes, coasts, rivers and places for names and units, from
``data/maps/<name>.drawing.json`` (made at build time by the map's ``build_*`` script from Natural Earth and the
map data). Here it is only read, measured and checked; nothing is computed from geodata at run time.

The drawing and the map data must agree: ``shared_borders`` reads the borders the drawing shows straight from
its paths (a border is a segment both provinces' paths have), and the tests compare them with the map's
``borders``; the only pairs allowed to differ are the drawing's ``links``, each drawn as a line and explained.

>>> from adjudicator.rulesets.diplomacy.tables import shipped
>>> d = load_drawing("dreissigjaehriger-krieg", shipped())
>>> frozenset(("Aero", "RugS")) in shared_borders(d)
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection
from dataclasses import dataclass
from functools import cache
from typing import Any

from ...kit import gamedata
from ...kit.lettering import text_width
from .tables import display, drawing_file

# Sizes in the drawing's own units; the tests check them at the width an issue shows the map
# (``ISSUE_WIDTH`` CSS pixels: Material's content column on a desktop).
ISSUE_WIDTH = 720
MIN_LABEL_PX = 11  # no name on a map smaller than this at ISSUE_WIDTH
CHAR_WIDTH = 0.62  # an average character of the legend's text, in font sizes (it has room to spare)
HALO = 0.25  # the white outline of a name, in font sizes (the halo's stroke, half on either side)



@dataclass(frozen=True)
class Drawing:
    name: str
    data: dict[str, Any]

    @property
    def size(self) -> tuple[int, int]:
        w, h = self.data["size"]
        return int(w), int(h)

    @property
    def font(self) -> int:
        """The font size of province names, in drawing units."""
        return int(self.data["font"])

    def shape(self, province: str) -> str:
        return str(self.data["provinces"][province]["shape"])

    def place(self, region: str) -> tuple[int, int]:
        """Where a unit in ``region`` stands (a province's name is written below it)."""
        if region in self.data.get("coasts", {}):
            x, y = self.data["coasts"][region]
        else:
            x, y = self.data["provinces"][region.split("/")[0]]["place"]
        return int(x), int(y)

    def scale(self) -> float:
        """Drawing units per CSS pixel when the map fills an issue's column."""
        return self.size[0] / ISSUE_WIDTH


def label_boxes(d: Drawing, bold: Collection[str] = ()) -> dict[str, tuple[float, float, float, float]]:
    """The box (x0, y0, x1, y1) each province's name and unit take: the unit's square above the place's
    baseline, the name below (as ``display`` writes it, in bold for the provinces in ``bold``, the supply
    centres, with its halo); coast markers of two-coast provinces and rivers' names (``river:Name``, written at
    0.85 of the font's size, centred on their point, its baseline) are boxes of their own."""
    f = d.font
    out = {}
    for key in d.data["provinces"]:
        x, y = d.place(key)
        half = max((text_width(display(key), key in bold) + HALO) * f, 1.4 * f) / 2
        out[key] = (x - half, y - 0.75 * f, x + half, y + 1.35 * f)
    for region in d.data.get("coasts", {}):
        x, y = d.place(region)
        out[region] = (x - 0.75 * f, y - 0.75 * f, x + 0.75 * f, y + 0.75 * f)
    size = round(0.85 * f)
    for river, course in d.data.get("rivers", {}).items():
        x, y = course["label"]
        half = (text_width(river) * size + HALO * f) / 2
        out[f"river:{river}"] = (x - half, y - 0.8 * size, x + half, y + 0.3 * size)
    return out


def overlapping(boxes: dict[str, tuple[float, float, float, float]]) -> list[tuple[str, str]]:
    keys = sorted(boxes)
    out = []
    for i, a in enumerate(keys):
        ax0, ay0, ax1, ay1 = boxes[a]
        for b in keys[i + 1:]:
            bx0, by0, bx1, by1 = boxes[b]
            if ax0 < bx1 and bx0 < ax1 and ay0 < by1 and by0 < ay1:
                out.append((a, b))
    return out


_POINT = re.compile(r"[ML]\s*(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)|(Z)")


def rings(path: str) -> list[list[tuple[float, float]]]:
    """The closed rings of an SVG path made of M, L and Z."""
    out: list[list[tuple[float, float]]] = []
    for m in _POINT.finditer(path):
        if m.group(3):
            continue
        if path[m.start()] == "M":
            out.append([])
        out[-1].append((float(m.group(1)), float(m.group(2))))
    return out


def segments(path: str) -> set[frozenset[tuple[float, float]]]:
    return {frozenset((r[i], r[(i + 1) % len(r)])) for r in rings(path) for i in range(len(r))
            if r[i] != r[(i + 1) % len(r)]}


def shared_borders(d: Drawing) -> set[frozenset[str]]:
    """Every pair of provinces whose outlines share a segment: the borders a player sees."""
    owner: dict[frozenset[tuple[float, float]], list[str]] = {}
    for key, entry in d.data["provinces"].items():
        for seg in segments(str(entry["shape"])):
            owner.setdefault(seg, []).append(key)
    return {frozenset(ks) for ks in owner.values() if len(ks) == 2}


def links(d: Drawing) -> set[frozenset[str]]:
    """Neighbours drawn as a line rather than a border (the rules join them across water)."""
    return {frozenset(link["between"]) for link in d.data.get("links", [])}


def load_drawing(name: str, game: gamedata.GameData) -> Drawing | None:
    """The drawing of map ``name``, or None where the map has none, read from ``game``: the copy the game pinned
    at its set-up, else the packaged one (``gamedata``), so that an old game's issue pages render as they were
    published (``tables.shipped()``: the packaged one, for a test or a tool)."""
    data = game.read_if_any(__package__, drawing_file(name))
    return None if data is None else _drawing(name, data)




@cache
def _drawing(name: str, data: bytes) -> Drawing:  # one drawing per content: an old game keeps its own
    return Drawing(name, json.loads(data.decode("utf-8")))
