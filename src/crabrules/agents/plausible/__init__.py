""":class:`PlausibleAgent`: what a casual human would play, so that random games end.

One module per game holds that game's casual player; :class:`PlausibleAgent` picks the
one of the game it is asked about (a game it does not know gets uniform random play):

- :mod:`~crabrules.agents.plausible.crab_stack`: wins when it can, climbs on opponents.
- :mod:`~crabrules.agents.plausible.marche_du_crabe`: the plan of the game's docs.
- :mod:`~crabrules.agents.plausible.youve_got_crabs`: honest signals, calls after signals,
  swaps toward four of a kind; and, the game being played in real time, its timing player
  (:data:`TIMING_PLAYERS`), which tells a search agent when to act.
- :mod:`~crabrules.agents.plausible.oh_crab`: races for the sea.

>>> import crabrules
>>> from crabrules.agents import play_match
>>> game = crabrules.get_game("youve-got-crabs")
>>> result = play_match(game, [PlausibleAgent() for _ in range(4)], seed=7)
>>> result.finished
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from crabrules.agents.base import Agent, Decision, Turn
from crabrules.agents.plausible.crab_stack import CrabStackPlayer
from crabrules.agents.plausible.marche_du_crabe import MarchePlayer
from crabrules.agents.plausible.oh_crab import OhCrabPlayer
from crabrules.agents.plausible.youve_got_crabs import YouveGotCrabsPlayer, YouveGotCrabsTiming
from crabrules.agents.random import RandomAgent
from crabrules.core import Rng

if TYPE_CHECKING:
    from crabrules.agents.timing import TimingPlayer

__all__ = [
    "PLAYERS",
    "CrabStackPlayer",
    "MarchePlayer",
    "OhCrabPlayer",
    "PlausibleAgent",
    "TIMING_PLAYERS",
    "YouveGotCrabsPlayer",
    "YouveGotCrabsTiming",
]

#: Each game's casual player, by game id.
PLAYERS: dict[str, Callable[[], Agent]] = {
    "crab-stack": CrabStackPlayer,
    "la-marche-du-crabe": MarchePlayer,
    "youve-got-crabs": YouveGotCrabsPlayer,
    "oh-crab": OhCrabPlayer,
}

#: Each real-time game's timing player (:class:`crabrules.agents.timing.TimingPlayer`), by
#: game id: what a search agent asks when to act (:func:`crabrules.agents.timing.timing_player`).
TIMING_PLAYERS: dict[str, Callable[[], TimingPlayer]] = {
    "youve-got-crabs": YouveGotCrabsTiming,
}


class PlausibleAgent:
    """The casual player of whichever game it is asked about (one per seat and game)."""

    def __init__(self) -> None:
        self._player: Agent | None = None

    def act(self, turn: Turn, rng: Rng) -> Decision | None:
        """The casual player's decision (uniform random for a game without one)."""
        if self._player is None:
            self._player = PLAYERS.get(turn.game.info.id, RandomAgent)()
        return self._player.act(turn, rng)
