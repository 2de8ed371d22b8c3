"""The page's verdict and ``turnpress validate`` on a shared corpus of sheets (issue #16, "Show it").

Each sheet goes through the page's own check in the browser (``window.tpOrders.check``: the YAML as turnpress
reads it, the turn's JSON Schema, the budgets) and through ``validate``. They agree on what the page can know:

- a good sheet: neither finds an error, and neither warns of a cut;
- a sheet the schema refuses: the page names an error on every line where ``validate`` names one, and on no other;
- an overdrawn sheet (Bretton Woods): the page warns of exactly the budgets ``validate``'s cut warnings name;
- a sheet only the rules refuse (a move to a province out of reach): ``validate`` names it; the page finds no
  error of its own (it says the rules are checked in full by the pull request's check) and invents none.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator import check
from adjudicator.rulesets.bretton_woods import orders as bw

from ..site.webdriver import Browser
from .conftest import League
from .test_orders_browser import open_page, pick

HEAD = "game: {game}\nturn: 1\nplayer: {player}\norders:\n"
LINE = re.compile(r"^(?:line|Zeile) ([0-9]+)")  # the page speaks the game's language

DIPLOMACY = [
    ("good", "  - F Lon - Nth\n  - A Lvp S F Edi - Yor\n  - F Edi H\n"),
    ("good", "  - {unit: A Lvp, move: Yor}\n  - Propose draw\n"),
    ("good", "  []\n"),
    ("schema", "  - {unit: A Lvp, moov: Yor}\n"),
    ("schema", "  - F Lon - Nth\n  - 17\n  - {}\n"),
    ("schema", "  production: 3\n"),
    ("schema", "  - F Lon - Nth\n  - F Edi H\nwait: maybe\n"),
    ("schema", "  - F Lon - Nth\nextra: 1\n"),
    ("rule", "  - A Lvp - Mos\n"),
    ("rule", "  - F Lon - Bur\n"),
]

BRETTON_WOODS = [
    ("good", "  production: {harvest: 10, energy: 3, mining: 2}\n"),
    ("good", "  production: {harvest: 10}\n  defence: 0\n  transfers:\n    - {to: Borduria, good: a, count: 0}\n"),
    ("schema", "  production: {harvest: -1}\n"),
    ("schema", "  production:\n    harvest: 2\n    harvets: 3\n"),
    ("schema", "  market:\n    a: {offer: swap, count: 1, price: 2}\n"),
    ("schema", "  transfers:\n    - {to: Borduria, good: a, count: 1, note: a note far longer than twenty}\n"),
    ("schema", "  contacts: [1, 2]\n"),
    ("cut", "  production: {harvest: 500}\n"),
    ("cut", "  defence: 999\n"),
    ("cut", "  gold: {industries: 99}\n"),
    ("cut", "  market:\n    r: {offer: buy, count: 50, price: 100}\n"),
    ("cut", "  transfers:\n    - {to: Borduria, good: e, count: 400}\n"),
    ("rule", "  transfers:\n    - {to: Nowhere, good: a, count: 1}\n"),
]

CASES = [("dip", "ann", kind, body) for kind, body in DIPLOMACY] + \
        [("bw", "ann", kind, body) for kind, body in BRETTON_WOODS]


def validate(root: Path, game: str, player: str, text: str) -> list:
    path = root / f"orders/{game}/0001/{player}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    try:
        return check.validate_files([path], root)[0]
    finally:
        path.unlink()


def cut_budgets(message: str) -> set[str]:
    return {label for label in bw.BUDGET_TEXT.values() if f"{label}:" in message}


@pytest.mark.parametrize(("game", "player", "kind", "body"), CASES,
                         ids=[f"{g}-{k}-{n}" for n, (g, _, k, _) in enumerate(CASES)])
def test_the_page_and_validate_agree(browser: Browser, served: str, league: League, game: str, player: str,
                                     kind: str, body: str):
    if browser.script("return window.tpOrders && document.getElementById('tp-work') && "
                      "!document.getElementById('tp-work').hidden && location.pathname") != f"/games/{game}/orders/":
        open_page(browser, served, game)
        pick(browser, player)
    text = HEAD.format(game=game, player=player) + body
    page = browser.script("return window.tpOrders.check(arguments[0])", text)
    found = validate(league.root, game, player, text)
    page_errors = [p for p in page if p["severity"] == "error"]
    errors = [f for f in found if f.severity == "error"]
    if kind == "good":
        assert page_errors == [] and errors == [], (page, found)
    elif kind == "schema":
        assert errors, "the corpus sheet is bad"
        assert {int(LINE.match(p["where"]).group(1)) for p in page_errors} == {f.line for f in errors}, (page, found)
    elif kind == "rule":
        assert errors and page_errors == [], (page, found)
    page_cuts = {p["where"] for p in page if p["severity"] == "warning" and "gekürzt" in p["message"]}
    cuts = set().union(*(cut_budgets(f.message) for f in found if "will be cut" in f.message))
    assert page_cuts == cuts, (page, found)
    if kind == "cut":
        assert cuts and errors == [], found
