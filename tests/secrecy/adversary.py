"""The adversary of issue 15 ("Show it"): a game played through the real commands, then attacked from every
public byte.

``Table`` plays one game of a real ruleset as the README shows: ``turnpress new`` (which makes the game's key),
each player's own key (``keys personal``, registered with ``keys add``), orders written on the player's desk
and sealed with ``turnpress seal``, sent as a pull request that ``turnpress pr-check`` judges without any key
and merged, and at each deadline ``turnpress adjudicate --due --commit`` with the game's key, as the deadline
workflow holds it. Afterwards the pages workflow builds the site with no key at all.

``Outsider`` holds every public byte: every blob of every commit, every commit and tag message, the built site
and what the workflows printed (pr-check, status, adjudicate, site build, verify). It never holds the game's
key, a player's key or what a player's own terminal showed. ``Table.secrets`` is the game master's view (with
the key) of what the rules keep hidden and when each becomes public; the tests assert the outsider finds none
of it before its time, in any form the engine writes (its YAML, a flow list, a comma list), and cannot draw
it again from public values either.
"""

from __future__ import annotations

import bisect
import datetime as dt
import hashlib
import html
import json
import os
import re
import subprocess
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from adjudicator import cli, yamlio
from adjudicator.dice import Dice, orders_digest
from adjudicator.engine import check
from adjudicator.kit import secrecy as secrecymod
from adjudicator.league import hidden
from adjudicator.league import secrets as tpsecrets
from adjudicator.league.store import ENGINE_OPTIONS, Game, load_game
from adjudicator.model import HIDDEN_KEYS

from ..conftest import git, run

SCHEDULE = "first=2027-01-10 20:00,every=7 days,timezone=UTC,grace=60"
GAME = "g"
# A player's orders for the open turn: (the game master's view of the state, the player, the turn) -> the
# mapping under ``orders:``, or None to send nothing this turn.
Bot = Callable[[Mapping[str, Any], str, int], Any]


@dataclass
class Secret:
    """A value the rules keep hidden, and the first turn whose commit may show it (None: not before the end)."""

    what: str
    forms: list[str]  # the texts it would appear as (compared line by line without indentation: see ``flat``)
    public_from: int | None = None

    def __post_init__(self) -> None:
        self.forms = [flat(f) for f in self.forms]


def flat(text: str) -> str:
    """A text without the indentation of its lines: a hidden list or mapping nested at any depth of a YAML file
    is found by its own block form."""
    return "\n".join(line.strip() for line in text.splitlines())


def searched(text: str) -> str:
    """``flat(text)`` and, after it, every table in it read as the engine writes lists: a hidden list written one
    value a cell (``<td>17</td>`` in a page, ``| 17 |`` in Markdown) along a row or down a column is found by its
    comma-list form, and a two-cell row ``| key | value |`` by its YAML form ``key: value``."""
    grids = [[[_cell(c) for c in CELL.findall(row)] for row in ROW.findall(table)] for table in TABLE.findall(text)]
    block: list[list[str]] = []
    for line in [*text.splitlines(), ""]:
        line = line.strip()
        if len(line) > 1 and line.startswith("|") and line.endswith("|"):
            cells = [html.unescape(c).strip() for c in line[1:-1].split("|")]
            if not all(re.fullmatch(r":?-+:?", c) for c in cells):  # the line under a Markdown table's head
                block.append(cells)
        elif block:
            grids.append(block)
            block = []
    lines = []
    for grid in (g for g in grids if g):
        lines += [", ".join(row) for row in grid if row]
        lines += [f"{row[0]}: {row[1]}" for row in grid if len(row) == 2]
        lines += [", ".join(row[i] for row in grid if i < len(row)) for i in range(max(map(len, grid)))]
    return flat(text) + ("\n" + "\n".join(lines) if lines else "")


TABLE = re.compile(r"<table\b[^>]*>(.*?)</table>", re.DOTALL | re.IGNORECASE)
ROW = re.compile(r"<tr\b[^>]*>(.*?)</tr>", re.DOTALL | re.IGNORECASE)
CELL = re.compile(r"<t[dh]\b[^>]*>(.*?)</t[dh]>", re.DOTALL | re.IGNORECASE)
TAG = re.compile(r"<[^>]*>")


def _cell(inner: str) -> str:
    return html.unescape(TAG.sub("", inner)).strip()


@dataclass
class Table:
    root: Path
    desk: Path
    rules: str
    players: list[str]  # NAME:LOGIN:ID[:ROLE], as `new --player` takes them
    options: list[str]
    mp: Any
    capsys: Any
    public_output: list[str] = field(default_factory=list)  # what the workflows printed: anyone reads CI logs
    sent: dict[int, dict[str, bytes]] = field(default_factory=dict)  # turn -> player -> the plaintext sealed
    game_key: str = ""
    pr_number: int = 0

    # ---- the game master and the players, through the commands -------------------------------------------

    def out(self) -> str:
        text = self.capsys.readouterr()
        return text.out + text.err

    def public(self, code: int) -> int:
        """Keep what a workflow printed: it is in a public log."""
        self.public_output.append(self.out())
        return code

    def new(self) -> None:
        self.out()
        args = ["new", self.rules, GAME, *(f"--player={p}" for p in self.players)]
        assert run(self.root, *args, *(a for o in self.options for a in ("--option", o)),
                   "--schedule", SCHEDULE) == 0
        printed = self.out()  # on the game master's own terminal
        self.game_key = next(w.split("=", 1)[1] for w in printed.split() if w.startswith(f"{GAME}=AGE-SECRET-KEY-"))
        (self.root / ".secrets" / f"{GAME}.key").unlink()  # into the deadline workflow's secret, as the guide says
        for login in self.logins:
            assert cli.main(["keys", "personal", str(self.key_file(login))]) == 0
            public = next(w for w in self.out().split() if w.startswith("age1"))
            with self.game_master():
                assert run(self.root, "keys", "add", GAME, login, public) == 0
            self.out()
        git(self.root, "add", "-A")
        git(self.root, "commit", "-qm", f"{GAME}: new game", date=dt.datetime(2027, 1, 1, tzinfo=dt.UTC))

    @property
    def logins(self) -> list[str]:
        return [p.split(":")[1].lower() for p in self.players]

    def key_file(self, login: str) -> Path:
        return self.desk / f"{login}.key"

    def game_master(self):
        """A block in which this process holds the game's key, as the deadline workflow does."""
        table = self

        class _Held:
            def __enter__(self):
                table.mp.setenv(tpsecrets.key_env(GAME), table.game_key)

            def __exit__(self, *exc):
                table.mp.delenv(tpsecrets.key_env(GAME))

        return _Held()

    def game(self) -> Game:
        return load_game(self.root, GAME)

    def full_state(self) -> dict[str, Any]:
        """The state the open turn's orders are checked against, hidden parts included (the game master's view)."""
        with self.game_master():
            game = self.game()
            return game.effective_state(game.open_turn)

    def send(self, login: str, orders: Any, turn: int, when: dt.datetime) -> None:
        """The player writes the sheet on their desk, seals it, and sends the sealed file by pull request."""
        plain = self.desk / f"{login}-{turn}.yaml"
        plain.write_text(yamlio.dump({"game": GAME, "turn": turn, "player": login, "orders": orders}),
                         encoding="utf-8")
        code = run(self.root, "seal", str(plain), "--identity", str(self.key_file(login)))
        assert code == 0, self.out()
        self.out()  # the player's receipt is on their own terminal
        self.sent.setdefault(turn, {})[login] = plain.read_bytes()
        rel = f"orders/{GAME}/{turn:04d}/{login}.yaml.age"
        base = git(self.root, "rev-parse", "HEAD").strip()
        branch = f"{login}-{turn}"
        git(self.root, "checkout", "-q", "-b", branch)
        git(self.root, "add", "--", rel)
        git(self.root, "commit", "-qm", f"orders of {login} for turn {turn}", date=when)
        head = git(self.root, "rev-parse", "HEAD").strip()
        git(self.root, "checkout", "-q", "main")
        self.pr_number += 1
        seat = next(p for p in self.players if p.split(":")[1].lower() == login)
        event = self.desk / f"event-{self.pr_number}.json"
        event.write_text(json.dumps({"pull_request": {
            "number": self.pr_number, "user": {"login": seat.split(":")[1], "id": int(seat.split(":")[2])},
            "base": {"sha": base}, "head": {"sha": head}, "title": f"orders of {login}"}}))
        summary = self.desk / "summary.md"
        summary.write_text("")
        self.mp.setenv("GITHUB_STEP_SUMMARY", str(summary))
        code = run(self.root, "pr-check", "--event", str(event), "--format", "github")
        self.mp.delenv("GITHUB_STEP_SUMMARY")
        self.public(code)
        self.public_output.append(summary.read_text())
        assert code == 0, self.public_output[-2:]
        # in the game's language (issue 23): German for Auf Achse and the Thirty Years' War
        assert "The content is checked at the deadline" in self.public_output[-1] or \
            "Der Inhalt wird am Abgabeschluss geprüft" in self.public_output[-1]
        git(self.root, "merge", "-q", "--ff-only", branch)

    def play(self, bot: Bot, turns: int) -> None:
        """``turns`` turns: every awaited player (and any other the bot has orders for) sends sealed orders an
        hour before the deadline; the deadline run adjudicates with the game's key."""
        for _ in range(turns):
            self.play_turn(bot)

    def play_to_end(self, bot: Bot, most: int) -> int:
        """Turns until the game is over (at most ``most``); the last turn."""
        for _ in range(most):
            self.play_turn(bot)
            game = self.game()
            if game.ruleset.phase(game.state(game.last_turn)).finished:
                return game.last_turn
        raise AssertionError(f"the game is not over after {most} turns")

    def play_turn(self, bot: Bot) -> None:
        """One turn: the bot's orders sealed and sent by pull request, then the deadline run."""
        game = self.game()
        turn, deadline = game.open_turn, game.deadline(game.open_turn)
        assert deadline is not None
        state = self.full_state()
        for login in self.logins:
            orders = bot(state, login, turn)
            if orders is not None:
                self.send(login, orders, turn, deadline - dt.timedelta(hours=1))
        self.public(run(self.root, "status", GAME, "--now", (deadline - dt.timedelta(minutes=30)).isoformat()))
        now = (deadline + dt.timedelta(minutes=61)).isoformat()
        os.environ["GIT_AUTHOR_DATE"] = os.environ["GIT_COMMITTER_DATE"] = now
        try:
            with self.game_master():
                assert self.public(run(self.root, "adjudicate", GAME, "--due", "--now", now, "--commit")) == 0, \
                    self.public_output[-1]
        finally:
            del os.environ["GIT_AUTHOR_DATE"], os.environ["GIT_COMMITTER_DATE"]
        assert self.game().last_turn == turn, self.public_output[-1]
        taken = self.game().report(turn)["orders"]["taken"]
        assert sorted(taken) == sorted(self.sent.get(turn, {})), "every sealed file was opened and taken"

    def build_site(self, out: Path) -> Path:
        """The pages workflow: the site built without any key."""
        assert self.public(cli.main(["site", "build", "--league", str(self.root), "--out", str(out)])) == 0
        return out

    # ---- what the rules keep hidden (the game master's view) ---------------------------------------------

    def secrets(self) -> list[Secret]:
        """Every hidden value of the game so far and when it may first be public, with the keys."""
        with self.game_master():
            game = self.game()
            declared = secrecymod.of(game.ruleset, game.config.get("options", {}))
            ended = game.ruleset.phase(game.state(game.last_turn)).finished
            found = [Secret("the game's secret key", [self.game_key]),
                     Secret("the public dice chain's secret", [_hex(tpsecrets.sealed_dice_secret(self.root, GAME))])]
            found += [Secret(f"{login}'s secret key", [line for line in self.key_file(login).read_text().split()
                                                       if line.startswith("AGE-SECRET-KEY-")])
                      for login in self.logins]
            secret = hidden.secret_of(game, game.game_identities())
            if secret is not None:
                found.append(Secret("the hidden dice chain's secret", [secret.hex()]))
                links = hidden.links(game, game.game_identities()) or {}
                found += [Secret(f"the hidden link of turn {t}", [link.hex()], None if not ended else game.last_turn)
                          for t, link in links.items()]
            end = game.last_turn if ended else None
            for turn in game.turns():
                state = game.state(turn)
                for key in HIDDEN_KEYS:
                    if state.get(key):
                        found += [Secret(f"hidden '{key}' after turn {turn}: {what}", forms, end)
                                  for what, forms in _forms(state[key], key)]
            for turn, files in self.sent.items():
                for login, raw in files.items():
                    orders = yamlio.load_trusted(raw)["orders"]
                    public, sealed = secrecymod.split_orders(declared, orders)
                    # Before the deadline nobody sees them in any form; after it, the rules publish them (their
                    # public part). Parts of them are no evidence: a repeated offer is last year's public one too.
                    whole = [raw.decode(), *[j for j in [json.dumps(orders)] if len(j) >= 40]]
                    found.append(Secret(f"{login}'s sealed orders of turn {turn}", whole, turn))
                    if sealed is not None:
                        found += [Secret(f"{login}'s orders of turn {turn} sealed until the end: {what}", forms, end)
                                  for what, forms in _forms(sealed, "sealed", depth=1)]
                        # A sealed entry of a list of orders (a religious action) is a line of its own.
                        found += [Secret(f"{login}'s orders of turn {turn} sealed until the end: {entry}",
                                         [entry], end) for entry in sealed if isinstance(sealed, list)
                                  and isinstance(entry, str)]
            return [s for s in found if s.forms]


def _hex(value: bytes | None) -> str:
    assert value is not None, "a keyed game's dice secret is sealed to its key"
    return value.hex()


def _forms(value: Any, where: str, depth: int = 0) -> Iterable[tuple[str, list[str]]]:
    """Each part of a hidden value worth searching for, in the forms the engine and the site write it: the whole
    part as YAML and JSON, each of its entries two levels down with its own key (a player's hand, a standing
    order), and each list of several entries at any depth (a hand, a deck, a preference list) as YAML, flow,
    JSON and a comma list. A part deeper down without the keys above it is no evidence: the same production
    figures or offer may be this year's public orders too. Single numbers and words are no evidence by
    themselves either (a card's name is on the rules page); their combination in order is."""
    if isinstance(value, Mapping):
        if value and depth == 0:
            yield where, [yamlio.dump(dict(value)).strip(), json.dumps(value, sort_keys=True)]
        for k, v in value.items():
            if depth < 2 and (isinstance(v, Mapping | list) and v or isinstance(v, str) and len(v) >= 12):
                yield f"{where}.{k}", [yamlio.dump({k: v}).strip()]
            yield from _forms(v, f"{where}.{k}", depth + 1)
    elif isinstance(value, list):
        scalars = all(isinstance(v, int | str) for v in value)
        # A few small numbers in a row (a hand of Calamity cards) turn up anywhere by chance; whole parts are
        # searched for above, and a list of scalars only when it is long enough to be no coincidence.
        if (not scalars and len(value) >= 2) or (len(value) >= 4 and sum(len(str(v)) for v in value) >= 16):
            flow = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=1 << 20).strip()
            yield where, [flow, json.dumps(value), ", ".join(map(str, value)), yamlio.dump(value).strip()]
        for i, v in enumerate(value):
            if isinstance(v, Mapping | list):
                yield from _forms(v, f"{where}[{i}]", depth + 1)


class Haystack:
    """Texts searched for many needles: all of them in one UTF-8 string, each after a NUL that no needle holds,
    so one ``bytes.find`` per occurrence walks every text at C speed instead of a Python loop over the texts.
    UTF-8 is self-synchronising: a needle's bytes occur in a text's bytes exactly where the needle occurs in it."""

    def __init__(self, texts: list[str]) -> None:
        self.texts = texts
        encoded = [t.encode("utf-8", "surrogatepass") for t in texts]
        self.starts: list[int] = []
        at = 0
        for text in encoded:
            self.starts.append(at)
            at += len(text) + 1
        self.corpus = b"\0".join(encoded)

    def holding(self, needles: Iterable[str]) -> set[int]:
        """The indexes of the texts that hold any of ``needles``."""
        held: set[int] = set()
        for needle in needles:
            if "\0" in needle:  # never in a text the engine writes; searched text by text all the same
                held |= {n for n, text in enumerate(self.texts) if needle in text}
                continue
            sought = needle.encode("utf-8", "surrogatepass")
            at = self.corpus.find(sought) if self.texts else -1
            while at >= 0:
                n = bisect.bisect_right(self.starts, at) - 1
                held.add(n)
                at = self.corpus.find(sought, self.starts[n + 1]) if n + 1 < len(self.starts) else -1
        return held


@dataclass
class Outsider:
    """Every public byte of the league: per commit, every blob of its tree and its message; tags; the site; logs."""

    commits: list[str]  # oldest first, on main
    turn_done: dict[str, int]  # commit -> the last turn adjudicated in it
    blobs: dict[str, str]  # blob id -> text
    trees: dict[str, list[tuple[str, str]]]  # commit -> (path, blob id)
    messages: dict[str, str]
    site: dict[str, str]
    logs: list[str]
    tags: str
    flattened: dict[str, str] = field(default_factory=dict)
    haystack: Haystack | None = None  # for ``leaks``: the searched text of each blob of ``order``
    order: list[str] = field(default_factory=list)
    late: list[tuple[str, str]] = field(default_factory=list)  # what is public only at the end: site, logs, tags
    late_haystack: Haystack | None = None
    message_haystack: Haystack | None = None

    @classmethod
    def of(cls, table: Table, site: Path, known: Outsider | None = None) -> Outsider:
        """The outsider's bytes now. ``known``: an outsider of the same league and site read before (the planted
        leaks below add a commit to it): a blob's searched text, named by its content, and the unchanged site's
        pages are taken from it rather than made again."""
        root = table.root
        commits = git(root, "rev-list", "--reverse", "--all").split()
        trees, blobs, done = _trees(root, commits), {}, {}
        for commit in commits:
            turns = [int(p.split("/")[3]) for p, _ in trees[commit]
                     if p.startswith(f"games/{GAME}/turns/") and p.endswith("/report.yaml")]
            done[commit] = max(turns, default=-1)
        wanted = sorted({b for rows in trees.values() for _, b in rows} - set(known.blobs if known else ()))
        batch = subprocess.run(["git", "cat-file", "--batch"], cwd=root, input="\n".join(wanted).encode() + b"\n",
                               capture_output=True, check=True).stdout
        at = 0
        for blob in wanted:
            head_end = batch.index(b"\n", at)
            size = int(batch[at:head_end].split()[2])
            blobs[blob] = batch[head_end + 1:head_end + 1 + size].decode("utf-8", "replace")
            at = head_end + 1 + size + 1
        # every message in one process: each as ``git log -1 --format=%B`` gives it
        logged = git(root, "log", "--no-walk=unsorted", "--format=%x00%H%n%B", *commits).split("\0")[1:]
        messages = {c: flat(body) for c, _, body in (entry.partition("\n") for entry in logged)}
        assert list(messages) == commits
        tags = flat(git(root, "for-each-ref", "--format=%(refname) %(contents)", "refs/tags"))
        pages = dict(known.site) if known else {}
        for dirpath, _, names in os.walk(site) if known is None else ():
            for name in names:
                path = Path(dirpath) / name
                pages[path.relative_to(site).as_posix()] = searched(path.read_bytes().decode("utf-8", "replace"))
        if known:
            blobs.update({b: known.blobs[b] for rows in trees.values() for _, b in rows if b in known.blobs})
        return cls(commits, done, blobs, trees, messages, pages, [searched(t) for t in table.public_output], tags,
                   flattened=dict(known.flattened) if known else {})

    def leaks(self, secrets: list[Secret]) -> list[str]:
        """Each hidden value found where it may not be yet: the commit or file, and what. A commit's tree shares
        most of its blobs with the commit before, so each distinct blob is searched once (a ``Haystack``) and
        each commit's files are looked up in that answer: the same findings as searching every file of every
        commit, in a fraction of the time (issue 33: this search was most of the slowest test)."""
        if self.haystack is None:
            self.order = sorted({b for rows in self.trees.values() for _, b in rows})
            self.haystack = Haystack([self.flat(b) for b in self.order])
            self.late = [("the built site: " + p, t) for p, t in self.site.items()] + \
                [("a workflow log", t) for t in self.logs] + [("tags", self.tags)]
            self.late_haystack = Haystack([t for _, t in self.late])
            self.message_haystack = Haystack([self.messages[c] for c in self.commits])
        found = []
        for s in secrets:
            held = {self.order[n] for n in self.haystack.holding(s.forms)}
            said = {self.commits[n] for n in self.message_haystack.holding(s.forms)}
            for commit in self.commits:
                if s.public_from is not None and self.turn_done[commit] >= s.public_from:
                    continue
                where = [p for p, b in self.trees[commit] if b in held] if held else []
                where += ["message"] if commit in said else []
                if where:
                    found.append(f"{s.what}: in commit {commit[:10]} ({', '.join(where[:3])})")
                    break
            if s.public_from is None:
                found += [f"{s.what}: in {self.late[n][0]}" for n in sorted(self.late_haystack.holding(s.forms))]
        return found

    def flat(self, blob: str) -> str:
        if blob not in self.flattened:
            self.flattened[blob] = searched(self.blobs[blob])
        return self.flattened[blob]

    def files(self, commit: str, prefix: str) -> dict[str, str]:
        return {p: self.blobs[b] for p, b in self.trees[commit] if p.startswith(prefix)}

    @property
    def head(self) -> str:
        return self.commits[-1]


def _trees(root: Path, commits: list[str]) -> dict[str, list[tuple[str, str]]]:
    """Each commit's files as ``git ls-tree -r`` lists its blobs, in its order: (path, blob id). The trees are read
    in one ``git cat-file --batch`` a level of folders, each tree once however many commits share it (issue 33: an
    ``ls-tree`` a commit, some hundred processes an outsider)."""
    raw: dict[str, bytes] = {}

    def read(names: list[str]) -> list[bytes]:
        out = subprocess.run(["git", "cat-file", "--batch"], cwd=root, input="".join(f"{n}\n" for n in names).encode(),
                             capture_output=True, check=True).stdout
        found, at = [], 0
        for _ in names:
            end = out.index(b"\n", at)
            kind, size = out[at:end].split()[1:3]
            assert kind == b"tree", out[at:end]
            found.append(out[end + 1:end + 1 + int(size)])
            at = end + 1 + int(size) + 1
        return found

    def entries(tree: bytes) -> list[tuple[bytes, str, str]]:
        """(mode, name, object id) of each entry of a tree object, in its order."""
        out, at = [], 0
        while at < len(tree):
            space, nul = tree.index(b" ", at), tree.index(b"\0", at)
            out.append((tree[at:space], tree[space + 1:nul].decode("utf-8"), tree[nul + 1:nul + 21].hex()))
            at = nul + 21
        return out

    roots = read([f"{c}^{{tree}}" for c in commits])
    wanted = [e[2] for tree in roots for e in entries(tree) if e[0] == b"40000"]
    while wanted:
        todo = sorted(set(wanted) - set(raw))
        raw.update(zip(todo, read(todo), strict=True))
        wanted = [e[2] for sha in todo for e in entries(raw[sha]) if e[0] == b"40000"]

    def listed(tree: bytes, prefix: str) -> list[tuple[str, str]]:
        rows = []
        for mode, name, sha in entries(tree):
            if mode == b"40000":
                rows += listed(raw[sha], f"{prefix}{name}/")
            elif mode != b"160000":  # a submodule's commit is no blob
                rows.append((f"{prefix}{name}", sha))
        return rows

    return {c: listed(tree, "") for c, tree in zip(commits, roots, strict=True)}


def setup_again(game: Game, links: Iterable[bytes | None]) -> list[dict[str, Any]]:
    """The set-up drawn again by an outsider from public values only: the commitment, the set-up's orders digest,
    and each public link in place of the hidden one (``None``: the public dice alone)."""
    digest = bytes.fromhex(game.report(0)["dice"]["orders_digest"])
    options = {k: v for k, v in game.config.get("options", {}).items() if k not in ENGINE_OPTIONS}
    return [game.ruleset.setup(options, game.players,
                               Dice.for_turn(game.commitment(), digest, link)) for link in links]


def public_links(game: Game) -> list[bytes | None]:
    """Every value of the dice that the public holds: none, the commitment, each turn's revealed seed and digest."""
    out: list[bytes | None] = [None, game.commitment()]
    for turn in game.turns():
        dice = game.report(turn)["dice"]
        out += [bytes.fromhex(dice["seed"]), bytes.fromhex(dice["orders_digest"])]
    return out


def attack(table: Table, site: Path) -> tuple[Outsider, list[Secret]]:
    """Every check an outsider can make of a game in progress: the site built without a key, each hidden value
    searched for in every public byte, the published orders read for sealed fields, and ``verify`` run by anyone
    (public checks) and by the game master (every turn replayed with the key). Then the search is shown to find
    a leak: the set-up's hidden parts committed in plain text, as games made before issue 15 did."""
    outsider = Outsider.of(table, table.build_site(site))
    secrets = table.secrets()
    assert len(secrets) > 3 + len(table.logins), "the game has hidden values to look for"
    leaks = outsider.leaks(secrets)
    assert not leaks, "\n".join(leaks)
    game = table.game()
    declared = secrecymod.of(game.ruleset, game.config.get("options", {}))
    end = game.last_turn if game.ruleset.phase(game.state(game.last_turn)).finished else None
    # Each commit's tree holds the files of the commits before it: a file's text is read once, however many
    # commits hold it (issue 33: every turn's files read again in every later commit).
    hidden_in: dict[str, set[str]] = {}
    sealed_in: dict[str, Any] = {}
    for commit in outsider.commits:
        if end is not None and outsider.turn_done[commit] >= end:
            continue  # the last turn publishes the full orders
        for path, text in outsider.files(commit, f"games/{GAME}/turns/").items():
            if path.endswith(("/state.yaml", "/report.yaml")):  # the public files of a turn hold no hidden part
                if text not in hidden_in:
                    hidden_in[text] = set(HIDDEN_KEYS) & set(yamlio.load_trusted(text))
                assert not hidden_in[text], (commit, path)
            else:
                assert path.endswith(".yaml.age"), (commit, path)
        for path, text in outsider.files(commit, f"orders/{GAME}/").items():
            if path.endswith(".yaml"):
                if text not in sealed_in:
                    sealed_in[text] = secrecymod.split_orders(declared, yamlio.load_trusted(text).get("orders"))[1]
                assert sealed_in[text] is None, (commit, path)
    if end is None and declared.sealed_by_default and secrecymod.rewrites_orders(declared):
        no_guess_confirmed(table, outsider)
    assert table.public(run(table.root, "verify", GAME)) == 0, table.public_output[-1]
    with table.game_master():
        assert run(table.root, "verify", GAME) == 0
    done = table.out()
    said = {"en": f"{GAME}: {game.last_turn} {'turn' if game.last_turn == 1 else 'turns'} replayed, all match "
                  "(checked: with the game's key)",
            "de": f"{GAME}: {game.last_turn} {'Zug' if game.last_turn == 1 else 'Züge'} nachgespielt, alles stimmt "
                  "überein (geprüft: mit dem Schlüssel der Partie)"}  # verify speaks the game's language
    assert said[check.language(game)] in done, done
    _planted_leak_is_found(table, site, secrets, outsider)
    return outsider, secrets


def _able(secrets: list[Secret], *texts: str, what: str = "") -> list[Secret]:
    """The secrets (with ``what`` in their name) that have a form in each of ``texts``, never public: the only ones
    whose finding can name every file planted with those texts. The planted leaks' assertions read only such
    findings, and ``leaks`` judges each secret by itself, so searching for these alone gives those findings
    exactly (issue 33: the two planted searches looked for every secret again, most of an adversary test)."""
    return [Secret(s.what, s.forms) for s in secrets if what in s.what
            and all(any(f in searched(t) for f in s.forms) for t in texts)]


def _planted_leak_is_found(table: Table, site: Path, secrets: list[Secret], known: Outsider) -> None:
    with table.game_master():
        state = table.game().state(0)
    plain = {k: state[k] for k in HIDDEN_KEYS if state.get(k)}
    if not plain:
        return
    rel = f"games/{GAME}/turns/0000/hidden.yaml"
    (table.root / rel).write_text(yamlio.dump(plain), encoding="utf-8")
    git(table.root, "add", "--", rel)
    git(table.root, "commit", "-qm", "the set-up's hidden parts in plain text")
    try:
        # Committed now, the set-up's hidden parts are a leak even of a game that has ended since.
        able = _able(secrets, yamlio.dump(plain), what=" after turn 0: ")
        found = Outsider.of(table, site, known).leaks(able)
        assert any("after turn 0" in f and "hidden.yaml" in f for f in found), "the search finds a planted leak"
    finally:
        git(table.root, "reset", "-q", "--hard", "HEAD~1")
    _planted_table_is_found(table, site, secrets, plain, known)


def _planted_table_is_found(table: Table, site: Path, secrets: list[Secret], plain: Mapping[str, Any],
                            known: Outsider) -> None:
    """A hidden list written one value a cell, as a page's HTML table (down a column) and as a Markdown table
    (along a row), is found in both files."""
    values = _a_hidden_list(plain)
    if values is None:
        return
    html_page = "<table>\n<tr><th>Karte</th></tr>\n" + "".join(
        f"<tr><td>{html.escape(str(v))}</td></tr>\n" for v in values) + "</table>\n"
    markdown = "| Runde | " + " | ".join(str(v) for v in values) + " |\n|---|" + "---|" * len(values) + "\n"
    for rel, text in (("site/leak-table.html", html_page), ("site/leak-table.md", markdown)):
        (table.root / rel).parent.mkdir(parents=True, exist_ok=True)
        (table.root / rel).write_text(text, encoding="utf-8")
    git(table.root, "add", "--", "site/leak-table.html", "site/leak-table.md")
    git(table.root, "commit", "-qm", "a table of the set-up")
    try:
        found = Outsider.of(table, site, known).leaks(_able(secrets, html_page, markdown))
        assert any("site/leak-table.html" in f and "site/leak-table.md" in f for f in found), \
            f"the search finds a hidden list planted as table cells: {values}"
    finally:
        git(table.root, "reset", "-q", "--hard", "HEAD~1")


def _a_hidden_list(value: Any) -> list[Any] | None:
    """The first list of scalars in a hidden value that the search looks for by itself (see ``_forms``)."""
    if isinstance(value, Mapping):
        return next((found for v in value.values() if (found := _a_hidden_list(v)) is not None), None)
    if isinstance(value, list):
        if value and all(isinstance(v, int | str) for v in value):
            return value if len(value) >= 4 and sum(len(str(v)) for v in value) >= 16 else None
        return next((found for v in value if (found := _a_hidden_list(v)) is not None), None)
    return None


DEMO = Path(__file__).resolve().parents[2] / "demo"


def demo_game(name: str) -> tuple[list[str], list[str]]:
    """The players and options of a demo game (``demo/<name>/game.yaml``), as ``new`` takes them."""
    spec = yamlio.read_data(DEMO / name / "game.yaml")
    return list(spec["players"]), [f"{k}={v}" for k, v in (spec.get("options") or {}).items()]


def demo_bot(name: str) -> Bot:
    """Players who send what the demo game's players sent (``demo/<name>/<NNNN>/<login>.yaml``), for a ruleset
    whose orders do not depend on a hidden draw (the demo's dice differ from this game's)."""
    def bot(state: Mapping[str, Any], login: str, turn: int) -> Any:
        path = DEMO / name / f"{turn:04d}" / f"{login}.yaml"
        return yamlio.read_data(path)["orders"] if path.is_file() else None
    return bot


# ---- issue 28: the published digest is no test of a guessed sealed field ------------------------------------

HEX = re.compile(r"(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])")
NUMBER = re.compile(r"\d+")


@dataclass
class Guess:
    """One field sealed until the end, which an outsider who knows everything else of the turn's orders guesses."""

    turn: int
    login: str
    where: str  # the field's place in the orders, for the failure message
    truth: Any
    candidates: dict[Any, bytes]  # each value tried -> the plaintext the player would have sealed with it


def sealed_guesses(table: Table, most: int = 6) -> list[Guess]:
    """Up to ``most`` fields sealed until the end, from the orders the players sent, each with the values an
    outsider tries: every number from 0 to 200 for a number (a reservation price, a row; a number inside a line,
    the points of a religious action), every other word the players used for a word (an initiative's name). The
    guessed plaintext is the sheet the player wrote with that one value changed, written as they wrote it."""
    with table.game_master():
        game = table.game()
        declared = secrecymod.of(game.ruleset, game.config.get("options", {}))
    words = sorted({v for files in table.sent.values() for raw in files.values()
                    for _, v in _leaves(yamlio.load_trusted(raw)["orders"]) if isinstance(v, str)})
    out = []
    for turn in sorted(table.sent):
        for login, raw in sorted(table.sent[turn].items()):
            data = yamlio.load_trusted(raw)
            sealed = secrecymod.split_orders(declared, data["orders"])[1]
            if sealed is None:
                continue
            for path, value in _leaves(sealed):
                if len(out) >= most:
                    return out
                tried = _tried(value, words)
                if len(tried) < 2:  # a word nobody else used: nothing to choose between
                    continue
                candidates = {}
                for guess in tried:
                    changed = _replaced(data, ["orders", *_full_path(data["orders"], sealed, path)], guess)
                    candidates[guess] = yamlio.dump(changed).encode()
                assert candidates[value] == raw, "the outsider's sheet is the player's, byte for byte"
                out.append(Guess(turn, login, "/".join(map(str, path)), value, candidates))
    return out


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterable[tuple[tuple[Any, ...], Any]]:
    if isinstance(value, Mapping):
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, i))
    elif isinstance(value, int | str) and not isinstance(value, bool):
        yield path, value


def _full_path(orders: Any, sealed: Any, path: tuple[Any, ...]) -> list[Any]:
    """A sealed part's path as a path in the whole orders: a list's sealed entries are picked out of the list."""
    if isinstance(sealed, list) and isinstance(orders, list):
        at = [i for i, e in enumerate(orders) if any(e is s for s in sealed)]
        return [at[path[0]], *path[1:]]
    return list(path)


def _tried(value: Any, words: list[str]) -> list[Any]:
    if isinstance(value, int):
        return sorted({*range(201), value})
    numbers = list(NUMBER.finditer(value))
    if numbers:  # a line with a number in it: the number is what is guessed
        last = numbers[-1]
        return sorted({value, *(value[:last.start()] + str(n) + value[last.end():] for n in range(201))})
    return sorted({value, *words})


def _replaced(data: Any, path: list[Any], value: Any) -> Any:
    if not path:
        return value
    if isinstance(data, list):
        return [_replaced(v, path[1:], value) if i == path[0] else v for i, v in enumerate(data)]
    return {k: _replaced(v, path[1:], value) if k == path[0] else v for k, v in data.items()}


def public_hashes(outsider: Outsider) -> set[str]:
    """Every SHA-256 written in hex anywhere public: blobs of every commit, messages, tags, the site, the logs."""
    texts = [*outsider.blobs.values(), *outsider.messages.values(), outsider.tags, *outsider.site.values(),
             *outsider.logs]
    return {h for text in texts for h in HEX.findall(text)}


def confirmed(table: Table, guess: Guess, hashes: set[str]) -> list[Any]:
    """The values of ``guess`` that a hash in public bytes confirms. The outsider holds every other plaintext of
    the turn and computes what a guessed sheet would hash to in every way the engine hashes orders: the turn's
    digest over the plaintexts (turns before issue 28), the same over the public parts beside it, and each file's
    own SHA-256."""
    others = {k: v for k, v in table.sent[guess.turn].items() if k != guess.login}
    found = []
    for value, plain in guess.candidates.items():
        tries = [orders_digest({**others, guess.login: plain}), hashlib.sha256(plain).digest()]
        if any(t.hex() in hashes for t in tries):
            found.append(value)
    return found


def no_guess_confirmed(table: Table, outsider: Outsider) -> None:
    """Issue 28: an outsider holding every public byte, who knows every plaintext of a turn but one field sealed
    until the end, confirms no value of the field. Had the turn published the digest of the plaintexts (as turns
    before issue 28 did), the same test would have picked the true value out of the candidates; what the turn
    published instead, the digest of the sealed files as submitted, the outsider computes from public bytes alone."""
    declared = secrecymod.of(table.game().ruleset, table.game().config.get("options", {}))
    guesses = sealed_guesses(table)
    if declared.sealed_fields or declared.sealed_entry:
        assert guesses, "the players sealed a field until the end"
    hashes = public_hashes(outsider)
    for guess in guesses:
        assert confirmed(table, guess, hashes) == [], f"{guess.login}'s {guess.where} of turn {guess.turn}"
        old = orders_digest(table.sent[guess.turn]).hex()  # the digest a turn before issue 28 published
        assert confirmed(table, guess, hashes | {old}) == [guess.truth], "the old digest confirms the truth"
    game = table.game()
    for turn in sorted(table.sent):  # what was published: a function of the envelopes in git, nothing else
        envelopes = {login: (table.root / f"orders/{GAME}/{turn:04d}/{login}.yaml.age").read_bytes()
                     for login in table.sent[turn]}
        dice = game.report(turn)["dice"]
        assert dice["digest"] == "envelopes"
        assert dice["orders_digest"] == orders_digest(
            {f"{login}.age": envelope for login, envelope in envelopes.items()}).hex()
