"""The Draw and Discard piles: drawing, reshuffling, and a hand's discard-and-redraw.

The top of the Draw pile is the last card of its tuple. The moment the Draw pile runs
out, the Discard pile is shuffled into a new Draw pile ("whenever the Draw pile runs out,
shuffle the Discard pile to form a new one"), so an empty Draw pile beside a non-empty
Discard pile never lasts past a draw.

>>> from crabrules.core import Rng
>>> draw_cards((1, 2, 3), (7, 8), Rng.from_seed(0), 4)[0]
(3, 2, 1, 8)
"""

from __future__ import annotations

import attrs

from crabrules.core import PlayerId, Rng
from crabrules.youve_got_crabs.cards import IMITATION_CRAB, Card
from crabrules.youve_got_crabs.config import CARDS_PER_HAND
from crabrules.youve_got_crabs.state import UNSEEN, State

__all__ = ["draw_cards", "redraw"]


def draw_cards(
    draw: tuple[Card, ...], discard: tuple[Card, ...], rng: Rng, count: int
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], Rng]:
    """Draw ``count`` cards from the top, reshuffling the Discard pile when the Draw runs out.

    ``discard`` already holds the cards discarded before this draw. The reshuffle happens
    when the last card is drawn (even the last of the ``count``), and also when a draw
    finds the Draw pile empty: it ran out while the Discard pile was empty too, which only
    a deck with no spare cards does.

    Returns:
        The cards drawn (top card first), the Draw pile, the Discard pile, the generator.
    """
    drawn: tuple[Card, ...] = ()
    while True:
        if not draw and discard:
            # The Draw pile has run out: the Discard pile becomes the new one at once.
            draw, rng = rng.shuffle(discard)
            discard = ()
        if len(drawn) == count:
            return drawn, draw, discard, rng
        split = max(len(draw) - (count - len(drawn)), 0)
        drawn += draw[split:][::-1]
        draw = draw[:split]


def redraw(state: State, player: PlayerId) -> State:
    """``player`` discards their four cards and draws four new ones (after a right call).

    The Rubber Crab Claws follow the Imitation Crab: off when it is discarded, on when it
    is drawn. The new hand is drawn face down: nobody else has seen any of it.
    """
    hand = state.hands[player]
    drawn, draw, discard, rng = draw_cards(
        state.draw, (*state.discard, *hand), state.rng, CARDS_PER_HAND
    )
    hands = (*state.hands[:player], drawn, *state.hands[player + 1 :])
    seen = (*state.seen[:player], (UNSEEN,) * CARDS_PER_HAND, *state.seen[player + 1 :])
    claws = state.claws
    if IMITATION_CRAB in drawn:
        claws = player
    elif claws == player:
        claws = None
    return attrs.evolve(
        state, hands=hands, seen=seen, draw=draw, discard=discard, rng=rng, claws=claws
    )
