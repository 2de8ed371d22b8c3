"""Orders picked by clicking the map (issue #16: "picked from lists or by clicking the map, shown as arrows on the
map as they are chosen"). The page draws the position above the form (``assets/orders_map.js``); a click on a
unit and then on a province takes the form's order that names it, a small menu offers the supports and convoys
that name it too, and the orders chosen are drawn as arrows. The file the clicks produced is one that
``turnpress validate`` accepts.

Every place a player may need to click is on the map: each region an order of the form names is a shape of the
drawing with its ``data-region`` (on the standard map and on the Thirty Years' War map, whose form is the same).
"""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest

from adjudicator.dice import Dice
from adjudicator.model import Player
from adjudicator.rulesets.diplomacy import RULESET

from ..dreissigjaehriger_krieg.dk_game import PLAYERS as DK_PLAYERS
from ..site.webdriver import Browser
from .conftest import ARTIFACTS, League
from .test_orders_browser import at_page, choose, produced, validate

pytestmark = pytest.mark.filterwarnings("ignore::ResourceWarning")

WORDS = {"H", "S", "C", "A", "F", "-", "T", "U", "K", "via", "convoy", "Konvoi"}  # judge notation (30JK: U, K)
REGION = re.compile(r'data-region="([^"]+)" data-place="(-?\d+) (-?\d+)"')
STANDARD_PLAYERS = [Player(p[:3], p.capitalize(), p[:3], 100 + i, p) for i, p in
                    enumerate(["england", "france", "germany", "italy", "austria", "russia", "turkey"])]


def options_of(form: dict) -> list[tuple[str, str]]:
    """Every order the form offers a unit (a vote names no place: the map leaves it alone)."""
    return [(item["label"], o["value"]) for item in form["field"]["items"] if item["kind"] == "choice"
            and item.get("map") is not False
            and item["label"] not in ("Konfessionswechsel", "Startkonfession") for o in item["options"]
            if isinstance(o["value"], str)]


@pytest.mark.parametrize(("map_name", "players"), [("standard", STANDARD_PLAYERS),
                                                   ("dreissigjaehriger-krieg", DK_PLAYERS)])
def test_every_region_an_order_names_is_a_shape_to_click(map_name: str, players: list[Player]):
    state = RULESET.setup({"map": map_name}, players, Dice(b"map-click"))
    public = RULESET.public_view(state)
    drawn = {m.group(1) for m in REGION.finditer(RULESET.map(public))}
    provinces = {r.split("/")[0] for r in drawn}
    named = set()
    for p in players:
        for label, order in options_of(RULESET.choices(public, p.key)):
            assert label.split(" ", 1)[1] in drawn, f"{label}: the unit's region is not on the map"
            named |= {t.split("/")[0] for t in order.split()[2:]} - WORDS
    assert len(named) > 20 and named <= provinces, sorted(named - provinces)


def joined(base: str, turn: str) -> str:
    """The orders page's map as ``orders_map.js`` draws it from its two parts: the base's children where the turn's
    part leaves them a place, each province's colour the turn's style gives it (as its attributes)."""
    inner = re.fullmatch(r"<svg[^>]*>(.*)</svg>", base, re.S)
    assert inner and turn.count('<g data-tp-base=""/>') == 1
    text = turn.replace('<g data-tp-base=""/>', inner.group(1))
    style = re.search(r"<style>(path\[.*?)</style>", text)
    assert style
    for region, colour in re.findall(r'path\[data-region="([^"]+)"\]\{fill:([^;]+);fill-opacity:0.7\}',
                                     style.group(1)):
        shape = r'fill="[^"]*"( fill-rule="evenodd" [^>]*data-region="' + re.escape(region) + '")'
        text, n = re.subn(shape, rf'fill="{colour}" fill-opacity="0.7"\1', text)
        assert n == 1, region
    return text.replace(style.group(0), "")


@pytest.mark.parametrize(("map_name", "players"), [("standard", STANDARD_PLAYERS),
                                                   ("dreissigjaehriger-krieg", DK_PLAYERS)])
def test_the_orders_map_s_base_is_the_same_for_every_position(map_name: str, players: list[Player]):
    """Issue 30, "Light on a phone … data sent once per place": the orders page's map was sent whole every turn
    (Diplomacy: 115 kB, 28 kB compressed), of which the shapes, names and rivers never change. It comes in two: a
    base that is the same bytes whatever the position (a site file named by its content, which a browser keeps
    from turn to turn) and the turn's part; joined, they are the map drawn whole (its definitions aside, which
    the base carries)."""
    state = RULESET.setup({"map": map_name}, players, Dice(b"map-parts"))
    public = RULESET.public_view(state)
    later = copy.deepcopy(public)
    owner, other = sorted(later["units"])[:2]
    unit = later["units"][owner].pop()
    later["units"][other].append(unit)
    later["supply_centres"][other] += later["supply_centres"][owner][:1]
    del later["supply_centres"][owner][:1]
    parts = [RULESET.map_parts(p) for p in (public, later)]
    assert parts[0] and parts[1]
    (base, turn), (later_base, later_turn) = parts
    assert base == later_base and turn != later_turn, "a unit moved and a centre changed hands: not in the base"
    for position, (b, t) in zip((public, later), parts, strict=True):
        whole = RULESET.map(position)
        defs = re.search(r"<defs>.*?</defs>", whole, re.S)
        assert defs and joined(b, t).replace(defs.group(0), "") == whole.replace(defs.group(0), "")
    assert len(turn) * 4 < len(base), "most of the drawing is the base"


def click_region(browser: Browser, region: str) -> None:
    """Click where the map draws ``region`` (a unit stands there: the player clicks the unit), in the page or
    in the map opened full size."""
    point = browser.script("""
        var n = document.querySelector('.tp-map-full[open] [data-region="' + arguments[0] + '"], ' +
                                       '#tp-map [data-region="' + arguments[0] + '"]');
        if (!n) { return null; }
        n.scrollIntoView({block: 'center'});
        var svg = n.ownerSVGElement, xy = n.getAttribute('data-place').split(' ').map(Number);
        var p = svg.createSVGPoint(); p.x = xy[0]; p.y = xy[1];
        var q = p.matrixTransform(svg.getScreenCTM());
        return [q.x, q.y];""", region)
    assert point, f"{region} is not on the map"
    browser.click_at(*point)


def say(browser: Browser) -> str:
    return browser.script("return document.getElementById('tp-map-say').textContent")


def value_of(browser: Browser, label: str) -> str:
    return browser.script("""
        var s = Array.from(document.querySelectorAll('#tp-form select')).find(s => s.dataset.label === arguments[0]);
        return s.options[s.selectedIndex].text;""", label)


def menu(browser: Browser) -> list[str]:
    return browser.script("""var m = document.getElementById('tp-map-menu');
        return m.hidden ? [] : Array.from(m.querySelectorAll('button')).map(b => b.textContent);""")


def drawn(browser: Browser) -> dict[str, list[str]]:
    return browser.script("""var out = {};
        document.querySelectorAll('#tp-map .tp-chosen > *').forEach(function (n) {
            (out[n.getAttribute('class')] = out[n.getAttribute('class')] || []).push(n.textContent); });
        return out;""")


def test_a_player_clicks_orders_on_the_map_and_validate_accepts_the_file(browser: Browser, served: str,
                                                                        league: League):
    at_page(browser, served, "dip", "ann")
    assert drawn(browser) == {}, "all units hold: nothing is drawn yet"
    click_region(browser, "Par")
    assert "No order of yours starts in Par" in say(browser)  # France's army: not England's to order

    click_region(browser, "Edi")
    click_region(browser, "Nwg")
    assert value_of(browser, "F Edi") == "F Edi - Nwg"
    click_region(browser, "Lon")
    click_region(browser, "Nth")
    assert value_of(browser, "F Lon") == "F Lon - Nth"
    click_region(browser, "Lon")
    click_region(browser, "Lon")  # the unit again: what it may do in place
    assert menu(browser) == ["F Lon H"]

    click_region(browser, "Lvp")
    click_region(browser, "Mos")
    assert "A Lvp can give no order that names Mos" in say(browser)
    click_region(browser, "Lvp")  # the refused click ended the selection (issue #30): the army again
    click_region(browser, "Yor")  # the move is taken at once, the supports into York are offered
    assert value_of(browser, "A Lvp") == "A Lvp - Yor"
    offered = menu(browser)
    assert offered[0] == "A Lvp - Yor" and "A Lvp S F Edi - Yor" in offered and "A Lvp S F Lon - Yor" in offered
    browser.click(f"#tp-map-menu button:nth-of-type({offered.index('A Lvp S F Edi - Yor') + 1})")
    pressed = browser.script("""return Array.from(document.querySelectorAll('#tp-map-menu button'))
        .filter(b => b.getAttribute('aria-pressed') === 'true').map(b => b.textContent);""")
    assert pressed == ["A Lvp S F Edi - Yor"]
    assert value_of(browser, "A Lvp") == "A Lvp S F Edi - Yor"

    assert drawn(browser) == {"tp-pick-move": ["F Edi - Nwg", "F Lon - Nth"],
                              "tp-pick-support": ["A Lvp S F Edi - Yor"]}
    browser.screenshot(ARTIFACTS / "diplomacy-map-desktop.png")
    browser.resize(390, 844)
    browser.script("document.getElementById('tp-map').scrollIntoView()")
    browser.screenshot(ARTIFACTS / "diplomacy-map-phone.png")
    wide = browser.script("""return Array.from(document.querySelectorAll('#tp-map, #tp-map *'))
        .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .map(e => e.tagName);""")
    assert wide == [], "the map fits a phone's width"
    browser.resize(1280, 1000)

    text = produced(browser)
    assert text.endswith("orders:\n  - F Edi - Nwg\n  - F Lon - Nth\n  - A Lvp S F Edi - Yor\n")
    done = validate(league.root, "orders/dip/0001/ann.yaml", text)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_hand_picked_order_in_the_list_is_drawn_on_the_map(browser: Browser, served: str):
    at_page(browser, served, "dip", "fay")  # Russia: four units, the fleet at St Petersburg's south coast
    choose(browser, "F Stp/sc", "F Stp/sc - Bot")
    choose(browser, "A Mos", "A Mos S A War - Ukr")
    assert drawn(browser) == {"tp-pick-move": ["F Stp/sc - Bot"], "tp-pick-support": ["A Mos S A War - Ukr"]}


def click_field(browser: Browser, field: str) -> None:
    point = browser.script("""
        var n = document.querySelector('#tp-map [data-field="' + arguments[0] + '"]');
        if (!n) { return null; }
        var dot = n.localName === 'circle' ? n : n.querySelector('circle');
        dot.scrollIntoView({block: 'center'});
        var p = dot.ownerSVGElement.createSVGPoint();
        p.x = Number(dot.getAttribute('cx')); p.y = Number(dot.getAttribute('cy'));
        var q = p.matrixTransform(dot.ownerSVGElement.getScreenCTM());
        return [q.x, q.y];""", field)
    assert point, f"{field} is not on the board"
    browser.click_at(*point)


def routed(browser: Browser) -> list[str]:
    """The route of Brummi 1 in the file the page produced."""
    text = produced(browser).split("route:\n", 1)[1]
    return [line.strip()[2:] for line in text.splitlines() if line.strip().startswith("- ") and
            line.startswith("        ")][:200]


def test_three_orders_aimed_at_once_all_get_in_the_map_keeps_its_size(browser: Browser, served: str):
    """Issue #30, item 2: Material's ``.md-typeset figure {width: fit-content}`` made the map as wide as its
    status line, which changes with every click (688 → 411 → 688 → 300 px): the next click landed elsewhere and
    1 of 3 aimed orders got in. The map is as wide as the form, whatever it says below it."""
    at_page(browser, served, "dip", "ann")
    width = browser.script(MAP_WIDTH)
    widths = []
    for x, y in aim(browser, ["Edi", "Nwg", "Lon", "Nth", "Lvp", "Yor"]):
        browser.click_at(x, y)
        widths.append(browser.script(MAP_WIDTH))
    assert widths == [width] * 6
    assert [value_of(browser, u) for u in ("F Edi", "F Lon", "A Lvp")] == ["F Edi - Nwg", "F Lon - Nth",
                                                                           "A Lvp - Yor"]


def test_orders_given_by_clicking_a_name_and_a_dot(browser: Browser, served: str, league: League):
    at_page(browser, served, "dip", "ben")
    click_region(browser, "Mar")
    click_name(browser, "Spa", dot=True)
    click_region(browser, "Bre")
    click_name(browser, "Eng")
    assert (value_of(browser, "A Mar"), value_of(browser, "F Bre")) == ("A Mar - Spa", "F Bre - Eng")
    done = validate(league.root, "orders/dip/0001/ben.yaml", produced(browser))
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_refused_click_ends_the_selection(browser: Browser, served: str):
    """Issue #30, item 4: London, then Moscow (refused), then Liverpool, then Wales gave ``F Lon - Wal``: the
    fleet stayed picked after the refused click and took Liverpool's as a support's place. A refused click ends
    the selection: Liverpool is picked, and Wales is its move."""
    at_page(browser, served, "dip", "ann")
    click_region(browser, "Lon")
    click_region(browser, "Mos")
    assert "F Lon can give no order that names Mos" in say(browser)
    click_region(browser, "Lvp")
    click_region(browser, "Wal")
    assert (value_of(browser, "F Lon"), value_of(browser, "A Lvp")) == ("F Lon H", "A Lvp - Wal")


def test_on_a_phone_the_map_opens_full_size_with_targets_a_finger_hits(browser: Browser, served: str,
                                                                       league: League):
    """Issue #30, item 9: at 390 px the standard map's provinces were 11–27 px targets and the orders map could
    not be opened full size (the issue's map can). Full size every province is at least 24 px each way (WCAG
    2.2's target size); orders clicked there are the form's, and the map goes back into the page."""
    at_page(browser, served, "dip", "ann", 390)
    browser.script("document.getElementById('tp-map-open').scrollIntoView({block: 'center'})")
    browser.click("#tp-map-open")
    browser.wait_for(lambda: browser.script("return !!document.querySelector('dialog.tp-map-full[open] svg')"),
                     "the full-size map")
    smallest = browser.script("""return Array.from(document.querySelectorAll('dialog path[data-region]'))
        .map(n => n.getBoundingClientRect()).map(r => Math.min(r.width, r.height))
        .reduce((a, b) => Math.min(a, b));""")
    assert smallest >= 24
    click_region(browser, "Edi")
    click_region(browser, "Nwg")
    assert say(browser) == "Chosen: F Edi - Nwg."
    browser.screenshot(ARTIFACTS / "diplomacy-map-phone-full.png")
    browser.click(".tp-zoom-close")
    assert browser.script("return !!document.querySelector('#tp-orders #tp-map svg')"), "back in the page"
    assert value_of(browser, "F Edi") == "F Edi - Nwg"
    assert drawn(browser) == {"tp-pick-move": ["F Edi - Nwg"]}
    assert produced(browser).endswith("orders:\n  - F Edi - Nwg\n  - F Lon H\n  - A Lvp H\n")


@pytest.mark.parametrize(("game", "login"), [("dip", "ann"), ("jk", "jk0")])
def test_a_province_s_name_and_centre_dot_take_its_clicks(browser: Browser, served: str, game: str, login: str):
    """Issue #30, item 3: no province's name could be clicked (76 on the standard map, 109 on the Thirty Years'
    War's), the centre's dot blocked clicks in 13 standard provinces, dots and rivers in 19 of 153 of the Thirty
    Years' War's. A click on a name, a dot or a province's middle reaches that province."""
    at_page(browser, served, game, login)
    found = names_and_dots(browser)
    assert len(found["tried"]) > 70
    assert (found["name"], found["dot"], found["middle"]) == ([], [], [])


def test_a_haulier_picks_a_route_field_by_field_on_the_board_and_validate_accepts_it(browser: Browser, served: str,
                                                                                    league: League):
    """Issue #16: "the route picked field by field on the map with the Streckenpunkte and the fare shown". Each
    click on a field the route form offers next drives on, a click on the field before steps back, a field that
    is not next is refused; the form shows the Streckenpunkte and the fare, the map the route. Game ar, round 1
    after its auction: Ann's Brummi stands in Hamburg (the shared league's game; a league of this module's own,
    built and its site built for these two tests, cost about 9 s of CPU: issue 33)."""
    at_page(browser, served, "ar", "ann")
    for f in ["HH-HB.1", "HH-HB.2", "HH-HB.3", "HB"]:
        click_field(browser, f)
    assert routed(browser) == ["HH", "HH-HB.1", "HH-HB.2", "HH-HB.3", "HB"]
    assert "5 Streckenpunkte, Fahrpreis 150 kj" in say(browser)  # 2 + 1 + 1 on the road, 1 for Bremen
    click_field(browser, "K-F.2")
    assert say(browser).startswith("K-F.2 liegt nicht neben HB")  # in the game's language (issue #30, item 7)
    click_field(browser, "HH-HB.3")  # the field before: one step back
    assert routed(browser) == ["HH", "HH-HB.1", "HH-HB.2", "HH-HB.3"]
    click_field(browser, "HB")
    assert routed(browser)[-1] == "HB"
    assert browser.script("return document.querySelectorAll('#tp-map .tp-pick-route').length") == 1
    browser.screenshot(ARTIFACTS / "auf-achse-route-desktop.png")
    done = validate(league.root, "orders/ar/0002/ann.yaml", produced(browser))
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_haulier_picks_a_route_by_its_destination_in_the_list_or_on_the_board(browser: Browser, served: str,
                                                                               league: League):
    """Issue #30: a route from Hamburg to München took 29 taps on ~6 px dots. The route form offers each city as
    a destination with its cheapest route's Streckenpunkte and fare (the ruleset's, Stau counted, the site
    closed); picking München drives there, and a click on a city further than the next field on the board takes
    the cheapest route there from the start. ``validate`` reads the same points and fare. Game ar, round 1, as
    above."""
    at_page(browser, served, "ar", "ann")
    goals = browser.script("return Array.from(document.querySelectorAll('select.tp-route-goal option'))"
                           ".map(o => o.text)")
    munich = next(g for g in goals if g.startswith("München (M): "))
    points, fare = map(int, re.search(r"([0-9]+) Streckenpunkte, Fahrpreis ([0-9]+) kj", munich).groups())
    css = browser.script("""var o = Array.from(document.querySelectorAll('select.tp-route-goal option'))
        .find(o => o.text === arguments[0]); return '#' + o.parentElement.id + ' option[value="' + o.value + '"]';""",
                         munich)
    browser.script("document.querySelector(arguments[0]).parentElement.scrollIntoView({block: 'center'})", css)
    browser.click(css)
    route = routed(browser)
    assert route[0] == "HH" and route[-1] == "M" and len(route) > 20, route
    assert f"{points} Streckenpunkte, Fahrpreis {fare} kj" in say(browser)
    done = validate(league.root, "orders/ar/0002/ann.yaml", produced(browser))
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{points} Streckenpunkte, {fare} kj" in done.stdout, done.stdout
    click_field(browser, "B")  # Berlin on the board: the cheapest route there, from Hamburg
    assert say(browser).startswith("Die günstigste Route nach B:")
    assert routed(browser)[0] == "HH" and routed(browser)[-1] == "B"


# --- issue #30: the map a player can aim at ------------------------------------------------------------------


MAP_WIDTH = "return document.querySelector('#tp-map svg').getBoundingClientRect().width"


def aim(browser: Browser, regions: list[str]) -> list[tuple[float, float]]:
    """Where each region is on the screen now (the map scrolled to the top of the window once): a player looks,
    then clicks one place after the other, without looking again."""
    browser.script("window.scrollTo(0, document.getElementById('tp-map').getBoundingClientRect().top"
                   " + window.scrollY)")
    return [tuple(browser.script("""
        var n = document.querySelector('#tp-map [data-region="' + arguments[0] + '"]');
        var svg = n.ownerSVGElement, xy = n.getAttribute('data-place').split(' ').map(Number);
        var p = svg.createSVGPoint(); p.x = xy[0]; p.y = xy[1];
        var q = p.matrixTransform(svg.getScreenCTM());
        return [q.x, q.y];""", r)) for r in regions]


def names_and_dots(browser: Browser) -> dict[str, list[str]]:
    """For every province of the map, a click on its name, on its centre's dot and on its middle (where its unit
    stands, or would), each given to what is drawn there, as a browser gives it: the provinces whose click the
    page's status line then does not name."""
    return browser.script("""
        var svg = document.querySelector('#tp-map svg'), f = Number(svg.getAttribute('font-size'));
        var said = document.getElementById('tp-map-say');
        var shapes = Array.from(svg.querySelectorAll('path[data-region]'));
        var texts = Array.from(svg.querySelectorAll('text')), dots = Array.from(svg.querySelectorAll('circle'));
        var out = {name: [], dot: [], middle: [], tried: []};
        function click(x, y, region) {
            said.textContent = '';
            var n = document.elementFromPoint(x, y);
            n.dispatchEvent(new MouseEvent('click', {bubbles: true, clientX: x, clientY: y}));
            return new RegExp('(^|[^A-Za-z])' + region + '([^A-Za-z]|$)').test(said.textContent);
        }
        function centre(n) {
            var r = n.getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2];
        }
        shapes.forEach(function (s) {
            var region = s.getAttribute('data-region');
            if (region.indexOf('/') >= 0) { return; }
            var xy = s.getAttribute('data-place').split(' ').map(Number);
            s.scrollIntoView({block: 'center'});
            var name = texts.find(t => t.textContent === region && !t.closest('g'));
            if (name && !click(...centre(name), region)) { out.name.push(region); }
            var dot = dots.find(c => Number(c.getAttribute('cx')) === xy[0]
                && Math.abs(Number(c.getAttribute('cy')) - (xy[1] - 0.2 * f)) < 1 && c.querySelector('title'));
            if (dot && !click(...centre(dot), region)) { out.dot.push(region); }
            var p = svg.createSVGPoint(); p.x = xy[0]; p.y = xy[1];
            var m = p.matrixTransform(svg.getScreenCTM());
            if (!click(m.x, m.y, region)) { out.middle.push(region); }
            out.tried.push(region);
        });
        return out;""")


def click_name(browser: Browser, name: str, dot: bool = False) -> None:
    """Click the middle of the province name ``name`` as the map writes it (or of the centre's dot above it)."""
    point = browser.script("""
        var svg = document.querySelector('#tp-map svg'), f = Number(svg.getAttribute('font-size'));
        var t = Array.from(svg.querySelectorAll('text')).find(t => t.textContent === arguments[0] && !t.closest('g'));
        t.scrollIntoView({block: 'center'});
        var n = t;
        if (arguments[1]) {
            n = Array.from(svg.querySelectorAll('circle')).find(c => c.getAttribute('cx') === t.getAttribute('x')
                && Math.abs(Number(t.getAttribute('y')) - 1.5 * f - Number(c.getAttribute('cy'))) < 1);
        }
        var r = n.getBoundingClientRect();
        return [r.left + r.width / 2, r.top + r.height / 2];""", name, dot)
    browser.click_at(*point)


def test_the_orders_map_opens_full_size_in_the_site_s_one_dialog():
    """Issue #30 (s9, item 7): the full-size dialog was written twice, in ``orders_map.js`` and ``turnpress.js``;
    a fix to one (zoom, keys, panning) missed the other. The orders map opens the site's own (``turnpressZoom``)."""
    assets = Path(__file__).resolve().parents[2] / "adjudicator/newsletter/assets"
    site_js, map_js = (assets / "turnpress.js").read_text(), (assets / "orders_map.js").read_text()
    assert "window.turnpressZoom = show" in site_js
    assert "turnpressZoom(" in map_js
    assert all(s not in map_js for s in ("showModal", '"dialog"', "scrollWidth"))


def test_a_convoy_and_its_support_are_chosen_by_clicks(browser: Browser, served: str, league: League):
    """Issue #30, item 5: ``A Yor - Nwy`` and ``F Nwg S A Yor - Nwy`` could not be picked; a player following the
    map moved F Nwg into Norway and bounced their own army. Fall 1901, England: the army in Yorkshire, then
    Norway, is the move across the water; the menu offers the convoy of the North Sea fleet (its chain), a tap;
    the Norwegian Sea fleet, then Norway, supports the army's move rather than bouncing it."""
    at_page(browser, served, "cv", "ann")
    click_region(browser, "Yor")
    click_region(browser, "Nwy")
    assert value_of(browser, "A Yor") == "A Yor - Nwy"
    assert browser.text("#tp-map-menu .tp-convoy-by").startswith("By sea with F Nth.")
    offered = browser.script("return Array.from(document.querySelectorAll('#tp-map-menu .tp-convoy'))"
                             ".map(b => b.textContent)")
    assert offered == ["F Nth C A Yor - Nwy"]
    browser.click("#tp-map-menu .tp-convoy")
    assert value_of(browser, "F Nth") == "F Nth C A Yor - Nwy"
    click_region(browser, "Nwg")
    click_region(browser, "Nwy")
    assert value_of(browser, "F Nwg") == "F Nwg S A Yor - Nwy"
    assert "F Nwg - Nwy" in menu(browser), "the move is one tap away"
    click_region(browser, "Nth")  # the fleet, then the army it convoys: the convoy stays
    click_region(browser, "Yor")
    assert value_of(browser, "F Nth") == "F Nth C A Yor - Nwy"
    assert drawn(browser) == {"tp-pick-convoy": ["F Nth C A Yor - Nwy"], "tp-pick-support": ["F Nwg S A Yor - Nwy"],
                              "tp-pick-move": ["A Yor - Nwy"]}
    text = produced(browser)
    assert sorted(text.split("orders:\n")[1].splitlines()) == ["  - A Yor - Nwy", "  - F Nth C A Yor - Nwy",
                                                               "  - F Nwg S A Yor - Nwy"], text
    done = validate(league.root, "orders/cv/0002/ann.yaml", text)
    assert done.returncode == 0, done.stdout + done.stderr
