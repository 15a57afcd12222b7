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

Landing (a crab ends on a crab of its size or smaller) is :func:`landing_masks`, which
the caller passes to :func:`reach`.
"""

from __future__ import annotations

from typing import Final

from crabrules.crab_stack._board import Cell, CellMask, Geometry
from crabrules.crab_stack._crabs import Size

# Size's values as literals: the generator asks reach() for every crab, and compiled code
# reads an enum member, or a constant it cannot fold, as a Python object.
_SMALL: Final = 0
_MEDIUM: Final = 1
_LARGE: Final = 2
assert (_SMALL, _MEDIUM, _LARGE) == (Size.SMALL, Size.MEDIUM, Size.LARGE)

#: By size, the cells a crab of that size may end on (:func:`landing_masks`).
Lands = tuple[CellMask, CellMask, CellMask]


def reach(geo: Geometry, src: Cell, size: int, occupied: CellMask, land: CellMask) -> CellMask:
    """Return the bitmask of cells of ``land`` a crab of ``size`` on ``src`` can move to.

    The movement rule, the one place it is written: the move generator, the refusal and
    the check that a player can move all ask it.

    Args:
        geo: the layout's tables.
        src: the crab's space.
        size: the crab's :class:`~crabrules.crab_stack._crabs.Size`.
        occupied: the bitmask of spaces holding at least one crab.
        land: where the crab may end, within ``occupied`` (its size's
            :func:`landing_masks`, or ``occupied`` itself for the paths alone).

    >>> from crabrules.crab_stack._board import geometry
    >>> geo = geometry(((0, 0), (1, 0), (2, 0), (3, 0)))
    >>> reach(geo, 0, Size.SMALL, 0b1111, 0b1111), reach(geo, 0, Size.SMALL, 0b1011, 0b1011)
    (8, 0)
    >>> reach(geo, 0, Size.MEDIUM, 0b0111, 0b0011)  # two spaces away, but not on a large crab
    0
    """
    around = geo.neighbour_masks[src] & occupied
    if size == _LARGE:
        return around & land
    if size == _MEDIUM:
        return geo.medium_reach[src][around] & land
    ends_on = 0
    for mask, ends in geo.small_reach[src][around]:
        ends_on |= ends[occupied & mask]
    return ends_on & land


def landing_masks(tops_by_size: tuple[CellMask, CellMask, CellMask]) -> Lands:
    """Return, by size, the cells a crab may end on: those whose top crab is no bigger.

    The landing rule, the one place it is written. ``tops_by_size[s]`` is the bitmask of
    cells whose top crab has size ``s``; the large crab's mask is every occupied cell.

    >>> landing_masks((0b001, 0b010, 0b100))
    (1, 3, 7)
    """
    small, medium, large = tops_by_size
    return small, small | medium, small | medium | large


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
    small_land, medium_land, occupied = landing_masks(tops_by_size)
    small, medium, large = tops_by_size
    for crabs in (mine & large, mine & medium, mine & small):  # the cheapest first
        while crabs:
            low = crabs & -crabs
            crabs ^= low
            src = low.bit_length() - 1
            if low & large:
                ends = reach(geo, src, _LARGE, occupied, occupied)
            elif low & medium:
                ends = reach(geo, src, _MEDIUM, occupied, medium_land)
            else:
                ends = reach(geo, src, _SMALL, occupied, small_land)
            if ends:
                return True
    return False
