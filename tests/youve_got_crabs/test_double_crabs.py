"""Double Crabs: partners calling each other within one second (Decision 2), and where the
claim's three tokens come from (Decision 3)."""

from __future__ import annotations

import pytest

from crabrules.core import IllegalActionError, NotYourTurnError
from crabrules.youve_got_crabs import (
    DOUBLE_CRABS_WINDOW,
    POT,
    Call,
    CallRecord,
    Claim,
    Collect,
    Config,
    IllegalReason,
    Resolve,
    Signal,
    State,
    Window,
    active_players,
    apply,
    legal_actions,
)
from tests.youve_got_crabs.helpers import FOUR_KINGS, JAB, MIXED, position

FOUR_JABS = (JAB, JAB, JAB, JAB)


def double(state: State, first: float, second: float) -> State:
    """Player 0 calls partner 1 at ``first``; player 1 calls back at ``second``."""
    return apply(apply(state, Call(0, 1, time=first)), Call(1, 0, time=second))


def both_scoring(**fields: object) -> State:
    return position(hands={0: FOUR_KINGS, 1: FOUR_JABS}, **fields)  # type: ignore[arg-type]


def test_the_window_is_one_second() -> None:
    assert DOUBLE_CRABS_WINDOW == 1.0


def test_both_right_within_the_window_claims_three_tokens_and_both_redraw() -> None:
    state = double(both_scoring(), 20.0, 20.4)
    assert state.claim == Claim(player=1, remaining=3)
    assert state.window is None
    assert state.calls[-2:] == (CallRecord(0, 1, True, True), CallRecord(1, 0, True, True))
    assert FOUR_KINGS not in state.hands
    assert FOUR_JABS not in state.hands
    assert sorted(state.discard[-8:]) == sorted(FOUR_KINGS + FOUR_JABS)
    assert active_players(state) == frozenset({1})
    assert legal_actions(state) == (Collect(1, POT), Collect(1, 1))


def test_the_claim_takes_its_tokens_from_the_pot_and_other_teams_in_any_mix() -> None:
    state = double(both_scoring(), 20.0, 20.4)
    state = apply(state, Collect(1, 1))
    state = apply(state, Collect(1, POT))
    assert state.claim == Claim(1, 1)
    state = apply(state, Collect(1, 1))
    assert state.claim is None
    assert state.tokens == (5, 0)
    assert state.pot == 7
    assert Signal(2) in legal_actions(state), "play resumes"


def test_a_source_that_runs_dry_is_no_choice_and_a_team_never_takes_from_itself() -> None:
    state = double(both_scoring(tokens=(2, 1), pot=9), 3.0, 3.5)
    state = apply(state, Collect(1, 1))
    assert legal_actions(state) == (Collect(1, POT),)
    for source in (0, 1, 2, -2):
        with pytest.raises(IllegalActionError) as refused:
            apply(state, Collect(1, source))
        assert refused.value.reason is IllegalReason.EMPTY_SOURCE
    with pytest.raises(NotYourTurnError):
        apply(state, Collect(0, POT))


def test_a_claim_stops_when_no_source_is_left() -> None:
    config = Config(teams=2)
    state = position(config, hands={0: FOUR_KINGS, 1: FOUR_JABS}, tokens=(10, 1), pot=1)
    state = double(state, 0.0, 0.5)
    state = apply(apply(state, Collect(1, 1)), Collect(1, POT))
    assert state.claim is None
    assert state.tokens == (12, 0)
    assert state.pot == 0
    assert state.winner == 0


def test_exactly_one_second_apart_counts_as_inside_the_window() -> None:
    assert double(both_scoring(), 0.0, 1.0).claim is not None
    assert double(both_scoring(), 1.0, 0.0).claim is not None


def test_decimal_times_one_second_apart_are_inside_despite_float_rounding() -> None:
    assert 2.14 - 1.14 > 1.0  # binary floating point
    assert double(both_scoring(), 1.14, 2.14).claim is not None


def test_just_over_one_second_apart_is_outside_the_window() -> None:
    state = double(both_scoring(), 10.0, 11.000001)
    assert state.claim is None
    # The first call resolved alone (right: a token from the Pot, player 1 redrew) and the
    # late call opened its own window.
    assert state.calls[-1] == CallRecord(0, 1, right=True, double=False)
    assert state.tokens == (3, 2)
    assert state.pot == 7
    assert state.window == Window(1, 0, 11.000001)
    assert legal_actions(state) == (Call(0, 1, time=11.000001), Resolve(1))


def test_a_counter_call_stamped_earlier_than_the_call_is_still_within_one_second() -> None:
    # The two clocks are the callers' own: only the distance between them matters.
    assert double(both_scoring(), 5.0, 4.2).claim is not None
    assert double(both_scoring(), 5.0, 3.9).claim is None


def test_mixed_right_and_wrong_are_resolved_as_single_calls_in_the_order_made() -> None:
    # 0's call on 1 is right (1 has four kings); 1's call on 0 is wrong.
    state = position(hands={0: MIXED, 1: FOUR_KINGS})
    state = double(state, 7.0, 7.5)
    assert state.claim is None
    assert state.window is None
    assert state.calls[-2:] == (CallRecord(0, 1, True, False), CallRecord(1, 0, False, False))
    assert state.tokens == (2, 2)
    assert state.pot == 8


def test_mixed_calls_resolve_in_the_order_of_their_clock_times_not_of_arrival() -> None:
    # Decision 2, with an empty treasury: 0 calls 1 at 10.5 s (wrong), and 1's
    # counter-call on 0, stamped 10.0 s (right: 0 holds four kings), arrives second. By
    # the clocks the right call comes first: the team gains a token, then loses it to the
    # wrong call. In arrival order the wrong call would cost nothing (no token to lose)
    # and the team would end with one.
    state = position(hands={0: FOUR_KINGS, 1: MIXED}, tokens=(0, 4), pot=8)
    state = double(state, 10.5, 10.0)
    assert state.calls[-2:] == (CallRecord(1, 0, True, False), CallRecord(0, 1, False, False))
    assert state.tokens == (0, 4)
    assert state.pot == 8


def test_double_calls_on_the_same_clock_time_resolve_in_the_order_they_arrived() -> None:
    state = position(hands={0: FOUR_KINGS, 1: MIXED}, tokens=(0, 4), pot=8)
    state = double(state, 10.0, 10.0)
    assert state.calls[-2:] == (CallRecord(0, 1, False, False), CallRecord(1, 0, True, False))
    assert state.tokens == (1, 4)


def test_mixed_case_stops_when_the_first_call_ends_the_game() -> None:
    state = position(hands={0: MIXED, 1: FOUR_KINGS}, tokens=(5, 6), pot=1)
    state = double(state, 7.0, 7.5)
    assert state.winner is None
    assert state.tied == frozenset({0, 1})
    assert state.call_count == 2, "both calls are resolved: the team is still playing"
    state = position(hands={0: MIXED, 1: FOUR_KINGS}, tokens=(6, 5), pot=1)
    state = double(state, 7.0, 7.5)
    assert state.winner == 0
    assert state.call_count == 1


def test_both_wrong_are_two_wrong_calls() -> None:
    state = double(position(hands={0: MIXED, 1: MIXED}), 1.0, 1.2)
    assert state.tokens == (0, 2)
    assert state.pot == 10


def test_resolve_closes_the_window_and_resolves_the_call_alone() -> None:
    state = apply(apply(both_scoring(), Call(0, 1, time=2.0)), Resolve(0))
    assert state.window is None
    assert state.claim is None
    assert state.tokens == (3, 2)
    assert state.hands[0] == FOUR_KINGS
