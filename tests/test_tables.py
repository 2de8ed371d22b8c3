"""Every ruleset's Markdown tables come from one helper, ``markup.md_table`` (issue #20), and hold whatever a
player names themselves: a name with ``|``, markup or a line break stays one inert cell of its row."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from adjudicator import yamlio
from adjudicator.dice import Dice
from adjudicator.kit import ruleset as rulesetmod
from adjudicator.kit.markup import md_table, md_text
from adjudicator.kit.ruleset import WritesNewsletter, WritesSetupNewsletter
from adjudicator.model import Player

REPO = Path(__file__).resolve().parents[1]
# Bretton Woods has no table, and bounds a country's name to a few letters (rules 1.1).
DEMOS = sorted(p.parent for p in (REPO / "games").glob("*/game.yaml") if "bretton" not in p.parent.name)
HOSTILE = "Eve | <script>x</script>\n| a | b |"
# A cell border: a pipe not escaped by a backslash.
BORDER = re.compile(r"(?<!\\)\|")


def tables(markdown: str) -> list[list[str]]:
    """The tables of a page: a line that starts with '|', the rule under it, and the rows that follow."""
    lines = markdown.splitlines()
    found: list[list[str]] = []
    for i, line in enumerate(lines[:-1]):
        if line.startswith("|") and lines[i + 1].startswith("|---") and not (i and lines[i - 1].startswith("|")):
            end = i + 2
            while end < len(lines) and lines[end].startswith("|"):
                end += 1
            found.append(lines[i:end])
    return found


@given(st.lists(st.lists(st.text(max_size=12), min_size=3, max_size=3), max_size=4))
def test_any_cell_text_stays_in_its_cell(rows: list[list[str]]):
    lines = md_table(["a", "b", "c"], [[md_text(c) for c in row] for row in rows], "lr")
    assert len(lines) == len(rows) + 2
    assert all(len(BORDER.findall(line)) == 4 for line in lines)
    assert lines[1] == "|---|---:|---|"


def test_a_bare_pipe_or_line_break_cannot_add_a_cell_or_a_row():
    assert md_table(["x"], [["a|b\n| c |"]]) == ["| x |", "|---|", "| a\\|b \\| c \\| |"]


def _pages(demo: Path) -> tuple[list[str], str]:
    """The issue bodies of the set-up and the first turns of a demo game, its first player named ``HOSTILE``."""
    config: dict[str, Any] = yamlio.read_data(demo / "game.yaml")
    rs = rulesetmod.get(config["ruleset"])
    seats = [p for p in config["players"] if not p.get("joined")]
    players = [Player(p["key"], HOSTILE if i == 0 else p["name"], p["login"], p["id"], p.get("role"))
               for i, p in enumerate(seats)]
    state = rs.setup(config.get("options") or {}, players, Dice(b"tables"))
    pages = [rs.setup_newsletter(state, players)] if isinstance(rs, WritesSetupNewsletter) else []
    for turn in range(1, 7):
        phase = rs.phase(state)
        if phase.finished or not isinstance(rs, WritesNewsletter):
            break
        orders = {k: rs.default_orders(state, k, None) for k in phase.awaited}
        result = rs.adjudicate(state, orders, Dice(b"tables%d" % turn))
        state = result.state
        report = {k: v for k, v in result.report.items() if k != "private"}
        pages.append(rs.newsletter(rs.public_view(state), report, players))
    return pages, config["ruleset"]


def test_a_hostile_name_keeps_every_ruleset_table_whole_and_the_page_inert():
    seen = set()
    for demo in DEMOS:
        pages, name = _pages(demo)
        for page in pages:
            assert "<script" not in page, f"{demo.name}: the name's markup is live"
            assert not any(line.startswith("| a | b |") for line in page.splitlines()), "the name started a line"
        for table in (t for page in pages for t in tables(page)):
            widths = {len(BORDER.findall(line)) for line in table}
            assert len(widths) == 1, f"{demo.name}: a row of this table has a cell too many:\n" + "\n".join(table)
            assert re.fullmatch(r"\|(---:?\|)+", table[1]), table[1]
            if any("Eve &#124; &#60;script&#62;x&#60;/script&#62; &#124; a &#124; b &#124;" in line for line in table):
                seen.add(name)
    # The name is in a table of every ruleset that has one with the players in it.
    assert seen == {"auf-achse", "calamity", "diplomacy", "policy-maker"}
