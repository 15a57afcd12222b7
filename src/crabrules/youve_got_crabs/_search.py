"""What You've Got Crabs tells search agents: a team's share of the Crab tokens.

>>> from crabrules import youve_got_crabs
>>> lead(youve_got_crabs.initial_state(seed=1))
(0.5, 0.5, 0.5, 0.5)
"""

from __future__ import annotations

from crabrules.core.game import SearchHints
from crabrules.youve_got_crabs._state import State
from crabrules.youve_got_crabs._table import table


def lead(state: State) -> tuple[float, ...]:
    """Each player's team's share of the Crab tokens won so far (even before any)."""
    team_of = table(state.config).team_of
    total = sum(state.tokens)
    if not total:
        return (1 / state.config.teams,) * len(team_of)
    return tuple(state.tokens[team] / total for team in team_of)


#: Uniformly random play need not end, so rollouts stop early and the tokens judge them.
SEARCH = SearchHints(lead=lead, rollout_depth=40)
