"""La Marche du Crabe: random base games per second, and legal_actions and apply times.

Target (issue 4): at least 2,000 uniformly random base games per second on a 2-core
machine. A playout here sets up the game from a seed, then applies uniformly random
legal actions (``check=False``, as search code does) until the game ends.
"""

from __future__ import annotations

import random
from typing import Any

from pytest_benchmark.fixture import BenchmarkFixture

from crabrules import marche_du_crabe as mdc

GAMES_PER_ROUND = 100


def _playouts(first_seed: int) -> int:
    rnd = random.Random(first_seed)
    steps = 0
    for seed in range(first_seed, first_seed + GAMES_PER_ROUND):
        state = mdc.initial_state(seed=seed)
        while state.termination is None:
            state = mdc.apply(state, rnd.choice(mdc.legal_actions(state)), check=False)
            steps += 1
    return steps


def _sample_positions(count: int) -> list[tuple[mdc.State, Any]]:
    """Positions of random games (both steps of a turn), each with a random legal action."""
    rnd = random.Random(7)
    out: list[tuple[mdc.State, Any]] = []
    seed = 0
    while len(out) < count:
        state = mdc.initial_state(seed=seed)
        seed += 1
        while state.termination is None:
            action = rnd.choice(mdc.legal_actions(state))
            out.append((state, action))
            state = mdc.apply(state, action)
    return out[:count]


def _per_second(benchmark: BenchmarkFixture, items: int) -> float:
    return items / benchmark.stats.stats.mean if benchmark.stats else 0.0


def test_random_base_games_per_second(benchmark: BenchmarkFixture) -> None:
    rounds = iter(range(0, 10**9, GAMES_PER_ROUND))
    steps = benchmark(lambda: _playouts(next(rounds)))
    rate = _per_second(benchmark, GAMES_PER_ROUND)
    benchmark.extra_info["games_per_second"] = round(rate)
    benchmark.extra_info["actions_per_game"] = steps / GAMES_PER_ROUND
    print(f"\nla-marche-du-crabe: {rate:,.0f} random base games/s")


def test_legal_actions(benchmark: BenchmarkFixture) -> None:
    states = [state for state, _ in _sample_positions(1000)]

    def run() -> None:
        for state in states:
            mdc.legal_actions(state)

    benchmark(run)
    micros = 1e6 / _per_second(benchmark, len(states)) if benchmark.stats else 0.0
    benchmark.extra_info["legal_actions_us"] = round(micros, 2)
    print(f"\nla-marche-du-crabe: legal_actions {micros:.2f} us")


def test_apply_checked(benchmark: BenchmarkFixture) -> None:
    pairs = _sample_positions(1000)

    def run() -> None:
        for state, action in pairs:
            mdc.apply(state, action)

    benchmark(run)
    micros = 1e6 / _per_second(benchmark, len(pairs)) if benchmark.stats else 0.0
    benchmark.extra_info["apply_us"] = round(micros, 2)
    print(f"\nla-marche-du-crabe: apply (checked) {micros:.2f} us")


def test_apply_unchecked(benchmark: BenchmarkFixture) -> None:
    pairs = _sample_positions(1000)

    def run() -> None:
        for state, action in pairs:
            mdc.apply(state, action, check=False)

    benchmark(run)
    micros = 1e6 / _per_second(benchmark, len(pairs)) if benchmark.stats else 0.0
    benchmark.extra_info["apply_unchecked_us"] = round(micros, 2)
    print(f"\nla-marche-du-crabe: apply (check=False) {micros:.2f} us")
