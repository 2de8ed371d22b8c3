"""The movement phase: which orders are legal, and the guess algorithm of DATC 5.F over them.

Every legal move, support and convoy order has one decision: does the move succeed, is the support given
(not cut, its unit not dislodged), is the convoying fleet not dislodged. ``_resolve`` follows Kruijswijk's
guess algorithm: a decision that depends on itself is first guessed to fail, then to succeed; when both
guesses agree the result stands, when they differ the backup rule decides. A cycle of moves only is a
circular movement (all succeed); a cycle through a convoy is a convoy paradox, settled by the Szykman rule
(the convoyed armies of the paradox do not move and cut no support).

Rules follow the 2023 rulebook as the DATC v3.0 prefers it (see ``site/rules/diplomacy.md``).

A supported attack dislodges a holding unit, which may retreat anywhere but where the attack came from:

>>> from .mapdata import load_map
>>> from .orders import parse_order
>>> m = load_map("standard")
>>> units = [Unit("france", "army", "bur"), Unit("france", "army", "ruh"), Unit("germany", "army", "mun")]
>>> texts = ["A Bur - Mun", "A Ruh S A Bur - Mun", "A Mun H"]
>>> result = Movement(m, units, [(u.power, parse_order(m, t), t) for u, t in zip(units, texts)]).run()
>>> [(j.text, j.result, j.reason) for j in result.judged]  # doctest: +NORMALIZE_WHITESPACE
[('A Bur - Mun', 'succeeds', 'moves to Munich'), ('A Ruh S A Bur - Mun', 'succeeds', 'support given'),
 ('A Mun H', 'fails', 'dislodged')]
>>> [(str(d.unit), d.retreats) for d in result.dislodged]
[('A Mun', ['ber', 'boh', 'kie', 'sil', 'tyr'])]

A unit cannot support a move to where it could not go itself: the support is invalid, and the move bounces:

>>> units = [Unit("france", "army", "par"), Unit("france", "army", "bur"), Unit("germany", "army", "mun")]
>>> texts = ["A Par S A Bur - Mun", "A Bur - Mun", "A Mun H"]
>>> result = Movement(m, units, [(u.power, parse_order(m, t), t) for u, t in zip(units, texts)]).run()
>>> [(j.text, j.result) for j in result.judged]
[('A Par S A Bur - Mun', 'invalid'), ('A Bur - Mun', 'fails'), ('A Mun H', 'succeeds')]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .mapdata import Map, display, province_of
from .orders import Order

UNRESOLVED, GUESSING, RESOLVED = 0, 1, 2


@dataclass(frozen=True)
class Unit:
    """A unit on the board: its power (a power key, or a neutral owner), type and exact region."""

    power: str
    type: str
    region: str

    @property
    def province(self) -> str:
        return province_of(self.region)

    def __str__(self) -> str:
        prov, _, coast = self.region.partition("/")
        return ("A " if self.type == "army" else "F ") + display(prov) + (f"/{coast}" if coast else "")


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


# Reasons the checks recognise (in the map's language: ``Map.said``): a second order for a unit, and a support or
# convoy no order of the same power matches (void), which another power's order may still match.
ALREADY_ORDERED = "the unit already has an order; the first one stands"
VOID = ("void: no army is convoyed along this route by that order", "void: there is no unit to support",
        "void: {unit} does not hold", "void: {unit} does not move to {place}",
        "void: {unit} moves to {region}, not {coast}")

Outcome = Literal["succeeds", "fails", "invalid"]
"""What became of an order: carried out (a hold that held, a support given, a move made), not (bounced, cut,
dislodged), or never an order (unreadable, impossible, not the player's unit)."""


@dataclass
class Judged:
    """One order with its fate: ``result`` is succeeds, fails or invalid; ``reason`` says why."""

    power: str
    order: Order | None
    text: str
    result: Outcome = "succeeds"
    reason: str = ""
    unit: int | None = None  # index into the resolver's units


@dataclass
class Dislodged:
    unit: Unit
    attacker_from: str | None  # province the attacker came from, None if it came by convoy
    retreats: list[str] = field(default_factory=list)


@dataclass
class MovementResult:
    judged: list[Judged]
    units: list[Unit]  # after the phase, dislodged units removed
    dislodged: list[Dislodged]
    contested: list[str]


class _Board:
    """The orders of one movement phase after legality checks, and the decisions over them."""

    def __init__(self, m: Map, units: list[Unit], rules: Rules) -> None:
        self.m = m
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

    # ----- strengths (DATC 5.B) -------------------------------------------------------------------------
    def _has_path(self, i: int) -> bool:
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
            if not self._resolve(f):
                continue
            region = self.units[f].region
            if self.m.reaches_province("fleet", region, dst):
                return True
            frontier.extend(g for g in self.fleets_for[i]
                            if g not in seen and self.m.reaches_province("fleet", region, self.units[g].province))
        return False

    def _by_convoy(self, i: int) -> bool:
        if i in self.flex:
            return self._has_path(i)
        return self.convoyed[i]

    def _h2h(self, i: int) -> int | None:
        """The unit in i's destination if the two are in a head-to-head battle (both over land)."""
        j = self.at.get(self.dst[i] or "")
        if j is None or self.kind[j] != "move" or self.dst[j] != self.units[i].province:
            return None
        if self._by_convoy(i) or self._by_convoy(j):
            return None
        return j

    def _count(self, supports: list[int], exclude_power: str | None = None) -> int:
        return sum(1 for s in supports if (exclude_power is None or self.units[s].power != exclude_power)
                   and self._resolve(s))

    def _attack(self, i: int) -> int:
        if self._by_convoy(i) and not self._has_path(i):
            return 0
        j = self.at.get(self.dst[i] or "")
        if j is None or (self.kind[j] == "move" and self._h2h(i) is None and self._resolve(j)):
            return 1 + self._count(self.supports[i])
        if self.units[j].power == self.units[i].power:
            return 0
        return 1 + self._count(self.supports[i], exclude_power=self.units[j].power)

    def _hold(self, province: str) -> int:
        j = self.at.get(province)
        if j is None:
            return 0
        if self.kind[j] == "move":
            return 0 if self._resolve(j) else 1
        return 1 + self._count(self.supports[j])

    def _prevent(self, k: int) -> int:
        if self._by_convoy(k) and not self._has_path(k):
            return 0
        j = self._h2h(k)
        if j is not None and self._resolve(j):
            return 0
        return 1 + self._count(self.supports[k])

    # ----- adjudication of one decision -------------------------------------------------------------------
    def _adjudicate(self, i: int) -> bool:
        kind = self.kind[i]
        if kind == "move":
            return self._adjudicate_move(i)
        if kind == "support":
            return self._support_given(i)
        return not any(self._resolve(k) for k in self.moves_into.get(self.units[i].province, ()))

    def _adjudicate_move(self, i: int) -> bool:
        if self._by_convoy(i) and not self._has_path(i):
            return False
        attack = self._attack(i)
        j = self._h2h(i)
        if j is not None:
            if attack <= 1 + self._count(self.supports[j]):
                return False
        elif attack <= self._hold(self.dst[i] or ""):
            return False
        return all(attack > self._prevent(k) for k in self.moves_into[self.dst[i] or ""] if k != i)

    def _support_given(self, s: int) -> bool:
        me = self.units[s]
        for k in self.moves_into.get(me.province, ()):
            if self.units[k].power == me.power:
                continue
            if self.units[k].province == self.sup_target[s]:
                # an attack from where the support goes cannot cut it, only dislodge the supporter
                if self._resolve(k):
                    return False
                continue
            if self._by_convoy(k) and not self._has_path(k):
                continue
            return False
        return True

    # ----- the guess algorithm (DATC 5.F) -----------------------------------------------------------------
    def _resolve(self, i: int) -> bool:
        if self.state[i] == RESOLVED:
            return self.result[i]
        if self.state[i] == GUESSING:
            # every read of a guess is recorded, even a repeated one, so that the reader is known to
            # depend on it (a reader seeing an unchanged list would wrongly count itself as settled)
            self.deps.append(i)
            return self.result[i]
        mark = len(self.deps)
        self.result[i], self.state[i] = False, GUESSING
        first = self._adjudicate(i)
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
        second = self._adjudicate(i)
        if first == second:
            for d in self.deps[mark:]:
                self.state[d] = UNRESOLVED
            del self.deps[mark:]
            self.result[i], self.state[i] = first, RESOLVED
            return first
        self._backup_rule(mark)
        return self._resolve(i)

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
                self._resolve(i)


def _unit_matches(m: Map, order: Order, unit: Unit, rules: Rules) -> str:
    """Why ``order`` does not address ``unit`` (empty if it does)."""
    if order.unit_type and order.unit_type != unit.type:
        return m.say("the unit in {place} is an army" if unit.type == "army" else "the unit in {place} is a fleet",
                     place=display(unit.province))
    if rules.strict_coasts and order.region != unit.region:
        return m.say("the fleet is on {region}, not {other}", region=unit.region, other=order.region)
    return ""


class Movement:
    """Legality checks and resolution of one movement phase."""

    def __init__(self, m: Map, units: list[Unit], orders: list[tuple[str, Order | None, str]],
                 rules: Rules | None = None) -> None:
        self.m = m
        self.rules = rules or Rules()
        self.board = _Board(m, list(units), self.rules)
        self.judged: list[Judged] = []
        self.order_of: dict[int, Order] = {}
        self.judged_of: dict[int, Judged] = {}
        self.transform_to: dict[int, Unit] = {}  # unit index -> the unit it becomes if not dislodged
        for power, order, text in orders:
            self._assign(power, order, text)

    def _invalid(self, j: Judged, reason: str) -> None:
        j.result, j.reason = "invalid", reason

    def _assign(self, power: str, order: Order | None, text: str) -> None:
        say = self.m.say
        j = Judged(power, order, text)
        self.judged.append(j)
        if order is None:
            self._invalid(j, say("cannot be read"))
            return
        if order.kind not in ("hold", "move", "support", "convoy", "transform"):
            self._invalid(j, say("not an order of a movement phase ({kind})", kind=self.m.text(order.kind)))
            return
        if order.kind == "transform" and "transform" not in self.m.data.get("order_types", ()):
            self._invalid(j, say("this map has no transformation order"))
            return
        i = self.board.at.get(order.province or "")
        if i is None or self.board.units[i].power != power:
            self._invalid(j, say("no unit of yours in {place}", place=self.m.full_name(order.province or ""))
                          if order.province in self.m.provinces else say("no such unit"))
            return
        why = _unit_matches(self.m, order, self.board.units[i], self.rules)
        if why:
            self._invalid(j, why)
            return
        if i in self.order_of:
            self._invalid(j, say(ALREADY_ORDERED))
            return
        self.order_of[i] = order
        self.judged_of[i] = j
        j.unit = i

    # ----- legality by position (DATC 4.E.1: an illegal order is ignored, the unit holds) ----------------
    def _check_move(self, i: int, o: Order) -> str:
        u, m = self.board.units[i], self.m
        say = m.say
        target = o.target or ""
        dprov = province_of(target)
        if dprov == u.province:
            return say("a unit cannot move to the province it is in")
        if o.via and not m.river_points:
            # a map without rivers has no double move: the player meant a convoy route or a typo (issue 32)
            return say("a unit moves to one neighbouring province; an army going by sea names only its "
                       "destination ({example})", example=f"A {display(u.province)} - {display(dprov)} via convoy")
        if u.type == "army" and o.via:
            return say("only a fleet moves two fields along a river")
        if u.type == "army":
            if "/" in target and self.rules.strict_coasts:
                return say("an army does not go to a coast")
            if o.via_convoy or not m.can_move("army", u.region, dprov):
                if (m.terrain(u.province) != "coast" or m.terrain(dprov) != "coast"
                        or not self._routes(u.province, dprov, self._sea_fleets())):
                    return say("{place} is not next to {here} and no fleets could convoy there",
                               place=m.full_name(dprov), here=m.full_name(u.province))
                self.board.convoyed[i] = True
            self.board.dst_region[i] = dprov
        elif o.via:
            if o.via_convoy:
                return say("only armies can be convoyed")
            reached = m.double_move(u.region, o.via, target)
            if reached is None:
                return say("{order} is no double move: the fleet goes two fields down a river (crossing it on the "
                           "way is allowed, going upstream is not), from a river field to a river field or its mouth",
                           order=f"F {display(u.province)} - {display(province_of(o.via))} - {display(dprov)}")
            self.board.dst_region[i] = reached
        else:
            if o.via_convoy:
                return say("only armies can be convoyed")
            options = [r for r in m.regions_of(dprov, "fleet") if m.can_move("fleet", u.region, r)]
            if "/" in target:
                options = [r for r in options if r == target]
            elif self.rules.require_coast and len(m.regions_of(dprov, "fleet")) > 1:
                return say("say which coast of {place}", place=m.full_name(dprov))
            if not options:
                return say("a fleet on {region} cannot reach {target}", region=m.full_name(u.region),
                           target=m.full_name(target))
            if len(options) > 1:
                return say("say which coast of {place}: {choices}", place=m.full_name(dprov),
                           choices=say(" or ").join(options))
            self.board.dst_region[i] = options[0]
        self.board.kind[i] = "move"
        self.board.dst[i] = dprov
        return ""

    def _check_transform(self, i: int, o: Order) -> str:
        """A transforming unit holds (and may be supported to hold); its new region is kept for the end."""
        u, m = self.board.units[i], self.m
        new_type = o.other_type or ""
        if new_type == u.type and (o.target is None or o.target == u.region):
            return m.say("the unit already is an army there" if u.type == "army"
                         else "the unit already is a fleet there")
        regions = m.regions_of(u.province, new_type)
        if o.target:
            regions = [r for r in regions if r == o.target]
        if new_type == u.type:
            regions = [r for r in regions if r != u.region]
        if not regions:
            return m.say("an army cannot stand in {place}" if new_type == "army"
                         else "a fleet cannot stand in {place}", place=m.full_name(o.target or u.province))
        if len(regions) > 1:
            return m.say("say which coast the fleet takes: {choices}", choices=m.say(" or ").join(regions))
        self.transform_to[i] = Unit(u.power, new_type, regions[0])
        return ""

    def _check_support(self, i: int, o: Order) -> str:
        u, m = self.board.units[i], self.m
        other = province_of(o.other or "")
        into = province_of(o.target) if o.target else other
        if other == u.province:
            return m.say("a unit cannot support itself")
        if into == u.province:
            return m.say("a unit cannot support a move into its own province")
        if not m.reaches_province(u.type, u.region, into):
            return m.say("{unit} cannot itself move to {place}, so it cannot support there", unit=str(u),
                         place=m.full_name(into))
        self.board.kind[i] = "support"
        self.board.sup_target[i] = into
        self.board.sup_move[i] = province_of(o.target) if o.target else None
        self.board.sup_coast[i] = o.target if o.target and "/" in o.target else None
        self.board.sup_unit[i] = self.board.at.get(other)
        return ""

    def _check_convoy(self, i: int, o: Order) -> str:
        u, m = self.board.units[i], self.m
        if u.type != "fleet" or m.terrain(u.province) not in self.m.data.get("convoy_terrain", ["sea"]):
            return m.say("only a fleet at sea can convoy")
        if o.other_type == "fleet":
            return m.say("only armies can be convoyed")
        self.board.kind[i] = "convoy"
        self.board.sup_target[i] = province_of(o.target or "")
        self.board.sup_move[i] = province_of(o.target or "")
        self.board.sup_unit[i] = self.board.at.get(province_of(o.other or ""))
        return ""

    def _sea_fleets(self) -> list[int]:
        b, terrains = self.board, self.m.data.get("convoy_terrain", ["sea"])
        return [f for f, u in enumerate(b.units) if u.type == "fleet" and self.m.terrain(u.province) in terrains]

    def _routes(self, src: str, dst: str, fleets: list[int]) -> list[list[int]]:
        """Chordless chains of the given fleets from ``src`` to ``dst`` (DATC 6.G.19: a fleet that is in
        no such chain is not necessary for any convoy route)."""
        b, m = self.board, self.m
        out: list[list[int]] = []

        def touches(f: int, prov: str) -> bool:
            return m.reaches_province("fleet", b.units[f].region, prov)

        def walk(path: list[int]) -> None:
            last = path[-1]
            if touches(last, dst):
                out.append(list(path))
                return
            for g in fleets:
                if g in path or not touches(last, b.units[g].province) or touches(g, src):
                    continue
                if any(touches(g, b.units[p].province) for p in path[:-1]):
                    continue
                walk(path + [g])

        for f in fleets:
            if touches(f, src):
                walk([f])
        return out

    def _match(self) -> None:
        """Void supports and convoys that no order matches; moves by convoy need an ordered route."""
        b, say = self.board, self.m.say
        n = len(b.units)
        convoys_for: dict[tuple[str, str], list[int]] = {}
        for i in range(n):
            convoyed = b.sup_unit[i]
            if b.kind[i] == "convoy" and convoyed is not None:
                convoys_for.setdefault((b.units[convoyed].province, b.sup_move[i] or ""), []).append(i)
        for i in range(n):
            if b.kind[i] != "move" or b.units[i].type != "army":
                continue
            src, dst = b.units[i].province, b.dst[i] or ""
            fleets = convoys_for.get((src, dst), [])
            needed = {f for r in self._routes(src, dst, self._sea_fleets()) for f in r}
            fleets = [f for f in fleets if f in needed]
            overland = self.m.can_move("army", b.units[i].region, dst)
            if overland and not b.convoyed[i] and fleets:
                if self.rules.convoy_intent == "1971":
                    j = b.at.get(dst)
                    if j is not None and b.kind[j] == "move" and b.dst[j] == src:
                        b.flex.add(i)
                elif self.rules.convoy_intent == "2023" and any(b.units[f].power == b.units[i].power
                                                                for f in fleets):
                    b.convoyed[i] = True
            if b.convoyed[i] or i in b.flex:
                # a move with no ordered route is legal but fails, and gets no hold support (DATC 6.D.8)
                b.fleets_for[i] = sorted({f for r in self._routes(src, dst, fleets) for f in r})
        for i in range(n):
            if b.kind[i] == "move":
                b.moves_into.setdefault(b.dst[i] or "", []).append(i)
        for i in range(n):
            if b.kind[i] not in ("support", "convoy"):
                continue
            j = b.sup_unit[i]
            if b.kind[i] == "convoy":
                if j is None or i not in b.fleets_for[j]:
                    self._void(i, say(VOID[0]))
                continue
            if j is None:
                self._void(i, say(VOID[1]))
            elif b.sup_move[i] is None:
                if b.kind[j] == "move":
                    self._void(i, say(VOID[2], unit=str(b.units[j])))
                else:
                    b.supports[j].append(i)
            elif b.kind[j] != "move" or b.dst[j] != b.sup_move[i]:
                self._void(i, say(VOID[3], unit=str(b.units[j]),
                                  place=self.m.full_name(b.sup_move[i] or "")))
            elif b.sup_coast[i] and b.units[j].type == "fleet" and b.sup_coast[i] != b.dst_region[j]:
                # a coast written in a support must match the move (DATC 4.B.4, 6.B.9); none matches any
                self._void(i, say(VOID[4], unit=str(b.units[j]),
                                  region=b.dst_region[j], coast=b.sup_coast[i]))
            else:
                b.supports[j].append(i)

    def _void(self, i: int, reason: str) -> None:
        # a void support or convoy has no effect but its unit still stands there (and can be cut, reported)
        self.judged_of[i].reason = reason

    def run(self) -> MovementResult:
        b = self.board
        for i, o in self.order_of.items():
            check = {"move": self._check_move, "support": self._check_support, "convoy": self._check_convoy,
                     "transform": self._check_transform}
            why = check[o.kind](i, o) if o.kind in check else ""
            if why:
                self._invalid(self.judged_of[i], why)
        self._match()
        b.resolve_all()
        return self._outcome()

    def _outcome(self) -> MovementResult:
        b, m = self.board, self.m
        n = len(b.units)
        moved = [b.kind[i] == "move" and b.result[i] for i in range(n)]
        winner: dict[str, int] = {b.dst[i] or "": i for i in range(n) if moved[i]}
        after: dict[str, Unit] = {}
        dislodged: list[Dislodged] = []
        for i, u in enumerate(b.units):
            if moved[i]:
                after[b.dst[i] or ""] = Unit(u.power, u.type, b.dst_region[i] or "")
        for i, u in enumerate(b.units):
            if moved[i]:
                continue
            if u.province in winner:
                k = winner[u.province]
                dislodged.append(Dislodged(u, None if b._by_convoy(k) else b.units[k].province))
            else:
                # a dislodged unit does not transform (30JK section 7)
                after[u.province] = self.transform_to.get(i, u)
        contested = sorted({b.dst[i] or "" for i in range(n) if b.kind[i] == "move" and not moved[i]
                            and b._prevent(i) > 0} - set(after))
        for d in dislodged:
            d.retreats = [r for r in sorted(m.reach(d.unit.type, d.unit.region))
                          if province_of(r) not in after and province_of(r) != d.attacker_from
                          and province_of(r) not in contested]
        self._report(moved, dislodged)
        units = [after[p] for p in sorted(after)]
        return MovementResult(self.judged, units, dislodged, contested)

    def _report(self, moved: list[bool], dislodged: list[Dislodged]) -> None:
        b, m = self.board, self.m
        say = m.say
        lost = {d.unit.province for d in dislodged}
        for i, j in self.judged_of.items():
            if j.result == "invalid":
                continue
            kind, u = b.kind[i], b.units[i]
            if kind == "move":
                if moved[i]:
                    j.result, j.reason = "succeeds", say("moves to {place}", place=m.full_name(b.dst_region[i] or ""))
                else:
                    j.result = "fails"
                    j.reason = say("bounces")
                    if b._by_convoy(i) and not b._has_path(i):
                        j.reason = say("no convoy route is ordered" if not b.fleets_for[i]
                                       else "the convoy is disrupted")
                    if i in b.paradox:
                        j.reason = say("convoy paradox: the convoyed army stays (Szykman rule)")
            elif kind in ("support", "convoy"):
                given = b.result[i]
                if not given:
                    j.result = "fails"
                    j.reason = say("dislodged" if u.province in lost else "support cut")
                    if kind == "convoy":
                        j.reason = say("the fleet is dislodged")
                elif not j.reason:
                    j.reason = say("support given" if kind == "support" else "convoys")
            if u.province in lost and kind in ("hold", "move"):
                j.result = "fails"
                j.reason = (j.reason + "; " if kind == "move" else "") + say("dislodged")
            elif kind == "hold" and i in self.transform_to:
                new = self.transform_to[i]
                j.reason = say("holds and becomes an army" if new.type == "army" else "holds and becomes a fleet") + (
                    f" ({new.region.partition('/')[2]})" if "/" in new.region else "")
            elif kind == "hold" and not j.reason:
                j.reason = say("holds")
