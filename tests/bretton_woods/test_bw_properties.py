"""Properties over random positions and orders (hypothesis): what must hold in every year."""

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator import yamlio
from adjudicator.dice import Dice
from adjudicator.rulesets.bretton_woods import RULESET as BW
from adjudicator.rulesets.bretton_woods import evaluation as ev
from adjudicator.rulesets.bretton_woods import orders as od
from adjudicator.rulesets.bretton_woods.tables import SHIPPED

from .helpers import PLAYERS

NAMES = ["Atlantis", "Borduria", "Carpania"]
KEYS = ["anna", "bert", "cleo"]
small = st.integers(0, 60)

stocks = st.fixed_dictionaries({s: st.integers(0, 250) for s in ev.STOCKS})
offer = st.fixed_dictionaries({"offer": st.sampled_from(["sell", "buy"]), "count": small,
                               "price": st.integers(0, 40)})
transfer = st.fixed_dictionaries({"to": st.sampled_from(NAMES), "good": st.sampled_from(["a", "e", "r", "k", "w", "g"]),
                                  "count": small})
attack = st.fixed_dictionaries({"target": st.sampled_from(NAMES), "weapons": small},
                               optional={"aim": st.sampled_from(["B", "A", "E", "R", "I"])})
orders = st.fixed_dictionaries({
    "production": st.fixed_dictionaries({p: st.integers(0, 120) for p in od.PRODUCTION}),
    "construction": st.fixed_dictionaries({c: st.integers(0, 20) for c in od.CONSTRUCTION}),
    "defence": small,
    "market": st.dictionaries(st.sampled_from(["a", "e", "r", "k", "w"]), offer, max_size=5),
    "transfers": st.lists(transfer, max_size=3),
    "attacks": st.lists(attack, max_size=2),
    "gold": st.fixed_dictionaries({"industries": st.integers(0, 5)}),
}, optional={"leave": st.booleans()})


def position(data):
    state = BW.setup({}, PLAYERS, Dice(b""))
    for key, s in zip(KEYS, data, strict=True):
        c = state["countries"][key]
        c.update(s)
        c["e_imported"] = min(c["e"], s["B"] % 7)
    return state


def clean(state, key, raw):
    """The orders minus what cannot be read (transfers or attacks on oneself): the engine refuses those."""
    me = state["countries"][key]["name"]
    return raw | {"transfers": [t for t in raw["transfers"] if t["to"] != me],
                  "attacks": [a for a in raw["attacks"] if a["target"] != me]}


@settings(max_examples=50, deadline=None)
@given(st.lists(stocks, min_size=3, max_size=3), st.lists(orders, min_size=3, max_size=3), st.binary(max_size=4))
def test_trade_and_transfer_create_nothing_and_no_stock_goes_negative(data, raw, seed):
    """4.1, 4.2: trade and transfer move goods and gold, never create them; 2: no stock goes negative."""
    state = position(data)
    given_orders = {k: clean(state, k, o) for k, o in zip(KEYS, raw, strict=True)}
    r = BW.adjudicate(state, given_orders, Dice(seed))
    lst = {k: r.report["countries"][k]["listings"] for k in KEYS}
    for good in ("a", "e", "r", "k", "w"):
        assert sum(dict(lst[k][good]["terms"])["Han"] for k in KEYS) == 0
        assert sum(dict(lst[k][good]["terms"])["Tra"] for k in KEYS) == 0
    surplus = sum(m["ueberschuss"] for m in r.report["market"].values())
    assert sum(dict(lst[k]["g"]["terms"])["Han"] for k in KEYS) == -surplus <= 0
    assert sum(dict(lst[k]["g"]["terms"])["Tra"] for k in KEYS) == 0
    for k in KEYS:
        c = r.state["countries"][k]
        assert all(c[s] >= 0 for s in ev.STOCKS) and 0 <= c["e_imported"] <= c["e"]
        for s in ev.STOCKS:
            listing = lst[k][s]
            assert listing["end"] == c[s] == listing["start"] + sum(listing["terms"].values())


@settings(max_examples=20, deadline=None)
@given(st.lists(stocks, min_size=3, max_size=3), st.lists(orders, min_size=3, max_size=3), st.binary(max_size=4))
def test_same_inputs_give_the_same_bytes(data, raw, seed):
    state = position(data)
    given_orders = {k: clean(state, k, o) for k, o in zip(KEYS, raw, strict=True)}
    a = BW.adjudicate(state, given_orders, Dice(seed))
    b = BW.adjudicate(position(data), given_orders, Dice(seed))
    assert yamlio.dump(a.state) == yamlio.dump(b.state) and yamlio.dump(a.report) == yamlio.dump(b.report)


@settings(max_examples=50, deadline=None)
@given(stocks, orders)
def test_every_cut_is_reported_and_the_rest_fits(data, raw):
    """6: every order reduced by the adjudicator appears in the cuts, and what is kept fits the listing."""
    state = position([data, data, data])
    raw = clean(state, "anna", raw)
    raw.pop("leave", None)  # leaving drops attacks before any cut (tested in test_bw_rules)
    norm = od.normalize(SHIPPED, raw)
    kept, cuts = od.cut(SHIPPED, norm, state["countries"]["anna"], 50)
    table = od.claims(SHIPPED, kept, 50)
    reported = {c["order"]: c for c in cuts}
    for path, _ in table:
        before, after = od.get(norm, path), od.get(kept, path)
        assert after <= before
        if after < before:
            assert reported[od.path_text(path)]["kept"] == after
    avail = od.available(state["countries"]["anna"])
    for budget in od.BUDGETS:
        assert sum(od.get(kept, p) * u.get(budget, 0) for p, u in table) <= avail[budget]
    warnings = {p.path for p in BW.check(state, "anna", raw) if p.severity == "warning" and "gekürzt" in p.message}
    assert warnings == {tuple(int(x) if x.isdigit() else x for x in c.split(".")) for c in reported}
