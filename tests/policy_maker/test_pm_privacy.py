"""Private information: hands, the secret goal, the deck order and the audit stay out of everything public."""

import copy
import json
import random
import re

import pytest

from adjudicator.dice import Dice
from adjudicator.kit import secrecy
from adjudicator.kit.ruleset import RulesetError
from adjudicator.model import is_plain
from adjudicator.rulesets.policy_maker import RULESET as R

from .pm_bot import orders_for
from .pm_helpers import GOV, PLAYERS, new_game

SECRET_KEYS = {"hand", "goal", "audits", "grant_cards", "deck", "discard", "initiative_deck", "initiative_discard",
               "initiative_preference"}
KINDS = "Education|Health|Energy|Housing|Joker"


def _keys(value, found=None):
    found = set() if found is None else found
    if isinstance(value, dict):
        for k, v in value.items():
            found.add(k)
            _keys(v, found)
    elif isinstance(value, list):
        for v in value:
            _keys(v, found)
    return found


def _games(seeds):
    """Whole games played by the test bot: (state before, report, state after) of every phase."""
    for seed in seeds:
        rng = random.Random(seed)
        s = R.setup({}, PLAYERS, Dice(b"privacy%d" % seed))
        n = 0
        while not R.phase(s).finished:
            r = R.adjudicate(s, orders_for(s, rng), Dice(b"p%d-%d" % (seed, n)))
            yield s, r
            s, n = r.state, n + 1


@pytest.fixture(scope="module")
def played():
    return list(_games(range(4)))


def _public_report(report):
    return {k: v for k, v in report.items() if k != "private"}


def test_public_view_holds_no_hand_goal_deck_or_audit(played):
    for _, r in played:
        view = R.public_view(r.state)
        assert not _keys({k: v for k, v in view.items() if k not in ("board", "result")}) & SECRET_KEYS
        assert not _keys(view["result"]) & (SECRET_KEYS - {"goal"}), "the goal is revealed only at the end"
        assert "private" not in view and "secret" not in view
        assert is_plain(view) and is_plain(r.report)


def test_the_secret_goal_is_public_only_once_the_game_is_over(played):
    for _, r in played:
        card = next(g for g in r.state["board"]["goals"] if g["id"] == r.state["private"][GOV]["goal"])
        view = R.public_view(r.state)
        public_text = json.dumps({"seats": view["seats"], "result": view["result"], "log": view["log"]})
        report_text = json.dumps(_public_report(r.report))
        news = R.newsletter(r.state, r.report, PLAYERS)
        if not r.state["finished"] or r.state["result"]["reason"] == "monopoly":
            for text in (public_text, report_text, news):
                assert card["id"] not in text and card["name"] not in text
        else:
            assert card["name"] in news, "the final scoring reveals the goal"


def test_public_report_says_counts_not_kinds_of_hidden_cards(played):
    drawn = re.compile(rf"draws (the open ({KINDS})|one from the deck|nothing \(the deck is empty\))"
                       rf"( and (the open ({KINDS})|one from the deck|nothing \(the deck is empty\)))?\.$")
    for _, r in played:
        for e in r.report["events"]:
            text = e["text"]
            if " draws " in text and "public initiative" not in text:
                assert drawn.search(text), text
            if text.startswith(("Grant funding", "Audit")) or "wealth tax" in text:
                assert not re.search(KINDS, text), text
        assert "Your hand" not in json.dumps(_public_report(r.report))


def test_each_private_report_holds_that_players_own_hand(played):
    for _, r in played:
        for k in r.state["seats"]["investys"]:
            lines = r.report["private"][k]
            assert lines[-1].startswith("Your hand:")
            assert f"({r.state['investys'][k]['cards']} card" in lines[-1] or "no cards" in lines[-1]
            assert "secret policy goal" not in " ".join(lines)
        assert any("secret policy goal" in line for line in r.report["private"][GOV])


def test_private_view_shows_own_secrets_only():
    s = new_game()
    for k in ("anna", "bert", "carl"):
        v = R.private_view(s, k)
        assert list(v["private"]) == [k] and "hand" in v["private"][k]
        assert "secret" not in v
    assert "goal" in R.private_view(s, GOV)["private"][GOV]


def test_newsletter_reads_nothing_hidden(played):
    """Scrambling every hidden part (hands, goal, decks, private report) leaves the issue byte for byte."""
    for _, r in played[::5]:
        other = copy.deepcopy(r.state)
        for k in other["private"]:
            other["private"][k] = {"hand": {"joker": 99}, "goal": "fair-markets", "audits": ["x"]}
        other["secret"] = {"deck": ["joker"] * 3}
        report = dict(r.report, private={k: ["Your hand: 77 Zebras"] for k in r.report["private"]})
        assert R.newsletter(other, report, PLAYERS) == R.newsletter(r.state, r.report, PLAYERS)
        assert "Zebras" not in R.newsletter(other, report, PLAYERS)


def test_template_and_schema_use_public_figures_only(played):
    for s, _ in played[::7]:
        who = R.phase(s).awaited[0]
        other = copy.deepcopy(s)
        for k in other["private"]:
            if "hand" in other["private"][k]:
                other["private"][k]["hand"] = {kind: 7 for kind in other["private"][k]["hand"]}
        other["private"][GOV]["goal"] = "nothing-like-it"
        assert R.template(other, who) == R.template(s, who)


def test_the_draw_preferences_are_not_published_in_a_new_game():
    """"Um Ihren Zug zu beenden, ziehen Sie 2 Karten, entweder von den aufgedeckten Karten oder vom Kartenstapel":
    at the table the others see the card taken, never the order of preference behind it. A game set up since
    issue 32 records ``draws: sealed`` and keeps an Investy's ``draw:`` list sealed until the game ends, as the
    other choices; a game set up before (no such option) publishes its orders as it did, so it replays."""
    assert R.new_game_options({}) == {"draws": "sealed"}
    assert R.new_game_options({"draws": "open"}) == {"draws": "open"}
    given = {"invest": {"sector": "health", "steps": 1, "jokers": 0}, "draw": ["joker", "health", "deck"]}
    public, sealed = secrecy.split_orders(secrecy.of(R, R.new_game_options({})), given)
    assert public == {"invest": given["invest"]} and sealed == {"draw": given["draw"]}
    assert secrecy.split_orders(secrecy.of(R, {}), given) == (given, None)  # set up before issue 32
    with pytest.raises(RulesetError, match="option draws"):
        R.setup({"draws": "hidden"}, PLAYERS, Dice(b"x"))
    assert R.setup({"draws": "sealed"}, PLAYERS, Dice(b"x")) == R.setup({}, PLAYERS, Dice(b"x"))  # state alike
