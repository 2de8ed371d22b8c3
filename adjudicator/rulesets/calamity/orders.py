"""Order forms of the postal phases: their JSON Schemas, the checks a schema cannot make, the NMR defaults and
what a fault drops (the receipt and the pre-printed order sheet: ``sheet.py``).

Every form may carry ``standing`` orders per risk category; they are kept (privately) until replaced and answer
for the player in reaction and answer phases of that category, so a player with standing orders is not waited
for there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from ...kit import benevolent
from ...model import Orders, Problem
from . import ledger
from .ledger import count, name, policies
from .state import Orders as CalamityOrders
from .state import State, pace
from .tables import CATEGORIES, Tables, price

POLICY = {"type": "string", "pattern": "^[A-D][1-3]$",
          "description": "a policy: category letter and type number, e.g. C2"}


def _player(st: State, p: str, what: str) -> dict[str, Any]:
    return {"type": "string", "enum": [q for q in st["seats"] if q != p], "description": what}


def _obj(props: dict[str, Any], required: tuple[str, ...] = (), description: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {"type": "object", "additionalProperties": False, "properties": props}
    if required:
        out["required"] = list(required)
    if description:
        out["description"] = description
    return out


def _list(item: dict[str, Any], description: str, max_items: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "array", "items": item, "description": description}
    if max_items is not None:
        out["maxItems"] = max_items
    return out


def _pass_offer(st: State, p: str, standing: bool = False) -> dict[str, Any]:
    props = {
        "policy": POLICY, "to": _player(st, p, "the co-player who takes it"),
        "fee": {"type": "integer", "minimum": 0, "description": "the negotiated fee you pay, in GE"},
        "if_refused": {"enum": ["keep", "return"],
                       "description": "if the offer is refused: keep the policy, or return it to the bank"},
    }
    if standing:
        props["step"] = {"enum": [1, 2], "description": "the step the offer is made in: 1 before the row "
                                                        "(the default), 2 after it"}
    return _obj(props, required=("policy", "to", "fee"))


def standing_schema(st: State, p: str) -> dict[str, Any]:
    rule = rule_schema(st, p)
    props = {c: {"oneOf": [{"type": "null"}, rule],
                 "description": f"standing order for category {c} (null cancels it)"} for c in CATEGORIES}
    props["cover"] = {"oneOf": [{"type": "null"}, _list(POLICY, "policies to give up at Deckung, first to go first")],
                      "description": "Deckung (field 13): the policies you give up first if you lack cover, one "
                                     "copy per entry; the rest go lowest premium first (null cancels it)"}
    props["year_end"] = {"oneOf": [{"type": "null"}, _list(POLICY, "policies to return free of charge")],
                         "description": "(4)c the policies you return at the year end, [] to keep all: you are "
                                        "then not waited for there (null cancels it)"}
    return _obj(props, description="standing orders per risk category, for Deckung and the year end, kept until "
                                   "replaced")


def rule_schema(st: State, p: str) -> dict[str, Any]:
    """A rule for one risk category: a standing order's value, and (pace 2) a reaction's ``rule``."""
    return _obj({
        "before_row": {"enum": ["keep", "return"],
                       "description": "step 1: keep the policies of this category, or return all of them for 4 GE"},
        "after_row": {"type": "integer", "minimum": 1, "maximum": 6,
                      "description": "step 2: return (20 GE each) every policy of a type the rolled row marks "
                                     "this many times or more"},
        "accept_fee": {"type": "integer", "minimum": 0,
                       "description": "accept any pass-on offer of this category whose fee is at least this; "
                                      "leave out to refuse all offers"},
        "pass": _list(_pass_offer(st, p, standing=True),
                      "pass-on offers made whenever this category is struck, at the step named (the recipient's "
                      "standing price or answer settles them)"),
    })


def _offer_entry(st: State, p: str) -> dict[str, Any]:
    return _obj({"policy": POLICY, "from": _player(st, p, "who offers it"),
                 "fee": {"type": "integer", "minimum": 0, "description": "the fee the giver pays you, in GE"}},
                required=("policy", "from", "fee"))


def schema(st: State, p: str) -> dict[str, Any]:
    """The ``orders`` value of ``p``'s orders file in the open phase."""
    kind = st["phase"]["kind"]
    awaited = p in st["phase"]["awaited"]
    props: dict[str, Any] = {"standing": standing_schema(st, p)}
    required: tuple[str, ...] = ()
    if kind == "move" and awaited:
        pair = _obj({"policy": POLICY, "from": _player(st, p, "its holder")}, required=("policy", "from"))
        props |= {
            "sell": _list(POLICY, "(3)(i) policies to sell to the bank at this quarter's price, before moving"),
            "card": {"type": "integer", "minimum": 1, "maximum": 5, "description": "(3)(ii) the card to play"},
            "buy": _list(POLICY, "purchase field (and market): up to three policies from the bank", 3),
            "tax": _player(st, p, "Steuer (field 4): who pays you 10 GE"),
            "takeover": _list(pair, "Übernahme (field 24): the three policies you take over at the price", 3),
            "ascot": _player(st, p, "Ascot (field 25): the co-player who shares your luck at the races"),
            "henley": _obj({"policy": POLICY, "from": _player(st, p, "its holder")}, ("policy", "from"),
                           "Henley (field 27): one policy you take without payment"),
            "monopoly": _list(_obj({"give": POLICY, "take": POLICY, "with": _player(st, p, "the co-player")},
                                   ("give", "take", "with")), "Monopol (field 44): up to two swaps", 2),
        }
        required = ("card",)
    elif kind == "reaction":
        offer = _pass_offer(st, p)
        props |= {
            "return": _list(POLICY, "policies of this category to return to the bank (4 GE before the row, "
                                    "20 GE after it)"),
            "pass": _list(offer, "offers to pass a policy on to a co-player against a negotiated fee"),
            "accept": _list(_offer_entry(st, p), "offers made to you in this phase that you accept"),
        }
    elif kind == "answer":
        props["accept"] = _list(_offer_entry(st, p), "the open offers to you that you accept; the rest are refused")
    if kind in ("reaction", "answer") and pace(st) >= 2:
        props["rule"] = {**rule_schema(st, p), "description": (
            f"your answer for category {st['risk']['category']} as a rule: it decides this calamity's steps and "
            "offers to you, and stands for the category's later calamities (your standing order) until changed")}
    elif kind == "year_end":
        props["return"] = _list(POLICY, "(4)c policies to return to the bank without cost")
    return _obj(props, required)


def default(st: State, p: str) -> CalamityOrders:
    """The NMR rule: the mover plays his lowest card and does nothing else by choice; in every other phase
    a player keeps his policies and accepts nothing (standing orders still answer for him)."""
    if st["phase"]["kind"] == "move" and p in st["phase"]["awaited"]:
        return {"card": min(st["private"][p]["hand"])}
    return {}


def drop(st: State, o: Orders, path: tuple[str | int, ...]) -> Orders | None:
    """``o`` without the order at ``path``, played as the house rule "a faulty order at the deadline" says: a
    movement card not in hand (or none) is replaced by the lowest card held (the NMR card; the mover's other
    orders stand), a standing offer or a listed policy is left out on its own, any other faulty order as a whole."""
    missing_card = not path and isinstance(o, dict) and "card" not in o and st["phase"]["kind"] == "move"
    if (path == ("card",) or missing_card) and isinstance(o, dict):  # the mover's card, wrong or not given
        hand = own(st, st["phase"]["awaited"][0]).get("hand")
        return {**o, "card": min(hand)} if hand else None
    if path[:1] == ("standing",) and len(path) >= 4:
        return benevolent.remove(o, path[:4])
    if path[:2] == ("rule", "pass") and len(path) >= 3:
        return benevolent.remove(o, path[:3])
    return benevolent.drop_entry(o, path)


# --- check -----------------------------------------------------------------------------------------------------


def own(st: State, p: str) -> Mapping[str, Any]:
    """The player's own hidden part, or nothing if this process cannot read it (or must not print it)."""
    return st.get("private", {}).get(p) or {}


def _holdings_problems(st: State, p: str, entries: list[tuple[tuple[str | int, ...], str]],
                       what: str) -> list[Problem]:
    """Each listed policy must be held (as many copies as listed); ``entries`` pairs each with its path, so that
    the problem points at the very entry the deadline drops (a return and a pass-on share the holdings)."""
    out, left = [], list(policies(st, p))
    for path, code in entries:
        if code in left:
            left.remove(code)
        else:
            out.append(Problem(f"you do not hold {'another ' if code in policies(st, p) else ''}{code} to {what}",
                               path, f"list only policies you hold: {', '.join(policies(st, p)) or 'none'}"))
    return out


def listed(o: Mapping[str, Any], key: str) -> list[tuple[tuple[str | int, ...], str]]:
    """The policies of list ``key`` with their paths (a pass-on offer names its policy)."""
    return [((key, i), item if isinstance(item, str) else item["policy"]) for i, item in enumerate(o.get(key, []))]


def check(tables: Tables, st: State, p: str, o: CalamityOrders) -> list[Problem]:
    kind = st["phase"]["kind"]
    awaited = p in st["phase"]["awaited"]
    if kind == "over":
        return [Problem("the game is over", (), "no orders are needed", "warning")] if o else []
    out = _check_standing(st, p, o.get("standing") or {})
    if isinstance(o.get("rule"), Mapping) and st.get("risk"):
        cat = st["risk"]["category"]
        out += [Problem(x.message, ("rule", *x.path[2:]), x.hint, x.severity)
                for x in _check_standing(st, p, {cat: o["rule"]})]
    if kind == "move" and awaited:
        return out + _check_move(tables, st, p, o)
    if kind == "reaction":
        return out + _check_reaction(tables, st, p, o)
    if kind == "answer":
        return out + _check_answer(st, p, o)
    if kind == "year_end":
        return out + _holdings_problems(st, p, listed(o, "return"), "return")
    return out


def _check_standing(st: State, p: str, standing: Mapping[str, Any]) -> list[Problem]:
    """Standing offers name policies of their own category; policies not held now only get a warning (the
    order stands for later)."""
    out = []
    for cat in CATEGORIES:
        for i, offer in enumerate((standing.get(cat) or {}).get("pass", [])):
            if offer["policy"][0] != cat:
                out.append(Problem(f"{offer['policy']} is not a category {cat} policy", ("standing", cat, "pass", i),
                                   f"put offers of {offer['policy'][0]} policies under {offer['policy'][0]}"))
            elif count(st, p, offer["policy"]) == 0:
                out.append(Problem(f"you hold no {offer['policy']} now: the offer stands for when you do",
                                   ("standing", cat, "pass", i), "keep it if that is what you mean", "warning"))
    return out


def _check_move(tables: Tables, st: State, p: str, o: CalamityOrders) -> list[Problem]:
    out = _holdings_problems(st, p, listed(o, "sell"), "sell")
    hand = own(st, p).get("hand")
    card = o.get("card")
    if hand is None:  # sealed to the player's key, which this process does not have: checked at the deadline
        out.append(Problem("your movement cards are sealed: the card is checked at the deadline", ("card",),
                           "set TURNPRESS_IDENTITY to your key file to check it now", "warning"))
        hand = [card]
    if card not in hand:
        out.append(Problem(f"you hold no movement card {card}", ("card",),
                           "play one of the cards in your hand (see your private sheet)"))
        return out
    field = tables.track[st["token"] + cast(int, card)]  # a card of the hand: a whole number
    uses = {"purchase": "buy", "market": "buy", "tax": "tax", "takeover": "takeover", "ascot": "ascot",
            "henley": "henley", "monopoly": "monopoly"}
    used = uses.get(field.kind) if field.kind != "market" or st["options"]["market"] == "purchase" else None
    for key in ("buy", "tax", "takeover", "ascot", "henley", "monopoly"):
        if key in o and key != used:
            out.append(Problem(f"card {card} takes the token to field {field.number} ({field.name}): "
                               f"'{key}' does not apply there and is ignored", (key,),
                               f"remove '{key}'", "warning"))
    cash = st["players"][p]["cash"] + sum(price(tables, c, st["token"]) for c in o.get("sell", []))
    if used == "buy":
        cost = 0
        for i, code in enumerate(o.get("buy", [])):
            if ledger.in_bank(tables, st, code) < list(o["buy"][: i + 1]).count(code):
                out.append(Problem(f"the bank has no more {code}", ("buy", i), "choose another type", "warning"))
                continue
            cost += price(tables, code, field.number)
            if cost > cash:
                out.append(Problem(f"{code} costs {price(tables, code, field.number)} GE and your cash will not reach",
                                   ("buy", i), "buy fewer policies", "warning"))
    if used == "takeover":
        for i, e in enumerate(o.get("takeover", [])):
            if count(st, e["from"], e["policy"]) == 0:
                out.append(Problem(f"{name(st, e['from'])} holds no {e['policy']}", ("takeover", i),
                                   "choose a policy a co-player holds", "warning"))
        if len(o.get("takeover", [])) < tables.events["takeover"]:
            out.append(Problem("Übernahme takes three policies: the rest are chosen for you, cheapest first",
                               ("takeover",), "name three policies to choose them yourself", "warning"))
    if used == "henley" and "henley" in o and count(st, o["henley"]["from"], o["henley"]["policy"]) == 0:
        out.append(Problem(f"{name(st, o['henley']['from'])} holds no {o['henley']['policy']}", ("henley",),
                           "choose a policy a co-player holds"))
    if used == "monopoly":
        out += _holdings_problems(st, p, [(("monopoly", i, "give"), s["give"]) for i, s in
                                          enumerate(o.get("monopoly", []))], "give")
        for i, s in enumerate(o.get("monopoly", [])):
            if count(st, s["with"], s["take"]) == 0:
                out.append(Problem(f"{name(st, s['with'])} holds no {s['take']}", ("monopoly", i, "take"),
                                   "choose a policy that co-player holds"))
    return out


def _check_reaction(tables: Tables, st: State, p: str, o: CalamityOrders) -> list[Problem]:
    cat = st["risk"]["category"]
    out = []
    for key, codes in (("return", o.get("return", [])), ("pass", [e["policy"] for e in o.get("pass", [])])):
        for i, code in enumerate(codes):
            if code[0] != cat:
                out.append(Problem(f"{code} is not at risk: only category {cat} may be returned or passed on",
                                   (key, i), f"list only {cat} policies"))
    out += _holdings_problems(st, p, listed(o, "return") + listed(o, "pass"), "return or pass on")
    fee = ledger.return_fee(tables, st["risk"]["step"])
    need = fee * len(o.get("return", [])) + sum(e["fee"] for e in o.get("pass", []))
    if need > st["players"][p]["cash"]:
        out.append(Problem(f"returns and fees come to {need} GE but you have {st['players'][p]['cash']} GE",
                           (), "return or offer fewer policies; what you cannot pay is not done", "warning"))
    return out


def _check_answer(st: State, p: str, o: CalamityOrders) -> list[Problem]:
    offers = [x for x in st["risk"]["offers"] if x["to"] == p and x["answer"] is None]
    out = []
    for i, e in enumerate(o.get("accept", [])):
        if not any(e["policy"] == x["policy"] and e["from"] == x["from"] and e["fee"] == x["fee"] for x in offers):
            out.append(Problem(f"no open offer of {e['policy']} from {e['from']} with a fee of {e['fee']} GE",
                               ("accept", i), "copy an open offer from your order sheet", "warning"))
    return out
