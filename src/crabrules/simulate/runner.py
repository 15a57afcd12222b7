"""A whole simulation: :func:`simulate` plays many games and summarises them.

Game ``i`` is seeded with ``game_seed(seed, i)`` and its seats filled by
:func:`~crabrules.simulate.tasks.lineup`, so the run's results are the same whatever the
backend and the number of workers. ``out`` receives one JSON line per game, in game
order (see :func:`result_line`), which ``crabrules replay`` reads back.

>>> import io
>>> out, log = io.StringIO(), io.StringIO()
>>> agents = ["plausible", "random"]
>>> run = simulate("crab-stack", games=3, agents=agents, seed=2, out=out, progress=log)
>>> run.summary.games, run.interrupted, len(out.getvalue().splitlines())
(3, False, 3)
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Sequence
from typing import TextIO

import attrs

from crabrules.agents import DEFAULT_MAX_ACTIONS, check_agent
from crabrules.core import (
    DeserializationError,
    GameRecord,
    InvalidConfigError,
    Outcome,
    from_dict,
    get_game,
    to_dict,
)
from crabrules.core.rng import check_seed
from crabrules.simulate.backends import BACKENDS, process_results, ray_results
from crabrules.simulate.progress import Progress
from crabrules.simulate.summary import Summary
from crabrules.simulate.tasks import GameResult, Task, game_seed, lineup

__all__ = ["Run", "read_result_line", "result_line", "simulate"]


@attrs.frozen
class Run:
    """A simulation's results, in game order, and its summary.

    Attributes:
        results: every finished game's result, by index.
        summary: their summary.
        interrupted: the run was stopped (Ctrl-C) before every game was played.
    """

    results: tuple[GameResult, ...]
    summary: Summary
    interrupted: bool


def result_line(result: GameResult) -> str:
    """One game as a JSON line: its index, seats, record and outcome.

    >>> from crabrules.simulate import Task, run_task, game_seed
    >>> result = run_task(Task(0, "crab-stack", 2, ("random", "random"), game_seed(1, 0), 500))
    >>> record, outcome = read_result_line(result_line(result))
    >>> record == result.record, outcome == result.outcome
    (True, True)
    """
    outcome = None if result.outcome is None else to_dict(result.outcome)
    document = {
        "index": result.index,
        "seats": list(result.seats),
        "record": to_dict(result.record),
        "outcome": outcome,
    }
    if result.error is not None:
        document["error"] = result.error
    return json.dumps(document, separators=(",", ":"))


def read_result_line(text: str) -> tuple[GameRecord, Outcome | None]:
    """The record and outcome of a line written by :func:`result_line`.

    Raises:
        DeserializationError: the line is not such a document.
    """
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise DeserializationError(f"not JSON: {error}") from None
    if not isinstance(document, dict) or "record" not in document:
        raise DeserializationError("expected a JSON object with a game's record and outcome")
    record = from_dict(document["record"], GameRecord)
    outcome = document.get("outcome")
    return record, None if outcome is None else from_dict(outcome, Outcome)


def simulate(
    game_id: str,
    *,
    games: int,
    agents: Sequence[str],
    players: int | None = None,
    seed: int = 0,
    workers: int = 1,
    backend: str = "process",
    ray_address: str | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    out: TextIO | None = None,
    progress: TextIO | None = None,
) -> Run:
    """Play ``games`` games of ``game_id`` between ``agents`` and summarise them.

    Args:
        game_id: the game's registry id.
        games: how many games.
        agents: agent names, repeated over the seats; without teams they change seats by
            one every game, so each agent plays each seat equally often (in team games
            the seats stay as given, so that a team keeps its agents).
        players: the player count (default: the game's default config's).
        seed: the simulation's seed; game ``i`` gets ``game_seed(seed, i)``.
        workers: processes (or local Ray CPUs) playing at once.
        backend: ``"process"`` or ``"ray"``.
        ray_address: the Ray cluster to use (``None``: start a local Ray).
        max_actions: a game stops unfinished after this many actions.
        out: where to write one JSON line per game, in game order.
        progress: where to show progress (``None``: nowhere).

    Raises:
        InvalidConfigError: a count, seed or backend is out of range.
        UnknownAgentError: an agent name is unknown.
        SimulationError: the Ray backend cannot run.
    """
    tasks = _tasks(game_id, games, agents, players, seed, workers, backend, max_actions)
    if backend == "ray":
        stream = ray_results(tasks, workers, ray_address)
    else:
        stream = process_results(tasks, workers)
    bar = None if progress is None else Progress(games, progress)
    done: dict[int, GameResult] = {}
    start = time.perf_counter()
    interrupted = False
    try:
        _collect(stream, done, bar, out)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        stream.close()  # stops the workers if the run ended early
        if bar is not None:
            bar.close()
    seconds = time.perf_counter() - start
    results = tuple(done[i] for i in sorted(done))
    return Run(results, Summary.of(results, seconds), interrupted)


def _collect(
    stream: Iterator[GameResult],
    done: dict[int, GameResult],
    bar: Progress | None,
    out: TextIO | None,
) -> None:
    written = 0
    for result in stream:
        done[result.index] = result
        if bar is not None:
            bar.advance()
        # Lines go out in game order: the file is the same whatever finished first.
        while out is not None and written in done:
            out.write(result_line(done[written]) + "\n")
            written += 1


def _tasks(
    game_id: str,
    games: int,
    agents: Sequence[str],
    players: int | None,
    seed: int,
    workers: int,
    backend: str,
    max_actions: int,
) -> list[Task]:
    game = get_game(game_id)
    for name, value in (("games", games), ("workers", workers), ("max actions", max_actions)):
        if type(value) is not int or value < 1:
            raise InvalidConfigError(f"{name}: a positive integer, not {value!r}")
    if backend not in BACKENDS:
        raise InvalidConfigError(f"backend: one of {', '.join(BACKENDS)}, not {backend!r}")
    check_seed(seed)
    if not agents:
        raise InvalidConfigError("agents: at least one agent name")
    for name in agents:
        check_agent(name)
    config = game.config_type() if players is None else game.config_for_players(players)
    count = game.num_players(game.initial_state(config, seed=0))
    rotate = not game.info.teams
    return [
        Task(i, game_id, count, lineup(agents, count, i, rotate), game_seed(seed, i), max_actions)
        for i in range(games)
    ]
