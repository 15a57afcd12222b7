"""Play any game to the end with random legal actions, through the generic API.

    python examples/random_playout.py crab-stack --seed 3 --games 100

The same loop drives every game: only the game id changes. Real-time games may run
forever under random play; their ``GameInfo.max_random_steps`` caps the loop.
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

import crabrules
from crabrules.core import Rng


def play(game_id: str, seed: int) -> tuple[Any, int]:
    """Play one game at random; return its outcome (or None when capped) and its length."""
    game = crabrules.get_game(game_id)
    state = game.initial_state(seed=seed)
    chooser = Rng.from_seed(seed).split()[1]
    cap = game.info.max_random_steps
    steps = 0
    while not game.is_terminal(state) and (cap is None or steps < cap):
        action, chooser = chooser.choice(game.legal_actions(state))
        state = game.apply(state, action)
        steps += 1
    return game.outcome(state), steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(crabrules.GAMES))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    reasons: Counter[str] = Counter()
    total = 0
    for seed in range(args.seed, args.seed + args.games):
        outcome, steps = play(args.game, seed)
        reasons[outcome.reason if outcome else "capped"] += 1
        total += steps
    print(f"{args.games} games of {args.game}, {total / args.games:.1f} actions on average")
    for reason, count in reasons.most_common():
        print(f"  {reason}: {count}")


if __name__ == "__main__":
    main()
