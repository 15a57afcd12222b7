"""The table of Oh Crab!'s SVG picture, beside the board: cards drawn as the printed cards.

An action card is drawn as the printed one: its id and, for a special action with a cost,
the cost at the top; its main action as a coloured icon in the middle (an arrow up for
Move forward, two diagonal arrows for Move diagonally, a fan of three for Move toward the
sea, a shell for Take a shell) with its name under it; the half-icons on its left and
right edges as half-discs in their action's colour, so that two cards side by side in a
Trace show the icons they complete; and its special action in the band at the bottom.
The Market is its three face-up piles and the draw pile face down, the Additional Action
tiles show their shell cost, the viewer's Hand is a row of cards, and each player's board
shows their crab, the cook pawn, their shells, Hand and face-down card, their Trace as a
row of small cards and their Discard pile.
"""

from __future__ import annotations

import math
import textwrap
from xml.etree.ElementTree import Element

import attrs

from crabrules.core.svg import Svg, colour_fill, number
from crabrules.oh_crab.content._primitives import Primitive
from crabrules.oh_crab.engine._work import Rules
from crabrules.oh_crab.model._state import NO_CARD, RESTING
from crabrules.oh_crab.view import _observe as expansion
from crabrules.oh_crab.view._observe import Observation

__all__ = ["Area", "draw_table", "text_lines"]

#: Each basic action's colour: its icon in a card's middle and its half-icons alike.
ACTION_FILLS = {
    Primitive.MOVE_FORWARD: "#3b6fd1",
    Primitive.MOVE_DIAGONAL: "#2f9a57",
    Primitive.MOVE_TOWARD_SEA: "#8a4fc4",
    Primitive.TAKE_SHELL: "#d9a514",
}
#: Each basic action's name on a card, short enough for the card's width.
ACTION_WORDS = {
    Primitive.MOVE_FORWARD: "Forward",
    Primitive.MOVE_DIAGONAL: "Diagonal",
    Primitive.MOVE_TOWARD_SEA: "To the sea",
    Primitive.TAKE_SHELL: "Shell",
}
#: The arrows of each move's icon, as angles from straight up (toward the sea), in degrees.
_ARROWS = {
    Primitive.MOVE_FORWARD: (0,),
    Primitive.MOVE_DIAGONAL: (-45, 45),
    Primitive.MOVE_TOWARD_SEA: (-45, 0, 45),
}
CARD = (70.0, 96.0)  # an action card's width and height at the default size
_MINI = (32.0, 44.0)  # a Trace card's
_GAP = 6.0
_EM = 0.56  # a character's mean width in ems, to wrap lines
SHELL_FILL = "#f2c230"
_BACK = "#2f6f8f"  # a card's back


@attrs.frozen
class Area:
    """Where the table is drawn: the left end, top and width of its column, and the scale."""

    x: float
    y: float
    width: float
    scale: float


def draw_icon(picture: Svg, main: Primitive | None, centre: tuple[float, float], r: float) -> None:
    """A basic action's icon about ``centre``, ``r`` its half-height: arrows, or a shell."""
    if main is None or main not in ACTION_FILLS:
        return
    cx, cy = centre
    fill = ACTION_FILLS[main]
    if main is Primitive.TAKE_SHELL:
        draw_shell(picture, (cx, cy), r * 0.8)
        return
    # the arrows fan out from one point below the middle, toward the sea (up)
    tail = (cx, cy + r * 0.75)
    for angle in _ARROWS[main]:
        a = math.radians(angle)
        dx, dy = math.sin(a), -math.cos(a)
        length = r * 1.6 if angle == 0 else r * 1.35
        tip = (tail[0] + dx * length, tail[1] + dy * length)
        picture.add(
            "line",
            x1=tail[0],
            y1=tail[1],
            x2=tip[0],
            y2=tip[1],
            stroke=fill,
            stroke_width=r * 0.22,
            stroke_linecap="round",
        )
        for turn in (-0.55, 0.55):  # the head: two strokes back from the tip
            b = a + math.pi + turn
            picture.add(
                "line",
                x1=tip[0],
                y1=tip[1],
                x2=tip[0] + math.sin(b) * r * 0.5,
                y2=tip[1] - math.cos(b) * r * 0.5,
                stroke=fill,
                stroke_width=r * 0.22,
                stroke_linecap="round",
            )


def draw_shell(
    picture: Svg, centre: tuple[float, float], r: float, *, parent: Element | None = None
) -> None:
    """A scallop shell: a yellow fan with its ribs."""
    cx, cy = centre
    picture.add(
        "path",
        parent=parent,
        d=f"M{cx - r:.2f},{cy:.2f}A{r:.2f},{r:.2f} 0 0 1 {cx + r:.2f},{cy:.2f}"
        f"L{cx:.2f},{cy + r * 0.8:.2f}Z",
        fill=SHELL_FILL,
        stroke="#9a7410",
        stroke_width=max(1.0, r * 0.12),
    )
    for k in (-0.6, 0.0, 0.6):
        picture.add(
            "line",
            parent=parent,
            x1=cx,
            y1=cy + r * 0.7,
            x2=cx + math.sin(k) * r * 0.9,
            y2=cy - math.cos(k) * r * 0.9,
            stroke="#9a7410",
            stroke_width=max(0.6, r * 0.08),
        )


def _half_icons(
    picture: Svg, rules: Rules, card: int, box: tuple[float, float, float, float]
) -> None:
    """The half-icons on a card's left and right edges, upper and lower, in their colours."""
    x, y, w, h = box
    info = rules.cards[card]
    r = w * 0.11
    for edge, halves in ((x, info.left), (x + w, info.right)):
        sweep = 1 if edge == x else 0
        for level, half in zip((0.22, 0.5), halves, strict=True):
            if half is None or half not in ACTION_FILLS:
                continue
            cy = y + h * level
            picture.add(
                "path",
                d=f"M{edge:.2f},{cy - r:.2f}A{r:.2f},{r:.2f} 0 0 {sweep} {edge:.2f},{cy + r:.2f}Z",
                fill=ACTION_FILLS[half],
                stroke="#222",
                stroke_width=0.8,
            )


def _blank(
    picture: Svg, rules: Rules, card: int, box: tuple[float, float, float, float], kind: str
) -> Element:
    """A card's group (its name as the tooltip) and its blank face.

    A starting card is framed in its crab's colour.
    """
    x, y, w, h = box
    info = rules.cards[card]
    group = picture.group(class_=kind, data_card=info.id)
    picture.add("title", parent=group).text = rules.card_names[card]
    picture.rect(
        (x, y, w, h),
        parent=group,
        rx=w * 0.09,
        fill="#fffaf0",
        stroke="#6b4f1d" if info.colour is None else colour_fill(info.colour, 0),
        stroke_width=max(1.5, w / 35),
    )
    return group


def draw_card(
    picture: Svg, rules: Rules, card: int, at: tuple[float, float], scale: float
) -> None:
    """One action card at ``at`` (its top left corner), drawn as the printed card."""
    x, y = at
    w, h = CARD[0] * scale, CARD[1] * scale
    info = rules.cards[card]
    font = 11 * scale
    group = _blank(picture, rules, card, (x, y, w, h), "card")
    picture.text(x + 5 * scale, y + 14 * scale, info.id, size=font, anchor="start", fill="#555")
    special = rules.specials[card]
    if special is not None and special[1][:1] == (Primitive.DISCARD_CARD,):
        picture.text(
            x + w - 4 * scale, y + 14 * scale, "-1 card", size=font, anchor="end", fill="#b3261e"
        )
    draw_icon(picture, info.main, (x + w / 2, y + h * 0.38), 13 * scale)
    picture.text(x + w / 2, y + h * 0.64, ACTION_WORDS.get(info.main, ""), size=font, fill="#333")
    _half_icons(picture, rules, card, (x, y, w, h))
    if special is not None:
        band = y + h * 0.69
        picture.rect(
            (x + 2 * scale, band, w - 4 * scale, y + h - band - 2 * scale),
            parent=group,
            rx=4 * scale,
            fill="#2f5d62",
        )
        words = textwrap.wrap(rules.titles.get(special[0], special[0]), 11)[:2]
        for i, line in enumerate(words):
            line_y = band + (17 + 11 * i - 5.5 * (len(words) - 1)) * scale
            picture.text(x + w / 2, line_y, line, size=font, fill="#fff", font_weight="bold")


def draw_back(
    picture: Svg, at: tuple[float, float], size: tuple[float, float], count: str, scale: float
) -> None:
    """A card face down, ``count`` (a pile's size, or empty) written on it."""
    x, y = at
    w, h = size
    picture.add("rect", x=x, y=y, width=w, height=h, rx=5 * scale, fill=_BACK, stroke="#173848")
    picture.add(
        "rect",
        x=x + 4 * scale,
        y=y + 4 * scale,
        width=w - 8 * scale,
        height=h - 8 * scale,
        rx=3 * scale,
        fill="none",
        stroke="#8cc3d6",
        stroke_width=scale,
    )
    if count:
        picture.text(
            x + w / 2,
            y + h / 2 + 5 * scale,
            count,
            size=14 * scale,
            fill="#fff",
            font_weight="bold",
        )


def _mini_card(
    picture: Svg, rules: Rules, card: int, at: tuple[float, float], scale: float
) -> None:
    """A Trace card, small: its main icon, its half-icons and its id."""
    x, y = at
    w, h = _MINI[0] * scale, _MINI[1] * scale
    info = rules.cards[card]
    _blank(picture, rules, card, (x, y, w, h), "trace-card")
    draw_icon(picture, info.main, (x + w / 2, y + h * 0.38), 8 * scale)
    _half_icons(picture, rules, card, (x, y, w, h))
    # a starting card is known by its frame's colour and its number
    label = info.id if info.colour is None else info.id.rsplit("-", 1)[-1]
    picture.text(x + w / 2, y + h - 4 * scale, label, size=11 * scale, fill="#555")


def _heading(picture: Svg, area: Area, y: float, words: str) -> float:
    picture.text(
        area.x,
        y + 14 * area.scale,
        words,
        size=14 * area.scale,
        anchor="start",
        fill="#222",
        font_weight="bold",
    )
    return y + 20 * area.scale


def _card_rows(picture: Svg, rules: Rules, cards: tuple[int, ...], area: Area, y: float) -> float:
    """Cards in rows across the area's width, from ``y``; the ``y`` under the last row."""
    s = area.scale
    per_row = max(1, int((area.width + _GAP * s) / ((CARD[0] + _GAP) * s)))
    for i, card in enumerate(cards):
        row, col = divmod(i, per_row)
        draw_card(
            picture,
            rules,
            card,
            (area.x + col * (CARD[0] + _GAP) * s, y + row * (CARD[1] + _GAP) * s),
            s,
        )
    rows = (len(cards) + per_row - 1) // per_row
    return y + rows * (CARD[1] + _GAP) * s


def _market(picture: Svg, view: Observation, rules: Rules, area: Area, y: float) -> float:
    """The three face-up piles (a stacked pile shows its depth) and the draw pile."""
    s = area.scale
    y = _heading(picture, area, y, "Market")
    step = (CARD[0] + _GAP) * s
    for index, pile in enumerate(view.market):
        x = area.x + index * step
        if not pile:
            picture.add(
                "rect",
                x=x,
                y=y,
                width=CARD[0] * s,
                height=CARD[1] * s,
                rx=6 * s,
                fill="none",
                stroke="#b7a77f",
                stroke_dasharray="4 3",
            )
            continue
        for depth in range(min(len(pile), 3) - 1, 0, -1):  # the cards under the top one
            picture.add(
                "rect",
                x=x + 3 * depth * s,
                y=y - 3 * depth * s,
                width=CARD[0] * s,
                height=CARD[1] * s,
                rx=6 * s,
                fill="#efe3c6",
                stroke="#6b4f1d",
            )
        draw_card(picture, rules, pile[-1], (x, y), s)
    draw_back(picture, (area.x + 3 * step, y), (CARD[0] * s, CARD[1] * s), str(view.draw_size), s)
    return y + (CARD[1] + _GAP) * s


def _tiles(picture: Svg, view: Observation, rules: Rules, area: Area, y: float) -> float:
    """The Additional Action tiles with their shell costs, and the shell supply."""
    s = area.scale
    w, h = (area.width - 2 * _GAP * s) / 3, 44 * s
    for i, tile in enumerate(rules.tiles):
        x = area.x + i * (w + _GAP * s)
        cost = tile.cost if rules.tile_costs is None else rules.tile_costs.get(tile.id, tile.cost)
        group = picture.group(class_="action-tile", data_tile=tile.id)
        picture.add("title", parent=group).text = f"{tile.name}: pay {cost} shell(s)"
        picture.rect(
            (x, y, w, h),
            parent=group,
            rx=8 * s,
            fill="#e7f1f4",
            stroke="#2f5d62",
            stroke_width=1.5 * s,
        )
        for k in range(cost):
            draw_shell(picture, (x + 12 * s + k * 14 * s, y + 12 * s), 6 * s)
        lines = textwrap.wrap(tile.name, int(w / (11 * s * _EM)))[:2]
        for j, line in enumerate(lines):
            picture.text(
                x + w / 2,
                y + (27 + 12 * j) * s - 5 * s * (len(lines) - 1) + 5 * s,
                line,
                size=11 * s,
                fill="#173848",
                font_weight="bold",
            )
    y += h + 16 * s
    draw_shell(picture, (area.x + 8 * s, y - 4 * s), 7 * s)
    picture.text(
        area.x + 20 * s,
        y,
        f"{view.supply} shells in the supply",
        size=12 * s,
        anchor="start",
        fill="#333",
    )
    return y + 10 * s


def text_lines(picture: Svg, lines: list[str], area: Area, y: float, fill: str = "#333") -> float:
    """Write ``lines`` wrapped to the area's width from ``y``; the ``y`` under the last."""
    font = 12 * area.scale
    for part in _wrapped(lines, area.width, font):
        y += font * 1.3
        picture.text(area.x, y, part, size=font, anchor="start", fill=fill)
    return y


def _wrapped(lines: list[str], width: float, font: float) -> list[str]:
    """``lines`` cut to fit ``width`` at ``font``."""
    return [
        part
        for line in lines
        for part in textwrap.wrap(line, max(20, int(width / (font * _EM)))) or [""]
    ]


def _player(
    picture: Svg, view: Observation, rules: Rules, fills: list[str], p: int, area: Area, y: float
) -> tuple[float, tuple[float, float, float, float]]:
    """Player ``p``'s board: crab(s), name, cook, shells, Hand, planned card, Trace, Discard.

    Returns the ``y`` under it and its frame (``x, y, width, height``), for a last action.
    """
    s = area.scale
    crabs = [c for c, owner in enumerate(view.owners) if owner == p]
    trace = view.traces[p]
    per_row = max(1, int(area.width / ((_MINI[0] + 3) * s)))
    trace_rows = (len(trace) + per_row - 1) // per_row
    height = (40 + (_MINI[1] + 4) * trace_rows + 6) * s
    turn = view.phase.value == "action" and view.current == p
    group = picture.group(class_="player", data_player=p)
    frame = picture.rect(
        (area.x - 4 * s, y, area.width + 8 * s, height),
        parent=group,
        rx=8 * s,
        fill="#fffdf6" if not turn else "#fff3c4",
        stroke=fills[crabs[0]],
        stroke_width=(3 if turn else 1.5) * s,
    )
    for k, c in enumerate(crabs):
        draw_crab(
            picture, (area.x + (12 + 22 * k) * s, y + 16 * s), 9 * s, fills[c], view.knocked[c]
        )
    x = area.x + (12 + 22 * len(crabs)) * s
    name = rules.names[p] + (" (you)" if p == view.player else "")
    picture.text(x, y + 21 * s, name, size=14 * s, anchor="start", fill="#222", font_weight="bold")
    x += (len(name) * 14 * _EM + 10) * s
    if p == view.cook:
        picture.add(
            "rect",
            x=x,
            y=y + 8 * s,
            width=40 * s,
            height=18 * s,
            rx=9 * s,
            fill="#fff",
            stroke="#222",
        )
        picture.text(x + 20 * s, y + 21 * s, "cook", size=11 * s, fill="#222")
        x += 46 * s
    x = max(x, area.x + area.width - 150 * s)
    draw_shell(picture, (x + 8 * s, y + 15 * s), 8 * s)
    picture.text(x + 19 * s, y + 21 * s, str(view.shells[p]), size=13 * s, anchor="start")
    draw_back(picture, (x + 36 * s, y + 5 * s), (20 * s, 26 * s), "", s)
    picture.text(x + 59 * s, y + 21 * s, f"{view.hand_sizes[p]}", size=13 * s, anchor="start")
    plan = view.planned[p]
    if plan == RESTING:
        picture.text(x + 80 * s, y + 21 * s, "rests", size=12 * s, anchor="start", fill="#555")
    elif plan != NO_CARD:
        draw_back(picture, (x + 80 * s, y + 5 * s), (20 * s, 26 * s), "?", s)
        picture.add("title").text = "a card planned face down"
    discard = view.discards[p]
    picture.text(
        x + 148 * s,
        y + 21 * s,
        f"discard {len(discard)}" if discard else "",
        size=11 * s,
        anchor="end",
        fill="#555",
    )
    top = y + 36 * s
    for i, card in enumerate(trace):
        row, col = divmod(i, per_row)
        _mini_card(
            picture,
            rules,
            card,
            (area.x + col * (_MINI[0] + 3) * s, top + row * (_MINI[1] + 4) * s),
            s,
        )
    held = attrs.evolve(area, y=top + (_MINI[1] + 4) * trace_rows * s)
    extra = expansion.panel_pieces(view.adventure, picture, view, rules, p, held)
    if extra:  # what an expansion put on the board: the frame grows to hold it
        height += extra
        frame.set("height", number(height))
    return y + height + 8 * s, (area.x - 4 * s, y, area.width + 8 * s, height)


def draw_crab(
    picture: Svg,
    centre: tuple[float, float],
    r: float,
    fill: str,
    knocked: bool,
    *,
    parent: Element | None = None,
) -> None:
    """A crab piece: a body in its colour with two claws; knocked over, it lies crossed."""
    cx, cy = centre
    line = max(1.0, r * 0.14)
    if knocked:
        picture.add(
            "ellipse",
            parent=parent,
            cx=cx,
            cy=cy + r * 0.3,
            rx=r * 1.3,
            ry=r * 0.65,
            fill=fill,
            stroke="#222",
            stroke_width=line,
        )
        picture.add(
            "path",
            parent=parent,
            stroke="#222",
            stroke_width=line,
            d=f"M{cx - r * 0.55:.2f},{cy:.2f}l{r * 1.1:.2f},{r * 0.6:.2f}"
            f"m0,{-r * 0.6:.2f}l{-r * 1.1:.2f},{r * 0.6:.2f}",
        )
        return
    for side in (-1, 1):
        picture.add(
            "circle",
            parent=parent,
            cx=cx + side * r * 0.85,
            cy=cy - r * 0.85,
            r=r * 0.4,
            fill=fill,
            stroke="#222",
            stroke_width=line,
        )
    picture.add(
        "circle", parent=parent, cx=cx, cy=cy, r=r, fill=fill, stroke="#222", stroke_width=line
    )


def draw_table(
    picture: Svg, view: Observation, rules: Rules, fills: list[str], area: Area
) -> tuple[float, dict[int, tuple[float, float, float, float]]]:
    """The Market, the tiles, the viewer's Hand and every player's board, top to bottom.

    Returns the ``y`` under them and each player's frame, for a last action's outline.
    """
    y = _market(picture, view, rules, area, area.y)
    y = _tiles(picture, view, rules, area, y)
    if view.player is not None:
        y = _heading(picture, area, y + 8 * area.scale, f"Your Hand ({rules.names[view.player]})")
        y = _card_rows(picture, rules, view.hand, area, y) if view.hand else y + 16 * area.scale
    frames = {}
    y += 6 * area.scale
    for p in range(len(rules.names)):
        y, frames[p] = _player(picture, view, rules, fills, p, area, y)
    return y, frames
