"""The orders page on a phone (issue 30, "Light on a phone: the page usable within 3 s and its exact verdict within
30 s …; data sent once per place, only what the open turn needs"). The page loads its list of players from a
small file and each player's part when they pick their name; the libraries of the verdict follow the list, age
only to seal or open a file. While the verdict is not there, the page says so and nothing leaves it. The
figures are ``benchmarks/bench_orders_page.py``'s."""

from __future__ import annotations

import json

import pytest

from ..site.webdriver import Browser
from .conftest import League
from .test_orders_browser import choose, open_page

pytestmark = pytest.mark.filterwarnings("ignore::ResourceWarning")


def fetched(browser: Browser) -> list[str]:
    """Every file the page has fetched, by its path."""
    return browser.script("return performance.getEntriesByType('resource')"
                          ".map(e => new URL(e.name).pathname)")


def test_the_page_fetches_the_players_list_then_one_player_s_part_and_age_only_to_seal(browser: Browser,
                                                                                      served: str, league: League):
    """The turn's data was one file with every player's sheet, form and verdicts and the map (Auf Achse: 630 kB);
    the page loaded age, the YAML reader and the schema validator before it showed anything. Now: the list, the
    picked player's own part, the map, the checker; age not in an open game. The list is in the page itself."""
    open_page(browser, served, "dip")
    assert not any(p.endswith("/vendor/age.js") for p in fetched(browser))
    browser.click('#tp-player option[value="ann"]')
    browser.wait_for(lambda: browser.script(
        "return document.getElementById('tp-orders').hasAttribute('data-settled')"), "the form and the verdict")
    choose(browser, "F Lon", "F Lon - Nth")
    files = [p for p in fetched(browser) if "/games/dip/orders/" in p]
    # the list of players is in the page (on a phone it came after the theme's script had run): not fetched
    assert sorted(files) == ["/games/dip/orders/0001.svg", "/games/dip/orders/0001/ann.json",
                             "/games/dip/orders/0001/exact/ann.json"], "one player's part: nobody else's"
    # the map's base, the same for every turn and game on the map (Diplomacy: nine tenths of the drawing), is a
    # site file named by its content: a browser fetches it once, whatever turn or game it opens
    bases = {json.loads(path.read_text(encoding="utf-8"))["map_base"] for game in ("dip", "wb", "rt", "cv")
             for path in (league.root / "public/games" / game / "orders").glob("[0-9][0-9][0-9][0-9].json")}
    assert len(bases) == 1 and [p for p in fetched(browser) if p.endswith(".svg") and "/games/" not in p] == [
        "/drawings/" + bases.pop().rpartition("/")[2]], "spring, winter, fall and retreats: one base"
    # the rules' refusals of lines no list offers (verdicts.refusals) come after the part the form needs
    assert files.index("/games/dip/orders/0001/ann.json") < files.index("/games/dip/orders/0001/exact/ann.json")
    listed = browser.script("return fetch('0001.json').then(r => r.json())")
    assert set(listed["players"][0]) == {"key", "name", "login", "awaited", "takes", "part", "exact"}, \
        "no sheet, no form"
    assert not any(p.endswith("/vendor/age.js") for p in fetched(browser)), "nothing is sealed in an open game"
    assert not browser.script("return document.getElementById('tp-verdict').hasAttribute('data-pending')")
    assert browser.text("#tp-verdict").startswith("The rules accept every line")


@pytest.mark.parametrize("game", ["sdip"])
def test_without_its_checker_the_page_shows_the_form_says_there_is_no_verdict_and_nothing_leaves_it(
        browser: Browser, served: str, league: League, game: str):
    """The form comes before the verdict: with the YAML reader not (yet) there the player's form is shown, the
    page says it has no verdict and why, and Seal, Copy and Download wait."""
    with browser.blocking("*vendor/yaml.js*"):
        open_page(browser, served, game)
        browser.click('#tp-player option[value="ann"]')
        browser.wait_for(lambda: browser.script(
            "return document.getElementById('tp-orders').hasAttribute('data-settled')"), "the form")
        choose(browser, "F Lon", "F Lon - Nth")
        assert "F Lon - Nth" in browser.script("return window.tpOrders.sheet()"), "the form writes the sheet"
        assert browser.script("return document.getElementById('tp-verdict').hasAttribute('data-pending')")
        said = browser.text("#tp-verdict")
        assert said.startswith("The page cannot load its checker") and "no verdict" in said
        assert browser.script("return ['tp-seal', 'tp-copy', 'tp-download']"
                              ".map(id => document.getElementById(id).disabled)") == [True, True, True]
        assert browser.script("return window.tpOrders.produced()") == ""
        assert not browser.text("#tp-problems"), "no problem named without a verdict"


def test_auf_achse_s_board_comes_as_a_base_kept_across_rounds_and_games_and_the_round_s_part(
        browser: Browser, served: str, league: League):
    """Issue 30, "data sent once per place, only what the open turn needs": Auf Achse's board was sent whole every
    round (256 kB, 38 kB compressed). Its base (the land, the roads, every field, the names) is a site file named
    by its content, the same for the auction and round 1 and for two games of the same hauliers; the round's part
    is the page's own. The page draws the two as one board to pick a route on: every field and city with its
    neighbours."""
    bases = {json.loads(path.read_text(encoding="utf-8"))["map_base"] for game in ("aa", "ar", "al")
             for path in (league.root / "public/games" / game / "orders").glob("[0-9][0-9][0-9][0-9].json")}
    assert len(bases) == 1, "the auction, round 1, another game of the same hauliers: one base"
    open_page(browser, served, "ar")
    browser.click('#tp-player option[value="ann"]')
    browser.wait_for(lambda: browser.script(
        "return document.getElementById('tp-orders').hasAttribute('data-settled')"), "the form and the map")
    assert [p for p in fetched(browser) if p.endswith(".svg")] == [
        "/games/ar/orders/0002.svg", "/drawings/" + bases.pop().rpartition("/")[2]]
    counts = browser.script("return [document.querySelectorAll('#tp-map [data-field][data-next]').length, "
                            "document.querySelectorAll('#tp-map circle[data-field][data-next]').length, "
                            "document.querySelectorAll('#tp-map .tp-truck').length, "
                            "document.querySelectorAll('#tp-map g[data-tp-base]').length]")
    assert counts[0] > 300 and counts[1] > 40 and counts[2] >= 5 and counts[3] == 0, counts


def test_the_theme_s_script_waits_until_the_reader_reaches_for_the_theme(browser: Browser, served: str,
                                                                        league: League):
    """Issue 30, "the page usable within 3 s" on a phone: Material's script held the page's one thread for a
    second and more right after the list showed (4× CPU), so a player's tap then waited for it. On the orders
    page it is written inert and runs when the reader reaches for the theme (here: the search box) or leaves the
    page alone a while: a player who picks their name and gives an order never waits for it. Once it runs (here:
    the reader clicks the header) the theme works as on every page: its colour switch turns the page dark."""
    open_page(browser, served, "dip")
    browser.click('#tp-player option[value="ann"]')
    browser.wait_for(lambda: browser.script(
        "return document.getElementById('tp-orders').hasAttribute('data-settled')"), "the form")
    choose(browser, "F Lon", "F Lon - Nth")
    assert browser.script("return typeof window.component$") == "undefined", "the theme's script ran"
    assert not any("/assets/javascripts/bundle." in p for p in fetched(browser))
    later = browser.script("return Array.from(document.querySelectorAll('script[data-tp-later]'), "
                           "s => s.getAttribute('data-src'))")
    assert "assets/javascripts/bundle." in later[0], later  # the theme's script is the one orders.js holds back
    # the league's own scripts (extra_javascript) run at once, written again live after the block (Zensical's
    # templates make every script of the block inert): the orders map's full-size view is turnpress.js's dialog
    assert browser.script("return typeof window.turnpressZoom") == "function"
    browser.script("window.scrollTo(0, 0)")
    browser.click(".md-header__title")
    browser.wait_for(lambda: browser.script("return typeof window.component$ !== 'undefined'"), "the theme")
    scheme = "return document.body.getAttribute('data-md-color-scheme')"
    assert browser.script(scheme) == "default"
    try:
        browser.click('label[for="__palette_1"]')
        browser.wait_for(lambda: browser.script(scheme) == "slate", "the dark colours")
    finally:  # the colours a reader chose are kept for every page: the other tests read the light ones
        browser.click('label[for="__palette_0"]')
        browser.wait_for(lambda: browser.script(scheme) == "default", "the light colours")
