"""What La Marche du Crabe tells search agents: how many of the crabs the pair freed.

>>> from crabrules import marche_du_crabe
>>> progress(marche_du_crabe.initial_state(seed=1))
0.0
"""

from __future__ import annotations

from crabrules.core.game import SearchHints
from crabrules.marche_du_crabe._state import CRABS_TO_FREE, State


def progress(state: State) -> float:
    """The share of the crabs to free that are free, from 0 to 1."""
    return len(state.freed) / CRABS_TO_FREE


SEARCH = SearchHints(progress=progress)
