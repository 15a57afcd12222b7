"""A casual pair for La Marche du Crabe: the plan of the game's own docs, with some dice.

Uniformly random pairs lose nearly every game (the Baddies eat the Shrimps). This player
follows the simple plan that the game's page teaches:

- placing a Baddie, it puts it away from the Crabs token;
- moving, it stops on an Item it knows is safe to try: not freed yet, not exposed as a
  Forbidden Item, and not one of its own Forbidden Items; it prefers a way with no
  Baddie on it, and pays a Shrimp for one only with more than two left; failing that it
  stays.

Among equally good choices it picks at random, so games differ.

>>> import crabrules
>>> from crabrules.agents import play_match
>>> game = crabrules.get_game("la-marche-du-crabe")
>>> result = play_match(game, [MarchePlayer(), MarchePlayer()], seed=40)
>>> result.finished
True
"""

from __future__ import annotations

from typing import Any

from crabrules.agents.base import Decision, Turn
from crabrules.core import Rng
from crabrules.marche_du_crabe import Move, Observation, Place, Stay
from crabrules.marche_du_crabe._state import NO_BADDIE

__all__ = ["MarchePlayer"]

_WIDTH = 6  # a cell is 6 * row + column
_SPARE = 2  # Shrimps kept back: paying for a Baddie on the way leaves at least these


class MarchePlayer:
    """The docs' plan: Baddies away from the token, steps onto Items known to be safe."""

    def act(self, turn: Turn, rng: Rng) -> Decision:
        """A safe step, a Baddie placed away from the token, or else any legal action."""
        view: Observation = turn.observation
        places = [a for a in turn.legal if isinstance(a, Place)]
        if places:
            away = [a for a in places if a.cell != view.token]
            place, _ = rng.choice(away or places)
            return Decision(place, turn.now)
        exposed = view.exposed[0] | view.exposed[1]
        clean: list[Any] = []
        costly: list[Any] = []
        for move in turn.legal:
            if isinstance(move, Move):
                item = view.layout.items[move.cell]
                unknown = item >= 0 and move.cell not in view.freed and item not in exposed
                if unknown and item not in view.forbidden:
                    (costly if _crosses_baddie(view, move.cell) else clean).append(move)
        # A Baddie on the way costs a Shrimp: worth it only with Shrimps to spare.
        safe = clean or (costly if view.shrimps > _SPARE else [])
        if safe:
            step, _ = rng.choice(safe)
        else:
            step = next((a for a in turn.legal if isinstance(a, Stay)), turn.legal[-1])
        return Decision(step, turn.now)


def _crosses_baddie(view: Observation, cell: int) -> bool:
    """Whether the token's straight way to ``cell`` passes over or stops on a Baddie."""
    token = view.token
    step = (1 if cell > token else -1) * (1 if cell // _WIDTH == token // _WIDTH else _WIDTH)
    return any(view.baddies[c] != NO_BADDIE for c in range(token + step, cell + step, step))
