"""The orders page in a real browser (issue #16, "Show it"): a player opens the page of a game with an open turn,
picks who they are, gives realistic orders through the page's controls, and takes the file the page produced;
``turnpress validate`` accepts it with the receipt the page showed. A bad order is named by the page and nothing
is produced. In a sealed game the page seals the sheet with age: the game's key opens it to the same orders,
and ``turnpress seal`` of the same plaintext gives a file the deadline reads the same way. A page left open past
its turn says so and produces nothing; the page has no serious accessibility finding on a desktop or a phone,
and nothing is wider than a phone's screen. Screenshots go to ``test-artifacts/orders/``.
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pyrage
import pytest

from adjudicator import cli
from adjudicator.engine.sealed_orders import open_orders
from adjudicator.league import store
from adjudicator.sealed import crypto

from ..site import axe
from ..site.webdriver import Browser
from .conftest import ARTIFACTS, League, copy_league, serving

pytestmark = pytest.mark.filterwarnings("ignore::ResourceWarning")


def turnpress(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(Path(sys.executable).parent / "turnpress"), *args], cwd=root, capture_output=True,
                          text=True)


def open_page(browser: Browser, url: str, game: str, width: int = 1280) -> None:
    browser.resize(width, 1000)
    browser.get(f"{url}games/{game}/orders/")
    browser.wait_for(lambda: browser.script(
        "var r = document.getElementById('tp-orders'); return r && r.getAttribute('data-ready');"), "the page")


def pick(browser: Browser, login: str) -> None:
    """Pick ``login`` in the list of players and wait until their form, their map and the verdict are in (the
    page loads them after the list: issue 30, "Light on a phone")."""
    browser.click(f'#tp-player option[value="{login}"]')
    browser.wait_for(lambda: browser.script("return !document.getElementById('tp-work').hidden && "
                                            "document.getElementById('tp-orders').hasAttribute('data-settled')"),
                     "the form")


# The page the browser shows may serve the next test as it is where it is the page asked for, its script as it left it
# (the theme's script not run: it runs when the reader reaches for the theme, or after 20 s), no dialog open, and
# young enough that the theme's script cannot start during the test; else it is opened again
REUSABLE = """
    return location.href === arguments[0] && !!window.tpOrders && typeof window.component$ === 'undefined'
        && document.getElementById('tp-stale').hidden && !document.querySelector('dialog[open]')
        && performance.now() < arguments[1];"""
REUSED_FOR_MS = 12000


def at_page(browser: Browser, url: str, game: str, login: str, width: int = 1280) -> None:
    """``login``'s form on ``game``'s orders page, as a page just opened and picked shows it. Where the browser
    shows that page already (``REUSABLE``), nobody is picked and then ``login``, as a player picks another name
    and back: the form, the sheet, the map and the verdict are made anew from the turn's data; else the page is
    opened. A page opened cost 0.3-0.5 s of Chromium's CPU, about 90 times a run (issue 33, feedback in minutes);
    the tests of what a page loads, when and from where, open their page themselves."""
    if browser.script(REUSABLE, f"{url}games/{game}/orders/", REUSED_FOR_MS):
        browser.resize(width, 1000)
        browser.script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0);")
        browser.click('#tp-player option[value=""]')
        pick(browser, login)
        # what a page just opened shows nothing of: the word on a file made, on a report opened, for another player
        if browser.script("return !document.getElementById('tp-done').textContent && "
                          "!(document.getElementById('tp-report-say') || {}).textContent"):
            return
    open_page(browser, url, game, width)
    pick(browser, login)


def choose(browser: Browser, label: str, order: str) -> None:
    """Pick ``order`` in the list labelled ``label`` with a click on its option, as a player does."""
    select = browser.script("""
        var s = Array.from(document.querySelectorAll('#tp-form select')).find(s => s.dataset.label === arguments[0]);
        var o = s && Array.from(s.options).find(o => o.text === arguments[1]);
        return o ? '#' + s.id + ' option[value="' + o.value + '"]' : null;""", label, order)
    assert select, f"the page offers no {order!r} for {label!r}"
    browser.click(select)


def paste(browser: Browser, css: str, text: str) -> None:
    """Paste ``text`` into the box ``css`` over what it holds, as a player pastes their key: the box clicked, its
    text selected, and ``text`` inserted whole by the browser's own editing (DevTools' ``Input.insertText``, the
    page's ``input`` events included). Typed a key at a time instead, an age key cost 0.6 s and an SSH key 2.2 s of
    CPU, about 20 s a run (issue 33, feedback in minutes); the page reads the box only when the button is pressed."""
    browser.click(css)
    browser.script("document.querySelector(arguments[0]).select()", css)
    browser.cdp("Input.insertText", {"text": text})


def page_text(browser: Browser, css: str) -> str:
    """The text of ``css`` as the page renders it (``innerText``). WebDriver's element text walks every node for
    its visibility: 1.7 s of CPU on a form with Auf Achse's board in it, against 0.03 s (issue 33)."""
    return browser.script("return document.querySelector(arguments[0]).innerText", css)


def judged_part(browser: Browser, within: str = "#tp-orders", leaving: str = "#tp-map svg") -> str:
    """A selector for ``axe.findings``' ``within``: the whole of ``within`` but ``leaving`` (the parts of it that
    hold none of those, marked ``data-tp-judged``). A state that differs from one judged whole only in its form is
    judged so: axe on Auf Achse's board alone took 2-3 s of CPU, on the site's header and navigation 0.6-1.6 s,
    each the same in every game of a kind (issue 33, feedback in minutes). The page-wide rules (landmarks, title,
    language) are the whole page's: each kind of page is judged whole somewhere."""
    browser.script("""
        var left = Array.from(document.querySelectorAll(arguments[1]));
        document.querySelectorAll('[data-tp-judged]').forEach(n => n.removeAttribute('data-tp-judged'));
        (function mark(node) {
            if (left.indexOf(node) >= 0) { return; }
            if (!left.some(l => node.contains(l))) { node.setAttribute('data-tp-judged', ''); return; }
            Array.from(node.children).forEach(mark);
        })(document.querySelector(arguments[0]));""", within, leaving)
    return "[data-tp-judged]"


def produced(browser: Browser) -> str:
    return browser.script("return window.tpOrders.produced()")


def validate(root: Path, rel: str, text: str) -> subprocess.CompletedProcess[str]:
    """``turnpress validate`` of ``text`` written to ``rel`` in the league (and taken away after): its exit code
    and what it printed. The command runs in this process, as ``tests/conftest.py``'s ``run`` runs the others,
    with the same arguments and output: a process of its own cost 0.7 s of CPU for Python's start and the imports
    (the validation itself 0.01 s), some 25 times in the orders page's tests (issue 33, feedback in minutes)."""
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli.main(["--league", str(root), "validate", str(path)])
    finally:
        path.unlink()
    return subprocess.CompletedProcess(["turnpress", "validate", rel], code, out.getvalue(), err.getvalue())


ENGLAND = {"F Edi": "F Edi - Nwg", "F Lon": "F Lon - Nth", "A Lvp": "A Lvp S F Edi - Yor"}
RUSSIA = {"A War": "A War - Gal", "F Sev": "F Sev - Bla", "A Mos": "A Mos - Ukr"}


def test_a_player_clicks_orders_together_and_validate_accepts_the_file(browser: Browser, served: str,
                                                                      league: League):
    open_page(browser, served, "dip")
    assert (browser.text("h1"), browser.text("label[for=tp-player]")) == ("Open Diplomacy: orders", "Who are you?")
    pick(browser, "ann")
    for unit, order in ENGLAND.items():
        choose(browser, unit, order)
    text = produced(browser)
    browser.resize(390, 844)
    browser.script("document.getElementById('tp-form').scrollIntoView()")
    browser.screenshot(ARTIFACTS / "diplomacy-phone.png")
    browser.resize(1280, 1000)
    assert text.startswith("# Orders of Ann for dip, turn 1: Spring 1901 Movement (you are awaited).\n")
    assert "game: dip\nturn: 1\nplayer: ann\n" in text and text.endswith(
        "orders:\n  - F Edi - Nwg\n  - F Lon - Nth\n  - A Lvp S F Edi - Yor\n")
    receipt = browser.script("return window.tpOrders.receipt()")
    assert browser.script("return window.tpOrders.problems()") == []
    assert browser.text("#tp-filename") == "orders/dip/0001/ann.yaml"
    browser.screenshot(ARTIFACTS / "diplomacy-desktop.png")

    done = validate(league.root, "orders/dip/0001/ann.yaml", text)
    assert done.returncode == 0, done.stdout + done.stderr
    understood = [line.strip() for line in done.stdout.split("understood as:\n", 1)[1].splitlines()
                  if line.startswith("  ")]
    assert understood == receipt == list(ENGLAND.values())

    link = browser.script("return document.getElementById('tp-github').href")
    assert link.startswith("https://github.com/example/league/new/main/orders/dip/0001?filename=ann.yaml&value=")


def test_a_bad_order_is_named_and_nothing_is_produced(browser: Browser, served: str, league: League):
    at_page(browser, served, "dip", "ben")
    choose(browser, "A Par", "A Par - Bur")
    browser.type("#tp-sheet", "  - {unit: A Mar, moov: Spa}\n")
    browser.wait_for(lambda: browser.script("return window.tpOrders.problems().length"), "the page's verdict")
    problems = browser.script("return window.tpOrders.problems()")
    assert any(p["severity"] == "error" and p["where"].startswith("line 12, orders → item 4") for p in problems), \
        problems
    assert "error" in browser.text("#tp-verdict")
    assert browser.script("return document.getElementById('tp-copy').disabled")
    assert browser.script("return document.getElementById('tp-download').disabled")
    assert browser.script("return document.getElementById('tp-github').getAttribute('aria-disabled')") == "true"
    done = validate(league.root, "orders/dip/0001/ben.yaml", browser.script(
        "return document.getElementById('tp-sheet').value"))
    # validate points at the misspelt key itself, with the nearest known one (issue 23)
    assert done.returncode != 0 and "ben.yaml:12:19: error: unknown key 'moov' in entry 4 — did you mean move?" \
        in done.stdout, "validate names the same line"


TYPE = """
    var box = document.getElementById('tp-sheet');
    Array.from(arguments[0]).forEach(function (key) {  /* a key at a time, as typing gives them, with no pause */
        box.value += key;
        box.dispatchEvent(new Event('input', {bubbles: true}));
    });"""


def test_typing_is_checked_once_it_pauses_and_what_reads_the_verdict_gets_it_up_to_date(browser: Browser,
                                                                                        served: str):
    """Issue 33 (the page's check while typing): the page checked the whole sheet at every key, 30-60 ms at a
    phone's 4x slower CPU (Diplomacy, Bretton Woods, the Thirty Years' War), each key's answer held up by it. Now
    what is typed is checked once the typing pauses; whatever reads the verdict or acts on the file (the page's
    interface, the buttons) has it brought up to date first. Keys come in one script here, so no pause can fall
    between them however loaded the machine is; the page's listeners hear of every check."""
    at_page(browser, served, "dip", "dee")  # Italy
    browser.script("window.told = 0; window.tpOrders.onChange(function () { window.told += 1;"
                   "window.toldAt = performance.now(); });")
    assert browser.script("return window.told") == 1, "told at once of the orders picked"
    assert not browser.script("return document.getElementById('tp-download').disabled")
    # a bad line typed and Download pressed at once: the button checks first, and nothing is downloaded
    assert browser.script(TYPE + "var told = window.told; document.getElementById('tp-download').click();"
                          "return [told, window.told];", "  - {unit: A Ven, moov: Tyr}\n") == [1, 2]
    assert browser.script("return document.getElementById('tp-download').disabled")
    assert browser.text("#tp-done") == "" and "error" in browser.text("#tp-verdict")
    # the typing goes on, and the page's interface is read before any pause: the verdict of every key typed
    told, problems = browser.script(TYPE + "return [window.told, window.tpOrders.problems()];",
                                    "  - {unit: A Rom, moov: Apu}\n")
    assert told == 2 and {p["where"].split(",")[0] for p in problems if p["severity"] == "error"} == {
        "line 12", "line 13"}, problems
    assert browser.script("return window.told") == 3, "checked once, when read"
    # typed and left: checked once the typing pauses, and once only
    fixed = browser.script("var box = document.getElementById('tp-sheet');"
                           "return box.value.slice(0, box.value.indexOf('  - {unit: A Ven'));")
    # read in the script that typed, and when the page checked in its own clock: a loaded machine may let the pause
    # pass before WebDriver's next call
    told, typed_at = browser.script("document.getElementById('tp-sheet').value = '';" + TYPE +
                                    "return [window.told, performance.now()];", fixed)
    assert told == 3, "nothing checked while typing"
    browser.wait_for(lambda: browser.script("return window.told") == 4, "the check after the pause")
    assert browser.script("return window.toldAt") - typed_at >= 100, "checked after a pause, not at once"
    time.sleep(0.3)
    assert browser.script("return [window.told, window.tpOrders.problems()]") == [4, []]
    assert not browser.script("return document.getElementById('tp-download').disabled")


def test_a_map_module_sets_a_unit_s_order_and_is_told_of_every_change(browser: Browser, served: str):
    """The hook a map module (``orders_map.js``) plugs into: ``tpOrders.setOrder(unit, order)`` picks the order
    in that unit's list (or writes it as the unit's line of its own), and ``tpOrders.onChange`` hears every
    change, whether it came from the map or from the lists."""
    at_page(browser, served, "dip", "cai")
    browser.script("window.heard = []; window.tpOrders.onChange(function (c) { window.heard.push(c.orders); });")
    assert browser.script("return window.tpOrders.setOrder('A Ber', 'A Ber - Kie')")
    choose(browser, "F Kie", "F Kie - Den")
    assert browser.script("return window.tpOrders.setOrder('A Mun', 'A Mun - Ruh via convoy')"), "a line of its own"
    assert not browser.script("return window.tpOrders.setOrder('A Lon', 'A Lon H')"), "not a unit of this player"
    heard = browser.script("return window.heard")
    assert heard == [["A Ber H", "F Kie H", "A Mun H"], ["A Ber - Kie", "F Kie H", "A Mun H"],
                     ["A Ber - Kie", "F Kie - Den", "A Mun H"],
                     ["A Ber - Kie", "F Kie - Den", "A Mun - Ruh via convoy"]], "told at once, then of each change"
    assert produced(browser).endswith("orders:\n  - A Ber - Kie\n  - F Kie - Den\n  - A Mun - Ruh via convoy\n")


def test_the_downloaded_message_goes_when_the_orders_change(browser: Browser, served: str):
    """Issue #30, item 8: "Downloaded ann.yaml" stayed on the page after the form changed, about a file that no
    longer held the orders shown."""
    at_page(browser, served, "dip", "ann")
    choose(browser, "F Lon", "F Lon - Nth")
    browser.script("document.getElementById('tp-download').click()")
    # the page asks the site which turn is open before it downloads: the message comes after that answer
    browser.wait_for(lambda: browser.text("#tp-done").startswith("Downloaded ann.yaml"), "the downloaded message")
    choose(browser, "F Edi", "F Edi - Nwg")
    assert browser.text("#tp-done") == ""


def test_no_serious_accessibility_finding_in_any_state_pressed_buttons_included(browser: Browser, served: str):
    """Issue #30, item 9: a pressed (focused) Seal or Download button was white on Material's deep orange accent,
    2.77:1 (axe: serious). Axe is run on the sealed and the open game, at a desktop's and a phone's width, with
    the map's menu showing its pressed choice, with each of the page's buttons pressed, and with the map open
    full size. A pressed button is judged with the buttons beside it (every rule, the colours it stands on
    included): the focus restyles the button alone, and the whole page is judged just before (axe on the whole
    page with its map took 1-2 s a press; issue 33, feedback in minutes)."""
    from .test_orders_map import click_region  # that module builds on this one's helpers

    source = axe.axe_source()
    if source is None:
        pytest.skip("axe-core is not installed (make install puts it in .ci/node)")
    for game, width in (("dip", 390), ("sdip", 1280)):
        at_page(browser, served, game, "ann", width)
        seen = {}
        click = "document.querySelector(arguments[0]).scrollIntoView({block: 'center'});"
        for region in ("Lvp", "Yor"):  # the move taken, the supports into York offered: a pressed choice
            click_region(browser, region)
        seen["map menu"] = axe.findings(browser, source)
        for button, row in (("#tp-seal", ".tp-buttons"), ("#tp-download", ".tp-buttons"), ("#tp-copy", ".tp-buttons"),
                            ("#tp-map-menu button", "#tp-map-menu")):
            if browser.script("return !!document.querySelector(arguments[0])", button):
                browser.script(click + "document.querySelector(arguments[0]).focus();", button)
                seen[button] = axe.findings(browser, source, within=row)
        browser.script(click, "#tp-map-open")
        browser.click("#tp-map-open")
        browser.script("document.querySelector('.tp-zoom-close').focus()")
        seen["full size"] = axe.findings(browser, source)
        browser.click(".tp-zoom-close")
        assert seen == dict.fromkeys(seen, []), f"{game} at {width} px"


def test_the_page_is_accessible_and_fits_a_phone(browser: Browser, served: str):
    source = axe.axe_source()
    for width in (1280, 390):
        at_page(browser, served, "sdip", "ann", width)
        choose(browser, "F Lon", "F Lon - Nth")
        if width == 390:
            browser.screenshot(ARTIFACTS / "diplomacy-sealed-phone.png")
            wide = browser.script("""return Array.from(document.querySelectorAll('.tp-orders *'))
                .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
                .map(e => e.tagName + '#' + e.id);""")
            assert wide == []
        if source is None:
            continue
        # at 1280 px the orders part: the sealed page is judged whole at that width, its map included, in every
        # state of the test before (judged_part); at 390 px whole (test_orders_reach judges its part)
        within = judged_part(browser) if width == 1280 else None
        assert axe.findings(browser, source, within=within) == [], f"axe-core at {width} px"
    if source is None:
        pytest.skip("axe-core is not installed (make install puts it in .ci/node): the layout was checked")


@pytest.mark.parametrize(("login", "orders"), [("ann", ENGLAND), ("fay", RUSSIA)], ids=["age-key", "ssh-key"])
def test_a_sealed_game_s_file_opens_with_the_game_key_to_the_same_orders(browser: Browser, served: str,
                                                                          league: League, tmp_path: Path,
                                                                          login: str, orders: dict[str, str]):
    """Ann registered an age key, Fay the ssh-ed25519 key she pushes to GitHub with: the page seals to either,
    as ``turnpress seal`` does, and each opens the file with her own key."""
    at_page(browser, served, "sdip", login)
    for unit, order in orders.items():
        choose(browser, unit, order)
    plain = browser.script("return window.tpOrders.sheet()")
    assert produced(browser) == "", "nothing is produced before it is sealed"
    browser.click("#tp-seal")
    browser.wait_for(lambda: browser.script("return document.getElementById('tp-sealed').value"), "the sealed file")
    sealed = produced(browser)
    assert browser.text("#tp-filename") == f"orders/sdip/0001/{login}.yaml.age"
    # Not a province's name (three letters turn up in base64 by chance: "Sev" did once in CI) but whole orders,
    # with their spaces, which armor never holds: the file does not carry the orders in the clear.
    assert sealed.startswith("-----BEGIN AGE ENCRYPTED FILE-----\n")
    assert [order for order in orders.values() if order in sealed] == []
    assert "and yours" in browser.text("#tp-done")
    game_key = league.game_identity("sdip")
    assert crypto.decrypt(sealed, game_key).decode() == plain
    own = (crypto.load_identity_file(league.ssh_key) if login == "fay"
           else crypto.parse_identities(league.keys[login][1].encode(), login))
    assert crypto.decrypt(sealed, own).decode() == plain
    if login == "ann":
        browser.screenshot(ARTIFACTS / "diplomacy-sealed-desktop.png")

    # The deadline reads the page's file as it reads one `turnpress seal` made of the same plaintext.
    root = copy_league(league, tmp_path / "league")
    desk = tmp_path / "desk.yaml"
    desk.write_text(plain, encoding="utf-8")
    target = root / f"orders/sdip/0001/{login}.yaml.age"
    target.parent.mkdir(parents=True)
    target.write_text(sealed, encoding="ascii")
    by_page = open_orders(store.load_game(root, "sdip"), 1, game_key)
    done = turnpress(root, "seal", str(desk))
    assert done.returncode == 0, done.stdout + done.stderr
    by_seal = open_orders(store.load_game(root, "sdip"), 1, game_key)
    assert [o.plaintext for o in by_page] == [o.plaintext for o in by_seal] == [plain.encode()]
    padded = [len(pyrage.decrypt(raw, game_key)) for raw in (sealed.encode(), target.read_bytes())]
    assert padded == [crypto.PAD_MIN, crypto.PAD_MIN], "both padded alike: the length says nothing of the orders"
    checked = turnpress(root, "validate", f"orders/sdip/0001/{login}.yaml.age")
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_a_page_left_open_past_its_turn_produces_nothing(browser: Browser, league: League, tmp_path: Path):
    public = tmp_path / "public"
    shutil.copytree(league.root / "public", public)
    (public / "games/dip/open-turn.json").write_text(json.dumps({"game": "dip", "turn": 2, "finished": False}))
    with serving(public) as url:
        open_page(browser, url, "dip")
        pick(browser, "ann")
        browser.wait_for(lambda: browser.script("return !document.getElementById('tp-stale').hidden"), "stale")
        assert "turn 2 is open now" in browser.text("#tp-stale")
        assert browser.script("return document.getElementById('tp-copy').disabled")


def field_id(browser: Browser, label: str, within: str = "#tp-form") -> str:
    found = browser.script("""
        var l = Array.from(document.querySelectorAll(arguments[1] + ' label'))
            .find(l => l.textContent === arguments[0]);
        return l ? l.htmlFor : null;""", label, within)
    assert found, f"no field labelled {label!r}"
    return found


def enter(browser: Browser, label: str, value: str, within: str = "#tp-form") -> None:
    """Type ``value`` into the field labelled ``label``, over what it held (select all, then type)."""
    css = "#" + field_id(browser, label, within)
    browser.script("document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", css)
    browser.click(css)
    browser.type(css, "\ue009a\ue000" + value)


def test_bretton_woods_sheet_fields_warn_of_cuts_as_the_player_types(browser: Browser, served: str,
                                                                     league: League):
    at_page(browser, served, "bw", "ann")
    assert "Letzte Auflistung: B=100" in page_text(browser, "#tp-form")
    enter(browser, "Ernte: B auf Agrargebieten", "60")
    # issue 30: the harvest alone asks the fields for more than they have: the page looks up what the rules' cut keeps
    # of it (choices.budgets' keeps) and says so as validate does
    browser.wait_for(lambda: "gekürzt" in browser.text("#tp-problems"), "the rules' cut")
    browser.script("document.getElementById('tp-verdict').scrollIntoView({block: 'center'})")
    browser.screenshot(ARTIFACTS / "bretton-woods-cut-desktop.png")
    said = "Ernte 60 wird auf 50 gekürzt (Agrargebiete A (Ernte): 60 verlangt, 50 vorhanden)"
    assert said in browser.text("#tp-problems") and "Nicht beurteilt" not in browser.text("#tp-problems")
    cut = validate(league.root, "orders/bw/0001/ann.yaml", produced(browser))
    assert said in cut.stdout, cut.stdout
    enter(browser, "Ernte: B auf Agrargebieten", "45")
    enter(browser, "Konsumgüter k", "5")
    browser.click("#" + field_id(browser, "Angebot a") + ' option[value="1"]')  # sell
    enter(browser, "Anzahl a", "20")
    enter(browser, "Preis a in g", "12")
    browser.click("#tp-form button")  # the first "Add a line": a transfer
    enter(browser, "Anzahl", "7")
    enter(browser, "Notiz", "Vertrag")
    text = produced(browser)
    assert text.endswith("orders:\n  production:\n    harvest: 45\n    energy: 12\n    mining: 12\n"
                         "    consumer_goods: 5\n    weapons: 0\n  construction:\n    A: 0\n    E: 0\n    R: 0\n"
                         "    I: 0\n  defence: 0\n  gold:\n    industries: 0\n  market:\n    a:\n      offer: sell\n"
                         "      count: 20\n      price: 12\n  transfers:\n    - to: Borduria\n      good: a\n"
                         "      count: 7\n      note: Vertrag\n"), text
    browser.script("window.scrollTo(0, 0)")
    browser.screenshot(ARTIFACTS / "bretton-woods-desktop.png")
    browser.resize(390, 844)
    browser.script("document.getElementById('tp-form').scrollIntoView()")
    browser.screenshot(ARTIFACTS / "bretton-woods-phone.png")
    done = validate(league.root, "orders/bw/0001/ann.yaml", text)
    assert done.returncode == 0 and "0 Warnungen" in done.stdout, done.stdout
    assert "Transfer an Borduria: 7 a „Vertrag“" in done.stdout


def test_a_winter_build_is_picked_and_one_too_many_is_named(browser: Browser, served: str, league: League):
    """Winter 1901 of game wb: England took Norway and may build one unit (rules 2023, 'Adjustments'): the page
    offers one build line on the free home centres; validate accepts the build picked with the receipt the page
    showed; a second build typed into the sheet is named as validate names it (not carried out)."""
    at_page(browser, served, "wb", "ann")
    assert "You may build 1 unit in: Edi, Lon, Lvp." in page_text(browser, "#tp-form")
    choose(browser, "Build 1 of 1", "Build F Lon")
    text = produced(browser)
    assert text.endswith("orders:\n  - Build F Lon\n")
    receipt = browser.script("return window.tpOrders.receipt()")
    done = validate(league.root, "orders/wb/0003/ann.yaml", text)
    assert done.returncode == 0, done.stdout + done.stderr
    understood = [line.strip() for line in done.stdout.split("understood as:\n", 1)[1].splitlines()
                  if line.startswith("  ")]
    assert understood == receipt == ["Build F Lon"]
    browser.type("#tp-sheet", "  - Build A Lvp\n")
    browser.wait_for(lambda: browser.script("return window.tpOrders.problems().length"), "the page's verdict")
    assert [(p["severity"], p["where"].split(",")[0], p["message"]) for p in browser.script(
        "return window.tpOrders.problems()")] == [("warning", "line 10", "Build A Lvp: all 1 builds are used")]
    done = validate(league.root, "orders/wb/0003/ann.yaml", browser.script(
        "return document.getElementById('tp-sheet').value"))
    assert "ann.yaml:10:" in done.stdout and "Build A Lvp: all 1 builds are used" in done.stdout, done.stdout


def test_a_dislodged_unit_retreats_through_the_page(browser: Browser, served: str, league: League):
    """Fall 1901 Retreats of game rt: Austria took Venice with support, Italy's army there is dislodged (rules
    2023, 'Retreat phase'): the page offers Italy its retreats to the empty provinces next to Venice and the
    disband, and validate accepts the retreat picked, with the receipt the page showed."""
    at_page(browser, served, "rt", "dee")
    offered = browser.script("""return Array.from(document.querySelectorAll('#tp-form select'))
        .filter(s => s.dataset.label === 'A Ven (dislodged)').map(s => Array.from(s.options).map(o => o.text))""")
    assert offered and set(offered[0]) >= {"A Ven disband", "A Ven - Pie", "A Ven - Tus", "A Ven - Apu"}
    assert "A Ven - Tri" not in offered[0] and "A Ven - Rom" not in offered[0], "not whence the attack came nor full"
    choose(browser, "A Ven (dislodged)", "A Ven - Tus")
    text = produced(browser)
    assert text.endswith("orders:\n  - A Ven - Tus\n")
    done = validate(league.root, "orders/rt/0003/dee.yaml", text)
    assert done.returncode == 0, done.stdout + done.stderr
    understood = [line.strip() for line in done.stdout.split("understood as:\n", 1)[1].splitlines()
                  if line.startswith("  ")]
    assert understood == browser.script("return window.tpOrders.receipt()") == ["A Ven - Tus"]


