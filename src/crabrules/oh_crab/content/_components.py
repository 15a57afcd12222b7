"""What is printed on the base game's components, checked, and the board they make.

:class:`Content` holds the tiles, cards, special actions and Additional Action tiles; a
layout makes the board, with its move tables. ``_loading`` builds them from the
documents. An expansion's tokens and cards sit in ``Content.adventure`` as an
:class:`ExpansionContent`.

>>> from crabrules.oh_crab.content._loading import get_layout, reference_content
>>> layout = get_layout("reference", ("0A", "1A", "2A", "3A", "9A"))
>>> layout.rows, layout.starts
(16, (0, 1, 2, 3, 4))
>>> layout.forward[0], layout.diagonal[0]
((5,), (6,))
>>> layout.distance(75), layout.forward[75]
(0, (-1,))
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Protocol, TypeGuard, TypeVar

import attrs

from crabrules.core.errors import ContentError
from crabrules.oh_crab.content._primitives import Module, Primitive


class ExpansionContent(Protocol):
    """An expansion's tokens and cards in a :class:`Content`: what the base game asks of them.

    The Adventure Pack's (its ``AdventureContent``) is read from ``adventure.json`` by the
    reader it registers (:func:`~crabrules.oh_crab.content._loading.register_reader`).
    """

    def plays(self, module: Module) -> bool:
        """Whether the content has what ``module`` needs (Module 4: Asymmetry cards)."""


#: Every tile is a band of full rows of this many columns.
COLUMNS = 5
#: The cards of each crab colour's starting set.
STARTING_SET_SIZE = 4


class SpaceType(str, enum.Enum):
    """The base type of a space (see "Types of Spaces on the Game Board")."""

    STANDARD = "standard"
    INACCESSIBLE = "inaccessible"
    OBSTACLE = "obstacle"
    KNOCK_OVER = "knock_over"
    CARD_EXCHANGE = "card_exchange"
    SHORTCUT = "shortcut"
    CURRENT = "current"
    START = "start"


class Arrow(str, enum.Enum):
    """The direction of a Water Current, as (row step, column step)."""

    N = "N"
    W = "W"
    E = "E"
    NE = "NE"
    NW = "NW"

    @property
    def step(self) -> tuple[int, int]:
        """The (rows toward the sea, columns to the right) the arrow moves a crab."""
        return _ARROW_STEPS[self]


_ARROW_STEPS = {
    Arrow.N: (1, 0),
    Arrow.W: (0, -1),
    Arrow.E: (0, 1),
    Arrow.NE: (1, 1),
    Arrow.NW: (1, -1),
}


class TileKind(str, enum.Enum):
    """Where a tile goes: the Start tile, a Beach tile or the Finish tile."""

    START = "start"
    BEACH = "beach"
    FINISH = "finish"


# --- the documents, exactly as written in the JSON files -----------------------------------


# --- the checked content --------------------------------------------------------------------


@attrs.frozen
class Space:
    """One space of a tile side.

    Attributes:
        type: the base type.
        shell: a Shell space (combined with the base type).
        reeds: Reeds on the land edge.
        surprise: a Surprise space (only the Adventure Pack gives it an effect).
        arrow: a Water Current's direction, else ``None``.
        start: a Start space's number (1-5), else 0.
    """

    type: SpaceType
    shell: bool = False
    reeds: bool = False
    surprise: bool = False
    arrow: Arrow | None = None
    start: int = 0

    @property
    def accessible(self) -> bool:
        """Whether a crab may ever stand here."""
        return self.type is not SpaceType.INACCESSIBLE


@attrs.frozen
class Shortcut:
    """A Shortcut's arrow: discard ``cards`` cards whose main action is ``icon``.

    Attributes:
        at: the Shortcut space, as (row from the tile's land edge, column).
        to: the space the arrow points to, in the same tile and nearer the sea.
        icon: the main action the discarded cards must show.
        cards: how many cards to discard.
    """

    at: tuple[int, int]
    to: tuple[int, int]
    icon: Primitive
    cards: int


@attrs.frozen
class TileSide:
    """One side of a board tile.

    Attributes:
        id: number and side, e.g. ``"1A"``.
        kind: Start, Beach or Finish.
        rows: the rows as written in the file, sea side first (for drawing).
        spaces: ``spaces[row][column]`` with row 0 at the tile's land edge.
        shortcuts: the Shortcut arrows of the side.
    """

    id: str
    kind: TileKind
    rows: tuple[str, ...]
    spaces: tuple[tuple[Space, ...], ...]
    shortcuts: tuple[Shortcut, ...]

    @property
    def height(self) -> int:
        """The number of rows."""
        return len(self.spaces)


@attrs.frozen
class SpecialAction:
    """A special action printed at the bottom of action cards.

    Attributes:
        id: the content id, e.g. ``"faster"``.
        name: the English name.
        french: the French name.
        steps: the effect, as primitives; a leading ``discard_card`` is its cost.
    """

    id: str
    name: str
    french: str
    steps: tuple[Primitive, ...]


@attrs.frozen
class Card:
    """A card: a starting card (``colour`` set) or an action card (``special`` set).

    Attributes:
        id: the content id, e.g. ``"red-1"`` or ``"a07"``.
        main: the main action, a basic action.
        left: the half-icons on the left edge, (upper, lower); ``None`` for no half.
        right: the half-icons on the right edge, (upper, lower).
        special: the special action's id, ``None`` on starting cards.
        colour: the crab colour of a starting card, ``None`` on action cards.
    """

    id: str
    main: Primitive
    left: tuple[Primitive | None, Primitive | None]
    right: tuple[Primitive | None, Primitive | None]
    special: str | None
    colour: str | None

    @property
    def starting(self) -> bool:
        """Whether the card belongs to a starting deck."""
        return self.colour is not None


@attrs.frozen
class ActionTileSide:
    """One side of an Additional Action tile.

    Attributes:
        id: tile letter and side, e.g. ``"Ca"``.
        name: the English name.
        french: the French name.
        cost: the shells to pay.
        steps: the effect, as primitives.
    """

    id: str
    name: str
    french: str
    cost: int
    steps: tuple[Primitive, ...]


@attrs.frozen
class Scenario:
    """A proposed setup.

    Attributes:
        id: the config name, e.g. ``"first-escape"``.
        number: the scenario's number in the rulebook.
        name: its printed name.
        board: the tile sides from Start to Finish.
        action_tiles: the three Additional Action tile sides.
    """

    id: str
    number: int
    name: str
    board: tuple[str, ...]
    action_tiles: tuple[str, ...]


@attrs.frozen(eq=False)
class Content:
    """A complete, checked content set.

    Attributes:
        tiles: every tile side.
        scenarios: the proposed setups.
        specials: the special actions.
        cards: every card; a card's index here is its id in game states. Starting cards
            come first, set by set, then the action cards.
        colours: the crab colours, one per starting set, in file order.
        action_tiles: every Additional Action tile side.
        shells: the number of shells in the game.
        adventure: the expansion's tokens and cards (the Adventure Pack's, read from
            ``adventure.json`` by the reader it registers), or ``None`` for content without
            them (no module can be played with it).
    """

    tiles: tuple[TileSide, ...]
    scenarios: tuple[Scenario, ...]
    specials: tuple[SpecialAction, ...]
    cards: tuple[Card, ...]
    colours: tuple[str, ...]
    action_tiles: tuple[ActionTileSide, ...]
    shells: int
    adventure: ExpansionContent | None = None

    def tile(self, tile_id: str) -> TileSide:
        """Return the tile side with this id (``KeyError`` if there is none)."""
        return find_by_id(self.tiles, tile_id)

    def special(self, special_id: str) -> SpecialAction:
        """Return the special action with this id."""
        return find_by_id(self.specials, special_id)

    def action_tile(self, side_id: str) -> ActionTileSide:
        """Return the Additional Action tile side with this id."""
        return find_by_id(self.action_tiles, side_id)

    def scenario(self, scenario_id: str) -> Scenario:
        """Return the scenario with this id."""
        return find_by_id(self.scenarios, scenario_id)

    def starting_cards(self, colour_index: int) -> tuple[int, ...]:
        """Return the card ids of the starting set of the ``colour_index``-th colour."""
        first = STARTING_SET_SIZE * colour_index
        return tuple(range(first, first + STARTING_SET_SIZE))


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


H = TypeVar("H", bound=_HasId)


def find_by_id(items: tuple[H, ...], item_id: str) -> H:
    """The item of ``items`` whose ``id`` is ``item_id`` (``KeyError`` if there is none)."""
    for item in items:
        if item.id == item_id:
            return item
    raise KeyError(item_id)


def check_setup(
    content: Content, board: tuple[str, ...], action_tiles: tuple[str, ...], *, beaches: int
) -> str:
    """Say why a board and a choice of Additional Action tiles cannot be played ('' if they can).

    The board lists tile sides from the land: a Start tile, ``beaches`` Beach tiles (3; one
    fewer in the 2-player mode, one fewer in the quick variant) of distinct numbers, then a
    Finish tile. Three tiles of distinct letters are used.
    """
    ids = {t.id for t in content.tiles}
    for tile_id in board:
        if tile_id not in ids:
            return f"unknown tile side {tile_id!r}"
    kinds = [content.tile(t).kind for t in board]
    expected = [TileKind.START, *[TileKind.BEACH] * beaches, TileKind.FINISH]
    if kinds != expected:
        tiles = "1 Beach tile" if beaches == 1 else f"{beaches} Beach tiles"
        return f"a board is a Start tile, {tiles} and a Finish tile, in order"
    numbers = [t[:-1] for t in board]
    if len(set(numbers)) != len(numbers):
        return "a tile is used twice"
    sides = {s.id for s in content.action_tiles}
    for side in action_tiles:
        if side not in sides:
            return f"unknown Additional Action tile side {side!r}"
    letters = [s[:1] for s in action_tiles]
    if len(action_tiles) != 3 or len(set(letters)) != 3:
        return "three Additional Action tiles of distinct letters are used"
    return ""


# --- the board --------------------------------------------------------------------------------


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
