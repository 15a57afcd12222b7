"""The notation: actions as people read and type them, on the labels the beach shows.

A card is named by its column letter and its row number, as
:func:`~crabrules.marche_du_crabe.render` prints them around the beach: columns ``A`` to
``F`` from the left, rows ``1`` (the sand row) to ``6``; ``A1`` is cell 0, ``F6`` cell 35.
The three actions of the player to move:

- ``place C4``: put the revealed Baddie on C4;
- ``move C4``: move the Crabs to C4;
- ``stay``: do not move the Crabs.

:func:`parse_action` also reads a bare card (``C4``: a placement while a Baddie is
revealed, else a move), ignores case and extra spaces, and refuses text that is no
action with reason ``bad_notation``, or an illegal action with the rule's reason.

>>> from crabrules.marche_du_crabe import Place, initial_state
>>> state = initial_state(seed=7)
>>> action_to_str(state, Place(player=0, cell=19))
'place B4'
>>> parse_action(state, " b4 ")
Place(player=0, cell=19)
"""

from __future__ import annotations

from crabrules.core import CommonReason, IllegalActionError
from crabrules.core.game import not_a_state
from crabrules.marche_du_crabe._actions import MOVES, PLACES, STAYS, Action, Move, Place
from crabrules.marche_du_crabe._board import LABELS, Cell
from crabrules.marche_du_crabe._rules import check_legal
from crabrules.marche_du_crabe._state import State

_CELLS: dict[str, Cell] = {name.lower(): cell for cell, name in enumerate(LABELS)}


def action_to_str(state: State, action: Action) -> str:
    """Write the legal ``action`` in the notation: ``place C4``, ``move C4`` or ``stay``.

    Raises:
        NotAStateError: ``state`` is not a :class:`~crabrules.marche_du_crabe.State`.
        IllegalActionError: ``action`` is not legal in ``state``.

    >>> from crabrules.marche_du_crabe import Stay, apply, initial_state
    >>> state = apply(initial_state(seed=7), Place(player=0, cell=19))
    >>> action_to_str(state, Move(player=0, cell=24)), action_to_str(state, Stay(player=0))
    ('move A5', 'stay')
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    check_legal(state, action)
    if isinstance(action, Place):
        return f"place {LABELS[action.cell]}"
    if isinstance(action, Move):
        return f"move {LABELS[action.cell]}"
    return "stay"


def parse_action(state: State, text: str) -> Action:
    """Read the action of the player to move that ``text`` names in the notation.

    Raises:
        NotAStateError: ``state`` is not a :class:`~crabrules.marche_du_crabe.State`.
        IllegalActionError: ``text`` is no action in the notation (reason
            ``bad_notation``), or names an illegal one (the rule's reason).

    >>> from crabrules.marche_du_crabe import initial_state
    >>> state = initial_state(seed=7)
    >>> for text in ("place C4", "jump C4"):
    ...     try:
    ...         parse_action(state, text)
    ...     except IllegalActionError as error:
    ...         print(f"{error.reason.value}: {error}")
    card_taken: a Baddie may not go on an Item, another Baddie or a Freed Crab
    bad_notation: 'jump C4' is not an action: write place C4, move C4 or stay
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    if type(text) is not str:
        raise _bad(text)
    words = text.lower().split()
    player = state.to_move
    action: Action
    if words == ["stay"]:
        action = STAYS[player]
    elif len(words) in (1, 2) and words[-1] in _CELLS:
        cell = _CELLS[words[-1]]
        verb = words[0] if len(words) == 2 else ("place" if state.revealed is not None else "move")
        if verb == "place":
            action = PLACES[player][cell]
        elif verb == "move":
            action = MOVES[player][cell]
        else:
            raise _bad(text)
    else:
        raise _bad(text)
    check_legal(state, action)
    return action


def _bad(text: object) -> IllegalActionError:
    return IllegalActionError(
        f"{text!r} is not an action: write place C4, move C4 or stay"[:120],
        action=text,
        reason=CommonReason.BAD_NOTATION,
    )
