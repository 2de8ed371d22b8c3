"""``turnpress verify``: replay every turn of a game from its committed history, and name what differs.

By default the files replayed are those of the commit checked out (``HEAD``), read from git's objects into a
private folder, so an uncommitted or edited file in the working tree neither hides nor fakes anything;
``worktree=True`` (``--worktree``) replays the files as they are on disk instead. Outside a git repository the
files on disk are all there is.

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

History is anchored to the set-up (issue 21, "History anchored"): turn 0 is the set-up replayed from the
``game.yaml`` it was made with; after it the set-up in ``game.yaml`` (ruleset, options, the dice commitment,
every player's name, login, id and role) never changes, players are only added as joins from the open turn, and
no file of a committed turn is changed, removed or added to later; each turn's tag, where there is one, names
the commit that added the turn and is an ancestor of the next turn's; each issue page is what the turn's report
renders. Every finding names the commit at fault. ``since`` (``--since REF``) proves that today's history
extends a commit, tag or chain head (see ``anchor``) a reader kept. A demo game (its dice secret is public) may
be set up again from its script: history is then anchored at its latest set-up, and verify says so.
"""

from __future__ import annotations

import copy
import datetime as dt
import errno
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .. import anchor, newsletter, yamlio
from .. import dice as dicemod
from .. import schedule as schedmod
from ..errors import GitError, LeagueError, RulesetError, SealError
from ..kit import drawcache, gamedata, words
from ..kit import orders as ordersmod
from ..kit import outcome as outcomemod
from ..kit import secrecy as secrecymod
from ..kit.catalog import COMMANDS
from ..kit.ruleset import PinsData, Ruleset
from ..league import absence as absencemod
from ..league import arrivals, history
from ..league import hidden as hiddenmod
from ..league.secrets import FILE_SUFFIX, SECRETS_DIR, key_env
from ..league.store import (
    ENGINE_OPTIONS,
    Game,
    OrdersRead,
    load_game,
    player_from_yaml,
    reading,
    turn_dir,
)
from ..model import HIDDEN_KEYS, GameConfig, State, TurnReport, account
from ..sealed import crypto, storage
from . import turncore
from .turn import load_carried, load_committed, load_page, load_ran, load_replay, load_setup, load_written
from .turncore import Taken, TurnOutcome, turn_digest


@dataclass(frozen=True)
class Finding:
    """A discrepancy: ``what`` in English, and its word in the commands' catalog (``verify.finding.*``) and values,
    so that ``verify`` says it in the game's language."""

    game: str
    turn: int
    what: str
    word: str = ""
    values: dict[str, Any] = field(default_factory=dict, compare=False)

    def text(self, lang: str = "en") -> str:
        what = self.what
        if self.word and lang != "en":  # its values that are words said in lang too: an error, a list of parts
            what = COMMANDS.say(lang, self.word, **{k: COMMANDS.told(lang, v) if isinstance(v, Exception) else
                                                    v.say(lang) if isinstance(v, Said) else v
                                                    for k, v in self.values.items()})
        return COMMANDS.say(lang, "verify.finding", game=self.game, turn=self.turn, what=what)


@dataclass(frozen=True)
class Said:
    """A finding's value that is words, not data (the parts of a set-up that changed): said in the language the
    finding is said in, English as its text."""

    say: Callable[[str], str]

    def __str__(self) -> str:
        return self.say("en")


def _parts(parts: list[tuple[str, dict[str, Any]]]) -> Said:
    """``verify.part.<word>`` of each part, joined by '; '."""
    return Said(lambda lang: "; ".join(COMMANDS.say(lang, f"verify.part.{w}", **v) for w, v in parts))


def _found(game: str, turn: int, word: str, /, **values: Any) -> Finding:
    """The finding ``verify.finding.<word>`` of the commands' catalog, its English the catalog's."""
    key = f"verify.finding.{word}"
    return Finding(game, turn, COMMANDS.say("en", key, **values), key, values)


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
    source: str = "the working tree"  # what was replayed: the committed history at a commit, or the files on disk
    notes: list[str] = field(default_factory=list)  # what a reader should know that is not a discrepancy



def verification(root: Path, game_id: str, *, worktree: bool = False, league: words.League | None = None
                 ) -> Verification:
    """Replay ``game_id`` as far as the keys this process has allow; see the module's text. ``league``: what the
    league's ``mkdocs.yml`` says, where the command read it already (``words.read_league``); a committed tree
    replayed reads its own."""
    # the issue pages' drawings of past turns, kept by the site build or the last verify; git asked each thing once,
    # and the league's folders listed once
    with drawcache.at(root), history.reading(root), reading():
        return _verification(root, game_id, worktree=worktree, league=league)


def _verification(root: Path, game_id: str, *, worktree: bool, league: words.League | None) -> Verification:
    use_git = history.is_repo(root) and history.has_head(root)
    if use_git:  # a hand edit of the schedule that changes published issues is named as every command names it
        load_game(root, game_id, league).schedule  # noqa: B018 - read for its check
    if worktree or not use_git:
        done = replay_files(root, root if use_git else None, game_id, league)
        if use_git:
            _anchor(done, load_lineage(root, game_id))
        else:
            done.not_checked.append("the anchoring of history to the set-up (no git history here)")
        return done
    head = history.head(root)
    links: list[str] = []
    with committed_tree(root, head, game_id, links) as tree:
        done = replay_files(tree, root, game_id)
        done.source = f"the committed history at {head[:12]}"
        done.notes += [COMMANDS.say("en", "verify.note.link", path=ordersmod.visible(rel)) for rel in links]
        _anchor(done, load_lineage(root, game_id))
    return done


def _anchor(done: Verification, lineage: Lineage) -> None:
    found, notes = _anchoring(lineage, done.found)
    done.found += found
    done.notes += notes


@contextmanager
def committed_tree(root: Path, commit: str, game_id: str, links: list[str] | None = None) -> Iterator[Path]:
    """The files of ``game_id`` (game, orders, issue pages) and ``mkdocs.yml`` at ``commit``, from git's objects.

    Only files and folders are taken: a symbolic link (or any other kind of entry) is no file of the league, no
    command reads one, and one to an absolute path would stop the extraction; each left out is named in
    ``links``."""
    paths = [f"games/{game_id}", f"orders/{game_id}", f"rulings/{game_id}", f"site/news/{game_id}",
             f"site/news/posts/{game_id}", "mkdocs.yml"]
    with _exported(root, commit, paths) as (tmp, others):
        if links is not None:
            links += others
        (Path(tmp) / "games").mkdir(exist_ok=True)
        # The game master's own secrets are never committed; bring them along so that verify on their machine
        # replays with the key, as it would from the working tree (the copy lives in a private temporary folder).
        for kind in FILE_SUFFIX.values():
            secret = root / SECRETS_DIR / f"{game_id}{kind}"
            if secret.is_file():
                (Path(tmp) / SECRETS_DIR).mkdir(mode=0o700, exist_ok=True)
                shutil.copy2(secret, Path(tmp) / SECRETS_DIR / secret.name)
        yield Path(tmp)


# Where the committed copy goes first: memory, where the machine has a tmpfs for it with room to spare. Writing
# and removing a game's thousands of files on a disk's file system took a tenth of a verify's CPU (issue 33:
# 100 turns of 20 countries, 2,407 files, 1.6 s on disk, 0.7 s in memory); a copy that does not fit goes to the
# temporary folder after all.
IN_MEMORY = Path("/dev/shm")
IN_MEMORY_ROOM = 512 << 20  # bytes free in it, at the least


def _scratch() -> list[str | None]:
    """The folders to try for the committed copy, in turn (None: the temporary folder)."""
    try:
        roomy = (IN_MEMORY.is_dir() and os.access(IN_MEMORY, os.W_OK | os.X_OK)
                 and shutil.disk_usage(IN_MEMORY).free >= IN_MEMORY_ROOM)
    except OSError:
        roomy = False
    return [str(IN_MEMORY), None] if roomy else [None]


@contextmanager
def _exported(root: Path, commit: str, paths: list[str]) -> Iterator[tuple[str, list[str]]]:
    """``history.export`` of ``paths`` at ``commit`` into a private temporary folder, removed afterwards; and the
    entries it left out."""
    places = _scratch()
    for place in places:
        with tempfile.TemporaryDirectory(prefix="turnpress-verify-", dir=place) as tmp:
            try:
                others = history.export(root, commit, paths, Path(tmp))
            except OSError as e:
                if place is None or e.errno != errno.ENOSPC:
                    raise
                continue  # memory ran short: the temporary folder
            yield tmp, others
            return
    raise AssertionError("the temporary folder was tried last")  # pragma: no cover


@dataclass
class _Pass:
    """What one replay of a game carries from turn to turn: the findings so far, the seed the next turn's must
    follow, the replayed state (None where the hidden state is sealed and no key is at hand), the public states
    and chain heads of the turns so far (the issue pages' charts and audit lines), and the taken orders read."""

    game: str
    git_root: Path | None  # the repository whose history names the commit that changed an issue page
    identities: list[Any]
    links: Mapping[int, bytes] | None
    seed: bytes
    state: State | None
    found: list[Finding] = field(default_factory=list)
    not_checked: list[str] = field(default_factory=list)
    publics: list[State] = field(default_factory=list)
    heads: list[str] = field(default_factory=list)
    steps: list[str] = field(default_factory=lambda: ["0"])  # the charts' axis: "0", then each turn's label so far
    read: OrdersRead = field(default_factory=dict)  # the next turns' NMR defaults read them again
    bound_since: int | None = None  # the first turn whose digest bound the sealed envelopes
    extensions: dict[str, int] = field(default_factory=dict)  # the NMR extensions each player used so far
    sealed_unchecked: bool = False
    unreplayed: list[int] = field(default_factory=list)


def replay_files(root: Path, git_root: Path | None, game_id: str, league: words.League | None = None
                 ) -> Verification:
    """Replay the files under ``root``; ``git_root`` is the repository whose history says when orders arrived.

    Each turn is read once, at its edge (``load_turn_read``: what it published, its replay's snapshot, its issue
    page, the state carried on where it is not replayed, what the history says of it); its checks, its replay, the
    comparison of its files and its issue page's re-render work from that value alone (``_check_turn``).
    ``league``: what ``root``'s ``mkdocs.yml`` says, where the caller read it already."""
    game = load_game(root, game_id, league)
    try:
        game.ruleset  # noqa: B018 - reads and checks the pinned data once, before any turn
    except gamedata.PinError as e:
        return Verification(0, [_found(game.id, 0, "unreplayable", error=e)])
    run, mode = _start(load_setup(game), git_root)
    reports = {t: game.report(t) for t in game.turns() if t > 0}
    voided = {ruled.get("rerun") for ruled in (r.get("ruling") for r in reports.values()) if isinstance(ruled, dict)}
    for turn, report in reports.items():
        seen = load_turn_read(game, report, run.state, (run.links or {}).get(turn), run.read, run.identities, root,
                              git_root)
        if not _check_turn(run, seen, checks_early=turn not in voided):
            # Its replay failed: the pass goes on from its committed state as far as it opens, read only then.
            _carry_committed(run, seen.seen, load_carried(game, turn, partial=True))
        run.steps.append(str(report["label"]))
    if run.unreplayed:
        run.not_checked.append(COMMANDS.counted("en", "verify.note.unreplayed", len(run.unreplayed),
                                                turns=_spans(run.unreplayed), variable=key_env(game.id)))
    return Verification(len(reports) - len(run.unreplayed), run.found, run.not_checked, mode,
                        notes=_data_notes(game.ruleset, game.settings)
                        + _plaintext_digests(game.ruleset, game.settings, reports))


def _start(setup: turncore.SetUp, git_root: Path | None) -> tuple[_Pass, str]:
    """The pass at the set-up (``turn.load_setup``): its seed, the hidden links as far as they open, the state
    replaying starts from (drawn again after the end, where the set-up sealed it), turn 0's issue page; and which
    check it is."""
    game = setup.game
    seed = setup.settings.commitment
    found = [] if setup.report["dice"]["seed"] == seed.hex() else [_found(game, 0, "seed")]
    links, unlinked = _links(setup)
    found += unlinked
    identities = list(setup.identities)
    ended_open = links is not None and not identities  # the game has ended: everything opens without a key
    mode = WITH_KEY if identities else AFTER_END if ended_open else PUBLIC
    state = setup.carried.state
    if state is None and ended_open:
        state, setup_found = _setup_again(setup, links or {})
        found += setup_found
    written = setup.written
    assert written.report is not None and written.state is not None, "turn 0's report and state were read"
    run = _Pass(game, git_root, identities, links, seed, state, found, publics=[setup.carried.public],
                heads=[anchor.first(game, written.report, written.state)])
    if state is not None and setup.page is not None:
        run.found += _issue_page(setup.page, git_root, state, setup.report, run.publics, run.steps, run.heads[0])
    if setup.settings.sealed_orders and not identities:
        run.not_checked.append("that each sealed order holds the plaintext published with its turn "
                               f"(needs the game's key, {key_env(game)})")
    return run, mode


def _links(setup: turncore.SetUp) -> tuple[Mapping[int, bytes] | None, list[Finding]]:
    """Each turn's hidden link, where the game's key or its end opens them; None where they stay sealed."""
    if setup.unlinked is not None:
        turn, why = setup.unlinked
        return None, [_found(setup.game, turn, "said", text=why)]
    if setup.links is None and setup.ended:
        # Nothing hidden was drawn (Bretton Woods' standing orders are hidden, not drawn): after the end the set-up
        # is drawn again from public dice and the full orders published with the last turn replay every turn.
        return {}, []
    return setup.links, []


@dataclass(frozen=True)
class TurnRead:
    """Everything ``verify`` reads of one committed turn, once, at the turn's edge (``load_turn_read``): what it
    published (``seen``, ``turn.load_committed``; ``unread``: why its orders files could not be read, then none of
    them); the snapshot its replay plays (``snap``, ``turn.load_replay``; None where the state it follows stays
    sealed, or it could not be loaded: ``failed`` says why); its issue page (``page``, where it is replayed); the
    state carried on where it is not (``carried``, ``turn.load_carried``); and what the league's history says of it
    (``arrived``, ``ran``; None outside git). Its checks, its replay and the comparisons read nothing else."""

    seen: turncore.Committed
    unread: Exception | None = None
    snap: turncore.TurnSnapshot | None = None
    failed: Exception | None = None
    page: turncore.Page | None = None
    carried: turncore.Carried | None = None
    arrived: Arrived | None = None
    ran: turncore.Ran | None = None


def load_turn_read(game: Game, report: TurnReport, previous: State | None, link: bytes | None, read: OrdersRead,
                   identities: Sequence[Any], root: Path, git_root: Path | None) -> TurnRead:
    """``TurnRead`` of the committed turn ``report`` of ``game``, replayed from the ``previous`` state (None where
    it stays sealed: the turn is not replayed) with its hidden ``link``; ``read``: the orders of the turns before
    that the pass has read (``_check_turn`` keeps each replayed turn's), for the NMR defaults (``turn.load_replay``);
    ``identities`` is the game's key where it is at hand. What cannot be read is kept with why, as each check of the
    turn names it. Reads; changes nothing it is handed."""
    turn = report["turn"]
    try:
        seen, unread = load_committed(game, report, identities), None
    except (LeagueError, KeyError, ValueError) as e:  # a ruling that does not read: none of its files, and why
        seen = turncore.Committed(game.id, turn, game.ruleset, game.settings, game.schedule, report, {},
                                  written=load_written(game, turn))
        unread = e
    snap, failed = None, unread
    if previous is not None and unread is None:
        try:
            snap = load_replay(game, report, previous, link, read, seen)
        except (LeagueError, KeyError, ValueError) as e:
            failed = e
    carried = None
    if previous is None and unread is None:  # not replayed: its committed state is carried on
        carried = load_carried(game, turn)
    elif previous is not None and snap is None:  # not replayable: as far as its committed state opens
        carried = load_carried(game, turn, partial=True)
    return TurnRead(seen, unread, snap, failed, load_page(game, turn) if snap is not None else None, carried,
                    load_arrived(seen, git_root) if git_root is not None else None,
                    load_ran(snap, root, git_root) if git_root is not None and snap is not None else None)


def _check_turn(run: _Pass, seen: TurnRead, *, checks_early: bool) -> bool:
    """Every check of one committed turn from what was read of it (``seen``), and its replay where the pass has
    the state it follows. False where the replay failed: the caller carries the pass on from its committed files."""
    _public_checks(run, seen, checks_early=checks_early)
    for player, taken in seen.snap.taken.items() if seen.snap is not None else ():
        run.read[seen.seen.turn, player] = copy.deepcopy(taken.orders)  # before the replay: a ruleset may change them
    if run.state is None:
        _not_replayed(run, seen)
        return True
    return _replayed(run, seen)


def _public_checks(run: _Pass, read: TurnRead, *, checks_early: bool) -> None:
    """What is checked of every turn, replayed or not, from what it published (``read.seen``): the digest's kind,
    the dice chain, the arrivals, the deadline's moves (where the turn's snapshot is known), a turn run early, the
    sealed orders' plaintexts (where its files were read)."""
    seen, snap = read.seen, read.snap
    turn, report = seen.turn, seen.report
    run.found += _digest_kind(seen, run.bound_since)
    if report["dice"].get("digest") is not None and run.bound_since is None:
        run.bound_since = turn
    revealed = bytes.fromhex(report["dice"]["seed"])
    if not dicemod.follows(revealed, run.seed):
        run.found.append(_found(seen.game, turn, "chain"))
    run.seed = revealed
    run.found += _arrivals(seen, read.arrived)
    if snap is not None and read.ran is not None:
        run.found += _absence(snap, read.ran, report)
        run.found += _nmr_extension(snap, read.ran, report, run.extensions)
    meta = report.get("orders")
    for key in meta["extension"]["players"] if meta and "extension" in meta else []:  # for the turns after
        run.extensions[key] = run.extensions.get(key, 0) + 1
    if checks_early:
        run.found += _early(seen)
    if seen.settings.sealed_orders and seen.keyed and read.unread is None:
        run.found += _sealed_orders(seen)


def _not_replayed(run: _Pass, read: TurnRead) -> None:
    """A turn whose hidden state stays sealed: the published orders' digest is checked, the committed files
    carried on."""
    if read.unread is not None:
        raise read.unread
    assert read.carried is not None, "a turn not replayed has its committed state read"
    run.found += _digest(read.seen, run.not_checked)
    run.unreplayed.append(read.seen.turn)
    _carry_committed(run, read.seen, read.carried)


def _carry_committed(run: _Pass, seen: turncore.Committed, carried: turncore.Carried) -> None:
    run.state = carried.state
    run.publics.append(carried.public)
    run.heads.append(_committed_head(seen.written, run.heads[-1]))


def _replayed(run: _Pass, read: TurnRead) -> bool:
    """The turn adjudicated again from its snapshot with the turn's own plan and computation, and compared with
    its committed files and issue page; the pass goes on from what the replay computed (an edited turn is named
    once, not with every later one). False where it could not be replayed: the pass goes on from its committed
    state (``read.carried``, or as the caller reads it where the computation failed)."""
    seen, snap = read.seen, read.snap
    game, turn, report = seen.game, seen.turn, seen.report
    try:
        if snap is None:
            raise read.failed or LeagueError("its snapshot was not loaded")
        outcome = _recompute(snap)
    except (LeagueError, KeyError, ValueError) as e:
        run.found.append(_found(game, turn, "unreplayable", error=e))
        if read.carried is None:
            return False
        _carry_committed(run, seen, read.carried)
        return True
    if outcome.report["dice"]["orders_digest"] != report["dice"].get("orders_digest"):
        run.found.append(_found(game, turn, "orders_differ"))
    expected = _compare(run, seen, outcome)
    folder = f"games/{game}/turns/{turn_dir(turn)}"
    run.state = outcome.state
    run.publics.append(snap.rules.public_view(outcome.state))
    run.heads.append(anchor.follow(run.heads[-1], expected[f"{folder}/report.yaml"].encode(),
                                   expected[f"{folder}/state.yaml"].encode()))
    assert read.page is not None, "a replayed turn's issue page was read"
    run.found += _issue_page(read.page, run.git_root, outcome.state, report, run.publics, run.steps, run.heads[-1])
    return True


def _compare(run: _Pass, seen: turncore.Committed, outcome: TurnOutcome) -> dict[str, str]:
    """The committed turn's files (``seen.written``) against the replay's: the public ones byte for byte, the
    sealed ones by what they hold (with the key). Returns the files the replay expects."""
    game, turn, written = seen.game, seen.turn, seen.written
    folder = f"games/{game}/turns/{turn_dir(turn)}"
    # A turn played before the game had a key kept its hidden parts in plain text: compare it as such.
    plain_hidden = seen.settings.key is not None and written.hidden is not None
    expected = dict(outcome.files)
    if plain_hidden:
        hidden = {k: outcome.state[k] for k in HIDDEN_KEYS if k in outcome.state}
        expected[f"{folder}/hidden.yaml"] = yamlio.dump(hidden)
    for name, data in (("state.yaml", written.state), ("hidden.yaml", written.hidden),
                       ("report.yaml", written.report)):
        if _text(data) != expected.get(f"{folder}/{name}"):
            run.found.append(_found(game, turn, "differs", name=name))
    if not plain_hidden and run.identities:
        run.found += _sealed_parts(seen, outcome.sealed, run.identities)
    elif not plain_hidden and outcome.sealed and not run.sealed_unchecked:
        run.sealed_unchecked = True
        run.not_checked.append("the sealed hidden parts and private reports, by what they hold (they open with the "
                               f"game's key only, {key_env(game)}); the public state and reports were replayed")
    return expected


def _digest_kind(seen: turncore.Committed, bound_since: int | None) -> list[Finding]:
    """Which digest keys a turn's dice is not the game master's to choose turn by turn: with two at hand they
    could roll the dice twice and publish the better. A game whose ``game.yaml`` says ``dice: digest:`` (made
    since issue 28) binds the sealed envelopes from its first turn; an older game from the first turn that did."""
    used = seen.report["dice"].get("digest")
    if used is not None:
        return []
    if seen.settings.digest_of is not None:
        return [_found(seen.game, seen.turn, "digest_of", digest_of=seen.settings.digest_of)]
    if bound_since is not None:
        return [_found(seen.game, seen.turn, "digest_since", since=bound_since)]
    return []


def _plaintext_digests(rules: Ruleset, settings: GameConfig, reports: Mapping[int, TurnReport]) -> list[str]:
    """A note on turns of a game with fields sealed until the end that published a digest of the plaintexts (made
    before issue 28): the digest confirms a guess of a sealed field. Nothing can take it back; the reader knows."""
    declared = secrecymod.of(rules, settings.options)
    if not settings.sealed_orders or not secrecymod.rewrites_orders(declared):
        return []
    old = [t for t, report in reports.items() if report["dice"].get("digest") is None]
    if not old:
        return []
    return [COMMANDS.counted("en", "verify.note.plaintext_digest", len(old), turns=_spans(old))]


def _data_notes(rules: Ruleset, settings: GameConfig) -> list[str]:
    """What a reader should know of the data the replay read (``rules``, after it): pinned at the set-up, or the
    installed version's."""
    if settings.pinned is None:
        if not isinstance(rules, PinsData):  # rules that read no data: nothing to pin
            return []
        return [COMMANDS.say("en", "verify.note.not_pinned")]
    unpinned = gamedata.unpinned_reads(rules)
    if unpinned:
        return [COMMANDS.counted("en", "verify.note.unpinned", len(unpinned), files=", ".join(unpinned))]
    return []


def _setup_again(setup: turncore.SetUp, links: Mapping[int, bytes]) -> tuple[State | None, list[Finding]]:
    """The set-up drawn again from ``game.yaml``, the digest its report names and the hidden link of turn 0, and
    compared with its committed public state (``setup.written``).

    After the end this is how anyone gets the hidden state the set-up sealed (hands, decks); its public part must
    be the committed one.
    """
    digest = setup.report.get("dice", {}).get("orders_digest")
    if not digest or hiddenmod.has_chain(setup.settings) and 0 not in links:
        return None, []
    options = {k: v for k, v in setup.settings.options.items() if k not in ENGINE_OPTIONS}
    players = [player_from_yaml(p) for p in setup.settings.players if not p.get("joined")]
    try:
        state = setup.rules.setup(options, players, dicemod.Dice.for_turn(
            setup.settings.commitment, bytes.fromhex(digest), links.get(0)))
    except (RulesetError, KeyError, ValueError) as e:
        return None, [_found(setup.game, 0, "setup_redraw", error=e)]
    if yamlio.dump(setup.rules.public_view(state)) != _text(setup.written.state):
        return state, [_found(setup.game, 0, "setup_differs")]
    return state, []


def _recompute(snap: turncore.TurnSnapshot) -> TurnOutcome:
    # The sealed files' plaintexts are compared (``_sealed_parts``); their sealing, random each time, is not made.
    outcome, _ = turncore.compute(snap, turncore.plan(snap), seal=False)
    return outcome


def _text(data: bytes | None) -> str | None:
    """A committed file's text as ``Path.read_text`` reads it: UTF-8, with universal newlines."""
    return None if data is None else data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


def _committed_head(written: turncore.Written, previous: str) -> str:
    assert written.report is not None and written.state is not None, "a carried turn's files were read"
    return anchor.follow(previous, written.report, written.state)


def _issue_page(committed: turncore.Page, git_root: Path | None, state: dict[str, Any], report: TurnReport,
                publics: list[dict[str, Any]], labels: list[str], head: str) -> list[Finding]:
    """The committed issue page of a turn (``turn.load_page``) must be what its report renders (the site build
    writes the same): rendered from the values the turn's own page was (``newsletter.issue_facts``), with the
    public states, the turns' ``labels`` and the chain head the pass computed."""
    game, turn = committed.facts.game, committed.facts.turn
    steps = (*labels, str(report["label"]))
    facts = replace(committed.facts, publics=tuple(publics[:turn]), steps=steps, head=head)
    rel, page = newsletter.render(facts, state, report)
    if committed.text is None:
        if committed.moved_from is not None:  # written by turnpress before it wrote its own listings (issue 33)
            return [_found(game, turn, "issue_moved", page=rel, before=committed.moved_from)]
        return [_found(game, turn, "issue_missing", page=rel)]
    if _text(committed.text) == page:
        return []
    last = history.commits_of(git_root, rel)[:1] if git_root else []
    if last:
        return [_found(game, turn, "issue_changed", page=rel, commit=_name(last[0]))]
    return [_found(game, turn, "issue_differs", page=rel)]


def setup_commits(git_root: Path, game_id: str) -> list[str]:
    """The commits that added or changed turn 0's report, newest first: one, in a history that was not rewritten."""
    return [c.commit for c in history.commits_of(git_root, _setup_report(game_id))]


def _setup_report(game_id: str) -> str:
    return f"games/{game_id}/turns/0000/report.yaml"


SETUP_FIELDS = ("game", "ruleset", "options")
PLAYER_FIELDS = ("name", "login", "id", "role", "joined")
TURN_FILE = re.compile(r"games/[^/]+/turns/(\d{4})/")


@dataclass(frozen=True)
class Tag:
    """A turn's tag as the history holds it: the commit it names, and whether the tag of the turn before (the one
    before it in ``Lineage.tags``) names an ancestor of that commit."""

    turn: int
    commit: str
    follows: bool = True


@dataclass(frozen=True)
class Lineage:
    """What the league's history says of a game since its set-up, read once from git (``load_lineage``): the
    commits that made the set-up (turn 0's report; newest first, one in a history that was not rewritten), each
    first-parent commit since then that changed its ``game.yaml`` or a turn's file, every version of ``game.yaml``
    those changes name (by blob) and HEAD's (``config``), and the tags of the turns added. ``_anchoring`` compares
    them and reads nothing."""

    game: str
    made: tuple[history.Logged, ...] = ()
    commits: tuple[history.Logged, ...] = ()
    versions: Mapping[str, dict[str, Any]] = field(default_factory=dict)
    config: dict[str, Any] = field(default_factory=dict)
    tags: tuple[Tag, ...] = ()


def load_lineage(git_root: Path, game_id: str) -> Lineage:
    """``Lineage`` of ``game_id`` from the repository at ``git_root``: two logs, the versions of ``game.yaml`` and
    the turns' tags."""
    made = tuple(history.commits_of(git_root, _setup_report(game_id)))
    if not made:
        return Lineage(game_id)
    rel = f"games/{game_id}/game.yaml"
    commits = tuple(history.first_parent_changes(git_root, made[0].commit, [rel, f"games/{game_id}/turns"]))
    # Every version of game.yaml the changes name, and HEAD's, in one ``git cat-file --batch`` (issue 33: two ``git
    # show`` a change), each parsed once however many commits name it, as ``git show`` of it would give it.
    names = list(dict.fromkeys([f"HEAD:{rel}", *(b for c in commits for change in c.changes
                                                  if change.path == rel and change.status == "M"
                                                  for b in (change.before, change.after))]))
    blobs = history.blobs_of(git_root, names)
    missing = [n for n in names if n not in blobs]
    if missing:  # as ``git show`` says it
        raise GitError(f"git show {missing[0]} failed: no such file in the history")
    versions = {n: yamlio.load(blobs[n].decode("utf-8", "replace").encode()).data for n in names}
    config = versions.pop(f"HEAD:{rel}")
    tags: list[Tag] = []
    for turn in sorted({0, *(int(m[1]) for c in commits for change in c.changes if change.status == "A"
                             and change.path.endswith("/report.yaml") and (m := TURN_FILE.match(change.path)))}):
        target = history.tag_target(git_root, f"{game_id}/turn-{turn}")
        if target is not None:
            tags.append(Tag(turn, target, not tags or history.is_ancestor(git_root, tags[-1].commit, target)))
    return Lineage(game_id, made, commits, versions, config, tuple(tags))


def _anchoring(lineage: Lineage, replayed: Sequence[Finding]) -> tuple[list[Finding], list[str]]:
    """The history of the game since its set-up (``lineage``): nothing of the set-up or of a committed turn
    changed, and each pin's copies replay the turns before it (``replayed``: what the replay found). The findings,
    and the notes a reader should know."""
    game_id, made = lineage.game, lineage.made
    if not made:
        return [], []
    found: list[Finding] = []
    notes: list[str] = []
    if len(made) > 1:
        if GameConfig(lineage.config).public_secret:
            notes.append(f"set up again from its script in commit {made[0].commit[:12]} (a demo game, whose dice "
                         "secret is public); its history is anchored there")
        else:
            found += [_found(game_id, 0, "setup_replaced", commit=_name(c)) for c in reversed(made[:-1])]
    added: dict[int, str] = {0: made[0].commit}
    pins: list[tuple[history.Logged, int]] = []
    for logged in lineage.commits:
        registered: set[str] = set()
        for change in logged.changes:
            m = TURN_FILE.match(change.path)
            if m is None:  # game.yaml
                if change.status == "M":
                    old, new = lineage.versions[change.before], lineage.versions[change.after]
                    found += _setup_changes(game_id, logged, old, new, max(added))
                    registered = _registered(old, new)
                    if _pins(old, new):
                        pins.append((logged, max(added)))
                continue
            turn, status, name = int(m[1]), change.status, change.path[m.end():]
            if status == "A" and change.path.endswith("/report.yaml") and turn not in added:
                added[turn] = logged.commit
            elif turn in added and added[turn] != logged.commit:
                if status == "M" and turn == max(added) and name in {storage.private_name(k) for k in registered}:
                    continue  # keys add: the player's private report of the last turn sealed again to their key
                what = {"A": "file_added", "D": "file_removed"}.get(status, "file_changed")
                found.append(_found(game_id, turn, what, file=name, commit=_name(logged)))
    pinned, pin_notes = _pin_findings(game_id, pins, replayed)
    return found + pinned + _tags(lineage, added), notes + pin_notes


def _registered(old: dict[str, Any], new: dict[str, Any]) -> set[str]:
    """The seats whose public key (``recipient``) a commit set or changed in ``game.yaml`` (``old`` to ``new``):
    ``keys add``, which seals that player's private report of the last turn again, so that a key registered late
    still opens it."""
    before = {p.get("key"): p.get("recipient") for p in old.get("players", [])}
    return {str(p.get("key")) for p in new.get("players", [])
            if p.get("key") in before and p.get("recipient") and p.get("recipient") != before[p.get("key")]}


def _pins(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """True if a commit that changed ``game.yaml`` from ``old`` to ``new`` is a pin (``turnpress pin``): it adds
    ``data:`` to a game that had none, or files to the ``data:`` of a game that lacked them (``_adds_pins``)."""
    if "data" not in new:
        return False
    return "data" not in old or (old["data"] != new["data"] and _adds_pins(old["data"], new["data"]))


def _adds_pins(old: Any, new: Any) -> bool:
    """True if ``new`` (a ``data:``) is ``old`` with files added: each pinned copy and its hash kept as it was."""
    return isinstance(old, dict) and isinstance(new, dict) and all(new.get(k) == v for k, v in old.items())


def _pin_findings(game_id: str, pins: list[tuple[history.Logged, int]],
                  replayed: Sequence[Finding]) -> tuple[list[Finding], list[str]]:
    """A pin is accepted only if the copies it added replay the turns committed before it: the replay (with the
    copies) found nothing there (``replayed``). Otherwise the pin is named with the first turn it does not replay.
    The findings, and a note of each pin accepted."""
    out, notes = [], []
    for commit, last in pins:
        differs = sorted(f.turn for f in replayed if f.turn <= last)
        if differs:
            out.append(_found(game_id, differs[0], "pin", commit=_name(commit), last=last))
        else:
            notes.append(f"pinned the data its rules read after turn {last}, by commit {commit.commit[:12]} "
                         f"(turnpress pin); turns 0-{last} replay exactly with those copies")
    return out, notes


def _setup_changes(game_id: str, commit: history.Logged, old: dict[str, Any], new: dict[str, Any],
                   last_turn: int) -> list[Finding]:
    """The set-up in ``game.yaml`` before (``old``) and after (``new``) ``commit``: only joins from the open turn
    may add to it."""
    what = _setup_diff(old, new, last_turn)
    if not what:
        return []
    return [_found(game_id, 0, "setup_changed", commit=_name(commit), what=_parts(what))]


def _setup_diff(old: dict[str, Any], new: dict[str, Any], last_turn: int) -> list[tuple[str, dict[str, Any]]]:
    """What differs in the set-up between two ``game.yaml``: title, schedule and the like may change, this not.
    Each part a word of the commands' catalog (``verify.part.*``) and its values."""
    what: list[tuple[str, dict[str, Any]]] = [("field", {"field": k}) for k in SETUP_FIELDS
                                              if old.get(k) != new.get(k)]
    if "data" in old and old["data"] != new.get("data") and not _adds_pins(old["data"], new.get("data")):
        # the copies replayed change with it: never after the set-up (a pin may only add files the game lacked)
        what.append(("data", {}))
    what += [("dice", {"part": k}) for k in ("commitment", "length", "digest")
             if old.get("dice", {}).get(k) != new.get("dice", {}).get(k)]
    before = {p.get("key"): p for p in old.get("players", [])}
    after = {p.get("key"): p for p in new.get("players", [])}
    for key, player in before.items():
        if key not in after:
            what.append(("removed", {"player": key}))
            continue
        fields = [f for f in PLAYER_FIELDS if player.get(f) != after[key].get(f)]
        if fields:
            what.append(("player_fields", {"player": key, "fields": ", ".join(fields)}))
    for key in [k for k in after if k not in before]:
        joined = after[key].get("joined")
        if not isinstance(joined, int) or joined <= last_turn:
            what.append(("added", {"player": key, "turn": last_turn + 1}))
    return what


def _tags(lineage: Lineage, added: dict[int, str]) -> list[Finding]:
    """Each turn's tag names the commit that added the turn (``added``), and descends from the turn's before."""
    found = []
    game_id = lineage.game
    for previous, tag in zip((None, *lineage.tags), lineage.tags, strict=False):
        name = f"{game_id}/turn-{tag.turn}"
        if tag.commit != added[tag.turn]:
            found.append(_found(game_id, tag.turn, "tag", tag=name, target=tag.commit[:12], added=added[tag.turn][:12]))
        if previous is not None and not tag.follows:
            found.append(_found(game_id, tag.turn, "tag_descent", tag=name, target=tag.commit[:12],
                                previous=f"{game_id}/turn-{previous.turn}", before=previous.commit[:12]))
    return found


def _name(commit: history.Logged) -> str:
    """A commit as a finding names it: short hash and subject."""
    subject = commit.subject
    return f"{commit.commit[:12]} ({subject if len(subject) <= 72 else subject[:71] + '…'})"


def _spans(turns: list[int]) -> str:
    if len(turns) > 1 and turns[-1] - turns[0] == len(turns) - 1:
        return f"{turns[0]}-{turns[-1]}"
    return ", ".join(map(str, turns))


def _digest(seen: turncore.Committed, not_checked: list[str]) -> list[Finding]:
    """Without a replay: the published orders files of the players taken must have the digest the report names.

    Where only the public part of orders is published yet, the public parts are checked against their own
    digest; the turn's digest, where it binds the sealed files as submitted (``dice.submitted``), against them;
    a digest of the full plaintexts (turns before issue 28) waits for the end.
    """
    game, turn, report = seen.game, seen.turn, seen.report
    raw, taken = {}, {}
    for player in account(report).get("taken", []):
        published = seen.files[player].published
        if published is None:
            return [_found(game, turn, "unpublished", player=player)]
        raw[player] = published
        taken[player] = Taken(published, {}, seen.envelope(player))
    used = report.get("dice", {}).get("digest")
    if used is not None:
        try:
            bound = turn_digest(game, turn, taken, used)
        except LeagueError as e:
            return [_found(game, turn, "said", text=e)]
        if bound.hex() != report.get("dice", {}).get("orders_digest"):
            return [_found(game, turn, "orders_differ")]
    if any(secrecymod.is_public_text(text) for text in raw.values()):
        note = ("the full orders behind the public parts published (they are published when the game ends, and "
                f"open with the game's key, {key_env(game)}); the public parts were checked against their digest")
        if note not in not_checked:
            not_checked.append(note)
        if dicemod.orders_digest(raw).hex() != report.get("dice", {}).get("public_digest"):
            return [_found(game, turn, "public_parts")]
        return []
    if used is None and dicemod.orders_digest(raw).hex() != report.get("dice", {}).get("orders_digest"):
        return [_found(game, turn, "orders_differ")]
    return []


def _sealed_orders(seen: turncore.Committed) -> list[Finding]:
    """Each order taken was sealed before the deadline and holds exactly the plaintext published with the turn."""
    game, turn, report = seen.game, seen.turn, seen.report
    out = []
    for player in account(report).get("taken", []):
        filed = seen.files[player]  # a re-run's carried orders are in the voided turn's folder
        if filed.sealed is None:
            out.append(_found(game, turn, "no_sealed", player=player))
            continue
        opened = filed.opened
        if opened is None:
            out.append(_found(game, turn, "unopened", player=player, error=filed.unopened))
            continue
        published = filed.published
        as_read = account(report).get("published") == secrecymod.PUBLISHED_AS_READ and filed.played == turn
        if published is not None and (as_read or secrecymod.is_public_text(published)):
            # Since issue 28 a game without hidden parts publishes its orders as the deadline read them: the text
            # as the player wrote it (their comments) is not what such a turn may publish.
            declared = secrecymod.of(seen.rules, seen.settings.options)
            opened = secrecymod.public_part(declared, opened, secrecymod.head_language(published))[0].encode("utf-8")
        elif published is not None and secrecymod.is_full_text(published):  # published in full at the end
            opened = secrecymod.full_text(opened, secrecymod.head_language(published)).encode("utf-8")
        if published != opened:
            out.append(_found(game, turn, "plaintext_as_read" if as_read else "plaintext", player=player))
    return out


def _sealed_parts(seen: turncore.Committed, expected: dict[str, str], identities: list[Any]) -> list[Finding]:
    """The sealed hidden parts of a turn (``seen.written.sealed``): each must decrypt to what the replay computed,
    none missing or extra."""
    game, turn, committed = seen.game, seen.turn, seen.written.sealed
    out = []
    for rel in sorted(set(committed) - set(expected)):
        out.append(_found(game, turn, "extra_sealed", path=rel))
    for rel in sorted(expected):
        name = rel.split(f"turns/{turn_dir(turn)}/", 1)[1]
        if rel not in committed:
            out.append(_found(game, turn, "missing", name=name))
            continue
        try:
            data = committed[rel]
            if data is None:
                raise SealError(f"{rel} is not a regular file")
            text = crypto.decrypt(data, identities).decode("utf-8")
        except SealError as e:
            out.append(_found(game, turn, "sealed_unopened", name=name, error=e))
            continue
        if text != expected[rel]:
            out.append(_found(game, turn, "differs", name=name))
    return out


@dataclass(frozen=True)
class Arrived:
    """When each orders file of a committed turn reached main, by the league's history, read once (``load_arrived``):
    as the turn read them (``times``: no earlier than a look of the deadline run that did not see them, issue 28),
    when the turn's own commit was made (its tag's commit time; None without a tag) and whether the deadline run
    recorded looks at the turn (``looked``)."""

    times: Mapping[str, dt.datetime]
    committed: int | None = None
    looked: bool = False


def load_arrived(seen: turncore.Committed, git_root: Path) -> Arrived | None:
    """``Arrived`` of committed turn ``seen`` from the history of ``git_root``; None where there is nothing to check
    (its report names no deadline, or the game has no schedule)."""
    game, turn = seen.game, seen.turn
    if not seen.report.get("deadline") or seen.schedule is None:
        return None
    times = arrivals.trusted(git_root, game, turn, history.arrivals(git_root, f"orders/{game}/{turn_dir(turn)}"))
    tagged = history.tag_target(git_root, f"{game}/turn-{turn}")
    return Arrived(times, history.commit_time(git_root, tagged) if tagged else None,
                   bool(arrivals.looks(git_root, game, turn)))


def _arrivals(seen: turncore.Committed, arrived: Arrived | None) -> list[Finding]:
    """Each orders file taken must have reached main by the deadline plus grace, as ``arrived`` says."""
    game, turn, report = seen.game, seen.turn, seen.report
    deadline = report.get("deadline")
    if arrived is None or not deadline or seen.schedule is None:
        return []
    due = dt.datetime.fromisoformat(deadline)
    limit = due + seen.schedule.grace
    late = {entry.get("player") for entry in account(report).get("late", [])}
    out = []
    for player in account(report).get("taken", []):
        # In a game of sealed orders the sealed file is what arrived; its plaintext comes with the turn.
        name = f"orders/{game}/{turn_dir(turn)}/{player}.yaml"
        when = arrived.times.get(name + ".age") if seen.settings.sealed_orders else arrived.times.get(name)
        # Orders changed after the turn's own commit are a later edit, which the digest check reports instead.
        if when is None or arrived.committed is not None and when.timestamp() > arrived.committed:
            continue
        if when > limit:
            out.append(_found(game, turn, "late", player=player))
        elif when > due and player not in late and arrived.looked:
            out.append(_found(game, turn, "late_unnamed", player=player, when=schedmod.iso(when)))
    return out


def _early(seen: turncore.Committed) -> list[Finding]:
    """A turn run before its deadline while an awaited player had no orders in must say why: the game master's
    ``--early`` (recorded as ``early: true``) or a ruling of the turn. Otherwise it was run early by mistake
    (two runs at once in one working copy, a wrong ``--now``), and the players who missed it lost their turn."""
    game, turn, report = seen.game, seen.turn, seen.report
    meta = account(report)
    at, deadline, missed = meta.get("adjudicated"), report.get("deadline"), meta.get("missed") or []
    if not at or not deadline or not missed or meta.get("early") or report.get("ruling"):
        return []
    try:
        run, due = dt.datetime.fromisoformat(at), dt.datetime.fromisoformat(deadline)
    except (TypeError, ValueError):
        return [_found(game, turn, "times", at=repr(at), deadline=repr(deadline))]
    if run >= due:
        return []
    return [_found(game, turn, "early", at=at, deadline=deadline, missed=", ".join(map(str, missed)), rerun=turn)]


def _absence(snap: turncore.TurnSnapshot, ran: turncore.Ran, report: TurnReport) -> list[Finding]:
    """A deadline moved for absences moved as the absence files were when the turn ran (its tag's commit, read
    into ``ran``): the move the turn's own plan makes (``turncore.open_deadline``) from those files, for the
    players its snapshot's state awaits."""
    meta = account(report)
    recorded = meta.get("absence")
    schedule = snap.schedule
    if schedule is None or schedule.absence is None:
        return ([_found(snap.game, snap.turn, "absence_none")]
                if recorded else [])
    extended = meta.get("extension")
    base = recorded["from"] if recorded else extended["from"] if extended else report.get("deadline")
    if not ran.tagged or not base:
        return []
    phase = outcomemod.phase(snap.rules, snap.state)
    periods = {}
    for key in phase.awaited:
        rel = absencemod.relpath(snap.game, key)
        if key in ran.absences:
            try:
                periods[key] = absencemod.parse(rel, ran.absences[key], snap.game, key, schedule.absence).periods
            except LeagueError:
                return [_found(snap.game, snap.turn, "absence_then",
                               text=_absence_fault(rel, ran.absences[key], snap.game, key, schedule.absence))]
    moved = turncore.open_deadline(dt.datetime.fromisoformat(base), schedule, phase.awaited,
                                   turncore.Arrivals(None, absences=periods), phase, ())
    expected = (schedmod.iso(moved.scheduled), list(moved.absent)) if moved.absent and moved.scheduled else None
    got = (recorded["to"], list(recorded["players"])) if recorded else None
    if got == expected:
        return []
    def words(x: tuple[str, list[str]] | None) -> Said:
        return _parts([("moved", {"to": x[0], "players": ", ".join(x[1])})] if x else [("no_move", {})])
    return [_found(snap.game, snap.turn, "absence_move", got=words(got), expected=words(expected))]


def _absence_fault(rel: str, raw: bytes, game: str, player: str, limit: dt.timedelta | None) -> Said:
    """An absence file's fault as the turn's run met it, read again in the language it is said in."""
    def fault(lang: str) -> str:
        try:
            absencemod.parse(rel, raw, game, player, limit, lang)
        except LeagueError as e:
            return str(e)
        return ""  # pragma: no cover - the caller met its fault

    return Said(fault)


def _nmr_extension(snap: turncore.TurnSnapshot, ran: turncore.Ran, report: TurnReport,
                   used: dict[str, int]) -> list[Finding]:
    """Who used an NMR extension is what the arrival of the orders gives (``turn.nmr_extension``): the awaited
    players of the turn's snapshot without a file on main at the deadline and grace (``ran``: when each file
    first arrived), with an extension left (``used``: the extensions the turns before recorded), at the time the
    turn ran."""
    meta = account(report)
    recorded = meta.get("extension")
    schedule = snap.schedule
    if schedule is None or schedule.nmr_extension is None:
        return ([_found(snap.game, snap.turn, "nmr_none")]
                if recorded else [])
    at, base = meta.get("adjudicated"), recorded["from"] if recorded else report.get("deadline")
    if not at or not base:  # a turn of an older league, which did not record when it ran
        return []
    suffix = ".yaml.age" if snap.settings.sealed_orders else ".yaml"
    first_in = {rel.rsplit("/", 1)[-1].removesuffix(suffix): when
                for rel, when in ran.first_in.items() if rel.endswith(suffix)}
    awaited = outcomemod.phase(snap.rules, snap.state).awaited
    expected = schedmod.nmr_extended(schedule, dt.datetime.fromisoformat(base), dt.datetime.fromisoformat(at),
                                     awaited, first_in, used)
    got = tuple(recorded["players"]) if recorded else ()
    if got == expected:
        return []
    return [_found(snap.game, snap.turn, "nmr", got=", ".join(got) or "none", expected=", ".join(expected) or "none")]


# --- --since: today's history extends what a reader kept ----------------------------------------------------

@dataclass
class Extension:
    """What ``--since REF`` found: ``holds`` says what was proved, ``found`` each way today's history departs."""

    ref: str
    holds: list[str] = field(default_factory=list)
    found: list[Finding | str] = field(default_factory=list)


def since(root: Path, ref: str, game_ids: list[str], *, worktree: bool = False) -> Extension:
    """Does today's history extend ``ref`` (a commit or tag kept from an old clone, or a chain head from an issue)?

    For a commit: it must be an ancestor of ``HEAD``, and every file of every turn it had must be unchanged today.
    For a chain head: some game's chain (from today's files) must pass through it.
    """
    done = Extension(ref)
    use_git = history.is_repo(root) and history.has_head(root)
    commit = _commit_of(root, ref) if use_git else None
    if commit is None:
        if not re.fullmatch(r"[0-9a-f]{64}", ref):
            done.found.append(COMMANDS.say("en", "verify.since.no_ref", ref=ref))
            return done
        for gid in game_ids:
            found = _find_head(root, gid, ref, worktree=worktree or not use_git)
            if found is not None:
                done.holds.append(COMMANDS.say("en", "verify.since.head_holds", game=gid, head=ref[:12], turn=found))
                return done
        done.found.append(COMMANDS.say("en", "verify.since.no_head", head=ref))
        return done
    label = commit[:12] if commit.startswith(ref[:7]) else f"{ref} ({commit[:12]})"
    if not history.is_ancestor(root, commit, "HEAD"):
        done.found.append(COMMANDS.say("en", "verify.since.rewritten", label=label))
    for gid in game_ids:
        had = history.tree_blobs(root, commit, f"games/{gid}")  # the game as ``commit`` held it; {}: not there yet
        changed = _unchanged_since(root, gid, commit, had)
        done.found += changed
        if not changed and had:
            done.holds.append(COMMANDS.say("en", "verify.since.holds", game=gid, label=label))
    return done


def _commit_of(root: Path, ref: str) -> str | None:
    if ref.startswith("-"):
        return None
    return history.rev(root, ref)


def _find_head(root: Path, game_id: str, head: str, *, worktree: bool) -> int | None:
    if worktree:
        chain = anchor.heads(root / "games" / game_id)
    else:
        with committed_tree(root, "HEAD", game_id) as tree:
            chain = anchor.heads(tree / "games" / game_id)
    return chain.index(head) if head in chain else None


def _unchanged_since(root: Path, game_id: str, commit: str, had: Mapping[str, str]) -> list[Finding | str]:
    """Every turn file of ``game_id`` that ``commit`` ``had`` (each file of the game's folder then, with its blob
    id) is the same blob today, and its set-up is the same."""
    turns = f"games/{game_id}/turns/"
    then = {path: blob for path, blob in had.items() if path.startswith(turns)}
    now = history.tree_blobs(root, "HEAD", turns) if then else {}
    found: list[Finding | str] = []
    for path in sorted(then):
        if now.get(path) != then[path]:
            turn = int(TURN_FILE.match(path)[1])  # type: ignore[index]
            name = path[TURN_FILE.match(path).end():]  # type: ignore[union-attr]
            found.append(_found(game_id, turn, "gone", name=name) if path not in now else
                         _found(game_id, turn, "not_as_at", name=name, commit=commit[:12]))
    if then:
        rel = f"games/{game_id}/game.yaml"
        both = history.blobs_of(root, [f"{commit}:{rel}", f"HEAD:{rel}"])  # the two set-ups, in one git process
        old = yamlio.load(both.get(f"{commit}:{rel}", b"")).data or {}
        new = (yamlio.load(both.get(f"HEAD:{rel}", b"")).data or {}) if now else {}
        last = max(int(TURN_FILE.match(p)[1]) for p in then)  # type: ignore[index]
        differs = _setup_diff(old, new, last)
        if differs:
            found.append(_found(game_id, 0, "setup_not_as_at", commit=commit[:12], what=_parts(differs)))
    return found
