"""When a search agent acts in real-time play: act now, or wait.

In real time an agent says when it acts. A search agent's timing options at each moment
are two, searched like any other choice:

- **act**: take the action (one of the casual player's equally good ones) at the casual
  player's reaction time, so search decides *whether* and *what*, never with faster
  hands than the other players;
- **wait** (:class:`Wait`): let the next action at the table come first; the agent is
  asked again after it. In the search, waiting is one of the root's options, and its
  world moves on by the other players' next action, played by casual players. If no
  action came (the agent is asked again a second later, with the same view), it acts
  rather than wait again (:class:`Patience`), so the table never stalls on it.

What a real-time game's casual player proposes, which of its actions a wait may put off,
what the searched worlds believe and who plays the rollouts is the game's own: its
:class:`TimingPlayer`, registered by game id beside its casual player
(:data:`crabrules.agents.plausible.TIMING_PLAYERS`). This module names no game: it asks
for the timing player of a game whose :attr:`~crabrules.core.GameInfo.dynamics` is real
time (:func:`timing_player`), and builds nothing for any other game.

You've Got Crabs is the real-time game (its timing player:
:class:`~crabrules.agents.plausible.youve_got_crabs.YouveGotCrabsTiming`):

>>> import crabrules
>>> timing_player(crabrules.get_game("crab-stack")) is None
True
>>> timing_player(crabrules.get_game("youve-got-crabs"))  # doctest: +ELLIPSIS
<crabrules.agents.plausible.youve_got_crabs.YouveGotCrabsTiming object at ...>
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import attrs

from crabrules.agents.base import Agent, AnyGame, Decision, Turn
from crabrules.agents.plausible import TIMING_PLAYERS
from crabrules.core import Dynamics, InvalidConfigError, PlayerId, Rng

__all__ = ["Patience", "Table", "TimingPlayer", "TimingSeat", "Wait", "timing_player"]

#: The casual players of a rollout from a state; ``True`` when the search's player waited.
Table = Callable[[Any, bool], list[Agent]]


@attrs.frozen
class Wait:
    """The option to let the next action at the table come first (never sent to the game).

    Attributes:
        player: who waits.

    >>> Wait(0)
    Wait(player=0)
    """

    player: PlayerId


class Patience:
    """A search agent's memory of where it waited: it waits once per moment of the game.

    Waiting lets the next action come first; if none came (everyone else waited too, and
    the agent is asked again a second later with the same view), waiting again would
    stall the table, so the agent acts.

    >>> patience = Patience()
    >>> patience.may_wait("view"), patience.waited("view"), patience.may_wait("view")
    (True, None, False)
    >>> patience.may_wait("another view")
    True
    """

    def __init__(self) -> None:
        self._view: Any = None

    def may_wait(self, view: Any) -> bool:
        """Whether the agent may wait at ``view``: it did not wait at this very view."""
        return self._view is None or view != self._view

    def waited(self, view: Any) -> None:
        """Remember that the agent waited at ``view``."""
        self._view = view


class TimingPlayer(Protocol):
    """A real-time game's casual player as a search agent's timing (one per seat).

    It is asked at every turn of its seat (:meth:`options`), so it remembers what it saw;
    the other methods answer for the moment of its latest :meth:`options`.
    """

    def options(self, turn: Turn, rng: Rng) -> tuple[Decision | None, tuple[Any, ...]]:
        """The casual decision (``None``: wait), and the actions as good as its action."""
        ...

    def passed(self, options: tuple[Any, ...]) -> frozenset[PlayerId]:
        """The players a wait would pass over among ``options`` (none: no wait offered)."""
        ...

    def believed(self, world: Any, me: PlayerId) -> Any:
        """``world`` as ``me`` believes it, from what it saw (a world it cannot tell)."""
        ...

    def rollout_players(self, me: PlayerId, passed: frozenset[PlayerId]) -> Table:
        """The casual players of the search's rollouts, who know what ``me`` saw."""
        ...


def timing_player(game: AnyGame) -> TimingPlayer | None:
    """A new timing player of ``game`` if it is played in real time, else ``None``.

    The timing player is the one registered under the game's id
    (:data:`crabrules.agents.plausible.TIMING_PLAYERS`).

    Raises:
        InvalidConfigError: ``game`` is played in real time and registers no timing
            player, so a search agent cannot tell when to act in it.

    >>> import crabrules
    >>> [timing_player(crabrules.get_game(id)) is None for id in ("oh-crab", "youve-got-crabs")]
    [True, False]
    """
    if game.info.dynamics is not Dynamics.REAL_TIME:
        return None
    try:
        make = TIMING_PLAYERS[game.info.id]
    except KeyError:
        raise InvalidConfigError(
            f"{game.info.name} is played in real time but registers no timing player "
            "(crabrules.agents.plausible.TIMING_PLAYERS)"
        ) from None
    return make()


class TimingSeat:
    """A search agent's timing in real-time play, built for the game it first meets.

    :attr:`player` stays ``None`` in a game that is not played in real time: nothing is
    built for it.

    >>> import crabrules
    >>> seat = TimingSeat()
    >>> seat.player_for(crabrules.get_game("crab-stack")) is None, seat.player is None
    (True, True)
    >>> seat.player_for(crabrules.get_game("youve-got-crabs")) is seat.player
    True
    """

    def __init__(self) -> None:
        self.player: TimingPlayer | None = None
        self.patience = Patience()

    def player_for(self, game: AnyGame) -> TimingPlayer | None:
        """The timing player of ``game`` (built at the first real-time turn), or ``None``."""
        if self.player is None:
            self.player = timing_player(game)
        return self.player
