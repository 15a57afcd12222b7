"""A casual racer for Oh Crab!: it heads for the sea.

Uniformly random games of Oh Crab! end, but slowly (about 400 actions for four players),
because random crabs wander sideways and back and end their turns with actions unused.
This player plays its cards at random, as a beginner does, but on the board it races:

1. it takes a move into the sea, or the move that ends nearest to it (the farthest row
   from the land: a cell is ``row * COLUMNS + column``; among equals, at random), and a
   Seagull! or Call of the Sea! shift likewise for its own crab;
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
from crabrules.oh_crab import COLUMNS, SEA, EndTurn, Move, Rest, Shift, StandUp

__all__ = ["OhCrabPlayer"]

_LAST = (EndTurn, Rest)


class OhCrabPlayer:
    """Random cards, and on the board the move that gets nearest the sea."""

    def act(self, turn: Turn, rng: Rng) -> Decision:
        """The racing choice among ``turn.legal``."""
        me = turn.player
        racing = [a for a in turn.legal if _races(a, me)]
        if racing:
            best = max(_row(a.dest) for a in racing)
            choices = [a for a in racing if _row(a.dest) == best]
        else:
            first = [a for a in turn.legal if isinstance(a, StandUp)]
            busy = [a for a in turn.legal if not isinstance(a, _LAST)]
            choices = first or busy or list(turn.legal)
        action, _ = rng.choice(choices)
        return Decision(action, turn.now)


def _races(action: Any, me: int) -> bool:
    """Whether ``action`` takes ``me``'s crab somewhere on the board or into the sea."""
    return isinstance(action, Move) or (isinstance(action, Shift) and action.crab == me)


def _row(cell: int) -> int:
    """The row of ``cell`` counted from the land; the sea beyond every row."""
    # The cell numbering is the game's (crabrules.oh_crab.COLUMNS), so no board is needed:
    # building the observation to read its config cost a fifth of a casual game's time.
    return 1_000 if cell == SEA else cell // COLUMNS
