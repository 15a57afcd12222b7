"""Oh Crab!: random 5-player, 2-player and Adventure Pack games per second on scenario 1;
legal_actions, apply and apply_with_events times.

Targets: at least 20 uniformly random 5-player games per second on scenario 1 ("First
Escape!") on a 2-core machine (issue 6), and 30 random 2-player games (issue 11); the
4-player games with Modules 1 to 3 are reported (issue 12). A
playout sets up the game from a seed, then applies uniformly random legal actions
(``check=False``, as search code does) until the game ends; the average length in rounds
and actions is reported alongside.
"""

from __future__ import annotations

import random

from pytest_benchmark.fixture import BenchmarkFixture

from crabrules import oh_crab
from tests.benchmarks.measure import mean_seconds, micros_per_call, record

GAME = "oh-crab"
CONFIG = oh_crab.Config(players=5, scenario="first-escape")
DUEL = oh_crab.Config(players=2, scenario="first-escape")
ADVENTURE = oh_crab.Config(players=4, modules={"surprises", "events", "challenges"})
GAMES_PER_ROUND = 10


def _playouts(first_seed: int, config: oh_crab.Config = CONFIG) -> tuple[int, int]:
    rnd = random.Random(first_seed)
    actions = rounds = 0
    for seed in range(first_seed, first_seed + GAMES_PER_ROUND):
        state = oh_crab.initial_state(config, seed=seed)
        while not oh_crab.is_terminal(state):
            choice = rnd.choice(oh_crab.legal_actions(state))
            state = oh_crab.apply(state, choice, check=False)
            actions += 1
        rounds += state.round
    return actions, rounds


def _sample_positions(count: int) -> list[tuple[oh_crab.State, oh_crab.Action]]:
    """Positions of random games, each with a random legal action."""
    rnd = random.Random(7)
    out: list[tuple[oh_crab.State, oh_crab.Action]] = []
    seed = 0
    while len(out) < count:
        state = oh_crab.initial_state(CONFIG, seed=seed)
        seed += 1
        while not oh_crab.is_terminal(state):
            action = rnd.choice(oh_crab.legal_actions(state))
            out.append((state, action))
            state = oh_crab.apply(state, action, check=False)
    return out[:count]


def test_random_five_player_games_per_second(benchmark: BenchmarkFixture) -> None:
    starts = iter(range(0, 10**9, GAMES_PER_ROUND))
    actions, rounds = benchmark(lambda: _playouts(next(starts)))
    rate = GAMES_PER_ROUND / mean_seconds(benchmark)
    record(benchmark, GAME, "random 5-player games, scenario 1", rate, "games/s")
    record(benchmark, GAME, "random games: length", actions / GAMES_PER_ROUND, "actions a game")
    record(benchmark, GAME, "random games: rounds", rounds / GAMES_PER_ROUND, "rounds a game")


def test_random_two_player_games_per_second(benchmark: BenchmarkFixture) -> None:
    starts = iter(range(0, 10**9, GAMES_PER_ROUND))
    actions, rounds = benchmark(lambda: _playouts(next(starts), DUEL))
    rate = GAMES_PER_ROUND / mean_seconds(benchmark)
    record(benchmark, GAME, "random 2-player games, scenario 1", rate, "games/s")
    record(benchmark, GAME, "2-player games: length", actions / GAMES_PER_ROUND, "actions a game")
    record(benchmark, GAME, "2-player games: rounds", rounds / GAMES_PER_ROUND, "rounds a game")


def test_random_four_player_adventure_games_per_second(benchmark: BenchmarkFixture) -> None:
    starts = iter(range(0, 10_000_000, GAMES_PER_ROUND))
    actions, rounds = benchmark(lambda: _playouts(next(starts), ADVENTURE))
    rate = GAMES_PER_ROUND / mean_seconds(benchmark)
    record(benchmark, GAME, "random 4-player games, Modules 1-3", rate, "games/s")
    record(
        benchmark, GAME, "Modules 1-3 games: length", actions / GAMES_PER_ROUND, "actions a game"
    )
    record(benchmark, GAME, "Modules 1-3 games: rounds", rounds / GAMES_PER_ROUND, "rounds a game")


def test_legal_actions(benchmark: BenchmarkFixture) -> None:
    states = [state for state, _ in _sample_positions(1000)]
    micros = micros_per_call(
        benchmark, len(states), lambda: [oh_crab.legal_actions(s) for s in states]
    )
    record(benchmark, GAME, "legal_actions", micros, "us")


def test_apply_checked(benchmark: BenchmarkFixture) -> None:
    pairs = _sample_positions(1000)
    micros = micros_per_call(
        benchmark, len(pairs), lambda: [oh_crab.apply(s, a) for s, a in pairs]
    )
    record(benchmark, GAME, "apply(check=True)", micros, "us")


def test_apply_unchecked(benchmark: BenchmarkFixture) -> None:
    pairs = _sample_positions(1000)
    micros = micros_per_call(
        benchmark, len(pairs), lambda: [oh_crab.apply(s, a, check=False) for s, a in pairs]
    )
    record(benchmark, GAME, "apply(check=False)", micros, "us")


def test_apply_with_events(benchmark: BenchmarkFixture) -> None:
    # The same positions as apply(check=False): the difference is what the events cost.
    pairs = _sample_positions(1000)
    micros = micros_per_call(
        benchmark,
        len(pairs),
        lambda: [oh_crab.apply_with_events(s, a, check=False) for s, a in pairs],
    )
    record(benchmark, GAME, "apply_with_events(check=False)", micros, "us")


def test_random_five_player_games_with_events_per_second(benchmark: BenchmarkFixture) -> None:
    starts = iter(range(0, 10**9, GAMES_PER_ROUND))

    def playouts(first_seed: int) -> None:
        rnd = random.Random(first_seed)
        for seed in range(first_seed, first_seed + GAMES_PER_ROUND):
            state = oh_crab.initial_state(CONFIG, seed=seed)
            while not oh_crab.is_terminal(state):
                choice = rnd.choice(oh_crab.legal_actions(state))
                state, _ = oh_crab.apply_with_events(state, choice, check=False)

    benchmark(lambda: playouts(next(starts)))
    rate = GAMES_PER_ROUND / mean_seconds(benchmark)
    record(benchmark, GAME, "random 5-player games with events", rate, "games/s")
