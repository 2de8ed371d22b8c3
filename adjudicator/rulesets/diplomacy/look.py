"""What a Diplomacy game shows its readers, and the words it shows it in: one presentation for every map.

The issue page, the map and the order sheet are written once (``newsletter.py``); a variant does not copy them
(issue 31: 30JK's German issue page was a copy of the standard one). It hands the shared presentation its words
(:class:`NewsWords`, ``mapsvg.Words``) and, through a :class:`Look` of its own, what only it has: the
names of owners that are no power (neutral units), the sections of its own report keys (30JK's confessions and
religious warfare), its columns of the centres table, its sheet comments and order-page fields. The rules never
read this module (``rulebook.py`` is the variant's rules).

A field of :class:`NewsWords` that is None is a line the language's pages have never written: the pages already
published must render again as they were (``turnpress verify`` compares them), so a German page still leaves it
out. Those gaps are named in ``variants/dreissigjaehriger_krieg/words.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...kit.sheet import Sheet
from .mapsvg import Words
from .resolver import Outcome
from .rulebook import Numbered, variant
from .state import State
from .tables import Map, display


@dataclass(frozen=True)
class NewsWords:
    """What the issue page writes, in the game's language (English here; a variant's words file gives others)."""

    # the language of the phase labels the page is headed with; None: the report's own label (the game's option)
    phase_language: str | None = None
    orders: str = "### Orders"
    civil_disorder: str = " (civil disorder)"  # after a power no player holds
    outcomes: dict[Outcome, str] = field(default_factory=lambda: {
        "succeeds": "", "fails": " *(fails)*", "invalid": " *(invalid)*"})
    dislodged: str = "### Dislodged"
    nowhere: str = "none (it will disband)"
    came_from: str = " from {place}"
    by_convoy: str = " by convoy"
    dislodged_line: str = "- {power} `{unit}`, attacked{came}; may retreat to: {where}"
    lists: tuple[tuple[str, str], ...] = (("disbanded", "### Disbanded"), ("built", "### Built"),
                                          ("removed", "### Removed"),
                                          ("civil_disorder", "### Removed in civil disorder"))
    waived: str | None = "Builds waived: {list}."
    centre_changes: str = "### Supply centres changing hands"
    neutral: str = "neutral"  # a centre's owner before it was taken
    freed: str = "- {place}: {name} → free (its neutral unit is dissolved)"
    table: str = "### Supply centres"
    draw_proposals: str | None = "Draw proposed by: {powers}."
    votes: str = "Votes standing: {votes}."
    vote_draw: str = "draw"
    vote_concede: str = "concedes to {power}"
    victory: str = "**{power} wins with {n} supply centres.**"
    draw: str = "**The game ends in a draw between {powers}.**"
    skipped: str | None = "No orders were needed for: {phases}."
    # the order of the lines after the table (each written where the report has its key)
    closing: tuple[str, ...] = ("draw_proposals", "votes", "victory", "draw", "skipped")
    map: str = "### Map"
    caption: str = ("*The position after {phase}. Arrows are moves (dashed with a cross: failed), thin dashed lines "
                    "supports, dotted lines convoys; a red dashed square is a dislodged unit.*")
    text_map: str = "The map as text: units and supply centres of each power"
    next: str = "Next: **{phase}**"
    next_due: str | None = " — orders due from {powers}."


ENGLISH = NewsWords()


class Look:
    """The standard game's presentation: every hook is the shared page's own."""

    words: NewsWords = ENGLISH
    map_words: Words = Words()

    def owner_name(self, m: Map, state: State, owner: str) -> str:
        """A unit's or centre's owner as the page names it."""
        return str(m.powers[owner]["name"]) if owner in m.powers else owner.capitalize()

    def notation(self, m: Map, order: str) -> str:
        """An order in judge notation as the game's players read it (the issue page, ``validate``'s receipt)."""
        return order

    def reason(self, reason: str) -> str:
        """The engine's reason for an order's outcome, as the page writes it."""
        return reason

    def sections(self, m: Map, state: State, report: dict[str, Any], where: str) -> list[str]:
        """The page's lines for the variant's own report keys at ``where``: ``before_orders``, ``after_orders``
        or ``after_lists`` (after the disbanded, built and removed units)."""
        return []

    def table(self, m: Map, state: State, seat: dict[str, str]) -> tuple[list[str], str, list[list[Any]]]:
        """The centres table: its head, its alignment and a row an owner (``seat``: power -> its player)."""
        rows = []
        for power in m.powers:
            centres = state["supply_centres"].get(power, [])
            rows.append([self.owner_name(m, state, power), seat.get(power, "—"), len(centres),
                         len(state["units"].get(power, [])), ", ".join(display(c) for c in centres)])
        return ["Power", "Player", "Centres", "Units", "Owned"], "llrr", rows

    def colours(self, m: Map, state: State) -> dict[str, str]:
        """Each owner's colour on the map."""
        return {p: str(v["colour"]) for p, v in m.powers.items()}

    def legend_notes(self, m: Map, state: State) -> dict[str, str] | None:
        """A note after each power in the map's legend."""
        return None

    def sheet_comments(self, sheet: Sheet, m: Map, state: State, player: str) -> None:
        """Extra comments for the top of the order sheet."""

    def describe_extra(self, m: Map, state: State, power: str, extras: Numbered) -> list[str]:
        """The receipt's lines (``validate``) for the variant's own entries (``Rulebook.split``'s second list)."""
        return []

    def choice_fields(self, m: Map, state: State, player: str) -> list[dict[str, Any]]:
        """The orders page's fields for the variant's own entries (``ruleset.OffersChoices``; public state)."""
        return []


STANDARD = Look()


def presentation_for(m: Map) -> Look:
    """The map's presentation: the standard one, or its variant's (the module the rulebook names)."""
    module = variant(m)
    return STANDARD if module is None else module.PRESENTATION
