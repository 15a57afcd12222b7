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

__all__ = ["PLAYERS", "StrongAgent"]


def _searcher() -> Agent:
    return ISMCTSAgent(Budget(seconds=1.0))


#: Each game's strong player, by game id.
PLAYERS: dict[str, Callable[[], Agent]] = {
    "crab-stack": CrabStackStrong,
    "oh-crab": OhCrabStrong,
    "la-marche-du-crabe": MarchePlanner,
    "youve-got-crabs": YouveGotCrabsStrong,
}


class StrongAgent:
    """The strong player of whichever game it is asked about (one per seat and game)."""

    def __init__(self) -> None:
        self._player: Agent | None = None

    def act(self, turn: Turn, rng: Rng) -> Decision | None:
        """The strong player's decision."""
        if self._player is None:
            self._player = PLAYERS.get(turn.game.info.id, _searcher)()
        return self._player.act(turn, rng)
