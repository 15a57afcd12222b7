"""The Wave Rule: the crabs must stay in one group, smaller groups are washed away.

Groups are maximal sets of occupied spaces connected by adjacency (decision 4). After a
move splits the crabs, every group but the largest is washed away; "largest" is most
spaces, then most crabs; if several groups tie for largest, the mover chooses the one
that stays (a :class:`~crabrules.crab_stack._actions.KeepGroup` follow-up decision).

Only a move that empties its starting space can split the crabs, so the rules look only
then: first the local test :meth:`Geometry.safe_to_vacate
<crabrules.crab_stack._board.Geometry.safe_to_vacate>`, then, if it cannot rule a split
out, :func:`splits`, and only after a real split :func:`groups`.

>>> from crabrules.crab_stack._board import geometry
>>> line = geometry(((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)))
>>> groups(line, 0b11011)
(3, 24)
>>> ranked((3, 24), stacks=((0,), (1, 2), (), (3,), (4,)))
((3,), 24)
>>> ranked((3, 24), stacks=((0,), (1,), (), (3,), (4,)))
((3, 24), 0)
"""

from __future__ import annotations

from crabrules.crab_stack._board import Cell, CellMask, Geometry, cells_of
from crabrules.crab_stack._crabs import Stack


def splits(geo: Geometry, occupied: CellMask, vacated: Cell) -> bool:
    """Whether emptying ``vacated`` split the crabs, which were one group with it.

    Every group left holds a neighbour of ``vacated``, so the crabs are still one group
    exactly when a flood from one of its occupied neighbours reaches the others; the
    flood stops as soon as it has.

    >>> from crabrules.crab_stack._board import geometry
    >>> ring = geometry(((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)))
    >>> splits(ring, 0b111110, 0), splits(ring, 0b110110, 0)
    (False, True)
    """
    masks = geo.neighbour_masks
    around = occupied & masks[vacated]
    group = todo = around & -around
    while todo:
        low = todo & -todo
        todo ^= low
        grown = masks[low.bit_length() - 1] & occupied & ~group
        if grown:
            group |= grown
            if group & around == around:
                return False
            todo |= grown
    return group & around != around


def groups_after(geo: Geometry, occupied: CellMask, vacated: Cell) -> tuple[CellMask, ...]:
    """Return :func:`groups` of ``occupied``, or just ``(occupied,)`` when it is one group.

    For crabs that were one group with ``vacated``: the same answer as :func:`splits`
    then :func:`groups`, but the first group the split test floods is kept rather than
    flooded again, and the other groups are flooded from the rest of ``vacated``'s
    occupied neighbours (every group holds one).

    >>> from crabrules.crab_stack._board import geometry
    >>> ring = geometry(((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)))
    >>> groups_after(ring, 0b111110, 0), groups_after(ring, 0b110110, 0)
    ((62,), (6, 48))
    """
    masks = geo.neighbour_masks
    around = occupied & masks[vacated]
    if not around:
        # What splits() answers then (only a move by hand can leave no crab around).
        return (occupied,)
    out: list[CellMask] = []
    rest = occupied
    todo_groups = around
    while todo_groups:
        group = todo = todo_groups & -todo_groups
        while todo:
            low = todo & -todo
            todo ^= low
            grown = masks[low.bit_length() - 1] & rest & ~group
            if grown:
                group |= grown
                if not out and group & around == around:
                    # The split test: the first flood reached every neighbour, no split.
                    return (occupied,)
                todo |= grown
        if not out and group & around == around:
            return (occupied,)
        out.append(group)
        rest &= ~group
        todo_groups &= ~group
    if rest:
        # Crabs out of reach of vacated: the crabs were not one group (only a state built
        # by hand can be so); look at the whole board as the split test then groups do.
        return groups(geo, occupied)
    # Ordered by lowest cell, as groups() finds them.
    return tuple(sorted(out, key=lambda g: g & -g))


def groups(geo: Geometry, occupied: CellMask) -> tuple[CellMask, ...]:
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
    parts: tuple[CellMask, ...], stacks: tuple[Stack, ...]
) -> tuple[tuple[CellMask, ...], CellMask]:
    """Return the groups tied for largest, and the bitmask of every other group's cells.

    Wave Rule: fewer spaces, then fewer crabs, is smaller; the smaller groups are washed
    away. One group in the first element means it alone stays; several mean a full tie,
    for the mover to settle.

    Args:
        parts: the groups, as bitmasks (from :func:`groups`).
        stacks: the stacks, per cell.
    """
    spaces = [g.bit_count() for g in parts]
    most = max(spaces)
    keep = tuple(g for g, n in zip(parts, spaces, strict=True) if n == most)
    if len(keep) > 1:
        # Tied on spaces: count crabs (only now, it is rarely needed).
        crabs = [sum(len(stacks[c]) for c in cells_of(g)) for g in keep]
        most = max(crabs)
        keep = tuple(g for g, n in zip(keep, crabs, strict=True) if n == most)
    washed = 0
    for g in parts:
        if g not in keep:
            washed |= g
    return keep, washed
