"""The names people read: cell labels, Market piles, cards and actions.

A cell is labelled by its column letter and its row number, as
:func:`~crabrules.oh_crab.view.render` prints them on the board's edges: ``a0`` is the Start
row's left space, ``-1`` (the sea) is ``sea``. The Market's face-up piles are ``m1`` to
``m3`` and the draw pile ``draw``.
A card is named by its content id, its main action and its special action.

>>> cell_label(7), parse_cell("c1"), cell_label(-1)
('c1', 7, 'sea')
>>> from crabrules.oh_crab.content.loading import reference_content
>>> content = reference_content()
>>> card_names(content)[0], card_names(content)[20]
('red-1 (Move forward)', 'a01 (Move forward, Seagull!)')
"""

from __future__ import annotations

from collections.abc import Mapping

from crabrules.oh_crab.content.board import SEA, Cell
from crabrules.oh_crab.content.components import COLUMNS, Content
from crabrules.oh_crab.content.primitives import Primitive
from crabrules.oh_crab.model.actions import DRAW_PILE, NO_PILE, Pile
from crabrules.oh_crab.model.state import Grant, Source

__all__ = [
    "BASIC_TITLES",
    "COLUMN_LETTERS",
    "SOURCES",
    "card_names",
    "cell_label",
    "grant_words",
    "parse_cell",
    "parse_pile",
    "pile_label",
    "shells",
]

#: The board's column letters, left to right.
COLUMN_LETTERS = "abcde"[:COLUMNS]

#: The rulebook's names of the basic actions.
BASIC_TITLES = {
    Primitive.TAKE_SHELL: "Take a shell",
    Primitive.MOVE_FORWARD: "Move forward",
    Primitive.MOVE_DIAGONAL: "Move diagonally",
    Primitive.MOVE_TOWARD_SEA: "Move toward the sea",
}


def cell_label(cell: Cell) -> str:
    """The label of ``cell``: column letter and row number, or ``sea``."""
    if cell == SEA:
        return "sea"
    if cell < 0:
        return "nowhere"
    row, col = divmod(cell, COLUMNS)
    return f"{COLUMN_LETTERS[col]}{row}"


def _is_row(text: str) -> bool:
    """Whether ``text`` is a row number written in at most four ASCII digits."""
    return text.isascii() and text.isdigit() and len(text) <= 4


def parse_cell(text: str) -> Cell | None:
    """The cell labelled ``text`` (``None`` if it is no label; board bounds are not checked)."""
    if text == "sea":
        return SEA
    if len(text) < 2 or text[0] not in COLUMN_LETTERS or not _is_row(text[1:]):
        return None
    if text[1] == "0" and len(text) > 2:
        return None  # one way to write each row
    return int(text[1:]) * COLUMNS + COLUMN_LETTERS.index(text[0])


def pile_label(pile: Pile) -> str:
    """``m1``-``m3`` for the face-up piles, ``draw``, or ``none`` (the Market is exhausted)."""
    if pile == DRAW_PILE:
        return "draw"
    if pile == NO_PILE:
        return "none"
    return f"m{pile + 1}"


def parse_pile(text: str) -> Pile | None:
    """The pile labelled ``text`` (``None`` if it is no label)."""
    labels = {pile_label(p): p for p in (0, 1, 2, DRAW_PILE, NO_PILE)}
    return labels.get(text)


def card_names(content: Content) -> tuple[str, ...]:
    """Every card's name: its id, then its main action and special action in words."""
    specials = {s.id: s.name for s in content.specials}
    names = []
    for card in content.cards:
        words = [BASIC_TITLES[card.main]]
        if card.special is not None:
            words.append(specials[card.special])
        names.append(f"{card.id} ({', '.join(words)})")
    return tuple(names)


#: How the turn's actions are named by their source.
SOURCES = {
    Source.MAIN: "the main action",
    Source.SECONDARY: "the secondary action",
    Source.SPECIAL: "the special action",
    Source.COOK: "the cook's",
    Source.TILE: "tile",
}


def shells(count: int) -> str:
    """A number of shells in words: ``1 shell``, ``3 shells``."""
    return "1 shell" if count == 1 else f"{count} shells"


def grant_words(titles: Mapping[str, str], grant: Grant) -> str:
    """An action of the turn in words: "the special action Faster!", "tile Ca ... (3 shells)".

    >>> from crabrules.oh_crab.model.config import Config
    >>> from crabrules.oh_crab.engine._work import rules_for
    >>> tile = rules_for(Config()).tiles[0]
    >>> grant_words(rules_for(Config()).titles, Grant(Source.TILE, tile.id, tile.steps, tile.cost))
    'tile Aa Diagonally! (1 shell)'
    """
    title = titles.get(grant.name, grant.name)
    if grant.source is Source.COOK:
        return f"the cook's {title}"
    if grant.source is Source.TILE:
        return f"tile {grant.name} {title} ({shells(grant.cost)})"
    return f"{SOURCES[grant.source]} {title}"
