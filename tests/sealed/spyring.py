"""A test ruleset with secrets worth keeping: codewords, hands of cards and a deck, all hidden.

Each player holds a codeword and a hand (``state["private"][player]``); the deck lies in ``state["secret"]``.
Every round each player bids 0..9; the highest bid draws the top card, and each player's private report tells
them what they drew and their codeword. Every hidden value is a long random token, so that a test can search
the public tree for it and be sure a hit is a leak.
"""

from __future__ import annotations

from copy import deepcopy

from adjudicator.kit.ruleset import HiddenStateViews, RulesetError
from adjudicator.kit.secrecy import Secrecy
from adjudicator.model import Phase, Problem, TurnResult


def token(dice, prefix: str) -> str:
    return f"{prefix}{dice.below(16 ** 12):012x}"


class Spyring(HiddenStateViews):  # the views of every real ruleset: private and secret hidden
    name = "spyring"
    title = "Spy Ring"

    def secrecy(self, options):
        return Secrecy(simultaneous=("every round's bids",), hidden_state={"private": "codewords and hands",
                                                                           "secret": "the deck"},
                       hidden_draws=("the deck and the codewords",))

    def setup(self, options, players, dice):
        if "orders" in options:
            raise RulesetError("the engine's own option 'orders' reached the ruleset")
        rounds = int(options.get("rounds", 3))
        hidden = dice.hidden("deal")  # the deck and the codewords are hidden information: the hidden stream
        deck = [token(hidden.fork(f"deck/{i}"), "deck") for i in range(3 * rounds + 3)]
        private = {p.key: {"codeword": token(hidden.fork(f"cw/{p.key}"), "code"), "hand": [deck.pop()]}
                   for p in players}
        return {"round": 0, "rounds": rounds, "scores": {p.key: 0 for p in players},
                "hands": {p.key: 1 for p in players}, "private": private, "secret": {"deck": deck}}

    def join(self, state, player, dice):
        raise RulesetError("no joining")

    def phase(self, state):
        return Phase(f"Round {state['round'] + 1}", tuple(sorted(state["scores"])), state["round"] >= state["rounds"])

    def order_schema(self, state, player):
        return {"type": "object", "additionalProperties": False, "required": ["bid"],
                "properties": {"bid": {"type": "integer", "minimum": 0, "maximum": 9, "description": "0 to 9"},
                               "note": {"type": "string", "maxLength": 60, "description": "a note"}}}

    def check(self, state, player, orders):
        # A bid may not exceed three times the cards in your hand: a rule that needs the player's hidden hand.
        if orders["bid"] > 3 * len(state["private"][player]["hand"]):
            return [Problem(f"a bid above {3 * len(state['private'][player]['hand'])} needs more cards in hand",
                            ("bid",), "bid less")]
        return []

    def default_orders(self, state, player, previous):
        return {"bid": 0}

    def adjudicate(self, state, orders, dice):
        new = deepcopy(state)
        bids = {k: orders[k]["bid"] for k in sorted(orders)}
        best = max(bids.values())
        winners = [k for k, v in bids.items() if v == best]
        winner = winners[dice.fork("tie").below(len(winners))]
        card = new["secret"]["deck"].pop()
        new["private"][winner]["hand"].append(card)
        new["hands"][winner] += 1
        new["scores"][winner] += best
        new["round"] += 1
        private = {k: {"codeword": new["private"][k]["codeword"], "drew": card if k == winner else None}
                   for k in sorted(new["private"])}
        return TurnResult(new, {"winner": winner, "bids": bids, "private": private})

    def describe(self, state, player, orders):
        return [f"bid {orders['bid']}"]


RULESET = Spyring()
