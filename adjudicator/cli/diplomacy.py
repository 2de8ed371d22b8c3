"""``turnpress diplomacy resolve [FILE]``: one Diplomacy phase, position and orders in, JSON out.

The command line of ``rulesets/diplomacy/position.py`` (issue 31: the ruleset holds the rules, the one parser tree
holds the commands). The DATC runner is a test harness of the checkout: ``python -m tools.datc FILE``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .. import yamlio
from ..errors import OK, USAGE
from ..rulesets.diplomacy.notation import OrderError
from ..rulesets.diplomacy.position import PositionError, resolve_position


def diplomacy(args: argparse.Namespace) -> int:  # pragma: no cover - argparse requires an action
    return OK


def _read_input(path: str | None) -> Any:
    text = Path(path).read_text(encoding="utf-8") if path and path != "-" else sys.stdin.read()
    if text.lstrip().startswith(("{", "[")):
        return json.loads(text)
    return yamlio.load(text, max_bytes=4 * 1024 * 1024).data


def resolve(args: argparse.Namespace) -> int:
    try:
        data = _read_input(args.file)
        print(json.dumps(resolve_position(data), indent=2, ensure_ascii=False))
    except (PositionError, OrderError, yamlio.YamlInputError, json.JSONDecodeError, OSError, KeyError,
            ValueError, TypeError) as e:
        print(f"error: {getattr(e, 'message', None) or e}", file=sys.stderr)
        return USAGE
    return OK
