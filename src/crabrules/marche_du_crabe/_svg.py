"""A standalone SVG picture of the beach as one player sees it.

The 36 Beach cards are drawn as the text picture lays them out (columns ``A``-``F``, rows
``1``, the sand row, to ``6``): each card shows its Item's code and name, a Freed Crab, a
Shrimp snack or a breaking wave. On a card stands a Baddie (a disc in Boater's red or
Sunny's blue) or the Brown Fish, and the Crabs token (an orange tag). The viewer's own
Forbidden Items are outlined in their colour; exposed ones are crossed. The revealed
Baddie card's row is shaded. A panel under the beach gives the Shrimps, the Crabs freed,
the decks and whose turn it is. Each card is a ``<g>`` with ``data-cell`` (its id) and
``data-label`` (``C4``), for a front end's clicks.

>>> from crabrules.marche_du_crabe import initial_state, observe
>>> picture = render_svg(observe(initial_state(seed=7), 1))
>>> 'data-label="F6"' in picture and "Forbidden" in picture
True
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Collection

from crabrules.core.errors import InvalidConfigError
from crabrules.core.svg import SHADE, Svg, check_picture_options, checked_ids, colour_fill
from crabrules.marche_du_crabe._actions import Action, Move, Place, Stay
from crabrules.marche_du_crabe._board import LABELS, NO_ITEM, SIZE, Cell
from crabrules.marche_du_crabe._config import MAX_SHRIMPS
from crabrules.marche_du_crabe._content import ITEM_CODES, ITEMS, Icon
from crabrules.marche_du_crabe._observe import Observation, observe
from crabrules.marche_du_crabe._state import (
    BOATER,
    BROWN_FISH,
    COLOURS,
    CRABS_TO_FREE,
    NAMES,
    SUNNY,
    State,
    Termination,
)

_MARGIN = 22  # room for the column letters and row numbers
_PANEL = 86  # the panel under the beach
_DEFAULT_SIZE = 480
_SMALLEST_TEXT = 11  # pixels at the default size: no text is drawn smaller


def render_svg(
    position: State | Observation,
    *,
    size: int = _DEFAULT_SIZE,
    labels: bool = True,
    last_action: Action | None = None,
    highlight: Collection[Cell] = (),
) -> str:
    """Draw an observation of the beach (a state is drawn as a spectator sees it).

    Args:
        position: an :class:`~crabrules.marche_du_crabe._observe.Observation`, drawn with
            only what its viewer sees; a :class:`~crabrules.marche_du_crabe.State` is drawn
            as ``observe(state, None)``, so no Forbidden Item is ever shown by accident.
        size: the picture's width in pixels.
        labels: print the column letters and row numbers of the notation.
        last_action: the action that led to ``position``, its card outlined
            (``class="last-move"``): a placed Baddie's card, the card the Crabs moved to
            (a :class:`~crabrules.marche_du_crabe._actions.Move` names no card it left, so
            there is no arrow), or for a ``Stay`` the card the Crabs stayed on.
        highlight: card cell ids (0 for ``A1`` to 35 for ``F6``, as ``data-cell``) to
            shade: a front end's selection, or where a Baddie may go.

    The beach has no side per player: every viewer sees it the same way up.

    Raises:
        NotAStateError: ``position`` is neither a state nor an observation of this game.
        InvalidConfigError: ``last_action`` is not an action of this game, or a cell of
            ``highlight`` is not a card, or ``size`` is not an int from 1 to
            10,000, or ``labels`` not a bool.

    >>> from crabrules.marche_du_crabe import initial_state, legal_actions, apply
    >>> render_svg(initial_state(seed=7)) == render_svg(observe(initial_state(seed=7), None))
    True
    >>> state = initial_state(seed=7)
    >>> action = legal_actions(state)[0]
    >>> 'class="last-move"' in render_svg(apply(state, action), last_action=action)
    True
    """
    view = position if isinstance(position, Observation) else observe(position, None)
    check_picture_options(size, labels)
    marked = _cells_of(last_action, view)
    shaded = set(checked_ids(highlight, SIZE * SIZE, "highlight"))
    card = (size - 2 * _MARGIN) / SIZE
    height = _MARGIN + SIZE * card + _PANEL
    picture = Svg(size, height, title=f"La Marche du Crabe: {view.beach.name}")
    picture.add("rect", x=0, y=0, width=size, height=height, fill="#8fd0e8")
    fills = [colour_fill(c, p) for p, c in enumerate(COLOURS)]
    exposed = view.exposed[BOATER] | view.exposed[SUNNY]
    for cell, label in enumerate(LABELS):
        row, column = divmod(cell, SIZE)
        x, y = _MARGIN + column * card, _MARGIN + row * card
        group = picture.group(class_="cell", data_cell=cell, data_label=label)
        item = view.layout.items[cell]
        own = item != NO_ITEM and item in view.forbidden
        picture.add(
            "rect",
            parent=group,
            x=x + 2,
            y=y + 2,
            width=card - 4,
            height=card - 4,
            rx=6,
            fill="#fbe9b7" if view.revealed != row else "#f3c98b",
            stroke=fills[view.player] if own and view.player is not None else "#c7a861",
            stroke_width=4 if own else 1,
        )
        if cell in shaded:
            picture.add(
                "rect",
                parent=group,
                class_="highlight",
                x=x + 2,
                y=y + 2,
                width=card - 4,
                height=card - 4,
                rx=6,
                fill=SHADE,
                fill_opacity=0.45,
            )
        _draw_face(picture, group, view, cell, (x, y, card), exposed)
        _draw_pieces(picture, group, view, cell, (x, y, card))
    _mark_last(picture, marked, card)
    if labels:
        for i in range(SIZE):
            picture.text(_MARGIN + (i + 0.5) * card, 16, LABELS[i][0], size=13, fill="#163b4d")
            picture.text(11, _MARGIN + (i + 0.55) * card, str(i + 1), size=13, fill="#163b4d")
    _panel(picture, view, _MARGIN + SIZE * card)
    return picture.to_string()


def _font(card: float, share: float) -> float:
    """``share`` of a card's width as a font size, never under the smallest legible text."""
    return max(card * share, _SMALLEST_TEXT * card * SIZE / (_DEFAULT_SIZE - 2 * _MARGIN))


def _words(
    picture: Svg,
    group: ET.Element,
    at: tuple[float, float],
    text: str,
    font: float,
    fill: str,
) -> None:
    """Write ``text`` centred at ``at``, a word a line, its first line's baseline at ``at``."""
    x, y = at
    for i, word in enumerate(text.split(" ")):
        picture.text(x, y + i * font * 1.05, word, size=font, parent=group, fill=fill)


def _draw_face(
    picture: Svg,
    group: ET.Element,
    view: Observation,
    cell: Cell,
    box: tuple[float, float, float],
    exposed: frozenset[int],
) -> None:
    """Write what card ``cell`` shows: a freed Crab, its Item, a Shrimp snack or a wave."""
    x, y, card = box
    item = view.layout.items[cell]
    centre = (x + card / 2, y + card * 0.3)
    if item != NO_ITEM and cell in view.freed:
        _words(picture, group, centre, "Freed Crab", _font(card, 0.16), fill="#2f7d32")
    elif item != NO_ITEM:
        code_at = (x + card / 2, y + card * 0.27)
        _words(picture, group, code_at, ITEM_CODES[item], _font(card, 0.22), fill="#5a4a25")
        name_at = (x + card / 2, y + card * 0.46)
        _words(picture, group, name_at, ITEMS[item], _font(card, 0.15), fill="#5a4a25")
        if item in exposed:
            picture.add(
                "path",
                parent=group,
                stroke="#b00",
                stroke_width=3,
                stroke_opacity=0.6,  # crossed out, its name still readable
                d=f"M{x + 8:.2f},{y + 8:.2f}L{x + card - 8:.2f},{y + card - 8:.2f}"
                f"M{x + card - 8:.2f},{y + 8:.2f}L{x + 8:.2f},{y + card - 8:.2f}",
            )
    elif cell in view.snacks:
        _words(picture, group, centre, "Shrimp snack", _font(card, 0.15), fill="#c2185b")
    elif Icon.WAVE in view.beach.flip and view.layout.icons[cell] is Icon.WAVE:
        _words(picture, group, centre, "~ wave ~", _font(card, 0.15), fill="#1565c0")


def _draw_pieces(
    picture: Svg,
    group: ET.Element,
    view: Observation,
    cell: Cell,
    box: tuple[float, float, float],
) -> None:
    """Draw what stands on card ``cell``: a Baddie or the Brown Fish, and the Crabs token."""
    x, y, card = box
    baddie = view.baddies[cell]
    if baddie in (BOATER, SUNNY):
        fill = colour_fill(COLOURS[baddie], baddie)
        picture.add(
            "circle",
            parent=group,
            cx=x + card * 0.22,
            cy=y + card * 0.76,
            r=card * 0.14,
            fill=fill,
            stroke="#222",
        )
        font = _font(card, 0.17)
        picture.text(
            x + card * 0.22,
            y + card * 0.76 + font * 0.36,
            "B",
            size=font,
            parent=group,
            fill="#fff",
            font_weight="bold",
        )
    elif baddie == BROWN_FISH:
        picture.add(
            "ellipse",
            parent=group,
            cx=x + card * 0.22,
            cy=y + card * 0.76,
            rx=card * 0.17,
            ry=card * 0.1,
            fill="#7b4a22",
            stroke="#222",
        )
    if cell == view.token:
        # a pill wide enough for its word at a legible size
        picture.add(
            "rect",
            parent=group,
            x=x + card * 0.4,
            y=y + card * 0.64,
            width=card * 0.54,
            height=card * 0.24,
            rx=card * 0.12,
            fill="#f08a24",
            stroke="#222",
            stroke_width=2,
        )
        font = _font(card, 0.15)
        picture.text(
            x + card * 0.67,
            y + card * 0.76 + font * 0.36,
            "Crabs",
            size=font,
            parent=group,
            fill="#fff",
            font_weight="bold",
        )


def _cells_of(action: Action | None, view: Observation) -> tuple[Cell, ...]:
    """The cards ``action`` names: a Baddie's or the Crabs' new card, or where they stayed."""
    if action is None:
        return ()
    if isinstance(action, (Place, Move)):
        return checked_ids((action.cell,), SIZE * SIZE, "last_action")
    if isinstance(action, Stay):
        return (view.token,)
    raise InvalidConfigError(
        f"last_action: a La Marche du Crabe action or None, not {action!r:.80}"
    )


def _mark_last(picture: Svg, cells: tuple[Cell, ...], card: float) -> None:
    """Outline the last action's cards, over everything drawn on them."""
    if not cells:
        return
    group = picture.last_move_group()
    for cell in cells:
        row, column = divmod(cell, SIZE)
        inside = (_MARGIN + column * card + 4, _MARGIN + row * card + 4, card - 8, card - 8)
        picture.outline(inside, parent=group, rx=6, stroke_width=4)


def _panel(picture: Svg, view: Observation, top: float) -> None:
    """The counts, whose turn it is, the viewer's Forbidden Items and the key."""
    lines = [
        f"Shrimps {view.shrimps}/{MAX_SHRIMPS} · Crabs freed {len(view.freed)}/{CRABS_TO_FREE}"
        f" · Decks: Boater {view.deck_sizes[BOATER]}, Sunny {view.deck_sizes[SUNNY]}",
        _status(view),
    ]
    if view.player is not None:
        items = ", ".join(ITEMS[i] for i in sorted(view.forbidden))
        lines.append(f"Your Forbidden Items ({NAMES[view.player]}): {items}")
    lines.append("B: a Baddie in its player's colour · brown oval: the Brown Fish")
    for i, line in enumerate(lines):
        picture.text(10, top + 20 + 18 * i, line, size=12, anchor="start", fill="#163b4d")


#: Why a game ended, in words: a win (the Crabs freed) or how the pair lost.
_ENDED = {
    Termination.NO_SHRIMPS: "both lose, no Shrimps left to pay",
    Termination.BADDIE_CANNOT_BE_PLACED: "both lose, the Baddie cannot be placed",
    Termination.DECK_EMPTY: "both lose, no Baddie left to reveal",
}


def _status(view: Observation) -> str:
    if view.termination is Termination.CRABS_FREED:
        return f"Game over: both win, {CRABS_TO_FREE} crabs freed, score {view.shrimps} Shrimps"
    if view.termination is not None:
        return f"Game over: {_ENDED[view.termination]}"
    who = f"{NAMES[view.to_move]} ({COLOURS[view.to_move]})"
    if view.revealed is not None:
        return f"{who} places a Baddie in row {view.revealed + 1} (shaded)"
    return f"{who} moves the Crabs or stays"
