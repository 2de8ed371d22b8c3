"""Write the demo game's orders files (run once, by hand; the files are what the league plays).

    .venv/bin/python demo/dreissigjaehriger-krieg/generate.py

The movement orders below are the players' own, season by season, as they would send them. Retreats and
adjustments follow simple habits (retreat to the first listed field, build armies in free home centres,
remove what civil disorder would remove), played through the engine with the dice the demo test uses.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from adjudicator import yamlio  # noqa: E402
from adjudicator.cli.values import parse_player  # noqa: E402
from adjudicator.dice import Dice  # noqa: E402
from adjudicator.rulesets.diplomacy import RULESET  # noqa: E402
from adjudicator.rulesets.diplomacy.adjudicate import _m  # noqa: E402
from adjudicator.rulesets.diplomacy.newsletter import template  # noqa: E402

HERE = Path(__file__).resolve().parent
GAME = "demo-dreissigjaehriger-krieg"

PLAN: dict[str, dict[str, list[str]]] = {
    "Spring 1618 Movement": {
        # Prague, May 1618: the estates throw the governors out of the window; Vienna strikes at once
        "oesterreich": ["Ungehorsam A Kar 3 RP", "A Pra - Kar", "A MOla - Ltz", "F Lin - Pas", "A EbSa - Lan"],
        "pfalz": ["Kirchenbau A Kar 2 RP", "A NOpf S A Kar", "A Hei - Fra", "A Mai - SGNa"],
        "bayern": ["A BFre - Reg", "A FAns - Nur", "A Aug - Ulm"],
        "sachsen": ["F Tor - FAnh - EbMa", "A Lei - Erf", "A Mei H"],
        "braunschweig": ["F Lun - Sin/sc", "A Bra - Tan", "A NLHe - Ful"],
        "daenemark": ["A Ham - EbBr", "F Aero - RugS", "F HSle/wc - NWat"],
        "schweden": ["A Ros - Sin", "A Ber - Pre", "F Hpo - OdM"],
        "frankreich": ["A Met - HLot", "A Vun - HLux", "A GCha H"],
        "spanien": ["A GHen - SHBb", "F GFla - RheM", "A FGBu - LEls"],
        "niederlande": ["A Utr - HGel", "F GHol - NHBb", "F HGro - GOfr"],
        "rheinbistuemer": ["F EbKo - HJul", "A BMun - HKle", "A EbTr - NGNa"],
    },
    "Fall 1618 Movement": {
        # the Protestant Union hires the Bohemian rebels to hold Karlsbad; Cologne stirs up Geldern
        "oesterreich": ["Ungehorsam A Kar 2 RP", "A Pra - Kar", "A Ltz S A Pra - Kar", "F Pas H", "A Lan S A Reg"],
        "pfalz": ["Söldner A Kar H 3 RP", "A NOpf S A Kar", "A Fra H", "A SGNa H"],
        "bayern": ["A Reg H", "A Nur H", "A Ulm - HWtb"],
        "sachsen": ["A Mei S A Kar", "F EbMa H", "A Erf H"],
        "braunschweig": ["F Lun - Sin/sc", "A Tan - Bra", "A Ful - NLHe"],
        "daenemark": ["A EbBr H", "F RugS - Lub", "F NWat - ElbM"],
        "schweden": ["A Ros - Vpo", "A Pre S A Ros - Vpo", "F OdM S A Ros - Vpo"],
        "frankreich": ["A HLot H", "A HLux - Vun", "A GCha - GNam"],
        "spanien": ["A SHBb H", "F RheM - GFla", "A LEls - Str"],
        "niederlande": ["Kirchenbau A HGel 2 RP", "A HGel H", "F NHBb H", "F GOfr - HGro"],
        "rheinbistuemer": ["Aufwiegeln A HGel 5 RP", "F HJul H", "A HKle H", "A NGNa - EbKo"],
    },
    "Spring 1619 Movement": {
        # Vienna outbids the Palatinate for the rebels and marches into Karlsbad; Saxony turns imperial
        "oesterreich": ["Söldner A Kar - Zwi 5 RP", "A Pra - Kar", "A Ltz S A Pra - Kar", "F Pas - Lin",
                        "A Lan - EbSa"],
        "pfalz": ["Söldner A Kar H 3 RP", "A NOpf S A Kar", "A Fra - Asc", "A SGNa - Mai", "A Hei - GWer"],
        "bayern": ["A Nur - FBay", "A Reg - Pil", "A HWtb - MBad", "A FAns - BWur", "A Aug - Ulm", "A BFre H"],
        "sachsen": ["Ungehorsam A NOpf 3 RP", "A Mei S A Pra - Kar", "A Erf - Cob", "F EbMa - Brg", "A Tor - MNla",
                    "A Lei H"],
        "braunschweig": ["F Sin/sc H", "A Lun - HLau", "A Bra - Tan", "A NLHe - BPad"],
        "daenemark": ["A EbBr - GOld", "F ElbM - Ham", "A HSle - HHst", "F Lub H", "F Aero H"],
        "schweden": ["A Pre - Per", "A Ber - Brg", "F OdM - RugS", "A Vpo - Ros"],
        "frankreich": ["A GNam - BLut", "A Vun - HLux", "A HLot - FZwe", "A GCha H"],
        "spanien": ["A SHBb S A GNam - BLut", "A Str H", "A FGBu - LEls", "F GFla - RheM", "A GHen H"],
        "niederlande": ["Söldner A HGel - HOve 5 RP", "F NHBb - HGel", "A GHol - Utr", "F HGro - HFri"],
        "rheinbistuemer": ["Söldner A HGel H 3 RP", "A HKle S A HGel", "F HJul H", "A EbKo - EbTr", "A BMun - GMar"],
    },
    "Fall 1619 Movement": {
        # Bavaria falls on the Upper Palatinate; Sweden forces Mecklenburg; the Dutch pay Liège's soldiers
        "oesterreich": ["A Kar H", "A Ltz - Pra", "F Lin H", "A EbSa H"],
        "pfalz": ["Kirchenbau A GWer 2 RP", "A GWer - Hei", "A NOpf H", "A Asc - Fra", "A Mai H"],
        "bayern": ["Ungehorsam A GWer 3 RP", "A Pil - NOpf", "A FBay S A Pil - NOpf", "A MBad - Hei", "A BWur H",
                   "A Ulm H", "A BFre H"],
        "sachsen": ["Kirchenbau A Mei 2 RP", "A Cob H", "A Lei H", "F EbMa H", "A MNla H", "A Mei H"],
        "braunschweig": ["F Sin/sc H", "A HLau S F Sin", "A Tan H", "A BPad - HWes"],
        "daenemark": ["F Ham - Lun", "A HHst - Ham", "A GOld - GOfr", "F Lub H", "F Aero H"],
        "schweden": ["A Ros - Sin", "F RugS S A Ros - Sin", "A Per S A Ros - Sin", "A Ber - Brg"],
        "frankreich": ["A BLut H", "A HLux S A BLut", "A FZwe - EbTr", "A GCha H"],
        "spanien": ["A SHBb H", "A LEls - Bas", "A Str - BSpe", "F RheM H", "A GHen H"],
        "niederlande": ["Söldner A NHBb - BLut 3 RP", "F HGel H", "A Utr H", "F HFri - HOve"],
        "rheinbistuemer": ["A HKle - HGel", "F HJul H", "A EbTr H", "A GMar - BMun"],
    },
    "Spring 1620 Movement": {
        # Saxony stirs up the Bavarian garrison of the Upper Palatinate; Brunswick turns Catholic
        "oesterreich": ["A Kar S A NOpf", "A MOla - Ltz", "A EbSa - Lan", "F Lin - Pas", "A Pra - Pil"],
        "bayern": ["Kirchenbau A NOpf 2 RP", "A FBay - Nur", "A NOpf S A FBay - Nur", "A BWur - Asc",
                   "A MBad - Hei", "A Ulm - HWtb", "A Aug H", "A BFre - Reg"],
        "sachsen": ["Aufwiegeln A NOpf 6 RP", "A Cob H", "A Lei - Zwi", "F EbMa H", "A MNla H", "A Mei H"],
        "pfalz": ["A Nur H", "A GWer - Hei", "A Fra H", "A Mai H"],
        "braunschweig": ["Konfessionswechsel", "A Tan - Bra", "A HWes - NLHe"],
        "daenemark": ["A Ham - HLau", "F Lun H", "A HSle - HHst", "A GOfr - GOld", "F Lub H", "F Aero H"],
        "schweden": ["A Per - Tan", "A Sin H", "A Brg - EbMa", "A Ber - Tor", "F RugS - OdM"],
        "frankreich": ["A FZwe - Str", "A BLut H", "A HLux - GNam", "A GCha H", "A Met H"],
        "spanien": ["A BSpe - Str", "A Bas - Frb", "F RheM - GFla", "A SHBb - GNam", "A GHen H"],
        "niederlande": ["F HGel - NHBb", "A Utr - HGel", "A GHol H", "F HFri - HOve"],
        "rheinbistuemer": ["A HKle - HGel", "F HJul - NHBb", "A EbTr H", "A BMun - HOve"],
    },
    "Fall 1620 Movement": {
        # Vienna and the Palatinate bid for the mutineers of Amberg; Saxony wants Torgau back
        "oesterreich": ["Söldner A NOpf - Pil 5 RP", "A Pil - Pra", "A Kar H", "A Ltz S A Kar", "F Pas - Lin",
                        "A Lan H"],
        "pfalz": ["Söldner A NOpf S A Nur 3 RP", "A GWer - Hei", "A Nur H", "A Fra H", "A Mai H"],
        "bayern": ["A FBay - NOpf", "A Asc - BWur", "A MBad - Hei", "A HWtb H", "A Aug H", "A Reg H"],
        "sachsen": ["A MNla - Tor", "A Mei S A MNla - Tor", "F EbMa H", "A Cob - Erf", "A Zwi - Lei"],
        "schweden": ["A Tor H", "A Brg S A Tor", "A Tan - Lun", "A Sin H", "F OdM - Vpo"],
        "braunschweig": ["Kirchenbau A Bra 2 RP", "A Bra H", "A NLHe - Erf"],
        "daenemark": ["A HLau S F Lun", "F Lun H", "A HHst H", "A GOld - GOfr", "F Lub - RugS", "F Aero H"],
        "frankreich": ["A FZwe - Str", "A BLut H", "A HLux H", "A GCha H", "A Met - HLot"],
        "spanien": ["A Frb - Str", "A BSpe S A Frb - Str", "F GFla H", "A GHen H", "A SHBb H"],
        "niederlande": ["F HGel - NHBb", "A Utr H", "A GHol H", "F HFri - HOve"],
        "rheinbistuemer": ["F HJul - NHBb", "A HKle H", "A EbTr H", "A BMun H"],
    },
}


def players() -> list:
    return [parse_player(p) for p in yamlio.read_data(HERE / "game.yaml")["players"]]


def quote(line: str) -> str:
    return f'"{line}"' if any(c in line for c in ":#{}[]") else line


def write(turn: int, label: str, key: str, power: str, lines: list[str]) -> None:
    folder = HERE / f"{turn:04d}"
    folder.mkdir(exist_ok=True)
    body = "\n".join(f"- {quote(x)}" for x in lines) if lines else " []"
    text = (f"# {label}, {power}\ngame: {GAME}\nturn: {turn}\nplayer: {key}\norders:"
            + ("\n" if lines else "") + body + "\n")
    (folder / f"{key}.yaml").write_text(text, encoding="utf-8")


def habit(state: dict, key: str) -> list[str]:
    """Retreat to the first listed field; build armies (or what the sheet says); remove as the sheet says."""
    sheet = template(state, key)
    out = []
    for line in sheet.splitlines():
        if not line.startswith("- "):
            continue
        order, _, comment = line[2:].partition("#")
        order = order.strip()
        if state["kind"] == "retreat" and "may retreat to:" in comment and "nowhere" not in comment:
            first = comment.split("may retreat to:")[1].split(",")[0].strip()
            order = order.replace(" disband", "") + f" - {first}"
        out.append(order)
    if state["kind"] == "adjustment" and out and out[0] == "Waive":
        free = [c for c in sheet.split("build")[1].split("in:")[1].split(".")[0].split(",") if c.strip()]
        m = _m(state)
        out = [f"Build {'F' if m.provinces[m.names[c.strip().lower()]].get('island') else 'A'} {c.strip()}"
               for c in free][:len(out)]
    return out


def main() -> None:
    seated = players()
    power_of = {p.key: p.role for p in seated}
    spec = yamlio.read_data(HERE / "game.yaml")
    # PLAN names the phases by their English labels: the orders files are written from a game labelled so
    state = RULESET.setup({**spec["options"], "labels": "en"}, seated, Dice(b"demo-setup"))
    for old in HERE.glob("0*/*.yaml"):
        old.unlink()
    turn = 1
    while True:
        phase = RULESET.phase(state)
        if phase.finished:
            break
        plan = PLAN.get(phase.label)
        if state["kind"] == "movement" and plan is None:
            break
        orders = {}
        for key in phase.awaited:
            power = power_of[key]
            if state["kind"] == "movement":
                lines = plan.get(power) or [f"{u} H" for u in state["units"][power]]
            else:
                lines = habit(state, key)
            problems = [p for p in RULESET.check(state, key, lines) if p.severity == "error"]
            if problems:
                raise SystemExit(f"{phase.label} {power}: {problems}")
            name = _m(state).powers[power]["name"]
            write(turn, phase.label, key, str(name), lines)
            orders[key] = lines
        result = RULESET.adjudicate(state, orders, Dice(f"demo-{turn}".encode()))
        print(turn, phase.label, "->", result.report["next"])
        state = result.state
        turn += 1
    print({p: us for p, us in state["units"].items() if us})
    print({p: cs for p, cs in state["supply_centres"].items() if cs})


if __name__ == "__main__":
    main()
