"""The card Market: three face-up piles of distinct special actions and a draw pile.

Cards showing the same special action are always stacked, so the face-up piles show
three different special actions. Piles are lists of card ids, bottom to top; the draw
pile is top first.
"""

from __future__ import annotations

from collections.abc import Sequence

from crabrules.oh_crab.model.actions import DRAW_PILE, Pile
from crabrules.oh_crab.model.state import CardId

__all__ = ["market_takes", "refill", "take"]


def refill(
    piles: list[list[CardId]],
    draw: list[CardId],
    specials: Sequence[str | None],
    placed: list[tuple[Pile, CardId]] | None = None,
) -> None:
    """Fill every empty face-up pile from the draw pile, in place.

    A drawn card whose special action is already showing is stacked on that pile and the
    next card is drawn, until the empty pile gets a new special action or the draw pile
    runs out (Card Market: "cards showing the same special action must always be
    stacked"). Each card turned face up is listed in ``placed`` (pile, card), if given.

    >>> piles, draw = [[], [], []], [0, 1, 2, 3]
    >>> refill(piles, draw, ["gull", "gull", "jump", "fast"])
    >>> piles, draw
    ([[0, 1], [2], [3]], [])
    """
    for index, pile in enumerate(piles):
        if pile:
            continue
        while draw:
            card = draw.pop(0)
            showing = [i for i, p in enumerate(piles) if p and specials[p[-1]] == specials[card]]
            if showing:
                piles[showing[0]].append(card)
                if placed is not None:
                    placed.append((showing[0], card))
                continue
            piles[index].append(card)
            if placed is not None:
                placed.append((index, card))
            break


def take(
    piles: list[list[CardId]],
    draw: list[CardId],
    which: Pile,
    specials: Sequence[str | None],
    placed: list[tuple[Pile, CardId]] | None = None,
) -> CardId:
    """Take the top card of face-up pile ``which`` (0-2) or of the draw pile (3); refill."""
    card = draw.pop(0) if which == DRAW_PILE else piles[which].pop()
    refill(piles, draw, specials, placed)
    return card


def market_takes(piles: Sequence[Sequence[CardId]], draw: Sequence[CardId]) -> tuple[Pile, ...]:
    """List the piles a player may take from: non-empty face-up piles, then the draw pile.

    Empty when the Market is exhausted: a Rest then draws nothing and Card Exchange no
    longer works.
    """
    out = tuple(i for i, pile in enumerate(piles) if pile)
    return (*out, DRAW_PILE) if draw else out
