"""Make ``deutschland.drawing.json``: how the Spielplan is drawn (``drawing.py``): each road's course and the
Ruhr inset (run by hand; the file is committed and read at play time).

    python tools/maps/build_drawing.py

A road of the board is drawn along its motorway: through the towns the motorway passes between the road's two
cities (``VIA``, longitude and latitude of each town), projected as the cities and the Natural Earth background
are (``build_background.project``). Where two roads of the board share a stretch of motorway in reality, only
one is drawn along it and the other keeps its straight line, so that no two roads' fields fall on each other.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[2] / "adjudicator" / "rulesets" / "auf_achse" / "data" / "maps"  # the output
sys.path.insert(0, str(Path(__file__).resolve().parent))  # build_background.py, beside this script

# Towns on the way, from the road's first city to its second (the board's road "from-to"), as (lon, lat).
SCHLESWIG, RENDSBURG, ECKERNFOERDE = (9.57, 54.52), (9.67, 54.30), (9.84, 54.47)
VIA: dict[str, list[tuple[float, float]]] = {
    "FL-KI": [ECKERNFOERDE],
    "FL-HH": [SCHLESWIG, RENDSBURG],
    "HL-HRO": [(11.46, 53.89)],  # Wismar
    "HRO-B": [(12.17, 53.79)],  # Güstrow
    "HRO-SZZ": [(13.26, 53.56), (13.99, 53.51)],  # Neubrandenburg, Pasewalk
    "HH-B": [(11.50, 53.33), (12.80, 52.93)],  # Ludwigslust, Neuruppin
    "HH-H": [(9.84, 52.99)],  # Soltau
    "HB-H": [(9.23, 52.92)],  # Verden
    "OL-EMD": [(7.45, 53.23)],  # Leer
    "EMD-MS": [(7.40, 53.08), (7.29, 52.69), (7.32, 52.52), (7.44, 52.28)],  # Papenburg, Meppen, Lingen, Rheine
    "AMS-OS": [(5.39, 52.16), (6.16, 52.25), (6.79, 52.27)],  # Amersfoort, Deventer, Hengelo
    "BI-H": [(8.80, 52.20), (9.37, 52.34)],  # Bad Oeynhausen, Bad Nenndorf
    "DO-BI": [(7.82, 51.68), (8.38, 51.91)],  # Hamm, Gütersloh
    "BS-MD": [(11.00, 52.23)],  # Helmstedt
    "MD-B": [(11.86, 52.27), (12.55, 52.41), (13.06, 52.40)],  # Burg, Brandenburg, Potsdam
    "H-KS": [(9.95, 52.15), (9.93, 51.53)],  # Hildesheim, Göttingen
    "MD-L": [(11.97, 51.48)],  # Halle
    "L-B": [(12.24, 51.83), (12.93, 52.24)],  # Dessau, Beelitz
    "L-DD": [(12.73, 51.24), (13.12, 51.12)],  # Grimma, Döbeln
    "DD-PRG": [(14.03, 50.66), (14.05, 50.52)],  # Ústí, Lovosice
    "L-EF": [(11.97, 51.20), (11.81, 51.15), (11.33, 50.98)],  # Weißenfels, Naumburg, Weimar
    "EF-KS": [(10.70, 50.95), (10.32, 50.98)],  # Gotha, Eisenach
    "L-HO": [(12.08, 50.88), (11.80, 50.58)],  # Gera, Schleiz
    "HO-DD": [(12.50, 50.72), (12.92, 50.83), (13.34, 50.91)],  # Zwickau, Chemnitz, Freiberg
    "HO-N": [(11.58, 49.94)],  # Bayreuth
    "EF-WUE": [(10.69, 50.61), (10.23, 50.05)],  # Suhl, Schweinfurt
    "KS-F": [(9.27, 50.75), (8.68, 50.58)],  # Alsfeld, Gießen
    "KS-DO": [(9.14, 51.49), (8.10, 51.57)],  # Warburg, Soest
    "DO-K": [(7.15, 51.26), (7.00, 51.03)],  # Wuppertal, Leverkusen
    "E-RTM": [(6.25, 51.83), (5.90, 51.98)],  # Emmerich, Arnhem
    "ANR-RTM": [(4.78, 51.59)],  # Breda
    "LIE-BRU": [(4.70, 50.88)],  # Löwen
    "LIE-LUX": [(5.72, 50.00)],  # Bastogne
    "K-KO": [(7.03, 50.63)],  # Meckenheim
    "K-F": [(7.20, 50.80), (7.83, 50.44), (8.06, 50.39)],  # Siegburg, Montabaur, Limburg
    "KO-LUX": [(6.89, 49.99), (6.64, 49.75)],  # Wittlich, Trier
    "SB-MA": [(7.77, 49.44)],  # Kaiserslautern
    "SB-STR": [(7.36, 48.74)],  # Zabern
    "F-WUE": [(9.15, 49.97)],  # Aschaffenburg
    "S-WUE": [(9.22, 49.14), (9.66, 49.62)],  # Heilbronn, Tauberbischofsheim
    "KA-S": [(8.70, 48.89)],  # Pforzheim
    "STR-BSL": [(7.36, 48.08), (7.34, 47.75)],  # Colmar, Mülhausen
    "KA-FR": [(7.94, 48.47)],  # Offenburg
    "N-M": [(11.42, 48.76)],  # Ingolstadt
    "N-R": [(11.46, 49.28)],  # Neumarkt
    "R-PA": [(12.96, 48.83)],  # Deggendorf
    "R-M": [(12.15, 48.54)],  # Landshut
    "M-SZG": [(12.12, 47.86)],  # Rosenheim
    "M-INN": [(12.17, 47.58)],  # Kufstein
    "INN-BZO": [(11.51, 47.00)],  # Brenner
    "BZO-VR": [(11.12, 46.07)],  # Trient
    "SZG-TRS": [(13.85, 46.61)],  # Villach
    "M-LI": [(10.87, 48.05)],  # Landsberg
    "LI-INN": [(10.20, 47.13), (10.57, 47.14)],  # Arlberg, Landeck
    "PRG-LNZ": [(14.47, 48.97)],  # Budweis
    "PRG-N": [(13.38, 49.75), (12.50, 49.64), (11.86, 49.44)],  # Pilsen, Waidhaus, Amberg
}
INSET = {"name": "Ruhrgebiet", "area": [186, 328, 262, 418], "at": [8, 8], "scale": 2.4}


def main() -> None:
    from build_background import project  # the projection of the board's cities and background

    courses = {road: [[round(c, 1) for c in project(lon, lat)] for lon, lat in towns] for road, towns in VIA.items()}
    content = {"comment": "Geschrieben von build_drawing.py: jede Straße entlang ihrer Autobahn durch die Städte, die "
                          "sie berührt (nur die Zeichnung; die Regeln lesen deutschland.yaml), und das Ruhrgebiet "
                          "noch einmal, größer.",
               "inset": INSET, "courses": courses}
    text = json.dumps(content, indent=1, ensure_ascii=False)  # its comment's umlauts as they are
    (HERE / "deutschland.drawing.json").write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
