"""A whole tournament: :func:`tournament` plays its schedule and rates the agents.

The games are ``simulate``'s tasks, played on its backends (worker processes, or Ray),
with its progress line. With ``out``, every game's line is appended to the results file
as it finishes, and a rerun with the same file plays only the games not yet there. With
``sprt``, the run stops as soon as the test is decided; deals are taken in order, so the
decision and the deal that made it do not depend on the number of workers.

>>> standings = tournament("crab-stack", ["random", "plausible"], games=4, seed=3)
>>> len(standings.games), standings.crosstable.games("random", "plausible")
(4, 4)
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Sequence
from typing import Any, TextIO

from crabrules.agents import DEFAULT_MAX_ACTIONS, AgentSpec
from crabrules.agents.match import check_decision_seconds
from crabrules.simulate import BACKENDS, Progress, Task, process_results, ray_results
from crabrules.tournament.crosstable import pair_score
from crabrules.tournament.results import Played, read_results, results_line
from crabrules.tournament.schedule import Schedule, TournamentError
from crabrules.tournament.sprt import SPRT
from crabrules.tournament.standings import Standings

__all__ = ["MAX_WORKERS", "tournament"]

#: The most worker processes (or local Ray CPUs).
MAX_WORKERS = 1024


def tournament(
    game_id: str,
    agents: Sequence[AgentSpec],
    *,
    games: int,
    players: int | None = None,
    mode: str = "round-robin",
    seed: int = 0,
    workers: int = 1,
    backend: str = "process",
    ray_address: str | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    out: str | os.PathLike[str] | None = None,
    progress: TextIO | None = None,
    sprt: SPRT | None = None,
    decision_seconds: float | None = None,
    config: Any = None,
) -> Standings:
    """Play a tournament of ``game_id`` between ``agents`` and return the standings.

    Args:
        game_id: the game's registry id.
        agents: at least two agents: names (built-in, ``module:Name``) or agent objects.
        games: games per table (two agents, in a two-player game), a multiple of the seat
            orders (see :mod:`~crabrules.tournament.schedule`).
        players: the player count (default: the game's).
        mode: ``"round-robin"`` or ``"gauntlet"`` (the first agent against the others).
        seed: the tournament's seed: deal ``r`` is ``game_seed(seed, r)``.
        workers: worker processes (or local Ray CPUs) playing at once.
        backend: ``"process"`` or ``"ray"``, as for ``simulate``.
        ray_address: the Ray cluster (``None``: a local Ray).
        max_actions: a game stops unfinished (a draw) after this many actions.
        out: the results file: read first (its games are not played again), then
            appended to, one JSON line a game.
        progress: where to show the progress line (``None``: nowhere).
        sprt: a test of "the first agent is stronger than the second" (two agents only),
            which stops the run when decided.
        decision_seconds: the longest one decision may take (``None``: no cap).
        config: the game's config, for options beyond the player count (Oh Crab!'s
            modules, say); ``players`` is then left out.

    Raises:
        TournamentError: an option is out of range, or ``out`` holds another
            tournament's games or a malformed line.
        UnknownAgentError: an agent name is unknown.
        SimulationError: the Ray backend cannot run.
    """
    schedule = Schedule.of(
        game_id,
        agents,
        games=games,
        players=players,
        mode=mode,
        seed=seed,
        max_actions=max_actions,
        config=config,
    )
    if type(workers) is not int or not 1 <= workers <= MAX_WORKERS:
        raise TournamentError(f"workers: from 1 to {MAX_WORKERS}, not {workers!r:.40}")
    if backend not in BACKENDS:
        raise TournamentError(f"backend: one of {', '.join(BACKENDS)}, not {backend!r:.40}")
    check_decision_seconds(decision_seconds)
    if sprt is not None and (len(schedule.labels) != 2 or not _two_sided(schedule)):
        raise TournamentError(
            "sprt: a test of one agent against one other: two agents, in a game of two "
            "sides that is not cooperative"
        )
    with _results_file(schedule, out) as (done, file):
        verdict = _Verdict(schedule, sprt, done)
        pending = [
            schedule.task(index, decision_seconds)
            for index in range(schedule.total)
            if index not in done
        ]
        played, interrupted = 0, False
        if pending and verdict.decision is None:
            try:
                played = _play(
                    schedule, pending, workers, backend, ray_address, file, progress, done, verdict
                )
            except KeyboardInterrupt:
                interrupted = True
    return Standings(
        schedule, done, played, sprt, verdict.llr, verdict.decision, verdict.after, interrupted
    )


def _two_sided(schedule: Schedule) -> bool:
    return schedule.sides == 2 and not schedule.cooperative


class _Verdict:
    """The SPRT's state: deals taken in order, each once complete."""

    def __init__(self, schedule: Schedule, sprt: SPRT | None, done: dict[int, Played]) -> None:
        self.schedule, self.sprt, self.done = schedule, sprt, done
        self.deals: list[tuple[float, ...]] = []
        self.next = 0  # the next deal to take
        self.llr: float | None = None if sprt is None else 0.0
        self.decision: str | None = None
        self.after: int | None = None
        self.update()

    def update(self) -> None:
        """Take every deal now complete, in order, until the test is decided."""
        if self.sprt is None:
            return
        per_round = self.schedule.per_round
        while self.decision is None and self.next < self.schedule.rounds:
            first = self.next * per_round
            if any(index not in self.done for index in range(first, first + per_round)):
                return
            games = [self.done[index] for index in range(first, first + per_round)]
            if not any(game.failed for game in games):  # a failed game voids its deal
                agent, other = self.schedule.labels
                self.deals.append(tuple(pair_score(game, agent, other) for game in games))
            self.next += 1
            self.llr = self.sprt.llr(self.deals)
            self.decision = self.sprt.decision(self.llr)
            if self.decision is not None:
                self.after = self.next


def _play(
    schedule: Schedule,
    tasks: list[Task],
    workers: int,
    backend: str,
    ray_address: str | None,
    file: TextIO | None,
    progress: TextIO | None,
    done: dict[int, Played],
    verdict: _Verdict,
) -> int:
    if backend == "ray":
        stream = ray_results(tasks, workers, ray_address)
    else:
        stream = process_results(tasks, workers)
    bar = None if progress is None else Progress(len(tasks), progress)
    played = 0
    try:
        for result in stream:
            done[result.index] = Played.of(result)
            played += 1
            if file is not None:
                file.write(results_line(schedule, result) + "\n")
                file.flush()  # a killed run keeps every game it finished
            if bar is not None:
                bar.advance()
            verdict.update()
            if verdict.decision is not None or played == len(tasks):
                break
    finally:
        stream.close()  # stops the workers
        if bar is not None:
            bar.close()
    return played


@contextlib.contextmanager
def _results_file(
    schedule: Schedule, out: str | os.PathLike[str] | None
) -> Iterator[tuple[dict[int, Played], TextIO | None]]:
    """The games already in ``out``, and ``out`` open to append the others."""
    if out is None:
        yield {}, None
        return
    done: dict[int, Played] = {}
    end = 0
    if os.path.exists(out):
        try:
            with open(out, encoding="utf-8", newline="\n") as old:
                done, end = read_results(schedule, old)
        except UnicodeDecodeError:
            raise TournamentError(f"out: {os.fspath(out)!r:.80} is not UTF-8 text") from None
    with open(out, "a", encoding="utf-8", newline="\n") as file:
        file.truncate(end)  # a last line cut short is written again
        file.seek(end)
        yield done, file
