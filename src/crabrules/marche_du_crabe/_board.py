"""The 6 by 6 beach: cells, straight moves, and the layout of the Beach cards.

Cells are numbered row by row: ``cell = 6 * row + column``. Row 0 is the sand row (the
first row of the rulebook), column 0 its leftmost card.

>>> cell_of(2, 3), row_of(15), column_of(15)
(15, 2, 3)

A :class:`Layout` says what every Beach card prints: an Item or none, and an icon. A
random layout puts 2 Items in every row and every column; every such arrangement (and
every order of each row's cards) is equally likely:

>>> from crabrules.core import ContentError, Rng
>>> layout, _ = random_layout(Rng.from_seed(4))
>>> layout_problem(layout) is None
True
>>> sorted(layout.items[0:6])
[-1, -1, -1, -1, 0, 1]
"""

from __future__ import annotations

import bisect
import functools
import itertools
from math import comb
from typing import Final

import attrs

from crabrules.core import ContentError, Rng
from crabrules.marche_du_crabe._content import ROW_ITEMS, SAND_ICONS, Icon, Item

#: A card of the beach: ``6 * row + column``.
Cell = int
#: A row of the beach, ``0`` (the sand row) to ``5``; Baddie cards name one.
Row = int
#: A column of the beach, ``0`` (left) to ``5``.
Column = int

SIZE: Final = 6
CELLS: Final = range(SIZE * SIZE)
#: ``Layout.items`` of a card that prints no Item.
NO_ITEM: Final = -1

#: The cells of each row, left to right.
ROW_CELLS: Final[tuple[tuple[Cell, ...], ...]] = tuple(
    tuple(range(SIZE * r, SIZE * r + SIZE)) for r in range(SIZE)
)
#: The cells of each column, top (row 0) to bottom.
COLUMN_CELLS: Final[tuple[tuple[Cell, ...], ...]] = tuple(
    tuple(range(c, SIZE * SIZE, SIZE)) for c in range(SIZE)
)


#: The letters of the columns, left to right, as :func:`~crabrules.marche_du_crabe.render`
#: prints them above the beach.
COLUMN_LETTERS = "ABCDEF"

#: ``LABELS[cell]``: the cell's name in the notation, its column letter then its row
#: counted from 1 (the sand row): ``A1`` is cell 0, ``F6`` cell 35.
LABELS: Final[tuple[str, ...]] = tuple(f"{COLUMN_LETTERS[c % SIZE]}{c // SIZE + 1}" for c in CELLS)


def label(cell: Cell) -> str:
    """Return the name of ``cell`` in the notation: column letter, then row from 1.

    >>> label(0), label(15), label(35)
    ('A1', 'D3', 'F6')
    """
    return LABELS[cell]


def cell_of(row: Row, column: Column) -> Cell:
    """Return the cell at ``row``, ``column``."""
    return SIZE * row + column


def row_of(cell: Cell) -> Row:
    """Return the row of ``cell``."""
    return cell // SIZE


def column_of(cell: Cell) -> Column:
    """Return the column of ``cell``."""
    return cell % SIZE


def line_cells(cell: Cell, along_column: bool) -> tuple[Cell, ...]:
    """Return the cells of ``cell``'s column (Boater's line) or row (Sunny's line), in order."""
    return COLUMN_CELLS[column_of(cell)] if along_column else ROW_CELLS[row_of(cell)]


def _path(start: Cell, end: Cell) -> tuple[Cell, ...]:
    """Compute the cells from ``start`` (excluded) to ``end`` (included), in line."""
    step = SIZE if column_of(start) == column_of(end) else 1
    step = step if end > start else -step
    return tuple(range(start + step, end + step, step))


#: ``PATHS[start][end]``: the cells a straight move crosses, excluding the card it
#: leaves and including the card it stops on (decision 4); empty when not in line.
#: (What :func:`path` looks up; the compiled rules index it directly, as calling a
#: Python function from compiled code costs more than the lookup.)
PATHS: Final[tuple[tuple[tuple[Cell, ...], ...], ...]] = tuple(
    tuple(
        _path(a, b) if a != b and (row_of(a) == row_of(b) or column_of(a) == column_of(b)) else ()
        for b in CELLS
    )
    for a in CELLS
)


def path(start: Cell, end: Cell) -> tuple[Cell, ...]:
    """Return the cells a straight move from ``start`` to ``end`` passes over or stops on.

    >>> path(0, 18)
    (6, 12, 18)
    >>> path(5, 3)
    (4, 3)
    """
    return PATHS[start][end]


@attrs.frozen
class Layout:
    """What each Beach card of the beach prints, cell by cell.

    Attributes:
        items: 36 entries: the Item printed on the card, or ``-1`` (:data:`NO_ITEM`).
        icons: 36 entries: the card's icon, or ``None``.

    Raises:
        ContentError: the cards are not a beach of the game (see :func:`layout_problem`);
            tuples only, so that a state holding the layout can be hashed.

    >>> Layout([-1] * 36, [None] * 36)
    Traceback (most recent call last):
    ...
    crabrules.core.errors.ContentError: layout: items and icons are tuples, not list and list
    """

    items: tuple[Item, ...]
    icons: tuple[Icon | None, ...]

    def __attrs_post_init__(self) -> None:
        problem = layout_problem(self)
        if problem is not None:
            raise ContentError(f"layout: {problem}")


def layout_problem(layout: Layout) -> str | None:
    """Say why ``layout`` is not a beach of the game's cards, or ``None`` when it is one.

    A beach has, in every row, that row's two Items and its four sand cards with their
    icons (:data:`~crabrules.marche_du_crabe._content.SAND_ICONS`), and 2 Items in every
    column.
    """
    if type(layout.items) is not tuple or type(layout.icons) is not tuple:
        kinds = f"{type(layout.items).__name__} and {type(layout.icons).__name__}"
        return f"items and icons are tuples, not {kinds}"
    if len(layout.items) != SIZE * SIZE or len(layout.icons) != SIZE * SIZE:
        return "a layout has 36 items and 36 icons"
    if not all(type(i) is int for i in layout.items):  # a bool is not an Item
        return "items are Item ids (ints) or -1"
    if not all(i is None or isinstance(i, Icon) for i in layout.icons):
        return "icons are shrimp, brown_fish, wave or None"
    for r in range(SIZE):
        problem = _row_problem(layout, r)
        if problem is not None:
            return problem
    for c, cells in enumerate(COLUMN_CELLS):
        if sum(layout.items[x] != NO_ITEM for x in cells) != 2:
            return f"column {c} must hold exactly 2 Items"
    return None


def _row_problem(layout: Layout, r: int) -> str | None:
    """Say why row ``r`` of ``layout`` is not that row's cards, or ``None``."""
    cells = ROW_CELLS[r]
    items = sorted(layout.items[c] for c in cells)
    if items != [NO_ITEM] * 4 + list(ROW_ITEMS[r]):
        return f"row {r} must print Items {ROW_ITEMS[r]} once each and no other"
    icons = [layout.icons[c] for c in cells if layout.items[c] == NO_ITEM]
    if sorted(icons, key=_icon_key) != sorted(SAND_ICONS[r], key=_icon_key):
        return f"row {r}'s sand cards must carry the icons {_names(SAND_ICONS[r])}"
    if any(layout.icons[c] is not None for c in cells if layout.items[c] != NO_ITEM):
        return f"row {r}: an Item card carries no icon"
    return None


def _icon_key(icon: Icon | None) -> str:
    return "" if icon is None else icon.value


def _names(icons: tuple[Icon | None, ...]) -> str:
    return ", ".join(_icon_key(i) or "none" for i in icons)


@functools.cache
def _completions(rows: int, need_two: int, need_one: int) -> int:
    """Count the ways ``rows`` rows of 2 Items can fill columns that need 2 or 1 more."""
    if need_two < 0 or need_one < 0 or 2 * need_two + need_one != 2 * rows:
        return 0
    if rows == 0:
        return 1
    return (
        comb(need_two, 2) * _completions(rows - 1, need_two - 2, need_one + 2)
        + need_two * need_one * _completions(rows - 1, need_two - 1, need_one)
        + comb(need_one, 2) * _completions(rows - 1, need_two, need_one - 2)
    )


_SAND_ORDERS = tuple(itertools.permutations(range(4)))


@functools.cache
def _row_choices(
    need: tuple[int, ...],
) -> tuple[tuple[int, ...], tuple[tuple[Column, Column], ...], tuple[tuple[int, ...], ...]]:
    """List the Item column pairs a row may take, with cumulative weights.

    ``need`` is how many more Items each column needs (the rows still to lay each hold
    2). A pair's weight is the number of ways the later rows can complete the beach after
    it, so drawing by weight row by row is uniform over complete beaches. The third
    tuple is ``need`` after each pair.
    """
    rows_after = sum(need) // 2 - 1
    cumulative: list[int] = []
    pairs: list[tuple[Column, Column]] = []
    needs_after: list[tuple[int, ...]] = []
    total = 0
    for left, right in itertools.combinations(range(SIZE), 2):
        if need[left] and need[right]:
            after = tuple(n - (c in (left, right)) for c, n in enumerate(need))
            ways = _completions(rows_after, after.count(2), after.count(1))
            if ways:
                total += ways
                cumulative.append(total)
                pairs.append((left, right))
                needs_after.append(after)
    return tuple(cumulative), tuple(pairs), tuple(needs_after)


@functools.cache
def _row_cards(
    row: Row, left: Column, right: Column, order: int
) -> tuple[tuple[Item, ...], tuple[Icon | None, ...]]:
    """Lay row ``row``: its Items in columns ``left`` and ``right``, in the drawn order."""
    flip, sand_order = divmod(order, len(_SAND_ORDERS))
    first, second = ROW_ITEMS[row] if flip == 0 else ROW_ITEMS[row][::-1]
    items = [NO_ITEM] * SIZE
    icons: list[Icon | None] = [None] * SIZE
    items[left], items[right] = first, second
    sand = [c for c in range(SIZE) if c not in (left, right)]
    for card, c in zip(_SAND_ORDERS[sand_order], sand, strict=True):
        icons[c] = SAND_ICONS[row][card]
    return tuple(items), tuple(icons)


#: How many distinct beaches a random layout draws from: the row-and-column
#: arrangements of the Items, times the 48 orders (2 Items, 4 sand cards) of each row.
LAYOUTS = _completions(SIZE, SIZE, 0) * (2 * len(_SAND_ORDERS)) ** SIZE


def random_layout(rng: Rng) -> tuple[Layout, Rng]:
    """Lay out a uniformly random beach with 2 Items in every row and every column.

    One draw below :data:`LAYOUTS`, laid out by :func:`layout_of_rank`.
    """
    rank, rng = rng.below(LAYOUTS)
    return layout_of_rank(rank), rng


def layout_of_rank(rank: int) -> Layout:
    """Return beach number ``rank`` (``0 <= rank <`` :data:`LAYOUTS`), each exactly once.

    The rank is unranked row by row: ``rank // 48**6`` picks the Item columns of each row
    by the number of ways the remaining rows can complete the beach (so each of the
    67,950 row-and-column arrangements has one number), ``rank % 48**6`` the order of
    each row's two Items and four sand cards.

    >>> layout_of_rank(0).items[:6], layout_of_rank(0).items[30:]
    ((0, 1, -1, -1, -1, -1), (-1, -1, -1, -1, 10, 11))
    """
    orders_per_row = 2 * len(_SAND_ORDERS)
    arrangement, orders = divmod(rank, orders_per_row**SIZE)
    need: tuple[int, ...] = (2,) * SIZE
    items: tuple[Item, ...] = ()
    icons: tuple[Icon | None, ...] = ()
    for r in range(SIZE):
        cumulative, pairs, needs_after = _row_choices(need)
        index = bisect.bisect_right(cumulative, arrangement)
        if index:
            arrangement -= cumulative[index - 1]
        orders, order = divmod(orders, orders_per_row)
        row_items, row_icons = _row_cards(r, *pairs[index], order)
        items += row_items
        icons += row_icons
        need = needs_after[index]
    return _laid_out(items, icons)


def _laid_out(items: tuple[Item, ...], icons: tuple[Icon | None, ...]) -> Layout:
    """Build a layout that is a beach by construction, without checking it again.

    Checking costs more than the rest of a game's setup (about 18 µs), and every random
    game lays out a beach; :func:`layout_of_rank` only ever lays the game's rows in
    columns that hold two Items each. Setting the fields of a frozen class directly is
    how attrs itself initialises one.
    """
    layout = object.__new__(Layout)
    object.__setattr__(layout, "items", items)
    object.__setattr__(layout, "icons", icons)
    return layout


def start_cell(layout: Layout, row: Row, nth: int, no_stop: frozenset[Cell]) -> Cell | None:
    """Return the ``nth`` (1-based) start card of ``row``, counting from the left.

    A start card holds no Item and is not in ``no_stop``, the cards the Crabs may not
    stand on (a breaking wave, a Brown Fish); ``None`` when the row has fewer than
    ``nth``. The base game starts on the first one of the sand row (decision 3).

    >>> layout = layout_of_rank(0)
    >>> start_cell(layout, 0, 1, frozenset()), start_cell(layout, 0, 1, frozenset({2}))
    (2, 3)
    """
    cards = [c for c in ROW_CELLS[row] if layout.items[c] == NO_ITEM and c not in no_stop]
    return cards[nth - 1] if nth <= len(cards) else None
