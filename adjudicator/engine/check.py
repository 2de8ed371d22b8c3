"""Checking orders files before the deadline (``validate``) and trying them out (``preview``).

Both read the game at its open turn and never write anything. A sealed file (``.yaml.age``, in ``orders/`` or
where the orders page's download put it) is checked as an envelope without a key, and in full with one that opens
it (the player's own, ``TURNPRESS_IDENTITY``, or the game's); a player's own hidden figures are read with that key.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import dice, yamlio
from ..errors import LeagueError, SealError
from ..kit import orders as ordersmod
from ..kit import outcome, words
from ..kit.ruleset import Describes, WritesNewsletter
from ..league import secrets
from ..league.store import Game, find_root, load_game
from ..model import State
from ..sealed import crypto
from ..sealed.envelope import SEALED_MAX_BYTES, parse_sealed_path
from . import sealed_orders as sealedorders


class GameCache:
    """Games and their open-turn states, read once per command."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._games: dict[str, Game | LeagueError] = {}
        self._states: dict[str, State] = {}

    @functools.cached_property
    def league(self) -> words.League:
        """What the league's ``mkdocs.yml`` says (its language, said until a file names its game), read once for
        the command and handed to every game it loads."""
        return words.read_league(self.root)

    def game(self, game_id: str) -> Game:
        if game_id not in self._games:
            try:
                self._games[game_id] = load_game(self.root, game_id, self.league)
            except LeagueError as e:
                self._games[game_id] = e
        found = self._games[game_id]
        if isinstance(found, LeagueError):
            raise found
        return found

    def add(self, game: Game) -> None:
        """Use ``game`` as read already (``seal`` gives it the player's key first)."""
        self._games[game.id] = game

    def state(self, game: Game) -> State:
        if game.id not in self._states:
            self._states[game.id] = game.effective_state(game.open_turn)
        return self._states[game.id]


def check_path(games: GameCache, rel: str, path: Path,
               plaintext: bytes | None = None) -> tuple[ordersmod.Checked, Game | None]:
    """Everything about one orders file: its place, its game, player and turn, then its content (``plaintext``:
    a sealed file's, opened)."""
    where = ordersmod.parse_path(rel)

    def refuse(message: str, hint: str = "") -> tuple[ordersmod.Checked, None]:
        return ordersmod.Checked(rel, None, False, [ordersmod.file_finding(rel, message, hint)]), None

    if where is None and rel.endswith(".yaml.age"):
        return _check_sealed(games, rel, path)
    said = games.league.language  # until the file's game is known: the league's language
    if where is None:
        return refuse(ordersmod.say(said, "file.not_orders"), ordersmod.say(said, "file.not_orders.hint"))
    with contextlib.suppress(LeagueError):
        said = language(games.game(where.game))
    if plaintext is None and not path.exists() and not path.is_symlink():
        return refuse(ordersmod.say(said, "file.missing"), ordersmod.say(said, "file.missing.hint"))
    if plaintext is None and (path.is_symlink() or not path.is_file()):
        return refuse(ordersmod.say(said, "file.not_regular"), ordersmod.say(said, "file.not_regular.hint"))
    try:
        game = games.game(where.game)
    except LeagueError as e:
        return refuse(str(e), ordersmod.say(said, "pr.game_id.hint"))
    lang = language(game)
    player = game.player(where.player)
    if player is None:
        return refuse(ordersmod.say(lang, "not_playing", player=repr(where.player), game=game.id),
                      ordersmod.say(lang, "not_playing.hint"))
    if outcome.phase(game.ruleset, games.state(game)).finished:  # issue 29: no orders, seal nor sheet for it
        return refuse(ordersmod.say(lang, "game_over", game=game.id), ordersmod.say(lang, "game_over.hint"))
    open_turn = game.open_turn
    if where.turn != open_turn:
        return refuse(ordersmod.say(lang, "turn_done" if where.turn < open_turn else "turn_not_open",
                                    turn=where.turn, game=game.id, open=open_turn),
                      ordersmod.say(lang, "turn_done.hint", path=f"orders/{game.id}/{open_turn:04d}/{where.player}"
                                                                 ".yaml"))
    raw = ordersmod.read_limited(path) if plaintext is None else plaintext
    state = games.state(game)
    try:
        return ordersmod.check_file(rel, raw, where, game.ruleset, state, language(game)), game
    except (KeyError, IndexError, TypeError, AttributeError):
        if game.hidden_complete(open_turn - 1):
            raise
        return _check_without_hidden(rel, raw, where, game, state), game


def language(game: Game) -> str:
    """The language the check of ``game``'s orders speaks: its newsletter's."""
    return game.language


def _check_without_hidden(rel: str, raw: bytes, where: ordersmod.OrdersPath, game: Game,
                          state: State) -> ordersmod.Checked:
    """The envelope and the schema, when the game's rules need hidden figures this process cannot open."""
    loc, findings = ordersmod.read_envelope(rel, raw, where, language(game))
    if loc is None or any(f.severity == "error" for f in findings):
        return ordersmod.Checked(rel, None, False, findings)
    findings += ordersmod.schema_findings(rel, loc, game.ruleset.order_schema(state, where.player), language(game))
    findings = ordersmod.worded(ordersmod.capped(rel, findings, language(game)), language(game))
    if findings:
        return ordersmod.Checked(rel, None, False, findings)
    findings.append(ordersmod.Finding(rel, 1, 1, ordersmod.say(language(game), "sealed_rules"),
                                      ordersmod.say(language(game), "sealed_rules.hint"), "warning"))
    return ordersmod.Checked(rel, loc.data["orders"], bool(loc.data.get("wait", False)), findings)


def _check_sealed(games: GameCache, rel: str, path: Path) -> tuple[ordersmod.Checked, Game | None]:
    """A sealed orders file: what can be checked without its key (it opens only at the deadline)."""
    where = parse_sealed_path(rel)
    game = None
    if where is not None and not path.is_symlink() and path.is_file():
        try:
            game = games.game(where.game)
        except LeagueError as e:
            return ordersmod.Checked(rel, None, False, [ordersmod.file_finding(rel, str(e))]), None
    if game is None:
        return ordersmod.Checked(rel, None, False, [ordersmod.file_finding(
            rel, "not a sealed orders file: they are regular files orders/<game>/<NNNN>/<login>.yaml.age",
            "write it with 'turnpress seal'")]), None
    raw = ordersmod.read_limited(path, SEALED_MAX_BYTES)
    findings = sealedorders.check_envelope(games.root, rel, raw, game)
    if any(f.severity == "error" for f in findings) or where is None:
        return ordersmod.Checked(rel, None, False, findings), game
    lang = language(game)
    try:  # the full check with a key that opens it: the player's own, or the game's (the game master)
        plaintext = crypto.decrypt(raw, [*secrets.player_identities(), *secrets.game_identities(games.root, game.id)])
    except SealError:
        return ordersmod.Checked(rel, None, False, [*findings, ordersmod.Finding(
            rel, 1, 1, ordersmod.say(lang, "sealed_unopened"), ordersmod.say(lang, "sealed_unopened.hint"),
            "warning")]), game
    refused = sealedorders.not_orders_file(plaintext, where, lang)
    if refused is not None:  # the report's refusal and its problem, in the game's words
        return ordersmod.Checked(rel, None, False, [*findings, ordersmod.file_finding(
            rel, words.reason(lang, refused[0]), refused[1])]), game
    checked, _ = check_path(games, ordersmod.orders_relpath(where.game, where.turn, where.player), path,
                            plaintext=plaintext)
    return dataclasses.replace(checked, file=rel, findings=[dataclasses.replace(f, file=rel)
                                                           for f in [*findings, *checked.findings]]), game


def sealed_target(root: Path, path: Path) -> ordersmod.OrdersPath | None:
    """Which sealed orders file ``path`` is (a ``<login>.yaml.age`` the orders page wrote, kept anywhere): the one
    its plaintext names, if a key at hand opens it; else the open turn's file of ``<login>`` in the one game of
    the league whose keys its envelope is sealed to."""
    raw = ordersmod.read_limited(path, SEALED_MAX_BYTES)
    games = GameCache(root)
    try:
        target = orders_target(root, path, crypto.decrypt(raw, secrets.player_identities()))
    except SealError:
        target = None
    if target is not None:
        return target
    login = path.name.removesuffix(".yaml.age")
    found = []
    for game_dir in sorted((root / "games").iterdir()) if (root / "games").is_dir() else []:
        try:
            game = games.game(game_dir.name)
        except LeagueError:
            continue
        if not game.sealed_orders or game.player(login) is None:
            continue
        rel = f"orders/{game.id}/{game.open_turn:04d}/{login}.yaml.age"
        if not any(f.severity == "error" for f in sealedorders.check_envelope(root, rel, raw, game)):
            found.append(ordersmod.OrdersPath(game.id, game.open_turn, login))
    return found[0] if len(found) == 1 else None


def league_of(path: Path, league: Path | None = None) -> Path:
    """The league an orders file belongs to: ``--league``, else the nearest league above the file, else above the
    working directory (a player keeps the sheet of a sealed game outside ``orders/``, even outside the league)."""
    if league is not None:
        return find_root(league)
    try:
        return find_root(path.resolve().parent)
    except LeagueError:
        try:
            return find_root(Path.cwd())
        except LeagueError:
            raise LeagueError(f"{path}: no league above it or above the working directory {Path.cwd()}: run the "
                              "command inside the league's repository, or name it with --league DIR") from None


def orders_target(root: Path, path: Path, raw: bytes) -> ordersmod.OrdersPath | None:
    """Which orders file ``path`` is: by its place in the league's ``orders/``, else by the game, turn and player
    its first lines name; ``None`` if neither tells."""
    try:
        where = ordersmod.parse_path(path.resolve().relative_to(root.resolve()).as_posix())
    except ValueError:
        where = None
    if where is not None:
        return where
    try:
        data = yamlio.load(raw).data
    except yamlio.YamlInputError:
        return None
    if (not isinstance(data, dict) or not isinstance(data.get("game"), str) or type(data.get("turn")) is not int
            or not isinstance(data.get("player"), str)):
        return None
    return ordersmod.OrdersPath(data["game"], data["turn"], data["player"].lower())


@dataclass
class Validated:
    """What ``validate_files`` found: the findings, each valid file's orders as understood, and the language of
    each file's game (by the names its findings and receipts carry), which the command's own words speak."""

    findings: list[ordersmod.Finding]
    receipts: dict[str, list[str]]
    languages: dict[str, str]

    def language(self) -> str:
        """The one language of every file's game; English if the files are of games of several."""
        found = set(self.languages.values())
        return found.pop() if len(found) == 1 else "en"


def validate_files(paths: list[Path], root: Path | None = None) -> Validated:
    """Findings for every file and, for each valid one, its orders as the adjudicator understood them.

    A file outside the league's ``orders/`` (the sheet of a sealed game) is checked as the orders file its
    first lines name, as ``seal`` does.
    """
    findings: list[ordersmod.Finding] = []
    receipts: dict[str, list[str]] = {}
    languages: dict[str, str] = {}
    cache: dict[Path, GameCache] = {}
    for path in paths:
        try:
            league = league_of(path, root)
        except LeagueError as e:
            findings.append(ordersmod.file_finding(str(path), str(e), "run the command inside the league's "
                                                   "repository, or give --league DIR"))
            continue
        try:
            rel = path.resolve().relative_to(league.resolve()).as_posix()
        except ValueError:
            rel = None
        if (rel is None or not rel.startswith("orders/")) and path.is_file() and path.name.endswith(".yaml.age"):
            where = sealed_target(league, path)  # the page's sealed file, downloaded anywhere
            if where is not None:
                rel = f"{ordersmod.orders_relpath(where.game, where.turn, where.player)}.age"
        elif (rel is None or not rel.startswith("orders/")) and path.is_file():  # a sheet kept outside orders/
            where = orders_target(league, path, ordersmod.read_limited(path))
            if where is not None:
                rel = ordersmod.orders_relpath(where.game, where.turn, where.player)
        games = cache[league] = cache.get(league) or GameCache(league)
        if rel is None or (path.name.endswith(".yaml.age") and not rel.startswith("orders/")):
            found, languages[str(path)] = _unplaced(games, path)
            findings.append(found)
            continue
        checked, game = check_path(games, rel, path)
        findings += checked.findings
        named = ordersmod.parse_path(rel) or parse_sealed_path(rel)
        if game is None and named is not None:  # an envelope at fault still names its game, whose words it gets
            with contextlib.suppress(LeagueError):
                game = games.game(named.game)
        said = language(game) if game is not None else games.league.language  # no game's: the league's
        languages.update({name: said for name in (rel, str(path), *(f.file for f in checked.findings))})
        where = ordersmod.parse_path(rel) or parse_sealed_path(rel)
        if checked.ok and game is not None and where is not None and checked.orders is not None:
            receipts[rel] = describe(game, games.state(game), where.player, checked.orders)
    return Validated(findings, receipts, languages)


def _unplaced(games: GameCache, path: Path) -> tuple[ordersmod.Finding, str]:
    """Why ``path`` is no orders file that can be named, in the language of the game its lines name (else the
    league's), and that language: the YAML reader's own finding, with its line, where the sheet cannot be read."""
    sealed = path.name.endswith(".yaml.age")
    raw = ordersmod.read_limited(path) if path.is_file() and not sealed else b""
    lang = sheet_language(games, raw)
    if raw:
        try:
            yamlio.load(raw)
        except yamlio.YamlInputError as e:
            return ordersmod.unreadable(str(path), e, lang), lang
    hint = "which_orders.sealed_hint" if sealed else "which_orders.hint"
    return ordersmod.file_finding(str(path), ordersmod.say(lang, "which_orders"), ordersmod.say(lang, hint)), lang


# A sheet's line naming its game, as 'turnpress template' writes it: read where the YAML around it is not.
_GAME_LINE = re.compile(rb"^game:[ \t]*['\"]?([a-z0-9][a-z0-9-]*)['\"]?[ \t]*(?:#[^\n]*)?\r?$", re.MULTILINE)


def sheet_language(games: GameCache, raw: bytes) -> str:
    """The language to say what is wrong with a sheet in that cannot be read as the orders file of one game: its
    game's, if a line names one of the league's games, else the league's (no one game's lines speak the league's).

    >>> import tempfile
    >>> sheet_language(GameCache(Path(tempfile.mkdtemp())), b"game: dk\\nturn: [\\n")
    'en'
    """
    found = _GAME_LINE.search(raw)
    if found:
        with contextlib.suppress(LeagueError):
            return language(games.game(found[1].decode("ascii")))
    return games.league.language


def describe(game: Game, state: State, player: str, orders: Any) -> list[str]:
    if isinstance(game.ruleset, Describes):
        return list(game.ruleset.describe(state, player, orders))
    return yamlio.dump(orders).splitlines()


def preview(root: Path, game_id: str, file: Path) -> tuple[str, int]:
    """What ``file``'s orders would do now: the others play their defaults, the dice are not the real ones."""
    games = GameCache(root)
    games.game(game_id)  # a game that is not there is the command's error, not a finding about the file
    # A sheet kept outside orders/ (or outside the league, as the player's tour says) is the orders file its
    # first lines name, as for validate and seal.
    where = orders_target(root, file, ordersmod.read_limited(file)) if file.is_file() else None
    if where is None or where.game != game_id:
        raise LeagueError(ordersmod.say(language(games.game(game_id)), "preview.not_orders", file=file, game=game_id))
    rel = ordersmod.orders_relpath(where.game, where.turn, where.player)
    checked, game = check_path(games, rel, file)
    lang = language(games.game(game_id))
    lines = [f.text(lang) for f in checked.findings]
    if not checked.ok or game is None:
        return "\n".join(lines + [ordersmod.say(lang, "preview.errors")]), 1
    state = games.state(game)
    if not game.hidden_complete(game.open_turn - 1):
        return "\n".join(lines + [ordersmod.say(lang, "preview.sealed")]), 1
    where = ordersmod.parse_path(rel)
    assert where is not None and checked.orders is not None  # check_path took it as a valid orders file
    player = where.player
    phase = outcome.phase(game.ruleset, state)
    orders = {k: game.ruleset.default_orders(state, k, None) for k in phase.awaited}
    orders[player] = checked.orders
    result = game.ruleset.adjudicate(state, {k: orders[k] for k in sorted(orders)}, dice.Dice(b"preview"))
    lines += [ordersmod.say(lang, "preview.understood"),
              *("  " + x for x in describe(game, state, player, checked.orders)),
              "", ordersmod.say(lang, "preview.head"), ""]
    if isinstance(game.ruleset, WritesNewsletter):
        report = dict(result.report)
        private = report.pop("private", {}).get(player)
        lines.append(game.ruleset.newsletter(result.state, report, game.players))
        if private:
            lines += ["", ordersmod.say(lang, "preview.private"), yamlio.dump(private)]
    else:
        lines.append(yamlio.dump(game.ruleset.private_view(result.state, player)))
    return "\n".join(lines), 0
