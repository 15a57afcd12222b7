"""Per-game Hypothesis strategies for configs: one entry per registered game.

A game with no entry is tested with its default ``Config()`` only.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from crabrules import oh_crab
from tests.conformance import tictactoe

CONFIGS: dict[str, st.SearchStrategy[Any]] = {
    "tic-tac-toe": st.builds(tictactoe.Config, first_player=st.sampled_from([None, 0, 1])),
    "oh-crab": st.builds(
        oh_crab.Config,
        players=st.integers(3, 5),
        scenario=st.sampled_from(oh_crab.SCENARIOS),
        quick=st.booleans(),
    ),
}
