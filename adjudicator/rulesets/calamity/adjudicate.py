"""The course of a year: set-up, the mover's turn, the fields of Table 3, the risk steps and the year end.

A turn of the rule text is a chain of postal phases (see ``site/rules/calamity.md``, "Play by mail"):

- ``move``: the mover sells (3)(i), plays a card (3)(ii) and gives the choices of the field (3)(iii);
- for a risk field, ``reaction`` step 1 (before the row) and step 2 (after the row), each awaiting every holder
  of the category without a standing order for it, and ``answer`` phases for pass-on offers the recipient has
  not yet answered; the dice are rolled between them;
- ``year_end`` after the first year: every holder of policies may return some free of charge ((4)c).

``adjudicate`` plays the open phase (its dispatch by the phase's kind) on a copy of the state, which every other
function here changes in place; ``phase_label`` names the phase.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, Literal, cast

from ...dice import Dice
from ...kit.ruleset import RulesetError
from ...model import TurnResult
from . import ledger, orders
from .ledger import Log, charge, count, credit, name, policies, premium, transfer
from .state import Orders, Rule, Standing, State, pace, typed
from .tables import CATEGORIES, POLICY_CODES, YEAR_END, Tables, price

# --- the phase and its adjudication ----------------------------------------------------------------------------


def phase_label(st: State) -> str:
    ph = st["phase"]
    year = st["year"]
    kind = ph["kind"]
    if kind == "move":
        p = ph["awaited"][0]
        return (f"Year {year}, card {len(st['played']) + 1} of 24: {st['names'][p]} moves "
                f"(token on field {st['token']})")
    if kind in ("reaction", "answer"):
        risk = st["risk"]
        where = "before the row" if risk["step"] == 1 else f"row {risk['row']} rolled"
        what = "returns and pass-ons" if kind == "reaction" else "answers to pass-on offers"
        return f"Year {year}, field {risk['field']}: calamity {risk['category']}, step {risk['step']} ({where}): {what}"
    if kind == "year_end":
        return f"End of year {year}: free returns"
    return "Game over"


def adjudicate(tables: Tables, state: State, orders_by_player: Mapping[str, Orders], dice: Dice) -> TurnResult:
    """The open phase played: the mover's card and fields, a risk step's reactions or answers, or the year's
    end, with every other player's standing orders applied; the new state and the phase's public and private
    report."""
    st = copy.deepcopy(state)
    given = {p: (o or Orders()).copy() for p, o in orders_by_player.items() if p in st["players"]}
    log = Log()
    label = phase_label(st)
    kind = st["phase"]["kind"]
    if kind == "over":
        raise RulesetError("the game is over")
    if kind == "move":
        mover = st["phase"]["awaited"][0]
        for p, o in given.items():
            if p != mover:
                apply_standing(st, p, o.get("standing"))
        move(tables, st, mover, given.get(mover) or orders.default(st, mover), dice, log)
    elif kind == "reaction":
        ruled = {p: rule_as_standing(st, o) for p, o in given.items()}
        resolve_reaction(tables, st, ruled, dice, log)
    elif kind == "answer":
        ruled = {p: rule_as_standing(st, o) for p, o in given.items()}
        resolve_answers(tables, st, ruled, dice, log)
    elif kind == "year_end":
        for p, o in given.items():
            apply_standing(st, p, o.get("standing"))
        resolve_year_end(tables, st, given, dice, log)
    st["adjudications"] += 1
    report: dict[str, Any] = {
        "phase": label,
        "year": state["year"],
        "kind": kind,
        "events": log.events,
        "dice": log.dice,
        **log.extra,
        "next": phase_label(st),
        "private": {p: log.private[p] for p in st["seats"] if p in log.private},
    }
    return TurnResult(state=typed.plain(st), report=report)


# --- set-up and the year ---------------------------------------------------------------------------------------


def deal(tables: Tables, st: State, dice: Dice, log: Log) -> None:
    """(0) draw the first player by lot; (1) shuffle the 24 cards and deal them round the table from the first.

    Dealing one at a time from the first player gives everyone the same number, and with five players the last
    player one fewer, exactly as (1) says.
    """
    seats = st["seats"]
    first = dice.fork(f"first-player-year-{st['year']}").below(len(seats))
    order = seats[first:] + seats[:first]
    deck = dice.hidden(f"deal-year-{st['year']}").shuffle(tables.deck)  # hands are secret
    hands: dict[str, list[int]] = {p: [] for p in seats}
    for i, card in enumerate(deck):
        hands[order[i % len(order)]].append(card)
    st["order"] = order
    st["next"] = 0
    st["token"] = 0
    st["played"] = []
    st["hands"] = {p: len(hands[p]) for p in seats}
    st["secret"]["deal"] = {"year": st["year"], "cards": deck}
    for p in seats:
        st["private"][p]["hand"] = sorted(hands[p])
        log.tell(p, f"Year {st['year']}: your movement cards are {', '.join(map(str, sorted(hands[p])))}.")
    log.say(f"Year {st['year']} begins. Lot drawn: {name(st, order[0])} moves first; "
            f"order of play {', '.join(name(st, p) for p in order)}. The cards are dealt: "
            + ", ".join(f"{name(st, p)} {st['hands'][p]}" for p in order) + ".")
    open_move(st)


def open_move(st: State) -> None:
    st["phase"] = {"kind": "move", "awaited": [st["order"][st["next"]]]}


def after_turn(tables: Tables, st: State, dice: Dice, log: Log) -> None:
    """The next player with cards moves; after the last card the year closes on field 52 ((4))."""
    if st["token"] == YEAR_END:
        year_end(tables, st, dice, log)
        return
    order = st["order"]
    i = st["next"]
    for _ in range(len(order)):
        i = (i + 1) % len(order)
        if st["hands"][order[i]] > 0:
            st["next"] = i
            open_move(st)
            if not mover_has_choice(tables, st, order[i]):
                forced_move(tables, st, order[i], dice, log)
            return
    raise AssertionError("cards left in no hand although the token is not on field 52")


# The fields whose action asks the mover to choose (the others simply happen).
CHOICE_FIELDS = {"purchase", "tax", "takeover", "ascot", "henley", "monopoly"}


def possible_cards(tables: Tables, st: State) -> list[int]:
    """The card values that may still be in some hand, from public figures only (the deck and the cards played).

    The last card of the year is known to everyone: it takes the token to field 52."""
    if sum(st["hands"].values()) == 1:
        return [YEAR_END - st["token"]]
    left = list(tables.deck)
    for played in st["played"]:
        left.remove(played["card"])
    return sorted(set(left))


def field_has_choice(tables: Tables, st: State, p: str, number: int) -> bool:
    kind = tables.track[number].kind
    if kind == "market":
        kind = "purchase" if st["options"]["market"] == "purchase" else "quiet"
    if kind not in CHOICE_FIELDS:
        return False
    co = others(st, p)
    held_by_others = any(policies(st, q) for q in co)
    return {"purchase": True, "tax": len(co) > 1, "ascot": len(co) > 1, "takeover": held_by_others,
            "henley": held_by_others, "monopoly": bool(policies(st, p)) and held_by_others}[kind]


def last_card_of_the_year(tables: Tables, st: State, p: str) -> bool:
    """(4): the year's last card takes the token to field 52, which asks nothing of the mover, and every price on
    the track before it (the fourth quarter) is below the premium the policy pays at 52 ((4)a, Table 4): selling is
    strictly worse than keeping. So the move waits for no choice (pace 2, issue 32). Public figures only."""
    if pace(st) < 2 or sum(st["hands"].values()) != 1 or st["hands"][p] != 1:
        return False
    return all(price(tables, code, st["token"]) < tables.premium[code[0]] for code in policies(st, p))


def mover_has_choice(tables: Tables, st: State, p: str) -> bool:
    """Whether the mover has anything to decide, judged on public figures alone so that opening (or skipping)
    the phase tells nobody anything about the hidden hand: one card left, no policies to sell, and no field the
    card may reach asks for a choice; or the year's last card (``last_card_of_the_year``). Then the phase is
    played at once (house rule "no phase without a choice")."""
    if last_card_of_the_year(tables, st, p):
        return False
    if st["hands"][p] != 1 or policies(st, p):
        return True
    return any(field_has_choice(tables, st, p, st["token"] + v) for v in possible_cards(tables, st)
               if st["token"] + v <= YEAR_END)


def forced_move(tables: Tables, st: State, p: str, dice: Dice, log: Log) -> None:
    """Play the move of a mover without a choice in the same adjudication, with dice of its own."""
    if last_card_of_the_year(tables, st, p):
        log.say(f"{name(st, p)} plays the year's last card at once: it takes the token to field 52, and selling "
                "before it would pay less than the premium of keeping (nothing to choose).")
    else:
        log.say(f"{name(st, p)} has a single card, no policies and nothing to choose: the move is played at once.")
    move(tables, st, p, {"card": st["private"][p]["hand"][0]}, dice.fork(f"forced-{st['year']}-{len(st['played'])}"),
         log)


def year_end(tables: Tables, st: State, dice: Dice, log: Log) -> None:
    """(4)a premiums (double for all four copies of a type), (4)b 20 GE salary, (4)c free returns."""
    log.say(f"Year end (Jahresabschluß) of year {st['year']}.")
    statement = []
    for p in st["seats"]:
        amount, doubled = premium(tables, st, p)
        credit(st, p, amount + tables.events["salary"])
        statement.append({"player": p, "premium": amount, "doubled": doubled, "salary": tables.events["salary"],
                          "cash": st["players"][p]["cash"]})
        extra = f" (double for {', '.join(doubled)})" if doubled else ""
        log.say(f"{name(st, p)} receives {amount} GE premiums{extra} and {tables.events['salary']} GE salary.")
    log.extra.setdefault("year_end", []).append({"year": st["year"], "statement": statement})
    if st["year"] >= years(tables, st):
        finish(st, log)
        return
    awaited = [p for p in st["seats"] if policies(st, p) and standing_year_end(st, p) is None]
    if awaited:
        st["phase"] = {"kind": "year_end", "awaited": awaited}
    else:
        resolve_year_end(tables, st, {}, dice, log)


def standing_year_end(st: State, p: str) -> list[str] | None:
    """The standing order ``year_end``: the policies to return at (4)c, [] to keep all; None if there is none."""
    rule = st["private"][p].get("standing", {}).get("year_end")
    return None if rule is None else list(rule)


def years(tables: Tables, st: State) -> int:
    """The years the game lasts: two by the text, or the game master's option ``years`` (house rule). A state
    written before the option existed and lacking the key plays the text's two."""
    return int(st.get("years", tables.events["years"]))


def resolve_year_end(tables: Tables, st: State, orders: Mapping[str, Orders], dice: Dice, log: Log) -> None:
    """(4)c: policies returned to the bank without cost (the orders of the phase, else the standing order
    ``year_end``); then the next year is dealt."""
    for p in st["seats"]:
        given = orders.get(p) or {}
        wanted = given["return"] if "return" in given else standing_year_end(st, p) or []
        done = []
        for code in wanted:
            if count(st, p, code) > 0:
                ledger.remove_policy(st, p, code)
                done.append(code)
        if done:
            log.say(f"{name(st, p)} returns {', '.join(done)} to the bank free of charge.")
    new_year(tables, st, dice, log)


def new_year(tables: Tables, st: State, dice: Dice, log: Log) -> None:
    st["year"] += 1
    deal(tables, st, dice, log)


def finish(st: State, log: Log) -> None:
    """The winner is who owns the most GE after the last year (the second, or option ``years``); equal sums
    share the win (house rule)."""
    best = max(st["players"][p]["cash"] for p in st["seats"])
    winners = [p for p in st["seats"] if st["players"][p]["cash"] == best]
    st["phase"] = {"kind": "over", "awaited": [], "winners": winners}
    log.extra["winners"] = winners
    log.say(f"The game is over. {' and '.join(name(st, p) for p in winners)} "
            f"{'wins' if len(winners) == 1 else 'share the win'} with {best} GE.")


# --- the mover's turn ------------------------------------------------------------------------------------------


def others(st: State, p: str) -> list[str]:
    return [q for q in st["seats"] if q != p]


def valid_other(st: State, p: str, q: Any) -> bool:
    return isinstance(q, str) and q in st["players"] and q != p


# The keys of a player's standing orders, in the order they are kept: one per risk category, then Deckung and
# the year end's free returns.
STANDING_KEYS = (*CATEGORIES, "cover", "year_end")
LIST_KEYS = ("cover", "year_end")


def apply_standing(st: State, p: str, update: Standing | None) -> None:
    """Standing orders per category, and the Deckung order ``cover``, replace the earlier ones; ``null`` (None)
    cancels one."""
    if not update:
        return
    standing = st["private"][p].setdefault("standing", {})
    for key in STANDING_KEYS:
        if key in update:
            value = update[key]
            if value is None:
                standing.pop(key, None)
            elif key in LIST_KEYS:  # the schema's shapes: a list of policies, else a category's rule
                standing[key] = [str(code) for code in cast(list[str], value)]
            else:
                standing[key] = dict(cast(Rule, value))
    st["private"][p]["standing"] = {k: standing[k] for k in STANDING_KEYS if k in standing}


def move(tables: Tables, st: State, p: str, o: Orders, dice: Dice, log: Log) -> None:
    """One turn of ``p``: (i) sell, (ii) play a card, (iii) act on the field."""
    apply_standing(st, p, o.get("standing"))
    sold = []
    for code in o.get("sell", []):
        if count(st, p, code) > 0:
            ledger.remove_policy(st, p, code)
            credit(st, p, price(tables, code, st["token"]))
            sold.append(f"{code} ({price(tables, code, st['token'])} GE)")
    if sold:
        log.say(f"{name(st, p)} sells {', '.join(sold)} to the bank.")
    hand = st["private"][p]["hand"]
    card = o.get("card")
    if card not in hand:
        card = min(hand)
        log.tell(p, f"You had no valid card in your orders: your lowest card, {card}, was played.")
    hand.remove(card)
    st["hands"][p] -= 1
    st["token"] += card
    field = tables.track[st["token"]]
    st["played"].append({"player": p, "card": card, "field": field.number})
    log.extra["move"] = {"player": p, "card": card, "field": field.number, "kind": field.kind}
    log.say(f"{name(st, p)} plays a {card} and moves the token to field {field.number} ({field.name}).")
    log.tell(p, f"Cards left in your hand: {', '.join(map(str, hand)) or 'none'}.")
    ACTIONS[field.kind](tables, st, p, o, dice, log)
    if field.kind not in ("risk", "war"):  # a risk field ends the turn itself, after its last step
        after_turn(tables, st, dice, log)


def do_purchase(tables: Tables, st: State, p: str, o: Orders, dice: Dice, log: Log) -> None:
    """(3)(iii)a: up to three policies from the bank at the price of the quarter."""
    bought = []
    for code in o.get("buy", [])[: tables.events["purchase_limit"]]:
        cost = price(tables, code, st["token"])
        if ledger.in_bank(tables, st, code) > 0 and st["players"][p]["cash"] >= cost:
            credit(st, p, -cost)
            ledger.add_policy(st, p, code)
            bought.append(f"{code} ({cost} GE)")
    log.say(f"{name(st, p)} buys {', '.join(bought)}." if bought else f"{name(st, p)} buys nothing.")


def do_market(tables: Tables, st: State, p: str, o: Orders, dice: Dice, log: Log) -> None:
    """Markt (fields 19, 29, 36) has no description: house rule ``market`` (see the rules page)."""
    if st["options"]["market"] == "purchase":
        do_purchase(tables, st, p, o, dice, log)
    else:
        log.say("The market is quiet: nothing happens.")


def richest_other(st: State, p: str) -> str:
    return max(others(st, p), key=lambda q: (st["players"][q]["cash"], -st["seats"].index(q)))


def do_tax(tables: Tables, st: State, p: str, o: Orders, dice: Dice, log: Log) -> None:
    """Steuer: the mover receives 10 GE from a player of his choice (default: the richest)."""
    q = str(o["tax"]) if valid_other(st, p, o.get("tax")) else richest_other(st, p)
    charge(tables, st, q, tables.events["tax"], f"tax (Steuer) claimed by {name(st, p)}", log, to=p)


def cover_order(st: State, q: str) -> list[str]:
    """The order in which ``q`` gives up policies at Deckung, first to go first.

    The rule does not say which policies go (house rule): first the policies ``q`` names in the standing order
    ``cover``, one copy per entry, as far as he holds them; then the rest lowest premium first (A before D, type 1
    before 3), which leaves the holder the most premium.
    """
    left = list(policies(st, q))  # kept sorted, so the remainder is already lowest premium first
    named = []
    for code in st["private"][q].get("standing", {}).get("cover", []):
        if code in left:
            left.remove(code)
            named.append(code)
    return named + left


def do_cover(tables: Tables, st: State, p: str, o: Orders, dice: Dice, log: Log) -> None:
    """Deckung: whoever has less than 40 GE per policy pays 20 GE and returns policies until covered, in the
    order of ``cover_order``."""
    per = tables.events["cover_per_policy"]
    anyone = False
    for q in st["seats"]:
        if st["players"][q]["cash"] >= per * len(policies(st, q)):
            continue
        anyone = True
        charge(tables, st, q, tables.events["cover_fine"], "insufficient cover (Deckung)", log)
        returned = []
        order = cover_order(st, q)
        while policies(st, q) and st["players"][q]["cash"] < per * len(policies(st, q)):
            code = order.pop(0)
            ledger.remove_policy(st, q, code)
            returned.append(code)
        if returned:
            log.say(f"{name(st, q)} returns {', '.join(returned)} to the bank to restore cover.")
    if not anyone:
        log.say("Every player has cover of 40 GE per policy.")


def takeover_candidates(tables: Tables, st: State, p: str) -> list[tuple[str, str]]:
    """(policy, owner) pairs the mover could take over, cheapest first (the default choice of Übernahme)."""
    pairs = [(code, q) for q in others(st, p) for code in dict.fromkeys(policies(st, q))]
    return sorted(pairs, key=lambda cq: (price(tables, cq[0], st["token"]), POLICY_CODES.index(cq[0]),
                                         st["seats"].index(cq[1])))


def do_takeover(tables: Tables, st: State, p: str, o: Orders, dice: Dice, log: Log) -> None:
    """Übernahme: the mover must take three policies of his choice from co-players at the price, as far as his
    cash allows. Choices that cannot be carried out are made up with the cheapest policies on offer."""
    taken: list[str] = []

    def take(code: str, q: str) -> None:
        cost = price(tables, code, st["token"])
        if st["players"][p]["cash"] >= cost:
            credit(st, p, -cost)
            credit(st, q, cost)
            transfer(st, code, q, p)
            taken.append(f"{code} from {name(st, q)} ({cost} GE)")

    for entry in o.get("takeover", []):
        code, q = entry.get("policy"), entry.get("from")
        if len(taken) < tables.events["takeover"] and valid_other(st, p, q) and count(st, q, code) > 0:
            take(code, q)
    while len(taken) < tables.events["takeover"]:
        affordable = [(c, q) for c, q in takeover_candidates(tables, st, p)
                      if price(tables, c, st["token"]) <= st["players"][p]["cash"]]
        if not affordable:
            break
        take(*affordable[0])
    log.say(f"{name(st, p)} takes over {', '.join(taken)}." if taken
            else f"{name(st, p)} has nothing to take over.")


def do_ascot(tables: Tables, st: State, p: str, o: Orders, dice: Dice, log: Log) -> None:
    """Ascot: one die; the mover and the co-player of his choice both win or lose the same sum."""
    order = st["order"]
    default = next(q for q in order[order.index(p) + 1:] + order if q != p)
    q = str(o["ascot"]) if valid_other(st, p, o.get("ascot")) else default
    roll = dice.fork("ascot").randint(1, 6)
    amount = tables.ascot[roll]
    log.roll("Ascot race", roll, f"{amount:+d} GE for {name(st, p)} and {name(st, q)}")
    for who in (p, q):
        if amount >= 0:
            credit(st, who, amount)
        else:
            charge(tables, st, who, -amount, "losses at Ascot", log)


def do_henley(tables: Tables, st: State, p: str, o: Orders, dice: Dice, log: Log) -> None:
    """Henley: the mover may take one policy of his choice from a co-player without payment."""
    h = o.get("henley")
    code, q = (h.get("policy"), h.get("from")) if h else (None, None)
    if isinstance(q, str) and valid_other(st, p, q) and isinstance(code, str) and count(st, q, code) > 0:
        transfer(st, code, q, p)
        log.say(f"{name(st, p)} takes {code} from {name(st, q)} free of charge (Henley).")
    else:
        log.say(f"{name(st, p)} takes no policy at Henley.")


def do_monopoly(tables: Tables, st: State, p: str, o: Orders, dice: Dice, log: Log) -> None:
    """Monopol: up to two of the mover's policies swapped for as many of one or two co-players'."""
    done = []
    for swap in o.get("monopoly", [])[: tables.events["monopoly_swaps"]]:
        give, take, q = swap.get("give"), swap.get("take"), swap.get("with")
        if valid_other(st, p, q) and count(st, p, give) > 0 and count(st, q, take) > 0:
            transfer(st, give, p, q)
            transfer(st, take, q, p)
            done.append(f"{give} for {take} with {name(st, q)}")
    log.say(f"{name(st, p)} swaps {'; '.join(done)} (Monopol)." if done else f"{name(st, p)} swaps nothing.")


def do_winter_bonus(tables: Tables, st: State, p: str, o: Orders, dice: Dice, log: Log) -> None:
    """Winterbonus: every player receives half of the annual premiums (doubling included)."""
    for q in st["seats"]:
        amount = premium(tables, st, q)[0] // 2
        credit(st, q, amount)
        log.say(f"{name(st, q)} receives a winter bonus of {amount} GE.")


def do_mismanagement(tables: Tables, st: State, p: str, o: Orders, dice: Dice, log: Log) -> None:
    """Mißmanagement: the player(s) holding the fewest policies pay 40 GE each."""
    fewest = min(len(policies(st, q)) for q in st["seats"])
    for q in st["seats"]:
        if len(policies(st, q)) == fewest:
            charge(tables, st, q, tables.events["mismanagement"], f"mismanagement ({fewest} policies)", log)


def do_earthquake(tables: Tables, st: State, p: str, o: Orders, dice: Dice, log: Log) -> None:
    """Erdbeben: a risk field of all four categories with no returns and no pass-ons; one cell for all four."""
    row = dice.fork("earthquake-row").randint(1, 6)
    column = dice.fork("earthquake-column").randint(1, 6)
    log.roll("earthquake row", row, f"row {row}")
    log.roll("earthquake column", column, f"column {column}")
    for cat in CATEGORIES:
        marked = sorted(tables.matrices[cat].cell(row, column))
        log.say(f"Cell {row}/{column} of category {cat} marks "
                + (", ".join(f"{cat}{t}" for t in marked) if marked else "nothing") + ".")
    settle(tables, st, CATEGORIES, row, column, "the earthquake (Erdbeben)", log)


def do_year_end(tables: Tables, st: State, p: str, o: Orders, dice: Dice, log: Log) -> None:
    """Field 52 is handled after the move (``after_turn``), so the year closes once the field is done."""


def do_risk(tables: Tables, st: State, p: str, o: Orders, dice: Dice, log: Log) -> None:
    category = tables.track[st["token"]].category
    assert category is not None  # a risk field names its category (track.yaml)
    start_risk(tables, st, category, dice, log)


def do_war(tables: Tables, st: State, p: str, o: Orders, dice: Dice, log: Log) -> None:
    """Krieg: a die picks the category (1-2 A, 3-4 B, 5 C, 6 D); then a risk field of that category."""
    roll = dice.fork("war").randint(1, 6)
    log.roll("war", roll, f"category {tables.war[roll]}")
    start_risk(tables, st, tables.war[roll], dice, log)


ACTIONS = {
    "purchase": do_purchase,
    "market": do_market,
    "tax": do_tax,
    "cover": do_cover,
    "takeover": do_takeover,
    "ascot": do_ascot,
    "henley": do_henley,
    "monopoly": do_monopoly,
    "winter_bonus": do_winter_bonus,
    "mismanagement": do_mismanagement,
    "earthquake": do_earthquake,
    "war": do_war,
    "risk": do_risk,
    "year_end": do_year_end,
}


# --- risk fields: (3)(iii)b ------------------------------------------------------------------------------------


def settle(tables: Tables, st: State, categories: tuple[str, ...] | list[str], row: int, column: int, why: str,
           log: Log) -> None:
    """Step 3: every policy whose type is marked on the cell costs its holder 40 GE; the policies stay."""
    anyone = False
    for q in st["seats"]:
        hits = [code for code in policies(st, q)
                if code[0] in categories and int(code[1]) in tables.matrices[code[0]].cell(row, column)]
        if hits:
            charge(tables, st, q, tables.events["damage"] * len(hits), f"{why}: {', '.join(hits)}", log)
            anyone = True
    if not anyone:
        log.say("Nobody holds a policy marked on that cell.")


def start_risk(tables: Tables, st: State, category: str, dice: Dice, log: Log) -> None:
    st["risk"] = {"field": st["token"], "category": category, "step": 1, "row": None, "offers": []}
    log.say(f"Calamity in category {category}: every holder of {category} policies is at risk "
            f"({tables.matrices[category].risk.numerator}/{tables.matrices[category].risk.denominator} per policy).")
    open_reaction(tables, st, dice, log)


def holders(st: State, category: str) -> list[str]:
    return [q for q in st["seats"] if ledger.holds_category(st, q, category)]


def standing_for(st: State, p: str, category: str) -> dict[str, Any] | None:
    return st["private"][p].get("standing", {}).get(category)


def open_reaction(tables: Tables, st: State, dice: Dice, log: Log) -> None:
    """A reaction phase awaits every holder of the category who has no standing order for it; if none is
    awaited the standing orders answer at once and the dice roll on."""
    cat = st["risk"]["category"]
    awaited = [q for q in holders(st, cat) if standing_for(st, q, cat) is None]
    if awaited:
        st["phase"] = {"kind": "reaction", "awaited": awaited}
    else:
        resolve_reaction(tables, st, {}, dice, log)


def standing_returns(tables: Tables, st: State, p: str) -> list[str]:
    """What ``p``'s standing order for the category returns at the current step (none without one)."""
    risk = st["risk"]
    cat = risk["category"]
    rule = standing_for(st, p, cat) or {}
    held = [code for code in policies(st, p) if code[0] == cat]
    if risk["step"] == 1:
        return held if rule.get("before_row") == "return" else []
    threshold = rule.get("after_row")
    if not isinstance(threshold, int):
        return []
    return [code for code in held if tables.matrices[cat].row_count(risk["row"], int(code[1])) >= threshold]


def resolve_reaction(tables: Tables, st: State, orders: Mapping[str, Orders], dice: Dice, log: Log) -> None:
    """Returns to the bank (4 or 20 GE each), then pass-on offers; unanswered offers open an answer phase."""
    risk = st["risk"]
    cat, step = risk["category"], risk["step"]
    fee = ledger.return_fee(tables, step)
    for p in st["seats"]:
        if p in orders:
            apply_standing(st, p, orders[p].get("standing"))
    offered = {p: pass_orders(st, orders, p) for p in st["seats"]}
    for p in holders(st, cat):
        wanted = chosen_returns(tables, st, orders, p, offered[p])
        returned = []
        for code in wanted:
            if code[0] == cat and count(st, p, code) > 0 and st["players"][p]["cash"] >= fee:
                ledger.remove_policy(st, p, code)
                credit(st, p, -fee)
                returned.append(code)
        if returned:
            log.say(f"{name(st, p)} returns {', '.join(returned)} to the bank for {fee * len(returned)} GE.")
    # The offers of a step are made together by those who hold the policies when it opens, as at the table: a
    # policy received in this step (an offer carried out before this one) is passed on at the next step, not
    # down a chain in the same step; a standing offer of a policy its giver does not hold is not made.
    offers: list[Any] = []
    for p in st["seats"]:
        for offer in offered[p]:
            if (offer.get("policy", " ")[0] == cat and valid_other(st, p, offer.get("to"))
                    and count(st, p, offer["policy"]) > 0):
                offers.append({"id": len(risk["offers"]) + len(offers) + 1, "from": p, "to": offer["to"],
                               "policy": offer["policy"], "fee": int(offer.get("fee", 0)),
                               "if_refused": offer.get("if_refused", "keep"), "answer": None})
    for offer in offers:
        log.say(f"{name(st, offer['from'])} offers {offer['policy']} to {name(st, offer['to'])} "
                f"with a fee of {offer['fee']} GE (offer {offer['id']}).")
        offer["answer"] = standing_answer(st, orders, offer)
    risk["offers"].extend(offers)
    open_answers = [o for o in offers if o["answer"] is None]
    if open_answers:
        # The offers answered already wait with the open ones and are carried out with them, in offer order.
        awaited = [q for q in st["seats"] if any(o["to"] == q for o in open_answers)]
        st["phase"] = {"kind": "answer", "awaited": awaited}
        return
    carry_out(tables, st, unsettled(st), log)
    next_risk_step(tables, st, dice, log)


def pass_orders(st: State, orders: Mapping[str, Orders], p: str) -> list[Mapping[str, Any]]:
    """``p``'s pass-on offers at this step: those of the phase's orders if they have ``pass``, else the standing
    offers of the category made for this step."""
    given = orders.get(p) or {}
    if "pass" in given:
        return list(given["pass"])
    rule = standing_for(st, p, st["risk"]["category"]) or {}
    return [o for o in rule.get("pass", []) if int(o.get("step", 1)) == st["risk"]["step"]]


def chosen_returns(tables: Tables, st: State, orders: Mapping[str, Orders], p: str,
                   offered: list[Mapping[str, Any]]) -> list[str]:
    """The returns of the phase's orders if they have ``return``; else the standing order's, less one copy for
    each policy offered on (an offer is a choice to keep the policy until it is answered)."""
    given = orders.get(p) or {}
    if "return" in given:
        return list(given["return"])
    wanted = standing_returns(tables, st, p)
    for offer in offered:
        if offer.get("policy") in wanted:
            wanted.remove(offer["policy"])
    return wanted


def unsettled(st: State) -> list[dict[str, Any]]:
    """The offers of the risk field not yet carried out (those of the current step)."""
    return [o for o in st["risk"]["offers"] if "result" not in o]


def matches(entry: Mapping[str, Any], offer: Mapping[str, Any]) -> bool:
    return bool(entry.get("policy") == offer["policy"] and entry.get("from") == offer["from"]
                and int(entry.get("fee", 0)) == offer["fee"])


def standing_answer(st: State, orders: Mapping[str, Orders], offer: dict[str, Any]) -> bool | None:
    """True/False if the recipient has already answered (an ``accept`` in this phase or a standing order),
    None if the recipient must be asked in an answer phase."""
    q = offer["to"]
    if any(matches(e, offer) for e in (orders.get(q) or {}).get("accept", [])):
        return True
    rule = standing_for(st, q, offer["policy"][0])
    if rule is not None:
        return isinstance(rule.get("accept_fee"), int) and offer["fee"] >= rule["accept_fee"]
    return None


def rule_as_standing(st: State, o: Orders) -> Orders:
    """``o`` with its ``rule`` (pace 2: the reaction or answer given as a rule for the category at risk) made the
    standing order of that category, which keeps it for the category's later calamities until replaced."""
    if pace(st) < 2 or not isinstance(o.get("rule"), Mapping) or not st.get("risk"):
        return o
    ruled = o.copy()
    ruled["standing"] = {**(o.get("standing") or {}), st["risk"]["category"]: o["rule"].copy()}
    return ruled


def resolve_answers(tables: Tables, st: State, orders: Mapping[str, Orders], dice: Dice, log: Log) -> None:
    """The recipients accept the offers they list; every other open offer is refused. Then every offer of the
    step is carried out, the ones answered before (by orders or a standing price) included."""
    for p, o in orders.items():
        if p in st["players"]:
            apply_standing(st, p, o.get("standing"))
    for offer in st["risk"]["offers"]:
        if offer["answer"] is None:
            given = orders.get(offer["to"]) or {}
            offer["answer"] = any(matches(e, offer) for e in given.get("accept", []))
            if pace(st) >= 2 and "accept" not in given and "rule" in given:
                offer["answer"] = bool(standing_answer(st, {}, offer))  # the rule just given answers it
    carry_out(tables, st, unsettled(st), log)
    next_risk_step(tables, st, dice, log)


OfferResult = Literal["passed", "refused", "lapsed", "refused, returned", "lapsed, returned"]
"""What became of a policy offered to a co-player ((iii)b 1. Schritt b)): it passed for the fee; the recipient
refused it; or it lapsed (accepted, but the giver no longer held the policy or the fee). ``returned``: not passed,
it went back to the bank for the step's fee as the giver asked (``if_refused: return``, 1. Schritt a))."""


def not_passed(refused: bool, returned: bool) -> OfferResult:
    """The result of an offer that did not pass: refused or lapsed, and whether the policy was returned."""
    if refused:
        return "refused, returned" if returned else "refused"
    return "lapsed, returned" if returned else "lapsed"


def carry_out(tables: Tables, st: State, offers: list[dict[str, Any]], log: Log) -> None:
    """Accepted offers: the policy goes to the recipient and the giver pays the fee to him. A refused (or
    lapsed) offer leaves the policy with the giver, or returns it to the bank if the giver asked for that."""
    fee = ledger.return_fee(tables, st["risk"]["step"])
    for offer in offers:
        giver, taker, code = offer["from"], offer["to"], offer["policy"]
        ok = count(st, giver, code) > 0 and st["players"][giver]["cash"] >= offer["fee"]
        if offer["answer"] and ok:
            transfer(st, code, giver, taker)
            credit(st, giver, -offer["fee"])
            credit(st, taker, offer["fee"])
            passed: OfferResult = "passed"
            offer["result"] = passed
            log.say(f"{name(st, taker)} accepts offer {offer['id']}: {code} passes from {name(st, giver)}, "
                    f"who pays {offer['fee']} GE.")
            continue
        why = "refuses" if not offer["answer"] else "cannot take (the giver no longer can pass it)"
        line = f"{name(st, taker)} {why} offer {offer['id']} ({code} from {name(st, giver)})"
        returned = (offer["if_refused"] == "return" and count(st, giver, code) > 0
                    and st["players"][giver]["cash"] >= fee)
        if returned:
            ledger.remove_policy(st, giver, code)
            credit(st, giver, -fee)
            line += f"; {name(st, giver)} returns it to the bank for {fee} GE"
        offer["result"] = not_passed(not offer["answer"], returned)
        log.say(line + ".")


def next_risk_step(tables: Tables, st: State, dice: Dice, log: Log) -> None:
    """Between the steps the dice roll: after step 1 the row, after step 2 the column and the damage."""
    risk = st["risk"]
    cat = risk["category"]
    if risk["step"] == 1:
        risk["row"] = dice.fork("row").randint(1, 6)
        counts = ", ".join(f"{cat}{t} {tables.matrices[cat].row_count(risk['row'], t)}/6" for t in (1, 2, 3))
        log.roll("row", risk["row"], f"row {risk['row']} of matrix {cat}: {counts}")
        risk["step"] = 2
        open_reaction(tables, st, dice, log)
        return
    column = dice.fork("column").randint(1, 6)
    marked = sorted(tables.matrices[cat].cell(risk["row"], column))
    log.roll("column", column, f"cell {risk['row']}/{column} marks "
             + (", ".join(f"{cat}{t}" for t in marked) if marked else "nothing"))
    log.extra["risk"] = {"category": cat, "field": risk["field"], "row": risk["row"], "column": column,
                         "marked": [f"{cat}{t}" for t in marked], "offers": risk["offers"]}
    settle(tables, st, [cat], risk["row"], column, f"the calamity in {cat}", log)
    st["risk"] = None
    after_turn(tables, st, dice, log)
