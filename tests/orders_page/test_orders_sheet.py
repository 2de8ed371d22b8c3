"""The orders page's sheet edited by hand (issue #16): beside the form, the player may write the file itself in the
page, as the command line's sheet; the page checks it against the turn's JSON Schema as they type and names a bad
order with its line, and ``turnpress validate`` accepts the file it produced (Auf Achse's bids, The Policy Maker's
tax policy). In Calamity the player reads their hand in the page from their sealed private report, with their key
pasted into the page.
"""

from __future__ import annotations

import pytest
import yaml

from adjudicator.league import store
from adjudicator.sealed import crypto

from ..site.webdriver import Browser
from .conftest import League
from .test_orders_browser import at_page, paste, pick, produced, validate

SHEETS = {
    # Auf Achse, round 0 (the auction): a bid on two offers
    "aa": ("ann", "orders:\n  bids:\n    - {order: 1, kj: 250}\n    - {order: 5, kj: 400}\n",
           "orders:\n  bids:\n    - {order: 1, kj: -250}\n", 10),
    # The Policy Maker, round 1: the Government's tax policy (the Government is who the phase awaits)
    "pm": (None, "orders:\n  tax:\n    - {sector: energy, change: -1}\n    - {sector: health, change: 1}\n"
                  "  note: Lower energy costs for all\n",
           "orders:\n  tax:\n    - {sector: energy, change: 2}\n", 10),
}


def write_orders(browser: Browser, orders: str) -> None:
    """Select the orders part of the page's sheet (from its ``orders:`` line to the end) and type ``orders`` over
    it, as a player editing the file does; the head the page wrote (the comments, game, turn and player) stays.
    Only what the player writes is typed: the page checks the whole sheet at each key, and typing its 350
    characters of head again cost 2.5 s of Chromium's CPU a sheet (issue 33, feedback in minutes)."""
    browser.click("#tp-sheet")
    browser.script("var s = document.getElementById('tp-sheet'); "
                   "s.setSelectionRange(s.value.indexOf('orders:'), s.value.length);")
    browser.type("#tp-sheet", orders)


def head(browser: Browser) -> str:
    sheet = browser.script("return document.getElementById('tp-sheet').value")
    return sheet[:sheet.index("orders:")]


@pytest.mark.parametrize("game", sorted(SHEETS))
def test_a_player_edits_the_sheet_and_validate_accepts_it(browser: Browser, served: str, league: League,
                                                          game: str):
    player, good, bad, bad_line = SHEETS[game]
    if player is None:  # who is awaited: the dice of the set-up chose the Government
        loaded = store.load_game(league.root, game)
        player = loaded.ruleset.phase(loaded.effective_state(loaded.open_turn)).awaited[0]
    at_page(browser, served, game, player)
    assert "orders:" in browser.script("return document.getElementById('tp-sheet').value")
    top = head(browser)
    write_orders(browser, bad)
    assert browser.script("return document.getElementById('tp-sheet').value") == top + bad
    browser.wait_for(lambda: browser.script("return window.tpOrders.problems().length"), "the page's verdict")
    problems = browser.script("return window.tpOrders.problems()")
    assert [p["where"].split(",")[0].split()[-1] for p in problems if p["severity"] == "error"] == [str(bad_line)], \
        problems
    assert browser.script("return document.getElementById('tp-download').disabled")
    done = validate(league.root, f"orders/{game}/0001/{player}.yaml", top + bad)
    assert done.returncode != 0 and f"{player}.yaml:{bad_line}:" in done.stdout, done.stdout

    write_orders(browser, good)
    browser.wait_for(lambda: browser.script("return window.tpOrders.problems().length === 0"), "a good sheet")
    assert produced(browser) == top + good
    assert not browser.script("return document.getElementById('tp-download').disabled")
    done = validate(league.root, f"orders/{game}/0001/{player}.yaml", top + good)
    assert done.returncode == 0, done.stdout + done.stderr


def test_calamity_a_player_reads_their_hand_in_the_page_and_plays_a_card(browser: Browser, served: str,
                                                                         league: League):
    game = store.load_game(league.root, "ca")
    state = game.effective_state(game.open_turn)  # the test holds the game's key: it knows the hand
    mover = game.ruleset.phase(state).awaited[0]
    hand = state["private"][mover]["hand"]
    at_page(browser, served, "ca", mover)
    _, secret = league.keys[f"ca:{mover}"]
    paste(browser, "#tp-identity", secret)
    browser.click("#tp-read")
    browser.wait_for(lambda: browser.text("#tp-report"), "the private report")
    report = browser.text("#tp-report")
    assert "hand:" in report and all(str(card) in report for card in hand)
    assert browser.script("return document.getElementById('tp-identity').value") == secret, "kept in the page"
    kept = browser.script("return JSON.stringify(window.localStorage) + JSON.stringify(window.sessionStorage) + "
                          "document.cookie")
    assert "AGE-SECRET-KEY" not in kept, "nothing of the key is stored"

    top = head(browser)
    body = f"orders:\n  sell: []\n  card: {hand[0]}\n  buy: []\n"
    write_orders(browser, body)
    browser.wait_for(lambda: browser.script("return window.tpOrders.problems().length === 0"), "a good sheet")
    assert produced(browser) == top + body, "the page's head kept, the orders typed"
    done = validate(league.root, f"orders/ca/0001/{mover}.yaml", top + body)
    assert done.returncode == 0, done.stdout + done.stderr

    paste(browser, "#tp-identity", "AGE-SECRET-KEY-1QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ")
    browser.click("#tp-read")
    browser.wait_for(lambda: "does not open" in browser.text("#tp-report-say"), "a wrong key named")
    assert browser.text("#tp-report") == ""


def read_report(browser: Browser, secret: str) -> str:
    paste(browser, "#tp-identity", secret)
    browser.click("#tp-read")
    browser.wait_for(lambda: browser.text("#tp-report") or "tp-error" in browser.script(
        "return document.getElementById('tp-report-say').className"), "the private report")
    return browser.text("#tp-report")


@pytest.mark.parametrize("game", ["ca", "pm", "jk"])
def test_every_game_with_a_private_part_shows_each_player_theirs_in_the_page(browser: Browser, served: str,
                                                                             league: League, game: str):
    """Calamity's hands, The Policy Maker's goal (the Government's) and hands (section 3), 30JK's religion
    points (section 8): each player whose key is registered pastes it and reads their own figures, as the game
    master's copy holds them; another key does not open them; an SSH secret key pasted by mistake is taken out
    of the box at once, and the page says how to read the report with it; the page keeps nothing."""
    loaded = store.load_game(league.root, game)
    state = loaded.effective_state(loaded.open_turn)  # the test holds the game's key: it knows every part
    players = [k.split(":", 1)[1] for k in league.keys if k.startswith(f"{game}:")]
    assert players and all(p in state["private"] for p in players), "a private part for each"
    at_page(browser, served, game, players[0])
    for player in players:
        pick(browser, player)
        assert browser.text("#tp-report") == browser.text("#tp-report-say") == "", "nothing of another's report"
        report = yaml.safe_load(read_report(browser, league.keys[f"{game}:{player}"][1]))
        assert report["state"] == state["private"][player], player
        assert report["player"] == player and report["turn"] == loaded.last_turn
    pick(browser, players[0])
    assert read_report(browser, crypto.new_identity()[1]) == "", "another key opens nothing"
    assert "tp-error" in browser.script("return document.getElementById('tp-report-say').className")
    assert read_report(browser, league.ssh_key.read_text()) == "", "an SSH secret key is not taken"
    assert browser.script("return document.getElementById('tp-identity').value") == "", "and not kept in the box"
    assert f"turnpress open {game} --identity" in browser.text("#tp-report-say")
    kept = browser.script("return JSON.stringify(window.localStorage) + JSON.stringify(window.sessionStorage) + "
                          "document.cookie")
    assert "AGE-SECRET-KEY" not in kept, "nothing of the key is stored"
