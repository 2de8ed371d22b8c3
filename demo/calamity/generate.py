"""Generate demo/calamity/: four players with their own habits play both years through the engine's dice.

Run ``.venv/bin/python demo/calamity/generate.py`` again whenever the engine changes how it derives dice.

The dice are derived exactly as demo/build.py and league.py derive them (secret from the demo's name, setup dice
from game.yaml's text, turn dice from the revealed seed and the digest of the turn's orders files), so the
orders written here are the ones the engine will accept. The number of turns enters the schedule and so the
set-up dice: iterate until it is a fixed point.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from adjudicator import dice as dicemod  # noqa: E402
from adjudicator import yamlio
from adjudicator.cli.values import parse_player  # noqa: E402
from adjudicator.league import store
from adjudicator.rulesets.calamity import RULESET as R  # noqa: E402
from adjudicator.rulesets.calamity.ledger import in_bank  # noqa: E402
from adjudicator.rulesets.calamity.tables import MATRICES, TRACK, price  # noqa: E402

OUT = Path(__file__).resolve().parent
SPEC = {
    "title": "Calamity — the 1983 Lloyd's season",
    "players": ["Harriet Lowe:hlowe:51001", "Rupert Vance:RVance:51002", "Priya Natarajan:pnatarajan:51003",
                "Tomasz Wierzbicki:twierz:51004"],
    "options": {"market": "purchase"},
}
LAST_DEADLINE = dt.datetime(2026, 11, 20, 20, 0, tzinfo=dt.UTC)
PLAYERS = [parse_player(p) for p in SPEC["players"]]
SECRET = hashlib.sha256(b"turnpress-demo/calamity").digest()

# Habits: which categories a player likes to buy, how much risk he stomachs, what fee he asks to take a policy.
HABITS = {
    "hlowe": {"likes": ["B", "A", "C"], "nerve": 2, "takes_for": 12},       # the careful underwriter
    "rvance": {"likes": ["D", "C"], "nerve": 4, "takes_for": None},         # the gambler
    "pnatarajan": {"likes": ["C", "D", "B"], "nerve": 3, "takes_for": 8},   # the trader who buys risk cheap
    "twierz": {"likes": ["D", "B", "A"], "nerve": 3, "takes_for": 15},      # collects complete types
}
# Tomasz is travelling once: the deadline default (NMR) plays for him. The length of the game enters the schedule
# and so the set-up dice: the turn he misses is moved on until the number of turns is a fixed point.
MISSED_TURN = 9
KINDS: set[str] = set()  # the kinds of phase the last game played went through: the demo shows all of them


def setup_config(n_turns: int) -> dict:
    first = LAST_DEADLINE - dt.timedelta(days=n_turns - 1)
    schedule = {"timezone": "Europe/Berlin", "first": first.astimezone(dt.UTC).strftime("%Y-%m-%d %H:%M+00:00"),
                "every": "1 day", "grace": 30}
    commitment = dicemod.commitment(SECRET)
    config = {"game": "demo-calamity", "title": SPEC["title"], "ruleset": "calamity",
              "options": dict(SPEC["options"]), "players": [store.player_to_yaml(p) for p in PLAYERS],
              "schedule": schedule,
              "dice": {"commitment": commitment.hex(), "length": dicemod.CHAIN_LENGTH, "public_secret": True}}
    return config


def nm(st, p):
    return st["names"][p].split()[0]


def exposure(st, p, cat):
    return [c for c in st["players"][p]["policies"] if c[0] == cat]


def score_field(st, p, field_no):
    """How much ``p`` likes landing on ``field_no`` (higher is better)."""
    f = TRACK[field_no]
    cash = st["players"][p]["cash"]
    if f.kind in ("purchase", "market"):
        return 3 if cash > 60 else 1
    if f.kind == "risk":
        mine = len(exposure(st, p, f.category))
        others_ = sum(len(exposure(st, q, f.category)) for q in st["seats"] if q != p)
        return 2 + others_ - 3 * mine
    if f.kind in ("tax", "henley", "winter_bonus"):
        return 4
    if f.kind == "takeover":
        return 2 if cash > 80 else -2
    if f.kind == "monopoly":
        return 2
    if f.kind == "mismanagement":
        fewest = min(len(st["players"][q]["policies"]) for q in st["seats"])
        return -4 if len(st["players"][p]["policies"]) == fewest else 3
    if f.kind in ("earthquake", "war"):
        return 1 - len(st["players"][p]["policies"])
    if f.kind == "cover":
        return -2 if cash < 40 * len(st["players"][p]["policies"]) else 1
    return 0


def move_orders(st, p, turn):
    hand = st["private"][p]["hand"]
    habits = HABITS[p]
    cash = st["players"][p]["cash"]
    token = st["token"]
    notes, o = [], {}
    mine = st["players"][p]["policies"]
    # (i) selling: late in the year, high prices and many risk fields ahead make the careful sell D and C.
    sell = []
    if token >= 27 and habits["nerve"] <= 3:
        sell = [c for c in mine if c[0] == "D" and mine.count(c) < 4][: 2 if habits["nerve"] == 2 else 1]
    if st["year"] == 2 and token >= 40 and p == "pnatarajan":
        sell = [c for c in mine if c[0] in "CD" and mine.count(c) < 4][:2]
    if sell:
        o["sell"] = sell
        notes.append(f"Selling {', '.join(sell)} while {price(sell[0], token)} GE is on offer — "
                     "too many calamities between here and field 52.")
        cash += sum(price(c, token) for c in sell)
    # (ii) the card: the field I like best; among equals the smaller card keeps my big ones for later.
    options = sorted(set(hand), key=lambda c: (-score_field(st, p, token + c), c))
    if sum(hand) == 52 - token or len(hand) == 1:
        options = [options[0]]
    card = options[0]
    o["card"] = card
    field = TRACK[token + card]
    notes.append(f"Playing my {card}: field {field.number}, {field.name}.")
    after = [c for c in mine if c not in sell]
    if field.kind in ("purchase", "market"):
        buy = []
        for cat in habits["likes"]:
            # prefer types I already hold: four of a type pay double
            ranked = sorted((f"{cat}{t}" for t in (1, 2, 3)), key=lambda c: -after.count(c))
            for code in ranked:
                cost = price(code, field.number)
                covered = cash - cost >= 45 * (len(after) + len(buy) + 1) - 40  # keep clear of Deckung
                if (len(buy) < 3 and in_bank(st, code) - buy.count(code) > 0 and covered
                        and after.count(code) + buy.count(code) < 4):
                    buy.append(code)
                    cash -= cost
        if buy:
            o["buy"] = buy
            q = field.quarter
            notes.append(f"Buying {', '.join(buy)}" + (" while they cost nothing." if q == 1 else "."))
    elif field.kind == "tax":
        victim = max((q for q in st["seats"] if q != p), key=lambda q: st["players"][q]["cash"])
        o["tax"] = victim
        notes.append(f"{nm(st, victim)} is the richest of us: the tax man calls on {nm(st, victim)}.")
    elif field.kind == "takeover":
        picks = []
        for q in st["seats"]:
            if q == p:
                continue
            for code in st["players"][q]["policies"]:
                if code[0] in habits["likes"][:2] and len(picks) < 3 and (code, q) not in picks:
                    picks.append((code, q))
        if picks:
            o["takeover"] = [{"policy": c, "from": q} for c, q in picks]
            notes.append("Taking over " + ", ".join(f"{c} from {nm(st, q)}" for c, q in picks) + ".")
    elif field.kind == "ascot":
        friend = min((q for q in st["seats"] if q != p), key=lambda q: st["players"][q]["cash"])
        o["ascot"] = friend
        notes.append(f"Ascot: {nm(st, friend)} is behind and could use a winner — or share my losses.")
    elif field.kind == "henley":
        best = None
        for q in st["seats"]:
            if q != p:
                for code in st["players"][q]["policies"]:
                    key = (code[0] in habits["likes"], after.count(code), code[0])
                    if best is None or key > best[0]:
                        best = (key, code, q)
        if best:
            o["henley"] = {"policy": best[1], "from": best[2]}
            notes.append(f"Henley regatta: I'll have {best[1]} off {nm(st, best[2])}, thank you.")
    elif field.kind == "monopoly":
        swaps = []
        cheap = [c for c in after if c[0] == "A"]
        for q in st["seats"]:
            if q == p:
                continue
            for code in st["players"][q]["policies"]:
                if cheap and code[0] in "CD" and len(swaps) < 2 and after.count(code) >= 1:
                    swaps.append({"give": cheap.pop(0), "take": code, "with": q})
        if swaps:
            o["monopoly"] = swaps
            notes.append("Monopol: trading my A policies for types I am collecting.")
    if turn <= 8 and p == "hlowe" and not st["private"][p]["standing"]:
        o["standing"] = {"D": {"before_row": "return"}, "A": {"before_row": "keep", "after_row": 3}}
        notes.append("Standing orders: I never sit out a D calamity, and A only when the row looks bad.")
    if turn <= 8 and p == "pnatarajan" and not st["private"][p]["standing"]:
        o["standing"] = {"B": {"before_row": "keep", "after_row": 4, "accept_fee": 8}}
        notes.append("Standing orders for B: I keep them unless the row is grim, and I take B off anyone's "
                     "hands for 8 GE.")
    if turn <= 8 and p == "twierz" and not st["private"][p]["standing"]:
        o["standing"] = {c: {"before_row": "keep", "after_row": 4, "accept_fee": 15} for c in "ABCD"}
        o["standing"]["year_end"] = []
        notes.append("Standing orders, as I am often travelling: I keep my policies unless a row marks them four "
                     "times, take anyone's for 15 GE, and keep everything at the year end.")
    return o, notes


def expected(cat, row, t):
    if row is None:
        return MATRICES[cat].risk * 40
    return MATRICES[cat].row_count(row, t) * 40 / 6


def reaction_orders(st, p):
    risk = st["risk"]
    cat, step, row = risk["category"], risk["step"], risk["row"]
    habits = HABITS[p]
    mine = exposure(st, p, cat)
    fee = 4 if step == 1 else 20
    notes, o = [], {}
    ret, passes = [], []
    others = [q for q in st["seats"] if q != p]
    for code in dict.fromkeys(mine):
        n = mine.count(code)
        if n == 4:
            if step == 2 and MATRICES[cat].row_count(row, int(code[1])) >= 3:
                notes.append(f"{code} is complete (double premium): I hold on whatever row {row} says.")
            continue
        hits = MATRICES[cat].row_count(row, int(code[1])) if row else None
        # Step 1: only the careful give up D business at once. Step 2: give up when the row looks bad.
        worried = (step == 1 and habits["nerve"] == 2 and cat == "D" and n >= 2) or (
            step == 2 and hits >= habits["nerve"] + 1)
        if worried and st["players"][p]["cash"] >= fee * (len(ret) + n) + 40:
            if p == "rvance" and step == 2:
                taker = max(others, key=lambda q: (cat not in st["private"][q]["standing"], st["players"][q]["cash"]))
                offer_fee = min(hits * 40 // 6 - 2, st["players"][p]["cash"] // 4)
                if offer_fee > 0:
                    passes.append({"policy": code, "to": taker, "fee": offer_fee, "if_refused": "return"})
                    notes.append(f"{code} has a {hits}-in-6 chance now. "
                                 f"{nm(st, taker)}, it's yours for {offer_fee} GE, as we discussed; "
                                 "if not, back to the bank it goes.")
                    continue
            ret += [code] * n
            what = f"row {row} marks type {code[1]} {hits} times" if row else "too much D for my taste"
            notes.append(f"Returning {code}{' x' + str(n) if n > 1 else ''} for {fee} GE each: {what}.")
    if p == "rvance" and step == 1 and len(mine) >= 2 and not passes:
        code = mine[-1]
        if code not in ret:
            # he offers to whoever answers in person (no standing order for the category), fewest policies first
            taker = min(others, key=lambda q: (cat in st["private"][q]["standing"], len(st["players"][q]["policies"])))
            passes.append({"policy": code, "to": taker, "fee": 10, "if_refused": "keep"})
            notes.append(f"Offering {code} to {nm(st, taker)} with 10 GE on top; if not, I ride it out.")
    if ret:
        o["return"] = ret
    if passes:
        o["pass"] = passes
    if not notes:
        notes.append(f"Keeping my {cat} policies" + (f" — row {row} is kind to me." if row else "."))
    return o, notes


def answer_orders(st, p):
    risk = st["risk"]
    cat, row = risk["category"], risk["row"]
    offers = [x for x in risk["offers"] if x["to"] == p and x["answer"] is None]
    limit = HABITS[p]["takes_for"]
    acc, notes = [], []
    for x in offers:
        e = expected(cat, row, int(x["policy"][1]))
        premium_hope = {"A": 4, "B": 8, "C": 16, "D": 32}[cat] // 4  # what the policy still earns me
        ok = limit is not None and x["fee"] >= min(limit, 40) - 4 and x["fee"] + premium_hope >= e
        if ok:
            acc.append({"policy": x["policy"], "from": x["from"], "fee": x["fee"]})
            notes.append(f"{x['fee']} GE plus the premium for {x['policy']} against about {float(e):.0f} GE expected "
                         "damage: deal.")
        else:
            notes.append(f"No thank you, {nm(st, x['from'])}: {x['fee']} GE does not pay for {x['policy']}.")
    return ({"accept": acc} if acc else {}), notes


def year_end_orders(st, p):
    mine = st["players"][p]["policies"]
    if p == "hlowe":
        ret = [c for c in mine if c[0] in "CD"]
        if ret:
            return {"return": ret}, ["Closing the books: the C and D business goes back to the bank."]
    if p == "pnatarajan":
        ret = [c for c in mine if c[0] == "A"]
        if ret:
            return {"return": ret}, ["The A policies hardly pay: back they go."]
    return {}, ["Keeping everything for next year's premiums."]


def envelope(turn, p, o, notes):
    lines = ["game: demo-calamity", f"turn: {turn}", f"player: {p}", "orders:"]
    lines += [f"  # {n}" for n in notes]
    body = yamlio.dump(o) if o else "{}\n"
    if o:
        lines += ["  " + line for line in body.rstrip("\n").split("\n")]
    else:
        lines[-1] = "orders: {}"
        lines[-1:-1] = []
    text = "\n".join(lines) + "\n"
    if not o:
        text = "\n".join(["game: demo-calamity", f"turn: {turn}", f"player: {p}"] + [f"# {n}" for n in notes]
                         + ["orders: {}"]) + "\n"
    assert yamlio.load(text).data["orders"] == (o or {}), text
    return text


def play(n_turns, write=False):
    config = setup_config(n_turns)
    setup_dice = dicemod.Dice.for_turn(dicemod.commitment(SECRET),
                                       dicemod.orders_digest({"game.yaml": yamlio.dump(config).encode()}))
    st = R.setup(dict(SPEC["options"]), PLAYERS, setup_dice)
    turn = 0
    files = {}
    KINDS.clear()
    while not R.phase(st).finished:
        turn += 1
        kind = st["phase"]["kind"]
        KINDS.add(kind)
        raw = {}
        for p in st["phase"]["awaited"]:
            if (p, turn) == ("twierz", MISSED_TURN):
                continue
            if kind == "move":
                o, notes = move_orders(st, p, turn)
            elif kind == "reaction":
                o, notes = reaction_orders(st, p)
            elif kind == "answer":
                o, notes = answer_orders(st, p)
            else:
                o, notes = year_end_orders(st, p)
            problems = [x for x in R.check(st, p, o) if x.severity == "error"]
            assert not problems, (turn, p, o, problems)
            raw[p] = envelope(turn, p, o, notes).encode()
        files[turn] = raw
        orders = {p: yamlio.load(b).data["orders"] for p, b in raw.items()}
        for p in st["phase"]["awaited"]:
            orders.setdefault(p, R.default_orders(st, p, None))
        seed = dicemod.reveal(SECRET, dicemod.CHAIN_LENGTH, turn)
        res = R.adjudicate(st, {k: orders[k] for k in sorted(orders)},
                           dicemod.Dice.for_turn(seed, dicemod.orders_digest(raw)))
        st = res.state
    if write:
        for d in OUT.glob("[0-9][0-9][0-9][0-9]"):
            shutil.rmtree(d)
        for t, raw in files.items():
            folder = OUT / f"{t:04d}"
            folder.mkdir(parents=True, exist_ok=True)
            for p, b in raw.items():
                (folder / f"{p}.yaml").write_bytes(b)
            if not raw:
                (folder / ".keep").write_text("")
    return turn, st


def main():
    global MISSED_TURN
    for MISSED_TURN in range(9, 60):
        for n in range(55, 90):
            got, st = play(n)
            if got == n and KINDS == {"move", "reaction", "answer", "year_end"}:
                break
        print("Tomasz misses turn", MISSED_TURN, "assumed", n, "got", got, sorted(KINDS), flush=True)
        if got == n and len(KINDS) == 4:
            break
    else:
        raise SystemExit("no fixed point")
    play(n, write=True)
    (OUT / "game.yaml").write_text(
        "# `turnpress new` arguments of the demo game (demo/build.py reads them).\n" + yamlio.dump(SPEC))
    print(R.standings(st))


if __name__ == "__main__":
    main()
