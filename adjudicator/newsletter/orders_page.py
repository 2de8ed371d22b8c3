"""The orders page: a browser is all a player needs to write, check and seal their orders.

For each game the site build writes ``site/games/<game>/orders.md`` (the page), the open turn's data
(``orders/<NNNN>.json``: the turn and its players; ``orders/<NNNN>/<player>.json``: for one player the sheet
``turnpress template`` prints, the JSON Schema of the sheet, the ruleset's form where it offers one,
``ruleset.OffersChoices``, and the rules' verdicts the page looks the sheet up in, ``verdicts``;
``orders/<NNNN>.svg``: the position, which the player clicks, and where the ruleset draws it in two
(``DrawsMapInParts``) the drawing no position changes as a site file of its own, ``drawings/<digest>.svg``, shared
by every turn and game on that map; see ``split``), ``open-turn.json`` (which turn is
open, fetched afresh so that a page kept open past a deadline says it is stale) and, for a game with sealed
parts, each player's sealed private file of the last turn (``private/<player>.yaml.age``, readable only with their
key).

Everything in the data comes from the public view of the state: the sheet of a sealed game shows no hidden
part (the page runs in public; the player's own figures are in their sealed private file). The page's script
(``assets/orders.js``) and the libraries it uses (``assets/vendor``: a JSON Schema validator, a YAML parser,
age) are static files of the site, the same for every game and turn (a browser keeps them): no server, no CDN,
nothing sent anywhere. Only the page's own script loads with it; the libraries follow once the page is usable
(the verdict waits for them, and says so), and age only when something is sealed or opened.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import html
import json
import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ..kit import catalog, drawcache, outcome, sheet, wording
from ..kit.markup import html_attr_text, plain, without_bidi
from ..kit.ruleset import DrawsMap, DrawsMapInParts, OffersChoices, Ruleset
from ..league.store import Game, orders_relpath
from ..model import Player, State
from ..sealed import storage
from . import verdicts

GAMES_DIR = "site/games"
SCRIPTS = "site/javascripts"
VENDOR = ("age.js", "json-schema.js", "yaml.js", "LICENSES.txt")
SCRIPT_FILES = ("orders_map.js", "orders.js")  # the map's script first: orders.js calls its hook
GITHUB = re.compile(r"^https://github\.com/[A-Za-z0-9-]+/[A-Za-z0-9._-]+$")


def page_path(game_id: str) -> str:
    return f"{GAMES_DIR}/{game_id}/orders.md"


def data_path(game_id: str, turn: int) -> str:
    return f"{GAMES_DIR}/{game_id}/orders/{turn:04d}.json"


def player_path(game_id: str, turn: int, player: str) -> str:
    """One player's part of the turn's data, fetched when they pick their name (``player_data``)."""
    return f"{GAMES_DIR}/{game_id}/orders/{turn:04d}/{player}.json"


def exact_path(game_id: str, turn: int, player: str) -> str:
    """The rest of a player's verdicts (``verdicts.refusals``), fetched after their part, with the checker."""
    return f"{GAMES_DIR}/{game_id}/orders/{turn:04d}/exact/{player}.json"


def map_path(game_id: str, turn: int) -> str:
    """The position drawn for the page (``board``), fetched beside the form, never before the page is usable."""
    return f"{GAMES_DIR}/{game_id}/orders/{turn:04d}.svg"


DRAWINGS = "site/drawings"


def base_path(digest: str) -> str:
    """The part of the page's map no position changes (``DrawsMapInParts``), named by its content: the same file
    for every turn and every game on the map, which a browser fetches once and keeps."""
    return f"{DRAWINGS}/{digest}.svg"


# What the page's list of players shows: the rest of a player's data is in their own file (``player_path``)
LISTED = ("key", "name", "login", "awaited", "takes")


def file_schema(game_id: str, turn: int, player: str, orders: dict[str, Any]) -> dict[str, Any]:
    """The JSON Schema of the whole sheet: the envelope as ``orders.read_envelope`` checks it, and the orders."""
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
            "required": ["game", "turn", "player", "orders"], "additionalProperties": False,
            "properties": {"game": {"const": game_id}, "turn": {"const": turn}, "player": {"const": player},
                           "wait": {"type": "boolean"}, "orders": orders}}


@dataclass(frozen=True)
class OpenTurn:
    """A game's open turn as its orders page shows it, read from the league once (``read_open_turn``, at the site
    build's edge): the page's data is made from these values alone (issue 31, I/O at the edges), so it needs no
    league to be made (``tests/orders_page/test_orders_data.py``). A ``sheet.SheetGame``: the sheets' heads read
    it as they read a game."""

    id: str
    title: str
    open_turn: int
    state: State  # the open turn's effective state; the page shows only its public view
    due: dt.datetime | None  # the open turn's deadline (a ruling's, the schedule's, moved for absences)
    ruleset: Ruleset  # the rules as a replay reads them: the drawing
    presented_ruleset: Ruleset  # the rules with the package's words where the pinned ones lack a text
    seats: tuple[Player, ...]
    sealed_orders: bool
    key: str | None  # the game's public key, where orders are sealed
    recipients: Mapping[str, str | None]  # the key each player registered, where orders are sealed
    pinned: Mapping[str, Any]  # the game's pinned data: part of a verdict table's key
    language: str
    repo: str | None  # ``repo_url`` in mkdocs.yml
    branch: str  # the branch GitHub's "new file" page commits to (``branch``)
    private: Mapping[str, str]  # each player's sealed private file of the last turn: site path -> text

    @property
    def players(self) -> list[Player]:
        return list(self.seats)

    def deadline(self, turn: int) -> dt.datetime | None:
        """The open turn's deadline (``sheet.SheetGame``: the sheets are of the open turn only)."""
        assert turn == self.open_turn, f"the orders page reads the open turn {self.open_turn}, not turn {turn}"
        return self.due


def read_open_turn(game: Game, root: Path) -> OpenTurn:
    """Everything the orders page of ``game`` reads of the league, read once: the open turn's effective state and
    deadline (rulings, sealed parts, schedule), the players and their keys, the game's pinned data and language,
    the repository's address (``mkdocs.yml`` as read with the game, ``Game.league``), the branch ``root``'s
    ``mkdocs.yml`` edits; each player's sealed private file."""
    turn = game.open_turn
    return OpenTurn(
        game.id, game.title, turn, game.effective_state(turn), game.deadline(turn), game.ruleset,
        game.presented_ruleset, tuple(game.players), game.sealed_orders,
        game.settings.key if game.sealed_orders else None,
        {p.key: game.recipient_of(p.key) for p in game.players} if game.sealed_orders else {},
        dict(game.settings.pinned or {}), game.language, game.league.repo, game.league.branch, private_files(game))


def player_data(game: OpenTurn, player: str) -> dict[str, Any]:
    """What the page offers ``player``: the sheet (from the public view only), its schema and the form."""
    rs, turn, state = game.presented_ruleset, game.open_turn, game.state
    public = rs.public_view(state)
    entry = next(p for p in game.seats if p.key == player)
    phase = rs.phase(state)
    body = sheet.body(rs, sheet.sheet_state(public, player, sealed=False), player)
    data: dict[str, Any] = {
        "key": player, "name": plain(entry.name), "login": entry.login, "awaited": player in phase.awaited,
        "takes": phase.takes(player), "path": orders_relpath(game.id, turn, player),
        "head": sheet.head(game, turn, player, state, game.language), "body": body,
        "schema": file_schema(game.id, turn, player, rs.order_schema(public, player)),
        "form": rs.choices(public, player) if isinstance(rs, OffersChoices) and phase.takes(player) else None,
        "recipient": game.recipients.get(player) if game.sealed_orders else None,
    }
    # The rules' verdicts the page looks a sheet up in (the rules' own check, run here on the public view)
    data["verdict"] = verdict_table(game, public, player, data["form"])
    # the rules' refusals of the lines of the player's units the lists do not offer: the part fetched last
    data["exact"] = exact_table(game, public, player, data["form"], data["verdict"])
    return data


def verdict_table(game: OpenTurn, public: State, player: str, form: dict[str, Any] | None
                  ) -> dict[str, Any] | None:
    """``verdicts.line_table``, kept by content (``drawcache.keep``: the rules, their pinned data, the public
    view, the player and the form): a turn's tables are computed by the first site build that needs them, not by
    every build (demo Diplomacy: 3.4 s, demo 30JK: 9.1 s of each)."""
    rs = game.presented_ruleset
    inputs = (rs.name, dict(game.pinned), public, player, form)
    text = drawcache.keep("verdict table", verdicts.line_table, inputs,
                          lambda: json.dumps(verdicts.line_table(rs, public, player, form), sort_keys=True),
                          suffix=".json")
    return json.loads(text)  # type: ignore[no-any-return]


def exact_table(game: OpenTurn, public: State, player: str, form: dict[str, Any] | None,
                table: dict[str, Any] | None) -> dict[str, Any] | None:
    """``verdicts.refusals``, kept by content as ``verdict_table`` (0.2-0.5 s a player of a standard or 30JK
    movement turn: a few hundred lines judged)."""
    rs = game.presented_ruleset
    inputs = (rs.name, dict(game.pinned), public, player, form)
    text = drawcache.keep("verdict refusals", verdicts.refusals, inputs,
                          lambda: json.dumps(verdicts.refusals(rs, public, player, form, table), sort_keys=True),
                          suffix=".json")
    return json.loads(text)  # type: ignore[no-any-return]


def with_spellings(game: OpenTurn, players: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The players' data with the other spellings of a line's words the rules read alike (``verdicts.spellings``,
    the same for every player of a turn, computed once and kept by content) in each one's "exact" part: the page
    folds a line by them before it looks the line up."""
    rs = game.presented_ruleset
    public = rs.public_view(game.state)
    first = next((p for p in players if p.get("verdict") and verdicts.orders_units(p.get("form"))), None)
    if first is None:
        return players
    inputs = (rs.name, dict(game.pinned), public, first["key"], first["form"])
    text = drawcache.keep("verdict spellings", verdicts.spellings, inputs, lambda: json.dumps(
        verdicts.spellings(rs, public, first["key"], first["form"]), sort_keys=True), suffix=".json")
    folds = json.loads(text)
    for p in players:
        if folds and p.get("verdict"):
            p["exact"] = {**(p.get("exact") or {}), "spellings": folds}
    return players


def turn_data(game: OpenTurn) -> dict[str, Any]:
    """The open turn's data for the page (``orders/<NNNN>.json``), made from what ``read_open_turn`` read: pure."""
    turn, state, repo, deadline = game.open_turn, game.state, game.repo, game.due
    phase = outcome.phase(game.presented_ruleset, state)
    drawn, base = (None, None) if phase.finished else board(game.ruleset, state)
    public, first = game.presented_ruleset.public_view(state), game.seats[0].key if game.seats else ""
    forms = {} if phase.finished or not first else verdicts.entry_forms(game.presented_ruleset, public, first)
    return {
        "game": game.id, "title": plain(game.title), "turn": turn, "label": plain(phase.label),
        "finished": phase.finished, "deadline": deadline.isoformat(timespec="minutes") if deadline else None,
        "sealed": game.sealed_orders, "game_key": game.key,
        "repo": repo if repo and GITHUB.match(repo) else None, "branch": game.branch,
        "players": [] if phase.finished else with_spellings(game, [player_data(game, p.key) for p in game.seats]),
        "private": bool(game.private),
        "map": drawn, "map_base": base,
        "limits": verdicts.limits(),
        # the lines structured entries stand for, as the rules read them (the page judges a mapping as its line),
        # and those the rules quote as the line itself where its texts are plain
        "entry_forms": forms,
        "entry_written": verdicts.entry_written(game.presented_ruleset, public, first, forms) if forms else [],
    }


def board(rs: Ruleset, state: State) -> tuple[str | None, str | None]:
    """The position as the ruleset draws it, from the public view, for ``assets/orders_map.js``: the player
    picks orders by clicking it and sees them as arrows (the drawing names each shape's ``data-region``); as the
    turn's part and the base where the ruleset draws it in two (``DrawsMapInParts``), else whole and no base."""
    public = rs.public_view(state)
    parts = rs.map_parts(public) if isinstance(rs, DrawsMapInParts) else None
    if parts is not None:
        base, turn = parts
        return turn, base
    return (rs.map(public) if isinstance(rs, DrawsMap) else None), None


def private_files(game: Game) -> dict[str, str]:
    """Each player's sealed private file of the last turn, published for the page to open with their key."""
    last = game.last_turn
    folder = game.turn_folder(last) / storage.PRIVATE_DIR
    out = {}
    for path in sorted(folder.glob("*.yaml.age")) if folder.is_dir() else []:
        out[f"{GAMES_DIR}/{game.id}/private/{path.name}"] = path.read_text(encoding="ascii", errors="replace")
    return out


def page_words(language: str) -> dict[str, str]:
    """The page's words in ``language`` (the catalog ``kit/catalog/orders_page.yaml``), English where it has none.

    >>> page_words("de")["who"], page_words("xx")["who"]
    ('Wer sind Sie?', 'Who are you?')
    """
    table = catalog.ORDERS_PAGE.table()
    return {**table["en"], **table.get(language.split("-")[0].split("_")[0], {})}


def plural_one(language: str) -> list[int]:
    """The counts the page's script may meet (0 to 999: lines, errors, warnings of one file) that ``language``'s
    plural rule calls "one" (``wording.plural_form``): the script writes ``{count|one|other}`` by this list, so the
    rule is Python's, not a copy in JavaScript.

    >>> plural_one("de"), plural_one("en")
    ([1], [1])
    """
    return [n for n in range(1000) if wording.plural_form(language, n) == "one"]


def page(data: dict[str, Any], language: str = "en", index: str | None = None) -> str:
    """The page itself: a form the script fills in; without a script it says how to do it on the command line.
    Its words, and the script's, are the game's language's (``page_words``). ``index``: the turn's list of
    players (``split``'s ``data_path`` file), carried by the page itself (issue 30, "usable within 3 s" on a phone:
    fetched, it came only after the theme's script had run, a second and more on a slow phone; carried, the list
    is shown the moment the page's script runs)."""
    w = page_words(language)
    title = w["title"].format(game=data["title"])
    turn, gid = data["turn"], data["game"]
    front = ["---", f"title: {json.dumps(html_attr_text(title), ensure_ascii=False)}", f"tp_game: {gid}",
             f"tp_game_title: {json.dumps(html_attr_text(data['title']), ensure_ascii=False)}", "---", ""]
    if not data["finished"]:  # its style and scripts: main.html loads them (pages.MAIN_TEMPLATE)
        front.insert(-2, "tp_orders: true")
    lines = [*front, f"# {escape_md(title)}", ""]
    back = f"[{escape_md(w['back'])}](index.md)"
    if data["finished"]:
        return "\n".join([*lines, escape_md(w["over"]), "", back, ""])
    lines += [fill_md(w["lead"], turn=str(turn), label=escape_md(data["label"])), ""]
    attrs = (f'data-game="{gid}" data-turn="{turn:04d}" data-words="{html.escape(json.dumps(w, ensure_ascii=False))}"'
             f' data-plural-one="{json.dumps(plural_one(language.split("-")[0].split("_")[0]))}"')
    if index:
        attrs += f' data-index="{html.escape(index.strip())}"'
    command = f"<code>turnpress template {gid} YOUR-LOGIN</code>"
    lines += [f'<div id="tp-orders" class="tp-orders" {attrs}>',
              f"<noscript><p>{html.escape(w['noscript']).format(command=command)}</p></noscript>",
              f'<p id="tp-loading">{html.escape(w["loading"])}</p>',
              "</div>", "",
              back + " · " + fill_md(w["command_line"], template=f"`turnpress template {gid} YOUR-LOGIN`",
                                     validate="`turnpress validate FILE`"), ""]
    return "\n".join(lines)


def fill_md(text: str, **values: str) -> str:
    """``text`` (the page's words) as inert Markdown with its ``{name}`` places filled with ``values`` (Markdown).

    >>> print(fill_md("Zug {turn} (*{label}*)", turn="3", label="`Runde 2`"))
    Zug 3 \\(\\*`Runde 2`\\*\\)
    """
    parts = re.split(r"(\{[a-z_]+\})", text)
    return "".join(values.get(p[1:-1], p) if i % 2 else escape_md(p) for i, p in enumerate(parts))


def escape_md(text: str) -> str:
    """Text as inert Markdown and HTML (a title or label may hold anything the game master typed)."""
    out = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return re.sub(r"([\\`*_{}\[\]()#+!|])", r"\\\1", out)


def assets() -> dict[str, str]:
    """The page's script, style and vendored libraries, as files of the site."""
    files = resources.files(__package__).joinpath("assets")
    out = {f"{SCRIPTS}/{name}": files.joinpath(name).read_text(encoding="utf-8")
           for name in (*SCRIPT_FILES, "orders.css")}
    for name in VENDOR:
        out[f"{SCRIPTS}/vendor/{name}"] = files.joinpath("vendor", name).read_text(encoding="utf-8")
    return out


def game_files(game: OpenTurn) -> dict[str, str]:
    """Every file of ``game``'s orders page (see the module's docstring), made from what ``read_open_turn`` read."""
    data = without_bidi(turn_data(game))  # names and labels the page shows: no bidi control turns them round
    data["schema_words"] = verdicts.schema_words(game.language, [p["schema"] for p in data["players"]])
    files = {f"{GAMES_DIR}/{game.id}/open-turn.json": json.dumps(
        {"game": game.id, "turn": data["turn"], "finished": data["finished"]}) + "\n"}
    if not data["finished"]:
        files.update(split(game.id, data))
        files.update(game.private)
    index = files.get(data_path(game.id, data["turn"]))
    files[page_path(game.id)] = page(data, game.language, index)
    return files


def split(game_id: str, data: dict[str, Any]) -> dict[str, str]:
    """The turn's data as the page fetches it (issue 30, "Light on a phone": only what the open turn needs, each
    part when it is needed): the turn with the list of players (``data_path``: the page carries it, ``page``, and
    the file is read where it does not), each player's sheet, schema, form and verdicts (``player_path``: one
    player's, not everyone's) and the drawing of the position (``map_path``: a file of its own, read beside the
    form, and where it comes in two the base, ``base_path``, a file of the whole site named by its content); the
    rules' refusals of lines the lists do not offer (``exact_path``: the largest part of a player's verdicts, 4-8
    kB compressed, not needed for the form) follow the player's part, with the checker."""
    turn = data["turn"]
    parts = {p["key"]: _json({k: v for k, v in p.items() if k != "exact"}) for p in data["players"]}
    exact = {p["key"]: _json(p["exact"]) for p in data["players"] if p.get("exact")}
    index = {k: v for k, v in data.items() if k not in ("players", "map", "map_base")}
    # each part named with a digest of its bytes, which the page puts in the address it fetches: a browser may
    # keep a part as long as it likes, and a rebuilt part (a ruling, a new version) is a new address
    index["players"] = [{**{k: p[k] for k in LISTED}, "part": _digest(parts[p["key"]]),
                         **({"exact": _digest(exact[p["key"]])} if p["key"] in exact else {})}
                        for p in data["players"]]
    index["map"] = _digest(data["map"]) if data["map"] else None
    files = {}
    if data.get("map_base"):
        # the base's address from the page's (``orders/``, where the turn's files are fetched relative to)
        path = base_path(_digest(data["map_base"]))
        files[path] = data["map_base"]
        index["map_base"] = posixpath.relpath(path, posixpath.dirname(page_path(game_id)) + "/orders")
    files[data_path(game_id, turn)] = _json(index)
    files.update({player_path(game_id, turn, key): text for key, text in parts.items()})
    files.update({exact_path(game_id, turn, key): text for key, text in exact.items()})
    if data["map"]:
        files[map_path(game_id, turn)] = data["map"]
    return files


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"
