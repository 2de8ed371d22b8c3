"""The protocol split in two (issue 31, "One skeleton for every ruleset": the rules, pure and typed, and the
presentation; ``site/guide/architecture.md``, "The rules and the presentation"). Every built-in ruleset has the
two objects in modules of the same name, the object the shell loads is both, neither has the other's parts, and
no module of the rules imports the presentation."""

from __future__ import annotations

import ast
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


def _imports(module: str, root: str) -> set[str]:
    """The modules of package ``root`` that ``module`` imports, directly or not (relative imports: a ruleset
    imports its own modules by relative name)."""
    seen, todo = set[str](), [module]
    while todo:
        name = todo.pop()
        if name in seen:
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
    writes a page: the file names of the drawings a game pins are data (``tables.py``, ``mapdata.py``)."""
    package = f"adjudicator.rulesets.{PACKAGES[name]}"
    reached = {m.rpartition(".")[2] for m in _imports(f"{package}.rules", package)}
    assert "adjudicate" in reached, "the walk follows the rules' imports"
    assert not reached & PRESENTATION_MODULES
