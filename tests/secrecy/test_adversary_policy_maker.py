"""Issue 15, "Show it": the adversary against The Policy Maker. Each player's hand, the Government's secret goal
and the order of both decks are hidden (drawn from the hidden dice stream); the Government's order of
preference of initiatives stays sealed until the game ends."""

from __future__ import annotations

from pathlib import Path

from adjudicator.rulesets.policy_maker import orders as pm_orders

from .adversary import Table, attack, demo_bot, public_links, setup_again

PLAYERS = ["Anna:anna:1", "Bert:bert:2", "Carl:carl:3", "Dora:dora:4:government"]


def bot(state, login, turn):
    """The Government gives the demo's tax policy and initiative preferences; an Investy draws two from the deck
    and says so in a note."""
    if turn == 1 and login == "dora":
        return demo_bot("policy-maker")(state, "jhartl", 1)  # the demo's Government
    orders = pm_orders.defaults(state, login)
    return {**orders, "note": f"{login} draws blind in turn {turn}"} if orders else None


def test_an_outsider_learns_no_hand_no_goal_no_deck_and_no_preference(
        league: Path, tmp_path: Path, monkeypatch, capsys):
    table = Table(league, tmp_path, "policy-maker", PLAYERS, [], monkeypatch, capsys)
    table.new()
    table.play(bot, turns=3)
    _, secrets = attack(table, tmp_path / "site")
    assert any("sealed until the end" in s.what and "initiatives" in s.what for s in secrets)
    with table.game_master():
        game = table.game()
        truth = game.state(0)
        for guess in setup_again(game, public_links(game)):
            assert guess["secret"] != truth["secret"]
            assert guess["private"] != truth["private"]
