"""A plain-spoken player for tests and for writing the demo: it sees only its own private view."""

from __future__ import annotations

import random
from typing import Any

from adjudicator.rulesets.policy_maker import RULESET
from adjudicator.rulesets.policy_maker.common import investys, sectors
from adjudicator.rulesets.policy_maker.orders import invest_problem, manipulate_problem, step_of
from adjudicator.rulesets.policy_maker.scoring import meets_initiative


def _view(state: dict[str, Any], me: str) -> dict[str, Any]:
    return RULESET.private_view(state, me)


def government_orders(state: dict[str, Any], me: str, rng: random.Random) -> dict[str, Any]:
    v = _view(state, me)
    act = v["timeline"][v["timeline_index"]]
    o: dict[str, Any] = {}
    keys = investys(v)
    if act == "audit":
        o["audit"] = max(keys, key=lambda k: (v["investys"][k]["cards"], rng.random()))
    elif act == "tax":
        # Slow the sector whose leader comes closest to its danger zone; pay for it elsewhere.
        lead = max(sectors(v), key=lambda s: max(v["tracks"][s][k] for k in keys))
        low = min(sectors(v), key=lambda s: (max(v["tracks"][s][k] for k in keys), -v["costs"][s]))
        changes = []
        if sum(v["costs"].values()) >= 12 and v["costs"][low] > 1:
            changes.append({"sector": low, "change": -1})
        if v["costs"][lead] < 6 and lead != low:
            changes.append({"sector": lead, "change": 1})
        o["tax"] = changes[:2]
    elif act == "grant":
        n = len(v["private"][me]["grant_cards"])
        numbers = list(range(1, n + 1))
        rng.shuffle(numbers)
        o["grant"] = {k: sorted(numbers[i::len(keys)]) for i, k in enumerate(keys)}
    ids = [c["id"] for c in v["board"]["initiatives"]]
    rng.shuffle(ids)
    o["initiatives"] = ids[:6]
    return o


def investy_orders(state: dict[str, Any], me: str, rng: random.Random) -> dict[str, Any]:
    v = _view(state, me)
    hand = v["private"][me]["hand"]
    o: dict[str, Any] = {}
    # Market manipulation against a rival about to dominate a sector, if the cards are there.
    for other in investys(v):
        for s in sectors(v):
            if other == me or v["tracks"][s][other] < [x for x in v["board"]["sectors"] if x["key"] == s][0][
                    "danger_from"]:
                continue
            for steps in (2, 1):
                m = {"target": other, "sector": s, "steps": steps,
                     "jokers": max(0, min(hand["joker"], steps * (v["costs"][s] + 1) - hand[s]))}
                if manipulate_problem(v, me, m) is None and rng.random() < 0.8:
                    o["manipulate"] = m
                    break
            if "manipulate" in o:
                break
        if "manipulate" in o:
            break
    if "manipulate" not in o:
        best = None
        for s in sorted(sectors(v), key=lambda s: -(hand[s] + 2 * v["tracks"][s][me])):
            for steps in range(6, 0, -1):
                total = steps * v["costs"][s]
                i = {"sector": s, "steps": steps, "jokers": max(0, total - hand[s])}
                if invest_problem(v, me, i) is None:
                    best = i
                    break
            if best:
                break
        if best and rng.random() < 0.9:
            o["invest"] = best
    alone = v["options"]["initiative_is_action"]  # then an initiative is the whole turn
    probe = {"board": v["board"], "seats": v["seats"], "tracks": {s: dict(t) for s, t in v["tracks"].items()}}
    if "invest" in o and not alone:
        probe["tracks"][o["invest"]["sector"]][me] += o["invest"]["steps"]
    for i in v["initiatives"]["open"]:
        card = next(c for c in v["board"]["initiatives"] if c["id"] == i)
        if meets_initiative(probe, me, card["requires"]):
            o["initiative"] = i
            if alone:
                o.pop("invest", None)
                o.pop("manipulate", None)
            break
    focus = max(sectors(v), key=lambda s: hand[s] + 2 * v["tracks"][s][me])
    o["draw"] = ([] if "initiative" in o else ["joker"]) + [focus, focus, "deck"]
    if rng.random() < 0.5:
        o["wealth_tax"] = {k: min(n, 10) for k, n in hand.items() if k != focus and n}
    return o


def orders_for(state: dict[str, Any], rng: random.Random) -> dict[str, dict[str, Any]]:
    """The orders of every player the open phase awaits (two when the Audit shares the first turn, H15)."""
    out: dict[str, dict[str, Any]] = {}
    for who in RULESET.phase(state).awaited:
        step = step_of(state, who)
        if step == "government":
            out[who] = government_orders(state, who, rng)
        elif step == "investy":
            out[who] = investy_orders(state, who, rng)
        elif rng.random() < 0.5:
            out[who] = {}
        else:
            hand = state["private"][who]["hand"]
            spec, left = {}, 10
            for k in sorted(hand, key=lambda k: hand[k]):
                take = min(hand[k], left)
                if take:
                    spec[k] = take
                    left -= take
            out[who] = {"wealth_tax": spec}
    return out
