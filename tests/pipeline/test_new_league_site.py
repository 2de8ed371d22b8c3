"""A new league is complete (issue 22, "What to build": "rules pages for the games it has, game pages that describe
the game, a guide for its players; ``turnpress new`` adds what a game needs to the site").

A league made with ``turnpress init`` gets the players' guide; ``turnpress new`` of each of the five games (and the
1618 variant of Diplomacy) adds its rules pages; ``turnpress site build`` then builds, strictly, a site where every
game has an overview that says what the game is and links to its rules, and the navigation reaches every game,
every rules page and the guide.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from adjudicator import yamlio
from adjudicator.kit.words import about

from ..conftest import git, run

ROOT = Path(__file__).resolve().parents[2]
GAMES = {  # game id: (ruleset, options, players)
    "bw": ("bretton-woods", [], ["Atlantis:alice:1001:agrar", "Borduria:bob:1002:energie",
                                 "Carpania:carol:1003:rohstoff"]),
    "dip": ("diplomacy", [], ["England:eng:2001:england", "France:fra:2002:france"]),
    "jk": ("diplomacy", ["map=dreissigjaehriger-krieg"], ["Bayern:bay:2101:bayern", "Pfalz:pfa:2102:pfalz"]),
    "aa": ("auf-achse", [], [f"Spedition {c}:sp{i}:{3000 + i}:{c}" for i, c in enumerate(["HH", "HB", "K", "M", "B"])]),
    "pm": ("policy-maker", [], ["Anna:anna:1", "Bert:bert:2", "Carl:carl:3", "Dora:dora:4:government"]),
    "cal": ("calamity", [], ["Ann:ann:1", "Bob:bob:2", "Cy:cy:3", "Dee:dee:4"]),
}
RULES = {"bw": "bretton-woods", "dip": "diplomacy", "jk": "dreissigjaehriger-krieg", "aa": "auf-achse",
         "pm": "policy-maker", "cal": "calamity"}


def test_init_new_and_site_build_give_a_complete_league(tmp_path: Path, capsys):
    league = tmp_path / "league"
    assert run(tmp_path, "init", str(league), "--title", "Our League", "--requirement", "turnpress==0.1.0") == 0
    for page in ("players.md", "sealed-orders.md"):  # the guide for its players, as this project has it
        assert (league / "site/guide" / page).read_text() == (ROOT / "site/guide" / page).read_text()
    assert not (league / "site/rules").exists()  # rules come with the games
    git(league, "config", "user.name", "GM")
    git(league, "config", "user.email", "gm@example.org")
    for gid, (rules, options, players) in GAMES.items():
        args = ["new", rules, gid, *(f"--player={p}" for p in players), *(f"--option={o}" for o in options)]
        assert run(league, *args) == 0
    said = capsys.readouterr().out
    assert "The site's rules pages for calamity: site/rules/calamity.md" in said
    for page in set(RULES.values()):  # every rules page, written once, as this project has it
        assert (league / "site/rules" / f"{page}.md").read_text() == (ROOT / "site/rules" / f"{page}.md").read_text()
    assert run(league, "site", "build") == 0  # mkdocs --strict: no link of any page goes nowhere

    public = league / "public"
    for gid, (rules, options, _) in GAMES.items():
        overview = (public / "games" / gid / "index.html").read_text()
        summary = " ".join(about(rules, dict(o.split("=") for o in options))["summary"].split())
        assert summary[:60].replace("'", "&#x27;") in overview.replace("&#39;", "&#x27;"), gid  # says what it is
        links = re.findall(r'href="([^"]*rules/[^"]*)"', overview)
        assert f"../../rules/{RULES[gid]}/" in links, (gid, links)
        assert all((public / "games" / gid / link / "index.html").resolve().is_file() for link in links)
    flat = json.dumps(yamlio.load((league / "mkdocs.yml").read_bytes()).data["nav"])
    for gid in GAMES:
        assert f"games/{gid}/index.md" in flat
    for page in set(RULES.values()):
        assert f"rules/{page}.md" in flat
    assert "guide/players.md" in flat
    home = (public / "index.html").read_text()
    assert 'href="guide/players/"' in home and 'href="rules/calamity/"' in home


def test_a_rules_page_the_league_edited_is_kept_when_another_game_is_added(tmp_path: Path, capsys):
    league = tmp_path / "league"
    assert run(tmp_path, "init", str(league), "--title", "L", "--requirement", "turnpress==0.1.0") == 0
    players = [f"--player={p}" for p in GAMES["cal"][2]]
    assert run(league, "new", "calamity", "one", *players) == 0
    page = league / "site/rules/calamity.md"
    page.write_text(page.read_text() + "\n## Our house rule\n\nTea at four.\n")
    capsys.readouterr()
    assert run(league, "new", "calamity", "two", *players) == 0
    assert page.read_text().endswith("Tea at four.\n")
    assert "rules pages" not in capsys.readouterr().out
