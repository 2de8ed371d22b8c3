"""Commands on orders files: validate, preview."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..check import preview as preview_file
from ..check import validate_files
from ..errors import OK, PROBLEMS
from .values import league_root


def validate(args: argparse.Namespace) -> int:
    findings, receipts = validate_files([Path(f) for f in args.files], Path(args.league) if args.league else None)
    for f in findings:
        print(f.github() if args.format == "github" else f.text())
    if args.format == "text":
        for file, lines in receipts.items():
            print(f"{file}: understood as:")
            for line in lines:
                print(f"  {line}")
    errors = sum(f.severity == "error" for f in findings)
    if args.format == "text":
        print(f"{len(args.files)} file(s), {errors} error(s), {len(findings) - errors} warning(s)")
    return PROBLEMS if errors else OK


def preview(args: argparse.Namespace) -> int:
    text, errors = preview_file(league_root(args), args.game, Path(args.file))
    print(text)
    return PROBLEMS if errors else OK
