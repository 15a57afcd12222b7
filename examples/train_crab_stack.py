"""Self-play training of a small numpy policy for two-player Crab Stack, against random play.

    pip install crabrules[rl]
    python examples/train_crab_stack.py --games 600 --every 50 --curve curve.csv

The policy is a softmax over the legal moves, each scored by a linear function of a few
features of the position the move leads to, read from the observation tensor of
:mod:`crabrules.encoding` (the crabs left and the crabs on top, each player's by size)
and from the rules (how many moves the opponent has then). It is trained by REINFORCE in
self-play, both seats sharing the weights, with the encoding's returns (+1 and -1) as the
rewards. Every ``--every`` training games it plays ``--eval`` games against
:class:`crabrules.agents.RandomAgent` (uniformly random play), half of them moving first,
through :func:`crabrules.agents.play_match`, and prints its score (a draw counts a half).

``--curve FILE.csv`` writes the learning curve; ``--plot FILE.png`` draws it (matplotlib,
not part of the extra: ``pip install matplotlib``). ``docs/_static/rl-crab-stack.png``
is that picture, from ``--games 600 --every 50 --eval 100 --seed 0``.
"""

from __future__ import annotations

import argparse
import csv
import random

import numpy as np
import numpy.typing as npt

from crabrules import crab_stack as cs
from crabrules.agents import Agent, Decision, RandomAgent, Turn, play_match
from crabrules.core import Rng
from crabrules.encoding.crab_stack import CrabStackEncoding

CONFIG = cs.Config(players=2, max_turns=200)
ENC = CrabStackEncoding(CONFIG)
FEATURES = 15
Features = npt.NDArray[np.float64]


def features(state: cs.State, mover: int) -> Features:
    """What the policy sees of ``state``, from ``mover``'s side: 15 numbers."""
    tensor = ENC.observation_tensor(cs.observe(state, mover))
    offsets = ENC.layout.offsets
    stacks = tensor[offsets["stacks"] : offsets["top"]].reshape(ENC.cells, ENC.height, 6)
    top = tensor[offsets["top"] : offsets["pending"]].reshape(ENC.cells, 6)
    on_board, on_top = stacks.sum(axis=(0, 1)) / 9, top.sum(axis=0) / 9
    other = 1 - mover
    mine, theirs = slice(3 * mover, 3 * mover + 3), slice(3 * other, 3 * other + 3)
    outcome = cs.outcome(state)
    if outcome is None:
        end = 0.0
        opponent_moves = len(cs.legal_actions(state)) if state.to_move == other else 0
    else:
        end = 1.0 if mover in outcome.winners else -1.0 if outcome.winners else 0.0
        opponent_moves = 0
    return np.concatenate(
        [
            on_board[mine],
            on_board[theirs],
            on_top[mine],
            on_top[theirs],
            [opponent_moves / 20, end, 1.0],
        ]
    )


def choose(
    state: cs.State, weights: Features, rng: random.Random
) -> tuple[cs.Action, Features, Features]:
    """A move drawn from the policy; its features and the expected features (for REINFORCE)."""
    mover = state.to_move
    moves = cs.legal_actions(state)
    phis = np.array([features(cs.apply(state, m, check=False), mover) for m in moves])
    logits = phis @ weights
    probabilities = np.exp(logits - logits.max())
    probabilities /= probabilities.sum()
    index = rng.choices(range(len(moves)), weights=probabilities.tolist())[0]
    return moves[index], phis[index], probabilities @ phis


def self_play(weights: Features, seed: int, rate: float, rng: random.Random) -> Features:
    """One game of the policy against itself; return the weights after its update."""
    state = cs.initial_state(CONFIG, seed=seed)
    gradients: list[list[Features]] = [[], []]
    while not cs.is_terminal(state):
        mover = state.to_move
        move, phi, expected = choose(state, weights, rng)
        gradients[mover].append(phi - expected)
        state = cs.apply(state, move, check=False)
    returns = ENC.returns(state)
    for player in (0, 1):
        for gradient in gradients[player]:
            weights = weights + rate * returns[player] * gradient
    return weights


class PolicyAgent:
    """The policy as a crabrules agent, so that it plays matches like any other agent."""

    def __init__(self, weights: Features) -> None:
        self.weights = weights

    def act(self, turn: Turn, rng: Rng) -> Decision:
        """A move drawn from the policy, its randomness from the agent's generator."""
        draw, _ = rng.below(2**63)
        move = choose(turn.state, self.weights, random.Random(draw))[0]
        return Decision(move, turn.now)


def score_against_random(weights: Features, games: int, seed: int) -> float:
    """The policy's score against ``RandomAgent``: wins plus half the draws, a share."""
    points = 0.0
    for game in range(games):
        policy_seat = game % 2
        agents: list[Agent] = [PolicyAgent(weights), RandomAgent()]
        if policy_seat == 1:
            agents.reverse()
        result = play_match(cs.GAME, agents, seed=seed + game, config=CONFIG)
        points += (ENC.returns(result.state)[policy_seat] + 1) / 2
    return points / games


def train(
    games: int, every: int, evaluation: int, seed: int, rate: float
) -> list[tuple[int, float]]:
    """Train for ``games`` self-play games; return (games played, score vs random) points."""
    rng = random.Random(seed)
    weights = np.zeros(FEATURES)
    curve = [(0, score_against_random(weights, evaluation, 10**6))]
    print(f"games {0:5d}: score against RandomAgent {curve[-1][1]:.2f}")
    for game in range(1, games + 1):
        weights = self_play(weights, seed + game, rate, rng)
        if game % every == 0:
            curve.append((game, score_against_random(weights, evaluation, 10**6)))
            print(f"games {game:5d}: score against RandomAgent {curve[-1][1]:.2f}")
    return curve


def plot(curve: list[tuple[int, float]], path: str) -> None:
    """Draw the learning curve as a PNG (needs matplotlib)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    figure, axes = plt.subplots(figsize=(6, 3.5), dpi=100)
    axes.plot([g for g, _ in curve], [s for _, s in curve], marker="o", label="policy")
    axes.axhline(0.5, color="grey", linestyle="--", label="even with RandomAgent")
    axes.set_xlabel("self-play games")
    axes.set_ylabel("score against RandomAgent")
    axes.set_ylim(0, 1)
    axes.set_title("Crab Stack, 2 players: REINFORCE in self-play")
    axes.legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600, help="self-play games")
    parser.add_argument("--every", type=int, default=50, help="games between evaluations")
    parser.add_argument("--eval", type=int, default=100, help="games of each evaluation")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rate", type=float, default=0.2, help="learning rate")
    parser.add_argument("--curve", help="write the learning curve to this CSV file")
    parser.add_argument("--plot", help="draw the learning curve in this PNG file")
    args = parser.parse_args()
    curve = train(args.games, args.every, args.eval, args.seed, args.rate)
    if args.curve:
        with open(args.curve, "w", newline="") as file:
            writer = csv.writer(file)
            writer.writerow(["games", "score"])
            writer.writerows(curve)
    if args.plot:
        plot(curve, args.plot)


if __name__ == "__main__":
    main()
