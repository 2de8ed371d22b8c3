"""What players write: the order schemas, the checks a schema cannot make, and the NMR defaults.

The Government's orders hold its timeline action and its standing order of preference for public
initiatives (applied when an Investy fulfils one later in the round: orders conditional on later events).
An Investy's orders hold one action (invest, manipulate, or none: pass), an initiative to fulfil, a list of
draw preferences that is worked through as cards are turned up, and the choice for a wealth tax if one
falls due at the end of the turn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from ...kit import benevolent
from ...kit.wording import plural
from ...model import Orders, Problem
from . import cards, scoring
from .common import field, government, in_danger_zone, initiative, investys, kinds, sector, sectors
from .state import Orders as PMOrders
from .state import Payment, State, Step, TaxChange
from .tables import JOKER

NOTE = {"type": "string", "maxLength": 500,
        "description": "A public line for the newsletter: what you tell the table. Never your cards."}


def grant_count(state: State) -> int:
    """How many grant cards the Government has to give: its own hidden cards if readable, else the table's number
    (a player validating without the Government's key sees the number the rules draw)."""
    own = state.get("private", {}).get(government(state))
    return len(own["grant_cards"]) if own and "grant_cards" in own else int(state["board"]["table"]["grant_cards"])


def joint_audit(state: State) -> bool:
    """Whether the Audit at the head of the round shares its phase with the first Investy's turn (house rule H15).

    The Audit changes nothing an Investy can see, so the first Investy's turn needs no phase of its own after it;
    the two are adjudicated in the text's order, the Audit first. Option ``audit_phase=own`` keeps them apart.
    """
    q = state["queue"]
    return (state["options"].get("audit_phase", "joint") == "joint" and len(q) > 1 and q[0]["step"] == "government"
            and state["timeline"][state["timeline_index"]] == "audit" and q[1]["step"] == "investy")


def open_steps(state: State) -> list[Step]:
    """The steps of the open phase (``{"step", "player"}``, in the order they are adjudicated); none when over."""
    if state["finished"] or not state["queue"]:
        return []
    return list(state["queue"][:2] if joint_audit(state) else state["queue"][:1])


def step_of(state: State, player: str) -> str | None:
    """The step ``player`` has in the open phase (government, investy or wealth_tax), or None."""
    return next((x["step"] for x in open_steps(state) if x["player"] == player), None)


def _obj(properties: dict[str, Any], required: list[str] | None = None, description: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {"type": "object", "additionalProperties": False, "properties": properties}
    if required:
        out["required"] = required
    if description:
        out["description"] = description
    return out


def _payment(state: State, me: str, target: bool) -> dict[str, Any]:
    props: dict[str, Any] = {}
    if target:
        props["target"] = {"enum": [k for k in investys(state) if k != me],
                           "description": "The Investy to push back; it must stand in the sector's danger zone."}
    props["sector"] = {"enum": sectors(state), "description": "The sector: " + ", ".join(sectors(state)) + "."}
    props["steps"] = {"type": "integer", "minimum": 1, "maximum": 20,
                      "description": "Fields to move; costs steps × cost cards"
                                     + (" + 1 per field (cost + 1)." if target else ".")}
    props["jokers"] = {"type": "integer", "minimum": 0, "maximum": 65,
                       "description": "How many of the cards paid are jokers (0 if left out)."}
    return _obj(props, ["target", "sector", "steps"] if target else ["sector", "steps"])


def _tax_spec(state: State) -> dict[str, Any]:
    n = state["board"]["table"]["tax_discard"]
    return _obj({k: {"type": "integer", "minimum": 0, "maximum": 65, "description": f"{k} cards to discard."}
                 for k in kinds(state)},
                description=f"Wealth tax: which {n} cards to discard; any rest are the lowest cards "
                            "(the sectors where you stand lowest, jokers last).")


def _preference(state: State) -> dict[str, Any]:
    ids = [c["id"] for c in state["board"]["initiatives"]]
    return {"type": "array", "uniqueItems": True, "items": {"enum": ids},
            "description": "Your order of preference of public initiatives: when you draw two, you show the one "
                           "listed first. Stands until changed; you may send it in any phase."}


def schema(state: State, player: str) -> dict[str, Any]:
    """The JSON Schema of the ``orders`` value of ``player`` in the open phase."""
    step = step_of(state, player)
    if step is None:
        if not state["finished"] and player == government(state):
            return _obj({"initiatives": _preference(state), "note": NOTE},
                        description="Not your phase: you may change your initiative preference.")
        return _obj({"note": NOTE}, description="It is not your phase: nothing to order now.")
    if step == "wealth_tax":
        return _obj({"wealth_tax": _tax_spec(state), "note": NOTE})
    ids = [c["id"] for c in state["board"]["initiatives"]]
    if step == "government":
        props: dict[str, Any] = {}
        act = state["timeline"][state["timeline_index"]]
        if act == "audit":
            props["audit"] = {"enum": investys(state), "description": "The Investy whose hand you look at."}
        elif act == "tax":
            change = _obj({"sector": {"enum": sectors(state), "description": "The sector whose cost changes."},
                           "change": {"enum": [1, -1], "description": "+1 raises the cost, -1 lowers it."}},
                          ["sector", "change"])
            props["tax"] = {"type": "array", "maxItems": 2, "items": change,
                            "description": "Up to two changes of ±1 in different sectors; costs add up to 12 "
                                           "at most. Empty: no change."}
        elif act == "grant":
            n = grant_count(state)
            props["grant"] = _obj({k: {"type": "array", "uniqueItems": True,
                                       "items": {"type": "integer", "minimum": 1, "maximum": max(n, 1)},
                                       "description": f"Numbers (1-{n}) of the grant cards this Investy gets."}
                                   for k in investys(state)},
                                  description="Who gets which grant card, by the numbers in your private "
                                              "report; cards not given are dealt in turn order.")
        props["initiatives"] = _preference(state)
        props["note"] = NOTE
        return _obj(props)
    return _obj({
        "invest": _payment(state, player, False) | {"description": "Invest in one sector at its current cost."},
        "manipulate": _payment(state, player, True) | {
            "description": "Market manipulation against an Investy in a danger zone, at cost + 1 per field."},
        "initiative": {"enum": ids, "description": "An open public initiative you meet at the end of your turn: "
                                                   "you keep the card and draw 5 cards."},
        "draw": {"type": "array", "maxItems": 10, "items": {"enum": [*kinds(state), "deck"]},
                 "description": "Your two draws: each time the first entry that can be had is used up (an "
                                "open card of that kind, or deck). Nothing left: from the deck."},
        "wealth_tax": _tax_spec(state),
        "note": NOTE,
    }, description="Leave out invest and manipulate to pass.")


# --- checks shared with adjudication -------------------------------------------------------------------


def invest_problem(state: State, me: str, o: Payment) -> str | None:
    """Why an investment cannot be made now, or None."""
    sec, steps, jokers = o.get("sector"), o.get("steps", 0), o.get("jokers", 0)
    if sec not in sectors(state) or not isinstance(steps, int) or steps < 1:
        return "name a sector and at least one step"
    end = sector(state, sec)["fields"]
    if field(state, me, sec) + steps > end:
        return f"the {sec} track ends at field {end}; you stand on {field(state, me, sec)}"
    return cards.payment(state, me, sec, steps * state["costs"][sec], jokers)


def manipulate_problem(state: State, me: str, o: Payment) -> str | None:
    """Why a market manipulation cannot be made now, or None."""
    sec, steps, jokers, victim = o.get("sector"), o.get("steps", 0), o.get("jokers", 0), o.get("target")
    if victim not in investys(state) or victim == me:
        return "the target must be another Investy"
    if sec not in sectors(state) or not isinstance(steps, int) or steps < 1:
        return "name a sector and at least one step"
    if not in_danger_zone(state, victim, sec):
        return (f"{victim} stands on field {field(state, victim, sec)} of {sec}, outside the danger zone "
                f"(from field {sector(state, sec)['danger_from']})")
    if steps > field(state, victim, sec):
        return (f"{victim} stands on field {field(state, victim, sec)}; it cannot fall back "
                f"{plural(steps, 'field', 'fields')}")
    return cards.payment(state, me, sec, steps * (state["costs"][sec] + 1), jokers)


def tax_problems(state: State, changes: Sequence[TaxChange]) -> list[Problem]:
    """Tax policy: distinct sectors, each cost on its scale, and all costs together at most 12.

    The sum is judged on the net result of the changes, so their order does not matter: at a sum of 12,
    ``[+1 education, -1 health]`` is as good as ``[-1 health, +1 education]``. If the net sum is too high, the
    raises that break it are named, the last first.
    """
    cost = state["board"]["table"]["cost"]
    costs = dict(state["costs"])
    out, seen, kept = [], set(), []
    for i, c in enumerate(changes):
        sec = cast(str, c.get("sector"))  # the order schema requires a sector of the board
        if i >= 2:
            out.append(Problem("at most two sectors change per Tax policy", ("tax", i), "remove this change"))
            continue
        if sec in seen:
            out.append(Problem(f"{sec} is changed twice", ("tax", i), "change two different sectors"))
            continue
        seen.add(sec)
        after = costs[sec] + c["change"]
        if not cost["min"] <= after <= cost["max"]:
            out.append(Problem(f"the cost of {sec} would be {after}", ("tax", i),
                               f"costs stay between {cost['min']} and {cost['max']}"))
            continue
        costs[sec] = after
        kept.append(i)
    for i in reversed(kept):
        if sum(costs.values()) <= cost["max_sum"]:
            break
        if changes[i]["change"] > 0:
            out.append(Problem(f"costs would add up to {sum(costs.values())}", ("tax", i),
                               f"all costs together are at most {cost['max_sum']}: lower another sector as well"))
            costs[changes[i]["sector"]] -= 1
    return sorted(out, key=lambda pr: pr.path)


def default_audit(state: State) -> str:
    """The NMR audit: the Investy with the most cards in hand (the first in turn order on a tie)."""
    order = investys(state)
    return max(order, key=lambda k: (state["investys"][k]["cards"], -order.index(k)))


def grant_plan(state: State, wanted: Mapping[str, list[int]]) -> dict[str, list[int]]:
    """Card numbers per Investy: the Government's choice, then the rest dealt in turn order."""
    n = grant_count(state)
    plan: dict[str, list[int]] = {k: [] for k in investys(state)}
    used: set[int] = set()
    for k in investys(state):
        for i in wanted.get(k, []):
            if 1 <= i <= n and i not in used:
                plan[k].append(i)
                used.add(i)
    rest = [i for i in range(1, n + 1) if i not in used]
    for j, i in enumerate(rest):
        plan[investys(state)[j % len(plan)]].append(i)
    return plan


def check(state: State, player: str, o: PMOrders | None) -> list[Problem]:
    """What the schema cannot say: hands, fields, costs, open cards."""
    o = o or {}
    step = step_of(state, player)
    if step is None:
        welcome = ("note", "initiatives") if not state["finished"] and player == government(state) else ("note",)
        extra = [k for k in o if k not in welcome]
        return [Problem("it is not your phase; these orders are not used", (extra[0],) if extra else (),
                        "wait for your phase", "warning")] if extra else []
    if step == "government":
        return _check_government(state, o)
    if step == "wealth_tax":
        return _check_tax_phase(state, player, o.get("wealth_tax") or {})
    return _check_investy(state, player, o)


def _check_government(state: State, o: PMOrders) -> list[Problem]:
    out = tax_problems(state, list(o.get("tax") or []))
    seen: set[int] = set()
    n = grant_count(state)
    for k, numbers in (o.get("grant") or {}).items():
        for j, i in enumerate(numbers):
            if i in seen:
                out.append(Problem(f"grant card {i} is given twice", ("grant", k, j), "give each card once"))
            elif i > n:
                out.append(Problem(f"there {'is' if n == 1 else 'are'} only {plural(n, 'grant card', 'grant cards')}",
                                   ("grant", k, j), f"use numbers 1-{n}"))
            seen.add(i)
    if "grant" in o and len(seen) < n:
        out.append(Problem(f"{plural(n - len(seen), 'grant card is', 'grant cards are')} not given; they are dealt "
                           "in turn order",
                           ("grant",), "give every number 1-9 to an Investy", "warning"))
    return out


def _check_investy(state: State, me: str, o: PMOrders) -> list[Problem]:
    out: list[Problem] = []
    if "invest" in o and "manipulate" in o:
        out.append(Problem("one action a turn: invest or manipulate", ("manipulate",), "keep one of the two"))
    if "invest" in o and (why := invest_problem(state, me, o["invest"])):
        out.append(Problem(f"this investment cannot be made: {why}", ("invest",), _pay_hint(state, me, o["invest"])))
    if "manipulate" in o and (why := manipulate_problem(state, me, o["manipulate"])):
        out.append(Problem(f"this manipulation cannot be made: {why}", ("manipulate",),
                           "market manipulation needs a target in a danger zone and enough cards"))
    ident = o.get("initiative")
    if ident:
        acted = "invest" in o or "manipulate" in o
        if acted and state["options"]["initiative_is_action"]:
            out.append(Problem("in this game fulfilling an initiative is your turn's action", ("initiative",),
                               "leave out invest and manipulate, or the initiative"))
        elif ident not in state["initiatives"]["open"]:
            out.append(Problem(f"{ident} is not an open public initiative", ("initiative",),
                               "open now: " + ", ".join(state["initiatives"]["open"])))
        elif not _meets_after(state, me, o, ident):
            card = initiative(state, ident)
            out.append(Problem(f"you will not meet {card['name']} at the end of your turn", ("initiative",),
                               f"it needs: {card['text']}"))
    draws = list(o.get("draw") or [])
    if JOKER in draws and (ident or draws.index(JOKER) > 0):
        out.append(Problem("an open joker can be taken only before any other card of this turn",
                           ("draw", draws.index(JOKER)), "put joker first and fulfil no initiative, "
                           "or expect another card instead", "warning"))
    out += _check_tax_spec(state, o.get("wealth_tax"), exact=False)
    return out


def _pay_hint(state: State, me: str, o: Payment) -> str:
    sec = o.get("sector")
    if sec not in sectors(state):
        return "name one of " + ", ".join(sectors(state))
    h = cards.hand(state, me)
    cost = state["costs"][sec]
    can = (h[sec] + h[JOKER]) // cost
    room = sector(state, sec)["fields"] - field(state, me, sec)
    return (f"at cost {cost} you can move at most {plural(min(can, room), 'field', 'fields')} with "
            f"{plural(h[sec], sec + ' card', sec + ' cards')} and "
            f"{h[JOKER]} jokers; say how many jokers you pay with")


def _meets_after(state: State, me: str, o: PMOrders, ident: str) -> bool:
    """Whether the initiative is met after this turn's investment (the initiative comes at the end)."""
    # the state with its own copy of the tracks (the rest is only read)
    probe: State = {**state, "tracks": {s: dict(v) for s, v in state["tracks"].items()}}
    inv = o.get("invest")
    if inv and "manipulate" not in o and not invest_problem(state, me, inv):
        probe["tracks"][inv["sector"]][me] += inv["steps"]
    return scoring.meets_initiative(probe, me, initiative(state, ident)["requires"])


def _check_tax_phase(state: State, me: str, spec: Mapping[str, int]) -> list[Problem]:
    out = _check_tax_spec(state, spec, exact=True)
    h = cards.hand(state, me)
    for k, n in spec.items():
        if n > h[k]:
            out.append(Problem(f"you hold {plural(h[k], k + ' card', k + ' cards')}, not {n}", ("wealth_tax", k),
                               f"at most {h[k]}"))
    return out


def _check_tax_spec(state: State, spec: Mapping[str, int] | None, exact: bool) -> list[Problem]:
    if spec is None:
        return []
    due = state["board"]["table"]["tax_discard"]
    total = sum(spec.values())
    if total > due:
        return [Problem(f"{plural(total, 'card', 'cards')} named; the wealth tax takes {due}", ("wealth_tax",),
                        f"name {plural(due, 'card', 'cards')}", "error" if exact else "warning")]
    if total < due:
        return [Problem(f"{plural(total, 'card', 'cards')} named; the other {due - total} "
                        f"{'is your lowest card' if due - total == 1 else 'are your lowest cards'}", ("wealth_tax",),
                        f"name {plural(due, 'card', 'cards')} to choose them all", "warning")]
    return []


def drop(orders: Orders, path: tuple[str | int, ...]) -> Orders | None:
    """``orders`` without the faulty one at ``path`` (house rule H17): a grant number or a wealth-tax kind on its
    own (the cards not given are dealt, the tax not named takes the lowest cards, as the text's defaults say), a
    tax change on its own, any other order (an investment, a manipulation, an initiative) as a whole."""
    if path[:1] == ("grant",) and len(path) >= 3:
        return benevolent.remove(orders, path[:3])
    if path[:1] == ("wealth_tax",) and len(path) >= 2:
        return benevolent.remove(orders, path[:2])
    return benevolent.drop_entry(orders, path)


def defaults(state: State, player: str) -> PMOrders:
    """The NMR rule: the Government audits the richest Investy and changes nothing else; an Investy passes
    and draws two cards from the deck; a wealth tax takes the lowest cards."""
    step = step_of(state, player)
    if step == "investy":
        return {"draw": ["deck", "deck"]}
    if step == "government" and state["timeline"][state["timeline_index"]] == "audit":
        return {"audit": default_audit(state)}
    return {}
