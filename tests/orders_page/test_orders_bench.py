"""The orders page's benchmark on a throttled phone (issue #30, "Page weight and time on the throttled profile as
a benchmark"): its small mode runs here, on the test league's open Diplomacy game, so that the benchmark keeps
working; the figures are ``benchmarks/bench_orders_page.py``'s (and the note's), not this test's."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

from ..site.webdriver import Browser

pytestmark = pytest.mark.filterwarnings("ignore::ResourceWarning")


def bench_module():
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_orders_page.py"
    spec = importlib.util.spec_from_file_location("bench_orders_page", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_orders_page", module)  # its dataclass looks its module up
    spec.loader.exec_module(module)
    return module


def test_the_benchmark_s_small_mode_measures_a_throttled_phone_and_leaves_the_browser_as_it_was(
        browser: Browser, served: str):
    bench = bench_module()
    lines: list[str] = []
    [figures] = bench.run(browser, served, ["dip"], ["phone"], 1, lines.append)
    assert figures.ready_ms > 0 and figures.click_ms is not None and figures.click_ms >= 0
    assert figures.data_bytes > 0 and figures.bytes > figures.data_bytes, "the page's weight, its data counted"
    assert lines and lines[0].startswith("dip  phone")
    # the shared browser is itself again: no probe in a page it opens, the CPU and network at full speed
    browser.get(f"{served}games/dip/orders/")
    browser.wait_for(lambda: browser.script("return document.readyState === 'complete'"), "the page")
    assert browser.script("return typeof window.tpBench") == "undefined"


def test_the_corpus_benchmark_prints_each_game_s_figures_on_the_shared_league(browser: Browser, served: str, league):
    """``benchmarks/bench_orders_corpus.py``'s loop (issue 33: every benchmark runs in the suite, so none can rot),
    here on a few sheets of one game, with the league and browser the other tests of the page share."""
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_orders_corpus.py"
    spec = importlib.util.spec_from_file_location("bench_orders_corpus", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    lines: list[str] = []
    bench.run(browser, served, league, ["bw"], 4, lines.append)
    assert re.fullmatch(r"bw: 4 sheets, [0-9]+ judged alike, [0-9]+ with a line the page cannot judge, [0-9]+ left "
                        r"to validate, 0 disagree; [0-9]+ s", lines[0]), lines
    # then the outcomes by kind of sheet (the corpus' first four: good, edge or a budget's, bad, bad)
    assert lines[1].startswith("  bad: ") and all(line.startswith("  ") for line in lines[1:]), lines
    faults = lines[-1]
    assert faults.startswith("  faulty entries (validate's errors), one by one: validate's "), lines
    assert faults.endswith("page's own 0"), lines


def test_every_page_the_full_mode_measures_is_in_the_league_with_its_player_and_the_places_it_clicks(league):
    """The full mode (not run in the suite) measures a spring, a retreat, a winter, 30JK and Auf Achse's round 1 on
    this league, each for one player by clicks on named places: each game's open turn has that player's part and
    exact part where the rules give one, and draws every place clicked, so the full mode cannot lose a page to a
    renamed game, player or place unnoticed (issue 33: every benchmark runs in the suite, so none can rot)."""
    bench = bench_module()
    assert set(bench.CASES) == {"dip", "rt", "wb", "jk", "ar"}, "a spring, a retreat, a winter, 30JK, Auf Achse"
    for game, (player, clicks) in bench.CASES.items():
        orders = league.root / "public/games" / game / "orders"
        turn = json.loads((orders.parent / "open-turn.json").read_text(encoding="utf-8"))["turn"]
        assert (orders / f"{turn:04d}" / f"{player}.json").is_file(), (game, player)
        if game != "ar":  # Auf Achse's rules refuse nothing the form does not offer: no exact part
            assert (orders / f"{turn:04d}" / "exact" / f"{player}.json").is_file(), (game, player)
        index = json.loads((orders / f"{turn:04d}.json").read_text(encoding="utf-8"))
        drawn = (orders / f"{turn:04d}.svg").read_text(encoding="utf-8") + (
            (orders / index["map_base"]).read_text(encoding="utf-8") if index.get("map_base") else "")
        for css in clicks:
            for name, value in re.findall(r'\[(data-region|data-field)="([^"]+)"\]', css):
                assert f'{name}="{value}"' in drawn, (game, css)
