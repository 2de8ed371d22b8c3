"""``turnpress site build`` and ``turnpress site serve``: the league's newsletter site.

``build`` writes the pages derived from ``games/`` into ``site/`` (home, the news index and each game's archive,
per game overview, standings, charts and map, every issue page again, and the feeds: the same files give the
same bytes, so a rebuild of an unchanged league changes nothing), sets turnpress's values in ``mkdocs.yml`` (the
navigation, and ``not_in_nav`` for the news; the league's own lines and comments kept), and runs ``mkdocs build
--strict`` into ``public/``. Every page is plain Markdown or a file: no plugin but MkDocs' search is needed, so
the same ``mkdocs.yml`` and ``site/`` build with Zensical too (issue 33).

A league made before turnpress wrote its own listings names Material's blog plugin in ``mkdocs.yml`` and has its
issues under ``site/news/posts/``: the build takes the plugin out (its lines only; every comment kept) and writes
the issues at ``site/news/<game>/<NNNN>.md``, which publishes them at the addresses they had.
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

import yaml

from .. import yamledit
from ..errors import LeagueError
from ..kit import words, yamlwords
from ..kit.catalog import SITE
from ..kit.markup import html_attr_text
from ..league import history, store
from . import pages
from .mkdocs_hooks import TEMPLATE_CACHE

CONFIG = "mkdocs.yml"
TEMPLATE_FOLDER = ".cache/turnpress-templates"  # the theme's compiled templates (the hook's on_env); not carried by
# the workflows' cache of .cache/turnpress: compiled code is not handed from run to run
# Wholly generated: a file here that the build no longer writes is removed (issues only by their names: a game
# master's own page under site/news/ stays). site/news/posts/ held the issues before turnpress wrote the listings.
GENERATED = ("site/games/**/*", "site/news/*.md", "site/news/page/*.md", "site/news/*/page/*.md",
             "site/news/*/[0-9][0-9][0-9][0-9].md", "site/news/posts/*/[0-9][0-9][0-9][0-9].md", "site/feeds/*.xml",
             "site/feed_rss_created.xml", "site/drawings/*.svg")
NOT_IN_NAV = "/news/"  # the issues and the listings: reached from the news index, not each one from the menu
# What git need not keep in site/: written on every build (the league's site/.gitignore gains what it lacks).
IGNORED = ("/index.md", "/games/", "/news/*.md", "/news/page/", "/news/*/page/", "/feed_rss_created.xml",
           "/feeds/", "/stylesheets/turnpress.css", "/javascripts/turnpress.js", "/javascripts/orders.js",
           "/javascripts/orders_map.js", "/javascripts/orders.css", "/javascripts/vendor/", "/drawings/")


class SiteError(LeagueError):
    """The site cannot be built; the message says why."""


def template() -> str:
    """The default ``mkdocs.yml`` of a league (written where a league has none)."""
    return resources.files(__package__).joinpath("assets/mkdocs.yaml").read_text(encoding="utf-8")


def in_language(config: str, language: str) -> str:
    """``mkdocs.yml``'s text with the words a reader of the site meets that turnpress's default file writes in
    English said in ``language``: the site's description (the pages' and the feeds') and the colour scheme's
    toggle (a German league's said "Dark mode"), and the comments that explain the file to its game master
    (``assets/mkdocs.LANG.yaml``, by their English). A line the game master changed is kept: only the default's
    English is replaced (init writes it so; a site build mends a league made before).

    >>> in_language("        name: Dark mode\\n        name: Mein Modus\\n", "de")
    '        name: Dunkles Farbschema\\n        name: Mein Modus\\n'
    """
    if language == "en":
        return config
    for key, line in (("config.description", "site_description: "), ("config.dark", "        name: "),
                      ("config.light", "        name: ")):
        english = f"{line}{SITE.say('en', key)}\n"
        config = config.replace(english, f"{line}{SITE.say(language, key)}\n", 1)
    comments = resources.files(__package__).joinpath(f"assets/mkdocs.{language}.yaml")
    if comments.is_file():
        config = yamlwords.translated(config, yamlwords.table(comments.read_text(encoding="utf-8"), language))
    return config


def nav_entries(root: Path, views: Sequence[pages.GameView], generated: Sequence[str], lang: str = "en"
                ) -> list[Any]:
    """The navigation: home, one section per game, the news, the rules, then any other page of ``site/``; its
    sections named in the league's language ``lang`` (a German league's said "Home", "Games", "News", "Rules")."""
    nav: list[Any] = [{SITE.say(lang, "nav.home"): "index.md"}]
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
        nav.append({SITE.say(lang, "league.games"): games})
    nav.append({SITE.say(lang, "league.news"): ["news/index.md"]})
    docs = root / "site"
    rules = sorted(p.relative_to(docs).as_posix() for p in (docs / "rules").glob("*.md")) if docs.is_dir() else []
    if rules:
        nav.append({SITE.say(lang, "rules"): rules})
    others = sorted(p.relative_to(docs).as_posix() for p in docs.rglob("*.md")) if docs.is_dir() else []
    nav += [p for p in others if p != "index.md" and not p.startswith(("games/", "news/", "rules/"))]
    return nav


def configured(text: str, game_ids: Sequence[str], nav: list[Any]) -> str:
    """``mkdocs.yml``'s text with the navigation and ``not_in_nav`` turnpress writes, and without Material's blog
    plugin (a league made before turnpress wrote the listings); every other line, the league's own comments and
    settings, kept as written (``yamledit``). ``game_ids``: the games (kept for the callers; the blog's categories
    are gone with it)."""

    def change(tree: Any) -> None:
        if not isinstance(tree, dict):
            raise SiteError(f"{CONFIG}: not a mapping of MkDocs' settings: restore it from git, or delete it and "
                            "let 'turnpress site build' write the default one", word="site.config_shape", config=CONFIG)
        plugins = tree.get("plugins")
        if isinstance(plugins, list):
            for n in reversed(range(len(plugins))):
                if plugins[n] == "blog" or (isinstance(plugins[n], dict) and "blog" in plugins[n]):
                    yamledit.remove(tree, "plugins", n)
        own = tree.get("not_in_nav")
        if not (isinstance(own, str) and NOT_IN_NAV in own.split()):
            yamledit.put(tree, "not_in_nav", f"{own.rstrip()}\n{NOT_IN_NAV}" if isinstance(own, str) and own.strip()
                         else NOT_IN_NAV, before="nav")
        yamledit.put(tree, "nav", nav, before="validation")

    if _as_configured(text, nav):
        return text  # the round trip through ruamel.yaml, pure Python, is the slowest read of the build (issue 33)
    try:
        return yamledit.edit(text, change)
    except LeagueError as e:
        raise SiteError(f"{CONFIG}: {e}", word=e.word, **e.values) from None


def _as_configured(text: str, nav: list[Any]) -> bool:
    """True if ``configured`` would change nothing: the navigation is ``nav``, ``not_in_nav`` names the news and
    no blog plugin is left (the build of a league whose games are where they were at its last build)."""
    try:
        tree = yaml.load(text, Loader=_Settings)  # noqa: S506 - a SafeLoader that reads MkDocs' tags
    except yaml.YAMLError:
        return False  # the round trip says what is wrong
    if not isinstance(tree, dict) or tree.get("nav") != nav:
        return False
    own, plugins = tree.get("not_in_nav"), tree.get("plugins")
    blog = isinstance(plugins, list) and any(p == "blog" or (isinstance(p, dict) and "blog" in p) for p in plugins)
    return isinstance(own, str) and NOT_IN_NAV in own.split() and not blog


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


def generate(root: Path, *, issues_as_committed: bool = False) -> tuple[int, int]:
    """Write every derived page and the generated parts of ``mkdocs.yml``; returns (games, files written). With
    ``issues_as_committed`` an issue page the tree has is taken as its turn committed it
    (``pages.committed_issue``: the workflows' build of a fresh clone)."""
    config = root / CONFIG
    if not config.is_file():
        config.write_text(template(), encoding="utf-8")
    # mkdocs.yml read once: mended into the league's language before the feeds read it, then what it says is read
    # from that text (the games' language, address and branch; the feeds' settings) and its navigation set in it
    read = config.read_text(encoding="utf-8")
    text = in_language(read, words.league_of(read).language)
    mended = write_if_changed(root, {CONFIG: text})
    league = words.league_of(text)
    with store.reading():  # the games' folders listed once, not again for each issue (issue 33)
        games = pages.read_games(root, store.list_games(root), as_committed=issues_as_committed, league=league)
        views = [view for view, _ in games]
        site = settings(text)
        files = pages.all_pages(root, views, [files for _, files in games], site, league.language)
    written = mended + write_if_changed(root, files) + remove_stale(root, files)
    written += write_if_changed(root, ignored(root))
    text = configured(text, [v.id for v in views], nav_entries(root, views, list(files), site["language"]))
    written += write_if_changed(root, {CONFIG: text})
    return len(views), written


def ignored(root: Path) -> dict[str, str]:
    """``site/.gitignore`` with every line of ``IGNORED`` that it lacks added at its end (nothing if it has them
    all, or if the league has no such file: then git's own rules are the league's choice)."""
    path = root / "site/.gitignore"
    if not path.is_file():
        return {}
    text = path.read_text(encoding="utf-8")
    have = {line.strip() for line in text.splitlines()}
    missing = [line for line in IGNORED if line not in have]
    if not missing:
        return {}
    return {"site/.gitignore": text + ("" if text.endswith("\n") or not text else "\n") + "\n".join(missing) + "\n"}


class _Settings(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """MkDocs' YAML: ``!ENV`` resolved as MkDocs does, any other tag (``!!python/name:``, ``!relative``) read as
    nothing (the feeds need only the site's name, description, address and language); parsed by libyaml where it
    is there."""


def _env(loader: Any, node: yaml.Node) -> Any:
    names = ([loader.construct_scalar(node)] if isinstance(node, yaml.ScalarNode)
             else loader.construct_sequence(node) if isinstance(node, yaml.SequenceNode) else [])
    *variables, fallback = names if len(names) > 1 else [*names, None]
    env = site_env()
    for name in variables:
        if isinstance(name, str) and env.get(name):
            return env[name]
    return fallback


_Settings.add_constructor("!ENV", _env)
_Settings.add_multi_constructor("", lambda loader, suffix, node: None)


def settings(text: str) -> dict[str, str]:
    """The site's address, name, description and language as ``mkdocs.yml``'s ``text`` gives them (the name and
    description as HTML text, as the hook makes them for the theme), for the feeds."""
    try:
        tree = yaml.load(text, Loader=_Settings)  # noqa: S506
    except yaml.YAMLError as e:
        raise SiteError(f"{CONFIG}: not readable YAML ({e})", word="site.config_yaml", config=CONFIG, detail=str(e)
                        ) from None
    tree = tree if isinstance(tree, dict) else {}
    theme = tree.get("theme")
    theme = theme if isinstance(theme, dict) else {}
    name = str(tree.get("site_name") or "")
    return {"site_url": str(tree.get("site_url") or ""), "site_name": html_attr_text(name),
            "site_description": html_attr_text(str(tree.get("site_description") or name)),
            "language": str(theme.get("language") or "en")}


def site_env(root: Path | None = None) -> dict[str, str]:
    """The environment for mkdocs: on GitHub Actions the site's address is the repository's Pages address
    unless ``TURNPRESS_SITE_URL`` names another (the RSS feed needs absolute links). The build date mkdocs
    stamps on the feeds and the sitemap is the time of the league's last commit to ``games/``
    (``SOURCE_DATE_EPOCH``), so the same league gives the same site on any date."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    if root is not None:  # the theme's templates compiled once per league (the hook's ``on_env``), unless named
        env.setdefault(TEMPLATE_CACHE, str((root / TEMPLATE_FOLDER).absolute()))  # mkdocs runs in the league
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


def build(root: Path, out: Path | None = None, *, issues_as_committed: bool = False) -> Path:
    """Generate the pages and build the site with ``mkdocs build --strict``; returns the output folder."""
    generate(root, issues_as_committed=issues_as_committed)
    return mkdocs_build(root, out)


def mkdocs_build(root: Path, out: Path | None = None) -> Path:
    """``mkdocs build --strict`` of the pages as they are; raises ``SiteError`` with mkdocs' complaint."""
    target = (out or root / "public").resolve()
    done = mkdocs(root, "build", "--strict", "--site-dir", str(target))
    if done.returncode != 0:
        said = _without_traceback(done.stderr.strip() or done.stdout.strip())
        # mkdocs' own words, which no catalog has: another language says what failed and what to do, and quotes
        # them below (English keeps them as they are, unquoted)
        quoted = "\n".join(f"  > {line}" for line in said.splitlines())
        raise SiteError(f"mkdocs build --strict failed:\n{said}", word="site.mkdocs_failed", detail=quoted)
    return target


def _without_traceback(said: str) -> str:
    r"""mkdocs' output with a Python traceback cut to the error it ends in (what mkdocs did not expect: a folder it
    cannot write); the lines mkdocs logged before it stay.

    >>> _without_traceback("INFO    -  Cleaning\nTraceback (most recent call last):\n  File x\nOSError: [Errno 5] x")
    'INFO    -  Cleaning\nOSError: [Errno 5] x'
    """
    lines = said.splitlines()
    if "Traceback (most recent call last):" not in lines:
        return said
    start = lines.index("Traceback (most recent call last):")
    return "\n".join([*lines[:start], lines[-1]])


def serve(root: Path, addr: str) -> int:
    """``mkdocs serve`` of the league's site with live reload, until it is stopped; its exit code."""
    return subprocess.call([sys.executable, "-m", "adjudicator.newsletter.devserver", "serve", "-f", str(root / CONFIG),
                            "--dev-addr", addr], cwd=root, env=site_env(root))
