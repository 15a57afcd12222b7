"""Which clicks on a game's SVG spell each legal action.

Every clickable part of a picture is a ``<g>`` with ``data-*`` attributes (see the docs'
"Writing a front end" page). The page turns a click into a key:

- ``cell:N`` for ``data-cell="N"`` (every board game's spaces and cells);
- ``ocean:N`` for ``data-ocean="N"`` (You've Got Crabs' Ocean cards);
- ``hand:P:S`` for ``data-player="P" data-slot="S"`` (a You've Got Crabs hand card);
- ``crab:N`` for ``data-crab="N"`` (an Oh Crab! crab on the board).

:func:`clicks` gives, for a legal action, the keys that select it, in order. The page
keeps the actions whose keys start with what was clicked, and posts the one left when
its keys are all clicked. An action with no keys (a pass, a signal) is chosen from the
list of legal actions.

>>> from crabrules import crab_stack
>>> clicks(crab_stack.Move(player=1, src=0, dst=3))
['cell:0', 'cell:3']
>>> clicks(crab_stack.KeepGroup(player=1, cell=7))
['cell:7']
"""

from __future__ import annotations

from typing import Any

from crabrules import crab_stack, marche_du_crabe, oh_crab, youve_got_crabs

__all__ = ["clicks"]


def clicks(action: Any) -> list[str]:
    """The click keys that select ``action`` on its game's picture (``[]``: none)."""
    match action:
        case crab_stack.Move(src=src, dst=dst):
            return [f"cell:{src}", f"cell:{dst}"]
        case crab_stack.KeepGroup(cell=cell):
            return [f"cell:{cell}"]
        case marche_du_crabe.Place(cell=cell) | marche_du_crabe.Move(cell=cell):
            return [f"cell:{cell}"]
        case youve_got_crabs.Swap(player=player, hand_slot=slot, ocean_slot=ocean):
            return [f"hand:{player}:{slot}", f"ocean:{ocean}"]
        case oh_crab.Place(space=space):
            # A crab still to place is not on the board: its space says it.
            return [f"cell:{space}"]
        case oh_crab.Move(dest=dest):
            return [f"cell:{dest}"]
        case oh_crab.Shift(crab=crab, dest=dest):
            return [f"crab:{crab}", f"cell:{dest}"]
        case oh_crab.Activate(crab=crab):
            return [f"crab:{crab}"]
    return []
