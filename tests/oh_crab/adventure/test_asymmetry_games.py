"""Random games with Module 4: every module mix, the invariants, and perft from a setup.

The invariant test plays random games with all four modules for each player count and
checks, after every action, the whole state (``check_state``: every card and token in
exactly one place, Pincers, spies, frames...) and that no shell is created or lost.
By default it plays 10 games per player count (a few seconds); with ``CRABRULES_FUZZ``
set (``nox -s fuzz`` sets it) it plays 1,000 per player count, as issue 13 asks.
"""

from __future__ import annotations

import itertools
import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crabrules.oh_crab import (
    Config,
    State,
    apply,
    check_state,
    get_content,
    initial_state,
    is_terminal,
    legal_actions,
)
from crabrules.oh_crab.content._primitives import Module

ALL = frozenset({"surprises", "events", "challenges", "asymmetry"})
GAMES = 1000 if os.environ.get("CRABRULES_FUZZ") else 10
SUBSETS = [
    frozenset(m.value for m in chosen)
    for k in range(5)
    for chosen in itertools.combinations(list(Module), k)
]


def _shells(state: State) -> int:
    """Every shell: the supply, the players', those lying on Shell spaces."""
    return state.supply + sum(state.shells)


def _play(config: Config, seed: int) -> State:
    rnd = random.Random(seed)
    state = initial_state(config, seed=seed)
    shells = _shells(state)
    while not is_terminal(state):
        state = apply(state, rnd.choice(legal_actions(state)), check=False)
        check_state(state)
        assert _shells(state) == shells
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_with_all_four_modules_keep_every_invariant(players: int) -> None:
    config = Config(players=players, modules=ALL)
    total = get_content(config.content).shells
    for seed in range(GAMES):
        end = _play(config, seed)
        assert end.round >= 2
        assert _shells(end) <= total


def test_there_are_sixteen_module_subsets() -> None:
    assert len(set(SUBSETS)) == 16


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("modules", SUBSETS, ids=lambda m: "+".join(sorted(m)) or "base")
@settings(max_examples=1, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_module_mix_plays_a_whole_game(
    modules: frozenset[str], players: int, seed: int
) -> None:
    end = _play(Config(players=players, modules=modules), seed)
    assert is_terminal(end)


def perft(state: State, depth: int) -> int:
    if depth == 0 or is_terminal(state):
        return 1
    return sum(perft(apply(state, a, check=False), depth - 1) for a in legal_actions(state))


def test_perft_from_the_setup_of_a_three_player_game_with_all_four_modules() -> None:
    # The hidden choice of the Asymmetry cards (2 each, simultaneous), then the Planning.
    # Depth 6 ends the first Planning (4 cards each).
    state = initial_state(Config(players=3, modules=ALL), seed=1)
    assert [perft(state, d) for d in range(1, 7)] == [6, 24, 48, 576, 4608, 18432]


def test_perft_from_the_setup_of_a_two_player_game_with_all_four_modules() -> None:
    # Each player chooses an ordered pair of their 4 cards (12), then the placing.
    state = initial_state(Config(players=2, modules=ALL), seed=1)
    assert [perft(state, d) for d in range(1, 6)] == [24, 288, 576, 3456, 6912]


def test_perft_from_a_five_player_all_modules_game_in_round_nine() -> None:
    rnd = random.Random(13)
    state = initial_state(Config(players=5, modules=ALL), seed=13)
    for _ in range(160):
        state = apply(state, rnd.choice(legal_actions(state)))
    assert (state.round, state.current) == (9, 0)
    assert [perft(state, d) for d in range(1, 8)] == [4, 7, 15, 45, 187, 464, 3126]
