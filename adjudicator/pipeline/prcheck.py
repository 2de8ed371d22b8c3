"""``turnpress pr-check``: is this pull request a player's orders for the open turn, and are they valid?

The orders workflow runs it on ``pull_request``, without secrets, so pull requests from forks work::

    turnpress pr-check --league base --repo pr --event "$GITHUB_EVENT_PATH" --format github

``--league`` is the league as it is on the base branch (trusted: its code is what runs, its games are what the
orders are checked against); ``--repo`` is a clone holding the pull request's commits, read as data only: the
changed files are what merging the pull request would change (the base against the tree ``git merge-tree`` makes;
a history with several merge bases, where one diff does not show what the merge does, is refused) and their
content comes from git's objects, never from a checkout of the pull request, so a symlink is never followed and a
huge file is refused before it is read.

The rules: every changed path is ``orders/<game>/<NNNN>/<seat>.yaml`` of a running game, for its open turn,
of the seat the pull request's author holds (GitHub login and numeric id as in ``game.yaml``); it is added or
modified, a regular file, within the size limit; then its orders pass the schema and the game's rules. The
receipt (every order as the adjudicator understood it) goes to ``$GITHUB_STEP_SUMMARY`` and to the output.

In a game of sealed orders (``orders: sealed``) the file is ``orders/<game>/<NNNN>/<seat>.yaml.age``, written by
``turnpress seal``: the same path and seat rules hold, and its envelope is checked (armor, age header, sealed to
the game's key and the player's) by ``sealed.check_envelope``. The check never opens it and needs no secret; a
plain orders file in such a game is refused, since the pull request has already made it public.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from .. import schedule as schedmod
from .. import yamlio
from ..engine import check
from ..engine.sealed_orders import check_envelope
from ..errors import LeagueError, TurnpressError
from ..kit import outcome
from ..kit.markup import md_text
from ..kit.orders import Finding, OrdersPath, file_finding, parse_path, say, visible
from ..league import absence as absencemod
from ..league import history, rulings
from ..league.store import Game, sealed_relpath
from ..sealed.envelope import SEALED_MAX_BYTES, parse_sealed_path, recipient_kind

OK, PROBLEMS, USAGE = 0, 1, 2
REGULAR_MODES = ("100644", "100755")
MODE_NAMES = ("120000", "160000", "040000")  # modes the check names (``pr.mode.*``): a link, a submodule, a folder
# Where a refused path lives decides the message: what the player touched, said in their words (``pr.area.*``).
AREAS = ((".github/", "github"), ("games/", "games"), ("site/", "site"), ("orders/", "orders"),
         ("rulings/", "rulings"), ("absences/", "absences"))


@dataclass(frozen=True)
class PullRequest:
    """What the check needs from the event: number, author, and the two commits to compare.

    ``queued``: a ``merge_group`` event of GitHub's merge queue. Its head is the merge commit the queue made of
    the base branch as it is now and the pull request(s) in the group, exactly what will land on the branch;
    the check judges that commit against the base before it lands, however the base moved since the pull
    request's own check. The event names no author: each pull request's own check (required before it may enter
    the queue) proved that its author holds the seat of every orders file in it; this run checks everything
    else again on the real merge (the turn still open, the files valid, nothing else changed).
    """

    number: int
    login: str
    user_id: int
    base: str
    head: str
    title: str = ""
    queued: bool = False

    @classmethod
    def from_event(cls, event: dict[str, Any]) -> PullRequest:
        if isinstance(event, dict) and "merge_group" in event:
            return cls._from_merge_group(event["merge_group"])
        try:
            pr = event["pull_request"]
            return cls(number=int(pr["number"]), login=str(pr["user"]["login"]), user_id=int(pr["user"]["id"]),
                       base=str(pr["base"]["sha"]), head=str(pr["head"]["sha"]), title=str(pr.get("title", "")))
        except (KeyError, TypeError, ValueError) as e:
            raise LeagueError(f"the event is neither a pull_request nor a merge_group event payload (missing {e})",
                              word="pr.event", missing=e) from None

    @classmethod
    def _from_merge_group(cls, group: Any) -> PullRequest:
        try:
            base, head, ref = str(group["base_sha"]), str(group["head_sha"]), str(group["head_ref"])
        except (KeyError, TypeError) as e:
            raise LeagueError(f"the event is not a merge_group event payload (missing {e})", word="pr.event_group",
                              missing=e) from None
        if not (SHA.fullmatch(base) and SHA.fullmatch(head)):
            raise LeagueError("the merge_group event's base_sha and head_sha must be commit ids (40 hex digits)",
                              word="pr.event_shas")
        # refs/heads/gh-readonly-queue/<base branch>/pr-<number>-<base sha>: the last pull request of the group.
        m = re.search(r"/pr-(\d{1,9})-[0-9a-f]{40}\Z", ref)
        return cls(number=int(m[1]) if m else 0, login="", user_id=0, base=base, head=head,
                   title="merge queue", queued=True)


SHA = re.compile(r"[0-9a-f]{40}", re.ASCII)


Change = history.RawChange  # one entry of ``git diff --raw``


@dataclass
class FileResult:
    """The verdict on one changed file: findings, and for a valid one its receipt lines and notes."""

    path: str
    findings: list[Finding] = field(default_factory=list)
    understood: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    game: Game | None = None
    turn: int | None = None
    player: str | None = None
    sealed: bool = False  # a sealed file: its orders open at the deadline, so the receipt cannot show them
    lang: str = "en"  # what its findings speak: its game's language, else the pull request's

    @property
    def ok(self) -> bool:
        return not any(f.severity == "error" for f in self.findings)


class MergeRefused(TurnpressError):
    """The merge itself cannot be judged (several merge bases, conflicts): a finding for the whole pull request,
    so a problem found (exit 1)."""

    exit_code = PROBLEMS

    def __init__(self, message: str, hint: str) -> None:
        super().__init__(message)
        self.message, self.hint = message, hint


def merge_result(repo: Path, base: str, head: str, lang: str = "en") -> str:
    """The tree that merging ``head`` into ``base`` makes, as git would make it.

    ``base...head`` diffs from one merge base; a criss-cross history has several, and the real merge uses all
    of them, so a file the diff does not show can change on merge. Such a pull request is refused, and for
    every other the check judges the merge's own tree against the base.
    """
    bases = history.merge_bases(repo, base, head)
    if len(bases) != 1:
        raise MergeRefused(say(lang, "pr.merge_bases", n=len(bases) or say(lang, "pr.merge_bases.no")),
                           say(lang, "pr.merge_bases.hint"))
    merged = history.merge_tree(repo, base, head)
    if merged is None:
        raise MergeRefused(say(lang, "pr.conflicts"), say(lang, "pr.conflicts.hint"))
    return merged


def changed_files(repo: Path, base: str, head: str, lang: str = "en") -> list[Change]:
    """What merging the pull request changes: ``git diff-tree`` from the base to the merge's tree."""
    for sha in (base, head):
        if history.rev(repo, sha) is None:
            raise LeagueError(f"commit {sha} is not in {repo}: fetch the pull request's commits first "
                              "(actions/checkout with fetch-depth: 0)", word="pr.no_commit", sha=sha, repo=repo)
    return history.raw_changes(repo, base, merge_result(repo, base, head, lang))


def path_problem(change: Change, lang: str = "en") -> str | None:
    """Why a change can never be a player's orders file, whatever its content, in ``lang``; ``None`` if it might
    be."""
    parts = PurePosixPath(change.path).parts
    if not (change.path.isascii() and change.path.isprintable()):
        return say(lang, "pr.path.name")
    if change.status == "D":
        return say(lang, "pr.path.deletes")
    if change.status in "RC":
        return say(lang, "pr.path.renames", old=change.old_path)
    if ".." in parts or "." in parts or change.path.startswith("/") or "\\" in change.path:
        return say(lang, "pr.path.dots")
    if change.new_mode not in REGULAR_MODES:
        kind = say(lang, f"pr.mode.{change.new_mode}" if change.new_mode in MODE_NAMES else "pr.mode.other")
        return say(lang, "pr.path.mode", kind=kind)
    if orders_path(change.path) is None:
        for prefix, area in AREAS:
            if change.path.startswith(prefix):
                return say(lang, f"pr.area.{area}")
        return say(lang, "pr.path.outside")
    return None


def orders_path(rel: str) -> OrdersPath | None:
    """Game, turn and seat of a plain orders file or of a sealed one; ``None`` for any other path."""
    return parse_path(rel) or parse_sealed_path(rel)


def check_change(repo: Path, games: check.GameCache, pr: PullRequest, change: Change,
                 now: dt.datetime | None = None, changes: Sequence[Change] = (), lang: str = "en") -> FileResult:
    """Every rule for one changed file, path first, then the seat, then size, then the content.

    The content of a sealed file is its envelope only: it opens at the deadline, and this check has no key.
    ``lang``: the pull request's language (``pr_language``), until the file's game speaks its own.
    """
    shown = visible(change.path)  # a name may hold a line break: every message shows it escaped
    result = FileResult(shown, lang=lang)

    def refuse(message: str, hint: str = "") -> FileResult:
        result.findings.append(file_finding(shown, message, hint))
        return result

    ruled = rulings.RULING_PATH.match(change.path)
    if ruled and change.status in "AM" and change.new_mode in REGULAR_MODES:
        return _check_ruling(repo, games, pr, change, ruled["game"], int(ruled["turn"]), result)
    away = absencemod.ABSENCE_PATH.match(change.path)
    if away and (change.status in "AM" and change.new_mode in REGULAR_MODES or change.status == "D"):
        return _check_absence(repo, games, pr, change, away["game"], away["player"], result,
                              now or dt.datetime.now(dt.UTC))
    why = path_problem(change, lang)
    if why:
        return refuse(say(lang, "pr.path.refused", path=shown, why=why), say(lang, "pr.path.hint"))
    where = orders_path(change.path)
    assert where is not None  # path_problem refused every other path
    is_sealed_file = parse_sealed_path(change.path) is not None
    try:
        game = games.game(where.game)
    except LeagueError as e:
        return refuse(str(e), say(lang, "pr.game_id.hint"))
    result.game, result.turn, result.player, result.sealed = game, where.turn, where.player, is_sealed_file
    lang = result.lang = check.language(game)  # what follows speaks the game's language
    seat = game.player(where.player)
    mine = next((p.key for p in game.players if p.login.lower() == pr.login.lower()), None)
    mine_path = f"orders/{game.id}/{game.open_turn:04d}/{mine}.yaml"
    if seat is None:
        # A seat handed over by a ruling keeps its key: the new player writes the seat's file, not their login's.
        return refuse(say(lang, "not_playing", player=repr(where.player), game=game.id),
                      say(lang, "pr.your_seat", seat=repr(mine), path=mine_path) if mine else
                      say(lang, "pr.login_hint"))
    out = game.removed(game.open_turn).get(where.player)
    if out is not None:
        return refuse(say(lang, "pr.removed", name=seat.name, game=game.id, turn=out,
                          file=f"rulings/{game.id}/{out:04d}.yaml"), say(lang, "pr.removed.hint"))
    rerun = game.ruling(where.turn) if where.turn == game.open_turn else None
    if where.turn == game.open_turn and (rerun is None or rerun.rerun is None):
        rerun = _ruled_in_pr(repo, game, where.turn, changes) or rerun
    if rerun is not None and rerun.rerun is not None and where.player not in rerun.found:
        return refuse(say(lang, "pr.rerun", turn=where.turn, game=game.id, rerun=rerun.rerun,
                          file=f"rulings/{game.id}/{where.turn:04d}.yaml"), say(lang, "pr.rerun.hint"))
    # Orders a game master found for a re-run ('turnpress rerun' seals them): theirs to send (issue 29).
    found_by_master = (rerun is not None and rerun.rerun is not None and where.player in rerun.found
                       and game.settings.game_masters.get(pr.login.lower()) == pr.user_id)
    if pr.queued or found_by_master:
        pass  # the author was checked by the pull request's own run (see ``PullRequest``), or is a game master
    elif seat.login.lower() != pr.login.lower():
        hint = say(lang, "pr.write", path=mine_path) if mine else say(lang, "pr.no_seat", by=pr.login, game=game.id)
        return refuse(say(lang, "pr.not_yours", name=seat.name, login=seat.login, by=pr.login), hint)
    elif seat.github_id != pr.user_id:
        return refuse(say(lang, "pr.other_id", login=seat.login, game=game.id, id=seat.github_id,
                          author=pr.user_id), say(lang, "pr.other_id.hint"))
    state = games.state(game)
    phase = outcome.phase(game.ruleset, state)
    if phase.finished:
        return refuse(say(lang, "pr.over", game=game.id))
    if game.sealed_orders and not is_sealed_file:
        return refuse(say(lang, "pr.plain", game=game.id),
                      say(lang, "pr.plain.hint", path=sealed_relpath(game.id, where.turn, where.player)))
    limit = SEALED_MAX_BYTES if is_sealed_file else yamlio.ORDERS_MAX_BYTES
    size = history.blob_size(repo, change.blob)
    if size > limit:
        return refuse(say(lang, "pr.size_sealed" if is_sealed_file else "pr.size", size=size, most=limit),
                      say(lang, "pr.size.hint"))
    raw = history.blob_bytes(repo, change.blob)
    if is_sealed_file:
        return _check_sealed(games, change, raw, game, seat.name, phase.takes(where.player), result)
    with _as_file(raw) as path:
        checked, _ = check.check_path(games, change.path, path)
    result.findings += checked.findings
    if not checked.ok:
        return result
    if not phase.takes(where.player):
        return refuse(say(lang, "pr.not_awaited", name=seat.name, turn=where.turn, label=phase.label),
                      say(lang, "pr.not_awaited.hint"))
    result.understood = check.describe(game, state, where.player, checked.orders)
    if checked.wait:
        result.notes.append(say(lang, "pr.wait"))
    _note_if_merged(game, change, result)
    return result


def _ruled_in_pr(repo: Path, game: Game, turn: int, changes: Sequence[Change]) -> rulings.Ruling | None:
    """The ruling of ``turn`` this pull request adds, read as the merge would have it; None if it adds none or one
    that does not read (its own check names that)."""
    rel = rulings.relpath(game.id, turn)
    change = next((c for c in changes if c.path == rel and c.status in "AM" and c.new_mode in REGULAR_MODES), None)
    if change is None or history.blob_size(repo, change.blob) > yamlio.ORDERS_MAX_BYTES:
        return None
    raw = history.blob_bytes(repo, change.blob)
    zone = game.schedule.zone if game.schedule is not None else dt.UTC
    try:
        return rulings.parse(rel, raw, game.id, turn, game.settings.game_masters, zone, game.seated_before(turn).logins)
    except LeagueError:
        return None


def _check_ruling(repo: Path, games: check.GameCache, pr: PullRequest, change: Change, game_id: str, turn: int,
                  result: FileResult) -> FileResult:
    """A game master's ruling: only from a game master ``game.yaml`` names (login and id), for a turn not yet
    adjudicated, and a ruling ``adjudicate`` can read."""
    def refuse(message: str, hint: str = "") -> FileResult:
        result.findings.append(file_finding(change.path, message, hint))
        return result

    try:
        game = games.game(game_id)
    except LeagueError as e:
        return refuse(str(e), say(result.lang, "pr.game_id.hint"))
    lang = result.lang = check.language(game)  # what follows speaks the game's language
    masters = game.settings.game_masters
    if not pr.queued and masters.get(pr.login.lower()) != pr.user_id:
        named = ", ".join(sorted(masters)) or say(lang, "pr.ruling.nobody")
        return refuse(say(lang, "pr.ruling.not_master", path=change.path, game=game.id, by=pr.login),
                      say(lang, "pr.ruling.not_master.hint", game=game.id, named=named))
    if turn < game.open_turn:
        return refuse(say(lang, "pr.ruling.past", turn=turn, game=game.id),
                      say(lang, "pr.ruling.past.hint", path=f"rulings/{game.id}/{game.open_turn:04d}.yaml"))
    if history.blob_size(repo, change.blob) > yamlio.ORDERS_MAX_BYTES:
        return refuse(say(lang, "pr.ruling.size"), say(lang, "pr.ruling.size.hint"))
    raw = history.blob_bytes(repo, change.blob)
    zone = game.schedule.zone if game.schedule is not None else dt.UTC
    try:
        ruling = rulings.parse(change.path, raw, game.id, turn, masters, zone, *game.seated_before(turn), lang)
    except LeagueError as e:
        return refuse(str(e).removeprefix(f"{change.path}:"))
    result.understood = [say(lang, "pr.ruling.understood", by=ruling.by, turn=turn, reason=ruling.reason)]
    return result


def _check_absence(repo: Path, games: check.GameCache, pr: PullRequest, change: Change, game_id: str, player: str,
                   result: FileResult, now: dt.datetime) -> FileResult:
    """A player's dated absences (``absence``): their own seat's file, in a game that takes absences, none longer
    than its limit, and nothing in the past: what is added or changed starts today or later (in the game's zone),
    and an absence that has begun stays as it is."""
    def refuse(message: str, hint: str = "", line: int = 1, column: int = 1) -> FileResult:
        result.findings.append(Finding(change.path, line, column, message, hint))
        return result

    try:
        game = games.game(game_id)
    except LeagueError as e:
        return refuse(str(e), say(result.lang, "pr.game_id.hint"))
    lang = result.lang = check.language(game)  # what follows speaks the game's language
    seat = game.player(player)
    mine = next((p.key for p in game.players if p.login.lower() == pr.login.lower()), None)
    own = (say(lang, "pr.absence.own", path=f"absences/{game.id}/{mine}.yaml") if mine
           else say(lang, "pr.absence.no_seat", by=pr.login, game=game.id))
    if seat is None:
        return refuse(say(lang, "pr.absence.not_playing", player=repr(player), game=game.id),
                      say(lang, "pr.absence.not_playing.hint", own=own))
    if seat.login.lower() != pr.login.lower() or seat.github_id != pr.user_id:
        return refuse(say(lang, "pr.absence.not_yours", name=seat.name, login=seat.login, by=pr.login),
                      say(lang, "pr.absence.not_yours.hint", own=own))
    schedule = game.schedule
    limit = schedule.absence if schedule is not None else None
    if limit is None:
        return refuse(say(lang, "pr.absence.none", game=game.id), say(lang, "pr.absence.none.hint"))
    new = None
    if change.status != "D":
        if history.blob_size(repo, change.blob) > yamlio.ORDERS_MAX_BYTES:
            return refuse(say(lang, "pr.absence.size"), say(lang, "pr.absence.size.hint"))
        try:
            new = absencemod.parse(change.path, history.blob_bytes(repo, change.blob), game.id, player, limit, lang)
        except LeagueError as e:
            where = re.match(r"[^:]*:(\d+):(\d+): (.*?)(?: — (.*))?\Z", str(e), re.S)
            if where is None:  # pragma: no cover - parse names the file, line and column
                return refuse(str(e))
            return refuse(where[3], where[4] or "", int(where[1]), int(where[2]))
    old = None
    before = history.file_or_none(repo, pr.base, change.path)
    if before is not None:
        try:  # read with the widest limit: a period the game master's new limit forbids was allowed when sent
            old = absencemod.parse(change.path, before, game.id, player, schedmod.PERIOD_MAX)
        except LeagueError:
            old = None
    past = absencemod.changes_in_the_past(old, new, now.astimezone(schedule.zone if schedule else dt.UTC).date(),
                                          lang)
    if past:
        return refuse("; ".join(past), say(lang, "pr.absence.past.hint"))
    result.game = game
    result.understood = ([say(lang, "pr.absence.away", name=seat.name, start=a, end=b) for a, b in new.periods]
                         if new and new.periods else [say(lang, "pr.absence.withdrawn", name=seat.name)])
    return result


def _check_sealed(games: check.GameCache, change: Change, raw: bytes, game: Game, name: str, awaited: bool,
                  result: FileResult) -> FileResult:
    """A sealed file: its envelope only (turn, armor, recipients). It opens at the deadline, with the game's key."""
    result.findings += check_envelope(games.root, change.path, raw, game)
    if not result.ok:
        return result
    if not awaited:
        lang = check.language(game)
        result.findings.append(file_finding(change.path, say(lang, "pr.not_awaited_sealed", name=name,
                                                             turn=result.turn), say(lang, "pr.not_awaited.hint")))
        return result
    result.notes.append(sealed_receipt(game, result.player or "", name, result.turn))
    _note_if_merged(game, change, result)
    return result


def sealed_receipt(game: Game, player: str, name: str, turn: int | None) -> str:
    """What the check confirmed of a sealed file without opening it (the envelope, its recipients, the turn), and
    plainly that its content is checked only at the deadline (issue 15, "Receipts without leaks")."""
    lang = check.language(game)
    own = game.recipient_of(player)
    if own:
        kind = say(lang, "pr.ssh_key" if recipient_kind(own) == "ssh-ed25519" else "pr.age_key")
        to = say(lang, "pr.sealed_two", name=name, kind=kind, fingerprint=fingerprint(own))
    else:
        to = say(lang, "pr.sealed_one", name=name)
    return say(lang, "pr.envelope", turn=turn, game=game.id, name=name, to=to)


def fingerprint(recipient: str) -> str:
    """A short, public form of a recipient's key for a receipt: its type and the first characters of the key."""
    parts = recipient.split()
    text = parts[1] if len(parts) > 1 else parts[0]
    return f"{parts[0]} {text[:16]}…" if len(parts) > 1 else f"{text[:20]}…"


def _note_if_merged(game: Game, change: Change, result: FileResult) -> None:
    if (game.root / change.path).is_file():
        result.notes.append(say(check.language(game), "pr.merged", path=change.path))


@contextmanager
def _as_file(raw: bytes) -> Iterator[Path]:
    """The blob's bytes in a private temporary file, for the checks that read a path."""
    fd, name = tempfile.mkstemp(prefix="turnpress-pr-", suffix=".yaml")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
        yield Path(name)
    finally:
        os.unlink(name)


def run_check(league: Path, repo: Path, pr: PullRequest, now: dt.datetime | None = None) -> list[FileResult]:
    """Check every file the pull request changes; an empty pull request is refused too."""
    games = check.GameCache(league)
    lang = games.league.language  # until the changed files name their games (mkdocs.yml, read once)
    try:
        changes = changed_files(repo, pr.base, pr.head, lang)
    except MergeRefused as e:
        return [FileResult(say(lang, "pr.whole"), [file_finding(say(lang, "pr.whole"), e.message, e.hint)],
                           lang=lang)]
    if not changes:
        return [FileResult(say(lang, "pr.whole"), [file_finding(say(lang, "pr.whole"), say(lang, "pr.empty"),
                                                                say(lang, "pr.empty.hint"))], lang=lang)]
    lang = pr_language(games, changes, lang)
    return [check_change(repo, games, pr, c, now, changes, lang) for c in changes]


def pr_language(games: check.GameCache, changes: Sequence[Change], league: str) -> str:
    """The language a pull request is answered in: that of the games its files name (orders, rulings, absences),
    if they name games of one language; else the league's (``league``)."""
    named = set()
    for change in changes:
        where = orders_path(change.path)
        found = where or rulings.RULING_PATH.match(change.path) or absencemod.ABSENCE_PATH.match(change.path)
        if found is not None:
            named.add(where.game if where is not None else found["game"])  # type: ignore[index]
    spoken = set()
    for game_id in sorted(named):
        try:
            spoken.add(check.language(games.game(game_id)))
        except LeagueError:
            continue  # the file's own check names that its game is none
    return spoken.pop() if len(spoken) == 1 else league


def _summary_line(f: Finding, lang: str) -> str:
    """A finding in the job summary: its words are the player's in part (names, values), so they make no markup."""
    return f"- {say(lang, 'pr.line', line=f.line)}: {md_text(f.message)}" + (f" — {md_text(f.hint)}" if f.hint
                                                                            else "")


def receipt(pr: PullRequest, results: list[FileResult]) -> str:
    """The job summary: the orders as the adjudicator understood them, warnings, and every refusal; in the
    language of its files (each file in its game's), English where they speak several."""
    errors = sum(f.severity == "error" for r in results for f in r.findings)
    spoken = {r.lang for r in results}
    lang = spoken.pop() if len(spoken) == 1 else "en"
    verdict = say(lang, "pr.valid") if not errors else say(lang, "pr.refused", n=errors)
    if pr.queued:
        lines = [say(lang, "pr.receipt_queued", number=pr.number), "", f"**{verdict}**", "",
                 say(lang, "pr.queued_note", head=pr.head[:12], base=pr.base[:12]), ""]
    else:
        lines = [say(lang, "pr.receipt", number=pr.number, login=pr.login), "", f"**{verdict}**", ""]
    for r in results:
        lines.append(f"### {md_text(r.path)}")
        lines.append("")
        lang = r.lang  # each file in its game's language
        if r.game is not None and r.ok:
            seat = r.game.player(r.player) if r.player else None
            name = seat.name if seat else "?"
            deadline = r.game.deadline(r.turn) if r.turn is not None else None
            when = deadline.isoformat(timespec="minutes") if deadline else say(lang, "pr.no_deadline")
            title = say(lang, "pr.title", game=r.game.settings.title, turn=r.turn)
            if r.sealed:
                opens = say(lang, "pr.opens_at", when=when) if deadline else say(lang, "pr.opens_run")
                lines += [say(lang, "pr.sealed_of", title=title, name=name, opens=opens), ""]
            else:
                lines += [say(lang, "pr.orders_of", title=title, name=name, when=when), "",
                          say(lang, "pr.understood"), ""]
                lines += [f"- {md_text(line)}" for line in r.understood] + [""]
        warnings = [f for f in r.findings if f.severity != "error"]
        problems = [f for f in r.findings if f.severity == "error"]
        if warnings:
            lines += [say(lang, "pr.warnings"), ""] + [_summary_line(f, lang) for f in warnings] + [""]
        if problems:
            lines += [say(lang, "pr.problems"), ""] + [_summary_line(f, lang) for f in problems] + [""]
        lines += [f"> {note}" for note in r.notes] + ([""] if r.notes else [])
    return "\n".join(lines).rstrip() + "\n"
