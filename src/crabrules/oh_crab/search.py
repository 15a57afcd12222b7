"""What Oh Crab! tells search agents: each player's share of their crabs' way to the sea.

A crab counts the rows it has come from the land (one on the first row), and a crab in
the sea counts far more than any row, since only the sea wins; a player's crabs (two in
the 2-player mode) add up. Before any crab is placed, the shares are even.

>>> from crabrules import oh_crab
>>> lead(oh_crab.initial_state(oh_crab.Config(players=2), seed=1))
(0.5, 0.5)
"""

from __future__ import annotations

from crabrules.core.game import SearchHints
from crabrules.oh_crab.content._components import COLUMNS, SEA, Cell
from crabrules.oh_crab.engine._tables import rules_for
from crabrules.oh_crab.model._state import State

__all__ = ["SEARCH", "lead"]

#: What a crab in the sea counts, against one a row on the board.
SEA_ROWS = 100


def _rows_come(cell: Cell) -> int:
    """Rows from the land: 1 on the first row, ..., and 0 for a crab not yet placed."""
    if cell == SEA:
        return SEA_ROWS
    return cell // COLUMNS + 1 if cell >= 0 else 0


def lead(state: State) -> tuple[float, ...]:
    """Each player's share of the rows their crabs have come (see the module)."""
    come = [
        sum(_rows_come(state.crabs[c]) for c in crabs)
        for crabs in rules_for(state.config).crabs_of
    ]
    total = sum(come)
    if not total:
        return (1 / len(come),) * len(come)
    return tuple(rows / total for rows in come)


#: A rollout of 40 actions is about a round; the rows come judge the position it reaches.
SEARCH = SearchHints(lead=lead, rollout_depth=40)
