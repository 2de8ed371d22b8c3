"""Commands on orders files: validate, preview."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..engine.check import preview as preview_file
from ..engine.check import validate_files
from ..errors import OK, PROBLEMS, LeagueError
from ..kit.orders import say
from ..league.store import find_root
from .values import league_root


def validate(args: argparse.Namespace) -> int:
    files = [Path(f) for f in args.files]
    root = find_root(Path(args.league)) if args.league else None
    if root is None and not any(_in_a_league(f) for f in files) and not _in_a_league(Path.cwd() / "-"):
        raise LeagueError("no league here: neither the files nor the working directory are inside a league (no "
                          "games/ folder above them); run the command inside the league's repository")
    done = validate_files(files, root)
    findings = done.findings
    for f in findings:  # each in its game's language; the summary in the files' one language
        print(f.github() if args.format == "github" else f.text(done.languages.get(f.file, "en")))
    if args.format == "text":
        for file, lines in done.receipts.items():
            print(say(done.languages.get(file, "en"), "understood_as", file=file))
            for line in lines:
                print(f"  {line}")
    errors = sum(f.severity == "error" for f in findings)
    if args.format == "text":
        print(say(done.language(), "summary", files=len(args.files), errors=errors, warnings=len(findings) - errors))
    return PROBLEMS if errors else OK


def _in_a_league(file: Path) -> bool:
    try:
        find_root(file.resolve().parent)
    except LeagueError:
        return False
    return True


def preview(args: argparse.Namespace) -> int:
    text, errors = preview_file(league_root(args), args.game, Path(args.file))
    print(text)
    return PROBLEMS if errors else OK
