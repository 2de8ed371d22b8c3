"""Draw and concession votes as the judges keep them (issue 29): njudge's SET DRAW and webDiplomacy's votes stand
until withdrawn, over every phase; a concede vote; a power without a supply centre has no vote. A game set up
before (its pinned map has no 'votes: standing') counts a proposal in its own movement phase only, as it did."""

from __future__ import annotations

from adjudicator.dice import Dice
from adjudicator.kit import gamedata
from adjudicator.rulesets.diplomacy import RULESET
from adjudicator.rulesets.diplomacy.adjudicate import standing_votes
from adjudicator.rulesets.diplomacy.tables import _load_map

from .test_diplomacy_rules import PLAYERS

KEYS = [p.key for p in PLAYERS]


def test_a_draw_vote_stands_until_withdrawn_over_phases():
    s0 = RULESET.setup({}, PLAYERS, Dice(b"x"))
    six = {k: ["Propose draw"] for k in KEYS[:6]}
    r1 = RULESET.adjudicate(s0, six, Dice(b"1"))
    s1 = r1.state
    assert "Votes standing: Austria (draw), England (draw)" in RULESET.newsletter(s1, r1.report, PLAYERS)
    assert s1["result"] is None and sorted(s1["votes"]) == sorted(s1["seats"][k] for k in KEYS[:6])
    s2 = RULESET.adjudicate(s1, {"ann": ["Withdraw votes"], "gu": ["Propose draw"]}, Dice(b"2")).state
    assert s2["result"] is None, "England withdrew its vote as Turkey's came"
    s3 = RULESET.adjudicate(s2, {"ann": ["Propose draw"]}, Dice(b"3")).state
    assert s3["result"] == {"kind": "draw", "powers": sorted(s0["seats"].values())}, \
        "the votes of the phases before still stand"
    assert RULESET.result(s3) == {"kind": "draw", "seats": sorted(KEYS, key=lambda k: s0["seats"][k])}


def test_a_concession_by_every_other_power_ends_the_game_in_its_victory():
    s0 = RULESET.setup({}, PLAYERS, Dice(b"x"))
    to_france = {k: ["Concede to France"] for k in KEYS if k != "bob"}
    s1 = RULESET.adjudicate(s0, {**to_france, "gu": []}, Dice(b"1")).state
    assert s1["result"] is None
    s2 = RULESET.adjudicate(s1, {"gu": [{"concede": "fra"}]}, Dice(b"2")).state
    assert s2["result"]["kind"] == "victory" and s2["result"]["winner"] == "france"
    assert RULESET.result(s2) == {"kind": "win", "seats": ["bob"],
                                  "conceded_by": [k for k in sorted(KEYS, key=lambda k: s0["seats"][k]) if k != "bob"]}


def test_a_power_without_a_supply_centre_has_no_vote():
    s = RULESET.setup({}, PLAYERS, Dice(b"x"))
    s["supply_centres"]["turkey"] = []
    problems = RULESET.check(s, "gu", ["F Ank H", "Propose draw"])
    assert [p.message for p in problems] == ["Turkey has no supply centre and so no vote"]
    assert RULESET.check(s, "ann", ["Concede to Turkey"])[0].message == \
        "a concession goes to another power still in the game"


def test_a_game_set_up_before_keeps_its_proposals_of_one_phase():
    shipped = gamedata.packaged("adjudicator.rulesets.diplomacy", "data/maps/standard.yaml").decode()
    old = "\n".join(line for line in shipped.splitlines() if not line.startswith("votes:")) + "\n"
    assert standing_votes(_load_map("standard", shipped.encode()))
    assert not standing_votes(_load_map("standard", old.encode()))
