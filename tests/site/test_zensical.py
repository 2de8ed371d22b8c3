"""The same league builds with Zensical (issue 33, "A site generator that can be swapped"): the demo's pages as
``turnpress site build`` writes them, built by ``zensical build`` from the same ``mkdocs.yml``, have the same pages
as the MkDocs build, every link in them leads to a page or file that is there, and the search index holds the
issues and not the listings that repeat their leads. Zensical runs no MkDocs hooks: what the site needs is in
the pages (``site/guide/architecture.md``, "The site generator, and MkDocs 2").

One Zensical build of the demo, beside the MkDocs build the browser's tests make anyway (``demo_public``)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .validate import broken_links

try:
    import zensical  # noqa: F401  # the generator under test; run as `python -m zensical`
except ImportError:  # pragma: no cover - the test extra installs it
    pytest.skip("Zensical is not installed: it is in the test extra, run 'make install' (issue 33)",
                allow_module_level=True)


@pytest.fixture(scope="module")
def zensical_public(demo_public: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo's ``site/`` and ``mkdocs.yml`` (as the MkDocs build left them) built by Zensical in a folder of
    their own (Zensical writes ``site_dir``, ``public/``, and a cache beside the configuration)."""
    root = tmp_path_factory.mktemp("zensical") / "league"
    root.mkdir()
    shutil.copytree(demo_public.parent / "site", root / "site")
    shutil.copy(demo_public.parent / "mkdocs.yml", root / "mkdocs.yml")
    done = subprocess.run([sys.executable, "-m", "zensical", "build", "--strict", "-f", "mkdocs.yml"], cwd=root,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return root / "public"


def pages(public: Path) -> set[str]:
    """Every HTML page and every file the site publishes besides the theme's assets and search files."""
    return {p.relative_to(public).as_posix() for p in public.rglob("*") if p.is_file()
            and not p.relative_to(public).as_posix().startswith(("assets/", "search/"))
            and p.name not in {"search.json", "sitemap.xml", "sitemap.xml.gz"}}


def test_zensical_builds_the_same_pages_as_mkdocs(demo_public: Path, zensical_public: Path):
    theirs, ours = pages(zensical_public), pages(demo_public)
    assert theirs == ours, (sorted(ours - theirs)[:10], sorted(theirs - ours)[:10])
    assert {"news/index.html", "news/page/2/index.html", "news/demo-diplomacy/index.html",
            "news/demo-diplomacy/0010/index.html", "feed_rss_created.xml", "feeds/demo-diplomacy.xml"} <= theirs
    issue = (zensical_public / "news/demo-diplomacy/0010/index.html").read_text(encoding="utf-8")
    assert "Fall 1903 Movement" in issue and "Dice seed revealed" in issue and "<svg" in issue
    listing = (zensical_public / "news/demo-diplomacy/index.html").read_text(encoding="utf-8")
    assert "Continue reading" in listing and "Dice seed revealed" not in listing, "the archive shows excerpts"


def test_every_link_of_the_zensical_build_leads_somewhere(zensical_public: Path):
    assert broken_links(zensical_public) == []


def test_zensical_search_finds_the_issues_and_not_the_listings(zensical_public: Path):
    index = json.loads((zensical_public / "search.json").read_text(encoding="utf-8"))
    found = {item["location"].split("#")[0] for item in index["items"]}
    assert {"news/demo-diplomacy/0010/", "news/demo-bretton-woods/0002/", "games/demo-calamity/"} <= found
    assert not found & {"news/", "news/page/2/", "news/demo-diplomacy/"}, "the listings repeat leads: not searched"
    text = " ".join(item["text"] for item in index["items"] if item["location"].startswith("news/demo-diplomacy/"))
    assert "Constantinople" in text
