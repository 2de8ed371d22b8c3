"""Issue #21 item 2: no player text makes live markup anywhere on the league's site, for any ruleset; issue 28,
item 3: nor does any text the game master typed (the league's title, each game's title, every player's name).

Every demo game's first turn is played again in a fresh league with its orders rewritten by an attacker: each
string the ruleset accepts as free text (a contact line, a transfer note, a policy note) carries a payload of the
corpus, and one player per game puts payloads where the ruleset expects words of its own (orders, cities,
policies), so that the report quotes them back when it refuses them. The site is built with MkDocs, and every
built page, the search index and the feed are read as a browser would: no element, attribute, comment, link or
image may come from a payload, and the free-text payloads are shown as the text the player wrote.

The game master's fields carry a corpus of their own (``GM``, marked gmNN): the league's title in ``mkdocs.yml``,
each game's title and each player's name, written into ``game.yaml`` as a hand edit would (``new`` and ``join``
refuse them now, ``test_names.py``). A name is shown in headings, menus, a page's title and attributes, so the
test for it is that no element, attribute, link or script comes from it, on any page, feed, search index or
drawing; and a bidi control in a name reaches no published byte.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
import re
from copy import deepcopy
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

from adjudicator import cli, yamlio
from adjudicator.cli.values import parse_player
from adjudicator.engine import turn
from adjudicator.kit import orders as ordersmod
from adjudicator.league import store

from ..conftest import git, new_repository

REPO = Path(__file__).resolve().parents[2]
DEMOS = sorted(p.name for p in (REPO / "demo").iterdir() if (p / "game.yaml").is_file())

# Each payload carries a marker xssNN; short ones fit a 20-letter transfer note.
CORPUS = [
    '<script>alert("xss01")</script>',
    "<img src=x onerror=alert('xss02')>",
    "<svg onload=alert('xss03')>",
    "[xss04](javascript:alert(4))",
    "![xss05](https://evil.example/xss05.png)",
    "{{ config.xss06 }}",
    '<a href="javascript:alert(1)">xss07</a>',
    'x{: onclick="alert(\'xss08\')" }',
    "**xss09** _xss09_ `xss09`",
    "<iframe src=//evil.example/xss10>",
    "<!-- xss11",
    "| xss12 | b |",
    "# xss13",
    "</text><text>xss14</text>",
    "<style>xss15{}</style>",
    "javascript:alert('xss16')",
    "<b>xss17</b>",
    "[xss18](//e.x)",
    "![xss19](//e.x)",
    "{{xss20}}",
    "<script>xss21",
    "1. xss22",
    "> xss23\n- xss23",
    "<img src=//e/xss24>",
]
PROBE = "<b>xss00</b>"
# What a game master might type into a title or a name, each marked gmNN (print(), not alert(): a name's text in
# an attribute is as it should be, and the player-text test above names every attribute holding alert(); U+202E
# turns the text after it around.
GM = [
    '<script>print("gm01")</script>',
    "<img src=x onerror=print('gm02')>",
    "[gm03](javascript:print(3))",
    '"><svg onload=print(\'gm04\')>',
    "x{: onclick=\"print('gm05')\" }",
    "</title><script>print('gm06')</script>",
    "]]><script>print('gm07')</script><![CDATA[",
    "<!-- gm08",
    "gm09\u202eevil",
]
GM_MARK = re.compile(r"gm\d\d")
BIDI = "\u202e"
# Player text inside any of these is markup the player made: a script, a link, a heading, a frame ...
FORBIDDEN_ABOVE = {"script", "style", "a", "iframe", "h1", "h2", "h3", "h4", "h5", "h6", "object", "embed",
                   "textarea", "button", "noscript", "form"}
MARK = re.compile(r"xss\d\d")
TEXT_HOLDERS = {"p", "li", "td", "th", "blockquote", "div", "span", "dd", "dt", "text", "tspan", "strong", "code",
                "em", "pre"}


def _bretton_woods(game: store.Game, player: str) -> list[dict]:
    other = next(p.name for p in game.players if p.key != player)
    return [{"contacts": ["x"] * 5}, *({"transfers": [{"to": other, "good": g, "count": 1, "note": "x"}]}
                                       for g in ("g", "a", "e", "r", "k"))]


# Free text each ruleset takes, added to the demo's orders where the orders do not carry it already.
FREE_TEXT = {
    "bretton-woods": _bretton_woods,
    "policy-maker": lambda game, player: [{"note": "x"}],
}


def string_paths(data: Any, path: tuple = ()) -> list[tuple]:
    if isinstance(data, str):
        return [path]
    if isinstance(data, dict):
        return [p for k, v in data.items() for p in string_paths(v, (*path, k))]
    if isinstance(data, list):
        return [p for i, v in enumerate(data) for p in string_paths(v, (*path, i))]
    return []


def put(data: Any, path: tuple, value: str) -> Any:
    out = deepcopy(data)
    holder = out
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = value
    return out


class Attack:
    """Rewrites one game's orders; remembers which payloads went into free text (they must show as written)."""

    def __init__(self, game: store.Game, turn: int) -> None:
        self.game, self.turn, self.state = game, turn, game.state(turn - 1)
        self.shown: set[str] = set()
        self.tried = 0
        self.next = 0

    def valid(self, player: str, data: dict) -> bool:
        rel = ordersmod.orders_relpath(self.game.id, self.turn, player)
        where = ordersmod.parse_path(rel)
        return ordersmod.check_file(rel, yamlio.dump(data).encode(), where, self.game.ruleset, self.state).ok

    def rewrite(self, player: str, data: dict, hostile: bool) -> dict:
        extra = FREE_TEXT.get(self.game.ruleset.name)
        if extra is not None and not hostile:
            for field in extra(self.game, player):
                wider = {**data, "orders": {**data["orders"], **field}}
                if self.valid(player, wider):
                    data = wider
        for path in string_paths(data.get("orders")):
            full = ("orders", *path)
            if self.valid(player, put(data, full, PROBE)):  # free text: every payload that fits goes in
                for i in range(len(CORPUS)):
                    payload = CORPUS[(self.next + i) % len(CORPUS)]
                    if self.valid(player, put(data, full, payload)):
                        data = put(data, full, payload)
                        self.shown.add(payload)
                        self.next = (self.next + i + 1) % len(CORPUS)
                        self.tried += 1
                        break
            elif hostile:  # words the rules check: the refusal quotes them back
                data = put(data, full, CORPUS[self.tried % len(CORPUS)] + " " + data_at(data, full))
                self.tried += 1
        if hostile and isinstance(data.get("orders"), dict):  # a key of its own: refusals quote unknown keys
            data = put(data, ("orders", CORPUS[self.tried % len(CORPUS)]), "xss99")
            self.tried += 1
        return data


def data_at(data: Any, path: tuple) -> str:
    for step in path:
        data = data[step]
    return str(data)


def play_attacked(root: Path, name: str) -> Attack:
    source = REPO / "demo" / name
    spec = yamlio.read_data(source / "game.yaml")
    game_id = f"demo-{name}"
    first = dt.datetime(2026, 11, 20, 20, 0, tzinfo=dt.UTC)
    players = [parse_player(p) for p in spec["players"]]
    schedule = {"timezone": "Europe/Berlin", "first": first.strftime("%Y-%m-%d %H:%M+00:00"), "every": "1 day",
                "grace": 30}
    # The game master's fields as a hand edit of game.yaml would hold them: a payload after each title and name.
    # Bretton Woods plays its countries by name (3.1): its players keep theirs.
    if spec.get("ruleset", name) != "bretton-woods":
        players = [dataclasses.replace(p, name=f"{p.name} {GM[(i + DEMOS.index(name)) % len(GM)]}")
                   for i, p in enumerate(players)]
    turn.new_game(root, spec.get("ruleset", name), game_id, players, spec.get("options", {}), schedule,
                    title=f"{spec.get('title')} {GM[-1 - DEMOS.index(name) % len(GM)]}", demo=True,
                    secret=hashlib.sha256(f"turnpress-demo/{name}".encode()).digest())
    for text in spec.get("joins", {}).get("1", []):
        turn.join_game(root, game_id, parse_player(text))
    git(root, "add", "-A")
    git(root, "commit", "-qm", f"{game_id}: new game", date=first - dt.timedelta(days=2))
    attack = Attack(store.load_game(root, game_id), 1)
    target = root / "orders" / game_id / "0001"
    target.mkdir(parents=True)
    sent = {p.stem: yamlio.read_data(p) for p in sorted((source / "0001").glob("*.yaml"))}
    for player in sorted(p.key for p in attack.game.players):  # the first who sent orders is hostile
        data = sent.get(player) or {"game": game_id, "turn": 1, "player": player, "orders": {}}
        hostile = player == min(sent) and (len(sent) > 1 or attack.game.ruleset.name not in FREE_TEXT)
        data = attack.rewrite(player, data, hostile=hostile)
        if player in sent or data["orders"]:
            (target / f"{player}.yaml").write_text(yamlio.dump(data))
    git(root, "add", "-A")
    git(root, "commit", "-qm", f"{game_id}: hostile orders", date=first - dt.timedelta(hours=1))
    turn.adjudicate(root, game_id, first + dt.timedelta(minutes=31), commit=True, only_if_due=False)
    published = set(string_values(yamlio.read_data(root / f"games/{game_id}/turns/0001/report.yaml")))
    attack.shown &= published  # a transfer that did not happen publishes no note
    return attack


def string_values(data: Any) -> list[str]:
    if isinstance(data, dict):
        return [s for v in data.values() for s in string_values(v)]
    if isinstance(data, list):
        return [s for v in data for s in string_values(v)]
    return [data] if isinstance(data, str) else []


class LiveMarkup(HTMLParser):
    """Every place where a payload became markup rather than text."""

    def __init__(self, where: str) -> None:
        super().__init__(convert_charrefs=True)
        self.where, self.stack, self.found = where, [], []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if MARK.search(f"{name}={value}") or "alert(" in (value or ""):
                self.found.append(f"{self.where}: <{tag} {name}={value!r}>")
        if tag not in ("br", "img", "hr", "meta", "link", "input", "path", "rect", "circle", "line", "polyline"):
            self.stack.append(tag)
        elif tag == "img" and any(MARK.search(v or "") for _, v in attrs):
            self.found.append(f"{self.where}: <img> from a payload")

    def handle_endtag(self, tag):
        if tag in self.stack:
            while self.stack.pop() != tag:
                pass

    def handle_data(self, data):
        if MARK.search(data) and self.stack and self.stack[-1] not in TEXT_HOLDERS:
            self.found.append(f"{self.where}: {data.strip()[:40]!r} inside <{self.stack[-1]}>")
        if MARK.search(data) and FORBIDDEN_ABOVE.intersection(self.stack):
            self.found.append(f"{self.where}: {data.strip()[:40]!r} inside <{'/'.join(self.stack[-3:])}>")

    def handle_comment(self, data):
        if MARK.search(data):
            self.found.append(f"{self.where}: a comment from a payload")


def live_markup(html: str, where: str) -> list[str]:
    parser = LiveMarkup(where)
    parser.feed(html)
    parser.close()
    return parser.found


@pytest.fixture(scope="module")
def attacked_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Attack]]:
    root = tmp_path_factory.mktemp("injection") / "league"
    (root / "games").mkdir(parents=True)
    league_title = "site_name: " + json.dumps("League " + GM[0] + GM[3] + BIDI, ensure_ascii=False)
    (root / "mkdocs.yml").write_text(re.sub(r"(?m)^site_name:.*$", lambda _: league_title,
                                            (REPO / "mkdocs.yml").read_text(encoding="utf-8")), encoding="utf-8")
    new_repository(root, ".secrets/\npublic/\n")
    attacks = {name: play_attacked(root, name) for name in DEMOS}
    assert cli.main(["--league", str(root), "site", "build"]) == 0
    return root, attacks


def test_every_ruleset_gets_the_corpus_in_its_free_text(attacked_site):
    _, attacks = attacked_site
    assert set(attacks) == set(DEMOS) and len(DEMOS) >= 6
    assert attacks["bretton-woods"].shown, "contacts and transfer notes took payloads"
    assert len(attacks["bretton-woods"].shown) >= 12, "contacts and notes of several players"
    assert attacks["policy-maker"].shown, "the note took payloads"
    assert all(a.tried for a in attacks.values()), {n: a.tried for n, a in attacks.items()}


def test_no_payload_is_live_markup_in_any_built_page(attacked_site):
    root, _ = attacked_site
    found = []
    pages = sorted((root / "public").rglob("*.html"))
    assert len(pages) > 20
    for page in pages:
        found += live_markup(page.read_text(encoding="utf-8"), str(page.relative_to(root)))
    assert not found, "\n".join(found[:20])


def test_free_text_shows_as_the_player_wrote_it(attacked_site):
    root, attacks = attacked_site
    shown = set().union(*(a.shown for a in attacks.values()))
    assert shown
    text = []
    for page in (root / "public/news").rglob("*.html"):
        collector = HTMLParser(convert_charrefs=True)
        collector.handle_data = text.append  # type: ignore[method-assign]
        collector.feed(page.read_text(encoding="utf-8"))
    visible = " ".join(" ".join(text).split())
    missing = [p for p in shown if " ".join(p.split()) not in visible]
    assert not missing, missing


def test_search_index_and_feed_carry_no_live_markup(attacked_site):
    root, _ = attacked_site
    index = json.loads((root / "public/search/search_index.json").read_text(encoding="utf-8"))
    found = []
    for doc in index["docs"]:
        found += live_markup(doc.get("text", ""), f"search index {doc['location']}")
        found += live_markup(doc.get("title", ""), f"search index title {doc['location']}")
    feeds = sorted((root / "public").glob("feed_*.xml"))
    assert feeds
    for feed in feeds:
        for item in ElementTree.parse(feed).getroot().iter("item"):
            for part in ("title", "description"):
                found += live_markup(item.findtext(part) or "", f"{feed.name} {part}")
    assert not found, "\n".join(found[:20])


class GameMasterMarkup(HTMLParser):
    """Every place where a game master's field became markup: an element, attribute, link, script or comment.
    Its text in a heading, a menu, a title or an attribute's value (shown as typed) is what it should be."""

    def __init__(self, where: str) -> None:
        super().__init__(convert_charrefs=True)
        self.where, self.found, self.script = where, [], 0

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            value = value or ""
            if GM_MARK.search(name) or name.startswith("on") and ("alert" in value or GM_MARK.search(value)) or \
                    name in ("href", "src") and value.strip().lower().startswith("javascript:print"):
                self.found.append(f"{self.where}: <{tag} {name}={value[:40]!r}>")
        self.script += tag in ("script", "style")

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.script = max(0, self.script - 1)

    def handle_data(self, data):
        if self.script and GM_MARK.search(data):
            self.found.append(f"{self.where}: a script from {data.strip()[:40]!r}")

    def handle_comment(self, data):
        if GM_MARK.search(data):
            self.found.append(f"{self.where}: a comment from a payload")


def game_master_markup(text: str, where: str) -> list[str]:
    parser = GameMasterMarkup(where)
    parser.feed(text)
    parser.close()
    return parser.found


def test_no_title_or_name_is_live_markup_on_any_page_feed_or_index(attacked_site):
    """Issue 28, item 3: the titles and names reach every page (the awaited line, the issue's lead and its NMR,
    late and refused lines, home, game pages, 404.html), the feeds (every element: titles, descriptions,
    categories; a payload closing a CDATA section would leave no XML to parse), the search index and the drawings,
    and make no markup in any."""
    root, _ = attacked_site
    public = root / "public"
    found: list[str] = []
    pages = sorted(public.rglob("*.html")) + sorted(public.rglob("*.svg"))
    shown = [p for p in pages if GM_MARK.search(p.read_text(encoding="utf-8"))]
    assert {"404.html", "index.html"} <= {p.name for p in shown} and len(shown) > 20, "the payloads are published"
    for page in pages:
        found += game_master_markup(page.read_text(encoding="utf-8"), str(page.relative_to(public)))
    index = json.loads((public / "search/search_index.json").read_text(encoding="utf-8"))
    for doc in index["docs"]:
        for part in ("title", "text"):
            found += game_master_markup(doc.get(part, ""), f"search index {part} {doc['location']}")
    feeds = sorted(public.glob("feed_*.xml")) + sorted(public.glob("feeds/*.xml"))
    assert len(feeds) > len(DEMOS)
    for feed in feeds:
        for element in ElementTree.parse(feed).getroot().iter():  # a CDATA broken out of is no XML any more
            if element.text and GM_MARK.search(element.text):
                found += game_master_markup(element.text, f"{feed.relative_to(public)} {element.tag.split('}')[-1]}")
    assert not found, "\n".join(found[:20])


def test_no_bidi_control_of_a_title_or_name_reaches_a_published_byte(attacked_site):
    """Issue 28, item 6: U+202E in a name or the league's title is folded wherever it is published."""
    root, _ = attacked_site
    assert BIDI in (root / "mkdocs.yml").read_text(encoding="utf-8")
    found = [str(p.relative_to(root)) for folder in ("public", "site") for p in sorted((root / folder).rglob("*"))
             if p.is_file() and p.suffix in (".html", ".xml", ".json", ".md", ".svg", ".ics", ".yaml")
             and BIDI in p.read_text(encoding="utf-8", errors="replace")]
    assert not found, found
