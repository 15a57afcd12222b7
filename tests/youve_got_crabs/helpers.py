"""Hand-built positions for the rule tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import attrs

from crabrules.youve_got_crabs import (
    Action,
    Card,
    Config,
    Confirm,
    PutDown,
    State,
    apply,
    deck,
    initial_state,
)
from crabrules.youve_got_crabs._check import check_state

# The reference types by index (Config.types).
CRABBI, JAB, TAXI, AB, BUNNY, SHISH, CRABUCCINO, KING = 1, 2, 3, 4, 5, 6, 7, 8
FOUR_KINGS = (KING, KING, KING, KING)
MIXED = (CRABBI, JAB, TAXI, AB)

#: In the default config side 0 is players 0 and 2, side 1 is players 1 and 3. With the
#: License on side 0: both hands down, both confirm (the round ends, or the offer comes).
SIDE_0_CONFIRMS = (PutDown(0), PutDown(2), Confirm(0), Confirm(2))


def play(state: State, *actions: Action) -> State:
    """Apply ``actions`` in order."""
    for action in actions:
        state = apply(state, action)
    return state


def position(
    config: Config = Config(),  # noqa: B008 - Config is frozen
    *,
    hands: Mapping[int, tuple[Card, ...]] | None = None,
    ocean: tuple[Card, ...] | None = None,
    draw_top: tuple[Card, ...] = (),
    discard: tuple[Card, ...] = (),
    draw_size: int | None = None,
    **fields: Any,
) -> State:
    """A valid state: the given hands, Ocean and piles; every other card in the Draw pile.

    Hands not given are dealt from what is left, with no four of a kind; ``draw_top`` is
    the top of the Draw pile (its last card on top); ``draw_size`` (if given) is the size of
    the Draw pile: the cards that do not fit go to the Discard pile, under ``discard``.
    """
    given = dict(hands or {})
    left = Counter(deck(config))
    fixed = [c for hand in given.values() for c in hand]
    fixed += [*(ocean or ()), *draw_top, *discard]
    left.subtract(fixed)
    assert min(left.values()) >= 0, "more copies of a card than the deck holds"
    pool = sorted(left.elements(), key=lambda c: (c == -1, c))  # the wild card last
    pool.reverse()
    full = []
    for p in range(config.players):
        if p in given:
            full.append(given[p])
        else:
            hand = _non_scoring(pool)
            full.append(hand)
    if ocean is None:
        ocean = tuple(pool.pop() for _ in range(4))
    rest = tuple(pool)
    if draw_size is not None:
        keep = len(rest) - (draw_size - len(draw_top))
        discard = rest[:keep] + discard
        rest = rest[keep:]
    state = attrs.evolve(
        initial_state(config, seed=0),
        hands=tuple(full),
        ocean=ocean,
        draw=rest + draw_top,
        discard=discard,
        claws=next((p for p, h in enumerate(full) if -1 in h), None),
    )
    state = attrs.evolve(state, **fields)
    check_state(state)
    return state


def _non_scoring(pool: list[Card]) -> tuple[Card, ...]:
    # Take four cards of four different types from the end of the pool.
    hand: list[Card] = []
    for i in range(len(pool) - 1, -1, -1):
        if pool[i] not in hand and pool[i] != -1:
            hand.append(pool.pop(i))
            if len(hand) == 4:
                return tuple(hand)
    raise AssertionError("not enough different types left")
