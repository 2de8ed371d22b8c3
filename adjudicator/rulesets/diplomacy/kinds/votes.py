"""A power's votes: a draw proposed (``Propose draw``), its votes withdrawn (``Withdraw votes``) and the game
conceded to a power (``Concede to England``): how they are read, checked and counted (``adjudicate`` hands
them over at the end of a phase)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from ....model import Problem
from ..reading import Order, OrderError, Reader, Say, power_names
from ..state import State
from ..tables import Map

# their keys of a structured entry (the orders' schema; ``structured`` reads them)
KEYS = {"draw": {"type": "boolean", "description": "true: propose a draw (movement phases)"}}
# the keys of standing votes, on maps whose votes stand until withdrawn (``votes: standing``; issue 29)
STANDING_KEYS = {
    "withdraw": {"type": "boolean", "description": "true: withdraw this power's standing draw or concession vote"},
    "concede": {"type": "string", "maxLength": 40, "description": "concede the game to this power (a vote)"},
}


class VoteKeys(TypedDict, total=False):
    """Its keys of a structured entry as the rules read them, typed as the schema admits them: a draw proposed (or
    withdrawn: ``draw: false``), standing votes withdrawn, a concession."""

    draw: bool
    withdraw: bool
    concede: str


def parse_opening(r: Reader, opening: str, power: str | None, text: str) -> Order:
    m = r.m
    if opening == "draw":
        r.take("draw")
        return Order("draw", power=power, text=text)
    if opening == "nodraw":
        return Order("nodraw", power=power, text=text)
    to = r.rest_in(power_names(m))
    if to is None:
        raise OrderError(m.say("concede to which power, in {order}?", order=repr(text)),
                         m.say("write 'Concede to' and a power: {powers}",
                               powers=", ".join(str(p["name"]) for p in m.powers.values())))
    return Order("concede", target=to, power=power, text=text)


def structured(e: VoteKeys, say: Say) -> str | None:
    if e.get("draw"):
        return "Propose draw"
    if e.get("draw") is False or e.get("withdraw"):
        return "Withdraw votes"
    return f"Concede to {e['concede']}" if e.get("concede") else None


VOTES = ("draw", "nodraw", "concede")


def standing_votes(m: Map) -> bool:
    """Whether a vote stands until withdrawn (the map's ``votes: standing``, as njudge's SET DRAW and webDiplomacy
    keep them; maps pinned before it: a proposal counts in its own movement phase only)."""
    return m.data.get("votes") == "standing"


def check(m: Map, state: State, power: str, order: Order, i: int) -> list[Problem]:
    """What is wrong with a vote: a power without a supply centre has none; a concession goes to another power
    still in the game; where votes do not stand, only a draw proposal in a movement phase counts."""
    say = m.say
    if not standing_votes(m):
        if order.kind != "draw":
            return [Problem(say("this game's votes are proposals of one movement phase: there is no {order}",
                                order=repr(order.text)), (i,), say("write 'Propose draw' in a movement phase"))]
        if state["kind"] != "movement":
            return [Problem(say("draw proposals count in movement phases only"), (i,),
                            say("send it with your next movement orders"), "warning")]
        return []
    if not state["supply_centres"].get(power):
        return [Problem(say("{power} has no supply centre and so no vote", power=str(m.powers[power]["name"])), (i,),
                        say("remove the line: a vote is for a power still in the game"))]
    if order.kind == "concede" and (order.target == power or not state["supply_centres"].get(order.target or "")):
        return [Problem(say("a concession goes to another power still in the game"), (i,),
                        say("write 'Concede to' and a power with supply centres"))]
    return []


def count_proposals(m: Map, s: State, report: dict[str, Any], drawers: list[str], kind: str) -> None:
    if kind != "movement" or s.get("result") or not drawers:
        return
    survivors = sorted(p for p, c in s["supply_centres"].items() if c and p in s["seats"].values())
    report["draw_proposals"] = sorted(set(drawers))
    if survivors and set(survivors) <= set(drawers):
        s["result"] = {"kind": "draw", "powers": survivors}
        report["draw"] = survivors


def count_standing(m: Map, s: State, report: dict[str, Any], cast: Mapping[str, tuple[str, str | None]]) -> None:
    """Votes as the judges keep them: each stands until withdrawn, in every phase; a power that lost its last
    supply centre loses its vote. Every surviving seated power's draw vote ends the game in a draw of them all;
    every one but one conceding to that one ends it in that power's victory."""
    standing = {str(k): (str(v[0]), v[1] if len(v) > 1 else None) for k, v in (s.get("votes") or {}).items()}
    for power, (kind, to) in cast.items():
        if kind == "nodraw":
            standing.pop(power, None)
        else:
            standing[power] = ("draw", None) if kind == "draw" else ("concede", to)
    survivors = sorted(p for p, c in s["supply_centres"].items() if c and p in s["seats"].values())
    standing = {p: v for p, v in sorted(standing.items()) if p in survivors and (v[1] is None or v[1] in survivors)}
    s["votes"] = {p: [kind, to] if to else [kind] for p, (kind, to) in standing.items()}
    report["votes"] = dict(s["votes"])
    if s.get("result") or not survivors:
        return
    if all(standing.get(p, ("",))[0] == "draw" for p in survivors):
        s["result"] = {"kind": "draw", "powers": survivors}
        report["draw"] = survivors
        return
    for winner in survivors:
        others = [p for p in survivors if p != winner]
        if others and all(standing.get(p) == ("concede", winner) for p in others):
            s["result"] = {"kind": "victory", "winner": winner, "conceded_by": others}
            report["victory"] = winner
            return
