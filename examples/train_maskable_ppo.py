# mypy: disallow-subclassing-any=False, disallow-untyped-calls=False
"""Train sb3-contrib's MaskablePPO on Crab Stack, 2 players, for a budget of steps.

The learner plays seat 0 of Crab Stack through ``crabrules.adapters.gymnasium``, against
uniformly random play, or (``--self-play``) against a pool of snapshots of its own
earlier policies. Two things help it learn fast:

- **A move-pair head.** A Crab Stack action is a move from one space to another (or the
  space of a tied group kept). Instead of one logit per action, the policy outputs one
  score per space as a start, one per space as an end and one per space to keep, and a
  move's logit is its start's score plus its end's: what it learns about one move carries
  over to every move from the same space or to the same space.
- **A scaled move counter.** The tensor's ``turn`` entry counts moves (it grows without
  bound); the learner sees it divided by 100 and capped at 1, like every other entry.

It trains for exactly ``--steps`` of the learner's environment steps, counted over its 8
environments (so a run means the same on any machine), measures the greedy policy against
``random`` every ``--eval-every`` steps (in self-play, a snapshot of it then joins the
pool, which keeps the ``--pool`` latest), and at the end plays ``--games`` games against
``random`` and as many against ``plausible``, from fixed seeds, and prints both win rates. Needs
``pip install ".[gymnasium]" sb3-contrib`` (and PyTorch; ``matplotlib`` for ``--plot``)::

    python examples/train_maskable_ppo.py                      # 4,096 steps, a minute
    python examples/train_maskable_ppo.py --steps 200000 --self-play --plot curve.png
"""

from __future__ import annotations

import argparse
import copy
import csv
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv
from torch import nn

from crabrules.adapters.gymnasium import CrabrulesGymEnv
from crabrules.adapters.opponents import Opponent, SnapshotPool

CELLS = 18  # a 2-player reference board
TURN_SCALE = 100.0
ENVS = 8  # environments stepped together: the budget counts each one's steps
EVAL_SEED = 10_000  # the evaluation games' seeds: EVAL_SEED, EVAL_SEED + 1, ...


def scaled(observation: Any, turn: int) -> Any:
    """The tensor with its move counter (at index ``turn``) divided by 100, capped at 1."""
    out = np.array(observation, dtype=np.float32)
    out[turn] = min(1.0, out[turn] / TURN_SCALE)
    return out


class ScaledTurn(gymnasium.ObservationWrapper[Any, Any, Any]):
    """The tensor with its move counter scaled (:func:`scaled`)."""

    def __init__(self, env: CrabrulesGymEnv) -> None:
        super().__init__(env)
        self.turn = env.encoding.layout.offsets["turn"]
        high = np.array(env.encoding.observation_high, dtype=np.float32)
        high[self.turn] = 1.0
        self.observation_space = gymnasium.spaces.Box(np.zeros_like(high), high)

    def observation(self, observation: Any) -> Any:
        """The same tensor, the counter scaled."""
        return scaled(observation, self.turn)

    def action_masks(self) -> Any:
        """The legal numbers, as MaskablePPO asks for them."""
        return self.env.unwrapped.action_masks()  # type: ignore[attr-defined]


def make_env(opponents: Opponent) -> ScaledTurn:
    """Crab Stack, 2 players, the learner at seat 0 against ``opponents``."""
    return ScaledTurn(CrabrulesGymEnv("crab-stack", players=2, opponents=opponents))


class Snapshot:
    """A frozen copy of the learner's policy, as an opponent policy: it plays greedily."""

    def __init__(self, policy: MaskableActorCriticPolicy, turn: int, label: str) -> None:
        self.policy = copy.deepcopy(policy)
        self.turn = turn
        self.label = label

    def __call__(self, observation: Any, mask: Any) -> int:
        """The snapshot's number for what the opponent's seat sees."""
        action, _ = self.policy.predict(
            scaled(observation, self.turn), action_masks=mask, deterministic=True
        )
        return int(action)


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
        self.optimizer = self.optimizer_class(  # type: ignore[call-arg, unused-ignore]  # Adam's lr
            self.parameters(), lr=lr_schedule(1), **self.optimizer_kwargs
        )


def win_rate(model: MaskablePPO, opponent: str, games: int) -> float:
    """The share of ``games`` (seeds from :data:`EVAL_SEED`) won against ``opponent``, greedily."""
    env = make_env(opponent)
    wins = 0
    for game in range(games):
        observation, _ = env.reset(seed=EVAL_SEED + game)
        done, reward = False, 0.0
        while not done:
            masks = env.action_masks()
            action, _ = model.predict(observation, action_masks=masks, deterministic=True)
            observation, reward_, terminated, truncated, _ = env.step(int(action))
            reward, done = float(reward_), terminated or truncated
        wins += reward > 0
    return wins / games


class StepBudget(BaseCallback):
    """Stops training at ``steps`` learner steps; evaluates and snapshots along the way.

    Args:
        steps: the budget, counted over all environments.
        every: evaluate against ``random`` (on ``games`` games) every this many steps.
        pool: with self-play, the pool a snapshot joins every ``every`` steps.
    """

    model: MaskablePPO

    def __init__(self, steps: int, every: int, games: int, pool: SnapshotPool | None) -> None:
        super().__init__()
        self.steps, self.every, self.games, self.pool = steps, every, games, pool
        self.curve: list[tuple[int, float]] = []
        self.next_mark = every

    def _on_step(self) -> bool:
        done = self.num_timesteps
        if done >= self.next_mark and done < self.steps:
            self.next_mark += self.every
            rate = win_rate(self.model, "random", self.games)
            self.curve.append((done, rate))
            print(f"{done:>9} steps: won {rate:.0%} of {self.games} games against random")
            if self.pool is not None:
                turn = self.training_env.get_attr("turn")[0]
                policy = self.model.policy
                assert isinstance(policy, MaskableActorCriticPolicy)
                self.pool.add(Snapshot(policy, turn, f"snapshot@{done}"))
        # At the budget, stop; but a rollout that ends there is learned from first (and
        # learn(total_timesteps=steps) stops after it).
        last_of_rollout = self.locals.get("n_steps", -1) + 1 == self.model.n_steps
        return bool(done < self.steps or last_of_rollout)


def train(args: argparse.Namespace) -> tuple[MaskablePPO, StepBudget]:
    """The model trained for ``args.steps`` steps, and its budget's curve."""
    torch.set_num_threads(1)  # one core
    pool = SnapshotPool(["random"], limit=args.pool) if args.self_play else None
    opponents: Opponent = "random" if pool is None else pool
    envs = DummyVecEnv([lambda: make_env(opponents)] * ENVS)
    envs.seed(args.seed)
    model = MaskablePPO(
        MovePairPolicy,
        envs,
        n_steps=args.rollout,
        batch_size=256,
        learning_rate=3e-4,
        ent_coef=0.01,
        seed=args.seed,
        verbose=0,
    )
    budget = StepBudget(args.steps, args.eval_every, args.eval_games, pool)
    model.learn(total_timesteps=args.steps, callback=budget)
    return model, budget


def arguments() -> argparse.Namespace:
    """The command line, checked."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=4096, help="the step budget")
    parser.add_argument("--self-play", action="store_true", help="train against snapshots")
    parser.add_argument("--pool", type=int, default=5, help="snapshots kept in self-play")
    parser.add_argument("--eval-every", type=int, default=2048, help="steps between checks")
    parser.add_argument("--eval-games", type=int, default=50, help="games of each check")
    parser.add_argument("--games", type=int, default=200, help="final games per opponent")
    parser.add_argument("--rollout", type=int, default=256, help="steps per env per update")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--csv", default=None, help="write the curve's points here")
    parser.add_argument("--plot", default=None, help="write the curve as a PNG here")
    args = parser.parse_args()
    for name in ("steps", "pool", "eval_every", "eval_games", "games", "rollout"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')}: a positive number of steps or games")
    if args.steps % ENVS:
        parser.error(f"--steps: a multiple of {ENVS} (the {ENVS} environments step together)")
    return args


def plot(curve: list[tuple[int, float]], path: str) -> None:
    """The curve against ``random`` as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    figure, axes = pyplot.subplots(figsize=(6, 3.5))
    axes.plot([s for s, _ in curve], [r for _, r in curve], marker="o")
    axes.set(xlabel="learner steps", ylabel="win rate vs random", ylim=(0, 1))
    axes.set_title("MaskablePPO on Crab Stack, 2 players")
    figure.tight_layout()
    figure.savefig(path, dpi=100)


def main() -> None:
    """Train for the budget, evaluate against random and plausible, write the curve."""
    args = arguments()
    model, budget = train(args)
    against = {name: win_rate(model, name, args.games) for name in ("random", "plausible")}
    print(f"trained for {model.num_timesteps} steps (budget {args.steps})")
    for name, rate in against.items():
        print(f"won {rate:.1%} of {args.games} games against {name}")
    curve = [*budget.curve, (model.num_timesteps, against["random"])]
    if args.csv:
        with open(args.csv, "w", newline="") as out:
            csv.writer(out).writerows([("steps", "win_rate_vs_random"), *curve])
    if args.plot:
        plot(curve, args.plot)


if __name__ == "__main__":
    main()
