"""axe-core, the accessibility engine, run in the test's browser on the page it shows.

axe-core comes from the npm registry (``make install`` puts it in ``.ci/node``; ``TURNPRESS_NODE_MODULES`` names
another ``node_modules``); without it the accessibility test skips and says so.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .webdriver import Browser

ROOT = Path(__file__).resolve().parents[2]
SERIOUS = ("serious", "critical")


# Where the tests' web servers (``tests/site/test_site_browser.py``'s ``serving``) serve axe-core beside the site
SERVED_AT = "/.axe-core/axe.min.js"


def axe_path() -> Path | None:
    for modules in (os.environ.get("TURNPRESS_NODE_MODULES"), ROOT / ".ci/node/node_modules"):
        path = Path(modules) / "axe-core" / "axe.min.js" if modules else None
        if path is not None and path.is_file():
            return path
    return None


def axe_source() -> str | None:
    path = axe_path()
    return path.read_text(encoding="utf-8") if path is not None else None


LOAD = """
    const done = arguments[arguments.length - 1], script = document.createElement("script");
    script.src = arguments[0];
    script.onload = () => done(typeof window.axe === "object");
    script.onerror = () => { script.remove(); done(false); };
    document.head.appendChild(script);"""


def findings(browser: Browser, source: str, within: str | None = None, without: tuple[str, ...] = ()
             ) -> list[dict[str, Any]]:
    """The serious and critical violations on the page now shown: rule, impact, how many nodes, the first one;
    ``within`` (a CSS selector): of that part of the page only (every rule, the colours it stands on included);
    ``without`` (CSS selectors): not of those parts (a page judged whole already, at another width: its drawings).
    axe-core goes into the page once (a page judged again, at another width, has it already): as a script of the
    page's own server where that serves it (``SERVED_AT``), which the browser compiles once and keeps, else through
    WebDriver (0.08 against 0.19 s of Chromium's CPU a page, some 50 pages a run: issue 33). It judges the page
    once its transitions have ended: a button just focused fades to its focus colours (Material's
    ``.md-button``: 125 ms), and a contrast measured half-way is neither the colours before nor after.

    The rules that can report nothing serious are not run (issue 33, feedback in minutes): a rule that declares its
    impact (``landmark-unique``: moderate, ``region``: moderate, ...) gives every finding that impact (axe-core's
    ``finalizeRuleResult``), and findings of a milder impact are dropped here anyway. A rule without a declared
    impact takes its checks' and is run. About a tenth of a run's time on the demo's pages."""
    if browser.script("return typeof window.axe === 'undefined'") and not browser.script_async(LOAD, SERVED_AT):
        browser.script(source + "\nreturn true;")
    result = browser.script_async("""
        const done = arguments[arguments.length - 1];
        const ending = document.getAnimations().filter(a => isFinite(a.effect.getComputedTiming().endTime));
        const mild = {};
        for (const rule of axe._audit.rules) {
            if (rule.impact && !arguments[1].includes(rule.impact)) mild[rule.id] = {enabled: false};
        }
        const context = {};
        if (arguments[0]) context.include = [[arguments[0]]];
        if (arguments[2].length) context.exclude = arguments[2].map(part => [part]);
        Promise.all(ending.map(a => a.finished.catch(() => null)))
            .then(() => axe.run(Object.keys(context).length ? context : document,
                                {resultTypes: ["violations"], rules: mild}))
            .then(r => done(r.violations.map(v => ({
            id: v.id, impact: v.impact, nodes: v.nodes.length, target: v.nodes[0].target.join(" "),
            summary: v.nodes[0].failureSummary}))), e => done([{id: "axe-error", impact: "critical",
            nodes: 0, target: "", summary: String(e)}]));
    """, within, list(SERIOUS), list(without))
    return [v for v in result if v["impact"] in SERIOUS]
