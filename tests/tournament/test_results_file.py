"""The results file: a rerun skips the games already there; another tournament's file,
or a malformed line, is refused naming the line."""

from __future__ import annotations

import json
import pathlib

import pytest

from crabrules.tournament import TournamentError, tournament

AGENTS = ["random", "plausible"]


def _run(out: pathlib.Path, games: int, **options: object) -> tuple[int, dict[int, object]]:
    standings = tournament("crab-stack", AGENTS, games=games, seed=9, out=out, **options)  # type: ignore[arg-type]
    return standings.played, dict(standings.games)


def test_a_rerun_with_the_same_file_plays_no_game_again(tmp_path: pathlib.Path) -> None:
    out = tmp_path / "games.jsonl"
    played, games = _run(out, 4)
    assert played == 4
    lines = out.read_text().splitlines()
    again, same = _run(out, 4)
    assert again == 0
    assert same == games
    assert out.read_text().splitlines() == lines


def test_a_rerun_with_more_games_plays_only_the_new_ones(tmp_path: pathlib.Path) -> None:
    out = tmp_path / "games.jsonl"
    _run(out, 4)
    played, games = _run(out, 8)
    assert played == 4
    _, fresh = _run(tmp_path / "fresh.jsonl", 8)
    assert games == fresh  # the same games as a tournament of 8 played at once
    indices = sorted(json.loads(line)["index"] for line in out.read_text().splitlines())
    assert indices == list(range(8))


def test_a_last_line_cut_short_is_played_again(tmp_path: pathlib.Path) -> None:
    out = tmp_path / "games.jsonl"
    _run(out, 4)
    text = out.read_text()
    out.write_text(text[: len(text) - 40])  # killed while writing the last line
    played, games = _run(out, 4)
    assert played == 1
    assert sorted(games) == [0, 1, 2, 3]
    assert all(json.loads(line) for line in out.read_text().splitlines())


def test_a_file_of_another_tournament_is_refused(tmp_path: pathlib.Path) -> None:
    out = tmp_path / "games.jsonl"
    _run(out, 2)
    with pytest.raises(TournamentError, match="out: line 1: a game of another tournament"):
        tournament("crab-stack", AGENTS, games=2, seed=10, out=out)
    with pytest.raises(TournamentError, match="another tournament"):
        tournament("crab-stack", ["random", "mcts:5"], games=2, seed=9, out=out)


def test_a_simulate_file_is_refused(tmp_path: pathlib.Path) -> None:
    from crabrules.simulate import simulate

    out = tmp_path / "games.jsonl"
    with out.open("w") as file:
        simulate("crab-stack", games=2, agents=AGENTS, seed=9, out=file)
    with pytest.raises(TournamentError, match="another tournament"):
        _run(out, 2)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda line: "not json\n", "not a JSON line"),
        (lambda line: "[1, 2]\n", "not a JSON object"),
        (lambda line: line.replace('"index":1', '"index":-1'), "index is a game number"),
        (lambda line: line.replace('"index":1', '"index":"1"'), "index is a game number"),
        (lambda line: line.replace('"index":1', '"index":3'), "game 3 is there twice"),
        (lambda line: line.replace('"winners":[', '"winners":["x",'), "winners is a list"),
        (lambda line: line.replace('"index":1', '"index":2'), "game 2's seats are not"),
    ],
)
def test_a_malformed_line_is_refused_naming_it(
    tmp_path: pathlib.Path, change: object, message: str
) -> None:
    out = tmp_path / "games.jsonl"
    _run(out, 4)
    lines = out.read_text().splitlines(keepends=True)
    number = next(i for i, line in enumerate(lines) if line.startswith('{"index":1,'))
    lines[number] = change(lines[number])  # type: ignore[operator]
    out.write_text("".join(lines))
    # Named by its line (a game twice: the second of the two).
    with pytest.raises(TournamentError, match=rf"out: line (\d+): {message}") as refusal:
        _run(out, 4)
    assert f"line {number + 1}:" in str(refusal.value) or "twice" in message


def test_a_file_that_is_not_text_is_refused(tmp_path: pathlib.Path) -> None:
    out = tmp_path / "games.jsonl"
    out.write_bytes(b"\xff\xfe\x00\n")
    with pytest.raises(TournamentError, match="not UTF-8"):
        _run(out, 2)


def test_the_results_file_replays(tmp_path: pathlib.Path) -> None:
    from crabrules.__main__ import main

    out = tmp_path / "games.jsonl"
    _run(out, 2)
    assert main(["replay", str(out)]) == 0
