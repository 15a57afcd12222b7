"""Crab cards: the deck a config plays with, and what makes a scoring hand.

A card is an ``int``: the index of its crab type in ``Config.types``, or
:data:`IMITATION_CRAB` for the expansion's wild card.

>>> from crabrules.youve_got_crabs._config import Config
>>> len(deck(Config())), len(deck(Config(teams=4, imitation_crab=True)))
(66, 79)
>>> is_scoring((8, 8, 8, 8)), is_scoring((8, 8, IMITATION_CRAB, 8)), is_scoring((8, 8, 7, 8))
(True, True, False)
"""

from __future__ import annotations

import functools

from crabrules.core.memo import CONFIGS_KEPT
from crabrules.youve_got_crabs._config import Config

#: A crab card: its type's index in ``Config.types``, or :data:`IMITATION_CRAB`.
Card = int

#: The Imitation Crab (expansion): wild, it counts as any type.
IMITATION_CRAB: Card = -1


@functools.lru_cache(maxsize=CONFIGS_KEPT)
def deck(config: Config) -> tuple[Card, ...]:
    """Every card in play, in type order: ``copies`` of each kept type, then the wild card.

    With 2 or 3 teams the config's removed types are left out (Setup, step 3).
    """
    removed = set(config.removed)
    cards = [
        card
        for card, name in enumerate(config.types)
        if name not in removed
        for _ in range(config.copies)
    ]
    if config.imitation_crab:
        cards.append(IMITATION_CRAB)
    return tuple(cards)


def is_scoring(hand: tuple[Card, ...]) -> bool:
    """Whether ``hand`` is four of a kind ("You've Got Crabs").

    Imitation Crab: the wild card counts as any type, so three of a type and the wild card
    score. There is only one wild card, so a hand always holds a real type.
    """
    first = hand[0] if hand[0] != IMITATION_CRAB else hand[1]
    return all(card in (first, IMITATION_CRAB) for card in hand)


def card_name(config: Config, card: Card) -> str:
    """Return the printed name of ``card``.

    >>> card_name(Config(), 8), card_name(Config(), IMITATION_CRAB)
    ('King Crab', 'Imitation Crab')
    """
    return "Imitation Crab" if card == IMITATION_CRAB else config.types[card]
