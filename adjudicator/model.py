"""The few types shared by the shell and every ruleset.

State, orders and reports are plain data: dicts with string keys, lists, strings, integers, booleans and
``None``. That is what YAML can say exactly, so anything a ruleset returns can be written, read back and
compared byte for byte. No floats: fractions are kept as ``"3/10"`` strings or as integer pairs.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import UnionType
from typing import Any, Literal, NotRequired, TypedDict, Union, cast, get_args, get_origin, get_type_hints, is_typeddict

from .errors import LeagueError

State = dict[str, Any]
# A player's orders: the ``orders:`` value of their sheet, of the shape the ruleset's schema gives it: a mapping
# (most games) or a list of order lines (Diplomacy). A ruleset reads it through its own types (``OrdersOf``).
Orders = dict[str, Any] | list[Any]
Report = dict[str, Any]
Path = tuple[str | int, ...]

# The state keys whose values the rules hide: ``private`` (player -> what that player alone sees) and
# ``secret`` (what nobody sees: the deck's order). ``public_view`` leaves them out; the shell keeps them
# in ``hidden.yaml`` or sealed files.
HIDDEN_KEYS = ("private", "secret")


GITHUB_LOGIN = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}\Z", re.ASCII)
GITHUB_ID_MAX = 2**32 - 1  # GitHub's user ids are near 2.5e8 in 2026: a larger one is a typo, not an account


def account_fault(login: object, github_id: object) -> tuple[str, dict[str, Any]] | None:
    """What is wrong with a GitHub login and numeric id as a seat names them, as the commands' catalog's word for it
    (``account.*``, said in the game's language by the command) and its values; ``None`` if nothing.

    >>> account_fault("bob", 1002), account_fault("bob-", 1002)[0], account_fault("bob", 0)
    (None, 'account.login', ('account.id', {'shown': 0, 'most': 4294967295, 'login': 'bob'}))
    """
    if not isinstance(login, str) or not GITHUB_LOGIN.match(login):
        return "account.login", {"login": repr(login)}
    if type(github_id) is not int or not 1 <= github_id <= GITHUB_ID_MAX:
        shown = github_id if type(github_id) is int and len(str(github_id)) <= 30 else "given"
        return "account.id", {"shown": shown, "most": GITHUB_ID_MAX, "login": login}
    return None


@dataclass(frozen=True)
class Player:
    """A seat in a game, as listed in ``game.yaml``.

    ``key`` names the player's orders file (``orders/<game>/<turn>/<key>.yaml``) and the player's entries in
    state and reports; it is the GitHub login in lower case. ``role`` is what the ruleset asks for at the
    table: a country type in Bretton Woods, a power in Diplomacy; ``None`` where the ruleset deals roles.
    """

    key: str
    name: str
    login: str
    github_id: int
    role: str | None = None


@dataclass(frozen=True)
class Phase:
    """What is open now: a label for people and who is awaited.

    ``awaited`` lists the keys of the players whose orders the phase needs and takes; ``open_to`` those whose
    orders it also takes without waiting for them (standing orders, offers a player may make in any phase).
    Orders of anyone else for this phase are kept in the archive but not taken (the report says so).
    ``finished`` marks a game that is over. ``kind`` names the phase's kind in the rules' words (Diplomacy's
    ``movement``, ``retreat``, ``adjustment``; Calamity's ``reaction``): a game may give a kind a deadline
    period of its own (``schedule: phases:``); empty where the rules have one kind of phase.
    """

    label: str
    awaited: tuple[str, ...]
    finished: bool = False
    open_to: tuple[str, ...] = ()
    kind: str = ""

    def takes(self, key: str) -> bool:
        """Whether orders of ``key`` count in this phase (awaited, or welcome without being waited for)."""
        return key in self.awaited or key in self.open_to


@dataclass(frozen=True)
class GameConfig:
    """Typed access to a game's ``game.yaml``; ``data`` is the mapping as read, written back unchanged.

    >>> cfg = GameConfig({"game": "g1", "ruleset": "diplomacy", "options": {"orders": "sealed"},
    ...                   "dice": {"commitment": "ab", "length": 1000}})
    >>> cfg.ruleset, cfg.title, cfg.sealed_orders, cfg.key, cfg.chain_length
    ('diplomacy', 'g1', True, None, 1000)
    >>> cfg.language, cfg.variant, GameConfig({"language": "Deutsch", "options": {"map": "classic"}}).variant
    (None, None, 'classic')
    """

    data: Mapping[str, Any]

    @property
    def ruleset(self) -> str:
        return str(self.data["ruleset"])

    @property
    def title(self) -> str:
        return str(self.data.get("title") or self.data.get("game", ""))

    @property
    def description(self) -> str:
        """What the game is, in the organiser's words (empty if game.yaml says nothing)."""
        own = self.data.get("description")
        return own if isinstance(own, str) else ""

    @property
    def language(self) -> str | None:
        """The language game.yaml sets for the game's pages (a two-letter code), if it sets one."""
        own = self.data.get("language")
        return own if isinstance(own, str) and re.fullmatch(r"[a-z]{2}", own) else None

    @property
    def options(self) -> Mapping[str, Any]:
        return self.data.get("options") or {}

    @property
    def variant(self) -> str | None:
        """The map the game is played on, where the ruleset has several (``options: map``)."""
        name = self.options.get("map")
        return str(name) if name else None

    @property
    def digest_of(self) -> str | None:
        """What every turn's dice digest binds, fixed at set-up (``dice: digest:``, games made since issue 28):
        ``envelopes``, the sealed orders files as submitted. None in an older game: each turn's report says."""
        found = (self.data.get("dice") or {}).get("digest")
        return str(found) if found else None

    @property
    def sealed_orders(self) -> bool:
        return self.options.get("orders", "open") == "sealed"

    @property
    def players(self) -> list[Mapping[str, Any]]:
        """The seats as written (``key``, ``name``, ``login``, ``id``, maybe ``role``, ``joined``, ``recipient``)."""
        return list(self.data.get("players") or [])

    @property
    def schedule(self) -> Mapping[str, Any] | None:
        return self.data.get("schedule") or None

    @property
    def key(self) -> str | None:
        """The game's age public key, if it has one (``turnpress keys new``)."""
        return self.data.get("key") or None

    @property
    def commitment(self) -> bytes:
        """The end of the public dice chain, fixed at set-up."""
        return bytes.fromhex(self.data["dice"]["commitment"])

    @property
    def chain_length(self) -> int:
        return int(self.data["dice"]["length"])

    @property
    def game_masters(self) -> dict[str, int]:
        """The game masters it names (``game_masters``): login in lower case -> numeric GitHub id; entries of
        another shape are left out (a ruling from them is refused)."""
        out = {}
        for entry in self.data.get("game_masters") or []:
            if isinstance(entry, Mapping) and isinstance(entry.get("login"), str) and isinstance(entry.get("id"), int):
                out[entry["login"].lower()] = entry["id"]
        return out

    @property
    def pinned(self) -> Mapping[str, str] | None:
        """The digests of the rules' data files pinned at the set-up (``data:``, path -> digest); None for a game
        set up before turnpress pinned data, which reads the installed files."""
        found = self.data.get("data")
        return found if isinstance(found, Mapping) else None

    @property
    def hidden_commitment(self) -> bytes | None:
        """The end of the hidden dice chain (``dice: hidden:``), in a game whose rules draw hidden things."""
        found = self.data.get("dice", {}).get("hidden")
        return bytes.fromhex(found) if found else None

    @property
    def public_secret(self) -> bool:
        """True for a demo game, whose dice secret is in the repository on purpose."""
        return bool((self.data.get("dice") or {}).get("public_secret"))


Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Problem:
    """Something wrong (or worth a warning) in a player's orders.

    ``path`` points into the ``orders`` document (``("market", "a", "price")``, ``(3,)`` for the fourth
    order of a list); the shell turns it into a file, line and column. ``hint`` says what to write instead.
    """

    message: str
    path: Path = ()
    hint: str = ""
    severity: Severity = "error"


@dataclass(frozen=True)
class TurnResult:
    """What ``Ruleset.adjudicate`` returns: the new state and a structured report of the turn."""

    state: State
    report: Report
    notes: tuple[str, ...] = field(default_factory=tuple)


def is_plain(value: Any) -> bool:
    """True if ``value`` is plain data the canonical writer accepts (no floats, no custom objects)."""
    if value is None or isinstance(value, bool | int | str):
        return True
    if isinstance(value, Mapping):
        return all(isinstance(k, str) and is_plain(v) for k, v in value.items())
    if isinstance(value, list | tuple):
        return all(is_plain(v) for v in value)
    return False


# --- the report a turn writes (report.yaml) -------------------------------------------------------------------
# The shell's account around the ruleset's own report (``result``): ``turncore.plan`` and ``turncore.compute`` build
# these pieces, ``store.Game.report`` reads them back through ``read_report``.

class Refused(TypedDict):
    """An orders file that did not count, and why (``too late``, ``invalid``, ``not awaited in this phase``,
    ``nothing valid remains``, a sealed file's own reason)."""

    player: str
    why: str
    problems: NotRequired[list[str]]  # an invalid file's errors (in a game with secrets, only that they exist)
    arrived: NotRequired[str]  # a late file's arrival, ISO 8601


class Late(TypedDict):
    """An orders file that arrived after the deadline, within the grace: it counts, and is marked."""

    player: str
    arrived: str
    taken: bool


# An NMR extension a turn gave (``schedule: nmr_extension``): the deadline it moved and the players it waited for.
Extension = TypedDict("Extension", {"from": str, "players": list[str]})
# A deadline moved for dated absences (``schedule: absence``): from when, to when, for whom.
Absence = TypedDict("Absence", {"from": str, "to": str, "players": list[str]})


class OrdersAccount(TypedDict):
    """The report's account of a turn's orders (``orders`` in report.yaml): whose counted, were late, were
    refused, were missing, and the orders the rules gave those who sent none."""

    taken: list[str]
    late: list[Late]
    refused: list[Refused]
    missed: list[str]
    defaults: dict[str, Any]
    dropped: NotRequired[dict[str, list[str]]]  # what the benevolent reading left out of a file, and why
    adjudicated: NotRequired[str]  # when the turn was run, apart from the deadline it was due at (ISO 8601)
    extension: NotRequired[Extension]
    absence: NotRequired[Absence]
    removed: NotRequired[list[str]]  # awaited seats a ruling took out of the game: they played the rules' orders
    early: NotRequired[bool]  # run before its deadline by the game master's ``adjudicate GAME --early``
    # "as read": the sealed orders of a game without hidden parts were published written from what the deadline
    # read (``secrecy.public_part``), not as the player wrote them (issue 28); turns without it published the text
    published: NotRequired[str]
    # the language of the comment that heads each orders file the turn published (``secrecy.head``), where not
    # English: a German game's since issue 31; a turn without it published English heads, and replays so
    heads: NotRequired[str]
    # the language of the stand-in for what the rules found in a game with hidden state ("what the rules found is not
    # published ...", ``turncore.SECRET_PROBLEMS``), where not English: a German game's since issue 31; a turn
    # without it said it in English, and replays so (its files of which nothing valid remained are read again)
    stand_in: NotRequired[str]


class DiceRecord(TypedDict):
    """What anyone needs to draw a turn's dice again (``dice`` in report.yaml), hex-encoded."""

    seed: str
    orders_digest: NotRequired[str]  # every turn's; the set-up's only in a game with a key
    digest: NotRequired[str]  # what orders_digest binds: "envelopes" (sealed files as submitted); none: plaintexts
    public_digest: NotRequired[str]  # sealed orders: the digest of their published parts
    hidden_end: NotRequired[str]  # the last turn of a game with hidden dice: the link every earlier one follows


class TurnReport(TypedDict):
    """A turn's report.yaml. The set-up's (turn 0) has no deadline and no orders."""

    game: str
    turn: int
    label: str
    dice: DiceRecord
    result: dict[str, Any]
    deadline: NotRequired[str | None]
    orders: NotRequired[OrdersAccount]
    notes: NotRequired[list[str]]  # the ruleset's notes to the game master
    ruling: NotRequired[dict[str, Any]]  # the game master's ruling of the turn (``rulings.Ruling.published``)


def account(report: TurnReport) -> OrdersAccount:
    """The report's account of the orders; the set-up's, which has none, is empty."""
    return report.get("orders") or {"taken": [], "late": [], "refused": [], "missed": [], "defaults": {}}


def read_report(data: Mapping[str, Any], where: str) -> TurnReport:
    """``data``, a report.yaml as read, as a ``TurnReport`` once it has that shape: every key the pieces require,
    of the type they name (keys they do not name are kept). A report that lost a key or holds a wrong type is
    named here with the key's path, instead of failing later deep in a replay or a page.

    >>> read_report({"game": "g1", "turn": 0, "label": "Set-up", "dice": {"seed": "ab"}, "result": {}}, "r")["label"]
    'Set-up'
    >>> read_report({"game": "g1", "turn": 2, "label": "Spring 1901", "dice": {"seed": "ab"}, "result": {},
    ...              "orders": {"taken": ["anna"], "late": [{"player": "anna"}], "refused": [], "missed": [],
    ...                         "defaults": {}}}, "turns/0002/report.yaml")
    Traceback (most recent call last):
    ...
    adjudicator.errors.LeagueError: turns/0002/report.yaml: orders.late[0].arrived is missing
    """
    problem = misfit(data, TurnReport)
    if problem is None and data["turn"] > 0:  # only the set-up has no deadline and no orders
        problem = next((Misfit("missing", k) for k in ("deadline", "orders") if k not in data), None)
    if problem is not None:  # said in the command's language: the problem is a word of the commands' catalog too
        raise LeagueError(f"{where}: {problem}", word="report.misfit", where=where,
                          problem=LeagueError(problem, word=f"report.{problem.word}", at=problem.at))
    return cast(TurnReport, data)


class Misfit(str):
    """What does not fit in a report (``misfit``): its English text, and its word in the commands' catalog
    (``report.<word>``, filled with ``at``), so that a German game says it in German."""

    word: str
    at: str

    def __new__(cls, word: str, at: str) -> Misfit:
        said = {"missing": "{at} is missing", "not_mapping": "{at} is not a mapping", "not_list": "{at} is not a list",
                "not_empty": "{at} is not empty", "not_text": "{at} is not a text",
                "not_number": "{at} is not a whole number", "not_bool": "{at} is not true or false",
                "not_kind": "{at} is not of the kind the report names",
                "report_not_mapping": "the report is not a mapping"}[word]
        self = super().__new__(cls, said.format(at=at))
        self.word, self.at = word, at
        return self


def misfit(value: Any, kind: Any, at: str = "") -> Misfit | None:
    """What in ``value`` does not fit the type ``kind`` (plain data, lists, string-keyed dicts, unions and the
    report's TypedDicts), or None if it fits."""
    if kind is Any:
        return None
    if is_typeddict(kind):
        if not isinstance(value, Mapping):
            return Misfit("not_mapping", at) if at else Misfit("report_not_mapping", at)
        hints, optional = _keys(kind)
        missing = sorted(set(hints) - optional - set(value))
        if missing:
            return Misfit("missing", f"{at + '.' if at else ''}{missing[0]}")
        found = (misfit(value[k], hints[k], f"{at + '.' if at else ''}{k}") for k in hints if k in value)
        return next((p for p in found if p is not None), None)
    origin, args = get_origin(kind), get_args(kind)
    if origin in (Union, UnionType):
        return None if any(misfit(value, a, at) is None for a in args) else _not(kind, at)
    if origin is list:
        if not isinstance(value, list):
            return Misfit("not_list", at or "the report")
        return next((p for i, v in enumerate(value) if (p := misfit(v, args[0], f"{at}[{i}]")) is not None), None)
    if origin is dict:
        if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
            return Misfit("not_mapping", at) if at else Misfit("report_not_mapping", at)
        return next((p for k, v in value.items() if (p := misfit(v, args[1], f"{at}.{k}")) is not None), None)
    if kind is type(None):
        return None if value is None else Misfit("not_empty", at or "the report")
    fits = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    return None if fits else _not(kind, at)


@functools.cache
def _keys(kind: Any) -> tuple[dict[str, Any], frozenset[str]]:
    """A TypedDict's keys with their types, and which of them are optional; read once per TypedDict (reading the
    hints was most of the check of a report, which the site makes of every turn: issue 33)."""
    # Read from the hints: with postponed annotations Python 3.11 counts every key as required.
    hints = get_type_hints(kind, include_extras=True)
    optional = frozenset(k for k, v in hints.items() if get_origin(v) is NotRequired)
    return {k: get_args(v)[0] if k in optional else v for k, v in hints.items()}, optional


def _not(kind: Any, at: str) -> Misfit:
    return Misfit({str: "not_text", int: "not_number", bool: "not_bool"}.get(kind, "not_kind"), at or "the report")
