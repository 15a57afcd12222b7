"""Crabs: three sizes per colour, encoded as one small int each, and stacks of them.

Crabs of the same colour and size are interchangeable (the rules' decision 7), so a crab
is just its owner and size, packed as ``crab = 3 * player + size``, and a space holds a
:data:`Stack`: its crabs, bottom to top. The hot paths of the rules inline
:func:`crab_player` and :func:`crab_size` as ``c // 3`` and ``c % 3``.

>>> crab(1, Size.LARGE)
5
>>> crab_player(5), crab_size(5), STEPS[crab_size(5)]
(1, <Size.LARGE: 2>, 1)
"""

from __future__ import annotations

import enum

from crabrules.core import PlayerId

#: A crab: ``3 * player + size``.
Crab = int
#: The crabs on one space, bottom to top; ``()`` is an empty space.
Stack = tuple[Crab, ...]

#: Each colour has three crabs of each size.
CRABS_PER_SIZE = 3


class Size(enum.IntEnum):
    """A crab's size; a bigger crab may end its move on a smaller or equal one."""

    SMALL = 0
    """Moves exactly 3 spaces; ends only on a small crab."""
    MEDIUM = 1
    """Moves exactly 2 spaces; ends on a medium or small crab."""
    LARGE = 2
    """Moves exactly 1 space; ends on any crab."""


#: How many spaces a crab of each size moves, exactly: small 3, medium 2, large 1.
STEPS: tuple[int, int, int] = (3, 2, 1)

_SIZES = tuple(Size)


def crab(player: PlayerId, size: Size) -> Crab:
    """Return the crab of ``player`` with ``size``."""
    return 3 * player + size


def crab_player(c: Crab) -> PlayerId:
    """Return the owner of crab ``c``."""
    return c // 3


def crab_size(c: Crab) -> Size:
    """Return the size of crab ``c``."""
    return _SIZES[c % 3]


def crab_name(c: Crab, colours: tuple[str, ...]) -> str:
    """The name of crab ``c`` in the game's words, given the config's ``colours``.

    A client that receives a stack as ints (``[5, 0]``) shows it with this: the colour
    is ``colours[c // 3]`` and the size ``("small", "medium", "large")[c % 3]``.

    >>> crab_name(5, ("red", "blue")), crab_name(0, ("red", "blue"))
    ('blue large crab', 'red small crab')
    """
    return f"{colours[crab_player(c)]} {crab_size(c).name.lower()} crab"
