"""History charts as inline SVG: one line per player, integer coordinates, no JavaScript.

The output depends only on the series given, so the same history always gives the same bytes (issue pages are
committed, and a rebuild must not change them). Coordinates are computed in integers for the same reason.

>>> svg = line_chart("Score", {"Alice": [0, 3, 7], "Bob": [0, 5, 6]})
>>> svg.startswith('<svg') and "Alice" in svg and svg.count("<polyline") == 2
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from xml.sax.saxutils import escape, quoteattr

# Colour-blind-safe palette (Okabe–Ito), then a few greys and darker tones for large games.
PALETTE = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000", "#f0e442",
           "#8c564b", "#7f7f7f", "#3b3b98", "#b33939")

WIDTH, HEIGHT = 640, 300
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 28, 36
LEGEND_ROW = 20
LEGEND_COLUMNS = 3


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


def _axis(values: Sequence[int]) -> tuple[int, int, int]:
    """Bottom, top and step of the y axis: multiples of a nice step that hold every value (and zero)."""
    low, high = min(0, *values), max(0, *values)
    step = nice_step(max(high - low, 1))
    bottom = (low // step) * step
    top = -(-high // step) * step
    if top == bottom:
        top = bottom + step
    return bottom, top, step


def line_chart(title: str, series: Mapping[str, Sequence[int]], *, first_turn: int = 0,
               x_label: str = "turn") -> str:
    """An SVG line chart of ``series`` (label -> one integer per turn, from ``first_turn`` on)."""
    labels = list(series)
    count = max((len(v) for v in series.values()), default=0)
    values = [int(v) for s in series.values() for v in s]
    bottom, top, step = _axis(values or [0])
    legend_rows = -(-len(labels) // LEGEND_COLUMNS)
    height = HEIGHT + legend_rows * LEGEND_ROW
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> int:
        return LEFT + (i * plot_w // (count - 1) if count > 1 else plot_w // 2)

    def y(v: int) -> int:
        return TOP + (top - v) * plot_h // (top - bottom)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="tp-chart" viewBox="0 0 {WIDTH} {height}" '
           f'width="100%" style="max-width:{WIDTH}px" role="img" aria-label={quoteattr(title)}>',
           f"<title>{escape(title)}</title>",
           f'<text x="{LEFT}" y="18" font-size="14" font-weight="bold" font-family="sans-serif">{escape(title)}</text>']
    for v in range(bottom, top + 1, step):
        out.append(f'<line x1="{LEFT}" y1="{y(v)}" x2="{WIDTH - RIGHT}" y2="{y(v)}" stroke="#ddd"/>'
                   f'<text x="{LEFT - 6}" y="{y(v) + 4}" font-size="11" text-anchor="end" '
                   f'font-family="sans-serif">{v}</text>')
    for i in _x_ticks(count):
        out.append(f'<text x="{x(i)}" y="{HEIGHT - BOTTOM + 16}" font-size="11" text-anchor="middle" '
                   f'font-family="sans-serif">{first_turn + i}</text>')
    out.append(f'<text x="{WIDTH - RIGHT}" y="{HEIGHT - 4}" font-size="11" text-anchor="end" '
               f'font-family="sans-serif">{escape(x_label)}</text>')
    for n, label in enumerate(labels):
        colour = PALETTE[n % len(PALETTE)]
        points = " ".join(f"{x(i)},{y(int(v))}" for i, v in enumerate(series[label]))
        last = series[label][-1] if series[label] else 0
        dash = ' stroke-dasharray="6 3"' if n >= len(PALETTE) else ""
        out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2"{dash} points="{points}">'
                   f"<title>{escape(label)}: {last}</title></polyline>")
        lx = LEFT + (n % LEGEND_COLUMNS) * (plot_w // LEGEND_COLUMNS)
        ly = HEIGHT + (n // LEGEND_COLUMNS) * LEGEND_ROW
        out.append(f'<rect x="{lx}" y="{ly - 9}" width="14" height="4" fill="{colour}"/>'
                   f'<text x="{lx + 20}" y="{ly - 4}" font-size="12" font-family="sans-serif">'
                   f"{escape(label)} ({last})</text>")
    out.append("</svg>")
    return "".join(out)


def _x_ticks(count: int) -> list[int]:
    """At most about ten turn labels on the x axis, always the first and the last."""
    if count <= 0:
        return []
    step = nice_step(max(count - 1, 1), 10)
    ticks = list(range(0, count, step))
    if ticks[-1] != count - 1:
        if count - 1 - ticks[-1] < step // 2:
            ticks.pop()
        ticks.append(count - 1)
    return ticks


def charts(history: Mapping[str, Mapping[str, Sequence[int]]], names: Mapping[str, str],
           title: str = "{metric}") -> list[str]:
    """One chart per metric of a ruleset's ``history``; players' keys are shown by their names."""
    out = []
    for metric, per_player in history.items():
        series = {names.get(key, key): values for key, values in per_player.items()}
        out.append(line_chart(title.format(metric=metric), series))
    return out
