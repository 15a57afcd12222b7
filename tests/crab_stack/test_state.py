"""The state as data: documents, corrupt documents, views, the picture and its size.

Also the page's decision 7 (a crab is an int, stacks bottom to top) as JSON, and perfect
information (observe shows everything, determinize changes nothing).
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

from crabrules import DeserializationError, from_dict, from_json, to_dict, to_json
from crabrules import crab_stack as cs
from crabrules.core import InvalidConfigError, InvalidStateError, NotAStateError
from tests.crab_stack.helpers import (
    RED_COVERS_BLUE,
    SHUFFLE,
    TIED_SPLIT,
    A,
    B,
    C,
    D,
    E,
    build,
    move,
    random_games,
    sketch,
)


def test_states_round_trip_through_json() -> None:
    for game in random_games(12):
        for state in game:
            assert from_json(to_json(state), cs.State) == state


def test_a_pending_tie_round_trips() -> None:
    tied = move(build(TIED_SPLIT), C, D)
    assert tied.pending
    assert from_json(to_json(tied), cs.State) == tied


def test_a_move_document_is_plain_json() -> None:
    assert (
        to_json(cs.Move(0, 3, 5))
        == '{"format_version":1,"type":"move","player":0,"src":3,"dst":5}'
    )
    keep = '{"format_version":1,"type":"keep_group","player":1,"cell":4}'
    assert from_json(keep, cs.Action) == cs.KeepGroup(1, 4)


def test_termination_loads_as_the_enum() -> None:
    over = move(build(RED_COVERS_BLUE), A, B)
    assert from_json(to_json(over), cs.State).termination is cs.Termination.LAST_PLAYER


def _corrupt(state: cs.State, **changes: Any) -> dict[str, Any]:
    document: dict[str, Any] = to_dict(state)
    document.update(changes)
    return document


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"stacks": [[0]] * 17}, "stacks"),
        ({"seed": -1}, "seed"),
        ({"to_move": 2}, "to_move"),
        ({"eliminated": [0, 0]}, "eliminated"),
        ({"eliminated": [1]}, "at most one player"),
        ({"turn": -1}, "turn"),
        ({"tops_by_player": [0, 0]}, "tops"),
        ({"pending": [[0], [1]]}, "pending"),
        ({"history": []}, "history"),
        ({"history": [12345 << 12]}, "history"),
        ({"termination": "repetition"}, "history"),
        ({"termination": "won"}, "termination"),
    ],
)
def test_corrupt_state_documents_are_refused(changes: dict[str, Any], message: str) -> None:
    state = cs.initial_state(seed=4)
    with pytest.raises(DeserializationError, match=message):
        from_dict(_corrupt(state, **changes), cs.State)


def test_impossible_stacks_are_refused() -> None:
    state = cs.initial_state(seed=4)
    stacks = [list(s) for s in to_dict(state)["stacks"]]
    too_many = [[0, 0, 0, 0], *stacks[1:]]
    with pytest.raises(DeserializationError, match="more than 3"):
        from_dict(_corrupt(state, stacks=too_many), cs.State)
    unknown = [[6], *stacks[1:]]
    with pytest.raises(DeserializationError, match="no crab 6"):
        from_dict(_corrupt(state, stacks=unknown), cs.State)


def test_split_crabs_without_a_pending_decision_are_refused() -> None:
    split = {A: "rL", B: "bL", D: "bL", E: "rL"}  # {A, B} and {D, E}
    with pytest.raises(InvalidStateError, match="several groups"):
        build(split)
    with pytest.raises(DeserializationError, match="several groups"):
        from_dict(to_dict(sketch(split)), cs.State)


def test_observation_shows_the_whole_position_to_everyone() -> None:
    state = cs.initial_state(cs.Config(players=3), seed=6)
    views = [cs.observe(state, p) for p in (None, 0, 1, 2)]
    assert all(v.stacks == state.stacks and v.to_move == state.to_move for v in views)
    assert {v.player for v in views} == {None, 0, 1, 2}
    assert views[0].repetitions == 1


def test_an_observation_as_json_has_every_cells_coordinates_label_and_crab_names() -> None:
    # The reference board's config says layout null: the observation still has the board.
    config = cs.Config(players=3, colours=("teal", "plum", "gold"))
    view = json.loads(to_json(cs.observe(cs.initial_state(config, seed=6), 1)))
    assert view["config"]["layout"] is None
    assert view["spaces"] == [list(coord) for coord in cs.reference_layout(3)]
    assert view["labels"] == list(cs.cell_labels(cs.reference_layout(3)))
    assert view["crab_names"][0] == "teal small crab"
    assert view["crab_names"][3 * 2 + 2] == "gold large crab"
    assert len(view["crab_names"]) == 9
    for stack in view["stacks"]:
        assert all(
            view["crab_names"][crab] == cs.crab_name(crab, config.colours) for crab in stack
        )


def test_an_observation_of_a_custom_board_has_that_boards_coordinates() -> None:
    layout = tuple((q, 0) for q in range(18))  # one long row
    view = cs.observe(cs.initial_state(cs.Config(layout=layout), seed=2), None)
    assert view.spaces == layout
    assert view.labels == tuple(f"A{i}" for i in range(1, 19))


def test_an_observation_document_without_the_board_data_loads_and_wrong_data_is_refused() -> None:
    view = cs.observe(cs.initial_state(seed=3), 0)
    document = to_dict(view)
    for name in ("spaces", "labels", "crab_names"):
        del document[name]
    assert from_dict(document, cs.Observation) == view  # derived from the config
    wrong = {**to_dict(view), "labels": ["Z9", *to_dict(view)["labels"][1:]]}
    with pytest.raises(DeserializationError, match="labels: the config's"):
        from_dict(wrong, cs.Observation)
    with pytest.raises(InvalidStateError, match="crab_names: the config's"):
        cs.check_observation(attrs.evolve(view, crab_names=("a", "b")))


def test_determinize_returns_the_state_itself() -> None:
    state = cs.initial_state(seed=6)
    assert cs.determinize(state, 0, seed=99) is state


def test_render_shows_top_crab_and_height_of_each_stack() -> None:
    state = build({A: "bS rL", B: "bM", C: "rS", D: "bL"})
    picture = cs.render(state)
    assert picture.splitlines()[0] == "Crab Stack, turn 0: red to move"
    rows = picture.splitlines()
    assert rows[-4].split() == ["rL2", "bM1", "rS1"]  # A, B, C: the bottom row, r = 2
    assert rows[-3].split() == ["E1", "E2", "E3"]  # their labels, under them
    assert rows[-6].split() == [".", ".", ".", "bL1"]  # D = (1, 1) ends the row r = 1
    assert rows[-5].split() == ["D1", "D2", "D3", "D4"]
    assert "r = red, b = blue" in picture


def test_render_says_how_the_game_ended() -> None:
    over = move(build(RED_COVERS_BLUE), A, B)
    assert cs.render(over).splitlines()[0] == (
        "Crab Stack, turn 1: red wins, the last player left; out: blue"
    )


def test_one_state_takes_under_10_kib() -> None:
    largest = max(len(to_json(state)) for game in random_games(30, seed=100) for state in game)
    assert largest < 10 * 1024


@pytest.mark.parametrize(
    ("max_turns", "changes"),
    [
        (None, {"termination": "turn_limit"}),  # no turn limit to reach
        (5, {"termination": "turn_limit"}),  # turn 0 of 5
        (5, {"turn": 5}),  # the limit is reached, yet the game goes on
    ],
)
def test_a_turn_limit_end_that_does_not_match_the_turns_is_refused(
    max_turns: int | None, changes: dict[str, Any]
) -> None:
    state = cs.initial_state(cs.Config(max_turns=max_turns), seed=4)
    with pytest.raises(DeserializationError, match="turn"):
        from_dict(_corrupt(state, **changes), cs.State)


@pytest.mark.parametrize("to_move", [0, 1])
def test_a_player_still_in_without_a_legal_move_is_refused(to_move: int) -> None:
    # Blue's only crab, a small one, has no three spaces to cross: blue would have been
    # eliminated by the move that left it so (decision 5), whoever is to move.
    stuck = {A: "rL", B: "bS", C: "rS"}
    assert cs.legal_actions(sketch(stuck, to_move=1)) == ()
    with pytest.raises(InvalidStateError, match=r"blue \(player 1\) has no legal move"):
        build(stuck, to_move=to_move)
    with pytest.raises(DeserializationError, match="no legal move"):
        from_dict(to_dict(sketch(stuck, to_move=to_move)), cs.State)


_ONE_EACH = [(cs.crab(0, cs.Size.LARGE),), (cs.crab(1, cs.Size.LARGE),)] + [()] * 16


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"stacks": [(99,), *_ONE_EACH[1:]]}, InvalidStateError, "no crab 99"),
        ({"stacks": [(-1,), *_ONE_EACH[1:]]}, InvalidStateError, "no crab -1"),
        ({"stacks": [(6,), *_ONE_EACH[1:]]}, InvalidStateError, "no crab 6 with 2 players"),
        ({"stacks": [(True,), *_ONE_EACH[1:]]}, InvalidStateError, "a crab is an int"),
        ({"stacks": [(2.0,), *_ONE_EACH[1:]]}, InvalidStateError, "a crab is an int"),
        ({"stacks": ["rL", *_ONE_EACH[1:]]}, InvalidStateError, r"stacks\[0\]"),
        ({"stacks": _ONE_EACH[:17]}, InvalidStateError, "18 spaces, not 17"),
        ({"stacks": [*_ONE_EACH, ()]}, InvalidStateError, "18 spaces, not 19"),
        ({"stacks": None}, InvalidStateError, "stacks"),
        ({"stacks": [(5, 5, 5, 5), *_ONE_EACH[1:]]}, InvalidStateError, "more than 3"),
        ({"to_move": 5}, InvalidStateError, "to_move"),
        ({"to_move": -1}, InvalidStateError, "to_move"),
        ({"to_move": True}, InvalidStateError, "to_move"),
        ({"to_move": None}, InvalidStateError, "to_move"),
        ({"eliminated": (1,)}, InvalidStateError, "at most one player"),
        ({"eliminated": (7,)}, InvalidStateError, "eliminated"),
        ({"eliminated": 1}, InvalidStateError, "eliminated"),
        ({"turn": -1}, InvalidStateError, "turn"),
        ({"turn": 1.5}, InvalidStateError, "turn"),
        ({"seed": -1}, InvalidConfigError, "seed"),
        ({"config": None}, InvalidConfigError, "config"),
    ],
)
def test_position_refuses_what_no_game_can_reach(
    arguments: dict[str, Any], error: type[Exception], message: str
) -> None:
    given: dict[str, Any] = {"config": cs.Config(), "stacks": _ONE_EACH, "to_move": 0}
    given.update(arguments)
    with pytest.raises(error, match=message):
        cs.position(**given)


def test_position_builds_a_state_that_check_state_accepts() -> None:
    state = cs.position(cs.Config(), _ONE_EACH, to_move=1, turn=4, seed=2**63)
    cs.check_state(state)
    assert (state.to_move, state.turn, state.seed) == (1, 4, 2**63)


def test_check_state_refuses_a_non_state_and_wrong_field_types() -> None:
    state = cs.initial_state(seed=4)
    with pytest.raises(NotAStateError):
        cs.check_state(cs.observe(state, None))  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="turn: expected an int"):
        cs.check_state(attrs.evolve(state, turn=0.0))  # type: ignore[arg-type]
    bad = (*state.stacks[:3], [1], *state.stacks[4:])
    with pytest.raises(InvalidStateError, match=r"stacks\[3\]"):
        cs.check_state(attrs.evolve(state, stacks=bad))  # type: ignore[arg-type]


def test_a_record_longer_than_the_game_is_refused() -> None:
    state = move(build(SHUFFLE), A, B)
    assert len(state.history) == 2
    with pytest.raises(DeserializationError, match="turn"):
        from_dict(_corrupt(state, turn=0), cs.State)
