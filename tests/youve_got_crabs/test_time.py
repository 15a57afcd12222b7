"""Calls carry the caller's clock time (Decision 2): how the time takes part in legality."""

from __future__ import annotations

import math

import attrs
import pytest

from crabrules.core import (
    CommonReason,
    DeserializationError,
    IllegalActionError,
    from_json,
    to_json,
)
from crabrules.youve_got_crabs import Action, Call, IllegalReason, State, apply, legal_actions
from tests.youve_got_crabs.helpers import MIXED, position


def test_legal_actions_list_calls_at_the_time_of_the_latest_call() -> None:
    state = position(hands={2: MIXED})
    assert {a.time for a in legal_actions(state) if isinstance(a, Call)} == {0.0}
    state = apply(state, Call(1, 2, time=31.25))
    assert state.clock == 31.25
    assert {a.time for a in legal_actions(state) if isinstance(a, Call)} == {31.25}


def test_a_calls_time_is_its_timestamp_not_its_identity() -> None:
    assert Call(0, 2, time=1.0) == Call(0, 2, time=99.0)
    assert hash(Call(0, 2, time=1.0)) == hash(Call(0, 2, time=99.0))
    assert Call(0, 2, time=1.0) != Call(0, 3, time=1.0)


def test_a_listed_call_applies_at_any_time_even_earlier_than_the_clock() -> None:
    state = apply(position(hands={2: MIXED}), Call(1, 2, time=50.0))
    for time in (0.0, 49.0, 50.0, 1e9, -3.0):
        assert Call(0, 2, time=time) in legal_actions(state)
        assert apply(state, Call(0, 2, time=time)).clock == time


@pytest.mark.parametrize("time", [math.nan, math.inf, -math.inf, True, "1.0", None, 10**400])
def test_a_call_time_is_a_finite_number(time: object) -> None:
    with pytest.raises(IllegalActionError) as refused:
        Call(0, 1, time=time)  # type: ignore[arg-type]
    assert refused.value.reason is IllegalReason.BAD_TIME


def test_a_call_document_with_a_bad_time_is_refused_at_load() -> None:
    with pytest.raises(DeserializationError):
        from_json('{"format_version":1,"type":"call","player":0,"target":1,"time":"x"}', Action)


def test_call_times_round_trip_through_json() -> None:
    call = Call(0, 1, time=12.345)
    text = to_json(call)
    assert text == '{"format_version":1,"type":"call","player":0,"target":1,"time":12.345}'
    assert from_json(text, Action).time == 12.345


@pytest.mark.parametrize("time", [math.nan, math.inf, -math.inf])
def test_apply_refuses_a_call_whose_time_escaped_the_constructor_check(time: object) -> None:
    # attrs validators can be switched off globally: apply must still refuse the time,
    # as a paused call's counter-call too, never with a TypeError or a NaN clock.
    with attrs.validators.disabled():
        bad = Call(0, 2, time=time)  # type: ignore[arg-type]
        counter = Call(1, 0, time=time)  # type: ignore[arg-type]
    for state, action in ((position(hands={2: MIXED}), bad), (_window_on_1(), counter)):
        with pytest.raises(IllegalActionError) as refused:
            apply(state, action)
        assert refused.value.reason is IllegalReason.BAD_TIME


def _window_on_1() -> State:
    return apply(position(hands={2: MIXED}), Call(0, 1, time=5.0))


@pytest.mark.parametrize("time", [None, "1.0", True, 2])
def test_apply_names_the_time_of_a_call_that_holds_no_float(time: object) -> None:
    with attrs.validators.disabled():
        bad = Call(0, 2, time=time)  # type: ignore[arg-type]
    object.__setattr__(bad, "time", time)  # past the int-to-float converter too
    with pytest.raises(IllegalActionError, match=r"^time: ") as refused:
        apply(position(hands={2: MIXED}), bad)
    assert refused.value.reason is CommonReason.MALFORMED


def test_a_whole_number_of_seconds_is_a_float_time() -> None:
    # Decision 18: Call(..., time=2) from a user is the call at 2.0 s, and stores a float.
    call = Call(0, 2, time=2)
    assert call.time == 2.0
    assert type(call.time) is float
    assert apply(position(hands={2: MIXED}), call).clock == 2.0
    assert to_json(call) == to_json(Call(0, 2, time=2.0))
