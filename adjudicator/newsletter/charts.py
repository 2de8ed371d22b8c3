"""History charts as inline SVG: one line per player, integer coordinates, no JavaScript.

The output depends only on the series given, so the same history always gives the same bytes (issue pages are
committed, and a rebuild must not change them). Coordinates are computed in integers for the same reason.

Readers tell the lines apart by colour (the game's own colours where the ruleset has a ``colours`` hook, as the
map uses them, else one shared palette), by a marker shape per player, and by a label at each line's end. Lines
that run together are drawn a few pixels apart. A player who was not in the game in a turn has no point there:
the line has a gap. The legend is HTML below the drawing, so it stays readable when a phone shrinks the SVG.

>>> svg = line_chart("Score", {"Alice": [0, 3, 7], "Bob": [0, 5, None]}, ["0", "1", "2"])
>>> svg.count("<polyline") == 2 and "Alice" in svg and 'class="tp-legend"' in svg
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from ..kit import drawcache, words
from ..kit.catalog import SITE
from ..kit.markup import plain

# Colour-blind-safe palette (Okabe–Ito), then darker tones for large games; the shared palette of the site and
# of any drawing that wants one colour per player.
PALETTE = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000", "#8c564b",
           "#7f7f7f", "#3b3b98", "#b33939", "#6a8d00")
MARKERS = ("circle", "square", "triangle", "diamond", "cross", "bar")

WIDTH, HEIGHT = 640, 320
LEFT, RIGHT, TOP, BOTTOM = 64, 132, 16, 56
FONT = 'font-family="sans-serif"'
MARKERS_UP_TO = 40  # points per line; beyond it only each line's last point has its marker
LABEL_GAP = 14  # end labels at least this far apart vertically
SEPARATION = 3  # pixels between lines that share a value


def xml_escape(text: str) -> str:
    """``&``, ``<`` and ``>`` as entities (xml.sax.saxutils' escape, without the import of urllib.request, http
    and email that it costs every command; issue 33, validate's cold start)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def quoteattr(text: str) -> str:
    """``text`` as a quoted XML attribute value, exactly as xml.sax.saxutils' quoteattr writes it (the drawings'
    bytes stay the same): in double quotes, or in single quotes if it holds a double quote and no single one."""
    data = xml_escape(text).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in data:
        return f'"{data}"'
    if "'" not in data:
        return f"'{data}'"
    return '"' + data.replace('"', "&quot;") + '"'


def escape(text: str) -> str:
    """Text for the chart's XML: escaped, and a player's name without bidi controls that would turn it around."""
    return xml_escape(plain(text))


def palette(keys: Sequence[str], own: Mapping[str, str] | None = None) -> dict[str, str]:
    """One colour per key: the game's own where given (a power's, a haulier's), else the shared palette in order.

    >>> palette(["a", "b"], {"b": "#c0392b"})
    {'a': '#0072b2', 'b': '#c0392b'}
    """
    own = own or {}
    free = [c for c in PALETTE if c not in own.values()]
    out, n = {}, 0
    for key in keys:
        if key in own:
            out[key] = own[key]
        else:
            out[key] = free[n % len(free)] if free else PALETTE[n % len(PALETTE)]
            n += 1
    return out


def nice_step(span: int, ticks: int = 5) -> int:
    """The smallest of 1, 2, 5 x 10^k that cuts ``span`` into at most ``ticks`` intervals.

    >>> nice_step(100), nice_step(7), nice_step(0), nice_step(1234)
    (20, 2, 1, 500)
    """
    step = 1
    while True:
        for factor in (1, 2, 5):
            if span <= step * factor * ticks:
                return step * factor
        step *= 10


def short_step(label: str) -> str:
    """A turn's label short enough for an axis: up to its first number ("Fall 1903 Movement" -> "Fall 1903",
    "Year 2, card 24 of 24: ..." -> "Year 2").

    >>> short_step("Fall 1903 Movement"), short_step("Round 10: Ann's turn"), short_step("Jahr 6")
    ('Fall 1903', 'Round 10', 'Jahr 6')
    """
    match = re.match(r"\D*?\d+", label)
    return (match.group(0) if match else label.split(":")[0]).strip()[:16]


def _axis(values: Sequence[int]) -> tuple[int, int, int]:
    """Bottom, top and step of the y axis: multiples of a nice step that hold every value (and zero)."""
    low, high = min(0, *values), max(0, *values)
    step = nice_step(max(high - low, 1))
    bottom = (low // step) * step
    top = -(-high // step) * step
    if top == bottom:
        top = bottom + step
    return bottom, top, step


def _marker(shape: str, x: int, y: int, colour: str) -> str:
    if shape == "circle":
        return f'<circle cx="{x}" cy="{y}" r="4" fill="{colour}"/>'
    if shape == "square":
        return f'<rect x="{x - 4}" y="{y - 4}" width="8" height="8" fill="{colour}"/>'
    if shape == "triangle":
        return f'<path d="M{x} {y - 5}L{x + 5} {y + 4}L{x - 5} {y + 4}Z" fill="{colour}"/>'
    if shape == "diamond":
        return f'<path d="M{x} {y - 5}L{x + 5} {y}L{x} {y + 5}L{x - 5} {y}Z" fill="{colour}"/>'
    if shape == "cross":
        return (f'<path d="M{x - 4} {y - 4}L{x + 4} {y + 4}M{x - 4} {y + 4}L{x + 4} {y - 4}" stroke="{colour}" '
                'stroke-width="3"/>')
    return f'<rect x="{x - 5}" y="{y - 2}" width="10" height="4" fill="{colour}"/>'


def _spread(wanted: list[tuple[int, int]], low: int, high: int) -> dict[int, int]:
    """End labels' y positions (index -> y), at least ``LABEL_GAP`` apart, as near as may be to where wanted."""
    placed: dict[int, int] = {}
    last = low - LABEL_GAP
    for y, n in sorted(wanted):
        last = max(y, last + LABEL_GAP)
        placed[n] = last
    overflow = max(0, last - high)
    return {n: y - overflow for n, y in placed.items()}


@drawcache.kept("line chart")  # every issue charts the game so far: a past turn's chart is drawn once (issue 33)
def line_chart(title: str, series: Mapping[str, Sequence[int | None]], steps: Sequence[str], *,
               colours: Mapping[str, str] | None = None, y_label: str = "", x_label: str = "Turn") -> str:
    """An SVG line chart of ``series`` (label -> one integer per turn, ``None`` where the player was not in the
    game), ``steps`` naming the turns, followed by its HTML legend."""
    labels = list(series)
    colour = palette(labels, colours)
    count = max((len(v) for v in series.values()), default=0)
    values = [int(v) for s in series.values() for v in s if v is not None]
    bottom, top, step = _axis(values or [0])
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> int:
        return LEFT + (i * plot_w // (count - 1) if count > 1 else plot_w // 2)

    def y(v: int) -> int:
        return TOP + (top - v) * plot_h // (top - bottom)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="tp-chart" viewBox="0 0 {WIDTH} {HEIGHT}" '
           f'width="100%" style="max-width:{WIDTH}px" role="img" aria-label={quoteattr(title)}>',
           f"<title>{escape(title)}</title>"]
    for v in range(bottom, top + 1, step):
        out.append(f'<line x1="{LEFT}" y1="{y(v)}" x2="{WIDTH - RIGHT}" y2="{y(v)}" stroke="#ddd"/>'
                   f'<text x="{LEFT - 6}" y="{y(v) + 5}" font-size="14" text-anchor="end" {FONT}>{v}</text>')
    for i in _x_ticks(count):
        name = short_step(steps[i]) if i < len(steps) else str(i)
        out.append(f'<text x="{x(i)}" y="{HEIGHT - BOTTOM + 20}" font-size="13" text-anchor="middle" {FONT}>'
                   f"{escape(name)}</text>")
    out.append(f'<text x="{LEFT + plot_w // 2}" y="{HEIGHT - 8}" font-size="14" text-anchor="middle" {FONT}>'
               f"{escape(x_label)}</text>")
    if y_label:
        out.append(f'<text transform="translate(16 {TOP + plot_h // 2}) rotate(-90)" font-size="14" '
                   f'text-anchor="middle" {FONT}>{escape(y_label)}</text>')
    taken: dict[tuple[int, int], int] = {}  # (turn, value) -> lines drawn through it so far
    ends: list[tuple[int, int]] = []
    end_text: dict[int, tuple[str, int]] = {}
    for n, label in enumerate(labels):
        c, shape = colour[label], MARKERS[n % len(MARKERS)]
        dash = ' stroke-dasharray="7 3"' if n >= len(PALETTE) else ""
        points: list[tuple[int, int] | None] = []
        for i, value in enumerate(series[label]):
            if value is None:
                points.append(None)
                continue
            shift = taken.get((i, int(value)), 0)
            taken[(i, int(value))] = shift + 1
            points.append((x(i), y(int(value)) - SEPARATION * shift))
        known = [(i, v) for i, v in enumerate(series[label]) if v is not None]
        last = int(known[-1][1]) if known else 0
        group = [f'<g><title>{escape(label)}: {last}</title>']
        for run in _runs(points):
            group.append(f'<polyline fill="none" stroke="{c}" stroke-width="3"{dash} points="'
                         + " ".join(f"{px},{py}" for px, py in run) + '"/>')
        shown = [p for p in points if p is not None]
        for p in (shown if len(points) <= MARKERS_UP_TO else shown[-1:]):
            group.append(_marker(shape, p[0], p[1], c))
        out.append("".join(group) + "</g>")
        if shown and known[-1][0] == count - 1:
            ends.append((shown[-1][1], n))
            end_text[n] = (label, last)
    for n, ly in _spread(ends, TOP + 6, HEIGHT - BOTTOM).items():
        label, last = end_text[n]
        out.append(f'<text x="{WIDTH - RIGHT + 8}" y="{ly + 5}" font-size="13" fill="{legible(colour[label])}" '
                   f'{FONT}>'
                   f"{escape(_clip(label))} {last}</text>")
    out.append("</svg>")
    legend = "".join(f'<li><svg viewBox="-6 -6 12 12" width="12" height="12" aria-hidden="true">'
                     f"{_marker(MARKERS[n % len(MARKERS)], 0, 0, colour[label])}</svg> {escape(label)}"
                     f"{_final(series[label])}</li>" for n, label in enumerate(labels))
    return (f'<p class="tp-chart-title">{escape(title)}</p>\n' + "".join(out)
            + f'\n<ul class="tp-legend">{legend}</ul>')


def _luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""
    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def legible(colour: str, contrast: float = 4.5) -> str:
    """``colour`` darkened in steps of a twentieth until text in it reads on the charts' white ground (WCAG's
    4.5:1 for normal text); a colour that already does is kept. The line keeps its own colour: only the label
    at its end, which a reader must read, takes the darker tone of the same hue (a yellow line's label was
    unreadable on white).

    >>> legible("#0072b2"), legible("#f0e442"), legible("#000000")
    ('#0072b2', '#787221', '#000000')
    """
    rgb = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    for twentieths in range(20, -1, -1):
        dark = (rgb[0] * twentieths // 20, rgb[1] * twentieths // 20, rgb[2] * twentieths // 20)
        if 1.05 / (_luminance(dark) + 0.05) >= contrast:
            return "#" + "".join(f"{c:02x}" for c in dark)
    return "#000000"


def _clip(label: str, size: int = 14) -> str:
    return label if len(label) <= size else label[:size - 1] + "…"


def _final(values: Sequence[int | None]) -> str:
    known = [v for v in values if v is not None]
    return f": {known[-1]}" if known else ""


def _runs(points: Sequence[tuple[int, int] | None]) -> list[list[tuple[int, int]]]:
    """The unbroken stretches of a line (a single point is drawn by its marker only)."""
    runs: list[list[tuple[int, int]]] = [[]]
    for p in points:
        if p is None:
            runs.append([])
        else:
            runs[-1].append(p)
    return [r for r in runs if len(r) > 1]


def _x_ticks(count: int) -> list[int]:
    """At most six turn labels on the x axis, always the first and the last."""
    if count <= 0:
        return []
    step = nice_step(max(count - 1, 1), 6)
    ticks = list(range(0, count, step))
    if ticks[-1] != count - 1:
        if count - 1 - ticks[-1] < step // 2:
            ticks.pop()
        ticks.append(count - 1)
    return ticks


def charts(history: Mapping[str, Mapping[str, Sequence[int]]], names: Mapping[str, str], *, lang: str = "en",
           labels: Mapping[str, str] | None = None, present: Mapping[str, range] | None = None,
           steps: Sequence[str] = (), colours: Mapping[str, str] | None = None) -> list[str]:
    """One chart per metric of a ruleset's ``history``: players shown by name, metrics by their labels, a gap
    where ``present`` (by player key) says a player was not in the game, the turns named by ``steps``."""
    out = []
    for metric, per_player in history.items():
        series: dict[str, list[int | None]] = {}
        for key, values in per_player.items():
            name = names.get(key, key)
            there = (present or {}).get(key)
            series[name] = [v if there is None or i in there else None for i, v in enumerate(values)]
        count = max((len(v) for v in series.values()), default=0)
        named = [*steps[:count], *(str(i) for i in range(len(steps), count))]
        title = words.label(metric, labels or {})
        own = {names.get(k, k): c for k, c in (colours or {}).items()}
        out.append(line_chart(title, series, named, colours=own, y_label=title, x_label=SITE.say(lang, "turns")))
    return out
