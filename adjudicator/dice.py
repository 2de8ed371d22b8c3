"""Auditable randomness: two hash chains and an exact, deterministic dice stream.

Public dice: at setup a game commits to ``c = H^N(secret)``. Turn ``t`` reveals ``s_t = H^(N-t)(secret)``;
anyone checks ``H(s_t) == s_(t-1)``. The turn's dice are a SHA-256 counter-mode stream keyed by ``s_t`` and a
digest of all the turn's orders files as they were submitted: a sealed file by its envelope's bytes
(``ENVELOPES``), so that the published digest is no test of a guessed plaintext (issue 28).

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

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TypeVar

from .binomial import BinomialSampler

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
    steps = length - turn
    mark = steps // MARK_EVERY
    seed = _marks(secret, mark)[mark] if mark else secret
    for _ in range(steps - mark * MARK_EVERY):
        seed = H(seed)
    return seed


# A chain walked in a process keeps every MARK_EVERY-th link from its secret on (5 kB for a chain of 10,000), so
# that the next seed or hidden link of it costs at most MARK_EVERY hashes instead of ten thousand: a deadline, a
# verify and a test league's commands reveal the same few chains again and again (issue 33, feedback in minutes).
MARK_EVERY = 64
CHAINS_KEPT = 64
_MARKS: dict[bytes, list[bytes]] = {}


def _marks(secret: bytes, upto: int) -> list[bytes]:
    """``H^(k * MARK_EVERY)(secret)`` for every k up to ``upto`` at least."""
    key = bytes(secret)
    marks = _MARKS.get(key)
    if marks is None:
        if len(_MARKS) >= CHAINS_KEPT:
            _MARKS.clear()
        marks = _MARKS[key] = [key]
    while len(marks) <= upto:
        seed = marks[-1]
        for _ in range(MARK_EVERY):
            seed = H(seed)
        marks.append(seed)
    return marks


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


# ``dice: digest:`` in a report (and in the game.yaml of a game made since): the turn's digest binds each sealed
# orders file by its envelope (``submitted``). A report without it is of a turn that digested the plaintexts,
# which is how turns before issue 28 replay; they published a hash that confirms a guessed sealed field.
ENVELOPES = "envelopes"


def orders_digest(orders: Mapping[str, bytes]) -> bytes:
    """A digest of all orders files of a turn: player key and the exact bytes of each, in key order.

    >>> orders_digest({"ann": b"x", "bob": b"y"}) == orders_digest({"bob": b"y", "ann": b"x"})
    True
    """
    h = hashlib.sha256(b"turnpress-orders\0")
    for player in sorted(orders):
        h.update(player.encode() + b"\0" + hashlib.sha256(orders[player]).digest())
    return h.digest()


def submitted(plain: Mapping[str, bytes], envelopes: Mapping[str, bytes | None]) -> dict[str, bytes]:
    """What a turn's digest binds under ``ENVELOPES``: each player's sealed file as submitted (its envelope's
    bytes, under ``<login>.age``: no login holds a dot, so a sealed entry is never read as a plain one), and the
    plain file of a player who sent none sealed.

    The envelope is public (committed with the pull request) and an age file's bytes are a fresh random file key
    and nonce away from its plaintext, so the digest says nothing of what is sealed in it; and since only the
    game's key opens it, to the plaintext the turn adjudicated, the dice still depend on every order.

    >>> submitted({"ann": b"plain", "bob": b"open"}, {"ann": b"age...", "bob": None})
    {'ann.age': b'age...', 'bob': b'open'}
    >>> orders_digest(submitted({"ann": b"plain"}, {})) == orders_digest({"ann": b"plain"})  # open orders: as before
    True
    """
    out: dict[str, bytes] = {}
    for player in sorted(plain):
        envelope = envelopes.get(player)
        if envelope is None:
            out[player] = plain[player]
        else:
            out[f"{player}.age"] = envelope
    return out


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
            return n - BinomialSampler.for_parameters(n, b - a, b).draw(self)
        return BinomialSampler.for_parameters(n, a, b).draw(self)

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


_BERNOULLI_MAX_N = 16  # up to this n a draw is a plain sum of Bernoulli trials
