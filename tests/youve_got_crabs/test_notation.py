"""The notation: round trips, the labels render prints, refusals."""

from __future__ import annotations

import random

import pytest

from crabrules.core import CommonReason, IllegalActionError, NotAStateError
from crabrules.youve_got_crabs import (
    POT,
    Answer,
    Call,
    Collect,
    Config,
    Confirm,
    IllegalReason,
    PickUp,
    PutDown,
    Resolve,
    Signal,
    Swap,
    action_to_str,
    apply,
    initial_state,
    is_terminal,
    legal_actions,
    parse_action,
    render,
)
from tests.youve_got_crabs.helpers import FOUR_KINGS, JAB, play, position


def test_every_legal_action_of_random_games_round_trips() -> None:
    rnd = random.Random(8)
    for config in (
        Config(teams=5),
        Config(teams=2, types=("Ab", "Jab", "Taxi"), copies=8, removed_types=()),
    ):
        for seed in range(3):
            state = initial_state(config, seed=seed)
            for _ in range(200):
                if is_terminal(state):
                    break
                for action in legal_actions(state):
                    text = action_to_str(state, action)
                    assert parse_action(state, text) == action
                    assert parse_action(state, text.lower()) == action
                state = apply(state, rnd.choice(legal_actions(state)))


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Swap(0, hand_slot=0, ocean_slot=3), "P0 swap 1D"),
        (PutDown(2), "P2 down"),
        (Signal(3), "P3 signal"),
        (Call(1, 2, time=31.2), "P1 call P2 @31.2"),
        (Call(1, 2, time=0.1 + 0.2), "P1 call P2 @0.30000000000000004"),
    ],
)
def test_actions_are_written_in_the_labels_render_prints(action: object, text: str) -> None:
    state = initial_state(seed=4)
    assert action_to_str(state, action) == text  # type: ignore[arg-type]
    picture = render(state)
    for label in ("P0 T0 side 0  1 ", "Ocean  A ", "  D ", "Legend: Pn player n"):
        assert label in picture


def test_a_call_keeps_its_time_exactly_and_without_a_time_means_the_clock() -> None:
    state = apply(position(hands={2: FOUR_KINGS}), Call(3, 0, time=7.25))
    parsed = parse_action(state, "P1 call P2 @0.30000000000000004")
    assert isinstance(parsed, Call)
    assert parsed.time == 0.1 + 0.2
    untimed = parse_action(state, "P1 call P2")
    assert isinstance(untimed, Call)
    assert untimed.time == 7.25
    assert parse_action(state, "P1 CALL p2 @3") == Call(1, 2, time=3.0)


def test_a_call_time_written_with_an_exponent_reads_back() -> None:
    # The notation writes a time as Python's repr, which uses an exponent for tiny and
    # huge numbers; only ASCII digits are read.
    state = apply(position(hands={2: FOUR_KINGS}), Call(3, 0, time=7.25))
    for time in (1e-05, 1e16):
        text = action_to_str(state, Call(1, 2, time=time))
        assert "e" in text
        parsed = parse_action(state, text)
        assert isinstance(parsed, Call)
        assert parsed.time == time


def test_the_other_actions_parse() -> None:
    state = position(hands={0: FOUR_KINGS, 1: (JAB,) * 4})
    assert parse_action(state, "P0 swap 4a") == Swap(0, 3, 0)
    assert parse_action(play(state, PutDown(0)), "P0 up") == PickUp(0)
    offer = play(state, PutDown(0), PutDown(2), Confirm(0), Confirm(2))
    assert parse_action(offer, "P1 no") == Answer(1, False)
    assert parse_action(offer, "P3 yes") == Answer(3, True)
    waiting = apply(state, Call(0, 1, time=1.0))
    assert parse_action(waiting, "P0 resolve") == Resolve(0)
    claim = apply(waiting, Call(1, 0, time=1.5))
    assert parse_action(claim, "P1 collect pot") == Collect(1, POT)
    assert parse_action(claim, "P1 collect T1") == Collect(1, 1)
    assert action_to_str(claim, Collect(1, 1)) == "P1 collect T1"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "P0",
        "swap 1D",
        "P0 swap",
        "P0 swap 5A",
        "P0 swap 1E",
        "P0 swap 1 D",
        "Px down",
        "P0 jump",
        "P0 down now",
        "P1 call P0 @",
        "P1 call P0 @nan",
        "P1 call P0 @inf",
        "P1 call P0 31.2",
        "P1 call P0 @1_0",
        "P1 call P0 @\u0661",
        "P1 call P0 @\uff11.5",
        "P1 call P0 @1e400",
        "P\u0661 down",
        "P1 collect T\uff10",
        "P1 collect team",
        "P123 down",
    ],
)
def test_text_that_is_not_the_notation_is_refused(text: str) -> None:
    with pytest.raises(IllegalActionError) as refused:
        parse_action(initial_state(seed=4), text)
    assert refused.value.reason is CommonReason.BAD_NOTATION


def test_a_parsed_but_illegal_action_is_refused_with_the_rules_reason() -> None:
    state = initial_state(seed=4)
    with pytest.raises(IllegalActionError) as refused:
        parse_action(state, "P1 swap 1A")
    assert refused.value.reason is IllegalReason.NOT_YOUR_SIDE
    with pytest.raises(IllegalActionError) as refused:
        parse_action(state, "P9 down")
    assert refused.value.reason is IllegalReason.NO_SUCH_PLAYER
    with pytest.raises(IllegalActionError) as refused:
        parse_action(state, "P1 call P1")
    assert refused.value.reason is IllegalReason.BAD_TARGET


def test_notation_refuses_what_is_not_a_state_or_an_action() -> None:
    state = initial_state(seed=4)
    with pytest.raises(NotAStateError):
        parse_action(None, "P0 down")  # type: ignore[arg-type]
    with pytest.raises(NotAStateError):
        action_to_str("state", PutDown(0))  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError) as refused:
        action_to_str(state, Swap(0, 1.0, 0))  # type: ignore[arg-type]
    assert refused.value.reason is CommonReason.MALFORMED
    with pytest.raises(IllegalActionError) as refused:
        parse_action(state, 42)  # type: ignore[arg-type]
    assert refused.value.reason is CommonReason.BAD_NOTATION
