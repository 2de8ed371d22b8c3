"""The one git layer: commits and tags of turns, when each orders file reached main, files as committed.

Every call is a plain ``git`` subprocess, so that each command is what you would type by hand, and every
failure is a ``GitError`` carrying git's own words.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import fcntl
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from stat import S_ISDIR
from typing import TypeVar, cast

from ..errors import GitError

ZERO = "0" * 40
# Words inside a fault's values, said in the command's language as the fault is (``Catalog.told`` says an error
# that is a value in its language too): a ref that points nowhere, a run lock whose holder wrote nothing yet.
NOTHING = GitError("nothing", word="git.nothing")
A_PROCESS = GitError("a process", word="git.a_process")
HistoryError = GitError  # the name the league's callers knew; one class
# How often this process changed a repository or its files through this module (a git command that may write, a
# file written whole, a commit's files written out): what ``store.reading`` kept before a change is not used after.
changes = 0


def _run(repo: Path, *args: str, check: bool = True, input: bytes | None = None,
        env: Mapping[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    """``git -C repo args...`` with output captured as bytes; raises ``GitError`` if ``check`` and it fails."""
    if args and args[0] not in _READS:
        _kept.clear()  # a command that may change the repository: what ``reading`` kept may no longer hold
        _changed()
    full_env = {**os.environ, **env} if env else None
    proc = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, input=input, env=full_env)
    if check and proc.returncode != 0:
        words = proc.stderr.decode("utf-8", "replace").strip()
        # The machine's problem, not git's: in the system's words, in git's own when it writes an index, or a
        # write git could not make (a ref's lock: "couldn't write") on a file system with no space left.
        full = ("No space left on device" in words or "Out of diskspace" in words
                or ("write" in words and _no_space(repo)))
        command = " ".join(args)
        raise GitError(f"{'disk full: ' if full else ''}git {command} failed: {words}",
                       word="git.disk_full" if full else known_fault(words), command=command, words=words)
    return proc


# What a game master commonly meets from git, known by git's own words (its English: turnpress runs git in the
# user's locale, and a git that speaks German is said as it speaks, under ``git.failed``). Each is said in the
# game's language with what to do; git's text follows as its own words. The first that matches names it: a remote
# that is no repository says "correct access rights" too, so it comes before the refusals of access.
KNOWN_FAULTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("git.no_identity", ("Please tell me who you are", "unable to auto-detect email address",
                         "no email was given and auto-detection is disabled",
                         "no name was given and auto-detection is disabled", "empty ident name")),
    ("git.no_remote", ("does not appear to be a git repository", "No such remote")),
    ("git.no_remote_branch", ("couldn't find remote ref",)),
    ("git.no_access", ("Authentication failed", "Permission denied (publickey", "could not read Username",
                       "could not read Password", "terminal prompts disabled", "Repository not found",
                       "The requested URL returned error: 401", "The requested URL returned error: 403")),
    ("git.unreachable", ("Could not resolve host", "Connection refused", "Connection timed out",
                         "Failed to connect", "Network is unreachable", "Operation timed out",
                         "Could not resolve hostname")),
    ("git.push_rejected", ("[rejected]", "[remote rejected]", "non-fast-forward", "failed to push some refs")),
    ("git.conflict", ("unmerged", "needs merge", "resolve your current index first", "CONFLICT",
                      "Merge conflict", "you have unmerged files")),
    ("git.dirty", ("would be overwritten by", "Please commit your changes or stash them",
                   "untracked working tree files would be")),
)


def known_fault(words: str) -> str:
    """The catalog's word for git's failure ``words`` (its stderr): one of ``KNOWN_FAULTS``, else ``git.failed``.

    >>> known_fault("fatal: couldn't find remote ref refs/heads/haupt"), known_fault("fatal: bad object")
    ('git.no_remote_branch', 'git.failed')
    """
    return next((word for word, markers in KNOWN_FAULTS if any(m in words for m in markers)), "git.failed")


def _no_space(repo: Path) -> bool:
    """True if the file system of ``repo`` has less than 64 KiB free for this user."""
    try:
        stat = os.statvfs(repo)
    except OSError:
        return False
    return stat.f_bavail * stat.f_frsize < 64 * 1024


def _text(repo: Path, *args: str, env: Mapping[str, str] | None = None, input: str | None = None) -> str:
    """The output of a git command as text, stripped."""
    data = input.encode("utf-8") if input is not None else None
    return _run(repo, *args, env=env, input=data).stdout.decode("utf-8", "replace").strip()


def _git(root: Path, *args: str) -> str:
    """The output of a git command as text, as git wrote it (not stripped)."""
    return _run(root, *args).stdout.decode("utf-8", "replace")


def rev(repo: Path, name: str) -> str | None:
    """The commit ``name`` points to, or ``None`` if there is no such commit."""
    kept = _kept_for(repo)
    if kept is not None:
        return kept.rev(name)
    return _rev(repo, name)


def _rev(repo: Path, name: str) -> str | None:
    loose = _loose_ref(repo, name)
    if loose is not None:
        return loose
    proc = _run(repo, "rev-parse", "-q", "--verify", f"{name}^{{commit}}", check=False)
    return proc.stdout.decode().strip() if proc.returncode == 0 else None


def _loose_ref(repo: Path, name: str) -> str | None:
    """The commit of ``HEAD``, a branch or a tag (``refs/heads/...``, ``refs/tags/...``) read from its loose ref
    file, where that is a plain object id, peeled to its commit by git once per object (an object never changes);
    ``None`` where git must be asked (a packed ref, no such ref, another storage, another name).

    A turn asked git some ten times for HEAD and its tags (issue 33); a ref file is written whole by a rename
    (git's lock, and ``_set_ref``'s), so what it holds is the ref."""
    if name != "HEAD" and not name.startswith(("refs/heads/", "refs/tags/")):
        return None
    if os.environ.get("GIT_DIR") or os.environ.get("GIT_COMMON_DIR") or not (repo / ".git").exists():
        return None
    try:
        gdir, common = _dirs(repo)
        if name == "HEAD":
            head = (gdir / "HEAD").read_bytes()
            if not head.startswith(b"ref: refs/heads/"):
                return _peeled(repo, common, head)
            name = head[5:].decode("ascii").strip()
        if _ref_path(repo, name) != common / name or not _files_backend(repo):
            return None
        return _peeled(repo, common, (common / name).read_bytes())
    except (OSError, UnicodeDecodeError, GitError):
        return None


def _peeled(repo: Path, common: Path, content: bytes) -> str | None:
    """The commit the object id ``content`` (a ref file's) names, or ``None`` (not an id: git is asked)."""
    sha = content.decode("ascii").strip()
    if content != f"{sha}\n".encode("ascii") or not _FULL_ID.fullmatch(sha):
        return None
    key = (str(common), sha)
    if key not in _PEELED:
        proc = _run(repo, "rev-parse", "-q", "--verify", f"{sha}^{{commit}}", check=False)
        if proc.returncode != 0:
            return None
        if len(_PEELED) >= 4096:
            _PEELED.clear()
        _PEELED[key] = proc.stdout.decode().strip()
    return _PEELED[key]


_PEELED: dict[tuple[str, str], str] = {}  # (common git directory, object id) -> the commit it peels to


def is_ancestor(repo: Path, older: str, newer: str) -> bool:
    """True if commit ``older`` is ``newer`` or one of its ancestors."""
    kept = _kept_for(repo)
    if kept is not None:
        known = kept.is_ancestor(older, newer)
        if known is not None:
            return known
    return _run(repo, "merge-base", "--is-ancestor", older, newer, check=False).returncode == 0


def last_change(repo: Path, path: str) -> str | None:
    """The commit time (seconds since the epoch, as text) of the last commit touching ``path``; ``None`` if there
    is none or ``repo`` is no repository."""
    proc = _run(repo, "log", "-1", "--format=%ct", "--", path, check=False)
    return proc.stdout.decode().strip() if proc.returncode == 0 else None


def init(target: Path) -> bool:
    """Make ``target`` a repository with branch ``main``; ``False`` (and nothing done) where git is not installed."""
    if not shutil.which("git"):
        return False
    _run(target, "init", "-q", "-b", "main")
    return True


def is_repo(root: Path) -> bool:
    """True if ``root`` is the top of a git work tree (a league is a repository of its own)."""
    top = root.resolve()
    if top in _repos:
        return True
    proc = _run(top, "rev-parse", "--show-toplevel", check=False) if top.is_dir() else None
    if proc is None or proc.returncode != 0 or Path(proc.stdout.decode().strip()).resolve() != top:
        return False
    _repos.add(top)  # a repository stays one for the process; a folder may become one (git init), so no "no"s
    return True


_repos: set[Path] = set()


def require_repo(root: Path) -> None:
    if not is_repo(root):
        raise GitError(f"{root} is not a git repository; run 'git init' there first", word="git.not_repo", root=root)


def has_head(root: Path) -> bool:
    return rev(root, "HEAD") is not None


def head(root: Path) -> str:
    require_repo(root)
    return _loose_ref(root, "HEAD") or _text(root, "rev-parse", "HEAD")


def arrivals(root: Path, directory: str) -> dict[str, dt.datetime]:
    """When each file now under ``directory`` last reached the current branch, following first parents.

    The first-parent line of main is the sequence of merges: a pull request's orders count from the time its
    merge commit was made, not from when the player wrote their own commit.
    """
    if not has_head(root):
        return {}
    kept = _kept_for(root)
    if kept is not None:
        return kept.under("AMR", directory)
    return _arrivals(root, "AMR", directory)


def _arrivals(root: Path, kinds: str, directory: str, *, first: bool = False) -> dict[str, dt.datetime]:
    """Each file under ``directory`` with the committer time of the newest (``first``: the oldest) first-parent
    commit of HEAD that changed it in one of ``kinds`` (``--diff-filter``); kept by HEAD's commit (``_of_head``)."""
    return dict(_of_head(root, ("arrivals", kinds, directory, first), lambda: _logged_arrivals(
        root, kinds, directory, first=first)))


def _of_head(root: Path, question: tuple[object, ...], ask: Callable[[], _T]) -> _T:
    """``ask()``, an answer about the history behind HEAD, kept by HEAD's commit id while HEAD is read from its
    ref file (``_loose_ref``): a commit's history never changes (issue 33: a deadline asked the log of the turn's
    orders twice, and the log of the game's turns in each command). Callers copy what they may change."""
    head = _loose_ref(root, "HEAD")
    if head is None:
        return ask()
    key = (str(_dirs(root)[1]), head, *question)
    if key not in _HEAD_ANSWERS:
        if len(_HEAD_ANSWERS) >= 512:
            _HEAD_ANSWERS.clear()
        _HEAD_ANSWERS[key] = ask()
    return cast(_T, _HEAD_ANSWERS[key])


_T = TypeVar("_T")
_HEAD_ANSWERS: dict[tuple[object, ...], object] = {}


def _logged_arrivals(root: Path, kinds: str, directory: str, *, first: bool = False) -> dict[str, dt.datetime]:
    out: dict[str, dt.datetime] = {}
    log = _git(root, "log", "--first-parent", "--format=@%ct", "--name-only", f"--diff-filter={kinds}", "HEAD",
              "--", directory)
    when = None
    for line in log.splitlines():  # newest first
        if line.startswith("@"):
            when = dt.datetime.fromtimestamp(int(line[1:]), dt.UTC)
        elif line and when is not None and (first or line not in out):
            out[line] = when
    return out


def first_arrivals(root: Path, directory: str) -> dict[str, dt.datetime]:
    """When each file under ``directory`` first reached the current branch, following first parents: whether a
    player had anything in at a moment (an NMR extension) is not undone by a later change of their file."""
    if not has_head(root):
        return {}
    kept = _kept_for(root)
    if kept is not None:
        return kept.under("AR", directory)
    # newest first: the last time a file is seen is its first arrival
    return _arrivals(root, "AR", directory, first=True)


def tag(root: Path, name: str, message: str, rev: str = "HEAD") -> None:
    """Make the annotated tag ``name`` on ``rev``, never leaving a lock that the next run cannot attribute.

    ``git tag`` would take ``refs/tags/<name>.lock`` itself, and a kill inside it leaves a lock nobody can tell
    from a live git's, so the next run must stop. Here git only writes the tag object (``mktag``, no lock); the
    ref is written as git's files backend does it, the lock taken as a hard link to a claim named after this
    process and the tag (see ``update_index``), then renamed onto the ref. A repository with another ref
    storage (reftable) gets plain ``git tag``.
    """
    if not _files_backend(root):
        _run(root, "tag", "-a", "-m", message, name, rev)
        return
    # A commit's full id is taken as it is: ``mktag`` itself refuses an object that is not there or no commit.
    target = rev if _FULL_ID.fullmatch(rev) else _text(root, "rev-parse", "--verify", f"{rev}^{{commit}}")
    ident = _text(root, "var", "GIT_COMMITTER_IDENT")
    obj = _text(root, "mktag", input=f"object {target}\ntype commit\ntag {name}\ntagger {ident}\n\n{message}\n")
    _set_ref(root, f"refs/tags/{name}", obj, None)


def _set_ref(root: Path, refname: str, new: str, old: str | None) -> None:
    """Point ``refname`` at ``new`` if it now points at ``old`` (``None``: if it does not exist), as git's files
    backend does it, with a lock a later run can attribute: ``refname.lock`` is taken as a hard link to a
    claim named after this process and the ref, holding the new value, then renamed onto the ref."""
    ref = _ref_path(root, refname)
    ref.parent.mkdir(parents=True, exist_ok=True)
    with _ref_claimed(root, refname, ref, f"{new}\n".encode("ascii")) as lock:
        proc = _run(root, "rev-parse", "-q", "--verify", refname, check=False)
        now = proc.stdout.decode().strip() if proc.returncode == 0 else None
        if now != old:
            raise GitError(f"{refname} is at {now or 'nothing'}, not at {old or 'nothing'}: it moved meanwhile",
                           word="git.ref_moved", ref=refname, now=now or NOTHING, old=old or NOTHING)
        os.rename(lock, ref)


def _ref_claimed(root: Path, refname: str, ref: Path, content: bytes = b"") -> contextlib.AbstractContextManager[Path]:
    """``refname``'s lock (``<ref>.lock``) held for the body through a claim named after this process and the
    ref (``clean_leftovers`` reads the ref's name back from it), holding ``content``; yields the lock's path."""
    claim = git_dir(root) / f"{LEFTOVER}reflock-{os.getpid()}-{refname.encode('utf-8').hex()}"
    return _claimed(claim, ref.with_name(ref.name + ".lock"), f"another git command is updating {refname}", content,
                    word="git.ref_locked", ref=refname)


@contextlib.contextmanager
def _claimed(claim: Path, lock: Path, holder: str, content: bytes = b"", word: str = "",
             **values: str) -> Iterator[Path]:
    """Hold ``lock`` for the body as a hard link of ``claim``, a new file named after this process (holding
    ``content``); yields ``lock``. The lock goes at the end only if it is still ours (the same inode as the
    claim: nobody broke it meanwhile), the claim always.

    ``os.link`` fails if the lock exists, like git's own ``O_EXCL``: after a kill at any point the lock, if there,
    is the same inode as a dead run's claim, which ``clean_leftovers`` checks before removing it. A lock held by
    anyone else (``holder`` says who that would be) stops this run with a message and is left alone.
    """
    fd = os.open(claim, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
    try:
        if content:
            os.write(fd, content)
            os.fsync(fd)
    finally:
        os.close(fd)
    try:
        try:
            os.link(claim, lock)
        except FileExistsError:
            raise GitError(f"{lock} exists: {holder} (or one crashed); if none is running, remove that file and "
                           "run again", word=word, lock=lock, **values) from None
        try:
            yield lock
        finally:
            with contextlib.suppress(FileNotFoundError):
                if os.path.samestat(os.lstat(lock), os.lstat(claim)):
                    lock.unlink()
    finally:
        claim.unlink()


_TAG_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*(?:/[A-Za-z0-9_][A-Za-z0-9_.-]*)*\Z", re.ASCII)


def _ref_path(root: Path, refname: str) -> Path:
    """The loose ref file of a branch or tag, in the common git directory (shared by linked worktrees)."""
    kind, _, name = refname.partition("/")[2].partition("/")
    if (kind not in ("heads", "tags") or not refname.startswith("refs/") or not _TAG_NAME.match(name)
            or ".." in name or name.endswith(".lock")):
        raise GitError(f"not a ref turnpress writes: {refname!r}")
    return _dirs(root)[1] / refname


def tag_target(root: Path, name: str) -> str | None:
    return rev(root, f"refs/tags/{name}")


def commit_time(root: Path, rev: str) -> int:
    """The committer's time of ``rev``, in seconds since the epoch."""
    kept = _kept_for(root)
    if kept is not None and rev in kept.times:
        return kept.times[rev]
    return int(_text(root, "show", "-s", "--format=%ct", rev))


def last_commit_before(root: Path, path: str, moment: dt.datetime) -> str | None:
    """The last commit of HEAD's history made before ``moment`` that changed ``path`` (kept, ``_of_head``)."""
    if not has_head(root):
        return None
    when = f"--before={moment.isoformat()}"
    return _of_head(root, ("before", path, when),
                    lambda: _text(root, "log", "-1", "--format=%H", when, "HEAD", "--", path)) or None


def last_commit_of(root: Path, path: str) -> str | None:
    """The last commit of HEAD's history that changed ``path`` (kept by HEAD's commit, ``_of_head``)."""
    if not has_head(root):
        return None
    return _of_head(root, ("last", path), lambda: _text(root, "log", "-1", "--format=%H", "--", path)) or None


@dataclass(frozen=True)
class Change:
    """A file a commit changed, as ``git log --raw`` gives it: its status (``A``, ``M``, ``D`` ...), its path, and
    its blobs before and after (zeros where there is none)."""

    status: str
    path: str
    before: str
    after: str


@dataclass(frozen=True)
class Logged:
    """A commit as the log gives it: its id, its subject and, where asked, the files it changed."""

    commit: str
    subject: str
    changes: tuple[Change, ...] = ()


def commits_of(root: Path, path: str) -> list[Logged]:
    """The commits of HEAD's history that added or changed ``path``, newest first, each with its subject."""
    lines = _git(root, "log", "--format=%H %s", "--", path).split("\n")
    return [Logged(commit, subject.strip()) for commit, _, subject in (line.partition(" ") for line in lines) if commit]


def first_parent_changes(root: Path, since: str, paths: Sequence[str]) -> list[Logged]:
    """The commits of HEAD's first-parent line after ``since`` that changed ``paths``, oldest first, each with its
    subject and its changes (a merge's against its first parent; no renames), from one ``git log --raw``."""
    log = _git(root, "log", "--reverse", "--first-parent", "--diff-merges=first-parent", "--format=@%H %s", "--raw",
              "--no-abbrev", "--no-renames", f"{since}..HEAD", "--", *paths)
    commits: list[tuple[str, str, list[Change]]] = []
    for line in log.split("\n"):  # a subject is one line, whatever it holds
        if line.startswith("@"):
            commit, _, subject = line[1:].partition(" ")
            commits.append((commit, subject.strip(), []))
        elif line.startswith(":"):
            meta, path = line.split("\t", 1)
            _, _, before, after, status = meta.split(" ")
            commits[-1][2].append(Change(status, path, before, after))
    return [Logged(commit, subject, tuple(changes)) for commit, subject, changes in commits]


def commit_files(root: Path, files: Mapping[str, str], message: str, parent: str | None = None) -> str:
    """Commit ``files`` (path -> text) on top of HEAD without touching the working tree or the index.

    The commit is built from blobs in a private index and becomes real with one compare-and-swap of the
    branch ref: until then nothing anyone can see has changed, and if another run moved the branch in the
    meantime (after ``parent``, the commit the files were computed from), the swap fails and nothing is
    committed.
    """
    require_repo(root)
    gdir = git_dir(root)
    return _commit_blobs(root, _written_blobs(root, gdir, files), message, parent, gdir)


def _written_blobs(root: Path, gdir: Path, files: Mapping[str, str]) -> dict[str, str]:
    """Each text of ``files`` as a blob in git's objects, all in one ``git hash-object`` (one process a file was
    most of a turn commit's git processes: issue 33). The texts are written to a private staging folder of the
    git directory first (a killed run's is a leftover ``clean_leftovers`` removes) and hashed as the bytes they are
    (``--no-filters``, as ``--stdin`` took them)."""
    if not files:
        return {}
    rels = list(files)
    with tempfile.TemporaryDirectory(prefix=f"{LEFTOVER}stage-{os.getpid()}-", dir=gdir) as tmp:
        names = []
        for n, rel in enumerate(rels):
            name = os.path.join(tmp, str(n))
            with open(name, "wb") as f:
                f.write(files[rel].encode("utf-8"))
            names.append(name)
        blobs = _text(root, "hash-object", "-w", "--no-filters", "--stdin-paths", input="".join(
            f"{name}\n" for name in names)).split()
    if len(blobs) != len(rels):
        raise GitError(f"git hash-object wrote {len(blobs)} objects for {len(rels)} files")
    return dict(zip(rels, blobs, strict=True))


def commit_paths(root: Path, paths: Sequence[str], message: str) -> str:
    """Commit the working tree's files ``paths`` as they are (any bytes) on top of HEAD, as ``commit_files``
    does: neither the index nor any other file is read or changed, and it is one commit or none."""
    require_repo(root)
    blobs = dict(zip(paths, _text(root, "hash-object", "-w", "--", *paths).split(), strict=True)) if paths else {}
    return _commit_blobs(root, blobs, message, None)


def _commit_blobs(root: Path, blobs: Mapping[str, str], message: str, parent: str | None,
                  gdir: Path | None = None) -> str:
    old = parent or (head(root) if has_head(root) else ZERO)
    branch = _text(root, "symbolic-ref", "-q", "HEAD")
    # The git directory, not root/.git: in a linked worktree (or with GIT_DIR) .git is a file.
    # Named after this process, so that a later run knows a leftover of a killed one (``clean_leftovers``).
    fd, index = tempfile.mkstemp(prefix=f"{LEFTOVER}index-{os.getpid()}-", dir=gdir or git_dir(root))
    os.close(fd)
    env = {"GIT_INDEX_FILE": index}
    try:
        if old != ZERO:
            _text(root, "read-tree", old, env=env)
        if blobs:  # every entry in one process (``--index-info``), each as ``--add --cacheinfo`` would add it
            _run(root, "update-index", "--add", "-z", "--index-info", env=env, input=b"".join(
                f"100644 {blob}\t{rel}\0".encode("utf-8", "surrogateescape") for rel, blob in sorted(blobs.items())))
        tree = _text(root, "write-tree", env=env)
        parents = ["-p", old] if old != ZERO else []
        commit = _text(root, "commit-tree", tree, *parents, "-m", message)
        if _files_backend(root):
            _set_ref(root, branch, commit, None if old == ZERO else old)  # a kill leaves no unattributable lock
        else:
            _text(root, "update-ref", "-m", message, branch, commit, old)
        return commit
    finally:
        Path(index).unlink(missing_ok=True)


RUN_LOCK = "turnpress.lock"  # not f"{LEFTOVER}...": it is no leftover, and ``clean_leftovers`` must not take it


@contextlib.contextmanager
def league_lock(root: Path, command: str) -> Iterator[None]:
    """Hold the working copy's run lock for the body: one command that changes the league at a time (issue 28).

    Two runs in one working copy (a game master's double start, a local cron) would each read the tree while the
    other writes it, and the second could adjudicate the next turn before its deadline. The lock is ``flock`` on
    ``turnpress.lock`` in the git directory (per working copy, as ``index`` is): the kernel drops it when the
    process ends, however it ends, so a killed run never leaves a lock behind, and the file that stays is no
    lock. The holder's pid and command are written into it, so that a refused run can name them. The file
    descriptor is not inherited by git's processes (Python opens it non-inheritable), so no child keeps it.
    Outside a git repository there is no working copy to guard, and nothing is locked.
    """
    if not is_repo(root):
        yield
        return
    path = git_dir(root) / RUN_LOCK
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 200, 0).decode("utf-8", "replace").strip() or A_PROCESS
            raise GitError(f"another turnpress run is changing this league ({holder}, holding {path}): "
                           "wait until it has ended and run the command again", word="git.busy", holder=holder,
                           path=path) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"pid {os.getpid()}, turnpress {command}\n".encode(), 0)
        yield
    finally:
        os.close(fd)  # releases the lock


LEFTOVER = "turnpress-"  # what turnpress leaves in the git directory: f"{LEFTOVER}<kind>-<pid>-..."
_OWNED = re.compile(rf"{LEFTOVER}(?:index|stage|lock|reflock)-(\d+)(?:-.*)?\Z", re.ASCII | re.DOTALL)
FaultHook = Callable[[str], None]


def git_dir(root: Path) -> Path:
    """The git directory of ``root``: not always root/.git (in a linked worktree .git is a file)."""
    return _dirs(root)[0]


def _dirs(root: Path) -> tuple[Path, Path]:
    """The git directory of ``root`` and its common one (where refs and objects are; the same but in a linked
    worktree), asked of git in one process.

    Kept for a ``root`` whose ``.git`` is the same file or folder (device and inode) under the same ``GIT_DIR``:
    a command asked git for them again for each commit, tag, ref and lock (issue 33: 164 of a sealed game's test's
    1,899 git processes, and two more a turn). A ``.git`` made anew, or a root without one, is asked again."""
    try:
        stat = (root / ".git").stat()
    except OSError:
        return _asked_dirs(root)
    key = (str(root.absolute()), stat.st_dev, stat.st_ino, stat.st_mtime_ns if not S_ISDIR(stat.st_mode) else 0,
           os.environ.get("GIT_DIR"), os.environ.get("GIT_COMMON_DIR"))
    found = _GIT_DIRS.get(key)
    if found is None or not (found[0].is_dir() and found[1].is_dir()):
        found = _asked_dirs(root)
        if len(_GIT_DIRS) >= 256:
            _GIT_DIRS.clear()
        _GIT_DIRS[key] = found
    return found


def _asked_dirs(root: Path) -> tuple[Path, Path]:
    out = _text(root, "rev-parse", "--absolute-git-dir", "--path-format=absolute", "--git-common-dir").splitlines()
    if len(out) != 2:
        raise GitError(f"git rev-parse named {len(out)} git directories of {root}, not 2: {out}")
    return Path(out[0]), Path(out[1])


_GIT_DIRS: dict[tuple[object, ...], tuple[Path, Path]] = {}


def _files_backend(root: Path) -> bool:
    """True if the repository keeps its refs as files (git's default), which ``_set_ref`` writes itself; another
    storage (``extensions.refStorage``, reftable) is written through git. Kept while the common git directory's
    ``config`` is the same file, unchanged (issue 33: asked twice a turn)."""
    common = _dirs(root)[1]
    try:
        stat = (common / "config").stat()
        key: tuple[object, ...] = (str(common), stat.st_dev, stat.st_ino, stat.st_mtime_ns, stat.st_size)
    except OSError:
        key = ()
    found = _REF_FILES.get(key) if key else None
    if found is None:
        found = _run(root, "config", "--get", "extensions.refStorage", check=False).stdout.strip() in (b"", b"files")
        if key:
            if len(_REF_FILES) >= 256:
                _REF_FILES.clear()
            _REF_FILES[key] = found
    return found


_REF_FILES: dict[tuple[object, ...], bool] = {}
_FULL_ID = re.compile(r"[0-9a-f]{40}", re.ASCII)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True


def clean_leftovers(root: Path) -> list[str]:
    """Remove what a killed turnpress run left in the git directory, and only that; returns the names.

    Private index files, staging folders and index claims carry the pid of the run that made them; those of
    a process still alive (a concurrent run) stay. ``index.lock`` goes only when it is provably a dead run's:
    the same file (inode) as that run's claim (``update_index``). A lock of any other process, or one made
    after the run died, is another file and stays.
    """
    gdir = git_dir(root)
    removed: list[str] = []
    for entry in sorted(gdir.glob(f"{LEFTOVER}*")):
        m = _OWNED.match(entry.name)
        if m is None or _alive(int(m[1])):
            continue
        if entry.name.startswith(f"{LEFTOVER}lock-"):
            if _release(gdir, entry, gdir / "index.lock"):
                removed.append("index.lock")
            removed.append(entry.name)
            continue
        if entry.name.startswith(f"{LEFTOVER}reflock-"):
            try:
                lock = _ref_path(root, bytes.fromhex(entry.name.rsplit("-", 1)[1]).decode("utf-8"))
            except (ValueError, IndexError, GitError):
                continue  # not a claim this code made
            lock = lock.with_name(lock.name + ".lock")
            if _release(gdir, entry, lock):
                removed.append(lock.name)
            removed.append(entry.name)
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry, ignore_errors=True)
        else:
            entry.unlink(missing_ok=True)
        removed.append(entry.name)
    return removed


def _release(gdir: Path, claim: Path, lock: Path) -> bool:
    """Remove a dead run's ``claim`` and, if it is the same file, its ``lock``; True if the lock went.

    The claim is first renamed to one of this process: only one of two concurrent cleaners gets it (the other
    finds it gone), and while the lock is still this inode no other git can take it, so the
    compare and the unlink cannot remove someone else's lock. The rename keeps the inode, so a cleaner killed
    here leaves a claim the next one repeats this with.
    """
    kind = claim.name[len(LEFTOVER):].split("-", 1)[0]  # lock or reflock: a cleaner killed here leaves its kind
    mine = gdir / f"{LEFTOVER}{kind}-{os.getpid()}-reaped-{claim.name}"
    try:
        os.rename(claim, mine)
    except FileNotFoundError:
        return False  # another cleaner took it
    try:
        ours = os.path.samestat(os.lstat(lock), os.lstat(mine))
        if ours:
            lock.unlink()
    except FileNotFoundError:
        ours = False
    mine.unlink(missing_ok=True)
    return ours


@contextlib.contextmanager
def _index_claimed(root: Path) -> Iterator[tuple[Path, Path]]:
    """Hold ``index.lock`` for the body, as a hard link of a claim named after this process; yields the git
    directory and a private copy of the index (absent if there is no index yet) for git to work on
    (``GIT_INDEX_FILE``). The body replaces the index with the copy; the lock goes only if it is still ours
    (``_claimed``).
    """
    gdir = git_dir(root)
    with _claimed(gdir / f"{LEFTOVER}lock-{os.getpid()}", gdir / "index.lock",
                  "another git command is working in this repository", word="git.index_locked"):
        fd, private = tempfile.mkstemp(prefix=f"{LEFTOVER}index-{os.getpid()}-", dir=gdir)
        os.close(fd)
        try:
            if (gdir / "index").is_file():
                shutil.copyfile(gdir / "index", private)
            else:
                os.unlink(private)  # git starts an index of its own; an empty file is not one
            yield gdir, Path(private)
        finally:
            Path(private).unlink(missing_ok=True)


def update_index(root: Path, paths: Sequence[str]) -> None:
    """Stage ``paths`` as the working tree has them, never leaving a lock that the next run cannot attribute.

    git does not write the real index here: ``git add`` updates a private copy (``GIT_INDEX_FILE``, named
    after this process), and the copy replaces the index while this process holds ``index.lock`` through its
    claim (``_index_claimed``).
    """
    with _index_claimed(root) as (gdir, private):
        _run(root, "add", "--", *paths, env={"GIT_INDEX_FILE": str(private)})
        os.replace(private, gdir / "index")


RESET_MARK = f"{LEFTOVER}reset"  # a reset under way: the paths it may be writing (``reset_hard``, ``reset_paths``)


def reset_hard(root: Path, target: str) -> None:
    """``git reset --hard target`` for the current branch, never leaving a lock the next run cannot attribute.

    The working tree and a private index are brought from HEAD's tree to ``target`` (``read-tree --reset -u``:
    files of HEAD that ``target`` lacks are removed, the others written as ``target`` has them) while this
    process holds ``index.lock`` through its claim; the copy replaces the index; the branch moves last, by the
    compare-and-swap that turn commits use. A kill in between leaves a working tree at ``target`` on the old
    branch, which a rerun finds safe to reset again (``start_from_remote``).

    git writes a file in place, so a kill while it writes one leaves it gone or half-written: only the files
    that change are written (the private index keeps the stat data of those that do not, the league's wheel
    among them), and before writing, ``RESET_MARK`` in the git directory names them and the commit the branch
    is still on, so that the next run knows them for this reset's (``reset_paths``).
    """
    old = head(root)
    with _index_claimed(root) as (gdir, private):
        env = {"GIT_INDEX_FILE": str(private)}
        # From HEAD's tree, not the index: a turn's file written by a killed run before the index knew it is
        # HEAD's, and goes like every other file of a dropped commit (``git reset --hard`` would leave it). The
        # one-way merge (-m) keeps the index's stat data for each file whose content is HEAD's; without it every
        # file would look changed and be written again.
        if _run(root, "read-tree", "-m", old, env=env, check=False).returncode != 0:
            _run(root, "read-tree", old, env=env)  # an index git cannot merge from (unmerged entries): start afresh
        _run(root, "update-index", "-q", "--refresh", env=env, check=False)  # stat data of files written since
        touched = {p for p in [*_names(root, "diff-files", env=env),
                               *_names(root, "diff-tree", "-r", old, target)] if p}
        _atomic_write(gdir / RESET_MARK, "\n".join([old, *sorted(touched)]) + "\n")
        _run(root, "read-tree", "--reset", "-u", target, env=env)
        _run(root, "update-index", "-q", "--refresh", env=env, check=False)  # stat data of the files kept
        os.replace(private, gdir / "index")
    if old != target:
        branch = _text(root, "symbolic-ref", "-q", "HEAD")
        if _files_backend(root):
            _set_ref(root, branch, target, old)
        else:
            _text(root, "update-ref", "-m", f"reset: moving to {target}", branch, target, old)
    (gdir / RESET_MARK).unlink(missing_ok=True)


def reset_paths(root: Path) -> frozenset[str]:
    """The paths a killed ``reset_hard`` may have left gone or half-written: those its mark names, if the branch
    is still where that reset started (a kill after the branch moved came after every file was written; the mark
    is then stale and goes)."""
    mark = git_dir(root) / RESET_MARK
    try:
        started, *paths = mark.read_text(encoding="utf-8", errors="surrogateescape").splitlines()
    except (FileNotFoundError, ValueError):
        return frozenset()
    if started != head(root):
        mark.unlink(missing_ok=True)
        return frozenset()
    return frozenset(paths)


def _names(root: Path, *args: str, env: Mapping[str, str] | None = None) -> list[str]:
    """The paths a git diff command names (``--name-only -z``, no renames)."""
    out = _run(root, args[0], "--name-only", "-z", "--no-renames", *args[1:], env=env).stdout
    return out.decode("utf-8", "surrogateescape").split("\0")


def _atomic_write(path: Path, content: str) -> None:
    """``path`` holds ``content`` whole or is as it was: written beside it under this process's name, then renamed."""
    tmp = path.with_name(f"{LEFTOVER}stage-{os.getpid()}-{path.name}")
    with open(tmp, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(content)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def delete_tag(root: Path, name: str) -> None:
    """``git tag -d name``: the loose ref removed under a lock this process can attribute (see ``_set_ref``); a
    packed tag (after ``git gc``) goes through git itself."""
    refname = f"refs/tags/{name}"
    ref = _ref_path(root, refname)
    if not ref.is_file() or not _files_backend(root):
        _run(root, "tag", "-d", name, check=False)
        return
    packed = _dirs(root)[1] / "packed-refs"
    if packed.is_file() and f" {refname}\n".encode() in packed.read_bytes():
        _run(root, "tag", "-d", name, check=False)
        return
    with _ref_claimed(root, refname, ref):
        ref.unlink(missing_ok=True)


def _blobs(root: Path, rev: str, paths: Sequence[str]) -> dict[str, bytes]:
    """The content of each of ``paths`` in ``rev`` (those it has), read in one ``git cat-file --batch``."""
    found = blobs_of(root, [f"{rev}:{p}" for p in paths])
    return {p: found[f"{rev}:{p}"] for p in paths if f"{rev}:{p}" in found}


def tree_blobs(root: Path, rev: str, folder: str, *, deep: bool = True) -> dict[str, str]:
    """Every file under ``folder`` in commit ``rev`` (not ``deep``: only those right in it; ``folder`` then ends in
    '/'), each path (from the repository's top) with its blob id, read in one ``git ls-tree``; {} where ``rev`` has
    no such folder."""
    listing = _run(root, "ls-tree", *(["-r"] if deep else []), "-z", rev, "--", folder).stdout.decode(
        "utf-8", "surrogateescape")
    out = {}
    for entry in listing.split("\0"):
        meta, _, path = entry.partition("\t")
        parts = meta.split()
        if len(parts) == 3 and parts[1] == "blob":
            out[path] = parts[2]
    return out


def blobs_of(root: Path, names: Sequence[str]) -> dict[str, bytes]:
    """The content of each blob ``names`` names (an object id, or ``REV:PATH``), those that are blobs, read in one
    ``git cat-file --batch`` (``verify`` read each version of a ``game.yaml`` in a ``git show`` of its own: issue
    33, 141 changes and 7.7 s of a season's verifies)."""
    if not names:
        return {}
    out = _run(root, "cat-file", "--batch", input="".join(f"{n}\n" for n in names).encode("utf-8")).stdout
    found: dict[str, bytes] = {}
    pos = 0
    for n in names:
        end = out.index(b"\n", pos)
        header = out[pos:end].split()
        pos = end + 1
        if len(header) == 3 and header[1] == b"blob":
            size = int(header[2])
            found[n] = out[pos:pos + size]
            pos += size + 1
        elif len(header) == 3:  # another kind of object: its content follows all the same
            pos += int(header[2]) + 1
    return found


def _changed() -> None:
    global changes
    changes += 1


def export(root: Path, commit: str, paths: Sequence[str], dest: Path) -> list[str]:
    """Write the files under ``paths`` as ``commit`` has them into the folder ``dest``: one ``git ls-tree`` and
    one ``git cat-file --batch`` for all of them (``verify`` takes a game's whole history, thousands of files,
    and unpacking git's tar archive of them in Python took longer than the replay of many turns).

    Only plain files are written. Every other entry (a symbolic link, a submodule) and any path that could
    leave ``dest`` or is no plain relative path is not written but returned, as the tar filter ``data`` would
    have refused it."""
    _changed()
    listing = _run(root, "ls-tree", "-r", "-z", commit, "--", *paths).stdout.decode("utf-8", "surrogateescape")
    files: list[tuple[str, str]] = []
    others: list[str] = []
    for entry in listing.split("\0"):
        meta, _, rel = entry.partition("\t")
        if not rel:
            continue
        mode, kind, obj = meta.split(" ")
        parts = rel.split("/")
        if kind != "blob" or mode not in ("100644", "100755") or any(p in ("", ".", "..") for p in parts):
            others.append(rel)
        else:
            files.append((rel, obj))
    if files:
        out = _run(root, "cat-file", "--batch", input="".join(f"{obj}\n" for _, obj in files).encode()).stdout
        pos = 0
        made: set[Path] = set()
        for rel, _ in files:
            end = out.index(b"\n", pos)
            size = int(out[pos:end].split()[2])
            target = dest / rel
            if target.parent not in made:
                target.parent.mkdir(parents=True, exist_ok=True)
                made.add(target.parent)
            target.write_bytes(out[end + 1:end + 1 + size])
            pos = end + 1 + size + 1
    return others


def blob(root: Path, rev: str, path: str) -> bytes | None:
    """The content of ``path`` in commit ``rev``, or None if the commit has no such file.

    Kept for a commit named by its full id, whose files never change (issue 33: each load of a game read its
    game.yaml as the last turn's commit has it, some eight times a turn), up to ``BLOBS_KEPT`` bytes."""
    if not _FULL_ID.fullmatch(rev):
        return _blobs(root, rev, [path]).get(path)
    key = (str(_dirs(root)[1]), rev, path)
    if key in _BLOBS:
        return _BLOBS[key]
    found = _blobs(root, rev, [path]).get(path)
    if found is None:  # not kept: the commit may be one this repository does not have yet
        return None
    global _blob_bytes
    if len(_BLOBS) >= 1024 or _blob_bytes > BLOBS_KEPT:
        _BLOBS.clear()
        _blob_bytes = 0
    _BLOBS[key] = found
    _blob_bytes += len(found)
    return found


BLOBS_KEPT = 4 << 20
_BLOBS: dict[tuple[str, str, str], bytes] = {}
_blob_bytes = 0


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``path`` whole or not at all: a temporary file beside it, flushed, then renamed over it."""
    _changed()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{LEFTOVER}{os.getpid()}-{path.name}")
    try:
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def materialize(root: Path, rev: str, paths: Sequence[str], *, fault: FaultHook | None = None,
                committed: Mapping[str, bytes] | None = None) -> list[str]:
    """Make the working tree and the index hold ``paths`` exactly as commit ``rev`` has them.

    Content is compared byte for byte (a file truncated by a kill or a full disk is found, not only a
    missing one), each differing file is replaced whole (``write_atomic``), and the index is updated so
    that a kill leaves no lock the next run cannot prove its own (``update_index``). Returns the paths
    rewritten. ``committed``: the bytes ``rev`` has for ``paths``, where the caller just committed them
    (``commit_files``): git is not asked for them again.
    """
    if committed is not None:
        blobs = {rel: committed[rel] for rel in sorted(paths)}
    else:
        blobs = _blobs(root, rev, sorted(paths))
    written = []
    for rel, data in blobs.items():
        target = root / rel
        for stray in target.parent.glob(f".{LEFTOVER}*") if target.parent.is_dir() else []:
            m = re.match(rf"\.{LEFTOVER}(\d+)-", stray.name)
            if m and not _alive(int(m[1])):
                stray.unlink(missing_ok=True)  # a temporary file of a killed run
        if target.is_symlink() or not target.is_file() or target.read_bytes() != data:
            if fault is not None:
                fault(f"materialize {rel}")
            write_atomic(target, data)
            written.append(rel)
    if not blobs:
        return written
    # A file written is staged anyway; only where none was must git say whether the index differs from rev.
    if written or _text(root, "diff", "--cached", "--name-only", rev, "--", *blobs):
        update_index(root, list(blobs))
    return written


def altered(root: Path, folder: str) -> list[tuple[str, str]]:
    """Files under ``folder`` whose content in the working tree differs from the commit that added them, each
    with that commit. For files written once (a turn's state and report), a difference is damage.

    Only on an error path: one ``git log`` and one ``git diff`` a commit, without the optional index refresh
    (``GIT_OPTIONAL_LOCKS=0``), so that looking takes no lock.
    """
    if not is_repo(root) or not has_head(root):
        return []
    log = _git(root, "log", "--diff-filter=A", "--no-renames", "--format=@%H", "--name-only", "-z", "HEAD", "--",
              folder)
    added: dict[str, list[str]] = {}
    seen: set[str] = set()
    commit = ""
    for item in log.replace("\n", "\0").split("\0"):
        if item.startswith("@"):
            commit = item[1:]
        elif item and item not in seen:  # newest first: the commit that added the file as it is now
            seen.add(item)
            added.setdefault(commit, []).append(item)
    out = []
    quiet = {"GIT_OPTIONAL_LOCKS": "0"}
    for commit, paths in added.items():
        diff = _run(root, "diff", "--no-renames", "--name-only", "-z", commit, "--", *paths, env=quiet).stdout
        out += [(p, commit) for p in diff.decode("utf-8", "replace").split("\0") if p]
    return sorted(out)


def changed_files(root: Path, rev: str) -> list[str]:
    """The paths commit ``rev`` changed."""
    if _FULL_ID.fullmatch(rev):
        return list(_shown(root, rev)[1])
    return _text(root, "show", "--name-only", "--format=", rev).split()


def subject(root: Path, rev: str) -> str:
    if _FULL_ID.fullmatch(rev):
        return _shown(root, rev)[0]
    return _text(root, "show", "-s", "--format=%s", rev)


def _shown(root: Path, commit: str) -> tuple[str, tuple[str, ...]]:
    """The subject of the commit of full id ``commit`` and the paths it changed, from one ``git show``, kept (a
    commit never changes; issue 33: heal asked the two of the last turn's commit in two processes each run)."""
    key = (str(_dirs(root)[1]), commit)
    if key not in _SHOWN:
        first, _, names = _run(root, "show", "--name-only", "--format=%s", commit).stdout.decode(
            "utf-8", "replace").partition("\n")
        if len(_SHOWN) >= 1024:
            _SHOWN.clear()
        _SHOWN[key] = (first.strip(), tuple(names.split()))
    return _SHOWN[key]


_SHOWN: dict[tuple[str, str], tuple[str, tuple[str, ...]]] = {}


# --- named questions and commands: each of the shell's git calls, by what it asks (issue 31) ---------------
# The shell calls git only through these: a reader finds every command turnpress runs in this one file, and the
# arguments (``-z``, ``check``, the lock-free ``GIT_OPTIONAL_LOCKS=0``) are each command's own, not its caller's.

_NO_LOCKS = {"GIT_OPTIONAL_LOCKS": "0"}  # a look that takes no lock: without git status's optional index refresh


def fetch(root: Path, remote: str, refspec: str, *, tags: bool) -> None:
    """``git fetch`` of ``refspec`` from ``remote``, quietly, with the remote's tags or without any."""
    _run(root, "fetch", "--quiet", "--tags" if tags else "--no-tags", remote, refspec)


def push(root: Path, remote: str, refs: Sequence[str]) -> str | None:
    """Push ``refs`` to ``remote`` all or nothing (``--atomic``); ``None`` if pushed, else git's words: its stderr
    and the refused refs it lists on stdout ("[remote rejected] (pre-receive hook declined)")."""
    done = _run(root, "push", "--quiet", "--atomic", "--porcelain", remote, *refs, check=False)
    if done.returncode == 0:
        return None
    refused = [line for line in done.stdout.decode("utf-8", "replace").splitlines() if line.startswith("!")]
    said = [line.rstrip() for line in done.stderr.decode("utf-8", "replace").splitlines()]
    return "\n".join([*said, *refused]).strip()


def commits_between(root: Path, old: str, new: str) -> list[str]:
    """The commits ``new`` has and ``old`` has not (``git rev-list old..new``), newest first."""
    return _text(root, "rev-list", f"{old}..{new}").split()


def subjects_between(root: Path, old: str | None, new: str) -> list[str]:
    """The subjects of the commits ``new`` has and ``old`` has not (every commit of ``new`` where ``old`` is
    ``None``), oldest first."""
    return _text(root, "log", "--reverse", "--format=%s", f"{old}..{new}" if old else new).splitlines()


def parents(root: Path, commit: str) -> list[str]:
    """The parents of ``commit``, in order (``git rev-list --parents -n 1``)."""
    return _text(root, "rev-list", "--parents", "-n", "1", commit).split()[1:]


def tags_at(root: Path, commit: str) -> list[str]:
    """The names of the tags that point at ``commit``."""
    return _text(root, "tag", "--points-at", commit).split()


def changed_between(root: Path, old: str, new: str) -> list[str]:
    """The paths that differ between commits ``old`` and ``new`` (``git diff-tree -r``, a rename as its two
    paths)."""
    listed = _run(root, "diff-tree", "--no-commit-id", "--name-only", "-r", "-z", "--no-renames", old, new).stdout
    return [rel for rel in listed.decode("utf-8", "replace").split("\0") if rel]


def statuses_between(root: Path, old: str, new: str, folder: str) -> list[tuple[str, str]]:
    """Each path under ``folder`` that differs between ``old`` and ``new`` with its status letter (``A``, ``M``,
    ``D``...; a rename as a deletion and an addition), as ``(status, path)``."""
    listed = _run(root, "diff", "--name-status", "-z", "--no-renames", old, new, "--", folder).stdout.decode(
        "utf-8", "replace").split("\0")
    return list(zip(listed[::2], listed[1::2], strict=False))


def differing_from(root: Path, commit: str) -> list[str]:
    """Tracked paths whose content in the working tree differs from ``commit``'s, looked at without a lock."""
    listed = _run(root, "diff", "--name-only", "-z", "--no-renames", commit, env=_NO_LOCKS).stdout
    return [rel for rel in listed.decode("utf-8", "surrogateescape").split("\0") if rel]


def tree_differs(root: Path, commit: str, paths: Sequence[str]) -> bool:
    """True if the working tree holds ``paths`` otherwise than ``commit`` (``git diff --quiet``), looked at
    without a lock."""
    return _run(root, "diff", "--quiet", commit, "--", *paths, check=False, env=_NO_LOCKS).returncode != 0


def changed_in_tree(root: Path) -> list[str]:
    """Tracked paths changed in the working tree or the index since HEAD."""
    return [rel for rel in _git(root, "diff", "--name-only", "-z", "HEAD", "--").split("\0") if rel]


def untracked(root: Path) -> list[str]:
    """Paths in the working tree that git does not track and does not ignore."""
    return [rel for rel in _git(root, "ls-files", "-z", "--others", "--exclude-standard", "--").split("\0") if rel]


def tracks_under(root: Path, folder: str) -> bool:
    """True if git tracks a file under ``folder``."""
    return bool(_text(root, "ls-files", "--", folder).strip())


def dirty(root: Path, paths: Sequence[str], *, all_untracked: bool = False, lockless: bool = False) -> list[str]:
    """``git status --porcelain`` of ``paths``, line by line (its text stripped: the first line's leading blank
    is gone); [] where they are as HEAD has them. ``all_untracked``: each untracked file, not only its folder;
    ``lockless``: looked at without a lock."""
    out = _text(root, "status", "--porcelain", *(["--untracked-files=all"] if all_untracked else []), "--", *paths,
               env=_NO_LOCKS if lockless else None)
    return out.splitlines()


def dirty_paths(root: Path, paths: Sequence[str]) -> list[str]:
    """Each path under ``paths`` that ``git status`` lists (changed, staged or untracked, every untracked file
    by name, a rename as its two paths), exactly as git wrote it, looked at without a lock."""
    listed = _run(root, "status", "--porcelain", "-z", "--no-renames", "--untracked-files=all", "--", *paths,
                 env=_NO_LOCKS).stdout.decode("utf-8", "surrogateescape").split("\0")
    return [entry[3:] for entry in listed if len(entry) > 3]


def file_text(root: Path, rev: str, path: str) -> str:
    """``path`` as commit ``rev`` has it (``git show rev:path``), as text; a ``GitError`` where it has none."""
    return _git(root, "show", f"{rev}:{path}")


def file_or_none(root: Path, rev: str, path: str) -> bytes | None:
    """``path`` as commit ``rev`` has it (``git show rev:path``); ``None`` where git cannot show it."""
    shown = _run(root, "show", f"{rev}:{path}", check=False)
    return shown.stdout if shown.returncode == 0 else None


def merge_bases(root: Path, one: str, other: str) -> list[str]:
    """Every best common ancestor of commits ``one`` and ``other`` (a criss-cross history has several)."""
    return _text(root, "merge-base", "--all", one, other).split()


def merge_tree(root: Path, base: str, head: str) -> str | None:
    """The id of the tree that merging ``head`` into ``base`` makes (``git merge-tree --write-tree``, nothing
    written to the working tree or the index); ``None`` where the merge conflicts."""
    done = _run(root, "merge-tree", "--write-tree", "--no-messages", base, head, check=False)
    return done.stdout.decode().split()[0] if done.returncode == 0 else None


@dataclass(frozen=True)
class RawChange:
    """One entry of ``git diff --raw``: status letter, modes, the new blob, the path (and the old path)."""

    status: str
    old_mode: str
    new_mode: str
    blob: str
    path: str
    old_path: str | None = None


def raw_changes(root: Path, old: str, new: str) -> list[RawChange]:
    """What changes from tree-ish ``old`` to ``new`` (``git diff-tree -r --raw -M``): renames found, full ids."""
    fields = _run(root, "diff-tree", "-r", "--raw", "-z", "-M", "--no-abbrev", old, new).stdout.split(b"\0")
    out: list[RawChange] = []
    i = 0
    while i < len(fields) and fields[i].startswith(b":"):
        old_mode, new_mode, _old_blob, blob, status = fields[i][1:].decode().split()
        paths = 2 if status[0] in "RC" else 1
        names = [f.decode("utf-8", "surrogateescape") for f in fields[i + 1:i + 1 + paths]]
        out.append(RawChange(status[0], old_mode, new_mode, blob, names[-1], names[0] if paths == 2 else None))
        i += 1 + paths
    return out


def blob_size(root: Path, blob_id: str) -> int:
    """The size in bytes of the blob ``blob_id`` (``git cat-file -s``), read without reading the blob."""
    return int(_text(root, "cat-file", "-s", blob_id))


def blob_bytes(root: Path, blob_id: str) -> bytes:
    """The content of the blob ``blob_id`` (``git cat-file blob``)."""
    return _run(root, "cat-file", "blob", blob_id).stdout


# --- reading: a command that only reads history asks git each question once -------------------------------

# git commands that change nothing in the repository (what ``reading`` keeps stays true across them)
_READS = frozenset({"rev-parse", "rev-list", "log", "show", "ls-tree", "cat-file", "archive", "for-each-ref",
                    "merge-base", "diff", "status", "config", "var"})


class _Kept:
    """What ``reading`` learned of one repository: refs resolved, the tags' commits and their times (one
    ``git for-each-ref``), and the first-parent logs of folders, each read once for a whole parent folder."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.revs: dict[str, str | None] = {}
        self.times: dict[str, int] = {}
        self.logs: dict[tuple[str, str], dict[str, dt.datetime]] = {}
        self.tags: dict[str, str | None] | None = None
        self.parents: dict[str, list[str]] | None = None

    def rev(self, name: str) -> str | None:
        if name.startswith("refs/tags/"):
            tags = self._tags()
            if name not in tags:
                return None  # no such tag: for-each-ref lists every one
            if tags[name] is not None:
                return tags[name]
        if name not in self.revs:
            self.revs[name] = _rev(self.root, name)
        return self.revs[name]

    def _tags(self) -> dict[str, str | None]:
        """Every tag -> the commit it names (``None`` where that takes more than one step: ``rev`` asks git)."""
        if self.tags is None:
            self.tags = {}
            out = _git(self.root, "for-each-ref", "--format=%(refname) %(objecttype) %(objectname) "
                      "%(*objecttype) %(*objectname) %(committerdate:unix) %(*committerdate:unix)", "refs/tags")
            for line in out.splitlines():
                name, kind, obj, *peeled = line.split(" ")
                if kind == "commit" and peeled[2:3] and peeled[2]:  # a lightweight tag
                    self.tags[name], self.times[obj] = obj, int(peeled[2])
                elif kind == "tag" and peeled[:1] == ["commit"] and len(peeled) == 4 and peeled[3]:
                    self.tags[name], self.times[peeled[1]] = peeled[1], int(peeled[3])
                else:  # a tag of a tag, or of no commit
                    self.tags[name] = None
        return self.tags

    def is_ancestor(self, older: str, newer: str) -> bool | None:
        """From one ``git rev-list --parents --all``: ``None`` for a name that is no full commit id it listed
        (``is_ancestor`` asks git then)."""
        if self.parents is None:
            self.parents = {}
            for line in _git(self.root, "rev-list", "--parents", "--all").splitlines():
                commit, *parents = line.split()
                self.parents[commit] = parents
        if older not in self.parents or newer not in self.parents:
            return None
        seen, todo = {newer}, [newer]
        while todo:
            commit = todo.pop()
            if commit == older:
                return True
            for parent in self.parents[commit]:
                if parent not in seen:
                    seen.add(parent)
                    todo.append(parent)
        return False

    def under(self, kinds: str, directory: str) -> dict[str, dt.datetime]:
        """``arrivals``/``first_arrivals`` of ``directory``, from one log of its parent folder: the same commits
        (first parents of HEAD) and names, of which those under ``directory`` are kept."""
        parent = directory.rstrip("/").rpartition("/")[0] or directory
        key = (kinds, parent)
        if key not in self.logs:
            self.logs[key] = _arrivals(self.root, kinds, parent, first=kinds == "AR")
        prefix = directory.rstrip("/") + "/"
        return {rel: when for rel, when in self.logs[key].items() if rel.startswith(prefix)}


_kept: dict[Path, _Kept] = {}


def _kept_for(root: Path) -> _Kept | None:
    if not _kept:
        return None
    return _kept.get(root.resolve())


@contextlib.contextmanager
def reading(root: Path) -> Iterator[None]:
    """For the body, the repository at ``root`` is only read: refs, tags, commit times and the arrivals of
    folders are asked of git once and kept (``verify`` asks them turn by turn, player by player: a subprocess
    each was most of its time). A git command that may write forgets them all."""
    top = root.resolve()
    if top in _kept:  # nested: the outer one keeps them
        yield
        return
    _kept[top] = _Kept(top)
    try:
        yield
    finally:
        _kept.pop(top, None)
