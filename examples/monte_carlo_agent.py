"""A flat Monte Carlo agent that works for every game, hidden information included.

    python examples/monte_carlo_agent.py la-marche-du-crabe --seed 4 --samples 8

For each of its legal actions the agent imagines ``samples`` worlds it cannot tell from the
real one (``determinize``: the hidden cards and decks re-dealt), plays each to the end at
random, and picks the action with the best average score. It never looks at what it may
not see: everything it knows comes from ``determinize(state, me, seed)``.
"""

from __future__ import annotations

import argparse
from typing import Any

import crabrules
from crabrules.core import Game, Rng

AnyGame = Game[Any, Any, Any, Any]


def rollout(game: AnyGame, state: Any, me: int, rng: Rng, cap: int) -> tuple[float, Rng]:
    """Play ``state`` to the end at random; return ``me``'s score and the generator."""
    for _ in range(cap):
        if game.is_terminal(state):
            break
        action, rng = rng.choice(game.legal_actions(state))
        state = game.apply(state, action, check=False)  # taken from legal_actions
    outcome = game.outcome(state)
    return (float(outcome.scores[me]) if outcome else 0.0), rng


def choose(game: AnyGame, state: Any, me: int, samples: int, rng: Rng) -> tuple[Any, Rng]:
    """The action of ``me`` with the best average score over imagined worlds."""
    cap = game.info.max_random_steps or 2_000
    best: tuple[float, Any] | None = None
    for action in game.legal_actions(state, me):
        total = 0.0
        for _ in range(samples):
            seed, rng = rng.next_u64()
            world = game.determinize(state, me, seed)
            score, rng = rollout(game, game.apply(world, action), me, rng, cap)
            total += score
        if best is None or total > best[0]:
            best = (total, action)
    assert best is not None, "choose() is called only for a player with a legal action"
    return best[1], rng


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(crabrules.GAMES))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--samples", type=int, default=4)
    parser.add_argument("--max-actions", type=int, default=400)
    args = parser.parse_args()
    game = crabrules.get_game(args.game)
    state = game.initial_state(seed=args.seed)
    rng = Rng.from_seed(args.seed).split()[1]
    # Player 0 thinks; everyone else plays at random.
    for _ in range(args.max_actions):
        if game.is_terminal(state):
            break
        if 0 in game.active_players(state) and game.legal_actions(state, 0):
            action, rng = choose(game, state, 0, args.samples, rng)
        else:
            action, rng = rng.choice(game.legal_actions(state))
        state = game.apply(state, action)
    print(game.render(state))
    print(game.outcome(state) or "stopped before the end")


if __name__ == "__main__":
    main()
