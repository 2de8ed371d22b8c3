"""The newsletter site (issue: the league's site): issue pages, generated pages, the strict build, RSS, search,
no network, and the mkdocs.yml a league starts from."""

from __future__ import annotations

import datetime as dt
import errno
import json
import re
import shutil
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from adjudicator import yamlio
from adjudicator.cli.site import _writable
from adjudicator.league import store
from adjudicator.newsletter import charts, listings, mkdocs_hooks, site

from ..conftest import git
from .conftest import run
from .validate import broken_links, ical_problems, rss_problems

REPO = Path(__file__).resolve().parents[2]


def copy_league(built: Path, tmp_path: Path) -> Path:
    root = tmp_path / "league"
    shutil.copytree(built, root, ignore=shutil.ignore_patterns("public"))
    return root


def test_issue_pages_committed_with_the_turns_are_what_the_build_writes_again(built_site: Path, capsys):
    assert "site/news/atlas/0003.md" in git(built_site, "ls-files")
    assert git(built_site, "status", "--porcelain", "--", *(f"site/news/{g}/" for g in ("atlas", "borea", "cosmo"))) \
        == "", "a rebuild changes no issue"
    capsys.readouterr()
    assert run(built_site, "site", "build", "--pages-only") == 0
    assert "Wrote 0 changed files for 3 games" in capsys.readouterr().out, "a second build writes nothing"


def test_a_large_league_is_read_by_several_processes_into_the_same_pages(built_site: Path, monkeypatch):
    from adjudicator.newsletter import pages

    games = store.list_games(built_site)
    serial = pages.read_games(built_site, games, cores=1)
    started = []
    monkeypatch.setattr(pages, "ProcessPoolExecutor", lambda *a, **k: started.append(a) or ProcessPoolExecutor(*a, **k))
    shared = pages.read_games(built_site, games, cores=2)
    assert started == [(2,)], "two processes, one game each"
    assert [files for _, files in shared] == [files for _, files in serial]
    assert [pages.home([v for v, _ in shared])] == [pages.home([v for v, _ in serial])]


def test_an_issue_is_plain_markdown_with_what_every_issue_needs(built_site: Path):
    """Issue 33: no plugin's front matter (no blog category or slug); the page links the issue before it, its game
    and its archive itself."""
    page = (built_site / "site/news/atlas/0002.md").read_text()
    front = page.split("---\n")[1]
    # Issue 23: dated when it was adjudicated (21:00 CET, in the grace), not at the deadline (20:00 CET); in UTC.
    assert "date: 2026-01-12 20:00:00\n" in front, "the adjudication as the post date, in UTC"
    assert "categories" not in front and "slug" not in front and "tp_game: atlas\n" in front
    assert page.endswith("[← Previous turn: Round 1](0001.md) · [League of ATLAS](../../games/atlas/index.md) · "
                         "[Issue archive](../atlas.md)\n")
    body = page.split("<!-- more -->")[1]
    assert "| Ruritania |" in body, "the ruleset's own tables"
    assert '<div class="tp-figure" data-search-exclude>\n<svg' in body, "SVGs wrapped: Markdown leaves them alone"
    assert "Missed orders (NMR): Syldavia" in body
    assert "Deadline 2026-01-12 20:00 CET. Adjudicated 2026-01-12 21:00 CET, after its deadline." in page
    assert "Orders for turn 3 are due by **2026-01-19 20:00 CET**" in body
    seed = yamlio.read_data(built_site / "games/atlas/turns/0002/report.yaml")["dice"]["seed"]
    assert f"Dice seed revealed: `{seed}`" in body
    assert "`orders/atlas/0002/`" in body and "git show atlas/turn-2" in body


def test_the_built_site_has_stable_issue_urls_archives_rss_and_a_search_index(built_site: Path):
    public = built_site / "public"
    issue = (public / "news/atlas/0003/index.html").read_text()
    assert "<table>" in issue and "<svg" in issue and "<polyline" in issue
    assert "<p><svg" not in issue, "no SVG is swallowed into a paragraph"
    archive = (public / "news/atlas/index.html").read_text()
    overview = (public / "games/atlas/index.html").read_text()
    assert '<a href="../../news/atlas/">Issue archive</a>' in overview, "the game links its archive"
    assert '<h1 id="league-of-atlas">League of ATLAS' in archive, "the archive is titled with the game's title"
    assert "<title>League of ATLAS: Issue archive" in archive and ">atlas</a>" not in archive, "a title of its own"
    assert '<a href="../../games/atlas/">Back to the game</a>' in archive
    assert "0003/" in archive and "0001/" in archive and "borea/0001" not in archive, "one archive per game"
    rss = (public / "feed_rss_created.xml").read_text()
    assert "League of ATLAS — Round 3" in rss and "19 Jan 2026 20:00" in rss, "RSS dates from the front matter"
    assert (public / "feeds/atlas.xml").is_file() and (public / "feeds/borea.xml").is_file(), "a feed per game"
    index = json.loads((public / "search/search_index.json").read_text())
    text = " ".join(d["text"] + d["title"] for d in index["docs"])
    assert "Ruritania" in text and "Latveria" in text
    home = (public / "index.html").read_text()
    assert "League of ATLAS" in home and "League of BOREA" in home and "2026-01-26 20:00 CET" in home
    for page in ("games/atlas/standings", "games/atlas/charts", "games/atlas/map", "games/borea/index.html"):
        assert (public / page).exists(), page


def test_generated_game_pages(built_site: Path):
    overview = (built_site / "site/games/atlas/index.md").read_text()
    assert "turn 4 open: Round 4" in overview and "2026-01-26 20:00 CET" in overview
    assert '<td data-label="GitHub">alice</td>' in overview and "orders/atlas/0004/" in overview
    assert "## Turns" in overview and overview.count("](../../news/atlas/000") >= 3, "every turn listed"
    standings = (built_site / "site/games/atlas/standings.md").read_text()
    assert 'title: "League of ATLAS: Standings"' in standings, "a title of its own, not one of six 'Standings'"
    scores = [int(n) for n in re.findall(r'<td data-label="Player">(?:Ruritania|Freedonia|Syldavia)</td>'
                                         r'<td data-label="Score" class="tp-num">(\d+)</td>', standings)]
    assert len(scores) == 3 and scores == sorted(scores, reverse=True), "the ruleset's rows, in its order, by name"
    assert '<th scope="col">Player</th><th scope="col" class="tp-num">Score</th>' in standings, "labels, not keys"
    assert (built_site / "site/games/atlas/charts.md").read_text().count("<polyline") == 3
    config = (built_site / "mkdocs.yml").read_text()
    assert "blog" not in config and "\nnot_in_nav: /news/\n" in config, "no plugin but search; the news off the menu"
    games = next(entry["Games"] for entry in yamlio.load(config.encode()).data["nav"] if "Games" in entry)
    assert games[0]["League of ATLAS"][0] == "games/atlas/index.md"


def test_game_masters_notes_appear_in_the_issue(built_site: Path, tmp_path: Path):
    root = copy_league(built_site, tmp_path)
    (root / "games/atlas/notes").mkdir()
    (root / "games/atlas/notes/0003.md").write_text("Syldavia's player is on holiday until turn 5.\n")
    assert run(root, "site", "build", "--pages-only") == 0
    page = (root / "site/news/atlas/0003.md").read_text()
    assert "## From the game master\n\nSyldavia's player is on holiday until turn 5." in page


def test_a_game_without_issues_has_no_archive_head_and_a_stale_one_goes(built_site: Path, tmp_path: Path):
    root = copy_league(built_site, tmp_path)
    assert run(root, "new", "chart-counter", "fresh", "--player", "Genovia:genovia:77") == 0
    (root / "site/news/gone.md").write_text("# A game no longer in games/\n")
    site.build(root)  # strict: a page that links what is not there would fail it
    assert (root / "site/news/atlas.md").is_file()
    assert not (root / "site/news/fresh.md").exists() and not (root / "site/news/gone.md").exists()


def test_the_build_fetches_nothing(built_site: Path, tmp_path: Path):
    """Every HTTP(S) request would go to a proxy that is not there; the strict build still succeeds."""
    root = copy_league(built_site, tmp_path)
    env = {"HTTP_PROXY": "http://127.0.0.1:9", "HTTPS_PROXY": "http://127.0.0.1:9", "NO_PROXY": "",
           "http_proxy": "http://127.0.0.1:9", "https_proxy": "http://127.0.0.1:9", "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(root / "mkdocs.yml")],
                          cwd=root, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    config = (root / "mkdocs.yml").read_text()
    assert "font: false" in config and "social" not in config


def test_a_league_without_games_or_config_builds(tmp_path: Path, capsys):
    root = tmp_path / "empty"
    (root / "games").mkdir(parents=True)
    assert run(root, "site", "build") == 0
    assert "Built the site into" in capsys.readouterr().out
    assert "No game has been set up yet" in (root / "public/index.html").read_text()


def test_the_repositorys_mkdocs_yml_is_the_template_with_its_values_filled():
    def blank(text: str) -> str:
        return site.configured(text, [], [])

    assert blank((REPO / "mkdocs.yml").read_text()) == blank(site.template())


def test_the_generated_values_replace_only_themselves_in_a_league_made_before():
    """Issue 33: a league's mkdocs.yml from before keeps its marker comments and its own lines; the blog plugin
    goes (turnpress writes the listings), the values are set in place, and a second build changes nothing."""
    text = ("site_name: L  # ours\nplugins:\n  - search  # find\n  - blog:\n      # BEGIN turnpress categories (...)\n"
            "      categories_allowed: []\n      # END turnpress categories\n\n# BEGIN turnpress nav (written)\n"
            "nav:\n  - old.md\n# END turnpress nav\n\n# our validation\nvalidation:\n  anchors: warn\n")
    once = site.configured(text, ["g1"], [{"Home": "index.md"}, "x.md"])
    assert "blog" not in once and "categories_allowed" not in once and "plugins:\n  - search  # find\n" in once
    kept = ["site_name: L  # ours", "# END turnpress categories", "# BEGIN turnpress nav (written)",
            "nav:\n  - Home: index.md\n  - x.md\n# END turnpress nav\n\n# our validation\nvalidation:\n"
            "  anchors: warn\n"]
    assert all(line in once for line in kept) and once.index(kept[2]) < once.index("\nnav:")
    assert yamlio.load(once.encode()).data["not_in_nav"] == "/news/"
    assert site.configured(once, ["g1"], [{"Home": "index.md"}, "x.md"]) == once
    with pytest.raises(site.SiteError, match="mapping"):
        site.configured("- a\n", [], [])


OLD_BLOG = """  - blog:
      blog_dir: news
      post_url_format: "{categories}/{file}"     # news/<game>/<NNNN>/: one stable address per game and turn
      categories_url_format: "{slug}"            # news/<game>/: the game's archive
      post_excerpt: required
      pagination_per_page: 20
      # One category per game: written by `turnpress site build` from games/ (a post of another fails)
      categories_allowed:
        - atlas
"""


def test_a_league_made_with_the_blog_plugin_builds_and_keeps_its_addresses(built_site: Path, tmp_path: Path):
    """Issue 33: a league whose mkdocs.yml names Material's blog and whose issues are under site/news/posts/ (as
    turnpress wrote them before) builds as it is: the build takes the plugin out of mkdocs.yml and moves the issues
    to site/news/<game>/, published at the addresses they had; site/.gitignore gains the listings and feeds."""
    root = copy_league(built_site, tmp_path)
    config = (root / "mkdocs.yml").read_text()
    (root / "mkdocs.yml").write_text(config.replace("  - search\n", "  - search\n" + OLD_BLOG))
    old = root / "site/news/posts/atlas/0003.md"
    old.parent.mkdir(parents=True)
    shutil.move(root / "site/news/atlas/0003.md", old)
    (root / "site/.gitignore").write_text("# Written by `turnpress site build`\n/index.md\n/games/\n/news/*.md\n")
    site.build(root)
    assert (root / "mkdocs.yml").read_text() == config, "the blog's lines go, every other line as it was"
    assert not old.exists() and (root / "site/news/atlas/0003.md").is_file()
    assert (root / "public/news/atlas/0003/index.html").is_file() and (root / "public/news/atlas/index.html").is_file()
    ignored = (root / "site/.gitignore").read_text()
    assert ignored.startswith("# Written by `turnpress site build`\n/index.md\n/games/\n/news/*.md\n")
    assert "\n/feeds/\n" in ignored and "\n/news/page/\n" in ignored


def test_charts_are_deterministic_integer_svg():
    series = {"Alice": [0, 3, 7, -2], "Bob & Co": [0, 5, 6, 9]}
    steps = ["0", "Spring 1901", "Fall 1901", "Spring 1902"]
    svg = charts.line_chart("Population <B>", series, steps)
    assert svg == charts.line_chart("Population <B>", dict(series), steps)
    assert "Bob &amp; Co: 9</li>" in svg and "Population &lt;B&gt;" in svg
    assert not re.search(r'="[^"]*\d\.\d', svg), "integer coordinates only"
    assert "</svg>" in charts.line_chart("empty", {}, [])
    assert "<polyline" not in charts.line_chart("one turn", {"A": [4]}, ["0"]) and "<circle" in \
        charts.line_chart("one turn", {"A": [4]}, ["0"]), "a single point is its marker"
    many = charts.line_chart("many", {f"P{i}": [i] * 3 for i in range(14)}, steps)
    assert many.count("<polyline") == 14 and "stroke-dasharray" in many, "beyond the palette, dashed lines"


def test_the_listings_show_each_issue_by_its_lead_and_link_to_the_rest(built_site: Path):
    """The news index and a game's archive (plain Markdown that turnpress writes, issue 33) show each issue by its
    excerpt: its title linked, the lead and a "Continue reading" link, none of the issue's tables or drawings."""
    public = built_site / "public"
    for listing, count in (("news/index.html", 6), ("news/atlas/index.html", 3)):
        html = (public / listing).read_text()
        body = html.split('<article class="md-content__inner md-typeset">')[1].split("</article>")[0]
        excerpts = re.split(r"<h2 id=", body)[1:]
        assert len(excerpts) == count, listing
        for excerpt in excerpts:
            assert re.search(r"Missed orders: (Syldavia|Latveria|Vulgaria)\.", excerpt), listing
            assert "Continue reading" in excerpt and "<table" not in excerpt and "<svg" not in excerpt, listing
            assert re.search(r'<a href="((atlas|borea|cosmo)/)?000[1-3]/">', excerpt), listing
    issue = (public / "news/atlas/0003/index.html").read_text()
    assert "Dice seed revealed" in issue and "Missed orders (NMR)" in issue, "the post page itself is whole"
    assert "\nhooks:\n  - site/.turnpress/mkdocs_hooks.py\n" in (built_site / "mkdocs.yml").read_text()
    assert (built_site / "site/.turnpress/mkdocs_hooks.py").read_text() == Path(mkdocs_hooks.__file__).read_text()
    assert not (public / ".turnpress").exists(), "MkDocs publishes no dot-folder"
    assert git(built_site, "status", "--porcelain", "--ignored", "--", "site/.turnpress") == "!! site/.turnpress/\n"


def test_search_finds_the_issue_and_not_the_listing_pages_that_repeat_its_lead(built_site: Path):
    index = json.loads((built_site / "public/search/search_index.json").read_text())
    pages = {doc["location"].split("#")[0] for doc in index["docs"]}
    assert {"news/atlas/0003/", "news/borea/0001/", "games/atlas/"} <= pages
    assert not pages & {"news/", "news/atlas/", "news/borea/"}, "the news index and the archives are not searched"
    lead = [doc["location"] for doc in index["docs"] if "Missed orders: Syldavia." in doc["text"]]
    assert lead and all(loc.startswith("news/atlas/000") for loc in lead), lead
    charts = [doc for doc in index["docs"] if doc["location"].endswith("#charts")]
    assert charts and all(doc["text"] == "" for doc in charts), "a chart's labels are no text to search"


def test_the_news_index_links_each_games_archive_and_the_menu_does_not_repeat_them(built_site: Path):
    public = built_site / "public"
    news = (public / "news/index.html").read_text()
    assert '<a href="atlas/">League of ATLAS</a>' in news and '<a href="borea/">League of BOREA</a>' in news
    for page in ("index.html", "games/atlas/index.html", "news/atlas/0003/index.html", "news/atlas/index.html"):
        html = (public / page).read_text()
        menu = html[html.index('md-nav--primary'):]
        assert "Categories" not in menu, f"{page}: no section of archives by id in the menu"
    assert (public / "news/atlas/index.html").is_file() and (public / "news/borea/index.html").is_file()
    footer = (public / "news/index.html").read_text().split('class="md-footer__inner')[1]
    assert "news/atlas/" not in footer.split("</nav>")[0], "the archives are out of the previous/next chain"


def test_the_hook_uses_only_mkdocs_documented_events_and_chains_each_games_issues(built_site: Path):
    """Issue 33: the hook reaches into no plugin (it imports nothing; MkDocs' documented events only), and under
    MkDocs each issue's footer leads to the turn before and after in the same game, the first back to the game."""
    events = sorted(name for name in vars(mkdocs_hooks) if name.startswith("on_"))
    assert events == ["on_config", "on_env", "on_nav", "on_page_markdown", "on_post_page"]
    source = Path(mkdocs_hooks.__file__).read_text()
    assert not re.search(r"^\s*(import|from) (mkdocs|material)", source, re.MULTILINE), "no plugin's internals"
    public = built_site / "public/news/atlas"

    def footer(turn: str) -> dict[str, str]:
        html = (public / turn / "index.html").read_text()
        return dict((kind, href) for href, kind in
                    re.findall(r'<a href="([^"]+)" class="md-footer__link md-footer__link--(prev|next)"', html))

    assert footer("0001") == {"prev": "../../../games/atlas/", "next": "../0002/"}
    assert footer("0002") == {"prev": "../0001/", "next": "../0003/"}
    assert footer("0003") == {"prev": "../0002/"}


def test_the_hook_compiles_each_template_once_and_never_takes_a_stale_or_damaged_one(tmp_path: Path,
                                                                                     monkeypatch: pytest.MonkeyPatch):
    """Issue 33, feedback in minutes: with ``on_env`` a build takes the theme's templates as an earlier build
    compiled them (Jinja's bytecode cache, in the folder ``TURNPRESS_TEMPLATE_CACHE`` names); an edited template is
    compiled again, a damaged entry is compiled again, and a folder that cannot be written builds as without it."""
    import jinja2

    templates, kept = tmp_path / "theme", tmp_path / "kept"
    templates.mkdir()
    (templates / "main.html").write_text("{% for x in items %}<b>{{ x }}</b>{% endfor %}")

    def build(**setup: object) -> tuple[str, int]:
        """A build's rendering of the template, and how many templates it compiled."""
        compiled = []

        class Env(jinja2.Environment):
            def _parse(self, source: str, name: str | None, filename: str | None) -> object:
                compiled.append(name)
                return super()._parse(source, name, filename)

        env = mkdocs_hooks.on_env(Env(loader=jinja2.FileSystemLoader(templates), **setup), None, None)
        return env.get_template("main.html").render(items=[1, 2]), len(compiled)

    monkeypatch.setenv(mkdocs_hooks.TEMPLATE_CACHE, str(kept))
    assert build() == ("<b>1</b><b>2</b>", 1)
    assert build() == ("<b>1</b><b>2</b>", 0), "the second build compiles nothing"
    assert build(autoescape=True) == ("<b>1</b><b>2</b>", 1), "an environment set up otherwise compiles its own"
    assert (kept / ".gitignore").read_text().endswith("\n*\n"), "nothing of the folder reaches git"
    (templates / "main.html").write_text("{% for x in items %}<i>{{ x }}</i>{% endfor %}")
    assert build() == ("<i>1</i><i>2</i>", 1), "an edited template is compiled again"
    for entry in kept.glob("*.cache"):
        entry.write_bytes(entry.read_bytes()[:-40])  # its header and checksum whole, its code cut short
    assert build() == ("<i>1</i><i>2</i>", 1), "a damaged entry is compiled again"
    for entry in kept.glob("*.cache"):
        entry.unlink()
    with monkeypatch.context() as full:  # the disk is full: the entry cannot be written
        full.setattr(jinja2.bccache.tempfile, "NamedTemporaryFile", lambda **_: (_ for _ in ()).throw(
            OSError(errno.ENOSPC, "No space left on device")))
        assert build() == ("<i>1</i><i>2</i>", 1), "an entry that cannot be written: compiled as without the hook"
    monkeypatch.setenv(mkdocs_hooks.TEMPLATE_CACHE, str(tmp_path / "theme" / "main.html" / "kept"))
    assert build() == ("<i>1</i><i>2</i>", 1), "a folder that cannot be made: compiled as without the hook"
    monkeypatch.setenv(mkdocs_hooks.TEMPLATE_CACHE, "off")
    assert build() == ("<i>1</i><i>2</i>", 1)
    monkeypatch.delenv(mkdocs_hooks.TEMPLATE_CACHE)  # turnpress names the league's folder, wherever it is run from
    monkeypatch.chdir(tmp_path)
    named = site.site_env(Path("league"))[mkdocs_hooks.TEMPLATE_CACHE]
    assert named == str(tmp_path / "league" / site.TEMPLATE_FOLDER) and ".cache/turnpress/" not in named


@pytest.mark.parametrize("fences", [False, True])
def test_the_hook_holds_the_maps_aside_and_the_page_is_the_same_bytes(fences: bool):
    """Issue 33, feedback in minutes: the hook holds each figure (a map's or chart's SVG) aside while MkDocs works
    on the page and puts it back into the HTML; the page is the same bytes as Markdown makes of it with the figures
    in (a committed demo issue: its map, charts and their legends). A figure written in a fenced block is code,
    shown as written: left alone, with fenced code on (as a league may set it in mkdocs.yml) or off (the template)."""
    from types import SimpleNamespace

    import markdown

    issue = (REPO / "site/news/demo-diplomacy/0005.md").read_text(encoding="utf-8").split("\n---\n", 1)[1]
    figure = '<div class="tp-figure" data-search-exclude>\n<svg><text>Kiel</text></svg>\n</div>\n'
    text = f"{issue}\n```\n{figure}```\n\nAfter the code.\n\n{figure}"
    extensions = ["admonition", "attr_list", "tables", "pymdownx.tilde", "toc", *(["fenced_code"] * fences)]
    page = SimpleNamespace(file=SimpleNamespace(src_uri="news/demo-diplomacy/0005.md"))

    held = mkdocs_hooks.on_page_markdown(text, page, None, None)
    assert held.count("<!--turnpress-figure-") == text.count('<div class="tp-figure"') - 1, "all but the code's"
    assert "<text>Kiel</text>" in held and held.count("<svg") == 1 and len(held) < len(text) / 10
    built = mkdocs_hooks.on_post_page(markdown.markdown(held, extensions=extensions), page, None)
    assert built == markdown.markdown(text, extensions=extensions)
    assert built.count('<svg xmlns="http://www.w3.org/2000/svg" class="tp-map"') == 1
    assert ("&lt;svg&gt;&lt;text&gt;Kiel" in built) is fences, "in fenced code, the figure is shown as text"


def test_a_listing_of_many_issues_has_pages_of_twenty_newest_first():
    from adjudicator.newsletter import listings

    issues = [listings.Issue(game="g", turn=n, path=f"site/news/g/{n:04d}.md", title=f"G — Round {n}",
                             date=f"2026-01-01 00:{n:02d}:00", description="", language="en", game_title="G",
                             excerpt=f"Lead {n}.") for n in range(1, 46)]
    pages = listings.listing("site/news/index.md", "site/news/page/{n}.md", listings.newest_first(issues), "News",
                             ["# News", ""], "en", name_games=True)
    assert list(pages) == ["site/news/index.md", "site/news/page/2.md", "site/news/page/3.md"]
    first, second, last = pages.values()
    assert first.count("\n## [") == 20 and "## [G — Round 45](g/0045.md)" in first and "Round 25]" not in first
    assert "[Older issues →](page/2.md)" in first and "Newer" not in first and "1 / 3" in first
    assert "## [G — Round 25](../g/0025.md)" in second and "[← Newer issues](../index.md)" in second
    assert "[Older issues →](3.md)" in second and 'title: "News (2)"' in second
    assert last.count("\n## [") == 5 and "Round 1](../g/0001.md)" in last and "Older" not in last
    assert all("search:\n  exclude: true\n" in page for page in pages.values()), "listings are not searched"


@pytest.mark.parametrize(("game", "has_board"), [("demo-diplomacy", True), ("demo-dreissigjaehriger-krieg", True),
                                                  ("demo-auf-achse", True), ("demo-bretton-woods", False),
                                                  ("demo-calamity", False), ("demo-policy-maker", False)])
def test_a_game_played_on_a_board_has_a_map_page_with_the_position(game: str, has_board: bool):
    """The site shows "the map where the game has one": Diplomacy's board (the variant's own drawing for the Thirty
    Years' War), the Spielplan of Auf Achse; the economic games have none."""
    from adjudicator.newsletter import pages

    view = pages.GameView.read(REPO, game)
    files = pages.game_pages(view)
    page = files.get(f"site/games/{game}/map.md")
    assert (page is not None) == has_board
    if has_board:
        after = view.say("after_turn", turn=view.last)
        assert f"{after}." in page and '<div class="tp-figure" data-search-exclude>\n<svg' in page
        assert f"{json.dumps(view.say('map'))}: games/{game}/map.md" in (REPO / "mkdocs.yml").read_text()
    if game == "demo-dreissigjaehriger-krieg":
        assert 'aria-label="Karte der Lage"' in page and "marker" in page, "the variant's map with its rivers"
    if game == "demo-auf-achse":
        last = view.reports[view.last]["label"]  # "Runde N": the map page names the same round as the last issue
        assert f"Spielplan Auf Achse nach {last}" in page


def test_no_theme_template_is_copied_or_patched(built_site: Path):
    """Issue 33: the theme is extended only as Material documents it (a block of main.html, a whole partial of our
    own, the 404 page's content block in the league's language: issue 31); the search dialog is named by
    turnpress.js, not by a patched copy of the theme's search partial."""
    overrides = built_site / "site/.turnpress/overrides"
    assert sorted(p.relative_to(overrides).as_posix() for p in overrides.rglob("*") if p.is_file()) == \
        ["404.html", "main.html", "partials/language.html"]
    assert (overrides / "404.html").read_text() == \
        '{% extends "main.html" %}\n{% block content %}\n  <h1>404 - Not found</h1>\n{% endblock %}\n'
    assert (overrides / "main.html").read_text().startswith('{% extends "base.html" %}\n{% block extrahead %}')
    assert "aria-label" in (built_site / "site/javascripts/turnpress.js").read_text().split("aria-dialog-name")[1]


def test_each_game_has_a_valid_rss_feed_with_a_summary_and_a_link_per_issue_and_the_league_one_too(built_site: Path):
    """Feeds (issue: the newsletter readers want): one per game plus the league's, valid RSS 2.0, every issue of
    the game, the headline as the description, no image element without an image. Issue 33, "Light feeds": a
    summary and a link per item, no copy of the issue (no drawing, no table)."""
    public = built_site / "public"
    for feed, issues in (("feeds/atlas.xml", 3), ("feeds/borea.xml", 2), ("feeds/cosmo.xml", 1),
                         ("feed_rss_created.xml", 6)):
        text = (public / feed).read_text()
        assert rss_problems(text) == [], feed
        assert text.count("<item>") == issues, feed
        assert "<image>" not in text and "None" not in text, feed
    atlas = (public / "feeds/atlas.xml").read_text()
    newest = atlas.split("<item>")[1]
    assert "<title>League of ATLAS — Round 3</title>" in newest and "<category>League of ATLAS</category>" in newest
    assert "<link>http://127.0.0.1:8000/news/atlas/0003/</link>" in newest, "the link to the issue"
    for feed in ("feeds/atlas.xml", "feed_rss_created.xml"):
        text = (public / feed).read_text()
        assert "<svg" not in text and "&lt;svg" not in text and "<table" not in text and "content:" not in text
    page = (built_site / "site/news/atlas/0003.md").read_text()
    headline = re.search(r'<p class="tp-headline">(.*)</p>', page).group(1)
    assert f"<description>{headline}</description>" in newest, "the headline describes the item"
    head = (public / "games/atlas/index.html").read_text().split("</head>")[0]
    assert re.search(r'type="application/rss\+xml" title="League of ATLAS"\s+href="../../feeds/atlas.xml"', head), \
        "a game's pages announce its feed"


def test_a_feed_that_breaks_the_rules_is_caught_by_the_validator():
    good = ('<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>t</title>'
            '<link>https://x.org/</link><description>d</description>'
            '<atom:link href="https://x.org/f.xml" rel="self"/>{}</channel></rss>')
    assert rss_problems(good.format("")) == []
    assert rss_problems(good.format("<image><url>None</url></image>"))
    assert rss_problems(good.format("<item><pubDate>2026-01-01</pubDate><title>x</title></item>"))
    assert rss_problems(good.format("<item><description>x</description><guid>a</guid></item>"))
    assert rss_problems(good.format("<items/>")) and rss_problems("<rss>")


def test_the_calendar_has_each_open_deadline_once(built_site: Path):
    data = (built_site / "public/games/deadlines.ics").read_bytes()
    assert ical_problems(data) == []
    text = data.decode()
    assert text.count("BEGIN:VEVENT") == 1, "atlas only: borea has no fixed deadline, cosmo is over"
    assert "UID:atlas-turn-4@turnpress" in text and "DTSTART:20260126T190000Z" in text
    assert "X-WR-CALNAME:turnpress deadlines" in text.splitlines()  # its name in the league's language
    assert ical_problems(b"BEGIN:VCALENDAR\nEND:VCALENDAR\n")


def test_home_and_game_pages_show_the_state_at_a_glance(built_site: Path):
    """At a glance (issue: the newsletter readers want): the open turn and its deadline, whose orders are in, the
    winner of a finished game, what changed in the last turn."""
    state = yamlio.read_data(built_site / "games/cosmo/turns/0001/state.yaml")
    names = {"fay": "Umbria", "gus": "Vulgaria"}
    best = max(state["scores"].values())
    winners = [names[k] for k in sorted(k for k, v in state["scores"].items() if v == best)]
    home = (built_site / "site/index.md").read_text()
    cosmo = home[home.index("### [League of COSMO]"):]
    said = f"Won jointly by {' and '.join(winners)}" if len(winners) > 1 else f"Won by {winners[0]}"
    assert f"- **Result:** {said}" in cosmo
    assert "- **State:** finished after turn 1" in cosmo and "- **Final standings:** 1. " in cosmo
    atlas = home[home.index("### [League of ATLAS]"):home.index("### [League of BOREA]")]
    assert '- **Next deadline:** <time class="tp-countdown" datetime="2026-01-26T19:00Z"' in atlas
    assert '>2026-01-26 20:00 CET (UTC+01:00)</time>' in atlas, "without JavaScript: the date, time and zone"
    assert "- **Orders in:** 0/3 · **Awaited:** Ruritania, Freedonia, Syldavia" in atlas
    assert "- **Since the last turn:** [Score: " in atlas
    overview = (built_site / "site/games/atlas/index.md").read_text()
    assert "- **Orders in:** 0/3" in overview and "lang" not in overview.split("---")[1] or "language: en" in overview


def test_orders_sent_for_the_open_turn_are_counted_from_the_files(built_site: Path, tmp_path: Path):
    root = copy_league(built_site, tmp_path)
    folder = root / "orders/atlas/0004"
    folder.mkdir(parents=True)
    (folder / "alice.yaml").write_text("game: atlas\nturn: 4\nplayer: alice\norders:\n  add: 1\n")
    (folder / "bob.yaml.age").write_bytes(b"sealed: nobody can read this here")
    assert run(root, "site", "build", "--pages-only") == 0
    overview = (root / "site/games/atlas/index.md").read_text()
    assert "- **Orders in:** 2/3 (Ruritania, Freedonia) · **Awaited:** Syldavia" in overview
    assert "sealed: nobody" not in overview


def test_a_headline_is_escaped_wherever_it_is_published(built_site: Path):
    """A ruleset's headline names players, whose names are theirs to choose: escaped in the page, its
    description (an attribute in the page's head) and the feed."""
    from adjudicator.newsletter import render_issue

    from .conftest import CHART_COUNTER

    game = store.load_game(built_site, "atlas")
    state, report = game.state(2), game.report(2)
    CHART_COUNTER.headline = lambda state, result, players: '<script>alert("x")</script> & "co"'
    try:
        _, page = render_issue(game, 2, state, report, lambda n: [game.state(t) for t in range(n)], ["0", "1", "2"])
    finally:
        del CHART_COUNTER.headline
    assert "<script>" not in page
    assert '<p class="tp-headline">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;co&quot;</p>' in page
    assert 'description: "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;co&quot;"' in page


def test_german_games_pages_are_german(tmp_path: Path):
    """Language (issue: the newsletter readers want): a game whose newsletter is German has German pages."""
    from adjudicator.newsletter import pages

    view = pages.GameView.read(REPO, "demo-bretton-woods")
    files = pages.game_pages(view)
    overview = files["site/games/demo-bretton-woods/index.md"]
    assert "language: de" in overview.split("---")[1] and "- **Nächster Abgabeschluss:**" in overview
    issue = files["site/news/demo-bretton-woods/0002.md"]
    assert "language: de" in issue and "## Befehle" in issue and "## Orders" not in issue
    standings = files["site/games/demo-bretton-woods/standings.md"]
    assert ">Bevölkerung (B)</th>" in standings and ">B</th>" not in standings, "labels, not keys"
    assert "Agrarland" in overview and "| agrar |" not in overview, "roles by their names"


def test_a_games_pages_are_made_from_the_game_read_once_even_with_the_league_gone(tmp_path: Path):
    """Issue 31, I/O at the edges: ``GameView.read`` reads a game once (its settings, seats, schedule and turns,
    its open turn, the orders files in for it, the league's rules page for it, what each issue page shows) and
    every page of the game and the home page are made from those values: they are the same with the league's
    files deleted after the read, down to whose orders are in, the link to the rules and each issue page."""
    from adjudicator.newsletter import pages

    root = tmp_path / "league"
    shutil.copytree(REPO / "games" / "demo-diplomacy", root / "games" / "demo-diplomacy")
    shutil.copytree(REPO / "site" / "rules", root / "site" / "rules")
    shutil.copy(REPO / "mkdocs.yml", root / "mkdocs.yml")
    game = store.load_game(root, "demo-diplomacy")
    first = game.players[0]
    (root / "orders" / "demo-diplomacy" / f"{game.open_turn:04d}").mkdir(parents=True)
    (root / "orders" / "demo-diplomacy" / f"{game.open_turn:04d}" / f"{first.key}.yaml").write_text("orders: []\n")
    view = pages.GameView.read(root, "demo-diplomacy")

    def rendered() -> dict[str, str]:
        return {**pages.game_pages(view), "home": pages.home([view])}

    there = rendered()
    shutil.rmtree(root)
    assert rendered() == there
    overview = there["site/games/demo-diplomacy/index.md"]
    assert f"- **Orders in:** 1/7 ({first.name}) · **Awaited:** " in overview, "read with the game"
    assert "[The full rules of Diplomacy, with the league's house rules](../../rules/diplomacy.md)." in overview
    issue = "site/news/demo-diplomacy/0011.md"
    assert there[issue] == (REPO / issue).read_text(encoding="utf-8"), "the page its turn committed"


def test_an_issues_headline_says_what_happened():
    """A headline per issue (issue: the newsletter readers want), from the ruleset where it has one: Diplomacy
    names the centres that changed hands (the other rulesets' hooks: test_headlines.py)."""
    from adjudicator.newsletter import pages

    diplomacy = pages.GameView.read(REPO, "demo-diplomacy")
    assert diplomacy.headlines[10] == "Sweden, Warsaw: Russia → Germany · Constantinople: Turkey → Austria"
    assert diplomacy.headlines[2] == "Austria +2, England +1, France +3, Germany +2, Italy +1, Russia +2, Turkey +1"
    page = (REPO / "site/news/demo-diplomacy/0010.md").read_text()
    assert '<p class="tp-headline">Sweden, Warsaw: Russia → Germany · Constantinople: Turkey → Austria</p>' in page
    assert 'description: "Sweden, Warsaw: Russia → Germany · Constantinople: Turkey → Austria"' in page


def test_bretton_woods_cut_orders_are_named_in_words():
    """Clean pages: a cut order is named as a reader says it, not by its path in the orders file."""
    from adjudicator.rulesets.bretton_woods.newsletter import order_words
    from adjudicator.rulesets.bretton_woods.tables import SHIPPED

    assert order_words(SHIPPED, "production.energy") == "Produktion: Energieerzeugung"
    assert order_words(SHIPPED, "attacks.0.weapons") == "Angriff 1: Waffen"
    assert order_words(SHIPPED, "construction.I") == "Bau: Industrien"
    pages = " ".join(p.read_text() for p in (REPO / "site/news/demo-bretton-woods").glob("*.md"))
    assert "Gekürzt bei" in pages and not re.search(r"Gekürzt bei [^:]+: [a-z_]+\.[a-z0-9_.]+ ", pages)


def test_chart_lines_have_the_colours_of_the_map():
    """Charts readers can read: a power's line has its colour on the map (the ruleset's colours hook)."""
    from adjudicator.newsletter import pages

    view = pages.GameView.read(REPO, "demo-diplomacy")
    chart = pages.charts_page(view)
    from adjudicator.rulesets.diplomacy.tables import load_map, shipped

    austria = re.search(r'<g><title>Austria: \d+</title><polyline fill="none" stroke="([^"]+)"', chart)
    colour = load_map("standard", shipped()).powers["austria"]["colour"]
    assert austria and austria.group(1) == colour, "Austria's, as on the map"


def test_the_game_page_has_the_map_of_every_turn_as_a_list_without_javascript(built_site: Path):
    """A map history on the game page (issue: the newsletter readers want): without JavaScript a list, newest
    first, of every turn's map, each a file of its own with a text alternative and a link to its issue."""
    page = (built_site / "public/games/atlas/index.html").read_text(encoding="utf-8")
    history = page[page.index('<details class="tp-history"'):page.index("</details>", page.index("tp-history"))]
    items = re.findall(r'<li data-label="([^"]+)"><figure><img src="maps/(\d{4}).svg" alt="Map: \1" loading="lazy"'
                       r' width="600"><figcaption>(.*?)</figcaption>', history)
    assert [(label, file) for label, file, _ in items] == [
        ("Turn 3: Round 3", "0003"), ("Turn 2: Round 2", "0002"), ("Turn 1: Round 1", "0001"),
        ("Turn 0 (set-up)", "0000")]
    assert items[0][2] == '<a href="../../news/atlas/0003/">Turn 3: Round 3</a>' and "<a" not in items[3][2]
    assert (built_site / "public/news/atlas/0003/index.html").is_file(), "the caption's link leads to the issue"
    for _, file, _ in items:
        svg = (built_site / f"public/games/atlas/maps/{file}.svg").read_text(encoding="utf-8")
        assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"'), "a file a browser draws as SVG"
    assert "<summary>The map after every turn (4 maps)</summary>" in history
    borea = (built_site / "site/games/borea/index.md").read_text(encoding="utf-8")
    assert borea.count("<li data-label=") == 3



def test_the_league_feed_of_fifty_issues_stays_under_500_kb():
    """Issue 33, "Light feeds": the league's feed holds LEAGUE_FEED (50) items of a title, a summary of at most
    a headline's length and a link each; even with the longest headlines it is far below 500 kB (the demo's was
    5.1 MB with every issue's drawings in it)."""
    items = [{"title": f"Auf Achse – Demo-Partie — Runde {n}", "url": f"https://example.org/news/g/{n:04d}/",
              "date": dt.datetime(2026, 1, 1, tzinfo=dt.UTC) + dt.timedelta(days=n), "game_title": "Auf Achse",
              "description": "Bayerische Fuhre liefert Auftrag 2 ab (+8200 kj) · " * 8, "language": "de"}
             for n in range(listings.LEAGUE_FEED, 0, -1)]
    feed = listings.rss("League", "https://example.org/", "d", "de", items, "https://example.org/feed.xml")
    assert rss_problems(feed) == [] and feed.count("<item>") == 50
    assert len(feed.encode()) < 500_000


def test_a_link_to_nothing_is_found_by_the_link_check(tmp_path: Path):
    (tmp_path / "a").mkdir()
    (tmp_path / "index.html").write_text('<a href="a/">here</a> <a href="gone/">gone</a> <img src="x.svg">'
                                         '<a href="https://example.org/">out</a> <a href="#top">up</a>')
    (tmp_path / "a/index.html").write_text('<a href="../">back</a> <a href="/a/">root</a> <a href="/b/">none</a>')
    assert broken_links(tmp_path) == ["a/index.html: /b/", "index.html: gone/", "index.html: x.svg"]


def test_every_link_of_the_built_site_leads_somewhere(built_site: Path):
    """Issue 33: the listings, the issues' own links and the feeds' links in the pages' heads all lead to a page or
    file that the build published."""
    assert broken_links(built_site / "public") == []


def test_a_second_page_generation_draws_no_chart_and_leaves_mkdocs_yml_as_it_was(built_site, tmp_path, monkeypatch):
    """Issue 33, "a past turn's pages and drawings are computed once": every issue charts its game so far, so a
    league of a thousand issues drew a thousand charts at every build; each chart is kept by content now (the
    league's .cache/turnpress), and the next build draws none of them, with the same pages. The build's own
    values in mkdocs.yml, already there, are not written again either (nothing to change: no round trip)."""
    root = tmp_path / "league"
    shutil.copytree(built_site, root, ignore=shutil.ignore_patterns("public", ".cache"))
    monkeypatch.setenv("TURNPRESS_CACHE", str(tmp_path / "cache"))
    drawn = []
    axis = charts._axis
    monkeypatch.setattr(charts, "_axis", lambda values: drawn.append(1) or axis(values))  # once per chart drawn
    site.generate(root)
    first, before = len(drawn), {p: p.read_bytes() for p in (root / "site").rglob("*.md")}
    assert first >= 6, "the league's issues have charts"
    site.generate(root)
    assert len(drawn) == first, "no chart drawn again"
    assert {p: p.read_bytes() for p in (root / "site").rglob("*.md")} == before
    config = (root / "mkdocs.yml").read_text(encoding="utf-8")
    monkeypatch.setattr(site.yamledit, "edit", lambda *_: pytest.fail("mkdocs.yml edited with nothing to change"))
    site.generate(root)
    assert (root / "mkdocs.yml").read_text(encoding="utf-8") == config


def test_the_workflows_build_takes_the_issue_pages_committed_with_their_turns(built_site, tmp_path, monkeypatch,
                                                                               capsys):
    """Issue 33, "a past turn's pages are computed once (kept by content, or committed)": the deadline commits each
    issue page with its turn and verify checks that it is what the turn renders, so the workflows' build of a fresh
    clone (no kept drawings) takes each as it is instead of rendering it again with a chart of the game so far: a
    1,000-issue league rendered 1,000 issues at every deadline. An issue without a page is rendered. The game
    master's build renders every issue it has not kept by content, so a note added to a past turn reaches its page."""
    import adjudicator.newsletter

    root = copy_league(built_site, tmp_path)
    monkeypatch.setenv("TURNPRESS_CACHE", str(tmp_path / "cache"))  # nothing kept: as a fresh clone builds
    issues = sorted((root / "site/news").glob("*/[0-9][0-9][0-9][0-9].md"))
    before = {p: p.read_bytes() for p in issues}
    committed = git(root, "ls-files", "site/news").split()
    assert len(issues) >= 6 and all(p.relative_to(root).as_posix() in committed for p in issues)
    rendered: list[int] = []
    render = adjudicator.newsletter.render
    monkeypatch.setattr(adjudicator.newsletter, "render",
                        lambda facts, *a: rendered.append(facts.turn) or render(facts, *a))
    capsys.readouterr()
    assert run(root, "site", "build", "--pages-only", "--issues-as-committed") == 0
    assert rendered == [], "no committed issue rendered again"
    assert "Wrote 0 changed files" in capsys.readouterr().out
    issues[2].unlink()
    site.generate(root, issues_as_committed=True)
    assert len(rendered) == 1 and {p: p.read_bytes() for p in issues} == before, "the missing one, as committed"
    (root / "games/atlas/notes").mkdir()
    (root / "games/atlas/notes/0002.md").write_text("A note written after the turn.\n")
    site.generate(root)
    # every issue but the one just rendered, which is kept (by content: the note is another turn's)
    assert len(rendered) == len(issues), "the game master's build renders every issue it has not kept"
    assert "A note written after the turn." in (root / "site/news/atlas/0002.md").read_text()


def test_a_build_after_a_deadline_renders_only_the_new_turns_issue(built_site, tmp_path, monkeypatch, capsys):
    """Issue 33, "a past turn's pages and drawings are computed once (kept by content, or committed), so a
    deadline redraws only what the turn changed": the game master's build keeps each issue page by the digest of
    all it follows from (``newsletter.kept``), so the build after a deadline renders that turn's issue and takes
    every past one as kept; the pages are the bytes the deadline committed. A note added to a past turn changes
    that issue's inputs: it alone is rendered again."""
    import adjudicator.newsletter

    root = copy_league(built_site, tmp_path)
    monkeypatch.setenv("TURNPRESS_CACHE", str(tmp_path / "cache"))
    rendered: list[tuple[str, int]] = []
    render = adjudicator.newsletter.render
    monkeypatch.setattr(adjudicator.newsletter, "render",
                        lambda facts, *a: rendered.append((facts.game, facts.turn)) or render(facts, *a))
    from .conftest import ChartCounter

    drawn: list[dict] = []
    draw = ChartCounter.map
    monkeypatch.setattr(ChartCounter, "map", lambda self, state: drawn.append(state) or draw(self, state))
    site.generate(root)
    assert sorted(rendered) == [("atlas", 1), ("atlas", 2), ("atlas", 3), ("borea", 1), ("borea", 2), ("cosmo", 1)]
    assert len(drawn) == 4 + 3 + 2 + 2, "a map of each turn of each game (the set-up's too), and of each open turn"
    del drawn[:]
    site.generate(root)
    assert rendered[6:] == [], "a build of the same league renders nothing again"
    assert len(drawn) == 2, "nor draws a past turn's map again (the orders pages draw their open turn)"
    assert run(root, "adjudicate", "atlas", "--now", "2026-01-26T21:00+01:00", "--commit") == 0
    del rendered[:], drawn[:]
    site.generate(root)
    assert rendered == [("atlas", 4)], "only the new turn's issue"
    assert len(drawn) == 1 + 2, "and only the new turn's map (and the open turns')"
    assert git(root, "status", "--porcelain", "--", *(f"site/news/{g}/" for g in ("atlas", "borea", "cosmo"))) \
        == "", "every issue as the deadline committed it"
    (root / "games/borea/notes").mkdir()
    (root / "games/borea/notes/0001.md").write_text("A note written after the turn.\n")
    site.generate(root)
    assert rendered == [("atlas", 4), ("borea", 1)]
    assert "A note written after the turn." in (root / "site/news/borea/0001.md").read_text()


def test_site_build_out_never_empties_a_folder_that_no_site_build_made(league: Path, tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]):
    """mkdocs empties the folder it builds into: ``site build --out games`` deleted the league's games, ``--out ~`` a
    home folder (found by the #31 engineer, session 16). A folder that holds files no build made is refused before
    anything is built, naming it and what to write instead; an empty folder, one holding only hidden files (a
    checkout's ``.git``) and one a build made before (mkdocs' ``sitemap.xml``) are built into as before."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "letters.txt").write_text("Dear players,\n", encoding="utf-8")
    assert run(league, "site", "build", "--out", str(home)) == 2
    said = capsys.readouterr().err
    assert f"--out {home}: the folder holds files that no site build made, and building there would delete them; " \
           "name an empty folder or one a site build made before" in said, said
    assert (home / "letters.txt").read_text(encoding="utf-8") == "Dear players,\n"
    assert not (league / "site").exists(), "nothing was built before the refusal"
    hidden, built, empty = tmp_path / "hidden", tmp_path / "built", tmp_path / "empty"
    (hidden / ".git").mkdir(parents=True)
    built.mkdir()
    (built / "sitemap.xml").write_text("<urlset/>", encoding="utf-8")
    (built / "index.html").write_text("<html/>", encoding="utf-8")
    empty.mkdir()
    for accepted in (hidden, built, empty, tmp_path / "new"):
        _writable(accepted)  # raises if refused
