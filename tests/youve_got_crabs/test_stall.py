"""The stall rule: STALL_ACTIONS actions in a row without the clock moving draw the game."""

from __future__ import annotations

import pytest

import crabrules
from crabrules.agents import Decision, Turn, play_match
from crabrules.core import GameOverError, InvalidStateError, Rng
from crabrules.youve_got_crabs import (
    STALL_ACTIONS,
    Call,
    Signal,
    Swap,
    Termination,
    active_players,
    apply,
    check_state,
    determinize,
    is_terminal,
    legal_actions,
    observe,
    outcome,
    render,
    render_svg,
)
from tests.youve_got_crabs.helpers import position


def test_the_stall_rule_draws_the_game_after_stall_actions_without_the_clock_moving() -> None:
    state = position(since_clock=STALL_ACTIONS - 1)
    assert not is_terminal(state)
    state = apply(state, Swap(0, hand_slot=0, ocean_slot=0))
    assert state.since_clock == STALL_ACTIONS
    assert is_terminal(state)
    end = outcome(state)
    assert end is not None
    assert (end.winners, end.draw, end.reason) == (frozenset(), True, Termination.STALLED.value)
    assert end.scores == (2, 2, 2, 2)  # each player's team tokens
    assert legal_actions(state) == ()
    assert active_players(state) == frozenset()
    with pytest.raises(GameOverError):
        apply(state, Signal(1))
    check_state(state)
    assert "Stalled" in render(state)
    assert "stalled: a draw" in render_svg(state)


def test_a_call_at_the_clock_time_counts_toward_the_stall() -> None:
    state = apply(position(since_clock=STALL_ACTIONS - 1), Call(0, 2, time=0.0))
    assert is_terminal(state)
    assert outcome(state) is not None


def test_a_call_that_moves_the_clock_resets_the_stall_count() -> None:
    state = apply(position(since_clock=STALL_ACTIONS - 1), Call(0, 2, time=1.5))
    assert (state.since_clock, state.clock) == (0, 1.5)
    assert not is_terminal(state)


def test_every_other_action_counts_toward_the_stall() -> None:
    state = position()
    state = apply(state, Signal(2))
    state = apply(state, Swap(0, hand_slot=1, ocean_slot=2))
    assert state.since_clock == 2


def test_the_stall_count_is_public_and_kept_by_determinize() -> None:
    state = position(since_clock=17)
    assert observe(state, 1).since_clock == 17
    assert determinize(state, 1, seed=4).since_clock == 17


@pytest.mark.parametrize("count", [-1, STALL_ACTIONS + 1])
def test_a_stall_count_out_of_range_is_refused(count: int) -> None:
    with pytest.raises(InvalidStateError, match="since_clock"):
        check_state(position(since_clock=count))


class FirstAction:
    """The agents page's example: always the first legal action, at once."""

    def act(self, turn: Turn, rng: Rng) -> Decision:
        return Decision(turn.legal[0], turn.now)


def test_an_agent_that_always_acts_at_now_finishes_its_game() -> None:
    # It swaps forever at clock 0.0; the stall rule ends the game, below the action cap.
    game = crabrules.get_game("youve-got-crabs")
    result = play_match(game, [FirstAction() for _ in range(4)], seed=1)
    assert result.finished
    assert result.outcome is not None
    assert result.outcome.reason == Termination.STALLED.value
    assert result.length == STALL_ACTIONS
    assert crabrules.replay(result.record) == result.state
