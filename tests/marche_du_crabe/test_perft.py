"""Perft: the number of action sequences of each depth from seeded starts, pinned.

A sequence stops early at a terminal state (it counts once). The Baddie draws come from
the state's generator, so the counts depend on the seed; any change to the rules, the
setup or the generator's use changes them.
"""

from __future__ import annotations

import pytest

from crabrules import marche_du_crabe as mdc


def perft(state: mdc.State, depth: int) -> int:
    if depth == 0 or mdc.is_terminal(state):
        return 1
    return sum(
        perft(mdc.apply(state, action, check=False), depth - 1)
        for action in mdc.legal_actions(state)
    )


@pytest.mark.parametrize(
    ("seed", "counts"),
    [
        (1, (4, 24, 96, 576, 2240, 13440)),
        (2, (4, 24, 96, 576, 2288)),
        (3, (4, 24, 96, 576, 2304)),
    ],
)
def test_perft(seed: int, counts: tuple[int, ...]) -> None:
    state = mdc.initial_state(seed=seed)
    assert tuple(perft(state, d) for d in range(1, len(counts) + 1)) == counts
