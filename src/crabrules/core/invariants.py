"""State checks as data: a list of small named invariants, and one runner.

An invariant is a function of a document (a state, an observation) that returns the
sentence of the rule the document breaks, or ``None``. A game lists its invariants in
order, beside the data they guard; an invariant may rely on those before it holding (the
stacks are checked before the groups they form). :func:`check` raises the first broken
rule as an :class:`~crabrules.core.errors.InvalidStateError`; :func:`broken` lists every
broken one (for tests and tools), in the same order.

>>> def seed(doc: dict[str, int]) -> str | None:
...     return None if doc["seed"] >= 0 else f"seed: not negative, not {doc['seed']}"
>>> def turn(doc: dict[str, int]) -> str | None:
...     return None if doc["turn"] >= 0 else "turn: not negative"
>>> rules = (seed, turn)
>>> check(rules, {"seed": 1, "turn": 0})
>>> broken(rules, {"seed": -1, "turn": -2})
[('seed', 'seed: not negative, not -1'), ('turn', 'turn: not negative')]
>>> check(rules, {"seed": 1, "turn": -2})
Traceback (most recent call last):
...
crabrules.core.errors.InvalidStateError: turn: not negative
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from crabrules.core.errors import InvalidStateError

__all__ = ["Invariant", "broken", "check", "first_broken", "name_of"]

T = TypeVar("T")

#: A rule a document must keep: the sentence saying how it is broken, or ``None``.
Invariant = Callable[[T], "str | None"]


def name_of(invariant: Invariant[T]) -> str:
    """The invariant's name: its function's, without a leading underscore.

    >>> def _turn(doc: object) -> None: ...
    >>> name_of(_turn)
    'turn'
    """
    return getattr(invariant, "__name__", repr(invariant)).lstrip("_")


def first_broken(invariants: Sequence[Invariant[T]], document: T) -> tuple[str, str] | None:
    """The name and sentence of the first invariant ``document`` breaks, or ``None``."""
    for invariant in invariants:
        sentence = invariant(document)
        if sentence is not None:
            return name_of(invariant), sentence
    return None


def check(invariants: Sequence[Invariant[T]], document: T) -> None:
    """Raise the first broken rule of ``document``.

    Raises:
        InvalidStateError: the sentence of the first invariant ``document`` breaks.
    """
    for invariant in invariants:
        sentence = invariant(document)
        if sentence is not None:
            raise InvalidStateError(sentence)


def broken(invariants: Sequence[Invariant[T]], document: T) -> list[tuple[str, str]]:
    """Every invariant ``document`` breaks, in order, as (name, sentence).

    Once one is broken, a later invariant that relies on it may fail to run (an index out
    of range, say): it is then left out of the list, as it cannot be judged.
    """
    found: list[tuple[str, str]] = []
    for invariant in invariants:
        try:
            sentence = invariant(document)
        except Exception:
            if not found:
                raise  # nothing it relies on is broken: a bug in the invariant
            continue
        if sentence is not None:
            found.append((name_of(invariant), sentence))
    return found
