"""Crab Stack: random plies per second, and legal_actions, apply and apply_with_events times.

Target (issue 3): at least 40,000 plies per second in uniformly random 4-player games on
a 2-core machine. A playout sets up the game from a seed (fresh seeds every round), then
applies uniformly random legal actions (``check=False``, as search code does) until the
game ends; the rate is total plies over total time, setup included.
"""

from __future__ import annotations

import random

from pytest_benchmark.fixture import BenchmarkFixture

from crabrules import crab_stack as cs
from tests.benchmarks.measure import micros_per_call, record

GAME = "crab-stack"
GAMES_PER_ROUND = 50


def _playouts(config: cs.Config, first_seed: int, check: bool = False) -> int:
    rnd = random.Random(first_seed)
    plies = 0
    for seed in range(first_seed, first_seed + GAMES_PER_ROUND):
        state = cs.initial_state(config, seed=seed)
        while state.termination is None:
            state = cs.apply(state, rnd.choice(cs.legal_actions(state)), check=check)
            plies += 1
    return plies


def _plies_per_second(
    benchmark: BenchmarkFixture, players: int, check: bool = False
) -> tuple[float, float]:
    config = cs.Config(players=players)
    rounds = iter(range(0, 10**9, GAMES_PER_ROUND))
    plies: list[int] = []

    def run() -> None:
        plies.append(_playouts(config, next(rounds), check))

    # pytest-benchmark's pedantic() is untyped; fixed rounds keep the ply count exact.
    benchmark.pedantic(run, rounds=20, warmup_rounds=2)  # type: ignore[no-untyped-call]
    assert benchmark.stats is not None
    stats = benchmark.stats.stats
    # pytest-benchmark also times the warm-up rounds' plies; count only the timed rounds.
    timed = plies[-stats.rounds :]
    return sum(timed) / float(stats.total), sum(timed) / len(timed) / GAMES_PER_ROUND


def _report(benchmark: BenchmarkFixture, name: str, rate: float, plies: float) -> None:
    record(benchmark, GAME, name, rate, "plies/s")
    record(benchmark, GAME, f"{name}: length", plies, "plies a game")


def test_random_4_player_games(benchmark: BenchmarkFixture) -> None:
    rate, plies = _plies_per_second(benchmark, 4)
    _report(benchmark, "random 4-player games", rate, plies)


def test_random_2_player_games(benchmark: BenchmarkFixture) -> None:
    rate, plies = _plies_per_second(benchmark, 2)
    _report(benchmark, "random 2-player games", rate, plies)


def test_random_4_player_games_checked(benchmark: BenchmarkFixture) -> None:
    rate, plies = _plies_per_second(benchmark, 4, check=True)
    _report(benchmark, "random 4-player games, apply(check=True)", rate, plies)


def _positions(count: int) -> list[tuple[cs.State, cs.Action]]:
    """States of random 4-player games, each with the random action played there."""
    rnd = random.Random(7)
    out: list[tuple[cs.State, cs.Action]] = []
    seed = 10**6
    while len(out) < count:
        state = cs.initial_state(cs.Config(players=4), seed=seed)
        seed += 1
        while state.termination is None and len(out) < count:
            action = rnd.choice(cs.legal_actions(state))
            out.append((state, action))
            state = cs.apply(state, action)
    return out


def test_legal_actions_on_the_seeded_4_player_opening(benchmark: BenchmarkFixture) -> None:
    state = cs.initial_state(cs.Config(players=4), seed=1)
    micros = micros_per_call(benchmark, 1, lambda: cs.legal_actions(state))
    record(benchmark, GAME, "legal_actions, 4-player opening (60 moves)", micros, "us")


def test_legal_actions_in_random_games(benchmark: BenchmarkFixture) -> None:
    states = [state for state, _ in _positions(2000)]
    micros = micros_per_call(benchmark, len(states), lambda: [cs.legal_actions(s) for s in states])
    record(benchmark, GAME, "legal_actions, random 4-player positions", micros, "us")


def test_apply_in_random_games(benchmark: BenchmarkFixture) -> None:
    pairs = _positions(2000)
    micros = micros_per_call(
        benchmark, len(pairs), lambda: [cs.apply(s, a, check=False) for s, a in pairs]
    )
    record(benchmark, GAME, "apply(check=False), random 4-player positions", micros, "us")


def test_apply_checked_in_random_games(benchmark: BenchmarkFixture) -> None:
    pairs = _positions(2000)
    micros = micros_per_call(benchmark, len(pairs), lambda: [cs.apply(s, a) for s, a in pairs])
    record(benchmark, GAME, "apply(check=True), random 4-player positions", micros, "us")


def test_apply_with_events_in_random_games(benchmark: BenchmarkFixture) -> None:
    pairs = _positions(2000)
    micros = micros_per_call(
        benchmark,
        len(pairs),
        lambda: [cs.apply_with_events(s, a, check=False) for s, a in pairs],
    )
    record(
        benchmark, GAME, "apply_with_events(check=False), random 4-player positions", micros, "us"
    )
