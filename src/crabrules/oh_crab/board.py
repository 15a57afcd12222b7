"""The board's geometry: tile sides stacked into one grid of 5 columns, and its move tables.

Rows are numbered from the land (row 0 is the Start row); a cell is ``row * 5 + column``;
the sea zone beyond the last row is the single position :data:`SEA`. A crab's distance to
the sea is the number of rows between it and the sea zone. Every table is computed once
per (content, board) and cached:

>>> from crabrules.oh_crab.content import reference_content
>>> layout = get_layout("reference", ("0A", "1A", "2A", "3A", "9A"))
>>> layout.rows, layout.starts
(16, (0, 1, 2, 3, 4))
>>> layout.forward[0], layout.diagonal[0]
((5,), (6,))
>>> layout.distance(75), layout.forward[75]
(0, (-1,))
"""

from __future__ import annotations

import functools

import attrs

from crabrules.core.errors import ContentError
from crabrules.oh_crab.content import COLUMNS, Content, Shortcut, Space, get_content
from crabrules.oh_crab.primitives import Primitive

__all__ = ["NOWHERE", "SEA", "Cell", "Layout", "build_layout", "get_layout"]

#: A space of the board: ``row * 5 + column``.
Cell = int
#: The sea zone: a crab there has left the beach.
SEA: Cell = -1
#: No space (a Water Current's target on a space that is not a current).
NOWHERE: Cell = -2


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
    tiles = [content.tile(t) for t in board]
    spaces: list[Space] = []
    tile_starts: list[int] = []
    shortcut_at: dict[Cell, Shortcut] = {}
    for tile in tiles:
        base = len(spaces) // COLUMNS
        tile_starts.append(base)
        for row in tile.spaces:
            spaces.extend(row)
        for arrow in tile.shortcuts:
            shortcut_at[(base + arrow.at[0]) * COLUMNS + arrow.at[1]] = arrow
    grid = tuple(spaces)
    rows = len(grid) // COLUMNS
    cells = range(len(grid))

    def line(cell: Cell, dr: int, dc: int) -> Cell | None:
        r, c = divmod(cell, COLUMNS)
        if not 0 <= c + dc < COLUMNS:
            return None
        if r + dr >= rows:
            return SEA
        return (r + dr) * COLUMNS + c + dc

    def sea_steps(cell: Cell, dcs: tuple[int, ...], reeds: bool) -> tuple[Cell, ...]:
        out: list[Cell] = []
        for dc in dcs:
            target = line(cell, 1, dc)
            if target == SEA or (
                target is not None
                and grid[target].accessible
                and not (reeds and grid[target].reeds)
            ):
                out.append(target)
        return tuple(dict.fromkeys(out))

    def tables(reeds: bool) -> tuple[tuple[tuple[Cell, ...], ...], ...]:
        # Reeds sit on the land edge: no move toward the sea may enter from the row below.
        fwd = tuple(sea_steps(c, (0,), reeds) for c in cells)
        diag = tuple(sea_steps(c, (-1, 1), reeds) for c in cells)
        both = tuple(tuple(dict.fromkeys(f + d)) for f, d in zip(fwd, diag, strict=True))
        return fwd, diag, both

    forward, diagonal, toward_sea = tables(reeds=True)
    over_reeds = tables(reeds=False)
    toward_land = tuple(
        tuple(
            t
            for dc in (-1, 0, 1)
            if c >= COLUMNS and 0 <= c % COLUMNS + dc < COLUMNS
            for t in [c - COLUMNS + dc]
            if grid[t].accessible
        )
        for c in cells
    )
    same_row = tuple(
        tuple(
            t
            for t in range(c - c % COLUMNS, c - c % COLUMNS + COLUMNS)
            if t != c and grid[t].accessible
        )
        for c in cells
    )
    adjacent = tuple(
        tuple(
            r * COLUMNS + k
            for r in range(c // COLUMNS - 1, c // COLUMNS + 2)
            for k in range(c % COLUMNS - 1, c % COLUMNS + 2)
            if 0 <= r < rows
            and 0 <= k < COLUMNS
            and (r, k) != divmod(c, COLUMNS)
            and grid[r * COLUMNS + k].accessible
        )
        for c in cells
    )
    jumps = tuple(_jumps(c, line, grid) for c in cells)
    current = tuple(_current_target(c, grid, line, where) for c in cells)
    shortcut: list[tuple[Cell, Primitive, int] | None] = [None] * len(grid)
    for cell, arrow in shortcut_at.items():
        base = cell // COLUMNS - arrow.at[0]
        target = (base + arrow.to[0]) * COLUMNS + arrow.to[1]
        shortcut[cell] = (target, arrow.icon, arrow.cards)
    starts = tuple(
        sorted((s.start, cell) for cell, s in enumerate(grid) if s.start)[k][1] for k in range(5)
    )
    layout = Layout(
        tuple(board),
        rows,
        tuple(tile_starts),
        grid,
        starts,
        forward,
        diagonal,
        toward_sea,
        over_reeds,
        toward_land,
        same_row,
        adjacent,
        jumps,
        current,
        tuple(shortcut),
    )
    _check_no_dead_end(layout, where)
    return layout


def _jumps(cell: Cell, line: object, grid: tuple[Space, ...]) -> tuple[Cell, ...]:
    assert callable(line)
    out: list[Cell] = []
    for dc in (0, -1, 1):
        first = line(cell, 1, dc)
        if first is None:
            continue
        if first == SEA:
            out.append(SEA)
            continue
        second = line(first, 1, dc)
        if second == SEA or (second is not None and grid[second].accessible):
            out.append(second)
    return tuple(dict.fromkeys(out))


def _current_target(cell: Cell, grid: tuple[Space, ...], line: object, where: str) -> Cell:
    assert callable(line)
    arrow = grid[cell].arrow
    if arrow is None:
        return NOWHERE
    target: Cell | None = line(cell, *arrow.step)
    if target is None or (target != SEA and not grid[target].accessible):
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


@functools.cache
def get_layout(content: str, board: tuple[str, ...]) -> Layout:
    """Return the cached :class:`Layout` of ``board`` in the content registered as ``content``."""
    return build_layout(get_content(content), board)
