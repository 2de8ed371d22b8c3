"""``turnpress site build`` and ``turnpress site serve``: the league's newsletter site.

``build`` writes the pages derived from ``games/`` into ``site/`` (home, news index, per game overview,
standings, charts and map, and every issue page again: the same files give the same bytes, so a rebuild of an
unchanged league changes nothing), fills the generated blocks of ``mkdocs.yml`` (the blog's allowed
categories, one per game, and the navigation), and runs ``mkdocs build --strict`` into ``public/``.
``serve`` does the same page generation and then runs ``mkdocs serve`` on localhost.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from .. import store
from ..errors import LeagueError
from . import pages

CONFIG = "mkdocs.yml"
GENERATED = ("site/games/**/*", "site/news/*.md")  # wholly generated: files no longer generated are removed


class SiteError(LeagueError):
    """The site cannot be built; the message says why."""


def template() -> str:
    """The default ``mkdocs.yml`` of a league (written where a league has none)."""
    return resources.files(__package__).joinpath("assets/mkdocs.yaml").read_text(encoding="utf-8")


def replace_block(text: str, name: str, lines: Sequence[str]) -> str:
    """Replace what stands between ``# BEGIN turnpress <name>`` and ``# END turnpress <name>``, indented alike."""
    pattern = re.compile(rf"^([ \t]*)(# BEGIN turnpress {name}\b[^\n]*\n)(.*?)^([ \t]*# END turnpress {name}\b)",
                         re.DOTALL | re.MULTILINE)
    match = pattern.search(text)
    if match is None:
        raise SiteError(f"{CONFIG}: the markers '# BEGIN turnpress {name}' and '# END turnpress {name}' are "
                        "missing; put them back (see adjudicator/newsletter/assets/mkdocs.yaml)")
    indent = match.group(1)
    body = "".join(f"{indent}{line}\n" for line in lines)
    return text[:match.start(3)] + body + text[match.end(3):]


def categories_block(game_ids: Sequence[str]) -> list[str]:
    if not game_ids:
        return ["categories_allowed: []"]
    return ["categories_allowed:", *(f"  - {gid}" for gid in game_ids)]


def nav_block(root: Path, views: Sequence[pages.GameView], generated: Sequence[str]) -> list[str]:
    """The navigation: home, one section per game, the news, the rules, then any other page of ``site/``."""
    lines = ["nav:", "  - Home: index.md"]
    if views:
        lines.append("  - Games:")
        for v in views:
            lines += [f"      - {json.dumps(v.title, ensure_ascii=False)}:", f"          - games/{v.id}/index.md",
                      f"          - {json.dumps(v.say('standings'))}: games/{v.id}/standings.md",
                      f"          - {json.dumps(v.say('charts'))}: games/{v.id}/charts.md"]
            if f"site/games/{v.id}/map.md" in generated:
                lines.append(f"          - {json.dumps(v.say('map'))}: games/{v.id}/map.md")
            if f"site/games/{v.id}/orders.md" in generated:
                lines.append(f"          - {json.dumps(v.say('orders_page'))}: games/{v.id}/orders.md")
    lines += ["  - News:", "      - news/index.md"]
    docs = root / "site"
    rules = sorted(p.relative_to(docs).as_posix() for p in (docs / "rules").glob("*.md")) if docs.is_dir() else []
    if rules:
        lines += ["  - Rules:", *(f"      - {r}" for r in rules)]
    others = sorted(p.relative_to(docs).as_posix() for p in docs.rglob("*.md")) if docs.is_dir() else []
    others = [p for p in others if p != "index.md" and not p.startswith(("games/", "news/", "rules/"))]
    lines += [f"  - {p}" for p in others]
    return lines


def write_if_changed(root: Path, files: dict[str, str]) -> int:
    """Write the files whose text differs from what is on disk; returns how many were written."""
    written = 0
    for rel, text in sorted(files.items()):
        path, data = root / rel, text.encode("utf-8")  # bytes: the calendar's line ends are CRLF
        if path.is_file() and path.read_bytes() == data:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        written += 1
    return written


def remove_stale(root: Path, files: dict[str, str]) -> int:
    removed = 0
    for pattern in GENERATED:
        for path in sorted(root.glob(pattern)):
            if path.is_file() and path.relative_to(root).as_posix() not in files:
                path.unlink()
                removed += 1
    return removed


def generate(root: Path) -> tuple[int, int]:
    """Write every derived page and the generated parts of ``mkdocs.yml``; returns (games, files written)."""
    config = root / CONFIG
    if not config.is_file():
        config.write_text(template(), encoding="utf-8")
    games = pages.read_games(root, store.list_games(root))
    views = [view for view, _ in games]
    files = pages.all_pages(root, views, [files for _, files in games])
    written = write_if_changed(root, files) + remove_stale(root, files)
    text = config.read_text(encoding="utf-8")
    text = replace_block(text, "categories", categories_block([v.id for v in views]))
    text = replace_block(text, "nav", nav_block(root, views, list(files)))
    written += write_if_changed(root, {CONFIG: text})
    return len(views), written


def site_env(root: Path | None = None) -> dict[str, str]:
    """The environment for mkdocs: on GitHub Actions the site's address is the repository's Pages address
    unless ``TURNPRESS_SITE_URL`` names another (the RSS feed needs absolute links). The build date mkdocs
    stamps on the feeds and the sitemap is the time of the league's last commit to ``games/``
    (``SOURCE_DATE_EPOCH``), so the same league gives the same site on any date."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    if root is not None and "SOURCE_DATE_EPOCH" not in env:
        stamp = _last_change(root)
        if stamp:
            env["SOURCE_DATE_EPOCH"] = stamp
    repo = env.get("GITHUB_REPOSITORY", "")
    if not env.get("TURNPRESS_SITE_URL") and env.get("GITHUB_ACTIONS") == "true" and "/" in repo:
        owner, name = repo.split("/", 1)
        env["TURNPRESS_SITE_URL"] = f"https://{owner.lower()}.github.io/{name}/"
    return env


def _last_change(root: Path) -> str | None:
    done = subprocess.run(["git", "log", "-1", "--format=%ct", "--", "games"], cwd=root, capture_output=True,
                          text=True)
    return done.stdout.strip() if done.returncode == 0 else None


def mkdocs(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mkdocs", *args, "-f", str(root / CONFIG)], cwd=root, text=True,
                          capture_output=True, env=site_env(root))


def build(root: Path, out: Path | None = None) -> Path:
    """Generate the pages and build the site with ``mkdocs build --strict``; returns the output folder."""
    generate(root)
    return mkdocs_build(root, out)


def mkdocs_build(root: Path, out: Path | None = None) -> Path:
    """``mkdocs build --strict`` of the pages as they are; raises ``SiteError`` with mkdocs' complaint."""
    target = (out or root / "public").resolve()
    done = mkdocs(root, "build", "--strict", "--site-dir", str(target))
    if done.returncode != 0:
        raise SiteError(f"mkdocs build --strict failed:\n{done.stderr.strip() or done.stdout.strip()}")
    return target


def serve(root: Path, addr: str) -> int:
    """``mkdocs serve`` of the league's site with live reload, until it is stopped; its exit code."""
    return subprocess.call([sys.executable, "-m", "adjudicator.newsletter.devserver", "serve", "-f", str(root / CONFIG),
                            "--dev-addr", addr], cwd=root, env=site_env(root))
