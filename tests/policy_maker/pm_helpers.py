"""Building Policy Maker positions for tests, through the ruleset's own moves where possible."""

from __future__ import annotations

from typing import Any

from adjudicator.dice import Dice
from adjudicator.model import Player
from adjudicator.rulesets.policy_maker import RULESET as R

PLAYERS = [Player("anna", "Anna", "anna", 1), Player("bert", "Bert", "bert", 2),
           Player("carl", "Carl", "carl", 3), Player("dora", "Dora", "dora", 4, "government")]
GOV, FIRST, SECOND, THIRD = "dora", "anna", "bert", "carl"  # Dora sits last: Anna is on her left


def new_game(seed: bytes = b"test", players: list[Player] | None = None, **options: Any) -> dict[str, Any]:
    return R.setup(options, players or PLAYERS, Dice(seed))


def play(state: dict[str, Any], who: str, orders: dict[str, Any], seed: bytes = b"turn") -> Any:
    """Adjudicate the open phase with ``orders`` for ``who`` (which must be the awaited player)."""
    assert R.phase(state).awaited == (who,), R.phase(state)
    return R.adjudicate(state, {who: orders}, Dice(seed))


def advance_to(state: dict[str, Any], step: str, who: str, limit: int = 60) -> dict[str, Any]:
    """Play default orders until the phase ``step`` of ``who`` is open."""
    for i in range(limit):
        head = state["queue"][0]
        if head["step"] == step and head["player"] == who:
            return state
        p = R.phase(state).awaited[0]
        state = R.adjudicate(state, {p: R.default_orders(state, p, None)}, Dice(b"adv%d" % i)).state
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
