"""Every encoded game as a single-agent Gymnasium environment (extra ``crabrules[gymnasium]``).

One seat learns; the other seats are agents (built-in names or your own agent objects),
policies or pools of policy snapshots (:mod:`crabrules.adapters.opponents`, for
self-play), who play inside :meth:`~CrabrulesGymEnv.step` until the learner is to act again.

>>> import gymnasium
>>> import crabrules.adapters.gymnasium  # registers crabrules/CrabStack-v0, ...
>>> env = gymnasium.make("crabrules/CrabStack-v0", opponents="random", players=2)
>>> observation, info = env.reset(seed=1)
>>> done = False
>>> while not done:
...     action = int(info["action_mask"].nonzero()[0][0])
...     observation, reward, terminated, truncated, info = env.step(action)
...     done = terminated or truncated
>>> reward in (-1.0, 0.0, 1.0)
True

- **Observations** are the encoding's tensor of what the learning seat sees
  (:mod:`crabrules.encoding`), in a ``Box`` from 0 to the encoding's finite
  ``observation_high``.
- **Actions** are the encoding's numbers, ``Discrete(num_distinct_actions)``. The legal
  ones are the 1s of ``info["action_mask"]`` and of :meth:`~CrabrulesGymEnv.action_masks`
  (sb3-contrib's ``MaskablePPO`` reads the latter).
- **Rewards** come once, at the end: the encoding's returns for the learning seat.
- **Mistakes.** By default an illegal number is an ``IllegalActionError`` and changes
  nothing. With ``illegal_action_penalty=p`` it is instead answered with reward ``p``, the
  game unchanged and the episode going on: then :func:`gymnasium.utils.env_checker.check_env`,
  which steps random numbers, passes whole. Without a penalty only its checks that step
  random actions (``check_env`` itself and ``check_step_determinism``) cannot pass; every
  other check does (the tests run them).
- **Real time** (You've Got Crabs): the learner acts whenever it may; after each of its
  actions every other active player is asked once, at the table's clock, and the earliest
  decision is applied. When the learner may not act, the others are asked again, a
  second later each time; a minute with nobody acting truncates the episode.
- **Bounds.** An episode is truncated after ``max_steps`` actions (everyone's), the game's
  ``max_random_steps`` or 10,000 by default. ``gymnasium.make`` also gives the
  environment ``spec.max_episode_steps``, the same number, and its ``TimeLimit`` truncates
  after that many ``step`` calls of the learner, penalised ones included.
- **Seats.** ``reset(options={"seat": 1, "opponents": "plausible"})`` picks the learning
  seat and the other seats' agents (:data:`RESET_OPTIONS`); they stay for the next
  episodes until another ``reset`` picks again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from crabrules.adapters.config import action_number, game_config, penalty, step_limit
from crabrules.adapters.opponents import Opponent, OpponentPolicyError, check_opponent, seat_agent
from crabrules.adapters.spaces import observation_box
from crabrules.agents import Agent, AgentError, agent_rngs
from crabrules.agents.match import STALL_SECONDS, earliest_decision, next_decision
from crabrules.core import Dynamics, InvalidConfigError, get_game
from crabrules.core.errors import CommonReason, GameOverError, IllegalActionError
from crabrules.encoding import ENCODED_GAMES, Encoding, encoding

__all__ = ["ENV_IDS", "RENDER_MODES", "RESET_OPTIONS", "CrabrulesGymEnv"]

#: The registered ids, by game id: ``gymnasium.make(ENV_IDS["crab-stack"])``.
ENV_IDS = {
    "crab-stack": "crabrules/CrabStack-v0",
    "la-marche-du-crabe": "crabrules/LaMarcheDuCrabe-v0",
    "youve-got-crabs": "crabrules/YouveGotCrabs-v0",
    "oh-crab": "crabrules/OhCrab-v0",
}
#: ``ansi``: the game's text picture; ``rgb_array`` and ``human``: its SVG picture of the
#: learner's view, rasterised (the ``render`` extra).
RENDER_MODES = ("ansi", "rgb_array", "human")
#: The keys of ``reset(options=...)``: the learning ``seat`` and the ``opponents``, as the
#: constructor takes them.
RESET_OPTIONS = ("seat", "opponents")
#: Seeds drawn for a game when ``reset`` is given none stay below this (exact in JSON).
_SEED_LIMIT = 2**53
_INT8 = np.dtype(np.int8)


class CrabrulesGymEnv(gymnasium.Env[npt.NDArray[Any], Any]):
    """A crabrules game from one seat, the others played by agents (see the module).

    Args:
        game_id: a game with an encoding (``crabrules.encoding.ENCODED_GAMES``).
        seat: the learning player.
        opponents: the other seats' opponents: one for all of them, or one per other seat
            in seat order. Each is an agent (a name or an agent object; each episode plays
            a fresh copy), a policy ``(observation, mask) -> number``, or a
            :class:`~crabrules.adapters.opponents.SnapshotPool` of those, drawn from at
            each ``reset`` with the environment's generator.
        render_mode: ``None``, ``"ansi"``, ``"rgb_array"`` or ``"human"``.
        max_steps: truncate after this many actions; ``None``: the game's
            ``max_random_steps``, or 10,000.
        illegal_action_penalty: ``None`` to refuse an illegal number with an error, or the
            reward that answers one (the game unchanged).
        config: the fields of the game's ``Config`` (``players=2``, ...).

    Raises:
        InvalidConfigError: an unknown game, config field, seat or render mode, or an
            ``illegal_action_penalty`` that is not ``None`` or a finite number.
        UnknownAgentError, NotAnAgentError: an opponent that is not an agent or a policy.
    """

    # On the class, where gymnasium.make looks for the render modes before it builds one
    # (not a ClassVar: gymnasium.Env declares it an instance attribute).
    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game_id: str,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = "random",
        render_mode: str | None = None,
        max_steps: int | None = None,
        illegal_action_penalty: float | None = None,
        **config: Any,
    ) -> None:
        if game_id not in ENCODED_GAMES:
            raise InvalidConfigError(f"game_id: one of {', '.join(sorted(ENCODED_GAMES))}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidConfigError(
                f"render_mode: None or one of {', '.join(RENDER_MODES)}, not {render_mode!r}"
            )
        self._game = get_game(game_id)
        self._encoding = encoding(game_id, game_config(game_id, config))
        players = self._encoding.players
        self.seat = _seat(seat, players)
        self._opponents = _opponents(opponents, players - 1)
        self._max_steps = step_limit(self._game.info.max_random_steps, max_steps)
        self._penalty = penalty(illegal_action_penalty)
        self.render_mode = render_mode
        self.observation_space = observation_box(self._encoding)
        self.action_space = spaces.Discrete(self._encoding.num_distinct_actions)
        self._real_time = self._game.info.dynamics is Dynamics.REAL_TIME
        self._renderer: Any = None
        self._state: Any = None
        self._agents: dict[int, Agent] = {}
        self._ones = bytearray(self._encoding.num_distinct_actions)
        self._legal: Mapping[int, Any] | Sequence[Any] = {}
        self._steps = 0
        self._now = 0.0

    @property
    def encoding(self) -> Encoding[Any, Any, Any]:
        """The game's encoding: its config, action numbers and tensor sections."""
        return self._encoding

    @property
    def game_state(self) -> Any:
        """The crabrules ``State`` of the game in progress (not for the learner's eyes)."""
        return self._state

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal numbers as ``True`` (sb3-contrib's ``MaskablePPO`` asks)."""
        return np.frombuffer(self._ones, _INT8).astype(bool)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """A new game, played by the others up to the learner's first decision.

        ``seed`` seeds the environment's generator, from which each game's seed is drawn,
        so a seeded environment plays the same games in the same order. ``options`` may
        pick the learning ``"seat"`` and the ``"opponents"`` (as the constructor takes
        them), which stay for the next episodes until another ``reset`` picks again.

        Raises:
            InvalidConfigError: ``options`` is not a dict of :data:`RESET_OPTIONS`, or
                names a seat the game lacks (nothing is changed).
            UnknownAgentError, NotAnAgentError: an opponent that is not an agent or a policy.
            OpponentPolicyError: an opponent policy failed (also from :meth:`step`).
        """
        self._choose(options)
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(_SEED_LIMIT))
        players = self._encoding.players
        self._state = self._game.initial_state(self._encoding.config, seed=game_seed)
        others = [p for p in range(players) if p != self.seat]
        # Pools draw after the game's seed, so that a run without one plays as it always did.
        self._agents = {
            p: seat_agent(opponent, self._encoding, p, self.np_random)
            for p, opponent in zip(others, self._opponents, strict=True)
        }
        self._rngs = agent_rngs(game_seed, players)
        self._steps = 0
        self._now = 0.0
        truncated = self._advance()
        return self._observe(), self._info(truncated)

    def step(
        self, action: int
    ) -> tuple[npt.NDArray[np.float32], SupportsFloat, bool, bool, dict[str, Any]]:
        """Apply the learner's action number, then the others' until the learner's turn.

        Raises:
            IllegalActionError: the number is not legal now and no penalty was set.
            GameOverError: the episode is over (or never began): ``reset()`` first.
            OpponentPolicyError: an opponent policy raised or answered no legal number.
        """
        if self._state is None or self._game.is_terminal(self._state) or not self._legal:
            raise GameOverError(
                "the episode is over (or never began): reset() the environment", action=action
            )
        number = action_number(action)
        if not 0 <= number < len(self._ones) or not self._ones[number]:
            if self._penalty is None:
                raise IllegalActionError(
                    f"action {action!r:.40} is not legal now (see info['action_mask'])",
                    action=action,
                    reason=CommonReason.MALFORMED,
                )
            return self._observe(), self._penalty, False, False, self._info(False)
        self._apply(self._legal[number])
        truncated = self._advance(learner_acted=True)
        terminated = self._game.is_terminal(self._state)
        reward = float(self._encoding.returns(self._state)[self.seat]) if terminated else 0.0
        return self._observe(), reward, terminated, truncated, self._info(truncated)

    def render(self) -> Any:
        """The learner's view: text (``ansi``), an RGB array, or a window (``human``)."""
        if self.render_mode is None:
            return None
        if self._state is None:
            raise RuntimeError("no game to render yet: reset() the environment first")
        if self.render_mode == "ansi":
            return str(self._game.render(self._state))
        if self._renderer is None:
            from crabrules.adapters.render import Renderer  # the render extra, when asked

            self._renderer = Renderer(self.render_mode, fps=self.metadata["render_fps"])
        view = self._game.observe(self._state, self.seat)
        return self._renderer.render(self._game.render_svg(view))

    def close(self) -> None:
        """Close the window of ``render_mode="human"``, if one is open."""
        if self._renderer is not None:
            self._renderer.close()
            self._renderer = None

    def _choose(self, options: object) -> None:
        """Take the seat and opponents of ``reset``'s options, all checked before either."""
        if options is None:
            return
        if not isinstance(options, Mapping):
            raise InvalidConfigError(f"options: None or a dict, not {options!r:.40}")
        for key in options:
            if key not in RESET_OPTIONS:
                raise InvalidConfigError(
                    f"options: {key!r:.40} is not an option (they are {', '.join(RESET_OPTIONS)})"
                )
        players = self._encoding.players
        seat = _seat(options.get("seat", self.seat), players)
        opponents = self._opponents
        if "opponents" in options:
            opponents = _opponents(options["opponents"], players - 1)
        self.seat, self._opponents = seat, opponents

    def _apply(self, action: Any) -> None:
        self._state = self._game.apply(self._state, action, check=False)
        self._steps += 1

    def _advance(self, learner_acted: bool = False) -> bool:
        """Let the others play until the learner may act; whether the episode was cut."""
        try:
            return self._others_play(learner_acted)
        except AgentError as error:
            # The match loop names any agent's fault; a policy's is told in its own words.
            if isinstance(error.__cause__, OpponentPolicyError):
                raise error.__cause__ from error.__cause__.__cause__
            raise

    def _others_play(self, learner_acted: bool) -> bool:
        game, stalled = self._game, 0
        # Real time: after each of the learner's actions, the others are asked once.
        answer = learner_acted and self._real_time
        while not game.is_terminal(self._state) and self._steps < self._max_steps:
            active = game.active_players(self._state)
            mine = self.seat in active and (self._real_time or min(active) == self.seat)
            if mine and not answer:
                self._ones, self._legal = self._encoding.legal_numbers(self._state, self.seat)
                return False
            if not self._real_time:
                _, decision = next_decision(game, self._state, self._agents, self._rngs, self._now)
                self._apply(decision.action)
            elif answer:
                answer = False
                self._others_act(active, 0)
            elif not self._others_act(active, stalled):
                stalled += 1
                if stalled >= STALL_SECONDS:
                    break
        self._ones, self._legal = bytearray(len(self._ones)), {}
        return not game.is_terminal(self._state)

    def _others_act(self, active: frozenset[int], second: int) -> bool:
        """Ask every other active player once (real time); apply the earliest decision."""
        others = sorted(active - {self.seat})
        found = earliest_decision(
            self._game, self._state, self._agents, self._rngs, others, self._now + second
        )
        if found is None:
            return False
        decision = found[1]
        self._now = max(self._now, decision.at)
        self._apply(decision.action)
        return True

    def _observe(self) -> npt.NDArray[np.float32]:
        tensor: npt.NDArray[np.float32] = self._encoding.state_tensor(self._state, self.seat)
        return tensor

    def _info(self, truncated: bool) -> dict[str, Any]:
        mask = np.frombuffer(bytearray(self._ones), _INT8)
        return {"action_mask": mask, "steps": self._steps, "truncated_by_limit": truncated}


def _seat(seat: object, players: int) -> int:
    """``seat`` if it is one of the game's players."""
    if type(seat) is not int or not 0 <= seat < players:
        raise InvalidConfigError(f"seat: a player from 0 to {players - 1}, not {seat!r:.40}")
    return seat


def _opponents(opponents: Opponent | Sequence[Opponent], count: int) -> tuple[Opponent, ...]:
    """One opponent per other seat, each checked now rather than at its first turn."""
    if isinstance(opponents, str) or not isinstance(opponents, Sequence):
        specs: tuple[Opponent, ...] = (opponents,) * count
    else:
        specs = tuple(opponents)
        if len(specs) != count:
            raise InvalidConfigError(f"opponents: one agent, or {count} (one per other seat)")
    for index, spec in enumerate(specs):
        check_opponent(spec, f"opponents[{index}]")
    return specs


for _game_id, _env_id in ENV_IDS.items():
    if _env_id not in gymnasium.registry:
        gymnasium.register(
            id=_env_id,
            entry_point="crabrules.adapters.gymnasium:CrabrulesGymEnv",
            # The default max_steps, in learner steps: only penalised mistakes reach it
            # before max_steps (which counts every seat's actions, and no mistake) does.
            max_episode_steps=step_limit(get_game(_game_id).info.max_random_steps, None),
            kwargs={"game_id": _game_id},
        )
