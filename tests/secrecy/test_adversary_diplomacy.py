"""Issue 15, "Show it": the adversary against Diplomacy on the standard map. Orders are simultaneous: sealed until
the deadline, then published as the deadline read them (issue 28: written from the parsed orders, so that nothing
a player wrote beside them is published). Nothing else is hidden. The players send the demo's orders."""

from __future__ import annotations

from pathlib import Path

from adjudicator.kit import secrecy

from .adversary import Table, attack, demo_bot, demo_game

NAME = "diplomacy"


def test_an_outsider_reads_no_order_before_its_deadline(league: Path, tmp_path: Path, monkeypatch, capsys):
    players, options = demo_game(NAME)
    table = Table(league, tmp_path, NAME, players, options, monkeypatch, capsys)
    table.new()
    table.play(demo_bot(NAME), turns=2)
    outsider, secrets = attack(table, tmp_path / "site")
    # Each turn's orders are found as the deadline read them from the deadline run's commit on, in none before it.
    declared = secrecy.of(table.game().ruleset, table.game().settings.options)
    for turn in (1, 2):
        first = next(c for c in outsider.commits if outsider.turn_done[c] >= turn)
        for login, raw in table.sent[turn].items():
            path = f"orders/g/{turn:04d}/{login}.yaml"
            assert outsider.files(first, path)[path] == secrecy.public_part(declared, raw)[0]
            assert all(raw.decode() not in outsider.blobs[b] for c in outsider.commits
                       if outsider.turn_done[c] < turn for _, b in outsider.trees[c])
    assert sum(s.what.endswith(f"sealed orders of turn {t}") for s in secrets for t in (1, 2)) == 14
