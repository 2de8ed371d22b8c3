"""Writes ``demo/policy-maker/``: a four-player game played to its end by players with opinions.

    .venv/bin/python -m tests.policy_maker.pm_demo_writer

The orders must be valid under the dice the league will really roll, so this replays what ``demo/build.py``
does: the game is created by ``turnmod.new_game`` (in a scratch folder) with the demo's secret, the set-up
dice come from the bytes of its ``game.yaml``, and each turn's dice from the revealed seed and the digest of
the exact orders file. The deadline schedule depends on the number of turns, so the game is written again
until the number of turns it takes is the number it was scheduled for.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import random
import shutil
import tempfile
from pathlib import Path
from typing import Any

from adjudicator import dice as dicemod
from adjudicator import yamlio
from adjudicator.cli.values import parse_player
from adjudicator.engine import turn as turnmod
from adjudicator.rulesets.policy_maker import RULESET as R
from adjudicator.rulesets.policy_maker.common import field, in_danger_zone, investys, sector, sectors
from adjudicator.rulesets.policy_maker.orders import invest_problem, manipulate_problem, step_of
from adjudicator.rulesets.policy_maker.scoring import meets_initiative

NAME = "policy-maker"
GAME = f"demo-{NAME}"
ROOT = Path(__file__).resolve().parents[2]
HERE = ROOT / "demo" / NAME
PLAYERS = ["Margarethe Vogl:mvogl:61001", "Jonas Hartl:jhartl:61002", "Aylin Demir:aydemir:61003",
           "Kofi Mensah:kmensah:61004"]
OPTIONS: dict[str, Any] = {}
TITLE = "The Policy Maker — a legislative period"
SEED = 3  # the players' moods: found by trying seeds until the turns settle on a full game
SECRET = hashlib.sha256(f"turnpress-demo/{NAME}".encode()).digest()

SAY = {
    "invest": ["{sec} is where the future is.", "Quietly building in {sec}.", "Another step in {sec} while the "
               "price is right.", "Putting my {sec} cards to work.", "Nobody else wants {sec}? Fine by me.", "", ""],
    "manipulate": ["{target}, that {sec} lead was getting a bit too comfortable.", "Sorry {target}: no "
                   "monopolies on my watch.", "The {sec} market needed a correction."],
    "pass": ["Saving up.", "Holding my cards this round.", "Nothing worth buying at these prices.", ""],
    "initiative": ["Happy to deliver {init}.", "{init} done; thanks for the funding, Minister."],
    "tax": ["Fine, the treasury gets its share.", "Ten cards to the tax office. Ouch.", ""],
    "gov_tax": ["{sec} is overheating: the cost goes up.", "Cheaper {sec} for everyone.", "Adjusting the "
                "incentives.", ""],
    "gov_audit": ["Routine audit, {target}. Nothing personal.", "Let's see what {target} is sitting on."],
    "gov_holiday": ["Parliament is in recess.", "Off to the mountains; behave yourselves.", ""],
    "gov_grant": ["Grants go where growth is needed.", "Funding for the underdogs this time.", ""],
}


def _say(rng: random.Random, kind: str, **words: str) -> str:
    return rng.choice(SAY[kind]).format(**words)


def _government(s: dict[str, Any], me: str, rng: random.Random) -> dict[str, Any]:
    act = s["timeline"][s["timeline_index"]]
    keys = investys(s)
    lead = {x: max(keys, key=lambda k: field(s, k, x)) for x in sectors(s)}
    o: dict[str, Any] = {}
    if act == "audit":
        target = max(keys, key=lambda k: (s["investys"][k]["cards"] + 2 * sum(field(s, k, x) for x in sectors(s))))
        o["audit"] = target
        o["note"] = _say(rng, "gov_audit", target=s["seats"]["names"][target].split()[0])
    elif act == "tax":
        hot = max(sectors(s), key=lambda x: field(s, lead[x], x) - sector(s, x)["danger_from"])
        cold = min(sectors(s), key=lambda x: (field(s, lead[x], x), -s["costs"][x]))
        changes = []
        if field(s, lead[hot], hot) >= sector(s, hot)["danger_from"] - 2 and s["costs"][hot] < 6:
            if sum(s["costs"].values()) >= 12 and s["costs"][cold] > 1 and cold != hot:
                changes.append({"sector": cold, "change": -1})
            if sum(s["costs"].values()) + sum(c["change"] for c in changes) < 12:
                changes.append({"sector": hot, "change": 1})
            said = sector(s, hot)["name"]
        elif s["costs"][cold] > 1:
            changes.append({"sector": cold, "change": -1})
            said = sector(s, cold)["name"]
        else:
            said = "everything"
        o["tax"] = changes
        o["note"] = _say(rng, "gov_tax", sec=said) if changes else "Costs stay as they are."
    elif act == "grant":
        drawn = s["private"][me]["grant_cards"]
        given: dict[str, list[int]] = {k: [] for k in keys}
        for i, card in enumerate(drawn, start=1):
            fit = [k for k in keys if card == "joker" or not in_danger_zone(s, k, card)]
            fit = fit or keys
            k = min(fit, key=lambda k: (len(given[k]), sum(field(s, k, x) for x in sectors(s)), keys.index(k)))
            given[k].append(i)
        o["grant"] = given
        o["note"] = _say(rng, "gov_grant")
    else:
        o["note"] = _say(rng, "gov_holiday")
    if s["round"] == 1:
        goal = s["private"][me]["goal"]
        card = next(g for g in s["board"]["goals"] if g["id"] == goal)
        wanted = str(card["requires"])
        ids = [c["id"] for c in s["board"]["initiatives"]]
        o["initiatives"] = sorted(ids, key=lambda i: (not any(x in wanted and x in str(
            next(c for c in s["board"]["initiatives"] if c["id"] == i)["requires"]) for x in sectors(s)),
            ids.index(i)))[:8]
    if not o.get("note"):
        o.pop("note", None)
    return o


def _investy(s: dict[str, Any], me: str, rng: random.Random, plan: dict[str, str]) -> dict[str, Any]:
    hand = s["private"][me]["hand"]
    names = s["seats"]["names"]
    o: dict[str, Any] = {}
    for other in investys(s):
        for x in sectors(s):
            if other == me or not in_danger_zone(s, other, x) or field(s, other, x) - field(s, me, x) < 2:
                continue
            for steps in (2, 1):
                m = {"target": other, "sector": x, "steps": steps,
                     "jokers": max(0, min(hand["joker"], steps * (s["costs"][x] + 1) - hand[x]))}
                if manipulate_problem(s, me, m) is None:
                    o["manipulate"] = m
                    o["note"] = _say(rng, "manipulate", target=names[other].split()[0], sec=sector(s, x)["name"])
                    break
            if "manipulate" in o:
                break
        if "manipulate" in o:
            break
    focus = plan.setdefault(me, max(sectors(s), key=lambda x: (hand[x], -sectors(s).index(x))))
    if "manipulate" not in o:
        for x in [focus, *sorted(sectors(s), key=lambda x: -hand[x])]:
            best = None
            for steps in range(6, 0, -1):
                i = {"sector": x, "steps": steps, "jokers": max(0, steps * s["costs"][x] - hand[x])}
                if i["jokers"] > 0 and x != focus:
                    continue
                if invest_problem(s, me, i) is None:
                    best = i
                    break
            if best and (x == focus or best["steps"] >= 1):
                if not best["jokers"]:
                    del best["jokers"]
                o["invest"] = best
                o["note"] = _say(rng, "invest", sec=sector(s, x)["name"])
                break
    probe = {"board": s["board"], "seats": s["seats"], "tracks": {x: dict(t) for x, t in s["tracks"].items()}}
    if "invest" in o:
        probe["tracks"][o["invest"]["sector"]][me] += o["invest"]["steps"]
    for i in s["initiatives"]["open"]:
        card = next(c for c in s["board"]["initiatives"] if c["id"] == i)
        if meets_initiative(probe, me, card["requires"]):
            o["initiative"] = i
            o["note"] = _say(rng, "initiative", init=card["name"])
            break
    draw = []
    if "joker" in s["open_cards"] and "initiative" not in o:
        draw.append("joker")
    if focus in s["open_cards"]:
        draw.append(focus)
    o["draw"] = [*draw, focus, "deck"] if draw else ["deck", "deck"]
    spent = sum(o.get(a, {}).get("steps", 0) * (s["costs"][o[a]["sector"]] + (a == "manipulate"))
                for a in ("invest", "manipulate") if a in o)
    coming = s["investys"][me]["cards"] - spent + 2 + (5 if "initiative" in o else 0)
    if coming >= s["options"]["wealth_tax_from"]:
        left = {k: n for k, n in hand.items()}
        spec: dict[str, int] = {}
        for k in sorted(sectors(s), key=lambda k: (k == focus, field(s, me, k), left[k])):
            take = min(left[k], 10 - sum(spec.values()))
            if take:
                spec[k] = take
        o["wealth_tax"] = spec
    if not o.get("note"):
        o["note"] = _say(rng, "pass") if "invest" not in o and "manipulate" not in o else ""
    if not o["note"]:
        del o["note"]
    return o


def _tax_phase(s: dict[str, Any], me: str, rng: random.Random, plan: dict[str, str]) -> dict[str, Any]:
    hand = s["private"][me]["hand"]
    focus = plan.get(me)
    spec: dict[str, int] = {}
    for k in sorted([*sectors(s), "joker"], key=lambda k: (k == "joker", k == focus, field(s, me, k)
                                                            if k != "joker" else 0, hand[k])):
        take = min(hand[k], 10 - sum(spec.values()))
        if take:
            spec[k] = take
    o: dict[str, Any] = {"wealth_tax": spec}
    if note := _say(rng, "tax"):
        o["note"] = note
    return o


def envelope(turn: int, player: str, orders: dict[str, Any]) -> bytes:
    return yamlio.dump({"game": GAME, "turn": turn, "player": player, "orders": orders}).encode()


def setup_state(turns: int, scratch: Path) -> tuple[dict[str, Any], list[Any]]:
    """The demo game as ``demo/build.py`` creates it when it has ``turns`` turns."""
    players = [parse_player(p) for p in PLAYERS]
    first = dt.datetime(2026, 11, 20, 20, 0, tzinfo=dt.UTC) - dt.timedelta(days=turns - 1)
    schedule = {"timezone": "Europe/Berlin", "first": first.strftime("%Y-%m-%d %H:%M+00:00"), "every": "1 day",
                "grace": 30}
    turnmod.new_game(scratch, NAME, GAME, players, OPTIONS, schedule, title=TITLE, demo=True, secret=SECRET)
    config = yamlio.read_data(scratch / "games" / GAME / "game.yaml")
    # the demo was set up before issue 32: its game.yaml has no ``draws`` option, which keys the set-up's dice
    config["options"].pop("draws", None)
    commitment = dicemod.commitment(SECRET)
    state = R.setup(dict(OPTIONS), players, dicemod.Dice.for_turn(commitment, turnmod.set_up_digest(config)))
    return state, players


def turn_dice(turn: int, files: dict[str, bytes]) -> dicemod.Dice:
    """The dice of a turn as the league rolls them: the revealed seed and the digest of every orders file."""
    seed = dicemod.reveal(SECRET, dicemod.CHAIN_LENGTH, turn)
    return dicemod.Dice.for_turn(seed, dicemod.orders_digest(files))


def round_trip(state: dict[str, Any]) -> dict[str, Any]:
    """The state as the league stores and reads it: public view and hidden parts through YAML."""
    public = yamlio.load(yamlio.dump(R.public_view(state)), max_bytes=10**8).data
    public.update(yamlio.load(yamlio.dump({k: state[k] for k in ("private", "secret")}), max_bytes=10**8).data)
    return public


def play(turns: int, seed: int = SEED) -> dict[int, dict[str, bytes]]:
    """The orders files of a game scheduled for ``turns`` turns, played to its end (two files in a turn where
    the Audit shares the first Investy's phase, H15)."""
    scratch = Path(tempfile.mkdtemp())
    try:
        state, _ = setup_state(turns, scratch)
    finally:
        shutil.rmtree(scratch)
    rng = random.Random(seed)
    plan: dict[str, str] = {}
    files: dict[int, dict[str, bytes]] = {}
    turn = 1
    while not R.phase(state).finished:
        given: dict[str, Any] = {}
        for who in R.phase(state).awaited:
            step = step_of(state, who)
            mine = {**R.public_view(state), "private": {who: state["private"][who]}}
            orders = {"government": _government, "investy": _investy}.get(step, _tax_phase)
            o = orders(mine, who, rng) if step == "government" else orders(mine, who, rng, plan)
            problems = [p for p in R.check(state, who, o) if p.severity == "error"]
            assert not problems, (turn, who, o, problems)
            given[who] = o
        files[turn] = {who: envelope(turn, who, o) for who, o in given.items()}
        state = round_trip(R.adjudicate(state, given, turn_dice(turn, files[turn])).state)
        turn += 1
    return files


def main() -> None:
    for turns in range(30, 61):
        files = play(turns)
        if len(files) == turns:
            break
    else:
        raise SystemExit("no schedule of 30-60 turns fits the game: try another SEED")
    for old in HERE.glob("[0-9][0-9][0-9][0-9]"):
        shutil.rmtree(old)
    for turn, given in files.items():
        (HERE / f"{turn:04d}").mkdir(parents=True, exist_ok=True)
        for who, raw in given.items():
            (HERE / f"{turn:04d}" / f"{who}.yaml").write_bytes(raw)
    (HERE / "game.yaml").write_text(
        "# `turnpress new` arguments of the demo game (demo/build.py reads them).\n"
        + yamlio.dump({"title": TITLE, "players": PLAYERS, "options": OPTIONS}))
    print(f"{GAME}: {len(files)} turns written")


if __name__ == "__main__":
    main()
