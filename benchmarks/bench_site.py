"""Benchmark of the newsletter site (issue: the league's site, "Show it").

    .venv/bin/python benchmarks/bench_site.py [--games 10] [--turns 100] [--players 5]

A synthetic league of GAMES games of TURNS turns each (1,000 issues by default) of the tests' counter game
with standings, history charts (an SVG in every issue) and a map, written straight to ``games/`` (the engine's
own speed is bench_league.py's business). Then:

1. ``turnpress site build``: the pages written from ``games/`` plus ``mkdocs build --strict`` with the blog,
   RSS and search plugins and the project's hooks. Goal: under 60 s.
2. A bare Material build of the same pages: ``theme: material`` with MkDocs' defaults, whose only default plugin is
   search (Material's own), the same Markdown extensions with the same options (the pages' dialect) and the same
   navigation, nothing else: no blog, no RSS, no hooks, no palette, theme features or extra CSS. "The same pages"
   are the pages the site publishes: the issue pages and the generated pages, and also the blog's listing pages
   (the news index, each game's archive, twenty issues a page), written here as plain Markdown pages that show the
   same leads with the same links, kept out of the search index as the site's are. Goal: 1. / 2. <= 1.2.
   For comparison, and not the goal: the same without the search plugin (the theme alone), and the bare build of
   only the Markdown files in ``site/`` (without the listing pages, as the first version of this benchmark did).
3. Zensical (if installed: ``pip install zensical`` into .venv, for this benchmark only) building the same
   ``mkdocs.yml`` from a clean cache: whether it builds, and its time.

With ``--repeat N`` every build is timed N times, interleaved, and the best time kept (on a shared machine other
work only ever adds time); the ratio of each run's build to the bare build of the same run is kept too, with the
load average at the start and the end: on a loaded machine the absolute times say little, the ratio of two builds
made side by side under the same load says how much the site adds. Figures are printed and written to
benchmarks/results/site.json.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from adjudicator import dice, yamlio  # noqa: E402
from adjudicator.league import store  # noqa: E402
from adjudicator.model import Player  # noqa: E402
from adjudicator.newsletter import site  # noqa: E402
from tests.site.conftest import CHART_COUNTER  # noqa: E402 - registers the counter game with the site's hooks

NAMES = ("Ruritania", "Freedonia", "Syldavia", "Borduria", "Elbonia", "Latveria", "Genovia", "Florin")
FIRST = dt.datetime(2026, 1, 5, 20, 0, tzinfo=dt.timezone(dt.timedelta(hours=1)))

# The same pages and navigation with Material's defaults: MkDocs' default plugins are [search].
BARE = """site_name: bare
docs_dir: {docs}
site_dir: {out}
theme:
  name: material
  font: false
validation:
  omitted_files: info
  unrecognized_links: info
  links:
    not_found: info
"""
PER_PAGE = 20  # mkdocs.yml: pagination_per_page
FRONT = re.compile(r"\A---\n(.*?)\n---\n", re.DOTALL)


def listing_pages(docs: Path) -> dict[str, str]:
    """The blog's listing pages as plain Markdown: per game and for all games, newest first, twenty leads a page,
    each with its title linked to the issue, the date, the lead and a "Continue reading" link, and like them not
    searched."""
    issues: list[tuple[str, str, str, str, str]] = []  # (date, game, path, title, lead)
    for path in sorted((docs / "news").glob("*/[0-9][0-9][0-9][0-9].md")):
        text = path.read_text(encoding="utf-8")
        match = FRONT.match(text)
        assert match, path
        front = yamlio.load_trusted(match.group(1))
        lead = text[match.end():].split("<!-- more -->")[0].split("\n", 2)[-1].strip()
        issues.append((str(front["date"]), path.parent.name, path.relative_to(docs).as_posix(), front["title"], lead))
    issues.sort(reverse=True)
    # (the first page, the name of the further ones): the first page is the news index or the game's archive head,
    # whose own text comes first, as on the site
    lists = {("news/index.md", "listing"): issues}
    for game in sorted({i[1] for i in issues}):
        lists[(f"news/{game}.md", f"listing-{game}")] = [i for i in issues if i[1] == game]
    pages: dict[str, str] = {}
    for (first, further), items in lists.items():
        chunks = [items[n:n + PER_PAGE] for n in range(0, len(items), PER_PAGE)]
        names = [first.rpartition("/")[2]] + [f"{further}-{k}.md" for k in range(2, len(chunks) + 1)]
        for n, chunk in enumerate(chunks):
            head = (docs / first).read_text(encoding="utf-8") if n == 0 and (docs / first).is_file() \
                else f"# {further}, page {n + 1}\n"
            # out of the search index, as the site's listing pages are (the project's MkDocs hook)
            lines = ["---", "search:", "  exclude: true", "---", "", head]
            for date, _, path, title, lead in chunk:
                link = "../" + path  # every listing page is in news/, the issues' paths are relative to docs
                lines += [f"## [{title}]({link})", "", f"*{date[:10]}*", "", lead, "",
                          f"[Continue reading]({link})", ""]
            lines += [" ".join(f"[{k}]({name})" for k, name in enumerate(names, 1)), ""]
            pages[f"news/{names[n]}"] = "\n".join(lines)
    return pages


def write_game(root: Path, gid: str, turns: int, players: int) -> None:
    rs = CHART_COUNTER
    seats = [Player(f"p{i}-{gid}", NAMES[i % len(NAMES)] + f" {gid}", f"p{i}-{gid}", 1000 + i) for i in range(players)]
    config = {"game": gid, "title": f"Counter league {gid}", "ruleset": rs.name, "options": {"target": 10**9},
              "players": [store.player_to_yaml(p) for p in seats],
              "schedule": {"timezone": "Europe/Berlin", "first": "2026-01-05 20:00", "every": "7 days"},
              "dice": {"commitment": "00" * 32, "length": 10_000}}
    folder = root / "games" / gid
    (folder / "turns").mkdir(parents=True)
    (folder / "game.yaml").write_text(yamlio.dump(config))
    state = rs.setup({"target": 10**9}, seats, dice.Dice(f"bench/{gid}/0".encode()))
    report: dict = {"game": gid, "turn": 0, "label": "Set-up", "dice": {"seed": "00" * 32},
                    "result": {"players": [p.key for p in seats]}}
    write_turn(folder, 0, state, report)
    for t in range(1, turns + 1):
        label = rs.phase(state).label
        orders = {p.key: {"add": (t + i) % 6} for i, p in enumerate(seats)}
        result = rs.adjudicate(state, orders, dice.Dice(f"bench/{gid}/{t}".encode()))
        state = result.state
        report = {"game": gid, "turn": t, "label": label,
                  "deadline": (FIRST + dt.timedelta(days=7 * (t - 1))).isoformat(timespec="minutes"),
                  "dice": {"seed": f"{t:064x}", "orders_digest": "00" * 32},
                  "orders": {"taken": sorted(orders), "late": [], "refused": [], "missed": [], "defaults": {}},
                  "result": {k: v for k, v in result.report.items() if k != "private"}}
        write_turn(folder, t, state, report)


def write_turn(folder: Path, turn: int, state: dict, report: dict) -> None:
    out = folder / "turns" / f"{turn:04d}"
    out.mkdir()
    (out / "state.yaml").write_text(yamlio.dump(CHART_COUNTER.public_view(state)))
    (out / "hidden.yaml").write_text(yamlio.dump({"private": state["private"]}))
    (out / "report.yaml").write_text(yamlio.dump(report))


def timed(args: list[str], cwd: Path) -> tuple[float, subprocess.CompletedProcess[str]]:
    start = time.monotonic()
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    return time.monotonic() - start, done


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--turns", type=int, default=100)
    p.add_argument("--players", type=int, default=5)
    p.add_argument("--repeat", type=int, default=1, help="time each build this many times, keep the best")
    p.add_argument("--keep", action="store_true", help="keep the synthetic league and print where it is")
    args = p.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-site-"))
    root = work / "league"
    figures: dict = {"games": args.games, "turns_per_game": args.turns, "issues": args.games * args.turns}
    try:
        start = time.monotonic()
        for g in range(args.games):
            write_game(root, f"game-{g:02d}", args.turns, args.players)
        figures["league_written_s"] = round(time.monotonic() - start, 2)

        config = None
        best: dict[str, float] = {}
        pairs: list[float] = []  # each run's build over the bare build of the same run: both under the same load
        figures["load_average_at_start"] = [round(x, 2) for x in os.getloadavg()]
        figures["cores"] = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
        for _ in range(args.repeat):  # interleaved, the best of each: other work on the machine only adds time
            start = time.monotonic()
            site.generate(root)
            pages = time.monotonic() - start
            start = time.monotonic()
            site.mkdocs_build(root)
            runs = {"pages_s": pages, "mkdocs_strict_s": time.monotonic() - start}
            if config is None:
                config = (root / "mkdocs.yml").read_text()
                nav = config[config.index("# BEGIN turnpress nav"):config.index("# END turnpress nav")]
                docs = work / "bare-docs"  # site/ and the listing pages, so the bare build makes the same pages
                shutil.copytree(root / "site", docs, ignore=shutil.ignore_patterns(".turnpress"))
                for rel, text in listing_pages(docs).items():
                    (docs / rel).write_text(text, encoding="utf-8")
                # the pages' Markdown dialect: the same extensions with the same options
                extensions = config[config.index("\nmarkdown_extensions:"):]
                extensions = extensions[:re.search(r"\n(?=\S)", extensions[1:]).end() + 1]
                nav = extensions + nav
                bare = {"bare": BARE.format(docs=docs, out=work / "bare-public"),
                        "bare-theme": BARE.format(docs=docs, out=work / "bare-theme-public") + "plugins: []\n",
                        "bare-sources": BARE.format(docs="site", out=work / "bare-sources-public")}
                for name, text in bare.items():
                    (root / f"{name}.yml").write_text(text + nav)
            for name, command in (("bare_material_s", ["-f", "bare.yml"]),
                                  ("bare_theme_only_s", ["-f", "bare-theme.yml"]),
                                  ("bare_material_sources_only_s", ["-f", "bare-sources.yml"]),
                                  # the project's own share: mkdocs alone on the same mkdocs.yml and pages
                                  ("material_same_config_s", ["-d", str(work / "same")])):
                seconds, done = timed([sys.executable, "-m", "mkdocs", "build", "-q", *command], root)
                if done.returncode != 0:
                    print(done.stderr, file=sys.stderr)
                runs[name] = seconds
            best = {k: min(v, best.get(k, v)) for k, v in runs.items()}
            pairs.append((runs["pages_s"] + runs["mkdocs_strict_s"]) / runs["bare_material_s"])
        figures["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]
        figures["ratio_to_bare_each_run"] = [round(r, 2) for r in pairs]
        figures["ratio_to_bare_median_of_runs"] = round(sorted(pairs)[len(pairs) // 2], 2)
        figures["runs"] = args.repeat
        figures.update({k: round(v, 2) for k, v in best.items()})
        figures["turnpress_site_build_s"] = round(best["pages_s"] + best["mkdocs_strict_s"], 2)
        figures["pages_in_public"] = sum(1 for _ in (root / "public").rglob("index.html"))
        build = best["pages_s"] + best["mkdocs_strict_s"]
        figures["ratio_to_bare"] = round(build / best["bare_material_s"], 2)
        figures["ratio_to_theme_only"] = round(build / best["bare_theme_only_s"], 2)
        figures["ratio_to_bare_sources_only"] = round(build / best["bare_material_sources_only_s"], 2)
        figures["ratio_to_same_config"] = round(build / best["material_same_config_s"], 2)
        figures["bare_pages_in_public"] = sum(1 for _ in (work / "bare-public").rglob("index.html"))

        zensical = shutil.which("zensical", path=str(Path(sys.executable).parent)) or shutil.which("zensical")
        if zensical:
            config = (root / "mkdocs.yml").read_text().replace("site_dir: public", "site_dir: public-zensical")
            (root / "zensical-mkdocs.yml").write_text(config)
            seconds, done = timed([zensical, "build", "--clean", "-f", "zensical-mkdocs.yml"], root)
            out = root / "public-zensical"
            figures["zensical"] = {"builds": done.returncode == 0 and (out / "index.html").is_file(),
                                   "seconds": round(seconds, 2),
                                   "issue_pages": sum(1 for _ in (out / "news").glob("*/[0-9][0-9][0-9][0-9]"))
                                   if (out / "news").is_dir() else 0,
                                   "warnings": (done.stdout + done.stderr).count("Warning:"),
                                   "rss": (out / "feed_rss_created.xml").is_file()}
        else:
            figures["zensical"] = "not installed (pip install zensical into .venv to compare)"
    finally:
        if args.keep:
            print(f"league kept in {root}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    print(json.dumps(figures, indent=2))
    results = REPO / "benchmarks" / "results"
    results.mkdir(exist_ok=True)
    (results / "site.json").write_text(json.dumps(figures, indent=2) + "\n")
    print(f"build under 60 s: {'yes' if figures['turnpress_site_build_s'] < 60 else 'NO'}; "
          f"ratio to a bare Material build of the same pages <= 1.2: "
          f"{'yes' if figures['ratio_to_bare'] <= 1.2 else 'NO'} ({figures['ratio_to_bare']}); "
          f"to the theme without its search plugin: {figures['ratio_to_theme_only']}; "
          f"to a bare build of site/'s Markdown only: {figures['ratio_to_bare_sources_only']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
