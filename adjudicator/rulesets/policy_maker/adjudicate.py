"""Adjudicating one phase: the Government's timeline action, an Investy's turn, or a wealth tax.

A round is a queue of phases, each awaiting one player (section "Ablauf"): the Government, then each
Investy from its left. A wealth tax the Investy could not choose in advance adds a phase for it.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, cast

from ...dice import Dice
from ...model import TurnResult
from . import cards, scoring
from .common import (
    action,
    action_name,
    cards_text,
    field,
    goal,
    government,
    initiative,
    investys,
    kind_name,
    kinds_text,
    name,
    sector,
)
from .orders import default_audit, grant_plan, invest_problem, manipulate_problem, open_steps, tax_problems
from .setup import HOLIDAY, holiday_at_once, start_round
from .state import Orders, Payment, State, TaxChange
from .tables import JOKER


class Phase:
    """The working copy of the state during one adjudication, with the public and private report lines."""

    def __init__(self, state: State, dice: Dice) -> None:
        self.s = copy.deepcopy(state)
        self.dice = dice.hidden("reshuffle")  # draws decide hands: the hidden stream
        self.events: list[dict[str, Any]] = []
        self.private: dict[str, list[str]] = {k: [] for k in [government(self.s), *investys(self.s)]}
        self.closed_log: list[str] | None = None  # the log of a round that ended in this phase

    def say(self, player: str | None, text: str) -> None:
        """A public line: goes into the report and the round's log."""
        self.events.append({"player": player, "text": text})
        self.s["log"].append(text)

    def tell(self, player: str, text: str) -> None:
        """A private line for one player's report only."""
        self.private[player].append(text)


def adjudicate(state: State, orders: Mapping[str, Orders], dice: Dice) -> TurnResult:
    """Run the open phase (one step, or the Audit and the first Investy's turn, H15) and, when the round is
    over, the round's end."""
    p = Phase(state, dice)
    s = p.s
    steps = open_steps(s)
    gov_orders = orders.get(government(s)) or {}
    if all(x["player"] != government(s) for x in steps) and "initiatives" in gov_orders:
        s["private"][government(s)]["initiative_preference"] = list(gov_orders["initiatives"])  # stands from now
    report: dict[str, Any] = {"round": s["round"], "action": action(s), "step": steps[0]["step"],
                              "player": steps[0]["player"],
                              "note": (orders.get(steps[0]["player"]) or {}).get("note") or None}
    if len(steps) > 1:
        report["with"] = {"step": steps[1]["step"], "player": steps[1]["player"],
                          "note": (orders.get(steps[1]["player"]) or {}).get("note") or None}
    for step in steps:
        s["queue"].pop(0)
        who = step["player"]
        given = orders.get(who) or {}
        if step["step"] == "government":
            _government(p, given)
        elif step["step"] == "investy":
            _investy(p, who, given)
        else:
            _wealth_tax(p, who, given.get("wealth_tax"))
    if not s["queue"]:
        _end_of_round(p)
    report["round_log"] = p.closed_log if p.closed_log is not None else list(s["log"])
    report["events"] = p.events
    report["result"] = copy.deepcopy(s["result"])
    for k in p.private:
        if k in s["investys"]:
            p.tell(k, f"Your hand: {cards_text(s, cards.hand(s, k))}.")
        else:
            card = goal(s, s["private"][k]["goal"])
            met = "met" if scoring.meets_goal(s, card["requires"]) else "not met"
            p.tell(k, f"Your secret policy goal: {card['name']} — {card['text']} (now {met}).")
            grant = s["private"][k]["grant_cards"]
            if grant:
                p.tell(k, "Grant funding to hand out: " + ", ".join(
                    f"{i}: {kind_name(s, c)}" for i, c in enumerate(grant, start=1)) + ".")
    report["private"] = p.private
    return TurnResult(state=cast(dict[str, Any], s), report=report)  # the engine stores any state as plain data


# --- the Government's timeline action ------------------------------------------------------------------


def _government(p: Phase, o: Orders) -> None:
    s = p.s
    gov = government(s)
    if "initiatives" in o:
        s["private"][gov]["initiative_preference"] = list(o["initiatives"])
    act = action(s)
    if act == "audit":
        _audit(p, o.get("audit"))
    elif act == "tax":
        _tax(p, o.get("tax") or [])
    elif act == "grant":
        _grant(p, o.get("grant") or {})
    else:
        p.say(gov, "Holiday break: the Government enjoys the holidays and does nothing.")


def _audit(p: Phase, target: str | None) -> None:
    s = p.s
    gov = government(s)
    if target not in investys(s):
        target = default_audit(s)
    seen = dict(cards.hand(s, target))
    s["private"][gov]["audits"].append({"round": s["round"], "investy": target, "hand": seen})
    p.say(gov, f"Audit: the Government looks at the hand of {name(s, target)} "
               f"({s['investys'][target]['cards']} cards).")
    p.tell(gov, f"Audit of {name(s, target)}: {cards_text(s, seen)}.")
    p.tell(target, "The Government has looked at your hand.")


def _tax(p: Phase, changes: list[TaxChange]) -> None:
    """Tax policy: up to two sectors by ±1, costs within the scale, their sum at most 12."""
    s = p.s
    gov = government(s)
    problems = {pr.path[1] for pr in tax_problems(s, changes) if pr.severity == "error"}
    done = []
    for i, c in enumerate(changes[:2]):
        if i in problems:
            p.say(gov, f"Tax policy: the change of {c['sector']} by {c['change']:+d} breaks the cost rules "
                       "and is not made.")
            continue
        before = s["costs"][c["sector"]]
        s["costs"][c["sector"]] = before + c["change"]
        done.append(f"{sector(s, c['sector'])['name']} {before} → {before + c['change']}")
    if done:
        p.say(gov, f"Tax policy: {'; '.join(done)}. Costs now add up to {sum(s['costs'].values())}.")
    else:
        p.say(gov, "Tax policy: the Government leaves every cost as it is.")


def _grant(p: Phase, wanted: Mapping[str, list[int]]) -> None:
    """Grant funding: the Government hands its 9 drawn cards to the Investys as it chooses."""
    s = p.s
    gov = government(s)
    drawn = s["private"][gov]["grant_cards"]
    plan = grant_plan(s, wanted)
    counts = []
    for k in investys(s):
        got = [drawn[i - 1] for i in plan[k]]
        cards.gain(s, k, got)
        counts.append(f"{name(s, k)} {len(got)}")
        p.tell(k, f"Grant funding: you receive {kinds_text(s, got)}.")
    p.tell(gov, "Grant funding handed out: " + "; ".join(
        f"{name(s, k)}: {kinds_text(s, [drawn[i - 1] for i in plan[k]])}" for k in investys(s)) + ".")
    s["private"][gov]["grant_cards"] = []
    p.say(gov, f"Grant funding: the Government hands out {len(drawn)} cards: {', '.join(counts)}.")
    # A tax due after the grant opens a phase for each Investy concerned, in turn order.
    due = [k for k in investys(s) if _tax_due(s, k)]
    s["queue"][0:0] = [{"step": "wealth_tax", "player": k} for k in due]
    for k in due:
        p.say(k, f"{name(s, k)} holds {s['investys'][k]['cards']} cards and owes the wealth tax.")


# --- an Investy's turn ------------------------------------------------------------------------------------


def _investy(p: Phase, me: str, o: Orders) -> None:
    s = p.s
    acted = False
    if "invest" in o and "manipulate" not in o:
        acted = _invest(p, me, o["invest"])
    elif "manipulate" in o and "invest" not in o:
        acted = _manipulate(p, me, o["manipulate"])
    elif "invest" in o:
        p.say(me, f"{name(s, me)} gave two actions; neither is carried out.")
    if not acted:
        p.say(me, f"{name(s, me)} passes.")
    funded = False
    if o.get("initiative"):
        if acted and s["options"]["initiative_is_action"]:
            p.say(me, f"{name(s, me)} already acted: the initiative counts as an action under this game's rules.")
        else:
            funded = _fulfil(p, me, o["initiative"])
    _draw(p, me, list(o.get("draw") or []), funded)
    if _tax_due(s, me):
        if "wealth_tax" in o:
            _wealth_tax(p, me, o["wealth_tax"])
        else:
            s["queue"].insert(0, {"step": "wealth_tax", "player": me})
            p.say(me, f"{name(s, me)} holds {s['investys'][me]['cards']} cards and owes the wealth tax.")


def _invest(p: Phase, me: str, o: Payment) -> bool:
    """Investieren: steps × cost cards of one sector; the stone moves that many fields."""
    s = p.s
    why = invest_problem(s, me, o)
    if why:
        p.say(me, f"{name(s, me)}'s investment cannot be made: {why}.")
        return False
    sec, steps, jokers = o["sector"], o["steps"], o.get("jokers", 0)
    total = steps * s["costs"][sec]
    cards.discard(s, me, {sec: total - jokers, JOKER: jokers})
    before = field(s, me, sec)
    s["tracks"][sec][me] = before + steps
    paid = f"{total} cards" + (f", {jokers} of them joker(s)" if jokers else "")
    p.say(me, f"{name(s, me)} invests in {sector(s, sec)['name']}: {paid} at cost {s['costs'][sec]}; "
              f"field {before} → {before + steps}.")
    return True


def _manipulate(p: Phase, me: str, o: Payment) -> bool:
    """Marktmanipulation: steps × (cost + 1) cards push an Investy in the danger zone back."""
    s = p.s
    why = manipulate_problem(s, me, o)
    if why:
        p.say(me, f"{name(s, me)}'s market manipulation cannot be made: {why}.")
        return False
    sec, steps, jokers, victim = o["sector"], o["steps"], o.get("jokers", 0), o["target"]
    total = steps * (s["costs"][sec] + 1)
    cards.discard(s, me, {sec: total - jokers, JOKER: jokers})
    before = field(s, victim, sec)
    s["tracks"][sec][victim] = before - steps
    paid = f"{total} cards" + (f", {jokers} of them joker(s)" if jokers else "")
    p.say(me, f"{name(s, me)} manipulates the {sector(s, sec)['name']} market against {name(s, victim)}: "
              f"{paid} at cost {s['costs'][sec]} + 1; {name(s, victim)} falls back from field {before} "
              f"to {before - steps}.")
    return True


def _fulfil(p: Phase, me: str, ident: str) -> bool:
    """Förderung: show an open initiative is met, keep the card, draw 5; the Government replaces it."""
    s = p.s
    if ident not in s["initiatives"]["open"]:
        p.say(me, f"{name(s, me)} claims {ident}, which is not open.")
        return False
    card = initiative(s, ident)
    if not scoring.meets_initiative(s, me, card["requires"]):
        p.say(me, f"{name(s, me)} does not meet {card['name']} ({card['text']}).")
        return False
    slot = s["initiatives"]["open"].index(ident)
    s["investys"][me]["initiatives"].append(ident)
    funding = [c for c in (cards.draw(s, p.dice) for _ in range(s["board"]["table"]["funding_cards"])) if c]
    cards.gain(s, me, funding)
    p.say(me, f"{name(s, me)} fulfils the public initiative {card['name']} and draws {len(funding)} cards "
              "of funding.")
    p.tell(me, f"Funding for {card['name']}: {kinds_text(s, funding)}.")
    _replace_initiative(p, slot)
    return True


def _replace_initiative(p: Phase, slot: int) -> None:
    """The Government draws two initiatives, shows the one it prefers and discards the other."""
    s = p.s
    gov = government(s)
    deck = s["secret"]["initiative_deck"]
    drawn = [deck.pop(0) for _ in range(min(2, len(deck)))]
    s["initiatives"]["deck_size"] = len(deck)
    if not drawn:
        s["initiatives"]["open"].pop(slot)
        p.say(gov, "No public initiatives are left to draw; the place stays empty.")
        return
    prefs = s["private"][gov]["initiative_preference"]
    ids = [c["id"] for c in s["board"]["initiatives"]]
    chosen = min(drawn, key=lambda i: (prefs.index(i) if i in prefs else len(prefs), ids.index(i)))
    s["initiatives"]["open"][slot] = chosen
    for other in drawn:
        if other != chosen:
            s["secret"]["initiative_discard"].append(other)
            s["initiatives"]["discarded"] += 1
    p.say(gov, f"The Government draws {len(drawn)} public initiative{'s' if len(drawn) > 1 else ''} and shows "
               f"{initiative(s, chosen)['name']}.")
    p.tell(gov, f"You drew {', '.join(initiative(s, i)['name'] for i in drawn)} and showed "
                f"{initiative(s, chosen)['name']} (your order of preference).")


def _draw(p: Phase, me: str, wanted: list[str], drew_before: bool) -> None:
    """End of turn: two cards, each the first entry of the list that can be had; else from the deck.

    An open joker can be taken only if no other card was drawn before in this turn (section "Achtung").
    """
    s = p.s
    said = []
    for _ in range(s["board"]["table"]["draws"]):
        took = None
        for i, want in enumerate(wanted):
            if want == "deck":
                took = "deck"
            elif want in s["open_cards"] and not (want == JOKER and drew_before):
                took = want
            if took:
                wanted.pop(i)
                break
        if took in (None, "deck"):
            card = cards.draw(s, p.dice)
            if card is None:
                said.append("nothing (the deck is empty)")
                continue
            said.append("one from the deck")
            p.tell(me, f"You draw {kind_name(s, card)} from the deck.")
        else:
            card = took
            s["open_cards"].remove(card)
            cards.refill_open(s, p.dice)
            said.append(f"the open {kind_name(s, card)}")
        cards.gain(s, me, [card])
        drew_before = True
    p.say(me, f"{name(s, me)} draws {' and '.join(said)}.")


# --- the wealth tax ---------------------------------------------------------------------------------------


def _tax_due(state: State, key: str) -> bool:
    due_from: int = state["options"]["wealth_tax_from"]
    return state["investys"][key]["cards"] >= due_from


def _wealth_tax(p: Phase, me: str, wanted: Mapping[str, int] | None) -> None:
    """Vermögenssteuer: 10 cards of the Investy's choice; what it did not choose, the lowest cards."""
    s = p.s
    if not _tax_due(s, me):
        return
    before = s["investys"][me]["cards"]
    paid = cards.tax_choice(s, me, dict(wanted or {}))
    cards.discard(s, me, paid)
    p.say(me, f"{name(s, me)} pays the wealth tax: {sum(paid.values())} of {before} cards discarded.")
    p.tell(me, f"Wealth tax: you discard {cards_text(s, paid)}.")


# --- the end of a round -----------------------------------------------------------------------------------


def _end_of_round(p: Phase) -> None:
    """Monopoly check, then the timeline marker moves on; at "Ende" the Government wins."""
    s = p.s
    done = scoring.watch_monopolies(s)
    for sec, w in s["monopoly_watch"].items():
        if w["rounds"] < s["options"]["monopoly_rounds"]:
            p.say(w["investy"], f"Monopoly watch: {name(s, w['investy'])} dominates {sector(s, sec)['name']} "
                                f"({w['rounds']} of {s['options']['monopoly_rounds']} rounds).")
    if done:
        winners = sorted({d["investy"] for d in done}, key=investys(s).index)
        s["finished"] = True
        s["result"] = {"reason": "monopoly", "winners": winners, "monopolies": done,
                       "scores": {k: scoring.investy_score(s, k) for k in investys(s)}}
        for d in done:
            p.say(d["investy"], f"Monopoly! {name(s, d['investy'])} holds {sector(s, d['sector'])['name']} "
                                "and wins the game.")
        return
    s["timeline_index"] += 1
    if s["timeline_index"] >= len(s["timeline"]):
        gov = government(s)
        s["finished"] = True
        s["result"] = {"reason": "timeline", "winners": [gov],
                       "government": scoring.government_score(s, s["private"][gov]["goal"]),
                       "scores": {k: scoring.investy_score(s, k) for k in investys(s)}}
        p.say(gov, "The timeline marker reaches »Ende«: no monopoly, the Government wins.")
        return
    p.closed_log = list(s["log"])
    s["round"] += 1
    start_round(s, p.dice)
    p.say(None, f"Round {s['round']} begins: {action_name(s)}.")
    if holiday_at_once(s):
        p.say(government(s), HOLIDAY)
