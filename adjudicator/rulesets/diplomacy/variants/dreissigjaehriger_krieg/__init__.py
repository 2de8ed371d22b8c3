"""Dreißigjähriger Krieg (30JK): the 11-player variant by Arne Senftleben, Ludomaniac rules v2.0.

Map data (rivers, two-coast provinces, seasons from 1618, 27 centres in an odd year, the draw after three
unchanged adjustments) lives in ``data/maps/dreissigjaehriger-krieg.yaml`` and the engine; this rulebook adds
what is not data: confessions and hidden religion points, religious warfare before the moves, and the units
no player owns (neutral units, section 11). Section numbers refer to the German rules text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .....dice import Dice
from .....kit.ruleset import RulesetError, Spending
from .....kit.secrecy import Secrecy
from .....model import Player, Problem
from ...core import Read, dislodged_from_data, run_movement, run_retreats, units_by_power, units_from
from ...notation import Order
from ...position import PositionError, power_key
from ...resolver import VOID, Dislodged, Rules, Unit
from ...rulebook import Numbered, Rulebook
from ...state import State
from ...tables import Map, display, province_of
from .presentation import PRESENTATION
from .religion import (
    CONFESSION_WORDS,
    GERMAN,
    GERMAN_CONFESSION,
    KINDS,
    MINIMUM,
    Action,
    ActionError,
    Bid,
    action_text,
    allotment,
    bonus,
    choosing,
    conversion_cost,
    describe,
    is_action_entry,
    mercenary_order,
    opposite,
    read_action,
    winner,
)

Extras = Numbered
# The most hired units' orders a map keeps the verdict of (``Map.mercenary_verdicts``); beyond it they are dropped
KEPT_MERCENARY_VERDICTS = 4_096


def _unit_key(kind: str, example: str) -> dict[str, Any]:
    return {"type": "string", "minLength": 1, "maxLength": 60,
            "description": f"{GERMAN[kind]} (section 10, at least {MINIMUM[kind]} RP): the unit it acts on, with "
                           f"points:, e.g. {example}"}


# the keys of religious actions in a structured entry (section 10; section 9 for confessions)
ENTRY_PROPERTIES: dict[str, Any] = {
    "disobedience": _unit_key("disobedience", "{disobedience: A Pra, points: 3}"),
    "incite": _unit_key("incite", "{incite: F Lin, points: 5}"),
    "church": _unit_key("church", "{church: A Mei, points: 2}"),
    "mercenaries": {"type": "string", "minLength": 1, "maxLength": 100,
                    "description": f"{GERMAN['mercenaries']} (section 10, at least {MINIMUM['mercenaries']} RP): "
                                   "the neutral unit hired, with its order in the keys of an order (move:, "
                                   "support:, convoy:, via:, transform:, hold:) and points:, e.g. {mercenaries: "
                                   "A Kar, move: Pra, points: 4}; or the order written out: 'A Kar - Pra'"},
    "points": {"type": "integer", "minimum": 0, "maximum": 999,
               "description": "the religion points paid for the action (your bonus points are added by the "
                              "adjudicator and do not count toward the minimum)"},
    "convert": {"type": "boolean", "const": True,
                "description": "true: Konfessionswechsel, change your confession (section 9; the cost is fixed "
                               "by your centres)"},
    "confession": {"type": "string", "enum": sorted(CONFESSION_WORDS),
                   "description": "the confession chosen at the start (section 13, only with confessions=chosen, "
                                  "in the orders of Spring 1618), e.g. katholisch or protestantisch"},
}


def random_confessions(powers: list[str], dice: Dice) -> dict[str, str]:
    """Section 13, first modification: a fair coin per power, drawn again until each confession has three."""
    while True:
        drawn = {p: ("catholic" if dice.below(2) == 0 else "protestant") for p in powers}
        if min(list(drawn.values()).count(c) for c in ("catholic", "protestant")) >= 3:
            return drawn


def faith(state: State, owner: str) -> str:
    """The confession of a power's nation or of a neutral unit (``ex-...`` in a transition)."""
    if owner in state.get("neutrals", {}):
        return str(state["neutrals"][owner]["confession"])
    return str(state["confessions"][owner]["confession"])


def _player_of(state: State, power: str) -> str | None:
    return next((k for k, p in state["seats"].items() if p == power), None)


def _points(state: State, power: str) -> int:
    player = _player_of(state, power)
    return int(state.get("private", {}).get(player, {}).get("religion_points", 0)) if player else 0


def _set_points(state: State, power: str, value: int) -> None:
    player = _player_of(state, power)
    if player:
        state.setdefault("private", {}).setdefault(player, {})["religion_points"] = value


def _private(report: dict[str, Any], state: State, power: str) -> list[str]:
    player = _player_of(state, power) or power
    lines: list[str] = report.setdefault("private", {}).setdefault(player, {}).setdefault("lines", [])
    return lines


def _centres(state: State, power: str) -> int:
    return len(state["supply_centres"].get(power, []))


class DreissigjaehrigerKrieg(Rulebook):
    """The rules of sections 8-13 on top of the standard engine."""

    # the religion accounts are hidden (section 8: "verborgen"), and so are the religious actions: what each
    # power paid, and who acted
    secrecy = Secrecy(simultaneous=Rulebook.secrecy.simultaneous,
                      hidden_state={"private": "each power's religion points (section 8: verborgen)"},
                      sealed_entry=is_action_entry,
                      sealed_entry_text="religious actions in the orders (the points paid, and who acted)",
                      words={"de": {"movement": "Züge", "retreats": "Rückzüge", "adjustments": "Anpassungen",
                                    "each power's religion points (section 8: verborgen)":
                                    "die Religionspunkte jeder Macht (Abschnitt 8: verborgen)",
                                    "religious actions in the orders (the points paid, and who acted)":
                                    "religiöse Handlungen in den Befehlen (die gezahlten Punkte, und wer handelte)"}})

    options = {
        "confessions": ("historical", "historical, random or chosen: the confessions at the start (section 13)"),
        "start_points": ("0", "0 or allotment: religion points before the first Fall (sections 3 and 8 allot "
                              "them at the end of Fall: 0; allotment is a house option)"),
    }

    # ----- setup ---------------------------------------------------------------------------------------------
    def setup(self, m: Map, state: State, options: Mapping[str, str], players: Sequence[Player], dice: Dice) -> None:
        mode, start = options["confessions"], options["start_points"]
        if mode not in ("historical", "random", "chosen"):
            raise RulesetError("confessions must be historical, random or chosen", word="setup.confessions")
        if start not in ("allotment", "0"):
            raise RulesetError("start_points must be allotment or 0", word="setup.start_points")
        confessions = {p: str(d["confession"]) for p, d in m.powers.items()}
        if mode == "random":
            confessions = random_confessions(list(m.powers), dice.fork("confessions"))
        state["rules"]["confessions"] = mode
        state["rules"]["start_points"] = start
        # Who paid for a religious action is as hidden as the account it was paid from (issue 15): a game made
        # from now on pins that its reports name the actions only; older games replay as they were played.
        state["rules"]["acting_powers"] = "hidden"
        state["confessions"] = {p: {"confession": c} for p, c in confessions.items()}
        state["neutrals"] = {}
        for key, n in m.data["start"].get("neutral_units", {}).items():
            prov = province_of(str(n["unit"]).split()[1])
            state["neutrals"][key] = {"name": str(n["name"]), "confession": str(n["confession"])}
            state["units"][key] = [str(n["unit"])]
            state["supply_centres"][key] = [prov]
        state["private"] = {}
        for player, power in state["seats"].items():
            points = allotment(len(state["supply_centres"][power])) if start == "allotment" else 0
            state["private"][player] = {"religion_points": points}

    def position(self, m: Map, state: State, data: Mapping[str, Any], units: Mapping[str, list[str]]) -> None:
        """A position file's neutral units (``neutrals``: their confessions), ``confessions`` and
        ``religion_points``; a neutral owner the position has no unit of is gone."""
        neutral_confessions = {power_key(m, k): v for k, v in (data.get("neutrals") or {}).items()}
        for key in [k for k in state.get("neutrals", {}) if k not in units]:
            del state["neutrals"][key]
            state["supply_centres"].pop(key, None)
        for key in units:
            if key not in m.powers:
                known = state["neutrals"].get(key, {"name": key, "confession": "protestant"})
                word = str(neutral_confessions.get(key, known["confession"])).lower()
                state["neutrals"][key] = {**known, "confession": CONFESSION_WORDS.get(word, word)}
                state["supply_centres"].setdefault(key, [])
        for p, word in (data.get("confessions") or {}).items():
            text = str(word).lower()
            if text not in CONFESSION_WORDS:
                raise PositionError(f"confession {word!r}: write katholisch or protestantisch")
            state["confessions"][power_key(m, p)] = {"confession": CONFESSION_WORDS[text]}
        for p, value in (data.get("religion_points") or {}).items():
            state["private"][power_key(m, p)] = {"religion_points": int(value)}

    # ----- the orders file -----------------------------------------------------------------------------------
    def split(self, m: Map, entries: Sequence[object]) -> tuple[Extras, Extras]:
        mine: Extras = []
        extras: Extras = []
        for i, e in enumerate(entries):
            # religious actions, as lines or mappings, stay out of the public report: they may reveal secrets
            (extras if is_action_entry(e) else mine).append((i, e))
        return mine, extras

    def entry_properties(self, m: Map) -> dict[str, Any]:
        return ENTRY_PROPERTIES  # orders.entry_properties says their descriptions in the map's language

    def _actions(self, m: Map, extras: Extras) -> list[tuple[int, Action | ActionError]]:
        out: list[tuple[int, Action | ActionError]] = []
        for i, e in extras:
            try:
                out.append((i, read_action(m, action_text(e, m))))
            except ActionError as err:
                out.append((i, err))
        return out

    def check_extra(self, m: Map, state: State, power: str, player: str, extras: Extras) -> list[Problem]:
        problems: list[Problem] = []
        say = m.say
        if extras and state["kind"] != "movement":
            return [Problem(say("religious actions count in movement phases only"), (i,),
                            say("send them with your next Spring or Fall orders"), "warning") for i, _ in extras]
        units = {u.province: u for u in units_from(m, state["units"])}
        budget = int(state.get("private", {}).get(player, {}).get("religion_points", 0))
        spent = 0
        actions = self._actions(m, extras)
        if choosing(m, state) and not any(isinstance(a, Action) and a.kind == "confession" for _, a in actions):
            historical = GERMAN_CONFESSION[state["confessions"][power]["confession"]]
            problems.append(Problem(
                say("confessions=chosen (section 13): 'Mit der Zugabgabe für 1618 müssen die Spieler ihre "
                    "Startkonfession wählen'; you chose none, so you keep the historical one ({confession})",
                    confession=historical), (),
                say("add '- Konfession katholisch' or '- Konfession protestantisch'"), "warning"))
        for i, a in actions:
            if isinstance(a, ActionError):
                problems.append(Problem(a.message, (i,), a.hint))
                continue
            why, cost = self._problem(m, state, power, a, units)
            if why:
                problems.append(Problem(why, (i,), _hint(m, a, state)))
                continue
            impossible = self._impossible_mercenary_order(m, state, a, units) if a.kind == "mercenaries" else None
            if impossible is not None:
                problems.append(Problem(impossible[0], (i,), impossible[1]))
                continue
            spent += cost
            if spent > budget:
                problems.append(Problem(overspent(m, budget, describe(m, a), spent), (i,),
                                        say("pay less or leave an action out")))
        return problems

    def spending(self, m: Map) -> Spending:
        """The religion points (section 8) the religious actions and a change of confession spend, in the order of
        the lines, for the orders page: the words ``check_extra`` gives a line beyond them, how they name a line."""
        def action(line: str) -> str | None:
            try:
                return describe(m, read_action(m, line)) if is_action_entry(line) else None
            except ActionError:
                return None

        # a power's religion points are never below 0 (section 8: the allotment adds, the actions spend what is there)
        return Spending(("state", "religion_points"), lambda budget, what, spent: overspent(m, budget, what, spent),
                        action, floor=0)

    def _problem(self, m: Map, state: State, power: str, a: Action, units: dict[str, Unit]) -> tuple[str, int]:
        """Why an action cannot be taken (empty if it can), and what it costs."""
        say = m.say
        if a.kind == "confession":
            if not choosing(m, state):
                return say("the start confession is chosen only with the first orders, if the game says so"), 0
            return "", 0
        if a.kind == "convert":
            if state["confessions"][power]["confession"].startswith("ex-"):
                return say("your country is still changing its confession"), 0
            return "", conversion_cost(_centres(state, power))
        if a.points < MINIMUM[a.kind]:
            return say("{action} costs at least {n|religion point|religion points}", action=GERMAN[a.kind],
                       n=MINIMUM[a.kind]), 0
        unit = units.get(a.unit or "")
        if unit is None:
            return say("there is no unit in {place}", place=m.full_name(a.unit or "")), 0
        if a.unit_type and a.unit_type != unit.type:
            return say("the unit in {place} is {unit}", place=display(unit.province), unit=str(unit)), 0
        if a.kind == "mercenaries" and unit.power not in state.get("neutrals", {}):
            return say("{unit} is no neutral unit: only neutral units are hired", unit=str(unit)), 0
        return "", a.points

    def _impossible_mercenary_order(self, m: Map, state: State, a: Action,
                                    units: dict[str, Unit]) -> tuple[str, str] | None:
        """Section 10, Söldner anheuern: "Mit der Aktion ist immer der gewünschte Befehl anzugeben" -- the order
        the hired neutral unit is to carry out, by the standard rules (section 11: neutral units move as any).
        One it cannot carry out (a move to a province it cannot reach, a support or convoy it cannot give)
        would cost the points and leave the unit holding: the check says so before the deadline. Kept by the map
        per position and order (``Map.mercenary_verdicts``): the verdict is the movement run's, pure in them."""
        unit = units[a.unit or ""]
        order = mercenary_order(m, a, unit.power)
        intent = str(state["rules"]["convoy_intent"])
        key = (tuple((u.power, u.type, u.region) for u in units.values()), unit.power, order, a.order_text, intent)
        if key not in m.mercenary_verdicts:
            if len(m.mercenary_verdicts) >= KEPT_MERCENARY_VERDICTS:
                m.mercenary_verdicts.clear()
            m.mercenary_verdicts[key] = self._mercenary_verdict(m, unit, order, a, list(units.values()), intent)
        return m.mercenary_verdicts[key]

    @staticmethod
    def _mercenary_verdict(m: Map, unit: Unit, order: Order, a: Action, units: list[Unit],
                           intent: str) -> tuple[str, str] | None:
        row = run_movement(m, units, [Read(unit.power, order, a.order_text)], Rules(convoy_intent=intent)).results[0]
        if row["result"] != "invalid" or any(m.said(t, row["reason"]) for t in VOID):
            return None  # a support or convoy of an order nobody gave yet may still match one at the deadline
        reach = sorted({display(province_of(r)) for r in m.reach(unit.type, unit.region)}, key=str.lower)
        return (m.say("{action} (section 10): the hired {unit} cannot carry out {order}: {why}",
                      action=GERMAN["mercenaries"], unit=str(unit), order=f"'{a.order_text}'", why=row["reason"]),
                m.say("give it an order it can carry out (it reaches {places}); an order it cannot carry out costs "
                      "the points and the unit holds", places=", ".join(reach)))

    # ----- before the moves: confessions and religious warfare (sections 9, 10) -------------------------------
    def before_movement(self, m: Map, state: State, new: State, units: list[Unit], reads: list[Read],
                        extras: dict[str, Extras], report: dict[str, Any]) -> tuple[list[Unit], list[Read]]:
        actions = {p: [(i, a) for i, a in self._actions(m, e) if isinstance(a, Action)] for p, e in extras.items()}
        self._confessions(m, state, new, actions, report)
        at = {u.province: u for u in units}
        bids: dict[str, list[Bid]] = {}
        for power in sorted(actions):
            budget = _points(new, power)
            for _, a in actions[power]:
                if a.kind not in KINDS:
                    continue
                why, cost = self._problem(m, new, power, a, at)
                if why or cost > budget:
                    _private(report, new, power).append(
                        f"{describe(m, a)}: nicht ausgeführt ({why or 'zu wenig Religionspunkte'})")
                    continue
                budget -= cost
                target = at[a.unit or ""]
                extra = bonus(m, a.kind, power, faith(new, power), target.power, faith(new, target.power),
                              target.province, units)
                bids.setdefault(target.province, []).append(Bid(power, a, a.points + extra, extra))
                _private(report, new, power).append(f"{describe(m, a)}: bezahlt, Bonus {extra}, Einfluss "
                                                    f"{a.points + extra}")
            _set_points(new, power, budget)
        warfare = []
        for prov in sorted(bids, key=str.lower):
            target = at[prov]
            won = winner(bids[prov])
            acts = [{"power": b.power, "action": b.action.kind} for b in bids[prov]]
            if state["rules"].get("acting_powers") == "hidden":
                acts = sorted(({"action": b.action.kind} for b in bids[prov]), key=lambda x: x["action"])
            row = {"unit": str(target), "owner": target.power, "actions": acts, "outcome": won[0] if won else None}
            if won:
                units, reads = self._apply(m, state, new, target, won, units, reads, row)
            warfare.append(row)
        if warfare:
            report["religious_warfare"] = warfare
        return units, reads

    def _confessions(self, m: Map, state: State, new: State, actions: dict[str, list[tuple[int, Action]]],
                     report: dict[str, Any]) -> None:
        changes = []
        for power in sorted(actions):
            for _, a in actions[power]:
                why, cost = self._problem(m, new, power, a, {})
                if a.kind == "confession" and not why:
                    new["confessions"][power] = {"confession": a.confession}
                    changes.append({"power": power, "confession": a.confession, "chosen": True})
                elif a.kind == "convert" and not why:
                    if cost > _points(new, power):
                        _private(report, new, power).append("Konfessionswechsel: zu wenig Religionspunkte")
                        continue
                    _set_points(new, power, _points(new, power) - cost)
                    old = new["confessions"][power]["confession"]
                    turns = 1 if _centres(state, power) < 7 else 2
                    new["confessions"][power] = {"confession": f"ex-{old}", "to": opposite(old), "turns": turns}
                    changes.append({"power": power, "confession": f"ex-{old}", "to": opposite(old)})
                    _private(report, new, power).append(f"Konfessionswechsel: {cost} RP bezahlt")
        if changes:
            report["confessions_changed"] = changes

    def _apply(self, m: Map, state: State, new: State, target: Unit, won: tuple[str, str], units: list[Unit],
               reads: list[Read], row: dict[str, Any]) -> tuple[list[Unit], list[Read]]:
        kind, order_text = won
        owner = target.power
        others = [r for r in reads if not (r.order and r.order.province == target.province and r.power == owner)]
        if kind == "church":
            return units, reads
        if kind == "disobedience":
            hold = Read(owner, Order("hold", target.type, target.region, power=owner), f"{target} H (Ungehorsam)")
            return units, others + [hold]
        if kind == "mercenaries":
            order = mercenary_order(m, Action("mercenaries", order_text, order_text=order_text), owner)
            row["order"] = order_text
            return units, others + [Read(owner, order, f"{order_text} (Söldner)")]
        # incite: the unit leaves its country and becomes neutral (a neutral unit only changes confession)
        if owner in new["neutrals"]:
            new["neutrals"][owner]["confession"] = opposite(faith(new, owner))
            row["confession"] = new["neutrals"][owner]["confession"]
            return units, others
        key = f"neutral-{target.province.lower()}-{state['year']}-{state['season'].lower()}"
        old = faith(new, owner)
        confession = old.removeprefix("ex-") if old.startswith("ex-") else opposite(old)
        new["neutrals"][key] = {"name": f"Abtrünnige ({m.powers[owner]['name']}, {display(target.province)} "
                                        f"{state['year']})", "confession": confession, "from": owner}
        turned = Unit(key, target.type, target.region)
        row["neutral"] = key
        return ([turned if u is target else u for u in units],
                others + [Read(key, Order("hold", target.type, target.region, power=key),
                               f"{turned} H (aufgewiegelt)")])

    # ----- after a phase ---------------------------------------------------------------------------------------
    def after_phase(self, m: Map, state: State, new: State, report: dict[str, Any]) -> None:
        if state["kind"] == "movement":
            for power, c in new["confessions"].items():
                if "to" in c:
                    if int(c["turns"]) <= 1:
                        new["confessions"][power] = {"confession": c["to"]}
                        report.setdefault("confessions_changed", []).append({"power": power, "confession": c["to"]})
                    else:
                        new["confessions"][power] = {**c, "turns": int(c["turns"]) - 1}
            if new["dislodged"] and all(d["power"] in new["neutrals"] for d in new["dislodged"]):
                self._retreat_neutrals(m, new, report)
        alive = {p for p, us in new["units"].items() if us} | {d["power"] for d in new["dislodged"]}
        for key in sorted(new["neutrals"]):
            if key not in alive:
                name = new["neutrals"].pop(key)["name"]
                # section 12: the centres fall free, a change of owner the draw count sees at the end of Fall
                for prov in new["supply_centres"].pop(key, None) or []:
                    new.setdefault("centres_freed", []).append({"province": prov, "from": key, "name": name})
                new["units"].pop(key, None)
                report.setdefault("neutrals_dissolved", []).append(key)

    def _retreat_neutrals(self, m: Map, new: State, report: dict[str, Any]) -> None:
        units = units_from(m, new["units"])
        dislodged = dislodged_from_data(m, new["dislodged"], units, new["contested"])
        res = run_retreats(m, units, dislodged, self.retreat_reads(m, new, dislodged, []))
        report["neutral_retreats"] = res.results
        new["units"] = units_by_power(res.units, list(m.powers))
        new["dislodged"], new["contested"] = [], []

    def retreat_reads(self, m: Map, state: State, dislodged: list[Dislodged], reads: list[Read]) -> list[Read]:
        """Section 11: a neutral unit retreats to its own centre, then a foreign one, then a free province;
        alphabetically among equals."""
        owners = {p: o for o, ps in state["supply_centres"].items() for p in ps}
        out = []
        for d in dislodged:
            u = d.unit
            if u.power not in state.get("neutrals", {}) or not d.retreats:
                continue

            def rank(region: str, u: Unit = u) -> tuple[int, str]:
                prov = province_of(region)
                owner = owners.get(prov)
                return (0 if owner == u.power else 1 if owner else 2), display(prov).lower()

            target = min(d.retreats, key=rank)
            out.append(Read(u.power, Order("retreat", u.type, u.region, target, power=u.power),
                            f"{u} - {display(province_of(target))}"))
        return out

    # ----- the end of Fall (sections 8, 11) ----------------------------------------------------------------------
    def end_of_fall(self, m: Map, new: State, report: dict[str, Any], changes: list[dict[str, Any]]) -> None:
        # section 12 counts centres changing owner between adjustments: one freed by a dead neutral unit is one
        for c in new.pop("centres_freed", []):
            if not any(ch["province"] == c["province"] for ch in changes):
                changes.append({"province": c["province"], "from": None, "to": None, "freed_from": c["name"]})
        for key in sorted(new["neutrals"]):
            if not new["supply_centres"].get(key):
                new["units"].pop(key, None)
                new["supply_centres"].pop(key, None)
                del new["neutrals"][key]
                report.setdefault("neutrals_dissolved", []).append(key)
        for power in sorted(new["seats"].values()):
            gain = allotment(_centres(new, power))
            _set_points(new, power, _points(new, power) + gain)
            _private(report, new, power).append(f"Zuteilung: {gain} RP für {_centres(new, power)} VZ; Konto: "
                                                f"{_points(new, power)} RP")


def overspent(m: Map, budget: int, action: str, spent: int | str) -> str:
    """``check_extra``'s words for an action the religion points do not cover (section 8): ``action`` as
    ``describe`` names it; the orders page's data has them with marks for the action and the total
    (``Rulebook.spending``)."""
    return m.say("{action}: you have {budget|religion point|religion points}, these actions need {spent}",
                 action=action, budget=budget, spent=spent)


def _hint(m: Map, a: Action, state: State) -> str:
    """An example of the action on a unit it may act on: mercenaries are hired from the neutral units only."""
    if a.kind not in MINIMUM:
        return m.say("leave the line out")
    if a.kind == "mercenaries":
        hired = [u for k in sorted(state.get("neutrals", {})) for u in state["units"].get(k, [])]
        if not hired:
            return m.say("there is no neutral unit on the board to hire: leave the line out")
        return m.say("hire a neutral unit ({units}) with its order, e.g. {example}", units=", ".join(hired),
                     example=f"'{GERMAN[a.kind]} {hired[0]} H {MINIMUM[a.kind]} RP'")
    return m.say("write e.g. {example} for a unit on the board",
                 example=f"'{GERMAN[a.kind]} {_any_unit(state)} {MINIMUM[a.kind]} RP'")


def _any_unit(state: State) -> str:
    return next((u for p in sorted(state["units"]) for u in sorted(state["units"][p])), "A Pra")


RULEBOOK = DreissigjaehrigerKrieg()
__all__ = ["PRESENTATION", "RULEBOOK"]
