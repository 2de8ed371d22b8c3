"""Vorbereitung (set-up) and the options of the game."""

import pytest

from adjudicator.dice import Dice
from adjudicator.kit.ruleset import RulesetError, load
from adjudicator.league import secrets
from adjudicator.league.store import load_game
from adjudicator.model import Player, is_plain
from adjudicator.rulesets.policy_maker import RULESET as R
from adjudicator.sealed import storage

from ..conftest import run
from .pm_helpers import GOV, PLAYERS, new_game, total_cards

UNASSIGNED = [Player(k, k.title(), k, i) for i, k in enumerate(["anna", "bert", "carl", "dora"], 1)]


def test_entry_point_loads_the_ruleset():
    assert load("policy-maker") is R
    assert R.name == "policy-maker"


def test_vorbereitung_2_the_government_is_drawn_by_lot():
    govs = {R.setup({}, UNASSIGNED, Dice(b"seed%d" % i))["seats"]["government"] for i in range(40)}
    assert govs == {"anna", "bert", "carl", "dora"}
    s = R.setup({}, UNASSIGNED, Dice(b"seed1"))
    assert s == R.setup({}, UNASSIGNED, Dice(b"seed1")), "the same dice give the same table"


def test_vorbereitung_2_a_role_can_name_the_government_and_investys_sit_from_its_left():
    s = new_game()
    assert s["seats"]["government"] == "dora"
    assert s["seats"]["investys"] == ["anna", "bert", "carl"]
    players = [Player("anna", "A", "anna", 1), Player("bert", "B", "bert", 2, "government"),
               Player("carl", "C", "carl", 3), Player("dora", "D", "dora", 4)]
    s = R.setup({}, players, Dice(b"x"))
    assert s["seats"]["investys"] == ["carl", "dora", "anna"], "the Investy on the Government's left begins"


def test_vorbereitung_roles_and_player_counts_are_checked():
    with pytest.raises(RulesetError, match="only one player"):
        R.setup({}, [Player(k, k, k, 1, "government") for k in "abcd"], Dice(b"x"))
    with pytest.raises(RulesetError, match="role"):
        R.setup({}, [Player(k, k, k, 1, "king") for k in "abcd"], Dice(b"x"))
    with pytest.raises(RulesetError, match="Investys"):
        R.setup({}, PLAYERS[:2], Dice(b"x"))


def test_vorbereitung_3_the_secret_goal_is_one_of_seven_and_private():
    s = new_game()
    assert len(s["board"]["goals"]) == 7
    assert s["private"]["dora"]["goal"] in {g["id"] for g in s["board"]["goals"]}
    goals = {new_game(b"g%d" % i)["private"]["dora"]["goal"] for i in range(40)}
    assert len(goals) >= 5, "the goal is shuffled, not fixed"
    assert "goal" not in str(R.public_view(s)["seats"])


def test_vorbereitung_3_the_set_up_report_names_each_goal_with_its_condition(league):
    """Vorbereitung 3 and Ziele: the Government draws its goal in secret before the first decision, so its private
    report of the set-up names the goal with its condition (issue 32: it named the card only, and the first tax
    policy was decided without it); each Investy's names the Investys' goal and its hand, and not the secret goal.
    Through the real ``turnpress new``: the reports are sealed (the game's key opens them); the public report has
    none."""
    names = [f"--player={p.name}:{p.login}:{p.github_id}" + (f":{p.role}" if p.role else "") for p in PLAYERS]
    assert run(league, "new", "policy-maker", "g", *names) == 0
    game = load_game(league, "g")
    assert game.settings.options["draws"] == "sealed"  # a new game keeps the draw: lists sealed (issue 32)
    folder = game.turn_folder(0)
    opened = storage.read_private(folder, secrets.game_identities(league, "g"))
    card = next(c for c in game.state(0)["board"]["goals"] if c["id"] == opened[GOV]["state"]["goal"])
    [line] = opened[GOV]["report"]
    assert line.startswith(f"Your secret policy goal: {card['name']} — {card['text']} It scores 10 points")
    for k in ("anna", "bert", "carl"):
        lines = opened[k]["report"]
        assert lines[0].startswith("Your goal: a monopoly position in one sector") and lines[1].startswith("Your hand")
        assert card["name"] not in " ".join(lines) and card["text"] not in " ".join(lines)
    report = (folder / "report.yaml").read_text()
    assert "private" not in report and card["text"] not in report and "Your hand" not in report


def test_vorbereitung_4_5_sixty_five_cards_five_each_two_open():
    s = new_game()
    assert total_cards(s) == 65
    for k in s["seats"]["investys"]:
        assert sum(s["private"][k]["hand"].values()) == 5 == s["investys"][k]["cards"]
    assert len(s["open_cards"]) == 2
    assert s["deck_size"] == 65 - 15 - 2 == len(s["secret"]["deck"])
    every = s["secret"]["deck"] + s["open_cards"] + [k for p in s["seats"]["investys"]
                                                     for k, n in s["private"][p]["hand"].items() for _ in range(n)]
    assert sorted(every.count(k) for k in set(every)) == [5, 15, 15, 15, 15], "four sectors and five jokers"


def test_vorbereitung_6_two_open_public_initiatives_of_sixteen():
    s = new_game()
    assert len(s["board"]["initiatives"]) == 16
    assert len(s["initiatives"]["open"]) == 2
    assert s["initiatives"]["deck_size"] == 14 == len(s["secret"]["initiative_deck"])


def test_vorbereitung_8_9_costs_at_two_timeline_at_the_start():
    s = new_game()
    assert s["costs"] == {"education": 2, "health": 2, "energy": 2, "housing": 2}
    assert s["timeline_index"] == 0 and s["round"] == 1
    assert all(v == 0 for t in s["tracks"].values() for v in t.values()), "stones stay with the Investys"
    assert R.phase(s).awaited == ("dora",)
    assert is_plain(s)


def test_options_are_validated_and_copied():
    s = new_game(wealth_tax_from=20, monopoly_rounds="3", initiative_is_action="true",
                 government_average="leaders", timeline="grant, audit")
    assert s["options"]["wealth_tax_from"] == 20 and s["options"]["monopoly_rounds"] == 3
    assert s["options"]["initiative_is_action"] is True
    assert s["timeline"] == ["grant", "audit"]
    assert len(s["private"]["dora"]["grant_cards"]) == 9, "a grant on the first space draws at once"
    for bad in ({"colour": 1}, {"wealth_tax_from": 5}, {"timeline": "party"}, {"government_average": "mean"},
                {"initiative_is_action": "maybe"}):
        with pytest.raises(RulesetError):
            new_game(**bad)
