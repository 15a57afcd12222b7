"""Perft: the number of legal action sequences of each depth from fixed seeded positions.

Any change to the rules, the content or the order of setup draws changes these counts;
a deliberate change updates them together with the docs.
"""

from __future__ import annotations

import random

from crabrules.oh_crab import Config, State, apply, initial_state, is_terminal, legal_actions


def perft(state: State, depth: int) -> int:
    if depth == 0 or is_terminal(state):
        return 1
    return sum(perft(apply(state, a, check=False), depth - 1) for a in legal_actions(state))


def test_perft_from_the_setup_of_a_three_player_first_escape() -> None:
    state = initial_state(Config(players=3), seed=1)
    assert [perft(state, d) for d in range(1, 7)] == [12, 96, 384, 1920, 4224, 12096]


def test_perft_from_a_five_player_pirate_island_round_eight() -> None:
    rnd = random.Random(11)
    state = initial_state(Config(players=5, scenario="pirate-island"), seed=11)
    for _ in range(150):
        state = apply(state, rnd.choice(legal_actions(state)))
    assert (state.round, state.current) == (8, 3)
    assert [perft(state, d) for d in range(1, 6)] == [5, 6, 31, 56, 1479]


def test_perft_from_the_setup_of_a_two_player_first_escape() -> None:
    # Placing (2, then 6 and 2 choices), both Planning choices, Activate, AddCard, actions.
    state = initial_state(Config(players=2), seed=1)
    assert [perft(state, d) for d in range(1, 10)] == [
        2,
        12,
        24,
        192,
        768,
        1536,
        7680,
        16896,
        29376,
    ]


def test_perft_from_a_two_player_pirate_island_second_planning_of_round_eight() -> None:
    rnd = random.Random(11)
    state = initial_state(Config(players=2, scenario="pirate-island"), seed=11)
    for _ in range(150):
        state = apply(state, rnd.choice(legal_actions(state)))
    assert (state.round, state.tokens) == (8, (1, 0, 1, 0))  # Planning 2
    assert [perft(state, d) for d in range(1, 6)] == [13, 78, 124, 694, 1864]
