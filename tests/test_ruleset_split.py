"""The protocol split in two (issue 31, "One skeleton for every ruleset": the rules, pure and typed, and the
presentation; ``site/guide/architecture.md``, "The rules and the presentation"). Every built-in ruleset has the
two objects in modules of the same name, the object the shell loads is both, neither has the other's parts, and
no module of the rules imports the presentation."""

from __future__ import annotations

import ast
import fnmatch
import tomllib
from importlib import import_module, util
from pathlib import Path

import pytest

from adjudicator.kit import ruleset

PACKAGES = {"auf-achse": "auf_achse", "bretton-woods": "bretton_woods", "calamity": "calamity",
            "diplomacy": "diplomacy", "policy-maker": "policy_maker"}
PRESENTATION_MODULES = {"presentation", "newsletter", "sheet", "choices", "drawing", "look", "mapsvg"}


def _objects(name: str) -> tuple[object, object, object]:
    package = f"adjudicator.rulesets.{PACKAGES[name]}"
    rules, presentation = import_module(f"{package}.rules"), import_module(f"{package}.presentation")
    [rules_class] = [v for k, v in vars(rules).items() if k.endswith("Rules") and isinstance(v, type)
                     and v.__module__ == rules.__name__]
    [presentation_class] = [v for k, v in vars(presentation).items() if k.endswith("Presentation")
                            and isinstance(v, type) and v.__module__ == presentation.__name__]
    return rules_class(), presentation_class(), ruleset.load(name)


@pytest.mark.parametrize("name", sorted(PACKAGES))
def test_each_ruleset_is_its_rules_and_its_presentation(name: str) -> None:
    rules, presentation, loaded = _objects(name)
    assert isinstance(rules, ruleset.Rules) and isinstance(presentation, ruleset.Presentation)
    assert isinstance(loaded, type(rules)) and isinstance(loaded, type(presentation)), "the shell's one object"
    assert not any(isinstance(rules, c) for c in ruleset.PRESENTATION_CAPABILITIES), "no page in the rules"
    assert not any(isinstance(presentation, c) for c in ruleset.RULES_CAPABILITIES), "no rule in the pages"
    assert not isinstance(presentation, ruleset.Rules)
    both = set(ruleset.capabilities(loaded))
    assert both == set(ruleset.capabilities(rules)) | set(ruleset.capabilities(presentation))


def _imports(module: str, root: str, stop: frozenset[str] = frozenset()) -> set[str]:
    """The modules of package ``root`` that ``module`` imports, directly or not (relative imports: a ruleset
    imports its own modules by relative name); a module named in ``stop`` is neither counted nor followed."""
    seen, todo = set[str](), [module]
    while todo:
        name = todo.pop()
        if name in seen or name.rpartition(".")[2] in stop:
            continue
        seen.add(name)
        spec = util.find_spec(name)
        if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
            continue
        package = name if spec.submodule_search_locations else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(Path(spec.origin).read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = util.resolve_name("." * node.level + (node.module or ""), package)
                found = [base] if node.module else []
                found += [f"{base}.{a.name}" for a in node.names if util.find_spec(f"{base}.{a.name}") is not None] \
                    if util.find_spec(base) and util.find_spec(base).submodule_search_locations else []
                todo += [f for f in found if f.startswith(root + ".")]
    return seen - {module}


@pytest.mark.parametrize("name", sorted(PACKAGES))
def test_the_rules_import_no_presentation_module(name: str) -> None:
    """``rules.py`` of every ruleset and every module it imports, directly or not, name no module that draws or
    writes a page: the file names of the drawings a game pins are data (``tables.py``)."""
    package = f"adjudicator.rulesets.{PACKAGES[name]}"
    reached = {m.rpartition(".")[2] for m in _imports(f"{package}.rules", package)}
    assert "adjudicate" in reached, "the walk follows the rules' imports"
    assert not reached & PRESENTATION_MODULES


@pytest.mark.parametrize("name", sorted(PACKAGES))
def test_rules_py_is_the_wiring_and_the_adjudication_lives_in_adjudicate_py(name: str) -> None:
    """The skeleton (``site/guide/architecture.md``, "One skeleton for every ruleset"): ``rules.py`` wires the
    protocol to the modules below, each method a few lines that hand over; the phase, its label and its dispatch
    by kind are ``adjudicate.py``'s. Calamity's ``phase_label`` and its dispatch stood in ``rules.py``."""
    spec = util.find_spec(f"adjudicator.rulesets.{PACKAGES[name]}.rules")
    assert spec is not None and spec.origin is not None
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    assert not [n.name for n in tree.body if isinstance(n, ast.FunctionDef)], "a rule function in the wiring"
    methods = [n for c in tree.body if isinstance(c, ast.ClassDef) for n in c.body if isinstance(n, ast.FunctionDef)]
    assert methods and max(n.end_lineno - n.lineno for n in methods if n.end_lineno) <= 15, "a method that plays"



@pytest.mark.parametrize("name", sorted(PACKAGES))
def test_the_orders_schema_check_and_nmr_defaults_are_the_orders_modules(name: str) -> None:
    """The skeleton: ``orders.py`` holds what players write, its schema, the check before the deadline and the NMR
    defaults, so ``rules.py`` hands ``order_schema``, ``check`` and ``default_orders`` to the ruleset's
    ``orders`` module. Diplomacy's check and defaults stood in ``adjudicate.py`` and its schema in ``schema.py``;
    Bretton Woods' check and defaults in ``adjudicate.py``."""
    spec = util.find_spec(f"adjudicator.rulesets.{PACKAGES[name]}.rules")
    assert spec is not None and spec.origin is not None
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    aliases = {a.asname or a.name for n in tree.body if isinstance(n, ast.ImportFrom) and n.level == 1
               and n.module is None for a in n.names if a.name == "orders"}
    assert aliases, "rules.py imports its orders module"
    methods = {n.name: n for c in tree.body if isinstance(c, ast.ClassDef) for n in c.body
               if isinstance(n, ast.FunctionDef)}
    for method in ("order_schema", "check", "default_orders"):
        called = {call.func.value.id for call in ast.walk(methods[method]) if isinstance(call, ast.Call)
                  and isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Name)}
        assert called & aliases and not called & {"adjudicate", "schema"}, f"{name}: {method}"


STRICT = ("disallow_any_generics", "disallow_subclassing_any", "disallow_untyped_calls", "disallow_untyped_defs",
          "disallow_incomplete_defs", "check_untyped_defs", "disallow_untyped_decorators", "no_implicit_reexport",
          "strict_equality", "extra_checks", "warn_return_any", "warn_unused_ignores")


def _rules_modules() -> set[str]:
    """Every module of the rules: each ruleset's ``rules.py`` and what it imports, and a Diplomacy variant's rule
    hooks (its ``RULEBOOK``'s module and what that imports, its presentation left out)."""
    from adjudicator.rulesets.diplomacy import rulebook

    out: set[str] = set()
    for package in (f"adjudicator.rulesets.{p}" for p in PACKAGES.values()):
        out |= {f"{package}.rules", *_imports(f"{package}.rules", package)}
    diplomacy = "adjudicator.rulesets.diplomacy"
    for relative in rulebook.VARIANTS.values():
        variant = util.resolve_name(relative, diplomacy)
        out |= {variant, *_imports(variant, diplomacy, frozenset(PRESENTATION_MODULES | {"words"}))}
    return out


def test_every_rules_module_is_held_to_mypy_strict() -> None:
    """Issue 31, "Show it": mypy with --strict on the rulesets' rules modules. pyproject.toml's override for them
    sets every flag of --strict that is per module, and names every module of the rules, so that a rules module
    added later is checked as strictly (``make test`` runs mypy)."""
    config = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text(encoding="utf-8"))
    [strict] = [o for o in config["tool"]["mypy"]["overrides"] if "adjudicator.rulesets.*.rules" in o["module"]]
    assert {flag: strict.get(flag) for flag in STRICT} == dict.fromkeys(STRICT, True)
    modules = _rules_modules()
    assert "adjudicator.rulesets.diplomacy.variants.dreissigjaehriger_krieg.religion" in modules
    assert not {m for m in modules if m.rpartition(".")[2] in PRESENTATION_MODULES}
    assert sorted(m for m in modules if not any(m == p.removesuffix(".*") or fnmatch.fnmatchcase(m, p)
                                                for p in strict["module"])) == []


def test_a_players_orders_are_a_mapping_or_a_list_and_each_ruleset_reads_them_through_its_own_type() -> None:
    """Issue 31 (typed state and orders per ruleset): the protocol's ``model.Orders`` said every player's orders
    were a mapping, and Diplomacy cast its orders, a list of lines, to it. They are what a sheet's ``orders:``
    holds, a mapping or a list; a ruleset whose orders are a mapping reads them through its own type
    (``kit.ruleset.OrdersOf``, cast once at its objects' boundary, as ``StateOf`` casts the state), and no
    ruleset casts its orders to the protocol's type."""
    import typing

    from adjudicator import model

    assert {typing.get_origin(t) for t in typing.get_args(model.Orders)} == {dict, list}
    package = Path(ruleset.__file__).parents[1] / "rulesets"
    casts = [p.relative_to(package).as_posix() for p in sorted(package.rglob("*.py"))
             if "cast(Orders" in p.read_text(encoding="utf-8")]
    assert casts == []
