"""simulate: the same results however the games are split, a summary, JSON lines, Ctrl-C."""

from __future__ import annotations

import io
import os
import pathlib
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest

import crabrules
from crabrules.__main__ import main
from crabrules.agents import RandomAgent
from crabrules.simulate import (
    GameResult,
    Progress,
    Summary,
    Task,
    game_seed,
    lineup,
    processes,
    read_result_line,
    run_task,
    runner,
    simulate,
    wilson_interval,
)
from crabrules.simulate import tasks as tasks_module
from tests.ctrl_c import ctrl_c_at_default


def test_the_same_seed_gives_the_same_results_on_any_number_of_workers() -> None:
    one = simulate("oh-crab", games=6, agents=["plausible", "random"], seed=9, workers=1)
    two = simulate("oh-crab", games=6, agents=["plausible", "random"], seed=9, workers=2)
    assert one.results == two.results
    assert [r.index for r in two.results] == list(range(6))
    # CPU times and throughput are the machine's; everything before them is the games'.
    assert one.summary.text().split("CPU ms")[0] == two.summary.text().split("CPU ms")[0]


def test_another_seed_gives_other_games() -> None:
    a = simulate("crab-stack", games=3, agents=["random"], seed=1)
    b = simulate("crab-stack", games=3, agents=["random"], seed=2)
    assert [r.record for r in a.results] != [r.record for r in b.results]


def test_game_seeds_depend_on_the_seed_and_index_only() -> None:
    seeds = {game_seed(7, i) for i in range(1000)}
    assert len(seeds) == 1000
    assert all(0 <= s < 2**53 for s in seeds)
    assert game_seed(7, 3) == game_seed(7, 3) != game_seed(8, 3)


def test_agents_change_seats_every_game_unless_teams_play() -> None:
    assert lineup(["a", "b", "c"], 3, 1, True) == ("b", "c", "a")
    run = simulate(
        "youve-got-crabs",
        games=2,
        agents=["plausible", "plausible", "random"],
        seed=1,
        max_actions=50,
    )
    assert [r.seats for r in run.results] == [
        ("plausible", "plausible", "random", "plausible")
    ] * 2


def test_the_summary_counts_seats_and_agents() -> None:
    run = simulate("crab-stack", games=8, agents=["plausible", "random"], seed=3)
    summary = run.summary
    assert summary.games == summary.finished == 8
    assert summary.by_seat["seat 0"].played == summary.by_seat["seat 1"].played == 8
    assert summary.by_agent["plausible"].played == summary.by_agent["random"].played == 8
    wins = summary.by_agent["plausible"].wins + summary.by_agent["random"].wins
    assert wins + summary.draws == 8
    text = summary.text()
    for part in (
        "By seat:",
        "By agent:",
        "95% interval",
        "Game length (actions): mean",
        "median",
        "max",
        "Throughput:",
    ):
        assert part in text


def test_wilson_intervals_hold_the_rate() -> None:
    for wins, games in ((0, 10), (5, 10), (10, 10), (180, 200)):
        low, high = wilson_interval(wins, games)
        assert 0 <= low <= wins / games <= high <= 1
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_unfinished_games_are_counted_apart() -> None:
    run = simulate("youve-got-crabs", games=2, agents=["random"], seed=1, max_actions=30)
    assert run.summary.finished == 0
    assert "2 stopped at the action cap" in run.summary.text()


def test_out_has_one_line_per_game_in_game_order() -> None:
    out = io.StringIO()
    run = simulate("la-marche-du-crabe", games=5, agents=["plausible"], seed=4, workers=2, out=out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 5
    for line, result in zip(lines, run.results, strict=True):
        record, outcome = read_result_line(line)
        assert record == result.record
        assert outcome == result.outcome
        assert crabrules.get_game(record.game).outcome(crabrules.replay(record)) == outcome


def test_progress_on_a_terminal_redraws_one_line() -> None:
    stream = io.StringIO()
    ticks = iter([0.0, 0.5, 1.0])
    bar = Progress(2, stream, clock=lambda: next(ticks), tty=True)
    bar.advance()
    bar.advance()
    bar.close()
    text = stream.getvalue()
    assert text.startswith("\r[")
    assert "2/2 games (100%)" in text
    assert text.endswith("\n")
    assert text.count("\n") == 1


def test_an_interrupted_run_summarises_the_finished_games(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(tasks: list[Task], workers: int) -> Iterator[GameResult]:
        yield run_task(tasks[0])
        yield run_task(tasks[1])
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "process_results", interrupted)
    run = simulate("crab-stack", games=10, agents=["random"], seed=1)
    assert run.interrupted
    assert run.summary.games == 2
    assert isinstance(run.summary, Summary)


def test_the_command_prints_a_summary_and_writes_lines_replay_reads(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl"
    argv = [
        "simulate",
        "crab-stack",
        "--games",
        "4",
        "--agents",
        "plausible,random",
        "--seed",
        "5",
        "--workers",
        "2",
        "--out",
        str(path),
    ]
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert "4 games, 4 finished" in captured.out
    assert "plausible" in captured.out
    assert "4/4 games (100%)" in captured.err  # progress goes to standard error
    assert len(path.read_text().splitlines()) == 4
    assert main(["replay", str(path)]) == 0
    assert "4 games replayed, every action legal." in capsys.readouterr().out


def test_replay_names_the_bad_line(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl"
    assert main(["simulate", "crab-stack", "--games", "2", "--out", str(path)]) == 0
    good = path.read_text().splitlines()
    path.write_text(good[0] + "\n" + good[1].replace('"seed":', '"seed":1') + "\n")
    capsys.readouterr()
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("crabrules: error: line 2: ")
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--agents", "plausible,chess"], "unknown agent 'chess'"),
        (["--agents", "mcts:0"], "positive integer"),
        (["--games", "0"], "games: a positive integer"),
        (["--workers", "0"], "workers: a positive integer"),
        (["--max-actions", "-3"], "max actions: a positive integer"),
        (["--backend", "spark"], "backend: one of process, ray"),
        (["--players", "9"], "players"),
        (["--seed", "-1"], "seed:"),
    ],
)
def test_bad_input_gives_one_line_and_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "crab-stack", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1


def test_ctrl_c_stops_the_workers_and_prints_the_summary_of_finished_games() -> None:
    env = {**os.environ, "PYTHONPATH": str(pathlib.Path(crabrules.__file__).parents[1])}
    command = [
        sys.executable,
        "-m",
        "crabrules",
        "simulate",
        "youve-got-crabs",
        "--games",
        # Enough games that the run is still going when Ctrl-C comes, on a loaded machine
        # too (300 take about a second); the test stops it at the first progress line.
        "5000",
        "--workers",
        "2",
    ]
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=ctrl_c_at_default,  # a child that may be sent Ctrl-C
    )
    assert process.stderr is not None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # wait until some games are done
        line = process.stderr.readline()
        if "games/s" in line:
            break
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert "Interrupted: the summary of the" in out
    assert "By agent:" in out
    assert "Traceback" not in err


def test_the_ray_backend_without_ray_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    assert main(["simulate", "crab-stack", "--backend", "ray"]) == 2
    assert "pip install 'crabrules[ray]'" in capsys.readouterr().err


def test_on_a_terminal_the_progress_is_a_bar_redrawn_in_place() -> None:
    import pty

    env = {**os.environ, "PYTHONPATH": str(pathlib.Path(crabrules.__file__).parents[1])}
    leader, follower = pty.openpty()
    command = [sys.executable, "-m", "crabrules", "simulate", "crab-stack", "--games", "50"]
    process = subprocess.run(
        command, stdout=subprocess.PIPE, stderr=follower, text=True, env=env, timeout=120
    )
    os.close(follower)
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal is closed once everything was read
            break
        if not chunk:
            break
        seen += chunk
    os.close(leader)
    assert process.returncode == 0
    text = seen.decode()
    assert "\r[########################] 50/50 games (100%)" in text
    assert "50 games, 50 finished" in process.stdout


class _Faulty:
    """An agent that plays at random, but raises on its third decision of game 1."""

    def __init__(self, game_index: list[int]) -> None:
        self.decisions = 0
        self.game_index = game_index

    def act(self, turn: Any, rng: crabrules.Rng) -> Any:
        self.decisions += 1
        if self.game_index[0] == 1 and self.decisions == 3:
            raise RuntimeError("the bot fell over")
        return RandomAgent().act(turn, rng)


def _with_a_faulty_agent_in_game_1(monkeypatch: pytest.MonkeyPatch) -> None:
    current = [0]
    original = tasks_module.run_task

    def run_task_noting_the_game(task: Task) -> GameResult:
        current[0] = task.index
        return original(task)

    monkeypatch.setattr(tasks_module, "fresh_agent", lambda _spec: _Faulty(current))
    # The worker processes are forked from this one, patches included.
    monkeypatch.setattr(processes, "run_task", run_task_noting_the_game)


#: How a failed game names the agent that raised, and what it raised.
FELL_OVER = "AgentError: player 1's agent (_Faulty) raised RuntimeError: the bot fell over"


def test_a_game_whose_agent_raises_fails_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    _with_a_faulty_agent_in_game_1(monkeypatch)
    out = io.StringIO()
    run = simulate("crab-stack", games=3, agents=["random"], seed=1, out=out)
    assert [result.failed for result in run.results] == [False, True, False]
    failed = run.results[1]
    assert failed.error == FELL_OVER
    assert failed.length == 4  # the actions before seat 0's third decision
    assert run.summary.failed == 1
    assert run.summary.finished == 2
    assert "1 failed (an agent raised, or its process died)" in run.summary.text()
    assert f'"error":"{FELL_OVER}"' in out.getvalue().splitlines()[1]


def test_the_command_exits_1_when_a_game_failed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _with_a_faulty_agent_in_game_1(monkeypatch)
    assert main(["simulate", "crab-stack", "--games", "3", "--agents", "random"]) == 1
    captured = capsys.readouterr()
    assert "3 games, 2 finished" in captured.out
    assert f"crabrules: game 1 failed: {FELL_OVER}" in captured.err


def test_no_time_left_is_estimated_before_two_seconds_and_two_percent() -> None:
    import io

    from crabrules.simulate.progress import Progress

    out = io.StringIO()
    times = iter([0.0, 0.5, 1.0, 2.5, 3.0])
    bar = Progress(100, out, clock=times.__next__, tty=True)
    bar.advance()  # 1% after 0.5 s
    bar.advance()  # 2% after 1 s: still too early
    bar.advance()  # 3% after 2.5 s: an estimate
    lines = out.getvalue().split("\r")[1:]
    assert "estimating time left" in lines[0]
    assert "estimating time left" in lines[1]
    assert lines[2].endswith("0:81 left") or "left" in lines[2]
    assert "estimating" not in lines[2]


def test_ray_chunks_are_a_few_dozen_per_cpu() -> None:
    from crabrules.simulate.backends import MAX_CHUNK, chunk_size

    assert chunk_size(3000, 2) == MAX_CHUNK
    assert chunk_size(320, 2) == 10
    assert chunk_size(5, 8) == 1


def test_a_config_beyond_the_player_count_is_simulated(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--config`` plays Oh Crab! with modules: every game's record holds that config."""
    path = tmp_path / "games.jsonl"
    config = '{"players": 3, "modules": ["challenges"]}'
    argv = ["simulate", "oh-crab", "--games", "2", "--config", config, "--out", str(path)]
    assert main([*argv, "--max-actions", "30"]) == 0
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2
    assert all('"modules":["challenges"]' in line for line in lines)
    assert all('"players":3' in line for line in lines)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--config", "{"], "not JSON"),
        (["--config", '{"players": 9}'], "players"),
        (["--config", '{"modules": ["dragons"]}'], "dragons"),
        (["--config", '{"players": 3}', "--players", "3"], "players: left out"),
        (["--config", '{"players": 3, "players": 4}'], "players"),
        (["--config", "[" * 100_000], "nested too deep"),
    ],
)
def test_a_bad_config_gives_one_line_naming_it(
    capsys: pytest.CaptureFixture[str], options: list[str], message: str
) -> None:
    assert main(["simulate", "oh-crab", "--games", "1", *options]) == 2
    errors = capsys.readouterr().err
    assert errors.startswith("crabrules: error: ")
    assert message in errors
    assert errors.count("\n") == 1
