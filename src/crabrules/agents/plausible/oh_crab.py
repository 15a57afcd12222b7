"""A casual racer for Oh Crab!: it heads for the sea.

Uniformly random games of Oh Crab! end, but slowly (about 400 actions for four players),
because random crabs wander sideways and back and end their turns with actions unused.
This player plays its cards at random, as a beginner does, but on the board it races:

1. it takes a move into the sea, or the move that ends nearest to it (rows from the land;
   among equals, at random), and a Seagull! or Call of the Sea! shift likewise for its own
   crab;
2. otherwise it uses what its turn grants before ending it, standing its crab up first;
3. it rests or ends its turn only when nothing else is left.

>>> import crabrules
>>> from crabrules.agents import play_match
>>> game = crabrules.get_game("oh-crab")
>>> result = play_match(game, [OhCrabPlayer() for _ in range(3)], seed=2)
>>> result.finished
True
"""

from __future__ import annotations

from typing import Any

from crabrules.agents.base import Decision, Turn
from crabrules.core import Rng
from crabrules.oh_crab import SEA, EndTurn, Move, Rest, Shift, StandUp

__all__ = ["OhCrabPlayer"]

_COLUMNS = 5  # a cell is row * 5 + column (crabrules.oh_crab.content.board)
_LAST = (EndTurn, Rest)


class OhCrabPlayer:
    """Random cards, and on the board the move that gets nearest the sea."""

    def act(self, turn: Turn, rng: Rng) -> Decision:
        """The racing choice among ``turn.legal``."""
        me = turn.player
        moves = [a for a in turn.legal if _progress(a, me) is not None]
        if moves:
            best = max(_progress(a, me) or 0 for a in moves)
            choices = [a for a in moves if _progress(a, me) == best]
        else:
            first = [a for a in turn.legal if isinstance(a, StandUp)]
            busy = [a for a in turn.legal if not isinstance(a, _LAST)]
            choices = first or busy or list(turn.legal)
        action, _ = rng.choice(choices)
        return Decision(action, turn.now)


def _progress(action: Any, me: int) -> int | None:
    """How far toward the sea ``action`` takes ``me``'s crab (the sea counts most)."""
    if isinstance(action, Move) or (isinstance(action, Shift) and action.crab == me):
        return 1_000 if action.dest == SEA else action.dest // _COLUMNS
    return None
