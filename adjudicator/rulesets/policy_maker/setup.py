"""Options and the set-up of a game (section "Vorbereitung")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...dice import Dice
from ...kit.gamedata import GameData
from ...kit.ruleset import RulesetError
from ...model import Player
from . import cards, tables
from .common import cards_text, goal, investys, kinds, sectors
from .state import Board, State

DEFAULTS: dict[str, Any] = {
    "wealth_tax_from": 21,          # H7: "mehr als 20" (more than 20); 20 for the "20 oder mehr" reading
    "monopoly_rounds": 2,           # "zwei Runden lang"
    "initiative_is_action": False,  # H9: fulfilling an initiative comes on top of the turn's action
    "government_average": "all",    # H10: the average of all stones; "leaders": of each sector's furthest
    "timeline": "",                 # H2: empty keeps the timeline of the data file
    "audit_phase": "joint",         # H15: the Audit shares its phase with the first Investy's turn; "own": not
}


def _int(key: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not (isinstance(value, int) or (isinstance(value, str) and value.isdigit())):
        raise RulesetError(f"option {key} must be a whole number from {low} to {high}, not {value!r}")
    n = int(value)
    if not low <= n <= high:
        raise RulesetError(f"option {key} must be a whole number from {low} to {high}, not {n}")
    return n


def _bool(key: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if str(value).lower() in ("true", "yes", "1"):
        return True
    if str(value).lower() in ("false", "no", "0"):
        return False
    raise RulesetError(f"option {key} must be true or false, not {value!r}")


def options(given: Mapping[str, Any], board: Board) -> dict[str, Any]:
    """Validate ``--option`` values against the known options and fill in the defaults."""
    unknown = sorted(set(given) - set(DEFAULTS))
    if unknown:
        raise RulesetError(f"unknown option {unknown[0]!r}; known: {', '.join(DEFAULTS)}")
    out = dict(DEFAULTS)
    out.update(given)
    out["wealth_tax_from"] = _int("wealth_tax_from", out["wealth_tax_from"], 11, 65)
    out["monopoly_rounds"] = _int("monopoly_rounds", out["monopoly_rounds"], 1, 5)
    out["initiative_is_action"] = _bool("initiative_is_action", out["initiative_is_action"])
    if out["government_average"] not in ("all", "leaders"):
        raise RulesetError("option government_average must be 'all' or 'leaders'")
    if out["audit_phase"] not in ("joint", "own"):
        raise RulesetError("option audit_phase must be 'joint' (with the first Investy's turn) or 'own'")
    timeline = [a.strip() for a in str(out["timeline"] or "").split(",") if a.strip()]
    for a in timeline:
        if a not in board["actions"]:
            raise RulesetError(f"option timeline: {a!r} is none of {', '.join(board['actions'])}")
    out["timeline"] = ",".join(timeline)
    return out


def _government(players: Sequence[Player], dice: Dice) -> int:
    """The seat of the Government: the player whose role says so, else drawn by lot (Vorbereitung 2)."""
    roles = [(p.role or "").strip().lower() for p in players]
    for p, r in zip(players, roles, strict=True):
        if r not in ("", "government", "investy"):
            raise RulesetError(f"player {p.key}: role must be government, investy or empty, not {p.role!r}")
    chosen = [i for i, r in enumerate(roles) if r == "government"]
    if len(chosen) > 1:
        raise RulesetError("only one player can be the Government")
    if chosen:
        return chosen[0]
    free = [i for i, r in enumerate(roles) if r != "investy"]
    if not free:
        raise RulesetError("every player asked to be an Investy; one must be the Government")
    return free[dice.fork("government").below(len(free))]


def setup(given: Mapping[str, Any], players: Sequence[Player], dice: Dice, data: GameData) -> State:
    """The table at the start: roles, secret goal, hands, open cards and initiatives, costs, timeline, from the
    board of the game's files ``data``."""
    board = tables.board(data)
    opts = options(given, board)
    if not 3 <= len(players) <= 1 + len(board["table"]["colours"]):
        raise RulesetError(f"The Policy Maker needs one Government and 2 to {len(board['table']['colours'])} "
                           f"Investys (designed for 3); got {len(players)} players")
    keys = [p.key for p in players]
    if len(set(keys)) != len(keys):
        raise RulesetError("player keys must be distinct")
    g = _government(players, dice)
    order = keys[g + 1:] + keys[:g]  # "das Investy links von der Regierung" begins; seats go clockwise
    timeline = opts["timeline"].split(",") if opts["timeline"] else list(board["timeline"])
    state: State = {
        "game": "policy-maker",
        "options": opts,
        "board": board,
        "seats": {"government": keys[g], "investys": order, "names": {p.key: p.name for p in players}},
        "timeline": timeline,
        "timeline_index": 0,
        "round": 1,
        "costs": {},
        "tracks": {},
        "investys": {},
        "open_cards": [],
        "deck_size": 0,
        "discard_size": 0,
        "initiatives": {"open": [], "deck_size": 0, "discarded": 0},
        "monopoly_watch": {},
        "queue": [],
        "log": [],
        "finished": False,
        "result": None,
        "private": {},
        "secret": {"deck": [], "discard": [], "initiative_deck": [], "initiative_discard": []},  # dealt below
    }
    state["costs"] = {s: board["table"]["cost"]["start"] for s in sectors(state)}
    state["tracks"] = {s: {k: 0 for k in order} for s in sectors(state)}
    state["investys"] = {k: {"colour": board["table"]["colours"][i], "cards": 0, "initiatives": []}
                         for i, k in enumerate(order)}
    goals = dice.hidden("goal").shuffle([c["id"] for c in board["goals"]])
    state["private"] = {keys[g]: {"goal": goals[0], "audits": [], "grant_cards": [],
                                  "initiative_preference": []}}
    state["private"].update({k: {"hand": cards.empty_hand(state)} for k in order})
    deck_dice = dice.hidden("deck")  # the hidden stream: deck and hands are secret
    pile = [c["id"] for c in board["initiatives"]]
    state["secret"] = {"deck": deck_dice.shuffle(cards.new_deck(state)), "discard": [],
                       "initiative_deck": dice.hidden("initiatives").shuffle(pile), "initiative_discard": []}
    for k in order:
        drawn = [cards.draw(state, deck_dice) for _ in range(board["table"]["hand"])]
        cards.gain(state, k, [c for c in drawn if c is not None])  # the set-up deck holds every hand
    cards.refill_open(state, deck_dice)
    deck = state["secret"]["initiative_deck"]
    state["initiatives"]["open"] = [deck.pop(0) for _ in range(board["table"]["open_initiatives"])]
    state["initiatives"]["deck_size"] = len(deck)
    start_round(state, deck_dice)
    if holiday_at_once(state):
        state["log"].append(HOLIDAY)
    return state


def reports(state: State) -> dict[str, list[str]]:
    """Each player's private report of the set-up: the Government's secret policy goal with its condition
    (Vorbereitung 3: "Das Ziel der Regierung bleibt für die Investys geheim"), and each Investy's goal and hand."""
    gov = state["seats"]["government"]
    card = goal(state, state["private"][gov]["goal"])
    worth = state["board"]["table"]["government_points"]["goal"]
    out = {gov: [f"Your secret policy goal: {card['name']} — {card['text']} It scores {worth} points if it is met "
                 "at the end of the legislative period; keep the economy growing in every sector and let no monopoly "
                 "arise."]}
    for k in state["seats"]["investys"]:
        out[k] = ["Your goal: a monopoly position in one sector before the end of the legislative period (see "
                  "'How to win').",
                  f"Your hand: {cards_text(state, cards.hand(state, k))}."]
    return out


def start_round(state: State, dice: Dice) -> None:
    """A new round: the Government acts, then each Investy; Grant funding draws its 9 cards at once.

    The grant cards are drawn when the round opens, so that the Government sees them (privately) while it
    writes its orders; nothing happens between the opening of the round and its own action.
    """
    state["queue"] = [{"step": "government", "player": state["seats"]["government"]}]
    state["queue"] += [{"step": "investy", "player": k} for k in investys(state)]
    state["log"] = []
    if state["timeline"][state["timeline_index"]] == "grant":
        drawn = [cards.draw(state, dice) for _ in range(state["board"]["table"]["grant_cards"])]
        state["private"][state["seats"]["government"]]["grant_cards"] = [c for c in drawn if c is not None]


HOLIDAY = "Holiday break: the Government enjoys the holidays and does nothing (no phase waits for it)."


def holiday_at_once(state: State) -> bool:
    """Ablauf, "Holiday break: Die Regierung genießt die Feiertage und tut nichts": nobody decides anything, so
    the Government's step is taken off the round as it opens and the first Investy's turn is the next phase
    (house rule H15). Its initiative preference may still be sent in any phase (H14). True if it was taken off."""
    q = state["queue"]
    if state["timeline"][state["timeline_index"]] == "holiday" and q and q[0]["step"] == "government":
        q.pop(0)
        return True
    return False


__all__ = ["DEFAULTS", "HOLIDAY", "holiday_at_once", "kinds", "options", "setup", "start_round"]
