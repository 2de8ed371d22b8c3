"""Issue 15, "Show it": "``verify`` after the end of a finished hidden-information game replays every turn,
hidden draws included, without the key", for Auf Achse and The Policy Maker too (Calamity:
``test_adversary_calamity_end``). Each game is played to its end through the real commands; then, with no key
anywhere, ``verify`` replays every turn after the end, and the published end link draws the set-up's hidden
part (the shuffled deck, the hands and the goal) exactly as it was dealt."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.dice import link_back
from adjudicator.engine.verify import AFTER_END, verification

from . import test_adversary_auf_achse as auf_achse
from . import test_adversary_policy_maker as policy_maker
from .adversary import Table, attack, setup_again

pytestmark = pytest.mark.slow



def government_only(state, login, turn):
    """The Government's tax policy and sealed preference list in turn 1; after it nobody sends orders (each turn
    is played from the rules' defaults), which keeps a whole game of The Policy Maker short."""
    return policy_maker.bot(state, login, turn) if turn == 1 and login == "dora" else None


# The Policy Maker's timeline (house rule H2, the option ``timeline``) holds each of its four spaces once: every
# kind of round is played and replayed, the grant's hidden draws included, in 14 turns instead of the data
# file's ten spaces' 42 (issue 33: the longest test of the suite).
GAMES = {  # rules: (players, options, bot, most turns)
    "auf-achse": (auf_achse.PLAYERS, ["rounds=1"], auf_achse.bot, 12),
    "policy-maker": (policy_maker.PLAYERS, ["timeline=tax,audit,grant,holiday"], government_only, 40),
}


@pytest.mark.parametrize("rules", sorted(GAMES))
def test_after_the_end_anyone_replays_every_hidden_draw_without_a_key(
        rules: str, league: Path, tmp_path: Path, monkeypatch, capsys):
    players, options, bot, most = GAMES[rules]
    table = Table(league, tmp_path, rules, players, options, monkeypatch, capsys)
    table.new()
    turns = table.play_to_end(bot, most=most)
    attack(table, tmp_path / "site")
    game = table.game()  # no key from here on
    assert not game.game_identities() and game.ruleset.phase(game.state(turns)).finished
    done = verification(table.root, "g")
    assert (done.turns, done.found, done.mode) == (turns, [], AFTER_END)
    end = bytes.fromhex(game.report(turns)["dice"]["hidden_end"])
    with table.game_master():
        truth = table.game().state(0)
    again = setup_again(game, [link_back(end, turns)])[0]
    assert again["secret"] == truth["secret"]
    assert again.get("private") == truth.get("private")
