"""The Wave Rule: the crabs must stay in one group, smaller groups are washed away.

Groups are maximal sets of occupied spaces connected by adjacency (decision 4). After a
move splits the crabs, every group but the largest is washed away; "largest" is most
spaces, then most crabs; if several groups tie for largest, the mover chooses the one
that stays (a :class:`~crabrules.crab_stack.actions.KeepGroup` follow-up decision).

Only a move that empties its starting space can split the crabs, so the rules call
:func:`groups` only then, and only when the cheap local test
:meth:`Geometry.safe_to_vacate <crabrules.crab_stack.board.Geometry.safe_to_vacate>`
cannot rule a split out.

>>> from crabrules.crab_stack.board import geometry
>>> line = geometry(((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)))
>>> groups(line, 0b11011)
(3, 24)
>>> ranked((3, 24), stacks=((0,), (1, 2), (), (3,), (4,)))
((3,), 24)
>>> ranked((3, 24), stacks=((0,), (1,), (), (3,), (4,)))
((3, 24), 0)
"""

from __future__ import annotations

from crabrules.crab_stack.board import Cell, Geometry
from crabrules.crab_stack.crabs import Crab

__all__ = ["cells_of", "groups", "ranked"]


def cells_of(mask: int) -> tuple[Cell, ...]:
    """List the cells of a bitmask, ascending.

    >>> cells_of(0b10110)
    (1, 2, 4)
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def groups(geo: Geometry, occupied: int) -> tuple[int, ...]:
    """Find the groups of the occupied cells, as bitmasks, ordered by their lowest cell."""
    masks = geo.neighbour_masks
    out = []
    rest = occupied
    while rest:
        group = todo = rest & -rest
        while todo:
            low = todo & -todo
            todo ^= low
            grown = masks[low.bit_length() - 1] & rest & ~group
            group |= grown
            todo |= grown
        out.append(group)
        rest &= ~group
    return tuple(out)


def ranked(
    parts: tuple[int, ...], stacks: tuple[tuple[Crab, ...], ...]
) -> tuple[tuple[int, ...], int]:
    """Return the groups tied for largest, and the bitmask of every other group's cells.

    Wave Rule: fewer spaces, then fewer crabs, is smaller; the smaller groups are washed
    away. One group in the first element means it alone stays; several mean a full tie,
    for the mover to settle.

    Args:
        parts: the groups, as bitmasks (from :func:`groups`).
        stacks: the stacks, per cell.
    """
    sizes = [(g.bit_count(), sum(len(stacks[c]) for c in cells_of(g))) for g in parts]
    best = max(sizes)
    keep = tuple(g for g, size in zip(parts, sizes, strict=True) if size == best)
    washed = 0
    for g, size in zip(parts, sizes, strict=True):
        if size != best:
            washed |= g
    return keep, washed
