"""The four endings and the outcome."""

from __future__ import annotations

from crabrules.marche_du_crabe import Move, Place, Stay, Termination, apply, is_terminal, outcome
from tests.marche_du_crabe.helpers import FREE_ITEM_CELLS, position


def test_eight_crabs_freed_wins_and_scores_the_shrimps_left() -> None:
    freed = frozenset(FREE_ITEM_CELLS) - {0}
    state = position(token=2, to_move=1, shrimps=3, freed=freed)
    after = apply(state, Move(1, 0))
    assert after.termination is Termination.CRABS_FREED
    result = outcome(after)
    assert result is not None
    assert result.winners == frozenset({0, 1})
    assert (result.draw, result.scores, result.reason) == (False, (3, 3), "crabs_freed")


def test_seven_crabs_do_not_win() -> None:
    freed = frozenset(FREE_ITEM_CELLS) - {0, 1}
    after = apply(position(token=2, to_move=1, freed=freed), Move(1, 0))
    assert not is_terminal(after)
    assert outcome(after) is None


def test_the_win_comes_before_the_partners_empty_deck() -> None:
    freed = frozenset(FREE_ITEM_CELLS) - {0}
    state = position(token=2, to_move=1, freed=freed, decks=((), (0,) * 12), consistent=False)
    assert apply(state, Move(1, 0)).termination is Termination.CRABS_FREED


def test_winning_with_the_last_shrimp_paid_scores_zero() -> None:
    freed = frozenset(FREE_ITEM_CELLS) - {0}
    state = position(token=3, to_move=1, shrimps=1, freed=freed, baddies={2: 0})
    result = outcome(apply(state, Move(1, 0)))
    assert result is not None
    assert result.winners == frozenset({0, 1})
    assert result.scores == (0, 0)


def test_shrimps_owed_but_none_left_loses() -> None:
    after = apply(position(token=2, shrimps=0, baddies={14: 1}), Move(0, 20))
    result = outcome(after)
    assert result is not None
    assert (result.winners, result.draw, result.scores) == (frozenset(), False, (0, 0))
    assert result.reason == "no_shrimps"


def test_a_baddie_that_cannot_be_placed_loses() -> None:
    # Every card of row 0 Sunny could use is taken; Sunny's deck holds only row-0 cards.
    state = position(
        token=14,
        to_move=0,
        baddies={2: 0, 3: 0, 4: 0, 5: 0},
        decks=((1,) * 8, (0, 0)),
        consistent=False,
    )
    after = apply(state, Stay(0))
    assert after.termination is Termination.BADDIE_CANNOT_BE_PLACED
    assert after.revealed == 0
    result = outcome(after)
    assert result is not None
    assert result.reason == "baddie_cannot_be_placed"
    assert result.winners == frozenset()


def test_an_empty_deck_at_the_start_of_a_turn_loses() -> None:
    state = position(token=14, to_move=0, decks=((0,) * 11, ()), consistent=False)
    after = apply(state, Stay(0))
    assert after.termination is Termination.DECK_EMPTY
    result = outcome(after)
    assert result is not None
    assert result.reason == "deck_empty"


def test_crossing_owed_with_no_shrimp_loses_even_on_the_move_that_frees_the_eighth_crab() -> None:
    # Order of costs (decision 7): the crossing is paid before the landing frees a crab.
    freed = frozenset(FREE_ITEM_CELLS) - {0}
    state = position(token=3, to_move=1, shrimps=0, freed=freed, baddies={2: 0})
    after = apply(state, Move(1, 0))
    assert after.termination is Termination.NO_SHRIMPS
    assert 0 not in after.freed


def test_a_baddie_under_the_token_with_no_shrimp_loses_though_a_card_was_free() -> None:
    # Row 0 has sand cards 2 to 5; the token is on 3. Placing there owes a Shrimp.
    state = position(token=3, revealed=0, shrimps=0)
    assert apply(state, Place(0, 4)).termination is None
    after = apply(state, Place(0, 3))
    assert after.termination is Termination.NO_SHRIMPS
    result = outcome(after)
    assert result is not None
    assert result.reason == "no_shrimps"


def test_shrimps_unpaid_on_landing_end_the_game_before_the_partners_empty_deck() -> None:
    # Boater lands on their own Forbidden Item 8 with 1 Shrimp; Sunny's deck is empty.
    state = position(token=2, shrimps=1, decks=((0,) * 11, ()), consistent=False)
    after = apply(state, Move(0, 26))
    assert after.termination is Termination.NO_SHRIMPS
    assert after.exposed == frozenset({8})
