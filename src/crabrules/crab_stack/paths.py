"""Where a crab can go: exact-length paths over occupied spaces, as bitmasks.

A crab of size ``s`` moves exactly ``STEPS[s]`` spaces along a path of distinct spaces,
each adjacent to the last and each holding a crab; it starts from its own stack, which it
cannot cross again (the rules' decision 2). Only the set of destinations matters (two
paths to one space are one move), so these functions work on bitmasks of destinations and
never list paths:

- large (1 step): the occupied neighbours;
- medium (2 steps): the occupied neighbours of the occupied neighbours, but the start
  (tabulated per layout for every occupancy of the start's neighbours);
- small (3 steps): for every simple path ``s, a, b`` over occupied spaces, the occupied
  neighbours of ``b`` but ``s`` and ``a``; for each occupied neighbour ``a``, the union over
  ``b`` depends only on which of ``a``'s neighbours hold crabs, so it is tabulated per
  layout (:attr:`Geometry.small_reach <crabrules.crab_stack.board.Geometry>`): one
  lookup per occupied neighbour.

Landing (a crab ends on a crab of its size or smaller) is applied by :func:`crab_moves`
too. The move generator (:func:`crabrules.crab_stack.engine.legal_moves`) and the refusal of a move
(:func:`crabrules.crab_stack.rules.check_legal`) both ask :func:`crab_moves`, so the rules
of Moving Crabs are written once; :func:`can_move` asks the same tables, stopping at the
first move found.
"""

from __future__ import annotations

from crabrules.core import PlayerId
from crabrules.crab_stack.actions import Move, MoveTable
from crabrules.crab_stack.board import CellMask, Geometry

__all__ = ["can_move", "crab_moves"]


def crab_moves(
    geo: Geometry,
    table: MoveTable,
    player: PlayerId,
    tops_by_size: tuple[CellMask, CellMask, CellMask],
    crabs: CellMask,
    paths_only: bool = False,
) -> list[Move]:
    """Return the moves of ``player``'s top crabs on the cells of the bitmask ``crabs``.

    A crab moves along a path of its exact length over crabs, and ends on a crab of its
    size or smaller; ``paths_only`` leaves out the second rule (the refusal of a move says
    which of the two it breaks). The moves come by space, then by destination, ascending:
    the order of ``legal_actions``.

    Args:
        geo: the layout's tables.
        table: the layout's moves (:class:`~crabrules.crab_stack.actions.MoveTable`).
        player: whose crabs they are.
        tops_by_size: by size, the bitmask of cells whose top crab has that size.
        crabs: the spaces of the top crabs asked about.
        paths_only: whether a crab may end on any crab.

    >>> from crabrules.crab_stack.actions import move_table
    >>> from crabrules.crab_stack.board import geometry
    >>> geo = geometry(((0, 0), (1, 0), (2, 0), (3, 0)))
    >>> table = move_table(2, geo)
    >>> small_medium_small_large = (0b0101, 0b0010, 0b1000)
    >>> crab_moves(geo, table, 0, small_medium_small_large, 0b1000)
    [Move(player=0, src=3, dst=2)]
    >>> crab_moves(geo, table, 0, small_medium_small_large, 0b0010)
    []
    >>> crab_moves(geo, table, 0, small_medium_small_large, 0b0010, True)
    [Move(player=0, src=1, dst=3)]
    """
    small, medium, large = tops_by_size
    occupied = small | medium | large
    # Landing: a crab ends on a crab of its size or smaller (a large one: on any crab).
    if paths_only:
        small_land = medium_land = occupied
    else:
        small_land, medium_land = small, small | medium
    masks = geo.neighbour_masks
    medium_reach, small_reach = geo.medium_reach, geo.small_reach
    one_step, by_bit = table.one_step[player], table.by_bit[player]
    out: list[Move] = []
    while crabs:
        low = crabs & -crabs
        crabs ^= low
        src = low.bit_length() - 1
        around = masks[src] & occupied
        if low & large:  # 1 step, onto any crab: a large crab's moves in one lookup
            out += one_step[src][around]
            continue
        if low & medium:
            reach = medium_reach[src][around] & medium_land
        else:
            reach = 0
            for mask, ends in small_reach[src][around]:
                reach |= ends[occupied & mask]
            reach &= small_land
        # The moves to the bits of reach, ascending (keyed by bit: no index to compute).
        moves = by_bit[src]
        while reach:
            bit = reach & -reach
            reach ^= bit
            out.append(moves[bit])
    return out


def can_move(
    geo: Geometry, tops_by_size: tuple[CellMask, CellMask, CellMask], mine: CellMask
) -> bool:
    """Whether any of the top crabs ``mine`` (a bitmask) has a legal move.

    A player for whom this is false at the start of their turn is eliminated. The
    cheapest sizes are tried first: a large crab can move as soon as a neighbour holds a
    crab, since it may end on any crab.

    >>> from crabrules.crab_stack.board import geometry
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
    # crab_moves' reach for the medium and small crabs, stopping at the first move: this
    # runs after every move for each player still in without a large crab on top.
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
