"""The built site in a real browser (issue: the league's site, "Show it"): Debian's chromium, headless, through
chromedriver, against the site served on 127.0.0.1. Home lists the games; a click leads to a game and on to its
latest issue, whose tables and SVG charts render; the search box finds a country by name; the issue reads on a
phone-sized screen without the page scrolling sideways. Screenshots go to ``test-artifacts/site/``.
"""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from .webdriver import Browser, find_chromium

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "site"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass


@pytest.fixture(scope="module")
def served(built_site: Path) -> Iterator[str]:
    handler = functools.partial(QuietHandler, directory=str(built_site / "public"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    found = find_chromium()
    if found is None:
        pytest.skip("chromium and chromium-driver are not installed (apt-get install chromium chromium-driver)")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS.parent / ".gitignore").write_text("*\n")
    b = Browser(*found, profile=tmp_path_factory.mktemp("chromium-profile"))
    yield b
    b.close()


def test_a_reader_goes_from_home_to_a_game_to_its_latest_issue(browser: Browser, served: str):
    browser.resize(1280, 1000)
    browser.get(served)
    home = browser.text("article")
    assert "League of ATLAS" in home and "League of BOREA" in home
    assert "2026-01-26 20:00 CET" in home, "the next deadline"
    browser.screenshot(ARTIFACTS / "1-home.png")

    browser.click('article a[href="games/atlas/"]')
    browser.wait_for(lambda: browser.url.endswith("/games/atlas/"), "the game's page")
    assert "Ruritania" in browser.text("article") and "How to send orders" in browser.text("article")
    browser.screenshot(ARTIFACTS / "2-game.png")

    browser.click('article a[href$="news/atlas/0003/"]')
    browser.wait_for(lambda: browser.url.endswith("/news/atlas/0003/"), "the latest issue")
    rendered = browser.script("""
        const article = document.querySelector("article");
        const tables = [...article.querySelectorAll("table")].filter(t => t.getBoundingClientRect().height > 0);
        const svgs = [...article.querySelectorAll(".tp-figure > svg")].map(s => s.getBoundingClientRect());
        const lines = article.querySelectorAll("svg polyline").length;
        return {tables: tables.length, svgs: svgs.map(r => [Math.round(r.width), Math.round(r.height)]), lines};
    """)
    assert rendered["tables"] >= 1, "the game's table is shown"
    assert rendered["lines"] == 3, "one line per player in the chart"
    assert all(w > 100 and h > 30 for w, h in rendered["svgs"]) and len(rendered["svgs"]) >= 2, rendered
    assert "Missed orders (NMR): Syldavia" in browser.text("article")
    browser.screenshot(ARTIFACTS / "3-issue.png")


def test_the_search_box_finds_a_country_by_name(browser: Browser, served: str):
    browser.resize(1280, 1000)
    browser.get(served)
    browser.click("input.md-search__input")  # on a wide screen the search box sits in the header
    browser.type("input.md-search__input", "Freedonia")
    results = browser.wait_for(lambda: browser.find_all(".md-search-result__item"), "search results")
    assert results
    text = browser.text(".md-search-result")
    assert "Freedonia" in text and "League of ATLAS" in text
    browser.screenshot(ARTIFACTS / "4-search.png")


def test_an_issue_reads_on_a_phone(browser: Browser, served: str):
    browser.resize(390, 844)
    browser.get(served + "news/atlas/0003/")
    size = browser.script("return [window.innerWidth, document.documentElement.scrollWidth]")
    assert size[0] <= 420, f"a phone-sized viewport, got {size[0]}"
    assert size[1] <= size[0], "nothing makes the page scroll sideways"
    widths = browser.script("""
        return [...document.querySelectorAll("article table, article .tp-figure > svg")]
            .map(e => Math.round(e.getBoundingClientRect().right));
    """)
    assert widths and max(widths) <= size[0], "tables and charts fit the screen (wide ones scroll in their box)"
    browser.screenshot(ARTIFACTS / "5-phone-issue.png")
    browser.get(served + "games/atlas/standings/")
    assert "Freedonia" in browser.text("article")
    right = browser.script('return Math.round(document.querySelector("article table").getBoundingClientRect().right)')
    assert right <= size[0], "the standings reflow into the screen's width"
    browser.screenshot(ARTIFACTS / "6-phone-standings.png")
