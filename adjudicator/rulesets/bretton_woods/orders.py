"""The order sheet (Zugabgabeblatt): its schema, its normal form, the cuts of over-commitment (``prepare``) and the
check before the deadline (``check``: what the schema cannot say, in the words of ``data/words.yaml``).

An orders value is what a player fills in on the pre-printed sheet::

    production: {harvest: 40, energy: 12, mining: 12, consumer_goods: 5, weapons: 0}
    construction: {A: 0, E: 0, R: 1, I: 2}
    defence: 0
    market: {a: {offer: sell, count: 20, price: 25}}
    transfers: [{to: Borduria, good: a, count: 10, note: Vertrag 3}]
    attacks: [{target: Carpania, weapons: 4, aim: I}]
    gold: {industries: 1}
    contacts: ["An Borduria: Lieferung wie vereinbart."]

``no_repeat: true`` on a section or an item is the text's red marking: not repeated after a missed turn.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

from ...kit.wording import Words
from ...model import Problem, Severity
from .state import State
from .tables import Tables

PRODUCTION = ("harvest", "energy", "mining", "consumer_goods", "weapons")
CONSTRUCTION = ("A", "E", "R", "I")
# What one unit of each production or construction order uses (2.2-2.10).
USES = {
    "harvest": ("B",), "energy": ("B",), "mining": ("B",),
    "consumer_goods": ("B", "I", "e", "r"), "weapons": ("B", "I", "e", "r"),
    "A": ("B",), "E": ("B", "I", "e", "r"), "R": ("B", "I", "e", "r"), "I": ("B", "I", "e", "r"),
}
TYPE_WORDS = {
    "agrar": "agrar", "agrarland": "agrar", "energie": "energie", "energieland": "energie",
    "rohstoff": "rohstoff", "rohstoffland": "rohstoff",
}


def country_type(word: Any) -> str | None:
    """``"agrar"``, ``"energie"`` or ``"rohstoff"`` for any accepted spelling (``Agrar``, ``Energieland``)."""
    return TYPE_WORDS.get(word.strip().lower()) if isinstance(word, str) else None


def _count(description: str) -> dict[str, Any]:
    return {"type": "integer", "minimum": 0, "description": description}


_NO_REPEAT = {"type": "boolean",
              "description": "true = wird nicht wiederholt, wenn Sie den nächsten Zug verpassen (die rote Markierung)"}


# Bounds of a note and a contact where a longer one is cut, not refused (option zuschnitt=kuerzen): what any
# orders file may hold at all (every byte a player sends is bounded), far above what the text lets through.
NOTE_BOUND = 200
CONTACT_LINES_BOUND = 50


def note_letters(note: str) -> int:
    """7.1 counts a note in "Buchstaben": every character but the spaces between words."""
    return sum(not ch.isspace() for ch in note)


def cut_note(tables: Tables, note: str) -> str:
    """The note as far as its first ``note_letters`` letters (spaces are free), without a trailing space.

    >>> from adjudicator.rulesets.bretton_woods.tables import SHIPPED
    >>> cut_note(SHIPPED, "Lieferung laut Vertrag Nummer 3")  # 9 + 4 + 7 letters are the 20 a note may hold
    'Lieferung laut Vertrag'
    >>> note_letters("Lieferung laut Vertrag"), cut_note(SHIPPED, "Lieferung laut Vertrag")
    (20, 'Lieferung laut Vertrag')
    """
    most, seen = tables.limit("note_letters"), 0
    for i, ch in enumerate(note):
        seen += not ch.isspace()
        if seen > most:
            return note[:i].rstrip()
    return note


def _sheet_schema(tables: Tables, *, standing: bool, cut: bool = False) -> dict[str, Any]:
    goods = tables.market_goods()
    type_enum = sorted(set(TYPE_WORDS) | {w.capitalize() for w in TYPE_WORDS})
    props: dict[str, Any] = {
        "production": {
            "type": "object", "additionalProperties": False,
            "description": "Bevölkerung (und Industrie) bei der Arbeit in diesem Jahr",
            "properties": {
                "harvest": _count("Bevölkerung auf Agrargebieten (höchstens A): jede erntet den Agrarfaktor"),
                "energy": _count("Bevölkerung in Energiewerken (höchstens E): je eine Energie"),
                "mining": _count("Bevölkerung in Rohstoffminen (höchstens R): je ein Rohstoff"),
                "consumer_goods": _count("herzustellende Konsumgüter: jedes braucht 1 I, 1 B, 1 e, 1 r"),
                "weapons": _count("herzustellende Waffen: jede braucht 1 I, 1 B, 1 e, 1 r"),
                "no_repeat": _NO_REPEAT,
            },
        },
        "construction": {
            "type": "object", "additionalProperties": False,
            "description": "Bauversuche (sicher für den eigenen Typ, sonst 2 von 10)",
            "properties": {
                "A": _count("neue Agrargebiete: je 1 B"),
                "E": _count("neue Energiewerke: je 1 I, 1 B, 1 e, 1 r (verbraucht, auch wenn der Bau misslingt)"),
                "R": _count("Probebohrungen für Rohstoffminen: je 1 I, 1 B, 1 e, 1 r (verbraucht, auch wenn der Bau "
                            "misslingt)"),
                "I": _count("neue Industrien: je 1 I, 1 B, 1 e, 1 r"),
                "no_repeat": _NO_REPEAT,
            },
        },
        "defence": _count("Waffen zur Verteidigung, je eine Bevölkerungseinheit"),
        "market": {
            "type": "object", "additionalProperties": False,
            "description": "ein Angebot je Gut auf dem Weltmarkt",
            "properties": {
                g: {
                    "type": "object", "additionalProperties": False, "required": ["offer", "count", "price"],
                    "description": f"Weltmarktangebot für {tables.good_names()[g]} ({g})",
                    "properties": {
                        "offer": {"enum": ["sell", "buy"], "description": "sell: verkaufen (V), buy: kaufen (K)"},
                        "count": _count("wie viele Einheiten"),
                        "price": _count("Gold je Einheit"),
                        "no_repeat": _NO_REPEAT,
                    },
                } for g in goods
            },
        },
        "transfers": {
            "type": "array", "description": "Güter oder Gold, die ein anderes Land erhält",
            "items": {
                "type": "object", "additionalProperties": False, "required": ["to", "good", "count"],
                "properties": {
                    "to": {"type": "string", "description": "das empfangende Land, wie die Ausgabe es nennt"},
                    "good": {"enum": list(tables.transfer_goods()), "description": "a, e, r, k, w oder g (Gold)"},
                    "count": _count("wie viele Einheiten"),
                    "note": {"type": "string", "maxLength": NOTE_BOUND if cut else tables.limit("note_letters"),
                             "description": "eine Notiz an den Empfänger, höchstens 20 Buchstaben (Leerzeichen "
                                            "zählen nicht); eine längere wird gekürzt" if cut else
                                            "eine Notiz an den Empfänger, höchstens 20 Zeichen"},
                    "no_repeat": _NO_REPEAT,
                },
            },
        },
        "attacks": {
            "type": "array", "description": "Waffen gegen ein anderes Land",
            "items": {
                "type": "object", "additionalProperties": False, "required": ["target", "weapons"],
                "properties": {
                    "target": {"type": "string", "description": "das angegriffene Land, wie die Ausgabe es nennt"},
                    "weapons": _count("eingesetzte Waffen (alle werden verbraucht)"),
                    "aim": {"enum": ["B", "A", "E", "R", "I"],
                            "description": "was die durchkommenden Waffen zuerst zerstören (sonst durch das Los)"},
                    "no_repeat": _NO_REPEAT,
                },
            },
        },
        "gold": {
            "type": "object", "additionalProperties": False, "description": "Goldgeschäfte",
            "properties": {
                "industries": _count("Industrien, die für Gold gekauft werden"),
                "no_repeat": _NO_REPEAT,
            },
        },
    }
    if not standing:
        props.update({
            "contacts": {
                "type": "array", "maxItems": CONTACT_LINES_BOUND if cut else tables.limit("contact_lines"),
                "description": "eine Nachricht, die die Ausgabe veröffentlicht, höchstens 5 Zeilen"
                               + ("; von einer längeren die ersten 5" if cut else ""),
                "items": {"type": "string", "maxLength": tables.limit("contact_line_chars")},
            },
            "type_change": {"enum": type_enum,
                            "description": "den Ländertyp wechseln (nur mit den Befehlen des zweiten Jahres)"},
            "leave": {"type": "boolean", "description": "true = dies ist Ihr letztes Jahr (keine Angriffe erlaubt)"},
            "standing_orders": {"anyOf": [{"$ref": "#/$defs/standing"}, {"const": REPEAT}],
                                "description": "hinterlegte Anweisungen für jedes Jahr, das Sie verpassen (gelten, "
                                               f"bis sie ersetzt werden); '{REPEAT}' streicht sie: ein verpasstes Jahr "
                                               "wiederholt Ihre letzten Befehle"},
            "nmr": {"type": "boolean",
                    "description": "gesetzt von der Auswertung bei Befehlen, die sie für Sie wiederholt hat"},
        })
    return {"type": "object", "additionalProperties": False, "properties": props}


REPEAT = "repeat"  # standing_orders: repeat -- back to the text's NMR rule, the last orders repeated (7.2)


def cuts_long_texts(options: Mapping[str, Any]) -> bool:
    """Option zuschnitt (house rule, issue 32): a note over 20 letters or a contact over 5 lines is cut to what
    7.1 allows (``kuerzen``, new games) rather than refused with the transfer or the contact (``verwerfen``, the
    reading of games set up before the option, which keep it)."""
    return bool(options.get("zuschnitt", "verwerfen") == "kuerzen")


def schema(tables: Tables, cut: bool = False) -> dict[str, Any]:
    """JSON Schema (Draft 2020-12) of the ``orders`` value; ``cut``: see :func:`cuts_long_texts`."""
    out = {"$schema": "https://json-schema.org/draft/2020-12/schema", **_sheet_schema(tables, standing=False, cut=cut)}
    out["$defs"] = {"standing": _sheet_schema(tables, standing=True, cut=cut)}
    out["description"] = "Bretton Woods: das Zugabgabeblatt"
    return out


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def normalize(tables: Tables, orders: Any) -> dict[str, Any]:
    """Every field present with its value or its blank; lists keep their positions (paths stay valid)."""
    o = orders if isinstance(orders, Mapping) else {}
    prod, cons, gold, market = (_mapping(o.get(k)) for k in ("production", "construction", "gold", "market"))
    out: dict[str, Any] = {
        "production": {p: _int(prod.get(p)) for p in PRODUCTION},
        "construction": {c: _int(cons.get(c)) for c in CONSTRUCTION},
        "defence": _int(o.get("defence")),
        "market": {},
        "transfers": [],
        "attacks": [],
        "gold": {"industries": _int(gold.get("industries"))},
        "contacts": [str(x) for x in o.get("contacts") or [] if isinstance(x, str)],
        "type_change": country_type(o.get("type_change")),
        "leave": o.get("leave") is True,
    }
    for g in tables.market_goods():
        offer = market.get(g)
        if isinstance(offer, Mapping) and offer.get("offer") in ("sell", "buy"):
            out["market"][g] = {"offer": offer["offer"], "count": _int(offer.get("count")),
                                "price": _int(offer.get("price"))}
    for t in o.get("transfers") or []:
        t = t if isinstance(t, Mapping) else {}
        out["transfers"].append({"to": str(t.get("to", "")), "good": str(t.get("good", "")),
                                 "count": _int(t.get("count")), "note": str(t.get("note") or "")})
    for a in o.get("attacks") or []:
        a = a if isinstance(a, Mapping) else {}
        aim = a.get("aim") if a.get("aim") in ("B", "A", "E", "R", "I") else None
        out["attacks"].append({"target": str(a.get("target", "")), "weapons": _int(a.get("weapons")), "aim": aim})
    return out


def names_index(countries: Mapping[str, Mapping[str, Any]]) -> dict[str, str]:
    """Country name or player key (any case) -> player key."""
    index = {}
    for key, c in countries.items():
        index[key.lower()] = key
        index[c["name"].lower()] = key
    return index


# ----- over-commitment ------------------------------------------------------------------------------------

# Budgets in the order they are checked. A budget's claims are cut in the order of ``claims`` below.
BUDGETS = ("A", "E", "R", "I", "e_own", "e", "r", "a", "k", "w", "B", "g")
BUDGET_TEXT = {
    "A": "Agrargebiete A (Ernte)", "E": "Energiewerke E (Erzeugung)", "R": "Rohstoffminen R (Förderung)",
    "I": "Industrien I", "e_own": "eigene Energie e (nur sie ist handelbar)", "e": "Energie e",
    "r": "Rohstoffe r", "a": "Agrarprodukte a (nach Ernährung der Bevölkerung)", "k": "Konsumgüter k",
    "w": "Waffen w", "B": "Bevölkerung B", "g": "Gold g",
}


def available(country: Mapping[str, Any]) -> dict[str, int]:
    """What the last listing lets a country commit, per budget (section 7.1: "laut letzter Auflistung")."""
    s = country
    return {
        "A": s["A"], "E": s["E"], "R": s["R"], "I": s["I"],
        "e_own": s["e"] - s["e_imported"], "e": s["e"], "r": s["r"],
        # Section 6: the population eats first, so only what it leaves can be sold or given away.
        "a": max(0, s["a"] - s["B"]), "k": s["k"], "w": s["w"], "B": s["B"], "g": s["g"],
    }


def claims(tables: Tables, norm: Mapping[str, Any], industry_price: int
           ) -> list[tuple[tuple[Any, ...], dict[str, int]]]:
    """Every quantity of the orders with what one unit of it draws on, in cut order (cut first, first).

    Cut order (house rule, least basic first): market offers (w, k, r, e, a), transfers (the last first),
    attacks (the last first), industry purchases, defence, construction (I, R, E, A), weapons, consumer
    goods, mining, energy, harvest.
    """
    out: list[tuple[tuple[Any, ...], dict[str, int]]] = []
    for g in reversed(tables.market_goods()):
        offer = norm["market"].get(g)
        if offer is None:
            continue
        if offer["offer"] == "sell":
            out.append((("market", g, "count"), {g: 1, **({"e_own": 1} if g == "e" else {})}))
        else:
            out.append((("market", g, "count"), {"g": offer["price"]}))
    for i in reversed(range(len(norm["transfers"]))):
        g = norm["transfers"][i]["good"]
        if g in tables.transfer_goods():
            out.append((("transfers", i, "count"), {g: 1, **({"e_own": 1} if g == "e" else {})}))
    for i in reversed(range(len(norm["attacks"]))):
        out.append((("attacks", i, "weapons"), {"w": 1}))
    out.append((("gold", "industries"), {"g": industry_price}))
    out.append((("defence",), {"w": 1, "B": 1}))
    for c in ("I", "R", "E", "A"):
        out.append((("construction", c), dict.fromkeys(USES[c], 1)))
    for p in ("weapons", "consumer_goods", "mining", "energy", "harvest"):
        uses = dict.fromkeys(USES[p], 1)
        cap = {"mining": "R", "energy": "E", "harvest": "A"}.get(p)
        if cap:
            uses[cap] = 1
        out.append((("production", p), uses))
    return out


def get(norm: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        norm = norm[p]
    return norm


def _set(norm: Any, path: tuple[Any, ...], value: int) -> None:
    for p in path[:-1]:
        norm = norm[p]
    norm[path[-1]] = value


def path_text(path: tuple[Any, ...]) -> str:
    return ".".join(str(p) for p in path)


def copy_orders(norm: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of orders in normal form (faster than ``deepcopy``: the shape is known)."""
    out = dict(norm)
    for section in ("production", "construction", "gold"):
        out[section] = dict(norm[section])
    out["market"] = {g: dict(o) for g, o in norm["market"].items()}
    out["transfers"] = [dict(t) for t in norm["transfers"]]
    out["attacks"] = [dict(a) for a in norm["attacks"]]
    out["contacts"] = list(norm["contacts"])
    return out


def cut_reason(budget: str, total: object, have: object) -> str:
    """Why a budget's claims are cut: what they add up to and what the listing has (the orders page fills it too,
    made with marks for the figures: ``choices.budgets``)."""
    return f"{BUDGET_TEXT[budget]}: {total} verlangt, {have} vorhanden"


def cut(tables: Tables, norm: Mapping[str, Any], country: Mapping[str, Any], industry_price: int
        ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The orders cut to what the last listing allows, and one record per cut order."""
    return cut_within(tables, norm, available(country), industry_price)


def cut_within(tables: Tables, norm: Mapping[str, Any], avail: Mapping[str, int], industry_price: int
               ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The orders cut to the budgets ``avail`` (``available``'s), and one record per cut order (the orders page
    asks it with budgets made up: ``choices.budgets``' ``keeps``).

    For each budget in ``BUDGETS`` the claims on it are added up; while they exceed what is available, the
    claims are reduced in cut order, each by as little as makes the rest fit (buy offers by whole units).
    """
    out = copy_orders(norm)
    table = claims(tables, out, industry_price)
    records: dict[tuple[Any, ...], dict[str, Any]] = {}
    # One pass first: most sheets fit, and then no budget needs a second look.
    totals = dict.fromkeys(BUDGETS, 0)
    for path, uses in table:
        amount = get(out, path)
        if amount:
            for budget, per in uses.items():
                totals[budget] += amount * per
    for budget in BUDGETS:
        if totals[budget] <= avail[budget]:
            continue
        using = [(path, uses[budget]) for path, uses in table if uses.get(budget)]
        total = sum(get(out, path) * per for path, per in using)
        excess = total - avail[budget]
        if excess <= 0:
            continue
        reason = cut_reason(budget, total, avail[budget])
        for path, per in using:
            if excess <= 0:
                break
            amount = get(out, path)
            if amount == 0:
                continue
            less = min(amount, -(-excess // per))
            _set(out, path, amount - less)
            excess -= less * per
            rec = records.setdefault(path, {"order": path_text(path), "ordered": amount, "kept": 0, "reasons": []})
            rec["kept"] = amount - less
            rec["reasons"].append(reason)
    return out, [
        {"order": r["order"], "ordered": r["ordered"], "kept": r["kept"], "reason": "; ".join(r["reasons"])}
        for r in records.values()
    ]


# ----- NMR ------------------------------------------------------------------------------------------------

REPEATABLE = ("production", "construction", "defence", "market", "transfers", "attacks", "gold")


def without_red(orders: Mapping[str, Any]) -> dict[str, Any]:
    """The orders to repeat after a missed turn: everything but what is marked ``no_repeat`` (7.2).

    Contacts, a type change, a leave announcement and the standing orders themselves are never repeated.
    """
    out: dict[str, Any] = {}
    for section in REPEATABLE:
        value = orders.get(section)
        if value is None:
            continue
        if isinstance(value, list):
            kept = [dict(x) for x in value if isinstance(x, Mapping) and not x.get("no_repeat")]
            if kept:
                out[section] = kept
        elif isinstance(value, Mapping):
            if value.get("no_repeat"):
                continue
            if section == "market":
                kept_m = {g: dict(v) for g, v in value.items() if isinstance(v, Mapping) and not v.get("no_repeat")}
                if kept_m:
                    out[section] = kept_m
            else:
                out[section] = dict(value)
        else:
            out[section] = value
    return copy.deepcopy(out)


def basic_orders(country: Mapping[str, Any]) -> dict[str, Any]:
    """Orders for a country that has never sent any: the population harvests, makes energy, mines."""
    left = country["B"]
    prod = {}
    for what, stock in (("harvest", "A"), ("energy", "E"), ("mining", "R")):
        prod[what] = min(left, country[stock])
        left -= prod[what]
    return {"production": prod}


ORDER_WORDS = {"production": "Produktion", "construction": "Bau", "market": "Markt", "attacks": "Angriff",
               "defence": "Verteidigung", "weapons": "Waffen", "count": "Menge", "harvest": "Ernte",
               "energy": "Energieerzeugung", "mining": "Rohstoffförderung", "type_change": "Typwechsel"}


ORDER_KEYS = {  # the keys the words file names (a game's pinned copy may lack them: then the key is shown)
    "consumer_goods": "order.consumer_goods", "gold": "order.gold", "industries": "order.industries",
    "transfers": "order.transfers", "offer": "order.offer", "price": "order.price", "good": "order.good",
    "target": "order.target", "aim": "order.aim", "to": "order.to", "note": "order.note",
    "contacts": "order.contacts", "standing_orders": "order.standing_orders"
}


def order_words(tables: Tables, path: str) -> str:
    """An order's path in the orders file (``production.energy``, ``attacks.0.weapons``) as the issue's reader
    says it: "Produktion: Energieerzeugung", "Angriff 1: Waffen"; stocks and goods by their names.

    >>> from adjudicator.rulesets.bretton_woods.tables import SHIPPED
    >>> say = lambda path: order_words(SHIPPED, path)
    >>> say("production.energy"), say("attacks.0.weapons"), say("construction.I")
    ('Produktion: Energieerzeugung', 'Angriff 1: Waffen', 'Bau: Industrien')
    >>> say("production.consumer_goods"), say("gold.industries"), say("transfers.1.count")
    ('Produktion: Konsumgüterherstellung', 'Gold: Industrien', 'Transfers 2: Menge')
    """
    stocks = {**tables.stock_names(), **tables.good_names()}
    named = tables.words.texts()  # the game's pinned words: a game made before they named a key shows the key (replays)
    words: list[str] = []
    for part in path.split("."):
        if part.isdigit() and words:
            words[-1] += f" {int(part) + 1}"
        else:
            words.append(ORDER_WORDS.get(part) or stocks.get(part) or named.get(ORDER_KEYS.get(part, "")) or part)
    return ": ".join(words)


def default_for(state: State, key: str, previous: Any) -> dict[str, Any]:
    """7.2 NMR: standing orders if any, else the last orders without the red-marked parts.

    ``standing_orders: repeat`` in the last orders drops earlier standing orders (even ``{}``, which stands
    for doing nothing): the last orders are repeated again."""
    standing = state.get("private", {}).get(key, {}).get("standing_orders")
    if isinstance(previous, Mapping) and isinstance(previous.get("standing_orders"), Mapping):
        standing = previous["standing_orders"]
    elif isinstance(previous, Mapping) and previous.get("standing_orders") == REPEAT:
        standing = None
    if isinstance(standing, Mapping):
        out = copy.deepcopy(dict(standing))
    elif isinstance(previous, Mapping):
        out = without_red(previous)
    else:
        out = basic_orders(state["countries"][key])
    out["nmr"] = True
    return out


def may_change_type(country: Mapping[str, Any], turn: int) -> bool:
    """7.1: once, from the first year to the second, and only for countries there from the start."""
    return country["joined"] == 0 and not country["type_changed"] and turn == 2


def unusual_farewell(state: State, sender: str, transfers: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """7.2: a leaving country "should not" make unusual transfers, those "nicht aus bestehenden Verträgen oder
    Verpflichtungen herrührend". House rule: a transfer is usual when the country gave the same good to the
    same country in an earlier year at least as often (an established delivery); anything else is flagged."""
    seen = state.get("transfers_seen", {}).get(sender, {})
    out = []
    for t in transfers:
        if t["count"] and t["count"] > int(seen.get(f"{t['to']}/{t['good']}", 0)):
            out.append({**t, "earlier": int(seen.get(f"{t['to']}/{t['good']}", 0))})
    return out


# ----- a player's orders in their normal form, with what is dropped and cut --------------------------------

def prepare(tables: Tables, state: State, key: str, raw: Any, turn: int, index: Mapping[str, str]
            ) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]], str | None]:
    """Normal form of ``key``'s orders, what was dropped as impossible, the cuts of over-commitment, and
    the type to change to (if allowed)."""
    country = state["countries"][key]
    norm = normalize(tables, raw)
    records: list[dict[str, Any]] = []

    def drop(path: tuple[Any, ...], reason: str) -> None:
        amount = get(norm, path)
        if amount:
            _set(norm, path, 0)
            records.append({"order": path_text(path), "ordered": amount, "kept": 0, "reason": reason})

    cut_texts = cuts_long_texts(state["options"])
    for i, t in enumerate(norm["transfers"]):
        target = index.get(t["to"].lower())
        if cut_texts:
            t["note"] = cut_note(tables, t["note"])
            gone = names_index(state["countries"]).get(t["to"].lower())
            if target is None and gone is not None and gone != key:
                # a country that left (7.2) is no unknown one: say so (games set up before issue 32 said
                # "unbekannt", and replay so)
                name = state["countries"][gone]["name"]
                drop(("transfers", i, "count"), f"Transfer an {name} nicht möglich: {name} ist aus dem Spiel "
                                                "ausgestiegen (7.2)")
                continue
        if target is None or t["good"] not in tables.transfer_goods():
            drop(("transfers", i, "count"), f"Empfänger oder Gut unbekannt: {t['to']!r}, {t['good']!r}")
        elif target == key or not state["countries"][target]["active"]:
            drop(("transfers", i, "count"), f"Transfer an {t['to']} nicht möglich")
        t["to"] = target or t["to"]
    for i, a in enumerate(norm["attacks"]):
        target = index.get(a["target"].lower())
        if target is None or target == key or not state["countries"][target]["active"]:
            drop(("attacks", i, "weapons"), f"Angriffsziel {a['target']!r} nicht möglich")
        elif norm["leave"]:
            drop(("attacks", i, "weapons"), "Ausstieg: im letzten Zug sind Angriffe nicht erlaubt (7.2)")
        a["target"] = target or a["target"]
    new_type = None
    if norm["type_change"] and norm["type_change"] != country["type"]:
        if may_change_type(country, turn):
            new_type = norm["type_change"]
        else:
            records.append({"order": "type_change", "ordered": 1, "kept": 0,
                            "reason": "Typwechsel nur einmal, vom ersten auf das zweite Jahr (7.1)"})
    norm, cuts = cut(tables, norm, country, state["options"]["industriepreis"])
    return norm, records, cuts, new_type


# ----- the check: what the schema cannot say (the messages in data/words.yaml) -----

def _problems(words: Words) -> Callable[..., Problem]:
    """``_problem(key, path, hint, severity, **values)``: the problem ``key`` of the game's words file ``words``,
    its hint ``key.hint`` (or the words file's ``hint``)."""
    def _problem(key: str, path: tuple[str | int, ...], hint: str = "", severity: Severity = "error", **values: Any
                 ) -> Problem:
        return Problem(words.say(key, **values), path, words.say(hint or f"{key}.hint", **values), severity)
    return _problem


def _path(text: str) -> tuple[str | int, ...]:
    return tuple(int(p) if p.isdigit() else p for p in text.split("."))


def check(tables: Tables, state: State, player: str, orders: Any) -> list[Problem]:
    """Errors for what cannot be read; warnings for what the adjudicator will cut or ignore."""
    _problem = _problems(tables.words)
    countries = state["countries"]
    if player not in countries or not countries[player]["active"]:
        return [_problem("no_country", (), player=repr(player))]
    if not isinstance(orders, Mapping):
        return [_problem("not_a_mapping", ())]
    out: list[Problem] = []
    index = names_index({k: c for k, c in countries.items() if c["active"]})
    all_index = names_index(countries)
    cut_texts = cuts_long_texts(state["options"])
    for i, t in enumerate(orders.get("transfers") or []):
        if not isinstance(t, Mapping):
            out.append(_problem("transfer_not_mapping", ("transfers", i)))
            continue
        to = str(t.get("to", ""))
        if to.lower() not in all_index:
            out.append(_problem("transfer_unknown", ("transfers", i, "to"), "name.hint", name=repr(to)))
        elif all_index[to.lower()] == player:
            out.append(_problem("transfer_own", ("transfers", i, "to"), "other_country.hint"))
        elif to.lower() not in index:
            out.append(_problem("transfer_left", ("transfers", i, "to"), "remove.hint", "warning", name=to))
        if t.get("good") not in tables.transfer_goods():
            out.append(_problem("unknown_good", ("transfers", i, "good"), good=repr(t.get("good")),
                                goods=", ".join(tables.transfer_goods())))
        note = t.get("note")
        if isinstance(note, str) and cut_texts and note_letters(note) > tables.limit("note_letters"):
            out.append(_problem("note_cut", ("transfers", i, "note"), severity="warning", n=note_letters(note),
                                most=tables.limit("note_letters"), note=cut_note(tables, note)))
        elif isinstance(note, str) and not cut_texts and len(note) > tables.limit("note_letters"):
            out.append(_problem("note_long", ("transfers", i, "note"), n=len(note), most=tables.limit("note_letters")))
    leaving = orders.get("leave") is True
    for i, a in enumerate(orders.get("attacks") or []):
        if not isinstance(a, Mapping):
            out.append(_problem("attack_not_mapping", ("attacks", i)))
            continue
        target = str(a.get("target", ""))
        if target.lower() not in index:
            out.append(_problem("attack_unknown", ("attacks", i, "target"), "name.hint", name=repr(target)))
        elif index[target.lower()] == player:
            out.append(_problem("attack_own", ("attacks", i, "target"), "other_country.hint"))
        elif leaving:
            out.append(_problem("attack_leaving", ("attacks", i), severity="warning"))
    contacts = orders.get("contacts") or []
    if isinstance(contacts, list):
        if len(contacts) > tables.limit("contact_lines"):
            out.append(_problem("contacts_cut" if cut_texts else "contacts_many", ("contacts",),
                                severity="warning" if cut_texts else "error", n=len(contacts),
                                most=tables.limit("contact_lines")))
        most = tables.limit("contact_line_chars")
        for i, line in enumerate(contacts):
            if not isinstance(line, str):
                out.append(_problem("contact_not_text", ("contacts", i), line=i + 1))
            elif len(line) > most:
                out.append(_problem("contact_long", ("contacts", i), line=i + 1, n=len(line), most=most))
    change = orders.get("type_change")
    if change is not None:
        kind = country_type(change)
        if kind is None:
            out.append(_problem("type_unknown", ("type_change",), type=repr(change)))
        elif kind != countries[player]["type"] and not may_change_type(countries[player], state["turn"] + 1):
            out.append(_problem("type_once", ("type_change",), severity="warning"))
    standing = orders.get("standing_orders")
    if isinstance(standing, Mapping) and not standing:
        out.append(_problem("standing_empty", ("standing_orders",), severity="warning", repeat=REPEAT))
    if any(p.severity == "error" for p in out):
        return out
    norm, _, cuts, _ = prepare(tables, state, player, orders, state["turn"] + 1, index)
    if norm["leave"]:
        for i, given in enumerate(norm["transfers"]):
            for t in unusual_farewell(state, player, [given]):
                out.append(_problem("farewell", ("transfers", i), severity="warning", count=t["count"],
                                    good=t["good"], name=countries[t["to"]]["name"], earlier=t["earlier"]))
    for c in cuts:
        path = _path(c["order"])
        out.append(_problem("cut", path, severity="warning", order=order_words(tables, c["order"]),
                            ordered=c["ordered"], kept=c["kept"], reason=c["reason"]))
    return out
