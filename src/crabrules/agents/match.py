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

Every answer is checked against the agent protocol, so a faulty agent is named
(:class:`AgentError`, with its player and label) instead of corrupting the game: an
answer that is not a :class:`~crabrules.agents.Decision` (a bare action, a wait outside
real-time play), an action that is not exactly one of the legal ones, a time that is not
a finite number (or, in real time, before now), an exception raised by ``act``, and a
decision that took longer than ``decision_seconds``. Python cannot stop a running agent
safely, so the cap is checked when the decision returns. Each seat's generator is split
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

import math
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from crabrules.agents.base import Agent, AnyGame, Decision, Turn, check_is_agent, own_label
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
    "MAX_DECISION_SECONDS",
    "STALL_SECONDS",
    "AgentError",
    "StalledError",
    "MatchResult",
    "PlayedGame",
    "agent_rngs",
    "check_decision_seconds",
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

#: The largest per-decision cap ``play_match`` takes (``decision_seconds``): one hour.
MAX_DECISION_SECONDS = 3600.0

#: Called after every action: the state before, the player, the decision, the state after.
OnAction = Callable[[Any, PlayerId, Decision, Any], None]


class AgentError(CrabRulesError, ValueError):
    """An agent broke the protocol, or a match got the wrong number of agents.

    The message names the player and the agent's label. What an agent may not do: answer
    anything but a :class:`~crabrules.agents.Decision` or ``None`` (a bare action, say),
    wait (``None``) outside real-time play, choose an action that is not exactly one of
    the legal ones, take a time that is not a finite number or, in real time, is before
    now, raise, or decide for longer than the match's ``decision_seconds``. An exception
    the agent raised is this error's ``__cause__``.
    """


class StalledError(AgentError):
    """In real-time play, every player waited for :data:`STALL_SECONDS`: nobody acted."""


class PlayedGame:
    """What every result of a played game says: its record, and how it ended.

    The base of :class:`MatchResult` and of ``simulate``'s
    :class:`~crabrules.simulate.GameResult`.
    """

    __slots__ = ()

    #: The game's record, which :func:`crabrules.replay` rebuilds.
    record: GameRecord
    #: How it ended; ``None`` when it stopped before its end.
    outcome: Outcome | None

    @property
    def finished(self) -> bool:
        """Whether the game reached its end (rather than the action cap, or an error)."""
        return self.outcome is not None

    @property
    def length(self) -> int:
        """How many actions were applied."""
        return len(self.record.actions)


@attrs.frozen
class MatchResult(PlayedGame):
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
    decision_seconds: float | None = None,
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
        decision_seconds: the longest one call of ``act`` may take, in wall-clock
            seconds (``None``: no cap; at most :data:`MAX_DECISION_SECONDS`). It is checked
            when the call returns: an agent that overran fails the match.

    Raises:
        AgentError: an agent broke the protocol (see :class:`AgentError`; it names the
            player), or the agents do not fit the seats.
        NotAnAgentError: a value given as an agent has no ``act(turn, rng)``.
        InvalidConfigError: ``max_actions`` is not a positive integer, or
            ``decision_seconds`` is not a positive number of seconds.
    """
    if type(max_actions) is not int or max_actions < 1:
        raise InvalidConfigError(f"max actions: a positive integer, not {max_actions!r}")
    check_decision_seconds(decision_seconds)
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
        player, decision = next_decision(game, state, agents, rngs, now, decision_seconds)
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


def check_decision_seconds(value: object) -> None:
    """Refuse a per-decision cap that is not ``None`` or a positive, finite number of seconds.

    >>> check_decision_seconds(0.5)
    >>> check_decision_seconds(0)
    Traceback (most recent call last):
    ...
    crabrules.core.errors.InvalidConfigError: decision_seconds: a number of seconds above 0 ...

    Raises:
        InvalidConfigError: ``value`` is not ``None``, or not above 0 and at most
            :data:`MAX_DECISION_SECONDS`.
    """
    if value is None:
        return
    if type(value) not in (int, float) or not 0 < value <= MAX_DECISION_SECONDS:  # type: ignore[operator]
        raise InvalidConfigError(
            f"decision_seconds: a number of seconds above 0 and at most "
            f"{MAX_DECISION_SECONDS:g}, not {value!r:.40}"
        )


class _TimedAgent:
    """An agent with a stopwatch: the CPU time of its ``act`` calls, and their number."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.label = own_label(agent)  # errors name the agent, not its stopwatch
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
    game: AnyGame,
    state: Any,
    agents: Seats,
    rngs: list[Rng],
    now: float,
    decision_seconds: float | None = None,
) -> tuple[PlayerId, Decision]:
    """Who acts next in ``state`` and how: the heart of :func:`play_match`.

    Asks the agents as the game's dynamics say (see the module's docstring), drawing each
    one's generator from ``rngs``, which it advances; ``decision_seconds`` caps each call.

    Raises:
        AgentError: an agent broke the protocol.
        StalledError: every player waited.
    """
    real_time = game.info.dynamics is Dynamics.REAL_TIME
    active = sorted(game.active_players(state))
    # When everyone waits, a second passes and all are asked again (a person at the
    # terminal may be thinking); a table that waits a whole minute has stalled.
    for second in range(STALL_SECONDS):
        asked = active if real_time else active[:1]
        found = earliest_decision(game, state, agents, rngs, asked, now + second, decision_seconds)
        if found is not None:
            return found
    raise StalledError(f"every player waited for {STALL_SECONDS} seconds: nobody acted")


def earliest_decision(
    game: AnyGame,
    state: Any,
    agents: Seats,
    rngs: list[Rng],
    players: Sequence[PlayerId],
    now: float,
    decision_seconds: float | None = None,
) -> tuple[PlayerId, Decision] | None:
    """Ask each of ``players`` once, at ``now``, and return the earliest decision.

    Ties go to the first asked; ``None`` if every one waited or had nothing legal.

    Raises:
        AgentError: an agent broke the protocol.
    """
    best: tuple[float, PlayerId, Decision] | None = None
    for player in players:
        legal = game.legal_actions(state, player)
        if not legal:
            continue
        rngs[player], rng = rngs[player].split()
        turn = Turn(game, player, legal, now, state)
        decision = _ask(agents[player], turn, rng, decision_seconds)
        if decision is not None and (best is None or decision.at < best[0]):
            best = (decision.at, player, decision)
    return None if best is None else (best[1], best[2])


def _ask(agent: Agent, turn: Turn, rng: Rng, cap: float | None) -> Decision | None:
    # The agent's answer, checked against the protocol; any fault is an AgentError.
    start = time.perf_counter()
    try:
        answer: object = agent.act(turn, rng)
    except Exception as error:  # the agent's own code failed: name it, keep the cause
        raise AgentError(f"{_who(turn, agent)} raised {type(error).__name__}: {error}") from error
    took = time.perf_counter() - start
    if cap is not None and took > cap:
        raise AgentError(
            f"{_who(turn, agent)} took {took:.3f} seconds to decide, over the "
            f"decision_seconds cap of {cap:g}"
        )
    return _check(turn, agent, answer)


def _who(turn: Turn, agent: Agent) -> str:
    return f"player {turn.player}'s agent ({own_label(agent)})"


#: The protocol, as an error message ends it.
_PROTOCOL = "act(turn, rng) returns a Decision(action, at), or None to wait in real-time play"


def _check(turn: Turn, agent: Agent, answer: object) -> Decision | None:
    real_time = turn.game.info.dynamics is Dynamics.REAL_TIME
    if answer is None:
        if real_time:
            return None
        raise AgentError(
            f"{_who(turn, agent)} waited (None) in {turn.game.info.name}, which is not "
            f"played in real time: {_PROTOCOL}"
        )
    if not isinstance(answer, Decision):
        what = (
            "a bare action"
            if answer in turn.legal
            else f"an object of type {type(answer).__name__}"
        )
        raise AgentError(f"{_who(turn, agent)} returned {what} ({answer!r:.80}): {_PROTOCOL}")
    at = answer.at
    if type(at) not in (int, float) or not math.isfinite(at):
        raise AgentError(
            f"{_who(turn, agent)} acts at {at!r:.40}: a decision's time is a finite number"
        )
    if not _exactly_legal(answer.action, turn.legal):
        raise AgentError(f"{_who(turn, agent)} chose an illegal action: {answer.action!r:.120}")
    if real_time and not at >= turn.now:
        raise AgentError(f"{_who(turn, agent)} acts at {at}, before now ({turn.now})")
    return answer


def _exactly_legal(action: Any, legal: tuple[Any, ...]) -> bool:
    # Equal to a legal action, field types included: Move(player=1.0) equals Move(player=1)
    # but is not legal (the rules' own check says the same; the match applies unchecked).
    try:
        match = legal[legal.index(action)]
    except ValueError:
        return False
    if type(action) is not type(match):
        return False
    if not attrs.has(type(action)):
        return True
    return all(
        type(getattr(action, field.name)) is type(getattr(match, field.name))
        for field in attrs.fields(type(action))
    )
