"""One game between agents: :func:`play_match` asks each player's agent and applies.

The loop follows the game's dynamics (its :class:`~crabrules.GameInfo`):

- **sequential and simultaneous** games ask one active player at a time, the lowest id,
  and apply its action. In a simultaneous phase (Oh Crab! planning) the order in which the
  hidden choices arrive does not matter, so asking one at a time costs nothing and
  spares agents the work of deciding for an action that would be thrown away.
- **real-time** games ask every active player; each answers when it acts on the game's
  clock (or waits), and the earliest decision is applied, ties going to the lower id.
  The clock then stands at that decision's time. When everyone waits, a second passes
  and everyone is asked again, up to :data:`STALL_SECONDS`.

Every decision is checked against the legal actions, so a faulty agent is named
(:class:`AgentError`) instead of corrupting the game. Each seat's generator is split
from the match seed, so a seed gives the same game every time:

>>> import crabrules
>>> from crabrules.agents import RandomAgent
>>> game = crabrules.get_game("crab-stack")
>>> result = play_match(game, [RandomAgent(), RandomAgent()], seed=4)
>>> result.finished, result.length == len(result.record.actions)
(True, True)
>>> play_match(game, [RandomAgent(), RandomAgent()], seed=4) == result
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from crabrules.agents.base import Agent, AnyGame, Decision, Turn, check_is_agent
from crabrules.core import (
    CrabRulesError,
    Dynamics,
    GameRecord,
    InvalidConfigError,
    Outcome,
    PlayerId,
    Rng,
)

__all__ = [
    "DEFAULT_MAX_ACTIONS",
    "STALL_SECONDS",
    "AgentError",
    "MatchResult",
    "agent_rngs",
    "earliest_decision",
    "next_decision",
    "play_match",
]

#: A match stops unfinished after this many actions unless told otherwise: a safety net
#: for agents whose play need not end (uniform random play of You've Got Crabs).
DEFAULT_MAX_ACTIONS = 20_000

#: In real-time play, the game clock's seconds after which a table where everyone waits
#: has stalled (:class:`AgentError`).
STALL_SECONDS = 60

#: Called after every action: the state before, the player, the decision, the state after.
OnAction = Callable[[Any, PlayerId, Decision, Any], None]


class AgentError(CrabRulesError, ValueError):
    """An agent answered what it may not, or a match got the wrong number of agents.

    What an agent may not answer: an illegal action, a time before now, or a wait outside
    real-time play.
    """


@attrs.frozen
class MatchResult:
    """A finished (or stopped) match.

    Attributes:
        record: the game's record, which :func:`crabrules.replay` rebuilds.
        outcome: how it ended; ``None`` when it stopped at the action cap.
        state: the last state.
    """

    record: GameRecord
    outcome: Outcome | None
    state: Any = attrs.field(eq=False, repr=False)
    #: Each seat's CPU seconds spent deciding, when ``play_match`` was asked to time them.
    cpu_seconds: tuple[float, ...] = attrs.field(default=(), eq=False, repr=False)
    #: Each seat's number of decisions (calls of ``act``), when timed.
    decisions: tuple[int, ...] = attrs.field(default=(), eq=False, repr=False)

    @property
    def finished(self) -> bool:
        """Whether the game reached its end (rather than the action cap)."""
        return self.outcome is not None

    @property
    def length(self) -> int:
        """How many actions were applied."""
        return len(self.record.actions)


def agent_rngs(seed: int, players: int) -> list[Rng]:
    """One generator per seat, split from ``seed`` and independent of the game's own.

    >>> a, b = agent_rngs(1, 2)
    >>> a != b
    True
    """
    # The game's setup draws from Rng.from_seed(seed); the agents' stream is split off it.
    rng = Rng.from_seed(seed).split()[1]
    out = []
    for _ in range(players):
        rng, seat = rng.split()
        out.append(seat)
    return out


def play_match(
    game: AnyGame,
    agents: Sequence[Agent],
    *,
    seed: int,
    config: Any = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    on_action: OnAction | None = None,
    timing: bool = False,
) -> MatchResult:
    """Play ``game`` from ``seed`` with ``agents[p]`` deciding for player ``p``.

    Args:
        game: the game.
        agents: one agent per player, in seat order (fresh ones: agents may remember).
        seed: the game's seed, which also seeds the agents.
        config: the game's config (``None``: the default for ``len(agents)`` players).
        max_actions: stop unfinished after this many actions.
        on_action: called after every action (to show the game as it goes).
        timing: measure each seat's CPU time spent in ``act`` and its number of decisions
            (``MatchResult.cpu_seconds`` and ``decisions``); off, nothing is measured.

    Raises:
        AgentError: an agent chose an illegal action, or the agents do not fit the seats.
        NotAnAgentError: a value given as an agent has no ``act(turn, rng)``.
        InvalidConfigError: ``max_actions`` is not a positive integer.
    """
    if type(max_actions) is not int or max_actions < 1:
        raise InvalidConfigError(f"max actions: a positive integer, not {max_actions!r}")
    for seat, agent in enumerate(agents):
        check_is_agent(agent, f"agents[{seat}]")
    clocks = [_TimedAgent(agent) for agent in agents] if timing else None
    if clocks is not None:
        agents = clocks
    if config is None:
        config = game.config_for_players(len(agents))
    state = game.initial_state(config, seed=seed)
    players = game.num_players(state)
    if len(agents) != players:
        raise AgentError(f"{game.info.name} with this config seats {players}, not {len(agents)}")
    rngs = agent_rngs(seed, players)
    actions: list[Any] = []
    now = 0.0
    while not game.is_terminal(state) and len(actions) < max_actions:
        player, decision = next_decision(game, state, agents, rngs, now)
        # The action is one of the legal ones (checked), so the rules need not check again.
        after = game.apply(state, decision.action, check=False)
        actions.append(decision.action)
        if on_action is not None:
            on_action(state, player, decision, after)
        state, now = after, max(now, decision.at)
    record = GameRecord.of(game.info.id, config, seed, actions)
    if clocks is None:
        return MatchResult(record, game.outcome(state), state)
    cpu = tuple(clock.seconds for clock in clocks)
    decided = tuple(clock.decisions for clock in clocks)
    return MatchResult(record, game.outcome(state), state, cpu, decided)


class _TimedAgent:
    """An agent with a stopwatch: the CPU time of its ``act`` calls, and their number."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.seconds = 0.0
        self.decisions = 0

    def act(self, turn: Turn, rng: Rng) -> Decision | None:
        # process_time: a busy machine's other work does not count as thinking.
        start = time.process_time()
        try:
            return self.agent.act(turn, rng)
        finally:
            self.seconds += time.process_time() - start
            self.decisions += 1


#: The agents of a table by seat: a list, or a mapping that leaves out seats played otherwise.
Seats = Sequence[Agent] | Mapping[PlayerId, Agent]


def next_decision(
    game: AnyGame, state: Any, agents: Seats, rngs: list[Rng], now: float
) -> tuple[PlayerId, Decision]:
    """Who acts next in ``state`` and how: the heart of :func:`play_match`.

    Asks the agents as the game's dynamics say (see the module's docstring), drawing each
    one's generator from ``rngs``, which it advances.

    Raises:
        AgentError: an agent answered what it may not, or every player waited.
    """
    real_time = game.info.dynamics is Dynamics.REAL_TIME
    active = sorted(game.active_players(state))
    # When everyone waits, a second passes and all are asked again (a person at the
    # terminal may be thinking); a table that waits a whole minute has stalled.
    for second in range(STALL_SECONDS):
        asked = active if real_time else active[:1]
        found = earliest_decision(game, state, agents, rngs, asked, now + second)
        if found is not None:
            return found
    raise AgentError(f"every player waited for {STALL_SECONDS} seconds: nobody acted")


def earliest_decision(
    game: AnyGame,
    state: Any,
    agents: Seats,
    rngs: list[Rng],
    players: Sequence[PlayerId],
    now: float,
) -> tuple[PlayerId, Decision] | None:
    """Ask each of ``players`` once, at ``now``, and return the earliest decision.

    Ties go to the first asked; ``None`` if every one waited or had nothing legal.

    Raises:
        AgentError: an agent answered what it may not.
    """
    real_time = game.info.dynamics is Dynamics.REAL_TIME
    best: tuple[float, PlayerId, Decision] | None = None
    for player in players:
        legal = game.legal_actions(state, player)
        if not legal:
            continue
        rngs[player], rng = rngs[player].split()
        turn = Turn(game, player, legal, now, state)
        decision = agents[player].act(turn, rng)
        _check(game, player, legal, turn.now, decision, real_time)
        if decision is not None and (best is None or decision.at < best[0]):
            best = (decision.at, player, decision)
    return None if best is None else (best[1], best[2])


def _check(
    game: AnyGame,
    player: PlayerId,
    legal: tuple[Any, ...],
    now: float,
    decision: Decision | None,
    real_time: bool,
) -> None:
    if decision is None:
        if not real_time:
            raise AgentError(f"player {player}'s agent waited in {game.info.name}, not real-time")
        return
    if decision.action not in legal:
        raise AgentError(f"player {player}'s agent chose an illegal action: {decision.action!r}")
    if real_time and not decision.at >= now:
        raise AgentError(f"player {player}'s agent acts at {decision.at}, before now ({now})")
