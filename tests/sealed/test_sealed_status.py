"""``status`` reads sealed files as the deadline does (issue 29, item 5): with the game's key, a sealed file
of which part is faulty counts as orders in when the benevolent reading keeps something of it, so its player
is not shown as awaited and early adjudication is not held up for them."""

from __future__ import annotations

from adjudicator.engine import turn
from adjudicator.league.store import load_game
from adjudicator.sealed import crypto

from ..conftest import git
from .conftest import Table, at

POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")


def test_status_with_the_key_counts_a_partly_faulty_sealed_file_as_in(table: Table):
    players = [arg for i, p in enumerate(POWERS) for arg in ("--player", f"{p.capitalize()}:{p[:3]}:{i + 10}:{p}")]
    assert table.cli("new", "diplomacy", "d1", *players, "--now", "2026-01-01T00:00Z",
                     "--schedule", "first=2026-03-02 20:00,every=7 days,timezone=UTC,grace=60") == 0
    key = next(line.strip().split("=", 1)[-1] for line in table.out().splitlines() if "AGE-SECRET-KEY-" in line)
    (table.root / ".secrets/d1.key").unlink()
    game = load_game(table.root, "d1")
    sheets = {"ger": ["A Ber - Xyz", "F Kie - Den", "A Mun - Ruh"],  # one order of three cannot be carried out
              "aus": ["A Xyz - Tyr", "F Tri - Xyz"]}  # none can: missing, as at the deadline
    for login, lines in sheets.items():
        text = f"game: d1\nturn: 1\nplayer: {login}\norders:\n" + "".join(f"  - {x}\n" for x in lines)
        path = table.root / f"orders/d1/0001/{login}.yaml.age"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(crypto.encrypt(text.encode(), game.recipients(login)))
    git(table.root, "add", "-A")
    git(table.root, "commit", "-qm", "sealed orders of ger and aus", date=at(1, 12))

    table.mp.setenv("TURNPRESS_GAME_KEY_D1", key)
    st = turn.status(load_game(table.root, "d1"), at(1, 13))
    assert st.submitted == ["ger"], "Germany's valid orders are in; nothing of Austria's holds"
    assert table.cli("status", "d1", "--now", at(1, 13).isoformat()) == 0
    out = table.out()
    assert "orders in: Germany" in out and "awaited: Austria, England, France, Italy, Russia, Turkey" in out, out
