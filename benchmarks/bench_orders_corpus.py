"""The orders page's verdict against ``validate`` on a generated corpus (issue 30, "Show it"): 1,000 sheets for
each game of the orders page's test league (Diplomacy's movement, winter and retreats, the Thirty Years' War,
Bretton Woods, Auf Achse's auction and two rounds, The Policy Maker, Calamity), good ones, edge ones and random
mutations (``tests/orders_page/corpus.py``), each through the page in headless Chromium and through ``validate``.

Run: ``.venv/bin/python benchmarks/bench_orders_corpus.py [--small] [GAME ...]``. It builds the test league (a few
minutes), then prints for each game how many sheets the two judged alike (the same faulty entries, or none), on how
many the page said it could not judge a line (a list game: the line not in the rules' table), how many it left to
``validate`` (a rule of a game that is not a list of lines: the page checks the schema, the offered values and the
budgets) and the time. It fails at the first sheet where they disagree (``test_corpus.agree``: the page names no
fault ``validate`` does not, and in a list game misses none but on lines it says it cannot judge). ``--small``: 24
sheets a game, what ``tests/orders_page/test_corpus.py`` runs in every test run; ``run``, the loop that prints the
figures, is run by ``tests/orders_page/test_orders_bench.py`` on the tests' shared league and browser.
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
from tests.site.test_site_browser import serving  # noqa: E402
from tests.site.webdriver import Browser, find_chromium  # noqa: E402

FULL = 1000


def run(browser: Browser, url: str, league: League, games: list[str], count: int,
        out: Callable[[str], None] = print) -> None:
    """``count`` sheets of each game through the page served at ``url`` and through ``validate``, a line each."""
    for game in games:
        started = time.monotonic()
        seen = test_corpus.agree(browser, url, league, game, count)
        out(f"{game}: {count} sheets, {seen['agree']} judged alike, {seen['unjudged']} with a line the page cannot "
            f"judge, {seen['left to validate']} left to validate; {time.monotonic() - started:.0f} s")
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
