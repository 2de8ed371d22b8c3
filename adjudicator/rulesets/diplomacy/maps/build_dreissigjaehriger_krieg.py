"""Generate ``dreissigjaehriger-krieg.yaml`` from the map reconstruction (run once, by hand).

    python adjudicator/rulesets/diplomacy/maps/build_dreissigjaehriger_krieg.py ../shared/reference/30jk-geography.md

The original board of the variant (Arne Senftleben, Ludomaniac "DK") is not public; the source is a
reconstruction from historical geography (provinces with coordinates, rivers with their banks in the direction
of flow, land and fleet neighbours). This script reads its tables, derives the borders, projects the
coordinates onto the canvas and cuts the province shapes once (Voronoi cells of the province centres, clipped
to the canvas), so that the map file holds plain data and the SVG map needs no geometry at run time.
"""

from __future__ import annotations

import math
import re
import sys
from pathlib import Path

# power key -> (name, abbreviation, adjective, colour, confession at the start)
POWERS = {
    "bayern": ("Bayern", "BAY", "bayerisch", "#4f86c6", "catholic"),
    "braunschweig": ("Braunschweig-Lüneburg", "BRL", "braunschweigisch", "#d4a017", "protestant"),
    "daenemark": ("Dänemark", "DAN", "dänisch", "#c0392b", "protestant"),
    "frankreich": ("Frankreich", "FRK", "französisch", "#2e4d9b", "catholic"),
    "oesterreich": ("Österreich", "OES", "österreichisch", "#e8e8e8", "catholic"),
    "pfalz": ("Pfalz", "PFZ", "pfälzisch", "#7d3c98", "protestant"),
    "rheinbistuemer": ("Rheinbistümer", "RHB", "rheinbischöflich", "#7b4a2a", "catholic"),
    "sachsen": ("Sachsen", "SAC", "sächsisch", "#2e8b57", "protestant"),
    "schweden": ("Schweden", "SWE", "schwedisch", "#1c9fd6", "protestant"),
    "spanien": ("Spanien", "SPN", "spanisch", "#e6d33d", "catholic"),
    "niederlande": ("Vereinigte Niederlande", "VNL", "niederländisch", "#f39c12", "protestant"),
}
HOME = {  # the rules' start table (v2.0): power -> start units
    "bayern": ["A Aug", "A BFre", "A FAns"],
    "braunschweig": ["A Bra", "A NLHe", "F Lun"],
    "daenemark": ["F Aero", "A Ham", "F HSle/wc"],
    "frankreich": ["A GCha", "A Met", "A Vun"],
    "oesterreich": ["A EbSa", "F Lin", "A MOla", "A Pra"],
    "pfalz": ["A Mai", "A Hei", "A NOpf"],
    "rheinbistuemer": ["A BMun", "F EbKo", "A EbTr"],
    "sachsen": ["A Mei", "A Lei", "F Tor"],
    "schweden": ["A Ros", "F Hpo", "A Ber"],
    "spanien": ["A FGBu", "A GHen", "F GFla"],
    "niederlande": ["F HGro", "F GHol", "A Utr"],
}
NEUTRALS = {  # section 11: the two neutral units of the start, Protestant, on their home centres
    "rebellen": {"name": "Böhmische Rebellen", "unit": "A Kar", "confession": "protestant", "colour": "#555555"},
    "luettich": {"name": "Bistum Lüttich", "unit": "A BLut", "confession": "protestant", "colour": "#555555"},
}
HOME_NAMES = {v[0]: k for k, v in POWERS.items()}
COAST_NAMES = {"nc": "Nordküste", "sc": "Südküste", "ec": "Ostküste", "wc": "Westküste"}
RIVER_HEADINGS = {"Rhein": "Rh", "Main": "Mn", "Regnitz": "Rg", "Donau": "Do", "Elbe": "El", "Maas": "Ms",
                  "Oder": "Od"}
# where a river ends: a mouth sea, the map edge (None), or the river it flows into below a section
RIVER_ENDS = {"Rhein": {"mouth": "RheM"}, "Main": {"joins": "Rhein", "below": 6},
              "Regnitz": {"joins": "Main", "below": 0}, "Donau": {"mouth": None}, "Elbe": {"mouth": "ElbM"},
              "Maas": {"joins": "Rhein", "below": 13}, "Oder": {"mouth": "OdM"}}
SOURCES = {"Rhein": "Bas", "Donau": "Ulm", "Maas": "Vun"}

# canvas: an equirectangular projection of 3.0-15.6 E, 46.9-55.8 N
WIDTH, HEIGHT = 900, 1000
LON0, LAT0 = 3.0, 55.8
SCALE_Y = HEIGHT / 8.9
SCALE_X = SCALE_Y * math.cos(math.radians(51.3))


def xy(lat: float, lon: float) -> tuple[int, int]:
    return round((lon - LON0) * SCALE_X), round((LAT0 - lat) * SCALE_Y)


def table_rows(lines: list[str]) -> list[list[str]]:
    rows = []
    for line in lines:
        if line.startswith("|") and not line.startswith("|---") and not line.startswith("| Abk") \
                and not line.startswith("| #"):
            rows.append([c.strip() for c in line.strip().strip("|").split("|")])
    return rows


def section(text: str, start: str, end: str) -> list[str]:
    a = text.index(start)
    b = text.index(end, a)
    return text[a:b].splitlines()


def plain(abbr: str) -> str:
    return abbr.replace("*", "").strip()


def region(token: str) -> str:
    """``HSle(wc)`` -> ``HSle/wc``."""
    m = re.fullmatch(r"(\w+)\((\w+)\)", token)
    return f"{m.group(1)}/{m.group(2)}" if m else token


def read_provinces(text: str) -> dict[str, dict]:
    out = {}
    for row in table_rows(section(text, "### 2.2 Province table", "## 3. Rivers")):
        abbr, name, lat, lon, terrain, water, sc, home = row
        abbr = plain(abbr)
        found = re.match(r"^(.*?)\s*\(([^()]*)\)$", name)
        short, detail = (found.group(1), found.group(2)) if found else (name, "")
        entry: dict = {"name": short.strip(), "lat": float(lat), "lon": float(lon), "kind": terrain}
        if detail:
            entry["note"] = detail
        if "VZ" in sc:
            entry["supply_centre"] = True
        if home.strip() in HOME_NAMES:
            entry["home"] = HOME_NAMES[home.strip()]
        out[abbr] = entry
    return out


def read_neighbours(text: str) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    land: dict[str, set[str]] = {}
    fleet: dict[str, set[str]] = {}
    for row in table_rows(section(text, "## 4. Adjacencies", "## 5. Open questions")):
        abbr, land_text, fleet_text = row
        land[abbr] = set() if land_text.startswith("–") else {t.rstrip("?") for t in land_text.split()}
        if fleet_text.startswith("("):
            for part in fleet_text.split(" / "):
                coast, _, rest = part.partition(":")
                fleet[f"{abbr}/{coast.strip('() ')}"] = {region(t) for t in rest.split()}
        elif not fleet_text.startswith("–"):
            fleet[abbr] = {region(t) for t in fleet_text.split()}
    return land, fleet


def read_rivers(text: str) -> dict[str, list[list[str]]]:
    body = text[text.index("### 3.2 River courses"):text.index("### 3.3")]
    out: dict[str, list[list[str]]] = {}
    parts = body.split("**")
    for name, chunk in zip(parts[1::2], parts[2::2], strict=False):
        if name not in RIVER_HEADINGS:
            continue
        prefix = RIVER_HEADINGS[name]
        sections = []
        for row in table_rows(chunk.splitlines()):
            if row[0].startswith(prefix):
                left = region(row[2].split()[0])
                right = region(row[3].split()[0])
                sections.append([left, right])
        out[name] = sections
        if not sections:
            raise SystemExit(f"no sections read for {name}")
    return out


def borders(provinces: dict[str, dict], land: dict[str, set[str]], fleet: dict[str, set[str]]) -> list[list[str]]:
    """``[region, region, kind]``: coast where armies and fleets both cross, land or sea where one does."""
    coasted = {r.split("/")[0] for r in fleet if "/" in r}
    army = {tuple(sorted((a, b))) for a, ns in land.items() for b in ns}
    ships = {tuple(sorted((a, b))) for a, ns in fleet.items() for b in ns}
    out = []
    for a, b in sorted(army | ships):
        if "/" in a or "/" in b:
            continue
        if (a, b) in army and (a, b) in ships and a not in coasted and b not in coasted:
            out.append([a, b, "coast"])
        elif (a, b) in army:
            out.append([a, b, "land"])
    for a, b in sorted(ships):
        pa, pb = a.split("/")[0], b.split("/")[0]
        if (pa in coasted or pb in coasted) or (tuple(sorted((pa, pb))) not in army):
            out.append([a, b, "sea"])
    seen = set()
    unique = []
    for e in out:
        key = (e[0], e[1])
        if key not in seen:
            seen.add(key)
            unique.append(e)
    for p in provinces:
        if not any(p in (e[0].split("/")[0], e[1].split("/")[0]) for e in unique):
            raise SystemExit(f"{p} has no border")
    return sorted(unique)


# ----- province shapes: Voronoi cells by half-plane clipping ------------------------------------------------

def clip(poly: list[tuple[float, float]], a: tuple[float, float], b: tuple[float, float]) -> list[tuple[float, float]]:
    """The part of ``poly`` nearer to ``a`` than to ``b``."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    nx, ny = b[0] - a[0], b[1] - a[1]

    def side(p: tuple[float, float]) -> float:
        return (p[0] - mx) * nx + (p[1] - my) * ny

    out = []
    for i, p in enumerate(poly):
        q = poly[(i + 1) % len(poly)]
        sp, sq = side(p), side(q)
        if sp <= 0:
            out.append(p)
        if sp * sq < 0:
            t = sp / (sp - sq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def shapes(points: dict[str, tuple[int, int]], extra: list[tuple[int, int]]) -> dict[str, str]:
    box = [(0.0, 0.0), (float(WIDTH), 0.0), (float(WIDTH), float(HEIGHT)), (0.0, float(HEIGHT))]
    seeds = list(points.values()) + extra
    out = {}
    for key, p in points.items():
        poly = box
        for q in seeds:
            if q != p:
                poly = clip(poly, p, q)
        out[key] = "M" + " L".join(f"{round(x)},{round(y)}" for x, y in poly) + " Z"
    return out


def outside_seeds(points: dict[str, tuple[int, int]]) -> list[tuple[int, int]]:
    """Seeds beyond the map's edge provinces, so that edge cells end near their centres (drawn grey)."""
    out = []
    for x in range(0, WIDTH + 1, 60):
        for y in range(0, HEIGHT + 1, 60):
            nearest = min(math.dist((x, y), p) for p in points.values())
            if nearest > 95:
                out.append((x, y))
    return out


# ----- writing --------------------------------------------------------------------------------------------

def fmt(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {fmt(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(fmt(v) for v in value) + "]"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    special = any(c in text for c in ":#,[]{}'\"&*!|>%@`") or text.lower() in ("yes", "no", "on", "off", "null")
    return '"' + text.replace('"', '\\"') + '"' if special else text


def build(src: Path) -> str:
    text = src.read_text(encoding="utf-8")
    provinces = read_provinces(text)
    land, fleet = read_neighbours(text)
    rivers = read_rivers(text)
    points = {k: xy(p["lat"], p["lon"]) for k, p in provinces.items()}
    cells = shapes(points, outside_seeds(points))
    out = [
        "# Dreißigjähriger Krieg (30JK, Ludomaniac \"DK\", rules v2.0): a RECONSTRUCTION of the map of 1618.",
        "# The original board is not public. Generated by build_dreissigjaehriger_krieg.py from the research",
        "# notes 30jk-geography.md (historical geography around the provinces the rules name); shapes are",
        "# Voronoi cells of the province centres. Keys keep the variant's own spelling (EbKo, HSle); orders",
        "# match them in any case.",
        "name: dreissigjaehriger-krieg",
        "title: Dreißigjähriger Krieg",
        "reconstruction: true",
        "rulebook: dreissigjaehriger-krieg",
        f"size: [{WIDTH}, {HEIGHT}]",
        "unit_types:",
        "  army: {letter: A, name: Armee}",
        "  fleet: {letter: F, name: Flotte}",
        "adjacency_kinds:",
        "  land: [army]",
        "  sea: [fleet]",
        "  coast: [army, fleet]",
        "order_types: [hold, move, support, convoy, transform, double_move, retreat, disband, build, remove, waive]",
        "# Section 6: fleets in coastal (and river) provinces convoy too.",
        "convoy_terrain: [sea, coast]",
        "# Section 3: a turn is half a year from Spring 1618; adjustments (and religion points) end every Fall.",
        "calendar:",
        "  start_year: 1618",
        "  phases:",
        "    - {season: Spring, kind: movement}",
        "    - {season: Spring, kind: retreat}",
        "    - {season: Fall, kind: movement}",
        "    - {season: Fall, kind: retreat, ownership: true}",
        "    - {season: Fall, kind: adjustment}",
        "  adjustment_years: {every: 1}",
        '  # Section 3 in the words of the rules, for games started with --option labels=de ("Frühling 1619: Züge");',
        '  # without it the labels stay the engine\'s English ("Spring 1619 Movement").',
        '  labels:',
        '    de:',
        '      seasons: {Spring: "Frühling", Fall: "Herbst"}',
        '      kinds: {movement: "Züge", retreat: "Rückzüge", adjustment: "Auf- und Abbau"}',
        '      format: "{season} {year}: {kind}"',
        '      victory: "Spiel beendet: Einzelsieg von {winner}"',
        '      draw: "Spiel beendet: Draw ({powers})"',
        "# Section 12: 27 of 52 centres at the end of an odd year; a draw after three adjustment phases in a",
        "# row in which no centre changes owner.",
        "victory: {centres: 27, after: Fall, years: odd}",
        "draw: {unchanged_adjustments: 3}",
        "powers:",
    ]
    for key, (name, abbr, adj, colour, confession) in POWERS.items():
        entry = {"name": name, "abbreviation": abbr, "adjective": adj, "colour": colour, "confession": confession}
        out.append(f"  {key}: {fmt(entry)}")
    out.append("provinces:")
    coasts: dict[str, list[str]] = {}
    for r in fleet:
        if "/" in r:
            p, c = r.split("/")
            coasts.setdefault(p, []).append(c)
    has_fleet = {r.split("/")[0] for r in fleet} | {r.split("/")[0] for ns in fleet.values() for r in ns}
    for key in sorted(provinces, key=str.lower):
        p = provinces[key]
        terrain = "sea" if p["kind"] == "See" else ("coast" if key in has_fleet else "land")
        entry: dict = {"name": p["name"], "terrain": terrain}
        if p.get("supply_centre"):
            entry["supply_centre"] = True
        if p.get("home"):
            entry["home"] = p["home"]
        if "Insel" in p["kind"]:
            entry["island"] = True
        entry["xy"] = list(points[key])
        if key in coasts:
            x, y = points[key]
            offset = {"nc": (0, -18), "sc": (0, 18), "ec": (18, 0), "wc": (-18, 0)}
            entry["coasts"] = {c: {"name": COAST_NAMES[c], "xy": [x + offset[c][0], y + offset[c][1]]}
                               for c in sorted(coasts[key])}
        if p.get("note"):
            entry["note"] = p["note"]
        entry["shape"] = cells[key]
        out.append(f"  {key}: {fmt(entry)}")
    out.append("# Undirected borders between regions (a province, or province/coast).")
    out.append("borders:")
    for a, b, kind in borders(provinces, land, fleet):
        out.append(f"  - [{a}, {b}, {kind}]")
    out.append("# Section 4: navigable rivers from source to mouth; each section is [left bank, right bank] in the")
    out.append("# direction of flow (a province the river flows through fills both). `source` is the topmost field;")
    out.append("# a river ends in a mouth sea, at the map edge (mouth: null) or joins another below a section.")
    out.append("rivers:")
    for name, sections in rivers.items():
        entry = {"sections": sections}
        if name in SOURCES:
            entry = {"source": SOURCES[name], **entry}
        entry.update(RIVER_ENDS[name])
        out.append(f"  {name}: {fmt(entry)}")
    out.append("start:")
    out.append("  year: 1618")
    out.append("  units:")
    for key, units in HOME.items():
        out.append(f"    {key}: {fmt(units)}")
    out.append("  supply_centres:")
    for key in POWERS:
        homes = sorted((k for k, p in provinces.items() if p.get("home") == key), key=str.lower)
        out.append(f"    {key}: {fmt(homes)}")
    out.append("  # units no player owns (section 11): their start fields are their home centres")
    out.append("  neutral_units:")
    for key, n in NEUTRALS.items():
        out.append(f"    {key}: {fmt(n)}")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    source = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/reference/30jk-geography.md")
    (Path(__file__).parent / "dreissigjaehriger-krieg.yaml").write_text(build(source), encoding="utf-8")
