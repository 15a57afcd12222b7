"""The complete truth of a game of Crab Stack.

A :class:`State` is the stacks on each space (bottom to top), whose turn it is, who is
out, the repetition record and, right after a move that split the crabs into tied groups,
the groups waiting for the mover's choice. Crab Stack has no chance after setup, so the
state holds the seed but no generator.

:func:`position` builds a state from stacks, for tests, puzzles and analysis:

>>> from crabrules.crab_stack.config import Config
>>> from crabrules.crab_stack.crabs import Size, crab
>>> stacks = [()] * 18
>>> stacks[0], stacks[1] = (crab(0, Size.LARGE),), (crab(1, Size.SMALL),)
>>> state = position(Config(), stacks, to_move=0)
>>> state.occupied, state.tops_by_player
(3, (1, 2))
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

import attrs

from crabrules.core import PlayerId
from crabrules.core.rng import SEED_LIMIT
from crabrules.crab_stack.board import Cell, CellMask, cells_of
from crabrules.crab_stack.config import Config
from crabrules.crab_stack.crabs import CRABS_PER_SIZE, Crab, Stack
from crabrules.crab_stack.paths import can_move
from crabrules.crab_stack.repetition import Entry, entry, entry_key, entry_move
from crabrules.crab_stack.wave import groups

__all__ = ["State", "Termination", "check_state", "position", "top_masks"]


class Termination(str, enum.Enum):
    """Why a game ended: the ``reason`` of its :class:`~crabrules.core.game.Outcome`."""

    LAST_PLAYER = "last_player"
    """Every other player was eliminated; the one left wins."""
    REPETITION = "repetition"
    """The same position occurred for the third time, a draw (the rules' stalemate)."""
    TURN_LIMIT = "turn_limit"
    """The config's ``max_turns`` moves were played, a draw."""


@attrs.frozen
class State:
    """A game in progress (or over); build the first one with ``initial_state``.

    Attributes:
        config: the game's options.
        seed: the seed the setup was drawn from.
        stacks: per cell, its crabs from bottom to top (``()``: an empty space); a crab is
            ``3 * player + size`` (:mod:`crabrules.crab_stack.crabs`).
        to_move: the player whose turn it is, or who must settle a wave tie; after the
            game ends, the player who moved last.
        eliminated: the players who are out, in the order they went out.
        turn: the number of moves played (a follow-up decision is not a move).
        pending: after a move that split the crabs into groups tied for largest: those
            groups (each its cells, ascending; ordered by lowest cell), waiting for
            ``to_move`` to keep one. Empty otherwise.
        history: the repetition record of the current stretch
            (:mod:`crabrules.crab_stack.repetition`).
        termination: why the game ended; ``None`` while it goes on.
        tops_by_size: three bitmasks: the cells whose top crab is small, medium, large.
        tops_by_player: per player, the bitmask of the cells whose top crab is theirs.
    """

    config: Config
    seed: int
    stacks: tuple[Stack, ...]
    to_move: PlayerId
    eliminated: tuple[PlayerId, ...]
    turn: int
    pending: tuple[tuple[Cell, ...], ...]
    history: tuple[Entry, ...]
    termination: Termination | None
    tops_by_size: tuple[CellMask, CellMask, CellMask]
    tops_by_player: tuple[CellMask, ...]

    @property
    def occupied(self) -> CellMask:
        """The bitmask of the cells holding at least one crab."""
        small, medium, large = self.tops_by_size
        return small | medium | large


def top_masks(
    stacks: Sequence[Stack], players: int
) -> tuple[tuple[CellMask, CellMask, CellMask], tuple[CellMask, ...]]:
    """Compute the top-crab bitmasks of ``stacks``: by size, and by player.

    >>> top_masks([(0,), (), (3, 2)], 2)
    ((1, 0, 4), (5, 0))
    """
    by_size = [0, 0, 0]
    by_player = [0] * players
    for cell, stack in enumerate(stacks):
        if stack:
            top = stack[-1]
            by_size[top % 3] |= 1 << cell
            by_player[top // 3] |= 1 << cell
    return (by_size[0], by_size[1], by_size[2]), tuple(by_player)


def position(
    config: Config,
    stacks: Sequence[Sequence[Crab]],
    to_move: PlayerId,
    *,
    eliminated: Sequence[PlayerId] = (),
    turn: int = 0,
    seed: int = 0,
) -> State:
    """Build a state with these stacks (bottom to top, per cell), at the start of a turn.

    Its repetition record starts afresh; nothing is pending. It is not checked
    (:func:`check_state` does that).

    Args:
        config: the game's options; ``stacks`` has one entry per space of its layout.
        stacks: per cell, its crabs from bottom to top (``()``: an empty space).
        to_move: the player whose turn it is.
        eliminated: the players already out, in the order they went out.
        turn: the number of moves played so far.
        seed: recorded in the state; nothing is drawn from it.
    """
    frozen = tuple(tuple(stack) for stack in stacks)
    by_size, by_player = top_masks(frozen, config.players)
    history = (entry(config.zobrist.position_key(frozen, to_move), 0, 0),)
    return State(
        config,
        seed,
        frozen,
        to_move,
        tuple(eliminated),
        turn,
        (),
        history,
        None,
        by_size,
        by_player,
    )


def check_state(state: State) -> None:
    """Refuse a type-correct state that no game can reach (run on every loaded document).

    Raises:
        ValueError: saying what is impossible.
    """
    if not 0 <= state.seed < SEED_LIMIT:
        raise ValueError(f"seed out of range: {state.seed}")
    _check_stacks(state)
    _check_players(state)
    _check_to_move(state)
    _check_turn(state)
    _check_groups(state)
    _check_history(state)


def _check_stacks(state: State) -> None:
    """Refuse stacks that do not fit the board and the crabs, or top masks that lie."""
    config = state.config
    players = config.players
    if len(state.stacks) != config.geometry.size:
        raise ValueError(f"stacks: {config.geometry.size} spaces, not {len(state.stacks)}")
    counts = [0] * (3 * players)
    for stack in state.stacks:
        for c in stack:
            if not 0 <= c < 3 * players:
                raise ValueError(f"stacks: no crab {c} with {players} players")
            counts[c] += 1
    if max(counts) > CRABS_PER_SIZE:
        raise ValueError(f"stacks: more than {CRABS_PER_SIZE} crabs of one colour and size")
    if (state.tops_by_size, state.tops_by_player) != top_masks(state.stacks, players):
        raise ValueError("tops_by_size/tops_by_player do not match the stacks")


def _check_to_move(state: State) -> None:
    """Refuse a player to move who does not exist, is out, or has no legal move (decision 5).

    Only a game in progress needs a player who can act now.
    """
    to_move = state.to_move
    if not 0 <= to_move < state.config.players:
        raise ValueError(f"to_move: no player {to_move}")
    if state.termination is not None:
        return
    if to_move in state.eliminated:
        raise ValueError(f"to_move: player {to_move} is eliminated")
    if not state.pending and not can_move(
        state.config.geometry, state.tops_by_size, state.tops_by_player[to_move]
    ):
        raise ValueError(
            f"to_move: player {to_move} has no legal move, so was eliminated at the "
            "start of the turn"
        )


def _check_players(state: State) -> None:
    """Refuse impossible eliminations: repeated ids, or too many or too few players out."""
    players = state.config.players
    out = state.eliminated
    if len(set(out)) != len(out) or not all(0 <= p < players for p in out):
        raise ValueError(f"eliminated: distinct player ids, not {out}")
    if state.termination is Termination.LAST_PLAYER:
        if len(out) != players - 1:
            raise ValueError("a last-player win needs every other player eliminated")
    elif len(out) >= players - 1:
        raise ValueError("at most one player is left, yet the game goes on")


def _check_turn(state: State) -> None:
    """Refuse a move count that does not fit the turn limit or the repetition record."""
    turn, limit = state.turn, state.config.max_turns
    if turn < 0 or (limit is not None and turn > limit):
        raise ValueError(f"turn out of range: {turn}")
    # The limit ends the game after its last move, unless a wave tie is still to settle
    # (or the game ended otherwise on that move).
    reached = limit is not None and turn == limit
    if state.termination is Termination.TURN_LIMIT and not reached:
        raise ValueError(f"turn: {turn} moves do not reach the turn limit {limit}")
    if reached and state.termination is None and not state.pending:
        raise ValueError(f"turn: the turn limit {limit} is reached, yet the game goes on")
    if turn < len(state.history) - 1:
        raise ValueError(f"turn: {turn} moves cannot record {len(state.history)} positions")


def _check_groups(state: State) -> None:
    """Refuse split crabs, unless they are exactly the tied groups of a pending wave."""
    parts = groups(state.config.geometry, state.occupied)
    if not state.pending:
        if len(parts) > 1:
            raise ValueError("the crabs form several groups and no wave decision is pending")
        return
    if state.termination is not None:
        raise ValueError("pending: a wave decision in a finished game")
    tied = tuple(cells_of(g) for g in parts)
    sizes = {(len(g), sum(len(state.stacks[c]) for c in g)) for g in tied}
    if state.pending != tied or len(tied) < 2 or len(sizes) != 1:
        raise ValueError("pending: the groups of the crabs, tied on spaces and crabs")


def _check_history(state: State) -> None:
    """Refuse a repetition record that does not lead, move by move, to the stacks.

    Walking back from the current stacks, each entry must hold its position's key and a
    move that can be undone; the count of the current position must match ``termination``.
    """
    history = state.history
    if state.pending:
        if history:
            raise ValueError("history: a pending wave decision ends any stretch")
        return
    if not history:
        raise ValueError("history: the current position is always recorded")
    if entry_move(history[0]) != (0, 0):
        raise ValueError("history: a stretch starts with a position reached by no move")
    config = state.config
    size = config.geometry.size
    if not all(0 <= item < 1 << 44 for item in history):
        raise ValueError("history: entries are ints in [0, 2**44)")
    alive = [p for p in range(config.players) if p not in state.eliminated]
    if state.to_move not in alive:
        raise ValueError("history: the game ended by elimination, which ends any stretch")
    keys = config.zobrist
    turn = alive.index(state.to_move)
    work = list(state.stacks)
    count = 0
    last = len(history) - 1
    for j in range(last, -1, -1):
        mover = alive[(turn - (last - j)) % len(alive)]
        if entry_key(history[j]) != keys.position_key(tuple(work), mover):
            raise ValueError(f"history: entry {j} is not the key of its position")
        if (last - j) % len(alive) == 0 and tuple(work) == state.stacks:
            count += 1
        if j:
            # Undo the move that led here; inside a stretch no space empties or fills.
            src, dst = entry_move(history[j])
            if not (src < size and dst < size and src != dst and len(work[dst]) > 1 and work[src]):
                raise ValueError(f"history: entry {j} holds an impossible move")
            work[src] = (*work[src], work[dst][-1])
            work[dst] = work[dst][:-1]
    if count > 3 or (count == 3) != (state.termination is Termination.REPETITION):
        raise ValueError(f"history: the position occurs {count} times")
