"""Random games keep every card in one place and every shell counted, in every scenario."""

from __future__ import annotations

import random

import attrs
import pytest

from crabrules.core.errors import InvalidStateError
from crabrules.oh_crab import (
    RESTING,
    SCENARIOS,
    Config,
    Phase,
    Stage,
    apply,
    check_state,
    initial_state,
    is_terminal,
    legal_actions,
)
from tests.oh_crab.helpers import at, cid, make

R1, R2 = cid("red-1"), cid("red-2")
O1, B1 = cid("orange-1"), cid("blue-1")


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


def test_a_rest_is_declared_only_with_an_empty_hand_in_planning() -> None:
    planning = make(
        crabs=(at(1, 0), at(1, 1), at(1, 2)),
        hands=[[R1], [O1], [B1]],
        planned=[-1, -1, -1],
        phase=Phase.PLANNING,
        stage=Stage.START,
    )
    state = attrs.evolve(planning, planned=(RESTING, -1, -1))
    with pytest.raises(InvalidStateError, match="a Rest is declared only with an empty Hand"):
        check_state(state)


def test_a_declared_rest_may_hold_cards_an_effect_gave_before_its_turn() -> None:
    # Blue's turn; orange declared a Rest, then an effect of blue's turn (an Adventure
    # Event such as Beach Cleanup) gave orange a card: orange still rests in its turn.
    state = make(
        crabs=(at(1, 0), at(1, 1), at(1, 2)),
        hands=[[R1], [O1], []],
        planned=[R2, RESTING, -1],
        current=2,
        cook=2,
    )
    check_state(state)
