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
from crabrules.crab_stack.board import Cell

__all__ = ["MEMO_LIMIT", "Action", "IllegalReason", "KeepGroup", "Move", "MoveMemo", "move_memo"]


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

    NOT_AN_ACTION = "not_an_action"
    """Not a Crab Stack action, or its fields are not ints."""
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


#: The most move tuples remembered per start cell before the memo starts afresh.
MEMO_LIMIT = 1024


class MoveMemo:
    """Every :class:`Move` of one player count and board size, built once, and memoised tuples.

    ``legal_actions`` hands out these shared (immutable) objects instead of building new
    ones, which is most of its speed.

    Attributes:
        moves: ``moves[player][src * cells + dst]`` is ``Move(player, src, dst)``.
        tuples: per player and start cell, the tuples of moves already made, by the
            bitmask of their destinations.
    """

    __slots__ = ("cells", "moves", "tuples")

    def __init__(self, players: int, cells: int) -> None:
        self.cells = cells
        self.moves: tuple[tuple[Move, ...], ...] = tuple(
            tuple(Move(p, src, dst) for src in range(cells) for dst in range(cells))
            for p in range(players)
        )
        self.tuples: tuple[tuple[dict[int, tuple[Move, ...]], ...], ...] = tuple(
            tuple({} for _ in range(cells)) for _ in range(players)
        )

    def moves_to(self, player: PlayerId, src: Cell, reach: int) -> tuple[Move, ...]:
        """Return the moves of ``player`` from ``src`` to each cell of the mask ``reach``.

        >>> memo = move_memo(2, 18)
        >>> memo.moves_to(0, 4, 0b101)
        (Move(player=0, src=4, dst=0), Move(player=0, src=4, dst=2))
        >>> memo.tuples[0][4][0b101] is memo.moves_to(0, 4, 0b101)
        True
        """
        known = self.tuples[player][src]
        made = known.get(reach)
        if made is not None:
            return made
        table = self.moves[player]
        base = src * self.cells - 1
        moves = []
        rest = reach
        while rest:
            low = rest & -rest
            rest ^= low
            moves.append(table[base + low.bit_length()])
        if len(known) >= MEMO_LIMIT:
            known.clear()
        made = known[reach] = tuple(moves)
        return made


@functools.cache
def move_memo(players: int, cells: int) -> MoveMemo:
    """Return the cached :class:`MoveMemo` of ``players`` players on ``cells`` spaces."""
    return MoveMemo(players, cells)
