"""The shape of the Diplomacy ruleset (issue 31, "one skeleton"): the base package names its variants in one
registry and imports none of them; a variant brings its rules (``RULEBOOK``) and its words and sections for the
shared presentation (``PRESENTATION``)."""

from __future__ import annotations

import ast
from pathlib import Path

import adjudicator.rulesets.diplomacy as diplomacy
from adjudicator.rulesets.diplomacy import presentation, rulebook
from adjudicator.rulesets.diplomacy.mapdata import load_map

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
    m = load_map("dreissigjaehriger-krieg")
    module = rulebook.variant(m)
    assert module is not None and rulebook.variant(load_map("standard")) is None
    assert isinstance(module.RULEBOOK, rulebook.Rulebook) and type(module.RULEBOOK) is not rulebook.Rulebook
    assert isinstance(module.PRESENTATION, presentation.Presentation)
    # the rulebook holds rules only: no page, sheet, map or order-page hook is left on it
    for hook in ("newsletter", "board_svg", "sheet_comments", "choice_fields", "notation"):
        assert not hasattr(module.RULEBOOK, hook), hook
    # its secrecy is the rules' (section 8: the accounts and the actions are hidden)
    assert diplomacy.RULESET.secrecy({"map": "dreissigjaehriger-krieg"}) is module.RULEBOOK.secrecy
    assert "private" in module.RULEBOOK.secrecy.hidden_state
    assert diplomacy.RULESET.secrecy({"map": "standard"}) == diplomacy.SECRECY
