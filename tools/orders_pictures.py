"""The pictures of the guide's orders page (``site/guide/orders-page.md``), taken from the demo league.

    .venv/bin/python -m tools.orders_pictures

The repository's demo league is copied and built (as the site's browser tests build it), an Auf Achse game in
its first round is added beside it (the demo's own is over: no orders are open there), and headless Chromium
(the browser tests' WebDriver client) gives the orders as a player does, by clicks; each picture is the page's
part that shows it, taken with the DevTools protocol's ``Page.captureScreenshot`` as WebP (quality 70), which
keeps each one at a few dozen kB. They are written to ``site/images/guide-orders-*.webp``; the guide names them.

Run it again when the page changes what it shows; commit the pictures with the change.
"""

from __future__ import annotations

import base64
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.site.webdriver import Browser

REPO = Path(__file__).resolve().parents[1]
IMAGES = REPO / "site" / "images"
QUALITY = 70
NAMES = ("diplomacy-desktop", "diplomacy-phone-full", "dreissigjaehriger-krieg-desktop", "auf-achse-route",
         "auf-achse-goal")  # the pictures the guide shows


def shot(browser: Browser, css: str, name: str, pad: int = 8) -> Path:
    """A WebP of the part ``css`` of the page (scrolled into view), written as ``guide-orders-NAME.webp``."""
    rect = browser.script("""
        var header = document.querySelector('.md-header');
        if (header) { header.style.position = 'static'; }  /* not drawn over the part taken */
        var n = document.querySelector(arguments[0]);
        n.scrollIntoView({block: 'start'});
        var r = n.getBoundingClientRect();
        return [r.left + window.scrollX, r.top + window.scrollY, r.width, r.height];""", css)
    x, y, w, h = (max(0, rect[0] - pad), max(0, rect[1] - pad), rect[2] + 2 * pad, min(rect[3] + 2 * pad, 2400))
    data = browser.cdp("Page.captureScreenshot", {"format": "webp", "quality": QUALITY, "captureBeyondViewport": True,
                                                  "clip": {"x": x, "y": y, "width": w, "height": h, "scale": 1}})
    out = IMAGES / f"guide-orders-{name}.webp"
    out.write_bytes(base64.b64decode(data["data"]))
    return out


def diplomacy(browser: Browser, url: str, click: Callable[[str], None]) -> list[Path]:
    """Spring 1904 of the demo: England's fleets by clicks (the North Sea fleet's support of the Channel's move
    into Belgium), the orders drawn as arrows; then the map full size on a phone."""
    from tests.orders_page.test_orders_browser import open_page, pick

    open_page(browser, url, "demo-diplomacy")
    pick(browser, "mholt")
    for region in ("Eng", "Bel", "Nth", "Bel"):
        click(region)
    out = [shot(browser, "#tp-form", "diplomacy-desktop")]
    open_page(browser, url, "demo-diplomacy", 390)
    pick(browser, "mholt")
    browser.script("document.getElementById('tp-map-open').scrollIntoView({block: 'center'})")
    browser.click("#tp-map-open")
    browser.wait_for(lambda: browser.script("return !!document.querySelector('dialog.tp-map-full[open] svg')"),
                     "the full-size map")
    click("Eng")
    data = browser.cdp("Page.captureScreenshot", {"format": "webp", "quality": QUALITY})
    phone = IMAGES / "guide-orders-diplomacy-phone-full.webp"
    phone.write_bytes(base64.b64decode(data["data"]))
    browser.click(".tp-zoom-close")
    browser.resize(1280, 1000)
    return [*out, phone]


def thirty_years(browser: Browser, url: str, click: Callable[[str], None]) -> list[Path]:
    """Frühling 1621 of the demo, Sweden: the army in Stettin to Rostock and the fleet in Vorpommern clicked onto
    Rostock, which supports the move (written as the game's judges write it: U), the page in German."""
    from tests.orders_page.test_orders_browser import open_page, pick

    open_page(browser, url, "demo-dreissigjaehriger-krieg")
    pick(browser, "alindqvist")
    for region in ("Sin", "Ros", "Vpo", "Ros"):
        click(region)
    return [shot(browser, "#tp-form", "dreissigjaehriger-krieg-desktop")]


def auf_achse(browser: Browser, url: str) -> list[Path]:
    """Round 1 of a new Auf Achse game: Ann's Brummi sent to München by its destination."""
    from tests.orders_page.test_orders_browser import open_page, pick

    open_page(browser, url, "aa")
    pick(browser, "ann")
    css = browser.script("""var o = Array.from(document.querySelectorAll('select.tp-route-goal option'))
        .find(o => o.getAttribute('data-city') === 'M');
        return '#' + o.parentElement.id + ' option[value="' + o.value + '"]';""")
    browser.click(css)
    return [shot(browser, "#tp-map", "auf-achse-route"), shot(browser, 'fieldset[data-key="route"]', "auf-achse-goal")]


def main() -> None:
    sys.path.insert(0, str(REPO))
    from adjudicator.newsletter import site
    from tests.orders_page.test_orders_map import click_region
    from tests.site.test_site_browser import serving
    from tests.site.webdriver import Browser, find_chromium

    found = find_chromium()
    if found is None:
        sys.exit("chromium and chromium-driver are not installed")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "league"
        root.mkdir()
        for name in ("games", "orders", "site"):
            shutil.copytree(REPO / name, root / name)
        shutil.copy(REPO / "mkdocs.yml", root / "mkdocs.yml")
        for name in NAMES:  # the first run: the guide names pictures not taken yet (the strict build wants them)
            (root / "site" / "images" / f"guide-orders-{name}.webp").touch()
        public = site.build(root)
        extra = Path(tmp) / "aa"
        from tools.orders_league import make_league

        make_league(extra)
        browser = Browser(*found, Path(tmp) / "profile")
        try:
            made: list[Path] = []
            with serving(public) as url:
                made += diplomacy(browser, url, lambda r: click_region(browser, r))
                made += thirty_years(browser, url, lambda r: click_region(browser, r))
            with serving(extra / "public") as url:
                made += auf_achse(browser, url)
        finally:
            browser.close()
    for path in made:
        print(f"{path.relative_to(REPO)}: {path.stat().st_size / 1024:.1f} kB")


if __name__ == "__main__":
    main()
