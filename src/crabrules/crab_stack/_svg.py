"""A standalone SVG picture of a Crab Stack position, as python-chess's ``chess.svg`` draws chess.

Each space is a sand hexagon; its stack is drawn bottom to top as discs, each a crab in
its owner's colour with its size's letter (``L``, ``M``, ``S``) and a radius by size, a
count at the side when the stack holds more than one crab. Under each space is its label
in the notation (``C4``). The spaces of groups tied after a wave are outlined, dashed.
A front end finds each space by its ``data-cell`` (the cell id) and ``data-label``
attributes, so a click maps straight to a :class:`~crabrules.crab_stack._actions.Move`.

>>> from crabrules.crab_stack._rules import initial_state
>>> picture = render_svg(initial_state(seed=1))
>>> picture.startswith("<svg") and 'data-label="C4"' in picture
True
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Callable, Collection

from crabrules.core.errors import InvalidConfigError
from crabrules.core.svg import LAST, SHADE, Svg, check_picture_options, checked_ids, colour_fill
from crabrules.crab_stack._actions import Action, KeepGroup, Move
from crabrules.crab_stack._board import Cell, Coord
from crabrules.crab_stack._crabs import Stack, crab_player, crab_size
from crabrules.crab_stack._observe import Observation, observe
from crabrules.crab_stack._state import State, Termination

_SIZE_LETTERS = "SML"
_RADII = (0.36, 0.48, 0.6)  # a disc's radius, in hex radii, by size
_LIFT = 0.12  # how far up each crab of a stack is drawn from the one below, in hex radii
# A stack is drawn no taller than about three crabs: a taller one's discs come closer together,
# so its top stays inside its space, clear of the height badge and of the space's label.
_TALLEST = 0.2
_BADGE = (0.36, -0.4, 0.25)  # the height badge's centre and radius, in hex radii, inside the hex
_SAND = ("#f7ecd0", "#f1dca7")  # an empty space's fill, an occupied one's
_HEAD = 34  # the status line's height, in pixels
_FOOT = 44  # the legend's height
_SQRT3 = math.sqrt(3)
_DEFAULT_SIZE = 420
_SMALLEST_TEXT = 11  # pixels at the default size: no text is drawn smaller


def hex_centre(coord: Coord) -> tuple[float, float]:
    """The centre of the space at axial ``coord`` for a hex of radius 1, pointy side up.

    ``x`` grows to the right and ``y`` downward, as on screen; a front end scales these
    by its hex radius (as :func:`render_svg` does).

    >>> hex_centre((0, 0)), hex_centre((1, 0)), hex_centre((0, 1))
    ((0.0, 0.0), (1.7320508075688772, 0.0), (0.8660254037844386, 1.5))
    """
    q, r = coord
    return (_SQRT3 * (q + r / 2), 1.5 * r)


def render_svg(
    position: State | Observation,
    *,
    size: int = _DEFAULT_SIZE,
    labels: bool = True,
    last_action: Action | None = None,
    highlight: Collection[Cell] = (),
) -> str:
    """Draw ``position`` (a state or any player's observation) as an SVG document.

    Args:
        position: what to draw; Crab Stack hides nothing, so a state and its observations
            give the same picture.
        size: the picture's width in pixels; its height follows the board's shape.
        labels: print each space's label in the notation under its stack.
        last_action: the action that led to ``position``, marked as ``chess.svg`` marks
            the last move: a move's two spaces outlined and an arrow between them, a kept
            group's space outlined.
        highlight: cells to shade (a front end's selection, or where a crab may go).

    Crab Stack's board has no side per player, so it is drawn the same for every viewer.

    Raises:
        NotAStateError: ``position`` is neither a Crab Stack state nor an observation.
        InvalidConfigError: a cell of ``last_action`` or ``highlight`` is not a space, or
            ``size`` is not an int from 1 to 10,000, or ``labels`` not a bool.

    >>> from crabrules.crab_stack._rules import initial_state, legal_actions, apply
    >>> state = initial_state(seed=1)
    >>> render_svg(state) == render_svg(observe(state, 0))
    True
    >>> move = legal_actions(state)[0]
    >>> 'class="last-move"' in render_svg(apply(state, move), last_action=move)
    True
    """
    view = position if isinstance(position, Observation) else observe(position, None)
    check_picture_options(size, labels)
    config = view.config
    marked = _cells_of(last_action, len(config.spaces))
    shaded = checked_ids(highlight, len(config.spaces), "highlight")
    centres = [hex_centre(c) for c in config.spaces]
    xs = [x for x, _ in centres]
    ys = [y for _, y in centres]
    span = max(xs) - min(xs) + _SQRT3
    radius = size / span
    height = (max(ys) - min(ys) + 2) * radius + _HEAD + _FOOT

    def at(cell: int) -> tuple[float, float]:
        x, y = centres[cell]
        return ((x - min(xs) + _SQRT3 / 2) * radius, (y - min(ys) + 1) * radius + _HEAD)

    # no text under _SMALLEST_TEXT pixels at the default size, however small the hexes
    small = _SMALLEST_TEXT * size / _DEFAULT_SIZE
    picture = Svg(size, height, title=f"Crab Stack, turn {view.turn}")
    picture.add("rect", x=0, y=0, width=size, height=height, fill="#bfe3f2")
    picture.text(size / 2, 22, _status(view), size=15, font_weight="bold", fill="#163b4d")
    tied = {cell for group in view.pending for cell in group}
    fills = [colour_fill(name, p) for p, name in enumerate(config.colours)]
    for cell, stack in enumerate(view.stacks):
        cx, cy = at(cell)
        label = config.geometry.labels[cell]
        group = picture.group(class_="cell", data_cell=cell, data_label=label)
        corners = _corners((cx, cy), radius * 0.97)
        picture.polygon(
            corners,
            parent=group,
            fill=_SAND[bool(stack)],
            stroke="#163b4d" if cell in tied else "#b79a5b",
            stroke_width=3 if cell in tied else 1.5,
            stroke_dasharray="6 4" if cell in tied else None,
        )
        if cell in shaded:
            picture.polygon(corners, parent=group, fill=SHADE, fill_opacity=0.45)
        _draw_stack(picture, group, stack, (cx, cy), (radius, small), fills)
    _mark_last(picture, marked, at, radius)
    if labels:  # last, so that no space drawn later covers them
        for cell, label in enumerate(config.geometry.labels):
            cx, cy = at(cell)
            font = max(radius * 0.26, small)
            # a halo of the space's sand, so a label reads over a large crab at a stack's foot
            picture.text(
                cx,
                cy + radius * 0.8,
                label,
                size=font,
                fill="#5a4a25",
                stroke=_SAND[bool(view.stacks[cell])],
                stroke_width=4,
                paint_order="stroke",
            )
    _legend(picture, config.colours, fills, height)
    return picture.to_string()


def _corners(centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """The six corners of a pointy-topped hexagon of ``radius`` about ``centre``."""
    cx, cy = centre
    angles = (math.pi / 6 + k * math.pi / 3 for k in range(6))
    return [(cx + radius * math.cos(a), cy + radius * math.sin(a)) for a in angles]


def _draw_stack(
    picture: Svg,
    group: ET.Element,
    stack: Stack,
    centre: tuple[float, float],
    scale: tuple[float, float],
    fills: list[str],
) -> None:
    """Draw the crabs of ``stack`` on its space, bottom to top, the top one lettered.

    ``scale`` is the hex radius and the smallest font size, in pixels.
    """
    cx, cy = centre
    radius, small = scale
    lift = min(_LIFT, _TALLEST / (len(stack) - 1)) if len(stack) > 1 else 0.0
    for level, c in enumerate(stack):
        player, crab_size_ = crab_player(c), crab_size(c)
        disc_y = cy - radius * (lift * (level - (len(stack) - 1) / 2) + 0.08)
        picture.add(
            "circle",
            parent=group,
            cx=cx,
            cy=disc_y,
            r=radius * _RADII[crab_size_],
            fill=fills[player],
            stroke="#222",
            stroke_width=1,
        )
    if stack:
        top = stack[-1]
        top_y = cy - radius * (lift * (len(stack) - 1) / 2 + 0.08)
        picture.text(
            cx,
            top_y + radius * 0.14,
            _SIZE_LETTERS[crab_size(top)],
            size=radius * 0.42,
            parent=group,
            fill="#fff",
            font_weight="bold",
        )
        if len(stack) > 1:
            # inside the hex, so the last move's outline along its edge never covers it
            bx, by, br = (cx + radius * _BADGE[0], cy + radius * _BADGE[1], radius * _BADGE[2])
            picture.add("circle", parent=group, cx=bx, cy=by, r=br, fill="#fff", stroke="#222")
            font = max(radius * 0.34, small)
            picture.text(
                bx, by + font * 0.36, str(len(stack)), size=font, parent=group, font_weight="bold"
            )


def _cells_of(action: Action | None, cells: int) -> tuple[Cell, ...]:
    """The cells ``action`` names: a move's two spaces, a kept group's space."""
    if action is None:
        return ()
    if isinstance(action, Move):
        return checked_ids((action.src, action.dst), cells, "last_action")
    if isinstance(action, KeepGroup):
        return checked_ids((action.cell,), cells, "last_action")
    raise InvalidConfigError(f"last_action: a Crab Stack action or None, not {action!r:.80}")


def _mark_last(
    picture: Svg, cells: tuple[Cell, ...], at: Callable[[Cell], tuple[float, float]], radius: float
) -> None:
    """Outline the last action's spaces along their edges, and join a move's two spaces.

    The outline follows each hexagon's edge and the line runs from edge to edge, so
    neither covers a crab, a height badge or a label.
    """
    if not cells:
        return
    group = picture.last_move_group()
    for cell in cells:
        cx, cy = at(cell)
        picture.polygon(
            _corners((cx, cy), radius * 0.9),
            parent=group,
            fill="none",
            stroke=LAST,
            stroke_width=4,
            stroke_linejoin="round",
        )
    if len(cells) == 2:
        (x1, y1), (x2, y2) = at(cells[0]), at(cells[1])
        length = math.hypot(x2 - x1, y2 - y1)
        # from the source's edge to the destination's: a line over neither space
        cut = min(radius * 0.86, length / 2) / length
        picture.add(
            "line",
            parent=group,
            x1=x1 + (x2 - x1) * cut,
            y1=y1 + (y2 - y1) * cut,
            x2=x2 - (x2 - x1) * cut,
            y2=y2 - (y2 - y1) * cut,
            stroke=LAST,
            stroke_width=5,
            stroke_linecap="round",
            opacity=0.8,
        )


def _legend(picture: Svg, colours: tuple[str, ...], fills: list[str], height: float) -> None:
    """Each player's colour as a dot and its name, along the bottom edge."""
    for p, (name, fill) in enumerate(zip(colours, fills, strict=True)):
        x = 12 + p * 90
        picture.add("circle", cx=x, cy=height - 12, r=6, fill=fill, stroke="#222")
        picture.text(x + 10, height - 8, name, size=12, anchor="start", fill="#163b4d")
    picture.text(
        8,
        height - 30,
        "L/M/S: large, medium, small top crab; a number: crabs in the stack",
        size=11,
        anchor="start",
        fill="#163b4d",
    )


def _status(view: Observation) -> str:
    """Who acts, or how the game ended, and who is out, in the game's colours."""
    colours = view.config.colours
    if view.termination is Termination.LAST_PLAYER:
        (winner,) = (p for p in range(len(colours)) if p not in view.eliminated)
        line = f"{colours[winner]} wins (last player in)"
    elif view.termination is not None:
        line = f"draw ({view.termination.value.replace('_', ' ')})"
    elif view.pending:
        line = f"{colours[view.to_move]} keeps a tied group"
    else:
        line = f"{colours[view.to_move]} to move"
    if view.eliminated:
        line += "; out: " + ", ".join(colours[p] for p in view.eliminated)
    return f"Turn {view.turn}: {line}"
