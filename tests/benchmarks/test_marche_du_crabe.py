"""La Marche du Crabe: random base games per second, and legal_actions and apply times.

Also what ``apply_with_events`` costs beside ``apply``: the same rules, logging events.

Target (issue 4): at least 2,000 uniformly random base games per second on a 2-core
machine. A playout here sets up the game from a seed, then applies uniformly random
legal actions (``check=False``, as search code does) until the game ends.
"""

from __future__ import annotations

import random
from typing import Any

from pytest_benchmark.fixture import BenchmarkFixture

from crabrules import marche_du_crabe as mdc
from tests.benchmarks.measure import mean_seconds, micros_per_call, record

GAME = "la-marche-du-crabe"
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


def test_random_base_games_per_second(benchmark: BenchmarkFixture) -> None:
    rounds = iter(range(0, 10**9, GAMES_PER_ROUND))
    steps = benchmark(lambda: _playouts(next(rounds)))
    record(
        benchmark, GAME, "random base games", GAMES_PER_ROUND / mean_seconds(benchmark), "games/s"
    )
    record(benchmark, GAME, "random base games: length", steps / GAMES_PER_ROUND, "actions a game")


def test_legal_actions(benchmark: BenchmarkFixture) -> None:
    states = [state for state, _ in _sample_positions(1000)]
    micros = micros_per_call(
        benchmark, len(states), lambda: [mdc.legal_actions(s) for s in states]
    )
    record(benchmark, GAME, "legal_actions", micros, "us")


def test_apply_checked(benchmark: BenchmarkFixture) -> None:
    pairs = _sample_positions(1000)
    micros = micros_per_call(benchmark, len(pairs), lambda: [mdc.apply(s, a) for s, a in pairs])
    record(benchmark, GAME, "apply(check=True)", micros, "us")


def test_apply_unchecked(benchmark: BenchmarkFixture) -> None:
    pairs = _sample_positions(1000)
    micros = micros_per_call(
        benchmark, len(pairs), lambda: [mdc.apply(s, a, check=False) for s, a in pairs]
    )
    record(benchmark, GAME, "apply(check=False)", micros, "us")


def test_apply_with_events_checked(benchmark: BenchmarkFixture) -> None:
    pairs = _sample_positions(1000)
    micros = micros_per_call(
        benchmark, len(pairs), lambda: [mdc.apply_with_events(s, a) for s, a in pairs]
    )
    record(benchmark, GAME, "apply_with_events(check=True)", micros, "us")


def test_apply_with_events_unchecked(benchmark: BenchmarkFixture) -> None:
    pairs = _sample_positions(1000)
    micros = micros_per_call(
        benchmark, len(pairs), lambda: [mdc.apply_with_events(s, a, check=False) for s, a in pairs]
    )
    record(benchmark, GAME, "apply_with_events(check=False)", micros, "us")
