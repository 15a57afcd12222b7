"""Play, End of a round, Replacing the Ocean: swaps, hands down and up, confirming, the
offer (Decision 8), and reshuffling the Discard pile when the Draw pile runs out."""

from __future__ import annotations

import pytest

from crabrules.core import IllegalActionError
from crabrules.youve_got_crabs import (
    Answer,
    Call,
    Config,
    Confirm,
    IllegalReason,
    Phase,
    PickUp,
    PutDown,
    Signal,
    Swap,
    apply,
    legal_actions,
)
from tests.youve_got_crabs.helpers import (
    AB,
    CRABBI,
    FOUR_KINGS,
    JAB,
    KING,
    SHISH,
    SIDE_0_CONFIRMS,
    TAXI,
    play,
    position,
)


def test_a_swap_exchanges_a_hand_card_for_an_ocean_card() -> None:
    state = position(hands={0: (KING, KING, TAXI, AB)}, ocean=(JAB, KING, SHISH, CRABBI))
    after = apply(state, Swap(0, hand_slot=2, ocean_slot=1))
    assert after.hands[0] == (KING, KING, KING, AB)
    assert after.ocean == (JAB, TAXI, SHISH, CRABBI)
    assert after.swapped
    assert not state.swapped


def test_swaps_can_go_on_as_long_as_you_like() -> None:
    state = position(hands={0: (KING, KING, TAXI, AB)}, ocean=(JAB, KING, SHISH, CRABBI))
    state = play(state, Swap(0, 2, 1), Swap(0, 2, 1))
    assert state.hands[0] == (KING, KING, TAXI, AB)
    assert Swap(0, 0, 0) in legal_actions(state, 0)


def test_every_player_of_the_license_side_plays_at_once_and_only_they_swap() -> None:
    state = position()
    for p in (0, 2):
        assert sum(isinstance(a, Swap) for a in legal_actions(state, p)) == 16
    for p in (1, 3):
        assert not any(isinstance(a, (Swap, PutDown)) for a in legal_actions(state, p))
    with pytest.raises(IllegalActionError) as refused:
        apply(state, Swap(1, 0, 0))
    assert refused.value.reason is IllegalReason.NOT_YOUR_SIDE


def test_the_other_side_may_call_and_signal_at_any_moment() -> None:
    state = position()
    assert legal_actions(state, 1) == (Call(1, 0), Call(1, 2), Call(1, 3), Signal(1))


def test_a_hand_put_down_cannot_swap_until_picked_up() -> None:
    state = apply(position(), PutDown(0))
    assert legal_actions(state, 0)[0] == PickUp(0)
    with pytest.raises(IllegalActionError) as refused:
        apply(state, Swap(0, 0, 0))
    assert refused.value.reason is IllegalReason.HAND_IS_DOWN
    state = apply(state, PickUp(0))
    assert Swap(0, 0, 0) in legal_actions(state, 0)


def test_others_of_the_side_go_on_swapping_while_one_hand_is_down() -> None:
    state = apply(position(), PutDown(0))
    assert Swap(2, 3, 3) in legal_actions(state, 2)
    assert apply(state, Swap(2, 3, 3)).down == frozenset({0})


def test_confirm_only_once_every_hand_of_the_side_is_down() -> None:
    state = apply(position(), PutDown(0))
    assert Confirm(0) not in legal_actions(state, 0)
    with pytest.raises(IllegalActionError) as refused:
        apply(state, Confirm(0))
    assert refused.value.reason is IllegalReason.NOT_ALL_DOWN
    state = apply(state, PutDown(2))
    assert Confirm(0) in legal_actions(state, 0)
    assert Confirm(2) in legal_actions(state, 2)


def test_the_round_ends_when_all_confirm_and_the_license_turns() -> None:
    state = play(position(), Swap(0, 0, 0), PutDown(0), PutDown(2), Confirm(2))
    assert state.license == 0
    assert state.confirmed == frozenset({2})
    state = apply(state, Confirm(0))
    assert state.license == 1
    assert state.phase is Phase.PLAY
    assert not state.down
    assert not state.confirmed
    assert not state.swapped
    assert Swap(1, 0, 0) in legal_actions(state, 1)
    assert Swap(0, 0, 0) not in legal_actions(state, 0)


def test_picking_a_hand_up_withdraws_every_confirmation() -> None:
    state = play(position(), Swap(0, 0, 0), PutDown(0), PutDown(2), Confirm(2), PickUp(0))
    assert state.confirmed == frozenset()
    state = play(state, Swap(0, 1, 1), PutDown(0), Confirm(0))
    assert state.license == 0, "player 2 must confirm again after the last look"
    with pytest.raises(IllegalActionError) as refused:
        apply(state, Confirm(0))
    assert refused.value.reason is IllegalReason.ALREADY_CONFIRMED


def test_a_round_without_a_swap_asks_the_other_side() -> None:
    state = play(position(), *SIDE_0_CONFIRMS)
    assert state.phase is Phase.OFFER
    assert state.license == 0
    assert legal_actions(state, 1)[:2] == (Answer(1, True), Answer(1, False))
    assert not any(isinstance(a, Answer) for a in legal_actions(state, 0))
    with pytest.raises(IllegalActionError) as refused:
        apply(state, Swap(0, 0, 0))
    assert refused.value.reason is IllegalReason.NOT_YOUR_SIDE


def test_the_first_yes_turns_the_license_for_a_normal_round() -> None:
    state = play(position(), *SIDE_0_CONFIRMS)
    state = play(state, Answer(3, False), Answer(1, True))
    assert state.license == 1
    assert state.phase is Phase.PLAY
    assert not state.declined
    assert Swap(3, 0, 0) in legal_actions(state, 3)


def test_when_all_say_no_the_ocean_is_replaced_and_the_same_side_plays_again() -> None:
    ocean = (JAB, KING, SHISH, CRABBI)
    state = position(ocean=ocean, draw_top=(TAXI, AB, AB, TAXI))
    state = play(state, *SIDE_0_CONFIRMS, Answer(1, False))
    assert state.declined == frozenset({1})
    with pytest.raises(IllegalActionError) as refused:
        apply(state, Answer(1, True))
    assert refused.value.reason is IllegalReason.ALREADY_ANSWERED
    state = apply(state, Answer(3, False))
    assert state.discard == ocean
    assert state.ocean == (TAXI, AB, AB, TAXI)
    assert state.license == 0
    assert state.phase is Phase.PLAY
    assert not state.declined


def test_when_the_draw_pile_runs_out_the_discard_pile_is_reshuffled() -> None:
    config = Config()
    ocean = (JAB, KING, SHISH, CRABBI)
    state = position(config, ocean=ocean, draw_top=(TAXI, AB), draw_size=2)
    old_discard = state.discard
    state = play(state, *SIDE_0_CONFIRMS)
    state = play(state, Answer(1, False), Answer(3, False))
    # Two cards from the old Draw pile, then two from the reshuffled Discard pile (which
    # already holds the old Ocean).
    assert state.ocean[:2] == (AB, TAXI)
    assert state.discard == ()
    assert sorted(state.ocean[2:] + state.draw) == sorted(old_discard + ocean)


def test_the_moment_the_draw_pile_runs_out_the_discard_pile_becomes_the_new_one() -> None:
    # "Whenever the Draw pile runs out, shuffle the Discard pile into a new Draw pile": at
    # once, not at the next draw, so the cards discarded in between are not in it.
    ocean = (JAB, KING, SHISH, CRABBI)
    state = position(ocean=ocean, draw_top=(TAXI, AB, AB, TAXI), draw_size=4)
    old_discard = state.discard
    state = play(state, *SIDE_0_CONFIRMS)
    state = play(state, Answer(1, False), Answer(3, False))
    assert state.ocean == (TAXI, AB, AB, TAXI)
    assert state.discard == ()
    assert sorted(state.draw) == sorted(old_discard + ocean)
    # The next Ocean comes from that Draw pile; the Ocean just replaced is not reshuffled.
    state = play(state, *SIDE_0_CONFIRMS)
    state = play(state, Answer(1, False), Answer(3, False))
    assert state.discard == (TAXI, AB, AB, TAXI)
    assert len(state.draw) == len(old_discard + ocean) - 4


def test_a_redraw_that_empties_the_draw_pile_refills_it_from_the_discard_pile() -> None:
    state = position(hands={0: FOUR_KINGS}, draw_top=(TAXI, AB, AB, TAXI), draw_size=4)
    old_discard = state.discard
    state = apply(state, Call(2, 0, time=1.0))
    assert state.hands[0] == (TAXI, AB, AB, TAXI)
    assert state.discard == ()
    assert sorted(state.draw) == sorted(old_discard + FOUR_KINGS)


def test_only_the_side_with_the_license_puts_down_picks_up_and_confirms() -> None:
    state = position()
    for action in (PutDown(1), PickUp(1), Confirm(1)):
        with pytest.raises(IllegalActionError) as refused:
            apply(state, action)
        assert refused.value.reason is IllegalReason.NOT_YOUR_SIDE
    with pytest.raises(IllegalActionError) as refused:
        apply(state, PickUp(0))
    assert refused.value.reason is IllegalReason.HAND_IS_UP


def test_answers_come_only_after_a_round_without_a_swap() -> None:
    with pytest.raises(IllegalActionError) as refused:
        apply(position(), Answer(1, True))
    assert refused.value.reason is IllegalReason.NOT_ASKED
