"""The ruleset protocol and the registry of installed rulesets.

A ruleset is two objects with two protocols (issue 31). Its **rules** (``Rules``) are pure: they read no files, no
clock, no environment and no git, and never mutate their input; given the state, the orders of every player and
a dice stream, they return the new state and a report; the turn and ``verify`` run them. Its **presentation**
(``Presentation``) is what the pages, the order sheets and the orders page read: the issue page, the sheet, the
form, the map, the standings; the rules never read it. The shell (``store``, ``turn``, ``check``, ``cli``) does
everything else.

A built-in ruleset's package has the two in ``rules.py`` and ``presentation.py`` and registers, as ``RULESET``,
the one object the shell loads by name: a class that is both (``class Tally(TallyRules, TallyPresentation)``),
so ``isinstance(RULESET, Joins)`` and every capability check see its parts (``Ruleset``). Rulesets register
under the entry-point group ``turnpress.rulesets``; the built-in ones are registered the same way in
``pyproject.toml``.
"""

from __future__ import annotations

import copy
import datetime as dt
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import import_module, util
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeVar, cast, runtime_checkable

from ..errors import RulesetError as RulesetError  # rulesets raise it from here
from ..model import HIDDEN_KEYS, Orders, Phase, Player, Problem, State, TurnResult
from .gamedata import GameData

if TYPE_CHECKING:
    from ..dice import Dice

GROUP = "turnpress.rulesets"
S = TypeVar("S")
T = TypeVar("T")


@runtime_checkable
class Rules(Protocol):
    """The rules of a game: pure and deterministic, what a turn and ``verify`` run. Optional rules are the
    protocols of ``RULES_CAPABILITIES`` (``Joins``, ``ReadsBenevolently``, ...)."""

    name: str
    title: str

    def setup(self, options: Mapping[str, Any], players: Sequence[Player], dice: Dice) -> State:
        """The state at turn 0. Raises ``RulesetError`` for options or players the game cannot start with."""

    def phase(self, state: State) -> Phase:
        """The phase that is open in ``state``."""

    def order_schema(self, state: State, player: str) -> dict[str, Any]:
        """JSON Schema (Draft 2020-12) of the ``orders`` value of ``player``'s orders file."""

    def check(self, state: State, player: str, orders: Orders) -> list[Problem]:
        """What a schema cannot say: budgets, adjacency, names. Warnings for what will be cut."""

    def default_orders(self, state: State, player: str, previous: Orders | None) -> Orders:
        """The game's NMR policy: what a player without orders does. ``previous`` is their last orders."""

    def adjudicate(self, state: State, orders: Mapping[str, Orders], dice: Dice) -> TurnResult:
        """Run the open phase. ``orders`` has an entry for every awaited player (defaults filled in)."""

    def public_view(self, state: State) -> State:
        """What everybody may see of ``state``; this is what ``state.yaml`` holds."""

    def private_view(self, state: State, player: str) -> State:
        """What ``player`` alone may see."""


@runtime_checkable
class Presentation(Protocol):
    """What a game shows its readers: the issue page of a turn, and where it has them the parts of
    ``PRESENTATION_CAPABILITIES`` (the order sheet, the receipt, the orders page's form, the map, the standings,
    the charts). Pages, sheets and the orders page read it; the rules never do. It reads the state through the
    rules' own functions, never the other way round."""

    def newsletter(self, state: State, report: Mapping[str, Any], players: Sequence[Player]) -> str:
        """The body of a turn's issue in the game's own format (Markdown, inline SVG allowed)."""


@runtime_checkable
class Ruleset(Rules, Protocol):
    """The one object the shell loads by name (``RULESET``): a game's ``Rules``, and its ``Presentation``'s parts
    where it has them (a built-in ruleset's class is both). The engine reads it as ``Rules``, the pages as a
    ``Presentation``."""


class StateOf(Generic[S]):
    """The engine's state as a ruleset's rules read it, and back: ``typed = StateOf[TallyState]()``.

    The engine keeps every game's state as plain data (``model.State``, ``dict[str, Any]``), and a game's state
    was written by its own ruleset's ``setup``, ``join`` and ``adjudicate`` (and replayed from their files), so
    it has the shape the ruleset's ``state.py`` describes: it is cast once, at the boundary of the ruleset's
    objects, rather than checked again on every read; ``plain`` hands it back to the engine.

    >>> typed = StateOf[dict[str, int]]()
    >>> typed({"round": 1})
    {'round': 1}
    """

    def __call__(self, state: State) -> S:
        return cast(S, state)

    def plain(self, state: S) -> State:
        return cast(State, state)


class OrdersOf(Generic[T]):
    """A player's orders (``model.Orders``: a mapping or a list) as a ruleset's rules read them:
    ``orders_of = OrdersOf[TallyOrders]()``. A game's orders reach its rules past its own schema (``check`` runs
    after it, the deadline drops what it refuses) or as its own ``default_orders`` wrote them, so they have the
    shape the ruleset's ``orders.py`` describes: cast once, at the boundary of the ruleset's objects, like the state
    (``StateOf``).

    >>> orders_of = OrdersOf[dict[str, int]]()
    >>> orders_of({"add": 2})
    {'add': 2}
    """

    def __call__(self, orders: Orders) -> T:
        return cast(T, orders)

    def each(self, orders: Mapping[str, Orders]) -> Mapping[str, T]:
        """Every player's orders of a turn, as ``adjudicate`` is handed them."""
        return cast(Mapping[str, T], orders)

    def plain(self, orders: T) -> Orders:
        """The ruleset's orders as the engine keeps them (``default_orders``' answer, ``benevolent``'s edits)."""
        return cast(Orders, orders)


class HiddenStateViews:
    """A base for rulesets: ``public_view`` and ``private_view`` from one declared set of hidden state keys.

    ``hidden_keys`` names the state keys the rules hide (``model.HIDDEN_KEYS``: ``private``, each player's
    own, and ``secret``, nobody's); the shell keeps them in ``hidden.yaml`` or sealed files. A player's view is
    the public one with their own entry of ``private``, in the state's own shape. Both are copies.

    >>> class Cards(HiddenStateViews):
    ...     pass
    >>> state = {"round": 2, "private": {"ann": {"hand": [3]}, "bo": {"hand": [7]}}, "secret": {"deck": [1]}}
    >>> Cards().public_view(state)
    {'round': 2}
    >>> Cards().private_view(state, "ann")
    {'round': 2, 'private': {'ann': {'hand': [3]}}}
    """

    hidden_keys: tuple[str, ...] = HIDDEN_KEYS

    def public_view(self, state: State) -> State:
        """What everybody may see of ``state``; this is what ``state.yaml`` holds."""
        return {k: plain_copy(v) for k, v in state.items() if k not in self.hidden_keys}

    def private_view(self, state: State, player: str) -> State:
        """What ``player`` alone may see: the public view and their own part of ``private``."""
        view = self.public_view(state)
        private = state.get("private")
        if isinstance(private, Mapping):
            view["private"] = {player: plain_copy(private.get(player, {}))}
        return view


def plain_copy(value: Any) -> Any:
    """A deep copy of state data: its mappings and lists new, its texts, numbers, truth values, dates and
    ``None`` (which nothing changes in place) shared, anything else through ``copy.deepcopy``. ``copy.deepcopy``
    of a whole state was most of a view's cost (issue 33: each issue page views every turn before it).

    >>> state = {"hands": {"ann": [3, {"suit": "clubs"}]}, "seen": {1, 2}}
    >>> view = plain_copy(state)
    >>> view["hands"]["ann"][1]["suit"] = "spades"; view["seen"].add(3)
    >>> state
    {'hands': {'ann': [3, {'suit': 'clubs'}]}, 'seen': {1, 2}}
    """
    cls = value.__class__
    if cls is dict:
        return {k: v if v.__class__ in _ATOMS else plain_copy(v) for k, v in value.items()}
    if cls is list:
        return [v if v.__class__ in _ATOMS else plain_copy(v) for v in value]
    if cls in _ATOMS:
        return value
    return copy.deepcopy(value)


_ATOMS = frozenset((str, int, float, bool, type(None), bytes, dt.date, dt.datetime))


# --- optional capabilities: each a small protocol; the shell asks ``isinstance(ruleset, Joins)`` ------------
# Where a ruleset lacks one, the shell falls back to a sensible default (the default orders as the template,
# the orders as YAML as their description, no chart, no map).

@runtime_checkable
class Joins(Protocol):
    def join(self, state: State, player: Player, dice: Dice) -> State:
        """Admit ``player`` to a running game (``turnpress join``); raises ``RulesetError`` where the rules forbid."""


@runtime_checkable
class ReadsBenevolently(Protocol):
    """A ruleset whose faulty orders are carried out in part at the deadline (``benevolent``)."""

    def order_schema(self, state: State, player: str) -> dict[str, Any]:
        """The JSON Schema of ``player``'s orders (``Ruleset.order_schema``)."""

    def check(self, state: State, player: str, orders: Orders) -> list[Problem]:
        """The ruleset's own check (``Ruleset.check``)."""

    def drop(self, state: State, orders: Orders, problem: Problem) -> Orders | None:
        """``orders`` without the part ``problem`` names, as the game's text plays it; None if nothing can be
        kept (the problem is about the whole file: no seat, not a list)."""


@runtime_checkable
class Unseats(Protocol):
    def unseat(self, state: State, player: str) -> State:
        """The state with ``player``'s seat left empty, once, at the turn the game master took them out of the
        game, where the game's text has a state for that (Diplomacy: the power in civil disorder)."""


@runtime_checkable
class Removes(Protocol):
    def removed_orders(self, state: State, player: str, previous: Orders | None) -> Orders:
        """What a seat the game master took out of the game plays, each turn from then on, where the game's text
        says more than its NMR rule (``default_orders``, which every other ruleset's removed seat plays)."""


@runtime_checkable
class WritesTemplate(Protocol):
    def template(self, state: State, player: str) -> str:
        """A commented orders sheet for ``player``, pre-filled (the YAML text under ``orders:``)."""


@runtime_checkable
class OffersChoices(Protocol):
    def choices(self, state: State, player: str) -> dict[str, Any]:
        """What ``player`` may order in the open phase, as a form for the site's orders page (JSON data).

        ``state`` is the public view. The form is ``{"notes": [str, ...], "field": FIELD}`` and the value the
        field produces is the ``orders`` value of the sheet. A FIELD is a mapping with a ``kind``:

        - ``choice``: ``options`` (``[{"value": ..., "label": str, "tag": str?}]``), ``default``; ``other``
          (a label) lets the player type a line of their own instead, of at most ``max`` characters.
        - ``integer``: ``min``, ``max``, ``default``; ``text``: ``max``, ``default``; ``flag``: ``default``.
        - ``group``: ``fields``, each with a ``key``: a mapping of the keys whose value is not ``null``.
        - ``list``: fixed ``items`` (fields): a list of their values that are not ``null``. ``unique``: a
          message, shown when two items have the same ``tag`` (or value) other than those in ``free``.
        - ``rows``: as many ``item`` fields as the player adds, at most ``max``; ``default`` the first rows.

        Every field has a ``label`` (and may have ``help``); a ``group`` or ``rows`` marked ``optional`` is left
        out while empty. ``cuts`` (on the form): ``sums`` the rules compare with what the player
        has, so that the page adds up as ``check`` does: each ``terms`` (a ``path`` into the orders, ``*``: each
        row; the amount there times ``per``, times the mapping's ``times`` field if named, where the mapping holds
        ``match``), ``have``, and the rules' ``message`` for a sum over it with ``{total}`` and ``{have}`` left to
        fill; ``severity`` "warning" (at ``path``) where that is ``check``'s warning itself, "unknown" where more
        follows from it than the page can tell (Bretton Woods' cut: which order keeps how much).
        ``known`` (on the form): values the form offers where the schema allows more (``schemaform.known``); the
        page names a sheet's value outside them, as ``check`` does.
        ``lines`` (Diplomacy, ``diplomacy/choices.heads``) and ``haul`` (Auf Achse, ``auf_achse/choices.haul``):
        what the page judges of a list of order lines or of the trucks' plans, with ``check``'s own words; the
        page judges only what it can read and leaves the rest to ``check``, so it never names what ``check``
        accepts (``tests/orders_page/test_corpus.py``).
        """


@runtime_checkable
class Describes(Protocol):
    def describe(self, state: State, player: str, orders: Orders) -> list[str]:
        """The orders as the adjudicator understood them, one line each (the receipt of ``validate``)."""


@runtime_checkable
class WritesNewsletter(Protocol):
    def newsletter(self, state: State, report: Mapping[str, Any], players: Sequence[Player]) -> str:
        """The body of a turn's issue in the game's own format (Markdown, inline SVG allowed)."""


@runtime_checkable
class WritesSetupNewsletter(Protocol):
    def setup_newsletter(self, state: State, players: Sequence[Player]) -> str:
        """The body of an issue for the set-up (turn 0), where the game publishes something before turn 1."""


@runtime_checkable
class VersionsNewGames(Protocol):
    def new_game_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options a game set up now records in ``game.yaml``: ``options`` with the settings a rule change
        gives new games (a game set up earlier lacks them and keeps playing as it was)."""


@runtime_checkable
class ReportsSetup(Protocol):
    def setup_reports(self, state: State) -> dict[str, list[str]]:
        """Each player's private report of the set-up (turn 0): what the rules let them alone see at the table
        before the first turn (a secret goal and its condition, a hand)."""


@runtime_checkable
class HasHeadline(Protocol):
    def headline(self, state: State, result: Mapping[str, Any], players: Sequence[Player]) -> str | None:
        """One line on what mattered in the turn (the issue's lead), or ``None`` for the engine's own."""


@runtime_checkable
class HasStandings(Protocol):
    def standings(self, state: State) -> list[dict[str, Any]]:
        """Rows of the current standings table, best first."""


@runtime_checkable
class HasResult(Protocol):
    def result(self, state: State) -> Mapping[str, Any] | None:
        """How a finished game ended, in the rules' own terms: ``{"kind": "win"|"draw"|"over", "seats": [...]}``
        (the players' keys; several share a win or a draw), None while it runs. Every page words it alike
        (``outcome``, ``newsletter.results``)."""


@runtime_checkable
class MarksOut(Protocol):
    def out_of_game(self, state: State) -> list[str]:
        """The players the rules have put out of the game (departed or eliminated), as the state records it."""


@runtime_checkable
class HasHistory(Protocol):
    def history(self, states: Sequence[State]) -> dict[str, dict[str, list[int]]]:
        """Chart series: metric -> player -> one value per state."""


@runtime_checkable
class DrawsMap(Protocol):
    def map(self, state: State) -> str:
        """The board as inline SVG, for the game's map page."""


@runtime_checkable
class DrawsMapInParts(Protocol):
    def map_parts(self, state: State) -> tuple[str, str] | None:
        """The orders page's map (``map``, each shape naming its ``data-region``) in two, or None to send it whole:
        the base, an SVG of what no position changes (the same bytes every turn, so a site file a browser keeps),
        and the turn's SVG, with an empty ``<g data-tp-base=""/>`` where the base's children go."""


@runtime_checkable
class HasColours(Protocol):
    def colours(self, state: State) -> Mapping[str, str]:
        """Each player's colour as the game's drawings use it."""


@runtime_checkable
class HasCommands(Protocol):
    def command(self, argv: list[str]) -> int:
        """The ruleset's own commands, as ``turnpress <ruleset> ...``; the exit code."""


@runtime_checkable
class PinsData(Protocol):
    def data_files(self, options: Mapping[str, Any]) -> list[str]:
        """The data files the rules read for a game with ``options`` (maps, tables, decks), as paths in the
        ruleset's package: ``turnpress new`` pins copies of them in the game (``gamedata``)."""


@runtime_checkable
class ReadsData(Protocol):
    def with_data(self, data: GameData) -> Self:
        """The same rules (or presentation) reading ``data``: the copies a game pinned at its set-up. The object
        registered as ``RULESET`` reads the packaged data; ``store.Game.ruleset`` hands each game its own
        (``HandedData``), and every function of the rules that reads a table takes it from there."""


@runtime_checkable
class NamesTitle(Protocol):
    def title_for(self, options: Mapping[str, Any]) -> str:
        """The heading of a new game without ``--title``, where the options name the game (a variant's map)."""


@dataclass(frozen=True)
class Spending:
    """A budget the lines of a list of orders spend in order, which only the player's private report shows (30JK's
    religion points): ``figure``, its place in the report (``["state", "religion_points"]``); ``over``, ``check``'s
    words for a line beyond it, given the budget, how the words name the line and the total spent (the function
    ``check`` itself calls: the orders page's data fills the last two with marks); ``action``, how those words name
    a line (``None`` for a line that spends nothing). What each line costs and whether it counts is not here: the
    orders page's data asks ``check`` (``newsletter/verdicts.spending``)."""

    figure: tuple[str, ...]
    over: Callable[[int, str, str], str]
    action: Callable[[str], str | None]
    floor: int = 0  # the least the budget ever is: a total at most this is within it, whatever the report holds


@runtime_checkable
class SpendsBudget(Protocol):
    def spending(self, state: State, player: str) -> Spending | None:
        """The budget ``player``'s lines spend in order, where the rules have one (``Spending``), else None."""


@runtime_checkable
class TextOfEntries(Protocol):
    def entry_text(self, state: State, entry: Mapping[str, Any]) -> str | None:
        """The line a structured entry of a list of orders stands for, as ``check`` reads it, or None where it
        stands for none: the orders page's table of mappings is made of its answers (``newsletter/verdicts``)."""


@runtime_checkable
class HasPhaseKinds(Protocol):
    def phase_kinds(self) -> tuple[str, ...]:
        """The kinds of phase the rules have (``Phase.kind``): a game may give each its own deadline period."""


CAPABILITIES: tuple[type, ...] = (Joins, WritesTemplate, OffersChoices, Describes, WritesNewsletter,
                                  WritesSetupNewsletter, HasHeadline, HasStandings, HasResult, MarksOut, HasHistory,
                                  DrawsMap, HasColours, HasCommands, PinsData, HasPhaseKinds)
# Which of the two objects each optional part belongs to (``HasCommands``, a third-party ruleset's own commands,
# is neither): the rules' are run by turns and ``verify``, the presentation's only read by pages and sheets.
RULES_CAPABILITIES: tuple[type, ...] = (Joins, ReadsBenevolently, Unseats, Removes, VersionsNewGames, ReportsSetup,
                                        HasResult, MarksOut, PinsData, HasPhaseKinds)
PRESENTATION_CAPABILITIES: tuple[type, ...] = (WritesTemplate, Describes, OffersChoices, WritesNewsletter,
                                               WritesSetupNewsletter, HasHeadline, HasStandings, HasHistory, DrawsMap,
                                               DrawsMapInParts, HasColours, NamesTitle, TextOfEntries)


def capabilities(ruleset: object) -> list[str]:
    """The names of the optional capabilities ``ruleset`` has.

    >>> class Solitaire:
    ...     def map(self, state): return "<svg/>"
    >>> capabilities(Solitaire())
    ['DrawsMap']
    >>> isinstance(Solitaire(), Joins)
    False
    """
    return [c.__name__ for c in CAPABILITIES if isinstance(ruleset, c)]


def _entry_points() -> dict[str, Any]:
    from importlib.metadata import entry_points  # costs a scan of every installed distribution: only when needed

    return {ep.name: ep for ep in entry_points(group=GROUP)}


def available() -> list[str]:
    """Names of every installed ruleset, sorted."""
    return sorted(_entry_points())


BUILTIN = "adjudicator.rulesets"


@cache
def load(name: str) -> Ruleset:
    """The ruleset registered as ``name``. Raises ``KeyError`` with the known names if there is none.

    A built-in ruleset (registered in this distribution's entry points like any other) is found by its module
    name first, so that a command's start does not scan every installed distribution.
    """
    module = f"{BUILTIN}.{name.replace('-', '_')}"
    if name.replace("-", "").isalnum() and util.find_spec(module) is not None:
        found = getattr(import_module(module), "RULESET", None)
        if found is not None and getattr(found, "name", None) == name:
            return found
    eps = _entry_points()
    if name not in eps:
        raise KeyError(f"unknown ruleset {name!r}; installed: {', '.join(sorted(eps)) or 'none'}")
    try:
        return eps[name].load()
    except ImportError as e:
        raise KeyError(f"ruleset {name!r} is registered but cannot be loaded: {e}") from e


def package_of(ruleset: object) -> str:
    """The package a ruleset's data files are read from: that of the module defining its class."""
    module = sys.modules[type(ruleset).__module__]
    return module.__package__ or module.__name__


class HandedData:
    """A base for rules and presentation objects handed the game's data (``ReadsData``): ``data`` is the
    ``GameData`` their functions read the tables from, the packaged data where none is handed (the registered
    ``RULESET``, a new game's options, a test). A class that is both rules and presentation has one ``data``."""

    def __init__(self, data: GameData | None = None) -> None:
        self.data = data if data is not None else GameData(package_of(self))

    def with_data(self, data: GameData) -> Self:
        return type(self)(data)


def register(ruleset: Ruleset) -> None:
    """Make ``ruleset`` loadable by name without an entry point (tests, notebooks)."""
    load.cache_clear()
    _extra[ruleset.name] = ruleset


_extra: dict[str, Ruleset] = {}


def get(name: str) -> Ruleset:
    """Like ``load``, but also finds rulesets registered with ``register``."""
    if name in _extra:
        return _extra[name]
    return load(name)
