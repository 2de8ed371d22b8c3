"""A time budget per game at the deadline: one game's slow or hanging turn never holds the others (issue 28).

The deadline run goes through the league game by game. A game whose turn takes longer than its budget is stopped
where it is (``OverBudget``, raised by a timer signal), named with why, and left as it was: nothing of it is
committed, so the next run tries it again; the other games get their turns and pushes in the same run.

The timer is ``SIGALRM`` (``signal.setitimer``), which interrupts Python code and the waits for git between any
two steps. It never interrupts the writing of a turn: from the commit on (``step("commit")``) an expiry is held
back until the game's next turn starts computing (``step("compute")``), so a turn is committed, written and tagged
whole or not at all. Off the main thread (where no signal can be caught) and where the platform has no
``SIGALRM``, there is no budget.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType

DEFAULT_SECONDS = 300  # five games at their limit still leave the deadline job (killed at 30 min) time to push


class OverBudget(BaseException):
    """A game's turn ran past its time budget. A ``BaseException``, as a kill is: no ``except Exception`` on the
    way up may take it for a game's own failure and go on computing."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"over its time budget of {seconds:g} s")
        self.seconds = seconds


class Budget:
    """The running budget of one game; ``step`` is the turn's fault hook (``turn.adjudicate(fault=...)``)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.writing = False  # between a commit and the next turn's computing: an expiry waits
        self.expired = False

    def step(self, name: str) -> None:
        if name == "compute":
            self.writing = False
            if self.expired:
                raise OverBudget(self.seconds)
        elif name == "commit":
            self.writing = True

    def _alarm(self, signum: int, frame: FrameType | None) -> None:
        self.expired = True
        if not self.writing:
            raise OverBudget(self.seconds)


@contextlib.contextmanager
def time_budget(seconds: float | None) -> Iterator[Budget | None]:
    """Run the body with ``seconds`` to finish (``None`` or 0: no limit); yields the budget whose ``step`` the turn
    must call, or ``None`` where there is no budget."""
    usable = bool(seconds) and hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable or seconds is None:
        yield None
        return
    budget = Budget(seconds)
    previous = signal.signal(signal.SIGALRM, budget._alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield budget
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
