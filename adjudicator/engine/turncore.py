"""The pure core of a turn: a snapshot in, a plan, an outcome out (issue 31, "I/O at the edges of a turn").

``turn.load_turn`` (a turn to run), ``turn.load_replay`` (a committed turn, for ``verify``, from what the turn
published: ``turn.load_committed``) and ``turn.load_status`` (the open turn looked at) read everything a turn
needs once, into a frozen ``TurnSnapshot``: each orders file as read (``Submission``: its bytes, a sealed one
opened with the game's key). ``plan`` decides from it who counts, what is refused (``judge``: each file checked
against the state in the game's language) and which deadline stands; ``compute`` adjudicates; ``turn.write_turn``
is the one writer. ``verify`` runs the same ``plan`` and ``compute`` on a committed turn's snapshot and keeps only
the comparison.

Nothing here reads a file, git, the clock or the environment: a test builds a snapshot in memory and plays a turn
from it without a league (``tests/test_turn_core.py``).
"""

from __future__ import annotations

import copy
import dataclasses
import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import dice as dicemod
from .. import schedule as schedmod
from ..errors import LeagueError, SealError
from ..kit import benevolent, words
from ..kit import orders as ordersmod
from ..kit import outcome as outcomemod
from ..kit import secrecy as secrecymod
from ..kit.ruleset import Removes, Ruleset
from ..league.secrets import key_env
from ..league.store import turn_files
from ..model import DiceRecord, GameConfig, Orders, OrdersAccount, Phase, State, TurnReport
from . import sealed_orders as sealedorders

if TYPE_CHECKING:
    from ..league.rulings import Ruling
    from ..newsletter import IssueInput

# Reasons the report gives for a file not taken (an issue shows them in its language: kit/catalog/site.yaml, reason.*).
NOTHING_VALID = "nothing valid remains"  # a file benevolent reading could keep nothing of
RULED_OUT = "out of the game by the ruling of turn {turn}"
RERUN_PLAYS = "the re-run of turn {turn} plays that turn's orders"
GAME_ENDED = "the game master's ruling ended the game before this turn was played"
NOT_SEALED = "not sealed"  # a plain orders file in a game of sealed orders
SECRET_PROBLEMS = ("what the rules found is not published in a game with hidden state: your private report names it "
                   "('turnpress open')")


def stand_in_language(lang: str) -> str:
    """The language a new turn of a game in ``lang`` says ``SECRET_PROBLEMS`` in: the game's where the site's
    catalog has its words (``reason.hidden``), else English. Published words: they never change."""
    return lang if words.reason(lang, SECRET_PROBLEMS) != SECRET_PROBLEMS else "en"


def secret_problems(account: OrdersAccount) -> str:
    """The stand-in for what the rules found in a game with hidden state, in the language a turn's orders account
    names (``stand_in:``, issue 31), else English: a replay recomputes the files of which nothing valid remained
    and the orders left out, so it must say them in the words the turn published."""
    return words.reason(account.get("stand_in", "en"), SECRET_PROBLEMS)


@dataclass(frozen=True)
class Submission:
    """One orders file of the open turn as the loader read it (``turn.submissions``), unchecked: ``judge`` says
    what the plan makes of it. ``file`` is the orders file's path (a sealed file unread: the sealed file's);
    ``raw`` its bytes: a plain file's, or a sealed file's opened with the game's key (empty where it did not open:
    ``unopened`` is the key's refusal); ``envelope`` the sealed file's bytes as read."""

    player: str
    file: str
    raw: bytes
    arrived: dt.datetime | None  # None: not committed yet
    sealed_file: str | None = None  # the sealed file these orders came from, in a game of sealed orders
    unopened: SealError | None = None  # why the sealed file did not open with the game's key (said by ``judge``)
    unread: bool = False  # sealed and not opened: this process has no key (``status`` without the secret)
    envelope: bytes | None = None  # the sealed file's bytes, which the turn's dice digest binds


@dataclass(frozen=True)
class Judged:
    """An orders file as the plan judges it (``judge``): what checking it against the turn's state found, and why
    it cannot be taken whatever its content (``refusal``: a plain file where orders are sealed, a sealed file of
    no seat, one that did not open or is no orders file of its game, turn and player)."""

    sub: Submission
    checked: ordersmod.Checked
    refusal: str | None = None

    @property
    def player(self) -> str:
        return self.sub.player


@dataclass(frozen=True)
class Taken:
    """Orders that count: the file's bytes, the orders in it, and the sealed file's bytes they came from (what
    the dice's digest binds of sealed orders: ``dice.submitted``)."""

    raw: bytes
    orders: Orders
    envelope: bytes | None = None


@dataclass(frozen=True)
class Deadline:
    """The open turn's deadline and what moved it: ``planned`` by the schedule (or a ruling), moved for the
    dated absences of the ``absent`` players to ``scheduled``, then by an NMR extension the ``extended`` used."""

    planned: dt.datetime | None
    scheduled: dt.datetime | None
    absent: tuple[str, ...] = ()
    extended: tuple[str, ...] = ()

    def final(self, schedule: schedmod.Schedule | None) -> dt.datetime | None:
        return extended_deadline(schedule, self.scheduled) if self.extended and self.scheduled else self.scheduled

    def record(self, meta: OrdersAccount) -> None:
        """Whose absence and whose NMR extension moved it, for the report: ``compute`` moves it by the same."""
        if self.absent and self.planned is not None and self.scheduled is not None:
            meta["absence"] = {"from": schedmod.iso(self.planned), "to": schedmod.iso(self.scheduled),
                               "players": list(self.absent)}
        if self.extended and self.scheduled is not None:
            meta["extension"] = {"from": schedmod.iso(self.scheduled), "players": list(self.extended)}


def extended_deadline(schedule: schedmod.Schedule | None, deadline: dt.datetime) -> dt.datetime:
    """``deadline`` moved by the game's NMR extension."""
    assert schedule is not None and schedule.nmr_extension is not None
    return schedule.after(deadline, schedule.nmr_extension.period)


@dataclass(frozen=True)
class Arrivals:
    """What a turn to run knows of time (``turn.load_turn``): when it runs, the absences of the players it awaits,
    when each orders file first reached main and the NMR extensions each player used before."""

    now: dt.datetime | None
    early: bool = False
    absences: Mapping[str, Sequence[tuple[dt.date, dt.date]]] | None = None  # None: the game takes no absences
    first_in: Mapping[str, dt.datetime] = field(default_factory=dict)  # orders file -> its first arrival on main
    extensions_used: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Ran:
    """What the league's history says of a committed turn when it ran (``turn.load_ran``), read once from git:
    the absence files of the players it awaited at the commit its tag names (player -> the file's text; a player
    without one is not there), and when each orders file of its folder first reached main (those the tree still
    holds). ``verify`` checks the deadline's moves against them; each is read only where the schedule takes
    absences or NMR extensions."""

    tagged: str | None = None  # the commit of the turn's tag; None where there is none
    absences: Mapping[str, bytes] = field(default_factory=dict)
    first_in: Mapping[str, dt.datetime] = field(default_factory=dict)  # orders file -> its first arrival on main


@dataclass(frozen=True)
class Written:
    """The files a committed turn's folder holds, as committed, read once (``turn.load_committed``): ``verify``
    compares the replay's files with them byte for byte and follows the chain head from them. ``hidden`` is the
    plain ``hidden.yaml`` of a turn played before its game had a key; ``sealed`` each sealed hidden part (its path
    from the league's root; None where that name is no regular file), read where the game's key is at hand to open
    them. None where a file is missing."""

    state: bytes | None = None
    report: bytes | None = None
    hidden: bytes | None = None
    sealed: Mapping[str, bytes | None] = field(default_factory=dict)


@dataclass(frozen=True)
class Carried:
    """What ``verify`` carries on from a committed turn it does not replay, or could not (``turn.load_carried``):
    the turn's state as this process reads it (None where part of its hidden state stays sealed to a key this
    process lacks, unless asked for what it can read) and what everybody sees of it."""

    state: State | None
    public: State


@dataclass(frozen=True)
class SetUp:
    """What ``verify`` starts a game's replay from, read once (``turn.load_setup``): the set-up's report, its state
    (``carried``) and files (``written``), the game's key where this process holds it (``identities``), each turn's
    hidden link where that key or the game's end opens them (``links``, else None; ``unlinked``: where they do not
    open as they should, why, and the turn to name), ``ended``: the last turn ended a game with a key this
    process lacks and no hidden chain, whose full orders published with it replay every turn; and the set-up's
    issue page (``page``), where its rules write one."""

    game: str
    rules: Ruleset
    settings: GameConfig
    report: TurnReport
    carried: Carried
    written: Written
    identities: tuple[Any, ...] = ()
    links: Mapping[int, bytes] | None = None
    unlinked: tuple[int, LeagueError] | None = None
    ended: bool = False
    page: Page | None = None


@dataclass(frozen=True)
class Page:
    """A committed turn's issue page as the league holds it, and what the page shows besides the turn's outcome
    (``turn.load_page``, read once): ``verify`` renders the page again from ``facts`` (``newsletter.issue_facts``;
    the states, labels and chain head are its replay's) and compares it with ``text``, the page at ``path``, None
    where it is missing; ``moved_from`` is its place before issue 33 where that holds it instead."""

    facts: IssueInput
    path: str
    text: bytes | None
    moved_from: str | None = None


@dataclass(frozen=True)
class Filed:
    """An orders file a committed turn took (or refused for nothing valid), as the league's folders hold it
    (``turn.load_committed``): what ``verify`` checks of it and what its replay plays read the same bytes."""

    played: int  # the turn whose folder holds it: the turn's own, or in a re-run the voided turn's
    published: bytes | None  # the published file; None where it is missing
    sealed: bytes | None = None  # the sealed file as submitted; None where there is none
    opened: bytes | None = None  # the sealed file opened with the game's key (None: no key at hand, or no file)
    unopened: str | None = None  # why the sealed file did not open with the game's key


@dataclass(frozen=True)
class Committed:
    """What a committed turn published, read once (``turn.load_committed``): its report and the orders files of
    the players it took or refused for nothing valid. ``verify`` checks every turn from it, replayed or not (the
    digest, the arrivals, the sealed orders), and the replay's snapshot takes its orders from the same files.
    ``keyed`` says whether the game's key was at hand to open the sealed files; ``written`` is what the turn's
    folder holds, which the replay's files are compared with."""

    game: str
    turn: int
    rules: Ruleset
    settings: GameConfig
    schedule: schedmod.Schedule | None
    report: TurnReport
    files: Mapping[str, Filed]
    keyed: bool = False
    written: Written = Written()

    def envelope(self, player: str) -> bytes | None:
        """What the dice's digest binds of a player's orders beside their text (``dice.submitted``): the sealed
        file as submitted, in a game of sealed orders."""
        filed = self.files.get(player)
        return filed.sealed if filed is not None and self.settings.sealed_orders else None

    def played(self, player: str) -> bytes:
        """The orders file the turn played for ``player``: as published, or all of it where only its public part
        was published and the game's key opened the sealed file (``turn.published_orders``)."""
        filed = self.files[player]
        assert filed.published is not None, "a missing file is not played"
        if not secrecymod.is_public_text(filed.published) or not self.keyed or filed.sealed is None:
            return filed.published
        if filed.opened is None:
            raise SealError(filed.unopened or f"{player}'s sealed orders do not open with the game's key",
                            word="" if filed.unopened else "seal.orders_closed", player=player)
        return filed.opened


@dataclass(frozen=True)
class TurnSnapshot:
    """Everything one turn reads, loaded once; ``plan`` and ``compute`` read nothing else.

    ``state`` is the state the turn's orders are checked against (joins, a ruling's corrections applied).
    A turn to run has ``arrivals``, its ``submissions``, the ``seed`` its secret reveals and the previous turn's
    ``previous_seed``; in a re-run, ``rerun_taken`` are the voided turn's orders of those whose file the ruling did
    not find; and its ``issue``, what its issue page shows besides the outcome. A committed turn replayed
    (``verify``) has its ``recorded`` report and the orders it ``taken`` (from what it published, ``Committed``).
    The open turn looked at (``turn.status``) has its arrivals and submissions only: no seed, no previous orders;
    its sealed files, unread without the key, are checked as ``envelopes``. A turn to run and the open turn looked
    at have the game's ``seats``, which ``judge`` refuses the orders of any other name by.
    """

    game: str
    turn: int
    rules: Ruleset
    settings: GameConfig
    schedule: schedmod.Schedule | None
    language: str
    state: State
    ruling: Ruling | None
    removed: Mapping[str, int]
    planned: dt.datetime | None  # the turn's deadline by its schedule or ruling, before absences and extensions
    previous_orders: Mapping[str, Orders | None]  # each awaited player's orders played last (their NMR default)
    recipients: Mapping[str, str] = field(default_factory=dict)  # a seat's own public key, beside the game's
    hidden_link: bytes | None = None
    # a turn to run
    arrivals: Arrivals | None = None
    submissions: tuple[Submission, ...] = ()
    seats: tuple[str, ...] = ()  # the game's seats: an orders file of another name is refused (``judge``)
    envelopes: sealedorders.Envelopes | None = None  # what sealed files unread are checked against (``judge``)
    seed: bytes | None = None
    digest_of: str | None = None  # what its dice's digest binds (``turn.digest_scheme``)
    previous_seed: bytes | None = None
    rerun_taken: Mapping[str, Taken] = field(default_factory=dict)
    issue: IssueInput | None = None  # what its issue page shows besides the outcome (``newsletter.render``)
    # a committed turn, replayed
    recorded: TurnReport | None = None
    taken: Mapping[str, Taken] = field(default_factory=dict)
    # the language of the comment heading each orders file the turn publishes (``secrecy.head``): the game's for a
    # turn to run, the one its report names (``heads:``, else English) for a committed turn replayed
    heads: str = "en"

    @property
    def keyed(self) -> bool:
        return self.settings.key is not None

    def readers(self, player: str | None) -> list[str]:
        """Whom a sealed file of ``player`` is sealed to: the game, and the player if they registered a key."""
        key = self.settings.key
        if key is None:
            raise SealError(f"{self.game} has no key: the game master makes one with 'turnpress keys new {self.game}'",
                            word="seal.no_game_key", game=self.game)
        own = self.recipients.get(player) if player else None
        return [key, *([own] if own else [])]


@dataclass(frozen=True)
class TurnPlan:
    """What a turn decides before the rules play: the orders that count, the report's account of every file so
    far (taken, late, refused, the deadline's moves), the seed and what the dice's digest binds, and for a turn to
    run each orders file as judged."""

    taken: Mapping[str, Taken]
    account: OrdersAccount
    seed: bytes
    digest_of: str | None
    judged: tuple[Judged, ...] = ()  # the open turn's orders files as judged (``judge``)


@dataclass
class TurnOutcome:
    game: str
    turn: int
    label: str
    files: dict[str, str]
    report: TurnReport
    state: State = field(default_factory=dict)
    sealed: dict[str, str] = field(default_factory=dict)  # sealed file -> the plaintext sealed in it
    base: str | None = None  # the commit the turn was computed from; the turn commits on top of it only
    commit: str | None = None
    missed: list[str] = field(default_factory=list)


# --- the plan ------------------------------------------------------------------------------------------------

def plan(snap: TurnSnapshot) -> TurnPlan:
    """Who counts, what is refused, which deadline stands, the seed: from the files and times of a turn to run, or
    as a committed turn's report recorded them (its late and refused files stand; nothing is decided again from
    times or secrets)."""
    if snap.recorded is not None:
        return _recorded_plan(snap, snap.recorded)
    return _open_plan(snap)


def _recorded_plan(snap: TurnSnapshot, report: TurnReport) -> TurnPlan:
    meta = copy.deepcopy(report["orders"])
    # A file of which nothing valid remained is read again (``turn.load_replay``): compute refuses it again, and
    # in a game with hidden state tells its player why in the private report, as the turn did.
    meta["refused"] = [e for e in meta.get("refused", []) if e.get("why") != NOTHING_VALID]
    return TurnPlan(dict(snap.taken), meta, bytes.fromhex(report["dice"]["seed"]), report["dice"].get("digest"))


def in_play(phase: Phase, removed: Mapping[str, int]) -> Phase:
    """The phase without the seats a ruling took out: awaited by nobody, they neither miss the turn nor earn an
    NMR extension."""
    return dataclasses.replace(phase, awaited=tuple(k for k in phase.awaited if k not in removed),
                               open_to=tuple(k for k in phase.open_to if k not in removed))


def open_deadline(planned: dt.datetime | None, schedule: schedmod.Schedule | None, everyone: Sequence[str],
                  arrivals: Arrivals, phase: Phase, subs: Sequence[Judged]) -> Deadline:
    """The deadline of the open turn as it stands at ``arrivals.now``, with the orders files ``subs`` of its players
    (without a time, no NMR extension: it is decided only once the deadline has passed). ``everyone`` is whom the
    phase awaits, a seat a ruling took out included: its absence moves the deadline still."""
    if planned is None:
        return Deadline(None, None)
    scheduled = planned
    absent: tuple[str, ...] = ()
    if schedule is not None and schedule.absence is not None and arrivals.absences is not None:
        scheduled, absent = schedmod.absence_move(schedule, planned, everyone, arrivals.absences)
    extended: tuple[str, ...] = ()
    now = arrivals.now
    if now is not None and schedule is not None and schedule.nmr_extension is not None and not phase.finished:
        # A player is in from when their file first reached main (a sealed one unread; one not committed: ``now``).
        first_in = {s.player: arrivals.first_in.get(s.sub.sealed_file or s.sub.file) or s.sub.arrived or now
                    for s in subs if s.refusal != NOT_SEALED}
        extended = schedmod.nmr_extended(schedule, scheduled, now, phase.awaited, first_in, arrivals.extensions_used)
    return Deadline(planned, scheduled, absent, extended)


def _open_plan(snap: TurnSnapshot) -> TurnPlan:
    arrivals = snap.arrivals
    assert arrivals is not None and snap.seed is not None, "a turn to run is loaded with its arrivals and seed"
    now, subs, removed, ruled = arrivals.now, judge(snap), snap.removed, snap.ruling
    phase = outcomemod.phase(snap.rules, snap.state)
    if phase.finished:
        raise LeagueError(f"{snap.game} is over; there is nothing to adjudicate", word="turn.over", game=snap.game)
    grace = snap.schedule.grace if snap.schedule else dt.timedelta(0)
    rerun = ruled.rerun if ruled is not None else None
    found = ruled.found if ruled is not None else ()
    playing = in_play(phase, removed)
    when = open_deadline(snap.planned, snap.schedule, phase.awaited, arrivals, playing, subs)
    ending = ruled is not None and ruled.end is not None
    counted = [s for s in subs if s.player not in removed and (rerun is None or s.player in found) and not ending]
    taken, meta = select(counted, (*playing.awaited, *playing.open_to), when.final(snap.schedule), grace, now,
                         read_benevolently=isinstance(snap.rules, benevolent.ReadsBenevolently), lang=snap.language)
    when.record(meta)  # published, and ``compute`` moves the deadline by what it records
    for sub in subs:
        if sub.player in removed:
            meta["refused"].append({"player": sub.player, "why": RULED_OUT.format(turn=removed[sub.player])})
        elif rerun is not None and sub.player not in found:
            meta["refused"].append({"player": sub.player, "why": RERUN_PLAYS.format(turn=rerun)})
        elif ending:
            meta["refused"].append({"player": sub.player, "why": GAME_ENDED})
    for key, carried in snap.rerun_taken.items():  # the voided turn's orders, played again
        if key not in taken and key not in found and key not in removed and key in phase.awaited:
            taken[key] = carried
    meta["refused"].sort(key=lambda entry: entry["player"])
    declared = secrecymod.of(snap.rules, snap.settings.options)
    if snap.keyed and secrecymod.faults_may_quote_hidden(declared):
        # What the rules found wrong may quote a hidden value (a hand, an account): not in the public report, which
        # says so in the game's language where the site's catalog has its words, and records that language
        if (said := stand_in_language(snap.language)) != "en":
            meta["stand_in"] = said
        judged = {s.player for s in subs if s.checked.orders is not None and not s.checked.ok}
        for entry in meta["refused"]:
            if entry["player"] in judged and entry.get("why") == "invalid":
                entry["problems"] = [secret_problems(meta)]
    if now is not None:  # when it was run, apart from the deadline it was due at: an early turn says so
        meta["adjudicated"] = schedmod.iso(now)
    if arrivals.early:
        meta["early"] = True
    if snap.settings.sealed_orders and not secrecymod.rewrites_orders(declared):
        meta["published"] = secrecymod.PUBLISHED_AS_READ  # so that verify asks every later turn for the same
    if snap.settings.sealed_orders and snap.heads != "en":
        meta["heads"] = snap.heads  # so that its replay heads the files it publishes in the same words
    if snap.previous_seed is not None and not dicemod.follows(snap.seed, snap.previous_seed):
        raise LeagueError(f"the dice secret does not match {snap.game}'s commitment: is it the right secret?",
                          word="turn.dice_secret", game=snap.game)
    return TurnPlan(taken, meta, snap.seed, snap.digest_of, subs)


def judge(snap: TurnSnapshot) -> tuple[Judged, ...]:
    """What the plan makes of each orders file of the open turn (``Judged``): what is refused whatever its content,
    and what checking it against the snapshot's state in the game's language finds. Pure: from the snapshot alone.

    A file of no seat of the game is refused. In a game of sealed orders a plain file is refused (it was public
    before the deadline); a sealed file that did not open, or whose plaintext is not a well-formed orders file of
    exactly that game, turn and player (``sealed_orders.not_orders_file``: a copy of anything else sealed to the
    game's key), is refused, the report says why without quoting it, and nothing of it is published. Without the
    key (a ``status`` anyone runs) the sealed files are checked as envelopes only (``envelope_findings``)."""
    return tuple(_judge(snap, sub) for sub in snap.submissions)


def _judge(snap: TurnSnapshot, sub: Submission) -> Judged:
    game, rel, lang = snap.game, sub.file, snap.language  # what it refuses is said in the game's language
    if snap.settings.sealed_orders and sub.sealed_file is None:
        return Judged(sub, ordersmod.Checked(rel, None, False, [ordersmod.file_finding(
            rel, ordersmod.say(lang, "refused.plain", game=game), ordersmod.say(lang, "refused.plain.hint"))]),
            NOT_SEALED)
    if sub.unread:
        assert snap.envelopes is not None and sub.envelope is not None, "sealed files unread are read as envelopes"
        findings = sealedorders.envelope_findings(rel, sub.envelope, snap.envelopes)
        return Judged(sub, ordersmod.Checked(rel, None if findings else {}, False, findings))
    where = ordersmod.parse_path(rel)
    assert where is not None, "the loader reads orders files of valid paths only"
    if sub.sealed_file is not None:
        refusal: str | None
        if where.player not in snap.seats:
            refusal, why = "not a player", ordersmod.say(lang, "not_playing", player=repr(where.player), game=game)
        elif (unopened := sealedorders.unopened(sub.unopened, sub.raw, lang)) is not None:
            refusal, why = "sealed file does not open", unopened
        else:
            refusal, why = sealedorders.not_orders_file(sub.raw, where, lang) or (None, "")
        if refusal is not None:  # refused whole: nothing of what it holds goes further (issue 28)
            return Judged(sub, ordersmod.Checked(sub.sealed_file, None, False,
                                                 [ordersmod.file_finding(sub.sealed_file, why)]), refusal)
    elif where.player not in snap.seats:
        return Judged(sub, ordersmod.Checked(rel, None, False, [ordersmod.file_finding(
            rel, ordersmod.say(lang, "not_playing", player=repr(where.player), game=game),
            ordersmod.say(lang, "pr.login_hint"))]))
    return Judged(sub, ordersmod.check_file(rel, sub.raw, where, snap.rules, snap.state, lang))


def select(subs: Sequence[Judged], awaited: Sequence[str], deadline: dt.datetime | None,
           grace: dt.timedelta, now: dt.datetime | None, *, read_benevolently: bool = False,
           lang: str = "en") -> tuple[dict[str, Taken], OrdersAccount]:
    """The orders that count, and the report's account of every file: taken, late, refused. Pure.

    A file counts if the phase takes its player's orders (``awaited``: the players it waits for and those it
    is open to), it is valid, and it arrived by the deadline plus grace (after the deadline it is marked late).
    A file not yet committed counts as arriving ``now``. Where the rules are read benevolently, a file whose
    envelope and schema hold counts though the rules find faults in it: ``compute`` drops what cannot be
    carried out. A refused file's problems are said in the game's language ``lang`` (its severity too).
    """
    taken: dict[str, Taken] = {}
    meta: OrdersAccount = {"taken": [], "late": [], "refused": [], "missed": [], "defaults": {}}
    for sub in sorted(subs, key=lambda s: s.player):
        key, arrived = sub.player, sub.sub.arrived or now
        if key not in awaited:
            meta["refused"].append({"player": key, "why": "not awaited in this phase"})
        elif sub.checked.orders is None or sub.refusal is not None or not (sub.checked.ok or read_benevolently):
            meta["refused"].append({"player": key, "why": sub.refusal or "invalid",
                                    "problems": [f.text(lang) for f in sub.checked.findings if f.severity == "error"]})
        elif deadline is not None and arrived is not None and arrived > deadline + grace:
            meta["refused"].append({"player": key, "why": "too late", "arrived": schedmod.iso(arrived)})
        else:
            taken[key] = Taken(sub.sub.raw, sub.checked.orders, sub.sub.envelope)
            if deadline is not None and arrived is not None and arrived > deadline:
                meta["late"].append({"player": key, "arrived": schedmod.iso(arrived), "taken": True})
    return taken, meta


# --- the computation -----------------------------------------------------------------------------------------

def compute(snap: TurnSnapshot, planned: TurnPlan, *, seal: bool = True) -> tuple[TurnOutcome, Mapping[str, Any]]:
    """Adjudicate the turn from the snapshot's state with the plan's orders (defaults for the missing) and seed.

    The plan's account of the orders is copied and completed: the taken, the defaults and the missed. What the
    dice's digest binds is the plan's ``digest_of``: ``dice.ENVELOPES`` (sealed orders by their envelopes) or None
    (every file by its plaintext, as turns before issue 28 did). Returns the outcome (files, report, new state) and
    the private reports of the turn. In a game with secrets the report keeps only the public part of default orders
    and no problem texts (they may quote a hand or an account); the turn that ends a game with a hidden chain
    publishes its link. ``seal=False``: the sealed files are left out of the outcome's files (their plaintexts are
    in it all the same), for a replay that compares what they hold and never writes them (``verify``).
    """
    turn, state, hidden_link = snap.turn, snap.state, snap.hidden_link
    seed, digest_of = planned.seed, planned.digest_of
    meta: OrdersAccount = copy.deepcopy(planned.account)
    if snap.settings.hidden_commitment is not None and hidden_link is None:
        raise LeagueError(f"{snap.game}: turn {turn} draws hidden information, and its hidden link is not known "
                          f"here (set {key_env(snap.game)})", word="turn.hidden_link", game=snap.game, turn=turn,
                          variable=key_env(snap.game))
    declared = secrecymod.of(snap.rules, snap.settings.options)
    keeps_secrets = snap.keyed and secrecymod.rewrites_orders(declared)
    phase = outcomemod.phase(snap.rules, state)
    if phase.finished:
        raise LeagueError(f"{snap.game} is over; there is nothing to adjudicate", word="turn.over", game=snap.game)
    deadline = snap.planned
    schedule = snap.schedule
    away = meta.get("absence")
    if away and deadline is not None:  # moved for absences when it ran; verify checks it against the files then
        moved = dt.datetime.fromisoformat(away["to"])
        if (schedule is None or schedule.absence is None
                or not deadline < moved <= schedule.after(deadline, schedule.absence)):
            raise LeagueError(f"{snap.game}: turn {turn}'s report moves its deadline for absences beyond what the "
                              "schedule allows", word="turn.absence_beyond", game=snap.game, turn=turn)
        meta["absence"] = {"from": schedmod.iso(deadline), "to": away["to"], "players": list(away["players"])}
        deadline = moved
    extension = meta.get("extension")
    if extension and deadline is not None:  # the deadline moved by it; a replay reads the same from the report
        if schedule is None or schedule.nmr_extension is None:
            raise LeagueError(f"{snap.game}: turn {turn}'s report records an NMR extension, and the schedule has none",
                              word="turn.no_extension", game=snap.game, turn=turn)
        meta["extension"] = {"from": schedmod.iso(deadline), "players": list(extension["players"])}
        deadline = extended_deadline(schedule, deadline)
    ruled = snap.ruling
    if ruled is not None and ruled.end is not None:
        return closing(snap, meta, seed, deadline, phase, ruled, digest_of, seal=seal), {}
    taken, dropped, faults = _read_benevolently(snap, planned.taken, meta,
                                                snap.keyed and secrecymod.faults_may_quote_hidden(declared))
    meta["taken"] = sorted(taken)
    meta["defaults"] = {}
    if dropped:
        meta["dropped"] = dropped
    else:
        meta.pop("dropped", None)
    orders: dict[str, Orders] = {k: taken[k].orders for k in sorted(taken)}
    removed = snap.removed
    for key in phase.awaited:
        if key not in orders:
            previous = snap.previous_orders.get(key)
            orders[key] = (snap.rules.removed_orders(state, key, previous)
                           if key in removed and isinstance(snap.rules, Removes)
                           else snap.rules.default_orders(state, key, previous))
            meta["defaults"][key] = (secrecymod.split_orders(declared, orders[key])[0] if keeps_secrets
                                     else orders[key])
    gone = sorted(k for k in phase.awaited if k in removed)
    if gone:  # out of the game by a ruling: their seat plays what the rules say, and nobody misses a turn
        meta["removed"] = gone
    meta["missed"] = sorted(k for k in phase.awaited if k not in taken and k not in removed)
    digest = turn_digest(snap.game, turn, taken, digest_of)
    result = snap.rules.adjudicate(state, {k: orders[k] for k in sorted(orders)},
                                   dicemod.Dice.for_turn(seed, digest, hidden_link))
    body = dict(result.report)
    private_reports = body.pop("private", None) or {}
    dice_meta: DiceRecord = {"seed": seed.hex(), "orders_digest": digest.hex()}
    if digest_of is not None:
        dice_meta["digest"] = digest_of
    report: TurnReport = {"game": snap.game, "turn": turn, "label": phase.label,
                          "deadline": schedmod.iso(deadline) if deadline else None,
                          "dice": dice_meta, "orders": meta, "result": body}
    if keeps_secrets and snap.settings.sealed_orders:  # what is published of each order, so that anyone checks it
        dice_meta["public_digest"] = dicemod.orders_digest(
            {k: secrecymod.public_part(declared, taken[k].raw, snap.heads)[0].encode("utf-8")
             for k in sorted(taken)}).hex()
    if hidden_link is not None and outcomemod.phase(snap.rules, result.state).finished:
        dice_meta["hidden_end"] = hidden_link.hex()  # every earlier link follows: anyone replays the game
    if result.notes:
        report["notes"] = list(result.notes)
    if ruled is not None:  # published with its reason; the replay reads the same file and writes the same
        report["ruling"] = ruling_record(ruled, snap.recorded)
    files, sealed_plain = turn_files(snap.game, snap.rules, snap.settings.key, snap.readers if seal else None, turn,
                                     result.state, report, private_reports, faults)
    outcome = TurnOutcome(snap.game, turn, phase.label, files, report, result.state, sealed_plain,
                          missed=meta["missed"])
    return outcome, private_reports


def closing(snap: TurnSnapshot, meta: OrdersAccount, seed: bytes, deadline: dt.datetime | None, phase: Phase,
            ruled: Ruling, digest_of: str | None = None, *, seal: bool = True) -> TurnOutcome:
    """The turn a ruling ends the game with ('turnpress end', 'turnpress concede'): no orders are played, the
    rules adjudicate nothing, and the state stands as it was with the ruling's result (``outcome.RULED``), which
    every page announces. The chain's seed is revealed as every turn's is; a hidden chain's last link too."""
    assert ruled.end is not None
    new = dict(snap.state)
    new[outcomemod.RULED] = dict(ruled.end)
    meta["taken"], meta["defaults"], meta["missed"] = [], {}, []
    dice_meta: DiceRecord = {"seed": seed.hex(), "orders_digest": dicemod.orders_digest({}).hex()}
    if digest_of is not None:  # of no orders, either way; said as every turn of the game says it
        dice_meta["digest"] = digest_of
    if snap.hidden_link is not None:
        dice_meta["hidden_end"] = snap.hidden_link.hex()
    report: TurnReport = {"game": snap.game, "turn": snap.turn, "label": phase.label,
                          "deadline": schedmod.iso(deadline) if deadline else None,
                          "dice": dice_meta, "orders": meta, "result": {"end": dict(ruled.end)},
                          "ruling": ruling_record(ruled, snap.recorded)}
    files, sealed_plain = turn_files(snap.game, snap.rules, snap.settings.key, snap.readers if seal else None,
                                     snap.turn, new, report, {}, {})
    return TurnOutcome(snap.game, snap.turn, phase.label, files, report, new, sealed_plain, missed=[])


def ruling_record(ruled: Ruling, recorded: TurnReport | None) -> dict[str, Any]:
    """What a turn's report says of its ruling (``Ruling.published``). Since issue 31 the issue page says a new
    schedule in the game's words ('alle 14 Tage'), and the turn records so (``said: true``); a turn run before
    said it as game.yaml writes it ('every: 14 days'), and its replay (``recorded``, its report) says it so again,
    byte for byte."""
    out = ruled.published()
    if ruled.schedule is not None and (recorded is None or recorded.get("ruling", {}).get("said")):
        out["said"] = True
    return out


def turn_digest(game: str, turn: int, taken: Mapping[str, Taken], digest_of: str | None) -> bytes:
    """The digest that keys the turn's dice: of the taken orders' plaintexts (``digest_of`` None, the turns
    before issue 28) or of what was submitted (``dice.submitted``: each sealed file by its envelope)."""
    if digest_of is None:
        return dicemod.orders_digest({k: taken[k].raw for k in sorted(taken)})
    if digest_of != dicemod.ENVELOPES:
        raise LeagueError(f"{game}: turn {turn}'s report names the digest {digest_of!r}; this turnpress knows "
                          f"{dicemod.ENVELOPES!r} and the plaintexts' (no 'digest')", word="turn.digest", game=game,
                          turn=turn, digest=repr(digest_of), known=repr(dicemod.ENVELOPES))
    return dicemod.orders_digest(dicemod.submitted({k: taken[k].raw for k in taken},
                                                   {k: taken[k].envelope for k in taken}))


def _read_benevolently(snap: TurnSnapshot, taken: Mapping[str, Taken], meta: OrdersAccount,
                       hides_faults: bool) -> tuple[dict[str, Taken], dict[str, list[str]], dict[str, Any]]:
    """The taken orders with what cannot be carried out dropped (``benevolent``), what was dropped of whose, and
    what each player's sealed private report says of their own orders.

    A player of whose orders nothing valid remains is not taken: the report names them as refused with every
    fault, and they get the default orders. A replay reads the players the report took or refused so, and drops
    and refuses the same. Where the faults may quote a hidden value (``secrecy.faults_may_quote_hidden``) they
    are not published: the public report says only that there were some, and each player reads their own in
    their private report.
    """
    kept: dict[str, Taken] = {}
    dropped: dict[str, list[str]] = {}
    private: dict[str, Any] = {}
    for key in sorted(taken):
        orders, found = benevolent.read(snap.rules, snap.state, key, taken[key].orders, snap.language)
        shown = [secret_problems(meta)] if hides_faults and found else found
        if hides_faults and found:
            private[key] = {"taken": orders is not None, "problems": found}
        if orders is None:
            meta["refused"].append({"player": key, "why": NOTHING_VALID, "problems": shown})
            continue
        kept[key] = Taken(taken[key].raw, orders, taken[key].envelope)
        if found:
            dropped[key] = shown
    return kept, dropped, private


@dataclass(frozen=True)
class Published:
    """An orders file of a turn before the one that ends a game: as published, and all of it (the sealed file
    opened with the game's key where only its public part was published); ``digest`` is its turn's dice digest
    (``dice.digest``, None before issue 28)."""

    file: str
    published: bytes
    full: bytes
    digest: str | None


def full_orders(files: Sequence[Published], lang: str = "en") -> dict[str, str]:
    """All of every orders file of which only the public part was published, as the turn that ends the game
    publishes it: as the deadline read it (``secrecy.full_text``: the player's comments are no orders, issue 28),
    except in a turn whose dice digest bound the plaintexts (before issue 28), whose replay needs the very text it
    bound."""
    out = {}
    for f in files:
        text = secrecymod.full_text(f.full, lang) if f.digest else f.full.decode("utf-8")
        if text.encode("utf-8") != f.published:
            out[f.file] = text
    return out


def published_sealed_orders(snap: TurnSnapshot, planned: TurnPlan, outcome: TurnOutcome) -> dict[str, str]:
    """What a turn to run publishes of the sealed orders it opened: what the rules publish of them (their public
    part as the deadline read it, or all of them in the turn that ends the game), never a file that did not open."""
    declared = secrecymod.of(snap.rules, snap.settings.options)
    rewrites = secrecymod.rewrites_orders(declared)
    ended = outcomemod.phase(snap.rules, outcome.state).finished
    ending = snap.ruling is not None and snap.ruling.end is not None
    taken = planned.taken
    out = {}
    for judged in planned.judged:
        sub = judged.sub
        if sub.sealed_file and judged.refusal is None and not ending:  # a closing turn plays none: none is opened
            if ended and rewrites:  # in full, as read: the digest binds the envelopes, not this text
                out[sub.file] = (secrecymod.full_text(sub.raw, snap.heads) if snap.digest_of
                                 else sub.raw.decode("utf-8"))
            elif sub.player in taken or judged.checked.orders is not None:
                # Written from what the deadline read (issue 28): a player's comments and layout, which could
                # carry anything, never reach a public byte. Without sealed fields this is the whole orders.
                out[sub.file] = secrecymod.public_part(declared, sub.raw, snap.heads)[0]
            # a file that could not be read at all stays sealed: its text may carry anything
    return out
