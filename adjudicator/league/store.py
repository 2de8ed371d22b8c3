"""The league's files: where everything lives (every path builder), a ``Game`` read from them, atomic writes.

Files of a league::

    games/<game>/game.yaml                 ruleset, options, players, schedule, dice commitment, key, and
                                           the SHA-256 of each pinned data file (``data:``)
    games/<game>/data/<path>               the rules' data files (maps, tables) as the game was set up with
    games/<game>/turns/<NNNN>/state.yaml   public state after turn NNNN (0000: the set-up)
    games/<game>/turns/<NNNN>/hidden.yaml  hidden parts of the state (hands, deck), in a game without a key
    games/<game>/turns/<NNNN>/private/<player>.yaml.age, secret.yaml.age
                                           the same, sealed, in a game with a key (``sealed.storage``)
    games/<game>/turns/<NNNN>/report.yaml  what happened in turn NNNN
    orders/<game>/<NNNN>/<player>.yaml     orders as submitted, kept forever
    orders/<game>/<NNNN>/<player>.yaml.age sealed orders (``orders: sealed``); the plaintext beside it is
                                           committed with the turn

Writing is all or nothing: ``write_files`` writes to a staging folder inside ``.git``, moves the files into the
tree and, if anything fails on the way, puts back what it moved.
"""

from __future__ import annotations

import contextlib
import copy
import datetime as dt
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from .. import anchor, yamledit, yamlio
from .. import dice as dicemod
from .. import schedule as schedmod
from ..errors import GitError, LeagueError, RulesetError, SealError
from ..kit import gamedata, outcome, secrecy, words
from ..kit.catalog import COMMANDS
from ..kit.orders import orders_relpath, read_limited, visible
from ..kit.ruleset import (
    HasPhaseKinds,
    HiddenStateViews,
    Joins,
    ReadsData,
    Ruleset,
    Unseats,
    available,
    get,
    package_of,
)
from ..kit.words import about, game_language
from ..model import HIDDEN_KEYS, GameConfig, Orders, Phase, Player, State, TurnReport, account, read_report
from ..sealed import crypto, storage
from ..sealed.envelope import SEALED_MAX_BYTES
from . import absence, history, rulings, secrets
from .hidden import link_for_turn

GAMES_DIR = "games"
TURN_DIR = re.compile(r"[0-9]{4}\Z", re.ASCII)
# Options the engine reads itself; the ruleset's set-up never sees them.
ENGINE_OPTIONS = {"orders": ("open", "sealed")}

__all__ = ["orders_relpath"]  # the orders file's place is defined with the orders format, and used from here


# --- where everything lives ----------------------------------------------------------------------------------

def turn_dir(turn: int) -> str:
    """A turn's folder name: four digits, so that folders sort in turn order.

    >>> turn_dir(7)
    '0007'
    """
    return f"{turn:04d}"


def game_relpath(game_id: str) -> str:
    return f"{GAMES_DIR}/{game_id}"


def config_relpath(game_id: str) -> str:
    return f"{game_relpath(game_id)}/game.yaml"


def turn_relpath(game_id: str, turn: int) -> str:
    return f"{game_relpath(game_id)}/turns/{turn_dir(turn)}"


def private_relpath(game_id: str, turn: int, player: str) -> str:
    return f"{turn_relpath(game_id, turn)}/{storage.private_name(player)}"


def secret_relpath(game_id: str, turn: int) -> str:
    return f"{turn_relpath(game_id, turn)}/{storage.SECRET_FILE}"


def orders_dir(game_id: str, turn: int) -> str:
    return f"orders/{game_id}/{turn_dir(turn)}"


def sealed_relpath(game_id: str, turn: int, player: str) -> str:
    return f"{orders_relpath(game_id, turn, player)}.age"


def pinned_rules(rules: Ruleset, files: Mapping[str, bytes], presented: bool = False) -> Ruleset:
    """``rules`` reading ``files`` (a game's pinned data) in place of the packaged data: rules that take the game's
    data (``ReadsData``) are handed it; rules that take none read no data of their own (a third-party ruleset that
    pins nothing). ``presented``: for presentation only, a text a pinned words file lacks is the package's
    (``GameData.words_fallback``)."""
    if isinstance(rules, ReadsData):
        data = gamedata.GameData(package_of(rules), files)
        return rules.with_data(data.presented() if presented else data)
    return rules


def data_relpath(game_id: str) -> str:
    """The copies of the rules' data files the game was set up with (``gamedata``)."""
    return f"{game_relpath(game_id)}/{gamedata.DATA_DIR}"


def dice_demo_relpath(game_id: str) -> str:
    return f"{game_relpath(game_id)}/dice-secret.demo"


def dice_sealed_relpath(game_id: str) -> str:
    return f"{game_relpath(game_id)}/dice-secret.age"


def find_root(start: Path | None = None) -> Path:
    """The league root: the nearest folder at or above ``start`` that holds ``games/``."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / GAMES_DIR).is_dir():
            return folder
    raise LeagueError(f"no league here: no games/ folder in {here} or above (run 'turnpress init DIR' first)")


# --- reading: a command that only reads asks the file system each question once ---------------------------------

_reading = 0  # how deep in ``reading`` blocks this process is
_generation = 0  # bumped by ``forget``; with ``history.changes``, the moment a memo was made at
_kept: dict[tuple[str, str, str], tuple[tuple[int, int], list[int]]] = {}  # (what, root, game) -> (stamp, turns)


@contextlib.contextmanager
def reading() -> Iterator[None]:
    """For the body, a ``Game`` keeps what it listed of the league's folders (its turns, the turns with a
    ruling) and who plays, instead of asking the file system again for every issue (issue 33: a site build of
    1,000 issues listed the turns 200 times, the rulings 9,370 times). Every write forgets it all: one through
    ``write_files``, and one through ``history`` (a git command that may write, a commit's files written out, as a
    deadline writes its turn), so a turn written inside the block is seen. Outside any block nothing is kept, as
    before. The site build and ``verify`` read in one."""
    global _reading
    _reading += 1
    try:
        yield
    finally:
        _reading -= 1
        if not _reading:
            forget()


def forget() -> None:
    """Drop what ``reading`` kept: the league's files may have changed."""
    global _generation
    _kept.clear()
    _generation += 1


def _stamp() -> tuple[int, int] | None:
    """The moment a memo made now stands for (no write since), or None outside ``reading``: nothing is kept."""
    return (_generation, history.changes) if _reading else None


def _listed(what: str, root: Path, game_id: str, list_it: Callable[[], list[int]]) -> list[int]:
    """``list_it()``, kept while reading and nothing was written (a copy is handed out: callers may change it)."""
    stamp = _stamp()
    if stamp is None:
        return list_it()
    key = (what, str(root), game_id)
    hit = _kept.get(key)
    if hit is None or hit[0] != stamp:
        hit = _kept[key] = (stamp, list_it())
    return list(hit[1])


# --- a game --------------------------------------------------------------------------------------------------

@dataclass
class Game:
    """One game of a league, read from its files."""

    root: Path
    id: str
    config: dict[str, Any]
    _reports: dict[int, TurnReport] = field(default_factory=dict, repr=False)
    # Keys besides the game's own (a player's, for their own hidden figures) and the sealed parts read so far.
    identities: list[Any] = field(default_factory=list, repr=False)
    _hidden: dict[int, tuple[State, bool]] = field(default_factory=dict, repr=False)
    # The pinned data files when they are not on disk yet (``turn.new_game`` uses the game before writing it).
    pinned_data: dict[str, bytes] | None = field(default=None, repr=False)
    _rulings: dict[int, rulings.Ruling | None] = field(default_factory=dict, repr=False)
    # ``players`` as ``reading`` keeps it: (its moment, players)
    _players: tuple[tuple[int, int], tuple[Player, ...]] | None = field(default=None, init=False, repr=False,
                                                                        compare=False)
    # What the league's mkdocs.yml says (its language, the repository's address): handed down by a command that
    # loads several games or turns (``load_game``), else read here, once for the game.
    league_read: words.League | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.league_read is None:
            self.league_read = words.read_league(self.root)

    @property
    def league(self) -> words.League:
        """What the league's ``mkdocs.yml`` says (``words.League``), as read when the game was loaded."""
        assert self.league_read is not None, "read in __post_init__"
        return self.league_read

    @property
    def language(self) -> str:
        """The language of the game's pages and words (``words.game_language``), the league's as read with it."""
        return words.own_language(self.settings) or self.league.language

    @property
    def settings(self) -> GameConfig:
        """``game.yaml`` with typed access (``config`` is the mapping itself)."""
        return GameConfig(self.config)

    @property
    def title(self) -> str:
        """The game's name for readers: ``title`` in game.yaml, else its id."""
        return self.settings.title or self.id

    @property
    def keyed(self) -> bool:
        """True if the game has a key: its hidden state and private reports are sealed."""
        return self.settings.key is not None

    @property
    def sealed_orders(self) -> bool:
        return self.settings.sealed_orders

    @property
    def dir(self) -> Path:
        return self.root / game_relpath(self.id)

    def turn_folder(self, turn: int) -> Path:
        return self.root / turn_relpath(self.id, turn)

    @cached_property
    def ruleset(self) -> Ruleset:
        """The game's rules, reading the data files pinned at its set-up (``gamedata``) where it pinned any."""
        return self._rules(presented=False)

    @cached_property
    def presented_ruleset(self) -> Ruleset:
        """The game's rules for what no report binds and ``verify`` does not render again (the orders page, a
        sheet): its pinned data, but a text its pinned words lack is the package's current one in the game's
        language, not English (a German game set up before the text existed; ``GameData.words_fallback``)."""
        return self._rules(presented=True)

    def _rules(self, presented: bool) -> Ruleset:
        try:
            rules = get(self.settings.ruleset)
        except KeyError as e:  # said in the game's language (the league's: no ruleset to give one)
            said = COMMANDS.told(self.language, unknown_ruleset(self.settings.ruleset, e))
            raise LeagueError(f"games/{self.id}/game.yaml: {said}") from None
        digests = self.settings.pinned
        if digests is None:  # set up before turnpress pinned data: the installed data is all there is
            return rules
        files = self.pinned_data
        if files is None:
            files = gamedata.load(data_relpath(self.id), self.root / data_relpath(self.id), digests)
        return pinned_rules(rules, files, presented)

    @property
    def pins_data(self) -> bool:
        """True if the game replays with the data it was set up with (``data:`` in ``game.yaml``)."""
        return self.settings.pinned is not None

    @property
    def players(self) -> list[Player]:
        """Who plays each seat: at the open turn, after the game master's rulings."""
        stamp = _stamp()
        if stamp is not None and self._players is not None and self._players[0] == stamp:
            return list(self._players[1])
        players = [player_from_yaml(p) for p in self.seats()]
        if stamp is not None:
            self._players = (stamp, tuple(players))
        return players

    def ruled_turns(self) -> list[int]:
        """The turns with a ruling of the game master (``rulings.ruled_turns``), kept while ``reading``."""
        return _listed("rulings", self.root, self.id, lambda: rulings.ruled_turns(self.root, self.id))

    def seats(self, turn: int | None = None) -> list[dict[str, Any]]:
        """The players' entries of ``game.yaml`` as they stand at ``turn`` (by default the open turn): a seat a
        ruling handed over names its new player, a removed one says since when (``left``). ``game.yaml`` itself
        stays the set-up, as ``verify`` anchors it."""
        if not self.ruled_turns():
            return [dict(p) for p in self.settings.players]
        if turn is None:
            try:
                turn = self.open_turn
            except LeagueError:  # not set up yet: no ruling applies
                return [dict(p) for p in self.settings.players]
        return self._seats_through(turn)

    def _seats_through(self, turn: int) -> list[dict[str, Any]]:
        entries = [dict(p) for p in self.settings.players]
        for t in self.ruled_turns():
            ruled = self.ruling(t) if t <= turn else None
            if ruled is not None:
                entries = rulings.seated(entries, ruled)
        return entries

    def seated_before(self, turn: int) -> rulings.Seated:
        """The seats in play as the rulings before ``turn`` left them: what a ruling of ``turn`` may hand over or
        remove, each with its login and its player's numeric GitHub id (one fold of the rulings for both)."""
        seats = [p for p in self._seats_through(turn - 1) if not p.get("left")]
        return rulings.Seated({p["key"]: p["login"].lower() for p in seats},
                              {p["key"]: p["id"] for p in seats if type(p.get("id")) is int})

    def removed(self, turn: int) -> dict[str, int]:
        """The seats a ruling took out of the game by ``turn``, and the turn from which each is out."""
        return {p["key"]: p["left"] for p in self.seats(turn) if isinstance(p.get("left"), int)}

    def player(self, key: str) -> Player | None:
        return next((p for p in self.players if p.key == key), None)

    @cached_property
    def schedule(self) -> schedmod.Schedule | None:
        block = self.settings.schedule
        if not block:
            return None
        try:
            parsed = schedmod.parse(block)
        except schedmod.ScheduleError as e:  # in the game's language, as the commands that read it speak
            said = COMMANDS.told(self.language, e)
            raise LeagueError(f"games/{self.id}/game.yaml: schedule: {said}") from None
        problem = phase_kinds_problem(self.ruleset, self.settings.ruleset, parsed)
        if problem:
            said = COMMANDS.told(self.language, problem)
            raise LeagueError(f"games/{self.id}/game.yaml: schedule: {said}")
        ahead = sorted(t for t in parsed.extend if t > self.last_turn)
        if ahead:  # issue 29: the issue before it names the old deadline, and verify and the site render it again
            when = parsed.extend[ahead[0]].astimezone(parsed.zone)
            raise LeagueError(f"games/{self.id}/game.yaml: schedule: " + COMMANDS.say(
                self.language, "config.extend_ahead", turn=ahead[0], game=self.id,
                when=f"{when:%Y-%m-%d %H:%M}"))
        self._refuse_published_edit(block, parsed)
        return parsed

    def _refuse_published_edit(self, block: Mapping[str, Any], now: schedmod.Schedule) -> None:
        """Refuse a hand edit of the schedule that would change a page published already (issue 29): every issue
        names the next deadline as the schedule of its time gave it, and verify and the site render it again from
        game.yaml. Compared with game.yaml as the commit of the last turn left it; a change the game master
        rules (a ruling's ``deadline:`` or ``schedule:``) is published by its turn instead."""
        last = self.last_turn if self.turns() else None
        if last is None or not history.is_repo(self.root):
            return
        report = f"{GAMES_DIR}/{self.id}/turns/{turn_dir(last)}/report.yaml"
        rel = config_relpath(self.id)
        sha = history.tag_target(self.root, f"{self.id}/turn-{last}") or history.last_commit_of(self.root, report)
        raw = history.blob(self.root, sha, rel) if sha else None
        try:
            data = yamlio.load_trusted(raw) if raw else None  # read as load_game reads game.yaml
            then_block = data.get("schedule") if isinstance(data, dict) else None
            then = schedmod.parse(then_block) if isinstance(then_block, Mapping) else None
        except (UnicodeDecodeError, yamlio.YamlInputError, schedmod.ScheduleError):
            return  # a game.yaml that did not read then ran no turn either: nothing was published from it
        if then is None or then_block is None:
            return
        def recorded(turn: int) -> dt.datetime | None:
            when = self.report(turn).get("deadline") if 1 <= turn <= last else None
            return dt.datetime.fromisoformat(when) if when else None
        changed = schedmod.published_changes(then, now, last, recorded)
        if changed:
            said = _edit_refusal(self.id, changed[0], then_block, block, then, last,
                                 self.language)
            raise LeagueError(f"{rel}: schedule: {said}")

    def schedule_for(self, turn: int) -> schedmod.Schedule | None:
        """The schedule that gives turn ``turn``'s deadline: game.yaml's, changed by the ``schedule:`` of the
        game master's rulings of the turns before it ('turnpress reschedule'), so that each issue keeps the next
        deadline it named."""
        base = self.schedule
        for t in self.ruled_turns() if base is not None else ():
            ruled = self.ruling(t) if t < turn else None
            if ruled is not None and ruled.schedule is not None and base is not None:
                try:
                    base = schedmod.ruled(base, ruled.schedule)
                except schedmod.ScheduleError as e:
                    said = COMMANDS.told(self.language, e)
                    raise LeagueError(f"{ruled.file}: schedule: {said}") from None
                problem = phase_kinds_problem(self.ruleset, self.settings.ruleset, base)
                if problem:
                    said = COMMANDS.told(self.language, problem)
                    raise LeagueError(f"{ruled.file}: schedule: {said}")
        return base

    def turns(self) -> list[int]:
        """The adjudicated turns (those with a report), 0 first; kept while ``reading``."""
        return _listed("turns", self.root, self.id, self._turns)

    def _turns(self) -> list[int]:
        folder = self.dir / "turns"
        if not folder.is_dir():
            return []
        turns = []
        for p in folder.iterdir():
            if not TURN_DIR.match(p.name):  # int() would take Arabic-Indic or full-width digits as a turn
                if p.is_dir():
                    raise LeagueError(COMMANDS.say(self.language, "turns.not_a_turn",
                                                   path=f"games/{self.id}/turns/{ascii(p.name)[1:-1]}"))
                continue
            if (p / "report.yaml").is_file():
                turns.append(int(p.name))
        turns.sort()
        gap = next((n for n, t in enumerate(turns) if n != t), None)
        if gap is not None:
            raise LeagueError(self._gap_text(gap, turns[gap:]))
        return turns

    def _gap_text(self, missing: int, after: list[int]) -> str:
        """What a hole in the turns is (a deleted turn folder, or a stray one far ahead) and how to repair it."""
        lang = self.language

        def say(word: str, /, **values: Any) -> str:
            return COMMANDS.say(lang, f"turns.{word}", **values)

        folder = f"{GAMES_DIR}/{self.id}/turns"
        gone = f"{folder}/{turn_dir(missing)}"
        later = ", ".join(turn_dir(t) for t in after[:3]) + (say("more", n=len(after) - 3) if len(after) > 3 else "")
        without = say("no_report", path=gone) if (self.root / gone).is_dir() else say("without", turn=turn_dir(missing))
        before = say("after", turn=missing - 1) if missing else say("no_setup")
        return say("gap", folder=folder, later=later, before=before, without=without,
                   stray=f"{folder}/{turn_dir(after[-1])}", gone=gone)

    @property
    def last_turn(self) -> int:
        turns = self.turns()
        if not turns:
            raise LeagueError(COMMANDS.say(self.language, "turns.no_setup_turn",
                                           game=self.id))
        return turns[-1]

    @property
    def open_turn(self) -> int:
        return self.last_turn + 1

    @property
    def paused(self) -> bool:
        """No turn of the game is due: its schedule says so (``paused: true`` in game.yaml), or the ruling of the
        open turn paused it ('turnpress pause'; 'turnpress resume' lifts it)."""
        if self.schedule is not None and self.schedule.paused:
            return True
        ruled = self.ruling(self.open_turn) if self.turns() else None
        return bool(ruled is not None and ruled.pause)

    def state(self, turn: int) -> State:
        """Turn ``turn``'s state: the public part, and of the hidden parts what this process can read."""
        folder = self.turn_folder(turn)
        state = yamlio.read_mapping(folder / "state.yaml")
        if (folder / "hidden.yaml").is_file():
            state.update(yamlio.read_mapping(folder / "hidden.yaml"))
        elif storage.is_sealed_turn(folder):
            state.update(copy.deepcopy(self._sealed_hidden(turn)[0]))
        return state

    def public_state(self, turn: int) -> State:
        """``ruleset.public_view(self.state(turn))``: what everybody sees of turn ``turn``'s state (each issue page's
        charts read it for every turn before; issue 33). For a ruleset whose view is ``HiddenStateViews``' own and
        hides at least ``HIDDEN_KEYS``, it comes from the plain files alone: a turn's sealed files hold only those
        keys (``storage.read_hidden``), which the view drops, so they are not opened, and the freshly read data is
        not copied again."""
        rules = self.ruleset
        hides = getattr(rules, "hidden_keys", ())
        if (getattr(type(rules), "public_view", None) is not HiddenStateViews.public_view
                or not set(HIDDEN_KEYS) <= set(hides)):
            return rules.public_view(self.state(turn))
        folder = self.turn_folder(turn)
        state = yamlio.read_mapping(folder / "state.yaml")
        if (folder / "hidden.yaml").is_file():
            state.update(yamlio.read_mapping(folder / "hidden.yaml"))
        return {k: v for k, v in state.items() if k not in hides}

    def hidden_complete(self, turn: int) -> bool:
        """False if part of turn ``turn``'s hidden state is sealed to a key this process does not have."""
        folder = self.turn_folder(turn)
        if (folder / "hidden.yaml").is_file() or not storage.is_sealed_turn(folder):
            return True
        return self._sealed_hidden(turn)[1]

    def _sealed_hidden(self, turn: int) -> tuple[State, bool]:
        if turn not in self._hidden:
            # A player's own key (TURNPRESS_IDENTITY) opens their part: template, validate and preview use it.
            keys = [*self.game_identities(), *self.identities, *secrets.player_identities()]
            self._hidden[turn] = storage.read_hidden(self.turn_folder(turn), self.id, turn, keys)
        return self._hidden[turn]

    def game_identities(self) -> list[Any]:
        """The game's secret key if this process has it (``secrets``); else nothing."""
        return secrets.game_identities(self.root, self.id)

    def report(self, turn: int) -> TurnReport:
        """Turn ``turn``'s report, read once per Game (a committed report never changes under a run) and
        checked to have the shape ``model.TurnReport`` names."""
        if turn not in self._reports:
            path = self.turn_folder(turn) / "report.yaml"
            self._reports[turn] = read_report(yamlio.read_mapping(path), str(path.relative_to(self.root)))
        return self._reports[turn]

    def ruling(self, turn: int) -> rulings.Ruling | None:
        """The game master's ruling for ``turn`` (``rulings/<game>/<NNNN>.yaml``), if there is one."""
        if turn < 1:
            return None
        if turn not in self._rulings and not os.path.lexists(self.root / rulings.relpath(self.id, turn)):
            # Most turns have none: then neither the schedule (its zone; reading it checks game.yaml against the
            # history, four git processes) nor the seats are read (issue 33: validate judges a sheet without git).
            self._rulings[turn] = None
        if turn not in self._rulings:
            zone = self.schedule.zone if self.schedule is not None else dt.UTC
            self._rulings[turn] = rulings.read(self.root, self.id, turn, self.settings.game_masters, zone,
                                               *self.seated_before(turn),
                                               self.language)
        return self._rulings[turn]

    def deadline(self, turn: int, kind: str | None = None, *, scheduled: bool = False) -> dt.datetime | None:
        """Turn ``turn``'s deadline: a ruling's, else from the schedule, chained from the deadline turn ``turn-1``
        recorded; ``kind`` is the kind of the turn's phase (read from its state if not given), which may have a
        period of its own. Unless ``scheduled``, moved for the dated absences of the players it awaits."""
        base = self._scheduled(turn, kind)
        if scheduled or base is None or self.schedule is None or self.schedule.absence is None:
            return base
        return self.absence_move(turn, base)[0]

    def absence_move(self, turn: int, deadline: dt.datetime) -> tuple[dt.datetime, tuple[str, ...]]:
        """``deadline`` of ``turn`` moved for the absence files of the players it awaits, and whose moved it."""
        if self.schedule is None or self.schedule.absence is None:
            return deadline, ()
        awaited = outcome.phase(self.ruleset, self.effective_state(turn)).awaited
        found = absence.read(self.root, self.id, awaited, self.schedule.absence,
                             self.language)
        return schedmod.absence_move(self.schedule, deadline, awaited, absence.all_periods(found))

    def _scheduled(self, turn: int, kind: str | None) -> dt.datetime | None:
        ruled = self.ruling(turn)
        if ruled is not None and ruled.deadline is not None:
            return ruled.deadline
        if self.schedule is None:
            return None
        previous = None
        if turn > 1:
            recorded = self.report(turn - 1).get("deadline")
            previous = dt.datetime.fromisoformat(recorded) if recorded else None
        schedule = self.schedule_for(turn)
        assert schedule is not None
        if kind is None:
            kind = self.ruleset.phase(self.effective_state(turn)).kind if schedule.phases and turn > 1 else ""
        return schedule.deadline(turn, previous, kind)

    def joins_at(self, turn: int) -> list[Player]:
        """Players admitted to the running game who enter it with ``turn``."""
        return [player_from_yaml(p) for p in self.settings.players if p.get("joined", 0) == turn
                and turn > 0]

    def commitment(self) -> bytes:
        return self.settings.commitment

    def dice_secret(self) -> bytes:
        return secrets.dice_secret(self.root, self.id, demo=self.settings.public_secret)

    def effective_state(self, turn: int, previous: State | None = None) -> State:
        """The state orders of ``turn`` are checked against: turn ``turn-1``'s state, with joins applied and the
        corrections of the game master's ruling for ``turn``. A re-run starts where the turn it voids started."""
        ruled = self.ruling(turn)
        if ruled is not None and ruled.rerun is not None:
            previous = self.effective_state(ruled.rerun)
        state = previous if previous is not None else self.state(turn - 1)
        for player in self.joins_at(turn):
            if not isinstance(self.ruleset, Joins):
                raise LeagueError(f"{self.settings.ruleset} does not let players join a running game")
            seed = b"join\0" + self.commitment() + player.key.encode()
            state = self.ruleset.join(state, player, dicemod.Dice(seed))
        if isinstance(self.ruleset, Unseats):  # once, at the turn a ruling took the seat out; later states carry it
            for key, since in sorted(self.removed(turn).items()):
                if since == turn:
                    state = self.ruleset.unseat(state, key)
        return rulings.apply(state, ruled) if ruled is not None and ruled.corrections else state

    # --- keys of a game with sealed parts ---

    def recipient_of(self, player: str) -> str | None:
        """The public key ``player`` registered (``turnpress keys add``), if any."""
        entry = next((p for p in self.seats() if p["key"] == player), None)
        return entry.get("recipient") if entry else None

    def recipients(self, player: str | None) -> list[str]:
        """Whom a file of ``player`` is sealed to: the game, and the player if they registered a key."""
        key = self.settings.key
        if key is None:
            raise SealError(f"{self.id} has no key: the game master makes one with 'turnpress keys new {self.id}'",
                            word="seal.no_game_key", game=self.id)
        own = self.recipient_of(player) if player and self.player(player) else None
        return [key, *([own] if own else [])]

    def turn_files(self, turn: int, state: State, report: TurnReport, private_reports: Mapping[str, Any] | None = None,
                   faults: Mapping[str, Any] | None = None) -> tuple[dict[str, str], dict[str, str]]:
        """The files of a turn, and for a game with a key the plaintext of each sealed one (``turn_files``)."""
        return turn_files(self.id, self.ruleset, self.settings.key, self.recipients, turn, state, report,
                          private_reports, faults)


def turn_files(game_id: str, rules: Ruleset, key: str | None, readers: storage.Readers | None, turn: int, state: State,
               report: TurnReport, private_reports: Mapping[str, Any] | None = None,
               faults: Mapping[str, Any] | None = None) -> tuple[dict[str, str], dict[str, str]]:
    """The files of a turn, and for a game with a key the plaintext of each sealed one. Reads nothing.

    Without a key the hidden parts go to plaintext ``hidden.yaml`` and private reports are not kept; with a
    key each player's part, report and ``faults`` (what the deadline found wrong in their orders, which the
    public report does not print) are sealed to their ``readers`` (the player and the game), the game master's
    part to the game. ``readers`` None: the sealed files are not made, only their plaintexts (a replay's, which
    compares what they hold: an encryption a file and reader, whose bytes differ each time anyway).
    """
    folder = turn_relpath(game_id, turn)
    public = rules.public_view(state)
    files = {f"{folder}/state.yaml": yamlio.dump(public), f"{folder}/report.yaml": yamlio.dump(report)}
    if key is not None:
        plain = storage.hidden_plaintexts(folder, game_id, turn, state, private_reports or {}, faults or {})
        if readers is not None:
            files.update(storage.seal_plaintexts(plain, readers))
        return files, plain
    hidden = {k: state[k] for k in HIDDEN_KEYS if k in state}
    if hidden:
        files[f"{folder}/hidden.yaml"] = yamlio.dump(hidden)
    return files, {}


# --- what a turn to run reads --------------------------------------------------------------------------------

@dataclass(frozen=True)
class LeagueTurn:
    """Everything the open turn of a game reads of the league but its orders folder, read at once
    (``read_league_turn``): the engine's ``turn.load_turn`` builds the turn's snapshot from it and asks the ``Game``
    for nothing else (issue 31, "everything a turn reads is loaded once into an immutable snapshot").

    ``state`` is the effective state (joins, a ruling's corrections applied) and ``phase`` its phase; ``reports``
    and ``publics`` are the reports and public states of turns 0 to ``turn - 1``; ``seats`` are the players'
    entries as the rulings through the open turn left them, ``seats_before`` as of the turn before; ``previous``
    each awaited player's orders played last (their NMR default), and in a re-run ``rerun_played`` the voided
    turn's orders of those whose file the ruling did not find, each as published with its sealed file."""

    game: str
    turn: int
    rules: Ruleset
    settings: GameConfig
    schedule: schedmod.Schedule | None
    language: str
    identities: tuple[Any, ...]  # the game's key where it takes sealed orders: they open with it
    state: State
    phase: Phase
    ruling: rulings.Ruling | None
    removed: Mapping[str, int]
    planned: dt.datetime | None  # the deadline by the schedule or the ruling, before absences and extensions
    reports: tuple[TurnReport, ...]
    publics: tuple[State, ...]
    seats: tuple[Mapping[str, Any], ...]
    seats_before: tuple[Mapping[str, Any], ...]
    next_schedule: schedmod.Schedule | None  # the schedule the next turn keeps (the issue page says a change)
    notes: str | None  # the game master's notes for the turn's issue
    repo: str | None  # ``repo_url`` in the league's mkdocs.yml
    heads: tuple[str | None, str | None]  # the chain head after the turn, or before it (``anchor.issue_heads``)
    previous: Mapping[str, Orders | None]
    rerun_played: Mapping[str, tuple[bytes, bytes | None]]
    hidden_link: bytes | None


def read_league_turn(game: Game) -> LeagueTurn:
    """What the open turn of ``game`` reads of the league (``LeagueTurn``), in one place; refused, before anything
    else is read, where its hidden state or its sealed orders are sealed to a key this process lacks, where its
    hidden parts would be committed in plain text, and where the game is over."""
    turn = game.open_turn
    if not game.hidden_complete(turn - 1):
        raise LeagueError(f"the hidden state of {game.id} is sealed to its key: set {secrets.key_env(game.id)}",
                          word="turn.hidden_sealed", game=game.id, variable=secrets.key_env(game.id))
    identities = game.game_identities() if game.sealed_orders else []  # read once: the orders open with it
    if game.sealed_orders and not identities:
        raise LeagueError(f"{game.id} takes sealed orders, and opening them needs the game's key: set "
                          f"{secrets.key_env(game.id)} (it was printed by 'turnpress keys new {game.id}')",
                          word="turn.needs_key", game=game.id, variable=secrets.key_env(game.id))
    rules, settings = game.ruleset, game.settings
    declared = secrecy.of(rules, settings.options)
    if not game.keyed and (declared.hidden_state or declared.hidden_draws) and not settings.public_secret:
        raise LeagueError(f"{game.id} keeps hidden state and has no key: its hidden parts would be committed in "
                          f"plain text. Make its key first: 'turnpress keys new {game.id}'", word="turn.no_key",
                          game=game.id)
    state = game.effective_state(turn)
    phase = outcome.phase(rules, state)
    if phase.finished:
        raise LeagueError(f"{game.id} is over; there is nothing to adjudicate", word="turn.over", game=game.id)
    ruled, removed = game.ruling(turn), game.removed(turn)
    rerun_played = {}
    if ruled is not None and ruled.rerun is not None:  # the voided turn's orders of those whose file it did not find
        for key in account(game.report(ruled.rerun)).get("taken", []):
            if key not in ruled.found and key not in removed and key in phase.awaited:
                rerun_played[key] = (published_orders(game, turn, key), envelope_of(game, turn, key))
    # A re-run plays the voided turn again: a missing player's NMR orders follow from the turns before it.
    before = ruled.rerun if ruled is not None and ruled.rerun is not None else turn
    notes = game.dir / "notes" / f"{turn:04d}.md"
    return LeagueTurn(
        game.id, turn, rules, settings, game.schedule, game.language, tuple(identities), state,
        phase, ruled, removed, game.deadline(turn, phase.kind, scheduled=True),
        tuple(game.report(t) for t in range(turn)), tuple(game.public_state(t) for t in range(turn)),
        tuple(game.seats(turn)), tuple(game.seats(turn - 1)),
        game.schedule_for(turn + 1) if game.schedule is not None else None,
        notes.read_text(encoding="utf-8") if notes.is_file() else None, game.league.repo,
        anchor.issue_heads(game.dir, turn), {key: previous_orders(game, key, before) for key in phase.awaited},
        rerun_played, link_for_turn(game, turn))


def published_orders(game: Game, turn: int, player: str, identities: Sequence[Any] | None = None) -> bytes:
    """The orders file of ``player`` in ``turn`` as it was adjudicated.

    Where only its public part was published (``secrecy.public_part``), the full text is the sealed file's,
    opened with the game's key if this process has it; without, the public part is all there is. In a re-run
    (a ruling's ``rerun``) the orders a player played are those of the voided turn, unless the ruling found theirs.
    ``identities``: the game's key where the caller read it already (else it is read here).
    """
    turn = orders_turn(game, turn, player)
    raw = read_limited(game.root / orders_relpath(game.id, turn, player))
    if not secrecy.is_public_text(raw):
        return raw
    sealed = game.root / sealed_relpath(game.id, turn, player)
    if identities is None:
        identities = game.game_identities()
    if not identities or not sealed.is_file():
        return raw
    return crypto.decrypt(read_limited(sealed, SEALED_MAX_BYTES), identities)


def envelope_of(game: Game, turn: int, player: str) -> bytes | None:
    """The sealed file of the orders ``player`` played in ``turn`` as it was submitted (what the dice's digest
    binds of them: ``dice.submitted``), or None where they were not sealed."""
    path = game.root / sealed_relpath(game.id, orders_turn(game, turn, player), player)
    if not game.sealed_orders or not path.is_file() or path.is_symlink():
        return None
    return read_limited(path, SEALED_MAX_BYTES)


def orders_turn(game: Game, turn: int, player: str) -> int:
    """The turn whose folder holds the orders ``player`` played in ``turn``: ``turn`` itself, or in a re-run the
    voided turn's, for every player but those whose file the ruling found."""
    ruled = game.ruling(turn)
    if ruled is not None and ruled.rerun is not None and player not in ruled.found:
        return ruled.rerun
    return turn


OrdersRead = dict[tuple[int, str], Orders]
"""Orders files already read in this pass, by turn and player, as parsed (never handed out: callers get copies)."""


def previous_orders(game: Game, player: str, turn: int, read: OrdersRead | None = None) -> Orders | None:
    """The orders ``player`` last played before ``turn``: their taken file, or the defaults used for them.

    ``read``: the files a replay read for the turns before (``load_replay``); verify would otherwise parse every
    taken file twice, for its own turn and as the next turn's NMR default. A copy, since a ruleset may change it."""
    for t in range(turn - 1, 0, -1):
        report = game.report(t)
        meta = account(report)
        if player in meta.get("taken", []):
            if read is not None and (t, player) in read:
                return copy.deepcopy(read[t, player])
            loc = yamlio.load(published_orders(game, t, player))
            found: Orders = loc.data["orders"]
            return found
        if player in meta.get("defaults", {}):
            default: Orders = meta["defaults"][player]
            return default
    return None


def _edit_refusal(game: str, key: str, then: Mapping[str, Any], block: Mapping[str, Any], old: schedmod.Schedule,
                  last: int, lang: str = "en") -> str:
    """What to write instead of a hand edit of ``key`` that would change a published page, in ``lang``."""
    def say(word: str, /, **values: Any) -> str:
        return COMMANDS.say(lang, f"config.edit.{word}", **values)

    was = then.get(key, say("as_it_was"))
    published = say("published", turn=last) if last else say("setup_published")
    if key == "timezone":
        return say("timezone", game=game, zone=old.timezone, was=was)
    if key == "first":
        if last == 0:
            return say("first_setup", when=f"{old.first:%Y-%m-%d %H:%M}", was=was, game=game, new=block.get("first"))
        return say("first", published=published, was=was, game=game)
    if key == "extend":
        return say("extend", published=published)
    new = block.get(key)
    flag = (f"--every \"{new}\"" if key == "every" else
            " ".join(f"--phase {k}=\"{v}\"" for k, v in (new or {}).items()) or "--phase KIND=none")
    return say("period", key=key, game=game, was=was, published=published, flag=flag, next=last + 1)


def phase_kinds_problem(rules: Ruleset, name: str, schedule: schedmod.Schedule,
                        where: str = "phases") -> schedmod.ScheduleError | None:
    """What is wrong with the kinds of phase a schedule gives periods of their own (``where`` names the block:
    'phases', '--schedule: phases'), as an error naming its word (``COMMANDS.told`` says it); None if nothing."""
    kinds = rules.phase_kinds() if isinstance(rules, HasPhaseKinds) else ()
    unknown = sorted(k for k in schedule.phases if k not in kinds)
    if not unknown:
        return None
    values = {"where": where, "ruleset": name, "unknown": ", ".join(map(repr, unknown)), "kinds": ", ".join(kinds)}
    if kinds:
        return schedmod.ScheduleError(f"{where}: {name} has no phase of the kind {values['unknown']}; its kinds are "
                                      f"{values['kinds']}", "schedule.phase_kind", **values)
    return schedmod.ScheduleError(f"{where}: {name} has no phase of the kind {values['unknown']}; it has one kind of "
                                  "phase, whose period is 'every'", "schedule.phase_kind_one", **values)


def unknown_ruleset(name: str, e: KeyError) -> RulesetError:
    """The registry's refusal of the ruleset ``name`` (``kit.ruleset.load``'s ``KeyError``), naming its word."""
    if name in available():  # registered, but its module cannot be imported: Python's words, as they are
        return RulesetError(e.args[0], word="ruleset.unloadable", name=repr(name), error=str(e.__cause__ or e))
    return RulesetError(e.args[0], word="ruleset.unknown", name=repr(name),
                        installed=", ".join(available()) or "-")


def player_from_yaml(p: Mapping[str, Any]) -> Player:
    return Player(key=p["key"], name=p["name"], login=p["login"], github_id=int(p["id"]), role=p.get("role"))


def player_to_yaml(p: Player, joined: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"key": p.key, "name": p.name, "login": p.login, "id": p.github_id}
    if p.role is not None:
        out["role"] = p.role
    if joined:
        out["joined"] = joined
    return out


def changed_config(root: Path, game_id: str, change: Callable[[Any], None], expected: Mapping[str, Any]) -> str:
    """The text of ``game.yaml`` with ``change`` made on its round-trip tree (``yamledit``): the game master's
    comments, order and layout stay; the new text must read as ``expected``, or nothing is written."""
    rel = config_relpath(game_id)
    return yamledit.edit_checked(rel, (root / rel).read_text(encoding="utf-8"), change, dict(expected))


def load_game(root: Path, game_id: str, league: words.League | None = None) -> Game:
    """The game ``game_id`` of the league at ``root``, from its ``game.yaml``; ``LeagueError`` where that is missing
    or has a field of a shape no command can use (``config_problem``). ``league``: what the league's ``mkdocs.yml``
    says, where the command read it already (else it is read here)."""
    path = root / config_relpath(game_id)
    data = yamlio.read_data(path) if path.is_file() else None
    if isinstance(data, dict) and not config_problem(data):
        return Game(root, game_id, data, league_read=league)
    raise LeagueError(_config_fault(root, game_id, path.is_file(), data))


def _config_fault(root: Path, game_id: str, found: bool, data: Any) -> str:
    """What is wrong with a game's file (missing where not ``found``, no mapping, a field of the wrong shape), said
    in one language for all three: the game's, as far as its fields read, else the league's."""
    problem = config_problem(data) if isinstance(data, dict) else None
    read = {k: data[k] for k, kind in (("ruleset", str), ("options", dict), ("language", str))
            if isinstance(data, dict) and isinstance(data.get(k), kind)}
    if problem is not None and problem[0] == "config.language":  # said in the league's, the one its master writes
        read = {}
    lang = game_language(GameConfig({"ruleset": "", **read}), root)
    if not found:
        known = ", ".join(list_games(root)) or COMMANDS.say(lang, "config.none")
        return COMMANDS.say(lang, "config.no_game", game=repr(game_id), folder=root / GAMES_DIR, known=known)
    if problem is None:  # empty, a list, a number: no field to read, and no traceback to show for it
        return COMMANDS.say(lang, "config.not_mapping", file=config_relpath(game_id), kind=type(data).__name__)
    if problem[0] == "config.language":  # nothing to restore: the game master wrote the line
        return COMMANDS.say(lang, "config.language", file=config_relpath(game_id), **problem[1],
                            speaks_named=_language_named(lang, problem[1]["speaks"]))
    return COMMANDS.say(lang, "config.fault", file=config_relpath(game_id),
                        problem=COMMANDS.say(lang, problem[0], **problem[1]))


def _language_named(lang: str, code: str) -> str:
    """A language's name in ``lang`` ('Englisch'), or its code where the commands' catalog has no name for it."""
    key = f"config.language_name.{code}"
    return COMMANDS.say(lang, key) if key in COMMANDS.table()["en"] else code


# What every game.yaml field that commands read must be (its word in the commands' catalog, config.field.NAME,
# says so); what a ruleset reads in ``options`` is its own.
_FIELDS: dict[str, type] = {"ruleset": str, "title": str, "game": str, "options": dict, "players": list,
                            "schedule": dict, "key": str, "dice": dict}
_PLAYER: dict[str, type] = {"key": str, "name": str, "login": str, "id": int}


def config_problem(data: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """The first field of a game's file whose type no command could use, as its word in the commands' catalog and
    the values that fill it; ``None`` if the shape holds.

    Only types and the fields every command needs: what the values mean is checked where they are used.

    >>> config_problem({"ruleset": 7})
    ('config.field.ruleset', {'kind': 'int'})
    """
    if "ruleset" not in data:
        return "config.ruleset_missing", {}
    for name, kind in _FIELDS.items():
        value = data.get(name)
        if value is not None and (not isinstance(value, kind) or isinstance(value, bool)):
            return f"config.field.{name}", {"kind": type(value).__name__}
    for i, player in enumerate(data.get("players") or []):
        if not isinstance(player, dict):
            return "config.player", {"entry": i + 1, "kind": type(player).__name__}
        for name, kind in _PLAYER.items():
            if not isinstance(player.get(name), kind) or isinstance(player.get(name), bool):
                return (f"config.player_{'number' if kind is int else 'text'}",
                        {"entry": i + 1, "field": name, "kind": type(player.get(name)).__name__})
    # A game speaks its rules' language throughout (issue 31): the language the site's catalogue of rulesets names
    # for them, where it names one (standard Diplomacy's is English, the Thirty Years' War's German). Pages in
    # another would be half in each: a German page round an English check, sheet and report.
    speaks = about(data["ruleset"], data.get("options") or {}).get("language")
    if isinstance(data.get("language"), str) and speaks and data["language"] != speaks:
        return "config.language", {"language": data["language"], "ruleset": data["ruleset"], "speaks": str(speaks)}
    dice = data.get("dice")
    if dice is None:  # every game has one from its set-up: without it no turn's dice can be checked or drawn
        return "config.dice_missing", {}
    if not isinstance(dice.get("commitment"), str) or type(dice.get("length")) is not int:
        return "config.dice", {}
    for name in ("commitment", "hidden"):
        value = dice.get(name)
        if value is not None and not (isinstance(value, str) and _HASH.fullmatch(value)):
            return "config.dice_hash", {"field": name, "value": ascii(value)[:80]}
    return None


_HASH = re.compile(r"[0-9a-f]{64}", re.ASCII)


def list_games(root: Path) -> list[str]:
    folder = root / GAMES_DIR
    return sorted(p.name for p in folder.iterdir() if (p / "game.yaml").is_file()) if folder.is_dir() else []


# --- writing files all or nothing ----------------------------------------------------------------------------

FaultHook = Callable[[str], None]


def no_fault(step: str) -> None:
    """The fault hook of a real run: nothing happens. Tests pass one that fails at a chosen step."""


def write_files(root: Path, files: Mapping[str, str], *, remove: Iterable[Path] = (),
                fault: FaultHook = no_fault) -> list[str]:
    """Write ``files`` (relative path -> text) into the tree and delete ``remove``: all of it, or nothing.

    Each file is written to a staging folder first, then moved into place; if anything fails, every file
    moved is put back as it was, folders made for it are removed, and nothing in ``remove`` is deleted.
    """
    forget()  # before and after: what ``reading`` kept of the tree no longer holds, whether this succeeds or not
    try:
        return _write_files(root, files, remove, fault)
    finally:
        forget()


def _write_files(root: Path, files: Mapping[str, str], remove: Iterable[Path], fault: FaultHook) -> list[str]:
    staging_parent = root / ".git" if (root / ".git").is_dir() else root
    # Named after this process: a later run removes the folder of a killed one (``history.clean_leftovers``).
    staging = Path(tempfile.mkdtemp(prefix=f"turnpress-stage-{os.getpid()}-", dir=staging_parent))
    backups: dict[str, bytes | None] = {}
    moved: list[str] = []
    made_dirs: list[Path] = []
    try:
        for rel, text in files.items():
            fault(f"write {rel}")
            target = staging / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        for rel in files:
            fault(f"move {rel}")
            dest = root / rel
            backups[rel] = dest.read_bytes() if dest.is_file() else None
            for parent in reversed(dest.relative_to(root).parents[:-1]):
                if not (root / parent).exists():
                    made_dirs.append(root / parent)
            dest.parent.mkdir(parents=True, exist_ok=True)
            os.replace(staging / rel, dest)
            moved.append(rel)
        fault("done")
        for path in remove:
            path.unlink()
        return sorted(files)
    except BaseException:
        for rel in reversed(moved):
            dest = root / rel
            backup = backups[rel]
            if backup is None:
                dest.unlink(missing_ok=True)
            else:
                dest.write_bytes(backup)
        for d in sorted(set(made_dirs), key=lambda p: len(p.parts), reverse=True):
            if d.is_dir() and not any(d.iterdir()):
                d.rmdir()
        raise
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def damage_text(root: Path, game: str | None = None, lang: str = "en") -> str:
    """Which turn files (of ``game``, or of every game) differ from what turnpress committed, and how to restore
    each, in ``lang``; '' if none do. A turn's files are written once, so a difference is damage, the likely cause
    of an error no reader names."""
    folder = f"{GAMES_DIR}/{game}/turns" if game else GAMES_DIR
    try:
        found = history.altered(root, folder)
    except GitError:
        return ""
    return "".join(COMMANDS.say(lang, "damage.altered", file=visible(rel), commit=commit[:10]) + "\n"
                   for rel, commit in found if rel.startswith(f"{GAMES_DIR}/") and "/turns/" in rel)
