"""Play by mail: one player a phase, schemas and checks, conditional orders, NMR defaults, whole games."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator import yamlio
from adjudicator.dice import Dice
from adjudicator.model import Player
from adjudicator.rulesets.policy_maker import RULESET as R

from .pm_bot import orders_for
from .pm_helpers import FIRST, GOV, PLAYERS, SECOND, advance_to, new_game, play, total_cards, validator


def _walk_schema(node, path=()):
    if isinstance(node, dict):
        if node.get("type") == "object":
            assert node.get("additionalProperties") is False, path
            for name, prop in node.get("properties", {}).items():
                assert "description" in prop, path + (name,)
        for k, v in node.items():
            _walk_schema(v, path + (k,))
    elif isinstance(node, list):
        for v in node:
            _walk_schema(v, path)


def _run(seed, options=None):
    """A whole game of bots: the final state, the number of phases and of wealth-tax phases."""
    rng = random.Random(seed)
    s = R.setup(options or {}, PLAYERS, Dice(b"pbm%d" % seed))
    n = taxes = 0
    while not R.phase(s).finished:
        phase = R.phase(s)
        joint = s["queue"][0]["step"] == "government" and s["timeline"][s["timeline_index"]] == "audit"
        assert len(phase.awaited) == 1 + joint, "one player a phase; the Audit with the first turn (H15)"
        given = orders_for(s, rng)
        taxes += s["queue"][0]["step"] == "wealth_tax"
        for who, o in given.items():
            validator(R.order_schema(s, who)).validate(o)  # the schema checked against the draft, then the orders
            assert not [p for p in R.check(s, who, o) if p.severity == "error"], o
            assert R.describe(s, who, o)
        r = R.adjudicate(s, given, Dice(b"t%d-%d" % (seed, n)))
        assert total_cards(r.state) == 65
        assert all(v >= 0 for k in r.state["seats"]["investys"] for v in r.state["private"][k]["hand"].values())
        assert sum(r.state["costs"].values()) <= 12
        s, n = r.state, n + 1
    return s, n, taxes


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([{}, {"wealth_tax_from": 20, "initiative_is_action": True}]))
def test_whole_games_end_by_monopoly_or_timeline(seed, options):
    s, n, taxes = _run(seed, options)
    assert s["result"]["reason"] in ("monopoly", "timeline")
    played = s["timeline"][:s["round"]]  # a game ends at the end of a round, by monopoly or at »Ende«
    # Ablauf: a phase for the Government's action and one per Investy's turn, except that nobody waits for a
    # Holiday break and the Audit shares the first turn's phase (H15); a wealth tax owed adds a phase (H7).
    assert n == 4 * len(played) - played.count("holiday") - played.count("audit") + taxes
    rows = R.standings(s)
    assert [r["role"] for r in rows] == ["Investy"] * 3 + ["Government"]
    hist = R.history([R.public_view(s)])
    assert set(hist) == {"fields", "initiatives", "cards"}


def flagship_funded_with_next_two(s: dict, first: str, second: str) -> dict:
    """The second Investy can fund the open flagship project, and ``first``, ``second`` lie on top of the deck."""
    s["initiatives"]["open"] = ["flagship-project", "wind-parks"]
    s["tracks"]["housing"][SECOND] = 5
    deck = s["secret"]["initiative_deck"]
    for i in (first, second):
        deck.remove(i)
    deck[0:0] = [first, second]
    return s


def test_schemas_are_strict_and_described_in_every_phase():
    s = new_game(timeline="audit,tax,grant,holiday")
    while not R.phase(s).finished:
        for p in ("anna", "bert", "carl", "dora"):
            schema = R.order_schema(s, p)
            validator(schema)
            _walk_schema(schema)
        who = R.phase(s).awaited[0]
        s = play(s, who, R.default_orders(s, who, None)).state


def test_templates_are_valid_orders_for_their_phase():
    s = new_game(timeline="audit,tax,grant,holiday", seed=b"tpl")
    for _ in range(14):
        given = {}
        for who in R.phase(s).awaited:
            given[who] = yamlio.load(R.template(s, who)).data
            validator(R.order_schema(s, who)).validate(given[who])
            assert not [p for p in R.check(s, who, given[who]) if p.severity == "error"]
        s = R.adjudicate(s, given, Dice(b"tpl")).state


def test_orders_of_a_player_not_awaited_are_not_used():
    s = new_game()
    assert R.phase(s).awaited == (GOV,)
    problems = R.check(s, FIRST, {"invest": {"sector": "health", "steps": 1}})
    assert problems and problems[0].severity == "warning"
    assert R.default_orders(s, FIRST, None) == {}
    r = R.adjudicate(s, {GOV: {"tax": []}, FIRST: {"invest": {"sector": "health", "steps": 1}}}, Dice(b"x"))
    assert r.state["tracks"]["health"][FIRST] == 0


def test_conditional_government_preference_applies_when_an_investy_fulfils_later_in_the_round():
    s = new_game(timeline="tax,holiday")
    s = play(s, GOV, {"initiatives": ["public-works", "care-homes"]}).state
    assert s["private"][GOV]["initiative_preference"] == ["public-works", "care-homes"]
    assert "initiative_preference" not in str(R.public_view(s))
    assert "public-works" not in str(R.public_view(s)["log"])
    s = advance_to(s, "investy", SECOND)
    s = flagship_funded_with_next_two(s, "solar-roofs", "care-homes")
    r = play(s, SECOND, {"initiative": "flagship-project"})
    assert r.state["initiatives"]["open"][0] == "care-homes"


def test_the_government_may_change_its_preference_in_an_investys_phase():
    """Förderung ("Die Regierung zieht nun 2 neue öffentliche Initiativen, wählt davon eine aus"), by mail (house
    rule H14): the Government's choice is its standing preference, which it may send in any phase; its orders
    are taken in an Investy's phase without the phase waiting for them."""
    s = advance_to(new_game(timeline="holiday,holiday"), "investy", SECOND)
    assert R.phase(s).awaited == (SECOND,) and R.phase(s).takes(GOV)
    assert R.check(s, GOV, {"initiatives": ["solar-roofs"]}) == []
    assert R.check(s, GOV, {"tax": []}), "only the preference may be sent outside its phase"
    s = flagship_funded_with_next_two(s, "care-homes", "solar-roofs")
    r = R.adjudicate(s, {SECOND: {"initiative": "flagship-project"}, GOV: {"initiatives": ["solar-roofs"]}},
                     Dice(b"x"))
    assert r.state["initiatives"]["open"][0] == "solar-roofs"
    assert r.state["private"][GOV]["initiative_preference"] == ["solar-roofs"]


def test_nmr_defaults():
    s = new_game(timeline="tax,grant")
    assert R.default_orders(s, GOV, {"tax": [{"sector": "energy", "change": 1}]}) == {}
    s = play(s, GOV, R.default_orders(s, GOV, None)).state
    assert s["costs"] == {"education": 2, "health": 2, "energy": 2, "housing": 2}
    assert R.default_orders(s, FIRST, None) == {"draw": ["deck", "deck"]}


@pytest.mark.parametrize("seed", [1, 2])
def test_the_same_orders_and_dice_give_the_same_game(seed):
    assert _run(seed) == _run(seed)


def test_describe_reads_back_an_investys_orders():
    s = advance_to(new_game(timeline="holiday"), "investy", FIRST)
    lines = R.describe(s, FIRST, {"invest": {"sector": "energy", "steps": 2, "jokers": 1},
                                  "initiative": "solar-roofs", "draw": ["energy", "deck"], "note": "Sun!"})
    assert lines[0] == "Invest 2 field(s) in Energy: 4 cards at cost 2, 1 of them jokers."
    assert "Solar Roofs" in lines[1] and "open Energy, deck" in lines[2] and lines[-1] == "Note to the table: Sun!"


def test_the_boards_legend_gives_each_investy_a_line_of_its_own():
    """The board's legend ("Margarethe Vogl (Green)") ran into the next entry when side by side: each Investy has
    its own line, inside the picture."""
    import re

    from adjudicator.rulesets.policy_maker.newsletter import tracks_svg

    long = [Player("anna", "Margarethe Vogl-Hohenstein", "anna", 1), Player("bert", "Bartholomäus Berger", "bert", 2),
            Player("carl", "Carl", "carl", 3), Player("dora", "Dora", "dora", 4, "government")]
    svg = tracks_svg(new_game(players=long))
    height = int(re.search(r'<svg[^>]* height="(\d+)"', svg).group(1))
    legend = re.findall(r'<text x="(\d+)" y="(\d+)">([^<]*) \((\w+)\)</text>', svg)
    assert len(legend) == 3 and "Margarethe Vogl-Hohenstein" in {n for _, _, n, _ in legend}
    assert len({x for x, _, _, _ in legend}) == 1, "entries stacked, not side by side"
    ys = sorted(int(y) for _, y, _, _ in legend)
    assert len(set(ys)) == 3 and all(b - a >= 14 for a, b in zip(ys, ys[1:], strict=False)) and ys[-1] < height
