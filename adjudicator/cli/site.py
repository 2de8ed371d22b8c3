"""``turnpress site build`` and ``turnpress site serve``."""

from __future__ import annotations

import argparse
import errno
import os
import socket
import sys
import tempfile
import time
from pathlib import Path

from ..errors import OK, PROBLEMS, LeagueError
from ..kit.catalog import COMMANDS
from ..kit.wording import decimal
from ..kit.words import league_language
from ..newsletter import site as sitemod
from .values import league_root, out_unwritable


def site(args: argparse.Namespace) -> int:  # pragma: no cover - argparse requires an action
    return OK


def build(args: argparse.Namespace) -> int:
    root = league_root(args)
    lang = league_language(root)  # the site is the league's: its language
    start = time.monotonic()
    if args.pages_only:
        games, written = sitemod.generate(root, issues_as_committed=args.issues_as_committed)
        print(COMMANDS.say(lang, "site.wrote", n=written, games=games, config=sitemod.CONFIG))
        return OK
    if args.out:
        _writable(Path(args.out))
    try:
        target = sitemod.build(root, Path(args.out) if args.out else None, issues_as_committed=args.issues_as_committed)
    except sitemod.SiteError as e:
        print(f"turnpress site build: {COMMANDS.told(lang, e)}", file=sys.stderr)
        return PROBLEMS
    shown = os.path.relpath(target)
    shown = str(target) if shown.startswith("..") else shown
    print(COMMANDS.say(lang, "site.built", folder=shown, seconds=decimal(lang, f"{time.monotonic() - start:.1f}")))
    print(COMMANDS.say(lang, "site.open", folder=shown))
    return OK


def _writable(out: Path) -> None:
    """Refuse ``--out`` that cannot be written before the pages are made and mkdocs dies there with a traceback
    (a file where the folder belongs, a folder this user may not write), and a folder that holds files no site build
    made: mkdocs empties the folder it builds into (all but its hidden files), so ``--out games`` or ``--out ~``
    deleted a league's games or a home folder. A folder a build made before holds mkdocs' ``sitemap.xml``."""
    if out.is_dir() and not (out / "sitemap.xml").is_file() and any(
            not entry.name.startswith(".") for entry in out.iterdir()):
        raise LeagueError(f"--out {out}: the folder holds files that no site build made, and building there would "
                          "delete them; name an empty folder or one a site build made before", word="out.not_a_site",
                          path=out)
    try:
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=out):
            pass
    except OSError as e:
        raise out_unwritable(out, e) from None


def serve(args: argparse.Namespace) -> int:
    root = league_root(args)
    _free(args.addr, league_language(root))
    sitemod.generate(root)
    print(COMMANDS.say(league_language(root), "site.serving", addr=args.addr), flush=True)
    try:
        return sitemod.serve(root, args.addr)
    except KeyboardInterrupt:  # Ctrl-C, as the line above says: the way to stop it, not a fault (mkdocs got it too)
        return OK


def _free(addr: str, lang: str = "en") -> None:
    """Refuse an address something already serves on before mkdocs tries it (and dies with a traceback)."""
    host, _, port = addr.rpartition(":")
    if not port.isascii() or not port.isdigit() or not 1 <= int(port) <= 65535:
        raise LeagueError(COMMANDS.say(lang, "site.addr", addr=repr(addr)))
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        try:
            probe.bind((host.strip("[]") or "127.0.0.1", int(port)))
        except (OSError, ValueError) as e:  # ValueError: a host name with a NUL byte, which no socket takes
            why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            # the system's words for the usual causes are English: the catalog says those (its English is theirs)
            key = {errno.EADDRINUSE: "site.taken_in_use", errno.EADDRNOTAVAIL: "site.taken_not_here",
                   errno.EACCES: "site.taken_denied"}.get(getattr(e, "errno", None) or 0, "site.taken")
            raise LeagueError(COMMANDS.say(lang, key, addr=addr, why=why,
                                           other=f"127.0.0.1:{int(port) % 65535 + 1}")) from None
