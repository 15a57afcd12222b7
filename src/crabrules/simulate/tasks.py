"""One simulated game as a task a worker can run anywhere: :class:`Task` and :func:`run_task`.

A task is plain data (the game's id, the player count, each seat's agent, the game's
seed), so it pickles to a process or a Ray worker, and its result depends on nothing
else: the same task gives the same :class:`GameResult` on any worker, any machine. A seat's
agent is a name or an agent object (pickled with the task); each game plays a fresh one.

>>> task = Task(0, "crab-stack", 2, ("plausible", "random"), game_seed(1, 0), 1000)
>>> result = run_task(task)
>>> result.index, result.finished, result == run_task(task)
(0, True, True)
"""

from __future__ import annotations

import signal
import time
from collections.abc import Sequence
from typing import Any, TypeVar

import attrs

from crabrules.agents import AgentSpec, PlayedGame, agent_labels, fresh_agent, play_match
from crabrules.core import GameRecord, Outcome, Rng, get_game

__all__ = [
    "SEED_BITS",
    "GameResult",
    "Task",
    "failed_result",
    "game_seed",
    "lineup",
    "run_task",
]

#: What a lineup seats: agents, or their labels.
_Seat = TypeVar("_Seat")

#: Game seeds are below ``2**53``, exact in every JSON reader (as ``fresh_seed``'s).
SEED_BITS = 53


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded with ``seed``.

    It depends only on the two numbers, never on which worker runs the game, so a
    simulation gives the same games however it is split.

    >>> game_seed(1, 0) != game_seed(1, 1), game_seed(1, 5) == game_seed(1, 5)
    (True, True)
    """
    rng = Rng.from_seed(seed)
    for _ in range(2):  # mix the index in twice: neighbouring games look unrelated
        value, rng = Rng((rng.state + index) % (1 << 64)).next_u64()
        rng = Rng(value)
    return rng.state >> (64 - SEED_BITS)


def lineup(agents: Sequence[_Seat], players: int, index: int, rotate: bool) -> tuple[_Seat, ...]:
    """Each seat's agent in game ``index``: ``agents`` repeated over the seats.

    With ``rotate`` the seats turn by one per game, so every agent plays every seat
    equally often.

    >>> lineup(["mcts", "random"], 2, 0, True), lineup(["mcts", "random"], 2, 1, True)
    (('mcts', 'random'), ('random', 'mcts'))
    >>> lineup(["a", "b"], 4, 1, False)
    ('a', 'b', 'a', 'b')
    """
    shift = index % players if rotate else 0
    return tuple(agents[(seat + shift) % len(agents)] for seat in range(players))


@attrs.frozen
class Task:
    """One game to play.

    Attributes:
        index: the game's number in the simulation, from 0.
        game: the game's registry id.
        players: how many players (the game's default config for that many).
        seats: each seat's agent: a name, as :func:`~crabrules.agents.make_agent` takes
            it, or an agent object, copied afresh for the game.
        seed: the game's seed.
        max_actions: the game stops unfinished after this many actions.
        labels: each seat's label in the results (empty: from ``seats`` alone, by
            :func:`~crabrules.agents.agent_labels`).
        decision_seconds: the longest one decision may take (``None``: no cap); an agent
            that overruns fails the game (see :func:`~crabrules.agents.play_match`).
        config: the game's config (``None``: the game's default for ``players``), for
            options beyond the player count (Oh Crab!'s modules, say).
    """

    index: int
    game: str
    players: int
    seats: tuple[AgentSpec, ...]
    seed: int
    max_actions: int
    labels: tuple[str, ...] = ()
    decision_seconds: float | None = None
    config: Any = None

    def game_config(self) -> Any:
        """The config the game is played with.

        >>> Task(0, "crab-stack", 3, ("random",) * 3, 1, 500).game_config().players
        3
        """
        if self.config is not None:
            return self.config
        return get_game(self.game).config_for_players(self.players)


@attrs.frozen
class GameResult(PlayedGame):
    """What one game gave.

    Attributes:
        index: the game's number.
        seats: each seat's agent, by label (:func:`~crabrules.agents.agent_labels`).
        record: the whole game, for :func:`crabrules.replay`.
        outcome: how it ended, or ``None`` if it hit the action cap or failed.
        seconds: how long it took (not part of equality: machines differ).
        error: why the game failed (an agent raised: the exception's type and message),
            or ``None``; the record then holds the actions played until then.
        cpu_seconds: each seat's CPU time spent deciding (not part of equality).
        decisions: each seat's number of decisions (calls of its agent's ``act``).
    """

    index: int
    seats: tuple[str, ...]
    record: GameRecord
    outcome: Outcome | None
    seconds: float = attrs.field(eq=False)
    error: str | None = None
    cpu_seconds: tuple[float, ...] = attrs.field(default=(), eq=False)
    decisions: tuple[int, ...] = attrs.field(default=(), eq=False)

    @property
    def failed(self) -> bool:
        """Whether the game stopped on an error."""
        return self.error is not None


def failed_result(
    task: Task, error: str, actions: Sequence[Any] = (), seconds: float = 0.0
) -> GameResult:
    """The result of ``task``'s game when it failed: why, and the actions played until then.

    >>> task = Task(3, "crab-stack", 2, ("random", "random"), game_seed(1, 3), 500)
    >>> result = failed_result(task, "ValueError: no")
    >>> result.index, result.failed, result.finished, result.length
    (3, True, False, 0)
    """
    record = GameRecord.of(task.game, task.game_config(), task.seed, list(actions))
    labels = task.labels or agent_labels(task.seats)
    return GameResult(task.index, labels, record, None, seconds, error)


def _ctrl_c_ignored() -> bool:
    # A worker process ignores Ctrl-C (its parent handles it), so a KeyboardInterrupt
    # there was raised by an agent; elsewhere it may be the user's, and must stop the run.
    return signal.getsignal(signal.SIGINT) is signal.SIG_IGN


def run_task(task: Task) -> GameResult:
    """Play ``task``'s game with fresh agents and return its result.

    An agent that raises fails this game only: the result says why, with the actions
    played until then, and the simulation goes on with the other games. That holds for
    ``SystemExit`` too, and, in a process that ignores Ctrl-C (a worker), for
    ``KeyboardInterrupt``.
    """
    start = time.perf_counter()
    game = get_game(task.game)
    agents = [fresh_agent(spec) for spec in task.seats]
    labels = task.labels or agent_labels(task.seats)
    config = task.game_config()
    actions: list[Any] = []
    try:
        match = play_match(
            game,
            agents,
            seed=task.seed,
            config=config,
            max_actions=task.max_actions,
            on_action=lambda _state, _player, decision, _after: actions.append(decision.action),
            timing=True,
            decision_seconds=task.decision_seconds,
        )
    except (Exception, SystemExit, KeyboardInterrupt) as error:  # the agent's fault
        if isinstance(error, KeyboardInterrupt) and not _ctrl_c_ignored():
            raise  # the user's Ctrl-C
        failure = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
        return failed_result(task, failure, actions, time.perf_counter() - start)
    seconds = time.perf_counter() - start
    return GameResult(
        task.index,
        labels,
        match.record,
        match.outcome,
        seconds,
        cpu_seconds=match.cpu_seconds,
        decisions=match.decisions,
    )
