"""A whole simulation: :func:`simulate` plays many games and summarises them.

Game ``i`` is seeded with ``game_seed(seed, i)`` and its seats filled by
:func:`~crabrules.simulate.tasks.lineup`, so the run's results are the same whatever the
backend and the number of workers. ``out`` receives one JSON line per game, in game
order (see :func:`result_line`): flat fields a data frame loads as columns
(``pandas.read_json(path, lines=True)``), and the record, which ``crabrules replay`` reads
back.

>>> import io
>>> out, log = io.StringIO(), io.StringIO()
>>> agents = ["plausible", "random"]
>>> run = simulate("crab-stack", games=3, agents=agents, seed=2, out=out, progress=log)
>>> run.summary.games, run.interrupted, len(out.getvalue().splitlines())
(3, False, 3)
"""

from __future__ import annotations

import json
import pickle
import signal
import threading
import time
from collections.abc import Iterator, Sequence
from typing import Any, TextIO

import attrs

from crabrules.agents import (
    DEFAULT_MAX_ACTIONS,
    AgentSpec,
    NotAnAgentError,
    agent_labels,
    check_agent,
)
from crabrules.agents.match import check_decision_seconds
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
from crabrules.simulate.configs import run_config
from crabrules.simulate.progress import Progress
from crabrules.simulate.summary import Summary, termination
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
    """One game as a JSON line: flat fields, one a column, then the record to replay.

    The flat fields: ``index``, ``seed``, ``game``, ``players``, for each seat ``N``
    ``seat_N_agent``, ``seat_N_score`` and ``seat_N_won``, ``winners``, ``draw``,
    ``length`` (actions), ``termination`` (the game's reason, ``"action_cap"`` or
    ``"error"``), ``seconds`` and ``error``. Then ``seats``, ``record`` and ``outcome``,
    which :func:`read_result_line` and ``crabrules replay`` read.

    >>> from crabrules.simulate import Task, run_task, game_seed
    >>> result = run_task(Task(0, "crab-stack", 2, ("random", "random"), game_seed(1, 0), 500))
    >>> line = json.loads(result_line(result))
    >>> line["seat_0_agent"], line["length"] == result.length, line["termination"]
    ('random', True, 'last_player')
    >>> record, outcome = read_result_line(result_line(result))
    >>> record == result.record, outcome == result.outcome
    (True, True)
    """
    outcome = result.outcome
    document: dict[str, object] = {
        "index": result.index,
        "seed": result.record.seed,
        "game": result.record.game,
        "players": len(result.seats),
    }
    for seat, agent in enumerate(result.seats):
        document[f"seat_{seat}_agent"] = agent
        document[f"seat_{seat}_score"] = None if outcome is None else outcome.scores[seat]
        document[f"seat_{seat}_won"] = None if outcome is None else seat in outcome.winners
    document |= {
        "winners": None if outcome is None else sorted(outcome.winners),
        "draw": None if outcome is None else outcome.draw,
        "length": result.length,
        "termination": termination(result),
        "seconds": round(result.seconds, 6),
        "error": result.error,
        "seats": list(result.seats),
        "record": to_dict(result.record),
        "outcome": None if outcome is None else to_dict(outcome),
    }
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
    agents: Sequence[AgentSpec],
    players: int | None = None,
    seed: int = 0,
    workers: int = 1,
    backend: str = "process",
    ray_address: str | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    out: TextIO | None = None,
    progress: TextIO | None = None,
    decision_seconds: float | None = None,
    config: Any = None,
) -> Run:
    """Play ``games`` games of ``game_id`` between ``agents`` and summarise them.

    Args:
        game_id: the game's registry id.
        games: how many games.
        agents: agents, repeated over the seats: names (built-in, or ``module:Name``) or
            agent objects, which each game copies afresh; without teams they change seats
            by one every game, so each agent plays each seat equally often (in team games
            the seats stay as given, so that a team keeps its agents).
        players: the player count (default: the game's default config's).
        seed: the simulation's seed; game ``i`` gets ``game_seed(seed, i)``.
        workers: worker processes (or local Ray CPUs) playing at once. Games are played
            in worker processes even with one, so that a game whose agent kills its
            process (``os._exit``, a signal, running out of memory) fails that game
            only: its result says how the process died, and the other games are played.
        backend: ``"process"`` or ``"ray"``.
        ray_address: the Ray cluster to use (``None``: start a local Ray).
        max_actions: a game stops unfinished after this many actions.
        out: where to write one JSON line per game, in game order.
        progress: where to show progress (``None``: nowhere).
        decision_seconds: the longest one decision may take, in seconds (``None``: no
            cap), checked when the decision returns: an agent that overran fails its game,
            whose line says why.
        config: the game's config, for options beyond the player count (Oh Crab!'s
            modules, say); ``players`` is then left out.

    Raises:
        InvalidConfigError: a count, seed or backend is out of range, or ``config`` is
            not the game's config type, or is given with ``players``.
        UnknownAgentError: an agent name is unknown.
        NotAnAgentError: an object given as an agent has no ``act``, or cannot be sent to
            the worker processes (it does not pickle).
        SimulationError: the Ray backend cannot run.
    """
    check_decision_seconds(decision_seconds)
    config = run_config(game_id, players, config)
    tasks = _tasks(game_id, games, agents, config, seed, workers, backend, max_actions)
    if decision_seconds is not None:
        tasks = [attrs.evolve(task, decision_seconds=decision_seconds) for task in tasks]
    if backend == "ray":
        stream = ray_results(tasks, workers, ray_address)
    else:
        stream = process_results(tasks, workers)
    bar = None if progress is None else Progress(games, progress)
    done: dict[int, GameResult] = {}
    # The clock starts once the backend is up (a Ray cluster reached, a local Ray started)
    # and stops with the last game, before the backend is stopped.
    start = time.perf_counter()
    interrupted = False
    ctrl_c = _CtrlC()
    try:
        with ctrl_c:
            _collect(stream, done, bar, out, games, ctrl_c)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        seconds = time.perf_counter() - start
        stream.close()  # stops the workers (and a local Ray)
        if bar is not None:
            bar.close()
    results = tuple(done[i] for i in sorted(done))
    return Run(results, Summary.of(results, seconds), interrupted)


def _collect(
    stream: Iterator[GameResult],
    done: dict[int, GameResult],
    bar: Progress | None,
    out: TextIO | None,
    games: int,
    ctrl_c: _CtrlC,
) -> None:
    written = 0
    for result in stream:
        ctrl_c.check()
        done[result.index] = result
        if bar is not None:
            bar.advance()
        # Lines go out in game order: the file is the same whatever finished first.
        while out is not None and written in done:
            out.write(result_line(done[written]) + "\n")
            written += 1
        if len(done) == games:
            return  # every game is in: do not wait for the backend to wind down


class _CtrlC:
    """Ctrl-C during a run, noted as well as raised.

    A ``KeyboardInterrupt`` that lands in a finalizer or a pool's thread machinery can be
    swallowed there ("Exception ignored in ..."); the note makes the run stop at the next
    result all the same. Installed only where Ctrl-C raises (the main thread, default
    handler), and the previous handler is put back after the run.
    """

    def __init__(self) -> None:
        self.pressed = False
        self._previous: Any = None

    def __enter__(self) -> _CtrlC:
        main = threading.current_thread() is threading.main_thread()
        if main and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            self._previous = signal.signal(signal.SIGINT, self._pressed)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)

    def _pressed(self, signum: int, frame: object) -> None:
        self.pressed = True
        raise KeyboardInterrupt

    def check(self) -> None:
        """Raise ``KeyboardInterrupt`` if Ctrl-C came and was swallowed on its way here."""
        if self.pressed:
            raise KeyboardInterrupt


def _check_pickles(agent: object, where: str) -> None:
    # Worker processes and Ray receive each game's agents pickled: say so before starting.
    try:
        pickle.dumps(agent)
    except Exception as error:  # pickling can fail in many ways; each means the same here
        raise NotAnAgentError(
            f"{where}: {type(agent).__name__} cannot be sent to the workers, it does not "
            f"pickle ({type(error).__name__}: {error}); define it at a module's top level"
        ) from None


def _tasks(
    game_id: str,
    games: int,
    agents: Sequence[AgentSpec],
    config: Any,
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
        raise InvalidConfigError("agents: at least one agent")
    for seat, spec in enumerate(agents):
        check_agent(spec, f"agents[{seat}]")
        if not isinstance(spec, str):
            _check_pickles(spec, f"agents[{seat}]")
    count = game.num_players(game.initial_state(config, seed=0))
    rotate = not game.info.teams
    labels = agent_labels(agents)  # distinct agents get distinct summary rows
    return [
        Task(
            i,
            game_id,
            count,
            lineup(agents, count, i, rotate),
            game_seed(seed, i),
            max_actions,
            lineup(labels, count, i, rotate),
            config=config,
        )
        for i in range(games)
    ]
