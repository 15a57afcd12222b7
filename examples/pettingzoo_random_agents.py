"""Random agents playing a crabrules game through its PettingZoo AEC environment.

    pip install crabrules[pettingzoo]
    python examples/pettingzoo_random_agents.py crab-stack --players 3 --games 5
    python examples/pettingzoo_random_agents.py oh-crab --players 2 --modules surprises events
    python examples/pettingzoo_random_agents.py youve-got-crabs --teams 3

Each agent picks uniformly among the action numbers its ``action_mask`` allows; the
rewards arrive at the end of each game (see ``docs/rl.md``). A game cut short by the
environment's ``max_steps`` (You've Got Crabs' random play need not end) is marked
"truncated", its rewards all 0.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

from crabrules.adapters.pettingzoo import env
from crabrules.core.errors import InvalidConfigError
from crabrules.encoding import ENCODED_GAMES


def play(game_id: str, config: dict[str, Any], seed: int) -> tuple[dict[str, float], bool]:
    """One game of random agents: each agent's total reward, and whether it was truncated."""
    game = env(game_id, **config)
    game.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    truncated = False
    for agent in game.agent_iter():
        observation, reward, termination, truncation, _ = game.last()
        totals[agent] += float(reward)
        if termination or truncation:
            truncated |= truncation
            game.step(None)
        else:
            game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return totals, truncated


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=ENCODED_GAMES)
    parser.add_argument("--players", type=int, help="the player count (Crab Stack, Oh Crab!)")
    parser.add_argument("--teams", type=int, help="the number of teams (You've Got Crabs)")
    parser.add_argument(
        "--modules", nargs="+", metavar="MODULE", help="Oh Crab!'s Adventure Pack modules"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    given = {"players": args.players, "teams": args.teams, "modules": args.modules}
    config = {name: value for name, value in given.items() if value is not None}
    if args.modules:
        config["modules"] = frozenset(args.modules)
    try:
        env(args.game, **config)
    except InvalidConfigError as error:  # a keyword this game has not, or a bad value
        parser.error(str(error))
    for seed in range(args.seed, args.seed + args.games):
        totals, truncated = play(args.game, config, seed)
        rewards = ", ".join(f"{a} {r:+.2f}" for a, r in totals.items())
        print(f"seed {seed}: {rewards}" + (" (truncated)" if truncated else ""))


if __name__ == "__main__":
    main()
