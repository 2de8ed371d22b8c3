"""The shape of the Diplomacy ruleset (issue 31, "one skeleton"): the base package names its variants in one
registry and imports none of them; a variant brings its rules (``RULEBOOK``) and its words and sections for the
shared presentation (``PRESENTATION``)."""

from __future__ import annotations

import ast
from pathlib import Path

import adjudicator.rulesets.diplomacy as diplomacy
from adjudicator.rulesets.diplomacy import look, rulebook
from adjudicator.rulesets.diplomacy.tables import load_map, shipped

BASE = Path(diplomacy.__file__).parent


def _imports(path: Path) -> list[str]:
    """Every module ``path`` imports, as written (``.variants.x``, ``...model``)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            out.append("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            out += [a.name for a in node.names]
    return out


def test_the_base_package_imports_no_variant_of_its_own() -> None:
    """The base imported 30JK back (its secrecy, its confession words for ``resolve``); a variant's rules now
    reach the base through its rulebook's hooks (``secrecy``, ``position``), found by the map's ``rulebook:``."""
    base = [p for p in sorted(BASE.glob("*.py"))]
    assert len(base) > 10
    offenders = {p.name: i for p in base for i in _imports(p) if "variants" in i}
    assert offenders == {}


def test_a_variant_brings_its_rules_and_its_presentation() -> None:
    m = load_map("dreissigjaehriger-krieg", shipped())
    module = rulebook.variant(m)
    assert module is not None and rulebook.variant(load_map("standard", shipped())) is None
    assert isinstance(module.RULEBOOK, rulebook.Rulebook) and type(module.RULEBOOK) is not rulebook.Rulebook
    assert isinstance(module.PRESENTATION, look.Look)
    # the rulebook holds rules only: no page, sheet, map or order-page hook is left on it
    for hook in ("newsletter", "board_svg", "sheet_comments", "choice_fields", "notation"):
        assert not hasattr(module.RULEBOOK, hook), hook
    # its secrecy is the rules' (section 8: the accounts and the actions are hidden)
    assert diplomacy.RULESET.secrecy({"map": "dreissigjaehriger-krieg"}) is module.RULEBOOK.secrecy
    assert "private" in module.RULEBOOK.secrecy.hidden_state
    assert diplomacy.RULESET.secrecy({"map": "standard"}) == diplomacy.SECRECY


# one line of each kind, as a player writes it, and the kind's module that reads it (issue 31: one module a kind)
EXAMPLES = [("A Par H", "hold", "hold"), ("A Par - Bur", "move", "move"), ("A Lvp - Edi via convoy", "move", "move"),
            ("A Mun S A Bur - Par", "support", "support"), ("F Nth C A Lon - Bel", "convoy", "convoy"),
            ("F Nth disband", "disband", "disband"), ("Build A Par", "build", "build"),
            ("Remove F Nth", "remove", "build"), ("Waive", "waive", "build"), ("Propose draw", "draw", "votes"),
            ("Withdraw votes", "nodraw", "votes"), ("Concede to England", "concede", "votes")]


def test_each_kind_of_order_is_one_module_that_reads_and_writes_it() -> None:
    """Every kind reads its own words (``parse``/``parse_opening``) and its keys of a YAML mapping
    (``structured``); what it reads is written back in judge notation and read again the same."""
    from dataclasses import replace
    from importlib import import_module

    from adjudicator.rulesets.diplomacy.notation import judge_notation, parse_order

    m = load_map("standard", shipped())
    for line, kind, module in EXAMPLES:
        mod = import_module(f"adjudicator.rulesets.diplomacy.kinds.{module}")
        assert hasattr(mod, "parse") or hasattr(mod, "parse_opening"), module
        assert hasattr(mod, "structured"), module
        order = parse_order(m, line)
        written = judge_notation(order)
        assert order.kind == kind and parse_order(m, written) == replace(order, text=written), line


def test_the_movement_phase_is_put_together_from_the_kinds() -> None:
    """``Movement`` holds no rule of a kind: each kind's check and decision are its module's own."""
    from adjudicator.rulesets.diplomacy import resolver
    from adjudicator.rulesets.diplomacy.kinds import convoy, hold, move, support, transform

    assert resolver.CHECK == {"move": move.check, "support": support.check, "convoy": convoy.check,
                              "transform": transform.check}
    assert resolver.DECIDE == {"hold": hold.decide, "move": move.decide, "support": support.decide,
                               "convoy": convoy.decide}
    assert not [n for n in vars(resolver.Movement) if n.startswith("_check")]


def test_each_kind_types_the_keys_of_its_structured_entry_as_the_schema_admits_them() -> None:
    """Issue 31, typed orders where the rules read them: a kind's ``structured`` reads a TypedDict of its own
    keys, which are the keys its schema declares with the schema's types; ``notation.Entry``, what ``check`` and
    ``adjudicate`` read, is the unit and every kind's keys, the keys of a structured order of the schema on a map
    with every order type (the variant's religious actions are the variant's)."""
    from typing import get_type_hints

    from adjudicator.rulesets.diplomacy import kinds, notation, orders

    as_json = {str: "string", bool: "boolean"}
    declared = {"hold": kinds.hold.HoldKeys, "move": kinds.move.MoveKeys, "support": kinds.support.SupportKeys,
                "convoy": kinds.convoy.ConvoyKeys, "retreat": kinds.retreat.RetreatKeys,
                "disband": kinds.disband.DisbandKeys, "transform": kinds.transform.TransformKeys,
                "build": kinds.build.BuildKeys, "votes": kinds.votes.VoteKeys}
    standard = load_map("standard", shipped())
    variant = load_map("dreissigjaehriger-krieg", shipped())
    props = {**orders.entry_properties(standard), **orders.entry_properties(variant)}
    for kind, keys in declared.items():
        hints = get_type_hints(keys)
        assert hints and not keys.__required_keys__, f"{kind}: any of its keys may be left out"
        assert {k: as_json[t] for k, t in hints.items()} == {k: props[k]["type"] for k in hints}, kind
        assert get_type_hints(getattr(kinds, kind).structured)["e"] is keys, f"{kind}.structured reads its own keys"
    entry = get_type_hints(notation.Entry)
    assert set(entry) == {"unit"} | {k for keys in declared.values() for k in get_type_hints(keys)}
    assert set(entry) <= set(props) and set(orders.entry_properties(standard)) <= set(entry)
    assert notation.structured_to_text({"unit": "A Par", "move": "Bur", "via_convoy": True}) == "A Par - Bur via convoy"


def test_the_orders_pages_movement_options_are_each_kinds_own_and_read_as_that_kind() -> None:
    """Issue 31: ``choices.movement_options`` is put together from the kinds, as ``Movement`` is: each movement
    kind's module says what the orders page offers a unit of it (``page_options``), and every line it offers
    reads back as an order of that kind, on the standard map and on 30JK's (transformations, double moves down
    a river, convoys along its chains), for every unit at the start."""
    from adjudicator.rulesets.diplomacy import choices
    from adjudicator.rulesets.diplomacy.core import units_from
    from adjudicator.rulesets.diplomacy.kinds import convoy, hold, move, support, transform
    from adjudicator.rulesets.diplomacy.notation import read_order

    for name in ("standard", "dreissigjaehriger-krieg"):
        m = load_map(name, shipped())
        board = units_from(m, m.data["start"]["units"])
        by_sea = convoy.routes_by_sea(m, board)
        kinds_seen: set[str] = set()
        for u in board:
            own = {"hold": hold.page_options(u), "move": move.page_options(m, u, by_sea.get(u)),
                   "support": support.page_options(m, u, board, by_sea), "transform": transform.page_options(m, u),
                   "double move": move.page_options_downstream(m, u), "convoy": convoy.page_options(m, u, by_sea)}
            offered = [o["value"] for o in choices.movement_options(m, u, board, by_sea)]
            assert offered == [*own["hold"], *own["move"], *own["support"], *own["transform"],
                               *own["double move"], *own["convoy"]]
            for kind, lines in own.items():
                read = {(read_order(m, line).kind, bool(read_order(m, line).via)) for line in lines}
                assert read <= {("move", True) if kind == "double move" else (kind, False)}, (kind, lines)
                kinds_seen |= {kind} if lines else set()
        assert {"hold", "move", "support"} <= kinds_seen
        if name != "standard":
            assert {"transform", "double move"} <= kinds_seen


def test_the_maps_drawings_and_set_up_are_handed_their_data_and_read_no_shipped_file_by_default() -> None:
    """Issue 31 (data handed to the rules explicitly): the map, its files and its drawing are read from the data
    they are handed, with no default; a rules path that forgot it would fail at once rather than read this
    turnpress's shipped files in place of a game's pinned copies. Tests and tools hand ``tables.shipped()``."""
    import inspect

    from adjudicator.rulesets.diplomacy import drawing, setup, tables

    for fn, name in ((tables.load_map, "game"), (tables.map_data_files, "game"), (drawing.load_drawing, "game"),
                     (setup.setup, "data")):
        assert inspect.signature(fn).parameters[name].default is inspect.Parameter.empty, fn.__name__
    assert tables.shipped().files is None  # reads what this turnpress ships, and pins nothing



def _mentions_any(hint: object) -> bool:
    import typing

    return hint is typing.Any or any(_mentions_any(a) for a in typing.get_args(hint))


def test_the_orders_files_entries_are_typed_from_the_file_to_the_variants_split_with_no_any() -> None:
    """Issue 31 (typed orders where the rules read them): an orders file's entries travel as written (``object``,
    which each reader must narrow; ``read_order`` narrows one into an order) from the file through the rulebook's
    split, the 30JK variant's split and its religious actions, to the reading. No parameter on the way that holds
    orders or entries, and no result, is ``Any`` (they were ``list[Any]`` and the protocol's ``dict[str, Any]``)."""
    import typing
    from collections.abc import Sequence

    from adjudicator.rulesets.diplomacy import adjudicate, core, look, orders, rulebook
    from adjudicator.rulesets.diplomacy.variants import dreissigjaehriger_krieg as dk
    from adjudicator.rulesets.diplomacy.variants.dreissigjaehriger_krieg import presentation, religion

    on_the_way = [adjudicate._entries, orders.check, adjudicate.adjudicate, orders.default_orders,
                  core.read_orders, core._entry_text, rulebook.Rulebook.split, rulebook.Rulebook.check_extra,
                  rulebook.Rulebook.before_movement, dk.DreissigjaehrigerKrieg.split,
                  dk.DreissigjaehrigerKrieg.check_extra, dk.DreissigjaehrigerKrieg.before_movement,
                  religion.is_action_entry, religion.action_text, look.Look.describe_extra,
                  presentation.ThirtyYearsWar.describe_extra]
    carrying = {"orders", "entries", "entry", "extras", "previous", "return"}
    for fn in on_the_way:
        hints = typing.get_type_hints(fn)
        assert carrying & set(hints) - {"return"}, fn.__qualname__
        assert [n for n, hint in hints.items() if n in carrying and _mentions_any(hint)] == [], fn.__qualname__
    assert typing.get_type_hints(dk.DreissigjaehrigerKrieg.split)["entries"] == Sequence[object]
    assert typing.get_type_hints(rulebook.Rulebook.split)["return"] == tuple[rulebook.Numbered, rulebook.Numbered]
