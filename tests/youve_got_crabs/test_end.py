"""End of the game: the Pot's last token, most tokens wins, sudden death (Decision 7)."""

from __future__ import annotations

import pytest

from crabrules.core import GameOverError, IllegalActionError, NotYourTurnError, Outcome
from crabrules.youve_got_crabs import (
    Call,
    Collect,
    Config,
    Confirm,
    Phase,
    PutDown,
    Resolve,
    Signal,
    State,
    Swap,
    Termination,
    active_players,
    apply,
    is_terminal,
    legal_actions,
    outcome,
)
from crabrules.youve_got_crabs._rounds import all_down
from crabrules.youve_got_crabs._work import seats_of
from tests.youve_got_crabs.helpers import FOUR_KINGS, MIXED, SHISH, position

THREE = Config(teams=3)  # teams: 0 = {0, 1}, 1 = {2, 3}, 2 = {4, 5}


def test_the_game_ends_when_the_last_pot_token_is_taken_and_most_tokens_wins() -> None:
    state = position(hands={1: FOUR_KINGS}, tokens=(4, 7), pot=1)
    state = apply(state, Call(2, 1))  # team 1 steals from team 0: the Pot is untouched
    assert not is_terminal(state)
    state = position(hands={1: FOUR_KINGS}, tokens=(4, 7), pot=1)
    state = apply(apply(state, Call(0, 1)), Resolve(0))  # team 0 takes the Pot's last
    assert is_terminal(state)
    assert state.pot == 0
    assert outcome(state) == Outcome(
        winners=frozenset({2, 3}),
        draw=False,
        scores=(5, 5, 7, 7),
        reason=Termination.POT_EMPTY.value,
    )


def test_nothing_is_legal_after_the_end() -> None:
    state = position(hands={1: FOUR_KINGS}, tokens=(4, 7), pot=1)
    state = apply(apply(state, Call(0, 1)), Resolve(0))
    assert legal_actions(state) == ()
    assert active_players(state) == frozenset()
    with pytest.raises(GameOverError):
        apply(state, Signal(0))


def test_a_tie_goes_on_with_only_the_tied_teams_in_a_fresh_round() -> None:
    state = position(THREE, hands={1: FOUR_KINGS}, tokens=(4, 5, 4), pot=1, swapped=True)
    state = apply(state, PutDown(0))
    state = apply(apply(state, Call(0, 1)), Resolve(0))
    assert not is_terminal(state)
    assert state.tied == frozenset({0, 1})
    assert state.phase is Phase.PLAY
    assert not state.down
    assert not state.swapped
    assert active_players(state) == frozenset({0, 1, 2, 3})
    assert legal_actions(state, 4) == ()
    with pytest.raises(NotYourTurnError):
        apply(state, Signal(5))
    calls = [a.target for a in legal_actions(state, 0) if isinstance(a, Call)]
    assert calls == [1, 2, 3], "players out of the sudden death cannot be called"
    assert Swap(2, 0, 0) in legal_actions(state)


def tied_state() -> State:
    # Team 0 and team 1 tied at 5 with an empty Pot; team 2 is out.
    return position(
        THREE,
        hands={1: FOUR_KINGS, 3: (SHISH,) * 4},
        tokens=(5, 5, 4),
        pot=0,
        tied=frozenset({0, 1}),
    )


def test_in_sudden_death_the_first_tied_team_to_gain_a_token_wins() -> None:
    state = apply(tied_state(), Call(1, 3))
    assert state.winner == 0
    assert outcome(state) == Outcome(
        winners=frozenset({0, 1}),
        draw=False,
        scores=(6, 6, 4, 4, 4, 4),
        reason=Termination.SUDDEN_DEATH.value,
    )


def test_in_sudden_death_a_right_call_on_ones_partner_scores_with_an_empty_pot() -> None:
    state = apply(apply(tied_state(), Call(2, 3)), Resolve(2))
    assert state.winner == 1
    assert state.tokens == (5, 6, 4)
    assert state.pot == 0


def test_in_sudden_death_a_wrong_call_gives_the_called_tied_team_the_win() -> None:
    state = position(THREE, hands={2: MIXED}, tokens=(5, 5, 4), pot=0, tied=frozenset({0, 1}))
    state = apply(state, Call(0, 2))
    assert state.winner == 1


def test_in_sudden_death_losing_a_token_ends_nothing() -> None:
    state = position(THREE, hands={1: MIXED}, tokens=(5, 5, 4), pot=0, tied=frozenset({0, 1}))
    state = apply(apply(state, Call(0, 1)), Resolve(0))
    assert state.winner is None
    assert state.tokens == (4, 5, 4)
    assert state.pot == 1


def test_in_sudden_death_the_side_confirms_without_the_hands_of_the_players_out() -> None:
    # Side 0 is players 0, 2 and 4; player 4 (team 2) is out of the sudden death, hand up.
    # all_down gets the seating from its callers, which look it up once (legal_actions,
    # apply's check): every way of asking agrees.
    for tied, tokens, pot, confirms in (
        (frozenset({0, 1}), (5, 5, 4), 0, True),
        (frozenset(), (5, 4, 4), 1, False),  # the same, outside sudden death
    ):
        state = position(THREE, tokens=tokens, pot=pot, tied=tied)
        state = apply(apply(state, PutDown(0)), PutDown(2))
        assert 4 not in state.down
        assert all_down(state, seats_of(state.config)) is confirms
        assert (Confirm(0) in legal_actions(state, 0)) is confirms
        assert (Confirm(2) in legal_actions(state)) is confirms
        if confirms:
            assert apply(state, Confirm(0)).confirmed == frozenset({0})
        else:
            with pytest.raises(IllegalActionError, match="not every hand is down"):
                apply(state, Confirm(0))


def test_in_sudden_death_a_double_crabs_claim_wins_with_its_first_token() -> None:
    hands = {0: FOUR_KINGS, 1: (SHISH,) * 4}
    state = position(THREE, hands=hands, tokens=(5, 5, 4), pot=0, tied=frozenset({0, 1}))
    state = apply(apply(state, Call(0, 1, time=1.0)), Call(1, 0, time=1.5))
    assert state.claim is not None
    assert legal_actions(state) == (Collect(1, 1), Collect(1, 2))
    state = apply(state, Collect(1, 2))
    assert state.winner == 0
    assert state.tokens == (6, 5, 3)
