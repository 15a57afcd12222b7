"""Tic-tac-toe with a random first player: the conformance suite's own test game.

It is the smallest game with the whole API of DESIGN.md (chance at setup, a tagged
action, an observation without the generator, events, words and a notation) so the generic
suite is tested against a game whose every answer is known. It is registered as
``tic-tac-toe`` for the tests only. Cells are named ``a1`` .. ``c3`` (column, row).
"""

from __future__ import annotations

import enum
from collections.abc import Collection
from typing import ClassVar

import attrs

from crabrules.core import (
    ChanceMode,
    CommonReason,
    Dynamics,
    GameBundle,
    GameInfo,
    GameOverError,
    IllegalActionError,
    Information,
    InvalidConfigError,
    InvalidStateError,
    NotYourTurnError,
    Outcome,
    PlayerId,
    Reason,
    Rng,
    Utility,
    check_config,
    check_viewer,
    not_a_state,
)
from crabrules.core.actions import check_action
from crabrules.core.events import check_event, check_events
from crabrules.core.rng import check_seed, resolve_seed
from crabrules.core.serialize import register_check
from crabrules.core.svg import Svg, check_picture_options, checked_ids

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
class Marked:
    """A player marked a cell."""

    TAG: ClassVar[str] = "marked"
    player: PlayerId
    cell: int


@attrs.frozen
class GameEnded:
    """The game ended: a line, or a full board."""

    TAG: ClassVar[str] = "game_ended"
    winners: frozenset[PlayerId]
    reason: str


Event = Marked | GameEnded


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
    seed = resolve_seed(seed)
    rng = Rng.from_seed(seed)
    first, rng = (config.first_player, rng) if config.first_player is not None else rng.below(2)
    return State((EMPTY,) * 9, first, seed, rng)


def _winner(board: tuple[int, ...]) -> PlayerId | None:
    for a, b, c in LINES:
        if board[a] != EMPTY and board[a] == board[b] == board[c]:
            return board[a]
    return None


def _full(state: object) -> bool:
    if type(state) is not State:
        raise not_a_state(state, State)
    return _winner(state.board) is not None or EMPTY not in state.board


def _line_of(board: tuple[int, ...], player: PlayerId) -> bool:
    return any(board[a] == board[b] == board[c] == player for a, b, c in LINES)


def is_terminal(state: State) -> bool:
    return _full(state)


def legal_actions(state: State, player: PlayerId | None = None) -> tuple[Mark, ...]:
    if player is not None:
        check_viewer(player, 2)
    if is_terminal(state) or player not in (None, state.to_move):
        return ()
    return tuple(Mark(state.to_move, i) for i, v in enumerate(state.board) if v == EMPTY)


def apply(state: State, action: Mark, *, check: bool = True) -> State:
    return apply_with_events(state, action, check=check)[0]


def apply_with_events(
    state: State, action: Mark, *, check: bool = True
) -> tuple[State, tuple[Event, ...]]:
    if type(state) is not State:
        raise not_a_state(state, State)
    if check:
        check_action(action, (Mark,))
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
    after = State(tuple(board), 1 - state.to_move, state.seed, state.rng)
    events: list[Event] = [Marked(action.player, action.cell)]
    ended = outcome(after)
    if ended is not None:
        events.append(GameEnded(ended.winners, ended.reason))
    return after, tuple(events)


def observe_events(events: tuple[Event, ...], player: PlayerId | None) -> tuple[Event, ...]:
    check_viewer(player, 2)
    return check_events(events, Event)


def cell_name(cell: int) -> str:
    return "abc"[cell % 3] + str(cell // 3 + 1)


def describe(state: State, action: Mark) -> str:
    apply(state, action)  # refuses an illegal action with the rule's reason
    return f"{'XO'[action.player]} marks {cell_name(action.cell)}"


def describe_event(event: Event) -> str:
    check_event(event, Event)
    if isinstance(event, Marked):
        return f"{'XO'[event.player]} marked {cell_name(event.cell)}"
    if event.winners:
        return f"{'XO'[min(event.winners)]} wins with a line"
    return "the board is full: a draw"


def action_to_str(state: State, action: Mark) -> str:
    apply(state, action)
    return cell_name(action.cell)


def parse_action(state: State, text: str) -> Mark:
    check_state_arg(state)
    names = {cell_name(c): c for c in range(9)}
    cell = names.get(text.strip().lower())
    if cell is None:
        raise IllegalActionError(
            f"{text!r} is not a cell (a1 to c3)", action=text, reason=CommonReason.BAD_NOTATION
        )
    action = Mark(state.to_move, cell)
    apply(state, action)  # refuses an illegal one with the rule's reason
    return action


def check_state(state: State) -> None:
    if type(state) is not State:
        raise not_a_state(state, State)
    if len(state.board) != 9 or any(v not in (EMPTY, 0, 1) for v in state.board):
        raise InvalidStateError("board: 9 cells of -1, 0 or 1")
    check_seed(state.seed)
    x, o = state.board.count(0), state.board.count(1)
    # Whoever began, the player to move has made no more marks than the other.
    if (
        state.to_move not in (0, 1)
        or not 0 <= (x, o)[1 - state.to_move] - (x, o)[state.to_move] <= 1
    ):
        raise InvalidStateError("to_move: the players take turns")
    if sum(_line_of(state.board, p) for p in (0, 1)) > 1 or (_line_of(state.board, state.to_move)):
        raise InvalidStateError("board: play stops at the first line")


def active_players(state: State) -> frozenset[PlayerId]:
    check_state_arg(state)
    return frozenset() if is_terminal(state) else frozenset({state.to_move})


def outcome(state: State) -> Outcome | None:
    check_state_arg(state)
    if not is_terminal(state):
        return None
    winner = _winner(state.board)
    if winner is None:
        return Outcome(frozenset(), True, (0, 0), Termination.FULL_BOARD.value)
    scores = (1, 0) if winner == 0 else (0, 1)
    return Outcome(frozenset({winner}), False, scores, Termination.LINE.value)


def observe(state: State, player: PlayerId | None) -> Observation:
    check_state_arg(state)
    check_viewer(player, 2)
    return Observation(player, state.board, state.to_move)


def determinize(state: State, player: PlayerId | None, seed: int) -> State:
    # Only the generator is hidden; nothing draws from it after setup, so re-seed it.
    check_state_arg(state)
    check_viewer(player, 2)
    return attrs.evolve(state, rng=Rng.from_seed(seed))


def check_state_arg(state: object) -> None:
    if type(state) is not State:
        raise not_a_state(state, State)


def render(state: State) -> str:
    check_state_arg(state)
    marks = {EMPTY: ".", 0: "X", 1: "O"}
    rows = ("".join(marks[v] for v in state.board[r : r + 3]) for r in (0, 3, 6))
    return "\n".join(rows)


def render_svg(
    position: State | Observation,
    *,
    size: int = 150,
    labels: bool = True,
    last_action: Action | None = None,
    highlight: Collection[int] = (),
) -> str:
    if type(position) is not Observation:
        check_state_arg(position)
    check_picture_options(size, labels)
    # The reference game draws no marks, but refuses them as every game does.
    checked_ids(highlight, 9, "highlight")
    if last_action is not None and type(last_action) is not Mark:
        raise InvalidConfigError(f"last_action: a mark or None, not {last_action!r:.40}")
    board = position.board
    picture = Svg(size, size, title="tic-tac-toe")
    marks = {EMPTY: "", 0: "X", 1: "O"}
    for cell, value in enumerate(board):
        x, y = (cell % 3) * size / 3, (cell // 3) * size / 3
        picture.add("rect", x=x, y=y, width=size / 3, height=size / 3, fill="#fff", stroke="#000")
        picture.text(x + size / 6, y + size / 4, marks[value], size=size / 5)
        if labels:
            picture.text(x + 10, y + 16, cell_name(cell), size=size / 12)
    return picture.to_string()


def num_players(state: State) -> int:
    check_state_arg(state)
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
    render_svg=render_svg,
    num_players=num_players,
    config_for_players=config_for_players,
    event_type=Event,
    apply_with_events=apply_with_events,
    observe_events=observe_events,
    describe=describe,
    describe_event=describe_event,
    action_to_str=action_to_str,
    parse_action=parse_action,
    check_state=check_state,
)
register_check(State, check_state)
