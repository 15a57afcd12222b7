"""Step 2 of a turn: the Crabs move (or stay), and what they land on and cross."""

from __future__ import annotations

import pytest

from crabrules.core import IllegalActionError
from crabrules.marche_du_crabe import (
    IllegalReason,
    Move,
    Stay,
    Termination,
    apply,
    legal_actions,
)
from tests.marche_du_crabe.helpers import move_cells, position


def test_boater_moves_along_the_column_any_distance() -> None:
    assert move_cells(position(token=14, to_move=0)) == [2, 8, 20, 26, 32]


def test_sunny_moves_along_the_row_any_distance() -> None:
    assert move_cells(position(token=14, to_move=1)) == [12, 13, 15, 16, 17]


def test_moving_is_optional_stay_is_last_and_costs_nothing() -> None:
    state = position(token=14, to_move=0, baddies={14: 1})
    assert legal_actions(state)[-1] == Stay(0)
    after = apply(state, Stay(0))
    assert after.shrimps == 5
    assert after.token == 14
    assert after.to_move == 1
    assert after.revealed is not None


def test_a_move_out_of_line_is_refused() -> None:
    with pytest.raises(IllegalActionError) as refused:
        apply(position(token=14), Move(0, 15))
    assert refused.value.reason is IllegalReason.NOT_IN_LINE
    with pytest.raises(IllegalActionError) as refused:
        apply(position(token=14), Move(0, 14))
    assert refused.value.reason is IllegalReason.NOT_IN_LINE


def test_landing_on_a_card_without_item_does_nothing() -> None:
    after = apply(position(token=2), Move(0, 14))
    assert (after.shrimps, after.freed, after.token) == (5, frozenset(), 14)


def test_landing_on_an_item_nobody_forbids_frees_a_crab() -> None:
    after = apply(position(token=4, to_move=1), Move(1, 1))
    assert after.freed == frozenset({1})
    assert after.shrimps == 5
    assert after.exposed == frozenset()


def test_landing_on_a_freed_crab_does_nothing() -> None:
    after = apply(position(token=4, to_move=1, freed=frozenset({1})), Move(1, 1))
    assert after.freed == frozenset({1})
    assert after.shrimps == 5


def test_landing_on_the_partners_forbidden_item_buries_their_baddie_and_costs_two() -> None:
    # Sunny lands on item 5 (cell 17), one of Boater's Forbidden Items.
    state = position(token=14, to_move=1)
    after = apply(state, Move(1, 17))
    assert after.shrimps == 3
    assert after.exposed == frozenset({5})
    assert after.baddies[17] == 0  # Boater's (red) Baddie, under the token
    assert after.freed == frozenset()
    # It came from Boater's deck: one card fewer, one card revealed for Boater's turn.
    assert len(after.decks[0]) == len(state.decks[0]) - 2


def test_landing_on_your_own_forbidden_item_buries_the_partners_baddie() -> None:
    # Boater lands on item 8 (cell 26), one of Boater's own Forbidden Items.
    state = position(token=2, to_move=0)
    after = apply(state, Move(0, 26))
    assert after.shrimps == 3
    assert after.exposed == frozenset({8})
    assert after.baddies[26] == 1  # Sunny's (blue) Baddie
    assert len(after.decks[1]) == len(state.decks[1]) - 2  # buried, then Sunny's reveal


def test_forbidden_item_with_the_partners_deck_empty_still_costs_two() -> None:
    state = position(token=2, to_move=0, decks=((0,) * 12, ()), consistent=False)
    after = apply(state, Move(0, 26))
    assert after.shrimps == 3
    assert after.baddies[26] == -1
    assert after.exposed == frozenset({8})


def test_landing_again_on_an_exposed_forbidden_item_is_crossing_a_baddie() -> None:
    state = position(token=2, to_move=0, baddies={26: 1}, exposed=frozenset({8}))
    after = apply(state, Move(0, 26))
    assert after.shrimps == 4
    assert after.exposed == frozenset({8})


def test_crossing_a_baddie_costs_one_shrimp() -> None:
    after = apply(position(token=2, baddies={14: 1}), Move(0, 20))
    assert after.shrimps == 4


def test_crossing_several_baddies_costs_one_shrimp_per_move() -> None:
    after = apply(position(token=2, baddies={14: 1, 20: 0, 32: 1}), Move(0, 32))
    assert after.shrimps == 4


def test_stopping_on_a_baddie_costs_one_shrimp() -> None:
    after = apply(position(token=2, baddies={14: 1}), Move(0, 14))
    assert after.shrimps == 4


def test_leaving_a_card_with_a_baddie_costs_nothing() -> None:
    after = apply(position(token=14, baddies={14: 0}), Move(0, 20))
    assert after.shrimps == 5


def test_a_baddie_behind_the_token_is_not_crossed() -> None:
    after = apply(position(token=20, baddies={14: 1}), Move(0, 32))
    assert after.shrimps == 5


def test_crossing_is_paid_before_landing() -> None:
    # 2 Shrimps: crossing a Baddie (1) leaves 1, then a Forbidden Item owes 2: lost.
    after = apply(position(token=2, shrimps=2, baddies={14: 1}), Move(0, 26))
    assert after.termination is Termination.NO_SHRIMPS
    assert after.shrimps == 0
    # 3 Shrimps: both paid, the game goes on with none left.
    after = apply(position(token=2, shrimps=3, baddies={14: 1}), Move(0, 26))
    assert after.termination is None
    assert after.shrimps == 0


def test_the_baddie_buried_on_landing_is_not_crossed_by_that_move() -> None:
    # Exactly 2 Shrimps pay the Forbidden Item; the Baddie slid under the token comes
    # after the move, so no crossing Shrimp is owed and the game goes on with none left.
    after = apply(position(token=2, shrimps=2), Move(0, 26))
    assert after.baddies[26] == 1
    assert after.termination is None
    assert after.shrimps == 0


def test_paying_the_last_shrimp_for_a_crossing_is_not_a_loss() -> None:
    after = apply(position(token=2, shrimps=1, baddies={14: 1}), Move(0, 20))
    assert after.termination is None
    assert after.shrimps == 0


def test_a_loss_that_cannot_be_paid_in_full_loses() -> None:
    after = apply(position(token=2, shrimps=1), Move(0, 26))
    assert after.termination is Termination.NO_SHRIMPS


def test_crossing_with_no_shrimp_left_loses() -> None:
    after = apply(position(token=2, shrimps=0, baddies={14: 1}), Move(0, 20))
    assert after.termination is Termination.NO_SHRIMPS


def test_the_turn_passes_and_the_next_baddie_is_revealed() -> None:
    state = position(token=2)
    after = apply(state, Move(0, 14))
    assert after.to_move == 1
    assert after.revealed is not None
    assert len(after.decks[1]) == len(state.decks[1]) - 1
