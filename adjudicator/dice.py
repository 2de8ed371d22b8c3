"""Auditable randomness: two hash chains and an exact, deterministic dice stream.

Public dice: at setup a game commits to ``c = H^N(secret)``. Turn ``t`` reveals ``s_t = H^(N-t)(secret)``;
anyone checks ``H(s_t) == s_(t-1)``. The turn's dice are a SHA-256 counter-mode stream keyed by ``s_t`` and a
digest of all the turn's orders.

Hidden dice (deals, shuffles, hidden decks, hidden set-ups): a second chain ``k = H^N(hidden)`` is committed at
set-up too, but its links are not revealed turn by turn. Turn ``t`` draws its hidden information from
``h_t = H^(N-1-t)(hidden)`` (set-up: ``h_0``, whose hash is the commitment) and the same orders digest, through
``Dice.hidden(label)``. ``h_t`` is a preimage of something public, so nobody without the secret computes it;
publishing the last link ``h_T`` when the game ends gives every earlier link by hashing (``H(h_t) ==
h_(t-1)``), so then anyone replays every hidden draw. See ``site/guide/secrecy.md`` for why this is sound.

Every sampler draws whole bits and uses integer arithmetic only, so the same key gives the same results on
every machine and with every library version.

>>> d = Dice(b"key")
>>> d.below(6) in range(6)
True
"""

from __future__ import annotations

import functools
import hashlib
import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TypeVar

T = TypeVar("T")

CHAIN_LENGTH = 10_000


def H(data: bytes) -> bytes:
    """The chain's hash function."""
    return hashlib.sha256(data).digest()


def commitment(secret: bytes, length: int = CHAIN_LENGTH) -> bytes:
    """``H^length(secret)``: published at setup, before any turn."""
    return reveal(secret, length, 0)


def reveal(secret: bytes, length: int, turn: int) -> bytes:
    """The seed of ``turn``: ``H^(length-turn)(secret)``. Turn 0's seed is the commitment itself."""
    if not 0 <= turn <= length:
        raise ValueError(f"turn {turn} is beyond the chain of length {length}")
    seed = secret
    for _ in range(length - turn):
        seed = H(seed)
    return seed


def hidden_link(secret: bytes, length: int, turn: int) -> bytes:
    """The hidden link of ``turn``: ``H^(length-1-turn)(secret)``; ``H(hidden_link(s, n, 0)) == commitment(s, n)``.

    One step behind the public chain's numbering, so that even the set-up's hidden draws come from a value that
    is not public.

    >>> s = b"k" * 32
    >>> H(hidden_link(s, 5, 0)) == commitment(s, 5) and H(hidden_link(s, 5, 3)) == hidden_link(s, 5, 2)
    True
    """
    if not 0 <= turn < length:
        raise ValueError(f"turn {turn} is beyond the hidden chain of length {length}")
    return reveal(secret, length - 1, turn)


def link_back(link: bytes, steps: int) -> bytes:
    """``H^steps(link)``: an earlier link of a chain from a later one (what anyone does once a link is out)."""
    for _ in range(steps):
        link = H(link)
    return link


def follows(seed: bytes, previous: bytes) -> bool:
    """True if ``seed`` is the link revealed right after ``previous`` (``H(seed) == previous``)."""
    return H(seed) == previous


def orders_digest(orders: Mapping[str, bytes]) -> bytes:
    """A digest of all orders files of a turn: player key and the exact bytes of each, in key order."""
    h = hashlib.sha256(b"turnpress-orders\0")
    for player in sorted(orders):
        h.update(player.encode() + b"\0" + hashlib.sha256(orders[player]).digest())
    return h.digest()


class Dice:
    """A deterministic stream of random bits and exact samplers over it.

    ``fork(label)`` gives an independent stream per purpose, so that one more draw for one thing does not
    shift every later draw for another. The same key always gives the same draws, on every machine:

    >>> d = Dice(b"demo")
    >>> d.randint(1, 6), d.randint(1, 6), d.randint(1, 6)
    (5, 6, 6)
    >>> Dice(b"demo").randint(1, 6)  # a stream read again from its key: the same first roll
    5
    >>> Dice(b"demo").fork("deal").shuffle(["a", "b", "c", "d"])
    ['c', 'd', 'b', 'a']
    >>> from fractions import Fraction
    >>> Dice(b"demo").fork("harvest").binomial(10, Fraction(3, 10))  # exact: no floats anywhere
    4
    """

    def __init__(self, key: bytes, hidden: bytes | None = None) -> None:
        self._key = hashlib.sha256(b"turnpress-dice\0" + key).digest()
        # The key of the hidden stream, or None in a game without one (its "hidden" draws are public forks).
        self._hidden = None if hidden is None else hashlib.sha256(b"turnpress-hidden\0" + hidden).digest()
        self._counter = 0
        self._pool = 0  # unread random bits, least significant first
        self._bits = 0

    @classmethod
    def for_turn(cls, seed: bytes, digest: bytes, hidden_link: bytes | None = None) -> Dice:
        """The dice of a turn: keyed by its revealed seed and the digest of its orders.

        ``hidden_link`` (the turn's link of the hidden chain) keys ``hidden()``; without it ``hidden(label)``
        is ``fork(label)``, which is how games made before the hidden stream (and the demo games) replay.
        """
        return cls(seed + digest, None if hidden_link is None else hidden_link + digest)

    @property
    def has_hidden(self) -> bool:
        """True if ``hidden()`` draws from a stream that the public cannot compute."""
        return self._hidden is not None

    def fork(self, label: str) -> Dice:
        """An independent stream named ``label``; the parent stream is not advanced."""
        child = Dice(b"")
        child._key = hashlib.sha256(b"turnpress-dice\0" + self._key + b"/" + label.encode()).digest()
        if self._hidden is not None:
            child._hidden = hashlib.sha256(self._hidden + b"/" + label.encode()).digest()
        return child

    def hidden(self, label: str) -> Dice:
        """The stream named ``label`` for a draw that decides hidden information (a deal, a shuffle, a secret goal).

        Keyed by the turn's link of the hidden chain, so nobody without the game's secret can compute it until
        the link is published; its own forks and further ``hidden`` streams stay hidden. In a game without a
        hidden chain it is ``fork(label)``.

        >>> public = Dice(b"k"); secret = Dice(b"k", hidden=b"h")
        >>> public.hidden("deal").below(10**9) == public.fork("deal").below(10**9)
        True
        >>> secret.hidden("deal").below(10**9) == public.fork("deal").below(10**9)
        False
        """
        if self._hidden is None:
            return self.fork(label)
        child = Dice(b"")
        child._key = hashlib.sha256(b"turnpress-hidden-stream\0" + self._hidden + b"/" + label.encode()).digest()
        child._hidden = hashlib.sha256(b"turnpress-hidden-fork\0" + self._hidden + b"/" + label.encode()).digest()
        return child

    def randbits(self, k: int) -> int:
        """``k`` uniform random bits as a non-negative integer."""
        while self._bits < k:
            block = hashlib.sha256(self._key + self._counter.to_bytes(8, "big")).digest()
            self._counter += 1
            self._pool |= int.from_bytes(block, "big") << self._bits
            self._bits += 256
        value = self._pool & ((1 << k) - 1)
        self._pool >>= k
        self._bits -= k
        return value

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias (rejection of the excess)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        k = (n - 1).bit_length()
        while True:
            x = self.randbits(k)
            if x < n:
                return x

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]``."""
        return low + self.below(high - low + 1)

    def chance(self, p: Fraction) -> bool:
        """True with probability exactly ``p``."""
        p = Fraction(p)
        return self.below(p.denominator) < p.numerator

    def binomial(self, n: int, p: Fraction) -> int:
        """The number of successes in ``n`` independent trials of probability exactly ``p``.

        Exact for every ``n`` and rational ``p``, in O(1) expected time per draw, and a function of the random
        bits only (integer arithmetic throughout, no floats):

        - ``n <= 16``: the sum of ``n`` Bernoulli trials, as before, so short draws keep their old values.
        - ``p > 1/2``: ``n - binomial(n, 1 - p)``.
        - otherwise rejection from a log-concave envelope (after Devroye, "A simple generator for discrete
          log-concave distributions", Computing 39, 1987: a log-concave pmf falls at least geometrically beyond
          any point, and the binomial pmf is log-concave). Around the
          mode ``m = floor((n+1)p)`` a block width ``w`` is chosen on each side such that
          ``f(m±w) <= f(m)/2``; log-concavity then gives ``f(m±j) <= f(m) 2^-t`` for ``j >= t w``. A proposal
          picks a side and an offset uniformly (side in proportion to its width), a block ``t`` with
          probability ``2^-(t+1)`` from fair bits, and is accepted when a uniform ``U < f(k) 2^t / f(m)``:
          about 1.9 proposals per draw when ``np`` is large, never more than about 2.5 in the cases measured.
        - The acceptance test compares ``ln U`` with ``ln(f(k)/f(m))`` written by Stirling's formula with
          Robbins' bounds ``1/(12x+1) < ln x! - Stirling(x) < 1/(12x)`` (Robbins, "A remark on Stirling's
          formula", 1955) and fixed-point logarithms of proven error; only if ``U`` falls inside that error
          band (or a factorial argument is below 16) are ``f(k)/f(m)`` computed as an exact rational and more
          bits of ``U`` drawn until the comparison is decided. Deciding a lazily refined uniform against bounds
          that are tightened only when needed is the scheme of exact samplers such as Bringmann et al.,
          "Internal DLA: efficient simulation of a physical growth model" (ICALP 2014) and Farach-Colton and
          Tsai, "Exact sublinear binomial sampling" (Algorithmica 2015).

        >>> Dice(b"doc").binomial(10**9, Fraction(3, 10)) in range(299_900_000, 300_100_000)
        True
        """
        p = Fraction(p)
        a, b = p.numerator, p.denominator  # integer comparisons below: Fraction arithmetic would dominate the cost
        if n < 0 or not 0 <= a <= b:
            raise ValueError("binomial() needs n >= 0 and 0 <= p <= 1")
        if n <= _BERNOULLI_MAX_N:
            return sum(self.below(b) < a for _ in range(n))
        if a == 0 or a == b:
            return n if a else 0
        if 2 * a > b:
            return n - _BinomialSampler.for_parameters(n, b - a, b).draw(self)
        return _BinomialSampler.for_parameters(n, a, b).draw(self)

    def weighted(self, items: Sequence[T], weights: Sequence[int]) -> T:
        """One of ``items``, each with probability proportional to its integer weight."""
        if len(items) != len(weights) or not items or any(w < 0 for w in weights) or sum(weights) == 0:
            raise ValueError("weighted() needs as many non-negative integer weights as items, not all 0")
        x = self.below(sum(weights))
        for item, w in zip(items, weights, strict=True):
            if x < w:
                return item
            x -= w
        raise AssertionError("unreachable")

    def shuffle(self, items: Iterable[T]) -> list[T]:
        """A new list with ``items`` in uniformly random order (Fisher-Yates)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


# --- The binomial sampler's exact arithmetic -------------------------------------------------------------------

_BERNOULLI_MAX_N = 16  # up to this n a draw is a plain sum of Bernoulli trials
_STIRLING_MIN = 16  # Stirling bounds only for factorial arguments at least this (Robbins' band is narrow there)
_EXACT_WIDTH_MAX = 32  # block widths up to this are searched exactly instead of taken from the crude bound
_LN_ERROR = 2  # |_ln(...) - 2**prec * ln(...)| < _LN_ERROR


class _BinomialSampler:
    """Rejection sampler for Binomial(n, a/b), ``0 < a/b <= 1/2``, ``n > 16``: see :meth:`Dice.binomial`."""

    def __init__(self, n: int, a: int, b: int) -> None:
        self.n, self.a, self.c = n, a, b - a  # p = a/b, q = c/b
        self.m = (n + 1) * a // b  # a mode
        self.right, self.left = _block_widths(n, self.m, a, b)
        # Bits of U drawn at once: the exact fallback costs O(sqrt(n)) and is needed with probability
        # about 2**-u_bits, so this keeps its expected cost O(1).
        self.u_bits = 32 + n.bit_length() // 2
        # Fixed-point bits of the log-ratio: its coefficients are up to 2n, and it is wanted to ~2**-u_bits.
        self.prec = self.u_bits + n.bit_length() + 8
        self.ln2 = _ln(2, 1, self.prec)
        if min(self.m, n - self.m) >= _STIRLING_MIN:
            self.lam = _ln((n - self.m) * a, self.m * self.c, self.prec)  # ln((n-m)p/(mq))
            one = 1 << self.prec
            # Robbins' bounds on e(m) + e(n-m), see _log_ratio_bounds
            self.eps_mode = (
                one // (12 * self.m + 1) + one // (12 * (n - self.m) + 1),
                -(-one // (12 * self.m)) - (-one // (12 * (n - self.m))),
            )

    @classmethod
    @functools.lru_cache(maxsize=256)
    def for_parameters(cls, n: int, a: int, b: int) -> _BinomialSampler:
        """The sampler for these parameters; it holds no state of a draw, so games drawing again reuse it."""
        return cls(n, a, b)

    def draw(self, dice: Dice) -> int:
        n, m = self.n, self.m
        while True:
            v = dice.below(self.right + self.left)
            t = 0
            while dice.randbits(1) == 0:
                t += 1
            k = m + t * self.right + v if v < self.right else m - 1 - t * self.left - (v - self.right)
            if 0 <= k <= n and self._accept(dice, k, t):
                return k

    def _accept(self, dice: Dice, k: int, t: int) -> bool:
        """Whether a uniform ``U < 2**t f(k)/f(m)``, drawing ``U`` lazily from ``dice``."""
        return self._decide(dice, k, t, dice.randbits(self.u_bits))

    def _decide(self, dice: Dice, k: int, t: int, u: int) -> bool:
        """Whether ``U < 2**t f(k)/f(m)`` for the uniform ``U`` in ``[u, u+1) / 2**u_bits``, refined from ``dice``."""
        if min(k, self.n - k, self.m, self.n - self.m) >= _STIRLING_MIN:
            verdict = self._verdict_from_bounds(k, t, u)
            if verdict is not None:
                return verdict
        num, den = self._exact_ratio(k, t)
        bits = self.u_bits
        while True:
            if (u + 1) * den <= num << bits:
                return True
            if u * den >= num << bits:
                return False
            u = (u << 1) | dice.randbits(1)
            bits += 1

    def _verdict_from_bounds(self, k: int, t: int, u: int) -> bool | None:
        """Accept or reject if ``ln U`` is clear of the bounds on ``ln(2**t f(k)/f(m))``, else None."""
        lo, hi = self._log_ratio_bounds(k, t)
        prec_u = self.u_bits + 8
        shift = self.prec - prec_u
        ln_u_hi = _ln(u + 1, 1 << self.u_bits, prec_u) + _LN_ERROR  # >= ln((u+1)/2**u_bits)
        if ln_u_hi <= lo >> shift:
            return True
        if u > 0:
            # ln(u) >= ln(u+1) - 1/u
            ln_u_lo = ln_u_hi - 2 * _LN_ERROR - -(-(1 << prec_u) // u)
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
        ln_k = _ln(k, m, prec)
        ln_nk = _ln(n - k, n - m, prec)
        twice = 2 * t * self.ln2 + 2 * d * self.lam - (2 * k + 1) * ln_k - (2 * (n - k) + 1) * ln_nk
        slack = (2 * t + 2 * abs(d) + 2 * k + 1 + 2 * (n - k) + 1) * _LN_ERROR
        one = 1 << prec
        eps_lo = self.eps_mode[0] + (-one // (12 * k)) + (-one // (12 * (n - k)))
        eps_hi = self.eps_mode[1] - one // (12 * k + 1) - one // (12 * (n - k) + 1)
        return (twice - slack + 2 * eps_lo) >> 1, -(-(twice + slack + 2 * eps_hi) >> 1)

    def _exact_ratio(self, k: int, t: int) -> tuple[int, int]:
        """``2**t f(k)/f(m)`` as numerator and denominator: O(|k - m|) multiplications."""
        n, m, a, c = self.n, self.m, self.a, self.c
        d = k - m
        if d >= 0:  # m!/k! = 1/perm(k, d), (n-m)!/(n-k)! = perm(n-m, d)
            return math.perm(n - m, d) * a**d << t, math.perm(k, d) * c**d
        return math.perm(m, -d) * c**-d << t, math.perm(n - k, -d) * a**-d


def _block_widths(n: int, m: int, a: int, b: int) -> tuple[int, int]:
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


def _ln(num: int, den: int, prec: int) -> int:
    """An integer within ``_LN_ERROR`` of ``2**prec * ln(num/den)``, for positive integers ``num``, ``den``.

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
