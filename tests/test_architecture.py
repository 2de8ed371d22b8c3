"""The shell's imports point one way (issue #20, "Show it"): cli -> pipeline -> verify -> turn/check ->
newsletter -> store -> sealed/secrets/history -> rulesets -> the protocol and the shared types.

A module may import from its own layer or any layer below, never from one above; the modules form no cycle;
and no adjudicator module is imported inside a function (such an import exists only to break a cycle). Imports
of other libraries inside functions are fine: they keep a command's start fast. ``site/guide/architecture.md``
draws the same layers.
"""

from __future__ import annotations

import ast
import functools
import re
import tomllib
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest
import yaml

PACKAGE = Path(__file__).resolve().parents[1] / "adjudicator"

# Lowest first. A module belongs to the layer of the longest name here that it is or lies under.
LAYERS: list[tuple[str, ...]] = [
    ("adjudicator", "adjudicator.errors", "adjudicator.model", "adjudicator.anchor"),
    ("adjudicator.yamlio", "adjudicator.dice", "adjudicator.binomial", "adjudicator.schedule", "adjudicator.yamledit"),
    ("adjudicator.kit", "adjudicator.kit.gamedata", "adjudicator.kit.markup", "adjudicator.kit.palette",
     "adjudicator.kit.lettering", "adjudicator.kit.schemasites", "adjudicator.kit.drops"),
    ("adjudicator.kit.orders", "adjudicator.kit.drawcache", "adjudicator.kit.ruleset", "adjudicator.kit.secrecy",
     "adjudicator.kit.benevolent", "adjudicator.kit.sheet", "adjudicator.kit.schemaform", "adjudicator.kit.wording",
     "adjudicator.kit.outcome", "adjudicator.kit.catalog", "adjudicator.kit.words"),
    ("adjudicator.rulesets",),
    ("adjudicator.league", "adjudicator.league.history", "adjudicator.sealed", "adjudicator.sealed.crypto",
     "adjudicator.sealed.envelope"),
    ("adjudicator.league.secrets", "adjudicator.sealed.storage", "adjudicator.league.hidden",
     "adjudicator.league.rulings", "adjudicator.league.absence", "adjudicator.league.arrivals"),
    ("adjudicator.league.store",),
    ("adjudicator.engine.sealed_orders", "adjudicator.newsletter"),
    ("adjudicator.engine", "adjudicator.engine.check", "adjudicator.engine.turn"),
    ("adjudicator.engine.verify", "adjudicator.engine.pin"),
    ("adjudicator.pipeline",),
    ("adjudicator.cli",),
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer(module: str) -> int:
    best, found = -1, None
    for i, names in enumerate(LAYERS):
        for name in names:
            # The package itself holds only its version: its name matches no module below it.
            under = module.startswith(name + ".") and name != "adjudicator"
            if (module == name or under) and len(name) > best:
                best, found = len(name), i
    assert found is not None, f"{module} is in no layer: add it to LAYERS (and to the architecture page)"
    return found


def exists(module: str) -> bool:
    path = PACKAGE.parent.joinpath(*module.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


@functools.cache
def parsed(text: str) -> ast.Module:
    """The syntax tree of a module's text, parsed once for all the checks below (issue 33: each check parsed the
    whole package again). Read only: no check changes a tree."""
    return ast.parse(text)


def tree_of(path: Path) -> ast.Module:
    return parsed(path.read_text(encoding="utf-8"))


def imports(path: Path, name: str | None = None) -> list[tuple[str, int, bool]]:
    """(module imported, line, inside a function) for every import of an adjudicator module in ``path``."""
    name = name or module_name(path)
    return list(_imports(path.read_text(encoding="utf-8"), name, path.name == "__init__.py"))


@functools.cache
def _imports(text: str, name: str, init: bool) -> tuple[tuple[str, int, bool], ...]:
    package = name if init else name.rpartition(".")[0]
    found: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, inside: bool) -> None:
        """One walk of the tree that knows whether it is in a function's body (issue 33: walking every function's
        body again for each function it is nested in took 10 s of a run)."""
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([node.module] if node.module else []))
            if base.split(".")[0] == "adjudicator":
                for alias in node.names:
                    target = f"{base}.{alias.name}"
                    found.append((target if exists(target) else base, node.lineno, inside))
        elif isinstance(node, ast.Import):
            found.extend((a.name, node.lineno, inside) for a in node.names if a.name.split(".")[0] == "adjudicator")
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            inside = False  # annotations only: never run
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            inside = True
        for child in ast.iter_child_nodes(node):
            visit(child, inside)

    visit(parsed(text), False)
    return tuple(sorted(found, key=lambda f: f[1]))


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def test_no_module_imports_a_higher_layer():
    upward = [f"{name}:{line} imports {target} (layer {layer(target)} > {layer(name)})"
              for name, path in MODULES.items() for target, line, _ in imports(path) if layer(target) > layer(name)]
    assert upward == []


def test_no_adjudicator_import_inside_a_function():
    hidden = [f"{name}:{line} imports {target} inside a function"
              for name, path in MODULES.items() for target, line, inner in imports(path) if inner]
    assert hidden == []


def test_the_modules_form_no_cycle():
    graph = {name: {t for t, _, _ in imports(path) if t != name and not name.startswith(t + ".")}
             for name, path in MODULES.items()}
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as e:
        raise AssertionError(f"import cycle: {' -> '.join(e.args[1])}") from None


def git_calls(path: Path) -> list[int]:
    """Lines of ``path`` that build a ``git`` command line (a list or tuple whose first word is ``"git"``)."""
    tree = tree_of(path)
    return [node.lineno for node in ast.walk(tree) if isinstance(node, ast.List | ast.Tuple) and node.elts
            and isinstance(node.elts[0], ast.Constant) and node.elts[0].value == "git"]


def test_every_git_call_is_in_the_git_module(tmp_path: Path):
    """Issue #31: one git layer, so every failure is a ``GitError`` in git's own words and every command is
    one a reader finds in ``history.py``; verify, the site build and ``new`` ran git themselves before."""
    direct = [f"{name}:{line}" for name, path in MODULES.items() if name != "adjudicator.league.history"
              for line in git_calls(path)]
    assert direct == []
    sample = tmp_path / "sample.py"
    sample.write_text('import subprocess\nsubprocess.run(["git", "log"], check=True)\n', encoding="utf-8")
    assert git_calls(sample) == [2]


def raw_arguments(tree: ast.Module) -> list[str]:
    """The public functions of a module (``history.py``) that take a command's raw arguments (a ``*args``)."""
    return [f.name for f in tree.body if isinstance(f, ast.FunctionDef) and not f.name.startswith("_")
            and f.args.vararg is not None]


def private_git(tree: ast.Module) -> list[int]:
    """Lines that reach into ``history.py``'s private names (its runners ``_run``, ``_text``, ``_git``, which take
    git's raw arguments): ``history._run(...)``, or ``from ..league.history import _run``."""
    return sorted(node.lineno for node in ast.walk(tree)
                  if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "history"
                  and node.attr.startswith("_")
                  or isinstance(node, ast.ImportFrom) and (node.module or "").endswith("history")
                  and any(a.name.startswith("_") for a in node.names))


def test_every_git_command_is_a_named_function_of_the_git_module():
    """Issue #31, "every git call in the one git module": not only the ``git`` process but its arguments. Each
    command the shell runs is a named, typed, documented function of ``history.py`` (``merge_tree``, ``dirty``,
    ``blob_size``...), so a reader finds every command turnpress runs, with its ``-z``, ``check`` and lock-free
    environment, in that one file; 30 calls in seven modules handed git raw arguments through the module's
    public ``run``/``text``/``git`` before. Its runners are private, and no other module reaches for them
    (``site/guide/architecture.md``, "Dependencies": why git goes through ``history.py`` and not GitPython)."""
    assert raw_arguments(tree_of(MODULES["adjudicator.league.history"])) == []
    reaching = [f"{name}:{line}" for name, path in MODULES.items() if name != "adjudicator.league.history"
                for line in private_git(tree_of(path))]
    assert reaching == []
    assert raw_arguments(parsed("def run(repo, *args): ...\ndef _run(repo, *args): ...\n")) == ["run"]
    assert private_git(parsed("from ..league import history\nhistory._run(root, 'log')\nhistory.head(root)\n"
                              "from ..league.history import _text, rev\n")) == [2, 4]


BUILTIN_BASES = {"Exception", "BaseException", "ValueError", "KeyError", "LookupError", "TypeError", "RuntimeError",
                 "OSError"}
INTERNAL = {"adjudicator.pipeline.budget.OverBudget",  # control flow, not a user error: see errors.py
            "adjudicator.yamlio._Deviates"}


def outside_the_family(path: Path, name: str) -> list[str]:
    """Exception classes of ``path`` whose bases are all built-in exceptions (so no ``TurnpressError`` kind)."""
    tree = tree_of(path)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.bases:
            bases = {ast.unparse(b).rpartition(".")[2] for b in node.bases}
            if bases <= BUILTIN_BASES:
                found.append(f"{name}.{node.name}")
    return found


def test_every_exception_is_of_the_one_family(tmp_path: Path):
    """Issue #31: every exception a command may meet is a ``TurnpressError`` with its exit code, so none ends
    in a traceback; the one that must not be (the time budget's) is named in errors.py."""
    strays = [c for name, path in MODULES.items() if name != "adjudicator.errors"
              for c in outside_the_family(path, name) if c not in INTERNAL]
    assert strays == []
    sample = tmp_path / "sample.py"
    sample.write_text("class A(ValueError):\n    pass\nclass B(TurnpressError, ValueError):\n    pass\n")
    assert outside_the_family(sample, "m") == ["m.A"]


def test_the_joined_kinds_keep_their_exit_codes_and_their_older_bases():
    from adjudicator.errors import PROBLEMS, USAGE, TurnpressError
    from adjudicator.kit.wording import WordsError
    from adjudicator.pipeline.prcheck import MergeRefused
    from adjudicator.rulesets.diplomacy.notation import OrderError
    from adjudicator.rulesets.diplomacy.position import PositionError
    from adjudicator.rulesets.diplomacy.tables import MapDataError
    from adjudicator.rulesets.diplomacy.variants.dreissigjaehriger_krieg.religion import ActionError

    kinds = {OrderError("x"): (PROBLEMS, ValueError), ActionError("x", "h"): (PROBLEMS, ValueError),
             MergeRefused("x", "h"): (PROBLEMS, Exception), MapDataError("x"): (USAGE, ValueError),
             PositionError("x"): (USAGE, ValueError), WordsError("x"): (USAGE, KeyError)}
    for err, (code, older) in kinds.items():
        assert isinstance(err, TurnpressError) and isinstance(err, older) and err.exit_code == code, err


def test_every_module_has_a_layer():
    """A new module is placed on purpose (and on the architecture page), not by default."""
    for name in MODULES:
        layer(name)
    with pytest.raises(AssertionError, match="is in no layer"):
        layer("adjudicator.newmodule")


def test_the_checks_see_an_upward_import_and_one_inside_a_function(tmp_path: Path):
    """The tests can fail: a store that imported the command line, at the top or inside a function, is named."""
    fake = tmp_path / "store.py"
    fake.write_text("from ..cli import values\n\ndef f():\n    from ..engine import turn\n")
    found = imports(fake, "adjudicator.league.store")
    assert found == [("adjudicator.cli.values", 1, False), ("adjudicator.engine.turn", 4, True)]
    assert all(layer(target) > layer("adjudicator.league.store") for target, _, _ in found)


# How each declared dependency, of every extra too, is used: imported (by the package; the test extra's by the
# tests), named as MkDocs' theme, typing stubs of a module the package imports, or a command the Makefile runs.
# tzdata is data that zoneinfo reads where the system has no time zones.
USED_AS: dict[str, tuple[str, str | None]] = {
    "pyyaml": ("import", "yaml"), "jsonschema": ("import", "jsonschema"), "pyrage": ("import", "pyrage"),
    "jsonschema-rs": ("import", "jsonschema_rs"),
    "ruamel.yaml": ("import", "ruamel"), "tzdata": ("data", None),
    "mkdocs": ("import", "mkdocs"), "mkdocs-material": ("theme", "material"),
    "pytest": ("test import", "pytest"), "hypothesis": ("test import", "hypothesis"),
    "types-pyyaml": ("stubs", "yaml"), "types-jsonschema": ("stubs", "jsonschema"),
    "ruff": ("command", "$(BIN)/ruff check"), "mypy": ("command", "$(BIN)/mypy"),
    "pytest-xdist": ("command", "-n $(TEST_WORKERS)"), "zensical": ("test import", "zensical"),
}


def declared_dependencies() -> list[str]:
    project = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    every = [*project["dependencies"], *(d for extra in project["optional-dependencies"].values() for d in extra)]
    return [re.split(r"[<>=!~\[ ;@]", d, maxsplit=1)[0].strip().lower() for d in every]


def imported_modules(paths) -> set[str]:
    used: set[str] = set()
    for path in paths:
        for node in ast.walk(tree_of(path)):
            if isinstance(node, ast.Import):
                used |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and not node.level:
                used.add((node.module or "").split(".")[0])
    return used


def unused_dependencies(declared: list[str], package: set[str], tests: set[str], makefile: str,
                        theme: str) -> list[str]:
    """The declared dependencies that nothing uses as ``USED_AS`` says (one not in ``USED_AS`` is unused)."""
    unused = []
    for name in declared:
        kind, what = USED_AS.get(name, ("unknown", None))
        used = {"import": what in package, "stubs": what in package, "test import": what in tests,
                "command": what is not None and what in makefile, "theme": f"name: {what}" in theme,
                "data": True}.get(kind, False)
        if not used:
            unused.append(name)
    return unused


def test_every_declared_dependency_is_used():
    """A dependency is declared because code uses it: GitPython was declared long after the git layer had become
    plain subprocesses, and installed into every league for nothing; mkdocs-rss-plugin was in the site extra,
    pulling GitPython, requests and a second MkDocs into every league, after turnpress had written its feeds
    itself for long (issue 33: the extras are read too; see the architecture page)."""
    declared = declared_dependencies()
    assert sorted(declared) == sorted(USED_AS), "a dependency was added or removed: say here how it is used"
    package = imported_modules(MODULES.values())
    tests = imported_modules(sorted((PACKAGE.parent / "tests").rglob("*.py")))
    makefile = (PACKAGE.parent / "Makefile").read_text(encoding="utf-8")
    theme = (PACKAGE / "newsletter/assets/mkdocs.yaml").read_text(encoding="utf-8")
    assert unused_dependencies(declared, package, tests, makefile, theme) == []


def test_a_dependency_nothing_uses_is_named():
    """The check can fail: the plugin issue 33 removed, declared again, is named; so is a command no one runs."""
    assert unused_dependencies(["mkdocs-rss-plugin", "ruff", "pyyaml"], {"yaml"}, set(), "", "") == \
        ["mkdocs-rss-plugin", "ruff"]


def test_the_package_holds_no_build_tool_and_imports_none():
    """Issue 31: the scripts that made the committed map data (``build_*.py``, ``carve.py``) and the DATC runner
    live in the checkout's ``tools/``, not in the installed package, and no module of the package imports them."""
    in_package = sorted(str(p.relative_to(PACKAGE.parent)) for p in PACKAGE.rglob("*.py")
                        if p.name.startswith("build_") or p.name in ("carve.py", "datc.py"))
    assert in_package == []
    uses_tools = [f"{name}:{node.lineno}" for name, path in MODULES.items()
                  for node in ast.walk(tree_of(path))
                  if isinstance(node, ast.Import | ast.ImportFrom) and not getattr(node, "level", 0)
                  and any(n.split(".")[0] == "tools"
                          for n in ([a.name for a in node.names] if isinstance(node, ast.Import)
                                    else [node.module or ""]))]
    assert uses_tools == []
    assert (PACKAGE.parent / "tools" / "datc.py").is_file()


def test_the_package_ships_its_types(tmp_path: Path):
    """Issue 31 (PEP 561): a third-party ruleset type-checks against ``adjudicator`` because the package says it
    is typed: ``py.typed`` is in the package, in what the build ships, and in the wheel a league carries."""
    import zipfile

    from adjudicator.pipeline import scaffold

    assert (PACKAGE / "py.typed").is_file()
    shipped = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))
    assert "py.typed" in shipped["tool"]["setuptools"]["package-data"]["adjudicator"]
    with zipfile.ZipFile(scaffold.write_wheel(tmp_path)) as wheel:
        assert "adjudicator/py.typed" in wheel.namelist()


RULESETS = PACKAGE / "rulesets"
# Issue 31: the files every built-in ruleset has, each with the same job (site/guide/architecture.md, "One skeleton
# for every ruleset"), and the names that used to mean a different job in each game.
SKELETON = {"__init__.py", "rules.py", "presentation.py", "state.py", "setup.py", "orders.py", "adjudicate.py",
            "tables.py", "newsletter.py", "sheet.py", "choices.py"}
RETIRED = {"game.py", "league.py", "turn.py", "render.py", "zugformat.py", "amtsblatt.py", "command.py", "data.py"}


def test_every_ruleset_has_the_one_skeleton():
    games = sorted(p for p in RULESETS.iterdir() if (p / "__init__.py").is_file())
    assert [g.name for g in games] == ["auf_achse", "bretton_woods", "calamity", "diplomacy", "policy_maker"]
    missing = {g.name: sorted(SKELETON - {p.name for p in g.glob("*.py")}) for g in games}
    assert {k: v for k, v in missing.items() if v} == {}
    retired = sorted(str(p.relative_to(RULESETS)) for g in games for p in g.glob("*.py") if p.name in RETIRED)
    assert retired == []


def test_every_ruleset_keeps_its_data_and_words_in_data():
    """The skeleton's ``data/``: the tables, maps and words files a game pins are in the ruleset's ``data/`` folder
    in every game (a variant's in its own ``data/``), none beside the modules nor in a folder of their own
    (Bretton Woods kept ``data.yaml`` and ``words.yaml`` at its top, Diplomacy its maps in ``maps/``)."""
    games = sorted(p for p in RULESETS.iterdir() if (p / "__init__.py").is_file())
    assert [g.name for g in games if not any((g / "data").glob("*.yaml"))] == []
    elsewhere = sorted(str(p.relative_to(RULESETS)) for g in games for p in g.rglob("*.*")
                       if p.suffix in (".yaml", ".json") and "data" not in p.relative_to(g).parts[:-1])
    assert elsewhere == []


def test_every_words_file_lies_where_the_architecture_page_s_skeleton_says():
    """The skeleton's ``data/`` (site/guide/architecture.md, "One skeleton"): a ruleset's words are
    ``data/words.yaml`` (a variant's in its own ``data/``), and a map's own words lie beside the maps,
    ``data/maps/words/<map>.yaml``, each named by a map's ``words:`` (Diplomacy's standard map: the judges'
    spellings). The page named only the first, though the standard map's words lie in the second."""
    page = (PACKAGE.parent / "site" / "guide" / "architecture.md").read_text(encoding="utf-8")
    skeleton = page.split("## One skeleton", 1)[1].split("\n## ", 1)[0]
    assert "data/words.yaml" in skeleton and "data/maps/words/<map>.yaml" in skeleton
    words = sorted(p.relative_to(RULESETS).as_posix() for p in RULESETS.rglob("*.yaml")
                   if "words" in p.name or p.parent.name == "words")
    per_map = [w for w in words if "/data/maps/words/" in w]
    assert [w for w in words if w not in per_map and not w.endswith("/data/words.yaml")] == []
    named = {name for m in RULESETS.glob("*/data/maps/*.yaml") for name in (yaml.safe_load(m.read_text(
        encoding="utf-8")) or {}).get("words", [])}
    assert per_map and [w for w in per_map if w.split("/data/", 1)[1] not in named] == []


# Issue 31: the folders are the layers. Lowest first; "" is the ground, the modules at the top of the package.
FOLDERS = ["", "kit", "rulesets", "sealed", "league", "newsletter", "engine", "pipeline", "cli"]


def folder(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in FOLDERS else ""


def upward_folders(modules: dict[str, Path]) -> list[str]:
    return [f"{name}:{line} imports {target}" for name, path in modules.items()
            for target, line, _ in imports(path, name) if FOLDERS.index(folder(target)) > FOLDERS.index(folder(name))]


def test_a_package_imports_only_packages_below_it(tmp_path: Path):
    """The tree shows the architecture: cli, pipeline, engine, newsletter, league, sealed, rulesets, kit, the ground."""
    assert {folder(m) for m in MODULES} == set(FOLDERS)
    assert upward_folders(MODULES) == []
    fake = tmp_path / "store.py"
    fake.write_text("from ..engine import turn\n")
    assert upward_folders({"adjudicator.league.store": fake}) == ["adjudicator.league.store:1 imports "
                                                                   "adjudicator.engine.turn"]


def _continued_lines(source: str) -> list[int]:
    """The lines of ``source`` that a backslash continues, outside strings (a docstring's backslash is text)."""
    import io
    import tokenize

    ends = [n for n, line in enumerate(source.splitlines(), 1) if line.endswith("\\")]
    if not ends:
        return []  # no line ends in a backslash: nothing to tell apart, no need to tokenize (issue 33)
    inside = set()
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.STRING or tok.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
            inside.update(range(tok.start[0], tok.end[0]))
    return [n for n in ends if n not in inside]


def test_no_line_of_the_package_is_continued_by_a_backslash():
    """Issue 31: a statement runs on over lines in parentheses, never after a backslash. A backslash continuation
    hides the parameters of every function defined after it from tools that read definitions by their text (the
    structure walks of a turn, of verify and of the site build stopped there)."""
    assert _continued_lines("x = 1 + \\\n    2\n") == [1]
    assert _continued_lines('"""a \\\nb"""\n') == []
    found = {str(p.relative_to(PACKAGE)): _continued_lines(p.read_text(encoding="utf-8"))
             for p in sorted(PACKAGE.rglob("*.py"))}
    assert {p: lines for p, lines in found.items() if lines} == {}


def test_the_architecture_page_draws_the_folders_in_the_order_of_their_layers():
    """Issue 31 ("put the drawing in the architecture page"): the page's drawing of the folders, top to bottom, is
    the order this test holds the imports to, so a reader who trusts the picture trusts the rule."""
    page = (PACKAGE.parent / "site" / "guide" / "architecture.md").read_text(encoding="utf-8")
    section = page.split("## The folders are the layers", 1)[1].split("\n## ", 1)[0]
    drawing = section.split("```", 2)[1]
    drawn = [m.group(1) for line in drawing.splitlines()
             if (m := re.match(r"^(?: the shell| pure| the ground)?\s+(\w+)/(?:<game>/)?\s", line))]
    assert drawn == [*(f for f in reversed(FOLDERS) if f), "tools"]  # tools/: beside the package, never shipped
