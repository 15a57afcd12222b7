"""Per-game Hypothesis strategies for configs: one entry per registered game.

A game with no entry is tested with its default ``Config()`` only.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from crabrules import marche_du_crabe
from tests.conformance import tictactoe

CONFIGS: dict[str, st.SearchStrategy[Any]] = {
    "tic-tac-toe": st.builds(tictactoe.Config, first_player=st.sampled_from([None, 0, 1])),
    "la-marche-du-crabe": st.builds(
        marche_du_crabe.Config,
        beach=st.sampled_from(marche_du_crabe.REFERENCE_BEACHES),
        shrimps=st.integers(0, 5),
    ),
}
