"""The exact binomial sampler behind ``Dice.binomial``: rejection from a log-concave envelope, decided by
fixed-point logarithms of proven error and, in their error band, by exact rationals (see ``Dice.binomial``).

Its parts are public so that its proofs are checked as they are stated (``tests/test_dice.py``): the envelope's
block widths halve the pmf, the logarithm is within ``LN_ERROR``, a verdict from the bounds agrees with exact
arithmetic, and the exact fallback refines the uniform bit by bit.
"""

from __future__ import annotations

import functools
import math
from typing import Protocol


class RandomBits(Protocol):
    """What the sampler draws from (a ``Dice``)."""

    def randbits(self, k: int) -> int: ...

    def below(self, n: int) -> int: ...


STIRLING_MIN = 16  # Stirling bounds only for factorial arguments at least this (Robbins' band is narrow there)
_EXACT_WIDTH_MAX = 32  # block widths up to this are searched exactly instead of taken from the crude bound
LN_ERROR = 2  # |ln_fixed(...) - 2**prec * ln(...)| < LN_ERROR


class BinomialSampler:
    """Rejection sampler for Binomial(n, a/b), ``0 < a/b <= 1/2``, ``n > 16``: see :meth:`Dice.binomial`."""

    def __init__(self, n: int, a: int, b: int) -> None:
        self.n, self.a, self.c = n, a, b - a  # p = a/b, q = c/b
        self.m = (n + 1) * a // b  # a mode
        self.right, self.left = block_widths(n, self.m, a, b)
        # Bits of U drawn at once: the exact fallback costs O(sqrt(n)) and is needed with probability
        # about 2**-u_bits, so this keeps its expected cost O(1).
        self.u_bits = 32 + n.bit_length() // 2
        # Fixed-point bits of the log-ratio: its coefficients are up to 2n, and it is wanted to ~2**-u_bits.
        self.prec = self.u_bits + n.bit_length() + 8
        self.ln2 = ln_fixed(2, 1, self.prec)
        if min(self.m, n - self.m) >= STIRLING_MIN:
            self.lam = ln_fixed((n - self.m) * a, self.m * self.c, self.prec)  # ln((n-m)p/(mq))
            one = 1 << self.prec
            # Robbins' bounds on e(m) + e(n-m), see _log_ratio_bounds
            self.eps_mode = (
                one // (12 * self.m + 1) + one // (12 * (n - self.m) + 1),
                -(-one // (12 * self.m)) - (-one // (12 * (n - self.m))),
            )

    @classmethod
    @functools.lru_cache(maxsize=256)
    def for_parameters(cls, n: int, a: int, b: int) -> BinomialSampler:
        """The sampler for these parameters; it holds no state of a draw, so games drawing again reuse it."""
        return cls(n, a, b)

    def draw(self, dice: RandomBits) -> int:
        n, m = self.n, self.m
        while True:
            v = dice.below(self.right + self.left)
            t = 0
            while dice.randbits(1) == 0:
                t += 1
            k = m + t * self.right + v if v < self.right else m - 1 - t * self.left - (v - self.right)
            if 0 <= k <= n and self._accept(dice, k, t):
                return k

    def _accept(self, dice: RandomBits, k: int, t: int) -> bool:
        """Whether a uniform ``U < 2**t f(k)/f(m)``, drawing ``U`` lazily from ``dice``."""
        return self.decide(dice, k, t, dice.randbits(self.u_bits))

    def decide(self, dice: RandomBits, k: int, t: int, u: int) -> bool:
        """Whether ``U < 2**t f(k)/f(m)`` for the uniform ``U`` in ``[u, u+1) / 2**u_bits``, refined from ``dice``."""
        if min(k, self.n - k, self.m, self.n - self.m) >= STIRLING_MIN:
            verdict = self.verdict_from_bounds(k, t, u)
            if verdict is not None:
                return verdict
        num, den = self.exact_ratio(k, t)
        bits = self.u_bits
        while True:
            if (u + 1) * den <= num << bits:
                return True
            if u * den >= num << bits:
                return False
            u = (u << 1) | dice.randbits(1)
            bits += 1

    def verdict_from_bounds(self, k: int, t: int, u: int) -> bool | None:
        """Accept or reject if ``ln U`` is clear of the bounds on ``ln(2**t f(k)/f(m))``, else None."""
        lo, hi = self._log_ratio_bounds(k, t)
        prec_u = self.u_bits + 8
        shift = self.prec - prec_u
        ln_u_hi = ln_fixed(u + 1, 1 << self.u_bits, prec_u) + LN_ERROR  # >= ln((u+1)/2**u_bits)
        if ln_u_hi <= lo >> shift:
            return True
        if u > 0:
            # ln(u) >= ln(u+1) - 1/u
            ln_u_lo = ln_u_hi - 2 * LN_ERROR - -(-(1 << prec_u) // u)
            if ln_u_lo >= -(-hi >> shift):
                return False
        return None

    def _log_ratio_bounds(self, k: int, t: int) -> tuple[int, int]:
        """Integers ``lo <= 2**prec * ln(2**t f(k)/f(m)) <= hi``, for k, n-k, m, n-m all >= 16.

        With Stirling's formula the ``x`` and constant terms cancel and, writing ``d = k - m``,
        ``ln f(k)/f(m) = d ln((n-m)p/(mq)) - (k+1/2) ln(k/m) - (n-k+1/2) ln((n-k)/(n-m))
        + e(m) + e(n-m) - e(k) - e(n-k)`` with Robbins' ``1/(12x+1) < e(x) < 1/(12x)``; the logarithms are
        of numbers near 1, so their fixed-point series are short.
        """
        n, m, prec = self.n, self.m, self.prec
        d = k - m
        ln_k = ln_fixed(k, m, prec)
        ln_nk = ln_fixed(n - k, n - m, prec)
        twice = 2 * t * self.ln2 + 2 * d * self.lam - (2 * k + 1) * ln_k - (2 * (n - k) + 1) * ln_nk
        slack = (2 * t + 2 * abs(d) + 2 * k + 1 + 2 * (n - k) + 1) * LN_ERROR
        one = 1 << prec
        eps_lo = self.eps_mode[0] + (-one // (12 * k)) + (-one // (12 * (n - k)))
        eps_hi = self.eps_mode[1] - one // (12 * k + 1) - one // (12 * (n - k) + 1)
        return (twice - slack + 2 * eps_lo) >> 1, -(-(twice + slack + 2 * eps_hi) >> 1)

    def exact_ratio(self, k: int, t: int) -> tuple[int, int]:
        """``2**t f(k)/f(m)`` as numerator and denominator: O(|k - m|) multiplications."""
        n, m, a, c = self.n, self.m, self.a, self.c
        d = k - m
        if d >= 0:  # m!/k! = 1/perm(k, d), (n-m)!/(n-k)! = perm(n-m, d)
            return math.perm(n - m, d) * a**d << t, math.perm(k, d) * c**d
        return math.perm(m, -d) * c**-d << t, math.perm(n - k, -d) * a**-d


def block_widths(n: int, m: int, a: int, b: int) -> tuple[int, int]:
    """Widths ``w`` right and left of the mode ``m`` with ``f(m+w) <= f(m)/2`` and ``f(m-w) <= f(m)/2``.

    With ``s = (n+1)pq`` each step away from the mode multiplies ``f`` by at most ``1 - j/(s+j)`` after ``j``
    steps, so ``f(m±w)/f(m) <= exp(-w(w-1)/(2(s+w-1)))``, which is below ``exp(-0.7) < 1/2`` as soon as
    ``(w-1)(5w-7) >= 7s``. That crude width is searched down exactly when small. No left side if ``m = 0``.
    """
    c = b - a
    s_num, s_den = (n + 1) * a * c, b * b
    crude = max(2, math.isqrt(7 * s_num // (5 * s_den)))
    while (crude - 1) * (5 * crude - 7) * s_den < 7 * s_num:
        crude += 1
    if crude > _EXACT_WIDTH_MAX:
        return crude, crude if m else 0
    right = _halving_width([((n - m - i + 1) * a, (m + i) * c) for i in range(1, crude + 1)])
    left = _halving_width([((m - i + 1) * c, (n - m + i) * a) for i in range(1, crude + 1)]) if m else 0
    return right, left


def _halving_width(steps: list[tuple[int, int]]) -> int:
    """The fewest ``steps`` (ratios ``num/den``) whose product is at most 1/2; all of them at most."""
    num = den = 1
    for i, (step_num, step_den) in enumerate(steps, start=1):
        num, den = num * step_num, den * step_den
        if 2 * num <= den:
            return i
    return len(steps)


def ln_fixed(num: int, den: int, prec: int) -> int:
    """An integer within ``LN_ERROR`` of ``2**prec * ln(num/den)``, for positive integers ``num``, ``den``.

    ``num/den = 2**e * y`` with ``y`` in ``[1/sqrt 2, sqrt 2)``, and ``ln y = 2 atanh((y-1)/(y+1))``. Both
    series are summed with ``guard`` extra bits: their error, at most ``(|e| + 1) (2 (prec + guard) + 14)``
    units (see ``_atanh2``), is below ``2**guard / 4``, so the result is off by less than 1/4 + 1 for the floor.
    """
    e = num.bit_length() - den.bit_length()
    y_num, y_den = (num, den << e) if e >= 0 else (num << -e, den)  # y in (1/2, 2)
    if y_num * y_num >= 2 * y_den * y_den:
        y_den, e = 2 * y_den, e + 1
    elif 2 * y_num * y_num < y_den * y_den:
        y_num, e = 2 * y_num, e - 1
    guard = ((abs(e) + 1) * (2 * prec + 200)).bit_length() + 2
    raw = e * _ln2_raw(prec + guard) + _atanh2(y_num - y_den, y_num + y_den, prec + guard)
    return raw >> guard


@functools.lru_cache(maxsize=64)
def _ln2_raw(prec: int) -> int:
    """``2**prec * ln 2`` as ``2 atanh(1/3)``, to within ``2 prec + 14``."""
    return _atanh2(1, 3, prec)


def _atanh2(num: int, den: int, prec: int) -> int:
    """``2**prec * 2 atanh(num/den)`` for ``|num/den| <= 1/3``, to within ``2 prec + 14``.

    Error bound: ``x`` and ``x2`` are floors off by < 1 and < 5/3; each power then stays within 2 of
    ``2**prec z**(2j+1)`` (the error shrinks by z**2 <= 1/9 per step), each term within 3, the tail after the
    last non-zero power is < 9/4, and a power is 0 once ``3**(2j+1) > 2**prec``, so there are ``J <= prec/3.17
    + 3/2`` terms: ``2 (3 J + 9/4) <= 2 prec + 14``.
    """
    sign = -1 if num < 0 else 1
    x = (abs(num) << prec) // den
    x2 = x * x >> prec
    total, power, j = 0, x, 0
    while power:
        total += power // (2 * j + 1)
        power = power * x2 >> prec
        j += 1
    return sign * 2 * total
