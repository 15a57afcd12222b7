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
    apply_with_events,
    initial_state,
    is_terminal,
    legal_actions,
)
from tests.benchmarks.measure import mean_seconds, record
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


def report(benchmark: BenchmarkFixture, name: str, value: float, unit: str) -> None:
    record(benchmark, "youve-got-crabs", name, value, unit)


def test_legal_actions_ten_players(benchmark: BenchmarkFixture) -> None:
    states = [s for s, _ in trajectory()]

    def run() -> int:
        return sum(len(legal_actions(s)) for s in states)

    total = benchmark(run)
    per_call = mean_seconds(benchmark) / len(states) * 1e6
    report(benchmark, "legal_actions, 10 players", per_call, "us")
    report(benchmark, "legal_actions: size", total / len(states), "actions a state")


def test_legal_actions_of_one_player_ten_players(benchmark: BenchmarkFixture) -> None:
    states = [s for s, _ in trajectory()]

    def run() -> int:
        return sum(len(legal_actions(s, i % 10)) for i, s in enumerate(states))

    benchmark(run)
    report(
        benchmark,
        "legal_actions of one player, 10 players",
        mean_seconds(benchmark) / len(states) * 1e6,
        "us",
    )


def test_apply_checked_ten_players(benchmark: BenchmarkFixture) -> None:
    pairs = trajectory()

    def run() -> None:
        for state, action in pairs:
            apply(state, action)

    benchmark(run)
    report(benchmark, "apply(check=True)", mean_seconds(benchmark) / len(pairs) * 1e6, "us")


def test_apply_unchecked_ten_players(benchmark: BenchmarkFixture) -> None:
    pairs = trajectory()

    def run() -> None:
        for state, action in pairs:
            apply(state, action, check=False)

    benchmark(run)
    per_call = mean_seconds(benchmark) / len(pairs) * 1e6
    report(benchmark, "apply(check=False)", per_call, "us")


def test_apply_with_events_ten_players(benchmark: BenchmarkFixture) -> None:
    pairs = trajectory()

    def run() -> int:
        return sum(len(apply_with_events(state, action)[1]) for state, action in pairs)

    events = benchmark(run)
    per_call = mean_seconds(benchmark) / len(pairs) * 1e6
    report(benchmark, "apply_with_events", per_call, "us")
    report(benchmark, "apply_with_events: events", events / len(pairs), "events an action")


def test_random_games_per_second_ten_players(benchmark: BenchmarkFixture) -> None:
    lengths: list[int] = []

    def run() -> None:
        seed = len(lengths)
        final, steps = playout(initial_state(TEN_PLAYERS, seed=seed), random.Random(seed))
        assert is_terminal(final), "the benchmark's mix must end games"
        lengths.append(steps)

    benchmark(run)
    report(
        benchmark, "random 10-player games (policy mix)", 1 / mean_seconds(benchmark), "games/s"
    )
    report(benchmark, "random games: length", sum(lengths) / len(lengths), "actions a game")
