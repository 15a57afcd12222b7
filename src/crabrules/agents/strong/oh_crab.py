"""The strong player of Oh Crab!: information-set search with racing rollouts.

Oh Crab! hides the other players' hands and the deck, and plans its cards in secret, so
the player searches by single-observer information-set MCTS (the tree of
:class:`~crabrules.agents.tree.Search`, as :class:`~crabrules.agents.ismcts.ISMCTSAgent`
uses it): every iteration draws a new world it cannot tell from the real one
(``Turn.determinize``), so it never reads what it may not see, and it plays what is good
across the hands the others might hold, not in one guessed deal.

Where it differs from ``ismcts`` is the rollouts. Random crabs wander sideways and back
and end their turns with actions unused, so a random rollout says little about a
position; here each rollout is played by the game's casual racers
(:class:`~crabrules.agents.plausible.oh_crab.OhCrabPlayer`, which head for the sea), for about a
round (the game's rollout depth), and is judged by the game's lead: each player's share
of the rows their crabs have come, the sea counting most.

Its budget (:data:`BUDGET`) is 500 imagined games a decision, about a second of CPU in
the pure build, and never more than 3 s of wall-clock time; a decision with one legal
action costs nothing. A budget of iterations, not seconds, plays the same on a busy
machine as on an idle one, and the same seed gives the same game.

>>> import crabrules
>>> from crabrules.agents import Turn
>>> from crabrules.agents.tree import Budget
>>> game = crabrules.get_game("oh-crab")
>>> turn = Turn.of(game, game.initial_state(seed=1), 0)
>>> player = OhCrabStrong(Budget(iterations=30))
>>> player.act(turn, crabrules.Rng.from_seed(2)).action in turn.legal
True
"""

from __future__ import annotations

from typing import Any

from crabrules.agents.base import Decision, Turn
from crabrules.agents.tree import Budget, Search
from crabrules.core import Rng

__all__ = ["BUDGET", "OhCrabStrong"]

#: The search's budget per decision: about a second of CPU, never over 3 s of wall clock.
BUDGET = Budget(iterations=500, seconds=3.0)


class OhCrabStrong:
    """Information-set search with racing rollouts within ``budget`` (see the module)."""

    def __init__(self, budget: Budget = BUDGET) -> None:
        self.budget = budget

    def act(self, turn: Turn, rng: Rng) -> Decision:
        """The decision of ``turn.player``, from its observation and sampled worlds only."""

        def worlds(rng: Rng) -> tuple[Any, Rng]:
            seed, rng = rng.next_u64()
            return turn.determinize(seed), rng

        # Random crabs say little of a position: the racers play every rollout.
        search = Search(turn.game, turn.legal, self.budget, casual_rollouts=True)
        return Decision(search.run(worlds, rng), turn.now)
