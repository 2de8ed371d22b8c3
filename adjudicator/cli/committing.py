"""The files a command leaves in the league, committed or named (issue 29: "every command that changes the league
commits what it wrote or leaves the tree as it found it").

``new``, ``join``, ``keys add`` and ``template --write`` write files into the league's working tree. With
``--commit`` they commit exactly those files, through ``history.commit_paths`` (one compare-and-swap of the branch:
one commit or none), on a tree whose tracked files were clean before, so that the commit holds nothing else; if
anything fails before the commit is made, every file the command wrote is taken back (a new file removed, a
changed one restored from HEAD). Without ``--commit`` they name the files and the one git line that commits them.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..errors import LeagueError
from ..kit.catalog import COMMANDS
from ..league import history


class Written:
    """What the league's tree held before a command wrote into it, and what to do with what it wrote."""

    def __init__(self, root: Path, commit: bool, lang: str = "en") -> None:
        self.root, self.commit = root, commit
        self.lang = lang  # the language of the game the command writes for (what its refusals and finish say)
        self.repo = history.is_repo(root) and history.has_head(root)
        if commit and not self.repo:
            raise LeagueError(COMMANDS.say(lang, "error.no_repository", root=root))
        self.before_changed = set(self._changed()) if self.repo else set()
        if commit and self.before_changed:
            shown = ", ".join(sorted(self.before_changed)[:5]) + (" ..." if len(self.before_changed) > 5 else "")
            raise LeagueError(COMMANDS.say(lang, "error.league_dirty", shown=shown))
        self.before_new = set(self._untracked()) if self.repo else set()
        # files outside git's view the command made for what it writes (a new game's key in .secrets/, which git
        # ignores): taken back with it, so that the command can run again once its fault is fixed
        self.aside: list[Path] = []

    def _changed(self) -> list[str]:
        return history.changed_in_tree(self.root)

    def _untracked(self) -> list[str]:
        return history.untracked(self.root)

    def paths(self) -> list[str]:
        """The files the command wrote: tracked files it changed and files it made (git's ignored ones aside)."""
        if not self.repo:
            return []
        changed = [p for p in self._changed() if p not in self.before_changed]
        made = [p for p in self._untracked() if p not in self.before_new]
        return sorted({*changed, *made})

    def undo(self) -> None:
        """Take back every file the command wrote: a new one removed (and the folders it left empty), a changed
        one as HEAD has it, and the files it made aside (``aside``)."""
        for path in self.aside:
            path.unlink(missing_ok=True)
        if not self.repo:
            return
        changed = [p for p in self._changed() if p not in self.before_changed]
        made = [p for p in self._untracked() if p not in self.before_new]
        if changed:
            history.materialize(self.root, "HEAD", changed)
        for rel in made:
            path = self.root / rel
            path.unlink(missing_ok=True)
            for parent in path.relative_to(self.root).parents[:-1]:
                folder = self.root / parent
                if folder.is_dir() and not any(folder.iterdir()):
                    folder.rmdir()

    def finish(self, message: str) -> None:
        """Commit what the command wrote (``--commit``), or say what to commit and how."""
        paths = self.paths()
        if not paths:
            return
        shown = self.shown(paths)
        if self.commit:
            try:
                sha = history.commit_paths(self.root, paths, message)
            except BaseException:
                self.undo()
                raise
            history.materialize(self.root, "HEAD", paths)  # the index holds them as committed
            print(COMMANDS.say(self.lang, "committed", paths=shown, commit=sha[:10], message=message))
            return
        named = " ".join(shlex.quote(p) for p in shown.split(", "))
        print(COMMANDS.say(self.lang, "not_committed", paths=shown, named=named, message=shlex.quote(message)))

    def shown(self, paths: list[str]) -> str:
        """The paths in a few words: a folder the command made whole (nothing in it before) is named once."""
        folders: list[str] = []
        for rel in paths:
            top = next((f"{p.as_posix()}/" for p in reversed(Path(rel).parents[:-1])
                        if not history.tracks_under(self.root, p.as_posix())
                        and not any(old.startswith(f"{p.as_posix()}/") for old in self.before_new)), rel)
            if top not in folders:
                folders.append(top)
        return ", ".join(folders)


@contextmanager
def writing(root: Path, commit: bool, lang: str = "en") -> Iterator[Written]:
    """The body writes files into ``root`` and calls ``finish``; with ``commit``, a failure anywhere in it takes
    every file written back, so that nothing half-written stays."""
    written = Written(root, commit, lang)
    try:
        yield written
    except BaseException:
        if commit:
            written.undo()
        raise
