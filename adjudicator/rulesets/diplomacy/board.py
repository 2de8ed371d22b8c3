"""The board of one movement phase: its units, the orders as decisions, and Kruijswijk's guess algorithm over
them (DATC 5.F); the strengths of DATC 5.B that every kind of order reads. What a kind of order checks, matches
and decides is in its own module (``kinds/``); ``resolver.Movement`` puts them together.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Literal

from .tables import Map, display, province_of

UNRESOLVED, GUESSING, RESOLVED = 0, 1, 2

# Reasons the checks recognise (in the map's language: ``Map.said``): a second order for a unit, and a support or
# convoy no order of the same power matches (void), which another power's order may still match.
ALREADY_ORDERED = "the unit already has an order; the first one stands"
VOID = ("void: no army is convoyed along this route by that order", "void: there is no unit to support",
        "void: {unit} does not hold", "void: {unit} does not move to {place}",
        "void: {unit} moves to {region}, not {coast}")

Outcome = Literal["succeeds", "fails", "invalid"]
"""What became of an order: carried out (a hold that held, a support given, a move made), not (bounced, cut,
dislodged), or never an order (unreadable, impossible, not the player's unit)."""


@dataclass(frozen=True)
class Unit:
    """A unit on the board: its power (a power key, or a neutral owner), type and exact region."""

    power: str
    type: str
    region: str

    @functools.cached_property
    def province(self) -> str:
        """The region's province, kept: the resolver and the checks ask it of every unit again and again, and a
        position's units are read once (``core.units_from``; issue 33)."""
        return province_of(self.region)

    def __str__(self) -> str:
        """The unit as a sheet writes it: ``A Par``, ``F Stp/sc``."""
        return ("A " if self.type == "army" else "F ") + written(self.region)


def written(region: str) -> str:
    """``stp/sc`` -> ``Stp/sc``: a region as a sheet writes it."""
    prov, _, coast = region.partition("/")
    return display(prov) + (f"/{coast}" if coast else "")


@dataclass
class Rules:
    """Rule choices where rulebooks differ. ``strict_coasts`` turns off the DATC's preferred corrections
    (a unit's own coast ignored, an army's destination coast ignored) for test data that assumes none."""

    strict_coasts: bool = False
    # a fleet moving to a two-coast province must name the coast even where only one is reachable
    require_coast: bool = False
    # "2023": an army goes by convoy to an adjacent province if ordered "via convoy" or an own fleet
    # convoys it; "explicit" (DPTG): only "via convoy"; "1971": if the unit there moves the opposite way
    # and the convoy is not disrupted
    convoy_intent: str = "2023"



class Board:
    """The orders of one movement phase after legality checks, and the decisions over them. What each kind of
    order decides is its module's ``decide`` (``kinds/``), handed in as ``decide``: kind -> decision."""

    def __init__(self, m: Map, units: list[Unit], rules: Rules,
                 decide: Mapping[str, Callable[[Board, int], bool]]) -> None:
        self.m = m
        self.decide = decide
        self.units = units
        self.rules = rules
        self.at = {u.province: i for i, u in enumerate(units)}
        n = len(units)
        self.kind = ["hold"] * n
        self.dst: list[str | None] = [None] * n  # move: destination province
        self.dst_region: list[str | None] = [None] * n
        self.convoyed = [False] * n  # move goes by convoy
        self.sup_target: list[str | None] = [None] * n  # support/convoy: province the order points into
        self.sup_unit: list[int | None] = [None] * n  # support/convoy: index of the unit it is for
        self.sup_move: list[str | None] = [None] * n  # support of a move/convoy: destination province
        self.sup_coast: list[str | None] = [None] * n  # support of a move: destination coast, if written
        self.supports: list[list[int]] = [[] for _ in range(n)]  # matching supports given to unit i
        self.fleets_for: list[list[int]] = [[] for _ in range(n)]  # matching convoys for army move i
        self.moves_into: dict[str, list[int]] = {}
        self.result = [False] * n
        self.state = [UNRESOLVED] * n
        self.deps: list[int] = []
        self.paradox: set[int] = set()  # convoyed armies stopped by the Szykman rule
        self.flex: set[int] = set()  # 1971 rule: adjacent moves that go by convoy only if the convoy works
        self.transform_to: dict[int, Unit] = {}  # unit index -> the unit it becomes if not dislodged

    # ----- strengths (DATC 5.B) -------------------------------------------------------------------------
    def has_path(self, i: int) -> bool:
        if i in self.paradox:
            return False
        src, dst = self.units[i].province, self.dst[i]
        if dst is None:  # only a move has a path to find
            return False
        seen: set[int] = set()
        frontier = [f for f in self.fleets_for[i] if self.m.reaches_province("fleet", self.units[f].region, src)]
        while frontier:
            f = frontier.pop(0)
            if f in seen:
                continue
            seen.add(f)
            if not self.resolve(f):
                continue
            region = self.units[f].region
            if self.m.reaches_province("fleet", region, dst):
                return True
            frontier.extend(g for g in self.fleets_for[i]
                            if g not in seen and self.m.reaches_province("fleet", region, self.units[g].province))
        return False

    def by_convoy(self, i: int) -> bool:
        if i in self.flex:
            return self.has_path(i)
        return self.convoyed[i]

    def h2h(self, i: int) -> int | None:
        """The unit in i's destination if the two are in a head-to-head battle (both over land)."""
        j = self.at.get(self.dst[i] or "")
        if j is None or self.kind[j] != "move" or self.dst[j] != self.units[i].province:
            return None
        if self.by_convoy(i) or self.by_convoy(j):
            return None
        return j

    def count(self, supports: list[int], exclude_power: str | None = None) -> int:
        return sum(1 for s in supports if (exclude_power is None or self.units[s].power != exclude_power)
                   and self.resolve(s))

    def attack(self, i: int) -> int:
        if self.by_convoy(i) and not self.has_path(i):
            return 0
        j = self.at.get(self.dst[i] or "")
        if j is None or (self.kind[j] == "move" and self.h2h(i) is None and self.resolve(j)):
            return 1 + self.count(self.supports[i])
        if self.units[j].power == self.units[i].power:
            return 0
        return 1 + self.count(self.supports[i], exclude_power=self.units[j].power)

    def hold(self, province: str) -> int:
        j = self.at.get(province)
        if j is None:
            return 0
        if self.kind[j] == "move":
            return 0 if self.resolve(j) else 1
        return 1 + self.count(self.supports[j])

    def prevent(self, k: int) -> int:
        if self.by_convoy(k) and not self.has_path(k):
            return 0
        j = self.h2h(k)
        if j is not None and self.resolve(j):
            return 0
        return 1 + self.count(self.supports[k])

    # ----- adjudication of one decision: the order's kind decides (a unit without a move, support or convoy
    # holds: it is not dislodged) -----------------------------------------------------------------------------
    def adjudicate(self, i: int) -> bool:
        return self.decide[self.kind[i]](self, i)

    # ----- the guess algorithm (DATC 5.F) -----------------------------------------------------------------
    def resolve(self, i: int) -> bool:
        if self.state[i] == RESOLVED:
            return self.result[i]
        if self.state[i] == GUESSING:
            # every read of a guess is recorded, even a repeated one, so that the reader is known to
            # depend on it (a reader seeing an unchanged list would wrongly count itself as settled)
            self.deps.append(i)
            return self.result[i]
        mark = len(self.deps)
        self.result[i], self.state[i] = False, GUESSING
        first = self.adjudicate(i)
        if len(self.deps) == mark:
            if self.state[i] != RESOLVED:
                self.result[i], self.state[i] = first, RESOLVED
            return first
        if self.deps[mark] != i:
            self.deps.append(i)
            self.result[i] = first
            return first
        for d in self.deps[mark:]:
            self.state[d] = UNRESOLVED
        del self.deps[mark:]
        self.result[i], self.state[i] = True, GUESSING
        second = self.adjudicate(i)
        if first == second:
            for d in self.deps[mark:]:
                self.state[d] = UNRESOLVED
            del self.deps[mark:]
            self.result[i], self.state[i] = first, RESOLVED
            return first
        self._backup_rule(mark)
        return self.resolve(i)

    def _backup_rule(self, mark: int) -> None:
        cycle = list(dict.fromkeys(self.deps[mark:]))
        del self.deps[mark:]
        convoys = [d for d in cycle if self.kind[d] == "convoy"]
        if not convoys:
            for d in cycle:  # circular movement: every move of the cycle succeeds
                if self.kind[d] == "move":
                    self.result[d], self.state[d] = True, RESOLVED
                else:
                    self.state[d] = UNRESOLVED
            return
        # Szykman: the armies whose convoys are caught in the paradox do not move
        for c in convoys:
            army = self.sup_unit[c]
            if army is not None:
                self.paradox.add(army)
        for d in cycle:
            self.state[d] = UNRESOLVED

    def resolve_all(self) -> None:
        for i in range(len(self.units)):
            if self.kind[i] in ("move", "support", "convoy"):
                self.resolve(i)

    # ----- convoy routes (used by the checks of moves and the matching of convoys) -----------------------
    def sea_fleets(self) -> list[int]:
        terrains = self.m.data.get("convoy_terrain", ["sea"])
        return [f for f, u in enumerate(self.units) if u.type == "fleet" and self.m.terrain(u.province) in terrains]

    def routes(self, src: str, dst: str, fleets: list[int]) -> list[list[int]]:
        """Chordless chains of the given fleets from ``src`` to ``dst`` (DATC 6.G.19: a fleet that is in
        no such chain is not necessary for any convoy route)."""
        m = self.m
        out: list[list[int]] = []

        def touches(f: int, prov: str) -> bool:
            return m.reaches_province("fleet", self.units[f].region, prov)

        def walk(path: list[int]) -> None:
            last = path[-1]
            if touches(last, dst):
                out.append(list(path))
                return
            for g in fleets:
                if g in path or not touches(last, self.units[g].province) or touches(g, src):
                    continue
                if any(touches(g, self.units[p].province) for p in path[:-1]):
                    continue
                walk(path + [g])

        for f in fleets:
            if touches(f, src):
                walk([f])
        return out
