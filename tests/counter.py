"""A tiny ruleset for the engine's own tests: each player adds 0..9 to their score, plus a die roll.

It is deliberately small but complete (schema, checks with warnings, NMR repeating last orders, hidden state),
so that the engine is tested against the same protocol as the real games. It does not ship.
"""

from __future__ import annotations

from copy import deepcopy

from adjudicator.kit.ruleset import RulesetError
from adjudicator.model import Phase, Problem, TurnResult


class Counter:
    name = "counter"
    title = "Counter"

    def setup(self, options, players, dice):
        if options.get("target", 30) < 1:
            raise RulesetError("target must be at least 1")
        return {"round": 0, "target": int(options.get("target", 30)),
                "scores": {p.key: 0 for p in players},
                "private": {p.key: {"bonus": dice.fork(p.key).below(3)} for p in players}}

    def join(self, state, player, dice):
        state = deepcopy(state)
        state["scores"][player.key] = 0
        state["private"][player.key] = {"bonus": dice.below(3)}
        return state

    def phase(self, state):
        finished = any(v >= state["target"] for v in state["scores"].values())
        return Phase(f"Round {state['round'] + 1}", tuple(sorted(state["scores"])), finished)

    def order_schema(self, state, player):
        return {"type": "object", "additionalProperties": False, "required": ["add"],
                "properties": {"add": {"type": "integer", "minimum": 0, "maximum": 9,
                                       "description": "how much to add, 0 to 9"},
                               "note": {"type": "string", "maxLength": 20}}}

    def check(self, state, player, orders):
        if orders["add"] > 5 and state["scores"][player] == 0:
            return [Problem("a first move above 5 is cut to 5", ("add",), "write 5 or less", "warning")]
        return []

    def default_orders(self, state, player, previous):
        return deepcopy(previous) if previous else {"add": 0}

    def adjudicate(self, state, orders, dice):
        new = deepcopy(state)
        rolls = {}
        for key in sorted(new["scores"]):
            add = orders.get(key, {"add": 0})["add"]
            if add > 5 and state["scores"][key] == 0:
                add = 5
            rolls[key] = dice.fork(f"roll/{key}").below(6)
            new["scores"][key] += add + rolls[key]
        new["round"] += 1
        return TurnResult(new, {"rolls": rolls, "scores": dict(new["scores"]),
                                "private": {k: {"bonus": v["bonus"]} for k, v in new["private"].items()}})

    def public_view(self, state):
        return {k: v for k, v in state.items() if k not in ("private", "secret")}

    def private_view(self, state, player):
        return {**self.public_view(state), **state["private"].get(player, {})}

    def describe(self, state, player, orders):
        return [f"add {orders['add']}"]

    def newsletter(self, state, report, players):
        rows = "\n".join(f"| {p.name} | {report['scores'].get(p.key, 0)} |" for p in players)
        return "| Player | Score |\n|---|---|\n" + rows


RULESET = Counter()
