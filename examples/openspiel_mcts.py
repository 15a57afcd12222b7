"""OpenSpiel's MCTS bot against its uniform random bot, in any crabrules game through pyspiel.

    pip install crabrules[openspiel]
    python examples/openspiel_mcts.py "python_crabrules_crab_stack(players=2)" --games 4
    python examples/openspiel_mcts.py "python_crabrules_crab_stack(players=3,max_turns=300)"

The game is named by its pyspiel game string, parameters included (every field of the
game's ``Config`` is one: see ``docs/rl.md``). Player 0 is the MCTS bot (random rollouts),
the others random bots; the seats do not rotate. The root is OpenSpiel's chance node, which
chooses the deal (the crabrules seed): ``pyspiel.evaluate_bots`` samples it. Each rollout
plays a whole random game, so the long games (Oh Crab!'s hundreds of actions) take
minutes a move with the default 50 simulations.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import crabrules.adapters.openspiel  # noqa: F401  (registers the python_crabrules_* games)


def play(game: pyspiel.Game, simulations: int, seed: int) -> list[float]:
    """One game, MCTS in seat 0 and random bots elsewhere: each player's return."""
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng)]
    bots += [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(1, game.num_players())]
    return list(pyspiel.evaluate_bots(game.new_initial_state(), bots, seed))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help='a game string: "python_crabrules_crab_stack(players=3)"')
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=50, help="MCTS simulations a move")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    try:
        game = pyspiel.load_game(args.game)
    except (pyspiel.SpielError, ValueError) as error:  # a bad name or parameter, named
        parser.error(str(error))
    total = 0.0
    for seed in range(args.seed, args.seed + args.games):
        returns = play(game, args.simulations, seed)
        total += returns[0]
        print(f"seed {seed}: " + ", ".join(f"{r:+.2f}" for r in returns))
    print(f"MCTS's mean return: {total / args.games:+.2f}")


if __name__ == "__main__":
    main()
