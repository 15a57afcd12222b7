"""The notation (``place C4``, ``move C4``, ``stay``) and the descriptions of actions."""

from __future__ import annotations

import attrs
import pytest

from crabrules.core import CommonReason, IllegalActionError, Reason
from crabrules.marche_du_crabe import (
    IllegalReason,
    Move,
    Place,
    Stay,
    action_to_str,
    apply,
    describe,
    determinize,
    legal_actions,
    parse_action,
)
from crabrules.marche_du_crabe._board import LABELS
from tests.marche_du_crabe.helpers import position, random_states


def test_cells_are_named_by_column_letter_and_row_from_the_sand_row() -> None:
    assert (LABELS[0], LABELS[5], LABELS[6], LABELS[20], LABELS[35]) == (
        "A1",
        "F1",
        "A2",
        "C4",
        "F6",
    )


def test_every_legal_action_of_random_games_round_trips_through_the_notation() -> None:
    for state in random_states(30, seed=6):
        for action in legal_actions(state):
            text = action_to_str(state, action)
            assert parse_action(state, text) == action
            assert parse_action(state, f"  {text.upper()} ") == action


def test_the_three_actions_are_written_place_move_and_stay() -> None:
    placing = position(revealed=2, token=2)
    assert action_to_str(placing, Place(0, 13)) == "place B3"
    moving = position(token=2)
    assert action_to_str(moving, Move(0, 20)) == "move C4"
    assert action_to_str(moving, Stay(0)) == "stay"


def test_a_bare_card_is_a_placement_while_a_baddie_is_revealed_else_a_move() -> None:
    assert parse_action(position(revealed=2, token=2), "b3") == Place(0, 13)
    assert parse_action(position(token=2), "c4") == Move(0, 20)
    assert parse_action(position(token=2, to_move=1), "D1") == Move(1, 3)


@pytest.mark.parametrize(
    "text",
    ["", "   ", "place", "place G1", "move A7", "move C4 now", "jump C4", "stay C4", "\x00", "C"],
)
def test_text_that_is_no_action_is_bad_notation(text: str) -> None:
    with pytest.raises(IllegalActionError) as refused:
        parse_action(position(token=2), text)
    assert refused.value.reason is CommonReason.BAD_NOTATION


def test_a_value_that_is_not_text_is_bad_notation() -> None:
    with pytest.raises(IllegalActionError) as refused:
        parse_action(position(token=2), None)  # type: ignore[arg-type]
    assert refused.value.reason is CommonReason.BAD_NOTATION


@pytest.mark.parametrize(
    ("revealed", "text", "reason"),
    [
        (2, "place A1", IllegalReason.WRONG_ROW),
        (2, "place E3", IllegalReason.CARD_TAKEN),  # the Swim ring
        (2, "move C4", IllegalReason.PLACE_FIRST),
        (2, "stay", IllegalReason.PLACE_FIRST),
        (None, "move D4", IllegalReason.NOT_IN_LINE),
        (None, "place C4", IllegalReason.ALREADY_PLACED),
    ],
)
def test_an_illegal_action_in_the_notation_is_refused_with_the_rules_reason(
    revealed: int | None, text: str, reason: Reason
) -> None:
    with pytest.raises(IllegalActionError) as refused:
        parse_action(position(token=2, revealed=revealed), text)
    assert refused.value.reason is reason


def test_describe_says_the_action_in_the_games_words() -> None:
    placing = position(revealed=2, token=13, to_move=1)
    assert describe(placing, Place(1, 13)) == (
        "Sunny puts the blue Baddie on B3 (row 3), under the Crabs, costing 1 Shrimp"
    )
    moving = position(token=3, baddies={15: 1, 21: 0})
    assert describe(moving, Move(0, 27)) == (
        "Boater moves the Crabs from D1 to D5, onto the Plastic bottle, crossing 2 Baddies "
        "(1 Shrimp)"
    )
    assert describe(moving, Move(0, 9)) == (
        "Boater moves the Crabs from D1 to D2, onto the Ball, crossing no Baddie"
    )
    assert describe(moving, Stay(0)) == "Boater does not move the Crabs"


def test_describe_tells_nothing_hidden() -> None:
    # Onto the Tyre, one of Sunny's Forbidden Items: said the same as onto a free Item.
    state = position(token=0, freed=frozenset({0}))
    twin = determinize(state, None, 3)
    assert twin.forbidden != state.forbidden
    for action in legal_actions(state):
        assert describe(state, action) == describe(twin, action)


def test_describe_and_the_notation_refuse_an_illegal_action() -> None:
    state = position(token=2)
    for function in (describe, action_to_str):
        with pytest.raises(IllegalActionError):
            function(state, Move(0, 21))
        with pytest.raises(IllegalActionError):
            function(state, Move(0, 99))
        with pytest.raises(IllegalActionError):
            function(state, attrs.evolve(Stay(0), player=1))


def test_the_notation_of_a_finished_game_is_refused() -> None:
    after = apply(position(token=2, shrimps=0, baddies={14: 1}), Move(0, 20))
    with pytest.raises(IllegalActionError) as refused:
        parse_action(after, "stay")
    assert refused.value.reason is CommonReason.GAME_OVER
