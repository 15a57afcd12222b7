"""The shapes of the base game's content documents, as cattrs structures them.

Each class is one JSON object of ``board.json``, ``cards.json`` or ``tokens.json``;
:mod:`~crabrules.oh_crab.content._loading` turns them into the checked content classes of
:mod:`~crabrules.oh_crab.content._components`. The Adventure Pack reads its own document
(``adventure.json``) with the reader it registers
(:func:`~crabrules.oh_crab.content._loading.register_reader`).
"""

from __future__ import annotations

import attrs


@attrs.frozen
class ShortcutDoc:
    """A Shortcut arrow of a tile side: from the space ``at`` to the space ``to`` (row, column)."""

    at: tuple[int, int]
    to: tuple[int, int]
    icon: str
    cards: int


@attrs.frozen
class TileDoc:
    """A tile side of ``board.json``, its spaces drawn as text rows, sea side first."""

    id: str
    kind: str
    rows: tuple[str, ...]
    shortcuts: tuple[ShortcutDoc, ...] = ()


@attrs.frozen
class ScenarioDoc:
    """A scenario of ``board.json``: its number, name, tile sides and Additional Action tiles."""

    id: str
    number: int
    name: str
    board: tuple[str, ...]
    action_tiles: tuple[str, ...]


@attrs.frozen
class BoardDoc:
    """The whole of ``board.json``: the tile sides and the scenarios."""

    tiles: tuple[TileDoc, ...]
    scenarios: tuple[ScenarioDoc, ...] = ()


@attrs.frozen
class SpecialDoc:
    """A special action of ``cards.json``, as a list of steps."""

    id: str
    name: str
    french: str
    steps: tuple[str, ...]


@attrs.frozen
class CardDoc:
    """An action card of ``cards.json``: its main action and its special action."""

    id: str
    main: str
    left: tuple[str | None, str | None]
    right: tuple[str | None, str | None]
    special: str | None = None


@attrs.frozen
class StartingSetDoc:
    """A crab colour's starting cards in ``cards.json``."""

    colour: str
    cards: tuple[CardDoc, ...]


@attrs.frozen
class CardsDoc:
    """The whole of ``cards.json``: special actions, starting sets and action cards."""

    specials: tuple[SpecialDoc, ...]
    starting_sets: tuple[StartingSetDoc, ...]
    action_cards: tuple[CardDoc, ...]


@attrs.frozen
class TileSideDoc:
    """One side of an Additional Action tile in ``tokens.json``."""

    id: str
    name: str
    french: str
    cost: int
    steps: tuple[str, ...]


@attrs.frozen
class ActionTileDoc:
    """An Additional Action tile of ``tokens.json``, with its two sides."""

    id: str
    sides: tuple[TileSideDoc, ...]


@attrs.frozen
class TokensDoc:
    """The whole of ``tokens.json``: the shell supply and the Additional Action tiles."""

    shells: int
    action_tiles: tuple[ActionTileDoc, ...]
