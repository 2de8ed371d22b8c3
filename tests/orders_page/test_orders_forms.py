"""The orders page's forms for Auf Achse, The Policy Maker, Calamity and the Thirty Years' War (issue #16, "Show
it"): a player picks who they are, enters a realistic set of orders through the page's controls (lists, numbers,
lines added, a route picked field by field), takes the file the page produced, and ``turnpress validate``
accepts it with the receipt the page showed; a bad order is named by the page, and nothing is produced.
Screenshots go to ``test-artifacts/orders/``.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator

import pytest
import yaml

from adjudicator.league import store
from adjudicator.sealed import crypto

from ..site.webdriver import Browser
from .conftest import ARTIFACTS, League
from .test_orders_browser import at_page, choose, enter, open_page, page_text, paste, pick, produced, validate

pytestmark = pytest.mark.filterwarnings("ignore::ResourceWarning")


def add_row(browser: Browser, rows: str, within: str = "#tp-form") -> None:
    """Click the button that adds a line to the rows labelled ``rows``."""
    css = f'{within} button[data-rows="{rows}"]'
    assert browser.script("return !!document.querySelector(arguments[0])", css), f"no rows {rows!r}"
    browser.script("document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", css)
    browser.click(css)


def pick_in(browser: Browser, within: str, label: str, option: str) -> None:
    """Pick ``option`` in the list labelled ``label`` inside the part ``within`` (a CSS selector)."""
    found = browser.script("""
        var l = Array.from(document.querySelectorAll(arguments[0] + ' label'))
            .find(l => l.textContent === arguments[1]);
        var s = l && document.getElementById(l.htmlFor);
        var o = s && Array.from(s.options).find(o => o.text === arguments[2]);
        return o ? '#' + s.id + ' option[value="' + o.value + '"]' : null;""", within, label, option)
    assert found, f"no {option!r} in {label!r} within {within}"
    browser.script("document.querySelector(arguments[0]).parentElement.scrollIntoView({block: 'center'})", found)
    browser.click(found)


def errors(browser: Browser) -> list[dict]:
    return [p for p in browser.script("return window.tpOrders.problems()") if p["severity"] == "error"]


def understood(stdout: str) -> list[str]:
    head = "so verstanden:\n" if "so verstanden:\n" in stdout else "understood as:\n"  # German games speak German
    return [line.strip() for line in stdout.split(head, 1)[1].splitlines() if line.startswith("  ")]


def test_auf_achse_bids_a_route_field_by_field_the_site_and_a_trailer(browser: Browser, served: str,
                                                                        league: League):
    """Round 1 of game ar: Ann's Brummi stands in Hamburg. She bids on two of the round's offers (one only if she
    does not win the other), drives towards Hannover field by field with the points and the fare shown, bids
    for the construction site and buys a small trailer."""
    open_page(browser, served, "ar")
    assert (browser.text("h1"), browser.text("label[for=tp-player]")) == ("Auf Achse, Runde 1: Befehle",
                                                                           "Wer sind Sie?")
    pick(browser, "ann")
    assert browser.text("#tp-who-say") == "In dieser Phase wird auf Sie gewartet.", "the page in the game's language"
    notes = page_text(browser, "#tp-form")
    assert "Runde 1: Ann, Kasse" in notes and "Auftrag 11:" in notes, notes
    add_row(browser, "Gebote")
    add_row(browser, "Gebote")
    offers = browser.script("""return Array.from(document.querySelector('fieldset[data-key="bids"] select').options)
        .map(o => o.text)""")
    first, second = offers[0], offers[1]
    pick_in(browser, 'fieldset[data-key="bids"] > .tp-row:nth-of-type(1)', "auf", first)
    enter(browser, "kj", "450", 'fieldset[data-key="bids"] > .tp-row:nth-of-type(1)')
    pick_in(browser, 'fieldset[data-key="bids"] > .tp-row:nth-of-type(2)', "auf", second)
    enter(browser, "kj", "300", 'fieldset[data-key="bids"] > .tp-row:nth-of-type(2)')
    add_row(browser, "nur wenn nicht ersteigert", 'fieldset[data-key="bids"] > .tp-row:nth-of-type(2)')
    pick_in(browser, 'fieldset[data-key="bids"] > .tp-row:nth-of-type(2) fieldset[data-key="unless_won"]',
            "Bedingung 1", first)

    route = 'fieldset[data-key="route"]'
    assert browser.text(f"{route} .tp-route-path").startswith("HH (Hamburg)")
    for step in ("HH-H.1", "HH-H.2"):
        offered = browser.script(f"return Array.from(document.querySelector('{route} select:not(.tp-route-goal)')"
                                 ".options).map(o => o.text)")
        chosen = next(o for o in offered if o.startswith(step + " "))
        pick_in(browser, route, "Nächstes Feld", chosen)
    shown = browser.text(f"{route} [role=status]")
    points, fare = map(int, re.match(r"([0-9]+) Streckenpunkte, Fahrpreis ([0-9]+) kj", shown).groups())
    browser.click(f"{route} button")  # one field back, and on again
    pick_in(browser, route, "Nächstes Feld", chosen)
    assert browser.text(f"{route} [role=status]") == shown

    pick_in(browser, 'fieldset[data-key="site"]', "Feld", "K-F.2")
    enter(browser, "Gebot in kj", "20", 'fieldset[data-key="site"]')
    pick_in(browser, 'fieldset[data-key="trailer"]', "Typ", browser.script(
        "return document.querySelector('fieldset[data-key=\"trailer\"] select').options[1].text"))
    browser.wait_for(lambda: errors(browser) == [], "a good sheet")
    browser.script("document.querySelector('fieldset[data-key=\"bids\"]').scrollIntoView()")
    browser.screenshot(ARTIFACTS / "auf-achse-desktop.png")
    browser.resize(390, 844)
    browser.script(f"document.querySelector('{route}').scrollIntoView()")
    browser.screenshot(ARTIFACTS / "auf-achse-phone.png")
    browser.resize(1280, 1000)

    text = produced(browser)
    assert "  trucks:\n    - route:\n        - HH\n        - HH-H.1\n        - HH-H.2\n" in text, text
    assert "  site:\n    field: K-F.2\n    kj: 20\n  trailer:\n    type: " in text, text
    done = validate(league.root, "orders/ar/0002/ann.yaml", text)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = understood(done.stdout)
    n1, n2 = (int(o.split(":")[0].split()[1]) for o in (first, second))
    assert lines[:2] == [f"Gebot auf Auftrag {n1}: 450 kj", f"Gebot auf Auftrag {n2}: 300 kj (nur wenn nicht {n1} "
                                                               "ersteigert)"], lines
    assert f"Brummi 1 fährt HH – HH-H.1 – HH-H.2: {points} Streckenpunkte, {fare} kj" in lines, (lines, shown)
    assert "Baustellen-Gebot: 20 kj auf K-F.2" in lines

    enter(browser, "kj", "-5", 'fieldset[data-key="bids"] > .tp-row:nth-of-type(1)')
    browser.wait_for(lambda: errors(browser), "the bad bid named")
    assert any(e["where"].endswith("orders → bids → Eintrag 1 → kj") for e in errors(browser)), errors(browser)
    assert browser.script("return document.getElementById('tp-download').disabled")


def test_policy_maker_the_government_sets_its_tax_policy_and_its_standing_preference(browser: Browser, served: str,
                                                                                    league: League):
    game = store.load_game(league.root, "pm")
    government = game.ruleset.phase(game.effective_state(game.open_turn)).awaited[0]
    at_page(browser, served, "pm", government)
    assert "This phase is the Government's Tax policy." in page_text(browser, "#tp-form")
    add_row(browser, "Tax policy")
    add_row(browser, "Tax policy")
    tax = 'fieldset[data-key="tax"]'
    pick_in(browser, f"{tax} .tp-row:nth-of-type(1)", "sector", "Energy")
    pick_in(browser, f"{tax} .tp-row:nth-of-type(1)", "change", "−1 (lower the cost)")
    pick_in(browser, f"{tax} .tp-row:nth-of-type(2)", "sector", "Health")
    add_row(browser, "Initiatives, in your order of preference")
    add_row(browser, "Initiatives, in your order of preference")
    pref = 'fieldset[data-key="initiatives"]'
    pick_in(browser, f"{pref} .tp-row:nth-of-type(1)", "Initiative 1", "Rural Clinics: Health field 4 or beyond.")
    enter(browser, "A public line for the newsletter", "Cheaper energy for everyone")
    browser.wait_for(lambda: errors(browser) == [], "a good sheet")
    text = produced(browser)
    assert text.endswith("orders:\n  tax:\n    - sector: energy\n      change: -1\n    - sector: health\n"
                         "      change: 1\n  initiatives:\n    - rural-clinics\n    - school-meals\n"
                         "  note: Cheaper energy for everyone\n"), text
    done = validate(league.root, f"orders/pm/0001/{government}.yaml", text)
    assert done.returncode == 0, done.stdout + done.stderr

    pick_in(browser, f"{pref} .tp-row:nth-of-type(2)", "Initiative 2", "Rural Clinics: Health field 4 or beyond.")
    browser.wait_for(lambda: errors(browser), "the same initiative twice named")
    assert [e["where"].split(",")[1].strip() for e in errors(browser)] == ["orders → initiatives"], errors(browser)
    assert browser.script("return document.getElementById('tp-download').disabled")
    done = validate(league.root, f"orders/pm/0001/{government}.yaml", browser.script(
        "return document.getElementById('tp-sheet').value"))
    assert done.returncode != 0, done.stdout


def test_calamity_the_mover_s_form_is_this_phase_s_decision_and_the_card_list_is_the_hand(browser: Browser,
                                                                                          served: str, league: League):
    """Issue #30, item 8: Calamity's form showed every phase's fields at once with raw keys (``before_row``,
    ``accept_fee``, ``year_end``, ``henley``…), 4,700 px long, the card mid-page and the hand at the bottom; the
    card list ignored the hand. The mover's form is the card first, the sales, and the events of only the fields a
    card reaches, in words; once the private report is open the card list offers only the cards in hand."""
    game = store.load_game(league.root, "ca")
    state = game.effective_state(game.open_turn)  # the test holds the game's key: it knows the hand
    mover = game.ruleset.phase(state).awaited[0]
    hand = state["private"][mover]["hand"]
    at_page(browser, served, "ca", mover)
    labels = browser.script("return Array.from(document.querySelectorAll('#tp-form label, #tp-form legend'))"
                            ".map(l => l.textContent)")
    assert labels[:2] == ["Orders", "The card you play"], labels
    raw = {"before_row", "after_row", "accept_fee", "year_end", "henley", "standing", "cover", "card", "sell"}
    assert raw.isdisjoint(labels), labels
    assert browser.script("return document.getElementById('tp-form').getBoundingClientRect().height") < 1500
    _, secret = league.keys[f"ca:{mover}"]
    browser.script("document.getElementById('tp-identity').scrollIntoView({block: 'center'})")
    paste(browser, "#tp-identity", secret)
    browser.click("#tp-read")
    browser.wait_for(lambda: browser.text("#tp-form .tp-held"), "the hand beside the card list")
    assert browser.text("#tp-form .tp-held") == f"In your hand: {', '.join(map(str, hand))}."
    offered = browser.script("""var l = Array.from(document.querySelectorAll('#tp-form label'))
        .find(l => l.textContent === 'The card you play');
        return Array.from(document.getElementById(l.htmlFor).options).filter(o => !o.disabled).map(o => o.text)""")
    assert [int(o.split(":")[0]) for o in offered] == sorted(set(hand)), offered  # a hand may hold a value twice
    card = hand[-1]
    pick_in(browser, "#tp-form", "The card you play", next(o for o in offered if o.startswith(f"{card}: ")))
    browser.wait_for(lambda: errors(browser) == [], "a good sheet")
    text = produced(browser)
    assert text.endswith(f"orders:\n  card: {card}\n"), text
    done = validate(league.root, f"orders/ca/0001/{mover}.yaml", text)
    assert done.returncode == 0, done.stdout + done.stderr
    assert understood(done.stdout)[0].startswith(f"Play card {card}: the token moves from field 0 to {card} ")


@contextlib.contextmanager
def mover_holding(league: League, hand: list[int]) -> Iterator[tuple[str, str]]:
    """Calamity's mover in game ca with ``hand``: their private file sealed again to their key (the test league's
    hands hold every value), put back after; the mover and their secret key."""
    game = store.load_game(league.root, "ca")
    mover = game.ruleset.phase(game.effective_state(game.open_turn)).awaited[0]
    public, secret = league.keys[f"ca:{mover}"]
    sealed = league.root / "public" / "games" / "ca" / "private" / f"{mover}.yaml.age"
    kept = sealed.read_bytes()
    sealed.write_text(crypto.encrypt(f"game: ca\nturn: 1\nplayer: {mover}\nstate:\n  hand: {hand}\n".encode(),
                                     [public]))
    try:
        yield mover, secret
    finally:
        sealed.write_bytes(kept)


def test_calamity_s_card_list_offers_only_the_cards_in_the_hand(browser: Browser, served: str, league: League):
    """Issue #30, item 8: "the card list ignores the hand". The test league's hands hold every value, so the
    mover's private file is sealed again here to their key with a hand of 2 and 4 (and put back after): once
    opened in the page, the list offers 2 and 4 only, and a card the form had picked that is not held gives way
    to one that is."""
    with mover_holding(league, [2, 4]) as (mover, secret):
        at_page(browser, served, "ca", mover)
        browser.script("document.getElementById('tp-identity').scrollIntoView({block: 'center'})")
        paste(browser, "#tp-identity", secret)
        browser.click("#tp-read")
        browser.wait_for(lambda: browser.text("#tp-form .tp-held"), "the hand beside the card list")
        assert browser.text("#tp-form .tp-held") == "In your hand: 2, 4."
        offered = browser.script("""var l = Array.from(document.querySelectorAll('#tp-form label'))
            .find(l => l.textContent === 'The card you play');
            return Array.from(document.getElementById(l.htmlFor).options).filter(o => !o.disabled)
                .map(o => o.text)""")
        assert [int(o.split(":")[0]) for o in offered] == [2, 4], offered
        assert "  card: 2\n" in produced(browser), "card 1, the form's first, is not held: 2 is picked instead"


def test_calamity_a_player_with_nothing_due_gives_standing_orders_in_words(browser: Browser, served: str,
                                                                            league: League):
    """A player not awaited in this phase is offered their standing orders, each field in words."""
    game = store.load_game(league.root, "ca")
    state = game.effective_state(game.open_turn)
    other = next(p.key for p in game.players if p.key not in game.ruleset.phase(state).awaited)
    at_page(browser, served, "ca", other)
    standing = 'fieldset[data-key="standing"] fieldset[data-key="C"]'
    pick_in(browser, standing, "Step 1: keep or return all policies of this category (4 GE each)", "keep")
    enter(browser, "Step 2: return every policy the rolled row marks this many times or more", "3", standing)
    enter(browser, "Accept pass-on offers whose fee is at least (GE)", "15", standing)
    add_row(browser, "Deckung (field 13): policies you give up first", 'fieldset[data-key="standing"]')
    pick_in(browser, 'fieldset[data-key="standing"] fieldset[data-key="cover"]', "Policy 1", "D1")
    browser.wait_for(lambda: errors(browser) == [], "a good sheet")
    text = produced(browser)
    assert text.endswith("orders:\n  standing:\n    C:\n      before_row: keep\n      after_row: 3\n"
                         "      accept_fee: 15\n    cover:\n      - D1\n"), text
    done = validate(league.root, f"orders/ca/0001/{other}.yaml", text)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Standing order for C: keep before the row; after the row return each type marked 3 or more times in " \
           "it; accept pass-ons for a fee of 15 GE or more." in understood(done.stdout)


def test_calamity_a_card_not_in_the_hand_is_refused_once_the_private_report_is_open(browser: Browser, served: str,
                                                                                    league: League):
    """Issue #30, item 1: "Calamity card 5 not in the hand" passed the page. Before the private report is open the
    page says where the verdict is (open it); once it is open (a hand of 2 and 4 sealed to the mover's key), card
    5 is the rules' error, in their words, at the card's line, and card 2 none: the rules' verdicts for a hand
    with and without each card (verdicts.held_table), looked up by the hand in the report."""
    with mover_holding(league, [2, 4]) as (mover, secret):
        sheet = "game: ca\nturn: 1\nplayer: {mover}\norders:\n  card: {card}\n"
        check = "return window.tpOrders.check(arguments[0])"
        at_page(browser, served, "ca", mover)
        before = browser.script(check, sheet.format(mover=mover, card=5))
        assert [p["severity"] for p in before] == ["unknown"] and "private report" in before[0]["message"], before
        browser.script("document.getElementById('tp-identity').scrollIntoView({block: 'center'})")
        paste(browser, "#tp-identity", secret)
        browser.click("#tp-read")
        browser.wait_for(lambda: browser.text("#tp-form .tp-held"), "the hand beside the card list")
        after = browser.script(check, sheet.format(mover=mover, card=5))
        assert [(p["severity"], p["where"], p["message"]) for p in after] == [
            ("error", "line 5, orders → card", "you hold no movement card 5")], after
        assert browser.script(check, sheet.format(mover=mover, card=2)) == []


def test_thirty_years_war_a_double_move_a_transformation_religious_actions_and_the_confession(
        browser: Browser, served: str, league: League):
    """Spring 1618 of game jk (confessions chosen with the first orders): the Dutch player sends a fleet two
    fields down the Rhine, turns the army in Utrecht into a fleet, builds a church and stirs up disobedience
    (5 religion points in all, what the allotment gave), and chooses the start confession."""
    at_page(browser, served, "jk", "jk10")
    choose(browser, "F GHol", "F GHol - NHBb - RheM")
    choose(browser, "A Utr", "A Utr T F/sc")
    add_row(browser, "Kirchenbau")
    pick_in(browser, 'fieldset[data-key="church"]', "Einheit", "A Utr")
    add_row(browser, "Ungehorsam stiften")
    disobedience = 'fieldset[data-key="disobedience"]'
    pick_in(browser, disobedience, "Einheit", "A Kar")
    enter(browser, "RP", "3", disobedience)
    choose(browser, "Startkonfession", "protestantisch")
    browser.wait_for(lambda: errors(browser) == [], "a good sheet")
    browser.script("document.getElementById('tp-form').scrollIntoView()")
    browser.screenshot(ARTIFACTS / "dreissigjaehriger-krieg-desktop.png")
    text = produced(browser)
    assert yaml.safe_load(text)["orders"] == ["F GHol - NHBb - RheM", "F HGro H", "A Utr T F/sc",
                                              "Ungehorsam stiften: A Kar (3 RP)", "Kirchenbau: A Utr (2 RP)",
                                              "Konfession protestantisch"], text
    done = validate(league.root, "orders/jk/0001/jk10.yaml", text)
    assert done.returncode == 0 and "0 Warnungen" in done.stdout, done.stdout
    lines = understood(done.stdout)
    assert {"F GHol - NHBb - RheM", "A Utr T F/sc", "Ungehorsam stiften: A Kar (3 RP)", "Kirchenbau: A Utr (2 RP)",
            "Startkonfession protestantisch"} <= set(lines), lines

    enter(browser, "RP", "1", disobedience)
    browser.wait_for(lambda: errors(browser), "too few points named")
    # the field's bound, and the rules' own verdict on the line it writes (verdicts.spending), as validate says it
    assert sorted((e["where"], e["message"]) for e in errors(browser)) == [
        ("RP", "mindestens 2"),
        ("Zeile 12, orders → Eintrag 4", "Ungehorsam stiften kostet mindestens 2 Religionspunkte")], errors(browser)
    assert browser.script("return document.getElementById('tp-download').disabled")


def test_thirty_years_war_mercenaries_are_hired_from_the_neutral_units_with_their_orders(league: League):
    """Section 10: only neutral units are hired, with their order; each line the page offers is one ``check``
    takes (at the least points, which the allotment of Spring 1618 pays)."""
    game = store.load_game(league.root, "jk")
    state = game.effective_state(game.open_turn)
    fields = game.ruleset.choices(game.ruleset.public_view(state), "jk0")["field"]["items"]
    hire = next(f for f in fields if f.get("key") == "mercenaries")["item"]
    units = next(f for f in hire["fields"] if f["key"] == "unit")["options"]
    assert {o["value"].split(" ")[1] for o in units} == {"BLut", "Kar"}, "the neutral units only"
    assert {"A Kar H", "A BLut H"} <= {o["value"] for o in units} and any(" - " in o["value"] for o in units)
    for o in units:
        line = hire["format"].format(unit=o["value"], points=3)
        assert [p.message for p in game.ruleset.check(state, "jk0", [line]) if p.severity == "error"] == [], line


