"""The text record format: what it writes, and every mistake named by its line."""

from __future__ import annotations

import pickle

import pytest

from crabrules import GameRecord, crab_stack
from crabrules.record import (
    MAX_CHARACTERS,
    RecordSyntaxError,
    parse,
    parse_text_record,
    write,
)


def _record(moves: int = 3) -> GameRecord:
    config = crab_stack.Config(players=2)
    state = crab_stack.initial_state(config, seed=3)
    actions = []
    for _ in range(moves):
        action = crab_stack.legal_actions(state)[0]
        actions.append(action)
        state = crab_stack.apply(state, action)
    return GameRecord.of("crab-stack", config, 3, actions)


TEXT = write(_record())


def _lines() -> list[str]:
    return TEXT.splitlines()


def _with(index: int, line: str) -> str:
    lines = _lines()
    lines[index] = line
    return "\n".join(lines)


def test_the_text_has_headers_then_one_move_a_line() -> None:
    lines = _lines()
    assert lines[0] == '[Game "crab-stack"]'
    assert lines[3] == "[Seed 3]"
    assert lines[4] == '[Result "*"]'
    assert lines[5] == ""
    assert lines[6:] == ["1. P1: A2-A1", "2. P0: B3-A3", "3. P1: A1-B1"]


def test_a_finished_game_names_its_winner_and_reason() -> None:
    config = crab_stack.Config(players=2)
    state = crab_stack.initial_state(config, seed=3)
    actions = []
    while not crab_stack.is_terminal(state):
        action = crab_stack.legal_actions(state)[-1]
        actions.append(action)
        state = crab_stack.apply(state, action)
    outcome = crab_stack.outcome(state)
    assert outcome is not None
    text = write(GameRecord.of("crab-stack", config, 3, actions))
    winner = min(outcome.winners)
    assert f'[Result "P{winner} wins: {outcome.reason}"]' in text.splitlines()
    assert parse(text).actions == tuple(actions)


def test_a_hand_written_record_with_comments_reads() -> None:
    text = "; written by hand\n" + TEXT.replace("\n1. ", "\n; the first move\n1. ")
    assert parse(text) == _record()


def test_the_players_header_is_kept() -> None:
    text = write(_record(), players=["ana", "bo"])
    assert parse_text_record(text).players == ("ana", "bo")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (_with(3, "[Seed x]"), "line 4: Seed: not JSON"),
        (_with(3, '[Seed "3"]'), "line 4: Seed: a JSON int"),
        (_with(0, '[Game "chess"]'), "line 1: Game: "),
        (_with(3, "[seed 3]"), "line 4: seed: the format's header is 'Seed'"),
        (_with(0, "Game crab-stack"), "line 1: a move is 'N. P<player>: <notation>'"),
        (TEXT + "[Seed 4]\n", "line 10: a header after the moves"),
        (
            _with(4, '[Result "P0 wins: last_player"]'),
            "line 5: Result: the game ends '*'",
        ),
        (_with(6, "2. P1: A2-A1"), "line 7: move 2 where move 1 was due"),
        (_with(6, "1. P0: A2-A1"), "line 7: move 1 is P1's, not P0's"),
        (_with(6, "1. P1: Z9-Z8"), "line 7: move 1: "),
        (_with(6, "1. P1 A2-A1"), "line 7: a move is 'N. P<player>: <notation>'"),
        (TEXT.replace('[Game "crab-stack"]\n', ""), "line 1: missing header(s): Game"),
        (TEXT.replace("[Seed 3]", "[Seed 3]\n[Seed 4]"), "line 5: Seed: given twice"),
        (_with(2, '[Config {"players": 9}]'), "line 3: Config: "),
        (_with(3, "[Seed " + "[" * 100_000 + "]"), "line 4: Seed: not JSON"),
    ],
)
def test_a_mistake_is_named_by_its_line(text: str, message: str) -> None:
    with pytest.raises(RecordSyntaxError) as caught:
        parse(text)
    assert str(caught.value).startswith(message), str(caught.value)


def test_a_record_too_long_is_refused_before_reading() -> None:
    with pytest.raises(RecordSyntaxError, match="at most"):
        parse(" " * (MAX_CHARACTERS + 1))


def test_the_error_pickles_with_its_line() -> None:
    error = RecordSyntaxError(7, "move 1: no")
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.line, str(copy)) == (7, "line 7: move 1: no")
