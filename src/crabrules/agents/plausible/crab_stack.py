"""A casual player of Crab Stack: wins when it can, climbs on opponents, never resigns.

Uniformly random games of Crab Stack already end (about 20 moves for two players), but
they look aimless. This player looks one move ahead, as a beginner does, and picks at
random among the best of its moves by these tiers:

1. a move that wins the game at once;
2. a move that climbs onto an opponent's crab (trapping it);
3. any other move;
4. a move after which it is out of the game (only if nothing else is left).

>>> import crabrules
>>> from crabrules.agents import play_match
>>> game = crabrules.get_game("crab-stack")
>>> result = play_match(game, [CrabStackPlayer(), CrabStackPlayer()], seed=3)
>>> result.finished
True
"""

from __future__ import annotations

from typing import Any

from crabrules.agents.base import Decision, Turn
from crabrules.core import Rng
from crabrules.crab_stack import Move, State, apply, crab_player, is_terminal, outcome

__all__ = ["CrabStackPlayer"]


class CrabStackPlayer:
    """Chooses at random among its best moves by the tiers above."""

    def act(self, turn: Turn, rng: Rng) -> Decision:
        """A winning, trapping or harmless move, in that preference."""
        state: State = turn.state
        me = turn.player
        tiers: dict[int, list[Any]] = {}
        for action in turn.legal:
            tiers.setdefault(_tier(state, action, me), []).append(action)
        action, _ = rng.choice(tiers[min(tiers)])
        return Decision(action, turn.now)


def _tier(state: State, action: Any, me: int) -> int:
    after = apply(state, action, check=False)
    if is_terminal(after):
        result = outcome(after)
        if result is not None and me in result.winners:
            return 1
    if me in after.eliminated:
        return 4
    if isinstance(action, Move):
        below = state.stacks[action.dst]
        if below and crab_player(below[-1]) != me:
            return 2
    return 3
