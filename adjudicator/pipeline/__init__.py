"""The pipeline of a league on GitHub: the commands its workflows run, and the repository ``init`` makes.

- ``turnpress pr-check``: the orders workflow's check of a pull request (``prcheck``);
- ``turnpress deadline``: the deadline workflow's adjudicate, commit, push with retries (``deadline``);
- ``turnpress init DIR``: a new league repository with the workflows (``scaffold``).

Workflows stay thin shells over these commands, so everything they do is tested offline against real git
repositories (``tests/pipeline``).
"""

from __future__ import annotations

from collections.abc import Sequence


def command(name: str, argv: Sequence[str]) -> int:
    """Run the module command ``name`` (``init``, ``pr-check`` or ``deadline``) with ``argv``; the exit code."""
    if name == "pr-check":
        from .prcheck import main
    elif name == "deadline":
        from .deadline import main
    elif name == "init":
        from .scaffold import main
    else:
        raise ValueError(f"adjudicator.pipeline has no command {name!r}")
    return main(list(argv))
