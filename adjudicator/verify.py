"""``turnpress verify``: replay every turn of a game from its files and history, and name what differs.

For each turn: the revealed seed must follow the previous one (``H(s_t) == s_(t-1)``), the orders taken must
be the ones the report names with the digest it names, each must have reached main by the deadline and
grace, and adjudicating them again must give the committed state and report byte for byte. The replay carries
its own state forward, so a hand-edited turn is named once and the turns after it are still checked.

It says which of three it did (``Verification.mode``, ``site/guide/secrecy.md``):

- **public**, without the game's key: the dice chain, the arrivals, the digest of the published orders, and
  every turn of a game without hidden state; what could not be checked is named in ``not_checked``.
- **with the game's key** (``TURNPRESS_GAME_KEY_<GAME>``): everything, sealed files compared by their
  decrypted contents (age encryption is randomized), every sealed order checked to hold what was published of
  it, every hidden draw replayed from the hidden dice chain.
- **after the end**, without a key: the last turn published the hidden link and the full orders, so the set-up
  is drawn again and every turn replayed, hidden draws included; only the sealed files' contents are not opened.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import dice as dicemod
from . import hidden as hiddenmod
from . import history, yamlio
from . import orders as ordersmod
from . import secrecy as secrecymod
from .errors import LeagueError, RulesetError, SealError
from .model import HIDDEN_KEYS, State
from .sealed import crypto
from .secrets import key_env
from .store import (
    ENGINE_OPTIONS,
    Game,
    load_game,
    orders_relpath,
    player_from_yaml,
    sealed_relpath,
    secret_relpath,
    turn_dir,
)
from .turn import Taken, TurnOutcome, compute, published_orders


@dataclass(frozen=True)
class Finding:
    game: str
    turn: int
    what: str

    def text(self) -> str:
        return f"{self.game}: turn {self.turn}: {self.what}"


PUBLIC, WITH_KEY, AFTER_END = "public", "with the game's key", "after the end, without a key"


@dataclass
class Verification:
    """What ``verify`` found: turns replayed, discrepancies, and what it could not check (and why).

    ``mode`` says which of the three checks it did: everything ``PUBLIC`` (always), everything ``WITH_KEY``,
    or everything ``AFTER_END`` of a game whose last turn published its hidden link and full orders.
    """

    turns: int
    found: list[Finding]
    not_checked: list[str] = field(default_factory=list)
    mode: str = PUBLIC



def verification(root: Path, game_id: str) -> Verification:
    """Replay ``game_id`` as far as the keys this process has allow; see the module's text."""
    game = load_game(root, game_id)
    identities = game.game_identities() if game.keyed else []
    found: list[Finding] = []
    not_checked: list[str] = []
    seed = game.commitment()
    setup = game.report(0)
    if setup["dice"]["seed"] != seed.hex():
        found.append(Finding(game.id, 0, "the set-up report's seed is not the commitment in game.yaml"))
    try:
        links = hiddenmod.links(game, identities)
    except LeagueError as e:
        end = hiddenmod.end_link(game)
        found.append(Finding(game.id, end[0] if end else 0, str(e)))
        links = None
    ended_open = links is not None and not identities  # the game has ended: everything opens without a key
    mode = WITH_KEY if identities else AFTER_END if ended_open else PUBLIC
    state: dict[str, Any] | None = game.state(0) if game.hidden_complete(0) else None
    if state is None and ended_open:
        state, setup_found = _setup_again(game, links or {})
        found += setup_found
    turns = [t for t in game.turns() if t > 0]
    use_git = history.is_repo(root) and history.has_head(root)
    unreplayed: list[int] = []
    sealed_unchecked = False
    if game.sealed_orders and not identities:
        not_checked.append("that each sealed order holds the plaintext published with its turn "
                           f"(needs the game's key, {key_env(game.id)})")
    for turn in turns:
        report = game.report(turn)
        revealed = bytes.fromhex(report["dice"]["seed"])
        if not dicemod.follows(revealed, seed):
            found.append(Finding(game.id, turn, "dice chain broken: H(seed) is not the previous turn's seed"))
        seed = revealed
        if use_git:
            found += _arrivals(game, turn, report)
        if game.sealed_orders and identities:
            found += _sealed_orders(game, turn, report, identities)
        if state is None:
            found += _digest(game, turn, report, not_checked)
            unreplayed.append(turn)
            state = game.state(turn) if game.hidden_complete(turn) else None
            continue
        try:
            outcome = replay(game, report, state, (links or {}).get(turn))
        except (LeagueError, KeyError, ValueError) as e:
            found.append(Finding(game.id, turn, f"cannot be replayed: {e}"))
            state = game.state(turn)
            continue
        if outcome.report["dice"]["orders_digest"] != report["dice"].get("orders_digest"):
            found.append(Finding(game.id, turn, "the orders files differ from those the turn was adjudicated with"))
        folder = f"games/{game.id}/turns/{turn_dir(turn)}"
        # A turn played before the game had a key kept its hidden parts in plain text: compare it as such.
        plain_hidden = game.keyed and (root / folder / "hidden.yaml").is_file()
        expected = dict(outcome.files)
        if plain_hidden:
            hidden = {k: outcome.state[k] for k in HIDDEN_KEYS if k in outcome.state}
            expected[f"{folder}/hidden.yaml"] = yamlio.dump(hidden)
        for name in ("state.yaml", "hidden.yaml", "report.yaml"):
            rel = f"{folder}/{name}"
            path = root / rel
            committed = path.read_text(encoding="utf-8") if path.is_file() else None
            if committed != expected.get(rel):
                found.append(Finding(game.id, turn, f"{name} differs from the replay"))
        if not plain_hidden and identities:
            found += _sealed_parts(game, turn, outcome.sealed, identities)
        elif not plain_hidden and outcome.sealed and not sealed_unchecked:
            sealed_unchecked = True
            not_checked.append("the sealed hidden parts and private reports, by what they hold (they open with the "
                               f"game's key only, {key_env(game.id)}); the public state and reports were replayed")
        state = outcome.state
    if unreplayed:
        not_checked.append(f"the adjudication of turn(s) {_spans(unreplayed)}: the hidden state is sealed to the "
                           f"game's key ({key_env(game.id)}); the dice chain, the arrivals and the digest "
                           "of the published orders were checked")
    return Verification(len(turns) - len(unreplayed), found, not_checked, mode)


def _setup_again(game: Game, links: dict[int, bytes]) -> tuple[State | None, list[Finding]]:
    """The set-up drawn again from ``game.yaml``, the digest its report names and the hidden link of turn 0.

    After the end this is how anyone gets the hidden state the set-up sealed (hands, decks); its public part must
    be the committed one.
    """
    digest = game.report(0).get("dice", {}).get("orders_digest")
    if not digest or 0 not in links:
        return None, []
    options = {k: v for k, v in game.config.get("options", {}).items() if k not in ENGINE_OPTIONS}
    players = [player_from_yaml(p) for p in game.config.get("players", []) if not p.get("joined")]
    try:
        state = game.ruleset.setup(options, players, dicemod.Dice.for_turn(
            game.commitment(), bytes.fromhex(digest), links[0]))
    except (RulesetError, KeyError, ValueError) as e:
        return None, [Finding(game.id, 0, f"the set-up cannot be drawn again: {e}")]
    committed = (game.turn_folder(0) / "state.yaml").read_text(encoding="utf-8")
    if yamlio.dump(game.ruleset.public_view(state)) != committed:
        return state, [Finding(game.id, 0, "state.yaml differs from the set-up drawn again")]
    return state, []


def replay(game: Game, report: dict[str, Any], previous: State, hidden_link: bytes | None = None) -> TurnOutcome:
    """The turn ``report`` names, adjudicated again from the ``previous`` state with the orders the report says
    were taken, the seed it revealed and the turn's ``hidden_link``: nothing is decided again from times or
    secrets. Orders of which only the public part was published are read from their sealed file (with the key)."""
    turn = report["turn"]
    state = game.effective_state(turn, previous)
    taken = {}
    for player in report.get("orders", {}).get("taken", []):
        path = game.root / orders_relpath(game.id, turn, player)
        if path.is_file() and not path.is_symlink():  # a missing file shows as a different digest
            raw = published_orders(game, turn, player)
            taken[player] = Taken(raw, yamlio.load(raw).data["orders"])
    outcome, _ = compute(game, turn, state, taken, dict(report.get("orders", {})),
                         bytes.fromhex(report["dice"]["seed"]), hidden_link)
    return outcome


def _spans(turns: list[int]) -> str:
    return f"{turns[0]}-{turns[-1]}" if len(turns) > 1 and turns[-1] - turns[0] == len(turns) - 1 else \
        ", ".join(map(str, turns))


def _digest(game: Game, turn: int, report: dict, not_checked: list[str]) -> list[Finding]:
    """Without a replay: the published orders files of the players taken must have the digest the report names.

    Where only the public part of orders is published yet, the digest (of the full orders) waits for the end.
    """
    raw = {}
    for player in report.get("orders", {}).get("taken", []):
        path = game.root / ordersmod.orders_relpath(game.id, turn, player)
        if not path.is_file():
            return [Finding(game.id, turn, f"the orders of {player}, taken, are not published")]
        raw[player] = ordersmod.read_limited(path)
    if any(secrecymod.is_public_text(text) for text in raw.values()):
        note = ("the full orders behind the public parts published (they are published when the game ends, and "
                f"open with the game's key, {key_env(game.id)}); the public parts were checked against their digest")
        if note not in not_checked:
            not_checked.append(note)
        if dicemod.orders_digest(raw).hex() != report.get("dice", {}).get("public_digest"):
            return [Finding(game.id, turn, "the published orders differ from the public parts of those taken")]
        return []
    if dicemod.orders_digest(raw).hex() != report.get("dice", {}).get("orders_digest"):
        return [Finding(game.id, turn, "the orders files differ from those the turn was adjudicated with")]
    return []


def _sealed_orders(game: Game, turn: int, report: dict, identities: list[Any]) -> list[Finding]:
    """Each order taken was sealed before the deadline and holds exactly the plaintext published with the turn."""
    out = []
    for player in report.get("orders", {}).get("taken", []):
        sealed_path = game.root / sealed_relpath(game.id, turn, player)
        plain_path = game.root / orders_relpath(game.id, turn, player)
        if not sealed_path.is_file():
            out.append(Finding(game.id, turn, f"{player}'s orders were taken, but there is no sealed file of them"))
            continue
        try:
            opened = crypto.decrypt(sealed_path.read_bytes(), identities)
        except SealError as e:
            out.append(Finding(game.id, turn, f"{player}'s sealed orders do not open with the game's key: {e}"))
            continue
        published = plain_path.read_bytes() if plain_path.is_file() else None
        if published is not None and secrecymod.is_public_text(published):
            declared = secrecymod.of(game.ruleset, game.config.get("options", {}))
            opened = secrecymod.public_part(declared, opened)[0].encode("utf-8")
        if published != opened:
            out.append(Finding(game.id, turn, f"the published plaintext of {player}'s orders is not what was sealed"))
    return out


def _sealed_parts(game: Game, turn: int, expected: dict[str, str], identities: list[Any]) -> list[Finding]:
    """The sealed hidden parts of a turn: each must decrypt to what the replay computed, none missing or extra."""
    folder = game.turn_folder(turn)
    committed = {p.relative_to(game.root).as_posix() for p in (folder / "private").glob("*.yaml.age")}
    if (folder / "secret.yaml.age").is_file():
        committed.add(secret_relpath(game.id, turn))
    out = []
    for rel in sorted(committed - set(expected)):
        out.append(Finding(game.id, turn, f"{rel} is not one of the turn's sealed files"))
    for rel in sorted(expected):
        name = rel.split(f"turns/{turn_dir(turn)}/", 1)[1]
        if rel not in committed:
            out.append(Finding(game.id, turn, f"{name} is missing"))
            continue
        try:
            text = crypto.decrypt((game.root / rel).read_bytes(), identities).decode("utf-8")
        except SealError as e:
            out.append(Finding(game.id, turn, f"{name} does not open with the game's key: {e}"))
            continue
        if text != expected[rel]:
            out.append(Finding(game.id, turn, f"{name} differs from the replay"))
    return out


def _arrivals(game: Game, turn: int, report: dict) -> list[Finding]:
    """Each orders file taken must have reached main by the deadline plus grace."""
    if not report.get("deadline") or game.schedule is None:
        return []
    limit = dt.datetime.fromisoformat(report["deadline"]) + game.schedule.grace
    arrived = history.arrivals(game.root, f"orders/{game.id}/{turn_dir(turn)}")
    out = []
    for player in report.get("orders", {}).get("taken", []):
        # In a game of sealed orders the sealed file is what arrived; its plaintext comes with the turn.
        name = f"orders/{game.id}/{turn_dir(turn)}/{player}.yaml"
        when = arrived.get(name + ".age") if game.sealed_orders else arrived.get(name)
        if when is not None and when > limit and not _adjudicated_before(game, turn, when):
            out.append(Finding(game.id, turn, f"{player}'s orders reached main after the deadline and grace"))
    return out


def _adjudicated_before(game: Game, turn: int, when: dt.datetime) -> bool:
    """Orders changed after the turn's own commit are a later edit, which the digest check reports instead."""
    sha = history.tag_target(game.root, f"{game.id}/turn-{turn}")
    if not sha:
        return False
    return when.timestamp() > history.commit_time(game.root, sha)
