"""Per-game Hypothesis strategies for configs: one entry per registered game.

A game with no entry is tested with its default ``Config()`` only.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from crabrules import crab_stack
from tests.conformance import tictactoe

CONFIGS: dict[str, st.SearchStrategy[Any]] = {
    "tic-tac-toe": st.builds(tictactoe.Config, first_player=st.sampled_from([None, 0, 1])),
    "crab-stack": st.integers(2, 4).flatmap(
        lambda players: st.builds(
            crab_stack.Config,
            players=st.just(players),
            first_player=st.none() | st.integers(0, players - 1),
            max_turns=st.none() | st.integers(1, 12),
        )
    ),
}
