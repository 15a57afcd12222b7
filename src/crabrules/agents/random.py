""":class:`RandomAgent`: a uniformly random legal action.

In real-time play it also waits a random reaction time, up to :data:`REACTION` seconds,
so that which player acts first is random too.

>>> import crabrules
>>> from crabrules.agents import Turn
>>> game = crabrules.get_game("crab-stack")
>>> turn = Turn.of(game, game.initial_state(seed=1), 1)
>>> agent = RandomAgent()
>>> agent.act(turn, crabrules.Rng.from_seed(3)) == agent.act(turn, crabrules.Rng.from_seed(3))
True
"""

from __future__ import annotations

from crabrules.agents.base import Decision, Turn, stamped
from crabrules.core import Dynamics, Rng

__all__ = ["REACTION", "RandomAgent", "reaction_time"]

#: The longest a random player waits before acting in real-time play, in seconds.
REACTION = 1.0

_STEPS = 1 << 20


def reaction_time(rng: Rng, longest: float = REACTION) -> tuple[float, Rng]:
    """A uniform delay in ``[0, longest)`` seconds, on a grid of ``2**-20`` of it.

    A grid keeps the times exact in JSON and the same on every platform.

    >>> reaction_time(Rng.from_seed(1))[0] < REACTION
    True
    """
    steps, rng = rng.below(_STEPS)
    return longest * steps / _STEPS, rng


class RandomAgent:
    """Uniform over the legal actions; in real-time play, after a random reaction time."""

    def act(self, turn: Turn, rng: Rng) -> Decision:
        """A uniformly random legal action of ``turn.player``.

        >>> import crabrules
        >>> from crabrules.agents import Turn
        >>> game = crabrules.get_game("youve-got-crabs")
        >>> turn = Turn.of(game, game.initial_state(seed=1), 2)
        >>> decision = RandomAgent().act(turn, crabrules.Rng.from_seed(9))
        >>> decision.action in turn.legal, 0.0 <= decision.at < 1.0
        (True, True)
        """
        action, rng = rng.choice(turn.legal)
        if turn.game.info.dynamics is not Dynamics.REAL_TIME:
            return Decision(action, turn.now)
        delay, rng = reaction_time(rng)
        at = turn.now + delay
        return Decision(stamped(action, at), at)
