"""A standalone SVG picture of a game of Oh Crab!, as one player sees it, as the table looks.

At the top, whose turn it is, by their crab. On the left the board, the sea at the top and
the land at the bottom, each tile apart from the next, with the column letters ``a``-``e``
and the row numbers of the notation (``c4``). Every space type is drawn as its picture:
sand for a standard space, dark rock for an inaccessible one, a brown boulder for an
Obstacle and a dark crate marked ``x`` for a knocking-over Obstacle, ``⇄`` for a Card
Exchange, a dashed line from a Shortcut to where it leads, a blue arrow for a Water
Current, the number of a Start space, a yellow shell for a Shell space, green reeds along a
space's land edge and ``?`` on a Surprise space; each space's tooltip names its type. A
crab is a piece in its colour with two claws; a knocked-over crab lies on its side,
crossed. Crabs that reached the sea stand in the sea. On the right the table
(:mod:`crabrules.oh_crab.view._table_svg`): the Market as a row of cards, the Additional
Action tiles with their shell costs, the viewer's Hand as cards, and each player's board
with their Trace as a row of small cards. Each space is a ``<g>`` with ``data-cell`` and
``data-label``, each card a ``<g class="card">`` with ``data-card``, for a front end.

>>> from crabrules.oh_crab import Config, initial_state, observe
>>> picture = render_svg(observe(initial_state(Config(players=3, quick=True), seed=1), 0))
>>> 'data-label="a0"' in picture and "Market" in picture and 'class="card"' in picture
True
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Callable, Collection
from xml.etree.ElementTree import Element

import attrs

from crabrules.core.errors import InvalidConfigError
from crabrules.core.svg import (
    LAST,
    SHADE,
    Svg,
    check_picture_options,
    checked_ids,
    colour_fill,
    number,
)
from crabrules.oh_crab.content._components import COLUMNS, SEA, Arrow, Cell, Space, SpaceType
from crabrules.oh_crab.content._primitives import Phase
from crabrules.oh_crab.engine._tables import rules_for
from crabrules.oh_crab.engine._work import Rules
from crabrules.oh_crab.model._actions import (
    ACTIONS,
    COLUMN_LETTERS,
    Action,
    Activate,
    Move,
    Place,
    Shift,
    Shortcut,
    cell_label,
)
from crabrules.oh_crab.model._state import State
from crabrules.oh_crab.rules import decide_winners
from crabrules.oh_crab.view import ByKind
from crabrules.oh_crab.view import _observe as expansion
from crabrules.oh_crab.view._observe import Observation, observe, surprise_board
from crabrules.oh_crab.view._table_svg import Area, draw_crab, draw_shell, draw_table
from crabrules.oh_crab.view._words import winners_words

# Measures at the default width, 560 pixels (the web example's board column at its widest);
# another ``size`` scales them all.
_WIDTH = 560
_SPACE = 40  # a space's side
_HEAD = 34  # the status line
_TOP = 58  # the sea band above the board
_LEFT = 24  # room for the row numbers
_FONT = 13  # the board's labels
_TILE_GAP = 5  # between two tiles of the board
_ANGLES = {Arrow.N: -90, Arrow.W: 180, Arrow.E: 0, Arrow.NE: -45, Arrow.NW: -135}

#: What each space type does, for its tooltip.
_MEANING = {
    SpaceType.STANDARD: "sand",
    SpaceType.INACCESSIBLE: "rock, no crab may enter",
    SpaceType.OBSTACLE: "Obstacle: a crab entering it loses a card",
    SpaceType.KNOCK_OVER: "knocking-over Obstacle: a crab entering it is knocked over",
    SpaceType.CARD_EXCHANGE: "Card Exchange: swap a card of your Hand with the Market",
    SpaceType.SHORTCUT: "Shortcut: discard cards to jump to the end of the dashed line",
    SpaceType.CURRENT: "Water Current: carries the crab along its arrow at the turn's end",
    SpaceType.START: "Start space",
}

Corner = Callable[[Cell], tuple[float, float]]
# What a last action outlines: its spaces, and the ways pushed crabs went (pairs of cells).
Marks = tuple[tuple[Cell, ...], tuple[tuple[Cell, Cell], ...]]


def render_svg(
    position: State | Observation,
    *,
    size: int = _WIDTH,
    labels: bool = True,
    last_action: Action | None = None,
    highlight: Collection[Cell] = (),
) -> str:
    """Draw the board and every player's panel as the observation's viewer sees them.

    Args:
        position: an :class:`~crabrules.oh_crab.view._observe.Observation`, or a
            :class:`~crabrules.oh_crab.State`, drawn as ``observe(state, None)`` so that
            no Hand is ever drawn by accident.
        size: the picture's width in pixels; the height follows the board's length and
            the panel's (about the width for the First Escape board).
        labels: print the column letters and row numbers of the notation.
        last_action: the action that led to ``position``, outlined (``class="last-move"``):
            its player's heading in the panel and the spaces it names: a move's or a
            shift's destination (with a line along each pushed crab's way), a placed
            crab's space, a new Obstacle's, an activated crab's. A card action (a plan, a
            rest, an exchange...) names no space, so only its player is outlined.
        highlight: board cell ids (as ``data-cell`` and the actions' ``dest``) to shade:
            a front end's selection, or where the active crab may go.

    The board is drawn sea up for every viewer: it has no side per player.

    Raises:
        NotAStateError: ``position`` is neither a state nor an observation of this game.
        InvalidConfigError: ``last_action`` is not an Oh Crab! action or names a player,
            crab or space the game lacks, or a cell of ``highlight`` is not a space.

    >>> from crabrules.oh_crab import Config, initial_state, legal_actions, apply
    >>> state = initial_state(seed=3)
    >>> render_svg(state) == render_svg(observe(state, None))
    True
    >>> state = initial_state(Config(players=2), seed=3)
    >>> place = legal_actions(state)[0]  # the 2-player mode first places the crabs
    >>> place
    Place(player=1, crab=2, space=1)
    >>> 'class="last-move"' in render_svg(apply(state, place), last_action=place)
    True
    """
    view = position if isinstance(position, Observation) else observe(position, None)
    check_picture_options(size, labels)
    rules = rules_for(view.config)
    layout = rules.layout
    count = len(layout.spaces)
    shaded = frozenset(checked_ids(highlight, count, "highlight"))
    marked, ways = _cells_of(last_action, view, count)
    scale = size / _WIDTH
    space, font = _SPACE * scale, _FONT * scale
    left, top = _LEFT * scale, (_HEAD + _TOP) * scale
    gaps = (len(layout.tile_starts) - 1) * _TILE_GAP * scale
    board_bottom = top + layout.rows * space + gaps + 24 * scale
    fills = [colour_fill(c, p) for p, c in enumerate(rules.colours)]
    area = Area(left + COLUMNS * space + 18 * scale, _HEAD * scale, size - 8 * scale, scale)
    area = attrs.evolve(area, width=area.width - area.x)
    picture = Svg(size, board_bottom, title=f"Oh Crab!, round {view.round}")
    background = picture.add("rect", x=0, y=0, width=size, height=board_bottom, fill="#f4efe4")

    def corner(cell: Cell) -> tuple[float, float]:
        row, column = divmod(cell, COLUMNS)
        # each tile is drawn apart from the next, as the physical tiles lie side by side
        after = len(layout.tile_starts) - 1 - bisect.bisect_right(layout.tile_starts, row) + 1
        y = top + (layout.rows - 1 - row) * space + after * _TILE_GAP * scale
        return (left + column * space, y)

    _status(picture, view, rules, fills, scale)
    _board(picture, view, rules, corner, space, shaded)
    _crabs(picture, view, fills, corner, space, (left, (_HEAD + 30) * scale))
    if labels:
        for column, letter in enumerate(COLUMN_LETTERS):
            x = left + (column + 0.5) * space
            picture.text(x, board_bottom - 6 * scale, letter, size=font, fill="#444")
        for row in range(layout.rows):
            y = corner(row * COLUMNS)[1] + space * 0.68
            picture.text(left - 11 * scale, y, str(row), size=font, fill="#444")
    bottom, frames = draw_table(picture, view, rules, fills, area)
    below = Area(10 * scale, max(board_bottom, bottom), size - 20 * scale, scale)
    bottom = expansion.table_pieces(view.adventure, picture, view, rules, below)
    height = max(board_bottom, bottom + 12 * scale)
    _resize(picture, background, height)
    if last_action is not None:
        _mark_last(picture, marked, ways, frames.get(last_action.player), corner, space)
    return picture.to_string()


def _resize(picture: Svg, background: Element, height: float) -> None:
    """Set the picture's height (and its background's) once the table is drawn."""
    picture.height = height
    picture.root.set("height", number(height))
    picture.root.set("viewBox", f"0 0 {number(picture.width)} {number(height)}")
    background.set("height", number(height))


def _status(picture: Svg, view: Observation, rules: Rules, fills: list[str], scale: float) -> None:
    """The round and whose turn it is, in their crab's colour, or who won and why."""
    if view.phase is Phase.OVER:
        winners, reason = decide_winners(view.crabs, view.hand_sizes, view.shells, rules.crabs_of)
        names = [rules.names[p] for p in sorted(winners)]
        words = f"Game over after round {view.round}: {winners_words(names, reason.value)}"
    elif view.phase is Phase.PLANNING:
        words = f"Round {view.round}: everyone plans a card"
    elif view.phase is Phase.PLACING:
        words = f"{rules.names[view.current]} places a crab on a Start space"
    else:
        words = f"Round {view.round}: {rules.names[view.current]}'s turn"
    x = 10 * scale
    if view.phase is not Phase.OVER and view.phase is not Phase.PLANNING:
        crab = next(c for c, owner in enumerate(view.owners) if owner == view.current)
        draw_crab(picture, (18 * scale, 19 * scale), 8 * scale, fills[crab], False)
        x = 34 * scale
    picture.text(
        x, 24 * scale, words, size=16 * scale, anchor="start", fill="#222", font_weight="bold"
    )


def _board(
    picture: Svg,
    view: Observation,
    rules: Rules,
    corner: Corner,
    space: float,
    shaded: frozenset[Cell],
) -> None:
    """The sea band, every space (shaded if highlighted), the Shortcuts and Surprises."""
    left, top = corner(len(rules.layout.spaces) - COLUMNS)
    scale = space / _SPACE
    picture.add(
        "rect",
        x=left,
        y=top - (_TOP - 6) * scale,
        width=COLUMNS * space,
        height=(_TOP - 12) * scale,
        fill="#4aa3d8",
        rx=4,
    )
    # waves along the sea's edge, so the band reads as water
    picture.text(
        left + COLUMNS * space - 4 * scale,
        top - 10 * scale,
        "the sea",
        size=_FONT * scale,
        anchor="end",
        fill="#fff",
        font_style="italic",
    )
    for cell, kind in enumerate(rules.layout.spaces):
        x, y = corner(cell)
        group = picture.group(
            class_="space", data_cell=cell, data_label=cell_label(cell), data_type=kind.type.value
        )
        picture.add("title", parent=group).text = f"{cell_label(cell)}: {_MEANING[kind.type]}"
        _space(picture, group, kind, x, y, space)
        if cell in shaded:
            picture.add(
                "rect",
                parent=group,
                class_="highlight",
                x=x,
                y=y,
                width=space,
                height=space,
                fill=SHADE,
                fill_opacity=0.45,
            )
    for cell, arrow in enumerate(rules.layout.shortcut):
        if arrow is not None:
            (x0, y0), (x1, y1) = corner(cell), corner(arrow[0])
            picture.add(
                "line",
                x1=x0 + space / 2,
                y1=y0 + space / 2,
                x2=x1 + space / 2,
                y2=y1 + space / 2,
                stroke="#7b3fa0",
                stroke_width=space / 16,
                stroke_dasharray="4 3",
            )
    for cell, token in enumerate(surprise_board(view.adventure)):
        if token != -1:  # Adventure Pack: a Surprise token lies face down here
            x, y = corner(cell)
            picture.add(
                "circle",
                class_="surprise-token",
                cx=x + space * 0.72,
                cy=y + space * 0.28,
                r=space * 0.14,
                fill="#c9a35b",
                stroke="#6b4f1d",
            )


def _crabs(
    picture: Svg,
    view: Observation,
    fills: list[str],
    corner: Corner,
    space: float,
    sea: tuple[float, float],
) -> None:
    """Every crab on its space, or in the sea band (from ``sea``, its left end) once there."""
    in_sea = 0
    for c, cell in enumerate(view.crabs):  # c: a crab; its owner is view.owners[c]
        if cell == SEA:
            cx, cy = sea[0] + (in_sea + 0.5) * space, sea[1]
            in_sea += 1
        else:
            x, y = corner(cell)
            cx, cy = x + space / 2, y + space / 2
        crab = picture.group(
            class_="crab",
            data_crab=c,
            data_player=view.owners[c],
            data_knocked=str(view.knocked[c]).lower(),
        )
        if view.turn is not None and view.turn.crab == c:  # the crab whose turn it is
            picture.add(
                "circle",
                parent=crab,
                class_="acting",
                cx=cx,
                cy=cy + space * 0.02,
                r=space * 0.46,
                fill="#fff",
                fill_opacity=0.6,
                stroke=fills[c],
                stroke_width=space / 14,
                stroke_dasharray=f"{number(space / 8)} {number(space / 16)}",
            )
        draw_crab(
            picture, (cx, cy + space * 0.08), space * 0.26, fills[c], view.knocked[c], parent=crab
        )


def _space(picture: Svg, group: Element, kind: Space, x: float, y: float, side: float) -> None:
    """One space and the marks of its type."""
    rock = kind.type is SpaceType.INACCESSIBLE
    picture.add(
        "rect",
        parent=group,
        x=x,
        y=y,
        width=side,
        height=side,
        fill="#5b5249" if rock else "#ead9a8",
        stroke="#b79a5b",
        stroke_width=0.6,
    )
    cx, cy = x + side / 2, y + side / 2
    if kind.type is SpaceType.OBSTACLE:
        picture.add("circle", parent=group, cx=cx, cy=cy, r=side * 0.3, fill="#8b6b4a")
    elif kind.type is SpaceType.KNOCK_OVER:
        picture.add(
            "rect",
            parent=group,
            x=cx - side * 0.3,
            y=cy - side * 0.3,
            width=side * 0.6,
            height=side * 0.6,
            rx=side * 0.1,
            fill="#6b4a2a",
        )
        picture.text(cx, cy + side * 0.13, "x", size=side * 0.4, parent=group, fill="#fff")
    elif kind.type is SpaceType.CARD_EXCHANGE:
        picture.text(cx, cy + side * 0.15, "⇄", size=side * 0.5, parent=group, fill="#7b3fa0")
    elif kind.type is SpaceType.SHORTCUT:
        picture.text(cx, cy + side * 0.12, "S", size=side * 0.36, parent=group, fill="#7b3fa0")
    elif kind.type is SpaceType.CURRENT and kind.arrow is not None:
        angle = math.radians(_ANGLES[kind.arrow])
        dx, dy = math.cos(angle) * side * 0.32, math.sin(angle) * side * 0.32
        picture.add(
            "line",
            parent=group,
            x1=cx - dx,
            y1=cy - dy,
            x2=cx + dx,
            y2=cy + dy,
            stroke="#1f77b4",
            stroke_width=side * 0.08,
        )
        picture.add("circle", parent=group, cx=cx + dx, cy=cy + dy, r=side * 0.08, fill="#1f77b4")
    elif kind.type is SpaceType.START:
        picture.text(
            cx, cy + side * 0.14, str(kind.start), size=side * 0.4, parent=group, fill="#8a7a55"
        )
    if kind.shell:
        draw_shell(picture, (x + side * 0.78, y + side * 0.2), side * 0.15, parent=group)
    if kind.reeds:
        picture.add(
            "rect",
            parent=group,
            x=x + 1,
            y=y + side - side * 0.12,
            width=side - 2,
            height=side * 0.1,
            fill="#3d8b37",
        )
    if kind.surprise:
        picture.text(
            x + side * 0.2,
            y + side * 0.32,
            "?",
            size=side * 0.3,
            parent=group,
            fill="#c2185b",
            font_weight="bold",
        )


def _cells_of(action: Action | None, view: Observation, count: int) -> Marks:
    """The spaces ``action`` names and the ways pushed crabs went, each a pair of cells."""
    if action is None:
        return (), ()
    if type(action) not in ACTIONS:
        raise InvalidConfigError(f"last_action: an Oh Crab! action or None, not {action!r:.80}")
    checked_ids((action.player,), len(view.hand_sizes), "last_action")
    return marked_by(action, view, count)


def _no_space(action: Action, view: Observation, count: int) -> Marks:
    return (), ()  # a card action: only its player is outlined


#: The spaces a last action names and the ways pushed crabs went, by its kind (the
#: Adventure Pack registers its own).
marked_by: ByKind[[Action, Observation, int], Marks] = ByKind("marked by", _no_space)


@marked_by.on(Move)
def _move(action: Move, view: Observation, count: int) -> Marks:
    chain = on_board((action.dest, *action.pushes), count)
    return chain, tuple(itertools.pairwise(chain))  # a pushed crab goes from where it stood


@marked_by.on(Shortcut)
def _shortcut(action: Shortcut, view: Observation, count: int) -> Marks:
    return on_board(action.pushes, count), ()


@marked_by.on(Shift)
def _shift(action: Shift, view: Observation, count: int) -> Marks:
    return on_board((action.dest,), count), ()


@marked_by.on(Place)
def _place(action: Place, view: Observation, count: int) -> Marks:
    return on_board((action.space,), count), ()


@marked_by.on(Activate)
def _activate(action: Activate, view: Observation, count: int) -> Marks:
    return crab_space(action.crab, view, count), ()


def crab_space(crab: object, view: Observation, count: int) -> tuple[Cell, ...]:
    """The space of ``crab`` (none in the sea or not placed yet), for a last action.

    Raises:
        InvalidConfigError: ``crab`` is no crab of the game.
    """
    (checked,) = checked_ids((crab,), len(view.crabs), "last_action")
    return on_board((view.crabs[checked],), count, check=False)


def on_board(cells: tuple[object, ...], count: int, *, check: bool = True) -> tuple[Cell, ...]:
    """``cells`` on the board, the sea (and a crab not placed yet) left out.

    With ``check``, each must be a space's cell id or :data:`SEA`, or it is refused.

    Raises:
        InvalidConfigError: with ``check``, a cell that is neither a space nor the sea.
    """
    if check:
        return checked_ids(
            (c for c in cells if not (type(c) is int and c == SEA)), count, "last_action"
        )
    return tuple(c for c in cells if type(c) is int and 0 <= c < count)


def _mark_last(
    picture: Svg,
    cells: tuple[Cell, ...],
    ways: tuple[tuple[Cell, Cell], ...],
    frame: tuple[float, float, float, float] | None,
    corner: Corner,
    space: float,
) -> None:
    """Outline the last action's spaces and its player's board; a line along each push."""
    group = picture.last_move_group()
    stroke = space / 9
    for cell in cells:
        x, y = corner(cell)
        inside = (x + stroke / 2, y + stroke / 2, space - stroke, space - stroke)
        picture.outline(inside, parent=group, stroke_width=stroke)
    for start, end in ways:
        (x1, y1), (x2, y2) = corner(start), corner(end)
        picture.add(
            "line",
            parent=group,
            x1=x1 + space / 2,
            y1=y1 + space / 2,
            x2=x2 + space / 2,
            y2=y2 + space / 2,
            stroke=LAST,
            stroke_width=stroke * 1.2,
            stroke_linecap="round",
            opacity=0.8,
        )
    if frame is not None:  # the player's board, in the table
        x, y, width, height = frame
        around = (x - 2, y - 2, width + 4, height + 4)
        picture.outline(around, parent=group, rx=4, stroke_width=stroke * 0.7)
