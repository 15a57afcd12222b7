""":class:`StrongAgent`: the strongest player the library offers in each game.

One module per game holds that game's strong player, within about a second of CPU per
decision in the pure build; :class:`StrongAgent` picks the one of the game it is asked
about. A game without one of its own gets an information-set search on a one-second
budget, which is fair in every game, hidden cards included.

>>> from crabrules.agents import make_agent
>>> type(make_agent("strong")).__name__
'StrongAgent'
"""

from __future__ import annotations

from collections.abc import Callable

from crabrules.agents.base import Agent, Decision, Turn
from crabrules.agents.ismcts import ISMCTSAgent
from crabrules.agents.strong.crab_stack import CrabStackStrong
from crabrules.agents.strong.marche_du_crabe import MarchePlanner
from crabrules.agents.strong.oh_crab import OhCrabStrong
from crabrules.agents.strong.youve_got_crabs import YouveGotCrabsStrong
from crabrules.agents.tree import Budget
from crabrules.core import Rng

__all__ = ["PLAYERS", "SEARCHERS", "StrongAgent"]


def _searcher() -> Agent:
    return ISMCTSAgent(Budget(seconds=1.0))


#: Each game's strong player, by game id.
PLAYERS: dict[str, Callable[[], Agent]] = {
    "crab-stack": CrabStackStrong,
    "oh-crab": OhCrabStrong,
    "la-marche-du-crabe": MarchePlanner,
    "youve-got-crabs": YouveGotCrabsStrong,
}


#: The strong players that search, by game id: they take another budget (``strong:N``).
SEARCHERS: dict[str, Callable[[Budget], Agent]] = {
    "crab-stack": CrabStackStrong,
    "oh-crab": OhCrabStrong,
}


def _player_for(game_id: str, budget: Budget | None) -> Agent:
    """The game's strong player, its search (if it searches) on ``budget`` when given."""
    if budget is None:
        return PLAYERS.get(game_id, _searcher)()
    if game_id in SEARCHERS:
        return SEARCHERS[game_id](budget)
    return PLAYERS[game_id]() if game_id in PLAYERS else ISMCTSAgent(budget)


class StrongAgent:
    """The strong player of whichever game it is asked about (one per seat and game).

    ``budget`` replaces the search budget of the players that search (``strong:200`` on
    the command line, for a quicker game); the planners that do not search ignore it.

    >>> from crabrules.agents import make_agent
    >>> make_agent("strong:200").budget.iterations
    200
    """

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget
        self._player: Agent | None = None

    def act(self, turn: Turn, rng: Rng) -> Decision | None:
        """The strong player's decision."""
        if self._player is None:
            self._player = _player_for(turn.game.info.id, self.budget)
        return self._player.act(turn, rng)
