"""The board: spaces in axial hex coordinates, integer cell ids and per-layout tables.

A layout is a tuple of axial ``(q, r)`` coordinates; a :data:`Cell` is an index into it.
The reference layouts are the rings around an open-water centre ``(0, 0)``, listed in
reading order (top row first, left to right), so cell ids read like a book:

>>> layout = reference_layout(2)
>>> len(layout), layout[0], (0, 0) in layout
(18, (0, -2), False)
>>> len(reference_layout(3)), len(reference_layout(4))
(27, 36)

Everything the rules need about a layout (neighbours as lists and as bitmasks, the simple
paths of two steps, the local test that a vacated space cannot split the crabs) is
computed once per layout by :func:`geometry` and cached:

>>> geo = geometry(layout)
>>> geo.neighbours[0]
(1, 3, 4)
>>> bin(geo.neighbour_masks[0])
'0b11010'
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from crabrules.core import InvalidConfigError
from crabrules.core.memo import CONFIGS_KEPT

#: An axial hex coordinate ``(q, r)``.
Coord = tuple[int, int]
#: A space of the board: an index into the layout's tuple of coordinates.
Cell = int
#: A set of cells as a bitmask: bit ``i`` is set when cell ``i`` is in the set.
CellMask = int
#: The spaces of a board, as axial coordinates; cell ``i`` is ``layout[i]``.
Layout = tuple[Coord, ...]

#: :attr:`Geometry.small_reach` of one cell: by the subset of its neighbours holding crabs,
#: one ``(mask, ends)`` per such neighbour ``a``.
SmallReach = dict[CellMask, tuple[tuple[CellMask, dict[CellMask, CellMask]], ...]]

#: The six axial directions, in order around a hex (each is adjacent to the next).
DIRECTIONS: tuple[Coord, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def ring(radius: int) -> tuple[Coord, ...]:
    """Return the hexes at distance ``radius`` from the centre, walking once around the ring.

    The walk starts at the corner ``(-radius, radius)`` and goes round in the order of
    :data:`DIRECTIONS`, so the corners are at indices ``0, radius, 2 * radius, ...``.

    >>> ring(1)
    ((-1, 1), (0, 1), (1, 0), (1, -1), (0, -1), (-1, 0))
    """
    q, r = -radius, radius
    out: list[Coord] = []
    for dq, dr in DIRECTIONS:
        for _ in range(radius):
            out.append((q, r))
            q, r = q + dq, r + dr
    return tuple(out)


def reference_layout(players: object) -> Layout:
    """Return the library's reference board for 2, 3 or 4 players (its decision 1).

    ``players`` is typed ``object`` because anything is checked here, with the library's
    error: in the compiled build an ``int`` parameter would refuse a float with mypyc's own
    ``TypeError`` first.

    Rings 1 and 2 around the open-water centre for 2 players (18 spaces); plus every
    other space of ring 3 for 3 players (27): starting at the corner ``(-3, 3)``, so three
    of its six corners, and the board looks the same after a turn of 120 degrees; all
    three rings for 4 players (36). Cells are numbered in reading order: by row ``r``,
    then by ``q``.

    Raises:
        InvalidConfigError: ``players`` is not 2, 3 or 4.

    >>> reference_layout(3)[:4]
    ((0, -3), (2, -3), (0, -2), (1, -2))
    """
    if type(players) is not int or players not in _REFERENCE_LAYOUTS:
        raise InvalidConfigError(
            f"players: the reference layouts are for 2 to 4 players, not {players!r}"
        )
    return _REFERENCE_LAYOUTS[players]


def _reference_layout(players: int) -> Layout:
    """Build the reference layout for ``players`` (see :func:`reference_layout`)."""
    spaces = [*ring(1), *ring(2)]
    if players == 3:
        spaces += ring(3)[::2]
    elif players == 4:
        spaces += ring(3)
    return tuple(sorted(spaces, key=lambda qr: (qr[1], qr[0])))


_REFERENCE_LAYOUTS = {players: _reference_layout(players) for players in (2, 3, 4)}


def is_connected(coords: Layout) -> bool:
    """Whether the hexes ``coords`` form one group by adjacency (an empty tuple does not).

    >>> is_connected(((0, 0), (1, 0))), is_connected(((0, 0), (2, 0)))
    (True, False)
    """
    if not coords:
        return False
    spaces = set(coords)
    seen = {coords[0]}
    todo = [coords[0]]
    while todo:
        q, r = todo.pop()
        for dq, dr in DIRECTIONS:
            nxt = (q + dq, r + dr)
            if nxt in spaces and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return len(seen) == len(spaces)


def _runs(pattern: int) -> int:
    """How many separate arcs the set bits of a 6-bit ring pattern form."""
    if pattern == 0b111111:
        return 1
    return sum(1 for i in range(6) if pattern >> i & 1 and not pattern >> (i - 1) % 6 & 1)


# A vacated space whose occupied neighbours form at most one unbroken arc cannot split the
# crabs: those neighbours still touch each other around it. Indexed by the 6-bit pattern.
_SAFE_TO_VACATE: tuple[bool, ...] = tuple(_runs(p) <= 1 for p in range(64))


class Geometry:
    """Tables of one layout, built once by :func:`geometry`; read-only by convention.

    Attributes:
        coords: the layout.
        size: the number of spaces.
        neighbours: each cell's adjacent cells, ascending.
        neighbour_masks: the same as bitmasks.
        medium_reach: for each cell ``s``, by the subset of its neighbours holding crabs,
            the cells two steps away (but ``s``).
        small_reach: for each cell ``s``, by the subset of its neighbours holding crabs,
            one ``(mask, ends)`` per such neighbour ``a``: ``mask`` is ``a``'s neighbours,
            and ``ends`` maps the subset of them holding crabs to the cells a path
            ``s, a, b`` can take a third step to (``b``'s neighbours but ``s`` and ``a``).
        vacate_safe: for each cell, by the subset of its neighbours holding crabs, whether
            emptying it surely keeps the crabs in one group (:meth:`safe_to_vacate`).
        labels: each cell's name in the notation (:func:`cell_labels`).
    """

    __slots__ = (
        "coords",
        "labels",
        "medium_reach",
        "neighbour_masks",
        "neighbours",
        "size",
        "small_reach",
        "vacate_safe",
    )

    def __init__(self, coords: Layout) -> None:
        index = {qr: i for i, qr in enumerate(coords)}
        self.coords = coords
        self.size = len(coords)
        self.labels = cell_labels(coords)
        around = [[index.get((q + dq, r + dr), -1) for dq, dr in DIRECTIONS] for q, r in coords]
        self.neighbours: tuple[tuple[Cell, ...], ...] = tuple(
            tuple(sorted(c for c in cells if c >= 0)) for cells in around
        )
        self.neighbour_masks: tuple[CellMask, ...] = tuple(
            sum(1 << c for c in cells) for cells in self.neighbours
        )
        masks = self.neighbour_masks
        # The tables below depend only on which neighbours hold crabs: one entry per subset.
        self.small_reach: tuple[SmallReach, ...] = tuple(
            _small_reach(s, masks) for s in range(self.size)
        )
        self.medium_reach: tuple[dict[CellMask, CellMask], ...] = tuple(
            {
                sub: _union(self.neighbour_masks[a] for a in cells_of(sub)) & ~(1 << s)
                for sub in subsets(self.neighbour_masks[s])
            }
            for s in range(self.size)
        )
        self.vacate_safe: tuple[dict[CellMask, bool], ...] = tuple(
            {
                sub: _SAFE_TO_VACATE[
                    sum(1 << k for k, nb in enumerate(around[s]) if nb >= 0 and sub >> nb & 1)
                ]
                for sub in subsets(self.neighbour_masks[s])
            }
            for s in range(self.size)
        )

    def safe_to_vacate(self, cell: Cell, occupied: CellMask) -> bool:
        """Whether emptying ``cell`` surely leaves the other occupied cells in one group.

        ``False`` means "maybe not": the caller must then look at the whole board.

        >>> geo = geometry(((0, 0), (1, 0), (2, 0), (1, -1)))
        >>> geo.safe_to_vacate(1, 0b1001), geo.safe_to_vacate(1, 0b0101)
        (True, False)
        """
        return self.vacate_safe[cell][occupied & self.neighbour_masks[cell]]


def _small_reach(s: Cell, masks: tuple[CellMask, ...]) -> SmallReach:
    """Build :attr:`Geometry.small_reach` for cell ``s`` (``masks``: neighbour masks)."""
    third = {
        a: {
            sub: _union(masks[b] for b in cells_of(sub) if b != s) & ~(1 << s | 1 << a)
            for sub in subsets(masks[a])
        }
        for a in cells_of(masks[s])
    }
    return {sub: tuple((masks[a], third[a]) for a in cells_of(sub)) for sub in subsets(masks[s])}


def _union(masks: Iterable[CellMask]) -> CellMask:
    """The cells in any of ``masks``."""
    return functools.reduce(int.__or__, masks, 0)


def cells_of(mask: CellMask) -> tuple[Cell, ...]:
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


def subsets(mask: CellMask) -> list[CellMask]:
    """List every subset of the bits of ``mask``.

    >>> subsets(0b101)
    [0, 1, 4, 5]
    """
    out = [0]
    for c in cells_of(mask):
        out += [sub | 1 << c for sub in out]
    return out


def _row_name(row: int) -> str:
    """``A`` to ``Z``, then ``AA``, ``AB``, ... (a layout may have more than 26 rows)."""
    name = ""
    row += 1
    while row:
        row, digit = divmod(row - 1, 26)
        name = chr(ord("A") + digit) + name
    return name


@functools.lru_cache(maxsize=CONFIGS_KEPT)
def cell_labels(coords: Layout) -> tuple[str, ...]:
    """The name of each cell in the notation: its row's letter, then its place in the row.

    Rows are lettered from the top (``A`` is the smallest ``r``); the spaces of a row are
    numbered from 1, left to right, counting spaces only (open water is not counted).
    ``render`` prints each label under its space.

    >>> cell_labels(reference_layout(2))[:5]
    ('A1', 'A2', 'A3', 'B1', 'B2')
    >>> cell_labels(((0, 0), (1, 0), (0, 1)))
    ('A1', 'A2', 'B1')
    >>> cell_labels(tuple((0, r) for r in range(28)))[-2:]  # after Z come AA, AB
    ('AA1', 'AB1')
    """
    rows = sorted({r for _, r in coords})
    letters = {r: _row_name(i) for i, r in enumerate(rows)}
    labels = [""] * len(coords)
    for r in rows:
        in_row = sorted((q, cell) for cell, (q, rr) in enumerate(coords) if rr == r)
        for place, (_, cell) in enumerate(in_row, start=1):
            labels[cell] = f"{letters[r]}{place}"
    return tuple(labels)


@functools.lru_cache(maxsize=CONFIGS_KEPT)
def geometry(coords: Layout) -> Geometry:
    """Return the cached :class:`Geometry` of a layout."""
    return Geometry(coords)
