"""What a player can do: move a crab, or settle a wave tie.

>>> Move(player=0, src=3, dst=5)
Move(player=0, src=3, dst=5)
>>> KeepGroup(player=1, cell=7).TAG
'keep_group'
"""

from __future__ import annotations

import functools
from typing import ClassVar

import attrs

from crabrules.core import PlayerId, Reason
from crabrules.core.memo import CONFIGS_KEPT
from crabrules.crab_stack._board import Cell, CellMask, Geometry, cells_of, subsets
from crabrules.crab_stack._crabs import Size
from crabrules.crab_stack._paths import reach


@attrs.frozen
class Move:
    """Move the top crab of ``src`` to ``dst``, by any legal path (all paths are one move).

    Attributes:
        player: the player moving; the crab on top of ``src`` is theirs.
        src: the crab's space.
        dst: the space it ends on, on top of the stack there.
    """

    TAG: ClassVar[str] = "move"
    player: PlayerId
    src: Cell
    dst: Cell


@attrs.frozen
class KeepGroup:
    """After a move split the crabs into groups tied for largest: keep one, wash the others.

    Attributes:
        player: the player who moved.
        cell: the lowest cell of the group that stays (the one ``legal_actions`` lists).
    """

    TAG: ClassVar[str] = "keep_group"
    player: PlayerId
    cell: Cell


#: Every action of Crab Stack.
Action = Move | KeepGroup


class IllegalReason(Reason):
    """Why ``apply`` refused an action (``IllegalActionError.reason``)."""

    NO_SUCH_SPACE = "no_such_space"
    """A cell id that is not a space of the layout."""
    NO_CRAB = "no_crab"
    """The starting space is empty."""
    NOT_YOUR_CRAB = "not_your_crab"
    """The top crab of the starting space belongs to someone else (only top crabs move)."""
    NO_PATH = "no_path"
    """No path of exactly the crab's length over crabs, without revisiting, ends there."""
    TOO_BIG = "too_big"
    """The crab would end on a bigger crab."""
    WAVE_DECISION_PENDING = "wave_decision_pending"
    """The mover must first choose which tied group stays."""
    NO_WAVE_DECISION = "no_wave_decision"
    """No wave tie is waiting to be settled."""
    NOT_A_TIED_GROUP = "not_a_tied_group"
    """The cell is not the lowest cell of a tied group."""


class MoveTable:
    """Every :class:`Move` of one player count and layout, built once and shared.

    ``legal_actions`` hands out these (immutable) objects instead of building new ones,
    which is much of its speed.

    Attributes:
        cells: the number of spaces.
        moves: ``moves[player][src * cells + dst]`` is ``Move(player, src, dst)``.
        one_step: ``one_step[player][src]`` maps each subset of ``src``'s neighbours
            holding crabs (a bitmask) to a large crab's moves from ``src`` (as
            :func:`~crabrules.crab_stack._paths.reach` gives them), ascending: in one lookup.
        by_bit: ``by_bit[player][src]`` maps ``1 << dst`` to ``Move(player, src, dst)``, so
            a destination bitmask's lowest bit gives its move without finding its index.

    >>> from crabrules.crab_stack._board import geometry, reference_layout
    >>> table = move_table(2, geometry(reference_layout(2)))
    >>> table.moves[1][4 * 18 + 5]
    Move(player=1, src=4, dst=5)
    >>> table.one_step[0][0][0b11000]
    (Move(player=0, src=0, dst=3), Move(player=0, src=0, dst=4))
    >>> table.by_bit[1][4][1 << 5]
    Move(player=1, src=4, dst=5)
    """

    __slots__ = ("by_bit", "cells", "moves", "one_step")

    def __init__(self, players: int, geo: Geometry) -> None:
        cells = self.cells = geo.size
        self.moves: tuple[tuple[Move, ...], ...] = tuple(
            tuple(Move(p, src, dst) for src in range(cells) for dst in range(cells))
            for p in range(players)
        )
        self.by_bit: tuple[tuple[dict[CellMask, Move], ...], ...] = tuple(
            tuple(
                {1 << dst: self.moves[p][src * cells + dst] for dst in range(cells)}
                for src in range(cells)
            )
            for p in range(players)
        )
        self.one_step: tuple[tuple[dict[int, tuple[Move, ...]], ...], ...] = tuple(
            tuple(
                {
                    sub: tuple(
                        self.moves[p][src * cells + dst]
                        for dst in cells_of(reach(geo, src, Size.LARGE, sub, sub))
                    )
                    for sub in subsets(geo.neighbour_masks[src])
                }
                for src in range(cells)
            )
            for p in range(players)
        )


@functools.lru_cache(maxsize=CONFIGS_KEPT)
def move_table(players: int, geo: Geometry) -> MoveTable:
    """Return the cached :class:`MoveTable` of ``players`` players on a layout."""
    return MoveTable(players, geo)
