"""The rules: setup, legal actions, and what an action does.

A turn is two decisions of the same player. First the revealed Baddie is placed
(:class:`~crabrules.marche_du_crabe.actions.Place`); then the Crabs move or stay
(:class:`~crabrules.marche_du_crabe.actions.Move`,
:class:`~crabrules.marche_du_crabe.actions.Stay`).
The next player's Baddie is revealed as soon as the turn ends, so a state always shows
the card about to be placed.

>>> state = initial_state(seed=7)
>>> state.to_move, state.revealed, len(state.decks[0])
(0, 3, 11)
>>> [a.cell for a in legal_actions(state)]
[19, 21, 22, 23]
>>> state = apply(state, Place(player=0, cell=19))
>>> [a.cell for a in legal_actions(state) if isinstance(a, Move)], legal_actions(state)[-1]
([6, 12, 18, 24, 30], Stay(player=0))
"""

from __future__ import annotations

import functools
import secrets

from crabrules.core import (
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    Outcome,
    PlayerId,
    Rng,
)
from crabrules.marche_du_crabe.actions import Action, IllegalReason, Move, Place, Stay
from crabrules.marche_du_crabe.beaches import Beach, Modifier
from crabrules.marche_du_crabe.board import (
    CELLS,
    NO_ITEM,
    ROW_CELLS,
    SIZE,
    Cell,
    Layout,
    Row,
    column_of,
    line_cells,
    path,
    random_layout,
    row_of,
    start_cell,
)
from crabrules.marche_du_crabe.config import MAX_SHRIMPS, Config
from crabrules.marche_du_crabe.content import NUM_ITEMS, Icon, Item
from crabrules.marche_du_crabe.state import (
    BOATER,
    BROWN_FISH,
    CRABS_TO_FREE,
    FULL_DECK,
    NO_BADDIE,
    SUNNY,
    Baddie,
    State,
    Termination,
)

__all__ = [
    "Termination",
    "active_players",
    "apply",
    "initial_state",
    "is_terminal",
    "legal_actions",
    "num_players",
    "outcome",
]

# Every action object is built once; legal_actions hands out these very objects, so
# `action in legal` in apply() is an identity check for actions taken from it.
_PLACES = tuple(tuple(Place(p, c) for c in CELLS) for p in (BOATER, SUNNY))
_MOVES = tuple(tuple(Move(p, c) for c in CELLS) for p in (BOATER, SUNNY))
_STAYS = (Stay(BOATER), Stay(SUNNY))
_DEFAULT = Config()
_EMPTY_BEACH = (NO_BADDIE,) * (SIZE * SIZE)

#: ``_BASE_MOVES[player][token]``: the move step of the base game: every other card of
#: the token's column (Boater) or row (Sunny), top to bottom or left to right, then Stay.
_BASE_MOVES: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(
        (
            *(_MOVES[p][c] for c in line_cells(t, along_column=p == BOATER) if c != t),
            _STAYS[p],
        )
        for t in CELLS
    )
    for p in (BOATER, SUNNY)
)


def num_players(state: State) -> int:
    """Return 2, always: Boater (player 0) and Sunny (player 1)."""
    return 2


def initial_state(config: Config = _DEFAULT, *, seed: int | None = None) -> State:
    """Set up a game: the beach, the Forbidden Items, the Shrimps, the token, the decks.

    Boater's first Baddie is revealed at once.

    Args:
        config: the options; ``Config()`` is the base game.
        seed: the seed of every chance of the game; ``None`` draws one from the OS.

    Raises:
        InvalidConfigError: the seed is not an int in ``[0, 2**64)``.
    """
    if seed is None:
        seed = secrets.randbits(53)
    rng = Rng.from_seed(seed)
    layout = config.layout
    if layout is None:
        layout, rng = random_layout(rng)
    forbidden, rng = _deal_forbidden(rng)
    beach = config.beach
    baddies, shrimps = _EMPTY_BEACH, config.shrimps
    snacks: frozenset[Cell] = frozenset()
    if beach.flip or beach.modifiers:
        baddies, snacks, shrimps = _adventure_setup(beach, layout, shrimps)
    token = start_cell(layout, beach.start_row, beach.start_nth)
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
    return _turn_of(setup, BOATER)


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


def _turn_of(state: State, player: PlayerId) -> State:
    """Begin ``player``'s turn on the board of ``state`` as it is."""
    return _begin_turn(
        state,
        player,
        state.rng,
        state.exposed,
        state.freed,
        state.shrimps,
        state.baddies,
        state.snacks,
        state.token,
        state.decks,
    )


def _deal_forbidden(rng: Rng) -> tuple[tuple[tuple[Item, Item], tuple[Item, Item]], Rng]:
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


def is_terminal(state: State) -> bool:
    """Tell whether the game is over."""
    return state.termination is not None


def active_players(state: State) -> frozenset[PlayerId]:
    """Return the player whose turn it is, or nobody once the game is over."""
    return frozenset() if state.termination is not None else frozenset((state.to_move,))


def outcome(state: State) -> Outcome | None:
    """Return how the game ended, or ``None`` while it goes on.

    On a win both players are winners and both scores are the Shrimps left; on a loss
    there are no winners, no draw, and both scores are 0.
    """
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


def legal_actions(state: State, player: PlayerId | None = None) -> tuple[Action, ...]:
    """List every legal action of the player to move (or of ``player``), in a fixed order.

    While a Baddie is revealed: a :class:`Place` for each card of its row it may go on,
    left to right. Then: a :class:`Move` to each card the Crabs may stop on, in cell
    order (top to bottom for Boater, left to right for Sunny), and :class:`Stay` last.
    """
    if state.termination is not None:
        return ()
    p = state.to_move
    if player is not None and player != p:
        return ()
    row = state.revealed
    if row is not None:
        items, baddies, places = state.layout.items, state.baddies, _PLACES[p]
        # Baddie rule: not on an Item, another Baddie or a Freed Crab (an Item card).
        return tuple(places[c] for c in ROW_CELLS[row] if items[c] < 0 and baddies[c] < 0)
    beach = state.beach
    if not beach.modifiers and not beach.flip:
        return _BASE_MOVES[p][state.token]
    return _adventure_moves(state, p)


def _adventure_moves(state: State, p: PlayerId) -> tuple[Action, ...]:
    beach, token = state.beach, state.token
    waves = _waves(state.layout) if Icon.WAVE in beach.flip else frozenset()
    short = Modifier.SHORT_MOVES in beach.modifiers
    moves: list[Action] = [
        _MOVES[p][c]
        for c in line_cells(token, along_column=p == BOATER)
        if c != token and c not in waves and not (short and len(path(token, c)) > 2)
    ]
    if not moves or Modifier.MUST_MOVE not in beach.modifiers:
        moves.append(_STAYS[p])
    return tuple(moves)


@functools.lru_cache(maxsize=64)
def _waves(layout: Layout) -> frozenset[Cell]:
    """Return the wave cards of ``layout`` (breaking waves when a beach flips them)."""
    return frozenset(c for c in CELLS if layout.icons[c] is Icon.WAVE)


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
    """
    if check:
        _check(state, action)
    if state.revealed is not None:
        return _place(state, action.cell)  # type: ignore[union-attr]
    if type(action) is Stay:
        return _turn_of(state, 1 - state.to_move)
    return _move(state, action.cell)  # type: ignore[union-attr]


def _place(state: State, cell: Cell) -> State:
    baddies = state.baddies
    baddies = (*baddies[:cell], state.to_move, *baddies[cell + 1 :])
    shrimps, termination = state.shrimps, None
    if cell == state.token:
        # A Baddie placed under the token costs one Shrimp at once (decision 5).
        if shrimps == 0:
            termination = Termination.NO_SHRIMPS
        else:
            shrimps -= 1
    return State(
        state.seed,
        state.rng,
        state.beach,
        state.layout,
        state.forbidden,
        state.exposed,
        state.freed,
        shrimps,
        baddies,
        state.snacks,
        state.token,
        state.decks,
        state.to_move,
        None,
        termination,
    )


def _move(state: State, dest: Cell) -> State:
    p, baddies, shrimps = state.to_move, state.baddies, state.shrimps
    beach = state.beach
    # Crossing rule first (decision 7): a move over or onto Baddies costs 1 Shrimp
    # (1 per Baddie on a beach with hungry Baddies).
    crossed = 0
    for c in path(state.token, dest):
        if baddies[c] != NO_BADDIE:
            crossed += 1
    if crossed:
        cost = crossed if Modifier.HUNGRY_BADDIES in beach.modifiers else 1
        if shrimps < cost:
            return _out_of_shrimps(state, dest, baddies, state.exposed, state.decks, state.rng)
        shrimps -= cost
    item = state.layout.items[dest]
    freed, exposed, snacks, decks, rng = (
        state.freed,
        state.exposed,
        state.snacks,
        state.decks,
        state.rng,
    )
    if item != NO_ITEM and dest not in freed:
        forbidden = state.forbidden
        if item in forbidden[0] or item in forbidden[1]:
            if baddies[dest] == NO_BADDIE:
                # Forbidden-Item rule: the partner's next Baddie goes, unrevealed, under
                # the token (none if their deck is empty), and 2 Shrimps are lost.
                exposed = exposed | {item}
                partner = 1 - p
                deck = decks[partner]
                if deck:
                    index, rng = rng.below(len(deck))
                    deck = (*deck[:index], *deck[index + 1 :])
                    decks = (deck, decks[1]) if partner == BOATER else (decks[0], deck)
                    baddies = (*baddies[:dest], partner, *baddies[dest + 1 :])
                if shrimps < 2:
                    return _out_of_shrimps(state, dest, baddies, exposed, decks, rng)
                shrimps -= 2
        else:
            freed = freed | {dest}
            if len(freed) == CRABS_TO_FREE:
                return State(
                    state.seed,
                    rng,
                    beach,
                    state.layout,
                    state.forbidden,
                    exposed,
                    freed,
                    shrimps,
                    baddies,
                    snacks,
                    dest,
                    decks,
                    p,
                    None,
                    Termination.CRABS_FREED,
                )
    elif dest in snacks:
        # A Shrimp snack (a flipped shrimp card) gives one Shrimp back, once.
        snacks = snacks - {dest}
        shrimps = min(MAX_SHRIMPS, shrimps + 1)
    return _begin_turn(state, 1 - p, rng, exposed, freed, shrimps, baddies, snacks, dest, decks)


def _out_of_shrimps(
    state: State,
    token: Cell,
    baddies: tuple[Baddie, ...],
    exposed: frozenset[Item],
    decks: tuple[tuple[Row, ...], tuple[Row, ...]],
    rng: Rng,
) -> State:
    """Build the state of a move that owed more Shrimps than were left: lost, none left."""
    return State(
        state.seed,
        rng,
        state.beach,
        state.layout,
        state.forbidden,
        exposed,
        state.freed,
        0,
        baddies,
        state.snacks,
        token,
        decks,
        state.to_move,
        None,
        Termination.NO_SHRIMPS,
    )


def _begin_turn(
    state: State,
    player: PlayerId,
    rng: Rng,
    exposed: frozenset[Item],
    freed: frozenset[Cell],
    shrimps: int,
    baddies: tuple[Baddie, ...],
    snacks: frozenset[Cell],
    token: Cell,
    decks: tuple[tuple[Row, ...], tuple[Row, ...]],
) -> State:
    """Begin ``player``'s turn: reveal their top Baddie, or lose if they cannot.

    ``state`` gives the game's fixed parts (seed, beach, layout, Forbidden Items); the
    other arguments are the board as the last turn left it.
    """
    deck = decks[player]
    termination = None
    row: Row | None = None
    if not deck:
        # Decision 8: an empty deck at the start of a turn loses the game.
        termination = Termination.DECK_EMPTY
    else:
        index, rng = rng.below(len(deck))
        row = deck[index]
        deck = (*deck[:index], *deck[index + 1 :])
        decks = (deck, decks[1]) if player == BOATER else (decks[0], deck)
        items = state.layout.items
        if not any(items[c] < 0 and baddies[c] < 0 for c in ROW_CELLS[row]):
            termination = Termination.BADDIE_CANNOT_BE_PLACED
    return State(
        state.seed,
        rng,
        state.beach,
        state.layout,
        state.forbidden,
        exposed,
        freed,
        shrimps,
        baddies,
        snacks,
        token,
        decks,
        player,
        row,
        termination,
    )


def _check(state: State, action: object) -> None:
    """Raise the error that says why ``action`` is illegal in ``state``, if it is."""
    if state.termination is not None:
        raise GameOverError("the game is over", action=action)
    kind = type(action)
    if (
        kind not in (Place, Move, Stay)
        or type(action.player) is not int  # type: ignore[attr-defined]
        or (kind is not Stay and type(action.cell) is not int)  # type: ignore[attr-defined]
    ):
        raise IllegalActionError(
            "not an action of La Marche du Crabe",
            action=action,
            reason=IllegalReason.NOT_AN_ACTION,
        )
    if action.player != state.to_move:  # type: ignore[attr-defined]
        name = "Boater" if state.to_move == BOATER else "Sunny"
        raise NotYourTurnError(f"it is {name}'s turn", action=action)
    if action in legal_actions(state):
        return
    message, reason = _refusal(state, action)  # type: ignore[arg-type]
    raise IllegalActionError(message, action=action, reason=reason)


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
        if row_of(cell) != state.revealed:
            return f"this Baddie goes in row {state.revealed}", IllegalReason.WRONG_ROW
        return (
            "a Baddie may not go on an Item, another Baddie or a Freed Crab",
            IllegalReason.CARD_TAKEN,
        )
    token = state.token
    in_line = (
        column_of(cell) == column_of(token)
        if state.to_move == BOATER
        else (row_of(cell) == row_of(token))
    )
    if not in_line or cell == token:
        line = "column" if state.to_move == BOATER else "row"
        return f"the Crabs move along the token's {line}, at least one card", (
            IllegalReason.NOT_IN_LINE
        )
    if Icon.WAVE in state.beach.flip and cell in _waves(state.layout):
        return "the Crabs may not stop on a breaking wave", IllegalReason.WAVE
    return "on this beach a move goes at most 2 cards", IllegalReason.TOO_FAR
