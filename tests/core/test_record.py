"""Game records and replay, against the conformance suite's tic-tac-toe."""

from __future__ import annotations

import pickle

import pytest

from crabrules.core import (
    DeserializationError,
    GameRecord,
    ReplayError,
    UnknownGameError,
    from_json,
    replay,
    to_dict,
    to_json,
)
from tests.conformance import tictactoe as ttt


def record(*cells: int, first: int = 0) -> GameRecord:
    players = [first, 1 - first]
    actions = [ttt.Mark(players[i % 2], cell) for i, cell in enumerate(cells)]
    return GameRecord.of("tic-tac-toe", ttt.Config(first_player=first), 7, actions)


def test_replay_rebuilds_the_final_state() -> None:
    state = replay(record(4, 0, 8))
    assert state.board == (1, -1, -1, -1, 0, -1, -1, -1, 0)
    assert state.seed == 7


def test_replay_names_the_move_number_of_the_first_illegal_action() -> None:
    with pytest.raises(ReplayError) as error:
        replay(record(4, 0, 4, 8))
    assert error.value.move_number == 3
    assert str(error.value).startswith("move 3: ")
    assert error.value.action == ttt.Mark(0, 4)
    assert error.value.reason is ttt.IllegalReason.OCCUPIED


def test_replay_error_survives_pickling() -> None:
    with pytest.raises(ReplayError) as error:
        replay(record(4, 4))
    copy = pickle.loads(pickle.dumps(error.value))
    assert (copy.move_number, copy.message, copy.reason) == (
        2,
        error.value.message,
        ttt.IllegalReason.OCCUPIED,
    )


def test_a_record_round_trips_through_json() -> None:
    original = record(0, 1, 2)
    assert from_json(to_json(original), GameRecord) == original


def test_a_record_names_the_library_version_that_wrote_it() -> None:
    import crabrules

    assert record().library_version == crabrules.__version__


def test_a_record_of_an_unknown_game_is_refused_with_the_known_ids() -> None:
    document = to_dict(record(0))
    document["game"] = "chess"
    with pytest.raises(
        DeserializationError, match=r"unknown game 'chess'; known games: .*tic-tac-toe"
    ):
        from_json(to_json_dict(document), GameRecord)


def test_replaying_an_unknown_game_raises_unknown_game_error() -> None:
    with pytest.raises(UnknownGameError):
        replay(GameRecord.of("chess", None, 1, []))


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("actions", [{"type": "mark", "player": 0, "cell": "x"}], "@ $.actions[0].cell"),
        ("actions", [{"type": "pass", "player": 0}], "@ $.actions[0]"),
        ("actions", {"a": 1}, "expected a list of actions"),
        ("seed", "7", "@ $.seed"),
        ("config", {"first_player": 5}, "first_player"),
    ],
)
def test_a_bad_record_says_where(field: str, value: object, message: str) -> None:
    document = to_dict(record(0))
    document[field] = value
    with pytest.raises(DeserializationError) as error:
        from_json(to_json_dict(document), GameRecord)
    assert message in str(error.value)


def test_a_record_missing_fields_or_with_extra_ones_is_refused() -> None:
    document = to_dict(record(0))
    del document["seed"]
    with pytest.raises(DeserializationError, match="required field missing seed"):
        from_json(to_json_dict(document), GameRecord)
    document = to_dict(record(0))
    document["comment"] = "gg"
    with pytest.raises(DeserializationError, match="unknown field"):
        from_json(to_json_dict(document), GameRecord)


def to_json_dict(document: dict[str, object]) -> str:
    import json

    return json.dumps(document)
