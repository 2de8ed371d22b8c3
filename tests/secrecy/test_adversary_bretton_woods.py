"""Issue 15, "Show it": the adversary against Bretton Woods. A year's orders (production, market offers and bids,
contacts) are given at once and sealed until the deadline; a country's standing orders (what is played if it
misses a year) stay sealed until the game ends. The players send the demo game's orders."""

from __future__ import annotations

from pathlib import Path

from adjudicator.kit.secrecy import public_part
from adjudicator.rulesets.bretton_woods import SECRECY

from .adversary import Table, attack, demo_bot, demo_game

NAME = "bretton-woods"


def test_an_outsider_sees_no_offer_before_the_deadline_and_no_standing_order(
        league: Path, tmp_path: Path, monkeypatch, capsys):
    players, options = demo_game(NAME)
    table = Table(league, tmp_path, NAME, players, options, monkeypatch, capsys)
    table.new()
    table.play(demo_bot(NAME), turns=2)
    outsider, secrets = attack(table, tmp_path / "site")
    standing = [s for s in secrets if "sealed until the end" in s.what and "standing_orders" in s.forms[0]]
    assert standing, "a country gave standing orders"
    with table.game_master():
        hidden = table.game().state(2)["private"]
    assert any(v.get("standing_orders") for v in hidden.values()), "kept in the sealed state"
    # What the market saw is public after the deadline: the outsider finds each country's orders of year 1
    # (their public part) in the archive of the deadline run's commit, and in no commit before it.
    first = next(c for c in outsider.commits if outsider.turn_done[c] >= 1)
    for login, raw in table.sent[1].items():
        path = f"orders/g/0001/{login}.yaml"
        # Bretton Woods speaks German: the deadline heads the published part in German (issue 31).
        assert outsider.files(first, path)[path] == public_part(SECRECY, raw, "de")[0]
