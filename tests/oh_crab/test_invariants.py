"""Random games keep every card in one place and every shell counted, in every scenario."""

from __future__ import annotations

import random

import pytest

from crabrules.oh_crab import (
    SCENARIOS,
    Config,
    apply,
    check_state,
    initial_state,
    is_terminal,
    legal_actions,
)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_random_games_keep_the_state_consistent(scenario: str) -> None:
    for seed, players in enumerate((3, 4, 5)):
        rnd = random.Random(seed)
        state = initial_state(Config(players=players, scenario=scenario), seed=seed)
        while not is_terminal(state):
            check_state(state)
            state = apply(state, rnd.choice(legal_actions(state)), check=False)
        check_state(state)
        assert state.round >= 2
