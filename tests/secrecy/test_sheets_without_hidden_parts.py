"""Order sheets and checks when the player's hidden part is not there (issue 15, item 5: ``template`` crashed in a
sealed Calamity game with KeyError 'private'; a sheet for a public pull request must not carry hidden values)."""

from __future__ import annotations

import yaml

from adjudicator.rulesets.calamity import RULESET as CALAMITY
from adjudicator.rulesets.policy_maker import RULESET as PM
from tests.calamity.cal_helpers import new_game as calamity_game
from tests.policy_maker.pm_helpers import GOV, advance_to
from tests.policy_maker.pm_helpers import new_game as pm_game


def test_calamity_sheet_without_the_hand_names_no_card_and_still_parses():
    st = calamity_game()
    mover = st["phase"]["awaited"][0]
    hand = st["private"][mover]["hand"]
    public = CALAMITY.public_view(st)
    sheet = CALAMITY.template(public, mover)
    assert "Your cards are in your private report" in sheet
    for card in set(hand):
        assert f"card: {card} " not in sheet
    assert yaml.safe_load(sheet)["card"] == 0
    # with the hand (a sealed game, the player's key at hand) the sheet shows it, as before
    assert f"# Your cards: {', '.join(map(str, hand))}" in CALAMITY.template(st, mover)


def test_calamity_check_without_the_hand_warns_and_leaves_the_card_to_the_deadline():
    st = calamity_game()
    mover = st["phase"]["awaited"][0]
    problems = CALAMITY.check(CALAMITY.public_view(st), mover, {"card": 1})
    assert [p.severity for p in problems] == ["warning"]
    assert "checked at the deadline" in problems[0].message


def test_policy_maker_grant_sheet_and_schema_without_the_governments_cards():
    st = advance_to(pm_game(), "government", GOV)
    public = PM.public_view(st)
    assert "private" not in public
    PM.order_schema(public, GOV)  # no KeyError
    PM.template(public, GOV)
