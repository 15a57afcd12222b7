"""Imitation Crab expansion: the wild card (Decision 5) and the Rubber Crab Claws (Decision 6)."""

from __future__ import annotations

from crabrules.youve_got_crabs import (
    IMITATION_CRAB,
    Call,
    Config,
    Resolve,
    Swap,
    apply,
    initial_state,
    is_scoring,
)
from tests.youve_got_crabs.helpers import AB, JAB, KING, MIXED, SHISH, TAXI, position

WILD = IMITATION_CRAB
IMITATION = Config(imitation_crab=True)


def test_the_imitation_crab_is_wild_so_three_of_a_kind_and_it_score() -> None:
    assert is_scoring((KING, WILD, KING, KING))
    assert is_scoring((WILD, TAXI, TAXI, TAXI))
    assert not is_scoring((WILD, TAXI, TAXI, KING))


def test_a_right_call_counts_the_wild_card() -> None:
    state = position(IMITATION, hands={1: (KING, KING, WILD, KING)})
    state = apply(apply(state, Call(0, 1)), Resolve(0))
    assert state.calls[-1].right
    assert state.tokens == (3, 2)


def test_whoever_is_dealt_the_imitation_crab_wears_the_claws() -> None:
    dealt = 0
    for seed in range(40):
        state = initial_state(IMITATION, seed=seed)
        holders = [p for p, hand in enumerate(state.hands) if WILD in hand]
        assert state.claws == (holders[0] if holders else None)
        dealt += bool(holders)
    assert dealt, "some of these deals give the Imitation Crab to a player"


def test_taking_the_imitation_crab_from_the_ocean_puts_the_claws_on() -> None:
    state = position(IMITATION, hands={0: MIXED}, ocean=(JAB, WILD, SHISH, AB))
    assert state.claws is None
    state = apply(state, Swap(0, hand_slot=3, ocean_slot=1))
    assert state.claws == 0


def test_giving_the_imitation_crab_to_the_ocean_takes_the_claws_off() -> None:
    state = position(IMITATION, hands={2: (WILD, KING, TAXI, AB)}, ocean=(JAB, KING, SHISH, AB))
    assert state.claws == 2
    state = apply(state, Swap(2, hand_slot=0, ocean_slot=1))
    assert state.claws is None


def test_drawing_the_imitation_crab_puts_the_claws_on_and_discarding_it_off() -> None:
    state = position(
        IMITATION, hands={3: (KING, KING, KING, KING)}, draw_top=(AB, WILD, TAXI, JAB)
    )
    state = apply(state, Call(0, 3))
    assert WILD in state.hands[3]
    assert state.claws == 3
    state = position(IMITATION, hands={3: (KING, WILD, KING, KING)}, draw_top=(AB, AB, TAXI, JAB))
    assert state.claws == 3
    state = apply(state, Call(0, 3))
    assert state.claws is None
