"""``mkdocs serve`` as ``turnpress site serve`` runs it, with one repair: a path holding a NUL byte (``/a%00b``)
is not found (404) instead of a server error (500, with mkdocs' traceback in the log): ``open`` refuses such a
name with ``ValueError``, which mkdocs' dev server does not expect (issue 28, item 6)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from typing import Any

from mkdocs import livereload
from mkdocs.__main__ import cli

_original = livereload.LiveReloadServer._serve_request


def _serve_request(self: livereload.LiveReloadServer, environ: dict[str, Any],
                   start_response: Callable[..., Any]) -> Iterable[bytes] | None:
    if "\0" in environ.get("PATH_INFO", ""):
        return None  # no file has such a name: mkdocs answers 404
    return _original(self, environ, start_response)


livereload.LiveReloadServer._serve_request = _serve_request  # type: ignore[method-assign]

if __name__ == "__main__":
    sys.exit(cli())
