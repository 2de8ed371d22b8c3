"""Auditable randomness: a hash-chain commitment and an exact, deterministic dice stream.

At setup a game commits to ``c = H^N(secret)``. Turn ``t`` reveals ``s_t = H^(N-t)(secret)``; anyone checks
``H(s_t) == s_(t-1)``. The turn's dice are a SHA-256 counter-mode stream keyed by ``s_t`` and a digest of all
the turn's orders. Every sampler draws whole bits and uses integer arithmetic only, so the same key gives the
same results on every machine and with every library version.

>>> d = Dice(b"key")
>>> d.below(6) in range(6)
True
"""

from __future__ import annotations

import hashlib
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
    shift every later draw for another.
    """

    def __init__(self, key: bytes) -> None:
        self._key = hashlib.sha256(b"turnpress-dice\0" + key).digest()
        self._counter = 0
        self._pool = 0  # unread random bits, least significant first
        self._bits = 0

    @classmethod
    def for_turn(cls, seed: bytes, digest: bytes) -> Dice:
        """The dice of a turn: keyed by its revealed seed and the digest of its orders."""
        return cls(seed + digest)

    def fork(self, label: str) -> Dice:
        """An independent stream named ``label``; the parent stream is not advanced."""
        return Dice(self._key + b"/" + label.encode())

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
        """The number of successes in ``n`` independent trials of probability exactly ``p``."""
        p = Fraction(p)
        if n < 0 or not 0 <= p <= 1:
            raise ValueError("binomial() needs n >= 0 and 0 <= p <= 1")
        return sum(1 for _ in range(n) if self.below(p.denominator) < p.numerator)

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
