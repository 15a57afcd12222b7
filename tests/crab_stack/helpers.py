"""Build Crab Stack positions by hand: stacks written as ``"rS bL"`` (bottom to top).

Also the named positions and the random games that several test files share.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping

from crabrules import crab_stack as cs
from crabrules.crab_stack import Coord
from crabrules.crab_stack._repetition import entry
from crabrules.crab_stack._state import top_masks

COLOURS = "rbgy"
SIZES = "SML"


def crabs(text: str) -> cs.Stack:
    """``"rS bL"`` -> red small under blue large."""
    return tuple(cs.crab(COLOURS.index(t[0]), cs.Size(SIZES.index(t[1]))) for t in text.split())


def cell(config: cs.Config, qr: Coord) -> int:
    """The cell id of the space ``qr``."""
    return config.spaces.index(qr)


def build(
    stacks: Mapping[Coord, str],
    to_move: int = 0,
    *,
    players: int = 2,
    eliminated: tuple[int, ...] = (),
    max_turns: int | None = None,
) -> cs.State:
    """A position on the reference layout for ``players``; unnamed spaces are empty.

    Built by ``position``, so it is checked: one group, every player still in can move.
    """
    config = cs.Config(players=players, max_turns=max_turns)
    return cs.position(config, _board(config, stacks), to_move, eliminated=eliminated)


def sketch(stacks: Mapping[Coord, str], to_move: int = 0, *, players: int = 2) -> cs.State:
    """A partial board for looking at one crab's moves, built without the state check.

    The rest of the board does not matter there: the crabs may form several groups, and
    players other than ``to_move`` may have no move. ``position`` refuses such boards.
    """
    config = cs.Config(players=players)
    board = _board(config, stacks)
    by_size, by_player = top_masks(board, players)
    history = (entry(config.zobrist.position_key(board, to_move), 0, 0),)
    return cs.State(config, 0, board, to_move, (), 0, (), history, None, by_size, by_player)


def _board(config: cs.Config, stacks: Mapping[Coord, str]) -> tuple[cs.Stack, ...]:
    board: list[cs.Stack] = [()] * len(config.spaces)
    for qr, text in stacks.items():
        board[cell(config, qr)] = crabs(text)
    return tuple(board)


def moves_from(state: cs.State, qr: Coord) -> set[Coord]:
    """The destinations of the crab on ``qr`` among the legal actions."""
    spaces = state.config.spaces
    return {
        spaces[a.dst]
        for a in cs.legal_actions(state)
        if isinstance(a, cs.Move) and spaces[a.src] == qr
    }


def move(state: cs.State, src: Coord, dst: Coord) -> cs.State:
    """Apply the move of the player to move from ``src`` to ``dst`` (checked)."""
    config = state.config
    return cs.apply(state, cs.Move(state.to_move, cell(config, src), cell(config, dst)))


def occupied(state: cs.State) -> set[Coord]:
    """The spaces holding at least one crab."""
    return {qr for qr, stack in zip(state.config.spaces, state.stacks, strict=True) if stack}


def random_games(games: int, seed: int = 0, max_plies: int = 2000) -> Iterator[list[cs.State]]:
    """Uniformly random games of 2, 3, 4, 2, ... players from seeds ``seed`` on: their states.

    A game stops after ``max_plies`` actions, whether it is over or not.
    """
    rnd = random.Random(seed)
    for game in range(games):
        state = cs.initial_state(cs.Config(players=2 + game % 3), seed=seed + game)
        states = [state]
        while not cs.is_terminal(state) and len(states) <= max_plies:
            state = cs.apply(state, rnd.choice(cs.legal_actions(state)))
            states.append(state)
        yield states


# Six spaces in a row along ring 2 of the reference layouts (each touches the next only).
A, B, C, D, E, F = (-2, 2), (-1, 2), (0, 2), (1, 1), (2, 0), (2, -1)

#: Red's large crab on C moving to D splits {A, B} from {D, E}: 2 spaces and 3 crabs each,
#: a full tie for red to settle.
TIED_SPLIT = {A: "bS bM", B: "bS", C: "rL", D: "bS", E: "bL"}
#: Red's large crab on A moving onto B covers blue's only crab: red is the last player left.
RED_COVERS_BLUE = {A: "rL", B: "bL", C: "rS"}
#: Both large crabs can step off their stacks and back (A-B and C-D), leaving a crab behind.
SHUFFLE = {A: "bS rL", B: "rS", C: "rM bL", D: "bS"}
