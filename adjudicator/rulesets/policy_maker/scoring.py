"""Conditions of the cards, the monopoly and the scoring (section "Wie man gewinnt")."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .common import field, fraction_text, goal, in_danger_zone, investys, round_half_up, sectors
from .state import State


def meets_initiative(state: State, key: str, requires: dict[str, Any]) -> bool:
    """True if the Investy's own stones meet every condition of a public initiative card."""
    mine = {s: field(state, key, s) for s in sectors(state)}
    checks = [
        all(mine[s] >= n for s, n in requires.get("fields", {}).items()),
        sum(1 for v in mine.values() if v > 0) >= requires.get("sectors", 0),
        sum(mine.values()) >= requires.get("total", 0),
        "any_field" not in requires or max(mine.values()) >= requires["any_field"],
    ]
    return all(checks)


def fulfilled_count(state: State) -> int:
    return sum(len(state["investys"][k]["initiatives"]) for k in investys(state))


def meets_goal(state: State, requires: dict[str, Any]) -> bool:
    """True if the table meets a policy goal card at the end of the timeline."""
    keys = investys(state)
    ok = True
    if "every_investy" in requires:
        t = requires["every_investy"]
        ok &= all(field(state, k, t["sector"]) >= t["at_least"] for k in keys)
    if "sector_total" in requires:
        t = requires["sector_total"]
        ok &= sum(field(state, k, t["sector"]) for k in keys) >= t["at_least"]
    if "every_sector" in requires:
        ok &= all(max(field(state, k, s) for k in keys) >= requires["every_sector"]["at_least"]
                  for s in sectors(state))
    if "initiatives" in requires:
        ok &= fulfilled_count(state) >= requires["initiatives"]["at_least"]
    if "no_danger_zone" in requires:
        ok &= not any(in_danger_zone(state, k, s) for k in keys for s in sectors(state))
    return ok


def monopoly_leader(state: State, sector_key: str) -> str | None:
    """The Investy that stands in the danger zone with a lead of two fields or more over every other one."""
    ranked = sorted(investys(state), key=lambda k: -field(state, k, sector_key))
    leader = ranked[0]
    lead = field(state, leader, sector_key) - max((field(state, k, sector_key) for k in ranked[1:]), default=0)
    if in_danger_zone(state, leader, sector_key) and lead >= 2:
        return leader
    return None


def watch_monopolies(state: State) -> list[dict[str, Any]]:
    """Count, at the end of a round, how long each sector's leader has held a monopoly position.

    Returns the monopolies that are complete (held at the end of ``monopoly_rounds`` rounds in a row).
    """
    rounds = state["options"]["monopoly_rounds"]
    watch: dict[str, Any] = {}
    done = []
    for s in sectors(state):
        leader = monopoly_leader(state, s)
        if leader is None:
            continue
        before = state["monopoly_watch"].get(s)
        held = before["rounds"] + 1 if before and before["investy"] == leader else 1
        watch[s] = {"investy": leader, "rounds": held}
        if held >= rounds:
            done.append({"sector": s, "investy": leader})
    state["monopoly_watch"] = watch
    return done


def investy_score(state: State, key: str) -> int:
    """The sum of the Investy's fields in all sectors plus its public initiative cards."""
    return sum(field(state, key, s) for s in sectors(state)) + len(state["investys"][key]["initiatives"])


def government_score(state: State, goal_id: str) -> dict[str, Any]:
    """The Government's points at the end of the timeline, item by item, and its rank."""
    keys = investys(state)
    fields = [field(state, k, s) for s in sectors(state) for k in keys]
    furthest = max(fields)
    if state["options"]["government_average"] == "leaders":
        leaders = [max(field(state, k, s) for k in keys) for s in sectors(state)]
        average = round_half_up(Fraction(sum(leaders), len(leaders)))
    else:
        average = round_half_up(Fraction(sum(fields), len(fields)))
    points = state["board"]["table"]["government_points"]
    initiatives = Fraction(points["initiative"]) * fulfilled_count(state)
    reached = meets_goal(state, goal(state, goal_id)["requires"])
    total = furthest + average + initiatives + (points["goal"] if reached else 0)
    rank = next(r["name"] for r in state["board"]["table"]["ranks"] if total >= r["from"])
    return {
        "furthest_field": furthest,
        "average_field": average,
        "initiatives": fraction_text(initiatives),
        "goal": goal_id,
        "goal_reached": reached,
        "goal_points": points["goal"] if reached else 0,
        "total": fraction_text(total),
        "rank": rank,
    }
