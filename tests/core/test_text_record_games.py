"""Text records as python-chess's PGN readers know them: several games in a file, read one
by one; other headers kept in order; a comment after a move; a call's time kept."""

from __future__ import annotations

import io

import pytest

from crabrules import GameRecord, crab_stack, youve_got_crabs
from crabrules.agents import PlausibleAgent, play_match
from crabrules.record import (
    MAX_HEADERS,
    RecordSyntaxError,
    parse,
    parse_text_record,
    read_games,
    write,
)
from crabrules.youve_got_crabs._actions import Call


def _record(seed: int, moves: int) -> GameRecord:
    config = crab_stack.Config(players=2)
    state = crab_stack.initial_state(config, seed=seed)
    actions = []
    for _ in range(moves):
        action = crab_stack.legal_actions(state)[-1]
        actions.append(action)
        state = crab_stack.apply(state, action)
    return GameRecord.of("crab-stack", config, seed, actions)


RECORDS = [_record(1, 3), _record(2, 0), _record(3, 5)]


def test_several_games_in_one_file_are_read_one_by_one() -> None:
    text = "; three games\n" + "\n".join(write(record) for record in RECORDS)
    file = io.StringIO(text)
    games = read_games(file)
    first = next(games)
    assert first.record == RECORDS[0]
    assert file.tell() < len(text)  # the rest is not read yet
    assert [game.record for game in games] == RECORDS[1:]


def test_a_game_without_moves_ends_at_its_blank_line() -> None:
    text = write(RECORDS[1]) + write(RECORDS[0])  # no blank line between the games
    assert [game.record for game in read_games(io.StringIO(text))] == RECORDS[1::-1]


def test_a_mistake_in_a_later_game_names_the_line_of_the_file() -> None:
    first = write(RECORDS[0])
    second = write(RECORDS[2]).replace("2. P", "7. P")
    games = read_games(io.StringIO(first + "\n" + second))
    assert next(games).record == RECORDS[0]
    with pytest.raises(RecordSyntaxError) as caught:
        next(games)
    assert caught.value.line == first.count("\n") + 1 + 8


def test_parse_reads_one_game_and_names_where_a_second_starts() -> None:
    text = write(RECORDS[0]) + "\n" + write(RECORDS[2])
    with pytest.raises(RecordSyntaxError, match="line 11: a header after the moves starts"):
        parse(text)


def test_read_games_reads_a_bounded_line_at_a_time() -> None:
    # A file without a line end (as /dev/zero) is refused after the limit, not read whole.
    class Endless:
        def readline(self, size: int) -> str:
            return "\0" * size

    with pytest.raises(RecordSyntaxError, match="a game of at most"):
        next(read_games(Endless()))  # type: ignore[arg-type]


def test_other_headers_are_kept_in_order_and_written_back() -> None:
    headers = {"Event": "club night", "Site": "Brest", "Date": "2026.12.07", "Round": 3}
    text = write(RECORDS[0], players=["ana", "bo"], headers=headers)
    read = parse_text_record(text)
    assert list(read.other_headers.items()) == list(headers.items())
    assert read.record == RECORDS[0]
    assert write(read.record, players=read.players, headers=read.other_headers) == text
    # Before the format's headers, as PGN's Event comes first: kept all the same.
    first = parse_text_record('[Event "club night"]\n' + write(RECORDS[0]))
    assert first.other_headers == {"Event": "club night"}


@pytest.mark.parametrize(
    ("headers", "message"),
    [
        ({"Seed": 4}, "Seed is the format's own header"),
        ({"result": "*"}, "result is the format's own header"),
        ({"Bad name": 1}, "a name is letters, digits and _"),
        ({"Elo": float("nan")}, "Elo: no JSON"),
        ({"Elo": object()}, "Elo: no JSON"),
    ],
)
def test_other_headers_that_the_text_cannot_hold_are_refused(
    headers: dict[str, object], message: str
) -> None:
    with pytest.raises(RecordSyntaxError, match=message):
        write(RECORDS[0], headers=headers)


def test_a_comment_may_follow_a_move_on_its_line() -> None:
    lines = write(RECORDS[0]).split("\n")
    lines[6] += " ; a fine start"
    lines[7] += "\t;after a tab ; and another"
    assert parse("\n".join(lines)) == RECORDS[0]
    lines[8] += ";no space before it"  # part of the notation, which is then wrong
    with pytest.raises(RecordSyntaxError, match="line 9: move 3: "):
        parse("\n".join(lines))


def test_each_call_keeps_its_time_in_a_youve_got_crabs_record() -> None:
    config = youve_got_crabs.Config()
    agents = [PlausibleAgent() for _ in range(4)]
    result = play_match(youve_got_crabs.GAME, agents, seed=3, config=config, max_actions=400)
    times = [a.time for a in result.record.actions if isinstance(a, Call)]
    assert len(set(times)) > 1  # calls at several times, not all at 0
    text = write(result.record)
    read = parse(text)
    # Calls compare without their time: compare the times themselves, exactly.
    assert [a.time for a in read.actions if isinstance(a, Call)] == times
    assert f"call P2 @{times[0]!r}" in text


def test_a_game_has_at_most_max_headers() -> None:
    many = "".join(f"[H{i} {i}]\n" for i in range(MAX_HEADERS - 5))  # and 5 of the format's
    assert len(parse_text_record(many + write(RECORDS[0])).other_headers) == MAX_HEADERS - 5
    with pytest.raises(RecordSyntaxError, match=f"line {MAX_HEADERS + 1}: a game of at most"):
        parse("[H 0]\n" + many + write(RECORDS[0]))
    with pytest.raises(RecordSyntaxError, match="headers: at most 994"):
        write(RECORDS[0], headers={f"H{i}": i for i in range(MAX_HEADERS)})
