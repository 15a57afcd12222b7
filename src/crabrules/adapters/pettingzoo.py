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
:meth:`~CrabrulesEnv.render` return the game's text picture; ``reset(seed=...)`` is the
game's seed, so a seed gives the same game on every platform.

**Who acts.** In a sequential game, the player to move. You've Got Crabs is real time:
everyone in ``active_players`` may act at any moment, in the order their actions arrive.
Here the players who may act take turns: ``agent_selection`` is the next active player
after the one who acted last, in seat order, so every active player is offered a
chance to act in turn and its action arrives before the next one's. A player who would
rather wait has ``Signal`` (its meaning is the team's own). Random play of You've Got
Crabs need not end, so its environments are truncated after ``max_steps`` actions
(by default :attr:`~crabrules.core.GameInfo.max_random_steps`, 300).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from crabrules.core import get_game
from crabrules.encoding import encoding

__all__ = ["CrabrulesEnv", "env"]


def env(
    game_id: str, *, render_mode: str | None = None, max_steps: int | None = None, **config: Any
) -> CrabrulesEnv:
    """An AEC environment of ``game_id``, its ``Config`` built from ``config``.

    Args:
        game_id: a registered game with an encoding (``crabrules.encoding.ENCODED_GAMES``).
        render_mode: ``None`` or ``"ansi"``.
        max_steps: truncate after this many actions; ``None``: the game's
            ``max_random_steps`` (no limit for games whose random play always ends).
        config: the fields of the game's ``Config`` (``players=4``, ``teams=3``, ...).

    >>> env("youve-got-crabs", teams=3).possible_agents[-1]
    'player_5'
    """
    return CrabrulesEnv(game_id, render_mode=render_mode, max_steps=max_steps, **config)


class CrabrulesEnv(AECEnv[str, dict[str, npt.NDArray[Any]], int]):
    """A crabrules game as a PettingZoo AEC environment (see the module's docs)."""

    def __init__(
        self,
        game_id: str,
        *,
        render_mode: str | None = None,
        max_steps: int | None = None,
        **config: Any,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode: None or 'ansi', not {render_mode!r}")
        game = self._game = get_game(game_id)
        enc = self._encoding = encoding(game_id, game.config_type(**config))
        self.metadata = {
            "render_modes": ["ansi"],
            "name": f"crabrules_{game_id.replace('-', '_')}_v0",
            "is_parallelizable": False,
        }
        self.render_mode = render_mode
        self._max_steps = game.info.max_random_steps if max_steps is None else max_steps
        self.possible_agents = [f"player_{p}" for p in range(enc.players)]
        self._player_of = {agent: p for p, agent in enumerate(self.possible_agents)}
        self._observe = game.observe
        self._tensor = enc.observation_tensor
        self.agents: list[str] = []
        actions = enc.num_distinct_actions
        box = spaces.Box(0.0, np.inf, enc.observation_shape, dtype=np.float32)
        mask = spaces.Box(0, 1, (actions,), dtype=np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": box, "action_mask": mask}) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self._state: Any = None
        self._player = 0
        self._legal: dict[int, Any] = {}
        self._steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``: the tensor and the action mask."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(num_distinct_actions)``."""
        return self.action_spaces[agent]

    @property
    def game_state(self) -> Any:
        """The crabrules ``State`` of the game in progress."""
        return self._state

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
        active = self._game.active_players(self._state)
        players = len(self.possible_agents)
        after = self._player
        self._player = min(active, key=lambda p: (p - after - 1) % players) if active else 0
        self.agent_selection = self.possible_agents[self._player]
        if self._game.is_terminal(self._state) or self._steps == self._max_steps:
            self._legal = {}
            return
        to_int = self._encoding.action_to_int
        self._legal = {to_int(a): a for a in self._game.legal_actions(self._state, self._player)}

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """``agent``'s observation tensor and action mask (all 0 unless it is to act)."""
        player = self._player_of[agent]
        mask = np.zeros(self._encoding.num_distinct_actions, dtype=np.int8)
        if player == self._player:
            mask[np.fromiter(self._legal, dtype=np.intp, count=len(self._legal))] = 1
        tensor = self._tensor(self._observe(self._state, player))
        return {"observation": tensor, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action number (``None`` once the agent is done).

        Raises:
            ValueError: the number is not one of the agent's legal ones (its mask's 1s).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        chosen = self._legal.get(action)  # type: ignore[arg-type]
        if chosen is None:
            raise ValueError(f"{agent} may not take action {action!r} now (see its action_mask)")
        game = self._game
        # The number was found among the legal actions just listed: no second check.
        self._state = state = game.apply(self._state, chosen, check=False)
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        if game.is_terminal(state):
            returns = self._encoding.returns(state)
            self.rewards = {a: returns[p] for p, a in enumerate(self.possible_agents)}
            self.terminations = dict.fromkeys(self.agents, True)
        elif self._steps == self._max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        self._select()
        self._accumulate_rewards()
        if self.terminations[agent] or self.truncations[agent]:
            self.agent_selection = self.agents[0]

    def render(self) -> str | None:
        """The game's text picture with ``render_mode="ansi"``; ``None`` otherwise."""
        if self.render_mode is None:
            return None
        return self._game.render(self._state)

    def close(self) -> None:
        """Nothing to release: the environment holds only values."""
