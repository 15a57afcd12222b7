r"""Content as data: tile sides, cards, Additional Action tiles, scenarios and shells.

The rulebook shows the printed components only in pictures, so the library ships a
*reference content* of its own design (``data/*.json`` inside this package) and reads any
other set in the same format. A content set is three JSON documents:

- ``board.json``: ``tiles`` (tile sides drawn as text rows, sea side first, one token
  per space: the docs' Oh Crab! content page lists them) and ``scenarios``;
- ``cards.json``: ``specials`` (the special actions, as steps), ``starting_sets`` and
  ``action_cards``;
- ``tokens.json``: ``action_tiles`` (double-sided, with shell costs) and ``shells``.

Effects are lists of :class:`~crabrules.oh_crab.content._primitives.Primitive` names. Every
document is structured with the library's cattrs converter and then checked; anything
that cannot be played raises :class:`~crabrules.core.errors.ContentError` naming the file
and the place:

>>> content = reference_content()
>>> len(content.tiles), len(content.cards), content.shells
(12, 56, 32)
>>> content.tile("1A").rows[0]
'.   .?  .   o   .'
>>> bad = {"specials": [{"id": "x", "name": "X", "french": "X", "steps": ["fly"]}],
...        "starting_sets": [], "action_cards": []}
>>> parse_cards(bad)
Traceback (most recent call last):
...
crabrules.core.errors.ContentError: cards.json: special 'x': unknown primitive 'fly'
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import TypeVar

import attrs

from crabrules.core.errors import ContentError
from crabrules.core.memo import CONFIGS_KEPT
from crabrules.core.serialize import converter, describe_error
from crabrules.oh_crab.content._components import (
    COLUMNS,
    STARTING_SET_SIZE,
    ActionTileSide,
    Arrow,
    Card,
    Content,
    ExpansionContent,
    Layout,
    Scenario,
    Shortcut,
    Space,
    SpaceType,
    SpecialAction,
    TileKind,
    TileSide,
    build_layout,
    check_setup,
)
from crabrules.oh_crab.content._primitives import BASIC, Primitive

T = TypeVar("T")


# The documents' shapes, as cattrs structures them; the parsers below check them.


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


_BASES = {
    ".": SpaceType.STANDARD,
    "#": SpaceType.INACCESSIBLE,
    "o": SpaceType.OBSTACLE,
    "x": SpaceType.KNOCK_OVER,
    "e": SpaceType.CARD_EXCHANGE,
    "s": SpaceType.SHORTCUT,
}

_CURRENTS = {"^": Arrow.N, "<": Arrow.W, ">": Arrow.E, "/": Arrow.NE, "\\": Arrow.NW}


def _structure(data: object, cls: type[T], where: str) -> T:
    try:
        return converter.structure(data, cls)
    except Exception as error:  # any shape problem becomes one ContentError saying where
        raise ContentError(f"{where}: {describe_error(error)}") from error


def _primitive(name: str, where: str) -> Primitive:
    try:
        return Primitive(name)
    except ValueError:
        raise ContentError(f"{where}: unknown primitive {name!r}") from None


def _basic(name: str | None, where: str) -> Primitive | None:
    if name is None:
        return None
    primitive = _primitive(name, where)
    if primitive not in BASIC:
        raise ContentError(f"{where}: {name!r} is not a basic action")
    return primitive


def _parse_space(token: str, where: str) -> Space:
    base, modifiers = token[0], token[1:]
    arrow = _CURRENTS.get(base)
    start = int(base) if base in "12345" else 0
    if arrow is not None:
        kind = SpaceType.CURRENT
    elif start:
        kind = SpaceType.START
    elif base in _BASES:
        kind = _BASES[base]
    else:
        raise ContentError(f"{where}: unknown space {token!r}")
    unknown = set(modifiers) - set("$r?")
    if unknown or len(set(modifiers)) != len(modifiers):
        raise ContentError(f"{where}: bad modifiers in {token!r}")
    if kind is SpaceType.INACCESSIBLE and modifiers:
        raise ContentError(f"{where}: an inaccessible space takes no modifier")
    return Space(kind, "$" in modifiers, "r" in modifiers, "?" in modifiers, arrow, start)


def _parse_tile(doc: TileDoc) -> TileSide:
    where = f"board.json: tile {doc.id!r}"
    try:
        kind = TileKind(doc.kind)
    except ValueError:
        raise ContentError(f"{where}: unknown kind {doc.kind!r}") from None
    if not doc.rows:
        raise ContentError(f"{where}: no rows")
    height = len(doc.rows)
    spaces: list[tuple[Space, ...]] = []
    for drawn, text in enumerate(doc.rows):
        row = height - 1 - drawn
        tokens = text.split()
        if len(tokens) != COLUMNS:
            raise ContentError(f"{where} row {row}: {len(tokens)} spaces, not {COLUMNS}")
        spaces.append(
            tuple(
                _parse_space(tok, f"{where} row {row} column {col}")
                for col, tok in enumerate(tokens)
            )
        )
    spaces.reverse()
    grid = tuple(spaces)
    shortcuts = tuple(_parse_shortcut(doc.id, grid, s) for s in doc.shortcuts)
    tile = TileSide(doc.id, kind, doc.rows, grid, shortcuts)
    _check_tile(tile, where)
    return tile


def _parse_shortcut(
    tile_id: str, grid: tuple[tuple[Space, ...], ...], doc: ShortcutDoc
) -> Shortcut:
    where = f"board.json: tile {tile_id!r} shortcut at {list(doc.at)}"
    icon = _basic(doc.icon, where)
    assert icon is not None
    (r, c), (tr, tc) = doc.at, doc.to
    height = len(grid)
    if not (0 <= r < height and 0 <= c < COLUMNS) or grid[r][c].type is not SpaceType.SHORTCUT:
        raise ContentError(f"{where}: not a Shortcut space of the tile")
    if not (0 <= tr < height and 0 <= tc < COLUMNS):
        raise ContentError(f"{where}: the arrow points off the tile")
    if tr <= r:
        raise ContentError(f"{where}: the arrow must point toward the sea")
    if grid[tr][tc].type in (SpaceType.INACCESSIBLE, SpaceType.OBSTACLE):
        raise ContentError(f"{where}: the arrow points to an {grid[tr][tc].type.value} space")
    if doc.cards < 1:
        raise ContentError(f"{where}: cards must be at least 1")
    return Shortcut((r, c), (tr, tc), icon, doc.cards)


def _check_tile(tile: TileSide, where: str) -> None:
    """Refuse a tile side its kind does not allow, or with arrows that lead nowhere."""
    _check_kind(tile, where)
    marked = sorted(
        (r, c)
        for r, row in enumerate(tile.spaces)
        for c, s in enumerate(row)
        if s.type is SpaceType.SHORTCUT
    )
    if sorted(s.at for s in tile.shortcuts) != marked:
        raise ContentError(f"{where}: every Shortcut space needs exactly one arrow")
    _check_currents(tile.spaces, where)


def _check_kind(tile: TileSide, where: str) -> None:
    """Start spaces 1-5 on a Start tile only, currents on a Finish tile's sea row, 3 Surprises."""
    grid = tile.spaces
    numbers = sorted(s.start for row in grid for s in row if s.start)
    if tile.kind is TileKind.START:
        if numbers != [1, 2, 3, 4, 5] or any(not s.start for s in grid[0]):
            raise ContentError(f"{where}: the land row must hold Start spaces 1 to 5")
    elif numbers:
        raise ContentError(f"{where}: only a Start tile has Start spaces")
    if tile.kind is TileKind.FINISH and any(s.type is not SpaceType.CURRENT for s in grid[-1]):
        raise ContentError(f"{where}: a Finish tile's sea row is all Water Currents")
    if tile.kind is TileKind.BEACH:
        # Adventure Pack, Module 1: each Beach tile takes 3 Surprise tokens.
        surprises = sum(s.surprise for row in grid for s in row)
        if surprises != 3:
            raise ContentError(f"{where}: {surprises} Surprise spaces, a Beach side has 3")


def _check_currents(grid: tuple[tuple[Space, ...], ...], where: str) -> None:
    """A Water Current stays within the columns and, inside its tile, meets an accessible space."""
    for r, row in enumerate(grid):
        for c, space in enumerate(row):
            if space.arrow is None:
                continue
            dr, dc = space.arrow.step
            if not 0 <= c + dc < COLUMNS:
                raise ContentError(f"{where} row {r} column {c}: the current points off the board")
            if r + dr < len(grid) and not grid[r + dr][c + dc].accessible:
                raise ContentError(
                    f"{where} row {r} column {c}: the current points to an inaccessible space"
                )


def parse_board(
    data: object, where: str = "board.json"
) -> tuple[tuple[TileSide, ...], tuple[Scenario, ...]]:
    """Read tile sides and scenarios from a ``board.json`` document.

    Raises:
        ContentError: the document is malformed or describes an impossible tile.
    """
    doc = _structure(data, BoardDoc, where)
    tiles = tuple(_parse_tile(t) for t in doc.tiles)
    _unique([t.id for t in tiles], f"{where}: tile")
    scenarios = tuple(
        Scenario(s.id, s.number, s.name, s.board, s.action_tiles) for s in doc.scenarios
    )
    _unique([s.id for s in scenarios], f"{where}: scenario")
    return tiles, scenarios


def parse_cards(
    data: object, where: str = "cards.json"
) -> tuple[tuple[SpecialAction, ...], tuple[Card, ...], tuple[str, ...]]:
    """Read special actions, cards (starting cards first) and colours from ``cards.json``.

    Raises:
        ContentError: the document is malformed, names an unknown primitive or special
            action, or a starting set does not have exactly 4 cards.
    """
    doc = _structure(data, CardsDoc, where)
    specials = tuple(
        SpecialAction(
            s.id,
            s.name,
            s.french,
            tuple(_primitive(p, f"{where}: special {s.id!r}") for p in s.steps),
        )
        for s in doc.specials
    )
    for special in specials:
        if not special.steps:
            raise ContentError(f"{where}: special {special.id!r}: no steps")
    _unique([s.id for s in specials], f"{where}: special")
    known = {s.id for s in specials}
    cards: list[Card] = []
    for kit in doc.starting_sets:
        if len(kit.cards) != STARTING_SET_SIZE:
            raise ContentError(
                f"{where}: starting set {kit.colour!r} has {len(kit.cards)} cards, "
                f"not {STARTING_SET_SIZE}"
            )
        for card in kit.cards:
            if card.special is not None:
                raise ContentError(f"{where}: card {card.id!r}: starting cards have no special")
            cards.append(_card(card, kit.colour, where))
    for card in doc.action_cards:
        if card.special not in known:
            raise ContentError(f"{where}: card {card.id!r}: unknown special {card.special!r}")
        cards.append(_card(card, None, where))
    _unique([c.id for c in cards], f"{where}: card")
    colours = tuple(kit.colour for kit in doc.starting_sets)
    _unique(list(colours), f"{where}: colour")
    return specials, tuple(cards), colours


def _card(doc: CardDoc, colour: str | None, where: str) -> Card:
    at = f"{where}: card {doc.id!r}"
    main = _basic(doc.main, at)
    if main is None:  # pragma: no cover - the document type forbids null mains
        raise ContentError(f"{at}: no main action")
    left = (_basic(doc.left[0], at), _basic(doc.left[1], at))
    right = (_basic(doc.right[0], at), _basic(doc.right[1], at))
    return Card(doc.id, main, left, right, doc.special, colour)


def parse_tokens(
    data: object, where: str = "tokens.json"
) -> tuple[tuple[ActionTileSide, ...], int]:
    """Read Additional Action tile sides and the shell count from ``tokens.json``.

    Raises:
        ContentError: the document is malformed, a tile does not have 2 sides, or a
            cost is negative.
    """
    doc = _structure(data, TokensDoc, where)
    sides: list[ActionTileSide] = []
    for tile in doc.action_tiles:
        if len(tile.sides) != 2:
            raise ContentError(f"{where}: action tile {tile.id!r} has {len(tile.sides)} sides")
        for side in tile.sides:
            at = f"{where}: action tile side {side.id!r}"
            if not side.id.startswith(tile.id):
                raise ContentError(f"{at}: a side's id starts with its tile's id")
            if side.cost < 0:
                raise ContentError(f"{at}: negative cost")
            if not side.steps:
                raise ContentError(f"{at}: no steps")
            steps = tuple(_primitive(p, at) for p in side.steps)
            sides.append(ActionTileSide(side.id, side.name, side.french, side.cost, steps))
    _unique([s.id for s in sides], f"{where}: action tile side")
    if doc.shells < 0:
        raise ContentError(f"{where}: negative shell count")
    return tuple(sides), doc.shells


def _unique(ids: list[str], what: str) -> None:
    seen: set[str] = set()
    for item in ids:
        if item in seen:
            raise ContentError(f"{what} {item!r} appears twice")
        seen.add(item)


#: The registered reader of the expansion's document (one: the Adventure Pack's).
_readers: list[Callable[[object], ExpansionContent]] = []


def register_reader(read: Callable[[object], ExpansionContent] | None) -> None:
    """Read ``adventure.json`` with ``read`` (``None``: no reader; the document is refused).

    The Adventure Pack registers its reader when it is plugged in.
    """
    _readers[:] = [] if read is None else [read]


def _read_expansion(document: object) -> ExpansionContent:
    if not _readers:
        raise ContentError("adventure.json: no expansion is registered to read it")
    return _readers[0](document)


def build_content(
    board: object, cards: object, tokens: object, adventure: object | None = None
) -> Content:
    """Build a checked :class:`Content` from the documents (parsed JSON).

    ``adventure`` is the Adventure Pack's document (``adventure.json``), if any, read by
    the reader the pack registers (:func:`register_reader`).

    Raises:
        ContentError: anything that cannot be played, saying where.
    """
    tiles, scenarios = parse_board(board)
    specials, card_list, colours = parse_cards(cards)
    action_tiles, shells = parse_tokens(tokens)
    pack = None if adventure is None else _read_expansion(adventure)
    content = Content(tiles, scenarios, specials, card_list, colours, action_tiles, shells, pack)
    _check_content(content)
    return content


def _check_content(content: Content) -> None:
    if len(content.colours) < 5:
        raise ContentError(f"cards.json: {len(content.colours)} starting sets, 5 are needed")
    if len(content.action_tiles) < 6:
        raise ContentError("tokens.json: at least 3 Additional Action tiles are needed")
    kinds = {kind: [t for t in content.tiles if t.kind is kind] for kind in TileKind}
    if not kinds[TileKind.START] or not kinds[TileKind.FINISH]:
        raise ContentError("board.json: a Start tile and a Finish tile are needed")
    if len({t.id[:-1] for t in kinds[TileKind.BEACH]}) < 3:
        raise ContentError("board.json: at least 3 Beach tiles are needed")
    most = _most_shell_spaces(kinds)
    if content.shells < most:
        # Setup puts a shell on every Shell space: every board must find enough.
        raise ContentError(
            f"tokens.json: {content.shells} shells, but a board can have {most} Shell spaces"
        )

    for scenario in content.scenarios:
        where = f"board.json: scenario {scenario.id!r}"
        problem = check_setup(content, scenario.board, scenario.action_tiles, beaches=3)
        if problem:
            raise ContentError(f"{where}: {problem}")
        build_layout(content, scenario.board, where)


def _most_shell_spaces(kinds: dict[TileKind, list[TileSide]]) -> int:
    """The most Shell spaces a board of these tiles can have (3 Beach tiles, distinct numbers)."""

    def shells(tile: TileSide) -> int:
        return sum(s.shell for row in tile.spaces for s in row)

    beaches: dict[str, int] = {}
    for tile in kinds[TileKind.BEACH]:
        beaches[tile.id[:-1]] = max(beaches.get(tile.id[:-1], 0), shells(tile))
    return (
        max(map(shells, kinds[TileKind.START]))
        + sum(sorted(beaches.values())[-3:])
        + max(map(shells, kinds[TileKind.FINISH]))
    )


def load_content(directory: str | Path) -> Content:
    """Read ``board.json``, ``cards.json``, ``tokens.json`` and ``adventure.json`` (optional).

    Without ``adventure.json`` the content has no Adventure Pack.

    Raises:
        ContentError: a file is missing, is not JSON, or describes unplayable content.
    """
    root = Path(directory)
    board, cards, tokens = (_read_json(root / name) for name in _FILES)
    pack = root / _ADVENTURE
    return build_content(board, cards, tokens, _read_json(pack) if pack.exists() else None)


_FILES = ("board.json", "cards.json", "tokens.json")
_ADVENTURE = "adventure.json"


def _read_json(path: Path) -> object:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ContentError(f"{path.name}: cannot read: {error}") from None


@functools.cache
def reference_content() -> Content:
    """Return the library's own content set, shipped in ``crabrules/oh_crab/content/data``."""
    data = resources.files("crabrules.oh_crab.content") / "data"
    board, cards, tokens, adventure = (
        json.loads((data / name).read_text(encoding="utf-8")) for name in (*_FILES, _ADVENTURE)
    )
    return build_content(board, cards, tokens, adventure)


_REGISTRY: dict[str, Content] = {}


def register_content(name: str, content: Content) -> None:
    """Make ``content`` playable as ``Config(content=name)``.

    Raises:
        ContentError: the name is not a non-empty string, is ``"reference"`` or is already
            taken by other content, or ``content`` is not a :class:`Content` (read one with
            :func:`load_content`).

    >>> register_content("x", {})
    Traceback (most recent call last):
    ...
    crabrules.core.errors.ContentError: content: a Content (from load_content), not {}
    """
    if type(name) is not str or not name:
        raise ContentError(f"name: a non-empty string, not {name!r}")
    if type(content) is not Content:
        raise ContentError(f"content: a Content (from load_content), not {content!r:.60}")
    if name == "reference" or _REGISTRY.get(name, content) is not content:
        raise ContentError(f"content name {name!r} is already taken")
    _REGISTRY[name] = content


def get_content(name: str) -> Content:
    """Return the content set registered under ``name`` (``KeyError`` if none is)."""
    if name == "reference":
        return reference_content()
    return _REGISTRY[name]


def has_content(name: str) -> bool:
    """Whether a content set is registered under ``name``."""
    return name == "reference" or name in _REGISTRY


@functools.lru_cache(maxsize=CONFIGS_KEPT)
def get_layout(content: str, board: tuple[str, ...]) -> Layout:
    """Return the cached :class:`Layout` of ``board`` in the content registered as ``content``.

    >>> layout = get_layout("reference", ("0A", "1A", "2A", "3A", "9A"))
    >>> layout is get_layout("reference", ("0A", "1A", "2A", "3A", "9A")), layout.rows
    (True, 16)
    """
    return build_layout(get_content(content), board)
