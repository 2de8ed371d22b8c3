"""``turnpress pin GAME``: pin the data an existing game's rules read, once its history is shown to replay with it.

A game made before turnpress pinned data (``gamedata``) replays with whatever maps, tables and drawings the
installed turnpress ships, so a release that changes them would change its old turns. ``pin`` copies the files
this turnpress ships into ``games/<game>/data/`` and records their SHA-256 under ``data:`` in ``game.yaml``,
in one commit, but only after proving that the committed history replays exactly with those copies: every
turn adjudicated again and every issue page rendered again, as ``verify`` does (and the set-up drawn again
where its dice are public). If a turn differs, nothing is written and the first such turn is named: that game
was played with other data, and is pinned with the turnpress it was played with.

A game that pins its data already may lack a file: one the rules read since a later release (Auf Achse's board
drawing), which it reads from the installed turnpress (``gamedata``'s ``unpinned``). ``pin`` then pins exactly
those files, after the same proof, and never touches the copies the game has.

``verify`` accepts exactly such a commit (``data:`` added or, in a pinned game, files added to it, nothing else
of the set-up changed, the copies replaying the turns before it) and names any other change of the set-up, and
any later change of a copy or of its hash.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import yamledit, yamlio
from ..dice import Dice
from ..errors import LeagueError, RulesetError
from ..kit import gamedata, words
from ..kit.catalog import COMMANDS
from ..kit.ruleset import PinsData
from ..league import hidden, history
from ..league.store import ENGINE_OPTIONS, Game, config_relpath, data_relpath, load_game, player_from_yaml, turn_dir
from ..model import HIDDEN_KEYS
from . import verify
from .turn import pinned_data, set_up_digest


@dataclass(frozen=True)
class Pinned:
    """What ``pin`` did: the commit, the files pinned, the turns shown to replay with them."""

    commit: str
    files: list[str]
    turns: int


def pin(root: Path, game_id: str) -> Pinned:
    """Pin ``game_id``'s data as this turnpress ships it, in one commit, if its committed history replays with it.

    A game that pins its data already pins only the files this turnpress's rules read that it does not (added to
    the rules after its set-up), leaving its copies as they are. Raises ``LeagueError`` (nothing written) if it
    pins every file its rules read already, reads none, has uncommitted changes to its ``game.yaml`` or data, or
    does not replay exactly with the copies (naming the first turn).
    """
    found = load_game(root, game_id)  # a missing game is named, with the games there are
    lang = words.game_language(found.settings, root)
    history.require_repo(root)
    if not history.has_head(root):
        raise LeagueError(COMMANDS.say(lang, "pin.no_commit"))
    config_rel, data_rel = config_relpath(game_id), data_relpath(game_id)
    dirty = history.dirty(root, [config_rel, data_rel], all_untracked=True, lockless=True)
    if dirty:
        raise LeagueError(COMMANDS.say(lang, "pin.dirty", config=config_rel, data=data_rel, line=dirty[0]))
    head = history.head(root)
    with verify.committed_tree(root, head, game_id) as tree:
        game = load_game(tree, game_id)
        if not isinstance(game.ruleset, PinsData):
            raise LeagueError(COMMANDS.say(lang, "pin.no_data", game=game_id, ruleset=game.settings.ruleset))
        options = {k: v for k, v in game.settings.options.items() if k not in ENGINE_OPTIONS}
        shipped = pinned_data(game.ruleset, game.settings.ruleset, options) or {}
        already = dict(game.settings.pinned or {})
        # A pinned game pins only what its set-up did not (a file the rules name since); its copies never change.
        files = {p: data for p, data in shipped.items() if p not in already}
        if game.pins_data and not files:
            raise LeagueError(COMMANDS.say(lang, "pin.already", game=game_id, n=len(already), config=config_rel))
        text = with_data(tree / config_rel, {**already, **{p: gamedata.digest(d) for p, d in files.items()}})
        written = {config_rel: text, **{f"{data_rel}/{p}": data.decode("utf-8") for p, data in files.items()}}
        for rel, body in written.items():
            (tree / rel).parent.mkdir(parents=True, exist_ok=True)
            (tree / rel).write_text(body, encoding="utf-8")
        replayed = _replays(tree, root, game_id, lang)
    message = COMMANDS.say(lang, "subject.pin_since" if already else "subject.pin", game=game_id, n=len(files),
                           files=", ".join(sorted(files)), replayed=replayed)
    commit = history.commit_files(root, written, message, parent=head)
    history.materialize(root, commit, sorted(written))
    return Pinned(commit, sorted(files), replayed)


def with_data(config_path: Path, data: dict[str, str]) -> str:
    """``game.yaml``'s text with ``data:`` added before ``dice:`` (as ``new`` writes it), or put in place of the
    ``data:`` it has; every other line, the game master's comments too, kept (``yamledit``)."""
    text = config_path.read_text(encoding="utf-8")
    before = yamlio.load(text.encode()).data
    return yamledit.edit_checked(f"pin: {config_path.name}", text,
                                 lambda tree: yamledit.put(tree, "data", dict(sorted(data.items())), before="dice"),
                                 {**before, "data": data})


def _replays(tree: Path, git_root: Path, game_id: str, lang: str) -> int:
    """The number of turns replayed with the copies now in ``tree``; raises naming the first turn that differs
    (in ``lang``, the game's language)."""
    game = load_game(tree, game_id)
    done = verify.replay_files(tree, git_root, game_id)
    found = sorted(done.found, key=lambda f: f.turn)
    setup = set_up_again(game, git_root)
    if setup:
        found.insert(0, verify.Finding(game_id, 0, setup))
    if found:
        first = found[0]
        raise LeagueError(COMMANDS.say(lang, "pin.differs", game=game_id, turn=first.turn, what=first.what))
    unreplayed = [t for t in game.turns() if t > 0][done.turns:]
    if unreplayed:
        why = "; ".join(COMMANDS.said_in(lang, note, "verify.note.") for note in done.not_checked)
        raise LeagueError(COMMANDS.say(lang, "pin.unreplayed", game=game_id, turn=unreplayed[0], why=why))
    return done.turns


def set_up_again(game: Game, git_root: Path) -> str | None:
    """What differs when the set-up is drawn again with the game's data, or None; a set-up whose dice are not
    public (a hidden chain without the game's key) is not drawn: its turns still are replayed."""
    made = verify.setup_commits(git_root, game.id)
    if not made:
        return None
    links = hidden.links(game, game.game_identities())
    if hidden.has_chain(game.settings) and links is None:
        return None
    then: dict[str, Any] = yamlio.load(history.file_text(git_root, made[0], config_relpath(game.id)).encode()).data
    digest = game.report(0).get("dice", {}).get("orders_digest")
    digest_bytes = bytes.fromhex(digest) if digest else set_up_digest(then)
    options = {k: v for k, v in then.get("options", {}).items() if k not in ENGINE_OPTIONS}
    players = [player_from_yaml(p) for p in then.get("players", []) if not p.get("joined")]
    try:
        state = game.ruleset.setup(options, players, Dice.for_turn(game.commitment(), digest_bytes,
                                                                   (links or {}).get(0)))
    except (LeagueError, RulesetError, KeyError, TypeError, ValueError) as e:
        return f"the set-up cannot be drawn again: {e}"
    folder = game.dir / "turns" / turn_dir(0)
    if yamlio.dump(game.ruleset.public_view(state)) != (folder / "state.yaml").read_text(encoding="utf-8"):
        return "state.yaml differs from the set-up drawn again"
    plain = folder / "hidden.yaml"
    if plain.is_file() and yamlio.dump({k: state[k] for k in HIDDEN_KEYS if k in state}) != plain.read_text(
            encoding="utf-8"):
        return "hidden.yaml differs from the set-up drawn again"
    return None
