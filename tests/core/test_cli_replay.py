"""``crabrules replay``: bounded reading, standard input, failed games, one game of many."""

from __future__ import annotations

import io
import pathlib
import resource
import sys
import time

import pytest

from crabrules import GameRecord, crab_stack, to_json, youve_got_crabs
from crabrules.__main__ import main
from crabrules.record import MAX_CHARACTERS, write
from crabrules.simulate import result_line
from crabrules.simulate.tasks import GameResult


def _record(seed: int, moves: int) -> GameRecord:
    config = crab_stack.Config(players=2)
    state = crab_stack.initial_state(config, seed=seed)
    actions = []
    for _ in range(moves):
        action = crab_stack.legal_actions(state)[0]
        actions.append(action)
        state = crab_stack.apply(state, action)
    return GameRecord.of("crab-stack", config, seed, actions)


def _stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))


@pytest.mark.skipif(not pathlib.Path("/dev/zero").exists(), reason="no /dev/zero")
def test_replay_reads_at_most_the_limit(capsys: pytest.CaptureFixture[str]) -> None:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    assert main(["replay", "/dev/zero"]) == 2
    seconds = time.perf_counter() - start
    grown_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    assert f"at most {MAX_CHARACTERS:,} characters" in capsys.readouterr().err
    assert seconds < 10
    assert grown_kib < 400_000  # a few times the limit, not the whole of /dev/zero


def test_replay_reads_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _stdin(monkeypatch, write(_record(3, 4)).encode())
    assert main(["replay", "-"]) == 0
    assert "Crab Stack: 4 actions replayed, all legal." in capsys.readouterr().out
    _stdin(monkeypatch, b"\xff\xfe")
    assert main(["replay", "-"]) == 2
    assert "standard input is not UTF-8 text" in capsys.readouterr().err


def test_replay_skips_a_byte_order_mark(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name, text in [("a.txt", write(_record(3, 2))), ("a.json", to_json(_record(3, 2)))]:
        path = tmp_path / name
        path.write_bytes(b"\xef\xbb\xbf" + text.encode())
        assert main(["replay", str(path)]) == 0
        assert "2 actions replayed" in capsys.readouterr().out


def _results_file(path: pathlib.Path) -> None:
    failed = GameResult(1, ("random", "random"), _record(2, 4), None, 0.1, "RuntimeError: bot")
    lines = [
        result_line(GameResult(0, ("random", "random"), _record(1, 3), None, 0.1)),
        result_line(failed),
    ]
    path.write_text("\n".join(lines) + "\n")


def test_replay_shows_the_error_of_a_failed_game(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl"
    _results_file(path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "game 0 (Crab Stack, seed 1): 3 actions, unfinished\n" in out
    assert "game 1 (Crab Stack, seed 2): 4 actions, failed: RuntimeError: bot\n" in out
    assert "2 games replayed, every action legal; 1 failed on an agent's error." in out


def test_replay_shows_one_game_of_a_results_file(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl"
    _results_file(path)
    assert main(["replay", str(path), "--game", "1", "--events"]) == 0
    out = capsys.readouterr().out
    assert "Crab Stack: 4 actions replayed, all legal." in out
    assert "\n4. " in out  # the moves, with --events
    assert out.rstrip().endswith("The game failed: RuntimeError: bot")
    assert main(["replay", str(path), "--game", "7"]) == 2
    assert "--game 7: no game 7 in the file" in capsys.readouterr().err


def test_replay_lists_a_text_file_of_several_games_or_shows_one(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.txt"
    path.write_text("\n".join(write(_record(seed, seed)) for seed in (1, 2, 3)))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "game 2 (Crab Stack, seed 2): 2 actions, *\n" in out
    assert "3 games replayed, every action legal." in out
    assert main(["replay", str(path), "--game", "3"]) == 0
    assert "Crab Stack: 3 actions replayed, all legal." in capsys.readouterr().out
    assert main(["replay", str(path), "--game", "4"]) == 2
    assert "--game 4: no game 4 in the file" in capsys.readouterr().err


def test_replay_refuses_a_results_line_beyond_the_limit(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl"
    _results_file(path)
    with path.open("a") as file:
        file.write('{"record": "' + "x" * MAX_CHARACTERS + '"}\n')
    assert main(["replay", str(path)]) == 2
    assert "line 3: longer than 10,000,000" in capsys.readouterr().err
    json_path = tmp_path / "game.json"
    json_path.write_text(to_json(_record(1, 1)))
    assert main(["replay", str(json_path), "--game", "2"]) == 2
    assert "--game 2: no game 2 in the file" in capsys.readouterr().err


def test_replay_of_a_file_of_comments_only_says_so(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "empty.txt"
    path.write_text("; nothing yet\n\n")
    assert main(["replay", str(path)]) == 2
    assert "no game in the file, only comments" in capsys.readouterr().err


def test_replay_with_events_names_the_players_of_the_records_config(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # You've Got Crabs' events know players by seat alone; the record's config names them.
    config = youve_got_crabs.Config(seating=(0, 1, 1, 0))
    call = youve_got_crabs.Call(1, 3, time=2.0)
    record = GameRecord.of("youve-got-crabs", config, 2, [youve_got_crabs.Swap(0, 0, 0), call])
    _stdin(monkeypatch, write(record).encode())
    assert main(["replay", "-", "--events"]) == 0
    out = capsys.readouterr().out
    assert 'Blue 2 calls "You\'ve got crabs!" on Red 2' in out
    assert "P1 calls" not in out
