"""A deterministic, immutable, serialisable random generator.

All chance in crabrules (setup shuffles, deals, reshuffles, a card drawn at random) comes
from :class:`Rng`. Its whole state is one 64-bit integer kept inside the game state, so a
saved game carries its future with it and the same seed gives the same game on every
platform and Python version.

The algorithm is SplitMix64 (Steele, Lea and Flood, 2014, as published by Vigna): each
step adds the golden-ratio increment ``0x9E3779B97F4A7C15`` to the state and mixes the
result. It is small, fast in pure Python and passes BigCrush, which is ample for shuffling
cards; it is not for cryptography. Its output is pinned by known-answer tests, because
changing it would silently change every saved game.
Its arithmetic is :mod:`crabrules.core.splitmix`'s, in native 64-bit integers in the
compiled build and Python's ints in the pure one, with the same numbers.

Every method returns the value *and* the next generator; the old one is untouched:

>>> rng = Rng.from_seed(7)
>>> roll, rng2 = rng.below(6)
>>> roll, rng.below(6)[0] == roll
(3, True)
>>> deck, rng3 = rng2.shuffle("ABCDE")
>>> deck
('B', 'D', 'A', 'C', 'E')
"""

from __future__ import annotations

import operator
import secrets
from collections.abc import Sequence
from typing import SupportsIndex, TypeVar

import attrs

from crabrules.core.errors import InvalidConfigError
from crabrules.core.splitmix import GAMMA, mix
from crabrules.core.splitmix import below as _below

__all__ = ["SEED_LIMIT", "Rng", "check_seed", "fresh_seed", "resolve_seed"]

T = TypeVar("T")

#: Seeds are integers in ``range(SEED_LIMIT)``.
SEED_LIMIT = 1 << 64


@attrs.frozen
class Rng:
    """An immutable SplitMix64 generator.

    Make one with :meth:`from_seed`, which checks the seed; the constructor itself does not
    check, because every draw builds a new generator and games draw in their hot paths.

    Attributes:
        state: the 64-bit state; serialised as a 16-digit hex string so that JSON readers
            limited to 53-bit numbers (JavaScript) keep it exact.
    """

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """The generator a game seeded with ``seed`` starts from.

        Raises:
            InvalidConfigError: ``seed`` is not an int in ``range(SEED_LIMIT)``.

        >>> Rng.from_seed(1).state
        1
        """
        return cls(check_seed(seed))

    def next_u64(self) -> tuple[int, Rng]:
        """A uniform 64-bit integer and the next generator.

        >>> Rng.from_seed(1234567).next_u64()[0]
        6457827717110365317
        """
        state = (self.state + GAMMA) % SEED_LIMIT
        return mix(state), Rng(state)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``range(n)``, without modulo bias, and the next generator.

        Values of the 64-bit stream that would bias the result are rejected and redrawn.

        >>> Rng.from_seed(0).below(10)[0]
        5
        """
        # An int exactly: a float (or a bool) would draw in one build and not the other.
        if type(n) is not int or not 0 < n <= SEED_LIMIT:
            raise ValueError(f"below() needs an int n with 1 <= n <= 2**64, got {n!r}")
        value, state = _below(self.state, n)
        return value, Rng(state)

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """One element of a non-empty sequence, uniformly, and the next generator.

        >>> Rng.from_seed(3).choice(["red", "blue", "green"])[0]
        'red'
        """
        if not items:
            raise ValueError("choice() needs a non-empty sequence")
        index, state = _below(self.state, len(items))
        return items[index], Rng(state)

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A uniformly shuffled copy of ``items`` (Fisher-Yates) and the next generator.

        >>> Rng.from_seed(5).shuffle(range(6))[0]
        (0, 1, 5, 3, 4, 2)
        """
        out = list(items)
        state = self.state
        for i in range(len(out) - 1, 0, -1):
            j, state = _below(state, i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), Rng(state)

    def split(self) -> tuple[Rng, Rng]:
        """Two independent generators: one to keep, one to hand to another consumer.

        >>> a, b = Rng.from_seed(9).split()
        >>> a != b
        True
        """
        seed, nxt = self.next_u64()
        return nxt, Rng(seed)


def fresh_seed() -> int:
    """A new seed from the operating system's entropy: what ``seed=None`` means.

    The only place crabrules reads entropy. The seed is below ``2**53`` so that it stays
    exact in every JSON reader (JavaScript's numbers included), and the game records it,
    so even an unplanned game can be replayed.

    >>> 0 <= fresh_seed() < 2**53
    True
    """
    return secrets.randbits(53)


def check_seed(seed: object) -> int:
    """``seed`` as a plain int in ``range(SEED_LIMIT)``, or an ``InvalidConfigError``.

    Any integer-like value is accepted (anything :func:`operator.index` takes, such as the
    ``numpy.int64`` that Gymnasium and PettingZoo hand out), and the plain ``int`` is
    returned, so the state that records it serialises. ``bool`` is not a seed.

    >>> check_seed(7)
    7
    >>> check_seed(2.0)
    Traceback (most recent call last):
    ...
    crabrules.core.errors.InvalidConfigError: seed: an int in [0, 2**64), not 2.0
    """
    if type(seed) is int:
        # The usual seed, tested first: the runtime Protocol check below costs ~3 us.
        value: int | None = seed
    else:
        value = operator.index(seed) if isinstance(seed, SupportsIndex) else None
    if type(seed) is bool or value is None or not 0 <= value < SEED_LIMIT:
        raise InvalidConfigError(f"seed: an int in [0, 2**64), not {seed!r}")
    return int(value)


def resolve_seed(seed: object) -> int:
    """The seed a game starts from: :func:`fresh_seed` for ``None``, else :func:`check_seed`.

    Every ``initial_state`` starts with it.

    >>> resolve_seed(3), 0 <= resolve_seed(None) < 2**53
    (3, True)
    """
    return fresh_seed() if seed is None else check_seed(seed)
