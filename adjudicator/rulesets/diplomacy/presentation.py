"""What a Diplomacy game shows its readers (``kit.ruleset.Presentation``): the issue page, the map, the order sheet
and its receipt, the orders page's form, the standings and the charts, one for every map (a variant gives its
words and its own parts: ``look.py``). The rules never read it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...kit.ruleset import HandedData, Spending
from ...model import Orders, Player, State
from . import adjudicate, choices, newsletter, sheet
from .notation import OrderError, read_watched, structured_to_text
from .reading import MARKS, Look, power_names
from .state import typed
from .tables import Map, available_maps, display, load_map, words_of


class DiplomacyPresentation(HandedData):
    """The presentation of ``diplomacy``, of the game's map and drawing (``data``)."""

    title: str  # the rules' (``DiplomacyRules.title``)

    def _map(self, state: State) -> Map:
        return adjudicate.map_of(self.data, typed(state))

    def title_for(self, options: Mapping[str, Any]) -> str:
        """The heading of a new game without ``--title``: a variant is named by its map (issue 32: a 30JK game
        was headed "Diplomacy")."""
        name = str(options.get("map", "standard"))
        return self.title if name == "standard" or name not in available_maps() else load_map(name, self.data).title

    def template(self, state: State, player: str) -> str:
        return sheet.template(self._map(state), typed(state), player)

    def choices(self, state: State, player: str) -> dict[str, Any]:
        return choices.choices(self._map(state), typed(state), player)

    def words_read(self, state: State) -> frozenset[str]:
        """Every word the order reader compares a line's words with, as ``words_of`` writes them: the map's names
        (shared ones too), its order words, coast words and powers, and the reader's own marks (``reading.MARKS``).
        A line with any other word is no order the rules read, and the word is where their reading stops: the
        orders page judges such a line by the words before it (``verdicts.unread``)."""
        m = self._map(state)
        phrases = [*m.names, *m.ambiguous, *m.word_kinds, *m.coast_words, *power_names(m), *MARKS]
        return frozenset(w for phrase in phrases for w in words_of(phrase))

    def looks(self, state: State, lines: Sequence[str]) -> list[tuple[list[str], list[Look]]]:
        """For each of ``lines``, its words as the order reader takes them, and each look it took at them reading
        it (``reading.Look``: the words it looked up, in what): the orders page's verdicts find from them the
        words that would change the reading where it stops (``verdicts.unread``)."""
        m = self._map(state)
        return [(words_of(line), read_watched(m, line)) for line in lines]

    def reads_as_order(self, state: State, line: str) -> bool:
        """Whether the order reader reads ``line``, not the rulebook as an entry of its own (30JK's religious
        actions, read by their own words)."""
        return self.reads_as_orders(state, [line])[0]

    def reads_as_orders(self, state: State, lines: Sequence[str]) -> list[bool]:
        """``reads_as_order`` of each of ``lines``, the map read once (the orders page's verdicts ask it of
        thousands of lines a player)."""
        m = self._map(state)
        book = adjudicate._book(m)
        return [not book.split(m, [line])[1] for line in lines]

    def spending(self, state: State, player: str) -> Spending | None:
        """The budget the rulebook's own lines spend in order (30JK's religion points), None in the standard
        game: the orders page's data runs ``check`` on those lines (``verdicts.spending``)."""
        m = self._map(state)
        return adjudicate._book(m).spending(m)

    def entry_text(self, state: State, entry: Mapping[str, Any]) -> str | None:
        """The line a structured entry stands for, as ``check`` reads it (``notation.structured_to_text``), or
        ``None`` where it stands for none: the orders page's table of mappings is made of its answers."""
        m = self._map(state)
        if adjudicate._book(m).split(m, [dict(entry)])[1]:
            return None  # the rulebook's own entry (30JK's religious actions): no line
        try:
            return structured_to_text(dict(entry), m)
        except OrderError:
            return None

    def spellings(self, state: State) -> dict[str, str]:
        """Other spellings of the map's places and unit types, as the reader reads them (``tables``: each
        province's name and aliases, the words files' names, the unit words), each with the abbreviation or letter
        the judges write: ``{"liverpool": "lvp", "army": "a"}``. A name two provinces share is none of them; the
        page folds a line's words by these before it looks the line up (``verdicts.spellings`` keeps only those
        the rules read as their abbreviation)."""
        m = self._map(state)
        out = {name: display(prov).lower() for name, prov in m.names.items() if name != display(prov).lower()}
        for kind, letter in (("army", "a"), ("fleet", "f")):
            out.update({w: letter for w in m.words[kind] if w != letter})
        return dict(sorted(out.items()))

    def describe(self, state: State, player: str, orders: Orders) -> list[str]:
        return sheet.describe(self._map(state), typed(state), player, orders)

    def newsletter(self, state: State, report: dict[str, Any], players: list[Player]) -> str:
        return newsletter.newsletter(self.data, typed(state), report, players)

    def standings(self, state: State) -> list[dict[str, Any]]:
        return adjudicate.standings(self._map(state), typed(state))

    def headline(self, state: State, report: Mapping[str, Any], players: Sequence[Player]) -> str:
        return adjudicate.headline(self._map(state), typed(state), report)

    def colours(self, state: State) -> dict[str, str]:
        return adjudicate.colours(self._map(state), typed(state))

    def map(self, state: State) -> str:
        return newsletter.board(self.data, typed(state))

    def map_parts(self, state: State) -> tuple[str, str] | None:
        return newsletter.board_parts(self.data, typed(state))

    def history(self, states: list[State]) -> dict[str, dict[str, list[int]]]:
        return adjudicate.history([typed(s) for s in states])
