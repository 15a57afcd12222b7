""":class:`ISMCTSAgent`: information-set MCTS, for hidden-information and simultaneous games.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): every iteration draws a
new world the player cannot tell from the real one (``Turn.determinize``: other hands,
decks and hidden plans re-sampled), and descends one tree of actions shared by all worlds,
judging each action against how often it was available. So the agent plays what is good
across everything it might be facing, not in one guessed world, and never uses what it
may not see.

Simultaneous choices (Oh Crab! planning) are searched as if made in turn, each player's
choice hidden from the others by the re-sampling. In perfect-information games every
world is the state itself, and the agent is plain UCT.

>>> import crabrules
>>> from crabrules.agents import Turn
>>> from crabrules.agents.tree import Budget
>>> game = crabrules.get_game("la-marche-du-crabe")
>>> turn = Turn.of(game, game.initial_state(seed=3), 0)
>>> agent = ISMCTSAgent(Budget(iterations=40))
>>> agent.act(turn, crabrules.Rng.from_seed(1)).action in turn.legal
True
"""

from __future__ import annotations

from typing import Any

from crabrules.agents.base import Decision, Turn
from crabrules.agents.timing import TimingSeat
from crabrules.agents.tree import Budget, decide
from crabrules.core import Rng

__all__ = ["ISMCTSAgent"]


class ISMCTSAgent:
    """Information-set MCTS with ``budget`` (1,000 iterations by default) per decision."""

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = Budget() if budget is None else budget
        # When to act in real-time play: the game's registered timing player, built at
        # the first turn of a real-time game (nothing for any other game).
        self.timing = TimingSeat()

    def act(self, turn: Turn, rng: Rng) -> Decision | None:
        """The most visited action over worlds sampled afresh on every iteration."""

        def worlds(rng: Rng) -> tuple[Any, Rng]:
            seed, rng = rng.next_u64()
            return turn.determinize(seed), rng

        return decide(turn, rng, self.budget, worlds, self.timing)
