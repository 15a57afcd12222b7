"""A standalone SVG picture of a game of Oh Crab!, as one player sees it.

On the left the board, the sea at the top and the land at the bottom, as the text picture
draws it, with the column letters ``a``-``e`` and the row numbers of the notation
(``c4``). Every space type has its mark: sand for a standard space, dark rock for an
inaccessible one, a brown boulder for an Obstacle and a red one for a knocking-over
Obstacle, ``⇄`` for a Card Exchange, a dashed arrow from a Shortcut to where it leads, a
blue arrow for a Water Current, the number of a Start space, a yellow shell for a Shell
space, green reeds along a space's land edge and ``?`` on a Surprise space. A crab is a
disc in its colour; a knocked-over crab lies on its side, crossed. Crabs that reached the
sea stand in the sea band. On the right, the Market, the draw pile and the shell supply,
the turn, the viewer's Hand and each player's panel: shells, Hand size, the face-down
card, the Trace and the Discard pile. Each space is a ``<g>`` with ``data-cell`` and
``data-label``, for a front end's clicks.

>>> from crabrules.oh_crab import Config, initial_state, observe
>>> picture = render_svg(observe(initial_state(Config(players=3, quick=True), seed=1), 0))
>>> 'data-label="a0"' in picture and "Market" in picture
True
"""

from __future__ import annotations

import math
import textwrap
from xml.etree.ElementTree import Element

from crabrules.core.svg import Svg, colour_fill
from crabrules.oh_crab.content.board import SEA
from crabrules.oh_crab.content.components import COLUMNS, Arrow, Space, SpaceType
from crabrules.oh_crab.engine.work import Rules, rules_for
from crabrules.oh_crab.model.names import COLUMN_LETTERS, cell_label, pile_label
from crabrules.oh_crab.model.state import NO_CARD, RESTING, Phase, State
from crabrules.oh_crab.rules import decide_winners
from crabrules.oh_crab.view.expansion import required_parts
from crabrules.oh_crab.view.observe import HIDDEN, Observation, observe
from crabrules.oh_crab.view.words import winners_words

__all__ = ["render_svg"]

_SPACE = 34  # a space's side, in pixels, before scaling
_TOP = 58  # the sea band above the board
_LEFT = 22  # room for the row numbers
_LEGEND = (
    "Spaces: dark rock inaccessible; brown boulder Obstacle (lose a card);",
    "  x knocking-over Obstacle; S Shortcut, dashed to its end; ⇄ Card Exchange;",
    "  blue arrow Water Current; 1-5 Start; yellow dot Shell; green bar Reeds; ? Surprise.",
    "Crabs: a disc with its player's number; lying and crossed: knocked over.",
)
_ANGLES = {Arrow.N: -90, Arrow.W: 180, Arrow.E: 0, Arrow.NE: -45, Arrow.NW: -135}


def render_svg(position: State | Observation, *, size: int = 720, labels: bool = True) -> str:
    """Draw the board and every player's panel as the observation's viewer sees them.

    Args:
        position: an :class:`~crabrules.oh_crab.view.observe.Observation`, or a
            :class:`~crabrules.oh_crab.State`, drawn as ``observe(state, None)`` so that
            no Hand is ever drawn by accident.
        size: the picture's width in pixels; the height follows the board's length.
        labels: print the column letters and row numbers of the notation.

    Raises:
        NotAStateError: ``position`` is neither a state nor an observation of this game.

    >>> from crabrules.oh_crab import initial_state
    >>> state = initial_state(seed=3)
    >>> render_svg(state) == render_svg(observe(state, None))
    True
    """
    view = position if isinstance(position, Observation) else observe(position, None)
    rules = rules_for(view.config)
    layout = rules.layout
    scale = size / 720
    space = _SPACE * scale
    board_height = _TOP * scale + layout.rows * space + 24 * scale
    adventure = view.adventure
    extra = [] if adventure is None else required_parts().table_lines(view, rules)
    panel_lines = 12 + 4 * len(view.crabs) + len(view.hand) + len(_LEGEND) + 2 * len(extra)
    if adventure is not None and adventure.asymmetry is not None:
        panel_lines += len(rules.names)  # Module 4: a skill line per player
    height = max(board_height, (panel_lines * 17 + 30) * scale)
    picture = Svg(size, height, title=f"Oh Crab!, round {view.round}")
    picture.add("rect", x=0, y=0, width=size, height=height, fill="#f4efe4")
    left, top = _LEFT * scale, _TOP * scale

    def corner(cell: int) -> tuple[float, float]:
        row, column = divmod(cell, COLUMNS)
        return (left + column * space, top + (layout.rows - 1 - row) * space)

    picture.add(
        "rect",
        x=left,
        y=8 * scale,
        width=COLUMNS * space,
        height=top - 12 * scale,
        fill="#4aa3d8",
        rx=4,
    )
    picture.text(left + COLUMNS * space / 2, 22 * scale, "sea", size=11 * scale, fill="#fff")
    fills = [colour_fill(c, p) for p, c in enumerate(rules.colours)]
    for cell, kind in enumerate(layout.spaces):
        x, y = corner(cell)
        group = picture.group(
            class_="space", data_cell=cell, data_label=cell_label(cell), data_type=kind.type.value
        )
        _space(picture, group, kind, x, y, space)
    for cell, arrow in enumerate(layout.shortcut):
        if arrow is not None:
            (x0, y0), (x1, y1) = corner(cell), corner(arrow[0])
            picture.add(
                "line",
                x1=x0 + space / 2,
                y1=y0 + space / 2,
                x2=x1 + space / 2,
                y2=y1 + space / 2,
                stroke="#7b3fa0",
                stroke_width=2 * scale,
                stroke_dasharray="4 3",
            )
    surprises = view.adventure.surprises if view.adventure is not None else None
    for cell, token in enumerate(surprises.board if surprises is not None else ()):
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
    in_sea = 0
    for c, cell in enumerate(view.crabs):  # c: a crab; its owner is view.owners[c]
        if cell == SEA:
            cx, cy = left + (in_sea + 0.5) * space, 40 * scale
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
        if view.knocked[c]:
            picture.add(
                "ellipse",
                parent=crab,
                cx=cx,
                cy=cy + space * 0.1,
                rx=space * 0.36,
                ry=space * 0.18,
                fill=fills[c],
                stroke="#222",
            )
            picture.add(
                "path",
                parent=crab,
                stroke="#222",
                stroke_width=1.5 * scale,
                d=f"M{cx - space * 0.15:.2f},{cy:.2f}l{space * 0.3:.2f},{space * 0.2:.2f}"
                f"m0,{-space * 0.2:.2f}l{-space * 0.3:.2f},{space * 0.2:.2f}",
            )
        else:
            picture.add(
                "circle",
                parent=crab,
                cx=cx,
                cy=cy,
                r=space * 0.3,
                fill=fills[c],
                stroke="#222",
                stroke_width=1.5 * scale,
            )
            picture.text(
                cx,
                cy + space * 0.12,
                str(view.owners[c]),
                size=space * 0.32,
                parent=crab,
                fill="#fff",
                font_weight="bold",
            )
    if labels:
        for column, letter in enumerate(COLUMN_LETTERS):
            picture.text(
                left + (column + 0.5) * space,
                top + layout.rows * space + 16 * scale,
                letter,
                size=12 * scale,
                fill="#444",
            )
        for row in range(layout.rows):
            picture.text(
                left - 10 * scale,
                top + (layout.rows - row - 0.35) * space,
                str(row),
                size=10 * scale,
                fill="#444",
            )
    _panel(picture, view, rules, fills, left + COLUMNS * space + 18 * scale, scale)
    return picture.to_string()


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
        picture.add(
            "circle",
            parent=group,
            cx=x + side * 0.8,
            cy=y + side * 0.2,
            r=side * 0.12,
            fill="#f2c230",
            stroke="#a07d10",
        )
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


def _panel(
    picture: Svg, view: Observation, rules: Rules, fills: list[str], x: float, scale: float
) -> None:
    """The Market, the turn, the viewer's Hand, then one block per player."""
    font = 12 * scale
    y = 24 * scale
    adventure = view.adventure
    parts = None if adventure is None else required_parts()  # the pack's lines, if in play

    def line(text: str, *, bold: bool = False, indent: float = 0, fill: str = "#222") -> None:
        nonlocal y
        picture.text(
            x + indent,
            y,
            text,
            size=font,
            anchor="start",
            fill=fill,
            font_weight="bold" if bold else None,
        )
        y += 17 * scale

    line(_status(view, rules), bold=True)
    line("Market", bold=True)
    for index, pile in enumerate(view.market):
        top = f"{rules.card_names[pile[-1]]} ({len(pile)} cards)" if pile else "empty"
        line(f"{pile_label(index)}: {top}", indent=10 * scale)
    line(f"draw pile {view.draw_size} · shell supply {view.supply}", indent=10 * scale)
    if view.player is not None:
        line(f"Your Hand ({rules.names[view.player]})", bold=True)
        for card in view.hand:
            line(rules.card_names[card], indent=10 * scale)
    for p, name in enumerate(rules.names):
        crabs = [c for c, owner in enumerate(view.owners) if owner == p]
        y += 4 * scale
        picture.add(
            "circle",
            cx=x + 5 * scale,
            cy=y - 4 * scale,
            r=5 * scale,
            fill=fills[crabs[0]],
            stroke="#222",
        )
        plan = {NO_CARD: "none", RESTING: "resting", HIDDEN: "face down"}.get(
            view.planned[p], "face down (yours)"
        )
        cook = ", cook" if p == view.cook else ""
        knocked = "".join(
            f", {rules.colours[c]} knocked over" if len(crabs) > 1 else ", knocked over"
            for c in crabs
            if view.knocked[c]
        )
        line(f"P{p} {name}{cook}{knocked}", bold=True, indent=14 * scale)
        line(
            f"shells {view.shells[p]} · hand {view.hand_sizes[p]} · planned: {plan}",
            indent=14 * scale,
        )
        trace = ", ".join(rules.card_names[c].split(" ")[0] for c in view.traces[p]) or "-"
        line(f"trace: {trace}", indent=14 * scale)
        discard = view.discards[p]
        top = rules.card_names[discard[-1]].split(" ")[0] if discard else "-"
        line(f"discard pile {len(discard)}, top {top}", indent=14 * scale)
        skill = None if adventure is None else required_parts().panel_line(adventure, rules, p)
        if skill is not None:
            line(skill, indent=14 * scale)
    y += 8 * scale
    for text in [] if parts is None else parts.table_lines(view, rules):
        for part in textwrap.wrap(text, 60):
            line(part, fill="#333")
    for text in _LEGEND:
        line(text, fill="#555")


def _status(view: Observation, rules: Rules) -> str:
    if view.phase is Phase.OVER:
        winners, reason = decide_winners(view.crabs, view.hand_sizes, view.shells, rules.crabs_of)
        names = [rules.names[p] for p in sorted(winners)]
        return f"Game over after round {view.round}: {winners_words(names, reason.value)}"
    if view.phase is Phase.PLANNING:
        return f"Round {view.round}: planning"
    return f"Round {view.round}: {rules.names[view.current]}'s turn"
