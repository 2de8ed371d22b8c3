"""``turnpress deadline``: adjudicate what is due, commit and tag it, push; retry when another run was faster.

The deadline workflow runs it on a schedule, by hand and on pushes of orders::

    turnpress deadline --push

Without ``--push`` it is ``turnpress adjudicate --due --commit``. With ``--push`` it first brings the local
branch up to the remote one, then adjudicates, then pushes the branch and the new tags in one atomic push. If
the push is refused because the remote branch moved (orders merged meanwhile, or another deadline run did the
turn), it drops its own turn commits and tags, resets to the remote branch and runs again: a turn is computed
only from what is on the remote branch, and a turn another run already did is not due any more, so the run
ends cleanly.

Each run also records what main holds of an open turn's orders once its deadline has passed (``look``), and
with ``--event`` what main held just before the push that started it: a commit pushed after the deadline is
late whatever date it carries (``arrivals``, issue 28).

Dice secrets come from ``TURNPRESS_DICE_SECRET_<GAME>`` variables or from one ``TURNPRESS_DICE_SECRETS``
variable holding ``<game>=<hex>`` lines (one repository secret for every game of the league).
"""

from __future__ import annotations

import datetime as dt
import errno
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .. import yamlio
from ..engine import turn
from ..errors import OK, USAGE, GitError, LeagueError, TurnHeld
from ..kit import outcome as outcomemod
from ..kit import words
from ..kit.catalog import COMMANDS
from ..kit.orders import parse_path, visible
from ..league import arrivals, history, secrets, store
from . import budget as budgetmod

SECRETS_VARIABLE = "TURNPRESS_DICE_SECRETS"


def load_secrets(environ: dict[str, str] | None = None) -> list[str]:
    """Spread ``TURNPRESS_DICE_SECRETS`` (``game=hex`` lines) into the per-game variables; the games named."""
    env = os.environ if environ is None else environ
    named = []
    for line in env.get(SECRETS_VARIABLE, "").splitlines():
        game, sep, value = line.strip().partition("=")
        if not sep or not game:
            continue
        named.append(game.strip())
        env.setdefault(secrets.dice_secret_env(game.strip()), value.strip())
    return named


class Remote:
    """The remote branch a deadline run works against."""

    def __init__(self, root: Path, name: str, branch: str) -> None:
        self.root, self.name, self.branch = root, name, branch

    @property
    def ref(self) -> str:
        return f"refs/remotes/{self.name}/{self.branch}"

    def fetch(self, *, tags: bool = True) -> str:
        """Fetch the branch (and the tags); the remote branch's commit."""
        history.fetch(self.root, self.name, f"+refs/heads/{self.branch}:{self.ref}", tags=tags)
        sha = history.rev(self.root, self.ref)
        if sha is None:
            raise LeagueError(f"{self.name} has no branch {self.branch}", word="deadline.no_branch",
                              remote=self.name, branch=self.branch)
        return sha

    def push(self, tags: list[str]) -> str | None:
        """Push HEAD to the branch and ``tags``, all or nothing; ``None`` if pushed, else git's words (its stderr
        and the refused refs it lists on stdout: "[remote rejected] (pre-receive hook declined)")."""
        refs = [f"HEAD:refs/heads/{self.branch}", *(f"refs/tags/{t}:refs/tags/{t}" for t in tags)]
        return history.push(self.root, self.name, refs)


def start_from_remote(root: Path, remote: Remote, lang: str = "en") -> list[str]:
    """Bring the local branch up to the remote one; refuse to run over local work a reset could lose.

    A run killed in this clone may have left turn commits that never reached the remote (with their tags, and
    their files half-written into the tree): nothing of them was published, so they are dropped and the turn is
    computed again from the remote branch, which gives the same turn where the remote has not moved and the
    right one where it has. Any other local commit, and any change in the tree that is not a committed file's
    content, stops the run; but a file a killed reset of this clone was writing is that reset's, and it is done
    again (``history.reset_paths``). Nothing here takes a lock the next run could not attribute: the tree is compared
    without the index refresh (``GIT_OPTIONAL_LOCKS=0``), and the reset and the tag deletions take their locks
    through pid-named claims (``history.reset_hard``, ``history.delete_tag``). Returns the dropped commits'
    subjects.
    """
    history.clean_leftovers(root)
    upstream = remote.fetch(tags=False)  # the tags after this run's own are dropped: the remote may hold the names
    head = history.rev(root, "HEAD")
    local = history.commits_between(root, upstream, head) if head else []
    if any(not _unpushed_turn(root, c) for c in local):
        raise LeagueError(COMMANDS.say(lang, "deadline.not_on_remote", branch=f"{remote.name}/{remote.branch}"))
    resetting = history.reset_paths(root)
    lost = ([p for p in _would_lose(root, [c for c in (head, upstream) if c] + local) if p not in resetting]
            if head else [])
    if lost:
        more = COMMANDS.say(lang, "deadline.uncommitted_more", n=len(lost) - 1) if len(lost) > 1 else ""
        raise LeagueError(COMMANDS.say(lang, "deadline.uncommitted", path=visible(lost[0]), more=more))
    dropped = [history.subject(root, c) for c in local]
    for c in local:
        for t in history.tags_at(root, c):
            history.delete_tag(root, t)
    remote.fetch()
    if head != upstream:
        history.reset_hard(root, upstream)
    return dropped


def _unpushed_turn(root: Path, commit: str) -> bool:
    """True if ``commit`` is a turn commit as ``write_turn`` makes them: one parent, its subject
    ``<game>: turn <n> (<label>)``, and only that game's files changed (its folder, orders, issue pages); or a
    look as ``look`` records it, which changed only the game's record of arrivals."""
    parents = history.parents(root, commit)
    subject = history.subject(root, commit)
    seen = turn.game_named(subject, "subject.look")  # in the game's language, or in English before issue 31
    game = turn.game_named(subject) or seen
    if len(parents) != 1 or game is None:
        return False
    own: tuple[str, ...] = (f"{store.GAMES_DIR}/{game}/", f"orders/{game}/", f"site/news/{game}/",
                            f"site/news/posts/{game}/")
    if seen is not None:
        own = (f"{store.GAMES_DIR}/{game}/arrivals/",)
    return all(rel.startswith(own) for rel in history.changed_between(root, parents[0], commit))


def _would_lose(root: Path, commits: list[str]) -> list[str]:
    """Tracked paths whose content in the working tree is none of what ``commits`` (HEAD first) hold there: what a
    reset would lose. A file a killed run left half-way between two of them is each file whole (written atomically),
    so it is one of theirs."""
    out = []
    for rel in history.differing_from(root, commits[0]):
        path = root / rel
        here = None if path.is_symlink() or not path.is_file() else path.read_bytes()
        held = [history.blob(root, c, rel) for c in commits]
        if here not in held:
            out.append(rel)
    return out


@dataclass(frozen=True)
class Skipped:
    """A game whose turn could not be run this time, and why (naming the file where one is at fault); with
    ``committed``, the turns committed (by this run or an earlier one) whose files or tag are not all written."""

    game: str
    why: str
    committed: tuple[str, ...] = ()
    held: bool = False  # not a failure: a turn held for the game master (``turn.stale_deadline``), said each run
    lang: str = "en"  # the game's language, which says it

    def __str__(self) -> str:
        if self.held:
            return self.why
        if not self.committed:
            return COMMANDS.say(self.lang, "deadline.skipped", game=self.game, why=self.why)
        # A commit's subject names its game ("g1: turn 3 (Spring 1902)").
        return COMMANDS.say(self.lang, "deadline.unfinished", commits=", ".join(self.committed), why=self.why)


def failure_text(error: Exception, root: Path, game: str | None = None, lang: str = "en") -> str:
    """What went wrong, naming the league file it was reading if there is one, relative to the league; in
    ``lang``, the game's language, where the words are turnpress's own."""
    prefix = f"{root}/"
    if isinstance(error, yamlio.YamlInputError):
        return str(error).replace(prefix, "", 1)
    if isinstance(error, OSError) and error.filename:
        if error.errno == errno.ENOSPC:
            return COMMANDS.say(lang, "deadline.disk_full_writing", path=str(error.filename).replace(prefix, "", 1))
        return f"{str(error.filename).replace(prefix, '', 1)}: {error.strerror or error}"
    if isinstance(error, OSError) and error.errno == errno.ENOSPC:
        return COMMANDS.say(lang, "deadline.disk_full")
    if isinstance(error, LeagueError | GitError):
        return COMMANDS.spoken(lang, error).replace(prefix, "")
    damage = store.damage_text(root, game, lang)
    if damage:
        return f"{type(error).__name__}: {error}; " + damage.strip().replace("\n", "; ")
    return COMMANDS.say(lang, "deadline.internal", error=f"{type(error).__name__}: {error}")


def late_orders(root: Path, league: words.League | None = None) -> list[str]:
    """Orders of adjudicated turns changed since the last turn was tagged: a stale pull request merged late.

    The turn stands as published (its tag holds the orders it used, and no turn is run twice); the change is
    named so that the game master can revert it and the player knows their orders came too late. ``league``: what
    the league's ``mkdocs.yml`` says, where the run read it already (else it is read here, once).
    """
    league = league or words.read_league(root)
    out = []
    for gid in store.list_games(root):
        try:
            last = store.load_game(root, gid, league).last_turn
        except Exception:  # noqa: BLE001 - a broken game is named by the run itself
            continue
        tag = f"refs/tags/{gid}/turn-{last}"
        if last == 0 or history.rev(root, tag) is None:
            continue
        for status, rel in history.statuses_between(root, tag, "HEAD", f"orders/{gid}/"):
            where = parse_path(rel.removesuffix(".age"))
            if where is not None and where.turn <= last:
                lang = language(root, gid, league)
                out.append(COMMANDS.say(lang, "deadline.late", game=gid, path=visible(rel), turn=where.turn,
                                        tag=f"{gid}/turn-{where.turn}", changed=COMMANDS.say(
                                            lang, "deadline.removed" if status == "D" else "deadline.changed")))
    return out


def held_turn(root: Path, game: str, now: dt.datetime, league: words.League | None = None) -> str | None:
    """Why ``game``'s open turn, due ``now``, is held for the game master; None if it is not."""
    found = store.load_game(root, game, league)
    st = turn.status(found, now)
    return turn.stale_deadline(st, found.language) if st.due else None


def failed(skipped: list[Skipped]) -> bool:
    """Whether a run's skipped games make it fail (exit 2): a game to fix, not a turn held for the game master."""
    return any(not s.held for s in skipped)


def adjudicate_due(root: Path, now: dt.datetime, *, commit: bool = True, catch_up: bool = False,
                   games: list[str] | None = None, budget: float | None = None,
                   league: words.League | None = None) -> tuple[list[turn.TurnOutcome], list[Skipped]]:
    """Every due turn of every game (or of ``games``); a game that fails is named and skipped, and the others
    still advance. A turn held for the game master is named too, and fails nothing: the run exits 0 each time.

    One player's file or one game's broken state must not stall the league: nothing of a failed game is
    committed (a turn commits at once or not at all), so skipping it leaves it as it was for the next run. A game
    may take ``budget`` seconds (``pipeline.budget``; ``None``: no limit): one that takes longer is stopped,
    named, and left as it was, and the next game runs. ``league``: what the league's ``mkdocs.yml`` says, where the
    run read it already (else it is read here, once for every game: no turn writes it).
    """
    league = league or words.read_league(root)
    done: list[turn.TurnOutcome] = []
    skipped: list[Skipped] = []
    for gid in games if games is not None else store.list_games(root):
        before = history.rev(root, "HEAD") if commit and history.is_repo(root) else None
        try:
            with budgetmod.time_budget(budget) as limit:
                ran = turn.adjudicate(root, gid, now, commit=commit, only_if_due=True, catch_up=catch_up,
                                      fault=limit.step if limit is not None else store.no_fault, league=league)
            done += ran
            held = held_turn(root, gid, now, league) if ran and commit and not catch_up else None
            if held:  # the turn after those just run is held: said now as on every later run
                skipped.append(Skipped(gid, held, held=True))
        except TurnHeld as e:
            skipped.append(Skipped(gid, COMMANDS.spoken(language(root, gid, league), e), held=True))
        except budgetmod.OverBudget as e:
            lang = language(root, gid, league)
            skipped.append(Skipped(gid, over_budget_text(gid, e.seconds, lang), lang=lang))
        except Exception as e:  # noqa: BLE001 - any failure of one game is reported, then the next game runs
            after = history.rev(root, "HEAD") if commit and history.is_repo(root) else None
            made = history.subjects_between(root, before, after) if after and after != before else []
            left = turn.unfinished(root, gid) if commit else None  # by this run or an earlier one
            if left and left not in made:
                made.append(left)
            lang = language(root, gid, league)
            skipped.append(Skipped(gid, failure_text(e, root, gid, lang), tuple(made), lang=lang))
    return done, skipped


def over_budget_text(game: str, seconds: float, lang: str = "en") -> str:
    """Why a game was stopped at its time budget, and what the game master can do."""
    return COMMANDS.say(lang, "deadline.over_budget", game=game, seconds=f"{seconds:g}")


def adjudicate(root: Path, now: dt.datetime, game: str, open_turn: int | None, budget: float | None = None,
               league: words.League | None = None) -> tuple[list[turn.TurnOutcome], list[Skipped]]:
    """The due turns of ``game``, or (with ``open_turn``, a game master's manual turn) its open turn ``open_turn``
    whether due or not."""
    league = league or words.read_league(root)
    if open_turn is None:
        return adjudicate_due(root, now, games=[game], budget=budget, league=league)
    if store.load_game(root, game, league).open_turn != open_turn:
        return [], []  # another run did this turn already
    with budgetmod.time_budget(budget) as limit:
        return turn.adjudicate(root, game, now, commit=True, only_if_due=False, early=True,  # a manual turn
                               fault=limit.step if limit is not None else store.no_fault, league=league), []


def look(root: Path, game_id: str, now: dt.datetime, pushed: arrivals.Pushed | None = None,
         league: words.League | None = None) -> str | None:
    """Record what main holds of ``game_id``'s open turn's orders, once its deadline has passed (``arrivals``):
    main just before the push that started this run, at the push's time; and main now, while the turn is not due
    yet (in its grace, or waiting), where it holds files no look saw. Committed at once, as turnpress's own; the
    commit, or None where there was nothing to record."""
    if not history.is_repo(root) or not history.has_head(root):
        return None
    game = store.load_game(root, game_id, league)
    number = game.open_turn
    phase = outcomemod.phase(game.ruleset, game.effective_state(number))
    deadline = None if phase.finished else game.deadline(number, phase.kind, scheduled=True)
    if deadline is None:
        return None
    candidates = []
    if (pushed is not None and history.rev(root, f"{pushed.before}^{{commit}}") is not None
            and history.is_ancestor(root, pushed.before, "HEAD")):
        candidates.append(arrivals.Look(pushed.at, arrivals.tree_files(root, pushed.before, game_id, number), "push"))
    if now > deadline and not turn.status(game, now).due:
        candidates.append(arrivals.Look(now, arrivals.tree_files(root, "HEAD", game_id, number)))
    record = arrivals.looks(root, game_id, number)
    added = arrivals.new_looks(record, deadline, candidates)
    if not added:
        return None
    rel = arrivals.record_relpath(game_id, number)
    sha = history.commit_files(root, {rel: arrivals.text(record + added)},
                               COMMANDS.say(game.language, "subject.look", game=game_id, turn=number))
    history.materialize(root, sha, [rel])
    return sha


def run(root: Path, now: dt.datetime, *, game: str | None = None, push: bool = False, remote: str = "origin",
        branch: str = "main", retries: int = 3, before_push: Callable[[], None] | None = None,
        say: Callable[[str], None] = print, budget: float | None = budgetmod.DEFAULT_SECONDS,
        event: Path | None = None) -> int:
    """One deadline run; ``before_push`` is called between the commits and the push (tests race there).

    Game by game (issue 28, "Games isolated at the deadline"): each game's due turns are computed within the time
    budget, committed, and pushed on their own before the next game starts, so a game that fails, hangs or is
    stopped at its budget holds no other game's turn or push, and a job killed later keeps what it pushed.
    """
    load_secrets()
    history.require_repo(root)  # every turn is a commit: outside a repository nothing can run
    far = Remote(root, remote, branch)
    # mkdocs.yml, read once for the run: its own lines, about no one game, in the league's language (architecture.md,
    # One catalog), and every game it loads (no turn writes the file; a reset to the remote's branch reads it again)
    league = words.read_league(root)
    if push:
        start = history.rev(root, "HEAD")
        for subject in start_from_remote(root, far, league.language):
            say(COMMANDS.say(league.language, "deadline.dropped", subject=subject))
        if history.rev(root, "HEAD") != start:
            league = words.read_league(root)
    pushed = arrivals.push_event(event, branch) if event is not None else None
    open_turn = store.load_game(root, game, league).open_turn if game else None
    for late in late_orders(root, league):
        say(late)
    code, turns, raced = OK, 0, False
    for gid in [game] if game else store.list_games(root):
        ran, failing, moved = _run_game(root, far, now, gid, open_turn, push=push, retries=retries,
                                        before_push=before_push, say=say, budget=budget, pushed=pushed, league=league)
        turns += ran
        raced = raced or moved
        code = USAGE if failing else code  # a game to fix (not a held turn): exit 2, after the others advanced
    if not turns:
        found = {language(root, g, league) for g in ([game] if game else store.list_games(root))}
        lang = found.pop() if len(found) == 1 else league.language  # the league's if several
        say(COMMANDS.say(lang, "deadline.raced_all" if raced else "adjudicate.nothing_due"))
    _outputs(turns, history.rev(root, "HEAD"))
    return code


def _run_game(root: Path, far: Remote, now: dt.datetime, game: str, open_turn: int | None, *, push: bool,
              retries: int, before_push: Callable[[], None] | None, say: Callable[[str], None],
              budget: float | None, pushed: arrivals.Pushed | None = None,
              league: words.League | None = None) -> tuple[int, bool, bool]:
    """One game's due turns, committed and (with ``push``) pushed; on a race, dropped and run again from the
    remote branch. Returns the turns pushed (or committed), whether the game failed, and whether it raced.
    What main holds of the open turn's orders is recorded first (``look``), and pushed with the turns."""
    league = league or words.read_league(root)
    raced, lang = False, language(root, game, league)
    for attempt in range(retries + 1):
        start = history.rev(root, "HEAD")
        try:
            seen = look(root, game, now, pushed, league)
        except Exception as e:  # noqa: BLE001 - a game whose files cannot be read: its turn names the fault
            seen = None
            say(COMMANDS.say(lang, "deadline.not_seen", game=game, why=failure_text(e, root, game, lang)))
        if seen is not None:
            say(COMMANDS.say(lang, "deadline.seen", game=game, commit=seen[:10]))
        done, skipped = adjudicate(root, now, game, open_turn, budget, league)
        for s in skipped:
            say(str(s))
        if not done and seen is None:
            if raced:
                say(COMMANDS.say(lang, "deadline.raced", game=game))
            return 0, failed(skipped), raced
        for o in done:
            missed = COMMANDS.say(lang, "adjudicate.missed", names=", ".join(o.missed)) if o.missed else ""
            say(COMMANDS.say(lang, "deadline.done", game=o.game, turn=o.turn, label=o.label, missed=missed,
                             commit=(o.commit or "")[:10]))
        if not push:
            return len(done), failed(skipped), raced
        tags = [f"{o.game}/turn-{o.turn}" for o in done]
        if before_push is not None:
            before_push()
        refused = far.push(tags)
        if refused is None:
            said = COMMANDS.say(lang, "deadline.tags", tags=", ".join(tags)) if tags else ""
            say(COMMANDS.say(lang, "deadline.pushed", remote=f"{far.name}/{far.branch}") + said)
            return len(done), failed(skipped), raced
        upstream = _refetch(far, tags)
        if upstream == start:
            raise LeagueError(COMMANDS.say(league.language, "deadline.push_refused", remote=far.name,
                                           branch=f"{far.name}/{far.branch}", words=refused))
        raced = True
        say(COMMANDS.say(lang, "deadline.moved", remote=f"{far.name}/{far.branch}", attempt=attempt + 1, game=game))
        history.reset_hard(root, upstream)
        league = words.read_league(root)  # the remote's tree: its mkdocs.yml may say otherwise
    raise LeagueError(COMMANDS.say(league.language, "deadline.gave_up", attempts=retries + 1,
                                   branch=f"{far.name}/{far.branch}"))


def language(root: Path, game: str, league: words.League | None = None) -> str:
    """The language ``game`` speaks; English for a game whose files cannot be read (its turn names the fault).
    ``league``: what the league's ``mkdocs.yml`` says, where the run read it already."""
    try:
        return store.load_game(root, game, league).language
    except Exception:  # noqa: BLE001 - the run names a broken game's fault itself, in English
        return "en"


def _refetch(remote: Remote, own_tags: list[str]) -> str:
    """After a refused push: forget this run's tags (the remote may hold the same names), fetch again."""
    for t in own_tags:
        history.delete_tag(remote.root, t)
    return remote.fetch()


def _outputs(turns: int, sha: str | None) -> None:
    """Tell the workflow's later jobs whether to build the site, and from which commit."""
    path = os.environ.get("GITHUB_OUTPUT")
    if path:
        with open(path, "a", encoding="utf-8") as f:
            f.write(f"turns={turns}\nsha={sha or ''}\n")
