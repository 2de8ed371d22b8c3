"""Building Policy Maker positions for tests, through the ruleset's own moves where possible."""

from __future__ import annotations

import json
from typing import Any

import jsonschema

from adjudicator.dice import Dice
from adjudicator.model import Player
from adjudicator.rulesets.policy_maker import RULESET as R

PLAYERS = [Player("anna", "Anna", "anna", 1), Player("bert", "Bert", "bert", 2),
           Player("carl", "Carl", "carl", 3), Player("dora", "Dora", "dora", 4, "government")]
GOV, FIRST, SECOND, THIRD = "dora", "anna", "bert", "carl"  # Dora sits last: Anna is on her left


def new_game(seed: bytes = b"test", players: list[Player] | None = None, **options: Any) -> dict[str, Any]:
    return R.setup(options, players or PLAYERS, Dice(seed))


def play(state: dict[str, Any], who: str, orders: dict[str, Any], seed: bytes = b"turn",
         others: dict[str, dict[str, Any]] | None = None) -> Any:
    """Adjudicate the open phase with ``orders`` for ``who`` (an awaited player) and ``others``; any other
    awaited player gets the defaults, as at a deadline (the Audit shares a phase with the first turn, H15)."""
    phase = R.phase(state)
    awaited = phase.awaited
    given = {who: orders, **(others or {})}
    assert who in awaited and all(phase.takes(k) for k in given), phase
    full = {k: R.default_orders(state, k, None) for k in awaited} | given
    return R.adjudicate(state, full, Dice(seed))


def advance_to(state: dict[str, Any], step: str, who: str, limit: int = 60) -> dict[str, Any]:
    """Play default orders until the phase ``step`` of ``who`` is open."""
    for i in range(limit):
        head = state["queue"][0]
        if head["step"] == step and head["player"] == who:
            return state
        state = R.adjudicate(state, {p: R.default_orders(state, p, None) for p in R.phase(state).awaited},
                             Dice(b"adv%d" % i)).state
    raise AssertionError(f"never reached {step} of {who}")


def give(state: dict[str, Any], key: str, hand: dict[str, int]) -> None:
    """Give ``key`` exactly ``hand`` (test set-up), swapping cards with the deck so all 65 stay in play."""
    deck = state["secret"]["deck"]
    for kind, n in state["private"][key]["hand"].items():
        deck.extend([kind] * n)
    new = {k: 0 for k in state["private"][key]["hand"]}
    for kind, n in hand.items():
        for _ in range(n):
            deck.remove(kind)
        new[kind] = n
    state["private"][key]["hand"] = new
    state["investys"][key]["cards"] = sum(new.values())
    state["deck_size"] = len(deck)


def stack_deck(state: dict[str, Any], top: list[str]) -> None:
    """Put the cards ``top`` on top of the deck in this order (taken from further down)."""
    deck = state["secret"]["deck"]
    for kind in top:
        deck.remove(kind)
    deck[0:0] = top


def total_cards(state: dict[str, Any]) -> int:
    s = state
    return (len(s["secret"]["deck"]) + len(s["secret"]["discard"]) + len(s["open_cards"])
            + sum(sum(s["private"][k]["hand"].values()) for k in s["seats"]["investys"])
            + len(s["private"][s["seats"]["government"]]["grant_cards"]))


_META_CHECKED: set[str] = set()


def validator(schema: dict[str, Any]) -> Any:
    """A Draft 2020-12 validator of ``schema``, once the schema itself is checked against the draft's metaschema:
    each distinct schema once (by its sorted JSON: ``true`` and ``1`` apart). The metaschema check was nine tenths
    of a whole game of bots, the same few schemas checked twice a phase (``jsonschema.validate`` checks it again);
    issue 33, feedback in minutes."""
    key = json.dumps(schema, sort_keys=True)
    if key not in _META_CHECKED:
        jsonschema.Draft202012Validator.check_schema(schema)
        _META_CHECKED.add(key)
    return jsonschema.Draft202012Validator(schema)
