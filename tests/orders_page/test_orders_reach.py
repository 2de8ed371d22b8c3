"""Where the orders page is found and what it leans on (issue #16, "What to build"): it is linked from the game's
overview and from the "next deadline" part of the game's latest issue; every game's page fits a phone's 390 px
with the form of a player it awaits, with no serious accessibility finding; it loads nothing from any other
host (no CDN, no tracking); and a league whose configuration names no repository gets copy and download only,
no GitHub button.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from adjudicator.kit import words
from adjudicator.league import store
from adjudicator.newsletter import orders_page, site

from ..site import axe
from ..site.webdriver import Browser
from .conftest import ARTIFACTS, League, serving
from .test_orders_browser import judged_part, open_page, pick

pytestmark = pytest.mark.filterwarnings("ignore::ResourceWarning")

GAMES = ["dip", "sdip", "wb", "bw", "aa", "ar", "al", "pm", "ca", "jk"]
# The pages judged here in their orders part alone, without the drawing of the board (``judged_part``): each is
# judged whole, the drawing and the site's header and navigation included, in the same kind of state elsewhere:
# Diplomacy's open and sealed pages at 390 px in test_orders_browser's accessibility tests, Auf Achse's board in
# round 1 (ar) here. The others are judged whole here
JUDGED_WHOLE_ELSEWHERE = {"dip", "sdip", "aa", "al"}


def awaited(league: League, game: str) -> str:
    loaded = store.load_game(league.root, game)
    return loaded.ruleset.phase(loaded.effective_state(loaded.open_turn)).awaited[0]


def test_the_overview_and_the_latest_issue_link_the_orders_page(browser: Browser, served: str):
    """Auf Achse after its auction (German words): from the game's page, and from its first issue's "next
    deadline" part, one click reaches the orders page of the open turn."""
    browser.resize(1280, 1000)
    browser.get(f"{served}games/ar/")
    browser.click('article a[href="orders/"]')
    browser.wait_for(lambda: browser.url.endswith("/games/ar/orders/"), "the orders page, from the overview")
    browser.get(f"{served}news/ar/0001/")
    link = browser.script("""
        var h = Array.from(document.querySelectorAll('article h2'))
            .find(h => h.firstChild.textContent.trim() === arguments[0]);
        var a = null;
        for (var n = h && h.nextElementSibling; n && n.tagName !== 'H2' && !a; n = n.nextElementSibling) {
            a = n.querySelector('a[href$="/games/ar/orders/"]');
        }
        return a ? a.textContent : null;""", "Nächster Abgabeschluss")
    assert link == "Befehle abgeben"
    browser.click('article a[href$="/games/ar/orders/"]')
    browser.wait_for(lambda: browser.url.endswith("/games/ar/orders/"), "the orders page, from the issue")
    browser.wait_for(lambda: browser.script("return document.getElementById('tp-orders').getAttribute('data-ready')"),
                     "the page")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_s_page_fits_a_phone_and_loads_nothing_from_elsewhere(browser: Browser, served: str,
                                                                          league: League, game: str):
    open_page(browser, served, game, 390)
    pick(browser, awaited(league, game))
    for css in ("button.tp-add", 'button[data-rows]'):  # a line of each list of lines, where the form has one
        for n in range(browser.script("return document.querySelectorAll(arguments[0]).length", css)):
            browser.script("document.querySelectorAll(arguments[0])[arguments[1]].click()", css, n)
    wide = browser.script("""return Array.from(document.querySelectorAll('.tp-orders *'))
        .filter(e => !e.parentElement.closest('svg'))  /* a map's shapes are clipped to the map */
        .filter(e => e.getBoundingClientRect().width > 0
                     && e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .map(e => e.tagName + '#' + e.id + '.' + e.className);""")
    assert wide == [], "nothing wider than the phone"
    assert browser.script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    if game in ("wb", "al", "pm", "jk"):
        browser.script("document.getElementById('tp-form').scrollIntoView()")
        browser.screenshot(ARTIFACTS / f"phone-{game}.png")
    source = axe.axe_source()
    if source is not None:  # without axe-core (make install puts it in .ci/node) the layout alone is checked
        within = judged_part(browser) if game in JUDGED_WHOLE_ELSEWHERE else None
        assert axe.findings(browser, source, within=within) == [], "axe-core at 390 px"
    loaded = browser.script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert loaded and [u for u in loaded if not u.startswith(served)] == [], "every file from the site itself"


def test_without_a_repository_the_page_offers_copy_and_download_only(browser: Browser, league: League,
                                                                     tmp_path: Path):
    root = tmp_path / "league"
    root.mkdir()
    (root / "mkdocs.yml").write_text((league.root / "mkdocs.yml").read_text().replace(
        "repo_url: https://github.com/example/league", "# repo_url: none"))
    game = store.load_game(league.root, "dip", words.read_league(root))
    assert orders_page.turn_data(orders_page.read_open_turn(game, root))["repo"] is None
    public = tmp_path / "public"
    shutil.copytree(league.root / "public", public)
    data = public / "games/dip/orders/0001.json"
    data.write_text(json.dumps({**json.loads(data.read_text()), "repo": None}))
    # the page carries the same list; without it (a page built before it did) it reads the file
    html = public / "games/dip/orders/index.html"
    html.write_text(re.sub(r' data-index="[^"]*"', "", html.read_text()))
    with serving(public) as url:
        open_page(browser, url, "dip")
        pick(browser, "ann")
        assert browser.script("return document.getElementById('tp-github')") is None
        assert not browser.script("return document.getElementById('tp-copy').disabled")
        assert not browser.script("return document.getElementById('tp-download').disabled")


def test_a_repository_named_as_init_s_commented_line_suggests_gets_the_github_button(league: League,
                                                                                      tmp_path: Path):
    """Issue #30, item 6: ``init``'s ``mkdocs.yml`` has ``# repo_url: https://github.com/OWNER/LEAGUE    # issues
    then link ...``; a game master who deletes the first ``# `` keeps the line's own comment after the address.
    The page's GitHub button and the issues' links to each turn's orders and commit read the address all the
    same (the pattern had needed the address to end the line)."""
    root = tmp_path / "league"
    root.mkdir()
    template = site.template()
    commented = next(line for line in template.splitlines() if line.startswith("# repo_url: "))
    assert "#" in commented[2:], "init's line has a comment of its own after the address"
    (root / "mkdocs.yml").write_text(template.replace(commented, commented[2:]))
    assert words.read_league(root).repo == "https://github.com/OWNER/LEAGUE"
    game = store.load_game(league.root, "dip", words.read_league(root))
    assert orders_page.turn_data(orders_page.read_open_turn(game, root))["repo"] == "https://github.com/OWNER/LEAGUE"
    (root / "mkdocs.yml").write_text("repo_url: 'https://github.com/o/l/'   # the league\n")
    assert words.read_league(root).repo == "https://github.com/o/l"
    (root / "mkdocs.yml").write_text("repo_url: https://github.com/o/l#part\n")  # YAML reads one address
    assert words.read_league(root).repo is None, "not half of an address"
