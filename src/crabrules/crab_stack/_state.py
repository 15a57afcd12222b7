"""The complete truth of a game of Crab Stack.

A :class:`State` is the stacks on each space (bottom to top), whose turn it is, who is
out, the repetition record and, right after a move that split the crabs into tied groups,
the groups waiting for the mover's choice. Crab Stack has no chance after setup, so the
state holds the seed but no generator.

:func:`position` builds a state from stacks, for tests, puzzles and analysis, and
checks it (:func:`check_state`, which also runs on every loaded document):

>>> from crabrules.crab_stack._config import Config
>>> from crabrules.crab_stack._crabs import Size, crab
>>> stacks = [()] * 18
>>> stacks[0], stacks[1] = (crab(0, Size.LARGE),), (crab(1, Size.LARGE),)
>>> state = position(Config(), stacks, to_move=0)
>>> state.occupied, state.tops_by_player
(3, (1, 2))
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

import attrs

from crabrules.core import InvalidStateError, PlayerId, check_config, invariants, not_a_state
from crabrules.core.actions import field_errors
from crabrules.core.display import DisplaysAsSvg
from crabrules.core.rng import SEED_LIMIT, check_seed
from crabrules.crab_stack._board import Cell, CellMask, cells_of
from crabrules.crab_stack._config import Config
from crabrules.crab_stack._crabs import CRABS_PER_SIZE, Crab, Stack
from crabrules.crab_stack._paths import can_move
from crabrules.crab_stack._repetition import Entry, entry, entry_key, entry_move
from crabrules.crab_stack._wave import groups


class Termination(str, enum.Enum):
    """Why a game ended: the ``reason`` of its :class:`~crabrules.core.game.Outcome`."""

    LAST_PLAYER = "last_player"
    """Every other player was eliminated; the one left wins."""
    REPETITION = "repetition"
    """The same position occurred for the third time, a draw (the rules' stalemate)."""
    TURN_LIMIT = "turn_limit"
    """The config's ``max_turns`` moves were played, a draw."""
    ALL_ELIMINATED = "all_eliminated"
    """One move left no player still in with a legal move: all are out at once, a draw."""


@attrs.frozen
class State(DisplaysAsSvg):
    """A game in progress (or over); build the first one with ``initial_state``.

    Attributes:
        config: the game's options.
        seed: the seed the setup was drawn from.
        stacks: per cell, its crabs from bottom to top (``()``: an empty space); a crab is
            ``3 * player + size`` (:mod:`crabrules.crab_stack._crabs`).
        to_move: while the game goes on, the player whose turn it is, or who must settle
            a wave tie. After the end it depends on how the game ended: after a draw by
            repetition or by the turn limit, the player who would move next (the player
            to move of the repeated position); after an end by elimination (one player
            left, or none), the player who made the last move, whether that move left
            them in (then they are the winner) or put them out (then they are the last
            of ``eliminated``).
        eliminated: the players who are out, in the order they went out.
        turn: the number of moves played (a follow-up decision is not a move).
        pending: after a move that split the crabs into groups tied for largest: those
            groups (each its cells, ascending; ordered by lowest cell), waiting for
            ``to_move`` to keep one. Empty otherwise.
        history: the repetition record of the current stretch
            (:mod:`crabrules.crab_stack._repetition`).
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

    Its repetition record starts afresh; nothing is pending. The state is checked as a
    loaded one is (:func:`check_state`): it must be a position the rules could play on, so
    the crabs form one group and every player still in has a legal move (decision 5).

    Args:
        config: the game's options; ``stacks`` has one entry per space of its layout.
        stacks: per cell, its crabs from bottom to top (``()``: an empty space).
        to_move: the player whose turn it is.
        eliminated: the players already out, in the order they went out.
        turn: the number of moves played so far.
        seed: recorded in the state; nothing is drawn from it.

    Raises:
        InvalidConfigError: ``config`` is not a :class:`Config`, or ``seed`` not a seed.
        InvalidStateError: the position is impossible; the message says what.

    >>> from crabrules.crab_stack._crabs import Size, crab
    >>> position(Config(), [(99,)] + [()] * 17, to_move=0)
    Traceback (most recent call last):
    ...
    crabrules.core.errors.InvalidStateError: stacks[0]: no crab 99 with 2 players
    >>> position(Config(), [(crab(0, Size.LARGE),), (crab(1, Size.SMALL),)] + [()] * 16, 5)
    Traceback (most recent call last):
    ...
    crabrules.core.errors.InvalidStateError: to_move: a player id from 0 to 1, not 5
    """
    check_config(config, Config)
    seed = check_seed(seed)
    frozen = _stacks_argument(stacks)
    if type(to_move) is not int or not 0 <= to_move < config.players:
        raise InvalidStateError(
            f"to_move: a player id from 0 to {config.players - 1}, not {to_move!r}"
        )
    if isinstance(eliminated, (str, bytes)) or not isinstance(eliminated, Sequence):
        raise InvalidStateError(f"eliminated: a sequence of player ids, not {eliminated!r}")
    by_size, by_player = check_stacks(config, frozen)
    history = (entry(config.zobrist.position_key(frozen, to_move), 0, 0),)
    state = State(
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
    check_state(state)
    return state


def _stacks_argument(stacks: object) -> tuple[Stack, ...]:
    """``stacks`` as tuples, or the error naming the first part that is not a list of ints."""
    if isinstance(stacks, (str, bytes)) or not isinstance(stacks, Sequence):
        raise InvalidStateError(f"stacks: a sequence of stacks, not {stacks!r}"[:100])
    out = []
    for cell, stack in enumerate(stacks):
        if isinstance(stack, (str, bytes)) or not isinstance(stack, Sequence):
            raise InvalidStateError(f"stacks[{cell}]: a sequence of crabs, not {stack!r}")
        for c in stack:
            if type(c) is not int:
                raise InvalidStateError(f"stacks[{cell}]: a crab is an int, not {c!r}")
        out.append(tuple(stack))
    return tuple(out)


# --- the state check ---------------------------------------------------------------------

#: The ends by elimination: the repetition record then holds the final position alone.
_BY_ELIMINATION = (Termination.LAST_PLAYER, Termination.ALL_ELIMINATED)


def check_state(state: State) -> None:
    """Refuse a state that no game can reach; run on every loaded document, and public.

    Everything is checked, rule by rule (:data:`INVARIANTS`): the field types, the stacks
    against the board and the crabs, the top-crab masks, who is out and who is to move,
    the turn count, the Wave Rule (one group, or exactly the tied groups of a pending
    choice), that every player still in has a legal move (decision 5), and that the
    repetition record leads to the stacks.

    Raises:
        NotAStateError: ``state`` is not a Crab Stack :class:`State`.
        InvalidStateError: saying what is impossible.

    >>> from crabrules.crab_stack._rules import initial_state
    >>> state = initial_state(seed=3)
    >>> check_state(state)
    >>> check_state(attrs.evolve(state, turn=-1))
    Traceback (most recent call last):
    ...
    crabrules.core.errors.InvalidStateError: turn out of range: -1
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    invariants.check(INVARIANTS, state)


def _fields(state: State) -> str | None:
    problem = field_errors(state)
    return None if problem is None else problem[:200]


def _seed(state: State) -> str | None:
    return None if 0 <= state.seed < SEED_LIMIT else f"seed out of range: {state.seed}"


def _stacks(state: State) -> str | None:
    return _stacks_problem(state.config, state.stacks)


def _tops(state: State) -> str | None:
    if (state.tops_by_size, state.tops_by_player) != top_masks(state.stacks, state.config.players):
        return "tops_by_size/tops_by_player do not match the stacks"
    return None


def _eliminated(state: State) -> str | None:
    return _players_problem(state.config.players, state.eliminated, state.termination)


def _to_move(state: State) -> str | None:
    return _to_move_problem(
        state.config.players, state.to_move, state.eliminated, state.termination
    )


def _turn(state: State) -> str | None:
    return _turn_problem(state.turn, state.config.max_turns, state.pending, state.termination)


def _groups(state: State) -> str | None:
    return _groups_problem(
        state.config, state.stacks, state.tops_by_size, state.pending, state.termination
    )


def _everyone_in_can_move(state: State) -> str | None:
    tops = (state.tops_by_size, state.tops_by_player)
    return _stuck_problem(state.config, tops, state.eliminated, state.pending)


def check_stacks(
    config: Config, stacks: tuple[Stack, ...]
) -> tuple[tuple[CellMask, CellMask, CellMask], tuple[CellMask, ...]]:
    """Refuse stacks that do not fit the board and the crabs; return their top masks.

    One stack per space; every crab one of the game's (``0`` to ``3 * players - 1``), at
    most three of each colour and size (crabs only ever leave the board).
    """
    problem = _stacks_problem(config, stacks)
    if problem is not None:
        raise InvalidStateError(problem)
    return top_masks(stacks, config.players)


def _stacks_problem(config: Config, stacks: tuple[Stack, ...]) -> str | None:
    players = config.players
    if len(stacks) != config.geometry.size:
        return f"stacks: {config.geometry.size} spaces, not {len(stacks)}"
    counts = [0] * (3 * players)
    for cell, stack in enumerate(stacks):
        for c in stack:
            if not 0 <= c < 3 * players:
                return f"stacks[{cell}]: no crab {c} with {players} players"
            counts[c] += 1
    if max(counts) > CRABS_PER_SIZE:
        return f"stacks: more than {CRABS_PER_SIZE} crabs of one colour and size"
    return None


def check_position(
    config: Config,
    stacks: tuple[Stack, ...],
    tops: tuple[tuple[CellMask, CellMask, CellMask], tuple[CellMask, ...]],
    to_move: PlayerId,
    eliminated: tuple[PlayerId, ...],
    turn: int,
    pending: tuple[tuple[Cell, ...], ...],
    termination: Termination | None,
) -> None:
    """Refuse a position the rules cannot reach (the checks a State and an Observation share).

    The same rules as :data:`INVARIANTS` ``eliminated`` to ``everyone_in_can_move``.

    Args:
        config: the game's options.
        stacks: already checked by :func:`check_stacks`, which returned ``tops``.
        tops: the top-crab masks of ``stacks``, by size and by player.
        to_move: the player to move (or to settle a tie), or after the end as
            :attr:`State.to_move` says.
        eliminated: the players out, in order.
        turn: the number of moves played.
        pending: the groups tied for largest, waiting for a choice.
        termination: why the game ended, or ``None``.
    """
    players = config.players
    problem = (
        _players_problem(players, eliminated, termination)
        or _to_move_problem(players, to_move, eliminated, termination)
        or _turn_problem(turn, config.max_turns, pending, termination)
        or _groups_problem(config, stacks, tops[0], pending, termination)
        or _stuck_problem(config, tops, eliminated, pending)
    )
    if problem:
        raise InvalidStateError(problem)


def _stuck_problem(
    config: Config,
    tops: tuple[tuple[CellMask, CellMask, CellMask], tuple[CellMask, ...]],
    eliminated: tuple[PlayerId, ...],
    pending: tuple[tuple[Cell, ...], ...],
) -> str | None:
    """A player still in with no legal move (decision 5), once no wave choice is pending."""
    if pending:
        return None
    # Decision 5: after every completed move (and at setup) every player still in who
    # has no legal move is eliminated at once, so those still in can all move.
    by_size, by_player = tops
    for p in range(config.players):
        if p not in eliminated and not can_move(config.geometry, by_size, by_player[p]):
            return (
                f"{config.colours[p]} (player {p}) has no legal move yet is not "
                "eliminated (decision 5)"
            )
    return None


def _players_problem(
    players: int, out: tuple[PlayerId, ...], termination: Termination | None
) -> str | None:
    """Impossible eliminations: repeated ids, or too many or too few players out."""
    if len(set(out)) != len(out) or not all(0 <= p < players for p in out):
        return f"eliminated: distinct player ids, not {out}"
    if termination is Termination.LAST_PLAYER:
        if len(out) != players - 1:
            return "a last-player win needs every other player eliminated"
    elif termination is Termination.ALL_ELIMINATED:
        if len(out) != players:
            return "all_eliminated needs every player eliminated"
    elif len(out) >= players - 1:
        return "at most one player is left, yet the game goes on"
    return None


def _to_move_problem(
    players: int, to_move: PlayerId, out: tuple[PlayerId, ...], termination: Termination | None
) -> str | None:
    """A player to move who does not exist, or is out while they should be in.

    After an end by elimination ``to_move`` is the last mover: the winner, or the last
    player eliminated (the mover goes out last).
    """
    if not 0 <= to_move < players:
        return f"to_move: no player {to_move}"
    if termination in _BY_ELIMINATION:
        if to_move in out and to_move != out[-1]:
            return f"to_move: the last mover, player {to_move}, would have gone out last"
    elif to_move in out:
        return f"to_move: player {to_move} is eliminated"
    return None


def _turn_problem(
    turn: int,
    limit: int | None,
    pending: tuple[tuple[Cell, ...], ...],
    termination: Termination | None,
) -> str | None:
    """A move count that does not fit the turn limit."""
    if turn < 0 or (limit is not None and turn > limit):
        return f"turn out of range: {turn}"
    # The limit ends the game after its last move, unless a wave tie is still to settle
    # (or the game ended otherwise on that move).
    reached = limit is not None and turn == limit
    if termination is Termination.TURN_LIMIT and not reached:
        return f"turn: {turn} moves do not reach the turn limit {limit}"
    if reached and termination is None and not pending:
        return f"turn: the turn limit {limit} is reached, yet the game goes on"
    return None


def _groups_problem(
    config: Config,
    stacks: tuple[Stack, ...],
    by_size: tuple[CellMask, CellMask, CellMask],
    pending: tuple[tuple[Cell, ...], ...],
    termination: Termination | None,
) -> str | None:
    """Split crabs, unless they are exactly the tied groups of a pending wave."""
    parts = groups(config.geometry, by_size[0] | by_size[1] | by_size[2])
    if not parts:
        return "stacks: the Wave Rule always leaves a group of crabs"
    if not pending:
        if len(parts) > 1:
            return "the crabs form several groups and no wave decision is pending"
        return None
    if termination is not None:
        return "pending: a wave decision in a finished game"
    tied = tuple(cells_of(g) for g in parts)
    sizes = {(len(g), sum(len(stacks[c]) for c in g)) for g in tied}
    if pending != tied or len(tied) < 2 or len(sizes) != 1:
        return "pending: the groups of the crabs, tied on spaces and crabs"
    return None


def _history(state: State) -> str | None:
    """A repetition record that does not lead, move by move, to the stacks.

    Walking back from the current stacks, each entry must hold its position's key and a
    move that can be undone; the count of the current position must match ``termination``.
    """
    history = state.history
    if state.pending:
        return "history: a pending wave decision ends any stretch" if history else None
    if not history:
        return "history: the current position is always recorded"
    if not all(0 <= item < 1 << 44 for item in history):
        return "history: entries are ints in [0, 2**44)"
    if entry_move(history[0]) != (0, 0):
        return "history: a stretch starts with a position reached by no move"
    if state.termination in _BY_ELIMINATION:
        # An elimination starts a new stretch: the final position alone, with the last
        # mover as its player to move.
        key = state.config.zobrist.position_key(state.stacks, state.to_move)
        return (
            None if history == (entry(key, 0, 0),) else "history: an elimination ends any stretch"
        )
    count = _occurrences_walking_back(state)
    if isinstance(count, str):
        return count
    last = len(history) - 1
    if count > 3 or (count == 3) != (state.termination is Termination.REPETITION):
        return f"history: the position occurs {count} times"
    if state.turn < last:
        return f"turn: {state.turn} moves cannot record {last + 1} positions"
    return None


def _occurrences_walking_back(state: State) -> int | str:
    """How often the current position occurs in the record, or why an entry is wrong.

    Walking back from the current stacks, each entry must hold its position's key and a
    move that can be undone (inside a stretch no space empties or fills).
    """
    config, history = state.config, state.history
    keys = config.zobrist
    size = config.geometry.size
    alive = [p for p in range(config.players) if p not in state.eliminated]
    turn = alive.index(state.to_move)
    work = list(state.stacks)
    count = 0
    last = len(history) - 1
    for j in range(last, -1, -1):
        mover = alive[(turn - (last - j)) % len(alive)]
        if entry_key(history[j]) != keys.position_key(tuple(work), mover):
            return f"history: entry {j} is not the key of its position"
        if (last - j) % len(alive) == 0 and tuple(work) == state.stacks:
            count += 1
        if j:
            # Undo the move that led here; inside a stretch no space empties or fills.
            src, dst = entry_move(history[j])
            if not (src < size and dst < size and src != dst and len(work[dst]) > 1 and work[src]):
                return f"history: entry {j} holds an impossible move"
            work[src] = (*work[src], work[dst][-1])
            work[dst] = work[dst][:-1]
    return count


#: The rules a Crab Stack state keeps, in the order :func:`check_state` asks them.
INVARIANTS: tuple[invariants.Invariant[State], ...] = (
    _fields,
    _seed,
    _stacks,
    _tops,
    _eliminated,
    _to_move,
    _turn,
    _groups,
    _everyone_in_can_move,
    _history,
)
