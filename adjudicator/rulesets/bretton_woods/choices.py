"""The orders page's form (``OffersChoices``): the sheet's fields with the country's figures, and its budgets.

The budgets are the rules' own: ``orders.claims`` says what one unit of each quantity draws on and
``orders.available`` what the last listing allows (section 7.1); the page adds up the claims as the player types
and warns where a budget is overdrawn, with the words ``check`` uses for a cut.
"""

from __future__ import annotations

from typing import Any

from . import orders as od
from .state import State
from .tables import SHIPPED, Tables

TYPE_NAMES = {t: v["name"] for t, v in SHIPPED.types().items()}


def _int(key: str, label: str, default: int, help_text: str = "") -> dict[str, Any]:
    return {"kind": "integer", "key": key, "label": label, "min": 0, "default": default,
            **({"help": help_text} if help_text else {})}


def _choice(key: str, label: str, options: list[tuple[Any, str]], default: Any = None) -> dict[str, Any]:
    return {"kind": "choice", "key": key, "label": label, "default": default,
            "options": [{"value": v, "label": text} for v, text in options]}


PRICE = 7919  # a sample buy offer's price: a claim that draws this much per unit draws the offer's price


def _market_claims(tables: Tables, price: int) -> list[dict[str, Any]]:
    """The claims of the market offers, in cut order: per good, its sell offer's or its buy offer's."""
    out = []
    for g in reversed(tables.market_goods()):
        for offer in ("sell", "buy"):
            sample = od.normalize(tables, {"market": {g: {"offer": offer, "count": 0, "price": PRICE}}})
            for path, draws in od.claims(tables, sample, price):
                if path[0] == "market":
                    out.append({"path": list(path), "match": {"offer": offer},
                                "draws": {b: "price" if per == PRICE else per for b, per in draws.items()}})
    return out


def budgets(tables: Tables, state: State, player: str) -> dict[str, Any]:
    """What the cut adds up of a sheet, budget by budget (``orders.claims`` of a sheet with a row of each kind:
    ``*`` stands for every row of a list; ``match`` is what the claim's mapping must hold).

    ``sums``: per budget, in the order the cut settles them, what the cut adds up (``terms``: each place's amount
    times ``per``, and times the mapping's ``times`` field where there is one: a buy offer's price) and what the
    listing has (``have``, ``orders.available``), with the cut's own reason (``message``, ``orders.cut_reason``
    with marks the page fills), and what the cut keeps of each term's amount where it alone asks the budget for more
    than it has (``keeps``, ``_kept_alone``). The cut cuts nothing while every sum is at most its ``have``
    (``orders.cut``'s first pass), so the page says exactly that no cut comes where they all fit. Where one does
    not and one place claims on it, the page looks up what the cut keeps and says the rules' warning (``says``
    filled with ``words``, the order's words, by row for a list), budget by budget, each summing what the ones
    before it left. Where several places share an over budget, how much of which is kept is the cut's (its order,
    each by as little as makes the rest fit): the page says the budget is overdrawn and that it cannot tell the
    cut; ``validate`` does. So it does where the rules drop amounts before the cut (``orders.prepare``): an attack
    in the last year (``dropped_when``), a row naming no country the form offers (``rows``)."""
    price = int(state["options"]["industriepreis"])
    goods = tables.transfer_goods()
    sample = od.normalize(tables, {"transfers": [{"to": "", "good": g, "count": 0} for g in goods],
                           "attacks": [{"target": "", "weapons": 0}]})
    claims = _market_claims(tables, price)
    for path, draws in od.claims(tables, sample, price):
        if path[0] == "transfers":  # one claim for every row: what it draws on depends on the row's good
            if claims[-1]["path"][0] != "transfers":
                claims.append({"path": ["transfers", "*", "count"], "by": "good", "draws": {}})
            claims[-1]["draws"][goods[path[1]]] = draws
        elif path[0] == "attacks":
            claims.append({"path": ["attacks", "*", "weapons"], "draws": draws})
        else:
            claims.append({"path": list(path), "draws": draws})
    have = od.available(state["countries"][player])
    sums: list[dict[str, Any]] = []
    for budget in od.BUDGETS:
        terms: list[dict[str, Any]] = []
        for claim in claims:
            if "by" in claim:
                for value, draws in claim["draws"].items():
                    if draws.get(budget):
                        terms.append({"path": claim["path"], "match": {claim["by"]: value}, "per": draws[budget]})
            elif claim["draws"].get(budget):
                per = claim["draws"][budget]
                terms.append({"path": claim["path"], **({"match": claim["match"]} if "match" in claim else {}),
                              **({"per": 1, "times": "price"} if per == "price" else {"per": per})})
        if terms:
            sums.append({"have": have[budget], "terms": terms, "severity": "unknown",
                         "message": od.cut_reason(budget, "{total}", "{have}"),
                         "keeps": [_kept_alone(tables, budget, have[budget], term, price) for term in terms]})
    paths = sorted({".".join(t["path"]) for s in sums for t in s["terms"]})
    words = {p: [od.order_words(tables, p.replace("*", str(n))) for n in range(ROWS)] if "*" in p else
             od.order_words(tables, p) for p in paths}
    others = [(k, c) for k, c in state["countries"].items() if c["active"] and k != player]
    names = sorted({n for k, c in others for n in (k, c["name"])})
    return {"sums": sums, "says": tables.words.say("cut", order="{order}", ordered="{ordered}", kept="{kept}",
                                                   reason="{reason}"),
            "words": words, "rows": {"transfers": {"key": "to", "names": names},
                                     "attacks": {"key": "target", "names": names}},
            "dropped_when": {"leave": True}}


ROWS = 20  # the transfers and attacks the form offers rows for (and the page's cut names by their number)
BEYOND = 10**12  # a budget no probe of ``_kept_alone`` reaches


def _kept_alone(tables: Tables, budget: str, have: int, term: dict[str, Any], price: int) -> int | None:
    """What the rules' own cut (``orders.cut_within``) keeps of the amount at ``term``'s place when it is the only
    claim on ``budget`` and asks more than the listing has: asked of a sheet with that amount alone, one and many
    units over, every other budget made up beyond reach; ``None`` where the two differ or the cut is not this
    budget's alone (and for a buy offer, whose claim per unit is the sheet's price).

    The page's cut (``orders.js``: ``keptProblems``) looks it up where a budget is over and one place claims on it:
    every amount over the listing is cut to this, whatever it was."""
    if "times" in term:
        return None
    place = ".".join("0" if k == "*" else k for k in term["path"])
    avail = {**dict.fromkeys(od.BUDGETS, BEYOND), budget: have}
    kept = set()
    for over in (1, 7919):
        amount = have // term["per"] + over
        sheet: Any = {**(term.get("match") or {}), term["path"][-1]: amount}  # the amount alone, a list's first row
        for k in reversed(term["path"][:-1]):
            sheet = [sheet] if k == "*" else {k: sheet}
        _, records = od.cut_within(tables, od.normalize(tables, sheet), avail, price)
        reason = od.cut_reason(budget, amount * term["per"], have)
        if [(r["order"], r["reason"]) for r in records] != [(place, reason)]:
            return None
        kept.add(records[0]["kept"])
    return kept.pop() if len(kept) == 1 else None


def choices(tables: Tables, state: State, player: str) -> dict[str, Any]:
    """The sheet of ``player``'s country as a form (see ``ruleset.OffersChoices``)."""
    c = state["countries"][player]
    p = od.basic_orders(c)["production"]
    others = sorted((x["name"] for k, x in state["countries"].items() if x["active"] and k != player),
                    key=str.lower)
    year = state["turn"] + 1
    goods = tables.good_names()
    stocks = tables.stock_names()
    listing = " ".join(f"{s}={c[s]}" for s in ("B", "k", "A", "a", "E", "e", "R", "r", "I", "w", "g"))
    fields: list[dict[str, Any]] = [
        {"kind": "group", "key": "production", "label": "Produktion (production)", "fields": [
            _int("harvest", "Ernte: B auf Agrargebieten", p["harvest"], f"höchstens A = {c['A']}"),
            _int("energy", "Energie: B in Energiewerken", p["energy"], f"höchstens E = {c['E']}"),
            _int("mining", "Förderung: B in Rohstoffminen", p["mining"], f"höchstens R = {c['R']}"),
            _int("consumer_goods", "Konsumgüter k", 0, "je 1 I, 1 B, 1 e, 1 r"),
            _int("weapons", "Waffen w", 0, "je 1 I, 1 B, 1 e, 1 r")]},
        {"kind": "group", "key": "construction", "label": "Bauversuche (construction)", "fields": [
            _int(s, f"{stocks[s]} {s}", 0) for s in od.CONSTRUCTION]},
        _int("defence", "Verteidigung: w mit je 1 B", 0, f"w = {c['w']}"),
        {"kind": "group", "key": "gold", "label": "Gold", "fields": [
            _int("industries", "Industrien kaufen", 0, f"je {state['options']['industriepreis']} g (g = {c['g']})")]},
        {"kind": "group", "key": "market", "label": "Weltmarkt (market)", "optional": True, "fields": [
            {"kind": "group", "key": g, "label": f"{goods[g]} ({g})", "optional": True, "fields": [
                _choice("offer", f"Angebot {g}", [(None, "keins"), ("sell", "Verkauf (sell)"), ("buy", "Kauf (buy)")]),
                {**_int("count", f"Anzahl {g}", 0), "default": None},
                {**_int("price", f"Preis {g} in g", 0), "default": None}]}
            for g in tables.market_goods()]},
        {"kind": "rows", "key": "transfers", "label": "Transfer", "max": ROWS, "optional": True,
         "item": {"kind": "group", "label": "Transfer", "fields": [
             _choice("to", "an", [(n, n) for n in others], others[0] if others else None),
             _choice("good", "Gut", [(g, g) for g in tables.transfer_goods()], "a"),
             _int("count", "Anzahl", 0),
             {"kind": "text", "key": "note", "label": "Notiz", "max": tables.limit("note_letters")}]}},
        {"kind": "rows", "key": "attacks", "label": "Angriff", "max": ROWS, "optional": True,
         "item": {"kind": "group", "label": "Angriff", "fields": [
             _choice("target", "auf", [(n, n) for n in others], others[0] if others else None),
             _int("weapons", "Waffen w", 0),
             _choice("aim", "Ziel", [(None, "Los"), *((s, s) for s in ("B", "A", "E", "R", "I"))])]}},
        {"kind": "rows", "key": "contacts", "label": "Kontakt-Zeile", "max": tables.limit("contact_lines"),
         "optional": True, "item": {"kind": "text", "label": "Kontakt-Zeile",
                                    "max": tables.limit("contact_line_chars")}},
    ]
    if od.may_change_type(c, year):
        fields.append(_choice("type_change", "Typwechsel (einmalig)", [(None, "keiner"), *(
            (t, TYPE_NAMES[t]) for t in sorted(TYPE_NAMES) if t != c["type"])]))
    fields.append({"kind": "flag", "key": "leave", "label": "Ausstieg: dies ist der letzte Zug", "default": False})
    notes = [f"Jahr {year}: {c['name']} ({TYPE_NAMES[c['type']]}). Letzte Auflistung: {listing}.",
             f"Die Bevölkerung isst zuerst {min(c['B'], c['a'])} a; verkaufen/transferieren: höchstens "
             f"{max(0, c['a'] - c['B'])} a. Was mehr verlangt als die letzte Auflistung hergibt, wird gekürzt."]
    return {"notes": notes, "field": {"kind": "group", "label": "Befehle", "fields": fields},
            "cuts": budgets(tables, state, player)}
