"""The orders page's verdict against ``validate`` on a generated corpus (issue 30, "Show it"): 1,000 sheets for
each game of the orders page's test league (Diplomacy's movement, winter and retreats, the Thirty Years' War,
Bretton Woods, Auf Achse's auction and two rounds, The Policy Maker, Calamity), good ones, edge ones and random
mutations (``tests/orders_page/corpus.py``), each through the page in headless Chromium and through ``validate``.

Run: ``.venv/bin/python benchmarks/bench_orders_corpus.py [--small] [GAME ...]``. It builds the test league (a few
minutes), then prints for each game, and for each kind of sheet, how many sheets the two judged alike (the same
faulty entries, or none), on how many the page said it could not judge a line (a list game: the line not in the
rules' table), how many it left to ``validate`` (a rule of a game that is not a list of lines: the page checks the
schema, the offered values and the budgets), on how many they disagree (``test_corpus.agree``: the page names no
fault ``validate`` does not, and in a list game misses none but on lines it says it cannot judge; the first such
sheet is printed) and the time. ``--small``: 24 sheets a game, what ``tests/orders_page/test_corpus.py`` runs in
every test run; ``run``, the loop that prints the figures, is run by ``tests/orders_page/test_orders_bench.py`` on
the tests' shared league and browser.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.orders_page import test_corpus  # noqa: E402
from tests.orders_page.conftest import League, make_league  # noqa: E402
from tests.orders_page.test_orders_browser import open_page, pick  # noqa: E402
from tests.site.test_site_browser import serving  # noqa: E402
from tests.site.webdriver import Browser, find_chromium  # noqa: E402

FULL = 1000


def run(browser: Browser, url: str, league: League, games: list[str], count: int,
        out: Callable[[str], None] = print) -> None:
    """``count`` sheets of each game through the page served at ``url`` and through ``validate``: a line each, then
    a line per kind of sheet (good, edge, bad; at and one over a budget; with religion points spent) with its
    outcomes, a line of validate's faulty entries one by one (named by the page too, on a line it cannot judge,
    left to validate; and the page's own), then the first sheet where they disagree, if any. A player with a
    private report opens it first, as a player does (30JK's religion points judge its religious actions)."""
    for game in games:
        started = time.monotonic()
        player = test_corpus.who(league, game)
        if f"{game}:{player}" in league.keys:
            open_page(browser, url, game)
            pick(browser, player)
            test_corpus.open_report(browser, league, game, player)
        by_kind: dict[tuple[str, str], int] = {}
        disagreements: list = []
        problems: dict[str, int] = {}
        seen = test_corpus.agree(browser, url, league, game, count, by_kind, disagreements, problems)
        out(f"{game}: {count} sheets, {seen['agree']} judged alike, {seen['unjudged']} with a line the page cannot "
            f"judge, {seen['left to validate']} left to validate, {seen.get('disagree', 0)} disagree; "
            f"{time.monotonic() - started:.0f} s")
        for kind in sorted({k for k, _ in by_kind}):
            out(f"  {kind}: " + ", ".join(f"{outcome} {n}" for (k, outcome), n in sorted(by_kind.items())
                                          if k == kind))
        out("  faulty entries (validate's errors), one by one: " + ", ".join(f"{name} {n}" for name, n in
                                                                         problems.items()))
        if disagreements:
            kind, text, page, found = disagreements[0]
            out(f"  first disagreement ({kind}): {text!r}\n    page: {page}\n    validate: "
                f"{[(f.line, f.severity, f.message) for f in found]}")
        sys.stdout.flush()


def main(argv: list[str]) -> int:
    count = test_corpus.SMALL if "--small" in argv else FULL
    games = [a for a in argv if not a.startswith("--")] or sorted(test_corpus.GAMES)
    found = find_chromium()
    if found is None:
        print("chromium and chromium-driver are not installed (apt-get install chromium chromium-driver)")
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        started = time.monotonic()
        league = make_league(Path(tmp) / "league")
        print(f"test league built in {time.monotonic() - started:.0f} s", flush=True)
        browser = Browser(*found, Path(tmp) / "profile")
        try:
            with serving(league.root / "public") as url:
                run(browser, url, league, games, count)
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
