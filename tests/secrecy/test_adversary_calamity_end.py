"""Issue 15, "Show it": after the end of a finished hidden-information game, the published hidden link lets
anyone replay every turn, hidden draws included, without the key. A Calamity year played to its end through
the real commands, every player on the lowest card and standing orders."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.dice import link_back
from adjudicator.engine.verify import AFTER_END, verification

from .adversary import Table, attack, setup_again
from .test_adversary_calamity import PLAYERS, bot

pytestmark = pytest.mark.slow


def test_after_the_end_anyone_replays_every_hidden_draw_without_a_key(
        league: Path, tmp_path: Path, monkeypatch, capsys):
    table = Table(league, tmp_path, "calamity", PLAYERS, ["years=1"], monkeypatch, capsys)
    table.new()
    turns = table.play_to_end(bot, most=60)
    _, secrets = attack(table, tmp_path / "site")
    game = table.game()  # no key from here on
    assert game.ruleset.phase(game.state(turns)).finished
    done = verification(table.root, "g")
    assert (done.turns, done.found, done.mode) == (turns, [], AFTER_END)
    # The published end link leads back to the set-up's hidden link: the deal drawn again is the deal dealt.
    end = bytes.fromhex(game.report(turns)["dice"]["hidden_end"])
    with table.game_master():
        truth = table.game().state(0)
    again = setup_again(game, [link_back(end, turns)])[0]
    assert again["secret"] == truth["secret"] and again["private"] == truth["private"]
