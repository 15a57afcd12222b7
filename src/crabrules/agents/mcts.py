""":class:`MCTSAgent`: UCT on the state, for perfect-information games.

Each decision grows a search tree (:mod:`~crabrules.agents.tree`) from the true state by
``budget.iterations`` imagined games. In cooperative La Marche du Crabe both players'
reward is the shared one, so the search maximises the shared score.

Given a hidden-information game it still plays, but it searches one world sampled at the
start of each decision (``Turn.determinize``) as if it were the truth: "determinized
UCT", which is blind to what it does not know. :class:`~crabrules.agents.ISMCTSAgent`
samples a new world on every iteration instead, and is the agent for those games.

>>> import crabrules
>>> from crabrules.agents import Turn
>>> from crabrules.agents.tree import Budget
>>> game = crabrules.get_game("crab-stack")
>>> turn = Turn.of(game, game.initial_state(seed=1), 1)
>>> agent = MCTSAgent(Budget(iterations=30))
>>> decision = agent.act(turn, crabrules.Rng.from_seed(4))
>>> decision.action in turn.legal, decision == agent.act(turn, crabrules.Rng.from_seed(4))
(True, True)
"""

from __future__ import annotations

from typing import Any

from crabrules.agents.base import Decision, Turn
from crabrules.agents.timing import TimingSeat
from crabrules.agents.tree import Budget, decide
from crabrules.core import Rng

__all__ = ["MCTSAgent"]


class MCTSAgent:
    """UCT with ``budget`` (1,000 iterations by default) per decision."""

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = Budget() if budget is None else budget
        # When to act in real-time play: the game's registered timing player, built at
        # the first turn of a real-time game (nothing for any other game).
        self.timing = TimingSeat()

    def act(self, turn: Turn, rng: Rng) -> Decision | None:
        """The most visited action after searching the state (or one sampled world)."""
        seed, rng = rng.next_u64()
        world = turn.determinize(seed)

        def worlds(rng: Rng) -> tuple[Any, Rng]:
            return world, rng

        return decide(turn, rng, self.budget, worlds, self.timing)
