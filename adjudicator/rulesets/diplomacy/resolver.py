"""The movement phase: which orders are legal, and the guess algorithm of DATC 5.F over them.

Every legal move, support and convoy order has one decision: does the move succeed, is the support given
(not cut, its unit not dislodged), is the convoying fleet not dislodged. ``_resolve`` follows Kruijswijk's
guess algorithm: a decision that depends on itself is first guessed to fail, then to succeed; when both
guesses agree the result stands, when they differ the backup rule decides. A cycle of moves only is a
circular movement (all succeed); a cycle through a convoy is a convoy paradox, settled by the Szykman rule
(the convoyed armies of the paradox do not move and cut no support).

Rules follow the 2023 rulebook as the DATC v3.0 prefers it (see ``site/rules/diplomacy.md``).

A supported attack dislodges a holding unit, which may retreat anywhere but where the attack came from:

>>> from .tables import load_map, shipped
>>> from .notation import parse_order
>>> m = load_map("standard", shipped())
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

from .board import ALREADY_ORDERED, VOID, Board, Outcome, Rules, Unit
from .kinds import convoy, hold, move, support, transform
from .reading import Order
from .tables import Map, display, province_of

__all__ = ["ALREADY_ORDERED", "VOID", "Dislodged", "Judged", "Movement", "MovementResult", "Outcome", "Rules", "Unit"]

# What each kind of order decides on the board; a transforming unit holds
DECIDE = {"hold": hold.decide, "move": move.decide, "support": support.decide, "convoy": convoy.decide}
CHECK = {"move": move.check, "support": support.check, "convoy": convoy.check, "transform": transform.check}

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
        self.board = Board(m, list(units), self.rules, DECIDE)
        self.judged: list[Judged] = []
        self.order_of: dict[int, Order] = {}
        self.judged_of: dict[int, Judged] = {}
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

    def _match(self) -> None:
        """Each move meets the convoys ordered for it, then each support and convoy the order it names; one that
        no order matches is void (``kinds/``: each kind's ``match``)."""
        b = self.board
        convoys_for = convoy.offered(b)
        for i in range(len(b.units)):
            if b.kind[i] == "move":
                move.match(b, i, convoys_for)
        for i in range(len(b.units)):
            if b.kind[i] == "move":
                b.moves_into.setdefault(b.dst[i] or "", []).append(i)
        for i in range(len(b.units)):
            why = (support.match(b, i) if b.kind[i] == "support" else convoy.match(b, i) if b.kind[i] == "convoy"
                   else "")
            if why:
                self._void(i, why)

    def _void(self, i: int, reason: str) -> None:
        # a void support or convoy has no effect but its unit still stands there (and can be cut, reported)
        self.judged_of[i].reason = reason

    def legality(self) -> list[Judged]:
        """Each order judged legal or not: an illegal one is "invalid" with its reason, final (nothing after this
        makes an order invalid or changes an invalid one's reason); a legal one is not judged further."""
        b = self.board
        for i, o in self.order_of.items():
            why = CHECK[o.kind](b, i, o) if o.kind in CHECK else ""  # DATC 4.E.1: an illegal order: the unit holds
            if why:
                self._invalid(self.judged_of[i], why)
        return self.judged

    def run(self) -> MovementResult:
        self.legality()
        b = self.board
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
                dislodged.append(Dislodged(u, None if b.by_convoy(k) else b.units[k].province))
            else:
                # a dislodged unit does not transform (30JK section 7)
                after[u.province] = b.transform_to.get(i, u)
        contested = sorted({b.dst[i] or "" for i in range(n) if b.kind[i] == "move" and not moved[i]
                            and b.prevent(i) > 0} - set(after))
        for d in dislodged:
            d.retreats = [r for r in sorted(m.reach(d.unit.type, d.unit.region))
                          if province_of(r) not in after and province_of(r) != d.attacker_from
                          and province_of(r) not in contested]
        self._report(moved, dislodged)
        units = [after[p] for p in sorted(after)]
        return MovementResult(self.judged, units, dislodged, contested)

    def _report(self, moved: list[bool], dislodged: list[Dislodged]) -> None:
        """Each order's result and reason, as its kind says them; a holding or moving unit dislodged fails."""
        b, say = self.board, self.m.say
        lost = {d.unit.province for d in dislodged}
        for i, j in self.judged_of.items():
            if j.result == "invalid":
                continue
            kind, gone = b.kind[i], b.units[i].province in lost
            if kind == "move":
                j.result, j.reason = move.report(b, i, moved[i])
            elif kind in ("support", "convoy"):
                j.result, j.reason = (support if kind == "support" else convoy).report(b, i, gone, j.reason)
            if gone and kind in ("hold", "move"):
                j.result = "fails"
                j.reason = (j.reason + "; " if kind == "move" else "") + say("dislodged")
            elif kind == "hold":
                j.reason = hold.report(b, i)
