"""Build Crab Stack positions by hand: stacks written as ``"rS bL"`` (bottom to top)."""

from __future__ import annotations

from collections.abc import Mapping

from crabrules import crab_stack as cs
from crabrules.crab_stack import Coord

COLOURS = "rbgy"
SIZES = "SML"


def crabs(text: str) -> tuple[int, ...]:
    """``"rS bL"`` -> red small under blue large."""
    return tuple(cs.crab(COLOURS.index(t[0]), cs.Size(SIZES.index(t[1]))) for t in text.split())


def cell(config: cs.Config, qr: Coord) -> int:
    return config.spaces.index(qr)


def build(
    stacks: Mapping[Coord, str],
    to_move: int = 0,
    *,
    players: int = 2,
    eliminated: tuple[int, ...] = (),
    max_turns: int | None = None,
) -> cs.State:
    """A position on the reference layout for ``players``; unnamed spaces are empty."""
    config = cs.Config(players=players, max_turns=max_turns)
    board: list[tuple[int, ...]] = [()] * len(config.spaces)
    for qr, text in stacks.items():
        board[cell(config, qr)] = crabs(text)
    return cs.position(config, board, to_move, eliminated=eliminated)


def moves_from(state: cs.State, qr: Coord) -> set[Coord]:
    """The destinations of the crab on ``qr`` among the legal actions."""
    spaces = state.config.spaces
    return {
        spaces[a.dst]
        for a in cs.legal_actions(state)
        if isinstance(a, cs.Move) and spaces[a.src] == qr
    }


def move(state: cs.State, src: Coord, dst: Coord) -> cs.State:
    config = state.config
    return cs.apply(state, cs.Move(state.to_move, cell(config, src), cell(config, dst)))


def occupied(state: cs.State) -> set[Coord]:
    return {qr for qr, stack in zip(state.config.spaces, state.stacks, strict=True) if stack}


# Five spaces in a row along ring 2 of the reference layouts (each touches the next only).
A, B, C, D, E = (-2, 2), (-1, 2), (0, 2), (1, 1), (2, 0)
