"""``history.reading``: a command that only reads history asks git each question once (issue 33, "Back under every
goal": ``verify`` over 100 turns of 20 countries started two git processes per player and turn, four thousand in
all, to learn one tag's commit and its time again and again).

Within ``reading`` every answer must be what git gives without it; the questions that were asked per turn and
player (the arrivals of a turn's orders, a tag's commit and time, whether one commit descends from another) are
asked once for the whole history, so ``verify``'s git processes do not grow with the turns.
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
import subprocess
from pathlib import Path

from adjudicator import yamlio
from adjudicator.engine.verify import verification
from adjudicator.league import history

from .conftest import git
from .test_verify_history import play, play_turn


def at(day: int, hour: int) -> dt.datetime:
    return dt.datetime(2026, 2, day, hour, tzinfo=dt.UTC)


def repository(root: Path) -> Path:
    """Orders of two turns arriving by commits and by a merge, a file changed later, tags of each kind."""
    git(root, "init", "-q", "-b", "main")
    git(root, "config", "user.name", "t")
    git(root, "config", "user.email", "t@example.org")

    def commit(files: dict[str, str], message: str, when: dt.datetime) -> str:
        for rel, text in files.items():
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            (root / rel).write_text(text)
        git(root, "add", "-A")
        git(root, "commit", "-qm", message, date=when)
        return git(root, "rev-parse", "HEAD").strip()

    first = commit({"orders/g/0001/a.yaml": "1", "orders/g/0001/b.yaml": "1"}, "one", at(1, 10))
    git(root, "tag", "light", first)
    git(root, "checkout", "-qb", "side")
    commit({"orders/g/0002/a.yaml": "2"}, "side", at(2, 10))
    git(root, "checkout", "-q", "main")
    second = commit({"orders/g/0001/a.yaml": "changed", "orders/h/0002/x.yaml": "x"}, "two", at(3, 10))
    git(root, "merge", "-q", "--no-ff", "-m", "merge side", "side", date=at(4, 10))
    git(root, "tag", "-a", "-m", "annotated", "g/turn-1", second)
    git(root, "tag", "-a", "-m", "of a tag", "nested", "g/turn-1")
    git(root, "tag", "tree", "HEAD^{tree}")
    return root


def answers(root: Path, commits: list[str]) -> list[object]:
    out: list[object] = []
    for folder in ("orders/g/0001", "orders/g/0002", "orders/g/0003", "orders/h/0002", "orders/g", "orders"):
        out += [history.arrivals(root, folder), history.first_arrivals(root, folder)]
    for name in ("light", "g/turn-1", "nested", "tree", "missing"):
        out.append(history.tag_target(root, name))
    out += [history.rev(root, name) for name in ("HEAD", "HEAD~1", "side", "nothing")]
    out += [history.commit_time(root, c) for c in commits]
    out += [history.is_ancestor(root, a, b) for a in commits + ["HEAD"] for b in commits + ["side"]]
    return out


def test_reading_gives_every_answer_git_gives(tmp_path: Path):
    root = repository(tmp_path)
    commits = git(root, "rev-list", "--all").split()
    plain = answers(root, commits)
    with history.reading(root):
        kept = answers(root, commits)
        again = answers(root, commits)  # answered from what was kept
    assert kept == plain and again == plain
    assert plain[0] == {"orders/g/0001/a.yaml": at(3, 10), "orders/g/0001/b.yaml": at(1, 10)}
    assert plain[1] == {"orders/g/0001/a.yaml": at(1, 10), "orders/g/0001/b.yaml": at(1, 10)}
    assert plain[2] == {"orders/g/0002/a.yaml": at(4, 10)}  # reached main with the merge


def test_a_write_inside_reading_forgets_what_was_kept(tmp_path: Path):
    root = repository(tmp_path)
    with history.reading(root):
        before = history.arrivals(root, "orders/g/0002")
        assert history.tag_target(root, "later") is None
        sha = history.commit_files(root, {"orders/g/0002/b.yaml": "b"}, "b's orders")
        history.tag(root, "later", "a tag made meanwhile", sha)
        assert history.tag_target(root, "later") == sha
        assert set(history.arrivals(root, "orders/g/0002")) == {*before, "orders/g/0002/b.yaml"}


def git_processes(league: Path, monkeypatch) -> int:
    calls = []
    real = history.subprocess.run

    def counted(args, *a, **kw):
        calls.append(args)
        return real(args, *a, **kw)

    monkeypatch.setattr(history.subprocess, "run", counted)
    done = verification(league, "g1")
    monkeypatch.setattr(history.subprocess, "run", real)
    assert done.found == [] and done.turns > 0
    return len(calls)


def test_verify_asks_git_as_often_for_four_turns_as_for_two(league: Path, monkeypatch):
    play(league, turns=2)
    two = git_processes(league, monkeypatch)
    play_turn(league, 3)
    play_turn(league, 4)
    assert git_processes(league, monkeypatch) == two


def test_verify_asks_git_as_often_after_edits_of_game_yaml(league: Path, monkeypatch):
    """Each version of game.yaml that verify compares (the set-up unchanged, keys registered, data pinned) is read
    with the others in one git process: two ``git show`` a change made a season's verifies start 282 (issue 33)."""
    play(league, turns=2)
    before = git_processes(league, monkeypatch)
    config = league / "games/g1/game.yaml"
    for n in range(3):  # the game master's comments: no change of the set-up, each a commit that changes the file
        config.write_text(config.read_text(encoding="utf-8") + f"# note {n}\n", encoding="utf-8")
        git(league, "commit", "-qam", f"g1: note {n}")
    assert git_processes(league, monkeypatch) == before


def test_export_writes_the_plain_files_and_names_every_other_entry(tmp_path: Path):
    """``history.export`` (verify's copy of the committed files): the files as committed, and nothing else
    written, however the tree was made: a link, a submodule and a name that climbs out are named instead."""
    root = tmp_path / "repo"
    root.mkdir()
    git(root, "init", "-q", "-b", "main")

    def blob(text: str) -> str:
        return subprocess.run(["git", "hash-object", "-w", "--stdin"], cwd=root, input=text, text=True,
                              capture_output=True, check=True).stdout.strip()

    def tree(entries: str) -> str:
        return subprocess.run(["git", "mktree"], cwd=root, input=entries, text=True, capture_output=True,
                              check=True).stdout.strip()

    def entry(mode: str, kind: str, obj: str, name: str) -> str:
        return f"{mode} {kind} {obj}\t{name}\n"

    inner = tree(entry("100644", "blob", blob("state: 1\n"), "state.yaml")
                 + entry("100755", "blob", blob("run\n"), "tool")
                 + entry("120000", "blob", blob("/etc/passwd"), "link") + entry("100644", "blob", blob("out\n"), "..")
                 + entry("160000", "commit", "1" * 40, "sub"))
    top = tree(entry("040000", "tree", tree(entry("040000", "tree", inner, "g")), "games")
               + entry("100644", "blob", blob("x\n"), "other.txt"))
    who = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"}
    commit = subprocess.run(["git", "commit-tree", top, "-m", "made by hand"], cwd=root, capture_output=True,
                            text=True, check=True, env={**os.environ, **who}).stdout.strip()
    dest = tmp_path / "out" / "dest"
    dest.mkdir(parents=True)
    others = history.export(root, commit, ["games/g", "missing"], dest)
    assert sorted(others) == ["games/g/..", "games/g/link", "games/g/sub"]
    written = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.joinpath("out").rglob("*") if p.is_file())
    assert written == ["out/dest/games/g/state.yaml", "out/dest/games/g/tool"]
    assert (dest / "games/g/state.yaml").read_text() == "state: 1\n"


def orders_parsed(league: Path, monkeypatch) -> int:
    """How many times ``verify`` of g1 parses an orders file (``yamlio.load``, the reader with positions)."""
    texts: list[bytes | str] = []
    real = yamlio.load

    def counted(text, *a, **kw):
        texts.append(text)
        return real(text, *a, **kw)

    monkeypatch.setattr(yamlio, "load", counted)
    done = verification(league, "g1")
    monkeypatch.setattr(yamlio, "load", real)
    assert done.found == [] and done.turns > 0
    return len(texts)


def test_verify_parses_each_turns_orders_once(league: Path, monkeypatch):
    # Each turn's NMR defaults are the orders played the turn before: the replay of turn 3 read them already as
    # turn 2's, and reading them again made verify parse every taken file twice (100 x 20: a tenth of its time).
    play(league, turns=2)
    two = orders_parsed(league, monkeypatch)
    play_turn(league, 3)
    play_turn(league, 4)
    assert orders_parsed(league, monkeypatch) - two == 2 * 2  # two more turns of two players' files, once each


def test_a_turn_s_files_just_committed_are_put_in_the_tree_without_asking_git_for_them(tmp_path: Path, monkeypatch):
    """Issue 33: a turn's commit read its files back from git (``cat-file``) and asked whether the index differed
    (``diff --cached``) before staging the files it had just written. Given the bytes it committed, ``materialize``
    asks neither; the tree and the index then hold the commit exactly (``git status`` is clean)."""
    root = repository(tmp_path)
    files = {"games/g/turns/0003/state.yaml": "turn: 3\n", "site/news/g/0003.md": "# Zug 3 – Frühjahr\n"}
    sha = history.commit_files(root, files, "turn 3")
    asked: list[str] = []
    real = history._run
    monkeypatch.setattr(history, "_run", lambda repo, *args, **kw: asked.append(args[0]) or real(repo, *args, **kw))
    written = history.materialize(root, sha, sorted(files),
                                  committed={rel: text.encode("utf-8") for rel, text in files.items()})
    assert sorted(written) == sorted(files) and "cat-file" not in asked and "diff" not in asked, asked
    assert git(root, "status", "--porcelain", "--untracked-files=all") == ""
    assert (root / "site/news/g/0003.md").read_bytes() == files["site/news/g/0003.md"].encode("utf-8")


def test_a_commit_of_files_writes_their_blobs_and_its_index_in_one_git_process_each(tmp_path: Path, monkeypatch):
    """Issue 33: a turn's commit started two git processes a file (``hash-object`` and ``update-index``); now one
    of each for all of them. The commit holds each file's exact bytes, names with spaces and umlauts included, the
    files of the commit before are kept, and nothing is left in the git directory."""
    root = repository(tmp_path)
    before = git(root, "ls-tree", "-r", "-z", "--name-only", "HEAD").split("\0")
    asked: list[str] = []
    real = history._run
    monkeypatch.setattr(history, "_run", lambda repo, *args, **kw: asked.append(args[0]) or real(repo, *args, **kw))
    files = {"site/news/g/Zug ü.md": "# Zug 1 – Frühjahr\n", "games/g/turns/0003/state.yaml": "turn: 3\n",
             "games/g/turns/0003/report.yaml": ""}
    sha = history.commit_files(root, files, "turn 3")
    assert asked.count("hash-object") == 1 and asked.count("update-index") == 1, asked
    for rel, body in files.items():
        assert subprocess.run(["git", "show", f"{sha}:{rel}"], cwd=root, capture_output=True,
                              check=True).stdout == body.encode("utf-8")
    assert set(git(root, "ls-tree", "-r", "-z", "--name-only", sha).split("\0")) == {*before, *files}
    assert not list(Path(git(root, "rev-parse", "--absolute-git-dir").strip()).glob("turnpress-*"))
    asked.clear()
    (root / "games/g/turns/0003").mkdir(parents=True)
    (root / "games/g/turns/0003/state.yaml").write_text("turn: 3\nedited: true\n")
    (root / "notes.md").write_text("Notizen\n")
    sha = history.commit_paths(root, ["games/g/turns/0003/state.yaml", "notes.md"], "the game master's edit")
    assert asked.count("hash-object") == 1 and asked.count("update-index") == 1, asked
    assert git(root, "show", f"{sha}:notes.md") == "Notizen\n"
    assert git(root, "show", f"{sha}:games/g/turns/0003/state.yaml") == "turn: 3\nedited: true\n"


def test_the_git_directory_is_asked_for_once_and_again_for_a_repository_made_anew(tmp_path: Path, monkeypatch):
    """Issue 33: ``git_dir`` asked git for each commit, tag and lock; it is kept while the root's ``.git`` is the
    same, and a linked worktree (``.git`` a file) and a repository made anew at the same place are asked again."""
    (tmp_path / "main").mkdir()
    root = repository(tmp_path / "main")
    asked: list[str] = []
    real = history._run
    monkeypatch.setattr(history, "_run", lambda repo, *args, **kw: asked.append(args[0]) or real(repo, *args, **kw))
    first = history.git_dir(root)
    assert first == (root / ".git").resolve() and history.git_dir(root) == first and len(asked) == 1
    git(root, "worktree", "add", "-q", str(tmp_path / "linked"))
    linked = history.git_dir(tmp_path / "linked")
    assert linked != first and linked.parent == first / "worktrees"
    shutil.rmtree(root / ".git")
    git(root, "init", "-q", "--separate-git-dir", str(tmp_path / "elsewhere.git"))
    assert history.git_dir(root) == (tmp_path / "elsewhere.git").resolve()


def test_refs_are_read_from_their_files_and_each_answer_is_what_git_gives(tmp_path: Path, monkeypatch):
    """Issue 33: a turn asked git some ten times for HEAD and its tags. HEAD, a branch and a tag are read from their
    loose ref files, an object peeled to its commit by git once; every answer stays git's own, after a commit, a
    tag moved, a tag deleted, a detached HEAD and ``git pack-refs`` (a packed ref is asked of git)."""
    root = repository(tmp_path)
    names = ["HEAD", "refs/heads/main", "refs/heads/side", "refs/tags/light", "refs/tags/g/turn-1",
             "refs/tags/nested", "refs/tags/tree", "refs/tags/missing", "refs/heads/missing"]

    def gits() -> list[str | None]:
        out = []
        for name in names:
            proc = subprocess.run(["git", "rev-parse", "-q", "--verify", f"{name}^{{commit}}"], cwd=root,
                                  capture_output=True, text=True)
            out.append(proc.stdout.strip() if proc.returncode == 0 else None)
        return out

    asked: list[tuple[str, ...]] = []
    real = history._run
    monkeypatch.setattr(history, "_run", lambda repo, *args, **kw: asked.append(args) or real(repo, *args, **kw))
    assert [history.rev(root, n) for n in names] == gits() and history.head(root) == gits()[0]
    asked.clear()
    assert [history.rev(root, n) for n in names[:5]] == gits()[:5] and history.head(root) == gits()[0]
    assert asked == [], "known objects: no git process"
    (root / "later.txt").write_text("later\n")
    git(root, "add", "later.txt")
    git(root, "commit", "-qm", "later")
    git(root, "tag", "-f", "-a", "-m", "moved", "g/turn-1", "HEAD")
    git(root, "tag", "-d", "light")
    assert [history.rev(root, n) for n in names] == gits()
    git(root, "checkout", "-q", "--detach", "HEAD~1")
    assert [history.rev(root, n) for n in names] == gits() and history.head(root) == gits()[0]
    git(root, "checkout", "-q", "main")
    git(root, "pack-refs", "--all", "--prune")
    assert not (root / ".git/refs/tags/g/turn-1").exists()
    assert [history.rev(root, n) for n in names] == gits()


def test_a_file_of_a_commit_named_by_its_id_is_read_once(tmp_path: Path, monkeypatch):
    """Issue 33: each load of a game read its game.yaml as the last turn's commit has it, some eight times a turn;
    a commit's files never change, so a file of a commit named by its full id is kept (one named by a ref is not,
    nor a file the commit does not have)."""
    root = repository(tmp_path)
    sha = git(root, "rev-parse", "HEAD").strip()
    history.git_dir(root)  # asked once for the repository
    asked: list[str] = []
    real = history._run
    monkeypatch.setattr(history, "_run", lambda repo, *args, **kw: asked.append(args[0]) or real(repo, *args, **kw))
    assert history.blob(root, sha, "orders/g/0001/a.yaml") == b"changed" == history.blob(root, sha,
                                                                                           "orders/g/0001/a.yaml")
    assert asked == ["cat-file"]
    assert history.blob(root, sha, "nothing.yaml") is None is history.blob(root, sha, "nothing.yaml")
    assert history.blob(root, "HEAD", "orders/g/0001/a.yaml") == b"changed"
    assert asked == ["cat-file"] * 4


def test_what_the_history_behind_head_says_is_asked_once_for_each_head(tmp_path: Path, monkeypatch):
    """Issue 33: a deadline asked git the log of the turn's orders twice, the last commit of the game's turns in
    each command and, in heal, the last turn commit's subject and files in two processes. An answer about the
    history behind HEAD is kept by HEAD's commit, one about a commit by its id: asked again for the same HEAD, no
    git process; after a commit, git's new answer."""
    root = repository(tmp_path)
    history.git_dir(root)

    def answers() -> list[object]:
        last = history.last_commit_of(root, "orders/g/0001")
        assert last is not None
        return [history.arrivals(root, "orders/g/0001"), history.first_arrivals(root, "orders/g/0001"), last,
                history.last_commit_before(root, "orders/g/0001/a.yaml", at(2, 0)),
                history.subject(root, last), history.changed_files(root, last)]

    def gits(last: str) -> list[object]:
        return [git(root, "log", "-1", "--format=%H", "--", "orders/g/0001").strip(),
                git(root, "log", "-1", "--format=%H", f"--before={at(2, 0).isoformat()}", "HEAD", "--",
                    "orders/g/0001/a.yaml").strip(),
                git(root, "show", "-s", "--format=%s", last).strip(),
                git(root, "show", "--name-only", "--format=", last).split()]

    asked: list[str] = []
    real = history._run
    monkeypatch.setattr(history, "_run", lambda repo, *args, **kw: asked.append(args[0]) or real(repo, *args, **kw))
    first = answers()
    assert first[2:] == gits(first[2]) and (asked.count("log"), asked.count("show")) == (4, 1), asked
    asked.clear()
    assert answers() == first and asked == []
    (root / "orders/g/0001/b.yaml").write_text("again")
    git(root, "commit", "-qam", "b again", date=at(5, 10))
    later = answers()
    assert later[2:] == gits(later[2]) and later[2] != first[2] and later[4] == "b again"
    assert later[0]["orders/g/0001/b.yaml"] == at(5, 10) and later[1] == first[1]
