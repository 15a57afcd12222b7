"""The Draw and Discard piles: drawing, reshuffling, and a hand's discard-and-redraw.

The top of the Draw pile is the last card of its tuple. The moment the Draw pile runs
out, the Discard pile is shuffled into a new Draw pile ("whenever the Draw pile runs out,
shuffle the Discard pile to form a new one"), so an empty Draw pile beside a non-empty
Discard pile never lasts past a draw.

>>> from crabrules.core import Rng
>>> drawn = draw_cards((1, 2, 3), (7, 8), Rng.from_seed(0), 4)
>>> drawn.cards, drawn.piles, drawn.reshuffles
((3, 2, 1, 8), (0, 0, 0, 1), 1)
"""

from __future__ import annotations

import attrs

from crabrules.core import PlayerId, Rng
from crabrules.youve_got_crabs._cards import IMITATION_CRAB, Card, card_name
from crabrules.youve_got_crabs._config import CARDS_PER_HAND
from crabrules.youve_got_crabs._events import (
    CardsDrawn,
    ClawsPassed,
    HandDiscarded,
    Log,
    Reshuffled,
)
from crabrules.youve_got_crabs._state import UNSEEN
from crabrules.youve_got_crabs._work import Work


@attrs.frozen
class Drawn:
    """The result of :func:`draw_cards`.

    Attributes:
        cards: the cards drawn, top card first.
        piles: for each card drawn, which Draw pile it came from (see ``reshuffles``).
        draw: the Draw pile left.
        discard: the Discard pile left.
        rng: the generator after any reshuffle.
        reshuffles: how many times the Discard pile has become the Draw pile, this draw
            included: the Draw pile dealt from is number 0, the one made by the n-th
            reshuffle number n.
    """

    cards: tuple[Card, ...]
    piles: tuple[int, ...]
    draw: tuple[Card, ...]
    discard: tuple[Card, ...]
    rng: Rng
    reshuffles: int


def draw_cards(
    draw: tuple[Card, ...],
    discard: tuple[Card, ...],
    rng: Rng,
    count: int,
    reshuffles: int = 0,
    events: Log = None,
) -> Drawn:
    """Draw ``count`` cards from the top, reshuffling the Discard pile when the Draw runs out.

    ``discard`` already holds the cards discarded before this draw. The reshuffle happens
    when the last card is drawn (even the last of the ``count``), and also when a draw
    finds the Draw pile empty: it ran out while the Discard pile was empty too, which only
    a deck with no spare cards does.

    Args:
        draw: the Draw pile (its last card is the top).
        discard: the Discard pile.
        rng: the generator for the reshuffles.
        count: how many cards to draw.
        reshuffles: how many reshuffles the game has had so far.
        events: where to report each reshuffle (:class:`Reshuffled`), if anywhere.
    """
    drawn: tuple[Card, ...] = ()
    piles: tuple[int, ...] = ()
    while True:
        if not draw and discard:
            # The Draw pile has run out: the Discard pile becomes the new one at once.
            draw, rng = rng.shuffle(discard)
            discard = ()
            reshuffles += 1
            if events is not None:
                events.append(Reshuffled(reshuffles, len(draw)))
        if len(drawn) == count:
            return Drawn(drawn, piles, draw, discard, rng, reshuffles)
        split = max(len(draw) - (count - len(drawn)), 0)
        taken = draw[split:][::-1]
        drawn += taken
        piles += (reshuffles,) * len(taken)
        draw = draw[:split]


def redraw(work: Work, player: PlayerId, events: Log = None) -> None:
    """``player`` discards their four cards and draws four new ones (after a right call).

    The Rubber Crab Claws follow the Imitation Crab: off when it is discarded, on when it
    is drawn. The new hand is drawn face down: nobody else has seen any of it, but
    everyone knows which Draw pile each card came from.
    """
    hand = work.hands[player]
    config = work.config
    if events is not None:
        events.append(HandDiscarded(player, hand, tuple(card_name(config, c) for c in hand)))
    drawn = draw_cards(
        work.draw, (*work.discard, *hand), work.rng, CARDS_PER_HAND, work.reshuffles, events
    )
    claws = work.claws
    if IMITATION_CRAB in drawn.cards:
        claws = player
    elif claws == player:
        claws = None
    if events is not None:
        names = tuple(card_name(config, c) for c in drawn.cards)
        events.append(CardsDrawn(player, drawn.cards, names, drawn.piles))
        if claws != work.claws:
            events.append(ClawsPassed(work.claws, claws))
    work.hands = (*work.hands[:player], drawn.cards, *work.hands[player + 1 :])
    work.seen = (*work.seen[:player], (UNSEEN,) * CARDS_PER_HAND, *work.seen[player + 1 :])
    work.drawn_from = (*work.drawn_from[:player], drawn.piles, *work.drawn_from[player + 1 :])
    work.draw, work.discard, work.rng = drawn.draw, drawn.discard, drawn.rng
    work.reshuffles = drawn.reshuffles
    work.claws = claws
