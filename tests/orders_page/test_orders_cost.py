"""What the orders page costs the site build (issue 30, "Light on a phone"; the verdict tables' cost is the site
build's): a unit's text is read once per map, and a turn's verdict tables are computed once, then kept by content
as past turns' drawings are (``drawcache``)."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from adjudicator.kit import drawcache
from adjudicator.league import store
from adjudicator.newsletter import orders_page, verdicts
from adjudicator.rulesets.diplomacy import core, notation, reading, tables

REPO = Path(__file__).resolve().parents[2]


def test_a_unit_s_text_is_read_once_per_map_and_gives_each_power_its_own_unit(monkeypatch: pytest.MonkeyPatch):
    m = tables.load_map("standard", tables.shipped())
    reads: list[str] = []
    real = core.read_order
    monkeypatch.setattr(core, "read_order", lambda m, text: reads.append(text) or real(m, text))
    text = "F Stp/sc"
    while text in m.unit_reads:  # another test read it first: a text of the same unit this map has not read
        text = " " + text
    first = core.parse_unit(m, "russia", text)
    again = core.parse_unit(m, "england", text)
    assert reads == [text], "the rules' reading of the unit, once"
    assert (first.power, first.type, first.region) == ("russia", "fleet", "stp/sc")
    assert (again.power, again.type, again.region) == ("england", "fleet", "stp/sc")
    with pytest.raises(core.OrderError, match="cannot read the unit"):
        core.parse_unit(m, "russia", "F Lon - Nth")  # a text that is no unit is refused every time


def test_the_names_nearest_an_unknown_word_are_found_once_per_map_and_hint_the_same(
        monkeypatch: pytest.MonkeyPatch):
    """The verdicts' probes (``verdicts.unread``: a run of words and an unknown word, hundreds a player) each asked
    difflib for the names nearest the same unknown word: a quarter of the orders league's refusals (issue 33). The
    map keeps them (``Map.near_names``); every line gets the same "did you mean" as before."""
    m = tables.load_map("standard", tables.shipped())
    asked: list[str] = []
    real = reading.difflib.get_close_matches
    monkeypatch.setattr(reading.difflib, "get_close_matches", lambda word, *a, **k: asked.append(word) or real(
        word, *a, **k))
    word = "Londn"
    while word.lower() in m.near_names:  # another test asked first: a word this map has not been asked of
        word += "n"
    hints = []
    for text in (f"F {word} - Nth", f"F Edi - {word}", f"A {word} H"):
        with pytest.raises(notation.OrderError) as refused:
            notation.parse_order(m, text)
        hints.append(refused.value.hint)
    assert asked == [word.lower()], "difflib once for the word, whatever line it is in"
    assert all(h.startswith("did you mean London? ") for h in hints), hints


def test_a_turn_s_verdict_tables_are_computed_once_and_kept_by_content(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch):
    """A second site build of the same open turn takes each player's table from the league's cache (the demo's
    Diplomacy tables cost 3.4 s of every build, its 30JK tables 9.1 s); another player's is computed."""
    monkeypatch.setenv(drawcache.CACHE_ENV, str(tmp_path / "kept"))
    runs: list[str] = []
    real = verdicts.line_table

    @functools.wraps(real)  # the same name and module: the cache's key names the code
    def counted(ruleset, state, player, form):  # type: ignore[no-untyped-def]
        runs.append(player)
        return real(ruleset, state, player, form)

    monkeypatch.setattr(verdicts, "line_table", counted)
    game = store.load_game(REPO, "demo-diplomacy")
    turn = orders_page.read_open_turn(game, REPO)
    public = game.ruleset.public_view(turn.state)
    england, france = game.players[0].key, game.players[1].key
    form = game.ruleset.choices(public, england)
    first = orders_page.verdict_table(turn, public, england, form)
    again = orders_page.verdict_table(turn, public, england, form)
    assert first == again == real(game.ruleset, public, england, form) and first is not None
    assert runs == [england], "the second build's table is the kept one"
    orders_page.verdict_table(turn, public, france, game.ruleset.choices(public, france))
    assert runs == [england, france]
