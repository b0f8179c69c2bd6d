"""Deterministic randomness carried inside a game state.

Python's :mod:`random` may change its algorithms between versions, and the browser runs a
newer Python (Pyodide) than CPython here, so games never use it. :class:`Rng` is SplitMix64:
its whole state is one 64-bit integer, which serialises to JSON and gives the same sequence
on every interpreter.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def seed_to_int(seed: int | str) -> int:
    """Turn a seed given by a person or a peer (any int or text) into a 64-bit integer."""
    if isinstance(seed, int) and 0 <= seed <= _MASK:
        return seed
    digest = hashlib.sha256(str(seed).encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass
class Rng:
    """A SplitMix64 generator. Copy it with the state that holds it; never share one between states."""

    state: int

    @classmethod
    def from_seed(cls, seed: int | str) -> Rng:
        return cls(seed_to_int(seed))

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, so no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out

    def fork(self, label: str) -> Rng:
        """An independent generator derived from this one's state and a label (does not advance self)."""
        return Rng(seed_to_int(f"{self.state}:{label}"))

    def copy(self) -> Rng:
        return Rng(self.state)
