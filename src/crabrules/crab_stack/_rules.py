"""The rules: setup, legal actions, applying an action, and the end of the game.

A turn is one :class:`~crabrules.crab_stack._actions.Move`. When the move splits the crabs
into groups tied for largest, the same player then settles the tie with a
:class:`~crabrules.crab_stack._actions.KeepGroup` before the turn ends. After every
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
from crabrules.crab_stack._actions import (
    Action,
    IllegalReason,
    KeepGroup,
    Move,
)
from crabrules.crab_stack._config import MAX_PLAYERS, Config
from crabrules.crab_stack._crabs import CRABS_PER_SIZE, STEPS, Crab, Size, crab
from crabrules.crab_stack._engine import keep_group, legal_moves, move, setup
from crabrules.crab_stack._events import (
    Event,
    GameEnded,
    crab_moved,
    group_kept,
    player_eliminated,
)
from crabrules.crab_stack._paths import landing_masks, reach
from crabrules.crab_stack._state import State, Termination

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
    # resolve_seed checked the seed (from_seed would check it again).
    shuffled, rng = Rng(seed).shuffle(_all_crabs(players))
    first = config.first_player
    if first is None:
        first, _ = rng.below(players)
    return setup(config, seed, shuffled, first)


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
    return legal_moves(state)


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
    >>> try:
    ...     apply(state, Move(player=1, src=0, dst=17))
    ... except IllegalActionError as refused:
    ...     print(refused.reason.value, "/", refused)
    no_path / a small crab moves exactly 3 spaces over crabs: not from A1 to E3
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    if check:
        check_action(action, _ACTION_CLASSES)
        _check(state, action)
    if type(action) is Move:
        return move(state, action.src, action.dst)
    assert type(action) is KeepGroup
    return keep_group(state, action.cell)


def apply_with_events(
    state: State, action: Action, *, check: bool = True
) -> tuple[State, tuple[Event, ...]]:
    """Return what :func:`apply` returns, and the events of the action, in order.

    A move gives a :class:`~crabrules.crab_stack._events.CrabMoved`; a ``KeepGroup`` a
    :class:`~crabrules.crab_stack._events.GroupKept`. Then come the groups washed away, a
    wave tie left to the mover, the players eliminated (in the order they went out) and,
    last, :class:`~crabrules.crab_stack._events.GameEnded` if the game is over. It is the
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
        after = move(state, action.src, action.dst, log)
    else:
        assert type(action) is KeepGroup
        kept = next(group for group in state.pending if group[0] == action.cell)
        log = [group_kept(config, state.to_move, kept)]
        after = keep_group(state, action.cell, log)
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
    for field, cell in (("src", src), ("dst", dst)):
        if not 0 <= cell < geo.size:
            message = f"{field}: cells are 0 to {geo.size - 1}, not {cell}"
            raise _refuse(message, action, IllegalReason.NO_SUCH_SPACE)
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
    occupied = state.occupied
    if not reach(geo, src, size, occupied, landing_masks(state.tops_by_size)[size]) >> dst & 1:
        if reach(geo, src, size, occupied, occupied) >> dst & 1:
            raise _refuse(
                f"a {_SIZE_NAMES[size]} crab ends only on a crab of its size or smaller: "
                f"not from {geo.labels[src]} to {geo.labels[dst]}",
                action,
                IllegalReason.TOO_BIG,
            )
        steps = STEPS[size]
        raise _refuse(
            f"a {_SIZE_NAMES[size]} crab moves exactly {steps} space{'s' * (steps > 1)} "
            f"over crabs: not from {geo.labels[src]} to {geo.labels[dst]}",
            action,
            IllegalReason.NO_PATH,
        )
