"""The engine of the rules: the legal moves, and the state after a move or a settled tie.

:mod:`crabrules.crab_stack._rules` is the public front: it checks its arguments and raises
the library's typed errors, then calls this module with arguments known to be right. This
module is the hot code, and the compiled wheel compiles it with mypyc (a compiled function
checks its argument types itself and raises its own ``TypeError``, which is why the
validation stays in the pure front).

>>> from crabrules.crab_stack._config import Config
>>> from crabrules.crab_stack._rules import initial_state
>>> state = initial_state(Config(), seed=1)
>>> legal_moves(state)[:2]
(Move(player=1, src=0, dst=3), Move(player=1, src=0, dst=8))
>>> move(state, 0, 3).to_move
0
"""

from __future__ import annotations

import itertools
from typing import Final

from crabrules.core import PlayerId
from crabrules.core.construct import constructor
from crabrules.crab_stack._actions import Action, KeepGroup
from crabrules.crab_stack._board import Cell, CellMask, cells_of
from crabrules.crab_stack._config import MAX_PLAYERS, MIN_PLAYERS, Config
from crabrules.crab_stack._crabs import Crab, Stack
from crabrules.crab_stack._events import Event, washed_away, wave_tie
from crabrules.crab_stack._paths import can_move, landing_masks, reach
from crabrules.crab_stack._repetition import MOVE_BITS, Entry, entry, entry_key, occurrences
from crabrules.crab_stack._state import State, Termination
from crabrules.crab_stack._wave import groups_after, ranked

# Built field by field (crabrules.core.construct): in the compiled wheel, a fraction of
# the cost of State's own __init__ (the class itself in the pure build).
_new_state: Final = constructor(State)
_SMALL: Final = 0  # Size.SMALL and Size.MEDIUM as literals, as in _paths
_MEDIUM: Final = 1


def setup(config: Config, seed: int, shuffled: tuple[Crab, ...], first: PlayerId) -> State:
    """The state before the first move: crab ``shuffled[i]`` alone on space ``i``.

    What :func:`~crabrules.crab_stack._rules.initial_state` builds once its checked seed
    has shuffled the crabs and drawn the first player.

    >>> from crabrules.crab_stack._rules import initial_state
    >>> state = initial_state(Config(), seed=1)
    >>> setup(Config(), 1, tuple(s[0] for s in state.stacks), state.to_move) == state
    True
    """
    stacks = tuple((c,) for c in shuffled)
    # One crab per space, so each is its space's top and lies at height 0: top_masks and
    # Zobrist.position_key in one pass, with their inner loops dropped.
    by_size = [0, 0, 0]
    by_player = [0] * config.players
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
    return _new_state(
        config, seed, stacks, first, (), 0, (), history, None, tops_by_size, tuple(by_player)
    )


def legal_moves(state: State) -> tuple[Action, ...]:
    """Every legal action of the player to move, in the order of ``legal_actions``.

    >>> from crabrules.crab_stack._rules import initial_state
    >>> len(legal_moves(initial_state(seed=1)))
    43
    """
    p = state.to_move
    if state.termination is not None:
        return ()
    if state.pending:
        return tuple(KeepGroup(p, group[0]) for group in state.pending)
    config = state.config
    geo = config.geometry
    table = config.move_table
    one_step, by_bit = table.one_step[p], table.by_bit[p]
    _, medium, large = state.tops_by_size
    small_land, medium_land, occupied = landing_masks(state.tops_by_size)
    masks = geo.neighbour_masks
    out: list[Action] = []
    mine = state.tops_by_player[p]
    while mine:
        low = mine & -mine
        mine ^= low
        src = low.bit_length() - 1
        if low & large:  # its moves in one lookup: the table is reach()'s, kept
            out += one_step[src][masks[src] & occupied]
            continue
        if low & medium:
            ends = reach(geo, src, _MEDIUM, occupied, medium_land)
        else:
            ends = reach(geo, src, _SMALL, occupied, small_land)
        # The moves to the bits of ends, ascending (keyed by bit: no index to compute).
        moves = by_bit[src]
        while ends:
            bit = ends & -ends
            ends ^= bit
            out.append(moves[bit])
    return tuple(out)


def move(state: State, src: Cell, dst: Cell, log: list[Event] | None = None) -> State:
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
        return end_turn(state, tuple(new), by_size, by_player, turn, key, src << 6 | dst)
    return wave(state, new, by_size, by_player, turn, key, src, log)


def wave(
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
    :class:`KeepGroup` before the turn ends (decision 4). ``log``: as for :func:`move`.
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
        wash(new, by_size, by_player, washed)
        if len(keep) > 1:
            # A full tie: the mover chooses which group stays before the turn ends. The
            # crabs will change, so the repetition record is left empty until then.
            tied = tuple(cells_of(group) for group in keep)
            if log is not None:
                log.append(wave_tie(config, state.to_move, tied))
            return _new_state(
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
    return end_turn(state, tuple(new), by_size, by_player, turn, key, None)


def keep_group(state: State, cell: Cell, log: list[Event] | None = None) -> State:
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
    wash(new, by_size, by_player, washed)
    key = config.zobrist.position_key(new)
    return end_turn(state, tuple(new), by_size, by_player, state.turn, key, None)


def wash(
    new: list[Stack], by_size: list[CellMask], by_player: list[CellMask], washed: CellMask
) -> None:
    """Remove every crab of the ``washed`` cells, in place (on the lists being built)."""
    for c in cells_of(washed):
        new[c] = ()
    keep = ~washed
    by_size[:] = [mask & keep for mask in by_size]
    by_player[:] = [mask & keep for mask in by_player]


def end_turn(
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
    return _new_state(
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
# Final: the compiled build keeps it in a C static, not looked up by name on every turn.
_SEATS_IN: Final[dict[int, tuple[dict[tuple[PlayerId, ...], tuple[PlayerId, ...]], ...]]] = {
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
