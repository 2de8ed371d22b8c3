"""The chain head of a game: one hash over its set-up and every turn's public files, printed in each issue.

``h_0 = H("turnpress chain v1", game, report_0, state_0)`` and ``h_t = H(h_(t-1), report_t, state_t)``, where
``report_t`` and ``state_t`` are the bytes of ``games/<game>/turns/<t>/report.yaml`` and ``state.yaml`` as
committed (each length-prefixed, so no two histories hash alike by shifting bytes between files). The report
carries the revealed dice seed and the digest of the orders; the state is what they made. A reader who keeps
the head printed in an issue can later run ``turnpress verify --since HEAD`` on a fresh clone: it holds only
if today's history of the game has exactly those turns up to there, so a rewritten history (a re-roll, an
edited turn) shows even after a force-push.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

TAG = b"turnpress chain v1"
HEX = 64


def _frame(*parts: bytes) -> bytes:
    return b"".join(len(p).to_bytes(8, "big") + p for p in parts)


def first(game_id: str, report: bytes, state: bytes) -> str:
    return hashlib.sha256(_frame(TAG, game_id.encode(), report, state)).hexdigest()


def follow(previous: str, report: bytes, state: bytes) -> str:
    return hashlib.sha256(_frame(bytes.fromhex(previous), report, state)).hexdigest()


def heads(game_dir: Path, upto: int | None = None) -> list[str]:
    """The chain heads of turns 0..``upto`` (all committed turns if None), from the files in ``game_dir``."""
    out: list[str] = []
    turn = 0
    while upto is None or turn <= upto:
        folder = game_dir / "turns" / f"{turn:04d}"
        if not (folder / "report.yaml").is_file():
            break
        report, state = (folder / "report.yaml").read_bytes(), (folder / "state.yaml").read_bytes()
        out.append(first(game_dir.name, report, state) if turn == 0 else follow(out[-1], report, state))
        turn += 1
    return out


def issue_head(game_dir: Path, turn: int, report: bytes, state: bytes) -> str:
    """The head after ``turn``, given that turn's report and public state (committed or about to be)."""
    previous = head_before(game_dir, turn)
    return first(game_dir.name, report, state) if previous is None else follow(previous, report, state)


def head_before(game_dir: Path, turn: int) -> str | None:
    """The head after the turn before ``turn``, from the committed files (None before the set-up)."""
    if turn == 0:
        return None
    before = _cached_heads(str(game_dir), _stamp(game_dir / "turns"))
    return before[turn - 1] if turn - 1 < len(before) else heads(game_dir, turn - 1)[turn - 1]


def issue_heads(game_dir: Path, turn: int) -> tuple[str | None, str | None]:
    """What an issue page of ``turn`` prints of the chain: (the head after ``turn`` where its files are committed,
    None), or without them (None, the head after the turn before), which the page follows with the turn's files."""
    folder = game_dir / "turns" / f"{turn:04d}"
    if (folder / "report.yaml").is_file() and (folder / "state.yaml").is_file():
        return issue_head(game_dir, turn, (folder / "report.yaml").read_bytes(),
                          (folder / "state.yaml").read_bytes()), None
    return None, head_before(game_dir, turn)


def _stamp(folder: Path) -> tuple[int, int]:
    # A new turn folder changes the folder's mtime: a site build reads every turn's files once, not once a page.
    st = folder.stat()
    return st.st_mtime_ns, st.st_ino


@functools.lru_cache(maxsize=64)
def _cached_heads(game_dir: str, stamp: tuple[int, int]) -> list[str]:
    return heads(Path(game_dir))
