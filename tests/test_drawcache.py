"""Drawings kept by content (issue 33, "a past turn's pages and drawings are computed once"): a drawing asked
for again with the same inputs, pinned data and code comes from the folder, byte for byte; anything else in its
key draws anew."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.kit import drawcache, gamedata
from adjudicator.league import store

REPO = Path(__file__).resolve().parents[1]
CALAMITY = "adjudicator.rulesets.calamity"
drawn: list[object] = []


SHIPPED = gamedata.GameData(CALAMITY)  # no game: the packaged files


@drawcache.kept("test drawing")
def drawing(game: gamedata.GameData, state: dict, *, big: bool = False) -> str:
    drawn.append(state)
    game.read(CALAMITY, "data/cards.yaml")  # a data file, pinned or not
    return f"<svg>{list(state.items())!r}{big}</svg>"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv(drawcache.CACHE_ENV, str(tmp_path / "kept"))
    drawn.clear()
    return tmp_path / "kept"


def test_the_same_drawing_is_drawn_once_and_given_back_byte_for_byte(folder: Path):
    first = drawing(SHIPPED, {"round": 3, "names": ["Ana", "Ben"]})
    again = drawing(SHIPPED, {"round": 3, "names": ["Ana", "Ben"]})
    assert again == first and len(drawn) == 1
    assert (folder / ".gitignore").read_text().splitlines()[-1] == "*", "nothing of the folder reaches git"


@pytest.mark.parametrize("other", [{"round": 4, "names": ["Ana", "Ben"]}, {"round": "3", "names": ["Ana", "Ben"]},
                                   {"round": 3, "names": ("Ana", "Ben")}, {"round": True, "names": ["Ana", "Ben"]},
                                   {"names": ["Ana", "Ben"], "round": 3}])
def test_other_inputs_draw_anew_even_where_they_print_alike(folder: Path, other: dict):
    drawing(SHIPPED, {"round": 3, "names": ["Ana", "Ben"]})
    drawing(SHIPPED, other)
    assert len(drawn) == 2


def test_other_pinned_data_draws_anew_and_what_was_read_unpinned_is_noted_on_a_hit(folder: Path):
    pins = gamedata.GameData(CALAMITY, {})
    drawing(pins, {"round": 1})
    assert pins.unpinned == {"data/cards.yaml"}
    pins = gamedata.GameData(CALAMITY, {})
    drawing(pins, {"round": 1})  # from the folder: the drawing did not run, the read it made is still named
    assert len(drawn) == 1 and pins.unpinned == {"data/cards.yaml"}
    pins = gamedata.GameData(CALAMITY, {"data/cards.yaml": b"cards: []\n"})
    drawing(pins, {"round": 1})
    assert len(drawn) == 2 and pins.unpinned == set()


def test_without_a_folder_every_drawing_is_drawn(monkeypatch, tmp_path: Path):
    monkeypatch.setenv(drawcache.CACHE_ENV, "off")
    drawn.clear()
    drawing(SHIPPED, {"round": 1})
    drawing(SHIPPED, {"round": 1})
    assert len(drawn) == 2
    monkeypatch.delenv(drawcache.CACHE_ENV)
    with drawcache.at(tmp_path):  # what site build and verify name: the league's own .cache/turnpress/
        drawing(SHIPPED, {"round": 1})
    assert (tmp_path / ".cache/turnpress/.gitignore").is_file()


def test_a_damaged_entry_is_drawn_again(folder: Path):
    drawing(SHIPPED, {"round": 1})
    for entry in folder.rglob("*.svg"):
        entry.write_text("not an entry")
    assert drawing(SHIPPED, {"round": 1}).startswith("<svg>") and len(drawn) == 2


def test_an_auf_achse_map_from_the_folder_is_the_map_drawn_fresh(folder: Path, tmp_path: Path):
    game = store.load_game(REPO, "demo-auf-achse")
    state = game.state(game.last_turn)
    kept = game.ruleset.map(state)
    assert game.ruleset.map(state) == kept, "the second one came from the folder"
    assert len(list(folder.rglob("*.svg"))) == 1
    with pytest.MonkeyPatch.context() as m:
        m.setenv(drawcache.CACHE_ENV, "off")
        assert game.ruleset.map(state) == kept


def test_a_chart_of_the_same_figures_in_another_order_is_drawn_in_its_own_colours(folder: Path, monkeypatch):
    """The order of a chart's series is its colours and markers: the demo's Diplomacy issues came back with a chart
    kept for another game whose powers had the same centres in another order (sorted keys in the cache's key)."""
    from adjudicator.newsletter.charts import line_chart

    first = {"England": [3, 4], "France": [3, 5]}
    second = {"France": [3, 5], "England": [3, 4]}
    kept = line_chart("Centres", first, ["S1901", "F1901"]), line_chart("Centres", second, ["S1901", "F1901"])
    monkeypatch.setenv(drawcache.CACHE_ENV, "off")
    fresh = line_chart("Centres", first, ["S1901", "F1901"]), line_chart("Centres", second, ["S1901", "F1901"])
    assert kept == fresh and kept[0] != kept[1]
