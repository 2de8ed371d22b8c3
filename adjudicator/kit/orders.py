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

import dataclasses
import difflib
import json
import marshal
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from .. import yamlio
from ..errors import LeagueError
from ..model import Orders, Problem
from . import drops, wording
from .catalog import CHECK, COMMANDS
from .ruleset import ReadsBenevolently
from .schemasites import Sites, path_key

# ASCII only and to the very end: Python's \d takes Arabic-Indic or full-width digits and $ a trailing newline.
ORDERS_PATH = re.compile(
    r"^orders/(?P<game>[a-z0-9][a-z0-9-]*)/(?P<turn>[0-9]{4})/(?P<player>[a-z0-9][a-z0-9-]*)\.yaml\Z", re.ASCII)
ENVELOPE_KEYS = ("game", "turn", "player", "wait", "orders")
# The checking budget of one file (issue 28): the problems worded for a person (the rest are counted, "and N
# more"), and the readings of a file the benevolent reading makes, each cutting every fault it found.
WORDED = 100
MAX_ROUNDS = 8
MORE_MARK = "\x00more"  # a finding that stands for those not shown; ``worded`` puts it in the game's words


def words_table() -> dict[str, dict[str, str]]:
    """Every language's words of the check (the catalog ``catalog/check.yaml``), for the orders page's data."""
    return CHECK.table()


def say(lang: str, word: str, /, **values: Any) -> str:
    """The check's ``word`` in ``lang`` (English where that language has none), filled with ``values``.

    >>> say("de", "unknown_key", key="'produktion'", where=say("de", "orders"))
    "unbekannter Schlüssel 'produktion' in den Befehlen"
    """
    return CHECK.say(lang, word, **values)


@dataclass(frozen=True)
class Finding:
    """One problem in one file, ready to print."""

    file: str
    line: int
    column: int
    message: str
    hint: str = ""
    severity: str = "error"

    def text(self, lang: str = "en") -> str:
        """One line, whatever the file's name holds: a line break there must not start a workflow command; the
        severity in the game's language ``lang``."""
        hint = f" — {self.hint}" if self.hint else ""
        severity = say(lang, self.severity) if self.severity in ("error", "warning") else self.severity
        return visible(f"{self.file}:{self.line}:{self.column}: {severity}: {self.message}{hint}")

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


def read_envelope(file: str, raw: bytes, expect: OrdersPath,
                  lang: str = "en") -> tuple[yamlio.Located | None, list[Finding]]:
    """Parse ``raw`` within bounds and check the envelope against what the path says."""
    try:
        loc = yamlio.load(raw)
    except yamlio.YamlInputError as e:
        return None, [unreadable(file, e, lang)]
    data = loc.data
    if not isinstance(data, dict):
        return None, [Finding(file, 1, 1, say(lang, "not_a_mapping"), say(lang, "not_a_mapping.hint",
                                                                          game=expect.game))]
    findings = []
    for key in data:
        if key not in ENVELOPE_KEYS:
            line, col = loc.where((key,), key=True)
            findings.append(Finding(file, line, col, say(lang, "top_key", key=repr(key)),
                                    say(lang, "top_key.hint", guess=did_you_mean(key, ENVELOPE_KEYS, lang))))
    wanted = {"game": expect.game, "turn": expect.turn, "player": expect.player}
    for key, value in wanted.items():
        if key not in data:
            findings.append(Finding(file, 1, 1, say(lang, "missing", key=repr(key)),
                                    say(lang, "missing.hint", key=key, value=value)))
        elif data[key] != value or type(data[key]) is not type(value):
            line, col = loc.where((key,))
            findings.append(Finding(file, line, col,
                                    say(lang, "mismatch", key=key, found=repr(data[key]), file=file, value=repr(value)),
                                    say(lang, "mismatch.hint", key=key, value=value)))
    if "wait" in data and not isinstance(data["wait"], bool):
        line, col = loc.where(("wait",))
        findings.append(Finding(file, line, col, say(lang, "wait"), say(lang, "wait.hint")))
    if "orders" not in data:
        findings.append(Finding(file, 1, 1, say(lang, "no_orders"), say(lang, "no_orders.hint")))
    return loc, findings


def unreadable(file: str, e: yamlio.YamlInputError, lang: str) -> Finding:
    """What the YAML reader found in ``file``, in ``lang``: yamlio's own English, else the catalog's words for it
    (``yaml.*``), with libyaml's own words (a context and a problem, English) said in ``lang`` too where the catalog
    knows them (``libyaml.*``) and left out where it does not, so that no English reaches a game in another
    language.

    >>> try:
    ...     yamlio.load(b"orders:\\n  - A Pra - Kar\\n bad: x\\n")
    ... except yamlio.YamlInputError as e:
    ...     print(unreadable("s.yaml", e, "de").message)
    kein gültiges YAML: hier fehlt ein Schlüssel, oder die Zeile ist falsch eingerückt (in einer Zuordnung aus \
Schlüsseln und Werten)
    """
    own = CHECK.table().get(lang, {})
    if lang == "en" or e.word not in own:
        return Finding(file, e.line, e.column, e.message, e.hint)
    values = dict(e.values)
    message = ""
    if e.word == "yaml.invalid":
        context, problem = (CHECK.said_in(lang, str(values.get(k, "")), "libyaml.") for k in ("context", "problem"))
        if problem == values.get("problem") or (context and context == values.get("context")):
            message = say(lang, "yaml.invalid_here")  # libyaml's words that the catalog does not know: not said
        else:
            values["what"] = say(lang, "yaml.invalid.what", problem=problem, context=context) if context else problem
    return Finding(file, e.line, e.column, message or say(lang, e.word, **values),
                   say(lang, e.word + ".hint", **values))


Fail = Callable[..., LeagueError]


def league_file(file: str, raw: bytes, keys: tuple[str, ...], kind: str,
                lang: str) -> tuple[yamlio.LeagueFile, Fail]:
    """A small league file a person writes (``kind``: 'ruling', 'absence'), read and bounded as
    ``yamlio.read_league_file`` reads it, and its ``fail``: ``fail(word, where, **values)`` is the ``LeagueError``
    naming the file, the line and column of ``where``, the commands' catalog's ``word`` and its ``word.hint`` (what
    to write instead) in ``lang``, the language of the game the file belongs to.

    >>> _, fail = league_file("rulings/g/0002.yaml", b"game: g\\n", ("game", "turn"), "ruling", "de")
    >>> str(fail("ruling.reason", ("game",), most=9))
    "rulings/g/0002.yaml:1:7: eine Entscheidung braucht ihren Grund in Worten — Schreiben Sie 'reason: ...', \
höchstens 9 Zeichen: er wird mit dem Zug veröffentlicht"
    """
    try:
        located = yamlio.load(raw)
    except yamlio.YamlInputError as e:
        found = unreadable(file, e, lang)
        raise LeagueError(f"{file}:{found.line}:{found.column}: {found.message}"
                          + (f" — {found.hint}" if found.hint else "")) from None
    if not isinstance(located.data, dict):
        raise LeagueError(f"{file}:1:1: {COMMANDS.say(lang, f'{kind}.shape')}")
    read = yamlio.LeagueFile(file, located)

    def fail(word: str, where: yamlio.Path = (), /, **values: Any) -> LeagueError:
        hint = f"{word}.hint"
        return read.fail(COMMANDS.say(lang, word, **values), where,
                         COMMANDS.say(lang, hint, **values) if hint in COMMANDS.table()["en"] else "")

    unknown = [k for k in located.data if k not in keys]
    if unknown:
        raise fail(f"{kind}.unknown_key", (unknown[0],), key=repr(unknown[0]), keys=", ".join(keys))
    return read, fail


def schema_findings(file: str, loc: yamlio.Located, schema: dict[str, Any], lang: str = "en") -> list[Finding]:
    """Validate ``orders`` against the ruleset's schema; map each error to the line of the value at fault.

    The places at fault are all found (``schemasites``), in one pass; those beyond the first ``WORDED`` problems
    are counted in one last finding ("and N more"), not worded."""
    sites = _sites_of(schema)
    out: list[Finding] = []
    more = 0
    for site in sites.find(loc.data.get("orders")):
        if len(out) >= WORDED:
            more += sites.at_fault(site)
            continue
        for err in sorted(sites.errors(site), key=lambda e: path_key(e.absolute_path)):
            # Only the innermost errors of oneOf/anyOf are useful to a person.
            err = _best(err)
            path = ("orders",) + tuple(err.absolute_path)
            if err.validator == "additionalProperties" and isinstance(err.instance, dict):
                out += _unknown_keys(file, loc, path, err, lang)  # every one at once, each at its own line
                continue
            message, hint, key_path = _explain(err, lang)
            if key_path is not None:
                line, col = loc.where(path + (key_path,), key=True)
            else:
                line, col = loc.where(path)
            out.append(Finding(file, line, col, message, hint))
    return capped(file, sorted(out, key=lambda f: (f.line, f.column)), lang, more)


def capped(file: str, findings: list[Finding], lang: str, more: int = 0) -> list[Finding]:
    """The first ``WORDED`` of ``findings`` (in the order given) and one that counts the rest and ``more``: a
    file of thousands of faults is shown as a person reads it, the first ones first."""
    extra = [f for f in findings if f.message == MORE_MARK]
    findings = [f for f in findings if f.message != MORE_MARK]
    more += sum(int(f.hint) for f in extra) + max(0, len(findings) - WORDED)
    if not more:
        return findings
    shown = findings[:WORDED]
    line = shown[-1].line if shown else 1
    return [*shown, Finding(file, line, 1, MORE_MARK, str(more))]


def worded(findings: list[Finding], lang: str) -> list[Finding]:
    """``findings`` with the count of those not shown in words (``capped``)."""
    return [dataclasses.replace(f, message=say(lang, "more", n=int(f.hint)), hint=say(lang, "more.hint"))
            if f.message == MORE_MARK else f for f in findings]


def schema_problems(schema: dict[str, Any], orders: Any, lang: str = "en", limit: int | None = None) -> list[Problem]:
    """The schema's errors in ``orders`` as the rules' problems, each with its path into the orders: what the
    deadline's benevolent reading drops (``benevolent.read``) when one order of a file breaks the schema.

    Every place at fault is found once; beyond the first ``limit`` problems (``WORDED``) a place is not worded:
    its problem has an empty message and only its path (what the benevolent reading cuts).

    >>> schema = {"type": "array", "items": {"type": "object", "additionalProperties": False,
    ...                                      "properties": {"unit": {}, "move": {}}}}
    >>> [(p.message, p.path) for p in schema_problems(schema, [{"unit": "A Smy", "mvoe": "Arm"}])]
    [("unknown key 'mvoe' in entry 1 (did you mean move?)", (0, 'mvoe'))]
    """
    limit = WORDED if limit is None else limit
    sites = _sites_of(schema)
    out: list[Problem] = []
    for site in sites.find(orders):
        if len(out) >= limit:
            if sites.at_fault(site):
                out.append(Problem("", site.path))
            continue
        for err in sorted(sites.errors(site), key=lambda e: path_key(e.absolute_path)):
            err = _best(err)
            path = tuple(err.absolute_path)
            if err.validator == "additionalProperties" and isinstance(err.instance, dict):
                allowed = sorted(err.schema.get("properties", {}))
                where = _in_where(path, lang)
                for key in sorted(str(k) for k in err.instance if k not in allowed):
                    guess = did_you_mean(key, allowed, lang).removesuffix(" ")
                    out.append(Problem(say(lang, "unknown_key", key=repr(key), where=where)
                                       + (f" ({guess})" if guess else ""), (*path, key),
                                       quoted_line(err.instance, lang)))
                continue
            message, hint, _ = _explain(err, lang)
            out.append(Problem(message, path, hint))
    return out


def did_you_mean(word: Any, known: Iterable[str], lang: str = "en") -> str:
    """'did you mean production? ' for a key or name close to a known one, else ''.

    >>> did_you_mean("mvoe", ["unit", "move", "support"]), did_you_mean("produktion", ["production"], "de")
    ('did you mean move? ', 'meinten Sie production? ')
    """
    close = difflib.get_close_matches(str(word).lower(), list(known), n=1, cutoff=0.6)
    return say(lang, "did_you_mean", word=close[0]) if close else ""


def _in_where(path: Iterable[Any], lang: str) -> str:
    """Where an unknown key stands: 'orders', 'entry 2', 'market e' (German: 'den Befehlen', 'Eintrag 2')."""
    return (" ".join(say(lang, "entry", n=p + 1) if isinstance(p, int) else str(p) for p in path)
            or say(lang, "orders"))


def quoted_line(entry: Any, lang: str = "en") -> str:
    """The hint for a list entry that was meant as one text line but has a colon, so YAML read a mapping of one
    key and a plain value (``- Aufwiegeln F Lin: 5``, as a rules page may write points); else ''.

    >>> quoted_line({"Aufwiegeln F Lin": 5})
    'a line with a colon is read by YAML as a key and its value; put the whole line in quotes: - "Aufwiegeln F Lin: 5"'
    """
    if not isinstance(entry, dict) or len(entry) != 1:
        return ""
    (key, value), = entry.items()
    if not isinstance(key, str) or " " not in key.strip() or isinstance(value, (dict, list)):
        return ""
    return say(lang, "quote_line", line=f"{key}: {'' if value is None else value}".strip())


def _unknown_keys(file: str, loc: yamlio.Located, path: tuple[Any, ...], err: Any, lang: str) -> list[Finding]:
    allowed = sorted(err.schema.get("properties", {}))
    where = _in_where(err.absolute_path, lang)
    out = []
    for key in sorted((k for k in err.instance if k not in allowed), key=lambda k: loc.where(path + (k,), key=True)):
        line, col = loc.where(path + (key,), key=True)
        hint = quoted_line(err.instance, lang) or (
            did_you_mean(key, allowed, lang) + (say(lang, "allowed", keys=", ".join(allowed)) if allowed
                                                else say(lang, "remove_it")))
        out.append(Finding(file, line, col, say(lang, "unknown_key", key=repr(key), where=where), hint))
    return out


def _sites_of(schema: dict[str, Any]) -> Sites:
    """The validators of ``schema``, made once per distinct schema: a deadline run or a ``verify`` checks many files
    against the same few schemas, each a new mapping from the ruleset. The key is the schema's ``marshal`` form
    (version 2: no back-references, so equal data gives equal bytes, and True, 1 and 1.0 stay apart), nine times
    quicker than its sorted JSON (issue 33: ``verify`` of 100 turns of 20 countries wrote a 14.5 kB schema as JSON
    2,000 times, about 1 s); what ``marshal`` cannot write goes by its JSON as before."""
    try:
        key = marshal.dumps(schema, 2)
    except ValueError:
        return _sites(json.dumps(schema, sort_keys=True))
    return _sites_marshalled(key)


@lru_cache(maxsize=64)
def _sites_marshalled(key: bytes) -> Sites:
    return _sites(json.dumps(marshal.loads(key), sort_keys=True))


@lru_cache(maxsize=64)
def _sites(schema_json: str) -> Sites:
    """One set of validators per distinct schema (read from its JSON, as a file's schema would be)."""
    return Sites(json.loads(schema_json))


def _best(err: Any) -> Any:
    """The error of the one-of branch that fits the kind of value written: a mapping with a misspelt key is
    judged as a mapping ("unknown key 'mvoe'"), not as the text it is not."""
    from jsonschema.exceptions import best_match

    if not err.context:
        return err
    fitting = [e for e in err.context if not (e.validator == "type" and not e.relative_path)]
    return best_match(fitting or err.context)


def _where(err: Any, lang: str) -> str:
    return "/".join(str(p) for p in err.absolute_path) or say(lang, "at_orders")


def _detail(err: Any, lang: str) -> str:
    """What the schema's check says of a range, a length or a pattern: the library's English, or the words of
    ``lang`` for it."""
    text = CHECK.table().get(lang, {}).get(err.validator)
    if text is None:
        return str(err.message)
    return wording.fill(text, {"value": repr(err.instance), "limit": err.validator_value}, lang)


def _explain(err: Any, lang: str = "en") -> tuple[str, str, str | None]:
    """A message, a hint, and the unknown key to point at (if any), for one schema error."""
    v, schema, inst = err.validator, err.schema, err.instance
    desc = schema.get("description", "") if isinstance(schema, dict) else ""
    at = _where(err, lang)
    if v == "additionalProperties":
        allowed = sorted(schema.get("properties", {}))
        extra = sorted(k for k in inst if k not in schema.get("properties", {}))
        return (say(lang, "unknown_key", key=repr(extra[0]), where=at),
                say(lang, "allowed", keys=", ".join(allowed)) if allowed else say(lang, "remove_it"), extra[0])
    if v == "required":
        missing = err.message.split("'")[1] if "'" in err.message else "?"
        sub = schema.get("properties", {}).get(missing, {})
        return say(lang, "needs", at=at, key=repr(missing)), sub.get("description", say(lang, "needs.hint",
                                                                                        key=missing)), None
    if v == "type":
        want = err.validator_value
        want = say(lang, "or").join(want) if isinstance(want, list) else _article(want, lang)
        if err.validator_value == "integer" and isinstance(inst, float):
            return say(lang, "not_whole", at=at, value=repr(inst)), desc or say(lang, "not_whole.hint"), None
        return (say(lang, "expected", at=at, want=want, found=_kind(inst, lang)),
                desc or say(lang, "write", what=want), None)
    if v == "enum":
        return (say(lang, "not_allowed", at=at, value=repr(inst)),
                say(lang, "one_of", values=", ".join(map(str, err.validator_value))), None)
    if v == "const":
        return (say(lang, "not_allowed", at=at, value=repr(inst)), say(lang, "write", what=repr(err.validator_value)),
                None)
    if v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return (say(lang, "out_of_range", at=at, value=repr(inst), why=_detail(err, lang)),
                desc or say(lang, "in_range"), None)
    if v in ("maxLength", "minLength", "maxItems", "minItems", "pattern"):
        return f"{at}: {_detail(err, lang)}", desc or say(lang, "shorten"), None
    return f"{at}: {err.message}", desc, None


def _article(word: str, lang: str) -> str:
    return (say(lang, word) if word in ("integer", "string", "object", "array", "boolean", "null", "number")
            else word)


def _kind(value: Any, lang: str) -> str:
    kind = {dict: "object", list: "array", str: "string", bool: "boolean", int: "integer", float: "number",
            type(None): "null"}.get(type(value))
    return say(lang, f"kind.{kind}") if kind else type(value).__name__


def problem_findings(file: str, loc: yamlio.Located, problems: Iterable[Problem]) -> list[Finding]:
    """The ruleset's problems, placed at the line of the value each one names."""
    out = []
    for p in problems:
        line, col = loc.where(("orders",) + tuple(p.path))
        out.append(Finding(file, line, col, p.message, p.hint, p.severity))
    return out


OrderPath = tuple[Any, ...]  # a path into the orders document, as Problem.path


def remove(orders: Orders, path: OrderPath) -> Orders:
    """A copy of ``orders`` without the list item or mapping key at ``path`` (``drops.remove``).

    >>> remove({"bids": [{"order": 1}, {"order": 9}], "site": {}}, ("bids", 1))
    {'bids': [{'order': 1}], 'site': {}}
    """
    return drops.remove(orders, path)


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


def rules_problems_beside_schema(schema: dict[str, Any], ruleset: Any, state: dict, player: str,
                                 orders: Orders, lang: str = "en") -> list[Problem]:
    """The rules' problems in the orders that do fit the schema, pointing into the whole file: every error at
    once, so that an entry of the wrong shape does not hide a unit ordered into a place that does not exist.
    What breaks the schema is cut as the deadline cuts it (the ruleset's ``drop``: Calamity plays the lowest
    card for a card out of range), every fault a reading finds at once (``drops.cut_all``); nothing if no order
    of the file is left or a fault is the whole file's. At most ``MAX_ROUNDS`` readings: each one's cuts leave
    the next only what they could not place."""
    moved = drops.PathMap()
    for _ in range(MAX_ROUNDS):
        faults = schema_problems(schema, orders, lang, limit=0)  # only where: nothing here is shown in words
        if not faults:
            break
        try:
            done = drops.cut_all(lambda o, p: ruleset.drop(state, o, p), orders, faults)
        except (KeyError, IndexError, TypeError, ValueError):  # a cut the rules cannot make: nothing to check
            return []
        if done is None:
            return []
        moved.add(done.removed)
        orders = done.orders
    else:
        return []
    if not orders:
        return []
    return [dataclasses.replace(p, path=moved.before(tuple(p.path))) for p in ruleset.check(state, player, orders)]


def check_file(file: str, raw: bytes, expect: OrdersPath, ruleset: Any, state: dict, lang: str = "en") -> Checked:
    """The whole check of one orders file: envelope, schema, then the ruleset's own checks; what the envelope's
    and the schema's checks say is in ``lang``, the game's language (the rules speak their own)."""
    loc, findings = read_envelope(file, raw, expect, lang)
    if loc is None:
        return Checked(file, None, False, findings)
    envelope_errors = any(f.severity == "error" for f in findings)
    if "orders" in loc.data:  # every error at once: the orders are checked whatever the envelope's faults
        findings += schema_findings(file, loc, ruleset.order_schema(state, expect.player), lang)
    if any(f.severity == "error" for f in findings):
        # Every error stands (validate and the pull-request check show them); a ruleset that reads benevolently
        # still gets the orders of a well-enveloped file: the deadline drops what breaks the schema, keeps the rest.
        keep = "orders" in loc.data and not envelope_errors and isinstance(ruleset, ReadsBenevolently)
        if keep:
            findings += problem_findings(file, loc, rules_problems_beside_schema(
                ruleset.order_schema(state, expect.player), ruleset, state, expect.player, loc.data["orders"], lang))
        return Checked(file, loc.data["orders"] if keep else None, bool(loc.data.get("wait", False)) and keep,
                       worded(capped(file, sorted(findings, key=lambda f: (f.line, f.column)), lang), lang))
    orders = loc.data["orders"]
    findings += problem_findings(file, loc, ruleset.check(state, expect.player, orders))
    findings.sort(key=lambda f: (f.line, f.column))  # in the order of the file's lines, as a player reads it
    return Checked(file, orders, bool(loc.data.get("wait", False)), worded(capped(file, findings, lang), lang))


def file_finding(file: str, message: str, hint: str = "") -> Finding:
    return Finding(file, 1, 1, message, hint)


def read_limited(path: Path, limit: int = yamlio.ORDERS_MAX_BYTES) -> bytes:
    """Read at most ``limit + 1`` bytes, so a huge file is refused without being read whole."""
    if path.is_dir():  # a folder named like a file (a hand-made mistake): say what it is, not "Is a directory"
        raise LeagueError(f"{path} is a folder where a file belongs: remove it ('git rm -r' it, or move what it "
                          "holds elsewhere)", word="orders.folder", path=path)
    with path.open("rb") as f:
        return f.read(limit + 1)
