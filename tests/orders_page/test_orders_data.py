"""The orders page's data (issue #16): the choices come from the ruleset (``OffersChoices``), so every order the
page offers is one ``check`` accepts; the data holds nothing the rules hide; the sheet the page starts from is the
one ``turnpress template`` prints of the public state."""

from __future__ import annotations

import copy
import json
import re
import shutil
from pathlib import Path

import pytest

from adjudicator.dice import Dice
from adjudicator.kit import sheet
from adjudicator.kit.ruleset import OffersChoices
from adjudicator.kit.words import read_league
from adjudicator.league import store
from adjudicator.model import Player
from adjudicator.newsletter import orders_page
from adjudicator.rulesets.auf_achse import RULESET
from adjudicator.rulesets.auf_achse.adjudicate import stau_counts
from adjudicator.rulesets.auf_achse.board import plan_route
from adjudicator.rulesets.auf_achse.choices import cheapest_routes, route_to
from adjudicator.rulesets.auf_achse.setup import board_of
from adjudicator.rulesets.calamity import RULESET as CAL
from adjudicator.rulesets.diplomacy import RULESET as RULESET_DIP

from ..auf_achse.helpers import at_round, new_game
from ..calamity.cal_helpers import arrange
from ..calamity.cal_helpers import new_game as new_calamity
from ..dreissigjaehriger_krieg.dk_game import PLAYERS as DK_PLAYERS

DIP_PLAYERS = [Player(p[:3], p.capitalize(), p[:3], 100 + i, p) for i, p in
               enumerate(["england", "france", "germany", "italy", "austria", "russia", "turkey"])]

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
        assert any(o.count(" - ") == 2 and " U " not in o and " K " not in o for o in offered), "a double move"
        # issue #30, item 7: a support is written 'U' and a convoy 'K', as the game's judges write them
        assert any(" U " in o for o in offered) and any(" K " in o for o in offered)
        assert not any(" S " in o or " C " in o for o in offered)


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
    data = orders_page.turn_data(orders_page.read_open_turn(game, REPO))
    text = json.dumps(data)
    # the page names where the private report holds the points (a change of confession is judged by them once it
    # is open: verdicts.spending), never a figure
    assert not re.search(r'"religion_points": *[0-9]', text) and "religion_points" not in text.replace(
        '"spends": ["state", "religion_points"]', "")
    assert all("private" not in p["body"] for p in data["players"])
    assert [p["key"] for p in data["players"]] == [p.key for p in game.players]


def test_the_page_is_made_from_the_open_turn_read_once_even_with_the_league_gone(tmp_path: Path):
    """Issue 31, I/O at the edges: the site build reads a game's open turn once (``read_open_turn``: its effective
    state with the hidden part, its deadline, the players, the repository and branch of ``mkdocs.yml``) and makes
    the page's data from those values alone. The data of a German game with hidden state is the same when the
    league's files are gone after the read, and is what the league in place gives."""
    root, site = tmp_path / "league", tmp_path / "site"
    shutil.copytree(REPO / "games" / "demo-bretton-woods", root / "games" / "demo-bretton-woods")
    site.mkdir()
    (site / "mkdocs.yml").write_text((REPO / "mkdocs.yml").read_text() + "repo_url: https://github.com/o/l\n")
    shutil.copy(site / "mkdocs.yml", root / "mkdocs.yml")
    read = orders_page.read_open_turn(store.load_game(root, "demo-bretton-woods"), root)
    shutil.rmtree(root)
    data = orders_page.turn_data(read)
    game = store.load_game(REPO, "demo-bretton-woods", read_league(site))
    assert data == orders_page.turn_data(orders_page.read_open_turn(game, site))
    due = game.deadline(game.open_turn)
    assert due is not None and data["deadline"] == due.isoformat(timespec="minutes")
    assert [p["key"] for p in data["players"]] == [p.key for p in game.players]
    assert data["repo"] == "https://github.com/o/l"
    assert due.isoformat(timespec="minutes") in data["players"][0]["head"], "each sheet's head names the deadline"


def test_the_page_starts_from_the_sheet_turnpress_template_prints():
    game = store.load_game(REPO, "demo-bretton-woods")
    state = game.effective_state(game.open_turn)
    data = orders_page.turn_data(orders_page.read_open_turn(game, REPO))
    anna = next(p for p in data["players"] if p["key"] == "anna-w")
    assert anna["head"] + "orders:\n" + anna["body"] == sheet.sheet_text(game, "anna-w", state, sealed=False, lang="de")
    assert anna["head"].startswith("# Befehle von Atlantis für demo-bretton-woods, Zug "), "a German game's sheet"
    assert anna["schema"]["properties"]["orders"] == game.ruleset.order_schema(
        game.ruleset.public_view(state), "anna-w")


def _fields(field: dict) -> list[dict]:
    """``field`` and every field inside it."""
    kids = field.get("fields") or field.get("items") or ([field["item"]] if "item" in field else [])
    return [field, *(f for k in kids for f in _fields(k))]


def test_an_auf_achse_condition_row_is_labelled_as_a_condition_not_as_order_one():
    """Issue #30, item 8: a bid's condition row read "Auftrag 1" whatever order was picked in it (the row's
    number, not the order's). Its rows are "Bedingung 1, 2, …" (a load's "Ladung 1, …"); the orders picked are
    the options' own words ("Auftrag 11: …")."""
    state = at_round(new_game(), 1)
    form = RULESET.choices(RULESET.public_view(state), "p0")["field"]
    rows = {f["key"]: f["item"]["label"] for f in _fields(form) if f["kind"] == "rows"}
    assert rows["unless_won"] == rows["only_if_won"] == "Bedingung" and rows["load"] == "Ladung"
    assert "Auftrag" not in rows.values()


def test_an_auf_achse_round_that_offers_nothing_still_has_its_form():
    """A round with no new offers ("In dieser Runde wird nichts angeboten.") broke the page's data: the bids'
    order list, empty, was read as the schema's enum (KeyError). The bid's order is an empty list then."""
    state = at_round(new_game(), 1)
    for o in state["orders"]:
        o["status"] = "lapsed" if o["status"] == "announced" else o["status"]
    form = RULESET.choices(RULESET.public_view(state), "p0")
    bid = next(f for f in _fields(form["field"]) if f.get("key") == "order")
    assert bid["options"] == [] and bid["default"] is None
    assert "In dieser Runde wird nichts angeboten." in form["notes"]


def test_a_convoyed_move_its_convoys_and_its_supports_are_offered():
    """Issue #30, item 5: an army's move across the water (one fleet or a chain), the convoy of each fleet of the
    chain and the support of the convoyed move by a unit that reaches the coast; each one ``check`` accepts.
    Fall 1901: England's fleets in the North Sea and the Norwegian Sea, its army in Yorkshire."""
    state = RULESET_DIP.setup({}, DIP_PLAYERS, Dice(b"convoy"))
    state = RULESET_DIP.adjudicate(state, {"eng": ["F Lon - Nth", "F Edi - Nwg", "A Lvp - Yor"]}, Dice(b"1")).state
    form = RULESET_DIP.choices(RULESET_DIP.public_view(state), "eng")
    items = {i["label"]: i for i in form["field"]["items"]}
    army, north, norwegian = (options(items[u]) for u in ("A Yor", "F Nth", "F Nwg"))
    assert {"A Yor - Nwy", "A Yor - Lon via convoy", "A Yor - Cly"} <= set(army)
    assert {"F Nth C A Yor - Nwy", "F Nth C A Yor - Cly", "F Nwg C A Yor - Cly"} <= set(north) | set(norwegian)
    assert "F Nwg S A Yor - Nwy" in norwegian and "F Nth S A Yor - Nwy" in north
    assert items["A Yor"]["convoyed"]["A Yor - Nwy"] == ["F Nth"]
    assert items["A Yor"]["convoyed"]["A Yor - Cly"] == ["F Nth", "F Nwg"], "the chain of two fleets"
    for text in [*army, *north, *norwegian]:
        assert [p.message for p in RULESET_DIP.check(state, "eng", [text]) if p.severity == "error"] == [], text


@pytest.mark.parametrize(("map_name", "players", "words"), [
    ("standard", "dip", ["Propose draw", "Withdraw votes", "Concede to France"]),
    ("dreissigjaehriger-krieg", "jk", ["Remis", "Stimmen zurückziehen", "Aufgeben zugunsten von Schweden",
                                       "Aufgeben zugunsten von BRL"])])
def test_a_vote_is_proposed_withdrawn_or_the_game_conceded_in_the_game_s_language(map_name, players, words):
    """Issue #30: the page offered only "Propose draw". Where votes stand until withdrawn (``votes: standing``)
    it offers withdrawing them and conceding to each other power still in the game, labelled in the game's
    language (German in 30JK, its draw written 'Remis' as its judges write it); ``check`` accepts each."""
    seats = DIP_PLAYERS if players == "dip" else DK_PLAYERS
    state = RULESET_DIP.setup({"map": map_name}, seats, Dice(b"votes"))
    me = seats[0].key
    form = RULESET_DIP.choices(RULESET_DIP.public_view(state), me)
    vote = form["field"]["items"][-1]
    values = [o["value"] for o in vote["options"]]
    assert values[0] is None and set(words) <= set(values), values
    assert vote["map"] is False, "a click on the map never picks a vote"
    labels = {o["value"]: o["label"] for o in vote["options"]}
    if players == "jk":
        assert vote["label"] == "Stimme" and labels["Remis"] == "Remis vorschlagen"
        assert labels["Aufgeben zugunsten von Schweden"] == "Die Partie Schweden überlassen"
        assert form["notes"][0].startswith("Frühling 1618: Züge: Befehle für "), form["notes"]
    for text in values[1:]:
        assert [p.message for p in RULESET_DIP.check(state, me, [text]) if p.severity == "error"] == [], text


def test_an_auf_achse_route_is_offered_by_destination_with_its_points_and_fare():
    """Issue #30: a route from Hamburg to München took 29 taps. The route field offers every other city as a
    destination, with its cheapest route (the site closed, Stau counted) and that route's Streckenpunkte and
    fare; each route is one ``plan_route`` drives without a problem, at the points and fare the label says."""
    state = at_round(new_game(), 1)
    state["site"] = "HH-HB.2"
    form = RULESET.choices(RULESET.public_view(state), "p0")["field"]
    route = next(f for f in _fields(form) if f.get("kind") == "route")
    board = board_of(RULESET.data, state)
    assert {g["value"] for g in route["goals"]} == set(board.cities) - {"HH"}
    stau = stau_counts(state)
    stau["HH"] = stau.get("HH", 1) - 1
    for goal in route["goals"]:
        path = route_to(route, goal["value"])
        driven = plan_route(RULESET.data, board, "HH", ["HH", *path], state["site"], stau)
        assert driven.problems == [] and driven.end == goal["value"], goal["value"]
        assert goal["label"].endswith(f": {driven.points} Streckenpunkte, Fahrpreis {driven.fare} kj")
        if not any(n in stau and stau[n] > 0 for n in path):
            assert driven.points == board.distance("HH", goal["value"], blocked="HH-HB.2")
    assert "HH-HB.2" not in route_to(route, "HB"), "the construction site is closed"


def test_an_auf_achse_truck_s_routes_by_destination_are_sent_as_one_tree():
    """Issue #30, "Light on a phone": each city's route was sent whole (15 kB of a truck's 67 kB; Auf Achse's turn
    data was 630 kB). The routes go as one tree (each field -> the one before it), and each city's route read back
    from it is the cheapest route ``cheapest_routes`` finds, in less than half the bytes."""
    state = at_round(new_game(), 1)
    form = RULESET.choices(RULESET.public_view(state), "p0")["field"]
    route = next(f for f in _fields(form) if f.get("kind") == "route")
    stau = stau_counts(state)
    stau["HH"] = stau.get("HH", 1) - 1
    whole = cheapest_routes(board_of(RULESET.data, state), "HH", state["site"], stau)
    assert {c: route_to(route, c) for c in whole} == whole
    assert all("route" not in g for g in route["goals"])
    assert len(json.dumps(route["via"])) * 2 < len(json.dumps(whole))


def test_an_auf_achse_round_s_board_is_sent_once_however_many_trucks_a_haulier_has():
    """Issue #30, "data sent once per place": each truck's route field carried the round's map (``next``: 12 kB,
    the same for every truck of a round), the cities' names and the fares. A haulier with three trucks gets them
    once, in the form's ``routes``; each truck's field keeps only what is its own (its start, Stau points, its
    routes by destination)."""
    state = at_round(new_game(), 1)
    one = RULESET.choices(RULESET.public_view(state), "p0")
    trucks = state["hauliers"]["p0"]["trucks"]
    trucks += [copy.deepcopy(trucks[0]), copy.deepcopy(trucks[0])]
    form = RULESET.choices(RULESET.public_view(state), "p0")
    routes = [f for f in _fields(form["field"]) if f.get("kind") == "route"]
    assert len(routes) == 3
    assert not any({"next", "names", "fares", "words"} & set(r) for r in routes)
    board = board_of(RULESET.data, state)
    assert set(form["routes"]["next"]["HH"]) == set(board.neighbours("HH"))
    assert one["routes"] == form["routes"], "the same for every truck of the round"


def test_calamity_s_form_is_the_phase_s_decision_in_words():
    """Issue #30, item 8: the mover's form held every phase's fields with raw keys. The mover at field 20 is
    offered the card first (labelled with the field each card leads to, narrowed to the hand in the page:
    ``held``), the sales, and the events of the fields cards 1-5 reach only (Ankauf, Übernahme, Ascot; no Steuer,
    Henley or Monopol), each naming its cards; no standing orders. A player with nothing due gets those."""
    state = arrange(new_calamity(), mover="ann", token=20)
    public = CAL.public_view(state)
    mover = CAL.choices(public, "ann")["field"]["fields"]
    assert [f["key"] for f in mover] == ["card", "sell", "buy", "takeover", "ascot"]
    card = mover[0]
    assert card["held"] == ["state", "hand"] and card["options"][3]["label"] == "4: to field 24 (Übernahme)"
    assert next(f for f in mover if f["key"] == "takeover")["label"].endswith("Übernahme, if you play 4")
    labels = [f["label"] for top in mover for f in _fields(top)]
    assert not {"before_row", "accept_fee", "year_end", "henley", "standing"} & set(labels)
    other = CAL.choices(public, "bob")["field"]["fields"]
    assert [f["key"] for f in other] == ["standing"]
    assert "before_row" not in [f["label"] for f in _fields(other[0])]
