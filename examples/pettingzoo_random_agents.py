"""Random agents playing a crabrules game through its PettingZoo AEC environment.

    pip install crabrules[pettingzoo]
    python examples/pettingzoo_random_agents.py crab-stack --players 3 --games 5
    python examples/pettingzoo_random_agents.py oh-crab --players 2 --modules surprises events

Each agent picks uniformly among the action numbers its ``action_mask`` allows; the
rewards arrive at the end of each game (see ``docs/rl.md``).
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

from crabrules.adapters.pettingzoo import env
from crabrules.encoding import ENCODED_GAMES


def play(game_id: str, config: dict[str, Any], seed: int) -> dict[str, float]:
    """One game of random agents; return each agent's total reward."""
    game = env(game_id, **config)
    game.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        observation, reward, termination, truncation, _ = game.last()
        totals[agent] += float(reward)
        if termination or truncation:
            game.step(None)
        else:
            game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=ENCODED_GAMES)
    parser.add_argument("--players", type=int, help="the player count (Crab Stack, Oh Crab!)")
    parser.add_argument(
        "--modules", nargs="+", metavar="MODULE", help="Oh Crab!'s Adventure Pack modules"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    config: dict[str, Any] = {} if args.players is None else {"players": args.players}
    if args.modules:
        config["modules"] = frozenset(args.modules)
    for seed in range(args.seed, args.seed + args.games):
        totals = play(args.game, config, seed)
        print(f"seed {seed}: " + ", ".join(f"{a} {r:+.2f}" for a, r in totals.items()))


if __name__ == "__main__":
    main()
