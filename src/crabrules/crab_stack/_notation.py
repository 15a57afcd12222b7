"""The notation: moves and tie choices as text people read and type.

A space is named by its label (:func:`~crabrules.crab_stack._board.cell_labels`): its
row's letter from the top, then its place in the row from the left, as ``render`` prints
under every space. A :class:`Move` is ``<from>-<to>`` (``C4-E2``; read also with ``->``, a
space or nothing between, in any case); a :class:`KeepGroup`
is ``keep <space>``, naming any space of the tied group that stays. Neither names the
player: it is always the player to move.

>>> from crabrules.crab_stack._rules import initial_state, legal_actions
>>> state = initial_state(seed=1)
>>> action_to_str(state, legal_actions(state)[0])
'A1-B1'
>>> parse_action(state, "a1 - b1")
Move(player=1, src=0, dst=3)
>>> parse_action(state, "A1-Z9")
Traceback (most recent call last):
...
crabrules.core.errors.IllegalActionError: no space Z9 on this board (spaces are A1 to E3)
"""

from __future__ import annotations

import functools
import re

from crabrules.core import CommonReason, IllegalActionError, check_state_type
from crabrules.core.memo import CONFIGS_KEPT
from crabrules.crab_stack._actions import Action, KeepGroup, Move
from crabrules.crab_stack._board import Cell, Geometry
from crabrules.crab_stack._rules import check_legal
from crabrules.crab_stack._state import State

_LABEL = r"([A-Za-z]+[0-9]+)"
_MOVE = re.compile(rf"{_LABEL}\s*(?:->|-)?\s*{_LABEL}")
_KEEP = re.compile(rf"keep\s+{_LABEL}", re.IGNORECASE)


def action_to_str(state: State, action: Action) -> str:
    """Write ``action`` in the notation (``C4-E2``, ``keep B1``).

    Raises:
        NotAStateError: ``state`` is not a Crab Stack :class:`State`.
        IllegalActionError: ``action`` is not legal in ``state``.
    """
    check_state_type(state, State)
    check_legal(state, action)
    labels = state.config.geometry.labels
    if isinstance(action, KeepGroup):
        return f"keep {labels[action.cell]}"
    assert isinstance(action, Move)
    return f"{labels[action.src]}-{labels[action.dst]}"


def parse_action(state: State, text: str) -> Action:
    """Read the action of the player to move that ``text`` names (any case, any spacing).

    Raises:
        NotAStateError: ``state`` is not a Crab Stack :class:`State`.
        IllegalActionError: ``text`` is not the notation of an action, or names a space the
            board lacks (reason ``bad_notation``); or the action it names is illegal, with
            the rule's reason, as :func:`apply` would say.
    """
    check_state_type(state, State)
    if type(text) is not str:
        raise _bad(text, f"the notation is text, not {text!r}")
    move = _MOVE.fullmatch(text.strip())
    keep = _KEEP.fullmatch(text.strip())
    action: Action
    if move is not None:
        src, dst = (_cell(state, text, label) for label in move.groups())
        action = Move(state.to_move, src, dst)
    elif keep is not None:
        cell = _cell(state, text, keep.group(1))
        # Any space of a tied group names it; the action names the group's lowest cell.
        group = next((g for g in state.pending if cell in g), (cell,))
        action = KeepGroup(state.to_move, group[0])
    else:
        raise _bad(text, f"not a move (C4-E2) nor a tie choice (keep B1): {text!r}"[:120])
    check_legal(state, action)
    return action


def _cell(state: State, text: str, label: str) -> Cell:
    """The cell of ``label``, or the error saying the board has no such space."""
    index = _index(state.config.geometry)
    cell = index.get(label.upper())
    if cell is None:
        labels = state.config.geometry.labels
        raise _bad(
            text,
            f"no space {label.upper()} on this board (spaces are {labels[0]} to {labels[-1]})",
        )
    return cell


@functools.lru_cache(maxsize=CONFIGS_KEPT)
def _index(geo: Geometry) -> dict[str, Cell]:
    """Each label's cell (one table per layout: geometries are cached per layout)."""
    return {label: cell for cell, label in enumerate(geo.labels)}


def _bad(text: object, message: str) -> IllegalActionError:
    return IllegalActionError(message, action=text, reason=CommonReason.BAD_NOTATION)
