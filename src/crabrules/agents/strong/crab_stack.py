"""The strong player of Crab Stack: tactics first, then a second of UCT.

Crab Stack hides nothing and its games are short (about fifteen moves for two players),
so plain UCT (:class:`~crabrules.agents.tree.Search`) on the true state, played out to
the end at random, judges positions well; what it needs is iterations. This player:

1. takes a move that wins the game at once;
2. keeps only the *safe* moves, after which the next player to move has no move that
   wins at once (all moves, if none is safe);
3. searches the safe moves by UCT (:data:`BUDGET`: 6,000 imagined games, played out at
   random, about a second of CPU in the pure build and never more than 3 s of wall-clock
   time), and plays the one visited most.

The first two steps are also what the search would find, given time; taking them first
makes them certain and saves the search from spending its budget on them. A budget of
iterations, not seconds, plays the same on a busy machine as on an idle one, and the
same seed gives the same game.

>>> import crabrules
>>> from crabrules.agents import Turn
>>> from crabrules.agents.tree import Budget
>>> game = crabrules.get_game("crab-stack")
>>> turn = Turn.of(game, game.initial_state(seed=1), 1)
>>> player = CrabStackStrong(Budget(iterations=50))
>>> player.act(turn, crabrules.Rng.from_seed(2)).action in turn.legal
True
"""

from __future__ import annotations

from typing import Any

from crabrules.agents.base import AnyGame, Decision, Turn
from crabrules.agents.tree import Budget, Search
from crabrules.core import PlayerId, Rng

__all__ = ["BUDGET", "CrabStackStrong", "safe_moves", "wins"]

#: The search's budget per decision: about a second of CPU, never over 3 s of wall clock.
BUDGET = Budget(iterations=6000, seconds=3.0)


def wins(game: AnyGame, state: Any, action: Any, player: PlayerId) -> bool:
    """Whether ``action`` in ``state`` ends the game with ``player`` among the winners."""
    after = game.apply(state, action, check=False)
    result = game.outcome(after) if game.is_terminal(after) else None
    return result is not None and player in result.winners


def safe_moves(game: AnyGame, state: Any, legal: tuple[Any, ...]) -> tuple[Any, ...]:
    """The moves of ``legal`` after which the next player cannot win at once.

    All of ``legal`` if none is safe: then the search chooses how to lose least.
    """
    safe = []
    for action in legal:
        after = game.apply(state, action, check=False)
        if game.is_terminal(after):
            safe.append(action)
            continue
        nxt = min(game.active_players(after))
        if not any(wins(game, after, reply, nxt) for reply in game.legal_actions(after, nxt)):
            safe.append(action)
    return tuple(safe) or legal


class CrabStackStrong:
    """A winning move, else the best safe move by UCT within ``budget`` (see the module)."""

    def __init__(self, budget: Budget = BUDGET) -> None:
        self.budget = budget

    def act(self, turn: Turn, rng: Rng) -> Decision:
        """The decision of ``turn.player`` in the true state."""
        game, state = turn.game, turn.state
        for action in turn.legal:
            if wins(game, state, action, turn.player):
                return Decision(action, turn.now)
        candidates = safe_moves(game, state, turn.legal)

        def worlds(rng: Rng) -> tuple[Any, Rng]:
            return state, rng

        return Decision(Search(game, candidates, self.budget).run(worlds, rng), turn.now)
