"""``turnpress deadline``: adjudicate what is due, commit and tag it, push; retry when another run was faster.

The deadline workflow runs it on a schedule, by hand and on pushes of orders::

    turnpress deadline --push

Without ``--push`` it is ``turnpress adjudicate --due --commit``. With ``--push`` it first brings the local
branch up to the remote one, then adjudicates, then pushes the branch and the new tags in one atomic push. If
the push is refused because the remote branch moved (orders merged meanwhile, or another deadline run did the
turn), it drops its own turn commits and tags, resets to the remote branch and runs again: a turn is computed
only from what is on the remote branch, and a turn another run already did is not due any more, so the run
ends cleanly.

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

from .. import history, secrets, store, turn, yamlio
from ..errors import OK, USAGE, GitError, LeagueError
from ..orders import parse_path, visible

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

    def fetch(self) -> str:
        """Fetch the branch and the tags; the remote branch's commit."""
        history.run(self.root, "fetch", "--quiet", "--tags", self.name, f"+refs/heads/{self.branch}:{self.ref}")
        sha = history.rev(self.root, self.ref)
        if sha is None:
            raise LeagueError(f"{self.name} has no branch {self.branch}")
        return sha

    def push(self, tags: list[str]) -> bool:
        """Push HEAD to the branch and ``tags``, all or nothing; ``False`` if the remote refused."""
        refs = [f"HEAD:refs/heads/{self.branch}", *(f"refs/tags/{t}:refs/tags/{t}" for t in tags)]
        return history.run(self.root, "push", "--quiet", "--atomic", "--porcelain", self.name, *refs,
                          check=False).returncode == 0


def start_from_remote(root: Path, remote: Remote) -> None:
    """Bring the local branch up to the remote one; refuse to run over local work a reset could lose."""
    dirty = history.text(root, "status", "--porcelain", "--untracked-files=no")
    if dirty:
        raise LeagueError("the working tree has uncommitted changes; commit or drop them before "
                          "'turnpress deadline --push', which may reset the branch to the remote one")
    upstream = remote.fetch()
    head = history.rev(root, "HEAD")
    if head != upstream:
        if head is not None and history.run(root, "merge-base", "--is-ancestor", head, upstream,
                                           check=False).returncode != 0:
            raise LeagueError(f"this branch has commits that are not on {remote.name}/{remote.branch}; "
                              "push or drop them before running the deadline")
        history.run(root, "reset", "--quiet", "--hard", upstream)


@dataclass(frozen=True)
class Skipped:
    """A game whose turn could not be run this time, and why (naming the file where one is at fault); with
    ``committed``, the turns committed (by this run or an earlier one) whose files or tag are not all written."""

    game: str
    why: str
    committed: tuple[str, ...] = ()

    def __str__(self) -> str:
        if not self.committed:
            return f"{self.game}: skipped, nothing committed: {self.why}"
        # A commit's subject names its game ("g1: turn 3 (Spring 1902)").
        return (f"{', '.join(self.committed)}: committed, but not finished: {self.why}; the next run writes its "
                "files and tag from the commit")


def failure_text(error: Exception, root: Path, game: str | None = None) -> str:
    """What went wrong, naming the league file it was reading if there is one, relative to the league."""
    prefix = f"{root}/"
    if isinstance(error, yamlio.YamlInputError):
        return str(error).replace(prefix, "", 1)
    if isinstance(error, OSError) and error.filename:
        if error.errno == errno.ENOSPC:
            return f"the disk is full (writing {str(error.filename).replace(prefix, '', 1)})"
        return f"{str(error.filename).replace(prefix, '', 1)}: {error.strerror or error}"
    if isinstance(error, OSError) and error.errno == errno.ENOSPC:
        return "the disk is full"
    if isinstance(error, LeagueError | GitError):
        return str(error).replace(prefix, "")
    damage = damage_text(root, game)
    if damage:
        return f"{type(error).__name__}: {error}; " + damage.strip().replace("\n", "; ")
    return f"internal error ({type(error).__name__}: {error}); please report it with this game's files"


def damage_text(root: Path, game: str | None = None) -> str:
    """Which turn files (of ``game``, or of every game) differ from what turnpress committed, and how to restore
    each; '' if none do. A turn's files are written once, so a difference is damage, the likely cause of an
    error no reader names."""
    folder = f"{store.GAMES_DIR}/{game}/turns" if game else store.GAMES_DIR
    try:
        found = history.altered(root, folder)
    except GitError:
        return ""
    return "".join(f"{visible(rel)} is not what turnpress committed ({commit[:10]}), which is the likely cause: "
                   f"restore it with 'git checkout {commit[:10]} -- {visible(rel)}'\n" for rel, commit in found
                   if rel.startswith(f"{store.GAMES_DIR}/") and "/turns/" in rel)


def late_orders(root: Path) -> list[str]:
    """Orders of adjudicated turns changed since the last turn was tagged: a stale pull request merged late.

    The turn stands as published (its tag holds the orders it used, and no turn is run twice); the change is
    named so that the game master can revert it and the player knows their orders came too late.
    """
    out = []
    for gid in store.list_games(root):
        try:
            last = store.load_game(root, gid).last_turn
        except Exception:  # noqa: BLE001 - a broken game is named by the run itself
            continue
        tag = f"refs/tags/{gid}/turn-{last}"
        if last == 0 or history.rev(root, tag) is None:
            continue
        changed = history.run(root, "diff", "--name-status", "-z", "--no-renames", tag, "HEAD", "--",
                              f"orders/{gid}/").stdout.decode("utf-8", "replace").split("\0")
        for status, rel in zip(changed[::2], changed[1::2], strict=False):
            where = parse_path(rel.removesuffix(".age"))
            if where is not None and where.turn <= last:
                out.append(f"{gid}: {visible(rel)} was {'removed' if status == 'D' else 'changed'} after turn "
                           f"{where.turn} was adjudicated; the turn stands as published (tag {gid}/turn-"
                           f"{where.turn}), and the change counts for nothing: revert it")
    return out


def adjudicate_due(root: Path, now: dt.datetime, *, commit: bool = True,
                   catch_up: bool = False) -> tuple[list[turn.TurnOutcome], list[Skipped]]:
    """Every due turn of every game; a game that fails is named and skipped, and the others still advance.

    One player's file or one game's broken state must not stall the league: nothing of a failed game is
    committed (a turn commits at once or not at all), so skipping it leaves it as it was for the next run.
    """
    done: list[turn.TurnOutcome] = []
    skipped: list[Skipped] = []
    for gid in store.list_games(root):
        before = history.rev(root, "HEAD") if commit and history.is_repo(root) else None
        try:
            done += turn.adjudicate(root, gid, now, commit=commit, only_if_due=True, catch_up=catch_up)
        except Exception as e:  # noqa: BLE001 - any failure of one game is reported, then the next game runs
            after = history.rev(root, "HEAD") if commit and history.is_repo(root) else None
            made = history.text(root, "log", "--reverse", "--format=%s", f"{before}..{after}" if before else after
                                ).splitlines() if after and after != before else []
            left = turn.unfinished(root, gid) if commit else None  # by this run or an earlier one
            if left and left not in made:
                made.append(left)
            skipped.append(Skipped(gid, failure_text(e, root, gid), tuple(made)))
    return done, skipped


def adjudicate(root: Path, now: dt.datetime, game: str | None,
               open_turn: int | None) -> tuple[list[turn.TurnOutcome], list[Skipped]]:
    """Every due turn of every game, or the open turn ``turn`` of ``game`` whether due or not."""
    if game is None:
        return adjudicate_due(root, now)
    if store.load_game(root, game).open_turn != open_turn:
        return [], []  # another run did this turn already
    return turn.adjudicate(root, game, now, commit=True, only_if_due=False), []


def run(root: Path, now: dt.datetime, *, game: str | None = None, push: bool = False, remote: str = "origin",
        branch: str = "main", retries: int = 3, before_push: Callable[[], None] | None = None,
        say: Callable[[str], None] = print) -> int:
    """One deadline run; ``before_push`` is called between the commits and the push (tests race there)."""
    load_secrets()
    history.require_repo(root)  # every turn is a commit: outside a repository nothing can run
    far = Remote(root, remote, branch)
    if push:
        start_from_remote(root, far)
    open_turn = store.load_game(root, game).open_turn if game else None
    for late in late_orders(root):
        say(late)
    for attempt in range(retries + 1):
        start = history.rev(root, "HEAD")
        done, skipped = adjudicate(root, now, game, open_turn)
        for s in skipped:
            say(str(s))
        code = USAGE if skipped else OK  # a game's file to fix: the run's exit says so, after the others advanced
        if not done:
            say("nothing is due" if attempt == 0 else
                "nothing is due any more: another run adjudicated it first; this run ends here")
            _outputs(0, start)
            return code
        for o in done:
            missed = f"; missed: {', '.join(o.missed)}" if o.missed else ""
            say(f"{o.game}: turn {o.turn} ({o.label}) adjudicated{missed} [{(o.commit or '')[:10]}]")
        if not push:
            _outputs(len(done), history.rev(root, "HEAD"))
            return code
        tags = [f"{o.game}/turn-{o.turn}" for o in done]
        if before_push is not None:
            before_push()
        if far.push(tags):
            say(f"pushed to {remote}/{branch} with tags {', '.join(tags)}")
            _outputs(len(done), history.rev(root, "HEAD"))
            return code
        upstream = _refetch(far, tags)
        if upstream == start:
            raise LeagueError(f"git push to {remote} was refused, but {remote}/{branch} has not moved: "
                              "check the token's permission to push (contents: write) and branch protection")
        say(f"{remote}/{branch} moved while this run worked (attempt {attempt + 1}); dropping this run's "
            "commits and running again from there")
        history.run(root, "reset", "--quiet", "--hard", upstream)
    raise LeagueError(f"gave up after {retries + 1} attempts: {remote}/{branch} kept moving")


def _refetch(remote: Remote, own_tags: list[str]) -> str:
    """After a refused push: forget this run's tags (the remote may hold the same names), fetch again."""
    for t in own_tags:
        history.run(remote.root, "tag", "-d", t, check=False)
    return remote.fetch()


def _outputs(turns: int, sha: str | None) -> None:
    """Tell the workflow's later jobs whether to build the site, and from which commit."""
    path = os.environ.get("GITHUB_OUTPUT")
    if path:
        with open(path, "a", encoding="utf-8") as f:
            f.write(f"turns={turns}\nsha={sha or ''}\n")
