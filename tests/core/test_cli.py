"""``python -m crabrules``: list, demo and replay, with one clear line on bad input."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

import crabrules
from crabrules.__main__ import main
from crabrules.core import GameRecord, from_json, to_json
from crabrules.record import write as write_text_record
from tests.conformance import tictactoe as ttt


def test_list_prints_every_game_with_its_metadata(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert "tic-tac-toe: Tic-tac-toe" in out
    assert "2 players, sequential, perfect information" in out


def test_demo_plays_a_whole_game_and_prints_the_outcome(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["demo", "tic-tac-toe", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Tic-tac-toe, seed 4\n...\n...\n...\n")
    assert "Game over after" in out
    # Each action: its notation, a sentence, then what happened.
    assert "\n1. " in out
    assert ": X marks " in out or ": O marks " in out
    assert "   - X marked " in out or "   - O marked " in out


@pytest.mark.parametrize(
    ("game", "players", "said"),
    [
        ("crab-stack", "2", "Red wins: every other player is out. Scores: red 1, blue 0."),
        ("la-marche-du-crabe", "2", "Scores: Boater 0, Sunny 0."),
        ("oh-crab", "2", "Scores: red+orange 0, blue+green 1."),
        ("youve-got-crabs", "4", "Blue 1 and Blue 2 win: after a tie, the first tied team"),
    ],
)
def test_demo_names_the_players_and_the_ending_as_the_board_does(
    capsys: pytest.CaptureFixture[str], game: str, players: str, said: str
) -> None:
    assert main(["demo", game, "--seed", "1", "--players", players]) == 0
    end = capsys.readouterr().out.rpartition("Game over after")[2]
    assert said in end
    assert "player 0" not in end.lower()  # names, never seat numbers
    assert "_" not in end  # no reason code


def test_demo_with_a_seed_is_the_same_game_every_time(capsys: pytest.CaptureFixture[str]) -> None:
    main(["demo", "tic-tac-toe", "--seed", "12"])
    first = capsys.readouterr().out
    main(["demo", "tic-tac-toe", "--seed", "12"])
    assert capsys.readouterr().out == first


def test_demo_can_stop_early(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "tic-tac-toe", "--seed", "1", "--max-actions", "2"]) == 0
    assert "Stopped after 2 actions; the game is not over." in capsys.readouterr().out


def test_demo_saves_the_record_that_replay_reads_back(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "demo.json"
    assert main(["demo", "tic-tac-toe", "--seed", "4", "--save", str(path)]) == 0
    demo = capsys.readouterr().out
    assert f"Record written to {path}." in demo
    record = from_json(path.read_text(), GameRecord)
    assert record.seed == 4
    assert main(["replay", str(path)]) == 0
    assert (
        demo.split("Record written")[0].rstrip().splitlines()[-2:]
        == (capsys.readouterr().out.rstrip().splitlines()[-2:])
    )


def test_replay_reads_a_text_record_as_well_as_json(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "demo.json"
    assert main(["demo", "crab-stack", "--seed", "4", "--save", str(path)]) == 0
    record = from_json(path.read_text(), GameRecord)
    text = tmp_path / "demo.txt"
    text.write_text(write_text_record(record))
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    from_json_output = capsys.readouterr().out
    assert main(["replay", str(text)]) == 0
    assert capsys.readouterr().out == from_json_output
    text.write_text(write_text_record(record).replace("1. P", "2. P", 1))
    assert main(["replay", str(text)]) == 2
    assert "move 2 where move 1 was due" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["demo", "chess"], "unknown game 'chess'"),
        (["demo", "tic-tac-toe", "--players", "3"], "players:"),
        (["demo", "tic-tac-toe", "--seed", "-1"], "seed:"),
        (["replay", "/nonexistent/record.json"], "No such file"),
    ],
)
def test_bad_input_gives_one_line_and_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("crabrules: error: ")
    assert message in err
    assert err.count("\n") == 1


def test_replay_prints_the_final_state(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    actions = [ttt.Mark(0, 0), ttt.Mark(1, 4), ttt.Mark(0, 1), ttt.Mark(1, 8), ttt.Mark(0, 2)]
    path = tmp_path / "game.json"
    path.write_text(to_json(GameRecord.of("tic-tac-toe", ttt.Config(0), 1, actions)))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "5 actions replayed" in out
    assert "XXX\n.O.\n..O" in out
    assert "Game over after 5 actions." in out
    # The test game gives its players no names: numbered, and its ending's code spaced.
    assert "Player 0 wins: line. Scores: player 0 1, player 1 0." in out


def test_replay_with_events_prints_what_every_move_did(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    actions = [ttt.Mark(0, 0), ttt.Mark(1, 4), ttt.Mark(0, 1), ttt.Mark(1, 8), ttt.Mark(0, 2)]
    path = tmp_path / "game.json"
    path.write_text(to_json(GameRecord.of("tic-tac-toe", ttt.Config(0), 1, actions)))
    assert main(["replay", str(path), "--events"]) == 0
    out = capsys.readouterr().out
    assert "1. a1: X marks a1\n   - X marked a1\n" in out
    assert "5. c1: X marks c1\n   - X marked c1\n   - X wins with a line\n" in out


def test_replay_of_an_unfinished_record_says_the_game_is_not_over(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(to_json(GameRecord.of("tic-tac-toe", ttt.Config(0), 1, [ttt.Mark(0, 4)])))
    assert main(["replay", str(path)]) == 0
    assert "Stopped after 1 action; the game is not over." in capsys.readouterr().out


def test_replay_of_a_bad_file_gives_one_line(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text("not json")
    assert main(["replay", str(path)]) == 2
    assert "not JSON" in capsys.readouterr().err


def test_replay_of_an_illegal_record_names_the_move(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    actions = [ttt.Mark(0, 0), ttt.Mark(1, 0)]
    path = tmp_path / "game.json"
    path.write_text(to_json(GameRecord.of("tic-tac-toe", ttt.Config(0), 1, actions)))
    assert main(["replay", str(path)]) == 2
    assert "move 2: that cell is taken" in capsys.readouterr().err


def test_a_closed_pipe_ends_the_demo_quietly() -> None:
    # `python -m crabrules demo ... | head -1`: a long demo fills the pipe, the reader leaves.
    process = subprocess.Popen(
        [sys.executable, "-m", "crabrules", "demo", "youve-got-crabs", "--seed", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None
    assert process.stderr is not None
    assert process.stdout.readline().startswith(b"You've Got Crabs, seed 1")
    process.stdout.close()
    assert process.wait(timeout=60) == 1
    assert process.stderr.read() == b""


def test_demo_writes_a_picture_per_move(tmp_path: pathlib.Path) -> None:
    folder = tmp_path / "pictures"
    assert (
        main(["demo", "crab-stack", "--seed", "3", "--max-actions", "4", "--svg", str(folder)])
        == 0
    )
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["000.svg", "001.svg", "002.svg", "003.svg", "004.svg"]
    for path in folder.iterdir():
        assert ET.parse(path).getroot().tag == "{http://www.w3.org/2000/svg}svg"


def test_schema_prints_every_document_or_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "crab-stack"]) == 0
    every = json.loads(capsys.readouterr().out)
    assert sorted(every) == sorted(crabrules.schema("crab-stack"))
    assert main(["schema", "crab-stack", "--document", "Action"]) == 0
    assert json.loads(capsys.readouterr().out) == every["Action"]


def test_schema_of_an_unknown_game_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["schema", "chess"]) == 2
    assert capsys.readouterr().err.startswith("crabrules: error:")


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"[" * 10_000 + b"]" * 10_000, "nested too deep"),
        (b'{"record":' * 10_000 + b"1" + b"}" * 10_000, "nested too deep"),
        (b"\xff\xfe{}", "is not UTF-8 text"),
    ],
    ids=["deep array", "deep result line", "not utf-8"],
)
def test_replay_of_a_hostile_file_gives_one_line(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str], content: bytes, says: str
) -> None:
    path = tmp_path / "hostile.json"
    path.write_bytes(content)
    assert main(["replay", str(path)]) == 2
    error = capsys.readouterr().err
    assert error.startswith("crabrules: error:")
    assert says in error
    assert error.count("\n") == 1


@pytest.mark.parametrize("command", ["demo", "simulate"])
@pytest.mark.parametrize("value", ["0", "-5"])
def test_max_actions_counts_at_least_one_action(
    capsys: pytest.CaptureFixture[str], command: str, value: str
) -> None:
    assert main([command, "tic-tac-toe", "--max-actions", value]) == 2
    assert "max actions: a positive integer" in capsys.readouterr().err
