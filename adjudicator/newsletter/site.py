"""``turnpress site build`` and ``turnpress site serve``: the league's newsletter site.

``build`` writes the pages derived from ``games/`` into ``site/`` (home, news index, per game overview,
standings, charts and map, and every issue page again: the same files give the same bytes, so a rebuild of an
unchanged league changes nothing), sets turnpress's two values in ``mkdocs.yml`` (the blog's allowed
categories, one per game, and the navigation; the league's own lines and comments kept), and runs ``mkdocs
build --strict`` into ``public/``.
``serve`` does the same page generation and then runs ``mkdocs serve`` on localhost.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from .. import history, store, yamledit
from ..errors import LeagueError
from ..markup import html_attr_text
from . import pages

CONFIG = "mkdocs.yml"
GENERATED = ("site/games/**/*", "site/news/*.md")  # wholly generated: files no longer generated are removed


class SiteError(LeagueError):
    """The site cannot be built; the message says why."""


def template() -> str:
    """The default ``mkdocs.yml`` of a league (written where a league has none)."""
    return resources.files(__package__).joinpath("assets/mkdocs.yaml").read_text(encoding="utf-8")


def nav_entries(root: Path, views: Sequence[pages.GameView], generated: Sequence[str]) -> list[Any]:
    """The navigation: home, one section per game, the news, the rules, then any other page of ``site/``."""
    nav: list[Any] = [{"Home": "index.md"}]
    if views:
        games: list[Any] = []
        for v in views:
            entries: list[Any] = [f"games/{v.id}/index.md", {v.say("standings"): f"games/{v.id}/standings.md"},
                                  {v.say("charts"): f"games/{v.id}/charts.md"}]
            if f"site/games/{v.id}/map.md" in generated:
                entries.append({v.say("map"): f"games/{v.id}/map.md"})
            if f"site/games/{v.id}/orders.md" in generated:
                entries.append({v.say("orders_page"): f"games/{v.id}/orders.md"})
            games.append({html_attr_text(v.title): entries})  # the theme prints a menu's titles raw
        nav.append({"Games": games})
    nav.append({"News": ["news/index.md"]})
    docs = root / "site"
    rules = sorted(p.relative_to(docs).as_posix() for p in (docs / "rules").glob("*.md")) if docs.is_dir() else []
    if rules:
        nav.append({"Rules": rules})
    others = sorted(p.relative_to(docs).as_posix() for p in docs.rglob("*.md")) if docs.is_dir() else []
    nav += [p for p in others if p != "index.md" and not p.startswith(("games/", "news/", "rules/"))]
    return nav


def configured(text: str, game_ids: Sequence[str], nav: list[Any]) -> str:
    """``mkdocs.yml``'s text with the blog's allowed categories (one per game) and the navigation turnpress
    writes; every other line, the league's own comments and settings, kept as written (``yamledit``)."""

    def change(tree: Any) -> None:
        if not isinstance(tree, dict):
            raise SiteError(f"{CONFIG}: not a mapping of MkDocs' settings: restore it from git, or delete it and "
                            "let 'turnpress site build' write the default one")
        for plugin in tree.get("plugins") or []:
            if isinstance(plugin, dict) and isinstance(plugin.get("blog"), dict):
                yamledit.put(plugin["blog"], "categories_allowed", list(game_ids))
        yamledit.put(tree, "nav", nav, before="validation")

    try:
        return yamledit.edit(text, change)
    except LeagueError as e:
        raise SiteError(f"{CONFIG}: {e}") from None


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
    text = configured(config.read_text(encoding="utf-8"), [v.id for v in views], nav_entries(root, views, list(files)))
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
    return history.last_change(root, "games")


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
