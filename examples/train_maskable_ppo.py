# mypy: disallow-subclassing-any=False, disallow-untyped-calls=False
"""Train sb3-contrib's MaskablePPO on Crab Stack, 2 players, against RandomAgent.

The learner plays seat 0 of ``crabrules/CrabStack-v0`` (the Gymnasium environment of
``crabrules[gymnasium]``) against uniformly random play. Two things help it learn fast:

- **A move-pair head.** A Crab Stack action is a move from one space to another (or the
  space of a tied group kept). Instead of one logit per action, the policy outputs one
  score per space as a start, one per space as an end and one per space to keep, and a
  move's logit is its start's score plus its end's: what it learns about one move carries
  over to every move from the same space or to the same space.
- **A scaled move counter.** The tensor's ``turn`` entry counts moves (it grows without
  bound); the learner sees it divided by 100 and capped at 1, like every other entry.

It trains until a budget of CPU time (of this process, so that other work on the machine
does not count) and evaluates against RandomAgent as it goes, then on 500 games, and
draws the learning curve. Needs ``pip install ".[gymnasium]" sb3-contrib matplotlib``
(and PyTorch)::

    python examples/train_maskable_ppo.py --cpu-minutes 15 --plot docs/_static/ppo-crab-stack.png
    python examples/train_maskable_ppo.py --smoke   # a few hundred steps, to try it
"""

from __future__ import annotations

import argparse
import csv
import time
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv
from torch import nn

import crabrules.adapters.gymnasium  # noqa: F401  (registers crabrules/CrabStack-v0)

CELLS = 18  # a 2-player reference board
TURN_SCALE = 100.0


class ScaledTurn(gymnasium.ObservationWrapper[Any, Any, Any]):
    """The tensor with its move counter divided by 100 and capped at 1."""

    def __init__(self, env: gymnasium.Env[Any, Any]) -> None:
        super().__init__(env)
        encoding = env.unwrapped.encoding  # type: ignore[attr-defined]
        self.turn = encoding.layout.offsets["turn"]
        high = np.array(encoding.observation_high, dtype=np.float32)
        high[self.turn] = 1.0
        self.observation_space = gymnasium.spaces.Box(np.zeros_like(high), high)

    def observation(self, observation: Any) -> Any:
        """The same tensor, the counter scaled."""
        scaled = np.array(observation, dtype=np.float32)
        scaled[self.turn] = min(1.0, scaled[self.turn] / TURN_SCALE)
        return scaled

    def action_masks(self) -> Any:
        """The legal numbers, as MaskablePPO asks for them."""
        return self.env.unwrapped.action_masks()  # type: ignore[attr-defined]


def make_env() -> gymnasium.Env[Any, Any]:
    """Crab Stack, 2 players, the learner at seat 0 against RandomAgent."""
    return ScaledTurn(gymnasium.make("crabrules/CrabStack-v0", players=2, opponents="random"))


class MovePairHead(nn.Module):
    """Action logits from a start score and an end score per space, and a keep score."""

    def __init__(self, latent: int) -> None:
        super().__init__()
        self.scores = nn.Linear(latent, 3 * CELLS)

    def forward(self, latent: torch.Tensor) -> torch.Tensor:
        """``[src * C + dst]``: start + end; then ``[C * C + cell]``: keep."""
        start, end, keep = self.scores(latent).split(CELLS, dim=-1)
        moves = (start.unsqueeze(-1) + end.unsqueeze(-2)).flatten(-2)
        return torch.cat([moves, keep], dim=-1)


class MovePairPolicy(MaskableActorCriticPolicy):
    """MaskablePPO's policy with :class:`MovePairHead` as its action head."""

    def _build(self, lr_schedule: Any) -> None:
        super()._build(lr_schedule)
        self.action_net = MovePairHead(self.mlp_extractor.latent_dim_pi)
        # The optimiser was built over the old head: build it again over the new one.
        self.optimizer = self.optimizer_class(
            self.parameters(), lr=lr_schedule(1), **self.optimizer_kwargs
        )


def win_rate(model: MaskablePPO, games: int, seed: int) -> float:
    """The share of ``games`` won against RandomAgent, acting greedily."""
    env = make_env()
    wins = 0
    for game in range(games):
        observation, _ = env.reset(seed=seed + game)
        done, reward = False, 0.0
        while not done:
            masks = env.action_masks()  # type: ignore[attr-defined]
            action, _ = model.predict(observation, action_masks=masks, deterministic=True)
            observation, reward_, terminated, truncated, _ = env.step(int(action))
            reward, done = float(reward_), terminated or truncated
        wins += reward > 0
    return wins / games


class CpuBudget(BaseCallback):
    """Stops training after a budget of CPU seconds; evaluates every ``every`` seconds."""

    def __init__(self, seconds: float, every: float, log: list[tuple[float, int, float]]) -> None:
        super().__init__()
        self.seconds, self.every, self.log = seconds, every, log
        self.spent = 0.0  # training CPU time, evaluation left out
        self.mark = time.process_time()
        self.next_eval = every

    def _on_step(self) -> bool:
        now = time.process_time()
        self.spent += now - self.mark
        self.mark = now
        if self.spent >= self.next_eval:
            self.next_eval += self.every
            rate = win_rate(self.model, 100, seed=10_000)
            self.log.append((self.spent / 60, self.num_timesteps, rate))
            print(f"{self.spent / 60:5.1f} CPU min, {self.num_timesteps:>8} steps: {rate:.2f}")
            self.mark = time.process_time()  # the evaluation is not training time
        return self.spent < self.seconds


def main() -> None:
    """Train, evaluate on 500 games, write the curve."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpu-minutes", type=float, default=15.0)
    parser.add_argument("--eval-every", type=float, default=1.0, help="CPU minutes")
    parser.add_argument("--games", type=int, default=500, help="final evaluation games")
    parser.add_argument("--csv", default=None, help="write the curve's points here")
    parser.add_argument("--plot", default=None, help="write the curve as a PNG here")
    parser.add_argument("--smoke", action="store_true", help="a few hundred steps only")
    args = parser.parse_args()
    torch.set_num_threads(1)  # one core
    envs = DummyVecEnv([make_env] * 8)
    model = MaskablePPO(
        MovePairPolicy,
        envs,
        n_steps=32 if args.smoke else 256,
        batch_size=256,
        learning_rate=3e-4,
        ent_coef=0.01,
        seed=0,
        verbose=0,
    )
    log: list[tuple[float, int, float]] = []
    budget = 2.0 if args.smoke else args.cpu_minutes * 60
    every = 1.0 if args.smoke else args.eval_every * 60
    model.learn(total_timesteps=10**9, callback=CpuBudget(budget, every, log))
    games = 10 if args.smoke else args.games
    final = win_rate(model, games, seed=0)
    trained = log[-1][0] if log else budget / 60
    print(
        f"won {final:.1%} of {games} games against RandomAgent after {model.num_timesteps} steps"
    )
    log.append((max(trained, budget / 60), model.num_timesteps, final))
    if args.csv:
        with open(args.csv, "w", newline="") as out:
            csv.writer(out).writerows([("cpu_minutes", "steps", "win_rate"), *log])
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib import pyplot

        figure, axes = pyplot.subplots(figsize=(6, 3.5))
        axes.plot([m for m, _, _ in log], [r for _, _, r in log], marker="o")
        axes.axhline(0.8, linestyle="--", color="grey")
        axes.set(xlabel="CPU minutes of training", ylabel="win rate vs RandomAgent", ylim=(0, 1))
        axes.set_title("MaskablePPO on Crab Stack, 2 players")
        figure.tight_layout()
        figure.savefig(args.plot, dpi=100)


if __name__ == "__main__":
    main()
