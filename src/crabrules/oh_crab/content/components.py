"""What is printed on Oh Crab!'s components: spaces, tile sides, cards and scenarios.

These are the checked, frozen content classes; :mod:`crabrules.oh_crab.content.loading`
reads them from the content files.
"""

from __future__ import annotations

import enum
from typing import Protocol, TypeVar

import attrs

from crabrules.oh_crab.content.adventure import AdventureContent
from crabrules.oh_crab.content.primitives import Primitive

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
        adventure: the Adventure Pack's tokens and cards (``adventure.json``), or ``None``
            for content without them (no module can be played with it).
    """

    tiles: tuple[TileSide, ...]
    scenarios: tuple[Scenario, ...]
    specials: tuple[SpecialAction, ...]
    cards: tuple[Card, ...]
    colours: tuple[str, ...]
    action_tiles: tuple[ActionTileSide, ...]
    shells: int
    adventure: AdventureContent | None = None

    def tile(self, tile_id: str) -> TileSide:
        """Return the tile side with this id (``KeyError`` if there is none)."""
        return _find(self.tiles, tile_id)

    def special(self, special_id: str) -> SpecialAction:
        """Return the special action with this id."""
        return _find(self.specials, special_id)

    def action_tile(self, side_id: str) -> ActionTileSide:
        """Return the Additional Action tile side with this id."""
        return _find(self.action_tiles, side_id)

    def scenario(self, scenario_id: str) -> Scenario:
        """Return the scenario with this id."""
        return _find(self.scenarios, scenario_id)

    def starting_cards(self, colour_index: int) -> tuple[int, ...]:
        """Return the card ids of the starting set of the ``colour_index``-th colour."""
        first = STARTING_SET_SIZE * colour_index
        return tuple(range(first, first + STARTING_SET_SIZE))


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


H = TypeVar("H", bound=_HasId)


def _find(items: tuple[H, ...], item_id: str) -> H:
    for item in items:
        if item.id == item_id:
            return item
    raise KeyError(item_id)


# --- parsing --------------------------------------------------------------------------------
