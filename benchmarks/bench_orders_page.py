"""Benchmark of the orders page on a throttled phone (issue #30: "Light on a phone: the page usable within 3 s and
its exact verdict within 30 s on the throttled profile"; "Page weight and time on the throttled profile as a
benchmark, figures in the note").

    .venv/bin/python benchmarks/bench_orders_page.py [--repeat 3] [--small]

The orders page's test league is made and its site built (``tests/orders_page/conftest.py``), and its pages of
every kind of turn whose data has its own shape are measured: ``dip``, Diplomacy of open orders in Spring 1901;
``rt``, its Fall 1901 retreats (Italy's army in Venice dislodged); ``wb``, its Winter 1901 (England builds one);
``jk``, the Thirty Years' War's first turn (Austria, whose exact part is the largest of all: 265 kB, 26 kB
compressed, at session 18); ``ar``, Auf Achse in
round 1 after its auction (its board the largest). The site is served on 127.0.0.1, and opened in headless
Chromium through chromedriver (the browser tests' own WebDriver client, ``tests/site/webdriver.py``) with the
DevTools protocol's throttling, as the issue measured it:

- ``desktop``: 1280 px, no throttling;
- ``phone``: 390 × 844, the CPU 4× slower (``Emulation.setCPUThrottlingRate``), 1.6 Mbit/s down, 750 kbit/s
  up, 150 ms round trip (``Network.emulateNetworkConditions``).

The cache is off, so every run loads the page as a first visit does. The files are served as GitHub Pages serves
a site (text gzip-compressed for a browser that accepts it); ``--plain`` serves them uncompressed, as the
benchmark did before. For each game and profile:

- ``ready_ms``: from the navigation's start until the page is usable (``#tp-orders`` has ``data-ready``: its turn
  data read and the player list shown), in the page's own clock (``performance.now()``, recorded by a
  MutationObserver installed before the page's scripts run);
- ``answer_ms``: when a tap at ``ready_ms`` would be answered: a task queued then runs (it may run before a
  long task that starts after it: ``held_ms`` says how long a tap a little later waits);
- ``held_ms``: the longest a tap in the 3 s after ``ready_ms`` waits: of the page's long tasks (the
  ``longtask`` entries, 50 ms and more, observed from the document's start) the longest stretch of one after
  ``ready_ms`` (on the phone Material's script, a second and more, where it runs then);
- ``form_ms``: from the navigation's start until the first order can be given: the probe picks the player the
  moment the list is there, and this is when the form shows that player's first choice (``#tp-form select``);
- ``exact_ms``: from the navigation's start until the page's verdict is the exact one (``#tp-verdict`` no longer
  says it is waiting, ``data-pending`` gone), for the player picked at once;
- ``bytes``: the page's weight on the wire (every resource's ``transferSize``, the document's included), and
  ``weights``: each file's, the heaviest first (written to the results file); ``raw_bytes``: the same files
  uncompressed (``decodedBodySize``), what the phone parses;
- ``data_bytes``: the turn data's own (``orders/NNNN…``, and the map's base, ``drawings/…``), and
  ``data_raw_bytes`` uncompressed;
- ``click_ms``: with a player picked, from a click on the map (Diplomacy and 30JK: a unit and then where it goes;
  a retreat: the dislodged unit and where it retreats; a winter: a home centre, which builds there; Auf Achse:
  the next field of the route) until the page's verdict (``#tp-verdict``) last changed, the page's clock again
  (the event's ``timeStamp`` and the MutationObserver's ``performance.now()``): what a player waits between a tap
  and the page's word on the sheet.

Last (not with ``--small``), ``returning``: Diplomacy's page opened on the phone at the next turn by a player who
opened it at this one, the browser's cache kept: what a new turn sends again (the map's base, a site file named by
its content, is not among it).

With ``--repeat N`` each figure is the median of N runs. ``--small`` (the mode the test runs: one run, Diplomacy
only, on the tests' shared league) proves the benchmark works, not the figures. Results are printed and written to
``benchmarks/results/orders-page.json``.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import hashlib
import http.server
import io
import json
import os
import re
import statistics
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.orders_page.conftest import make_league  # noqa: E402
from tests.site.webdriver import Browser, find_chromium  # noqa: E402

PHONE = {"width": 390, "height": 844, "cpu": 4, "latency": 150, "down": 1_600_000 // 8, "up": 750_000 // 8}
DESKTOP = {"width": 1280, "height": 1000, "cpu": 1, "latency": 0, "down": -1, "up": -1}
PROFILES = {"desktop": DESKTOP, "phone": PHONE}
GOALS = {"ready_ms": 3000, "verdict_ms": 30000}  # the issue's, on the phone profile

# Installed before the page's own scripts (Page.addScriptToEvaluateOnNewDocument): when the page became usable,
# when a click happened on the map and when the verdict last changed, each in the page's clock.
PROBE = """
(function () {
  window.tpBench = {ready: null, answer: null, form: null, exact: null, click: null, verdict: null,
                    pick: %s, tasks: []};
  try {
    new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (e) { window.tpBench.tasks.push([e.startTime, e.duration]); });
    }).observe({type: 'longtask', buffered: true});
  } catch (e) {}
  var watch = new MutationObserver(function () {
    var root = document.getElementById('tp-orders');
    var b = window.tpBench;
    if (root && root.getAttribute('data-ready') && b.ready === null) {
      b.ready = performance.now();
      setTimeout(function () { window.tpBench.answer = performance.now(); }, 0);
      var who = document.getElementById('tp-player');
      if (who && b.pick) { who.value = b.pick; who.dispatchEvent(new Event('change')); }
    }
    if (b.ready !== null && b.form === null && document.querySelector('#tp-form select')) {
      b.form = performance.now();
    }
    var said = document.getElementById('tp-verdict');
    if (b.form !== null && b.exact === null && said && said.textContent && !said.hasAttribute('data-pending')) {
      b.exact = performance.now();
    }
    var verdict = document.getElementById('tp-verdict');
    if (verdict && !verdict.tpWatched) {
      verdict.tpWatched = true;
      new MutationObserver(function () { window.tpBench.verdict = performance.now(); })
        .observe(verdict, {childList: true, characterData: true, subtree: true, attributes: true});
    }
  });
  // from the document's start: the page may be usable before the theme's script has run (DOMContentLoaded)
  watch.observe(document, {subtree: true, childList: true, attributes: true});
  document.addEventListener('click', function (e) {
    if (e.target.closest && e.target.closest('#tp-map')) { window.tpBench.click = e.timeStamp; }
  }, true);
})();
"""


@dataclass
class Figures:
    game: str
    profile: str
    ready_ms: int
    answer_ms: int
    form_ms: int
    exact_ms: int
    bytes: int
    data_bytes: int
    click_ms: int | None
    weights: dict[str, int] = field(default_factory=dict)
    held_ms: int = 0
    raw_bytes: int = 0
    data_raw_bytes: int = 0


def throttle(browser: Browser, profile: dict[str, int], cache: bool = False) -> None:
    browser.resize(profile["width"], profile["height"])
    browser.cdp("Emulation.setCPUThrottlingRate", {"rate": profile["cpu"]})
    browser.cdp("Network.enable")
    browser.cdp("Network.emulateNetworkConditions", {"offline": False, "latency": profile["latency"],
                                                     "downloadThroughput": profile["down"],
                                                     "uploadThroughput": profile["up"]})
    browser.cdp("Network.setCacheDisabled", {"cacheDisabled": not cache})


@contextmanager
def throttled(browser: Browser, profile: dict[str, int], player: str, cache: bool = False) -> Iterator[None]:
    """``browser`` throttled to ``profile``, and back to its normal self after (a test's browser is shared); the
    probe picks ``player`` as soon as the page lists the players. ``cache``: the browser keeps what it fetched."""
    probe = browser.cdp("Page.addScriptToEvaluateOnNewDocument", {"source": PROBE % json.dumps(player)})
    try:
        throttle(browser, profile, cache)
        yield
    finally:
        throttle(browser, DESKTOP)
        browser.cdp("Network.setCacheDisabled", {"cacheDisabled": False})
        browser.cdp("Page.removeScriptToEvaluateOnNewDocument", {"identifier": probe["identifier"]})


def centre_of(browser: Browser, css: str) -> tuple[float, float]:
    """Where the shape ``css`` of the orders map is on the screen (scrolled into view first)."""
    point = browser.script("""
        var n = document.querySelector(arguments[0]);
        if (!n) { return null; }
        n.scrollIntoView({block: 'center'});
        var r = n.getBoundingClientRect();
        if (n.getAttribute('data-place')) {
          var svg = n.ownerSVGElement, xy = n.getAttribute('data-place').split(' ').map(Number);
          var p = svg.createSVGPoint(); p.x = xy[0]; p.y = xy[1];
          var q = p.matrixTransform(svg.getScreenCTM());
          return [q.x, q.y];
        }
        return [r.left + r.width / 2, r.top + r.height / 2];""", css)
    if not point:
        raise RuntimeError(f"{css} is not on the page")
    return point[0], point[1]


def measure(browser: Browser, url: str, game: str, player: str, clicks: list[str], profile: str,
            cache: bool = False) -> Figures:
    """One cold load of ``game``'s orders page under ``profile`` (``cache``: with what the browser kept) and one
    click-to-verdict (``clicks``: CSS of the map's shapes clicked in turn, the last one timed)."""
    with throttled(browser, PROFILES[profile], player, cache):
        browser.get(f"{url}games/{game}/orders/")
        browser.wait_for(lambda: browser.script("return window.tpBench && window.tpBench.exact"), "the verdict",
                         timeout=120)
        ready, answer, form, exact = browser.script("var b = window.tpBench;"
                                                    "return [b.ready, b.answer, b.form, b.exact].map(Math.round)")
        held = round(browser.script(
            "var b = window.tpBench, most = 0;"
            "b.tasks.forEach(function (t) { var from = Math.max(t[0], b.ready), end = t[0] + t[1];"
            "  if (from < b.ready + 3000 && end > from) { most = Math.max(most, end - from); } });"
            "return most;"))
        browser.wait_for(lambda: browser.script("return !!document.querySelector('#tp-map svg')"), "the map",
                         timeout=120)
        click_ms = None
        for i, css in enumerate(clicks):
            before = browser.script("return window.tpBench.verdict")
            browser.click_at(*centre_of(browser, css))
            if i == len(clicks) - 1:
                browser.wait_for(lambda b=before: browser.script("return window.tpBench.verdict") != b,
                                 "the verdict", timeout=120)
                settled(browser)
                click_ms = round(browser.script("return window.tpBench.verdict - window.tpBench.click"))
        # every file the page fetched by now (what a player's first order needs, and what followed it)
        sizes = browser.script("""
            var all = performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'));
            var out = {}, raw = {};
            all.forEach(e => { var n = new URL(e.name).pathname; out[n] = (out[n] || 0) + (e.transferSize || 0);
                               raw[n] = (raw[n] || 0) + (e.decodedBodySize || 0); });
            return [out, raw];""")
        weights = dict(sorted(sizes[0].items(), key=lambda kv: (-kv[1], kv[0])))
        data = sum(n for path, n in weights.items() if DATA.search(path))
        return Figures(game, profile, ready, answer, form, exact, sum(weights.values()), data, click_ms, weights,
                       held, sum(sizes[1].values()), sum(n for path, n in sizes[1].items() if DATA.search(path)))


DATA = re.compile(r"/orders/[0-9]{4}|/drawings/")  # the turn data's files (and the map's base)


def settled(browser: Browser, quiet_ms: int = 1000) -> None:
    """Wait until the verdict has not changed for ``quiet_ms`` (an exact verdict may follow a first word)."""
    browser.script_async("""
        var done = arguments[arguments.length - 1], quiet = arguments[0], last = window.tpBench.verdict;
        (function wait() {
          setTimeout(function () {
            if (window.tpBench.verdict === last) { done(true); } else { last = window.tpBench.verdict; wait(); }
          }, quiet);
        })();""", quiet_ms)


def returning(browser: Browser, url: str, root: Path, say: Callable[[str], None] = print) -> Figures:
    """A player who opened Diplomacy's orders page at this turn opens it again at the next, on the phone, the
    browser's cache kept (issue 30, "data sent once per place"): what is sent again is what the new turn changed
    (``pages_serving``: the page asked for again, the rest kept; the bytes are what GitHub Pages sends days later,
    the time leaves out the round trips of its 304s). The turn is adjudicated (no orders: every unit holds) and
    the site built again in between; the bytes are the bodies the server sent."""
    from tests.conftest import run as turnpress

    player, clicks = CASES["dip"]
    measure(browser, url, "dip", player, clicks, "phone", cache=True)  # this turn, once, filling the cache
    assert turnpress(root, "adjudicate", "dip", "--early", "--commit") == 0
    assert turnpress(root, "site", "build") == 0
    SENT.clear()
    f = measure(browser, url, "dip", player, clicks, "phone", cache=True)
    f.profile = "phone, next turn, cache kept"
    # the bodies the server sent (a 304 sends none), not the browser's transfer sizes
    f.weights = dict(sorted(SENT.items(), key=lambda kv: (-kv[1], kv[0])))
    f.bytes = sum(SENT.values())
    f.data_bytes = sum(n for path, n in SENT.items() if DATA.search(path))
    say(f"dip  returning ready {f.ready_ms:6} ms  answer {f.answer_ms:6} ms  form {f.form_ms:6} ms  "
        f"exact {f.exact_ms:6} ms  {f.bytes / 1024:8.1f} kB on the wire ({f.data_bytes / 1024:.1f} kB turn data)")
    return f


# The player and the clicks timed per game: England's fleet in London, then the North Sea; Italy's dislodged army
# in Venice, then Tuscany; England's build in London; Austria's army in Prague, then Pilsen; Ann's Brummi's next
# field.
CASES = {"dip": ("ann", ['#tp-map [data-region="Lon"]', '#tp-map [data-region="Nth"]']),
         "rt": ("dee", ['#tp-map [data-region="Ven"]', '#tp-map [data-region="Tus"]']),
         "wb": ("ann", ['#tp-map [data-region="Lon"]']),
         "jk": ("jk4", ['#tp-map [data-region="Pra"]', '#tp-map [data-region="Pil"]']),
         "ar": ("ann", ['#tp-map [data-field="HH-HB.1"] circle, #tp-map circle[data-field="HH-HB.1"]'])}


def run(browser: Browser, url: str, games: list[str], profiles: list[str], repeat: int,
        say: Callable[[str], None] = print) -> list[Figures]:
    out = []
    for game in games:
        player, clicks = CASES[game]
        for profile in profiles:
            runs = [measure(browser, url, game, player, clicks, profile) for _ in range(repeat)]
            median = Figures(game, profile, round(statistics.median(r.ready_ms for r in runs)),
                             round(statistics.median(r.answer_ms for r in runs)),
                             round(statistics.median(r.form_ms for r in runs)),
                             round(statistics.median(r.exact_ms for r in runs)),
                             runs[0].bytes, runs[0].data_bytes,
                             round(statistics.median(r.click_ms for r in runs if r.click_ms is not None)),
                             runs[0].weights, round(statistics.median(r.held_ms for r in runs)),
                             runs[0].raw_bytes, runs[0].data_raw_bytes)
            say(f"{game:4} {profile:8} ready {median.ready_ms:6} ms  answer {median.answer_ms:6} ms  "
                f"held {median.held_ms:6} ms  "
                f"form {median.form_ms:6} ms  "
                f"exact {median.exact_ms:6} ms  click→verdict {median.click_ms:6} ms  "
                f"{median.bytes / 1024:8.1f} kB on the wire ({median.data_bytes / 1024:.1f} kB turn data), "
                f"{median.raw_bytes / 1024:.1f} kB uncompressed ({median.data_raw_bytes / 1024:.1f} kB)")
            out.append(median)
    return out


# Every body the server sent, by path: what the wire carried, whatever the browser's own accounting says of a
# revalidated file (``returning``)
SENT: dict[str, int] = {}

# What GitHub Pages compresses (it sends gzip to a browser that asks for it); everything else goes as it is.
COMPRESSED = {".html", ".css", ".js", ".json", ".svg", ".xml", ".txt", ".map"}


@contextmanager
def pages_serving(folder: Path, compress: bool = True) -> Iterator[str]:
    """``folder`` served on 127.0.0.1 as GitHub Pages serves a site: text gzip-compressed when the browser accepts
    it (``compress``), an ``index.html`` for a folder's address."""

    class Handler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
            pass

        def copyfile(self, source, outputfile) -> None:  # type: ignore[no-untyped-def]
            data = source.read()
            outputfile.write(data)
            path = self.path.split("?")[0]
            SENT[path] = SENT.get(path, 0) + len(data)

        def end_headers(self) -> None:
            # GitHub Pages' max-age=600, but a page itself is asked for again (the returning player comes days
            # later, when GitHub would have every file asked for again: an unchanged one is then a 304, a round
            # trip and no body; so the bytes are those, the time leaves out those round trips)
            page = self.path.split("?")[0].endswith(("/", ".html"))
            self.send_header("Cache-Control", "no-cache" if page else "max-age=600")
            super().end_headers()

        def send_head(self):  # type: ignore[no-untyped-def]
            path = Path(self.translate_path(self.path))
            if path.is_dir():
                if not self.path.split("?")[0].endswith("/"):
                    return super().send_head()  # the redirect to the folder's address
                path = path / "index.html"
            accepted = "gzip" in self.headers.get("Accept-Encoding", "")
            if not (compress and accepted and path.suffix in COMPRESSED and path.is_file()):
                return super().send_head()  # a Last-Modified, and a 304 to If-Modified-Since
            body = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
            tag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
            if self.headers.get("If-None-Match") == tag:
                self.send_response(304)
                self.send_header("ETag", tag)
                self.end_headers()
                return None
            self.send_response(200)
            self.send_header("ETag", tag)
            self.send_header("Content-Type", self.guess_type(str(path)))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--small", action="store_true", help="one run, Diplomacy only (what the test runs)")
    parser.add_argument("--games", nargs="*", choices=list(CASES), help="only these (all by default)")
    parser.add_argument("--profiles", nargs="*", choices=list(PROFILES), help="only these (all by default)")
    parser.add_argument("--plain", action="store_true", help="serve the files uncompressed (GitHub Pages gzips)")
    parser.add_argument("--out", type=Path, default=REPO / "benchmarks" / "results" / "orders-page.json")
    args = parser.parse_args()
    found = find_chromium()
    if found is None:
        sys.exit("chromium and chromium-driver are not installed")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "league"
        make_league(root)
        browser = Browser(*found, Path(tmp) / "profile")
        try:
            with pages_serving(root / "public", compress=not args.plain) as url:
                games = ["dip"] if args.small else list(CASES)
                figures = run(browser, url, args.games or games, args.profiles or list(PROFILES),
                              1 if args.small else args.repeat)
                if not args.small and not args.games:
                    figures.append(returning(browser, url, root))
        finally:
            browser.close()
    out = args.out
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps({"profiles": PROFILES, "goals": GOALS, "load": os.getloadavg()[0],
                               "compressed": not args.plain,
                               "figures": [asdict(f) for f in figures]}, indent=1) + "\n")
    met = {f.game: f.ready_ms <= GOALS["ready_ms"] and f.exact_ms <= GOALS["verdict_ms"]
           and (f.click_ms or 0) <= GOALS["verdict_ms"] for f in figures if f.profile == "phone"}
    print("phone goals (ready 3 s, verdict 30 s): " + ", ".join(f"{g} {'met' if ok else 'MISSED'}"
                                                                 for g, ok in met.items()))


if __name__ == "__main__":
    main()
