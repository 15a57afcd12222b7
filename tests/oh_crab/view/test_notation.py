"""The notation (action_to_str, parse_action) and the descriptions of actions."""

from __future__ import annotations

import random

import pytest

from crabrules.core.errors import (
    CommonReason,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
)
from crabrules.oh_crab import (
    SCENARIOS,
    Config,
    EndTurn,
    IllegalReason,
    Move,
    Primitive,
    Shift,
    Use,
    action_to_str,
    apply,
    cell_label,
    describe,
    initial_state,
    is_terminal,
    legal_actions,
    parse_action,
    parse_cell,
    render,
)
from tests.oh_crab.helpers import at, cid, grant, make

P = Primitive


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_legal_action_round_trips_through_the_notation(scenario: str) -> None:
    rnd = random.Random(5)
    state = initial_state(Config(players=4, scenario=scenario), seed=5)
    while not is_terminal(state):
        actions = legal_actions(state)
        for action in actions:
            text = action_to_str(state, action)
            assert parse_action(state, text) == action, text
            assert "\n" not in describe(state, action)
        state = apply(state, rnd.choice(actions), check=False)


def test_cell_labels_are_the_ones_render_prints() -> None:
    state = make(crabs=(at(3, 2), at(0, 0), at(0, 4)))
    lines = render(state).splitlines()
    assert lines[0] == "     a   b   c   d   e"
    row3 = next(line for line in lines if line.startswith(" 3 |"))
    # Column c of row 3 holds red's crab: its label is c3.
    assert row3.split("|")[1].split()[2] == "<0>"
    assert cell_label(at(3, 2)) == "c3"
    assert parse_cell("c3") == at(3, 2)
    assert parse_cell("c03") is None


@pytest.mark.parametrize("text", ["c\u0663", "c\uff13", "c\u00b3", "c" + "9" * 5000])
def test_a_cell_label_is_a_letter_and_a_short_row_in_ascii_digits(text: str) -> None:
    assert parse_cell(text) is None


def test_moves_pushes_and_discards_in_the_notation() -> None:
    state = make(
        crabs=(at(1, 2), at(2, 2), at(0, 4)),
        hands=[[cid("red-1")], [], []],
        queue=[P.MOVE_FORWARD],
    )
    (push,) = [a for a in legal_actions(state) if isinstance(a, Move)][:1]
    assert action_to_str(state, push) == "red: move c2 push c3"
    assert describe(state, push) == "red moves from c1 to c2, pushing orange to c3"
    assert parse_action(state, "red: move c2 push d3") == Move(0, at(2, 2), pushes=(at(3, 3),))


def test_actions_of_the_turn_are_named_by_source_and_name() -> None:
    grants = [grant("move_forward"), grant("move_forward"), grant("faster")]
    state = make(
        crabs=(at(1, 2), at(0, 0), at(0, 4)), hands=[[cid("red-1")], [], []], grants=grants
    )
    assert [action_to_str(state, a) for a in legal_actions(state)] == [
        "red: use main:move_forward",
        "red: use main:move_forward/2",
        "red: use special:faster",
        "red: end",
    ]
    assert parse_action(state, "red: use main:move_forward/2") == Use(0, 1)
    assert describe(state, Use(0, 2)) == "red uses the special action Faster!"
    assert "main:move_forward/2 = the main action" in render(state)


def test_shift_names_the_crab_by_its_colour() -> None:
    crabs = (at(1, 0), at(3, 1), at(4, 3))
    state = apply(make(crabs=crabs, grants=[grant("seagull")]), Use(0, 0))
    assert parse_action(state, "red: shift orange b2") == Shift(0, 1, at(2, 1))
    assert describe(state, Shift(0, 1, at(2, 1))) == "red moves orange from b3 to b2"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "move c2",
        "purple: end",
        "red:",
        "red: fly",
        "red: move",
        "red: move z9",
        "red: move c99",
        "red: plan nosuchcard",
        "red: end now",
        "red: use tile:Zz",
        "red: add up",
        "red: rest keep red-1 take m7",
    ],
)
def test_text_that_is_not_the_notation_is_bad_notation(text: str) -> None:
    state = make(crabs=(at(1, 2), at(0, 0), at(0, 4)), grants=[grant("move_forward")])
    with pytest.raises(IllegalActionError) as refused:
        parse_action(state, text)
    assert refused.value.reason is CommonReason.BAD_NOTATION


def test_notation_for_an_illegal_action_gets_the_rules_reason() -> None:
    state = make(crabs=(at(1, 2), at(0, 0), at(0, 4)), grants=[grant("move_forward")])
    with pytest.raises(IllegalActionError) as refused:
        parse_action(state, "red: move c2")
    assert refused.value.reason is IllegalReason.WRONG_PHASE
    moving = apply(state, Use(0, 0))
    with pytest.raises(IllegalActionError) as refused:
        parse_action(moving, "red: move e5")
    assert refused.value.reason is IllegalReason.BAD_DESTINATION
    with pytest.raises(NotYourTurnError):
        parse_action(moving, "orange: end")
    assert parse_action(moving, "red: move c2") == Move(0, at(2, 2))


def test_parse_action_refuses_any_action_once_the_game_is_over() -> None:
    state = make(crabs=(-1, at(1, 1), at(1, 2)), current=2, cook=0)
    over = apply(state, EndTurn(2))
    with pytest.raises(GameOverError):
        parse_action(over, "red: end")
