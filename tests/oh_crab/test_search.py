"""What Oh Crab! tells search agents: each player's share of the way to the sea."""

from __future__ import annotations

import attrs
import pytest

from crabrules.oh_crab import Config, initial_state
from crabrules.oh_crab.content._components import SEA
from crabrules.oh_crab.rules import SEA_ROWS, lead
from tests.oh_crab.helpers import FIRST_ESCAPE, at, make


def test_the_lead_is_even_before_any_crab_is_placed() -> None:
    assert lead(initial_state(Config(players=2), seed=1)) == (0.5, 0.5)


def test_the_lead_counts_the_rows_each_crab_has_come() -> None:
    # The first, second and fourth rows from the land: shares 1/7, 2/7 and 4/7.
    state = make(FIRST_ESCAPE, crabs=(at(0, 0), at(1, 1), at(3, 2)))
    assert lead(state) == pytest.approx((1 / 7, 2 / 7, 4 / 7))


def test_the_lead_adds_a_players_two_crabs_in_the_2_player_mode() -> None:
    # Player 0's crabs are 0 and 1 (first row), player 1's 2 and 3 (sea, second row).
    state = attrs.evolve(
        initial_state(Config(players=2), seed=1), crabs=(at(0, 0), at(0, 1), SEA, at(1, 3))
    )
    total = 2 + SEA_ROWS + 2
    assert lead(state) == pytest.approx((2 / total, (SEA_ROWS + 2) / total))
