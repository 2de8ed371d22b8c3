"""``turnpress init DIR``: a new league repository for a game master.

It writes the workflows, ``mkdocs.yml``, empty ``games/``, ``orders/`` and ``site/`` (each with a short
README so that git keeps it) and a README for players, then makes ``DIR`` a git repository on ``main``. It
commits nothing: the game master looks at the files, commits and pushes (see the game master's guide).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

from .. import yamlio
from ..errors import LeagueError
from ..newsletter import site

OK = 0
TEMPLATE = "adjudicator.pipeline.template"


def template_files(title: str, requirement: str) -> dict[str, str]:
    """Path in the new league -> text, from the template's manifest, with the placeholders filled in."""
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
        text = entry["text"] if "text" in entry else pkg.joinpath(entry["source"]).read_text(encoding="utf-8")
        out[entry["path"]] = text.replace("@@TITLE@@", title).replace("@@REQUIREMENT@@", requirement)
    return out


def mkdocs_config(title: str) -> str | None:
    """The site's default ``mkdocs.yml`` (the newsletter package owns it) with the league's title."""
    return re.sub(r"^site_name:.*$", f"site_name: {json.dumps(title, ensure_ascii=False)}", site.template(),
                  count=1, flags=re.MULTILINE)


GENERATORS: dict[str, Callable[[str], str | None]] = {"mkdocs": mkdocs_config}


def init(target: Path, title: str, requirement: str) -> list[str]:
    """Write a new league into ``target`` (absent or empty) and ``git init`` it; the paths written."""
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise LeagueError(f"{target} exists and is not empty; 'turnpress init' makes a new league in a new folder")
    files = template_files(title, requirement)
    target.mkdir(parents=True, exist_ok=True)
    for rel, text in files.items():
        path = target / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    if shutil.which("git"):
        subprocess.run(["git", "init", "-q", "-b", "main", str(target)], check=True)
    return sorted(files)
