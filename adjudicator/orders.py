"""Reading a player's orders file safely and checking it: envelope, JSON Schema, then the ruleset.

An orders file is ``orders/<game>/<NNNN>/<player>.yaml``::

    game: demo-bw
    turn: 3
    player: alice
    wait: false        # optional: true asks the game master not to adjudicate early
    orders: ...        # what the ruleset's schema describes

Every problem comes back as a ``Finding`` with file, line and column, and a hint what to write instead.
"""

from __future__ import annotations

import copy
import dataclasses
import difflib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import yamlio
from .model import Orders, Problem
from .ruleset import ReadsBenevolently

# ASCII only and to the very end: Python's \d takes Arabic-Indic or full-width digits and $ a trailing newline.
ORDERS_PATH = re.compile(
    r"^orders/(?P<game>[a-z0-9][a-z0-9-]*)/(?P<turn>[0-9]{4})/(?P<player>[a-z0-9][a-z0-9-]*)\.yaml\Z", re.ASCII)
ENVELOPE_KEYS = ("game", "turn", "player", "wait", "orders")


@dataclass(frozen=True)
class Finding:
    """One problem in one file, ready to print."""

    file: str
    line: int
    column: int
    message: str
    hint: str = ""
    severity: str = "error"

    def text(self) -> str:
        """One line, whatever the file's name holds: a line break there must not start a workflow command."""
        hint = f" — {self.hint}" if self.hint else ""
        return visible(f"{self.file}:{self.line}:{self.column}: {self.severity}: {self.message}{hint}")

    def github(self) -> str:
        """A workflow command (``::error file=...::message``), its property and its message escaped as GitHub says."""
        kind = "error" if self.severity == "error" else "warning"
        msg = _command_escape(self.message + (f" — {self.hint}" if self.hint else ""))
        prop = _command_escape(self.file).replace(":", "%3A").replace(",", "%2C")
        return f"::{kind} file={prop},line={self.line},col={self.column}::{msg}"


def _command_escape(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def visible(text: str) -> str:
    """``text`` with every character that is not printable written as an escape (``\\n``, ``\\x1b``).

    >>> visible("alice.yaml\\n::warning::x")
    'alice.yaml\\\\n::warning::x'
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape", "backslashreplace").decode("ascii")
                   for c in text)


@dataclass(frozen=True)
class OrdersPath:
    game: str
    turn: int
    player: str


def parse_path(relpath: str) -> OrdersPath | None:
    """The game, turn and player an orders path names, or ``None`` if it is not an orders path."""
    m = ORDERS_PATH.match(relpath)
    if not m:
        return None
    return OrdersPath(m["game"], int(m["turn"]), m["player"])


def orders_relpath(game: str, turn: int, player: str) -> str:
    return f"orders/{game}/{turn:04d}/{player}.yaml"


@dataclass
class Checked:
    """An orders file read and checked. ``orders`` is ``None`` if it could not be read at all."""

    file: str
    orders: Orders | None
    wait: bool
    findings: list[Finding]

    @property
    def ok(self) -> bool:
        return self.orders is not None and not any(f.severity == "error" for f in self.findings)


def read_envelope(file: str, raw: bytes, expect: OrdersPath) -> tuple[yamlio.Located | None, list[Finding]]:
    """Parse ``raw`` within bounds and check the envelope against what the path says."""
    try:
        loc = yamlio.load(raw)
    except yamlio.YamlInputError as e:
        return None, [Finding(file, e.line, e.column, e.message, e.hint)]
    data = loc.data
    if not isinstance(data, dict):
        return None, [Finding(file, 1, 1, "an orders file is a mapping with game, turn, player and orders",
                              f"start with 'game: {expect.game}'")]
    findings = []
    for key in data:
        if key not in ENVELOPE_KEYS:
            line, col = loc.where((key,), key=True)
            findings.append(Finding(file, line, col, f"unknown key {key!r} at the top of an orders file",
                                    did_you_mean(key, ENVELOPE_KEYS)
                                    + "the top level holds only game, turn, player, wait and orders"))
    wanted = {"game": expect.game, "turn": expect.turn, "player": expect.player}
    for key, value in wanted.items():
        if key not in data:
            findings.append(Finding(file, 1, 1, f"missing {key!r}", f"add '{key}: {value}' at the top"))
        elif data[key] != value or type(data[key]) is not type(value):
            line, col = loc.where((key,))
            findings.append(Finding(
                file, line, col,
                f"{key} is {data[key]!r}, but this file is {file}, which is for {key} {value!r}",
                f"write '{key}: {value}', or move the file to the right place"))
    if "wait" in data and not isinstance(data["wait"], bool):
        line, col = loc.where(("wait",))
        findings.append(Finding(file, line, col, "wait must be true or false", "write 'wait: true' or remove it"))
    if "orders" not in data:
        findings.append(Finding(file, 1, 1, "missing 'orders'", "add 'orders:' with your orders below it"))
    return loc, findings


def schema_findings(file: str, loc: yamlio.Located, schema: dict[str, Any]) -> list[Finding]:
    """Validate ``orders`` against the ruleset's schema; map each error to the line of the value at fault."""
    validator = _validator(json.dumps(schema, sort_keys=True))
    out = []
    orders = loc.data.get("orders")
    for err in sorted(validator.iter_errors(orders), key=lambda e: [str(p) for p in e.absolute_path]):
        # Only the innermost errors of oneOf/anyOf are useful to a person.
        err = _best(err)
        path = ("orders",) + tuple(err.absolute_path)
        if err.validator == "additionalProperties" and isinstance(err.instance, dict):
            out += _unknown_keys(file, loc, path, err)  # every one at once, each at its own line
            continue
        message, hint, key_path = _explain(err)
        if key_path is not None:
            line, col = loc.where(path + (key_path,), key=True)
        else:
            line, col = loc.where(path)
        out.append(Finding(file, line, col, message, hint))
    return sorted(out, key=lambda f: (f.line, f.column))


def schema_problems(schema: dict[str, Any], orders: Any) -> list[Problem]:
    """The schema's errors in ``orders`` as the rules' problems, each with its path into the orders: what the
    deadline's benevolent reading drops (``benevolent.read``) when one order of a file breaks the schema.

    >>> schema = {"type": "array", "items": {"type": "object", "additionalProperties": False,
    ...                                      "properties": {"unit": {}, "move": {}}}}
    >>> [(p.message, p.path) for p in schema_problems(schema, [{"unit": "A Smy", "mvoe": "Arm"}])]
    [("unknown key 'mvoe' in entry 1 (did you mean move?)", (0, 'mvoe'))]
    """
    out = []
    for err in sorted(_validator(json.dumps(schema, sort_keys=True)).iter_errors(orders),
                      key=lambda e: [str(p) for p in e.absolute_path]):
        err = _best(err)
        path = tuple(err.absolute_path)
        if err.validator == "additionalProperties" and isinstance(err.instance, dict):
            allowed = sorted(err.schema.get("properties", {}))
            where = " ".join(f"entry {p + 1}" if isinstance(p, int) else str(p) for p in path) or "orders"
            for key in sorted(str(k) for k in err.instance if k not in allowed):
                guess = did_you_mean(key, allowed).removesuffix(" ")
                out.append(Problem(f"unknown key {key!r} in {where}" + (f" ({guess})" if guess else ""),
                                   (*path, key)))
            continue
        message, hint, _ = _explain(err)
        out.append(Problem(message, path, hint))
    return out


def did_you_mean(word: Any, known: Iterable[str]) -> str:
    """'did you mean production? ' for a key or name close to a known one, else ''.

    >>> did_you_mean("mvoe", ["unit", "move", "support"])
    'did you mean move? '
    """
    close = difflib.get_close_matches(str(word).lower(), list(known), n=1, cutoff=0.6)
    return f"did you mean {close[0]}? " if close else ""


def _unknown_keys(file: str, loc: yamlio.Located, path: tuple[Any, ...], err: Any) -> list[Finding]:
    allowed = sorted(err.schema.get("properties", {}))
    where = " ".join(f"entry {p + 1}" if isinstance(p, int) else str(p) for p in err.absolute_path) or "orders"
    out = []
    for key in sorted((k for k in err.instance if k not in allowed), key=lambda k: loc.where(path + (k,), key=True)):
        line, col = loc.where(path + (key,), key=True)
        hint = did_you_mean(key, allowed) + (f"allowed here: {', '.join(allowed)}" if allowed else "remove it")
        out.append(Finding(file, line, col, f"unknown key {key!r} in {where}", hint))
    return out


@lru_cache(maxsize=64)
def _validator(schema_json: str) -> Any:
    """One validator per distinct schema: a deadline run checks many files against the same few schemas."""
    from jsonschema import Draft202012Validator

    return Draft202012Validator(json.loads(schema_json))


def _best(err: Any) -> Any:
    """The error of the one-of branch that fits the kind of value written: a mapping with a misspelt key is
    judged as a mapping ("unknown key 'mvoe'"), not as the text it is not."""
    from jsonschema.exceptions import best_match

    if not err.context:
        return err
    fitting = [e for e in err.context if not (e.validator == "type" and not e.relative_path)]
    return best_match(fitting or err.context)


def _where(err: Any) -> str:
    return "/".join(str(p) for p in err.absolute_path) or "orders"


def _explain(err: Any) -> tuple[str, str, str | None]:
    """A message, a hint, and the unknown key to point at (if any), for one schema error."""
    v, schema, inst = err.validator, err.schema, err.instance
    desc = schema.get("description", "") if isinstance(schema, dict) else ""
    at = _where(err)
    if v == "additionalProperties":
        allowed = sorted(schema.get("properties", {}))
        extra = sorted(k for k in inst if k not in schema.get("properties", {}))
        return (f"unknown key {extra[0]!r} in {at}",
                f"allowed here: {', '.join(allowed)}" if allowed else "remove it", extra[0])
    if v == "required":
        missing = err.message.split("'")[1] if "'" in err.message else "?"
        sub = schema.get("properties", {}).get(missing, {})
        return f"{at} needs {missing!r}", sub.get("description", f"add '{missing}:'"), None
    if v == "type":
        want = err.validator_value
        want = " or ".join(want) if isinstance(want, list) else want
        if want == "integer" and isinstance(inst, float):
            return f"{at}: {inst!r} is not a whole number", desc or "write a whole number (no decimal point)", None
        return f"{at}: expected {_article(want)}, found {_kind(inst)}", desc or f"write {_article(want)}", None
    if v == "enum":
        return f"{at}: {inst!r} is not allowed", "write one of: " + ", ".join(map(str, err.validator_value)), None
    if v == "const":
        return f"{at}: {inst!r} is not allowed", f"write {err.validator_value!r}", None
    if v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return f"{at}: {inst!r} is out of range ({err.message})", desc or "write a number in range", None
    if v in ("maxLength", "minLength", "maxItems", "minItems", "pattern"):
        return f"{at}: {err.message}", desc or "shorten or correct it", None
    return f"{at}: {err.message}", desc, None


def _article(word: str) -> str:
    return {"integer": "a whole number", "string": "text", "object": "a mapping (key: value lines)",
            "array": "a list (lines starting with '- ')", "boolean": "true or false", "null": "nothing",
            "number": "a number"}.get(word, word)


def _kind(value: Any) -> str:
    return {dict: "a mapping", list: "a list", str: "text", bool: "true/false", int: "a whole number",
            float: "a decimal number", type(None): "nothing"}.get(type(value), type(value).__name__)


def problem_findings(file: str, loc: yamlio.Located, problems: Iterable[Problem]) -> list[Finding]:
    """The ruleset's problems, placed at the line of the value each one names."""
    out = []
    for p in problems:
        line, col = loc.where(("orders",) + tuple(p.path))
        out.append(Finding(file, line, col, p.message, p.hint, p.severity))
    return out


OrderPath = tuple[Any, ...]  # a path into the orders document, as Problem.path


def remove(orders: Orders, path: OrderPath) -> Orders:
    """A copy of ``orders`` without the list item or mapping key at ``path``.

    >>> remove({"bids": [{"order": 1}, {"order": 9}], "site": {}}, ("bids", 1))
    {'bids': [{'order': 1}], 'site': {}}
    """
    out = copy.deepcopy(orders)
    parent: Any = out
    for step in path[:-1]:
        parent = parent[step]
    del parent[path[-1]]
    return out


def entry_path(path: OrderPath) -> OrderPath | None:
    """The one order a problem at ``path`` points into: the list item (``(3,)``, ``("attacks", 2)``) or else the
    section (``("type_change",)``); None for a problem about the whole file.

    >>> entry_path((2, "mvoe")), entry_path(("attacks", 2, "target")), entry_path(("production", "harvest"))
    ((2,), ('attacks', 2), ('production',))
    """
    if not path:
        return None
    if isinstance(path[0], int) or not (len(path) >= 2 and isinstance(path[1], int)):
        return tuple(path[:1])
    return tuple(path[:2])


def path_before(path: OrderPath, removed: Iterable[OrderPath]) -> OrderPath:
    """Where ``path`` of orders cut by ``removed`` (in the order they were removed) points in the orders before.

    >>> path_before((1, "move"), [(1,)]), path_before(("attacks", 0), [("attacks", 1)])
    ((2, 'move'), ('attacks', 0))
    """
    for cut in reversed(list(removed)):
        parent, at = cut[:-1], cut[-1]
        n = len(parent)
        if isinstance(at, int) and len(path) > n and tuple(path[:n]) == parent and isinstance(path[n], int) \
                and path[n] >= at:
            path = (*parent, path[n] + 1, *path[n + 1:])
    return path


def rules_problems_beside_schema(schema: dict[str, Any], ruleset: Any, state: dict, player: str,
                                 orders: Orders) -> list[Problem]:
    """The rules' problems in the orders that do fit the schema, pointing into the whole file: every error at
    once, so that an entry of the wrong shape does not hide a unit ordered into a place that does not exist.
    The entries that break the schema are cut as the deadline cuts them; nothing if no entry of the file is left
    or a fault is the whole file's."""
    removed: list[OrderPath] = []
    for _ in range(500):  # bounded as the deadline's reading is: every cut removes one entry of a bounded file
        faults = schema_problems(schema, orders)
        if not faults:
            break
        entry = entry_path(faults[0].path)
        if entry is None:
            return []
        orders = remove(orders, entry)
        removed.append(entry)
    else:
        return []
    if not orders:
        return []
    return [dataclasses.replace(p, path=path_before(p.path, removed))
            for p in ruleset.check(state, player, orders)]


def check_file(file: str, raw: bytes, expect: OrdersPath, ruleset: Any, state: dict) -> Checked:
    """The whole check of one orders file: envelope, schema, then the ruleset's own checks."""
    loc, findings = read_envelope(file, raw, expect)
    if loc is None:
        return Checked(file, None, False, findings)
    envelope_errors = any(f.severity == "error" for f in findings)
    if "orders" in loc.data:  # every error at once: the orders are checked whatever the envelope's faults
        findings += schema_findings(file, loc, ruleset.order_schema(state, expect.player))
    if any(f.severity == "error" for f in findings):
        # Every error stands (validate and the pull-request check show them); a ruleset that reads benevolently
        # still gets the orders of a well-enveloped file: the deadline drops what breaks the schema, keeps the rest.
        keep = "orders" in loc.data and not envelope_errors and isinstance(ruleset, ReadsBenevolently)
        if keep:
            findings += problem_findings(file, loc, rules_problems_beside_schema(
                ruleset.order_schema(state, expect.player), ruleset, state, expect.player, loc.data["orders"]))
        return Checked(file, loc.data["orders"] if keep else None, bool(loc.data.get("wait", False)) and keep,
                       sorted(findings, key=lambda f: (f.line, f.column)))
    orders = loc.data["orders"]
    findings += problem_findings(file, loc, ruleset.check(state, expect.player, orders))
    findings.sort(key=lambda f: (f.line, f.column))  # in the order of the file's lines, as a player reads it
    return Checked(file, orders, bool(loc.data.get("wait", False)), findings)


def file_finding(file: str, message: str, hint: str = "") -> Finding:
    return Finding(file, 1, 1, message, hint)


def read_limited(path: Path, limit: int = yamlio.ORDERS_MAX_BYTES) -> bytes:
    """Read at most ``limit + 1`` bytes, so a huge file is refused without being read whole."""
    with path.open("rb") as f:
        return f.read(limit + 1)
