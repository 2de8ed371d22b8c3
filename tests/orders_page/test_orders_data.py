"""The orders page's data (issue #16): the choices come from the ruleset (``OffersChoices``), so every order the
page offers is one ``check`` accepts; the data holds nothing the rules hide; the sheet the page starts from is the
one ``turnpress template`` prints of the public state."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator import sheet, store
from adjudicator.newsletter import orders_page
from adjudicator.ruleset import OffersChoices

REPO = Path(__file__).resolve().parents[2]


def options(field: dict) -> list[str]:
    """Every order text a form field offers (a list's items, a choice's options, a line of rows written with
    each of its choices and the least its numbers allow)."""
    if field["kind"] == "list":
        return [o for item in field["items"] for o in options(item)]
    if field["kind"] == "choice":
        return [o["value"] for o in field["options"] if o["value"] is not None]
    if field["kind"] == "rows":
        return options(field["item"])
    if field["kind"] == "line":
        least = {f["key"]: f["min"] for f in field["fields"] if f["kind"] == "integer"}
        picks = next(f for f in field["fields"] if f["kind"] == "choice")
        return [field["format"].format(**least, **{picks["key"]: v}) for v in options(picks)]
    return []


@pytest.mark.parametrize("game_id", ["demo-diplomacy", "demo-dreissigjaehriger-krieg"])
def test_every_order_the_page_offers_is_one_check_accepts(game_id: str):
    """Diplomacy movement (Spring 1904) and the Thirty Years' War's (Spring 1621: double moves down the rivers,
    transformations, religious actions on every unit at their least points, the change of confession): each
    option alone, as the sheet's only order, gives no error but the one a power without enough religion points
    gets (the page cannot know them: they are hidden)."""
    game = store.load_game(REPO, game_id)
    state = game.effective_state(game.open_turn)
    public = game.ruleset.public_view(state)
    assert isinstance(game.ruleset, OffersChoices)
    offered: list[str] = []
    for player in game.ruleset.phase(state).awaited:
        for text in options(game.ruleset.choices(public, player)["field"]):
            errors = [p.message for p in game.ruleset.check(state, player, [text]) if p.severity == "error"
                      and "religion points, these actions need" not in p.message]
            assert errors == [], (player, text)
            offered.append(text)
    assert len(offered) > 10
    if game_id == "demo-dreissigjaehriger-krieg":
        words = (" T ", "Kirchenbau: ", "Ungehorsam stiften: ", "Einheit aufwiegeln: ", "Konfessionswechsel")
        assert [w for w in words if not any(w in o for o in offered)] == []
        assert any(o.count(" - ") == 2 and " S " not in o and " C " not in o for o in offered), "a double move"


def test_a_unit_is_offered_its_moves_supports_and_convoys():
    game = store.load_game(REPO, "demo-diplomacy")
    public = game.ruleset.public_view(game.effective_state(game.open_turn))
    england = game.ruleset.choices(public, "mholt")["field"]["items"]
    north_sea = next(i for i in england if i["label"] == "F Nth")
    offered = options(north_sea)
    assert {"F Nth H", "F Nth - Nwy", "F Nth S F Nwy", "F Nth S F Eng - Bel"} <= set(offered)
    everyone = [o for p in game.players for o in options(game.ruleset.choices(public, p.key)["field"])]
    assert any(" C A " in o for o in everyone), "a fleet at sea convoys an army on its coasts"
    assert north_sea["default"] == "F Nth H" and north_sea["other"], "a line of one's own is always possible"
    assert england[-1]["options"][1]["value"] == "Propose draw"


def test_the_page_data_holds_nothing_the_rules_hide():
    """The Thirty Years' War hides each power's religion points (section 8): the page's data and its sheets,
    public files of the site, hold none of them, though this process can read them (the demo's hidden.yaml)."""
    game = store.load_game(REPO, "demo-dreissigjaehriger-krieg")
    state = game.effective_state(game.open_turn)
    assert state["private"], "the hidden part is there to leak"
    data = orders_page.turn_data(game, REPO)
    text = json.dumps(data)
    assert "religion_points" not in text and all("private" not in p["body"] for p in data["players"])
    assert [p["key"] for p in data["players"]] == [p.key for p in game.players]


def test_the_page_starts_from_the_sheet_turnpress_template_prints():
    game = store.load_game(REPO, "demo-bretton-woods")
    state = game.effective_state(game.open_turn)
    data = orders_page.turn_data(game, REPO)
    anna = next(p for p in data["players"] if p["key"] == "anna-w")
    assert anna["head"] + "orders:\n" + anna["body"] == sheet.sheet_text(game, "anna-w", state, sealed=False)
    assert anna["schema"]["properties"]["orders"] == game.ruleset.order_schema(
        game.ruleset.public_view(state), "anna-w")
