"""``turnpress site build`` and ``turnpress site serve``."""

from __future__ import annotations

import argparse
import os
import socket
import sys
import time
from pathlib import Path

from ..errors import OK, PROBLEMS, LeagueError
from ..newsletter import site as sitemod
from .values import league_root


def site(args: argparse.Namespace) -> int:  # pragma: no cover - argparse requires an action
    return OK


def build(args: argparse.Namespace) -> int:
    root = league_root(args)
    start = time.monotonic()
    if args.pages_only:
        games, written = sitemod.generate(root, issues_as_committed=args.issues_as_committed)
        print(f"Wrote {written} changed file(s) for {games} game(s) into site/ and {sitemod.CONFIG}.")
        return OK
    try:
        target = sitemod.build(root, Path(args.out) if args.out else None, issues_as_committed=args.issues_as_committed)
    except sitemod.SiteError as e:
        print(f"turnpress site build: {e}", file=sys.stderr)
        return PROBLEMS
    shown = os.path.relpath(target)
    shown = str(target) if shown.startswith("..") else shown
    print(f"Built the site into {shown}/ in {time.monotonic() - start:.1f} s.")
    print(f"Open it: 'turnpress site serve' and visit http://127.0.0.1:8000/, or "
          f"'python3 -m http.server -d {shown} 8000' (pages and search need a server).")
    return OK


def serve(args: argparse.Namespace) -> int:
    root = league_root(args)
    _free(args.addr)
    sitemod.generate(root)
    print(f"Serving the league's site on http://{args.addr}/ (Ctrl-C stops it).", flush=True)
    return sitemod.serve(root, args.addr)


def _free(addr: str) -> None:
    """Refuse an address something already serves on before mkdocs tries it (and dies with a traceback)."""
    host, _, port = addr.rpartition(":")
    if not port.isascii() or not port.isdigit() or not 1 <= int(port) <= 65535:
        raise LeagueError(f"--addr {addr!r}: write HOST:PORT with a port from 1 to 65535, like 127.0.0.1:8000")
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        try:
            probe.bind((host.strip("[]") or "127.0.0.1", int(port)))
        except (OSError, ValueError) as e:  # ValueError: a host name with a NUL byte, which no socket takes
            why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            raise LeagueError(f"cannot serve on {addr}: {why}; stop what runs there or choose another "
                              f"address, like --addr 127.0.0.1:{int(port) % 65535 + 1}") from None
