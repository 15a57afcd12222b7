"""A casual pair for La Marche du Crabe: the plan of the game's own docs, with some dice.

Uniformly random pairs lose nearly every game (the Baddies eat the Shrimps). This player
follows the simple plan that the game's page teaches:

- placing a Baddie, it puts it away from the Crabs token;
- moving, it stops on an Item it knows is safe to try: not freed yet, not exposed as a
  Forbidden Item, and not one of its own Forbidden Items; failing that it stays.

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

__all__ = ["MarchePlayer"]


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
        safe: list[Any] = []
        for move in turn.legal:
            if isinstance(move, Move):
                item = view.layout.items[move.cell]
                unknown = item >= 0 and move.cell not in view.freed and item not in exposed
                if unknown and item not in view.forbidden:
                    safe.append(move)
        if safe:
            step, _ = rng.choice(safe)
        else:
            step = next((a for a in turn.legal if isinstance(a, Stay)), turn.legal[-1])
        return Decision(step, turn.now)
