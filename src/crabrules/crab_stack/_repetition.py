"""The repetition record: positions of the current stretch as small ints, checked exactly.

The rules' decision 6: a position (every stack, the players still in, the player to move)
that occurs for the third time draws the game. Two facts keep the record short:

- A position can only recur while the occupied spaces and the players still in stay the
  same: a vacated space is never filled again (crabs end on crabs) and an eliminated
  player never comes back. So the record holds only the current *stretch*: the positions
  since the last move that vacated a space, washed crabs away or eliminated a player.
- Inside a stretch every move lifts one top crab onto another stack, so each position
  follows from the one before by one move, and can be rebuilt backwards from the current
  stacks.

An entry is ``key << 12 | src << 6 | dst``: a 32-bit Zobrist key of the position and the
move that led to it (``0`` for the stretch's first position). The key finds candidate
repetitions fast (one ``int`` comparison per entry); a candidate third occurrence is then
confirmed by rebuilding the earlier positions exactly, so a key collision can never draw a
game. Entries stay below ``2**44``, exact in every JSON reader. The keys come from the
library's own :class:`~crabrules.core.rng.Rng` with a fixed seed, never from ``hash()``.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Final

from crabrules.core import PlayerId, Rng
from crabrules.core.memo import CONFIGS_KEPT
from crabrules.crab_stack._board import Cell
from crabrules.crab_stack._crabs import Stack

#: One position of the record: ``key << 12 | src << 6 | dst``.
Entry = int

#: The fixed seed of the Zobrist keys: changing it would change saved games' records.
ZOBRIST_SEED = 0xC2AB57AC
_KEY_MASK = (1 << 32) - 1
#: An entry is its key shifted left by this many bits (the rules inline the shift).
MOVE_BITS: Final = 12


class Zobrist:
    """The keys of one board size and player count: one per (cell, height, crab) and turn.

    Attributes:
        cells: the number of spaces (also the tallest possible stack: one crab per space).
        crabs: the number of distinct crabs, ``3 * players``.
        crab_keys: crab ``c`` at 0-based ``height`` on ``cell`` has the key
            ``crab_keys[(cell * cells + height) * crabs + c]``.
        turn_keys: the key of each player being the one to move.
    """

    __slots__ = ("cells", "crab_keys", "crabs", "turn_keys")

    def __init__(self, cells: int, players: int) -> None:
        self.cells = cells
        self.crabs = 3 * players
        rng = Rng.from_seed(ZOBRIST_SEED)
        keys = []
        # A stack is at most as tall as the number of crabs, which is the number of cells.
        for _ in range(cells * cells * self.crabs + players):
            value, rng = rng.next_u64()
            keys.append(value & _KEY_MASK)
        self.crab_keys: tuple[int, ...] = tuple(keys[:-players])
        self.turn_keys: tuple[int, ...] = tuple(keys[-players:])

    def position_key(self, stacks: Sequence[Stack], to_move: PlayerId | None = None) -> int:
        """Return the key of a whole position; without ``to_move``, of its stacks alone.

        The rules compute it at setup and after a wave tie; every other move updates the
        key with the moved crab's two keys (and :meth:`cells_key` of washed cells).
        """
        key = self.cells_key(stacks, range(len(stacks)))
        return key if to_move is None else key ^ self.turn_keys[to_move]

    def cells_key(self, stacks: Sequence[Stack], cells: Iterable[Cell]) -> int:
        """Return the part of a position's key that the crabs on ``cells`` contribute."""
        key = 0
        keys, size, crabs = self.crab_keys, self.cells, self.crabs
        for cell in cells:
            base = cell * size
            for height, c in enumerate(stacks[cell]):
                key ^= keys[(base + height) * crabs + c]
        return key


@functools.lru_cache(maxsize=CONFIGS_KEPT)
def zobrist(cells: int, players: int) -> Zobrist:
    """Return the cached keys of a board of ``cells`` spaces and ``players`` players."""
    return Zobrist(cells, players)


def entry(key: int, src: Cell, dst: Cell) -> Entry:
    """Pack a record entry: the position's key and the move that led to it."""
    return key << MOVE_BITS | src << 6 | dst


def entry_key(item: Entry) -> int:
    """Return the position key of a record entry."""
    return item >> MOVE_BITS


def entry_move(item: Entry) -> tuple[Cell, Cell]:
    """Return the ``(src, dst)`` of the move that led to an entry's position."""
    return item >> 6 & 63, item & 63


def occurrences(record: tuple[Entry, ...], stacks: tuple[Stack, ...], players_in: int) -> int:
    """How many positions of ``record`` equal its last one, exactly (the last included).

    ``stacks`` is the last position's stacks. Walking back, each entry's move is undone
    (the crab on top of ``dst`` returns to ``src``); a position counts when every stack is
    the same and the same player is to move, which inside a stretch happens exactly when
    the distance is a multiple of the number of players still in.

    Raises:
        IndexError: the record does not lead to ``stacks`` (only a corrupt document can
            hold such a record; the state check refuses it at load).
    """
    work = list(stacks)
    differ: set[Cell] = set()
    count = 1
    last = len(record) - 1
    for j in range(last, 0, -1):
        src, dst = entry_move(record[j])
        top = work[dst][-1]
        work[dst] = work[dst][:-1]
        work[src] = (*work[src], top)
        for cell in (src, dst):
            if work[cell] == stacks[cell]:
                differ.discard(cell)
            else:
                differ.add(cell)
        if not differ and (last - j + 1) % players_in == 0:
            count += 1
    return count
