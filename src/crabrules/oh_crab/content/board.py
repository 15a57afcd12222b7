"""The board's geometry: tile sides stacked into one grid of 5 columns, and its move tables.

Rows are numbered from the land (row 0 is the Start row); a cell is ``row * 5 + column``;
the sea zone beyond the last row is the single position :data:`SEA`. A crab's distance to
the sea is the number of rows between it and the sea zone. Every table is computed once
per (content, board) and cached:

>>> from crabrules.oh_crab.content.loading import get_layout, reference_content
>>> layout = get_layout("reference", ("0A", "1A", "2A", "3A", "9A"))
>>> layout.rows, layout.starts
(16, (0, 1, 2, 3, 4))
>>> layout.forward[0], layout.diagonal[0]
((5,), (6,))
>>> layout.distance(75), layout.forward[75]
(0, (-1,))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeGuard

import attrs

from crabrules.core.errors import ContentError
from crabrules.oh_crab.content.components import COLUMNS, Content, Space
from crabrules.oh_crab.content.primitives import Primitive

__all__ = [
    "NOWHERE",
    "SEA",
    "SHAPES",
    "Cell",
    "Layout",
    "build_layout",
    "crosses_reeds",
    "shape",
]

#: A space of the board: ``row * 5 + column``.
Cell = int
#: The sea zone: a crab there has left the beach.
SEA: Cell = -1
#: No space (a Water Current's target on a space that is not a current).
NOWHERE: Cell = -2

P = Primitive
_TOWARD_SEA = ((1, 0), (1, -1), (1, 1))
_TOWARD_LAND = ((-1, -1), (-1, 0), (-1, 1))
#: The shape of each step that moves a crab: ``(rows toward the sea, columns)`` from its
#: cell, in the order the move tables list them. Little Sidestep! (any other column of the
#: row) and the jump (two spaces in a line) are :func:`shape`'s to draw.
SHAPES: dict[Primitive, tuple[tuple[int, int], ...]] = {
    P.MOVE_FORWARD: ((1, 0),),
    P.MOVE_DIAGONAL: ((1, -1), (1, 1)),
    P.MOVE_TOWARD_SEA: _TOWARD_SEA,
    P.MOVE_CRABS_BEHIND_TOWARD_SEA: _TOWARD_SEA,
    P.MOVE_TOWARD_LAND: _TOWARD_LAND,
    P.MOVE_CRABS_IN_FRONT_TOWARD_LAND: _TOWARD_LAND,
    P.SWAP_WITH_ADJACENT: tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc),
    P.JUMP_TWO_STRAIGHT: ((2, 0), (2, -2), (2, 2)),
}


@attrs.frozen(eq=False)
class Layout:
    """A board made of tile sides, with every move precomputed.

    Attributes:
        board: the tile side ids from land to sea.
        rows: the number of rows.
        tile_starts: the first row of each tile.
        spaces: the space of every cell.
        starts: ``starts[k - 1]`` is the cell of Start space ``k``.
        forward: per cell, the legal forward step toward the sea (empty or one cell,
            :data:`SEA` from the last row); inaccessible spaces and Reeds block it.
        diagonal: per cell, the legal diagonal steps toward the sea.
        toward_sea: ``forward + diagonal``.
        over_reeds: the same three tables with Reeds ignored (Head Down!), as
            ``(forward, diagonal, toward_sea)``.
        toward_land: per cell, the accessible cells one row nearer the land (Reeds do not
            block a move toward the land).
        same_row: per cell, the other accessible cells of its row.
        adjacent: per cell, the accessible cells among its 8 neighbours.
        jumps: per cell, the ends of a two-space straight jump toward the sea.
        current: per cell, where its Water Current carries a crab (:data:`NOWHERE` if it is
            not a current).
        current_reeds: per cell, its Water Current carries a crab toward the sea across
            Reeds, which stop it (a current is a movement toward the sea).
        shortcut: per cell, ``(target cell, icon, cards)`` for a Shortcut space, else
            ``None``.
    """

    board: tuple[str, ...]
    rows: int
    tile_starts: tuple[int, ...]
    spaces: tuple[Space, ...]
    starts: tuple[Cell, ...]
    forward: tuple[tuple[Cell, ...], ...]
    diagonal: tuple[tuple[Cell, ...], ...]
    toward_sea: tuple[tuple[Cell, ...], ...]
    over_reeds: tuple[tuple[tuple[Cell, ...], ...], ...]
    toward_land: tuple[tuple[Cell, ...], ...]
    same_row: tuple[tuple[Cell, ...], ...]
    adjacent: tuple[tuple[Cell, ...], ...]
    jumps: tuple[tuple[Cell, ...], ...]
    current: tuple[Cell, ...]
    current_reeds: tuple[bool, ...]
    shortcut: tuple[tuple[Cell, Primitive, int] | None, ...]

    @property
    def cells(self) -> int:
        """The number of cells (accessible or not)."""
        return self.rows * COLUMNS

    def distance(self, cell: Cell) -> int:
        """Rows between ``cell`` and the sea zone (-1 for the sea itself)."""
        return -1 if cell == SEA else self.rows - 1 - cell // COLUMNS


def build_layout(content: Content, board: tuple[str, ...], where: str = "board") -> Layout:
    """Stack the tile sides of ``board`` and compute its tables.

    Raises:
        ContentError: a current points to an inaccessible space, or a space reachable from
            a Start space has no move toward the sea (a dead end).
    """
    spaces: list[Space] = []
    tile_starts: list[int] = []
    shortcut: dict[Cell, tuple[Cell, Primitive, int]] = {}
    for tile in (content.tile(t) for t in board):
        base = len(spaces) // COLUMNS
        tile_starts.append(base)
        for row in tile.spaces:
            spaces.extend(row)
        for arrow in tile.shortcuts:
            at = (base + arrow.at[0]) * COLUMNS + arrow.at[1]
            shortcut[at] = ((base + arrow.to[0]) * COLUMNS + arrow.to[1], arrow.icon, arrow.cards)
    grid = _Grid(tuple(spaces))
    cells = range(len(grid.spaces))
    current = tuple(grid.current_target(c, where) for c in cells)

    def tables(reeds: bool) -> tuple[tuple[tuple[Cell, ...], ...], ...]:
        forward = tuple(grid.sea_steps(c, P.MOVE_FORWARD, reeds) for c in cells)
        diagonal = tuple(grid.sea_steps(c, P.MOVE_DIAGONAL, reeds) for c in cells)
        both = tuple(tuple(dict.fromkeys(f + d)) for f, d in zip(forward, diagonal, strict=True))
        return forward, diagonal, both

    forward, diagonal, toward_sea = tables(reeds=True)
    starts = sorted((s.start, cell) for cell, s in enumerate(grid.spaces) if s.start)
    layout = Layout(
        board=tuple(board),
        rows=grid.rows,
        tile_starts=tuple(tile_starts),
        spaces=grid.spaces,
        starts=tuple(cell for _, cell in starts),
        forward=forward,
        diagonal=diagonal,
        toward_sea=toward_sea,
        over_reeds=tables(reeds=False),
        toward_land=tuple(grid.toward_land(c) for c in cells),
        same_row=tuple(grid.same_row(c) for c in cells),
        adjacent=tuple(grid.adjacent(c) for c in cells),
        jumps=tuple(grid.jumps(c) for c in cells),
        current=current,
        # A current is a movement toward the sea: Reeds stop it as they stop a move.
        current_reeds=tuple(crosses_reeds(grid.spaces, c, t) for c, t in enumerate(current)),
        shortcut=tuple(shortcut.get(c) for c in cells),
    )
    _check_no_dead_end(layout, where)
    return layout


def shape(rows: int, cell: Cell, step: Primitive) -> tuple[Cell, ...]:
    """Where ``step``'s shape leads from ``cell``, before any space or crab is looked at.

    Past the last row lies the sea (:data:`SEA`, once); off the board's sides, nothing. A
    jump two spaces toward the sea from the last two rows runs into the sea.

    >>> shape(16, 0, Primitive.MOVE_TOWARD_SEA), shape(16, 76, Primitive.JUMP_TWO_STRAIGHT)
    ((5, 6), (-1,))
    """
    row, col = divmod(cell, COLUMNS)
    if step is P.JUMP_SAME_DISTANCE:
        first = cell - col
        return tuple(c for c in range(first, first + COLUMNS) if c != cell)
    out: list[Cell] = []
    for dr, dc in SHAPES.get(step, ()):
        if not 0 <= col + dc < COLUMNS or row + dr < 0:
            continue
        out.append(SEA if row + dr >= rows else (row + dr) * COLUMNS + col + dc)
    return tuple(dict.fromkeys(out))


def crosses_reeds(spaces: Sequence[Space], cell: Cell, target: Cell) -> bool:
    """Whether going from ``cell`` to ``target`` crosses Reeds (the sea has none).

    Reeds sit on their space's land edge: they bar entering it from the row below (toward
    the sea), not along its row nor from the sea side.
    """
    return target >= 0 and target // COLUMNS > cell // COLUMNS and spaces[target].reeds


class _Grid:
    """The stacked spaces of a board, and the geometry of one cell at a time."""

    def __init__(self, spaces: tuple[Space, ...]) -> None:
        self.spaces = spaces
        self.rows = len(spaces) // COLUMNS

    def line(self, cell: Cell, dr: int, dc: int) -> Cell | None:
        """Return the cell ``dr`` rows seaward and ``dc`` columns right.

        :data:`SEA` past the last row, ``None`` off the board's sides.
        """
        r, c = divmod(cell, COLUMNS)
        if not 0 <= c + dc < COLUMNS:
            return None
        if r + dr >= self.rows:
            return SEA
        return (r + dr) * COLUMNS + c + dc

    def accessible(self, target: Cell | None) -> TypeGuard[Cell]:
        """Whether ``target`` is an accessible space of the board."""
        return target is not None and target >= 0 and self.spaces[target].accessible

    def enterable(self, target: Cell | None) -> TypeGuard[Cell]:
        """Whether a crab may land on ``target``: the sea or an accessible space."""
        return target == SEA or self.accessible(target)

    def sea_steps(self, cell: Cell, step: Primitive, reeds: bool) -> tuple[Cell, ...]:
        """The spaces the step's shape reaches one row toward the sea (Reeds bar them)."""
        return tuple(
            t
            for t in shape(self.rows, cell, step)
            if t == SEA
            or (self.accessible(t) and not (reeds and crosses_reeds(self.spaces, cell, t)))
        )

    def toward_land(self, cell: Cell) -> tuple[Cell, ...]:
        """One row toward the land, diagonally left, straight or diagonally right."""
        return self._accessible(cell, P.MOVE_TOWARD_LAND)

    def same_row(self, cell: Cell) -> tuple[Cell, ...]:
        """The other accessible cells of the row."""
        return self._accessible(cell, P.JUMP_SAME_DISTANCE)

    def adjacent(self, cell: Cell) -> tuple[Cell, ...]:
        """The accessible cells among the 8 neighbours, row by row from the land."""
        return self._accessible(cell, P.SWAP_WITH_ADJACENT)

    def jumps(self, cell: Cell) -> tuple[Cell, ...]:
        """Two spaces in a straight line toward the sea (forward, then diagonally)."""
        return tuple(t for t in shape(self.rows, cell, P.JUMP_TWO_STRAIGHT) if self.enterable(t))

    def _accessible(self, cell: Cell, step: Primitive) -> tuple[Cell, ...]:
        return tuple(t for t in shape(self.rows, cell, step) if self.accessible(t))

    def current_target(self, cell: Cell, where: str) -> Cell:
        """Where the Water Current on ``cell`` carries a crab (:data:`NOWHERE`: no current)."""
        arrow = self.spaces[cell].arrow
        if arrow is None:
            return NOWHERE
        target = self.line(cell, *arrow.step)
        if target is None or not self.enterable(target):
            raise ContentError(f"{where}: the current at cell {cell} points to no space")
        return target


def _check_no_dead_end(layout: Layout, where: str) -> None:
    # Every space a crab can reach must offer a move toward the sea, so the race can end.
    seen = set(layout.starts)
    todo = list(layout.starts)
    while todo:
        cell = todo.pop()
        steps = layout.toward_sea[cell]
        if not steps:
            row, col = divmod(cell, COLUMNS)
            raise ContentError(
                f"{where}: row {row} column {col} is a dead end (no move toward the sea)"
            )
        for nxt in steps:
            if nxt != SEA and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
