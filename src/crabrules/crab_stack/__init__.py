"""Crab Stack: climb on your opponents' crabs and keep your group out of the waves.

2 to 4 players, 9 crabs each (3 large, 3 medium, 3 small), one per space of a hex board.
On your turn you move one of your top crabs exactly 1 (large), 2 (medium) or 3 (small)
spaces over crabs and end on top of a crab of its size or smaller. If the crabs split into
groups, the smaller ones are washed away (the Wave Rule). A player who cannot move is out
at once, after any move; the last player left wins. Every rule and decision is on
:doc:`the Crab Stack page </games/crab-stack>` of the documentation.

>>> from crabrules import crab_stack
>>> state = crab_stack.initial_state(crab_stack.Config(players=3), seed=42)
>>> while not crab_stack.is_terminal(state):
...     state = crab_stack.apply(state, crab_stack.legal_actions(state)[-1])
>>> crab_stack.outcome(state).reason in {"last_player", "all_eliminated", "repetition"}
True

Cells are ids into the layout's coordinates; a :class:`Move` names the crab's space and
its destination, whatever the path. When a move splits the crabs into groups tied for
largest, the same player then answers with a :class:`KeepGroup`.
"""

from crabrules.crab_stack._actions import Action, IllegalReason, KeepGroup, Move
from crabrules.crab_stack._board import Cell, Coord, Layout, cell_labels, reference_layout
from crabrules.crab_stack._config import DEFAULT_COLOURS, Config, config_for_players
from crabrules.crab_stack._crabs import (
    STEPS,
    Crab,
    Size,
    Stack,
    crab,
    crab_name,
    crab_player,
    crab_size,
)
from crabrules.crab_stack._events import (
    CrabMoved,
    Event,
    GameEnded,
    GroupKept,
    GroupWashedAway,
    PlayerEliminated,
    WaveTie,
)
from crabrules.crab_stack._game import GAME, INFO
from crabrules.crab_stack._notation import action_to_str, parse_action
from crabrules.crab_stack._observe import (
    Observation,
    check_observation,
    determinize,
    observe,
    observe_events,
)
from crabrules.crab_stack._render import render
from crabrules.crab_stack._rules import (
    active_players,
    apply,
    apply_with_events,
    check_legal,
    initial_state,
    is_terminal,
    legal_actions,
    num_players,
    outcome,
)
from crabrules.crab_stack._state import State, Termination, check_state, position
from crabrules.crab_stack._svg import hex_centre, render_svg
from crabrules.crab_stack._words import describe, describe_event

__all__ = [
    "DEFAULT_COLOURS",
    "GAME",
    "INFO",
    "STEPS",
    "Action",
    "Cell",
    "Config",
    "Coord",
    "Crab",
    "CrabMoved",
    "Event",
    "GameEnded",
    "GroupKept",
    "GroupWashedAway",
    "IllegalReason",
    "KeepGroup",
    "Layout",
    "Move",
    "Observation",
    "PlayerEliminated",
    "Size",
    "Stack",
    "State",
    "Termination",
    "WaveTie",
    "action_to_str",
    "active_players",
    "apply",
    "apply_with_events",
    "cell_labels",
    "check_legal",
    "check_observation",
    "check_state",
    "config_for_players",
    "crab",
    "crab_name",
    "crab_player",
    "crab_size",
    "describe",
    "describe_event",
    "determinize",
    "hex_centre",
    "initial_state",
    "is_terminal",
    "legal_actions",
    "num_players",
    "observe",
    "observe_events",
    "outcome",
    "parse_action",
    "position",
    "reference_layout",
    "render",
    "render_svg",
]
