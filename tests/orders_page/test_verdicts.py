"""The orders page's verdict data (issue 30: "the page's verdict is validate's by construction"): what the page
looks a sheet up in is computed by the rules themselves (``newsletter/verdicts.py``)."""

from __future__ import annotations

from pathlib import Path

from adjudicator import yamlio
from adjudicator.league import store
from adjudicator.newsletter import verdicts
from adjudicator.sealed import crypto

REPO = Path(__file__).resolve().parents[2]


def test_every_line_the_page_offers_is_one_the_rules_take_and_the_table_holds_each():
    """The demo's Diplomacy game in spring 1904: each power's table holds every line its lists offer (convoys and
    supports of convoyed moves included), and the rules' own check refuses none of them."""
    game = store.load_game(REPO, "demo-diplomacy")
    public = game.ruleset.public_view(game.effective_state(game.open_turn))
    for player in game.players:
        form = game.ruleset.choices(public, player.key)
        table = verdicts.line_table(game.ruleset, public, player.key, form)
        assert table is not None
        offered = {verdicts.line_key(o["value"]) for item in form["field"]["items"] for o in item["options"]
                   if isinstance(o["value"], str)}
        assert offered == set(table["lines"])
        assert all(not v["problems"] for v in table["lines"].values()), player.key
        assert all(w in table["words"] for key in table["lines"] for w in key.split(" "))


def test_the_page_s_limits_are_python_s():
    """The page pads a sealed file to the first of ``sizes`` that holds it, beyond them to a multiple of ``step``
    (orders.js ``paddedSize``): the same lengths as ``sealed.crypto.padded_size``, and the same size limit."""
    limits = verdicts.limits()
    assert limits["max_bytes"] == yamlio.ORDERS_MAX_BYTES
    pad = limits["pad"]
    for n in (1, 100, 1023, 1024, 1025, 5000, 70_000, 262_144, 262_145, 300_000, 393_217):
        looked_up = next((s for s in pad["sizes"] if s >= n), -(-n // pad["step"]) * pad["step"])
        assert looked_up == crypto.padded_size(n), n
    assert pad["mark"].encode() == crypto.PAD_MARK
