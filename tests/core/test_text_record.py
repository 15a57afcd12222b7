"""The text record format: what it writes, and every mistake named by its line."""

from __future__ import annotations

import json
import pickle

import pytest

from crabrules import GameRecord, crab_stack
from crabrules.record import (
    MAX_CHARACTERS,
    RecordSyntaxError,
    is_text_record,
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


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("1" * 5000 + ". P1: A2-A1", "line 7: move 1111"),
        ("1. P" + "1" * 5000 + ": A2-A1", "line 7: move 1 is P1's, not P1111"),
        ("001. P01: A2-A1", ""),
    ],
    ids=["number", "player", "leading zeros read as before"],
)
def test_a_number_of_thousands_of_digits_is_a_record_error(line: str, message: str) -> None:
    text = _with(6, line)
    if not message:
        assert parse(text) == parse(TEXT)
        return
    with pytest.raises(RecordSyntaxError) as caught:
        parse(text)
    assert str(caught.value).startswith(message)
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("digit", ["\u0661", "\uff11"], ids=["arabic-indic", "fullwidth"])
def test_move_numbers_and_players_are_ascii_digits(digit: str) -> None:
    for line in (f"{digit}. P1: A2-A1", f"1. P{digit}: A2-A1"):
        with pytest.raises(RecordSyntaxError, match="line 7: a move is"):
            parse(_with(6, line))


@pytest.mark.parametrize("breaker", ["\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c", "\r"])
def test_lines_end_at_newline_only(breaker: str) -> None:
    config = crab_stack.Config(players=2, colours=(f"red{breaker}", "blue"))
    record = GameRecord.of("crab-stack", config, 3, _record().actions)
    text = write(record, players=[f"ana{breaker}bo", "cy"])
    assert breaker not in text  # escaped in the headers' JSON
    assert text.count("\n") == 10
    read = parse_text_record(text)
    assert read.record == record
    assert read.players == (f"ana{breaker}bo", "cy")
    # A comment holding one is one line; the mistake after it keeps its editor's number.
    commented = text.replace("\n1. ", f"\n; a{breaker}b\n1. ")
    assert parse(commented) == record
    with pytest.raises(RecordSyntaxError, match=r"^line 10: move 3 where move 2 was due"):
        parse(commented.replace("2. P0", "3. P0"))


def test_a_record_with_windows_line_ends_reads() -> None:
    assert parse(TEXT.replace("\n", "\r\n")) == _record()


def test_a_utf8_byte_order_mark_at_the_start_is_skipped() -> None:
    assert parse("\ufeff" + TEXT) == _record()
    assert is_text_record("\ufeff" + TEXT)
    with pytest.raises(RecordSyntaxError, match="line 2: a move is"):
        parse(TEXT.replace("\n", "\n\ufeff", 1))  # only at the start


@pytest.mark.parametrize(
    ("line", "header", "message"),
    [
        (
            2,
            '[Config {"players": 2, "max_turns": null, "max_turns": 500}]',
            "'max_turns' appears twice",
        ),
        (3, '[Seed {"a": 1, "a": 2}]', "'a' appears twice"),
        (3, "[Seed NaN]", "NaN is not a JSON number"),
        (3, "[Seed " + "7" * 5000 + "]", "Exceeds the limit"),
    ],
)
def test_header_json_refuses_what_from_json_refuses(line: int, header: str, message: str) -> None:
    with pytest.raises(RecordSyntaxError, match=f"line {line + 1}: [A-Za-z]+: .*{message}"):
        parse(_with(line, header))


@pytest.mark.parametrize("names", [[], ["ana"], ["a", "b", "c", "d", "e"]])
def test_players_names_one_a_seat(names: list[str]) -> None:
    text = write(_record(), players=["ana", "bo"])
    wrong = text.replace('["ana", "bo"]', json.dumps(names))
    with pytest.raises(
        RecordSyntaxError, match=f"line 5: Players: one name a seat, 2 .* {len(names)}"
    ):
        parse(wrong)
    with pytest.raises(RecordSyntaxError, match="Players: one name a seat"):
        write(_record(), players=names)


@pytest.mark.parametrize("names", ["ab", [1, 2], None])
def test_players_are_a_list_of_names(names: object) -> None:
    if names is not None:
        with pytest.raises(RecordSyntaxError, match="Players: a list of names"):
            write(_record(), players=names)  # type: ignore[arg-type]
    with pytest.raises(RecordSyntaxError, match="line 5: Players: a list of names"):
        parse(write(_record(), players=["a", "b"]).replace('["a", "b"]', json.dumps(names)))


def test_a_blank_line_between_headers_starts_a_second_game() -> None:
    text = TEXT.replace("[Seed 3]", "\n[Seed 3]")
    with pytest.raises(RecordSyntaxError, match="line 5: a header after the blank line"):
        parse(text)


def test_a_byte_order_mark_alone_on_the_first_line_is_skipped() -> None:
    assert parse("\ufeff\n" + TEXT) == _record()


@pytest.mark.parametrize("breaker", ["\u2028", "\u2029", "\x85"])
def test_a_record_written_with_a_raw_line_separator_reads(breaker: str) -> None:
    # As write wrote them before it escaped them: JSON allows them raw in a string.
    text = write(_record(), players=[f"ana{breaker}", "bo"])
    raw = text.replace(json.dumps(breaker)[1:-1], breaker)
    assert breaker in raw
    assert parse_text_record(raw).players == (f"ana{breaker}", "bo")
