"""One colour per power or player, the same on maps, charts and tables.

Colours are chosen for readers with colour vision deficiencies too: up to eight players get the Okabe-Ito
palette, more (an Auf Achse of nine or ten hauliers) the thirteen colours of ``LARGE``, which the Thirty Years'
War's eleven powers and two neutrals use as well. Any two colours of one game are at least 10 apart in
CIEDE2000, in normal vision and in simulated protanopia, deuteranopia and tritanopia (tests/test_colours.py).
Where colours alone may not tell two players apart, the maps also write each unit's letter and the charts
their names, so colour is never the only cue.

>>> colours(["alice", "bob"])
{'alice': '#E69F00', 'bob': '#56B4E9'}
>>> text_on("#332288"), text_on("#F0E442")
('#FFFFFF', '#000000')
"""

from __future__ import annotations

from collections.abc import Iterable

# Okabe & Ito (2008) without black, which is kept for outlines and text
OKABE_ITO = ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#555555"]
# Thirteen colours searched for distance in all four kinds of vision, keeping what they could of Okabe-Ito
# and Tol's "muted" (Paul Tol's scheme had 1.2 between its wine and a dark grey for a deuteranope)
LARGE = ["#E69F00", "#88CCEE", "#116633", "#DDCC77", "#332288", "#D55E00", "#AA4499", "#555555", "#BB77BB",
         "#55AA77", "#9933FF", "#AA0000", "#8C8C8C"]


def palette(n: int) -> list[str]:
    """``n`` distinguishable colours (hex ``#RRGGBB``), in a fixed order; beyond 13 they repeat."""
    base = OKABE_ITO if n <= len(OKABE_ITO) else LARGE
    return [base[i % len(base)] for i in range(n)]


def colours(keys: Iterable[str]) -> dict[str, str]:
    """A colour for each key, by position: pass the players (or powers) in the game's own order."""
    keys = list(keys)
    return dict(zip(keys, palette(len(keys)), strict=True))


def luminance(colour: str) -> float:
    """Relative luminance (WCAG 2) of ``#RRGGBB``."""
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def text_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour``."""
    lum = luminance(colour)
    return "#000000" if (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) else "#FFFFFF"
