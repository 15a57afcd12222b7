"""The notation: labels printed under every space, moves as ``C4-E2``, ties as ``keep B1``."""

from __future__ import annotations

import pytest

from crabrules import crab_stack as cs
from crabrules.core import CommonReason, GameOverError, IllegalActionError, NotAStateError
from tests.crab_stack.helpers import (
    RED_COVERS_BLUE,
    TIED_SPLIT,
    A,
    B,
    C,
    D,
    E,
    build,
    cell,
    random_games,
    sketch,
)
from tests.crab_stack.helpers import move as play


def test_every_label_render_prints_is_under_its_own_space() -> None:
    for players in (2, 3, 4):
        state = cs.initial_state(cs.Config(players=players), seed=players)
        lines = cs.render(state).splitlines()[1:-2]
        labels = cs.cell_labels(state.config.spaces)
        for row, under in zip(lines[::2], lines[1::2], strict=True):
            # Each label starts in the column of its space's token.
            tokens = {i for i, ch in enumerate(row) if ch != " " and (i == 0 or row[i - 1] == " ")}
            names = {
                i for i, ch in enumerate(under) if ch != " " and (i == 0 or under[i - 1] == " ")
            }
            assert tokens == names
        printed = [name for line in lines[1::2] for name in line.split()]
        assert sorted(printed) == sorted(labels)


def test_labels_are_row_letter_then_place_in_the_row() -> None:
    labels = cs.cell_labels(cs.reference_layout(4))
    assert labels[:5] == ("A1", "A2", "A3", "A4", "B1")
    # Row D has the open-water centre in the middle: its fourth space is right of it.
    d4 = labels.index("D4")
    assert cs.reference_layout(4)[d4] == (1, 0)


def test_every_legal_action_of_random_games_round_trips() -> None:
    for game in random_games(12, seed=2):
        for state in game[::3]:
            for action in cs.legal_actions(state):
                assert cs.parse_action(state, cs.action_to_str(state, action)) == action


@pytest.mark.parametrize("text", ["E1-E3", "e1-e3", " E1 - E3 ", "E1 E3", "E1->E3", "e1e3"])
def test_a_move_is_read_in_any_case_and_spacing(text: str) -> None:
    state = build({A: "rM", B: "bS", C: "bS", D: "bL", E: "rL"})
    assert cs.parse_action(state, text) == cs.Move(0, cell(state.config, A), cell(state.config, C))


def test_a_tie_is_settled_by_naming_any_space_of_the_group_that_stays() -> None:
    tied = play(build(TIED_SPLIT), C, D)
    de = min(cell(tied.config, D), cell(tied.config, E))
    assert cs.action_to_str(tied, cs.KeepGroup(0, de)) == "keep C4"
    assert cs.parse_action(tied, "keep C4") == cs.KeepGroup(0, de)
    assert cs.parse_action(tied, "KEEP d4") == cs.KeepGroup(0, de)


@pytest.mark.parametrize("text", ["", "   ", "E1", "E1-", "move E1 E3", "keep", "1E-3E", "\x00"])
def test_text_that_is_no_action_is_bad_notation(text: str) -> None:
    state = cs.initial_state(seed=1)
    with pytest.raises(IllegalActionError) as refused:
        cs.parse_action(state, text)
    assert refused.value.reason is CommonReason.BAD_NOTATION


def test_a_space_the_board_lacks_is_bad_notation() -> None:
    state = cs.initial_state(seed=1)
    with pytest.raises(IllegalActionError, match="no space F1") as refused:
        cs.parse_action(state, "A1-F1")
    assert refused.value.reason is CommonReason.BAD_NOTATION
    with pytest.raises(IllegalActionError) as refused:
        cs.parse_action(state, 12)  # type: ignore[arg-type]
    assert refused.value.reason is CommonReason.BAD_NOTATION


def test_a_parsed_but_illegal_action_gets_the_rules_reason() -> None:
    state = sketch({A: "rM", B: "bS", C: "bL", D: "bS", E: "rS"})
    reason = cs.IllegalReason
    for text, expected in [
        ("E2-E1", reason.NOT_YOUR_CRAB),
        ("E1-E2", reason.NO_PATH),
        ("E1-E3", reason.TOO_BIG),
        ("A1-E1", reason.NO_CRAB),
        ("keep E1", reason.NO_WAVE_DECISION),
    ]:
        with pytest.raises(IllegalActionError) as refused:
            cs.parse_action(state, text)
        assert refused.value.reason is expected, text


def test_no_action_is_read_once_the_game_is_over() -> None:
    over = play(build(RED_COVERS_BLUE), A, B)
    with pytest.raises(GameOverError):
        cs.parse_action(over, "E2-E3")


def test_the_notation_and_words_refuse_what_is_not_a_state() -> None:
    move = cs.Move(0, 0, 1)
    for call in (
        lambda: cs.parse_action(None, "A1-A2"),  # type: ignore[arg-type]
        lambda: cs.action_to_str(None, move),  # type: ignore[arg-type]
        lambda: cs.describe(None, move),  # type: ignore[arg-type]
        lambda: cs.apply_with_events(None, move),  # type: ignore[arg-type]
    ):
        with pytest.raises(NotAStateError):
            call()


def test_a_board_too_wide_for_100_columns_is_listed_by_label() -> None:
    line = tuple((q, 0) for q in range(18))  # one row of 18 spaces: 107 columns as hexes
    state = cs.initial_state(cs.Config(layout=line), seed=1)
    picture = cs.render(state).splitlines()
    assert max(map(len, picture)) <= 100
    listed = [entry.split()[0] for row in picture[1:-2] for entry in row.split("  ")]
    assert listed == list(cs.cell_labels(line))
    assert listed[:2] == ["A1", "A2"]
