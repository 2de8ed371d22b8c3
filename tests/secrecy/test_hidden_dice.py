"""The hidden dice stream (issue 15, "Two kinds of randomness"; DESIGN.md, "Randomness anyone can audit, secrets
nobody can compute"): a second chain committed at set-up, whose links key every draw that decides hidden
information, published only when the game ends."""

from __future__ import annotations

from adjudicator.dice import Dice, H, commitment, hidden_link, link_back, orders_digest

SECRET = bytes(range(32))
N = 50


def test_the_hidden_links_form_a_chain_ending_in_the_public_commitment():
    links = [hidden_link(SECRET, N, t) for t in range(N)]
    assert H(links[0]) == commitment(SECRET, N)
    assert all(H(links[t]) == links[t - 1] for t in range(1, N))
    # a later link gives every earlier one: publishing the last link at the end opens the whole game
    assert link_back(links[30], 30 - 7) == links[7]
    assert link_back(links[30], 31) == commitment(SECRET, N)


def test_no_hidden_link_is_the_commitment_itself():
    # the set-up's hidden draws must not be keyed by anything public
    assert commitment(SECRET, N) not in {hidden_link(SECRET, N, t) for t in range(N)}


def test_hidden_draws_depend_on_the_hidden_link_and_public_ones_do_not():
    seed, digest = b"s" * 32, orders_digest({"alice": b"orders"})
    a = Dice.for_turn(seed, digest, hidden_link(SECRET, N, 3))
    b = Dice.for_turn(seed, digest, hidden_link(b"another secret", N, 3))
    assert a.fork("roll").randbits(128) == b.fork("roll").randbits(128)
    assert a.hidden("deal").shuffle(range(24)) != b.hidden("deal").shuffle(range(24))
    # nor can anyone get the hidden draws from the public stream: they are keyed apart
    public = Dice.for_turn(seed, digest)
    assert a.hidden("deal").shuffle(range(24)) != public.fork("deal").shuffle(range(24))
    assert a.hidden("deal").shuffle(range(24)) != public.hidden("deal").shuffle(range(24))


def test_hidden_streams_stay_hidden_through_forks():
    seed, digest = b"s" * 32, b"d" * 32
    a = Dice.for_turn(seed, digest, hidden_link(SECRET, N, 1))
    b = Dice.for_turn(seed, digest, hidden_link(b"x" * 32, N, 1))
    assert a.hidden("deck").fork("reshuffle").randbits(64) != b.hidden("deck").fork("reshuffle").randbits(64)
    assert a.fork("year-2").hidden("deal").randbits(64) != b.fork("year-2").hidden("deal").randbits(64)
    assert a.has_hidden and not Dice.for_turn(seed, digest).has_hidden


def test_a_game_without_a_hidden_chain_replays_its_old_draws():
    # games made before the hidden stream (the demo games) drew hidden things from public forks
    d = Dice.for_turn(b"s" * 32, b"d" * 32)
    assert d.hidden("deck").shuffle(range(40)) == d.fork("deck").shuffle(range(40))
    assert d.fork("x").hidden("y").randbits(64) == d.fork("x").fork("y").randbits(64)


def test_hidden_draws_depend_on_the_turns_orders():
    link = hidden_link(SECRET, N, 2)
    a = Dice.for_turn(b"s" * 32, orders_digest({"a": b"1"}), link)
    b = Dice.for_turn(b"s" * 32, orders_digest({"a": b"2"}), link)
    assert a.hidden("deal").randbits(64) != b.hidden("deal").randbits(64)
