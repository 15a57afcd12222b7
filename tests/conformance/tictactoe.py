"""Tic-tac-toe with a random first player: the conformance suite's own test game.

It is the smallest game with the whole API of DESIGN.md (chance at setup, a tagged
action, an observation without the generator) so the generic suite is tested against a
game whose every answer is known. It is registered as ``tic-tac-toe`` for the tests only.
"""

from __future__ import annotations

import enum
from typing import ClassVar

import attrs

from crabrules.core import (
    ChanceMode,
    Dynamics,
    GameBundle,
    GameInfo,
    GameOverError,
    IllegalActionError,
    Information,
    InvalidConfigError,
    NotYourTurnError,
    Outcome,
    PlayerId,
    Reason,
    Rng,
    Utility,
    check_config,
    check_viewer,
)
from crabrules.core.rng import fresh_seed

EMPTY = -1
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class IllegalReason(Reason):
    OCCUPIED = "occupied"
    OFF_BOARD = "off_board"


class Termination(str, enum.Enum):
    LINE = "line"
    FULL_BOARD = "full_board"


@attrs.frozen
class Config:
    first_player: PlayerId | None = None

    def __attrs_post_init__(self) -> None:
        if self.first_player not in (None, 0, 1):
            raise InvalidConfigError(f"first_player: 0, 1 or None, not {self.first_player!r}")


@attrs.frozen
class Mark:
    TAG: ClassVar[str] = "mark"
    player: PlayerId
    cell: int


Action = Mark


@attrs.frozen
class State:
    board: tuple[int, ...]
    to_move: PlayerId
    seed: int
    rng: Rng


@attrs.frozen
class Observation:
    player: PlayerId | None
    board: tuple[int, ...]
    to_move: PlayerId


def initial_state(config: Config = Config(), *, seed: int | None = None) -> State:
    check_config(config, Config)
    if seed is None:
        seed = fresh_seed()
    rng = Rng.from_seed(seed)
    first, rng = (config.first_player, rng) if config.first_player is not None else rng.below(2)
    return State((EMPTY,) * 9, first, seed, rng)


def _winner(board: tuple[int, ...]) -> PlayerId | None:
    for a, b, c in LINES:
        if board[a] != EMPTY and board[a] == board[b] == board[c]:
            return board[a]
    return None


def is_terminal(state: State) -> bool:
    return _winner(state.board) is not None or EMPTY not in state.board


def legal_actions(state: State, player: PlayerId | None = None) -> tuple[Mark, ...]:
    if is_terminal(state) or player not in (None, state.to_move):
        return ()
    return tuple(Mark(state.to_move, i) for i, v in enumerate(state.board) if v == EMPTY)


def apply(state: State, action: Mark, *, check: bool = True) -> State:
    if check:
        if is_terminal(state):
            raise GameOverError("the game is over", action=action)
        if action.player != state.to_move:
            raise NotYourTurnError(f"it is player {state.to_move}'s turn", action=action)
        if not 0 <= action.cell < 9:
            raise IllegalActionError(
                "cells are 0..8", action=action, reason=IllegalReason.OFF_BOARD
            )
        if state.board[action.cell] != EMPTY:
            raise IllegalActionError(
                "that cell is taken", action=action, reason=IllegalReason.OCCUPIED
            )
    board = list(state.board)
    board[action.cell] = action.player
    return State(tuple(board), 1 - state.to_move, state.seed, state.rng)


def active_players(state: State) -> frozenset[PlayerId]:
    return frozenset() if is_terminal(state) else frozenset({state.to_move})


def outcome(state: State) -> Outcome | None:
    if not is_terminal(state):
        return None
    winner = _winner(state.board)
    if winner is None:
        return Outcome(frozenset(), True, (0, 0), Termination.FULL_BOARD.value)
    scores = (1, 0) if winner == 0 else (0, 1)
    return Outcome(frozenset({winner}), False, scores, Termination.LINE.value)


def observe(state: State, player: PlayerId | None) -> Observation:
    check_viewer(player, 2)
    return Observation(player, state.board, state.to_move)


def determinize(state: State, player: PlayerId | None, seed: int) -> State:
    # Only the generator is hidden; nothing draws from it after setup, so re-seed it.
    check_viewer(player, 2)
    return attrs.evolve(state, rng=Rng.from_seed(seed))


def render(state: State) -> str:
    marks = {EMPTY: ".", 0: "X", 1: "O"}
    rows = ("".join(marks[v] for v in state.board[r : r + 3]) for r in (0, 3, 6))
    return "\n".join(rows)


def num_players(state: State) -> int:
    return 2


def config_for_players(players: int) -> Config:
    if players != 2:
        raise InvalidConfigError(f"players: tic-tac-toe is for 2 players, not {players}")
    return Config()


INFO = GameInfo(
    id="tic-tac-toe",
    name="Tic-tac-toe",
    min_players=2,
    max_players=2,
    dynamics=Dynamics.SEQUENTIAL,
    chance=ChanceMode.DETERMINISTIC,
    information=Information.PERFECT,
    utility=Utility.ZERO_SUM,
)

GAME: GameBundle[Config, State, Action, Observation] = GameBundle(
    info=INFO,
    config_type=Config,
    state_type=State,
    action_type=Action,
    observation_type=Observation,
    initial_state=initial_state,
    legal_actions=legal_actions,
    apply=apply,
    is_terminal=is_terminal,
    active_players=active_players,
    outcome=outcome,
    observe=observe,
    determinize=determinize,
    render=render,
    num_players=num_players,
    config_for_players=config_for_players,
)
