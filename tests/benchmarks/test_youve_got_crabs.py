"""You've Got Crabs hot paths with 10 players (5 teams), and random games per second.

The random games use :class:`tests.youve_got_crabs.policy.RandomTable`, whose mix ends
games: action types weighted Swap 12, PutDown 4, Confirm 4, Answer 4, PickUp 1, Signal 1
(honest: only four of a kind signals), a call on the latest signaller 2, any other call
0.1; greedy swaps; uniform choices while play is paused.
"""

from __future__ import annotations

import random

from pytest_benchmark.fixture import BenchmarkFixture

from crabrules.youve_got_crabs import (
    Action,
    Config,
    State,
    apply,
    initial_state,
    is_terminal,
    legal_actions,
)
from tests.youve_got_crabs.policy import RandomTable, playout

TEN_PLAYERS = Config(teams=5)


def trajectory(steps: int = 600) -> list[tuple[State, Action]]:
    """The states and actions of the start of a 10-player game played by the table."""
    state = initial_state(TEN_PLAYERS, seed=2024)
    table = RandomTable(random.Random(7))
    pairs = []
    for _ in range(steps):
        if is_terminal(state):
            break
        action = table.choose(state)
        pairs.append((state, action))
        state = apply(state, action)
    return pairs


def mean_seconds(benchmark: BenchmarkFixture) -> float:
    """The mean time of one round of the benchmark just run."""
    assert benchmark.stats is not None
    return float(benchmark.stats.stats.mean)


def report(benchmark: BenchmarkFixture, name: str, value: float, unit: str) -> None:
    benchmark.extra_info[name] = round(value, 2)
    print(f"\nyouve-got-crabs {name}: {value:,.2f} {unit}")


def test_legal_actions_ten_players(benchmark: BenchmarkFixture) -> None:
    states = [s for s, _ in trajectory()]

    def run() -> int:
        return sum(len(legal_actions(s)) for s in states)

    total = benchmark(run)
    per_call = mean_seconds(benchmark) / len(states) * 1e6
    report(benchmark, "legal_actions_us", per_call, "us per call")
    report(benchmark, "legal_actions_mean_count", total / len(states), "actions per state")


def test_legal_actions_of_one_player_ten_players(benchmark: BenchmarkFixture) -> None:
    states = [s for s, _ in trajectory()]

    def run() -> int:
        return sum(len(legal_actions(s, i % 10)) for i, s in enumerate(states))

    benchmark(run)
    report(
        benchmark,
        "legal_actions_one_player_us",
        mean_seconds(benchmark) / len(states) * 1e6,
        "us per call",
    )


def test_apply_checked_ten_players(benchmark: BenchmarkFixture) -> None:
    pairs = trajectory()

    def run() -> None:
        for state, action in pairs:
            apply(state, action)

    benchmark(run)
    report(benchmark, "apply_us", mean_seconds(benchmark) / len(pairs) * 1e6, "us per call")


def test_apply_unchecked_ten_players(benchmark: BenchmarkFixture) -> None:
    pairs = trajectory()

    def run() -> None:
        for state, action in pairs:
            apply(state, action, check=False)

    benchmark(run)
    per_call = mean_seconds(benchmark) / len(pairs) * 1e6
    report(benchmark, "apply_unchecked_us", per_call, "us per call")


def test_random_games_per_second_ten_players(benchmark: BenchmarkFixture) -> None:
    lengths: list[int] = []

    def run() -> None:
        seed = len(lengths)
        final, steps = playout(initial_state(TEN_PLAYERS, seed=seed), random.Random(seed))
        assert is_terminal(final), "the benchmark's mix must end games"
        lengths.append(steps)

    benchmark(run)
    report(benchmark, "games_per_second", 1 / mean_seconds(benchmark), "games/s")
    report(benchmark, "actions_per_game", sum(lengths) / len(lengths), "actions per game")
