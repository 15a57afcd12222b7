"""Every encoded game as a PettingZoo AEC environment (extra ``crabrules[pettingzoo]``).

>>> from crabrules.adapters.pettingzoo import env
>>> game = env("crab-stack", players=2)
>>> game.reset(seed=1)
>>> for agent in game.agent_iter():
...     observation, reward, termination, truncation, info = game.last()
...     mask = observation["action_mask"]
...     game.step(None if termination or truncation else int(mask.nonzero()[0][0]))
>>> game.agents
[]

Agents are ``"player_0"`` ... ``"player_{n-1}"``, the game's player ids. Each
observation is a dict: ``"observation"``, the encoding's tensor of what that player sees
(:mod:`crabrules.encoding`), and ``"action_mask"``, an ``int8`` vector with 1 on the
player's legal action numbers. Rewards come once, at the end: the encoding's
:meth:`~crabrules.encoding.base.Encoding.returns`. ``render_mode="ansi"`` makes
:meth:`~CrabrulesEnv.render` return the game's text picture, ``"rgb_array"`` an RGB array
of its SVG picture and ``"human"`` show that picture in a window (the last two need the
``render`` extra); the picture is the whole table, as a spectator sees it, since an AEC
environment serves every player. ``reset(seed=...)`` is the
game's seed, so a seed gives the same game on every platform.

**Who acts.** In a sequential game, the player to move. You've Got Crabs is real time:
everyone in ``active_players`` may act at any moment, in the order their actions arrive.
Here the players who may act take turns: ``agent_selection`` is the next active player
after the one who acted last, in seat order, so every active player is offered a
chance to act in turn and its action arrives before the next one's. A player who would
rather wait has ``Signal`` (its meaning is the team's own). Random play of You've Got
Crabs need not end, so its environments are truncated after ``max_steps`` actions
(by default :attr:`~crabrules.core.GameInfo.max_random_steps`, 300). The other games'
random play ends, but a policy that repeats itself need not (Oh Crab!'s crabs may stay on
the shore round after round), so they are truncated after 10,000 actions by default.

**Simultaneous play** (Oh Crab!'s planning phase): in the AEC environment the planning
players plan one after another, by the same rule (the next active player after the last
one to act). A face-down card is hidden from the others' observations, so planning in
turn tells nobody more than the table sees: who has planned already. This is the AEC
equivalent of the simultaneous phase, as OpenSpiel's turn-based transformation of
simultaneous games.

**The parallel forms.** :func:`parallel_env` takes the game's dynamics:

- *simultaneous* (Oh Crab!): at each step every agent sends an action number. The
  active players (every player still to plan, or the one whose turn it is) send one of
  their legal numbers; the others send the extra number ``num_distinct_actions``
  (:attr:`CrabrulesParallelEnv.wait`), the only 1 of their mask. The actions are
  applied in seat order (planned cards do not depend on each other); a number that is
  not 1 in the agent's mask is dropped, and that agent is asked again at the next step.
  A planning phase is one step, the action phase one step per action.
- *real time* (You've Got Crabs): play in ticks. At each step every agent sends an
  action number, or :attr:`~CrabrulesParallelEnv.wait`: do nothing this tick. The
  actions arrive in an order drawn from the environment's generator (seeded by
  ``reset``); each is applied if it is still legal when it arrives, and dropped if an
  earlier one made it illegal (somebody was faster). The masks say what each agent may
  do at the start of the tick, ``wait`` always included.

``infos[agent]["applied"]`` says whose action was applied. The game is truncated after
``max_steps`` steps.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from crabrules.adapters.config import action_number, game_config, step_limit
from crabrules.adapters.spaces import observation_box
from crabrules.core import Dynamics, get_game
from crabrules.core.errors import (
    CommonReason,
    GameOverError,
    IllegalActionError,
    InvalidConfigError,
    InvalidPlayerError,
)
from crabrules.encoding import Encoding, encoding

__all__ = ["CrabrulesEnv", "CrabrulesParallelEnv", "env", "parallel_env"]

# The masks' dtype as an object: numpy parses a dtype given by keyword slowly, every step.
_INT8 = np.dtype(np.int8)


def env(
    game_id: str, *, render_mode: str | None = None, max_steps: int | None = None, **config: Any
) -> CrabrulesEnv:
    """An AEC environment of ``game_id``, its ``Config`` built from ``config``.

    Args:
        game_id: a registered game with an encoding (``crabrules.encoding.ENCODED_GAMES``).
        render_mode: ``None``, ``"ansi"``, ``"rgb_array"`` or ``"human"``.
        max_steps: truncate after this many actions; ``None``: the game's
            ``max_random_steps``, or 10,000 for games whose random play ends long before
            (a policy that repeats itself may never end an Oh Crab! game).
        config: the fields of the game's ``Config`` (``players=4``, ``teams=3``, ...).

    >>> env("youve-got-crabs", teams=3).possible_agents[-1]
    'player_5'
    """
    return CrabrulesEnv(game_id, render_mode=render_mode, max_steps=max_steps, **config)


class _Environment:
    """What both environments share: the game, its encoding, the agents and the pictures.

    ``__init__`` checks the arguments and sets up what is common, then calls the
    environment's ``_set_up`` for the rest.
    """

    def __init__(
        self,
        game_id: str,
        *,
        render_mode: str | None = None,
        max_steps: int | None = None,
        **config: Any,
    ) -> None:
        super().__init__()
        _check_render_mode(render_mode)
        game = self._game = self._checked_game(game_id)
        enc = self._encoding = encoding(game_id, game_config(game_id, config))
        self.metadata = {
            "render_modes": list(RENDER_MODES),
            "render_fps": 4,
            "name": f"crabrules_{game_id.replace('-', '_')}_v0",
        }
        self.render_mode = render_mode
        self._pictures = _Pictures()
        self._max_steps = step_limit(game.info.max_random_steps, max_steps)
        self.possible_agents = [f"player_{p}" for p in range(enc.players)]
        self._player_of = {agent: p for p, agent in enumerate(self.possible_agents)}
        self.agents: list[str] = []
        self._state: Any = None
        self._steps = 0
        self._set_up(enc)

    def _checked_game(self, game_id: str) -> Any:
        """The game ``game_id`` names (``UnknownGameError`` if none)."""
        return get_game(game_id)

    def _set_up(self, enc: Encoding[Any, Any, Any]) -> None:
        """Set up what is the environment's own: its spaces and its bookkeeping."""
        raise NotImplementedError

    def _spaces(self, enc: Encoding[Any, Any, Any], actions: int) -> None:
        """Each agent's spaces: the tensor with a mask of ``actions``, and ``actions``."""
        box = observation_box(enc)
        mask = spaces.Box(0, 1, (actions,), dtype=np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": box, "action_mask": mask}) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``: the tensor and the action mask."""
        return self.observation_spaces[agent]

    @property
    def game_state(self) -> Any:
        """The crabrules ``State`` of the game in progress."""
        return self._state

    @property
    def encoding(self) -> Encoding[Any, Any, Any]:
        """The game's encoding: its config, action numbers and tensor sections."""
        return self._encoding

    def render(self) -> Any:
        """The table's picture: text (``ansi``), an RGB array, or a window (``human``).

        Raises:
            RuntimeError: called before :meth:`reset`.
        """
        return self._pictures.render(self._game, self._state, self.render_mode)

    def close(self) -> None:
        """Close the window of ``render_mode="human"``, if one is open."""
        self._pictures.close()


class CrabrulesEnv(_Environment, AECEnv[str, dict[str, npt.NDArray[Any]], int]):
    """A crabrules game as a PettingZoo AEC environment (see the module's docs)."""

    def _set_up(self, enc: Encoding[Any, Any, Any]) -> None:
        self.metadata["is_parallelizable"] = False
        self._tensor = enc.state_tensor
        self._spaces(enc, enc.num_distinct_actions)
        # Set before any reset, so that last() says "reset first" as observe() does.
        self.agent_selection = self.possible_agents[0]
        self._player = 0
        self._actions = enc.num_distinct_actions
        # The player to act's legal numbers as 1s, and their actions by number.
        self._ones = bytearray(self._actions)
        self._legal: Mapping[int, Any] | Sequence[Any] = {}

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(num_distinct_actions)``."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` is the game's seed (``None``: one drawn from the OS)."""
        game = self._game
        self._state = game.initial_state(self._encoding.config, seed=seed)
        self._steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._player = -1
        self._select()

    def _select(self) -> None:
        """Offer the move to the next active player after the last one to act."""
        state = self._state
        active = self._game.active_players(state)
        if len(active) == 1:
            (self._player,) = active
        elif active:
            players, after = len(self.possible_agents), self._player
            self._player = min(active, key=lambda p: (p - after - 1) % players)
        else:
            self._player = 0
        self.agent_selection = self.possible_agents[self._player]
        if not active or self._steps == self._max_steps:
            self._ones, self._legal = bytearray(self._actions), {}
            return
        self._ones, self._legal = self._encoding.legal_numbers(state, self._player)

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """``agent``'s observation tensor and action mask (all 0 unless it is to act).

        Raises:
            RuntimeError: called before :meth:`reset`.
            InvalidPlayerError: ``agent`` is not one of :attr:`possible_agents`.
        """
        if self._state is None:
            raise RuntimeError("no game yet: call reset() before observe()")
        player = self._player_of.get(agent)
        if player is None:
            raise _unknown_agent(agent, self.possible_agents)
        # A copy: the mask is the caller's to write, and the 1s stay the env's own record.
        ones = bytearray(self._ones) if player == self._player else bytearray(self._actions)
        tensor = self._tensor(self._state, player)
        return {"observation": tensor, "action_mask": np.frombuffer(ones, _INT8)}

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action number (``None`` once the agent is done).

        Raises:
            IllegalActionError: the number is not one of the agent's legal ones (its
                mask's 1s).
            GameOverError: every agent is done (the game is over), or :meth:`reset` was
                never called.
        """
        try:
            agent = self.agent_selection
            done = self.terminations[agent] or self.truncations[agent]
        except (AttributeError, KeyError):  # never reset, or every agent already removed
            raise GameOverError(
                "the game is over (or was never started): reset() the environment",
                action=action,
            ) from None
        if done:
            self._was_dead_step(action)
            return
        number = action_number(action)
        if not 0 <= number < self._actions or not self._ones[number]:
            raise IllegalActionError(
                f"{agent} may not take action {action!r:.40} now (see its action_mask)",
                action=action,
                reason=CommonReason.MALFORMED,
            )
        chosen = self._legal[number]
        game = self._game
        # The number was found among the legal actions just listed: no second check.
        self._state = state = game.apply(self._state, chosen, check=False)
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        if game.is_terminal(state):
            # Rewards come only at the end: before it there is nothing to accumulate.
            returns = self._encoding.returns(state)
            self.rewards = {a: returns[p] for p, a in enumerate(self.possible_agents)}
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        elif self._steps == self._max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self._select()
            return
        self._select()
        self.agent_selection = self.agents[0]


#: ``ansi``: the game's text picture; ``rgb_array`` and ``human``: its SVG, rasterised.
RENDER_MODES = ("ansi", "rgb_array", "human")


def _check_render_mode(render_mode: str | None) -> None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        modes = ", ".join(RENDER_MODES)
        raise InvalidConfigError(f"render_mode: None or one of {modes}, not {render_mode!r}")


class _Pictures:
    """What ``render()`` draws: the text picture, or the SVG through a Renderer."""

    def __init__(self) -> None:
        self._renderer: Any = None

    def render(self, game: Any, state: Any, render_mode: str | None) -> Any:
        """The picture of ``state`` in ``render_mode`` (``None`` without one).

        Raises:
            RuntimeError: there is no game yet: ``reset()`` starts one.
        """
        if render_mode is None:
            return None
        if state is None:
            raise RuntimeError("no game to render yet: reset() the environment first")
        if render_mode == "ansi":
            return str(game.render(state))
        if self._renderer is None:
            from crabrules.adapters.render import Renderer  # the render extra, when asked

            self._renderer = Renderer(render_mode)
        return self._renderer.render(game.render_svg(state))

    def close(self) -> None:
        """Close the window of ``"human"``, if one is open."""
        if self._renderer is not None:
            self._renderer.close()
            self._renderer = None


def _unknown_agent(agent: object, agents: Sequence[str]) -> InvalidPlayerError:
    """The error for an agent name that is none of the environment's."""
    return InvalidPlayerError(
        f"{agent!r} is not an agent of this environment ({agents[0]} to {agents[-1]})"
    )


def _mask(size: int, numbers: Iterable[int]) -> npt.NDArray[np.int8]:
    """A new ``int8`` vector of ``size``: 1 at each of ``numbers``, else 0."""
    # A few legal numbers among hundreds: set one by one in a bytearray, then viewed as an
    # array (writable, and the caller's own), is cheaper than numpy's fancy indexing.
    ones = bytearray(size)
    for number in numbers:
        ones[number] = 1
    return np.frombuffer(ones, _INT8)


def parallel_env(
    game_id: str, *, render_mode: str | None = None, max_steps: int | None = None, **config: Any
) -> CrabrulesParallelEnv:
    """A parallel environment of a simultaneous (Oh Crab!) or real-time game (You've Got Crabs).

    Raises:
        InvalidConfigError: the game is sequential: use :func:`env`.

    >>> game = parallel_env("youve-got-crabs", teams=2, max_steps=5)
    >>> observations, infos = game.reset(seed=1)
    >>> waits = {agent: game.wait for agent in game.agents}
    >>> observations, rewards, terminations, truncations, infos = game.step(waits)
    >>> sorted(set(truncations.values()))
    [False]
    """
    return CrabrulesParallelEnv(game_id, render_mode=render_mode, max_steps=max_steps, **config)


class CrabrulesParallelEnv(_Environment, ParallelEnv[str, dict[str, npt.NDArray[Any]], int]):
    """A simultaneous or real-time game as a PettingZoo parallel environment (see the module)."""

    def _checked_game(self, game_id: str) -> Any:
        """The game ``game_id`` names, if it is simultaneous or real time."""
        game = get_game(game_id)
        if game.info.dynamics is Dynamics.SEQUENTIAL:
            raise InvalidConfigError(
                f"{game_id} is sequential: its environment is env({game_id!r})"
            )
        self._real_time = game.info.dynamics is Dynamics.REAL_TIME
        return game

    def _set_up(self, enc: Encoding[Any, Any, Any]) -> None:
        #: The action number that does nothing this step.
        self.wait = enc.num_distinct_actions
        self._spaces(enc, self.wait + 1)
        self._legal: list[dict[int, Any]] = []
        self._arrivals = random.Random(0)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(num_distinct_actions + 1)``: the last number is :attr:`wait`."""
        return self.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, npt.NDArray[Any]]], dict[str, dict[str, Any]]]:
        """Start a new game; ``seed`` seeds the game and the order in which actions arrive."""
        self._state = self._game.initial_state(self._encoding.config, seed=seed)
        self._arrivals = random.Random(self._state.seed)
        self._steps = 0
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def _observations(self) -> dict[str, dict[str, npt.NDArray[Any]]]:
        """Every agent's tensor and mask; the legal actions are kept for the next step."""
        enc, game, state = self._encoding, self._game, self._state
        active = game.active_players(state)
        self._legal = [
            enc.numbered_legal_actions(state, p) if p in active else {} for p in range(enc.players)
        ]
        observations: dict[str, dict[str, npt.NDArray[Any]]] = {}
        for player, agent in enumerate(self.possible_agents):
            legal = self._legal[player]
            mask = _mask(self.wait + 1, legal)
            if self._real_time or not legal:
                mask[self.wait] = 1
            tensor = enc.state_tensor(state, player)
            observations[agent] = {"observation": tensor, "action_mask": mask}
        return observations

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, dict[str, npt.NDArray[Any]]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """One step: apply the agents' actions (see the module for the two forms).

        Raises:
            IllegalActionError: ``actions`` is not a dict, an agent is not in
                :attr:`agents`, or a number is outside the action space (naming the agent).
            GameOverError: the game is over, or :meth:`reset` was never called.
        """
        game, enc = self._game, self._encoding
        actions = self._checked(actions)
        applied = self._tick(actions) if self._real_time else self._simultaneous(actions)
        self._steps += 1
        done = game.is_terminal(self._state)
        cut = not done and self._steps >= self._max_steps
        returns = enc.returns(self._state)
        agents = self.agents
        rewards = {a: returns[p] if done else 0.0 for p, a in enumerate(self.possible_agents)}
        observations = self._observations()
        infos = {a: {"applied": applied.get(a, False)} for a in agents}
        terminations = dict.fromkeys(agents, done)
        truncations = dict.fromkeys(agents, cut)
        if done or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _checked(self, actions: Mapping[str, Any]) -> dict[str, int]:
        """The actions as plain ints, after checking each agent and number."""
        if not self.agents:
            raise GameOverError(
                "the game is over (or was never started): reset() the environment",
                action=actions,
            )
        if not isinstance(actions, Mapping):
            raise IllegalActionError(
                f"actions: a dict of agent name to action number, not {actions!r:.80}",
                action=actions,
                reason=CommonReason.MALFORMED,
            )
        checked: dict[str, int] = {}
        for agent, number in actions.items():
            if agent not in self.agents:
                raise IllegalActionError(
                    f"{agent!r} is not an agent of this game ({', '.join(self.agents)})",
                    action=number,
                    reason=CommonReason.NOT_YOUR_TURN,
                )
            checked[agent] = action_number(number)
            if not 0 <= checked[agent] <= self.wait:
                raise IllegalActionError(
                    f"{agent}: action {number!r} is not in the action space "
                    f"(an int from 0 to {self.wait}, the last being wait)",
                    action=number,
                    reason=CommonReason.MALFORMED,
                )
        return checked

    def _tick(self, actions: dict[str, int]) -> dict[str, bool]:
        """Real time: the actions arrive in a drawn order; those still legal are applied."""
        game, enc = self._game, self._encoding
        arriving = [(agent, n) for agent, n in actions.items() if n != self.wait]
        self._arrivals.shuffle(arriving)
        applied: dict[str, bool] = {}
        for agent, number in arriving:
            player = self._player_of[agent]
            state = self._state
            if game.is_terminal(state):
                break
            action = enc.int_to_action(state, player, number)
            applied[agent] = action in game.legal_actions(state, player)
            if applied[agent]:
                self._state = game.apply(state, action, check=False)
        return applied

    def _simultaneous(self, actions: dict[str, int]) -> dict[str, bool]:
        """Simultaneous play: every active agent's action, in seat order."""
        applied: dict[str, bool] = {}
        for player, agent in enumerate(self.possible_agents):
            legal = self._legal[player]
            action = legal.get(actions.get(agent, self.wait))
            if action is not None:
                # Checked again: a simultaneous action must not depend on the others'.
                self._state = self._game.apply(self._state, action)
                applied[agent] = True
        return applied
