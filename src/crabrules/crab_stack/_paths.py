"""Where a crab can go: exact-length paths over occupied spaces, as bitmasks.

A crab of size ``s`` moves exactly ``STEPS[s]`` spaces along a path of distinct spaces,
each adjacent to the last and each holding a crab; it starts from its own stack, which it
cannot cross again (the rules' decision 2). Only the set of destinations matters (two
paths to one space are one move), so these functions return a bitmask of destinations and
never list paths:

- large (1 step): the occupied neighbours;
- medium (2 steps): the occupied neighbours of the occupied neighbours, but the start
  (tabulated per layout for every occupancy of the start's neighbours);
- small (3 steps): for every simple path ``s, a, b`` over occupied spaces, the occupied
  neighbours of ``b`` but ``s`` and ``a``; for each occupied neighbour ``a``, the union over
  ``b`` depends only on which of ``a``'s neighbours hold crabs, so it is tabulated per
  layout (:attr:`Geometry.small_reach <crabrules.crab_stack._board.Geometry>`): one
  lookup per occupied neighbour.

Landing (a crab ends on a crab of its size or smaller) is the caller's mask:
:func:`landing_mask`.
"""

from __future__ import annotations

from crabrules.crab_stack._board import Cell, CellMask, Geometry
from crabrules.crab_stack._crabs import Size


def destinations(geo: Geometry, src: Cell, size: int, occupied: CellMask) -> CellMask:
    """Return the bitmask of cells a crab of ``size`` on ``src`` can reach, ignoring landing.

    Args:
        geo: the layout's tables.
        src: the crab's space.
        size: the crab's :class:`~crabrules.crab_stack._crabs.Size`.
        occupied: the bitmask of spaces holding at least one crab.

    >>> from crabrules.crab_stack._board import geometry
    >>> geo = geometry(((0, 0), (1, 0), (2, 0), (3, 0)))
    >>> destinations(geo, 0, Size.SMALL, 0b1111), destinations(geo, 0, Size.SMALL, 0b1011)
    (8, 0)
    """
    if size == Size.LARGE:
        return geo.neighbour_masks[src] & occupied
    if size == Size.MEDIUM:
        return geo.medium_reach[src][occupied & geo.neighbour_masks[src]] & occupied
    reach = 0
    for mask, ends in geo.small_reach[src][occupied & geo.neighbour_masks[src]]:
        reach |= ends[occupied & mask]
    return reach & occupied


def landing_mask(size: int, tops_by_size: tuple[CellMask, CellMask, CellMask]) -> CellMask:
    """Return the cells a crab of ``size`` may end on: those whose top crab is no bigger.

    ``tops_by_size[s]`` is the bitmask of cells whose top crab has size ``s``.

    >>> landing_mask(Size.MEDIUM, (0b001, 0b010, 0b100))
    3
    """
    small, medium, large = tops_by_size
    if size == Size.SMALL:
        return small
    if size == Size.MEDIUM:
        return small | medium
    return small | medium | large


def can_move(
    geo: Geometry, tops_by_size: tuple[CellMask, CellMask, CellMask], mine: CellMask
) -> bool:
    """Whether any of the top crabs ``mine`` (a bitmask) has a legal move.

    A player for whom this is false at the start of their turn is eliminated. The
    cheapest sizes are tried first: a large crab can move as soon as a neighbour holds a
    crab, since it may end on any crab.

    >>> from crabrules.crab_stack._board import geometry
    >>> geo = geometry(((0, 0), (1, 0), (2, 0)))
    >>> can_move(geo, (0b011, 0, 0b100), 0b001), can_move(geo, (0b011, 0, 0b100), 0b100)
    (False, True)
    """
    small, medium, large = tops_by_size
    occupied = small | medium | large
    masks = geo.neighbour_masks
    crabs = mine & large
    while crabs:
        low = crabs & -crabs
        crabs ^= low
        if masks[low.bit_length() - 1] & occupied:
            return True
    # destinations() inlined for the medium and small crabs: this runs after every move
    # for each player still in without a large crab on top (decision 5).
    crabs = mine & medium
    if crabs:
        reach, land = geo.medium_reach, small | medium
        while crabs:
            low = crabs & -crabs
            crabs ^= low
            src = low.bit_length() - 1
            if reach[src][occupied & masks[src]] & land:
                return True
    crabs = mine & small
    small_reach = geo.small_reach
    while crabs:
        low = crabs & -crabs
        crabs ^= low
        src = low.bit_length() - 1
        for mask, ends in small_reach[src][occupied & masks[src]]:
            if ends[occupied & mask] & small:
                return True
    return False
