"""What a player sees: everything, since Crab Stack has perfect information.

After setup nothing is left to chance, so the state holds no generator and nothing is
hidden: the observation is the whole position, and :func:`determinize` returns the state
itself.

>>> from crabrules.crab_stack.rules import initial_state
>>> state = initial_state(seed=2)
>>> observe(state, 0).stacks == state.stacks, determinize(state, 0, seed=9) is state
(True, True)
"""

from __future__ import annotations

import attrs

from crabrules.core import PlayerId, Rng, check_viewer
from crabrules.crab_stack.board import Cell
from crabrules.crab_stack.config import Config
from crabrules.crab_stack.crabs import Stack
from crabrules.crab_stack.repetition import occurrences
from crabrules.crab_stack.state import State, Termination

__all__ = ["Observation", "determinize", "observe"]


@attrs.frozen
class Observation:
    """One player's (or a spectator's) view: the whole position.

    Attributes:
        player: whose view this is; ``None`` for a spectator.
        config: the game's options.
        stacks: per cell, its crabs from bottom to top.
        to_move: the player to move (or to settle a wave tie).
        eliminated: the players who are out, in order.
        turn: the number of moves played.
        pending: the groups tied for largest, waiting for ``to_move``'s choice.
        repetitions: how many times the current position has occurred (1 at the start of
            a stretch; the game is drawn at 3).
        termination: why the game ended, or ``None``.
    """

    player: PlayerId | None
    config: Config
    stacks: tuple[Stack, ...]
    to_move: PlayerId
    eliminated: tuple[PlayerId, ...]
    turn: int
    pending: tuple[tuple[Cell, ...], ...]
    repetitions: int
    termination: Termination | None


def observe(state: State, player: PlayerId | None) -> Observation:
    """``player``'s view of ``state`` (``None``: a spectator's); all players see the same."""
    check_viewer(player, state.config.players)
    return Observation(
        player,
        state.config,
        state.stacks,
        state.to_move,
        state.eliminated,
        state.turn,
        state.pending,
        _repetitions(state),
        state.termination,
    )


def _repetitions(state: State) -> int:
    """How many times the current position has occurred (a pending wave ends any stretch)."""
    if not state.history:
        return 1
    players_in = state.config.players - len(state.eliminated)
    return occurrences(state.history, state.stacks, players_in)


def determinize(state: State, player: PlayerId | None, seed: int) -> State:
    """``state`` itself: nothing is hidden from anyone, and nothing is left to chance.

    The viewer and the seed are still checked, as in every game.
    """
    check_viewer(player, state.config.players)
    Rng.from_seed(seed)
    return state
