"""The rules: setup, legal actions, applying an action, and the end of the game.

A turn is one :class:`~crabrules.crab_stack.actions.Move`. When the move splits the crabs
into groups tied for largest, the same player then settles the tie with a
:class:`~crabrules.crab_stack.actions.KeepGroup` before the turn ends. After every
completed move every player still in who has no legal move is eliminated at once, in seat
order from the player after the mover, the mover last (decision 5); the game ends when one
player is left (they win) or none (a draw), on the third occurrence of a position, or after
``Config.max_turns`` moves (both draws), checked in that order.

>>> state = initial_state(Config(players=2), seed=7)
>>> state.to_move, len(legal_actions(state))
(1, 37)
>>> state = apply(state, legal_actions(state)[0])
>>> state.turn, state.to_move
(1, 0)
"""

from __future__ import annotations

import functools
import itertools

from crabrules.core import (
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    Outcome,
    PlayerId,
    Rng,
    check_config,
    check_viewer,
    not_a_state,
)
from crabrules.core.actions import check_action
from crabrules.core.rng import resolve_seed
from crabrules.crab_stack.actions import (
    Action,
    IllegalReason,
    KeepGroup,
    Move,
)
from crabrules.crab_stack.board import Cell, CellMask, cells_of
from crabrules.crab_stack.config import MAX_PLAYERS, MIN_PLAYERS, Config
from crabrules.crab_stack.crabs import CRABS_PER_SIZE, STEPS, Crab, Size, Stack, crab
from crabrules.crab_stack.events import (
    Event,
    GameEnded,
    crab_moved,
    group_kept,
    player_eliminated,
    washed_away,
    wave_tie,
)
from crabrules.crab_stack.paths import can_move, destinations, landing_mask
from crabrules.crab_stack.repetition import MOVE_BITS, Entry, entry, entry_key, occurrences
from crabrules.crab_stack.state import State, Termination
from crabrules.crab_stack.wave import groups_after, ranked

__all__ = [
    "Termination",
    "active_players",
    "apply",
    "apply_with_events",
    "check_legal",
    "initial_state",
    "is_terminal",
    "legal_actions",
    "num_players",
    "outcome",
]

#: ``Config()``, the default of :func:`initial_state`.
DEFAULT_CONFIG = Config()

_SIZE_NAMES = ("small", "medium", "large")


def initial_state(config: Config = DEFAULT_CONFIG, *, seed: int | None = None) -> State:
    """Set up a new game: the crabs of every colour shuffled onto the spaces, one per space.

    The seed first shuffles the crabs (cell ``i`` gets the ``i``-th crab), then, when
    ``config.first_player`` is ``None``, draws the first player.

    Args:
        config: the game's options.
        seed: an int in ``[0, 2**64)``; ``None`` draws one from the OS (kept in the state).

    Raises:
        InvalidConfigError: the seed is not such an int.

    >>> state = initial_state(Config(players=3), seed=5)
    >>> len(state.stacks), {len(stack) for stack in state.stacks}, state.to_move
    (27, {1}, 1)
    """
    check_config(config, Config)
    seed = resolve_seed(seed)
    players = config.players
    shuffled, rng = Rng.from_seed(seed).shuffle(_all_crabs(players))
    first = config.first_player
    if first is None:
        first, _ = rng.below(players)
    stacks = tuple((c,) for c in shuffled)
    # One crab per space, so each is its space's top and lies at height 0: top_masks and
    # Zobrist.position_key in one pass, with their inner loops dropped.
    by_size = [0, 0, 0]
    by_player = [0] * players
    keys = config.zobrist
    crab_keys, stride = keys.crab_keys, keys.cells * keys.crabs
    key = keys.turn_keys[first]
    for cell, c in enumerate(shuffled):
        bit = 1 << cell
        by_size[c % 3] |= bit
        by_player[c // 3] |= bit
        key ^= crab_keys[cell * stride + c]
    # Decision 5 eliminates, at setup too, every player without a legal move. But every
    # space holds a crab and every space of a connected layout has a neighbour, so every
    # large crab can move: nobody is ever eliminated before the first move.
    history = (entry(key, 0, 0),)
    tops_by_size = (by_size[0], by_size[1], by_size[2])
    return State(
        config, seed, stacks, first, (), 0, (), history, None, tops_by_size, tuple(by_player)
    )


@functools.cache
def _all_crabs(players: int) -> tuple[Crab, ...]:
    """Every crab of a game, by player, then size, in the order the setup shuffles them."""
    return tuple(
        crab(p, size) for p in range(players) for size in Size for _ in range(CRABS_PER_SIZE)
    )


def legal_actions(state: State, player: PlayerId | None = None) -> tuple[Action, ...]:
    """Every legal action now (or only ``player``'s), in a fixed order.

    Only the player to move has actions. Moves are ordered by ``src`` then ``dst`` (cell
    ids ascending); while a wave tie is pending, the actions are one ``KeepGroup`` per tied
    group, naming its lowest cell, in the order of those cells. Empty when the game is over.

    Raises:
        NotAStateError: ``state`` is not a Crab Stack :class:`State`.
        InvalidPlayerError: ``player`` is neither ``None`` nor a player of the game.

    >>> state = initial_state(Config(), seed=1)
    >>> legal_actions(state)[:2]
    (Move(player=1, src=0, dst=3), Move(player=1, src=0, dst=8))
    >>> legal_actions(state, player=0)
    ()
    >>> legal_actions(state, player=7)
    Traceback (most recent call last):
    ...
    crabrules.core.errors.InvalidPlayerError: player: None or an id from 0 to 1, not 7
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    p = state.to_move
    if player is not None:
        if type(player) is not int or not 0 <= player < state.config.players:
            check_viewer(player, state.config.players)
        if player != p:
            return ()
    if state.termination is not None:
        return ()
    if state.pending:
        return tuple(KeepGroup(p, group[0]) for group in state.pending)
    config = state.config
    geo = config.geometry
    table = config.move_table
    one_step, by_bit = table.one_step[p], table.by_bit[p]
    small, medium, large = state.tops_by_size
    occupied = small | medium | large
    # Landing: a crab ends on a crab of its size or smaller (those cells are occupied, so
    # the reach masks need no further "& occupied").
    medium_land = small | medium
    masks = geo.neighbour_masks
    medium_reach, small_reach = geo.medium_reach, geo.small_reach
    out: list[Action] = []
    mine = state.tops_by_player[p]
    while mine:
        low = mine & -mine
        mine ^= low
        src = low.bit_length() - 1
        # paths.destinations with its tables inlined (the hot loop); a large crab's moves
        # come in one lookup.
        around = masks[src] & occupied
        if low & large:
            out += one_step[src][around]
            continue
        if low & medium:
            reach = medium_reach[src][around] & medium_land
        else:
            reach = 0
            for mask, ends in small_reach[src][around]:
                reach |= ends[occupied & mask]
            reach &= small
        # The moves to the bits of reach, ascending (keyed by bit: no index to compute).
        moves = by_bit[src]
        while reach:
            bit = reach & -reach
            reach ^= bit
            out.append(moves[bit])
    return tuple(out)


def apply(state: State, action: Action, *, check: bool = True) -> State:
    """Return the state after ``action``; ``state`` is untouched.

    Args:
        state: the state to act in.
        action: a :class:`Move` or :class:`KeepGroup` of the player to move.
        check: ``False`` skips validation, for actions taken from :func:`legal_actions`.

    Raises:
        NotAStateError: ``state`` is not a Crab Stack :class:`State`.
        IllegalActionError: ``action`` is not exactly a :class:`Move` or
            :class:`KeepGroup` of ints (reason ``malformed``), or any other illegal action;
            ``reason`` says why.
        GameOverError: the game is over.
        NotYourTurnError: the action's player is not the one to move.

    >>> state = initial_state(Config(), seed=1)
    >>> apply(state, Move(player=1, src=1, dst=0))
    Traceback (most recent call last):
    ...
    crabrules.core.errors.IllegalActionError: A2: the top crab is red's, not yours
    >>> apply(state, Move(player=1, src=0, dst=17))
    Traceback (most recent call last):
    ...
    crabrules.core.errors.IllegalActionError: a small crab moves exactly 3 spaces over crabs
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    if check:
        check_action(action, _ACTION_CLASSES)
        _check(state, action)
    if type(action) is Move:
        return _move(state, action.src, action.dst)
    assert type(action) is KeepGroup
    return _keep_group(state, action.cell)


def apply_with_events(
    state: State, action: Action, *, check: bool = True
) -> tuple[State, tuple[Event, ...]]:
    """Return what :func:`apply` returns, and the events of the action, in order.

    A move gives a :class:`~crabrules.crab_stack.events.CrabMoved`; a ``KeepGroup`` a
    :class:`~crabrules.crab_stack.events.GroupKept`. Then come the groups washed away, a
    wave tie left to the mover, the players eliminated (in the order they went out) and,
    last, :class:`~crabrules.crab_stack.events.GameEnded` if the game is over. It is the
    same engine as :func:`apply`, which it asks to log what it does.

    Raises:
        The same errors as :func:`apply`.

    >>> state = initial_state(Config(), seed=1)
    >>> after, events = apply_with_events(state, legal_actions(state)[0])
    >>> after == apply(state, legal_actions(state)[0])
    True
    >>> [(type(e).__name__, e.src_label, e.dst_label) for e in events]
    [('CrabMoved', 'A1', 'B1')]
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    if check:
        check_action(action, _ACTION_CLASSES)
        _check(state, action)
    config = state.config
    log: list[Event]
    if type(action) is Move:
        log = [crab_moved(config, state.stacks, action.src, action.dst)]
        after = _move(state, action.src, action.dst, log)
    else:
        assert type(action) is KeepGroup
        kept = next(group for group in state.pending if group[0] == action.cell)
        log = [group_kept(config, state.to_move, kept)]
        after = _keep_group(state, action.cell, log)
    # The new state records who went out, in order (decision 5), and how the game ended.
    if len(after.eliminated) != len(state.eliminated):
        log.extend(player_eliminated(config, p) for p in after.eliminated[len(state.eliminated) :])
    result = outcome(after)
    if result is not None:
        log.append(GameEnded(result, config.colours))
    return after, tuple(log)


def check_legal(state: State, action: Action) -> None:
    """Raise the error :func:`apply` would raise for ``action`` in ``state``; if legal, none.

    >>> state = initial_state(Config(), seed=1)
    >>> check_legal(state, legal_actions(state)[0])
    >>> check_legal(state, Move(player=0, src=0, dst=3))
    Traceback (most recent call last):
    ...
    crabrules.core.errors.NotYourTurnError: it is blue's turn
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    check_action(action, _ACTION_CLASSES)
    _check(state, action)


#: The classes of :data:`Action`, for the exact-type check.
_ACTION_CLASSES = (Move, KeepGroup)


def is_terminal(state: State) -> bool:
    """Whether the game is over.

    >>> is_terminal(initial_state(seed=1))
    False
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    return state.termination is not None


_ACTIVE = tuple(frozenset({p}) for p in range(MAX_PLAYERS))
_NOBODY: frozenset[PlayerId] = frozenset()


def active_players(state: State) -> frozenset[PlayerId]:
    """Return the player to move, or nobody once the game is over.

    >>> active_players(initial_state(seed=1))
    frozenset({1})
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    return _NOBODY if state.termination is not None else _ACTIVE[state.to_move]


def outcome(state: State) -> Outcome | None:
    """How the game ended: the last player left wins (score 1, others 0); else a draw.

    The draws are by repetition, by the turn limit, or when one move left nobody with a
    legal move (``all_eliminated``).

    ``None`` while the game goes on.

    >>> state = initial_state(Config(), seed=1)
    >>> outcome(state) is None
    True
    >>> while not is_terminal(state):
    ...     state = apply(state, legal_actions(state)[0])
    >>> outcome(state)
    Outcome(winners=frozenset(), draw=True, scores=(0, 0), reason='repetition')
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    termination = state.termination
    if termination is None:
        return None
    players = state.config.players
    if termination is Termination.LAST_PLAYER:
        (winner,) = (p for p in range(players) if p not in state.eliminated)
        scores = tuple(int(p == winner) for p in range(players))
        return Outcome(frozenset({winner}), False, scores, termination.value)
    return Outcome(frozenset(), True, (0,) * players, termination.value)


def num_players(state: State) -> int:
    """How many players the game has (eliminated ones included).

    >>> num_players(initial_state(Config(players=3), seed=1))
    3
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    return state.config.players


# --- applying a move ---------------------------------------------------------------------


def _move(state: State, src: Cell, dst: Cell, log: list[Event] | None = None) -> State:
    """Lift the top crab of ``src`` onto ``dst``, then apply the Wave Rule and end the turn.

    ``log``, when given, receives the events of the wave (the caller logs the move itself,
    and reads the eliminations and the end from the new state, which records them).
    """
    stacks = state.stacks
    src_stack = stacks[src]
    dst_stack = stacks[dst]
    moved = src_stack[-1]
    under = dst_stack[-1]
    rest = src_stack[:-1]
    new = list(stacks)
    new[src] = rest
    new[dst] = (*dst_stack, moved)
    # Top-crab masks: the moved crab covers the top of dst, whose bit is then clear in
    # every mask, so one XOR moves the crab's bit from src to dst (crab_size and
    # crab_player inlined as % 3 and // 3).
    src_bit, dst_bit = 1 << src, 1 << dst
    by_size = list(state.tops_by_size)
    by_player = list(state.tops_by_player)
    by_size[under % 3] ^= dst_bit
    by_player[under // 3] ^= dst_bit
    by_size[moved % 3] ^= src_bit | dst_bit
    by_player[moved // 3] ^= src_bit | dst_bit
    # The position key without its player to move, updated for the moved crab's two places
    # (entry_key and the index of Zobrist.crab_keys, inlined).
    keys = state.config.zobrist
    crab_keys, cells, crabs = keys.crab_keys, keys.cells, keys.crabs
    key = (
        state.history[-1] >> MOVE_BITS
        ^ keys.turn_keys[state.to_move]
        ^ crab_keys[(src * cells + len(rest)) * crabs + moved]
        ^ crab_keys[(dst * cells + len(dst_stack)) * crabs + moved]
    )
    turn = state.turn + 1
    if rest:
        # The crab uncovered on src is its new top; no space emptied, so the stretch of the
        # repetition record goes on (its entry is entry(key, src, dst), inlined).
        top = rest[-1]
        by_size[top % 3] |= src_bit
        by_player[top // 3] |= src_bit
        return _end_turn(state, tuple(new), by_size, by_player, turn, key, src << 6 | dst)
    return _wave(state, new, by_size, by_player, turn, key, src, log)


def _wave(
    state: State,
    new: list[Stack],
    by_size: list[CellMask],
    by_player: list[CellMask],
    turn: int,
    key: int,
    vacated: Cell,
    log: list[Event] | None,
) -> State:
    """The Wave Rule after a move that emptied ``vacated``, then the end of the turn.

    Only a move that empties its space can split the crabs. Every group but the largest is
    washed away at once; when several tie for largest, the state waits for the mover's
    :class:`KeepGroup` before the turn ends (decision 4). ``log``: as for :func:`_move`.
    """
    config = state.config
    geo = config.geometry
    occupied = by_size[0] | by_size[1] | by_size[2]
    # Geometry.safe_to_vacate, inlined: most vacated spaces are safe.
    safe = geo.vacate_safe[vacated][occupied & geo.neighbour_masks[vacated]]
    parts = (occupied,) if safe else groups_after(geo, occupied, vacated)
    if len(parts) > 1:
        keep, washed = ranked(parts, tuple(new))
        key ^= config.zobrist.cells_key(new, cells_of(washed))
        if log is not None:
            log.extend(washed_away(config, new, g) for g in parts if g not in keep)
        _wash(new, by_size, by_player, washed)
        if len(keep) > 1:
            # A full tie: the mover chooses which group stays before the turn ends. The
            # crabs will change, so the repetition record is left empty until then.
            tied = tuple(cells_of(group) for group in keep)
            if log is not None:
                log.append(wave_tie(config, state.to_move, tied))
            return State(
                config,
                state.seed,
                tuple(new),
                state.to_move,
                state.eliminated,
                turn,
                tied,
                (),
                None,
                (by_size[0], by_size[1], by_size[2]),
                tuple(by_player),
            )
    return _end_turn(state, tuple(new), by_size, by_player, turn, key, None)


def _keep_group(state: State, cell: Cell, log: list[Event] | None = None) -> State:
    """Settle a wave tie: the tied group whose lowest cell is ``cell`` stays, the rest go.

    ``log``, when given, receives the groups washed away.
    """
    config = state.config
    new = list(state.stacks)
    by_size = list(state.tops_by_size)
    by_player = list(state.tops_by_player)
    washed = 0
    for group in state.pending:
        if group[0] != cell:
            mask = 0
            for c in group:
                mask |= 1 << c
            if log is not None:
                log.append(washed_away(config, new, mask))
            washed |= mask
    _wash(new, by_size, by_player, washed)
    key = config.zobrist.position_key(new)
    return _end_turn(state, tuple(new), by_size, by_player, state.turn, key, None)


def _wash(
    new: list[Stack], by_size: list[CellMask], by_player: list[CellMask], washed: CellMask
) -> None:
    """Remove every crab of the ``washed`` cells, in place (on the lists being built)."""
    for c in cells_of(washed):
        new[c] = ()
    keep = ~washed
    by_size[:] = [mask & keep for mask in by_size]
    by_player[:] = [mask & keep for mask in by_player]


def _end_turn(
    state: State,
    stacks: tuple[Stack, ...],
    by_size: list[CellMask],
    by_player: list[CellMask],
    turn: int,
    key: int,
    stays: Entry | None,
) -> State:
    """Finish the move of ``state.to_move``: eliminations, then the end conditions.

    Args:
        state: the state before the move.
        stacks: the stacks after it (and after any wave).
        by_size: their top-crab masks by size.
        by_player: their top-crab masks by player.
        turn: the number of moves played, this one included.
        key: the Zobrist key of ``stacks``, without the player to move.
        stays: when the move left the occupied spaces as they were, its record entry
            without a key (the stretch of the repetition record may go on); else ``None``.
    """
    config = state.config
    players = config.players
    tops_by_size = (by_size[0], by_size[1], by_size[2])
    mover = state.to_move
    out = state.eliminated
    # Decision 5: every player still in who has no legal move is out at once, in seat
    # order from the player after the mover, the mover last. The Wave Rule has left one
    # group, so once it has two spaces every large top crab has a crab beside it and can
    # move: only a player without a large top crab needs the full test.
    large = by_size[2]
    if stays is None:
        occupied = by_size[0] | by_size[1] | large
        if not occupied & (occupied - 1):
            large = 0  # a single space left: no crab can move
    # (A move that left the occupied spaces as they were leaves at least two of them.)
    seats = _SEATS_IN[players][mover][out]
    for p in seats:
        mine = by_player[p]
        if not mine & large and not can_move(config.geometry, tops_by_size, mine):
            out = (*out, p)
    termination = None
    if out is state.eliminated:
        to_move = seats[0]
    elif players - len(out) > 1:
        to_move = next(p for p in seats if p not in out)
    else:
        # One player left wins; nobody left is a draw. to_move stays the last mover.
        termination = Termination.LAST_PLAYER if len(out) < players else Termination.ALL_ELIMINATED
        to_move = mover
    # The record entry of the position reached: entry(key, 0, 0), inlined.
    item = (key ^ config.zobrist.turn_keys[to_move]) << MOVE_BITS
    if stays is None or out is not state.eliminated or termination is not None:
        # Decision 6: a position can only recur while the occupied spaces and the players
        # still in stay the same, so the record starts a new stretch.
        history: tuple[Entry, ...] = (item,)
    else:
        history = (*state.history, stays | item)
        # A third occurrence needs at least two full rounds of the players still in (the
        # first test of _third_occurrence, done here to save the call on most moves).
        players_in = players - len(out)
        if len(history) > 2 * players_in and _third_occurrence(history, stacks, players_in):
            termination = Termination.REPETITION
    max_turns = config.max_turns
    if termination is None and max_turns is not None and turn >= max_turns:
        termination = Termination.TURN_LIMIT
    return State(
        config,
        state.seed,
        stacks,
        to_move,
        out,
        turn,
        (),
        history,
        termination,
        tops_by_size,
        tuple(by_player),
    )


#: ``_SEATS_IN[players][mover][eliminated]``: the players still in, in seat order from the
#: one after ``mover`` round to ``mover`` itself: the order of eliminations (decision 5).
_SEATS_IN: dict[int, tuple[dict[tuple[PlayerId, ...], tuple[PlayerId, ...]], ...]] = {
    n: tuple(
        {
            out: tuple(p for p in ((mover + i) % n for i in range(1, n + 1)) if p not in out)
            for k in range(n + 1)
            for out in itertools.permutations(range(n), k)
        }
        for mover in range(n)
    )
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}


def _third_occurrence(
    history: tuple[Entry, ...], stacks: tuple[Stack, ...], players_in: int
) -> bool:
    """Whether the last position of the record occurs for the third time (decision 6).

    The same player is to move again every ``players_in`` entries, so a third occurrence
    needs two earlier entries at those distances with the same key; only then are the
    positions rebuilt and compared exactly.
    """
    if len(history) <= 2 * players_in:
        return False
    key = entry_key(history[-1])
    same = [item for item in history[-1 - players_in :: -players_in] if entry_key(item) == key]
    return len(same) >= 2 and occurrences(history, stacks, players_in) >= 3


# --- validation --------------------------------------------------------------------------


def _refuse(message: str, action: object, reason: IllegalReason) -> IllegalActionError:
    """The error refusing ``action``, for ``reason``."""
    return IllegalActionError(message, action=action, reason=reason)


def _check(state: State, action: Move | KeepGroup) -> None:
    """Raise the error saying why ``action`` is not legal in ``state``, if it is not.

    ``action`` is exactly typed already (``check_action``).
    """
    if state.termination is not None:
        raise GameOverError("the game is over", action=action)
    if action.player != state.to_move:
        raise NotYourTurnError(
            f"it is {state.config.colours[state.to_move]}'s turn", action=action
        )
    if isinstance(action, KeepGroup):
        _check_keep(state, action)
    else:
        _check_move(state, action)


def _check_keep(state: State, action: KeepGroup) -> None:
    """Refuse a KeepGroup unless a wave tie is pending and it names a tied group."""
    if not state.pending:
        raise _refuse("no wave tie to settle", action, IllegalReason.NO_WAVE_DECISION)
    if all(g[0] != action.cell for g in state.pending):
        firsts = ", ".join(str(g[0]) for g in state.pending)
        raise _refuse(
            f"name a tied group by its lowest cell: one of {firsts}",
            action,
            IllegalReason.NOT_A_TIED_GROUP,
        )


def _check_move(state: State, action: Move) -> None:
    """Refuse a Move that breaks a rule of Moving Crabs, saying which, in the rules' order."""
    if state.pending:
        raise _refuse(
            "first choose which tied group stays (KeepGroup)",
            action,
            IllegalReason.WAVE_DECISION_PENDING,
        )
    src, dst = action.src, action.dst
    geo = state.config.geometry
    if not (0 <= src < geo.size and 0 <= dst < geo.size):
        raise _refuse(f"cells are 0 to {geo.size - 1}", action, IllegalReason.NO_SUCH_SPACE)
    stack = state.stacks[src]
    if not stack:
        raise _refuse(f"no crab on {geo.labels[src]}", action, IllegalReason.NO_CRAB)
    top = stack[-1]
    if top // 3 != action.player:
        owner = state.config.colours[top // 3]
        raise _refuse(
            f"{geo.labels[src]}: the top crab is {owner}'s, not yours",
            action,
            IllegalReason.NOT_YOUR_CRAB,
        )
    size = top % 3
    if not destinations(geo, src, size, state.occupied) >> dst & 1:
        steps = STEPS[size]
        raise _refuse(
            f"a {_SIZE_NAMES[size]} crab moves exactly {steps} space{'s' * (steps > 1)} "
            "over crabs",
            action,
            IllegalReason.NO_PATH,
        )
    if not landing_mask(size, state.tops_by_size) >> dst & 1:
        raise _refuse(
            f"a {_SIZE_NAMES[size]} crab ends only on a crab of its size or smaller",
            action,
            IllegalReason.TOO_BIG,
        )
