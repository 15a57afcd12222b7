"""Environment steps per second through each adapter, beside the bare rules loop.

Target (issue 15): the PettingZoo AEC environment of Crab Stack costs at most 2x a bare
``legal_actions`` + ``apply`` loop. Every loop plays uniformly random games from fresh
seeds, ``STEPS`` actions a round:

- *bare*: ``random.choice(legal_actions(state))`` then ``apply(state, action)`` (checked,
  the default) until the game ends;
- *PettingZoo AEC*: ``env.last()`` (observation tensor and action mask) then
  ``env.step(number)`` drawn from the mask;
- *OpenSpiel*: ``state.legal_actions()`` then ``state.apply_action(number)``.

It also trains the example policy of ``examples/train_crab_stack.py`` briefly and reports
its score against ``crabrules.agents.RandomAgent``.
"""

from __future__ import annotations

import importlib.util
import pathlib
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

import crabrules
from tests.benchmarks.measure import record

np = pytest.importorskip("numpy")

STEPS = 3000
#: Rounds of the two loops back to back, for the ratio the target is about.
PAIRED_ROUNDS = 15
ADVENTURE_MODULES = ("surprises", "events", "challenges", "asymmetry")
GAMES: list[tuple[str, dict[str, Any]]] = [
    ("crab-stack", {"players": 2}),
    ("crab-stack", {"players": 4}),
    ("la-marche-du-crabe", {}),
    ("youve-got-crabs", {"teams": 2}),
    ("oh-crab", {"players": 2}),
    ("oh-crab", {"players": 4}),
    # The Adventure Pack's heaviest mix: its action mask has 84,795 numbers.
    ("oh-crab", {"players": 4, "modules": frozenset(ADVENTURE_MODULES)}),
]
IDS = [
    "-".join(
        [g, *("+".join(sorted(v)) if isinstance(v, frozenset) else str(v) for v in c.values())]
    )
    for g, c in GAMES
]


def _rate(benchmark: BenchmarkFixture, loop: Callable[[int], int]) -> float:
    seeds = iter(range(0, 10**9, 1000))

    def run() -> None:
        loop(next(seeds))

    benchmark.pedantic(run, rounds=5, warmup_rounds=1)  # type: ignore[no-untyped-call]
    assert benchmark.stats is not None
    return STEPS / float(benchmark.stats.stats.mean)


def _label(game_id: str, config: dict[str, Any]) -> str:
    def shown(value: object) -> str:
        return "+".join(sorted(value)) if isinstance(value, frozenset) else str(value)

    return game_id + "".join(f" {k}={shown(v)}" for k, v in config.items())


def _bare_loop(game_id: str, config: dict[str, Any]) -> Callable[[int], int]:
    game = crabrules.get_game(game_id)
    cfg = game.config_type(**config)
    cap = game.info.max_random_steps

    def loop(seed: int) -> int:
        rnd = random.Random(seed)
        steps = 0
        while steps < STEPS:
            state = game.initial_state(cfg, seed=seed + steps)
            played = 0
            while steps < STEPS and not game.is_terminal(state) and played != cap:
                state = game.apply(state, rnd.choice(game.legal_actions(state)))
                steps += 1
                played += 1
        return steps

    return loop


def _pettingzoo_loop(game_id: str, config: dict[str, Any]) -> Callable[[int], int]:
    from crabrules.adapters.pettingzoo import env

    environment = env(game_id, **config)

    def loop(seed: int) -> int:
        rnd = random.Random(seed)
        steps = 0
        while steps < STEPS:
            environment.reset(seed=seed + steps)
            for _ in environment.agent_iter():
                observation, _, termination, truncation, _ = environment.last()
                if termination or truncation:
                    environment.step(None)
                    continue
                if steps == STEPS:
                    break
                environment.step(rnd.choice(np.flatnonzero(observation["action_mask"])))
                steps += 1
        return steps

    return loop


@pytest.mark.parametrize(("game_id", "config"), GAMES, ids=IDS)
def test_bare_loop(benchmark: BenchmarkFixture, game_id: str, config: dict[str, Any]) -> None:
    rate = _rate(benchmark, _bare_loop(game_id, config))
    record(benchmark, _label(game_id, config), "bare legal_actions + apply", rate, "steps/s")


@pytest.mark.parametrize(("game_id", "config"), GAMES, ids=IDS)
def test_pettingzoo_aec(benchmark: BenchmarkFixture, game_id: str, config: dict[str, Any]) -> None:
    pytest.importorskip("pettingzoo")
    rate = _rate(benchmark, _pettingzoo_loop(game_id, config))
    record(benchmark, _label(game_id, config), "PettingZoo AEC", rate, "steps/s")


@pytest.mark.parametrize(("game_id", "config"), GAMES, ids=IDS)
def test_pettingzoo_cost_against_the_bare_loop(
    benchmark: BenchmarkFixture, game_id: str, config: dict[str, Any]
) -> None:
    """The ratio the target is about: the median over rounds of the two loops back to back.

    On a shared machine the speed drifts, and a neighbour may slow any one run. The two
    loops of a round run back to back on the same seeds, so they share the drift; the
    median of the rounds' ratios sets aside the rounds that a neighbour disturbed (the
    best of each loop's rounds, compared, could take them from two different moments).
    The lower and upper quartiles (Q1, Q3) of the ratios are recorded beside it.
    """
    pytest.importorskip("pettingzoo")
    loops = (_bare_loop(game_id, config), _pettingzoo_loop(game_id, config))
    ratios: list[float] = []

    def run() -> None:
        seconds = []
        for loop in loops:
            start = time.perf_counter()
            loop(0)
            seconds.append(time.perf_counter() - start)
        ratios.append(seconds[1] / seconds[0])

    benchmark.pedantic(run, rounds=PAIRED_ROUNDS, warmup_rounds=1)  # type: ignore[no-untyped-call]
    measured = ratios[-PAIRED_ROUNDS:]  # the warm-up round's ratio is left out
    low, median, high = statistics.quantiles(measured, n=4)
    label = _label(game_id, config)
    record(benchmark, label, "PettingZoo AEC: cost vs bare", median, "x")
    record(benchmark, label, "PettingZoo AEC: cost vs bare, Q1", low, "x")
    record(benchmark, label, "PettingZoo AEC: cost vs bare, Q3", high, "x")


@pytest.mark.parametrize(("game_id", "config"), GAMES, ids=IDS)
def test_openspiel(benchmark: BenchmarkFixture, game_id: str, config: dict[str, Any]) -> None:
    pytest.importorskip("pyspiel")
    from crabrules.adapters.openspiel import load_game

    game = load_game(game_id, **config)

    def loop(seed: int) -> int:
        rnd = random.Random(seed)
        steps = 0
        while steps < STEPS:
            state = game.new_initial_state()
            state.apply_action(rnd.randrange(game.max_chance_outcomes()))
            while steps < STEPS and not state.is_terminal():
                state.apply_action(rnd.choice(state.legal_actions()))
                steps += 1
        return steps

    rate = _rate(benchmark, loop)
    record(benchmark, _label(game_id, config), "OpenSpiel", rate, "steps/s")


def test_trained_policy_beats_random_play(benchmark: BenchmarkFixture) -> None:
    path = pathlib.Path(__file__).parent.parent.parent / "examples" / "train_crab_stack.py"
    spec = importlib.util.spec_from_file_location("train_crab_stack", path)
    assert spec is not None
    assert spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    curve = benchmark.pedantic(  # type: ignore[no-untyped-call]
        example.train, args=(300, 300, 200, 0, 0.2), rounds=1
    )
    score = curve[-1][1]
    record(benchmark, "crab-stack players=2", "trained policy vs RandomAgent (score)", score, "")
    assert score > 0.55
