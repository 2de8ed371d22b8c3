"""Issue #18: "one colour per power or haulier that is the same on maps, charts and tables and distinguishable
(including for colour-blind readers)".

Distinguishable is measured: any two colours of one game are at least ``MIN_DISTANCE`` apart in CIEDE2000,
as seen with normal vision and as simulated for a protanope, a deuteranope and a tritanope (Machado, Oliveira
and Fernandes 2009, severity 1: the full dichromacy, the hardest case). 10 is about where two small patches on a
map stop being mistaken for each other at a glance; the palettes' closest pairs are 10.6 and more.
"""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

import pytest

from adjudicator.kit import palette
from adjudicator.league import store
from adjudicator.newsletter import issue_page
from adjudicator.rulesets.diplomacy.tables import load_map, shipped

MIN_DISTANCE = 10.0
ROOT = Path(__file__).resolve().parents[1]

# Machado et al. (2009), severity 1.0, on linear RGB
DICHROMACY = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
VISIONS = ["normal", *DICHROMACY]

Lab = tuple[float, float, float]


def _linear(colour: str) -> list[float]:
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4
    return [channel(int(colour[i:i + 2], 16)) for i in (1, 3, 5)]


def seen(colour: str, vision: str) -> Lab:
    """``#RRGGBB`` as CIELAB (D65), as a reader with ``vision`` sees it."""
    rgb = _linear(colour)
    if vision in DICHROMACY:
        rgb = [min(max(sum(m * c for m, c in zip(row, rgb, strict=True)), 0.0), 1.0) for row in DICHROMACY[vision]]
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def ciede2000(lab1: Lab, lab2: Lab) -> float:
    """The CIEDE2000 colour difference (Sharma, Wu and Dalal 2005), kL = kC = kH = 1."""
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180 if abs(h2 - h1) != 180 else h2 - h1
    d_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_bar, c_bar2 = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_bar = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_bar = (h1 + h2) / 2
    else:
        h_bar = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6)) - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c, s_h = 1 + 0.045 * c_bar2, 1 + 0.015 * c_bar2 * t
    r_t = (-2 * math.sqrt(c_bar2 ** 7 / (c_bar2 ** 7 + 25 ** 7))
           * math.sin(math.radians(60 * math.exp(-(((h_bar - 275) / 25) ** 2)))))
    dl, dc, dhh = (l2 - l1) / s_l, (c2 - c1) / s_c, d_h / s_h
    return math.sqrt(dl ** 2 + dc ** 2 + dhh ** 2 + r_t * dc * dhh)


@pytest.mark.parametrize(("lab1", "lab2", "expected"), [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),  # Sharma et al. 2005, table 1, pair 1
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),  # pair 7
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),  # pair 17
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),  # pair 25
])
def test_the_colour_difference_is_ciede2000_as_published(lab1: Lab, lab2: Lab, expected: float) -> None:
    assert round(ciede2000(lab1, lab2), 4) == expected


def closest(colours: list[str]) -> tuple[float, str, str, str]:
    """The closest two colours of a game in any of the four visions: (distance, vision, one, other)."""
    return min((ciede2000(seen(a, v), seen(b, v)), v, a, b)
               for v in VISIONS for a, b in itertools.combinations(colours, 2))


def test_a_deuteranope_cannot_tell_the_old_30jk_wine_from_the_rebels_grey() -> None:
    """The measure finds what it is for: Tol's wine (the Rheinbistümer's until issue 18) and the Bohemian
    rebels' dark grey differ plainly in normal vision, hardly at all for a deuteranope."""
    assert ciede2000(seen("#882255", "normal"), seen("#555555", "normal")) > 20
    assert ciede2000(seen("#882255", "deuteranopia"), seen("#555555", "deuteranopia")) < 2


def game_colours() -> dict[str, list[str]]:
    out = {}
    for name in ("standard", "dreissigjaehriger-krieg"):
        m = load_map(name, shipped())
        neutrals = m.data["start"].get("neutral_units", {}).values()
        out[name] = [str(p["colour"]) for p in m.powers.values()] + [str(n["colour"]) for n in neutrals]
    for n in range(5, 11):  # Auf Achse: "Jeder der 5 bis 10 Mitspieler" (Allgemeines)
        out[f"auf-achse with {n} hauliers"] = palette.palette(n)
    return out


@pytest.mark.parametrize(("game", "colours"), game_colours().items())
def test_any_two_colours_of_a_game_differ_in_normal_vision_and_for_each_kind_of_colour_blindness(
        game: str, colours: list[str]) -> None:
    assert len(set(colours)) == len(colours), "one colour per power or haulier"
    distance, vision, a, b = closest(colours)
    assert distance >= MIN_DISTANCE, f"{a} and {b} are {distance:.1f} apart in {vision}"


def test_each_hauliers_line_on_the_charts_has_its_colour_on_the_board() -> None:
    """Auf Achse's charts take the board's colours (the ruleset's colours hook), as Diplomacy's do."""
    game = store.load_game(ROOT, "demo-auf-achse")
    last = game.last_turn
    _, page = issue_page(game, last, game.state(last), game.report(last))
    board = re.findall(r'<rect x="12" y="\d+" width="12" height="9" fill="([^"]+)"/><text x="30" y="\d+">([^<]+)'
                       r'</text>', page)
    assert len(board) == len(game.players) >= 5
    for colour, name in board:
        lines = re.findall(rf'<g><title>{re.escape(name)}: [^<]*</title><polyline fill="none" stroke="([^"]+)"', page)
        assert lines and set(lines) == {colour}, f"{name}: {colour} on the board, {lines} on the charts"


def _contrast_on_white(colour: str) -> float:
    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(int(colour[i:i + 2], 16)) for i in (1, 3, 5))
    return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05)


def test_the_label_at_each_lines_end_reads_on_the_charts_white_ground_in_every_demo_game() -> None:
    """Readable: Turkey's yellow and Elbe-Logistik's yellow were written in their own colour beside their line's
    end, 1.2:1 against the charts' white ground (dark mode too: the CSS gives charts a white ground). The label is
    now written in a darker tone of the line's own colour, at least WCAG's 4.5:1 for normal text."""
    seen: set[str] = set()
    for game_dir in sorted((ROOT / "games").iterdir()):
        game = store.load_game(ROOT, game_dir.name)
        last = game.last_turn
        _, page = issue_page(game, last, game.state(last), game.report(last))
        labels = re.findall(r'<text x="\d+" y="\d+" font-size="13" fill="(#[0-9a-fA-F]{6})" ', page)
        assert labels, f"{game_dir.name}: no chart end labels found"
        for colour in labels:
            assert _contrast_on_white(colour) >= 4.5, f"{game_dir.name}: {colour} on white"
        seen.update(labels)
    light = [c for c in game_colours()["standard"] if _contrast_on_white(c) < 3]
    assert light, "the standard map has a light colour (Turkey's yellow)"
    assert not seen & set(light), "a light colour itself is never used for text"
