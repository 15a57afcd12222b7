"""A cached function's last answer, given again at once for the very same argument.

The engines look up tables derived from a game's config (its rules, its seating) in
every action, from caches keyed by the config. Finding the entry hashes the config
through its attrs ``__hash__``, a Python call, while nearly every lookup comes with the
same config object as the one before: the states of a game share theirs. A
:class:`LastByIdentity` in front of the cache answers that object by one identity test.
The compiled wheel compiles this module, so from compiled code the test is a C call.

>>> import functools
>>> @functools.cache
... def square(n: int) -> int:
...     return n * n
>>> last = LastByIdentity(square)
>>> last(12), last(12), last(3)
(144, 144, 9)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["CONFIGS_KEPT", "LastByIdentity"]

#: The tables derived from a config are kept for this many configs, the ones used last
#: (``functools.lru_cache(maxsize=CONFIGS_KEPT)``): a program that makes configs on the
#: fly (custom names, colours, layouts) must not keep the tables of every one.
CONFIGS_KEPT = 64

K = TypeVar("K")
V = TypeVar("V")


class LastByIdentity(Generic[K, V]):
    """``compute(key)``, remembered for the key asked for last (compared by identity).

    Only for immutable keys whose answer depends on their value alone: another object
    equal to the last key simply goes to ``compute``. The key and its answer are kept as
    one value, replaced whole, so a reader in another thread never pairs a key with
    another key's answer; keeping the key also keeps its id from being reused.
    """

    def __init__(self, compute: Callable[[K], V]) -> None:
        self._compute = compute
        self._last: tuple[K, V] | None = None

    def __call__(self, key: K) -> V:
        """``compute(key)``: at once if ``key`` is the object asked for last."""
        last = self._last
        if last is not None and last[0] is key:
            return last[1]
        value = self._compute(key)
        self._last = (key, value)
        return value
