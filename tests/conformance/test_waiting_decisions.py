"""Decisions that wait together keep their order, in every named mix of Oh Crab!.

Oh Crab!'s Adventure Pack can leave several decisions waiting at once (tied Challenge
winners' rewards, the players an Event targets, skills' windows): the state's
``adventure.frames``, the last one first. Answering the top one may push new decisions
above the others, but never reorders those that were waiting beneath it.
"""

from __future__ import annotations

import random

import pytest

from crabrules.oh_crab import State, apply, initial_state, is_terminal, legal_actions
from tests.conformance.strategies import MIXES

WITH_MODULES = {name: config for name, config in MIXES["oh-crab"].items() if config.modules}
GAMES_PER_MIX = 4


def _beneath_keep_their_order(before: State, after: State) -> bool:
    assert before.adventure is not None
    beneath = before.adventure.frames[:-1]
    frames = after.adventure.frames if after.adventure is not None else ()
    still_waiting = [frame for frame in frames if frame in beneath]
    return still_waiting == [frame for frame in beneath if frame in still_waiting]


@pytest.mark.parametrize("name", sorted(WITH_MODULES))
def test_answering_a_decision_never_reorders_those_waiting_beneath_it(name: str) -> None:
    config = WITH_MODULES[name]
    for seed in range(GAMES_PER_MIX):
        rnd = random.Random(seed)
        state = initial_state(config, seed=seed)
        while not is_terminal(state):
            action = rnd.choice(legal_actions(state))
            after = apply(state, action)
            if state.adventure is not None and len(state.adventure.frames) > 1:
                assert _beneath_keep_their_order(state, after), (seed, action)
            state = after
