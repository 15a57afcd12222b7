"""The rules: setup, the turn and its two steps, and how the game ends.

A turn is two decisions of the same player. First the revealed Baddie is placed
(:class:`~crabrules.marche_du_crabe._actions.Place`, the step of
:mod:`~crabrules.marche_du_crabe._baddie`); then the Crabs move or stay
(:class:`~crabrules.marche_du_crabe._actions.Move`,
:class:`~crabrules.marche_du_crabe._actions.Stay`, the step of
:mod:`~crabrules.marche_du_crabe._move`). The next player's Baddie is revealed as soon as
the turn ends, so a state always shows the card about to be placed. This module sets the
game up, says which step is being played, checks that an action is legal, and says how
the game ended. :func:`apply_with_events` runs the same steps with an event log.
"""

from __future__ import annotations

from crabrules.core import (
    GameOverError,
    IllegalActionError,
    InvalidConfigError,
    NotYourTurnError,
    Outcome,
    PlayerId,
    Rng,
    check_config,
)
from crabrules.core.actions import check_action
from crabrules.core.game import check_viewer, not_a_state
from crabrules.core.rng import resolve_seed
from crabrules.marche_du_crabe._actions import Action, IllegalReason, Move, Place, Stay
from crabrules.marche_du_crabe._baddie import begin_turn, place, place_actions, place_refusal
from crabrules.marche_du_crabe._board import (
    CELLS,
    SIZE,
    Cell,
    Layout,
    random_layout,
    start_cell,
)
from crabrules.marche_du_crabe._config import MAX_SHRIMPS, Config
from crabrules.marche_du_crabe._content import NUM_ITEMS, Icon
from crabrules.marche_du_crabe._events import CrabsStayed, Event
from crabrules.marche_du_crabe._move import BASE_MOVES, adventure_moves, move, move_refusal
from crabrules.marche_du_crabe._state import (
    BOATER,
    BROWN_FISH,
    FULL_DECK,
    NAMES,
    NO_BADDIE,
    SUNNY,
    Baddie,
    ForbiddenItems,
    State,
    Termination,
)
from crabrules.marche_du_crabe.beaches import NO_START, Beach, Modifier

_DEFAULT = Config()
_EMPTY_BEACH = (NO_BADDIE,) * (SIZE * SIZE)
_NO_CELLS: frozenset[Cell] = frozenset()


def initial_state(config: Config = _DEFAULT, *, seed: int | None = None) -> State:
    """Set up a game: the beach, the Forbidden Items, the Shrimps, the token, the decks.

    Boater's first Baddie is revealed at once.

    Args:
        config: the options; ``Config()`` is the base game.
        seed: the seed of every chance of the game; ``None`` draws one from the OS.

    Raises:
        InvalidConfigError: the seed is not an int in ``[0, 2**64)``.

    >>> state = initial_state(seed=7)
    >>> state.to_move, state.revealed, state.token, state.shrimps, len(state.decks[0])
    (0, 3, 0, 5, 11)
    """
    check_config(config, Config)
    seed = resolve_seed(seed)
    rng = Rng(seed)  # resolve_seed checked it (from_seed would check it again, slowly)
    layout = config.layout
    if layout is None:
        layout, rng = random_layout(rng)
    forbidden, rng = _deal_forbidden(rng)
    beach = config.beach
    baddies, shrimps = _EMPTY_BEACH, config.shrimps
    snacks: frozenset[Cell] = frozenset()
    if beach.flip or beach.modifiers:
        baddies, snacks, shrimps = _adventure_setup(beach, layout, shrimps)
    token = _start(beach, layout)
    setup = State(
        seed,
        rng,
        beach,
        layout,
        forbidden,
        frozenset(),
        frozenset(),
        shrimps,
        baddies,
        snacks,
        token,
        (FULL_DECK, FULL_DECK),
        BOATER,
        None,
        None,
    )
    # Boater always goes first: their turn begins by revealing a Baddie.
    return begin_turn(setup, BOATER)


def _start(beach: Beach, layout: Layout) -> Cell:
    """Find the card the Crabs start on: the beach's ``start_nth`` card they may stand on.

    Start rule (decision 3): counting from the left of the start row, among the cards
    without an Item, the Crabs may not start on a breaking wave (they may never stop on
    one) nor on a Brown Fish (a Baddie under the token that nobody paid for).
    """
    no_stop = _NO_CELLS
    if beach.flip and not beach.flip.isdisjoint(NO_START):
        no_stop = frozenset(
            c for c in CELLS if layout.icons[c] in beach.flip and layout.icons[c] in NO_START
        )
    token = start_cell(layout, beach.start_row, beach.start_nth, no_stop)
    if token is None:  # a Beach refuses such a start; a layout has every row's icons
        raise InvalidConfigError(f"beach: row {beach.start_row} has no card to start on")
    return token


def _adventure_setup(
    beach: Beach, layout: Layout, shrimps: int
) -> tuple[tuple[Baddie, ...], frozenset[Cell], int]:
    """Flip the beach's cards and apply its setup modifiers: Baddies, snacks, Shrimps."""
    # Flipped brown-fish cards show a Brown Fish; flipped shrimp cards a Shrimp snack.
    fish = Icon.BROWN_FISH in beach.flip
    baddies = tuple(
        BROWN_FISH if fish and icon is Icon.BROWN_FISH else NO_BADDIE for icon in layout.icons
    )
    snacks = frozenset(
        c for c in CELLS if Icon.SHRIMP in beach.flip and layout.icons[c] is Icon.SHRIMP
    )
    if Modifier.FRESH_SHRIMPS in beach.modifiers:
        shrimps = MAX_SHRIMPS
    return baddies, snacks, shrimps


def _deal_forbidden(rng: Rng) -> tuple[ForbiddenItems, Rng]:
    """Shuffle the 12 Items and deal 2 to each player: their Forbidden Items.

    One draw of the generator picks the 4 dealt cards in order (12 * 11 * 10 * 9 ways).
    """
    pool = list(range(NUM_ITEMS))
    draw, rng = rng.below(NUM_ITEMS * (NUM_ITEMS - 1) * (NUM_ITEMS - 2) * (NUM_ITEMS - 3))
    dealt = []
    for size in range(NUM_ITEMS, NUM_ITEMS - 4, -1):
        draw, index = divmod(draw, size)
        dealt.append(pool.pop(index))
    a, b, c, d = dealt
    return ((min(a, b), max(a, b)), (min(c, d), max(c, d))), rng


def legal_actions(state: State, player: PlayerId | None = None) -> tuple[Action, ...]:
    """List every legal action of the player to move (or of ``player``), in a fixed order.

    While a Baddie is revealed: a :class:`Place` for each card of its row it may go on,
    left to right. Then: a :class:`Move` to each card the Crabs may stop on, in cell
    order (top to bottom for Boater, left to right for Sunny), and :class:`Stay` last.

    >>> state = initial_state(seed=7)
    >>> legal_actions(state)[0], [a.cell for a in legal_actions(state)]
    (Place(player=0, cell=19), [19, 21, 22, 23])
    >>> state = apply(state, Place(player=0, cell=19))
    >>> [a.cell for a in legal_actions(state) if isinstance(a, Move)], legal_actions(state)[-1]
    ([6, 12, 18, 24, 30], Stay(player=0))
    >>> legal_actions(state, player=1)
    ()

    Raises:
        NotAStateError: ``state`` is not a :class:`State`.
        InvalidPlayerError: ``player`` is neither ``None`` nor 0 or 1.
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    p = state.to_move
    if player is not None:
        if type(player) is not int or not 0 <= player < 2:
            check_viewer(player, 2)  # raises InvalidPlayerError
        if player != p:
            return ()
    if state.termination is not None:
        return ()
    row = state.revealed
    if row is not None:
        return place_actions(state.layout.items, state.baddies, row, p)
    beach = state.beach
    if not beach.modifiers and not beach.flip:
        return BASE_MOVES[p][state.token]
    return adventure_moves(state, p)


def apply(state: State, action: Action, *, check: bool = True) -> State:
    """Return the state after ``action``; ``state`` is untouched.

    Args:
        state: the game.
        action: an action of the player to move.
        check: ``False`` skips validation, for actions just taken from
            :func:`legal_actions`.

    Raises:
        GameOverError: the game is over.
        NotYourTurnError: the action's player is not the player to move.
        IllegalActionError: the action is illegal; ``reason`` says why.

    >>> state = apply(initial_state(seed=7), Place(player=0, cell=19))
    >>> state.baddies[19], state.revealed
    (0, None)
    >>> try:
    ...     apply(state, Move(player=0, cell=7))
    ... except IllegalActionError as error:
    ...     print(f"{error.reason.value}: {error}")
    not_in_line: the Crabs move along the token's column, at least one card
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    if check:
        check_legal(state, action)
    # The same three steps as apply_with_events, without a log (kept apart: the hot path).
    if state.revealed is not None:
        return place(state, action.cell)  # type: ignore[union-attr]
    if type(action) is Stay:
        return begin_turn(state, 1 - state.to_move)
    return move(state, action.cell)  # type: ignore[union-attr]


def apply_with_events(
    state: State, action: Action, *, check: bool = True
) -> tuple[State, tuple[Event, ...]]:
    """Return the state after ``action``, as :func:`apply` does, and what happened, in order.

    The rules run once, logging their events as they go (see
    :mod:`~crabrules.marche_du_crabe._events`); the state is the one ``apply`` returns.

    Raises:
        IllegalActionError: as :func:`apply` refuses an action (its subclasses too).

    >>> state = initial_state(seed=7)
    >>> state, events = apply_with_events(state, Place(player=0, cell=19))
    >>> events[0].label, events[0].cost, len(events)
    ('B4', 0, 1)
    >>> state, events = apply_with_events(state, Stay(player=0))
    >>> [type(e).__name__ for e in events]
    ['CrabsStayed', 'BaddieRevealed']
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    if check:
        check_legal(state, action)
    events: list[Event] = []
    if state.revealed is not None:
        after = place(state, action.cell, events)  # type: ignore[union-attr]
    elif type(action) is Stay:
        player = state.to_move
        events.append(CrabsStayed(player, NAMES[player]))
        after = begin_turn(state, 1 - player, events)
    else:
        after = move(state, action.cell, events)  # type: ignore[union-attr]
    return after, tuple(events)


def is_terminal(state: State) -> bool:
    """Tell whether the game is over.

    >>> is_terminal(initial_state(seed=7))
    False
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    return state.termination is not None


def active_players(state: State) -> frozenset[PlayerId]:
    """Return the player whose turn it is, or nobody once the game is over.

    >>> active_players(initial_state(seed=7))
    frozenset({0})
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    return frozenset() if state.termination is not None else frozenset((state.to_move,))


def outcome(state: State) -> Outcome | None:
    """Return how the game ended, or ``None`` while it goes on.

    On a win both players are winners and both scores are the Shrimps left; on a loss
    there are no winners, no draw, and both scores are 0.

    >>> state = initial_state(seed=7)
    >>> outcome(state) is None
    True
    >>> while not is_terminal(state):  # place, then always stay: the decks run out
    ...     state = apply(state, legal_actions(state)[-1])
    >>> outcome(state)
    Outcome(winners=frozenset(), draw=False, scores=(0, 0), reason='deck_empty')
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    if state.termination is None:
        return None
    if state.termination is Termination.CRABS_FREED:
        return Outcome(
            frozenset((BOATER, SUNNY)),
            False,
            (state.shrimps, state.shrimps),
            state.termination.value,
        )
    return Outcome(frozenset(), False, (0, 0), state.termination.value)


def num_players(state: State) -> int:
    """Return 2, always: Boater (player 0) and Sunny (player 1).

    >>> num_players(initial_state(seed=7))
    2
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    return 2


def check_legal(state: State, action: object) -> None:
    """Raise the error that says why ``action`` is illegal in ``state``, if it is.

    What ``apply`` checks; the words and the notation check the same way.
    """
    # Exact types first: 1.0, True or "3" compare equal to an int but are not one.
    check_action(action, _ACTION_CLASSES)
    if state.termination is not None:
        raise GameOverError("the game is over", action=action)
    if action.player != state.to_move:  # type: ignore[attr-defined]
        name = "Boater" if state.to_move == BOATER else "Sunny"
        raise NotYourTurnError(f"it is {name}'s turn", action=action)
    if action in legal_actions(state):
        return
    message, reason = _refusal(state, action)  # type: ignore[arg-type]
    raise IllegalActionError(message, action=action, reason=reason)


_ACTION_CLASSES = (Place, Move, Stay)


def _refusal(state: State, action: Action) -> tuple[str, IllegalReason]:
    """Say why a well-typed action of the player to move is not legal."""
    placing = state.revealed is not None
    if isinstance(action, Place) != placing:
        if placing:
            return "first place the revealed Baddie", IllegalReason.PLACE_FIRST
        return "this turn's Baddie is already placed: move or stay", IllegalReason.ALREADY_PLACED
    if isinstance(action, Stay):
        return "on this beach the Crabs must move when they can", IllegalReason.MUST_MOVE
    cell = action.cell
    if not 0 <= cell < SIZE * SIZE:
        return f"cells are 0 to 35, not {cell}", IllegalReason.OFF_BEACH
    if isinstance(action, Place):
        return place_refusal(state, cell)
    return move_refusal(state, cell)
