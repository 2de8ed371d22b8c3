"""A league for the orders page's tests, built once: a Diplomacy game of open orders, the same game sealed
(five players with an age key of their own registered, fay with the ssh-ed25519 key she pushes to GitHub with,
the last player with none), a Diplomacy game in its first winter (England took Norway: one build), one in its
first retreats (Austria dislodged the Italian army in Venice), and a game each of Bretton Woods, Auf Achse (in
its auction, a second one in round 1 after its auction, and a third in round 1 with more goods waiting for a
Brummi than it holds), The Policy Maker, Calamity and the Thirty Years' War (confessions chosen with the first
orders, religion points from the start); every Policy Maker and Calamity player and one of the Thirty Years'
War register a key, to read their private report in the page; a Diplomacy game in Fall 1901 (England's fleets in
the North and the Norwegian Sea, its army in Yorkshire: a convoy to Norway); its site served on 127.0.0.1, for the
headless Chromium that every browser test of the run shares (``tests/conftest.py``'s ``browser``; without chromium
they skip)."""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.engine import turn
from adjudicator.league import secrets
from adjudicator.model import Player
from adjudicator.newsletter import site
from adjudicator.rulesets.auf_achse import RULESET as AUF_ACHSE
from adjudicator.rulesets.auf_achse.adjudicate import capacity
from adjudicator.sealed import crypto

from ..conftest import git, new_repository, run
from ..site.test_site_browser import serving

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts" / "orders"
POWERS = ["england", "france", "germany", "italy", "austria", "russia", "turkey"]
JK_POWERS = ["bayern", "braunschweig", "daenemark", "frankreich", "oesterreich", "pfalz", "rheinbistuemer",
             "sachsen", "schweden", "spanien", "niederlande"]
AUCTION = {"ann": 8, "ben": 1, "cai": 3}  # the bids that start game ar: who bids for which order (100 kj each)
WINTER = {1: ["F Lon - Nth", "F Edi - Nwg", "A Lvp - Yor"], 2: ["F Nth C A Yor - Nwy", "A Yor - Nwy", "F Nwg H"]}
# Austria (eve) takes Venice in 1901 with support: Italy's army there, holding, is dislodged
RETREAT = {1: ["A Vie - Tyr"], 2: ["F Tri - Ven", "A Tyr S F Tri - Ven"]}
LOGINS = ["ann", "ben", "cai", "dee", "eve", "fay", "gus"]
# The first dice secret (``crowded_game``'s attempt) whose deal fits, tried first: each attempt that does not
# makes a whole game, a second of CPU (issue 33); the search after it finds another if the rules change the deal
FITTING_DEAL = 3


class League:
    """The test league: its root, its built site and the players' keys (login -> (public, secret))."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.keys: dict[str, tuple[str, str]] = {}
        self.ssh_key = root / "none"  # the secret SSH key of the player who registered one (fay, in sdip)
        self.loading: tuple[str, list[int]] = ("", [])  # game al: the haulier, the two orders waiting for them

    def game_identity(self, game: str) -> list:
        return crypto.load_identity_file(secrets.secret_file(self.root, game, secrets.KEY))


def players() -> list[str]:
    args = []
    for n, (login, power) in enumerate(zip(LOGINS, POWERS, strict=True)):
        args += ["--player", f"{login.capitalize()}:{login}:{100 + n}:{power}"]
    return args


def crowded_game(root: Path) -> tuple[str, list[int]]:
    """Game al, Auf Achse in public (a demo's dice: the deal is the secret's alone): dice secrets are tried until
    round 0 deals two offers from one haulier's start city with more goods than a Brummi holds; the haulier bids
    on both, so in round 1 both wait for their empty Brummi. Returns the haulier and the two orders."""
    hauliers = [Player(key=n, name=n.capitalize(), login=n, github_id=200 + i, role=r)
                for i, (n, r) in enumerate(zip(LOGINS, ["HH", "M", "K", "DO", "S"], strict=False))]
    for attempt in (FITTING_DEAL, *range(500)):
        shutil.rmtree(root / "games/al", ignore_errors=True)
        game, _ = turn.new_game(root, "auf-achse", "al", hauliers, {"orders": "open"}, None, demo=True,
                                title="Auf Achse, volle Ladung", secret=hashlib.sha256(b"%d" % attempt).digest())
        state = game.effective_state(game.open_turn)
        for login, h in state["hauliers"].items():
            start = h["trucks"][0]["position"]
            here = [o for o in state["orders"] if o["status"] == "announced" and o["offered"] == 0
                    and o["from"] == start]
            if len(here) >= 2 and here[0]["count"] + here[1]["count"] > capacity(AUF_ACHSE.data, h["trucks"][0]):
                ids = [here[0]["id"], here[1]["id"]]
                sheet = root / "orders/al/0001" / f"{login}.yaml"
                sheet.parent.mkdir(parents=True)
                sheet.write_text(f"game: al\nturn: 1\nplayer: {login}\norders:\n  bids:\n"
                                 + "".join(f"    - {{order: {i}, kj: 100}}\n" for i in ids))
                return login, ids
    raise AssertionError("no deal of 500 puts two offers beyond a Brummi's room at a start city")


def make_league(root: Path) -> League:
    (root / "games").mkdir(parents=True)
    new_repository(root, ".secrets/\npublic/\n")
    league = League(root)
    assert run(root, "new", "diplomacy", "dip", "--option", "orders=open", "--title", "Open Diplomacy",
               *players()) == 0
    assert run(root, "new", "diplomacy", "sdip", "--title", "Sealed Diplomacy", *players()) == 0
    assert run(root, "new", "bretton-woods", "bw", "--option", "orders=open", "--title", "Bretton Woods",
               "--player", "Atlantis:ann:100:agrar", "--player", "Borduria:ben:101:energie",
               "--player", "Carpania:cai:102:rohstoff") == 0
    hauliers = [f"{login.capitalize()}:{login}:{200 + n}:{role}"
                for n, (login, role) in enumerate(zip(LOGINS, ["HH", "M", "K", "DO", "S"], strict=False))]
    assert run(root, "new", "auf-achse", "aa", "--option", "orders=open", "--title", "Auf Achse",
               *(arg for h in hauliers for arg in ("--player", h))) == 0
    assert run(root, "new", "auf-achse", "ar", "--option", "orders=open", "--title", "Auf Achse, Runde 1",
               *(arg for h in hauliers for arg in ("--player", h))) == 0
    for login, order in AUCTION.items():
        sheet = root / f"orders/ar/0001/{login}.yaml"
        sheet.parent.mkdir(parents=True, exist_ok=True)
        sheet.write_text(f"game: ar\nturn: 1\nplayer: {login}\norders:\n  bids:\n    - {{order: {order}, kj: 100}}\n")
    jk = [arg for n, power in enumerate(JK_POWERS)
          for arg in ("--player", f"Jk{n}:jk{n}:{400 + n}:{power}")]
    assert run(root, "new", "diplomacy", "jk", "--option", "map=dreissigjaehriger-krieg", "--option", "orders=open",
               "--option", "confessions=chosen", "--option", "start_points=allotment", "--title",
               "Dreißigjähriger Krieg", *jk) == 0
    three = [arg for n, login in enumerate(LOGINS[:3])
             for arg in ("--player", f"{login.capitalize()}:{login}:{300 + n}")]
    assert run(root, "new", "policy-maker", "pm", "--option", "orders=open", "--title", "Policy Maker", *three) == 0
    assert run(root, "new", "calamity", "ca", "--option", "orders=open", "--title", "Calamity", *three) == 0
    # Calamity's hands, The Policy Maker's goal and hands and 30JK's religion points are private: each player
    # reads theirs in the page with their own key
    for game, login in [*(("ca", x) for x in LOGINS[:3]), *(("pm", x) for x in LOGINS[:3]), ("jk", "jk0")]:
        public, secret = crypto.new_identity()
        league.keys[f"{game}:{login}"] = (public, secret)
        assert run(root, "keys", "add", game, login, public) == 0
    for login in LOGINS[:-2]:  # the last player registers no key: their file is sealed to the game alone
        public, secret = crypto.new_identity()
        league.keys[login] = (public, secret)
        assert run(root, "keys", "add", "sdip", login, public) == 0
    ssh = root.parent / "fay_ed25519"  # the one before registers the SSH key they push to GitHub with
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "fay@example.org", "-f", str(ssh)],
                   check=True)
    league.ssh_key = ssh
    assert run(root, "keys", "add", "sdip", "fay", ssh.with_suffix(".pub").read_text().strip()) == 0
    league.loading = crowded_game(root)
    assert run(root, "new", "diplomacy", "wb", "--option", "orders=open", "--title", "Diplomacy, Winter 1901",
               *players()) == 0
    assert run(root, "new", "diplomacy", "rt", "--option", "orders=open", "--title", "Diplomacy, Fall 1901 Retreats",
               *players()) == 0
    assert run(root, "new", "diplomacy", "cv", "--option", "orders=open", "--title", "Diplomacy, Fall 1901",
               *players()) == 0
    # the site's configuration comes after the last game: with it, each ``new`` generates every game's pages again
    # (the navigation gains the game), which the ``site build`` below does once (issue 33, feedback in minutes)
    (root / "mkdocs.yml").write_text(re.sub(r"^# repo_url: .*$", "repo_url: https://github.com/example/league",
                                            site.template(), flags=re.MULTILINE))
    git(root, "add", "-A")
    git(root, "commit", "-qm", "games")
    assert run(root, "adjudicate", "ar", "--early", "--commit") == 0
    assert run(root, "adjudicate", "al", "--early", "--commit") == 0
    for game, login, turns in (("wb", "ann", WINTER), ("rt", "eve", RETREAT), ("cv", "ann", {1: WINTER[1]})):
        for number, orders in turns.items():
            sheet = root / f"orders/{game}/{number:04d}/{login}.yaml"
            sheet.parent.mkdir(parents=True, exist_ok=True)
            sheet.write_text(f"game: {game}\nturn: {number}\nplayer: {login}\norders:\n"
                             + "".join(f"  - {o}\n" for o in orders))
            git(root, "add", "-A")
            git(root, "commit", "-qm", f"orders {game} {number}")
            assert run(root, "adjudicate", game, "--early", "--commit") == 0
    assert run(root, "site", "build") == 0
    return league


@pytest.fixture(scope="session")
def league(tmp_path_factory: pytest.TempPathFactory) -> League:
    return make_league(tmp_path_factory.mktemp("orders-page") / "league")


@pytest.fixture(scope="session")
def served(league: League) -> Iterator[str]:
    with serving(league.root / "public") as url:
        yield url


@pytest.fixture
def desk(tmp_path: Path) -> Path:
    """A player's own folder outside the league (where a downloaded file lands)."""
    path = tmp_path / "desk"
    path.mkdir()
    return path


def copy_league(league: League, to: Path) -> Path:
    shutil.copytree(league.root, to, symlinks=True)
    return to
