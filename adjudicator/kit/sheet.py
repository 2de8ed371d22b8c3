"""A player's order sheet: what ``turnpress template`` prints, what the orders page starts from, and the one
writer (``Sheet``) with which every ruleset's ``template`` fills in its ``orders:`` block.

The sheet is the file a player commits (``orders/<game>/<turn>/<login>.yaml``): a few comment lines, the
envelope (``game``, ``turn``, ``player``) and the ruleset's commented ``orders:`` block, with the game's figures
and the help in comments, as a player's editor shows it. One module writes it for the command line and the
page, so the page produces the same keys and order text as ``turnpress template``.

A sheet quotes names the players chose (a haulier, a country, a player's own name in the head). A line break in
one would end its comment and start a YAML line of the sheet's own, so every text written through ``Sheet`` is
folded to one line; that is the one thing a sheet must get right, and it is done here once instead of in every
ruleset.

>>> sheet = Sheet()
>>> sheet.comment("Harriet\\nsell: [A1, A2]: 120 GE.")
>>> sheet.line("card: 3", "the card you play", at=22)
>>> sheet.example("tax: <player>", "who pays you 10 GE", at=22)
>>> sheet.line("buy: []", "up to three policies")
>>> print(sheet.text(), end="")
# Harriet sell: [A1, A2]: 120 GE.
card: 3               # the card you play
# tax: <player>       # who pays you 10 GE
buy: []  # up to three policies
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Protocol

from .. import yamlio
from ..model import HIDDEN_KEYS, Player, State
from . import outcome
from .markup import plain
from .orders import orders_relpath, say
from .ruleset import Ruleset, WritesTemplate

# Line breaks (YAML's, Unicode's) and other controls: none may reach a sheet from a player's text.
_BREAKS = re.compile(r"[\x00-\x1f\x7f\x85\u2028\u2029]+")



def one_line(text: str) -> str:
    """``text`` with every line break and control character folded to a space."""
    return _BREAKS.sub(" ", text)


class Sheet:
    """An order sheet, line by line; ``text()`` is the file."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def comment(self, *texts: str) -> None:
        """A comment line for each text: figures, help, what the player may write."""
        self.lines += [f"# {one_line(t)}" for t in texts]

    def line(self, yaml: str, note: str = "", at: int = 0) -> None:
        """A line of YAML the sheet fills in, with a note after it: at column ``at`` if the YAML leaves room
        (the notes of a block stand in a column), else two spaces after it."""
        text = one_line(yaml)
        if note:
            text = (text.ljust(at) if len(text) < at else text + "  ") + f"# {one_line(note)}"
        self.lines.append(text)

    def example(self, yaml: str, note: str = "", at: int = 0) -> None:
        """A line of YAML written as a comment: an order the player may take by removing the ``#``."""
        self.line(f"# {yaml}", note, at)

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


class SheetGame(Protocol):
    """What the head of a sheet reads of its game (``store.Game`` is one): the rules, who plays, how orders
    are sent and the turn's deadline."""

    @property
    def id(self) -> str: ...

    @property
    def ruleset(self) -> Ruleset: ...

    @property
    def presented_ruleset(self) -> Ruleset:
        """The rules for what no replay reads: a sheet says a text its pinned words lack as the package does."""

    @property
    def players(self) -> list[Player]: ...

    @property
    def sealed_orders(self) -> bool: ...

    @property
    def open_turn(self) -> int: ...

    def deadline(self, turn: int) -> dt.datetime | None: ...


def sheet_state(state: State, player: str, *, sealed: bool) -> State:
    """What an order sheet may show: the public state, and the player's own hidden part only where the sheet
    is sealed before it leaves the player's machine. The game master's copy of turnpress reads every hidden
    part, and a sheet of a game of open orders goes into a public pull request as it is."""
    view = {k: v for k, v in state.items() if k not in HIDDEN_KEYS}
    own = state.get("private", {}).get(player) if isinstance(state.get("private"), dict) else None
    if sealed and own is not None:
        view["private"] = {player: own}
    return view


def awaited_text(ruleset: Ruleset, state: State, player: str, lang: str = "en") -> str:
    phase = outcome.phase(ruleset, state)
    return say(lang, "sheet.awaited" if player in phase.awaited else "sheet.taken" if phase.takes(player)
               else "sheet.not_awaited")


def head(game: SheetGame, turn: int, player: str, state: State, lang: str = "en") -> str:
    """The comment lines and the envelope above ``orders:`` of ``player``'s sheet for ``turn``, whose
    effective state is ``state``, in the game's language ``lang`` (the check's words, ``catalog/check.yaml``)."""
    rules = game.presented_ruleset  # a sheet is presentation: no report binds it
    name = next((p.name for p in game.players if p.key == player), player)
    where = orders_relpath(game.id, turn, player)
    deadline = game.deadline(turn)
    sheet = Sheet()
    sheet.comment(plain(say(lang, "sheet.head", name=name, game=game.id, turn=turn,  # a name's bidi folded
                            label=outcome.phase(rules, state).label,
                            awaited=awaited_text(rules, state, player, lang))),
                  say(lang, "sheet.deadline", when=deadline.isoformat(timespec="minutes") if deadline
                      else say(lang, "sheet.no_deadline")),
                  say(lang, "sheet.sealed" if game.sealed_orders else "sheet.open", path=where))
    for key, value in (("game", game.id), ("turn", str(turn)), ("player", player)):
        sheet.line(f"{key}: {value}")
    sheet.lines.append(wait_line(lang))
    return sheet.text()


def wait_line(lang: str = "en") -> str:
    """The commented ``wait: true`` line of a sheet, its note in the game's language."""
    return f"# wait: true   # {say(lang, 'sheet.wait')}"


def body(ruleset: Ruleset, state: State, player: str) -> str:
    """The text under ``orders:``, indented: the ruleset's commented template, or its default orders as YAML.
    ``state`` is what the sheet may show (``sheet_state``)."""
    text = (ruleset.template(state, player) if isinstance(ruleset, WritesTemplate)
            else yamlio.dump(ruleset.default_orders(state, player, None)))
    return "\n".join(("  " + line) if line.strip() else line for line in text.rstrip("\n").splitlines()) + "\n"


def sheet_text(game: SheetGame, player: str, state: State, *, sealed: bool, lang: str = "en") -> str:
    """The whole sheet of ``player`` for the open turn, read from ``state`` (the open turn's effective state);
    ``sealed``: the sheet may show the player's own hidden part (see ``sheet_state``)."""
    return (head(game, game.open_turn, player, state, lang) + "orders:\n"
            + body(game.presented_ruleset, sheet_state(state, player, sealed=sealed), player))
