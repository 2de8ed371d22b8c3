"""Auditable dice (issue "league engine", item 6): hash chain, stream, exact samplers.

Three kinds of test: fixed vectors pin the stream (a change to any of them changes every game's dice and must be
deliberate); chi-square goodness-of-fit tests with a fixed key and the critical value at significance 0.001
check each sampler against its exact distribution; unit tests check the binomial sampler's proofs (envelope,
logarithm error bounds, verdicts of the bounds against exact arithmetic).
"""

from __future__ import annotations

import decimal
import hashlib
import itertools
import math
import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import pytest

from adjudicator import binomial
from adjudicator import dice as dice_module
from adjudicator.dice import Dice, H, commitment, follows, orders_digest, reveal

# --- helpers -------------------------------------------------------------------------------------------------


def chi_square_critical(df: int) -> float:
    """The chi-square quantile at 0.999 (Wilson-Hilferty; within 1% for df >= 2, exact enough for a cut-off)."""
    z = 3.090232306  # standard normal quantile at 0.999
    h = 2 / (9 * df)
    return df * (1 - h + z * math.sqrt(h)) ** 3


def chi_square(observed: Counter, expected: dict, draws: int) -> tuple[float, int]:
    """Pearson's statistic and its degrees of freedom; ``expected`` maps outcome -> probability.

    Neighbouring outcomes (in the order of ``expected``) are pooled until each cell expects at least 5, so the
    chi-square approximation holds. Every observed outcome must be one of ``expected``'s.
    """
    assert set(observed) <= set(expected), f"impossible outcomes drawn: {set(observed) - set(expected)}"
    cells: list[tuple[float, int]] = []
    exp_acc, obs_acc = 0.0, 0
    for outcome, probability in expected.items():
        exp_acc += probability * draws
        obs_acc += observed.get(outcome, 0)
        if exp_acc >= 5:
            cells.append((exp_acc, obs_acc))
            exp_acc, obs_acc = 0.0, 0
    if exp_acc or obs_acc:
        last_exp, last_obs = cells.pop()
        cells.append((last_exp + exp_acc, last_obs + obs_acc))
    statistic = sum((o - e) ** 2 / e for e, o in cells)
    return statistic, len(cells) - 1


def assert_fits(observed: Counter, expected: dict, draws: int) -> None:
    statistic, df = chi_square(observed, expected, draws)
    print(f"chi-square {statistic:.1f}, {df} df, critical {chi_square_critical(df):.1f}")
    assert df >= 1
    assert statistic < chi_square_critical(df), f"chi-square {statistic:.1f} with {df} df"


def binomial_pmf(n: int, p: Fraction) -> dict[int, float]:
    """The exact pmf of Binomial(n, p), rounded to float only at the end."""
    a, b = p.numerator, p.denominator
    return {k: float(Fraction(math.comb(n, k) * a**k * (b - a) ** (n - k), b**n)) for k in range(n + 1)}


def binomial_pmf_window(n: int, p: Fraction, lo: int, hi: int) -> dict[int, float]:
    """Binomial(n, p) on ``lo..hi`` (log-gamma; fine for a reference), the tails pooled into ``lo`` and ``hi``."""
    ln_p, ln_q = math.log(p), math.log(1 - p)

    def f(k: int) -> float:
        return math.exp(math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1) + k * ln_p + (n - k) * ln_q)

    pmf = {k: f(k) for k in range(lo + 1, hi)}
    left = sum(f(k) for k in range(max(0, lo - 2000), lo + 1))
    pmf = {lo: left, **pmf, hi: max(0.0, 1 - left - sum(pmf.values()))}
    return pmf


def draws(sample: Callable[[], int], count: int) -> Counter:
    return Counter(sample() for _ in range(count))


# --- the hash chain --------------------------------------------------------------------------------------------


def test_h_is_sha256():
    assert H(b"abc").hex() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"


def test_turn_zero_seed_is_the_commitment_and_each_seed_hashes_to_the_previous():
    secret, length = b"game master's secret", 50
    c = commitment(secret, length)
    assert reveal(secret, length, 0) == c
    assert c == H(reveal(secret, length, 1))
    for turn in range(1, length + 1):
        seed, previous = reveal(secret, length, turn), reveal(secret, length, turn - 1)
        assert H(seed) == previous
        assert follows(seed, previous)
        assert not follows(previous, seed)
    assert reveal(secret, length, length) == secret  # the last turn reveals the secret itself


def test_commitment_pinned():
    assert commitment(b"secret", 3).hex() == "1690316bcf298df9b9f082e155979c90a5cfd663c6aa9117ebf16bf49ee16b6e"
    assert commitment(b"secret", 3) == H(H(H(b"secret")))
    assert commitment(b"secret") == reveal(b"secret", dice_module.CHAIN_LENGTH, 0)


def test_reveal_refuses_turns_beyond_the_chain():
    with pytest.raises(ValueError):
        reveal(b"s", 5, 6)
    with pytest.raises(ValueError):
        reveal(b"s", 5, -1)


def test_a_forged_seed_does_not_follow():
    secret = b"s"
    assert not follows(b"x" * 32, reveal(secret, 10, 3))


# --- the orders digest -----------------------------------------------------------------------------------------


def test_orders_digest_pinned_and_independent_of_dict_order():
    forward = {"ann": b"x", "bob": b"y"}
    backward = {"bob": b"y", "ann": b"x"}
    assert orders_digest(forward).hex() == "778908b60461b7f27011f442cedbd63574e284c202a2ec77e282d0d287d946f0"
    assert orders_digest(backward) == orders_digest(forward)


def test_orders_digest_changes_with_any_byte_or_key():
    orders = {"ann": b"orders:\n  build: 3\n", "bob": b"orders: []\n"}
    base = orders_digest(orders)
    text = orders["ann"]
    for i in range(len(text)):
        changed = bytes(text[:i]) + bytes([text[i] ^ 1]) + bytes(text[i + 1 :])
        assert orders_digest({**orders, "ann": changed}) != base
    assert orders_digest({"anne": orders["ann"], "bob": orders["bob"]}) != base  # renamed player
    assert orders_digest({"ann": orders["ann"]}) != base  # one file missing
    assert orders_digest({"ann": orders["bob"], "bob": orders["ann"]}) != base  # files swapped


def test_for_turn_keys_the_dice_by_seed_and_digest():
    seed, digest = b"s" * 32, orders_digest({"ann": b"x"})
    assert Dice.for_turn(seed, digest).randbits(64) == Dice(seed + digest).randbits(64)
    assert Dice.for_turn(seed, digest).randbits(64) != Dice.for_turn(seed, orders_digest({"ann": b"y"})).randbits(64)


# --- the stream and fork -----------------------------------------------------------------------------------------


def test_stream_is_sha256_counter_mode():
    key = hashlib.sha256(b"turnpress-dice\0" + b"vector").digest()
    block0 = int.from_bytes(hashlib.sha256(key + (0).to_bytes(8, "big")).digest(), "big")
    block1 = int.from_bytes(hashlib.sha256(key + (1).to_bytes(8, "big")).digest(), "big")
    assert Dice(b"vector").randbits(512) == block0 | block1 << 256
    d = Dice(b"vector")  # bits are served least significant first, whatever the chunking
    assert d.randbits(100) | d.randbits(156) << 100 | d.randbits(10) << 256 == (block0 | block1 << 256) & (2**266 - 1)


def test_randbits_pinned():
    d = Dice(b"vector")
    assert [d.randbits(k) for k in (1, 7, 64)] == [1, 43, 5522526600071620193]
    assert d.randbits(300) == (
        1244533593054973925040089936987917361933198804136091154935514900292341769211270624816736228
    )


def test_fork_is_independent_and_does_not_advance_the_parent():
    parent, twin = Dice(b"vector"), Dice(b"vector")
    parent.randbits(13)
    twin.randbits(13)
    child = parent.fork("x")
    assert child.randbits(32) == 1308117414  # pinned; independent of the parent's position
    assert parent.randbits(64) == twin.randbits(64)
    assert parent.fork("x").randbits(64) == Dice(b"vector").fork("x").randbits(64)
    assert parent.fork("x").randbits(64) != parent.fork("y").randbits(64)
    assert parent.fork("x").randbits(64) != parent.fork("x").fork("x").randbits(64)


# --- uniform integers, chance, weighted choice, shuffle ------------------------------------------------------------


def test_below_randint_chance_pinned():
    d = Dice(b"vector")
    assert [d.below(10) for _ in range(12)] == [7, 5, 1, 6, 6, 2, 3, 4, 3, 4, 4, 7]
    assert [d.below(2**40 + 1) for _ in range(2)] == [461143483154, 912647555016]
    d = Dice(b"vector")
    assert [d.randint(1, 6) for _ in range(10)] == [3, 6, 1, 5, 2, 2, 3, 6, 2, 6]
    assert [d.chance(Fraction(1, 3)) for _ in range(8)] == [False, False, True, False, True, False, False, True]


@pytest.mark.parametrize("n", [6, 10, 2**4, 37])
def test_below_is_uniform(n):
    """Chi-square against the uniform law, including sizes that are not powers of two (no modulo bias)."""
    d = Dice(b"chi-square").fork(f"below/{n}")
    count = 200 * n
    assert_fits(draws(lambda: d.below(n), count), {k: 1 / n for k in range(n)}, count)


def test_below_rejects_rather_than_reducing_modulo():
    """``below(3)`` draws 2 bits and retries on 3: a modulo reduction would return 0 for that draw."""
    d, bits = Dice(b"modulo"), Dice(b"modulo")
    for _ in range(200):
        value = d.below(3)
        raw = bits.randbits(2)
        while raw == 3:
            raw = bits.randbits(2)
        assert value == raw


def test_below_and_randint_ranges():
    d = Dice(b"range")
    assert {d.below(1) for _ in range(20)} == {0}
    assert {d.randint(-2, 2) for _ in range(300)} == {-2, -1, 0, 1, 2}
    with pytest.raises(ValueError):
        d.below(0)


def test_chance_is_exact():
    d = Dice(b"chi-square").fork("chance")
    count = 30_000
    p = Fraction(2, 7)
    hits = sum(d.chance(p) for _ in range(count))
    assert_fits(Counter({True: hits, False: count - hits}), {True: float(p), False: float(1 - p)}, count)
    assert not any(d.chance(Fraction(0)) for _ in range(50))
    assert all(d.chance(Fraction(1)) for _ in range(50))


def test_weighted_pinned():
    d = Dice(b"vector")
    assert [d.weighted("abcd", [1, 2, 3, 4]) for _ in range(10)] == list("dcbddbcccc")


def test_weighted_follows_the_weights():
    d = Dice(b"chi-square").fork("weighted")
    items, weights = ["a", "b", "c", "never", "d"], [1, 2, 7, 0, 13]
    count = 23_000
    observed = draws(lambda: d.weighted(items, weights), count)
    assert "never" not in observed
    assert_fits(observed, {i: w / sum(weights) for i, w in zip(items, weights, strict=True) if w}, count)


@pytest.mark.parametrize("weights", [[], [0, 0], [1, -1], [1]])
def test_weighted_refuses_bad_weights(weights):
    with pytest.raises(ValueError):
        Dice(b"w").weighted(["a", "b"], weights)


def test_shuffle_pinned():
    d = Dice(b"vector")
    assert d.shuffle(range(10)) == [8, 6, 0, 2, 3, 9, 4, 1, 5, 7]
    assert d.shuffle("abcde") == ["e", "c", "b", "d", "a"]


def test_shuffle_gives_every_permutation_of_four_equally_often():
    d = Dice(b"chi-square").fork("shuffle")
    count = 24 * 400
    observed = draws(lambda: tuple(d.shuffle("abcd")), count)
    assert_fits(observed, {perm: 1 / 24 for perm in itertools.permutations("abcd")}, count)


def test_shuffle_returns_a_new_list():
    items = [1, 2, 3]
    out = Dice(b"s").shuffle(items)
    assert items == [1, 2, 3] and sorted(out) == items and out is not items
    assert Dice(b"s").shuffle([]) == []


# --- binomial -----------------------------------------------------------------------------------------------------

PINNED_BINOMIAL = [
    (10, Fraction(1, 3), [5, 4, 5, 2, 5, 3]),  # sum of Bernoulli trials
    (17, Fraction(1, 10), [0, 6, 1, 2, 0, 0]),  # rejection, exact ratios (mode below 16)
    (100, Fraction(1, 10), [8, 9, 13, 11, 9, 13]),
    (1000, Fraction(3, 10), [285, 307, 296, 288, 277, 280]),  # rejection, Stirling bounds
    (50, Fraction(7, 10), [31, 36, 36, 37, 31, 38]),  # symmetry
    (10**6, Fraction(1, 10), [99103, 99873, 99916, 100001, 100063, 99918]),
    (10**9, Fraction(3, 10), [300037831, 299984336, 300016218, 300016133, 299988161, 300000060]),
    (10**9, Fraction(1, 10**9), [0, 1, 0, 0, 1, 0]),
]


@pytest.mark.parametrize(("n", "p", "expected"), PINNED_BINOMIAL)
def test_binomial_pinned(n, p, expected):
    d = Dice(b"vector").fork(f"binomial/{n}/{p}")
    assert [d.binomial(n, p) for _ in range(len(expected))] == expected


def test_binomial_small_n_is_the_sum_of_bernoulli_trials():
    """Up to n = 16 a draw is the plain sum of trials, bit for bit the same as before the fast sampler."""
    for n, p in [(1, Fraction(1, 2)), (7, Fraction(3, 4)), (16, Fraction(2, 9))]:
        d, twin = Dice(b"bernoulli"), Dice(b"bernoulli")
        for _ in range(50):
            assert d.binomial(n, p) == sum(twin.below(p.denominator) < p.numerator for _ in range(n))


BINOMIAL_FITS = [
    (10, Fraction(1, 3), 6_000),  # Bernoulli trials
    (16, Fraction(1, 2), 6_000),  # last n of the Bernoulli path
    (17, Fraction(1, 2), 6_000),  # first n of the rejection path
    (17, Fraction(1, 10), 6_000),  # small mean: exact ratios
    (37, Fraction(1, 2), 8_000),  # mode 18: Stirling bounds, with exact ratios near the 16 cut
    (40, Fraction(2, 5), 8_000),
    (60, Fraction(9, 10), 6_000),  # symmetry, p > 1/2
    (200, Fraction(1, 2), 8_000),
    (1000, Fraction(1, 7), 8_000),
]


@pytest.mark.parametrize(("n", "p", "count"), BINOMIAL_FITS)
def test_binomial_fits_the_exact_pmf(n, p, count):
    d = Dice(b"chi-square").fork(f"binomial/{n}/{p}")
    observed = draws(lambda: d.binomial(n, p), count)
    assert_fits(observed, binomial_pmf(n, p), count)


def test_binomial_tiny_mean_with_huge_n_fits_the_exact_pmf():
    n, p, count = 10**9, Fraction(3, 10**9), 6_000
    d = Dice(b"chi-square").fork("binomial/tiny-mean")
    observed = draws(lambda: d.binomial(n, p), count)
    no_success = math.exp(n * math.log1p(-float(p)))  # (1-p)**n; floats suffice for a reference
    pmf = {k: math.comb(n, k) * float(p / (1 - p)) ** k * no_success for k in range(12)}
    pmf[12] = 1 - sum(pmf.values())  # the tail, pooled
    assert_fits(Counter({min(k, 12): c for k, c in observed.items()}), pmf, count)


def test_binomial_large_n_fits_in_buckets():
    """n = 10**5, p = 3/10: outcomes pooled in buckets of 8 around the mean, tails pooled at mean -+ 5 sigma."""
    n, p, count = 10**5, Fraction(3, 10), 12_000
    d = Dice(b"chi-square").fork("binomial/large")
    lo, hi = 30_000 - 725, 30_000 + 725
    pmf = binomial_pmf_window(n, p, lo, hi)
    bucket = {k: (min(max(k, lo), hi) - lo) // 8 for k in range(lo - 1, hi + 2)}
    expected: dict[int, float] = {}
    for k, prob in pmf.items():
        expected[bucket[k]] = expected.get(bucket[k], 0.0) + prob
    observed = Counter(bucket[min(max(x, lo), hi)] for x in (d.binomial(n, p) for _ in range(count)))
    assert_fits(observed, expected, count)


@pytest.mark.parametrize(("n", "p"), [(10**9, Fraction(3, 10)), (10**6, Fraction(1, 10)), (10**12, Fraction(1, 3))])
def test_binomial_mean_and_variance(n, p):
    count = 3_000
    d = Dice(b"moments").fork(f"{n}/{p}")
    xs = [d.binomial(n, p) for _ in range(count)]
    mean = Fraction(sum(xs), count)
    variance = Fraction(sum((x - mean) ** 2 for x in xs), count - 1)
    sigma2 = n * p * (1 - p)
    assert abs(mean - n * p) < 5 * math.sqrt(sigma2 / count)
    assert abs(variance / sigma2 - 1) < 5 * math.sqrt(2 / count)
    assert all(0 <= x <= n for x in xs)


def test_binomial_edge_cases():
    d = Dice(b"edges")
    assert d.binomial(0, Fraction(1, 2)) == 0
    assert d.binomial(10**9, Fraction(0)) == 0
    assert d.binomial(10**9, Fraction(1)) == 10**9
    assert d.binomial(5, Fraction(1)) == 5
    assert d.binomial(5, 0) == 0
    assert d.binomial(100, "1/2") in range(101)  # anything Fraction() reads
    for bad in [(-1, Fraction(1, 2)), (3, Fraction(-1, 2)), (3, Fraction(3, 2))]:
        with pytest.raises(ValueError):
            d.binomial(*bad)


def test_binomial_does_not_depend_on_the_sampler_cache():
    first = [Dice(b"cache").binomial(10**6, Fraction(1, 10)) for _ in range(3)]
    binomial.BinomialSampler.for_parameters.cache_clear()
    assert [Dice(b"cache").binomial(10**6, Fraction(1, 10)) for _ in range(3)] == first


def test_binomial_work_is_flat_in_n():
    """O(1) expected proposals: the random bits consumed per draw do not grow with n."""

    class Counting(Dice):
        used = 0

        def randbits(self, k: int) -> int:
            self.used += k
            return super().randbits(k)

    def bits_per_draw(n: int) -> float:
        d = Counting(b"cost/%d" % n)
        for _ in range(300):
            d.binomial(n, Fraction(3, 10))
        return d.used / 300

    small, large = bits_per_draw(10**4), bits_per_draw(10**12)
    assert large < 2.5 * small


# --- the binomial sampler's proofs, checked ---------------------------------------------------------------------


def ratio_at_most(n: int, p: Fraction, k: int, m: int, bound: Fraction) -> bool:
    """Whether ``f(k)/f(m) <= bound`` for Binomial(n, p), in integers (Fractions would reduce huge numbers)."""
    a, c = p.numerator, p.denominator - p.numerator
    num, den = math.comb(n, k), math.comb(n, m)
    num, den = (num * a ** (k - m), den * c ** (k - m)) if k >= m else (num * c ** (m - k), den * a ** (m - k))
    return num * bound.denominator <= den * bound.numerator


ENVELOPE_CASES = [
    (17, Fraction(1, 10)),
    (17, Fraction(1, 2)),
    (40, Fraction(2, 5)),
    (10**9, Fraction(1, 10**9)),
    (10**9, Fraction(7, 10**9)),
    (300, Fraction(1, 2)),
    (5000, Fraction(1, 3)),
    (20_000, Fraction(1, 2)),  # crude widths from here on
]


@pytest.mark.parametrize(("n", "p"), ENVELOPE_CASES)
def test_block_widths_halve_the_pmf(n, p):
    """The envelope's premise: ``f(m + w) <= f(m)/2`` right and ``f(m - w) <= f(m)/2`` left of the mode."""
    a, b = p.numerator, p.denominator
    m = (n + 1) * a // b
    right, left = binomial.block_widths(n, m, a, b)
    assert right >= 1
    half = Fraction(1, 2)
    assert m + right > n or ratio_at_most(n, p, m + right, m, half)
    if m == 0:
        assert left == 0
    else:
        assert m - left < 0 or ratio_at_most(n, p, m - left, m, half)
    assert all(ratio_at_most(n, p, k, m, Fraction(1)) for k in range(max(0, m - 3), min(n, m + 3) + 1))  # a mode


@pytest.mark.parametrize(("n", "p"), ENVELOPE_CASES[:5])
def test_envelope_dominates_the_pmf(n, p):
    """``f(m + j) <= f(m) 2**-t`` for ``j`` in block ``t``, on both sides, as far as the pmf is not negligible."""
    a, b = p.numerator, p.denominator
    sampler = binomial.BinomialSampler(n, a, b)
    m = sampler.m
    for j in range(0, min(n - m, 40 * sampler.right) + 1):
        assert ratio_at_most(n, p, m + j, m, Fraction(1, 2 ** (j // sampler.right)))
    for j in range(1, min(m, 40 * max(sampler.left, 1)) + 1):
        assert ratio_at_most(n, p, m - j, m, Fraction(1, 2 ** ((j - 1) // sampler.left)))


@pytest.mark.parametrize(
    ("num", "den", "prec"),
    [
        (1, 3, 80),
        (7, 5, 100),
        (10**9, 3, 60),
        (1, 10**9, 60),
        (300012345, 300000000, 85),
        (2, 1, 200),
        (1, 1, 50),
        (3**100, 2**150, 120),
        (123456789012345, 2**47, 55),
    ],
)
def test_fixed_point_logarithm_is_within_its_error_bound(num, den, prec):
    with decimal.localcontext() as ctx:
        ctx.prec = 120
        exact = (decimal.Decimal(num) / decimal.Decimal(den)).ln() * (decimal.Decimal(2) ** prec)
    assert abs(decimal.Decimal(binomial.ln_fixed(num, den, prec)) - exact) < binomial.LN_ERROR


@pytest.mark.parametrize(("n", "a", "b"), [(40, 2, 5), (1000, 3, 10), (10**5, 1, 7), (10**6, 1, 2)])
def test_verdicts_from_bounds_agree_with_exact_arithmetic(n, a, b):
    """The fast test may only decide where the exact comparison agrees; it should decide almost always."""
    sampler = binomial.BinomialSampler(n, a, b)
    bits, rng = sampler.u_bits, random.Random(n)
    decided = tried = 0
    for _ in range(60):
        t = rng.randrange(3)
        k = sampler.m + rng.randrange(-2 * sampler.left, 2 * sampler.right + 1)
        if min(k, n - k) < binomial.STIRLING_MIN:
            continue
        num, den = sampler.exact_ratio(k, t)
        if num > den:
            continue  # beyond the envelope: never proposed with this t
        edge = (num << bits) // den
        random_u = [rng.randrange(1 << bits) for _ in range(4)]
        for u in [edge - 1, edge, edge + 1, *random_u]:
            if not 0 <= u < 1 << bits:
                continue
            verdict = sampler.verdict_from_bounds(k, t, u)
            if verdict is True:
                assert (u + 1) * den <= num << bits
            elif verdict is False:
                assert u * den >= num << bits
            if u in random_u:
                tried += 1
                decided += verdict is not None
    assert decided >= 0.95 * tried


def test_exact_fallback_refines_the_uniform():
    """When ``U``'s first bits straddle the acceptance ratio, later bits decide, exactly."""
    n, a, b = 1000, 3, 10
    sampler = binomial.BinomialSampler(n, a, b)
    bits = sampler.u_bits
    for k, t in [(300, 0), (310, 0), (290, 1), (330, 1)]:
        num, den = sampler.exact_ratio(k, t)
        u = (num << bits) // den  # U in [u, u+1)/2**bits contains the ratio
        for key in range(20):
            d, twin = Dice(b"refine%d" % key), Dice(b"refine%d" % key)
            more = twin.randbits(200)  # the following bits, most significant first
            refined = (u << 200) | int(f"{more:0200b}"[::-1], 2)
            assert sampler.decide(d, k, t, u) == (refined * den < num << (bits + 200))


def test_a_chain_revealed_again_costs_a_few_hashes_and_gives_the_same_links(monkeypatch):
    """Issue 33: every seed and hidden link of a chain took up to ten thousand hashes; a chain walked once in a
    process keeps every 64th link, so the next reveal of it takes at most 64, and each is H^(length-turn) of the
    secret as before."""
    import hashlib

    from adjudicator import dice

    secret = b"chain-kept" * 4
    walked = [secret]
    for _ in range(dice.CHAIN_LENGTH):
        walked.append(hashlib.sha256(walked[-1]).digest())
    assert dice.commitment(secret) == walked[dice.CHAIN_LENGTH]
    hashed = []
    real = dice.H
    monkeypatch.setattr(dice, "H", lambda data: hashed.append(1) or real(data))
    for turn in (0, 1, 2, 63, 64, 65, 999, 9_999, 10_000):
        assert dice.reveal(secret, dice.CHAIN_LENGTH, turn) == walked[dice.CHAIN_LENGTH - turn]
        assert dice.hidden_link(secret, dice.CHAIN_LENGTH, min(turn, 9_999)) == \
            walked[dice.CHAIN_LENGTH - 1 - min(turn, 9_999)]
    assert len(hashed) <= 18 * 64
