"""``turnpress init DIR``: a new league repository for a game master.

It writes the workflows, ``mkdocs.yml``, empty ``games/``, ``orders/`` and ``site/`` (each with a short
README so that git keeps it) and a README for players, then makes ``DIR`` a git repository on ``main``. It
commits nothing: the game master looks at the files, commits and pushes (see the game master's guide).

The league carries the turnpress it runs: ``init`` writes the running turnpress as a wheel into
``.github/turnpress/`` and pins the workflows' requirement to that file, so no package index needs to have
turnpress, and every run of the league installs exactly the code that made it. Upgrading is a commit that
replaces the wheel and the requirement line (see the game master's guide). ``--requirement`` pins another
source instead (a git URL at a commit, say) and writes no wheel.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import json
import re
import zipfile
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

from .. import yamlio
from ..errors import LeagueError
from ..kit import yamlwords
from ..kit.ruleset import package_of
from ..league import history
from ..newsletter import site

OK = 0
TEMPLATE = "adjudicator.pipeline.template"


def template_files(title: str, requirement: str, language: str = "en") -> dict[str, str]:
    """Path in the new league -> text, from the template's manifest, with the placeholders filled in; in the
    league's ``language`` where the manifest names a text in it (``source_de``, ``text_de``), else in English; a
    file with a table of its words in the language (``said_de``: a workflow's comments and display names) has them
    said so, the rest of it the English file's."""
    pkg = resources.files(TEMPLATE)
    manifest: dict[str, Any] = yamlio.load(pkg.joinpath("manifest.yaml").read_text(encoding="utf-8"),
                                           max_bytes=1 << 20).data
    out = {}
    for entry in manifest["files"]:
        if "generated" in entry:
            made = GENERATORS[entry["generated"]](title)
            if made is not None:
                out[entry["path"]] = made
            continue
        text = (entry.get(f"text_{language}", entry["text"]) if "text" in entry else
                pkg.joinpath(entry.get(f"source_{language}", entry["source"])).read_text(encoding="utf-8"))
        if f"said_{language}" in entry:
            said = pkg.joinpath(entry[f"said_{language}"]).read_text(encoding="utf-8")
            text = yamlwords.translated(text, yamlwords.table(said, language))
        out[entry["path"]] = text.replace("@@TITLE@@", title).replace("@@REQUIREMENT@@", requirement)
    return out


def mkdocs_config(title: str) -> str | None:
    """The site's default ``mkdocs.yml`` (the newsletter package owns it) with the league's title."""
    return re.sub(r"^site_name:.*$", f"site_name: {json.dumps(title, ensure_ascii=False)}", site.template(),
                  count=1, flags=re.MULTILINE)


GENERATORS: dict[str, Callable[[str], str | None]] = {"mkdocs": mkdocs_config}


WHEELS = ".github/turnpress"
DIST = "turnpress"


def init(target: Path, title: str, requirement: str | None = None, language: str = "en") -> list[str]:
    """Write a new league into ``target`` (absent or empty) and ``git init`` it; the paths written.

    Without ``requirement`` the league carries the running turnpress as a wheel and installs that. ``language`` is
    the league's (its site's ``theme: language``): a game without its own speaks it, and so do the league's own
    lines."""
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise LeagueError(f"{target} exists and is not empty; 'turnpress init' makes a new league in a new folder",
                          word="init.exists", target=target)
    written = []
    if requirement is None:
        wheel = write_wheel(target / WHEELS)
        written.append(f"{WHEELS}/{wheel.name}")
        requirement = f"./{WHEELS}/{wheel.name}[site]"
    files = template_files(title, requirement, language)
    if "mkdocs.yml" in files:
        files["mkdocs.yml"] = site.in_language(
            re.sub(r"^  language: en$", f"  language: {language}", files["mkdocs.yml"], count=1, flags=re.MULTILINE),
            language)
    target.mkdir(parents=True, exist_ok=True)
    for rel, text in files.items():
        path = target / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    history.init(target)
    return sorted([*files, *written])


# --- what a game adds to the site ----------------------------------------------------------------------------

RULES_DIR = "site/rules"
TEXT_DIRS = ("text", "rules")  # where a ruleset ships its rules pages, new name first
LANGUAGE_PAGE = re.compile(r"\.[a-z]{2}\.md$")  # a rules page in another language: bretton-woods.de.md


def add_rules_pages(root: Path, rules: object, language: str) -> list[str]:
    """Write the rules pages a ruleset ships (``text/*.md`` in its package; ``rules/*.md`` where a package made
    before the rules module took that name has them) into the league's ``site/rules/``, where the game's overview
    links to them; a page the league has already (perhaps with its own house rules) is kept as it is. Where the
    league's language is not English and the ruleset ships the page in it beside the English (``NAME.de.md``), the
    league's page is that text, under the English page's name: the game's overview links to ``NAME.md`` in any
    language (``language``: the league's, as its ``mkdocs.yml`` says). The paths written."""
    package = resources.files(package_of(rules))
    folder = next((f for f in (package.joinpath(n) for n in TEXT_DIRS) if f.is_dir()), None)
    if folder is None:
        return []
    written = []
    for page in sorted(folder.iterdir(), key=lambda p: p.name):
        target = root / RULES_DIR / page.name
        if LANGUAGE_PAGE.search(page.name):  # a translation: written in the English page's place, below
            continue
        if page.name.endswith(".md") and page.is_file() and not target.exists():
            own = folder.joinpath(f"{page.name[:-3]}.{language}.md")
            source = own if language != "en" and own.is_file() else page
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
            written.append(f"{RULES_DIR}/{page.name}")
    return written


# --- the running turnpress as a wheel ------------------------------------------------------------------------

def write_wheel(folder: Path) -> Path:
    """The installed turnpress (its package files and metadata) as a wheel in ``folder``: the same code gives
    the same bytes (sorted entries, fixed times), so carrying it again changes nothing in the league's history."""
    dist = importlib.metadata.distribution(DIST)
    version = dist.version
    info = f"{DIST}-{version}.dist-info"
    package = Path(resources.files("adjudicator"))  # type: ignore[arg-type]
    entries: dict[str, bytes] = {}
    for path in sorted(package.rglob("*")):
        rel = path.relative_to(package.parent).as_posix()
        if path.is_file() and "__pycache__" not in path.parts and not path.name.endswith((".pyc", ".pyo")):
            entries[rel] = path.read_bytes()
    entries[f"{info}/METADATA"] = _metadata(dist).encode("utf-8")
    entries[f"{info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: turnpress init\nRoot-Is-Purelib: true\n"
                                b"Tag: py3-none-any\n")
    entries[f"{info}/entry_points.txt"] = (dist.read_text("entry_points.txt") or "").encode("utf-8")
    record = [f"{name},sha256={_digest(data)},{len(data)}" for name, data in entries.items()]
    entries[f"{info}/RECORD"] = ("\n".join([*record, f"{info}/RECORD,,"]) + "\n").encode("utf-8")
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{DIST}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as whl:
        for name, data in entries.items():
            item = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            item.external_attr = 0o644 << 16
            item.compress_type = zipfile.ZIP_DEFLATED
            whl.writestr(item, data)
    return target


def _metadata(dist: importlib.metadata.Distribution) -> str:
    """The installed METADATA without the long description (the README is not part of the league's code)."""
    text = dist.read_text("METADATA") or f"Metadata-Version: 2.1\nName: {DIST}\nVersion: {dist.version}\n"
    head = text.split("\n\n", 1)[0]
    return "\n".join(line for line in head.splitlines() if not line.startswith("Description-Content-Type")) + "\n"


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
