"""What a player sees and reads: observations, checks, words, notation and pictures.

Views read a state and never change one. This front holds :class:`ByKind`, the dispatch by
the class of what a view is given, so an expansion registers its own kinds
(``adventure/_pack_views``).

>>> def unknown(thing: object) -> str:
...     return "something"
>>> name = ByKind("name", unknown)
>>> @name.on(int)
... def _(number: int) -> str:
...     return f"the number {number}"
>>> name(3), name("three")
('the number 3', 'something')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, ParamSpec, TypeVar, cast

__all__ = ["ByKind"]

P = ParamSpec("P")
R = TypeVar("R")
F = TypeVar("F", bound=Callable[..., Any])


class ByKind(Generic[P, R]):
    """A function that passes its arguments to the one registered for its first one's class.

    A class with no function registered gets ``default``. The lookup is by the exact
    class: the actions, events and parts of Oh Crab! are final classes.
    """

    def __init__(self, name: str, default: Callable[P, R]) -> None:
        self.name = name
        self._default = default
        self._table: dict[type, Callable[P, R]] = {}

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        """Call the function registered for the first argument's class."""
        return self._table.get(type(args[0]), self._default)(*args, **kwargs)

    def register(self, kind: type, function: Callable[..., R] | None) -> Callable[..., R] | None:
        """Make ``function`` the one for ``kind`` (``None``: the default); return the one before.

        >>> sign = ByKind("sign", lambda thing: "?")
        >>> sign.register(int, lambda number: "+" if number >= 0 else "-") is None
        True
        >>> sign(-2), sign.kinds()
        ('-', (<class 'int'>,))
        """
        before = self._table.get(kind)
        if function is None:
            self._table.pop(kind, None)
        else:
            self._table[kind] = cast("Callable[P, R]", function)
        return before

    def on(self, *kinds: type) -> Callable[[F], F]:
        """A decorator that registers the function it decorates for each of ``kinds``."""

        def registering(function: F) -> F:
            for kind in kinds:
                self.register(kind, function)
            return function

        return registering

    def kinds(self) -> tuple[type, ...]:
        """The classes with a function registered, in the order they were registered."""
        return tuple(self._table)

    def __repr__(self) -> str:
        return f"ByKind({self.name!r}, {len(self._table)} kinds)"
