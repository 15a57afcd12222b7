"""Oh Crab! with all four Adventure Pack modules: random 2- and 5-player games per second.

Target (issue 13): at least 15 uniformly random 5-player games per second with Modules 1
to 4 on a 2-core machine. A playout sets up the game from a seed (the Asymmetry cards are
chosen by the random player too), then applies uniformly random legal actions
(``check=False``, as search code does) until the game ends.
"""

from __future__ import annotations

import random

from pytest_benchmark.fixture import BenchmarkFixture

from crabrules import oh_crab
from tests.benchmarks.measure import mean_seconds, record

GAME = "oh-crab"
ALL = frozenset({"surprises", "events", "challenges", "asymmetry"})
FIVE = oh_crab.Config(players=5, modules=ALL)
TWO = oh_crab.Config(players=2, modules=ALL)
GAMES_PER_ROUND = 10


def _playouts(first_seed: int, config: oh_crab.Config) -> tuple[int, int]:
    rnd = random.Random(first_seed)
    actions = rounds = 0
    for seed in range(first_seed, first_seed + GAMES_PER_ROUND):
        state = oh_crab.initial_state(config, seed=seed)
        while not oh_crab.is_terminal(state):
            state = oh_crab.apply(state, rnd.choice(oh_crab.legal_actions(state)), check=False)
            actions += 1
        rounds += state.round
    return actions, rounds


def test_random_five_player_games_with_all_four_modules_per_second(
    benchmark: BenchmarkFixture,
) -> None:
    starts = iter(range(0, 10**9, GAMES_PER_ROUND))
    actions, _ = benchmark(lambda: _playouts(next(starts), FIVE))
    rate = GAMES_PER_ROUND / mean_seconds(benchmark)
    record(benchmark, GAME, "random 5-player games, Modules 1-4", rate, "games/s")
    record(
        benchmark,
        GAME,
        "Modules 1-4, 5 players: length",
        actions / GAMES_PER_ROUND,
        "actions a game",
    )


def test_random_two_player_games_with_all_four_modules_per_second(
    benchmark: BenchmarkFixture,
) -> None:
    starts = iter(range(0, 10**9, GAMES_PER_ROUND))
    actions, _ = benchmark(lambda: _playouts(next(starts), TWO))
    rate = GAMES_PER_ROUND / mean_seconds(benchmark)
    record(benchmark, GAME, "random 2-player games, Modules 1-4", rate, "games/s")
    record(
        benchmark,
        GAME,
        "Modules 1-4, 2 players: length",
        actions / GAMES_PER_ROUND,
        "actions a game",
    )
