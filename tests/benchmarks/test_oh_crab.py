"""Oh Crab!: random 5-player games per second on scenario 1, and legal_actions and apply times.

Target (issue 6): at least 20 uniformly random 5-player games per second on scenario 1
("First Escape!") on a 2-core machine. A playout sets up the game from a seed, then
applies uniformly random legal actions (``check=False``, as search code does) until the
game ends; the average length in rounds and actions is reported alongside.
"""

from __future__ import annotations

import random

from pytest_benchmark.fixture import BenchmarkFixture

from crabrules import oh_crab

CONFIG = oh_crab.Config(players=5, scenario="first-escape")
GAMES_PER_ROUND = 10


def _playouts(first_seed: int) -> tuple[int, int]:
    rnd = random.Random(first_seed)
    actions = rounds = 0
    for seed in range(first_seed, first_seed + GAMES_PER_ROUND):
        state = oh_crab.initial_state(CONFIG, seed=seed)
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


def _per_second(benchmark: BenchmarkFixture, items: int) -> float:
    return items / benchmark.stats.stats.mean if benchmark.stats else 0.0


def test_random_five_player_games_per_second(benchmark: BenchmarkFixture) -> None:
    starts = iter(range(0, 10**9, GAMES_PER_ROUND))
    actions, rounds = benchmark(lambda: _playouts(next(starts)))
    rate = _per_second(benchmark, GAMES_PER_ROUND)
    benchmark.extra_info["games_per_second"] = round(rate, 1)
    benchmark.extra_info["actions_per_game"] = actions / GAMES_PER_ROUND
    benchmark.extra_info["rounds_per_game"] = rounds / GAMES_PER_ROUND
    print(
        f"\noh-crab: {rate:.1f} random 5-player games/s; "
        f"{actions / GAMES_PER_ROUND:.0f} actions and {rounds / GAMES_PER_ROUND:.1f} rounds "
        "per game"
    )


def test_legal_actions(benchmark: BenchmarkFixture) -> None:
    states = [state for state, _ in _sample_positions(1000)]

    def run() -> None:
        for state in states:
            oh_crab.legal_actions(state)

    benchmark(run)
    micros = 1e6 / _per_second(benchmark, len(states)) if benchmark.stats else 0.0
    benchmark.extra_info["legal_actions_us"] = round(micros, 2)
    print(f"\noh-crab: legal_actions {micros:.1f} us")


def test_apply_checked(benchmark: BenchmarkFixture) -> None:
    pairs = _sample_positions(1000)

    def run() -> None:
        for state, action in pairs:
            oh_crab.apply(state, action)

    benchmark(run)
    micros = 1e6 / _per_second(benchmark, len(pairs)) if benchmark.stats else 0.0
    benchmark.extra_info["apply_us"] = round(micros, 2)
    print(f"\noh-crab: apply (checked) {micros:.1f} us")


def test_apply_unchecked(benchmark: BenchmarkFixture) -> None:
    pairs = _sample_positions(1000)

    def run() -> None:
        for state, action in pairs:
            oh_crab.apply(state, action, check=False)

    benchmark(run)
    micros = 1e6 / _per_second(benchmark, len(pairs)) if benchmark.stats else 0.0
    benchmark.extra_info["apply_unchecked_us"] = round(micros, 2)
    print(f"\noh-crab: apply (unchecked) {micros:.1f} us")
