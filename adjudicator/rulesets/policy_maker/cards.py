"""The investment cards: the hidden deck, the hands, the two open cards and the wealth tax.

Hands are counts per kind and live in ``state["private"][investy]["hand"]``; the deck order and the discard
pile live in ``state["secret"]``. The public part only ever holds counts (``cards``, ``deck_size``).
"""

from __future__ import annotations

from ...dice import Dice
from ...kit.wording import plural
from .common import field, kinds, sectors
from .state import State
from .tables import JOKER


def new_deck(state: State) -> list[str]:
    """The 65 cards in board order: 15 of each sector, then 5 jokers (section "Material")."""
    table = state["board"]["table"]["deck"]
    return [k for k in sectors(state) for _ in range(table["per_sector"])] + [JOKER] * table["jokers"]


def empty_hand(state: State) -> dict[str, int]:
    return {k: 0 for k in kinds(state)}


def hand(state: State, key: str) -> dict[str, int]:
    return state["private"][key]["hand"]


def _sync(state: State, key: str | None = None) -> None:
    state["deck_size"] = len(state["secret"]["deck"])
    state["discard_size"] = len(state["secret"]["discard"])
    if key is not None:
        state["investys"][key]["cards"] = sum(hand(state, key).values())


def draw(state: State, dice: Dice) -> str | None:
    """The top card of the deck; an empty deck is refilled from the shuffled discard pile (house rule H8)."""
    deck = state["secret"]["deck"]
    if not deck and state["secret"]["discard"]:
        deck.extend(dice.shuffle(state["secret"]["discard"]))
        state["secret"]["discard"] = []
        state["reshuffles"] = state.get("reshuffles", 0) + 1
    card = deck.pop(0) if deck else None
    _sync(state)
    return card


def gain(state: State, key: str, cards: list[str]) -> None:
    for k in cards:
        hand(state, key)[k] += 1
    _sync(state, key)


def discard(state: State, key: str, cards: dict[str, int]) -> None:
    """Move cards from a hand to the discard pile (in kind order, so the pile is deterministic)."""
    h = hand(state, key)
    for k in kinds(state):
        n = cards.get(k, 0)
        if n:
            h[k] -= n
            state["secret"]["discard"].extend([k] * n)
    _sync(state, key)


def refill_open(state: State, dice: Dice) -> None:
    """Keep two open cards beside the deck (section "Vorbereitung" 5) while the cards last."""
    while len(state["open_cards"]) < state["board"]["table"]["open_cards"]:
        card = draw(state, dice)
        if card is None:
            return
        state["open_cards"].append(card)


def payment(state: State, key: str, sector_key: str, total: int, jokers: int) -> str | None:
    """Why ``key`` cannot pay ``total`` cards of a sector with ``jokers`` of them jokers, or None if it can."""
    h = hand(state, key)
    if jokers > total:
        return f"{plural(jokers, 'joker', 'jokers')} for a payment of {plural(total, 'card', 'cards')}"
    if jokers > h[JOKER]:
        return f"only {plural(h[JOKER], 'joker', 'jokers')} in hand"
    if total - jokers > h[sector_key]:
        return f"{plural(total - jokers, sector_key + ' card', sector_key + ' cards')} needed, {h[sector_key]} in hand"
    return None


def lowest_first(state: State, key: str) -> list[str]:
    """The default order of the wealth tax: the sectors where the Investy stands lowest, jokers last.

    Ties go to the sector with fewer cards in hand (the Investy has least in it), then board order.
    """
    h = hand(state, key)
    order = sorted(sectors(state), key=lambda s: (field(state, key, s), h[s], sectors(state).index(s)))
    return [*order, JOKER]


def tax_choice(state: State, key: str, wanted: dict[str, int] | None) -> dict[str, int]:
    """The 10 cards the wealth tax takes: the Investy's choice as far as it goes, then the lowest cards."""
    due = min(state["board"]["table"]["tax_discard"], sum(hand(state, key).values()))
    left = dict(hand(state, key))
    out = {k: 0 for k in kinds(state)}
    for k, n in (wanted or {}).items():
        take = min(n, left.get(k, 0), due - sum(out.values()))
        out[k] += take
        left[k] -= take
    for k in lowest_first(state, key):
        take = min(left[k], due - sum(out.values()))
        out[k] += take
        left[k] -= take
    return {k: n for k, n in out.items() if n}
