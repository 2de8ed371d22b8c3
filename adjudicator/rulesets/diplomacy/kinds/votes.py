"""A power's votes: a draw proposed (``Propose draw``), its votes withdrawn (``Withdraw votes``) and the game
conceded to a power (``Concede to England``); ``adjudicate`` counts them."""

from __future__ import annotations

from typing import Any

from ..reading import Order, OrderError, Reader, Say, power_names

# their keys of a structured entry (the orders' schema; ``structured`` reads them)
KEYS = {"draw": {"type": "boolean", "description": "true: propose a draw (movement phases)"}}
# the keys of standing votes, on maps whose votes stand until withdrawn (``votes: standing``; issue 29)
STANDING_KEYS = {
    "withdraw": {"type": "boolean", "description": "true: withdraw this power's standing draw or concession vote"},
    "concede": {"type": "string", "maxLength": 40, "description": "concede the game to this power (a vote)"},
}


def parse_opening(r: Reader, opening: str, power: str | None, text: str) -> Order:
    m = r.m
    if opening == "draw":
        r.take("draw")
        return Order("draw", power=power, text=text)
    if opening == "nodraw":
        return Order("nodraw", power=power, text=text)
    to = power_names(m).get(" ".join(r.toks[r.i:]))
    if to is None:
        raise OrderError(m.say("concede to which power, in {order}?", order=repr(text)),
                         m.say("write 'Concede to' and a power: {powers}",
                               powers=", ".join(str(p["name"]) for p in m.powers.values())))
    r.i = len(r.toks)
    return Order("concede", target=to, power=power, text=text)


def structured(e: dict[str, Any], say: Say) -> str | None:
    if e.get("draw"):
        return "Propose draw"
    if e.get("draw") is False or e.get("withdraw"):
        return "Withdraw votes"
    return f"Concede to {e['concede']}" if e.get("concede") else None
