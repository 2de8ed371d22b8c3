"""``mkdocs serve`` as ``turnpress site serve`` runs it, with two changes:

- a path holding a NUL byte (``/a%00b``) is not found (404) instead of a server error (500, with mkdocs' traceback
  in the log): ``open`` refuses such a name with ``ValueError``, which mkdocs' dev server does not expect (issue
  28, item 6);
- its log speaks the league's language (issue 31): the lines a serve prints ("Serving on ...", "Detected file
  changes", "Reloading browsers", ...) and the level of each line are said through the commands' catalog
  (``serve.*``), read back from mkdocs' English as argparse's are; a line it has no word for (a plugin's) stays as
  mkdocs wrote it.
"""

from __future__ import annotations

import logging
import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from mkdocs import livereload
from mkdocs.__main__ import State, cli

from ..kit.catalog import COMMANDS

_original = livereload.LiveReloadServer._serve_request


def _serve_request(self: livereload.LiveReloadServer, environ: dict[str, Any],
                   start_response: Callable[..., Any]) -> Iterable[bytes] | None:
    if "\0" in environ.get("PATH_INFO", ""):
        return None  # no file has such a name: mkdocs answers 404
    return _original(self, environ, start_response)


livereload.LiveReloadServer._serve_request = _serve_request  # type: ignore[method-assign]


def speak(lang: str) -> None:
    """Make mkdocs' log lines say ``lang``: each line passes the stream handler mkdocs' command line makes (its
    ``State``), whatever its formatter (a coloured one on a terminal, a plain one in a pipe)."""
    if lang == "en":
        return
    made = State.__init__

    def __init__(self: State, *args: Any, **kwargs: Any) -> None:
        made(self, *args, **kwargs)
        self.stream.addFilter(Speaks(lang))

    State.__init__ = __init__  # type: ignore[method-assign]


class Speaks(logging.Filter):
    """Says a record of mkdocs' in ``lang`` (its level too), keeping the time the dev server puts before some."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def filter(self, record: logging.LogRecord) -> bool:
        stamp, text = re.fullmatch(r"(\[\d\d:\d\d:\d\d\] )?(.*)", record.getMessage(), re.DOTALL).groups()  # type: ignore[union-attr]
        said = COMMANDS.said_in(self.lang, text, "serve.", decimals=True)
        if said != text:
            record.msg, record.args = (stamp or "") + said, ()
        if record.levelname in LEVELS:
            record.levelname = COMMANDS.say(self.lang, f"serve.level.{record.levelname}")
        return True


LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


if __name__ == "__main__":
    from ..kit.words import league_language

    speak(league_language(Path.cwd()))  # run in the league's folder (site.serve)
    sys.exit(cli())
