"""Random positions and random legal orders on a map (property tests and the benchmark)."""

from __future__ import annotations

import random

from adjudicator.rulesets.diplomacy.tables import Map, province_of


def random_position(m: Map, rng: random.Random, n_units: int) -> dict[str, list[str]]:
    """``n_units`` units of random powers and types on distinct provinces, each where it may stand."""
    units: dict[str, list[str]] = {p: [] for p in m.powers}
    provinces = [p for p in sorted(m.provinces) if m.terrain(p) != "impassable"]
    for prov in rng.sample(provinces, min(n_units, len(provinces))):
        kinds = [t for t in ("army", "fleet") if m.regions_of(prov, t)]
        kind = rng.choice(kinds)
        region = rng.choice(m.regions_of(prov, kind))
        units[rng.choice(sorted(m.powers))].append(("A " if kind == "army" else "F ") + region)
    return units


def random_orders(m: Map, units: dict[str, list[str]], rng: random.Random) -> dict[str, list[str]]:
    """One legal-looking order per unit: hold, move, support to hold or move, or convoy (fleets at sea)."""
    where = {}
    for power, us in units.items():
        for u in us:
            letter, region = u.split()
            where[province_of(region)] = (power, "army" if letter == "A" else "fleet", region)
    orders: dict[str, list[str]] = {p: [] for p in units}
    for prov, (power, kind, region) in sorted(where.items()):
        reach = sorted(m.reach(kind, region))
        roll = rng.randrange(10)
        me = ("A " if kind == "army" else "F ") + region
        if roll < 2 or not reach:
            orders[power].append(f"{me} H")
        elif roll < 6:
            orders[power].append(f"{me} - {rng.choice(reach)}")
        elif roll < 9:
            near = [p for p in sorted(where) if p != prov and m.reaches_province(kind, region, p)]
            others = [p for p in sorted(where) if p != prov]
            target = rng.choice(others) if others else None
            if target is None:
                orders[power].append(f"{me} H")
                continue
            o_power, o_kind, o_region = where[target]
            o_reach = [r for r in sorted(m.reach(o_kind, o_region))
                       if province_of(r) != prov and m.reaches_province(kind, region, province_of(r))]
            other = ("A " if o_kind == "army" else "F ") + o_region
            if o_reach and rng.randrange(2):
                orders[power].append(f"{me} S {other} - {province_of(rng.choice(o_reach))}")
            elif target in near:
                orders[power].append(f"{me} S {other}")
            else:
                orders[power].append(f"{me} - {rng.choice(reach)}")
        else:
            armies = [p for p in sorted(where) if where[p][1] == "army" and m.terrain(p) == "coast"]
            coasts = [p for p in sorted(m.provinces) if m.terrain(p) == "coast"]
            if kind == "fleet" and m.terrain(prov) == "sea" and armies:
                orders[power].append(f"{me} C A {rng.choice(armies)} - {rng.choice(coasts)}")
            else:
                orders[power].append(f"{me} - {rng.choice(reach)}" if reach else f"{me} H")
    # armies sometimes try the convoys ordered for them
    for lines in orders.values():
        for i, line in enumerate(lines):
            if line.startswith("A ") and rng.randrange(4) == 0:
                army = line.split()[1]
                wanted = [o.split(" - ")[1] for ls in orders.values() for o in ls if f" C A {army} - " in o]
                if wanted:
                    lines[i] = f"A {army} - {rng.choice(wanted)}"
    return orders
