"""Setting up a game of Auf Achse: options, hauliers, the published schedule of transport orders.

Every order offered in rounds 0 to 10 is drawn at setup and published (Auswertung: "Die im Spielverlauf zur
Versteigerung angebotenen Transport-Aufträge werden ... bereits vor der ersten Spielrunde ... veröffentlicht"):
first from the shuffled deck of the map, then from the map's generator (house rule: the table asks for 6n+1
orders, more than the box's 52 cards).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from ...dice import Dice
from ...kit.gamedata import GameData
from ...kit.ruleset import RulesetError
from ...model import Player
from .board import Board, load_board, map_names
from .state import Haulier, State
from .tables import offers_per_round, tables

# name -> (kind, default, what it is); kinds: bool, int, str
OPTIONS: dict[str, tuple[str, Any, str]] = {
    "map": ("str", "deutschland", "Sonderregel A c: the Spielplan (a map file packaged with the ruleset)"),
    "termin": ("bool", False, "Sonderregel A a: some orders are Termingeschäfte (deliver by a round)"),
    "rounds": ("int", 0, "Sonderregel A b: the game ends after this round (0: the text's end condition)"),
    "bundesbahn": ("bool", False, "Sonderregel B: the Bundesbahn bids 2W20% of each order's value"),
    "trucks": ("int", 1, "Sonderregel C: trucks per haulier (1 or 2)"),
    "trailer_discount": ("bool", False, "Sonderregel D a: trailers cost half"),
    "trailer_rent": ("bool", False, "Sonderregel D b: trailers are rented, not bought"),
    "phases": ("str", "standard", "Sonderregel E: 'E' for the reordered phases"),
    "speed_limit": ("bool", False, "Sonderregel F: more than 10 fields a round costs 500 kj"),
    "deal": ("str", "shuffled", "Sonderregel A c: 'ordered' deals the map's orders in the file's order"),
    "stau": ("bool", True, "house rule: a road field with trucks standing on it costs 2 or 4 times its points"),
    "last_round": ("int", 20, "house rule: the game ends after this round at the latest"),
}

_TRUE = {"true", "yes", "ja", "on", "1"}
_FALSE = {"false", "no", "nein", "off", "0"}


def read_options(game: GameData, raw: Mapping[str, Any]) -> dict[str, Any]:
    """Validated options with defaults; raises ``RulesetError`` naming the option and what to write."""
    unknown = sorted(set(raw) - set(OPTIONS))
    if unknown:
        many = "s" if len(unknown) > 1 else ""
        raise RulesetError(f"unknown option{many} {', '.join(unknown)}; known: {', '.join(OPTIONS)}",
                           word=f"setup.options.{'other' if many else 'one'}", unknown=", ".join(unknown),
                           known=", ".join(OPTIONS))
    out: dict[str, Any] = {}
    for name, (kind, default, what) in OPTIONS.items():
        value = raw.get(name, default)
        if kind == "bool" and not isinstance(value, bool):
            text = str(value).strip().lower()
            if text not in _TRUE | _FALSE:
                raise RulesetError(f"option {name} ({what}) must be true or false, not {value!r}",
                                   word="setup.aa_bool", option=name, value=repr(value))
            value = text in _TRUE
        elif kind == "int" and (isinstance(value, bool) or not isinstance(value, int)):
            try:
                value = int(str(value))
            except ValueError:
                raise RulesetError(f"option {name} ({what}) must be a whole number, not {value!r}",
                                   word="setup.aa_int", option=name, value=repr(value)) from None
        elif kind == "str":
            value = str(value)
        out[name] = value
    if out["map"] not in map_names():
        raise RulesetError(f"option map: no map {out['map']!r}; packaged maps: {', '.join(map_names())}",
                           word="setup.aa_map", map=repr(out["map"]), maps=", ".join(map_names()))
    if out["trucks"] not in (1, 2):
        raise RulesetError("option trucks (Sonderregel C) must be 1 or 2", word="setup.aa_trucks")
    if out["phases"] not in tables(game)["phases"]:
        raise RulesetError(f"option phases must be one of {', '.join(tables(game)['phases'])}", word="setup.aa_phases",
                           phases=", ".join(tables(game)["phases"]))
    if out["deal"] not in ("shuffled", "ordered"):
        raise RulesetError("option deal must be shuffled or ordered", word="setup.aa_deal")
    if out["rounds"] < 0 or out["rounds"] == 0 and out["last_round"] < 10 or out["last_round"] < 1:
        raise RulesetError("option rounds must be 0 or more, and last_round at least 10", word="setup.aa_rounds")
    return out


def board_of(game: GameData, state: State) -> Board:
    return load_board(game, state["options"]["map"])


def money(game: GameData, state: State) -> dict[str, int]:
    """Start capital and debt limit (both doubled under Sonderregel C)."""
    t, k = tables(game), state["options"]["trucks"]
    return {"start_cash": t["start_cash"] * k, "debt_limit": t["debt_limit"] * k}


def last_offer_round(game: GameData, state: State) -> int:
    rounds: int = state["options"]["rounds"]  # options and tables are checked as they are read: whole numbers
    last: int = tables(game)["last_offer_round"]
    return min(last, rounds) if rounds else last


def final_round(state: State) -> int:
    """The round after which the game ends whatever happens (Sonderregel A b, or the house cap)."""
    last: int = state["options"]["rounds"] or state["options"]["last_round"]  # whole numbers (read_options)
    return last


def start_cities(board: Board, role: str | None, trucks: int, dice: Dice) -> list[str]:
    """The start city of each truck: from the role ("HH", "Hamburg", "HH+M"), else rolled (Spielbeginn)."""
    wanted = [w.strip() for w in (role or "").replace(",", "+").replace("/", "+").split("+") if w.strip()]
    if len(wanted) > trucks:
        raise RulesetError(f"{len(wanted)} start cities given for {trucks} {'truck' if trucks == 1 else 'trucks'}",
                           word="setup.start_cities", n=len(wanted), trucks=trucks)
    out = []
    for w in wanted:
        code = city_code(board, w)
        if code is None:
            raise RulesetError(f"start city {w!r} is not on the map; write one of {', '.join(board.cities)}",
                               word="setup.start_city", city=repr(w), cities=", ".join(board.cities))
        out.append(code)
    codes = sorted(board.cities)
    while len(out) < trucks:
        out.append(codes[dice.below(len(codes))])
    return out


def city_code(board: Board, text: str) -> str | None:
    """A city's code from its code or name, ignoring case."""
    t = text.strip().lower()
    for code, city in board.cities.items():
        if t in (code.lower(), city.name.lower()):
            return code
    return None


def new_haulier(game: GameData, state: State, player: Player, dice: Dice) -> Haulier:
    board = board_of(game, state)
    cities = start_cities(board, player.role, state["options"]["trucks"], dice)
    return {"name": player.name, "cash": money(game, state)["start_cash"], "bankrupt": False,
            "trucks": [{"position": c, "trailers": [], "load": []} for c in cities],
            "delivered": [], "earned": 0, "spent": {"auction": 0, "fares": 0, "fines": 0, "site": 0, "trailers": 0,
                                                    "interest": 0}}


def setup(game: GameData, options: Mapping[str, Any], players: Sequence[Player], dice: Dice) -> State:
    opts = read_options(game, options)
    if not 5 <= len(players) <= 10:
        # Allgemeines: "Jeder der 5 bis 10 Mitspieler"; the offer table of Phase 1 has rows for 5 to 10 only.
        few = len(players) < 5
        raise RulesetError(f"Auf Achse is for 5 to 10 hauliers (Allgemeines: 'Jeder der 5 bis 10 Mitspieler'); "
                           f"{len(players)} given: name {'at least 5' if few else 'at most 10'} "
                           "players (more may join before round 0 is played)",
                           word="setup.aa_few" if few else "setup.aa_many", n=len(players))
    keys = [p.key for p in players]
    if len(set(keys)) != len(keys):
        raise RulesetError("two players have the same key", word="setup.same_key")
    state: State = {"ruleset": "auf-achse", "round": 0, "finished": False, "options": opts, "site": None,
                    "seats": [], "hauliers": {}, "orders": [], "secret": {"deck": []}}
    board = board_of(game, state)
    deck = range(len(board.deck))
    state["secret"]["deck"] = list(deck) if opts["deal"] == "ordered" else dice.hidden("deck").shuffle(deck)
    starts = dice.fork("start")
    for p in players:
        state["seats"].append(p.key)
        state["hauliers"][p.key] = new_haulier(game, state, p, starts)
    fill_schedule(game, state, dice.fork("schedule"))
    return state


def join(game: GameData, state: State, player: Player, dice: Dice) -> State:
    """Admit a haulier while round 0 has not been played; the schedule grows to the table's numbers."""
    if state["round"] != 0:
        raise RulesetError("hauliers join before round 0 (the auction of the first orders) only",
                           word="setup.aa_join_late")
    if player.key in state["hauliers"]:
        raise RulesetError(f"{player.key} already plays", word="setup.plays_already", player=player.key)
    if len(state["seats"]) >= 10:
        raise RulesetError("Auf Achse is for at most 10 hauliers", word="setup.aa_full")
    new = copy_state(state)
    new["seats"].append(player.key)
    new["hauliers"][player.key] = new_haulier(game, new, player, dice.fork("start"))
    fill_schedule(game, new, dice.fork("schedule"))
    return new


def fill_schedule(game: GameData, state: State, dice: Dice) -> None:
    """Add orders until every round offers the table's number for the current number of hauliers."""
    board = board_of(game, state)
    counts = offers_per_round(game, len(state["seats"]), state["options"]["trucks"])
    for rnd in range(last_offer_round(game, state) + 1):
        have = sum(1 for o in state["orders"] if o["offered"] == rnd)
        for _ in range(counts[rnd] - have):
            state["orders"].append(draw_order(state, board, rnd, dice))


def draw_order(state: State, board: Board, rnd: int, dice: Dice) -> dict[str, Any]:
    """The next order: the next deck card, else one from the generator (house rule)."""
    gen = board.generator
    deck = state["secret"]["deck"]
    if deck:
        card = dict(board.deck[deck.pop(0)])
        source = "deck"
    else:
        codes = sorted(board.cities)
        pick = codes[dice.below(len(codes))]
        goods = gen["goods"].get(pick) or ["Stückgut"]
        far = [c for c in codes if c != pick and (board.distance(pick, c) or 0) >= gen["min_points"]]
        to = far[dice.below(len(far))] if far else next(c for c in codes if c != pick)
        count = dice.randint(gen["count"][0], gen["count"][1])
        card = {"goods": goods[dice.below(len(goods))], "from": pick, "to": to, "count": count,
                "value": order_value(board, pick, to, count)}
        source = "generator"
    order = {"id": len(state["orders"]) + 1, "goods": card["goods"], "from": card["from"], "to": card["to"],
             "count": int(card["count"]), "value": int(card["value"]), "deliver_by": None, "offered": rnd,
             "status": "announced", "holder": None, "price": None, "truck": None, "source": source}
    if state["options"]["termin"] and dice.below(gen["termin"]["one_in"]) == 0:
        t = gen["termin"]
        dist = board.distance(order["from"], order["to"]) or 0
        order["deliver_by"] = rnd + 1 + -(-dist // t["points_per_round"]) + t["slack_rounds"]
        order["value"] = _round_to(order["value"] * (100 + t["bonus_percent"]) // 100, gen["value"]["round_to"])
    return order


def order_value(board: Board, start: str, goal: str, count: int) -> int:
    """The generator's Auftragswert: count * (base + per_point * distance), rounded (house rule)."""
    v = board.generator["value"]
    dist = board.distance(start, goal) or 0
    return _round_to(count * (v["base"] + v["per_point"] * dist), v["round_to"])


def _round_to(value: int, step: int) -> int:
    return (value + step // 2) // step * step


def copy_state(state: State) -> State:
    """A deep copy of the state: the same shape, so cast back from ``_copy``'s plain data."""
    return cast(State, _copy(state))


def _copy(value: Any) -> Any:
    """A deep copy of plain data (faster than copy.deepcopy and enough for state)."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value
