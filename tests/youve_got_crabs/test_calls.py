"""Scoring: calls on one's partner and on other teams, the pause, Decision 4 (an empty
treasury gives nothing), and signals (Setup, step 1)."""

from __future__ import annotations

import pytest

from crabrules.core import IllegalActionError, NotYourTurnError
from crabrules.youve_got_crabs import (
    RECENT,
    Call,
    CallRecord,
    Config,
    IllegalReason,
    Resolve,
    Signal,
    Swap,
    Window,
    active_players,
    apply,
    legal_actions,
)
from tests.youve_got_crabs.helpers import (
    AB,
    CRABBI,
    FOUR_KINGS,
    JAB,
    KING,
    MIXED,
    SHISH,
    TAXI,
    position,
)

# Default config: team 0 is players 0 and 1, team 1 is players 2 and 3.
REDRAW = (JAB, JAB, SHISH, TAXI)  # the top four of the Draw pile, drawn top (last) first


def test_a_signal_is_public_and_changes_nothing_but_the_record() -> None:
    state = position()
    after = apply(state, Signal(3))
    assert after.signals == (3,)
    assert after.signal_count == 1
    assert after.hands == state.hands
    assert after.tokens == state.tokens
    assert after.license == state.license
    assert after.ocean == state.ocean


def test_the_state_keeps_only_the_latest_signals_and_counts_all() -> None:
    state = position()
    for p in [0, 1, 2, 3] * 3:
        state = apply(state, Signal(p))
    assert len(state.signals) == RECENT == 8
    assert state.signals == (0, 1, 2, 3, 0, 1, 2, 3)
    assert state.signal_count == 12


def test_a_call_on_ones_partner_pauses_play_until_resolved() -> None:
    state = apply(position(hands={1: FOUR_KINGS}), Call(0, 1, time=5.0))
    assert state.window == Window(0, 1, 5.0)
    assert active_players(state) == frozenset({0, 1})
    assert legal_actions(state) == (Resolve(0), Call(1, 0, time=5.0))
    with pytest.raises(NotYourTurnError) as elsewhere:
        apply(state, Signal(2))
    assert elsewhere.value.reason is IllegalReason.PLAY_PAUSED
    with pytest.raises(IllegalActionError) as refused:
        apply(state, Swap(0, 0, 0))
    assert refused.value.reason is IllegalReason.PLAY_PAUSED


def test_right_call_on_partner_takes_a_pot_token_and_the_called_player_redraws() -> None:
    state = position(hands={1: FOUR_KINGS}, draw_top=REDRAW)
    state = apply(apply(state, Call(0, 1, time=5.0)), Resolve(0))
    assert state.window is None
    assert state.tokens == (3, 2)
    assert state.pot == 7
    assert state.hands[1] == (TAXI, SHISH, JAB, JAB)
    assert state.discard[-4:] == FOUR_KINGS
    assert state.calls[-1] == CallRecord(0, 1, right=True, double=False)


def test_wrong_call_on_partner_loses_a_team_token_to_the_pot() -> None:
    state = position(hands={1: MIXED})
    state = apply(
        apply(
            state,
            Call(0, 1),
        ),
        Resolve(0),
    )
    assert state.tokens == (1, 2)
    assert state.pot == 9
    assert state.hands[1] == MIXED, "a wrongly called hand is not shown nor replaced"
    assert state.calls[-1] == CallRecord(0, 1, right=False, double=False)


def test_a_team_with_no_token_loses_nothing_on_a_wrong_call() -> None:
    state = position(hands={1: MIXED}, tokens=(0, 2), pot=10)
    state = apply(apply(state, Call(0, 1)), Resolve(0))
    assert state.tokens == (0, 2)
    assert state.pot == 10


def test_right_call_on_another_team_steals_a_token_and_the_called_player_redraws() -> None:
    state = position(hands={3: FOUR_KINGS}, draw_top=REDRAW)
    state = apply(state, Call(0, 3, time=1.5))
    assert state.window is None, "a call on another team resolves at once"
    assert state.tokens == (3, 1)
    assert state.pot == 8
    assert state.hands[3] == (TAXI, SHISH, JAB, JAB)
    assert state.calls[-1] == CallRecord(0, 3, right=True, double=False)


def test_right_call_on_a_team_with_no_token_takes_one_from_the_pot() -> None:
    state = position(hands={3: FOUR_KINGS}, tokens=(2, 0), pot=10)
    state = apply(state, Call(1, 3))
    assert state.tokens == (3, 0)
    assert state.pot == 9


def test_wrong_call_on_another_team_gives_the_called_team_a_token() -> None:
    state = position(hands={2: MIXED})
    state = apply(state, Call(1, 2))
    assert state.tokens == (1, 3)
    assert state.pot == 8
    assert state.hands[2] == MIXED


def test_wrong_call_by_a_team_with_no_token_gives_nothing() -> None:
    state = position(hands={2: MIXED}, tokens=(0, 4), pot=8)
    assert apply(state, Call(1, 2)).tokens == (0, 4)


def test_anyone_may_call_anyone_but_themselves() -> None:
    state = position()
    for p in range(4):
        calls = [a for a in legal_actions(state, p) if isinstance(a, Call)]
        assert [c.target for c in calls] == [q for q in range(4) if q != p]
    with pytest.raises(IllegalActionError) as refused:
        apply(state, Call(2, 2))
    assert refused.value.reason is IllegalReason.BAD_TARGET
    with pytest.raises(IllegalActionError) as refused:
        apply(state, Call(2, 4))
    assert refused.value.reason is IllegalReason.BAD_TARGET


def test_after_a_call_play_resumes_where_it_stopped() -> None:
    state = position(hands={1: MIXED}, ocean=(KING, AB, JAB, CRABBI))
    state = apply(state, Swap(0, 0, 0))
    before = legal_actions(state, 2)
    state = apply(apply(state, Call(0, 1)), Resolve(0))
    assert state.swapped
    assert state.license == 0
    assert legal_actions(state, 2) == before


def test_only_the_caller_resolves_and_only_a_pending_call() -> None:
    with pytest.raises(IllegalActionError) as refused:
        apply(position(), Resolve(0))
    assert refused.value.reason is IllegalReason.NO_PENDING_CALL
    state = apply(position(), Call(0, 1))
    with pytest.raises(IllegalActionError) as refused:
        apply(state, Resolve(1))  # the called partner
    assert refused.value.reason is IllegalReason.NOT_THE_CALLER
    with pytest.raises(NotYourTurnError) as refused:
        apply(state, Resolve(2))  # a player outside the window
    assert refused.value.reason is IllegalReason.NOT_THE_CALLER


def test_five_teams_call_across_the_table() -> None:
    config = Config(teams=5)
    state = position(config, hands={9: FOUR_KINGS})
    state = apply(state, Call(4, 9))
    assert state.tokens == (2, 2, 3, 2, 1)
